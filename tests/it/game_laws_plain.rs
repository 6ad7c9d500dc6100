//! The Laws as an arbiter checks them, through plain mode in English:
//! agreed draws (5.2.3), whose offer (9.1.2.1), claims with an intended
//! move (9.3.1, 9.5.3), the sighted player's touched piece (D.2.10.5, Art.
//! 4), completed illegal moves (7.5.5) and A.5.2, the arbiter called to a
//! divergence (6.11.1, D.2.9), illegal positions under A.5.4.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use assert_cmd::Command;

use crate::common;

use common::plain::{data_dir, has};

fn data(name: &str) -> PathBuf {
    data_dir("laws", name)
}

/// The program as the arbiter, in the en pack's words.
fn zweibrett(data: &Path) -> Command {
    common::plain::arbiter_game(data, "en")
}

/// Plays `input` with `args`; the output, and the data directory removed.
fn play(name: &str, args: &[&str], input: &str) -> String {
    let d = data(name);
    let out = zweibrett(&d)
        .args(args)
        .write_stdin(format!("{input}quit\n"))
        .assert()
        .success();
    let _ = std::fs::remove_dir_all(&d);
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

const AUTO: [&str; 4] = ["--repetition", "off", "--press", "auto"];

/// The program as the arbiter in English with `args`, its input and
/// output piped: for a game whose lines are typed with pauses between.
fn spawn_arbiter(data: &Path, args: &[&str]) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_zweibrett"))
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .args([
            "--plain", "--speech", "none", "play", "--role", "arbiter", "--voice", "en",
        ])
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn an_agreed_draw_needs_a_move_by_each_and_is_accepted_by_the_other_side() {
    let out = play(
        "agreed",
        &AUTO,
        "e4\noffer\naccept\ne5\noffer\naccept black\ndecline black\naccept\n",
    );
    has(&out, "offer: White offers a draw.");
    has(
        &out,
        "answer: A draw can be agreed only after both players have made at least one move.",
    );
    has(&out, "offer: Black offers a draw.");
    has(
        &out,
        "answer: Black made the draw offer and cannot accept it; only the opponent can.",
    );
    has(
        &out,
        "answer: Black made the draw offer and cannot withdraw it; only the opponent can decline it.",
    );
    has(&out, "result: 1/2-1/2 Game over: draw agreed, draw.");
}

#[test]
fn an_offer_after_ones_move_is_the_movers_with_the_press_automatic() {
    let out = play(
        "whose-offer",
        &["--press", "auto"],
        "e4\noffer\nscore\npgn\n",
    );
    has(&out, "offer: White offers a draw.");
    assert!(
        out.lines()
            .any(|l| l.starts_with("1. e4 (") && l.ends_with("(=)")),
        "{out}"
    );
    assert!(out.contains("[%emt 0:00:00] (=)}"), "{out}");
}

#[test]
fn a_wrong_claim_with_an_intended_move_makes_it_and_the_game_goes_on() {
    let out = play(
        "claim",
        &[],
        "claim fifty e4\ncorrect d4\npress\nrepeat e4\ne5\npress\npgn\n",
    );
    has(
        &out,
        "ruling: White claims a draw by the 50-move rule: the claim is incorrect. Black receives 2 minutes more.",
    );
    has(&out, "announced: 1. e4: Eva four");
    has(
        &out,
        "answer: The move written down with the claim cannot be changed.",
    );
    has(&out, "repeated: Repeated: Eva four");
    has(&out, "announced: 1... e5: Eva five");
    assert!(
        out.contains("intended move of an incorrect claim of"),
        "{out}"
    );
    assert!(!out.contains("The clock has not been started"), "{out}");
}

#[test]
fn touched_names_the_sighted_player_and_the_arbiter_rules_on_the_move() {
    let out = play(
        "touched",
        &AUTO,
        "touched e7\nd4\nd5\npress\ntouchmove uphold\nNf6\ne6\nscore\n",
    );
    // White is visually impaired: Black is the sighted player.
    has(&out, "answer: Noted: Black touched a piece: e7.");
    has(&out, "announced: 1... d5: David five");
    has(
        &out,
        "ruling: The move does not honour the touched piece: Black must move the touched piece \
         on e7. The arbiter rules: touchmove uphold, or touchmove stand.",
    );
    has(
        &out,
        "answer: The arbiter rules on the touched piece first: touchmove uphold, or touchmove stand.",
    );
    has(
        &out,
        "ruling: Upheld: the move is taken back. Black must move the touched piece on e7.",
    );
    has(&out, "answer: Black must move the touched piece on e7.");
    has(&out, "announced: 1... e6: Eva six");
    assert!(out.contains("[Black touched a piece: e7]"), "{out}");
    // A touched opponent's piece must be captured (4.3.2).
    let out = play(
        "touched-stand",
        &AUTO,
        "e4\nd5\nNc3\ntouched pawn e4\nNf6\ntouchmove stand\n",
    );
    has(
        &out,
        "ruling: The move does not honour the touched piece: Black must capture the touched \
         piece on e4. The arbiter rules: touchmove uphold, or touchmove stand.",
    );
    has(&out, "ruling: The move stands by the arbiter's ruling.");
    // D.2.2: with both players impaired, the side to move lifted it.
    let out = play("touched-both", &["--impaired", "both"], "touched e2\n");
    has(
        &out,
        "answer: Noted: White took a piece out of its hole, which counts as touched (D.2.2): e2.",
    );
}

#[test]
fn an_illegal_move_needs_a_move_and_its_penalty_survives_a_take_back() {
    let out = play(
        "illegal",
        &AUTO,
        "illegal black\ne4\ne5\nNf3\nillegal white\ntakeback 2\ntime\n",
    );
    has(
        &out,
        "answer: Black has not completed a move yet: there is no illegal move to penalise.",
    );
    has(
        &out,
        "ruling: Completed illegal move by White: Black receives 2 minutes more.",
    );
    // Black had 1:30:30 after the increment; the two minutes stay.
    let clocks = out.lines().rfind(|l| l.starts_with("clocks: ")).unwrap();
    assert!(clocks.contains("Black 1:32:"), "{clocks}");
}

#[test]
fn under_a5_an_illegal_move_is_penalised_only_before_the_next_move_and_under_a4_later() {
    let input = "e4\ne5\nillegal white\nillegal black\n";
    let rapid = ["--time", "900+10", "--rules"];
    let a5 = play("a5", &[&AUTO[..], &rapid, &["a5"]].concat(), input);
    has(
        &a5,
        "answer: The illegal move by White can no longer be penalised: Black has made the next move.",
    );
    has(
        &a5,
        "ruling: Completed illegal move by Black: White receives 1 minute more.",
    );
    let a4 = play("a4", &[&AUTO[..], &rapid, &["a4"]].concat(), input);
    has(
        &a4,
        "ruling: Completed illegal move by White: Black receives 1 minute more.",
    );
    has(
        &a4,
        "ruling: Completed illegal move by Black: White receives 1 minute more.",
    );
}

#[test]
fn under_a5_an_illegal_position_still_there_after_the_next_move_is_a_draw() {
    let rapid = ["--time", "900+10", "--rules"];
    let input = "e4\nillegalposition kings\nillegalposition stands\ne5\nillegalposition stands\n";
    let a5 = play("a54", &[&AUTO[..], &rapid, &["a5"]].concat(), input);
    has(
        &a5,
        "ruling: The arbiter sees both kings in check: once the next move is completed, the \
         arbiter says whether the illegal position still stands.",
    );
    has(
        &a5,
        "answer: The next move is not completed yet: the arbiter waits until it is.",
    );
    has(
        &a5,
        "result: 1/2-1/2 Game over: illegal position still on the board, draw.",
    );
    let a4 = play("a44", &[&AUTO[..], &rapid, &["a4"]].concat(), input);
    has(
        &a4,
        "answer: This ruling belongs to the rules of A.5 and B.3; under the competition rules \
         the arbiter acts by Article 7.5.",
    );
    assert!(!a4.contains("result: "), "{a4}");
}

#[test]
fn a_divergence_stops_both_clocks_and_the_arbiters_time_is_charged_to_nobody() {
    let d = data("diverge");
    let mut child = spawn_arbiter(&d, &["--time", "600"]);
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "e4\npress\nrepeat e3").unwrap();
    // The arbiter takes two and a half seconds over the boards.
    std::thread::sleep(Duration::from_millis(2500));
    writeln!(stdin, "audit\nalign\ne5\npress\nrepeat e5\npgn\nquit").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&d);
    let out = String::from_utf8(out.stdout).unwrap();
    has(&out, "clock: Clock paused");
    has(&out, "agreed: The boards agree again.");
    has(&out, "clock: Clock running");
    // Black's reply took milliseconds: the two and a half seconds the
    // arbiter needed are on no one's clock.
    let after_e5 = out.replace("1... e5\n{", "1... e5 {");
    assert!(
        ["0:10:00", "0:09:59"]
            .iter()
            .any(|clk| { after_e5.contains(&format!("1... e5 {{[%clk {clk}] [%emt 0:00:00]}}")) }),
        "{out}"
    );
}

