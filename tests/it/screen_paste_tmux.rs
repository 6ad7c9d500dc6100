//! A long paste into the full screen's input line, driven through tmux:
//! 500 lines arrive whole without a further key, and a pasted line past
//! the line bound stops at it, said once.

use crate::common;

use std::process::Command;
use std::time::Duration;

use common::Sandbox;
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(30);

/// The socket name `Tmux::zweibrett` gives a test's terminal.
fn socket(name: &str) -> String {
    format!("zweibrett-{name}-{}", std::process::id())
}

/// Pastes `text` into the terminal of the test `name` as a terminal's
/// paste does (line ends sent as Enter).
fn paste(name: &str, text: &str) {
    let socket = socket(name);
    let file = std::env::temp_dir().join(format!("{socket}.paste"));
    std::fs::write(&file, text).unwrap();
    for args in [
        vec!["load-buffer", "-b", "paste", file.to_str().unwrap()],
        vec!["paste-buffer", "-b", "paste", "-t", "0"],
    ] {
        let status = Command::new("tmux")
            .args(["-L", &socket])
            .args(&args)
            .status()
            .unwrap();
        assert!(status.success(), "tmux {args:?}");
    }
    let _ = std::fs::remove_file(file);
}

/// A game in English on the full screen, in a sandbox and a terminal of
/// the test `name`'s own, waiting for White's first move.
fn game(name: &str) -> (Sandbox, Tmux) {
    let sandbox = Sandbox::new(name);
    let tmux = Tmux::zweibrett(name, &sandbox.home, "--speech none play --voice en");
    tmux.wait_for("White to move", WAIT);
    (sandbox, tmux)
}

#[test]
fn five_hundred_pasted_lines_all_arrive_without_another_key() {
    let name = "paste-lines";
    let (_sandbox, tmux) = game(name);
    // 499 lines the game cannot read, each answered and nothing done, and
    // a last line left on the input line without its Enter.
    let mut text: String = (1..500).map(|n| format!("zz{n}\n")).collect();
    text.push_str("Nf3");
    paste(name, &text);
    let screen = tmux.wait_for("zz499", WAIT);
    let start = std::time::Instant::now();
    while tmux.cursor_line().trim_end() != "> Nf3" {
        assert!(
            start.elapsed() < WAIT,
            "the paste's last line is not on the input line:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(screen.contains("zz499"), "{screen}");
}

#[test]
fn a_pasted_line_past_the_bound_stops_at_it_and_says_so_once() {
    let name = "paste-long";
    let (_sandbox, tmux) = game(name);
    paste(name, &"a".repeat(1500));
    let full = "The input line is full: it holds at most 1000 characters.";
    let screen = tmux.wait_for(full, WAIT);
    assert_eq!(screen.matches(full).count(), 1, "{screen}");
    // The line keeps the first 1000 characters; the rest was dropped.
    assert!(tmux.cursor_line().starts_with("> aaaa"), "{screen}");
}
