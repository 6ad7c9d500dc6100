//! Moves said aloud on the full screen (`--listen`), driven through tmux:
//! a recording stands in for the microphone; what is heard is carried out
//! as the same words typed, the cursor stays on the input line, and a
//! question is asked, never a guess.

use crate::common;

use std::path::Path;
use std::time::Duration;

use common::Sandbox;
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(30);

fn recording(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/hear")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn a_move_said_is_announced_on_the_screen() {
    let sandbox = Sandbox::new("hear-screen-said");
    let tmux = Tmux::zweibrett(
        "hear-screen-said",
        &sandbox.home,
        &format!(
            "--speech none play --voice fide --listen-from {}",
            recording("springer-felix-drei.wav")
        ),
    );
    tmux.wait_for("Ich höre zu", WAIT);
    // What was heard is logged at once; the move is announced once it is
    // on disk.
    let screen = tmux.wait_for("Nf3: Springer Felix drei", WAIT);
    assert!(screen.contains("Schwarz am Zug"), "{screen}");
    assert!(
        tmux.cursor_line().starts_with('>'),
        "{}",
        tmux.cursor_line()
    );
    tmux.keys(&["C-q"]);
}

#[test]
fn a_question_is_asked_and_the_answer_heard() {
    let sandbox = Sandbox::new("hear-screen-asked");
    let tmux = Tmux::zweibrett(
        "hear-screen-asked",
        &sandbox.home,
        &format!(
            "--speech none play --voice fide --listen-from {}",
            recording("springer-asked-then-long.wav")
        ),
    );
    // The short form, muffled, is asked about alone; the long form said
    // next answers it.
    let screen = tmux.wait_for("Springer Felix drei? Bitte ja oder nein", WAIT);
    assert!(!screen.contains("Schwarz am Zug"), "{screen}");
    let screen = tmux.wait_for("Schwarz am Zug", WAIT);
    assert!(screen.contains("Springer Felix drei"), "{screen}");
    tmux.keys(&["C-q"]);
}

#[test]
fn the_listening_key_hears_one_utterance() {
    let sandbox = Sandbox::new("hear-screen-push");
    let tmux = Tmux::zweibrett(
        "hear-screen-push",
        &sandbox.home,
        &format!(
            "--speech none play --voice en --listen=push --listen-from {}",
            recording("springer-felix-drei.wav")
        ),
    );
    tmux.wait_for("Listening: say the move", WAIT);
    tmux.keys(&["F11"]);
    tmux.wait_for("Listening: speak now.", WAIT);
    // The recording is German: not an English move, and never a guess.
    let screen = tmux.wait_for("Not understood", WAIT);
    assert!(screen.contains("White to move"), "{screen}");
    tmux.keys(&["C-n"]);
    tmux.wait_for("Listening: speak now.", WAIT);
    tmux.keys(&["C-n"]);
    tmux.wait_for("Not listening.", WAIT);
    assert!(
        tmux.cursor_line().starts_with('>'),
        "{}",
        tmux.cursor_line()
    );
    tmux.keys(&["C-q"]);
}
