//! What an arbiter checks before approving the program for a rated game,
//! typed in plain mode as the people at the table would: no question
//! that computes chess during a rated game in any pack (11.3.1), and the
//! touch-move rule as Article 4 and D.2.2 have it.

use crate::common;

use std::path::Path;

use common::plain::{data_dir, fed, has, holds, journal_of};

/// The questions of a game that a scoresheet and the player's own board
/// cannot answer, typed after 1. e4 e5 in English words, which every pack
/// reads. (The pawn structure and the position with its castling rights
/// are questions of going through games only.)
const COMPUTING: [&str; 2] = ["attackers e5", "moves g8"];

/// What a scoresheet and the player's own board give.
const ALLOWED: [&str; 8] = [
    "square e4",
    "rank 2",
    "file e",
    "diagonal a1 h8",
    "pieces",
    "material",
    "last",
    "score",
];

/// Each pack's refusal, whole, as the arbiter reads it (11.3.1).
fn refusal(voice: &str) -> &'static str {
    match voice {
        "en" => {
            "Not during a rated game: the device gives only what the score and your own board give (11.3.1)."
        }
        "fide" => {
            "Nicht in einer gewerteten Partie: das Gerät gibt nur, was Partieformular und eigenes Brett zeigen (11.3.1)."
        }
        "es" => {
            "No en una partida oficial: el dispositivo da solo lo que dan la planilla y el propio tablero (11.3.1)."
        }
        "pt" => {
            "Não numa partida oficial: o dispositivo dá só o que dão a planilha e o próprio tabuleiro (11.3.1)."
        }
        other => panic!("no refusal for {other}"),
    }
}

/// The player alone types 1. e4 e5, then `asked`, in `voice`'s game, then
/// reads the whole help, part after part.
fn asked(data: &Path, voice: &str, args: &[&str], asked: &[&str]) -> String {
    let whole_help = format!("help\n{}", "more\n".repeat(20));
    let input = format!("e4\ne5\n{}\n{whole_help}quit\n", asked.join("\n"));
    let mut all = vec!["play", "--role", "player", "--voice", voice];
    all.extend_from_slice(args);
    fed(data, &all, input)
}

