//! The hall on a braille display, through a real BRLTTY daemon whose
//! virtual display is the test, at 20 and at 40 cells: every line the hall
//! says is read whole, window by window with pan right, none lost; a call
//! for the arbiter takes the display at once, underlined until read.

use std::io::Write;
use std::time::Duration;

use crate::common;
use common::brltty::{Brltty, Shown, cells, installed};
use common::hall::{live_board as board, write_whole as write};
use common::plain::{Running, data_dir, until};

/// Cells without their blanks: a line and its windows compare the same
/// wherever the windows broke it.
fn packed(text: &str) -> String {
    text.chars().filter(|c| *c != ' ' && *c != '⠀').collect()
}

/// Reads one message whole with pan right: from `shown`, the line on the
/// display now, on to the window that starts it (past the display's own
/// notice, or the end of the line before), then window by window to its
/// last. The windows' cells joined, and the line shown last.
fn read_whole(brltty: &Brltty, mut shown: Shown, expected: &str) -> (String, Shown) {
    let wanted = packed(&cells(expected));
    let start: String = wanted.chars().take(8).collect();
    for _ in 0..40 {
        if packed(&shown.text()).starts_with(&start) {
            break;
        }
        brltty.press("FwinRt");
        shown = brltty.until(|_| true, Duration::from_secs(5));
    }
    let mut read = packed(&shown.text());
    assert!(read.starts_with(&start), "never reached {expected:?}");
    // On to the line's last window: pan right there changes nothing.
    while read.chars().count() < wanted.chars().count() {
        brltty.press("FwinRt");
        let mut seen = Vec::new();
        match brltty.within(|_| true, Duration::from_secs(3), &mut seen) {
            Some(next) => {
                read.push_str(&packed(&next.text()));
                shown = next;
            }
            None => break,
        }
    }
    (read, shown)
}

fn the_hall_is_read_whole_at(cells_wide: usize) {
    let brltty = Brltty::start(&format!("hall-{cells_wide}"), cells_wide);
    let data = data_dir("hall-braille", &cells_wide.to_string());
    let round = data.join("round");
    std::fs::create_dir_all(&round).unwrap();
    let file = round.join("board-1.pgn");
    write(&file, &board(1, "1. e4 {[%clk 1:29:50]}", false));
    let mut hall = Running::start_with(
        None,
        &data,
        &[
            "hall",
            "--voice",
            "en",
            "--braille-display",
            "on",
            round.to_str().unwrap(),
        ],
        &[
            ("BRLAPI_HOST", brltty.host.as_str()),
            ("BRLAPI_AUTH", "none"),
        ],
    );
    let seen = until(
        &hall,
        "board 1: White 1 against Black 1",
        Duration::from_secs(20),
    );
    let opened = seen
        .iter()
        .find(|l| l.starts_with("The hall follows"))
        .expect("the opening line")
        .clone();
    let summary = seen.last().unwrap().clone();
    // The opening line first, then the board, each read whole.
    let now = brltty.until(|_| true, Duration::from_secs(10));
    let (first, now) = read_whole(&brltty, now, &opened);
    assert_eq!(first, packed(&cells(&opened)), "at {cells_wide} cells");
    let (second, _) = read_whole(&brltty, now, &summary);
    assert_eq!(second, packed(&cells(&summary)), "at {cells_wide} cells");

    // A divergence takes the display at once, underlined: not yet read.
    write(&file, &board(1, "1. e4 {[%clk 1:29:50]} e5", true));
    let start = cells("board 1: the");
    let call = brltty.until(|s| s.text().starts_with(&start), Duration::from_secs(10));
    assert!(!call.underlined().is_empty(), "unread: {call:?}");
    let said = until(
        &hall,
        "board 1: the boards diverge",
        Duration::from_secs(10),
    );
    let line = said.last().unwrap().clone();
    let (read, _) = read_whole(&brltty, call, &line);
    assert_eq!(read, packed(&cells(&line)), "at {cells_wide} cells");
    writeln!(hall.stdin, "quit").unwrap();
    assert!(hall.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn every_line_of_the_hall_is_read_whole_on_twenty_and_forty_cells() {
    if !installed() {
        return;
    }
    the_hall_is_read_whole_at(20);
    the_hall_is_read_whole_at(40);
}
