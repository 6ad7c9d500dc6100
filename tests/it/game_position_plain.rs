//! A game from a position in plain mode, as a user drives it: a FEN with
//! Black to move and its clocks (6.6), a position already decided (5.1.1,
//! 5.2.1, 5.2.2), a FEN refused, and Chess960 (Guidelines II): castling
//! typed in its physical ways, announced with where king and rook end up,
//! kept through a kill and a resume, and read back by `analyse`.

use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

use crate::common;

use common::plain::{Running as Run, data_dir, journal_of, zweibrett};

fn data(name: &str) -> PathBuf {
    data_dir("position", name)
}

/// King d1 between rooks b1 and g1, Black the same: both castlings are
/// possible at once.
const READY_960: &str = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1";

impl Run {
    /// The lines up to and including the next prompt.
    fn until_prompt(&self) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(Duration::from_secs(10)) {
                Ok(line) => {
                    let prompt = line.starts_with("> ");
                    seen.push(line);
                    if prompt {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no prompt within 10 s: {seen:?}"),
                Err(RecvTimeoutError::Disconnected) => return seen,
            }
        }
    }

    /// Types `line` and returns what it printed, prompt included.
    fn enter(&mut self, line: &str) -> Vec<String> {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        self.until_prompt()
    }
}

/// Seconds shown for `side` in a "clocks:" line.
fn clock_of(line: &str, side: &str) -> f64 {
    let words: Vec<&str> = line.split([' ', ',']).collect();
    let at = words.iter().position(|w| *w == side).unwrap() + 1;
    let parts: Vec<f64> = words[at].split(':').map(|p| p.parse().unwrap()).collect();
    parts[0] * 3600.0 + parts[1] * 60.0 + parts[2]
}

