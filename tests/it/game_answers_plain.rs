//! The program's own questions answered on the next line, through plain
//! mode in the FIDE pack's German words (D.2.1): "Welcher Springer: von
//! Bella eins oder von Felix drei?" answered "Bella eins", "der erste" or
//! "1", for a move, its repetition and a correction; a resumed game that
//! reads the answers the same way; a divergence that says what each
//! player changes on their own board, which `align` then changes (D.2.9);
//! and `board` reading back what `pieces` answered, in every pack.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

use crate::common;

use common::plain::{data_dir, has, journal_of, stdout_of};

fn data(name: &str) -> PathBuf {
    data_dir("answers", name)
}

/// The program as the arbiter, in the fide pack's words.
fn zweibrett(data: &Path) -> Command {
    common::plain::arbiter_game(data, "fide")
}

/// 1.Nf3 d5 2.d3 e5, each move pressed and repeated: both white knights
/// reach d2.
const TWO_KNIGHTS: &str = "Nf3\npress\nrepeat Nf3\nd5\npress\nrepeat d5\n\
                           d3\npress\nrepeat d3\ne5\npress\nrepeat e5\n";

const QUESTION: &str = "answer: Welcher Springer: von Bella eins oder von Felix drei?";

#[test]
fn bella_eins_answers_which_knight() {
    let d = data("bella");
    let input = format!("{TWO_KNIGHTS}Springer David zwei\nBella eins\npress\nquit\n");
    let out = stdout_of(zweibrett(&d).write_stdin(input).assert().success());
    has(&out, QUESTION);
    has(&out, "announced: 3. Nbd2: Springer Bella David zwei");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn der_erste_and_1_answer_too_and_a_wrong_answer_is_asked_again() {
    let d = data("ordinal");
    let input = format!(
        "{TWO_KNIGHTS}a3\ncorrect Springer David zwei\nCesar eins\nder erste\npress\n\
         repeat Springer David zwei\n1\nSf6\npress\nrepeat Sf6\nquit\n"
    );
    let out = stdout_of(zweibrett(&d).write_stdin(input).assert().success());
    has(&out, "announced: 3. a3: Anna drei");
    // The correction asks; a wrong answer is refused and the question said
    // again; "der erste" picks the knight on b1 (D.2.8).
    has(&out, QUESTION);
    has(
        &out,
        "answer: Keine der Möglichkeiten: Cesar eins. Welcher Springer: von Bella eins oder von Felix drei?",
    );
    has(
        &out,
        "corrected: 3. Nbd2: Berichtigung: Springer Bella David zwei",
    );
    // Black repeats the same text on their own board and answers "1".
    has(&out, "repeated: Wiederholt: Springer Bella David zwei");
    has(&out, "announced: 3... Nf6: Springer Felix sechs");

    // The journal keeps the lines as typed; a resumed game reads them the
    // same way.
    let journal = journal_of(&out);
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(text.contains("\"der erste\""), "{text}");
    let resumed = stdout_of(
        common::plain::zweibrett(&d)
            .arg("resume")
            .write_stdin("quit\n")
            .assert()
            .success(),
    );
    assert!(
        resumed.contains("resumed: 6 Halbzüge: Nf3 d5 d3 e5 Nbd2 Nf6"),
        "{resumed}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_divergence_says_what_each_board_changes_and_align_changes_just_that() {
    let d = data("divergence");
    // Black repeats White's Nbd2 as Nfd2 (D.2.9); the announced move stands.
    let input = format!(
        "{TWO_KNIGHTS}Springer Bella David zwei\npress\nrepeat Springer Felix David zwei\n\
         audit\nalign\naudit\nquit\n"
    );
    let out = stdout_of(zweibrett(&d).write_stdin(input).assert().success());
    let black = "Das Brett von Schwarz wird berichtigt, 2 Felder: Springer von Weiß von Bella \
                 eins nach Felix drei stellen.";
    has(
        &out,
        &format!("ruling: Gilt der angesagte Zug (D.2.9): Das Brett von Weiß ist richtig. {black}"),
    );
    has(&out, &format!("ruling: {black}"));
    // The audit before align retraces to where the scores agree (they
    // differ here), in the same words for the same squares and pieces.
    has(
        &out,
        "audit: Springer von Weiß von David zwei nach Felix drei stellen",
    );
    // After align, the audit finds both boards right.
    has(&out, "audit: Beide Bretter zeigen die richtige Stellung.");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn board_reads_back_what_pieces_answered() {
    for (voice, right) in [
        ("fide", "Beide Bretter zeigen die richtige Stellung."),
        ("en", "Both boards show the right position."),
        ("pt", "Os dois tabuleiros mostram a posição certa."),
        ("es", "Los dos tableros muestran la posición correcta."),
    ] {
        let d = data(&format!("pieces-{voice}"));
        let first = stdout_of(
            common::plain::zweibrett(&d)
                .args(["play", "--voice", voice, "--role", "arbiter"])
                .args(["--repetition", "off", "--press", "auto"])
                .write_stdin("e4\nNf6\npieces all\nquit\n")
                .assert()
                .success(),
        );
        let all = first
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("answer: "))
            .unwrap_or_else(|| panic!("no pieces answer: {first}"))
            .to_string();
        let _ = std::fs::remove_dir_all(&d);
        let out = stdout_of(
            common::plain::zweibrett(&d)
                .args(["play", "--voice", voice, "--role", "arbiter"])
                .args(["--repetition", "off", "--press", "auto"])
                .write_stdin(format!(
                    "e4\nNf6\nboard black {all}\nboard white {all}\nquit\n"
                ))
                .assert()
                .success(),
        );
        // Each board, read from the answer, is the board the program keeps.
        let audited = format!("audit: {right}");
        let right = out.lines().filter(|l| *l == audited).count();
        assert_eq!(right, 2, "{voice}:\n{out}");
        let _ = std::fs::remove_dir_all(&d);
    }
}
