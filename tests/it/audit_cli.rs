//! `zweibrett audit` (Appendix D.2.9) driven as an arbiter would: PGN
//! scores with clock readings, plain move lists in mixed notations, boards
//! as FEN or piece lists, and unreadable input.

use crate::common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

fn zweibrett() -> Command {
    common::without_user_data()
}

/// A fresh directory for one test's files.
fn dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zweibrett-audit-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn run(args: &[&str]) -> (i32, String, String) {
    let output = zweibrett().arg("audit").args(args).output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    serde_json::from_str(&out).unwrap()
}

const WHITE_PGN: &str = "[Event \"Club\"]\n[White \"Ana\"]\n[Black \"Bea\"]\n\n\
    1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Nf3 {[%clk 1:29:00]} Nc6 {[%clk 1:28:10]} \
    3. Bb5 {[%clk 1:28:00]} (3. Bc4 Bc5) a6 {[%clk 1:27:00]} 4. Ba4 {[%clk 1:02:03]} *\n";

#[test]
fn pgn_scores_with_clocks_that_differ_retract_and_set_the_clocks() {
    let d = dir("pgn");
    let white = write(&d, "white.pgn", WHITE_PGN);
    // Black's score lost White's third move.
    let black = write(
        &d,
        "black.pgn",
        "1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Nf3 Nc6 {[%clk 1:28:10]} 3. a6 Ba4 *\n",
    );
    let v = json(&[&white, &black]);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "case",
            "agreed_plies",
            "fen",
            "to_move",
            "adjust",
            "retract",
            "clocks"
        ]
    );
    assert_eq!(v["case"], "scores");
    assert_eq!(v["agreed_plies"], 4);
    assert_eq!(
        v["fen"],
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    );
    assert_eq!(v["to_move"], "white");
    assert_eq!(
        v["retract"]["white"],
        serde_json::json!(["Bb5", "a6", "Ba4"])
    );
    assert_eq!(v["retract"]["black"], serde_json::json!(["a6", "Ba4"]));
    assert_eq!(
        v["clocks"],
        serde_json::json!({"white": "1:29:00", "black": "1:28:10"})
    );
    let (code, out, _) = run(&[&white, &black, "--voice", "en"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Black's score leaves out White's move 3, Bishop Bella five"),
        "{out}"
    );
    assert!(
        out.contains(
            "White one hour twenty-nine minutes, Black one hour twenty-eight minutes ten seconds"
        ),
        "{out}"
    );
}