#[test]
fn a_fen_with_black_to_move_runs_blacks_clock_and_numbers_from_the_fen() {
    let d = data("black");
    let mut run = Run::start(
        &d,
        &[
            "play",
            "--role",
            "arbiter",
            "--voice",
            "en",
            "--time",
            "300",
            "--repetition",
            "quick",
            "--fen",
            "4k3/8/8/8/8/8/3P4/4K3 b - - 0 30",
        ],
    );
    let opening = run.until_prompt();
    assert_eq!(
        opening.last().unwrap(),
        "> Black to move: enter a move, or press to start the clock"
    );
    let said = run.enter("Ke7");
    assert!(
        said.contains(&"clock: Clock running".to_string()),
        "{said:?}"
    );
    assert!(said.contains(&"announced: 30... Ke7: King Eva seven".to_string()));
    std::thread::sleep(Duration::from_millis(1_200));
    let said = run.enter("time");
    let clocks = said.iter().find(|l| l.starts_with("clocks: ")).unwrap();
    assert_eq!(clock_of(clocks, "White"), 300.0, "{clocks}");
    assert!(
        clock_of(clocks, "Black") <= 298.9,
        "Black's clock runs: {clocks}"
    );
    let answer = said.iter().find(|l| l.starts_with("answer: ")).unwrap();
    assert!(
        answer.contains("White: five minutes, used zero seconds"),
        "{answer}"
    );
    run.enter("press");
    run.enter("confirm");
    let said = run.enter("d4");
    assert!(
        said.contains(&"announced: 31. d4: David four".to_string()),
        "{said:?}"
    );
    run.enter("press");
    run.enter("confirm");
    let said = run.enter("again white");
    assert!(
        said.contains(&"answer: Move 31, White: David four".to_string()),
        "{said:?}"
    );
    let pgn = run.enter("pgn").join("\n");
    assert!(
        pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3P4/4K3 b - - 0 30\"]"),
        "{pgn}"
    );
    // Black's time went on Black's move, however long the machine took.
    assert!(pgn.contains("\n30... Ke7 {[%clk 0:04:5"), "{pgn}");
    assert!(pgn.contains("]} 31. d4 {[%clk 0:0"), "{pgn}");
    run.enter("quit");
    run.child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_chess960_game_from_a_fen_castles_both_ways_typed_as_on_the_board() {
    let d = data("960");
    // The king to c1 and the rook to f1 are also ordinary moves: asked.
    // The king onto its own rook (g1) and the rook that cannot move but by
    // castling (b8 to d8) are castling only.
    let input = "Kc1\nRf1\nd1g1\npress\nconfirm\nRd8\npress\nconfirm\nagain\npgn\nquit\n";
    let out = zweibrett(&d)
        .args([
            "play",
            "--role",
            "arbiter",
            "--voice",
            "en",
            "--repetition",
            "quick",
            "--fen",
            READY_960,
        ])
        .write_stdin(input)
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for line in [
        "answer: Which move: castles long or King David one Cesar one?",
        "answer: Which move: castles short or Rook Gustav one Felix one?",
        "announced: 1. O-O: castles short, King to Gustav one, Rook to Felix one",
        "repeated: Repeated: castles short, King to Gustav one, Rook to Felix one",
        "announced: 1... O-O-O: castles long, King to Cesar eight, Rook to David eight",
        "answer: Move 1, Black: castles long, King to Cesar eight, Rook to David eight",
        "[Variant \"Chess960\"]",
        "[SetUp \"1\"]",
        &format!("[FEN \"{READY_960}\"]"),
    ] {
        assert!(stdout.lines().any(|l| l == line), "{line}\n{stdout}");
    }
    assert!(stdout.contains("1. O-O {[%clk"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn chess960_is_said_with_the_flag_and_the_packs_own_words() {
    let d = data("960-flag");
    // Shredder-FEN rights, and --chess960 said as well.
    let fen = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1";
    for (voice, castled) in [
        (
            "fide",
            "Kurze Rochade, König nach Gustav eins, Turm nach Felix eins",
        ),
        (
            "pt",
            "Kurze Rochade, König para Gustavo eins, Turm para Félix eins",
        ),
        (
            "es",
            "Kurze Rochade, König a Gustav eins, Turm a Félix eins",
        ),
    ] {
        let out = zweibrett(&d)
            .args(["play", "--chess960", "--voice", voice, "--fen", fen])
            .write_stdin("O-O\nquit\n")
            .assert()
            .success();
        let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(
            stdout.contains(&format!("announced: 1. O-O: {castled}")),
            "{voice}: {stdout}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_position_already_over_is_said_at_once_and_saved() {
    let d = data("over");
    for (fen, said) in [
        (
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 40",
            "result: 1-0 Game over: checkmate, White wins.",
        ),
        (
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 40",
            "result: 1/2-1/2 Game over: stalemate, draw.",
        ),
        (
            "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
            "result: 1/2-1/2 Game over: dead position, draw.",
        ),
    ] {
        let out = zweibrett(&d)
            .args(["play", "--voice", "en", "--fen", fen])
            .write_stdin("Kh7\nquit\n")
            .assert()
            .success();
        let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        // Said before anything is typed, after the rated game's note, the
        // journal's line and the time control.
        assert!(lines[0].starts_with("note: A rated game"), "{stdout}");
        assert!(lines[2].starts_with("clock: Time control: "), "{stdout}");
        assert_eq!(lines[3], said, "{stdout}");
        assert!(lines[4].starts_with("saved: "), "{stdout}");
        assert!(stdout.contains("answer: The game is over:"), "{stdout}");
        let pgn = std::fs::read_to_string(journal_of(&stdout).with_extension("pgn")).unwrap();
        let result = said.split(' ').nth(1).unwrap();
        assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_bad_fen_is_refused_before_the_game_starts() {
    let d = data("bad");
    for (fen, message) in [
        (
            "4k3/8/8/8/8/8/4K3 w - - 0 1",
            "zweibrett: --fen: The FEN cannot be read: the board is not as FEN writes it\n",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1",
            "zweibrett: --fen: The FEN is no legal position: the kings and rooks do not allow these castling rights\n",
        ),
        (
            "4k3/8/8/8/8/8/8/8 w - - 0 1",
            "zweibrett: --fen: The FEN is no legal position: a king is missing\n",
        ),
    ] {
        zweibrett(&d)
            .args(["play", "--voice", "en", "--fen", fen])
            .write_stdin("quit\n")
            .assert()
            .code(2)
            .stdout("")
            .stderr(message.to_string());
    }
    // In the pack's words: the side not to move in check, in German.
    zweibrett(&d)
        .args([
            "play",
            "--voice",
            "fide",
            "--fen",
            "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1",
        ])
        .write_stdin("quit\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "zweibrett: --fen: Die FEN ist keine gültige Stellung: die Seite, die nicht am Zug \
             ist, steht im Schach\n",
        );
    assert!(
        !d.join("zweibrett/games").exists(),
        "no journal for a refused game"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_killed_chess960_game_resumes_with_its_castling() {
    let d = data("960-kill");
    let mut run = Run::start(
        &d,
        &[
            "play",
            "--role",
            "arbiter",
            "--voice",
            "en",
            "--repetition",
            "quick",
            "--fen",
            READY_960,
        ],
    );
    let opening = run.until_prompt();
    let journal = journal_of(&opening.join("\n"));
    let said = run.enter("Kg1");
    assert!(
        said.iter()
            .any(|l| l.starts_with("announced: 1. O-O: castles short, King to Gustav one"))
    );
    run.enter("press");
    run.enter("confirm");
    // Killed without a word, as a crash or a pulled plug would.
    run.child.kill().unwrap();
    run.child.wait().unwrap();
    let out = zweibrett(&d)
        .arg("resume")
        .arg(&journal)
        .write_stdin("resume\nagain\nO-O-O\npress\nconfirm\npgn\nquit\n")
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for line in [
        "resumed: 1 half-move: O-O",
        "answer: Move 1, White: castles short, King to Gustav one, Rook to Felix one",
        "announced: 1... O-O-O: castles long, King to Cesar eight, Rook to David eight",
        "[Variant \"Chess960\"]",
    ] {
        assert!(stdout.lines().any(|l| l == line), "{line}\n{stdout}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn analyse_opens_a_chess960_pgn_and_reads_its_castling() {
    let d = data("analyse");
    let out = zweibrett(&d)
        .args(["analyse", "tests/data/chess960.pgn", "--voice", "en"])
        .write_stdin("move 7\nn\nturn\nend\ngame 2\nmove 7...\nquit\n")
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    for line in [
        "seven, White: castles short. comment: the king goes to Gustav one, the rook stays on Felix one",
        "seven, Black: castles long. comment: king and rook change places",
        "White to move, move eight",
        "seven, Black: castles long",
    ] {
        assert!(stdout.lines().any(|l| l == line), "{line}\n{stdout}");
    }
    assert!(!stdout.contains("broken"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_killed_game_from_a_position_resumes_with_its_side_numbers_and_clocks() {
    let d = data("black-kill");
    let mut run = Run::start(
        &d,
        &[
            "play",
            "--role",
            "arbiter",
            "--voice",
            "en",
            "--time",
            "300",
            "--repetition",
            "quick",
            "--fen",
            "4k3/8/8/8/8/8/3P4/4K3 b - - 0 30",
        ],
    );
    let journal = journal_of(&run.until_prompt().join("\n"));
    run.enter("Ke7");
    std::thread::sleep(Duration::from_millis(1_100));
    run.enter("press");
    run.enter("confirm");
    run.child.kill().unwrap();
    run.child.wait().unwrap();
    let out = zweibrett(&d)
        .arg("resume")
        .arg(&journal)
        .write_stdin("d4\nquit\n")
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("resumed: 1 half-move: Ke7"), "{stdout}");
    let clocks = stdout.lines().find(|l| l.starts_with("clocks: ")).unwrap();
    // Black's second went on Black's move; White's clock ran only from the
    // press to the kill.
    assert!(clock_of(clocks, "Black") <= 299.0, "{clocks}");
    assert!(
        clock_of(clocks, "White") > clock_of(clocks, "Black"),
        "{clocks}"
    );
    assert!(stdout.contains("> White to move: enter a move"), "{stdout}");
    assert!(stdout.contains("announced: 31. d4: David four"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn parse_reads_a_chess960_fen_and_writes_castling_as_chess960_uci() {
    let d = data("parse");
    let out = zweibrett(&d)
        .args(["parse", "--voice", "en", "--fen", READY_960, "Kg1"])
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(stdout, "castles short (SAN O-O, UCI d1g1)\n");
    let out = zweibrett(&d)
        .args([
            "parse", "--json", "--voice", "en", "--fen", READY_960, "Kc1",
        ])
        .assert()
        .code(1);
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        stdout.contains(r#""candidates":["d1b1","d1c1"]"#),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&d);
}
