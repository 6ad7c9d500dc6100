//! The signals that end a session from outside (SIGTERM, SIGHUP when the
//! window closes, SIGINT, SIGQUIT): the full screen and the talking clock
//! give the terminal back (raw mode off, the alternate screen left), a
//! running game's clock is paused and journalled where it stood, and the
//! status says which signal it was. Plain mode leaves as at the end of its
//! input.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::tmux::Tmux;

/// A program run in a tmux window through a shell that writes its pid
/// first, then its exit status and the terminal's settings once it ends.
struct Watched {
    tmux: Tmux,
    dir: PathBuf,
}

impl Watched {
    fn start(name: &str, args: &str) -> Watched {
        let dir = std::env::temp_dir().join(format!("zweibrett-sig-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let d = dir.display();
        let program = env!("CARGO_BIN_EXE_zweibrett");
        let command = format!(
            "sh -c 'echo $$ > {d}/pid; exec {program} {args}'; echo $? > {d}/status; \
             stty -a > {d}/stty; sleep 30"
        );
        let (config, data) = (dir.join("config"), dir.join("data"));
        let env = [
            ("HOME", dir.as_path()),
            ("XDG_CONFIG_HOME", config.as_path()),
            ("XDG_DATA_HOME", data.as_path()),
            ("ZWEIBRETT_LABELS", Path::new("english")),
            ("ZWEIBRETT_SCREEN_READER", Path::new("none")),
        ];
        let tmux = Tmux::start(name, 140, 45, &env, &command)
            .expect("tmux is needed for this test; the README's test command installs it");
        Watched { tmux, dir }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn send(&self, signal: &str) {
        let pid = std::fs::read_to_string(self.file("pid")).unwrap();
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), pid.trim()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{signal} {pid}");
    }

    /// Waits for the program to end; its exit status.
    fn status(&self) -> i32 {
        let start = Instant::now();
        loop {
            if let Ok(text) = std::fs::read_to_string(self.file("stty"))
                && !text.is_empty()
            {
                let status = std::fs::read_to_string(self.file("status")).unwrap();
                return status.trim().parse().unwrap();
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "still running:\n{}",
                self.tmux.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Fails unless the terminal is given back: canonical input with echo,
    /// the main screen.
    fn terminal_given_back(&self) {
        let stty = std::fs::read_to_string(self.file("stty")).unwrap();
        let flags: Vec<&str> = stty.split_whitespace().collect();
        for flag in ["icanon", "echo", "isig", "icrnl", "opost"] {
            assert!(flags.contains(&flag), "{flag} is off:\n{stty}");
        }
        assert_eq!(
            self.tmux.format("#{alternate_on}"),
            "0",
            "still on the alternate screen"
        );
        assert_eq!(
            self.tmux.format("#{cursor_flag}"),
            "1",
            "the cursor is hidden"
        );
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn status_of(signal: &str) -> i32 {
    128 + match signal {
        "HUP" => 1,
        "INT" => 2,
        "QUIT" => 3,
        "TERM" => 15,
        other => panic!("{other}"),
    }
}

/// The only journal of a game under `data`.
fn journal(data: &Path) -> PathBuf {
    let games = data.join("zweibrett/games");
    std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .unwrap_or_else(|| panic!("no journal in {}", games.display()))
}

/// Seconds on a clock shown as `H:MM:SS.s`.
fn seconds(text: &str) -> f64 {
    let parts: Vec<f64> = text.split(':').map(|p| p.parse().unwrap()).collect();
    parts.iter().fold(0.0, |total, part| total * 60.0 + part)
}

/// Black's time as `resume` shows it, and whether it says the clock is
/// paused.
fn resumed_black_clock(data: &Path) -> (f64, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_zweibrett"))
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .args(["--plain", "--speech", "none", "resume"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let clocks = stdout
        .lines()
        .find(|l| l.starts_with("clocks: "))
        .unwrap_or_else(|| panic!("no clocks line:\n{stdout}"));
    let black = clocks
        .split("Black ")
        .nth(1)
        .and_then(|rest| rest.split([',', ' ']).next())
        .unwrap_or_else(|| panic!("no Black clock: {clocks}"));
    (seconds(black), clocks.contains("paused"))
}

/// A game on the full screen with Black's clock running for a second and
/// a half, ended by `signal`.
fn game_ended_by(signal: &str) {
    let name = format!("game-{}", signal.to_lowercase());
    let run = Watched::start(&name, "play --speech none --voice en --time 600");
    run.tmux
        .wait_for("The game begins", Duration::from_secs(10));
    run.tmux.type_text("e4");
    run.tmux.keys(&["Enter"]);
    run.tmux.wait_for("1. e4: Eva four", Duration::from_secs(5));
    std::thread::sleep(Duration::from_millis(1500));
    run.send(signal);
    assert_eq!(run.status(), status_of(signal), "SIG{signal}");
    run.terminal_given_back();
    let journal = std::fs::read_to_string(journal(&run.data())).unwrap();
    let last = journal.lines().last().unwrap();
    assert!(last.contains("\"pause\""), "the journal ends: {last}");
    // Black's clock ran a second and a half, and stops where it stood.
    let (black, paused) = resumed_black_clock(&run.data());
    let used = 600.0 - black;
    assert!(paused, "not paused");
    assert!((1.4..8.0).contains(&used), "Black used {used} s");
}

#[test]
fn sigterm_leaves_the_game_screen_paused_and_the_terminal_usable() {
    game_ended_by("TERM");
}

#[test]
fn sighup_leaves_the_game_screen_paused_and_the_terminal_usable() {
    game_ended_by("HUP");
}

#[test]
fn sigint_leaves_the_game_screen_paused_and_the_terminal_usable() {
    game_ended_by("INT");
}

#[test]
fn sigquit_leaves_the_game_screen_paused_and_the_terminal_usable() {
    game_ended_by("QUIT");
}

/// Fails unless `signal`, sent once the screen of the program started
/// with `args` shows `shown`, ends it with the signal's status and gives
/// the terminal back.
fn terminal_given_back_on(name: &str, args: &str, shown: &str, signal: &str) {
    let run = Watched::start(name, args);
    run.tmux.wait_for(shown, Duration::from_secs(10));
    run.send(signal);
    assert_eq!(run.status(), status_of(signal));
    run.terminal_given_back();
}

#[test]
fn a_signal_gives_the_terminal_back_from_the_setup_form() {
    terminal_given_back_on("form", "--speech none --voice en", "New game", "TERM");
}

#[test]
fn a_signal_gives_the_terminal_back_from_the_analysis_screen() {
    let club = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/club.pgn");
    terminal_given_back_on(
        "analysis",
        &format!("analyse {club} --speech none --voice en"),
        "Eva Schmidt",
        "HUP",
    );
}

#[test]
fn a_signal_gives_the_terminal_back_from_the_talking_clock() {
    let run = Watched::start("clock", "clock --speech none --voice en --time 300");
    run.tmux.wait_for("five minutes", Duration::from_secs(10));
    std::thread::sleep(Duration::from_millis(300));
    run.send("INT");
    assert_eq!(run.status(), status_of("INT"));
    run.terminal_given_back();
}

#[test]
fn plain_mode_leaves_on_sigterm_as_at_the_end_of_input() {
    let dir = common::plain::data_dir("sig", "plain");
    let mut child = Command::new(env!("CARGO_BIN_EXE_zweibrett"))
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .env("XDG_DATA_HOME", &dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .args([
            "--plain", "--speech", "none", "play", "--voice", "en", "--time", "600",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(b"e4\n").unwrap();
    input.flush().unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    drop(input);
    assert_eq!(out.status.code(), Some(status_of("TERM")));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("clock: Clock paused"), "{stdout}");
    let journal = std::fs::read_to_string(journal(&dir)).unwrap();
    assert!(
        journal.lines().last().unwrap().contains("\"pause\""),
        "{journal}"
    );
    let (black, paused) = resumed_black_clock(&dir);
    assert!(paused);
    // Black's clock ran from e4 to the signal: the 1.5 s slept, less the
    // program's start-up, which a loaded machine stretches.
    assert!((0.5..8.0).contains(&(600.0 - black)), "{black}");
    let _ = std::fs::remove_dir_all(&dir);
}
