//! The deafblind player's braille display, through a real BRLTTY daemon
//! whose virtual display is the test: every message of a whole game read
//! with none dropped (the count's obsolete steps aside), in the order it
//! was said; the seats told each move read; the answer to a typed line
//! before what waits.

use crate::common;

use std::io::Write;
use std::time::Duration;

use common::brltty::{Brltty, cells as words, installed};
use common::plain::{Running, data_dir, until};

/// The display lines a message makes on a display `width` cells wide,
/// each broken between words; a move's announcement is one line, the move
/// in the chess code with its number and side.
fn windows(text: &str, width: usize) -> Vec<String> {
    let announced = [
        ("Eva vier", "⠂ ⠑⠲"),
        ("Eva fünf", "⠂ ⠤⠑⠢"),
        ("Springer Felix drei", "⠆ ⠎⠋⠒"),
    ];
    if let Some((_, cells)) = announced.iter().find(|(said, _)| *said == text) {
        return vec![cells.to_string()];
    }
    let cells: Vec<char> = words(text).chars().collect();
    zweibrett_core::braille::windows(&cells, width)
        .into_iter()
        .map(|w| cells[w].iter().collect::<String>().trim_end().to_string())
        .collect()
}

/// Whether a message is a step of the clock's count in its last seconds,
/// which the next step makes obsolete.
fn counted(text: &str) -> bool {
    let steps = [
        "neun", "acht", "sieben", "sechs", "fünf", "vier", "drei", "zwei", "eins",
    ];
    text.contains("zehn Sekunden")
        || steps
            .iter()
            .any(|s| text == *s || text.ends_with(&format!(": {s}")))
}

/// A game in the deafblind profile on `brltty`'s display, with `more`
/// arguments.
fn deafblind(data: &std::path::Path, brltty: &Brltty, more: &[&str]) -> Running {
    let mut args = vec![
        "play",
        "--repetition",
        "off",
        "--press",
        "auto",
        "--deafblind",
    ];
    args.extend_from_slice(more);
    Running::start_with(
        None,
        data,
        &args,
        &[
            ("BRLAPI_HOST", brltty.host.as_str()),
            ("BRLAPI_AUTH", "none"),
        ],
    )
}

/// Presses `key` and gives the line the display shows next.
fn after(brltty: &Brltty, key: &str) -> common::brltty::Shown {
    brltty.forget_shown();
    brltty.press(key);
    brltty.until(|_| true, Duration::from_secs(5))
}