/// 9.4: a player who touched a piece (4.3) loses the right to claim a
/// draw under 9.2 or 9.3 on that move; the same claim without the touch
/// is correct.
#[test]
fn art_9_4_a_touched_piece_forfeits_the_claim_on_that_move() {
    let moves = "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\n";
    let out = play(
        "claim-after-touch",
        &AUTO,
        &format!("{moves}touched Nf6\nclaim threefold Ng8\n"),
    );
    has(
        &out,
        "answer: Black: a piece was touched on this move, so no draw can be claimed on it (9.4).",
    );
    assert!(!out.contains("result: "), "{out}");
    let out = play(
        "claim-untouched",
        &AUTO,
        &format!("{moves}claim threefold Ng8\n"),
    );
    assert!(out.contains("result: 1/2-1/2"), "{out}");
}

/// 6.3.1 and Guidelines I.5: a game from a position counts its moves for
/// the time control from the position's move number, says that count as
/// it opens, and adds the next period after move 40.
#[test]
fn art_6_3_1_a_game_from_move_39_adds_the_period_after_move_40() {
    let mut args = AUTO.to_vec();
    args.extend([
        "--time",
        "40/3600:1800",
        "--fen",
        "4k3/8/8/8/8/8/R7/3K4 w - - 0 39",
    ]);
    let out = play("moves-from-fen", &args, "Kd2\nKd7\nKc2\nKc7\ntime\n");
    has(
        &out,
        "clock: Time control: one hour for forty moves, then thirty minutes. Before this \
         position: thirty-eight moves by each player; the time control counts on from there \
         (6.3.1).",
    );
    has(&out, "announced: 40. Kc2: King Cesar two");
    has(&out, "clock: White: thirty minutes added");
    has(&out, "clock: Black: thirty minutes added");
    // White's clock runs again after Black's move: its tenths may have
    // gone down. Black's ran from White's press to the reading of Black's
    // move, lines typed at once but read one by one: on a loaded machine
    // a tenth may pass between them (the period is added all the same).
    assert!(
        out.lines().any(|l| l.starts_with("clocks: White 1:")
            && (l.ends_with("Black 1:30:00.0, 40 moves completed")
                || (l.contains("Black 1:29:59.") && l.ends_with(", 40 moves completed")))),
        "{out}"
    );
}

