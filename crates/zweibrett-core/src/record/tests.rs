//! The journal's format without files: lines read and written, a torn last
//! line, a version not known, and replay that refuses a text read today as
//! another move than the one recorded.

use std::path::Path;
use std::time::SystemTime;

use shakmaty::Position;

use super::journal::{self, JournalError, entry_line, header_line, read, replay_with};
use crate::clock::Instant;
use crate::game::{Command, Game, Press, Repetition, Setup};
use crate::notation::VoicePack;

fn setup() -> Setup {
    Setup {
        time: "600".into(),
        repetition: Repetition::Off,
        press: Press::Auto,
        ..Setup::default()
    }
}

/// The journal of `moves`, each as read by the game, one a second.
fn recorded(moves: &[&str]) -> String {
    recorded_in(&setup(), moves).0
}

/// The journal of `moves` in a game of `setup`, with the game after them.
fn recorded_in(setup: &Setup, moves: &[&str]) -> (String, Game) {
    let mut game = Game::new(setup.clone(), VoicePack::fide()).unwrap();
    let mut text = header_line(setup, SystemTime::now()) + "\n";
    for (i, m) in moves.iter().enumerate() {
        let command = Command::Move(m.to_string());
        let at = Instant::from_secs(i as u64 + 1);
        let uci = game.reads_as(&command);
        text += &entry_line(at, &command, uci, SystemTime::now(), None);
        text.push('\n');
        game.apply(&command, at);
    }
    (text, game)
}

fn path() -> &'static Path {
    Path::new("game.jsonl")
}

#[test]
fn a_journal_records_each_move_as_read_and_replays_it() {
    let text = recorded(&["e4", "Springer Cäsar sechs", "Nf3"]);
    assert!(
        text.contains(r#""cmd":{"move":"e4"},"uci":"e2e4""#),
        "{text}"
    );
    let loaded = read(text.as_bytes(), path()).unwrap();
    assert_eq!(loaded.header.journal, journal::VERSION);
    assert_eq!(loaded.entries[1].uci.as_deref(), Some("b8c6"));
    let game = replay_with(path(), &loaded, VoicePack::fide()).unwrap();
    let sans: Vec<&str> = game.moves().iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, ["e4", "Nc6", "Nf3"]);
    assert_eq!(journal::last_instant(&loaded), Instant::from_secs(3));
}

