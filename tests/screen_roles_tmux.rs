//! The full screen as the player alone and as the assistant, driven through
//! tmux: `zweibrett play --role player|assistant`, a game typed one move
//! text and Enter per half-move, the prompt and the cursor checked after
//! each, the game left and its journal and score read.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::Sandbox;
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// The opening of a real game, as each move is typed and as it is said.
const MOVES: [(&str, &str); 10] = [
    ("e4", "Eva vier"),
    ("c5", "Cesar fünf"),
    ("Nf3", "Springer Felix drei"),
    ("d6", "David sechs"),
    ("d4", "David vier"),
    ("cxd4", "Cesar schlägt David vier"),
    ("Nxd4", "Springer schlägt David vier"),
    ("Nf6", "Springer Felix sechs"),
    ("Nc3", "Springer Cesar drei"),
    ("a6", "Anna sechs"),
];

/// A game on the full screen in `home`, started with `args`.
fn start(name: &str, home: &Path, args: &[&str]) -> Tmux {
    let (config, data) = (home.join(".config"), home.join(".local/share"));
    let command = format!(
        "{} --speech none play {} ; sleep 30",
        env!("CARGO_BIN_EXE_zweibrett").replace(' ', "\\ "),
        args.join(" ")
    );
    let env = [
        ("HOME", home),
        ("XDG_CONFIG_HOME", config.as_path()),
        ("XDG_DATA_HOME", data.as_path()),
    ];
    let Some(tmux) = Tmux::start(name, 140, 45, &env, &command) else {
        panic!("tmux is needed for this test; the README's test command installs it");
    };
    tmux
}

/// Types `text` and Enter, then waits until the screen shows `shows` with
/// the input line empty and the cursor on it.
fn enter(tmux: &Tmux, text: &str, shows: &str) -> String {
    tmux.type_text(text);
    tmux.keys(&["Enter"]);
    let start = std::time::Instant::now();
    loop {
        let screen = tmux.wait_for(shows, WAIT);
        let (x, _) = tmux.cursor();
        if tmux.cursor_line().trim_end() == ">" && x == 2 {
            return screen;
        }
        assert!(
            start.elapsed() < WAIT,
            "after {text:?} the cursor is not on the empty input line:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Leaves the game with Ctrl-Q and its confirmation; the game's journal.
fn leave(tmux: &Tmux, home: &Path) -> PathBuf {
    tmux.keys(&["C-q"]);
    tmux.wait_for("y", WAIT);
    tmux.keys(&["y"]);
    let games = home.join(".local/share/zweibrett/games");
    let start = std::time::Instant::now();
    while tmux.is_running() && start.elapsed() < WAIT {
        let screen = tmux.screen();
        if !screen.contains("Zug") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .unwrap()
}

/// The commands a journal holds, without ticks and the pause on leaving.
fn typed(journal: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(journal)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["cmd"].clone())
        .filter(|c| c != "tick" && c != "pause")
        .collect()
}

#[test]
fn the_player_alone_types_their_move_and_the_opponents_as_heard() {
    let sandbox = Sandbox::new("screen-player");
    let tmux = start(
        "player",
        &sandbox.home,
        &["--role", "player", "--impaired", "white"],
    );
    tmux.wait_for("Weiß am Zug", WAIT);
    for (i, (san, said)) in MOVES.iter().enumerate() {
        // White's own move in SAN; Black's as White hears it.
        let (text, next) = if i % 2 == 0 {
            (
                *san,
                "Schwarz am Zug: den Zug eingeben, wie er angesagt wird",
            )
        } else {
            (*said, "Weiß am Zug: Zug eingeben")
        };
        let screen = enter(&tmux, text, next);
        assert!(
            screen.contains(said),
            "{text} not announced as {said}:\n{screen}"
        );
        assert!(
            !screen.contains("Uhr drücken"),
            "no press asked for:\n{screen}"
        );
    }
    let journal = leave(&tmux, &sandbox.home);
    let commands = typed(&journal);
    assert_eq!(commands.len(), MOVES.len(), "{commands:?}");
    assert!(
        commands.iter().all(|c| c.get("move").is_some()),
        "{commands:?}"
    );
}

#[test]
fn the_assistant_relays_both_moves_as_they_are_announced() {
    let sandbox = Sandbox::new("screen-assistant");
    let tmux = start(
        "assistant",
        &sandbox.home,
        &["--role", "assistant", "--impaired", "black"],
    );
    tmux.wait_for("Weiß am Zug", WAIT);
    for (i, (_, said)) in MOVES.iter().enumerate() {
        let next = if i % 2 == 0 {
            "Schwarz am Zug: Zug eingeben"
        } else {
            "Weiß am Zug: Zug eingeben"
        };
        let screen = enter(&tmux, said, next);
        assert!(screen.contains(said), "{said} not announced:\n{screen}");
    }
    let journal = leave(&tmux, &sandbox.home);
    assert_eq!(typed(&journal).len(), MOVES.len());
}
