//! The full screen as the player alone and as the assistant, driven through
//! tmux: `zweibrett play --role player|assistant`, a game typed one move
//! text and Enter per half-move, the prompt and the cursor checked after
//! each, the game left, its journal read and its transcript (what was said)
//! checked line by line.

use crate::common;

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

/// A game on the full screen in `home`, started with `args`, its
/// transcript written to `heard.txt` in `home`.
fn start(name: &str, home: &Path, args: &[&str]) -> Tmux {
    let transcript = home.join("heard.txt");
    let args = format!(
        "--speech none play --transcript {} {}",
        transcript.display(),
        args.join(" ")
    );
    Tmux::zweibrett(name, home, &args)
}

/// What is said as the game opens: the control, the start, the clock
/// started by the first move.
fn opening() -> Vec<String> {
    [
        "Bedenkzeit: neunzig Minuten für vierzig Züge, *",
        "Partie beginnt. Weiß am Zug.",
        "Uhr läuft",
    ]
    .map(String::from)
    .to_vec()
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
        // A capture can catch a frame half drawn (the step at the top new,
        // the log below it not yet): the screen is taken once it holds.
        if tmux.cursor_line().trim_end() == ">" && x == 2 && tmux.screen() == screen {
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
    tmux.wait_for("Partie verlassen?", WAIT);
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

/// Whether `line` fits `pattern`, where `*` stands for any text.
fn fits(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let Some(rest) = line.strip_prefix(parts[0]) else {
        return false;
    };
    let mut rest = rest;
    for (i, part) in parts.iter().enumerate().skip(1) {
        if i == parts.len() - 1 {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The transcript's lines, each `game time<TAB>wall time<TAB>text`,
/// checked against `expected` one by one; the texts.
fn assert_heard(home: &Path, expected: &[String]) {
    let text = std::fs::read_to_string(home.join("heard.txt")).unwrap();
    let heard: Vec<&str> = text
        .lines()
        .map(|l| {
            let fields: Vec<&str> = l.split('\t').collect();
            assert_eq!(fields.len(), 3, "{l:?}");
            assert!(fits("*:*:*.*", fields[0]), "game time {l:?}");
            assert!(fits("20*-*-*T*:*:*Z", fields[1]), "wall time {l:?}");
            fields[2]
        })
        .collect();
    for (n, (pattern, line)) in expected.iter().zip(&heard).enumerate() {
        assert!(
            fits(pattern, line),
            "line {}: expected {pattern:?}, heard {line:?}\n{text}",
            n + 1
        );
    }
    assert!(heard.len() >= expected.len(), "{text}");
    // Leaving asks first, then the clock stops, and how to come back is
    // said.
    let end = &heard[heard.len().saturating_sub(2)..];
    assert_eq!(
        end,
        [
            "Uhr angehalten",
            "Die Partie ist gespeichert; zweibrett fortsetzen setzt sie fort."
        ],
        "{text}"
    );
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
    // What the player heard: each move said back, nothing else; the
    // clock's start is heard in the first move, the steps are shown.
    let mut expected = opening();
    expected.pop();
    expected.extend(MOVES.iter().map(|(_, said)| said.to_string()));
    assert_heard(&sandbox.home, &expected);
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
    // The assistant hears the time only when asked (D.2.10.4): each move
    // and the next step.
    let mut expected = opening();
    for (i, (_, said)) in MOVES.iter().enumerate() {
        expected.push(said.to_string());
        let next = if i % 2 == 0 { "Schwarz" } else { "Weiß" };
        expected.push(format!("{next} am Zug: Zug eingeben"));
    }
    assert_heard(&sandbox.home, &expected);
}