#[test]
fn plain_lists_in_mixed_notations_and_a_wrongly_made_board() {
    let d = dir("plain");
    // German SAN, Appendix D words, UCI and long algebraic in one score.
    let white = write(
        &d,
        "white.txt",
        "1. Eva vier e7e5 2. Sg1-f3 Springer Cesar sechs 3. f1b5 a6\n",
    );
    let black = write(&d, "black.txt", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a7a6\n");
    // On Black's board Black's second move was made as Nf6.
    let board = write(
        &d,
        "black-board.txt",
        "Weiß: König Eva eins, Dame David eins, Turm Anna eins Hector eins, Läufer Cesar eins Bella fünf, \
         Springer Bella eins Felix drei, Bauer Anna zwei Bella zwei Cesar zwei David zwei Eva vier Felix zwei Gustav zwei Hector zwei; \
         Schwarz: König Eva acht, Dame David acht, Turm Anna acht Hector acht, Läufer Cesar acht Felix acht, \
         Springer Bella acht Felix sechs, Bauer Anna sechs Bella sieben Cesar sieben David sieben Eva fünf Felix sieben Gustav sieben Hector sieben",
    );
    let start_fen_after = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    let v = json(&[
        &white,
        &black,
        "--white-board",
        start_fen_after,
        "--black-board",
        &board,
    ]);
    assert_eq!(v["case"], "boards");
    assert_eq!(v["agreed_plies"], 6);
    assert_eq!(v["adjust"]["white"], serde_json::json!([]));
    assert_eq!(
        v["adjust"]["black"],
        serde_json::json!([
            {"square": "c6", "now": null, "should": "n"},
            {"square": "f6", "now": "n", "should": null},
            {"square": "b8", "now": "n", "should": null},
            {"square": "g8", "now": null, "should": "n"},
        ])
    );
    assert_eq!(v["clocks"], Value::Null);
    let (code, out, _) = run(&[&white, &black, "--black-board", &board]);
    assert_eq!(code, 0);
    assert!(
        out.contains("auf dem Brett von Schwarz wurde im 2. Zug von Schwarz Springer Felix sechs ausgeführt; die Partieformulare haben Springer Cesar sechs"),
        "{out}"
    );
    assert!(out.contains("der Schiedsrichter stellt die Uhren"), "{out}");
}

#[test]
fn agreeing_scores_and_boards() {
    let d = dir("agree");
    let white = write(&d, "w.pgn", WHITE_PGN);
    let black = write(&d, "b.txt", "e4 e5 Nf3 Nc6 Bb5 a6 Ba4");
    let fen = "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4";
    let v = json(&[&white, &black, "--white-board", fen, "--black-board", fen]);
    assert_eq!(v["case"], "agree");
    assert_eq!(v["agreed_plies"], 7);
    assert_eq!(v["to_move"], "black");
    assert_eq!(
        v["clocks"],
        serde_json::json!({"white": "1:02:03", "black": "1:27:00"})
    );
    let (_, out, _) = run(&[
        &white,
        &black,
        "--white-board",
        fen,
        "--black-board",
        fen,
        "--voice",
        "pt",
    ]);
    assert!(
        out.contains("Os dois tabuleiros mostram a posição certa"),
        "{out}"
    );
}

#[test]
fn an_unreadable_move_names_the_file_and_the_move() {
    let d = dir("unreadable");
    let white = write(&d, "white.txt", "1. e4 e5 2. Nf3 Nc6");
    let black = write(&d, "black.txt", "1. e4 e5 2. Nf3 Blumenkohl");
    let (code, out, err) = run(&[&white, &black]);
    assert_eq!(code, 1, "{out}");
    assert!(
        err.contains("black.txt") && err.contains("Blumenkohl"),
        "{err}"
    );
    assert!(err.contains("move 2..."), "{err}");
    assert!(out.is_empty());
}

#[test]
fn an_illegal_written_move_is_part_of_the_ruling() {
    let d = dir("illegal");
    let white = write(&d, "white.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n");
    let black = write(&d, "black.txt", "1. e4 e5 2. Nf3 Nc6");
    let (code, out, _) = run(&[&white, &black, "--voice", "en"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("On White's score, White's move 2, King Eva three, cannot be played"),
        "{out}"
    );
    let v = json(&[&white, &black]);
    assert_eq!(v["retract"]["white"], serde_json::json!(["Ke3", "Nc6"]));
}

#[test]
fn unreadable_files_and_boards_exit_one_and_usage_errors_two() {
    let d = dir("files");
    let white = write(&d, "white.txt", "e4");
    let (code, _, err) = run(&[&white, "/nonexistent/black.pgn"]);
    assert_eq!(code, 1);
    assert!(err.contains("/nonexistent/black.pgn"), "{err}");
    let (code, _, err) = run(&[&white, &white, "--white-board", "Weiß: Drache Gustav eins"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("--white-board") && err.contains("Drache"),
        "{err}"
    );
    let (code, _, _) = run(&[&white]);
    assert_eq!(code, 2);
    let (code, _, err) = run(&[&white, &white, "--voice", "klingon"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn every_move_after_one_that_cannot_be_played_is_struck_with_its_signs() {
    let d = dir("rest");
    // White's plain list has a king move that blocks the queen; every move
    // after it is still on White's score and is struck as written.
    let white = write(
        &d,
        "white.txt",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Ke7 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3#",
    );
    let black = write(
        &d,
        "black.txt",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O",
    );
    let v = json(&[&white, &black]);
    assert_eq!(v["agreed_plies"], 4);
    assert_eq!(
        v["retract"]["white"],
        serde_json::json!([
            "Bc4", "Ke7", "Nxe5", "Qg5", "Nxf7", "Qxg2", "Rf1", "Qxe4+", "Be2", "Nf3#"
        ])
    );
    assert_eq!(
        v["retract"]["black"],
        serde_json::json!([
            "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O"
        ])
    );
    let (code, out, _) = run(&[&white, &black, "--voice", "en"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Struck from White's score: Bishop Cesar four, King Eva seven, Knight takes Eva five, Queen Gustav five, Knight takes Felix seven,"),
        "{out}"
    );
    assert!(
        out.contains("Queen Gustav five, Knight takes Felix seven, Queen takes Gustav two, Rook Felix one, Queen takes Eva four check, Bishop Eva two and Knight Felix three checkmate."),
        "{out}"
    );
}

const FROM_POSITION: &str = "[Event \"Adjourned\"]\n[SetUp \"1\"]\n\
    [FEN \"r3k2r/pp3ppp/2n1b3/8/8/2N1B3/PP3PPP/R3K2R w KQkq - 4 15\"]\n\n";

#[test]
fn pgn_scores_from_a_position_are_audited_from_it() {
    let d = dir("fen");
    let white = write(
        &d,
        "white.pgn",
        &format!("{FROM_POSITION}15. O-O-O O-O 16. Rd7 Rad8 17. Rxb7 *\n"),
    );
    let black = write(
        &d,
        "black.pgn",
        &format!("{FROM_POSITION}15. O-O-O O-O 16. Bc5 Rad8 *\n"),
    );
    let v = json(&[&white, &black]);
    assert_eq!(v["agreed_plies"], 2);
    assert_eq!(
        v["fen"],
        "r4rk1/pp3ppp/2n1b3/8/8/2N1B3/PP3PPP/2KR3R w - - 6 16"
    );
    assert_eq!(
        v["retract"]["white"],
        serde_json::json!(["Rd7", "Rad8", "Rxb7"])
    );
    let (_, out, _) = run(&[&white, &black, "--voice", "en"]);
    assert!(out.contains("agree only up to Black's move 15"), "{out}");
    // A plain list beside it is read from the same position.
    let plain = write(&d, "black.txt", "15. O-O-O O-O 16. Bc5");
    let v = json(&[&white, &plain]);
    assert_eq!(v["agreed_plies"], 2);
    // Two PGN scores that start apart are refused, naming both.
    let other = write(&d, "other.pgn", "[Event \"x\"]\n\n1. e4 e5 *\n");
    let (code, _, err) = run(&[&white, &other]);
    assert_eq!(code, 1);
    assert!(
        err.contains("white.pgn")
            && err.contains("other.pgn")
            && err.contains("different positions"),
        "{err}"
    );
}

#[test]
fn chess960_scores_castle_on_their_own_rights() {
    let d = dir("960");
    let tags = "[Event \"960\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
        [FEN \"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1\"]\n\n";
    let white = write(
        &d,
        "white.pgn",
        &format!("{tags}1. O-O O-O 2. d4 d5 3. Kh1 *\n"),
    );
    // Black's score leaves out Black's castling.
    let black = write(
        &d,
        "black.pgn",
        &format!("{tags}1. O-O 1... d4 2. d5 Kh1 *\n"),
    );
    let (code, out, err) = run(&[&white, &black, "--voice", "en"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Cause: Black's score leaves out Black's move 1, castles short."),
        "{out}"
    );
}

#[test]
fn a_skipped_move_in_a_master_game_is_the_cause_in_every_pack() {
    let d = dir("opera");
    let game = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 \
        7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 \
        13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0";
    let white = write(&d, "white.pgn", &format!("[Event \"x\"]\n\n{game}\n"));
    // Black's score leaves out Black's 12th move; every move after it is
    // one half-move early.
    let skipped = game.replace("12. O-O-O Rd8 13. Rxd7", "12. O-O-O 13. Rxd7");
    let black = write(&d, "black.pgn", &format!("[Event \"x\"]\n\n{skipped}\n"));
    for (voice, cause, struck) in [
        (
            "en",
            "Cause: Black's score leaves out Black's move 12, Rook David eight.",
            "Knight takes Bella eight and Rook David eight checkmate.",
        ),
        (
            "fide",
            "Ursache: im Partieformular von Schwarz fehlt der 12. Zug von Schwarz, Turm David acht.",
            "Springer schlägt Bella acht und Turm David acht Schachmatt.",
        ),
        (
            "pt",
            "Causa: na planilha das Pretas falta o lance 12 das Pretas, Turm David acht.",
            "Springer schlägt Bella acht e Turm David acht Schachmatt.",
        ),
        (
            "es",
            "Causa: en la planilla de las Negras falta la jugada 12 de las Negras, Turm David acht.",
            "Springer schlägt Bello acht y Turm David acht Schachmatt.",
        ),
    ] {
        let (code, out, err) = run(&[&white, &black, "--voice", voice]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(cause), "{voice}: {out}");
        assert!(out.contains(struck), "{voice}: {out}");
    }
    let v = json(&[&white, &black]);
    assert_eq!(v["agreed_plies"], 23);
    assert_eq!(
        v["retract"]["black"],
        serde_json::json!([
            "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#"
        ])
    );
}
