//! The game in plain mode as a user drives it: prompts, answers, resume,
//! a corrupted journal.

use std::path::PathBuf;

use crate::common;

use common::plain::{data_dir, journal_of, zweibrett};

fn data(name: &str) -> PathBuf {
    data_dir("plain", name)
}

#[test]
fn no_subcommand_starts_a_game_in_plain_mode() {
    let d = data("default");
    let out = zweibrett(&d).write_stdin("e4\nquit\n").assert().success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("> Weiß am Zug: Zug eingeben, oder drücken startet die Uhr"));
    assert!(stdout.contains("announced: 1. e4: Eva vier"), "{stdout}");
    // The player alone at the keyboard is the default: the press follows
    // the move, and the opponent's move is typed as it is announced.
    assert!(
        stdout.contains("> Schwarz am Zug: den Zug eingeben, wie er angesagt wird"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn wrong_input_is_answered_and_changes_nothing() {
    let d = data("wrong");
    let input = "Ke2\nqqq zzz\nclaim\nrepeat e4\ne4\npress\nrepeat e3\ne5\nalign\ne5\nquit\n";
    let out = zweibrett(&d)
        .args(["play", "--role", "arbiter"])
        .write_stdin(input)
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let answers = stdout.lines().filter(|l| l.starts_with("answer: ")).count();
    assert!(answers >= 5, "{stdout}");
    assert!(
        stdout.contains(
            "divergence: Die Bretter weichen voneinander ab. Angesagt: Eva vier. Wiederholt: Eva drei."
        ),
        "{stdout}"
    );
    assert!(stdout.contains("> die Bretter weichen ab: angleichen oder zurücknehmen"));
    assert!(stdout.contains("announced: 1... e5: Eva f"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn resume_continues_the_latest_game_and_refuses_a_corrupted_journal() {
    let d = data("resume");
    let out = zweibrett(&d)
        .args(["play", "--repetition", "off", "--press", "auto"])
        .write_stdin("e4\nc5\nNf3\nquit\n")
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let path = journal_of(&stdout);
    let out = zweibrett(&d)
        .arg("resume")
        .write_stdin("resume\nd6\nquit\n")
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        stdout.contains("resumed: 3 Halbzüge: e4 c5 Nf3"),
        "{stdout}"
    );
    assert!(stdout.contains("announced: 2... d6"), "{stdout}");

    // A line in the middle spoiled: reported with its number, file untouched.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "garbage";
    let spoiled = lines.join("\n") + "\n";
    std::fs::write(&path, &spoiled).unwrap();
    let out = zweibrett(&d)
        .arg("resume")
        .arg(&path)
        .write_stdin("e4\nquit\n")
        .assert()
        .code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains("Zeile 3: keine Zeile eines Partieprotokolls"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), spoiled);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_arbiter_audits_the_boards_inside_the_game() {
    let d = data("audit");
    // Black repeats e3 for e4: the two scores differ at the first move, so
    // both boards go back to the start (D.2.9); a board that is told shows
    // what the arbiter finds there; a board that cannot be read is answered.
    let input = "e4\npress\nrepeat e3\naudit\n\
                 board white rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR\n\
                 board white Weiß König Wolke\nquit\n";
    let out = zweibrett(&d)
        .args(["play", "--role", "arbiter", "--voice", "en"])
        .write_stdin(input)
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let audit: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("audit: "))
        .collect();
    assert!(
        audit.contains(
            &"audit: At White's move 1 the scores differ: White has Eva four, Black has Eva three."
        ),
        "{audit:?}"
    );
    assert!(
        audit.contains(&"audit: Struck from Black's score: Eva three."),
        "{audit:?}"
    );
    assert!(
        audit.contains(&"audit: move the White Pawn from Eva three to Eva two"),
        "the told board has the pawn on e3: {audit:?}"
    );
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("answer: ") && l.contains("Wolke")),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn one_completed_move_is_said_in_the_singular() {
    let d = data("one-move");
    let input = "e4\npress\nrepeat e4\ne5\npress\nrepeat e5\ntime\nquit\n";
    let out = zweibrett(&d)
        .arg("play")
        .write_stdin(input)
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains(", 1 Zug ausgeführt"), "{stdout}");
    assert!(stdout.contains(", 0 Züge ausgeführt"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}