#[test]
fn deafblind_every_message_of_a_whole_game_reaches_the_display_none_dropped() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("deafblind", 80);
    let data = data_dir("braille", "deafblind");
    let mut game = deafblind(&data, &brltty, &["--time", "12"]);
    let journal = until(&game, "journal:", Duration::from_secs(20));
    let journal = std::path::PathBuf::from(journal.last().unwrap().trim_start_matches("journal: "));
    for line in ["e4", "e5", "Nf3", "Remis"] {
        writeln!(game.stdin, "{line}").unwrap();
    }
    // Black's twelve seconds run out: ten seconds of countdown, each an
    // urgent message, then the flag and the result, faster than anyone reads.
    until(&game, "result: 1-0", Duration::from_secs(30));
    let said: Vec<String> = std::fs::read_to_string(journal.with_extension("transcript"))
        .unwrap()
        .lines()
        .map(|l| l.splitn(3, '\t').nth(2).unwrap().to_string())
        .collect();
    // The opening, four moves and the offer, the countdown, and the flag
    // fall in one sentence (6.9).
    assert!(said.len() >= 18, "{said:#?}");
    // Read as a player reads: each window once, unread (underlined) the
    // first time it shows, until none waits. Of the count, only its last
    // step is left to read: each step made the one before obsolete.
    let last_step = said.iter().rposition(|t| counted(t)).expect("a count");
    let to_read: Vec<&String> = said
        .iter()
        .enumerate()
        .filter(|(i, t)| !counted(t) || *i == last_step)
        .map(|(_, t)| t)
        .collect();
    let mut read = Vec::new();
    let mut shown = brltty.current();
    let expected: usize = to_read.iter().map(|t| windows(t, 80).len()).sum();
    while read.len() < expected {
        assert!(
            !shown.underlined().is_empty(),
            "read already, after {read:#?}: {}",
            shown.text()
        );
        read.push(shown.text());
        if read.len() < expected {
            shown = after(&brltty, "FwinRt");
        }
    }
    let mut wanted: Vec<String> = to_read.iter().flat_map(|t| windows(t, 80)).collect();
    let mut got = read.clone();
    wanted.sort();
    got.sort();
    assert_eq!(got, wanted, "every message read but the obsolete steps");
    // The count's last step before the flag: they happened in that order.
    let step = read
        .iter()
        .position(|w| *w == windows(&said[last_step], 80)[0]);
    let flag = read
        .iter()
        .position(|w| w.contains(&words("Fallblättchen")));
    assert!(step < flag && step.is_some(), "{read:#?}");
    // Back through the log from its first message, then forward: every
    // message in the order it was said.
    brltty.forget_shown();
    let first = windows(&said[0], 80)[0].clone();
    let mut at = after(&brltty, "FwinLt").text();
    while at != first {
        at = after(&brltty, "FwinLt").text();
    }
    let mut in_order = vec![at];
    let logged: usize = said.iter().map(|t| windows(t, 80).len()).sum();
    while in_order.len() < logged {
        in_order.push(after(&brltty, "FwinRt").text());
    }
    let chronological: Vec<String> = said.iter().flat_map(|t| windows(t, 80)).collect();
    assert_eq!(in_order, chronological);
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn deafblind_the_arbiters_seat_sees_each_move_read_on_the_display() {
    use common::seats;
    if !installed() {
        return;
    }
    let brltty = Brltty::start("read", 40);
    let home = seats::home("braille-read");
    let mut cmd = seats::command(&home);
    cmd.env("BRLAPI_HOST", &brltty.host)
        .env("BRLAPI_AUTH", "none")
        .args(["play", "--voice", "en", "--role", "player"])
        .args([
            "--impaired",
            "black",
            "--repetition",
            "off",
            "--press",
            "auto",
        ])
        .arg("--deafblind");
    let mut game = seats::Running::start(cmd);
    game.wait_for("> White to move");
    let mut seat = seats::Running::seat(&home, "arbiter");
    seat.wait_for("said: You sit at the arbiter's seat.");
    game.type_line("e4");
    game.wait_for("announced: 1. e4");
    // The messages wait in the order they came (the display's own among
    // them, from when BRLTTY answered): the player reads on until the
    // move, and past it.
    brltty.until(|s| !s.text().is_empty(), Duration::from_secs(15));
    let the_move = "⠂ ⠑⠲";
    let mut presses = 0;
    while after(&brltty, "Home").text() != the_move {
        presses += 1;
        assert!(presses < 12, "the move never came");
    }
    let early: Vec<String> = seat.lines.try_iter().collect();
    assert!(
        !early.iter().any(|l| l.contains("has read")),
        "not read before it is passed: {early:#?}"
    );
    brltty.press("Home");
    seat.wait_for("Black has read 1. e4 on the braille display.");
    game.type_line("quit");
    game.finish();
    let _ = seat.finish();
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn deafblind_the_answer_to_a_typed_line_takes_the_display_before_what_waits() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("deafblind-answer", 40);
    let data = data_dir("braille", "deafblind-answer");
    let mut game = deafblind(&data, &brltty, &[]);
    until(&game, "journal:", Duration::from_secs(20));
    // Two moves and their messages wait unread; then a move that cannot
    // be read is typed.
    for line in ["e4", "e5"] {
        writeln!(game.stdin, "{line}").unwrap();
    }
    until(&game, "announced: 1... e5", Duration::from_secs(10));
    brltty.forget_shown();
    writeln!(game.stdin, "Qx9").unwrap();
    let answer = until(&game, "answer:", Duration::from_secs(10));
    let text = answer
        .last()
        .unwrap()
        .split_once(": ")
        .unwrap()
        .1
        .to_string();
    let first = windows(&text, 40)[0].clone();
    let shown = brltty.until(|s| s.text() == first, Duration::from_secs(5));
    assert!(!shown.underlined().is_empty(), "unread: {}", shown.text());
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

/// Deafblind, with no display when the game starts: the game does not
/// start without the player. It waits, says so aloud and at the seats,
/// refuses every move meanwhile, and starts once BRLTTY has a display.
#[test]
fn deafblind_without_a_display_the_game_waits_for_one_and_says_so() {
    use common::seats;
    if !installed() {
        return;
    }
    let host = common::brltty::free_host();
    let home = seats::home("braille-awaited");
    let mut cmd = seats::command(&home);
    cmd.env("BRLAPI_HOST", &host)
        .env("BRLAPI_AUTH", "none")
        .args(["play", "--voice", "en", "--role", "player"])
        .args(["--impaired", "black", "--repetition", "off"])
        .args(["--press", "auto", "--deafblind"]);
    let mut game = seats::Running::start(cmd);
    game.wait_for("The game waits for the braille display: it starts as soon as BRLTTY has one.");
    let mut seat = seats::Running::seat(&home, "opponent");
    seat.wait_for("said: You sit at");
    seat.type_line("e4");
    seat.wait_for("The game waits for the braille display");
    game.type_line("e4");
    game.wait_for("The game waits for the braille display");
    // BRLTTY comes with a display: the game starts, and the seat is told.
    let brltty = Brltty::start_at("awaited", 40, &host);
    game.wait_for("The braille display shows the game, 40 cells.");
    seat.wait_for("The braille display shows the game, 40 cells.");
    game.type_line("e4");
    game.wait_for("announced: 1. e4");
    brltty.until(|s| !s.text().is_empty(), Duration::from_secs(5));
    game.type_line("quit");
    game.finish();
    let _ = seat.finish();
    let _ = std::fs::remove_dir_all(&home);
}
