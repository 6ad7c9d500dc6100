//! The full screen by ear, driven through tmux: a few moves typed on the
//! game screen with speech off, then the transcript beside the journal
//! read line by line — the start, each move, the time after each press,
//! each new step once, an answer, leaving.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::Sandbox;
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// Types `text`, presses Enter, and waits until the screen shows `shows`.
fn enter(tmux: &Tmux, text: &str, shows: &str) -> String {
    tmux.type_text(text);
    tmux.keys(&["Enter"]);
    tmux.wait_for(shows, WAIT)
}

/// The one transcript in the games directory, once it has `lines` lines.
fn transcript(games: &Path, lines: usize) -> (PathBuf, Vec<String>) {
    let start = Instant::now();
    loop {
        let found: Vec<PathBuf> = std::fs::read_dir(games)
            .map(|dir| {
                dir.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "transcript"))
                    .collect()
            })
            .unwrap_or_default();
        if let [path] = found.as_slice() {
            let text = std::fs::read_to_string(path).unwrap();
            let said: Vec<String> = text
                .lines()
                .map(|l| {
                    let fields: Vec<&str> = l.split('\t').collect();
                    assert_eq!(fields.len(), 3, "{l:?}");
                    fields[2].to_string()
                })
                .collect();
            if said.len() >= lines || start.elapsed() > WAIT {
                return (path.clone(), said);
            }
        }
        assert!(
            start.elapsed() < WAIT,
            "no transcript in {}",
            games.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_transcript_of_a_game_on_the_full_screen_has_what_was_said() {
    let sandbox = Sandbox::new("screen-transcript");
    let home = sandbox.home.clone();
    let tmux = Tmux::zweibrett(
        "transcript",
        &home,
        "--speech none play --role arbiter --repetition off --press auto --voice en --time 600",
    );
    tmux.wait_for("White to move: enter a move, or press", WAIT);
    enter(&tmux, "e4", "Black to move: enter a move");
    enter(&tmux, "e5", "White to move: enter a move");
    enter(&tmux, "Nf3", "Knight Felix three");
    tmux.wait_for("Black to move: enter a move", WAIT);
    enter(&tmux, "time", ", used ");
    tmux.keys(&["C-q"]);
    tmux.wait_for("Leave the game?", WAIT);
    tmux.keys(&["y"]);
    tmux.wait_for("The game is kept in", WAIT);

    let games = home.join(".local/share/zweibrett/games");
    let (path, said) = transcript(&games, 15);
    assert!(path.with_extension("jsonl").exists(), "beside the journal");
    let said: Vec<&str> = said.iter().map(String::as_str).collect();
    let starts = |i: usize, start: &str| {
        assert!(
            said.get(i).is_some_and(|s| s.starts_with(start)),
            "line {i} should start with {start:?}: {said:#?}"
        );
    };
    assert_eq!(
        said[..4],
        [
            "Time control: ten minutes.",
            "The game begins. White to move.",
            "Clock running",
            "Eva four"
        ],
        "{said:#?}"
    );
    starts(4, "White: ten minutes");
    assert_eq!(said[5], "Black to move: enter a move");
    assert_eq!(said[6], "Eva five");
    starts(7, "Black: ten minutes");
    assert_eq!(said[8], "White to move: enter a move");
    assert_eq!(said[9], "Knight Felix three");
    starts(10, "White: ");
    assert_eq!(said[11], "Black to move: enter a move");
    // The answer, and the same step not said again after it.
    assert!(said[12].contains(", used "), "{said:#?}");
    starts(13, "Leave the game?");
    // Leaving pauses the clock and says how to come back; no step is
    // said as the game is left.
    assert_eq!(said[14], "Clock paused");
    assert_eq!(said[15], "The game is kept; zweibrett resume continues it.");
    assert_eq!(said.len(), 16, "{said:#?}");
}