/// 5.2.3: "both players have made at least one move" is about the game: a
/// game carried over from move 80 may be agreed drawn at once; a position
/// numbered move 1 is a fresh start, where it may not.
#[test]
fn art_5_2_3_a_game_carried_over_may_be_agreed_drawn_at_once() {
    let mut args = AUTO.to_vec();
    args.extend(["--fen", "4k3/8/8/8/8/8/R7/3K4 w - - 0 80"]);
    let out = play("agreed-carried-over", &args, "offer\naccept\n");
    has(&out, "offer: White offers a draw.");
    assert!(out.contains("result: 1/2-1/2"), "{out}");
    let mut args = AUTO.to_vec();
    args.extend(["--fen", "4k3/8/8/8/8/8/R7/3K4 w - - 0 1"]);
    let out = play("agreed-fresh", &args, "offer\naccept\n");
    has(
        &out,
        "answer: A draw can be agreed only after both players have made at least one move.",
    );
}

/// A.5.3 (and B.3 in blitz): without an arbiter at every board, a flag
/// fall does not stop the game. The fallen clock shows zero, play goes on,
/// and the claim stops the clocks.
#[test]
fn art_a_5_3_a_fallen_flag_counts_once_claimed_and_play_goes_on() {
    let d = data("a53");
    let mut args = vec!["--time", "2", "--rules", "a5"];
    args.extend(AUTO);
    let mut child = spawn_arbiter(&d, &args);
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "e4\ne5").unwrap();
    // White thinks past the two seconds.
    std::thread::sleep(Duration::from_millis(2600));
    writeln!(stdin, "Nf3\nNc6\ntime\nflag\ne4\npgn\nquit").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&d);
    let out = String::from_utf8(out.stdout).unwrap();
    has(&out, "clock: White: time is up, flag fallen");
    has(&out, "announced: 2. Nf3: Knight Felix three");
    has(&out, "announced: 2... Nc6: Knight Cesar six");
    assert!(
        out.lines()
            .any(|l| l.starts_with("clocks: White 0:00:00.0 Black 0:00:0")),
        "{out}"
    );
    has(&out, "result: 0-1 White's flag has fallen: Black wins.");
    assert!(out.contains("[Termination \"time forfeit\"]"), "{out}");
}

