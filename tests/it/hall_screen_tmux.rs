//! The hall on the full screen under tmux, as the arbiter uses it by
//! keyboard: every board on a line of its own with the cursor on the one
//! chosen, a board that calls for the arbiter listed first while the one
//! chosen stays chosen, Enter opening a board with its score, a board's
//! number typed and entered, F1 saying the keys, `quit` leaving. In the
//! screen-reader layout, each line whole.

use std::path::Path;
use std::time::Duration;

use crate::common;
use common::hall::{live_board, write_whole};
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// Board `number`'s live PGN written whole into `path`.
fn write(path: &Path, number: u32, moves: &str, call: bool) {
    write_whole(path, &live_board(number, moves, call));
}

#[test]
fn the_arbiter_chooses_opens_and_asks_by_keyboard_and_the_cursor_follows() {
    let home = common::empty_home("hall-screen");
    let round = home.join("round");
    std::fs::create_dir_all(&round).unwrap();
    write(
        &round.join("board-1.pgn"),
        1,
        "1. e4 {[%clk 1:29:50]}",
        false,
    );
    write(
        &round.join("board-2.pgn"),
        2,
        "1. d4 {[%clk 1:29:40]} d5",
        false,
    );
    let args = format!(
        "--speech none --screen-reader hall --voice en {}",
        round.display()
    );
    let screen = Tmux::zweibrett("hall-screen", &home, &args);
    screen.wait_for("The hall: 2 boards", WAIT);
    screen.wait_for(
        "board 2: White 2 against Black 2, move 1, last 1... d5",
        WAIT,
    );
    // The first board is chosen, the cursor on its line.
    assert!(
        screen.cursor_line().starts_with("▶ board 1: White 1"),
        "{}",
        screen.screen()
    );
    screen.keys(&["Down"]);
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        screen.cursor_line().starts_with("▶ board 2: White 2"),
        "{}",
        screen.screen()
    );

    // Board 1 calls: listed first; board 2 stays chosen.
    write(
        &round.join("board-1.pgn"),
        1,
        "1. e4 {[%clk 1:29:50]} e5",
        true,
    );
    screen.wait_for("board 1: the boards diverge; the arbiter is called.", WAIT);
    let shown = screen.screen();
    let first = shown.find("  board 1: White 1").expect("board 1 listed");
    let second = shown
        .find("▶ board 2: White 2")
        .expect("board 2 still chosen");
    assert!(first < second, "the call first:\n{shown}");
    assert!(screen.cursor_line().starts_with("▶ board 2"), "{shown}");

    // Enter opens the board chosen: its score under the list.
    screen.keys(&["Enter"]);
    screen.wait_for("board 2, the score: 1. d4, 1... d5", WAIT);
    // A number typed and entered opens that board; the cursor was on the
    // input line while it was typed.
    screen.type_text("1");
    assert!(
        screen.cursor_line().starts_with("> 1"),
        "{}",
        screen.screen()
    );
    screen.keys(&["Enter"]);
    screen.wait_for("board 1, the score: 1. e4, 1... e5", WAIT);
    assert!(
        screen.cursor_line().starts_with("▶ board 1"),
        "{}",
        screen.screen()
    );
    screen.keys(&["F1"]);
    screen.wait_for("Up and Down choose a board", WAIT);
    // Every line whole: the long summary is wrapped, not cut.
    let shown = screen.screen();
    assert!(
        shown.contains("waiting for the arbiter: the boards diverge."),
        "{shown}"
    );
    screen.type_text("quit");
    screen.keys(&["Enter"]);
    let until = std::time::Instant::now() + WAIT;
    while screen.format("#{alternate_on}").trim() == "1" {
        assert!(
            std::time::Instant::now() < until,
            "still on the full screen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&home);
}
