//! `zweibrett say` over whole games written in SAN, in every pack, and the
//! reader's promise that a capital piece letter is a piece: on the command
//! line and in a game.

use std::path::PathBuf;

use assert_cmd::Command;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Position, Role};
use zweibrett_core::notation::{Form, VoicePack, say};

use crate::common;

use common::plain::{data_dir, zweibrett as plain_zweibrett};

const PACKS: [&str; 4] = ["en", "fide", "pt", "es"];

fn zweibrett() -> Command {
    common::without_user_data()
}

/// The games of the data file: a name and the moves in SAN.
fn games() -> Vec<(String, Vec<String>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/say_games.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut games = Vec::new();
    let mut name = String::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix("# ") {
            name = comment.to_string();
        } else if !line.trim().is_empty() {
            let moves = line.split_whitespace().map(str::to_string).collect();
            games.push((name.clone(), moves));
        }
    }
    games
}

/// What `say` must print for `moves` from `start`: each move as SAN reads
/// it, in the pack's words.
fn expected(pack: &VoicePack, start: &Chess, moves: &[String]) -> String {
    let mut position = start.clone();
    let mut out = String::new();
    for text in moves {
        let san: San = text.trim_end_matches(['+', '#']).parse().unwrap();
        let m = san.to_move(&position).unwrap();
        out.push_str(&say(pack, &position, m, Form::Short));
        out.push('\n');
        position.play_unchecked(m);
    }
    out
}

/// The kinds of move the games hold that SAN readers get wrong.
fn kinds(games: &[(String, Vec<String>)]) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    for (_, moves) in games {
        let mut position = Chess::default();
        for text in moves {
            let san: San = text.trim_end_matches(['+', '#']).parse().unwrap();
            let m = san.to_move(&position).unwrap();
            let mut found = Vec::new();
            if m.is_en_passant() {
                found.push("en passant");
            }
            if let San::Normal {
                role, file, rank, ..
            } = san
            {
                if role != Role::Pawn && file.is_some() {
                    found.push("told apart by file");
                }
                if rank.is_some() {
                    found.push("told apart by rank");
                }
                let king_too = position
                    .legal_moves()
                    .iter()
                    .any(|k| k.role() == Role::King && k.to() == m.to());
                if role == Role::Rook && king_too {
                    found.push("rook where the king could go");
                }
            }
            for kind in found {
                if !kinds.contains(&kind) {
                    kinds.push(kind);
                }
            }
            position.play_unchecked(m);
        }
    }
    kinds
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

#[test]
fn say_reads_every_move_of_whole_games_in_every_pack() {
    let games = games();
    assert_eq!(games.len(), 5);
    let all: Vec<&String> = games.iter().flat_map(|(_, moves)| moves).collect();
    // What the games hold, so that the test keeps covering it.
    for sign in ["O-O", "O-O-O", "=Q+", "=R+", "#", "x"] {
        assert!(all.iter().any(|m| m.contains(sign)), "no {sign}");
    }
    let held = kinds(&games);
    for kind in [
        "en passant",
        "told apart by file",
        "told apart by rank",
        "rook where the king could go",
    ] {
        assert!(held.contains(&kind), "no {kind}: {held:?}");
    }
    for pack_id in PACKS {
        let pack = VoicePack::builtin(pack_id);
        for (name, moves) in &games {
            let out = zweibrett()
                .args(["say", "--voice", pack_id])
                .args(moves)
                .assert()
                .success();
            let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
            assert_eq!(
                stdout,
                expected(&pack, &Chess::default(), moves),
                "{name} with {pack_id}"
            );
        }
    }
}

#[test]
fn say_reads_r_as_the_rook_even_where_r_is_also_the_king() {
    // The rook a1 and the king d1 can both go to c1; SAN's R is the rook.
    let fen = "4k3/8/8/8/8/8/8/R2K4 w - - 0 1";
    for pack_id in PACKS {
        let pack = VoicePack::builtin(pack_id);
        let moves = ["Rc1".to_string(), "Kd7".to_string(), "Rc8".to_string()];
        let out = zweibrett()
            .args(["say", "--voice", pack_id, "--fen", fen])
            .args(&moves)
            .assert()
            .success();
        let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert_eq!(stdout, expected(&pack, &position(fen), &moves), "{pack_id}");
    }
    // A move SAN cannot play goes to the typed reader: with pt, R is then
    // the king (rei) where only the king can move.
    let out = zweibrett()
        .args(["say", "--voice", "pt", "--fen", fen, "Re2"])
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let pt = VoicePack::builtin("pt");
    let start = position(fen);
    let king = San::from_ascii(b"Ke2").unwrap().to_move(&start).unwrap();
    assert_eq!(stdout, format!("{}\n", say(&pt, &start, king, Form::Short)));
}

#[test]
fn say_reads_the_pack_s_own_letters_when_the_argument_is_no_san() {
    let out = zweibrett()
        .args(["say", "--voice", "fide", "e4", "e5", "Sf3", "Sc6", "Lb5"])
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        stdout,
        "Eva vier\nEva fünf\nSpringer Felix drei\nSpringer Cesar sechs\nLäufer Bella fünf\n"
    );
    // S is no piece letter in English.
    zweibrett()
        .args(["say", "--voice", "en", "e4", "e5", "Sf3"])
        .assert()
        .code(1);
}

#[test]
fn a_capital_b_is_the_bishop_and_never_the_b_pawn() {
    for pack_id in PACKS {
        let out = zweibrett()
            .args(["parse", "--json", "--voice", pack_id, "Bb3"])
            .assert()
            .code(1);
        let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(
            stdout.starts_with("{\"status\":\"illegal\""),
            "{pack_id}: {stdout}"
        );
    }
    let assert = zweibrett()
        .args([
            "say", "--voice", "en", "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Bb4",
        ])
        .assert()
        .code(1);
    let stdout = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(stdout.lines().count(), 6, "{stdout}");
    assert!(stderr.contains("Bishop Bella four"), "{stderr}");
}

#[test]
fn in_a_game_bb4_is_a_bishop_that_cannot_go_there() {
    let d = data_dir("letters", "bb4");
    let out = plain_zweibrett(&d)
        .args(["play", "--voice", "en"])
        .write_stdin("e4\ne5\nNf3\nNc6\nBc4\nBc5\nBb4\nquit\n")
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("announced: 3... Bc5"), "{stdout}");
    assert!(!stdout.contains("announced: 4. b4"), "{stdout}");
    assert!(stdout.contains("Bishop Bella four"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}