/// Guidelines III.3.1: "both flags have fallen" is for both displays at
/// zero; with time on both clocks it is refused, the game going on.
#[test]
fn guidelines_iii_3_1_both_flags_only_when_both_have_fallen() {
    let mut args = AUTO.to_vec();
    args.extend(["--time", "5400", "--quickplay-finish"]);
    let out = play("both-flags", &args, "e4\ne5\nflags both\nNf3\n");
    has(&out, "answer: No flag has fallen.");
    has(&out, "announced: 2. Nf3: Knight Felix three");
}

/// 9.2.1: the intended move of a correct claim is written on the score and
/// not made; the record names it with the claim's kind and where the
/// position stood before, in the score, the PGN and the spoken score.
#[test]
fn art_9_2_1_a_correct_claims_intended_move_is_recorded() {
    let moves = "Nf3\nNf6\nNg1\nNg8\nNf3\nNf6\nNg1\n";
    let out = play(
        "claim-recorded",
        &AUTO,
        &format!("{moves}claim threefold Ng8\nscore\npgn\n"),
    );
    assert!(out.contains("result: 1/2-1/2"), "{out}");
    has(&out, "1/2-1/2 threefold repetition claimed");
    has(
        &out,
        "Intended move 4... Ng8, written on the score and not made (9.2.1).",
    );
    has(
        &out,
        "The same position stood before at the start, after 2... Ng8.",
    );
    // The PGN's last comment carries the same record; its moves stop
    // before the intended move, which was not made.
    let pgn = out.replace('\n', " ");
    assert!(
        pgn.contains(
            "{threefold repetition claimed. Intended move 4... Ng8, written on the score and \
             not made (9.2.1). The same position stood before at the start, after 2... Ng8.} \
             1/2-1/2"
        ),
        "{out}"
    );
    assert!(!pgn.contains("4... Ng8 {"), "{out}");
}
