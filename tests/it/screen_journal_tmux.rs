//! The full screen on a slow disk, driven through tmux under strace's
//! fault injection: while a move's line waits 1.5 s for the disk the
//! clock on screen goes on, the wait is said and shown, and the move typed
//! next is charged from the moment it was typed. Skipped, with a note,
//! where strace cannot trace.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::Sandbox;
use common::plain::has_strace;
use common::tmux::Tmux;
use zweibrett_core::game::Command;
use zweibrett_core::record::journal::read;

const WAIT: Duration = Duration::from_secs(20);

/// The times of day (`M:SS` or `H:MM:SS`) on `screen`, in order.
fn times(screen: &str) -> Vec<String> {
    screen
        .split(|c: char| !(c.is_ascii_digit() || c == ':'))
        .filter(|w| w.len() >= 4 && w.contains(':') && w.starts_with(|c: char| c.is_ascii_digit()))
        .map(String::from)
        .collect()
}

fn journal_in(games: &Path) -> PathBuf {
    std::fs::read_dir(games)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("a journal")
}

#[test]
fn on_a_slow_disk_the_screen_and_the_clock_go_on_and_the_wait_is_said() {
    if !has_strace() {
        return;
    }
    let sandbox = Sandbox::new("screen-journal");
    let home = sandbox.home.clone();
    let (config, data) = (home.join(".config"), home.join(".local/share"));
    // Every sync of the journal's writer after its first (e4) takes 1.5 s;
    // strace counts each thread's calls.
    let command = format!(
        "strace -f -o /dev/null -e trace=fdatasync -e inject=fdatasync:delay_exit=1500000:when=2+ {} \
         --speech none play --role arbiter --repetition off --press auto --voice en --time 600 ; sleep 30",
        env!("CARGO_BIN_EXE_zweibrett").replace(' ', "\\ ")
    );
    let env = [
        ("HOME", home.as_path()),
        ("XDG_CONFIG_HOME", config.as_path()),
        ("XDG_DATA_HOME", data.as_path()),
    ];
    let tmux = Tmux::start("screen-journal", 140, 45, &env, &command)
        .expect("tmux is needed for this test; the README's test command installs it");
    tmux.wait_for("White to move: enter a move, or press", WAIT);
    tmux.type_text("e4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Black to move: enter a move", WAIT);
    tmux.type_text("e5");
    tmux.keys(&["Enter"]);
    let entered = Instant::now();
    // Nf3 is typed 0.2 s later, while e5 waits for the disk.
    std::thread::sleep(Duration::from_millis(200));
    tmux.type_text("Nf3");
    tmux.keys(&["Enter"]);
    let early = tmux.screen();
    // More than a second later, Nf3 still waits behind e5.
    std::thread::sleep(
        Duration::from_millis(1200).saturating_sub(entered.elapsed()) + Duration::from_millis(250),
    );
    let late = tmux.screen();
    assert!(
        !late.contains("Knight Felix three"),
        "the screens were read while the moves waited:\n{late}"
    );
    assert_ne!(
        times(&early),
        times(&late),
        "the clock goes on:\n{early}\n{late}"
    );
    assert!(
        late.contains("The game is still being saved"),
        "the wait is shown:\n{late}"
    );
    tmux.wait_for("Knight Felix three", WAIT);
    tmux.keys(&["C-q"]);
    tmux.wait_for("Leave the game?", WAIT);
    tmux.keys(&["y"]);
    tmux.wait_for("The game is kept in", WAIT);

    let journal = journal_in(&data.join("zweibrett/games"));
    let bytes = std::fs::read(&journal).unwrap();
    let loaded = read(&bytes, &journal).unwrap();
    let t = |text: &str| {
        loaded
            .entries
            .iter()
            .find(|e| e.cmd == Command::Move(text.into()))
            .unwrap_or_else(|| panic!("no {text}"))
            .t_ms
    };
    let charged = t("Nf3") - t("e5");
    assert!(
        (100..=600).contains(&charged),
        "Nf3, typed 0.2 s after e5, is recorded {charged} ms after it"
    );
}
