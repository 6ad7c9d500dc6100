//! The full screen's log paged back through tmux: in a game with a log
//! longer than the window, Page Up brings an older line into view while
//! the cursor stays on the input line.

use crate::common;

use std::time::{Duration, Instant};

use common::Sandbox;
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(30);

#[test]
fn page_up_shows_an_older_line_and_the_cursor_stays_on_the_input_line() {
    let name = "log-page-up";
    let sandbox = Sandbox::new(name);
    let tmux = Tmux::zweibrett(name, &sandbox.home, "--speech none play --voice en");
    tmux.wait_for("White to move", WAIT);
    // Sixty lines the game cannot read, each answered: far more than the
    // log area holds.
    tmux.type_text("zzfirst");
    tmux.keys(&["Enter"]);
    for n in 2..=60 {
        tmux.type_text(&format!("zz{n}"));
        tmux.keys(&["Enter"]);
    }
    let screen = tmux.wait_for("zz60", WAIT);
    assert!(!screen.contains("zzfirst"), "{screen}");
    let start = Instant::now();
    let mut screen = tmux.screen();
    while !screen.contains("zzfirst") {
        assert!(
            start.elapsed() < WAIT,
            "Page Up never reached the first line:\n{screen}"
        );
        tmux.keys(&["PPage"]);
        std::thread::sleep(Duration::from_millis(200));
        screen = tmux.screen();
    }
    assert!(
        tmux.cursor_line().starts_with('>'),
        "the cursor left the input line:\n{screen}"
    );
    // Typing returns to the newest line.
    tmux.type_text("e");
    let start = Instant::now();
    while tmux.screen().contains("zzfirst") {
        assert!(
            start.elapsed() < WAIT,
            "typing did not return to the newest line"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(tmux.screen().contains("zz60"));
    assert!(tmux.cursor_line().starts_with("> e"), "{}", tmux.screen());
}