#[test]
fn art_11_3_1_a_rated_game_refuses_every_question_that_computes_chess_in_every_pack() {
    for voice in ["en", "fide", "es", "pt"] {
        let d = data_dir("rated", voice);
        let out = asked(&d, voice, &[], &COMPUTING);
        let refused = format!("answer: {}", refusal(voice));
        let times = out.lines().filter(|l| *l == refused).count();
        assert_eq!(times, COMPUTING.len(), "{voice}: each refused once:\n{out}");
        // Nothing of the answers slipped through: no legal move, no
        // attacker, no castling right.
        let out_lower = out.to_lowercase();
        for computed in [
            "attacked by",
            "defended by",
            "castling",
            "isolated",
            "passed",
        ] {
            assert!(
                !out_lower.contains(computed),
                "{voice}: «{computed}» in:\n{out}"
            );
        }
        // Help lists neither question.
        let help: Vec<&str> = out.lines().filter(|l| l.starts_with("help:")).collect();
        assert!(!help.is_empty(), "{voice}: no help:\n{out}");
        for line in &help {
            assert!(!line.contains("attackers"), "{voice}: {line}");
        }
        // The journal and the PGN keep that the game is rated.
        let journal = std::fs::read_to_string(journal_of(&out)).unwrap();
        let setup: serde_json::Value =
            serde_json::from_str(journal.lines().next().unwrap()).unwrap();
        assert!(
            !journal.lines().next().unwrap().contains("\"training\""),
            "{setup}"
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}

#[test]
fn art_11_3_1_what_the_score_and_the_board_give_is_answered_in_a_rated_game() {
    let d = data_dir("rated", "allowed");
    let out = asked(&d, "en", &[], &ALLOWED);
    // The first line says the game is rated; nothing asked is refused.
    assert!(
        out.starts_with("note: A rated game: during play only what the score"),
        "{out}"
    );
    assert_eq!(out.matches("(11.3.1).").count(), 1, "{out}");
    has(&out, "answer: Eva four: White Pawn");
    has(&out, "answer: last move one, Black: Eva five");
    holds(
        &out,
        "answer: material White thirty-nine, Black thirty-nine",
    );
    // The score gives the clock after each move (8.1.3); how many
    // seconds passed depends on the machine's load.
    assert!(
        out.lines()
            .any(|l| l.contains("1. e4 (1:30:") && l.contains(") e5 (1:30:")),
        "no score with the clocks in:\n{out}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn art_11_3_1_a_training_game_answers_every_question_and_keeps_being_one_on_resume() {
    let d = data_dir("rated", "training");
    let out = asked(&d, "en", &["--training"], &COMPUTING);
    assert!(!out.contains("(11.3.1)."), "{out}");
    holds(&out, "attacked by");
    // Help offers the questions.
    assert!(
        out.lines()
            .any(|l| l.starts_with("help:") && l.contains("attackers")),
        "{out}"
    );
    let journal = journal_of(&out);
    let first = std::fs::read_to_string(&journal).unwrap();
    assert!(
        first.lines().next().unwrap().contains("\"training\":true"),
        "{first}"
    );
    // Resumed, it is the same training game.
    let resumed = fed(
        &d,
        &["resume", journal.to_str().unwrap()],
        "resume\nattackers e5\npgn\nquit\n",
    );
    holds(&resumed, "attacked by");
    has(&resumed, "[Rated \"No\"]");
    // A rated game's PGN says so.
    let rated = asked(&d, "en", &[], &["pgn"]);
    has(&rated, "[Rated \"Yes\"]");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn art_11_3_1_the_configuration_makes_training_the_default_and_rated_overrides_it() {
    let d = data_dir("rated", "config");
    let dir = d.join("config/zweibrett");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), "[game]\ntraining = true\n").unwrap();
    let out = asked(&d, "en", &[], &["attackers e5"]);
    holds(&out, "attacked by");
    let out = asked(&d, "en", &["--rated"], &["attackers e5"]);
    has(&out, &format!("answer: {}", refusal("en")));
    let _ = std::fs::remove_dir_all(&d);
}

/// The assistant relays both moves (D.2.10) in English; White is the
/// impaired player, Black the sighted one.
fn assistant(name: &str, args: &[&str], input: &str) -> String {
    let d = data_dir("touch", name);
    let mut all = vec!["play", "--role", "assistant", "--voice", "en"];
    all.extend_from_slice(args);
    let out = fed(&d, &all, format!("{input}score\nquit\n"));
    let _ = std::fs::remove_dir_all(&d);
    out
}

#[test]
fn art_4_3_1_the_first_piece_touched_is_the_one_to_move() {
    // Black touches the e-pawn, then the d-pawn: the e-pawn must move.
    let out = assistant("first", &[], "d4\ntouched e7\ntouched d7\nd5\n");
    holds(
        &out,
        "ruling: The move does not honour the touched piece: Black must move the touched piece on e7.",
    );
    let out = assistant(
        "first-honoured",
        &[],
        "d4\ntouched e7\ntouched d7\ne6\nc4\n",
    );
    assert!(!out.contains("does not honour"), "{out}");
    holds(&out, "[Black touched a piece: e7, d7]");
}

/// 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5: both sides may castle short.
const OPEN: &str = "e4\ne5\nNf3\nNc6\nBc4\nBc5\n";

#[test]
fn art_4_4_1_king_then_rook_the_player_must_castle_on_that_side() {
    // White is sighted here (Black impaired) and touches king, then rook.
    let args = ["--impaired", "black"];
    let out = assistant("castle", &args, &format!("{OPEN}touched Ke1 Rh1\nKf1\n"));
    holds(
        &out,
        "ruling: The move does not honour the touched piece: White touched the king and then the rook on h1, and must castle with it (4.4.1).",
    );
    let out = assistant("castled", &args, &format!("{OPEN}touched Ke1 Rh1\nO-O\n"));
    assert!(!out.contains("does not honour"), "{out}");
}

#[test]
fn art_4_4_2_rook_then_king_the_player_may_not_castle_on_that_side() {
    let args = ["--impaired", "black"];
    let out = assistant(
        "rook-first",
        &args,
        &format!("{OPEN}touched Rh1 Ke1\nO-O\n"),
    );
    holds(
        &out,
        "ruling: The move does not honour the touched piece: White must move the touched piece on h1.",
    );
    let out = assistant(
        "rook-moved",
        &args,
        &format!("{OPEN}touched Rh1 Ke1\nRf1\n"),
    );
    assert!(!out.contains("does not honour"), "{out}");
}

#[test]
fn art_4_8_the_claim_is_lost_once_the_opponent_touches_a_piece_to_move_it() {
    // Black's move breaks the touch; White moves on instead of calling
    // the arbiter: the move stands and the game goes on.
    let out = assistant("lost", &[], "d4\ntouched e7\nd5\nc4\n");
    holds(
        &out,
        "ruling: White has touched a piece to move it: the claim on the touched piece is lost (4.8), and the move stands.",
    );
    assert!(!out.contains("Press the clock first"), "{out}");
    holds(&out, "2. c4");
    holds(
        &out,
        "the claim on the touched piece was lost when the opponent moved on (4.8)",
    );
}

#[test]
fn d_2_2_the_impaired_players_piece_taken_out_of_its_hole_counts_as_touched() {
    // White, the impaired player, lifts the knight on g1, then plays
    // another move: the same rule holds (4.3.1).
    let out = assistant("lifted", &[], "touched white g1\ne4\n");
    holds(
        &out,
        "answer: Noted: White took a piece out of its hole, which counts as touched (D.2.2): g1.",
    );
    holds(&out, "White must move the touched piece on g1.");
    // Both players impaired: the side to move is the one who touched.
    let out = assistant("both", &["--impaired", "both"], "touched e2\nd4\n");
    holds(&out, "White must move the touched piece on e2.");
}

#[test]
fn guidelines_i_2_7_and_i_9_2_the_envelope_the_absent_responder_and_the_resumed_game() {
    let d = data_dir("adjourn", "absent");
    let out = fed(
        &d,
        &["play", "--role", "assistant", "--voice", "en"],
        "e4\nseal c5\nresumption 30 November, 10:00, hall B\nquit\n",
    );
    holds(&out, "Resumption: 30 November, 10:00, hall B.");
    assert!(!out.contains("c5:"), "the sealed move is secret: {out}");
    // Resumed from its journal, it says who sealed and who must respond.
    let journal = journal_of(&out);
    let resumed = fed(
        &d,
        &["resume", journal.to_str().unwrap()],
        "resume\npause\nunseal\nscore\nquit\n",
    );
    holds(
        &resumed,
        "the game is adjourned after 1 half-move; Black sealed a move, and White must respond to it.",
    );
    // White is absent at the time of resumption: White's clock runs, the
    // envelope stays shut until White is there (I.9.2, I.7).
    holds(
        &resumed,
        "The sealed move stays in its envelope; White's clock runs until they arrive (I.9.2).",
    );
    holds(&resumed, "announced: 1... c5");
    holds(&resumed, "1. e4 (");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn art_12_9_6_and_8_7_the_arbiter_declares_a_game_lost_and_both_players_confirm_it() {
    let d = data_dir("verdict", "late");
    let out = fed(
        &d,
        &["play", "--role", "arbiter", "--voice", "en"],
        "sign white\nforfeit black 6.7.1\nsign white\nsign black\nscore\npgn\nquit\n",
    );
    has(
        &out,
        "answer: The result is confirmed once the game is over (8.7).",
    );
    has(
        &out,
        "ruling: The arbiter declares the game lost for Black: arrived after the default time (6.7.1).",
    );
    holds(
        &out,
        "game declared lost: arrived after the default time (6.7.1), White wins.",
    );
    has(&out, "ruling: White confirms the result, White wins (8.7).");
    has(&out, "Result confirmed by White, Black (8.7).");
    has(&out, "[Termination \"abandoned\"]");
    has(&out, "[ResultConfirmed \"White Black\"]");
    // A reason that is no article is named as what was wanted.
    let wrong = fed(
        &d,
        &["play", "--role", "arbiter", "--voice", "en"],
        "forfeit black 9.9\nquit\n",
    );
    holds(
        &wrong,
        "a side, and the article: 6.7.1, 11.3.2.2, 11.7 or 12.9.6",
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn art_7_5_1_the_assistant_records_an_illegal_move_the_arbiter_rules_on_and_whose_it_is() {
    // Black is the impaired player; the assistant relays White's illegal
    // first move. The refusal names White's king, not "your" king.
    let d = data_dir("illegal", "typed");
    let out = fed(
        &d,
        &[
            "play",
            "--role",
            "assistant",
            "--voice",
            "en",
            "--impaired",
            "black",
        ],
        "e4\ne5\nd3\nBb4\na3\nquit\n",
    );
    holds(&out, "the White king would be in check");
    holds(
        &out,
        "If White made it on the board and pressed the clock, it is a completed illegal move: the arbiter rules with illegal (7.5.1).",
    );
    let out = fed(
        &d,
        &["play", "--role", "arbiter", "--voice", "en"],
        "Ke2\nillegal white\ne4\npress\nrepeat e4\npgn\nquit\n",
    );
    holds(&out, "ruling: Completed illegal move by White");
    assert!(!out.contains("has not completed a move yet"), "{out}");
    holds(&out, "illegal move by White: Ke2, completed");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn d_2_6_1_time_is_the_players_own_clock_and_one_side_when_named() {
    // A talking clock says one time (D.2.6.1): the player's own, or the
    // side named; the digits of both are on the clocks line.
    let d = data_dir("rated", "time");
    let out = asked(&d, "fide", &[], &["Zeit", "Zeit schwarz", "Zeit weiß"]);
    // White, the player, has 90 minutes and two increments of 30 s.
    has(&out, "answer: eine Stunde einunddreißig Minuten");
    has(&out, "answer: Schwarz: eine Stunde dreißig Minuten");
    has(&out, "answer: Weiß: eine Stunde einunddreißig Minuten");
    assert!(!out.contains("verbraucht"), "{out}");
}

#[test]
fn art_5_1_2_a_resignation_typed_is_asked_about_first() {
    // A resigned game cannot be taken back: "resign" asks, as the full
    // screen's key does; "n" goes back, "y" or the word again resigns.
    let d = data_dir("rated", "resign");
    let out = fed(
        &d,
        &["play", "--role", "player", "--voice", "en"],
        "e4\nresign\nn\nresign\ne5\nresign\nresign\nquit\n",
    );
    assert_eq!(
        out.matches("answer: Resign for White? (y/n)").count(),
        3,
        "{out}"
    );
    has(&out, "answer: Back to the game.");
    // Another line after the question is a line of its own.
    has(&out, "announced: 1... e5: Eva five");
    has(&out, "result: 0-1 Game over: resignation, Black wins.");
}
