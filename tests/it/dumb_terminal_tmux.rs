//! A terminal that says it cannot draw a screen gets line mode, as a pipe
//! does: `TERM=dumb` (Emacs's shell, where Emacspeak users work) and no
//! `TERM` at all. Driven through tmux, whose pane is a real terminal, with
//! every byte the program sends to it recorded: not one escape sequence,
//! the alternate screen never entered, and the game played by lines.

use crate::common;

use std::path::Path;
use std::time::Duration;

use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// Plays `e4` and leaves, in a pane whose program starts with `term`
/// (a shell prefix setting or removing TERM); returns what it sent.
fn played_with(name: &str, term: &str) -> Vec<u8> {
    let home = common::empty_home(name);
    let (config, data) = (home.join(".config"), home.join(".local/share"));
    let recorded = home.join("terminal.bytes");
    let _ = std::fs::remove_file(&recorded);
    let program = env!("CARGO_BIN_EXE_zweibrett").replace(' ', "\\ ");
    // The program starts once the recording is on: the shell waits for a
    // line first.
    let command = format!(
        "read start; {term} {program} --speech none --voice en play --role arbiter; sleep 30"
    );
    let env = [
        ("HOME", home.as_path()),
        ("XDG_CONFIG_HOME", config.as_path()),
        ("XDG_DATA_HOME", data.as_path()),
        ("ZWEIBRETT_SCREEN_READER", Path::new("none")),
    ];
    let tmux = Tmux::start(name, 100, 30, &env, &command)
        .expect("tmux is needed for this test; the README's test command installs it");
    tmux.record(&recorded);
    tmux.keys(&["Enter"]);
    tmux.wait_for("White to move", WAIT);
    assert_eq!(
        tmux.format("#{alternate_on}"),
        "0",
        "the alternate screen was entered"
    );
    tmux.type_text("e4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("announced: 1. e4: Eva four", WAIT);
    tmux.type_text("quit");
    tmux.keys(&["Enter"]);
    tmux.wait_for("resume", WAIT);
    let bytes = std::fs::read(&recorded).expect("tmux recorded the pane");
    let _ = std::fs::remove_dir_all(&home);
    bytes
}

fn assert_plain(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    assert!(
        text.contains("> White to move"),
        "no line-mode prompt in:\n{text}"
    );
    let escapes = bytes.iter().filter(|&&b| b == 0x1b).count();
    assert_eq!(
        escapes, 0,
        "{escapes} escape bytes sent to the terminal:\n{text:?}"
    );
}

#[test]
fn a_dumb_terminal_gets_line_mode_and_not_one_escape_sequence() {
    assert_plain(&played_with("dumb-terminal", "env TERM=dumb"));
}

#[test]
fn a_terminal_without_a_name_gets_line_mode_too() {
    assert_plain(&played_with("no-term", "env -u TERM"));
}
