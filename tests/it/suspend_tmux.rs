//! A full-screen game stopped from outside and taken up again, as job
//! control does it: SIGTSTP sent to the program in an interactive shell,
//! then `fg`. While stopped the shell has its own screen back; after `fg`
//! the game's screen is drawn whole again, raw mode is back (Enter takes
//! a move, Ctrl-Q is the program's key, not flow control), and the game
//! goes on where it stood.

use crate::common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// Waits until tmux's `format` reads `value`.
fn until_format(tmux: &Tmux, format: &str, value: &str) {
    let start = Instant::now();
    while tmux.format(format) != value {
        assert!(
            start.elapsed() < WAIT,
            "{format} never became {value}; the screen:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The terminal's modes as `stty -a` lists them for the pane.
fn modes(tmux: &Tmux) -> String {
    let tty = tmux.format("#{pane_tty}");
    let out = Command::new("stty")
        .args(["-a", "-F", &tty])
        .output()
        .expect("stty runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Whether `modes` lists `flag` as set or, with a leading `-`, as unset.
fn has_mode(modes: &str, flag: &str) -> bool {
    modes.split_whitespace().any(|m| m == flag)
}

#[test]
fn a_full_screen_game_stopped_and_taken_up_again_is_drawn_whole_and_takes_keys() {
    let home = common::empty_home("suspend");
    let (config, data) = (home.join(".config"), home.join(".local/share"));
    let env = [
        ("HOME", home.as_path()),
        ("XDG_CONFIG_HOME", config.as_path()),
        ("XDG_DATA_HOME", data.as_path()),
        ("ZWEIBRETT_SCREEN_READER", Path::new("none")),
    ];
    let tmux = Tmux::start("suspend", 100, 30, &env, "bash --norc --noprofile -i")
        .expect("tmux is needed for this test; the README's test command installs it");
    // bash's own prompt, "bash-5.2$ " or, for root, "bash-5.2# ".
    tmux.wait_for("bash-", WAIT);
    let program = env!("CARGO_BIN_EXE_zweibrett").replace(' ', "\\ ");
    tmux.type_text(&format!(
        "{program} --speech none --voice en play --role arbiter --press auto"
    ));
    tmux.keys(&["Enter"]);
    tmux.wait_for("White to move", WAIT);
    until_format(&tmux, "#{alternate_on}", "1");
    tmux.type_text("e4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("1. e4: Eva four", WAIT);

    let pid = program_pid(&tmux);
    let stopped = Command::new("kill")
        .args(["-s", "TSTP", &pid])
        .status()
        .unwrap();
    assert!(stopped.success());
    // Stopped: the shell's own screen, in the shell's modes.
    until_format(&tmux, "#{alternate_on}", "0");
    tmux.wait_for("Stopped", WAIT);
    tmux.type_text("fg");
    tmux.keys(&["Enter"]);
    until_format(&tmux, "#{alternate_on}", "1");
    // Drawn whole: the boards and the move are there again, not only
    // what changed after.
    let screen = tmux.wait_for("1. e4: Eva four", WAIT);
    assert!(screen.contains("Board of White"), "{screen}");
    let modes = modes(&tmux);
    assert!(
        has_mode(&modes, "-icanon") && has_mode(&modes, "-ixon"),
        "raw mode is back: {modes}"
    );
    // Enter takes each line: Black confirms White's move, then moves.
    tmux.type_text("confirm");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Black to move", WAIT);
    tmux.type_text("e5");
    tmux.keys(&["Enter"]);
    tmux.wait_for("1... e5: Eva five", WAIT);
    tmux.keys(&["C-q"]);
    tmux.wait_for("Leave the game?", WAIT);
    tmux.type_text("y");
    tmux.wait_for("zweibrett resume", WAIT);
    until_format(&tmux, "#{alternate_on}", "0");
    let _ = std::fs::remove_dir_all(&home);
}

/// The program's process id: the shell's child running it.
fn program_pid(tmux: &Tmux) -> String {
    let shell = tmux.format("#{pane_pid}");
    let out = Command::new("pgrep")
        .args(["-P", &shell, "-f", "zweibrett"])
        .output()
        .expect("pgrep runs");
    let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(
        !pid.is_empty() && !pid.contains('\n'),
        "one program: {pid:?}"
    );
    pid
}