#[test]
fn a_text_read_today_as_another_move_is_refused_with_its_line() {
    let text = recorded(&["e4", "e5", "Nf3"]).replace(r#""uci":"g1f3""#, r#""uci":"g1h3""#);
    let loaded = read(text.as_bytes(), path()).unwrap();
    match replay_with(path(), &loaded, VoicePack::fide()) {
        Err(JournalError::Misread {
            line,
            text,
            recorded,
            now,
            ..
        }) => {
            assert_eq!(line, 4);
            assert_eq!(text, "Nf3");
            assert_eq!(recorded.as_deref(), Some("g1h3"));
            assert_eq!(now.as_deref(), Some("g1f3"));
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a different game was rebuilt"),
    }
}

#[test]
fn a_move_that_cannot_be_played_there_is_blamed_on_the_journal_not_the_reader() {
    let text = recorded(&["e4", "e5", "Nf3"]).replace(r#""uci":"g1f3""#, r#""uci":"g1g4""#);
    let loaded = read(text.as_bytes(), path()).unwrap();
    match replay_with(path(), &loaded, VoicePack::builtin("en")) {
        Err(e @ JournalError::Illegal { .. }) => {
            let said = e.say(&VoicePack::builtin("en"));
            assert!(
                said.ends_with(
                    "line 4: the move g1g4 (\"Nf3\") cannot be played in the position there; \
                     the journal was changed after the game was recorded, and the game is not rebuilt"
                ),
                "{said}"
            );
            assert!(!said.contains("reader"), "{said}");
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a game with an impossible move was rebuilt"),
    }
}

#[test]
fn a_journal_of_text_only_replays_as_read_today() {
    let text = recorded(&["e4", "e5"])
        .replace("{\"journal\":2,", "{\"journal\":1,")
        .replace(r#","uci":"e2e4""#, "")
        .replace(r#","uci":"e7e5""#, "");
    assert!(!text.contains("uci"));
    let loaded = read(text.as_bytes(), path()).unwrap();
    let game = replay_with(path(), &loaded, VoicePack::fide()).unwrap();
    assert_eq!(game.moves().len(), 2);
}

#[test]
fn a_torn_last_line_is_dropped_and_other_faults_name_their_line() {
    let text = recorded(&["e4"]);
    let torn = format!("{text}{{\"t_ms\":15000,\"wall");
    let loaded = read(torn.as_bytes(), path()).unwrap();
    assert!(loaded.torn);
    assert_eq!(loaded.entries.len(), 1);
    assert_eq!(loaded.valid_len, text.len() as u64);
    let bad = text.replace("{\"journal\":2,", "{\"journal\":9,");
    assert!(matches!(
        read(bad.as_bytes(), path()),
        Err(JournalError::Corrupt { line: 1, .. })
    ));
    let bad = format!("{text}oops\n{text}");
    assert!(matches!(
        read(bad.as_bytes(), path()),
        Err(JournalError::Corrupt { line: 3, .. })
    ));
    assert!(matches!(
        read(b"", path()),
        Err(JournalError::Corrupt { line: 1, .. })
    ));
}

/// A Chess960 game (Guidelines II) from its FEN, castling both ways.
fn chess960_setup() -> Setup {
    Setup {
        fen: Some("1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1".into()),
        ..setup()
    }
}

#[test]
fn chess960_castling_round_trips_through_the_journal() {
    let (text, game) = recorded_in(&chess960_setup(), &["Kg1", "Rd8"]);
    // The king onto its own rook, as UCI writes Chess960 castling.
    assert!(text.contains(r#""uci":"d1g1""#), "{text}");
    assert!(text.contains(r#""uci":"d8b8""#), "{text}");
    let loaded = read(text.as_bytes(), path()).unwrap();
    let replayed = replay_with(path(), &loaded, VoicePack::fide()).unwrap();
    assert!(replayed.is_chess960());
    assert_eq!(replayed.position(), game.position());
    let sans: Vec<&str> = replayed.moves().iter().map(|p| p.san.as_str()).collect();
    assert_eq!(sans, ["O-O", "O-O-O"]);
}

#[test]
fn a_journal_without_the_chess960_field_loads_as_standard_chess() {
    let text = header_line(&setup(), SystemTime::now());
    assert!(!text.contains("chess960"), "{text}");
    let set = header_line(
        &Setup {
            chess960: true,
            ..setup()
        },
        SystemTime::now(),
    );
    assert!(set.contains(r#""chess960":true"#), "{set}");
    let loaded = read(format!("{set}\n").as_bytes(), path()).unwrap();
    assert!(loaded.header.setup.chess960);
}

#[test]
fn a_chess960_pgn_is_read_with_its_castling_in_every_spelling() {
    use super::pgn_game::{Game as PgnGame, is_chess960_variant};
    for variant in [
        "Chess960",
        "chess 960",
        "Fischerandom",
        "Fischer Random",
        "chess960",
    ] {
        assert!(is_chess960_variant(variant), "{variant}");
        let text = format!(
            "[Variant \"{variant}\"]\n[SetUp \"1\"]\n\
             [FEN \"bnrkqrnb/pppppppp/8/8/8/8/PPPPPPPP/BNRKQRNB w KQkq - 0 1\"]\n\n\
             1. g3 g6 2. Nf3 Nf6 3. b3 b6 4. Nc3 Nc6 5. e4 e5 6. Qe2 Qe7 7. O-O O-O-O *\n"
        );
        let game = PgnGame::parse(&text, 1).unwrap();
        assert_eq!(
            game.start.castles().mode(),
            shakmaty::CastlingMode::Chess960
        );
        let castles: Vec<shakmaty::Move> = game.moves[12..].iter().map(|n| n.m).collect();
        assert_eq!(
            castles,
            [
                shakmaty::Move::Castle {
                    king: shakmaty::Square::D1,
                    rook: shakmaty::Square::F1
                },
                shakmaty::Move::Castle {
                    king: shakmaty::Square::D8,
                    rook: shakmaty::Square::C8
                }
            ]
        );
    }
    assert!(!is_chess960_variant("Standard"));
    // Untagged, Shredder-FEN castling rights only Chess960 can have.
    let text = "[FEN \"bnrkqrnb/pppppppp/8/8/8/8/PPPPPPPP/BNRKQRNB w CFcf - 0 1\"]\n\n\
                1. g3 g6 2. Nf3 Nf6 3. b3 b6 4. Nc3 Nc6 5. e4 e5 6. Qe2 Qe7 7. O-O *\n";
    let game = PgnGame::parse(text, 1).unwrap();
    assert!(game.moves[12].m.is_castle());
}

#[test]
fn results_glyphs_and_null_moves_are_known_in_every_spelling() {
    use super::pgn_text::{glyphs, is_null_move, result_token};
    for (written, standard) in [
        ("1-0", "1-0"),
        ("1–0", "1-0"),
        ("0—1", "0-1"),
        ("½-½", "1/2-1/2"),
        ("½–½", "1/2-1/2"),
        ("1/2-1/2", "1/2-1/2"),
        ("*", "*"),
    ] {
        assert_eq!(result_token(written), Some(standard), "{written}");
    }
    assert_eq!(result_token("0-0"), None);
    assert_eq!(glyphs("!⩲"), Some(vec![1, 14]));
    assert_eq!(glyphs("+−"), Some(vec![18]));
    assert_eq!(glyphs("?!"), Some(vec![6]));
    assert_eq!(glyphs("∞"), Some(vec![13]));
    assert_eq!(glyphs("e4"), None);
    assert!(["--", "Z0", "0000", "@@@@"].into_iter().all(is_null_move));
    assert!(!is_null_move("0-0"));
}

#[test]
fn a_stray_closing_brace_is_reported_not_looped_on() {
    use super::pgn_game::Game as PgnGame;
    let e = PgnGame::parse("1. e4 } e5 *", 1).unwrap_err();
    assert_eq!(e.to_string(), "line 1: unreadable move }");
    let e = PgnGame::parse("1. e4 e5 %x *", 1).unwrap_err();
    assert_eq!(e.to_string(), "line 1: unreadable move %x");
}

#[test]
fn a_national_score_is_read_in_the_letters_it_shows() {
    use super::pgn_game::Game as PgnGame;
    use super::pgn_read::read_pgn;
    // Spanish: from "Cf3" on, R is the king (rey), not the rook.
    let text = "1. e4 e5 2. Cf3 Cc6 3. Ac4 Ac5 4. Re2 Rf8 *";
    let game = PgnGame::parse(text, 1).unwrap();
    assert!(
        game.moves[6..]
            .iter()
            .all(|n| n.m.role() == shakmaty::Role::King)
    );
    let sans: Vec<&str> = game.moves.iter().map(|n| n.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Ke2", "Kf8"]);
    // The audit's reader keeps the same moves in standard SAN.
    let score = read_pgn(text).unwrap().unwrap();
    let written: Vec<&str> = score.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(written, sans);
}

#[test]
fn an_r_read_as_the_rook_before_the_letters_were_known_is_read_again_as_the_king() {
    use super::pgn_game::Game as PgnGame;
    use super::pgn_read::read_pgn;
    // Rd1 is a rook move in English and a king move in Portuguese; Cf3
    // shows the letters, and the game is read again in them.
    let text = "[FEN \"r3k1n1/8/8/8/8/8/8/R3K1N1 w - - 0 1\"]\n\n1. Rd1 Rd8 2. Cf3 Cf6 *";
    let game = PgnGame::parse(text, 1).unwrap();
    let sans: Vec<&str> = game.moves.iter().map(|n| n.san.as_str()).collect();
    assert_eq!(sans, ["Kd1", "Kd8", "Nf3", "Nf6"]);
    let score = read_pgn(text).unwrap().unwrap();
    let written: Vec<&str> = score.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(written, sans);
    // In an English game, R stays the rook.
    let text = "[FEN \"r3k1n1/8/8/8/8/8/8/R3K1N1 w - - 0 1\"]\n\n1. Rd1 Rd8 2. Nf3 Nf6 *";
    let game = PgnGame::parse(text, 1).unwrap();
    assert_eq!(game.moves[0].m.role(), shakmaty::Role::Rook);
}

#[test]
fn time_beyond_its_bound_in_a_journal_stops_the_replay_at_its_line() {
    for (command, said) in [
        (
            Command::AddTime {
                side: crate::game::Side::White,
                seconds: i64::MAX,
            },
            "9223372036854775807 Sekunden auf einmal hinzugefügt",
        ),
        (
            Command::AddTime {
                side: crate::game::Side::Black,
                seconds: i64::MIN,
            },
            "-9223372036854775808 Sekunden auf einmal hinzugefügt",
        ),
        (
            Command::SetTime {
                side: crate::game::Side::Black,
                seconds: 360_001,
            },
            "eine Uhr auf 360001 Sekunden gestellt",
        ),
    ] {
        let mut text = recorded(&["e4", "e5"]);
        text += &entry_line(
            Instant::from_secs(3),
            &command,
            None,
            SystemTime::now(),
            None,
        );
        text.push('\n');
        let loaded = read(text.as_bytes(), path()).unwrap();
        let err = replay_with(path(), &loaded, VoicePack::fide())
            .err()
            .expect("the replay stops");
        assert!(
            matches!(err, JournalError::Corrupt { line: 4, .. }),
            "{err}"
        );
        // Said in the pack's words, with the file and line.
        assert!(
            err.say(&VoicePack::fide())
                .starts_with(&format!("game.jsonl, Zeile 4: {said}")),
            "{err}"
        );
    }
}

/// A game of `plies` knight moves to and fro, legal all through.
fn knights(plies: usize) -> String {
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::from("[Event \"Long\"]\n\n");
    for ply in 0..plies {
        if ply % 2 == 0 {
            text += &format!("{}. ", ply / 2 + 1);
        }
        text += cycle[ply % 4];
        text.push(if ply % 16 == 15 { '\n' } else { ' ' });
    }
    text + "*\n"
}

#[test]
fn a_game_beyond_the_bounds_is_refused_naming_the_bound() {
    use super::pgn_game::{Game as PgnGame, GameProblem, MOST_GAME_BYTES, MOST_GAME_MOVES};
    use super::pgn_read::read_pgn;
    let at_most = knights(MOST_GAME_MOVES);
    assert_eq!(
        PgnGame::parse(&at_most, 1).unwrap().moves.len(),
        MOST_GAME_MOVES
    );
    let beyond = knights(MOST_GAME_MOVES + 1);
    let err = PgnGame::parse(&beyond, 1).unwrap_err();
    assert_eq!(
        err.problem,
        GameProblem::TooManyMoves {
            most: MOST_GAME_MOVES
        }
    );
    assert!(
        err.to_string().contains("more than 100000 half-moves"),
        "{err}"
    );
    let err = read_pgn(&beyond).unwrap_err();
    assert!(
        err.to_string().contains("more than 100000 half-moves"),
        "{err}"
    );
    let comment = format!(
        "[Event \"Comment\"]\n\n1. e4 {{{}}} e5 *\n",
        "x".repeat(MOST_GAME_BYTES as usize)
    );
    let err = PgnGame::parse(&comment, 7).unwrap_err();
    assert_eq!(err.line, 7);
    assert!(
        matches!(err.problem, GameProblem::TextTooLong { most, .. } if most == MOST_GAME_BYTES),
        "{err}"
    );
}
