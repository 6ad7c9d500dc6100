//! A sandbox for tests that make sound: a temporary HOME whose `.asoundrc`
//! sends the default ALSA device into a WAV file (the `file` plugin over the
//! `null` device), so the tests run the same with or without a sound card,
//! and whose configuration directories are empty.

#![allow(dead_code)]

pub mod brltty;
pub mod capture;
pub mod dgt_emulator;
pub mod hall;
pub mod hear_corpus;
pub mod latency;
pub mod plain;
pub mod room_corpus;
pub mod seats;
pub mod speechd_log;
pub mod tmux;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Says that a test cannot run here, and why. Under CI (`CI` set) the
/// test fails: CI installs what every test needs, so a test that cannot
/// run there is a fault, never a silent pass. Elsewhere the note goes to
/// the error output and the test returns.
pub fn cannot_run(why: &str) {
    assert!(
        std::env::var_os("CI").is_none(),
        "this test cannot run here ({why}), and CI runs every test"
    );
    eprintln!("note: skipped: {why}");
}

/// How large a sample a corpus or property test draws: the variable `name`
/// when set; else `long` under `make test-long` (`ZWEIBRETT_LONG_TESTS`
/// set), which runs the whole corpora before a release and whenever the
/// readers or the recogniser change; else `quick`, which still meets every
/// case the test asserts it meets.
pub fn sample(name: &str, quick: usize, long: usize) -> usize {
    if let Some(n) = std::env::var(name).ok().and_then(|n| n.parse().ok()) {
        return n;
    }
    if std::env::var_os("ZWEIBRETT_LONG_TESTS").is_some() {
        long
    } else {
        quick
    }
}

/// Lowers the calling test to the lowest priority, it and every thread
/// and process it starts after: a test that keeps both cores busy hearing
/// or reading a corpus runs beside the tests that time speech as it
/// plays, which then still get a core the moment they need one. On Linux
/// a priority belongs to a thread, and what it starts inherits it.
pub fn lowest_priority() {
    // SAFETY: setpriority only changes this thread's scheduling weight.
    let lowered = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 19) };
    assert_eq!(lowered, 0, "the test's priority cannot be lowered");
}

/// A tmpfs of a given size mounted at a directory, unmounted when dropped:
/// a small disk to fill.
pub struct Tmpfs(PathBuf);

impl Tmpfs {
    /// A tmpfs of `size` at `dir`; `None`, said by [`cannot_run`], when
    /// it cannot be mounted (not root).
    pub fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            cannot_run("a tmpfs cannot be mounted (it needs root)");
            return None;
        }
        Some(Tmpfs(dir.to_path_buf()))
    }

    /// Where it is mounted.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A temporary home directory, removed on drop.
pub struct Sandbox {
    pub home: PathBuf,
}

impl Sandbox {
    /// A new sandbox whose sound goes to `capture.wav` in it.
    pub fn new(name: &str) -> Sandbox {
        let home = std::env::temp_dir().join(format!("zweibrett-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        std::fs::create_dir_all(home.join(".config/zweibrett")).unwrap();
        let sandbox = Sandbox { home };
        // The plug converts whatever the program asks for to 16-bit mono,
        // which the file plugin's WAV writer understands.
        let asoundrc = format!(
            "pcm.!default {{\n  type plug\n  slave {{ pcm \"capture\"; format S16_LE; channels 1; rate 16000 }}\n}}\n\
             pcm.capture {{\n  type file\n  slave.pcm \"null\"\n  file \"{}\"\n  format \"wav\"\n}}\n",
            sandbox.capture().display()
        );
        std::fs::write(sandbox.home.join(".asoundrc"), asoundrc).unwrap();
        sandbox
    }

    /// Where the played sound lands.
    pub fn capture(&self) -> PathBuf {
        self.home.join("capture.wav")
    }

    /// Writes the user's configuration file.
    pub fn config(&self, text: &str) {
        std::fs::write(self.home.join(".config/zweibrett/config.toml"), text).unwrap();
    }

    /// The program with `args`, to run in the sandbox: its home and
    /// configuration there, and no speech server of the machine's.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_zweibrett"));
        command
            .args(args)
            // Line mode's English labels, whatever the pack; no screen
            // reader of the machine's decides the voice.
            .env("ZWEIBRETT_LABELS", "english")
            .env("ZWEIBRETT_SCREEN_READER", "none")
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("XDG_DATA_HOME", self.home.join(".local/share"))
            .env_remove("SPEECHD_ADDRESS");
        command
    }

    /// The program, run in the sandbox; fails the test if it takes longer
    /// than `limit`.
    pub fn run(&self, args: &[&str], limit: Duration) -> Output {
        self.run_with(args, limit, &[])
    }

    /// The same with extra environment variables.
    pub fn run_with(&self, args: &[&str], limit: Duration, env: &[(&str, &Path)]) -> Output {
        self.run_fed(args, limit, env, None)
    }

    /// The program fed `input` on its standard input, as a user typing
    /// line after line (or a script piped in).
    pub fn run_with_input(&self, args: &[&str], input: &str, limit: Duration) -> Output {
        self.run_fed(args, limit, &[], Some(input))
    }

    fn run_fed(
        &self,
        args: &[&str],
        limit: Duration,
        env: &[(&str, &Path)],
        input: Option<&str>,
    ) -> Output {
        let mut command = self.command(args);
        command
            .stdin(if input.is_some() {
                std::process::Stdio::piped()
            } else {
                std::process::Stdio::null()
            })
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        for (key, value) in env {
            command.env(key, value);
        }
        let mut child = command.spawn().expect("the program starts");
        if let Some(input) = input {
            use std::io::Write;
            let mut stdin = child.stdin.take().expect("stdin is piped");
            stdin
                .write_all(input.as_bytes())
                .expect("the input is written");
            // Dropping it closes standard input: the end of the script.
        }
        let started = Instant::now();
        loop {
            if child.try_wait().unwrap().is_some() {
                return child.wait_with_output().unwrap();
            }
            if started.elapsed() > limit {
                let _ = child.kill();
                let out = child.wait_with_output().unwrap();
                panic!(
                    "zweibrett {args:?} hung for more than {limit:?}; stderr: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        // A speech-dispatcher started for this sandbox's HOME hangs on
        // without a sound device, deaf to SIGTERM: end it.
        let pid_file = self
            .home
            .join(".cache/speech-dispatcher/pid/speech-dispatcher.pid");
        if let Some(pid) = std::fs::read_to_string(pid_file)
            .ok()
            .and_then(|p| p.trim().parse::<i32>().ok())
            .filter(|p| *p > 1)
        {
            // SAFETY: a plain signal to the process this sandbox started.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

/// The span of a sound from its first to its last sample above `level`,
/// in seconds, and its loudest sample.
pub fn audible_span(samples: &[f32], rate: u32, level: f32) -> (f64, f32) {
    let first = samples.iter().position(|s| s.abs() > level);
    let last = samples.iter().rposition(|s| s.abs() > level);
    let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    match (first, last) {
        (Some(a), Some(b)) => ((b - a) as f64 / f64::from(rate), peak),
        _ => (0.0, peak),
    }
}

/// A home for this test binary named `name`, with no user configuration,
/// so the shipped defaults apply.
pub fn empty_home(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("zweibrett-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The program as the command-line tools run it (`say`, `parse`,
/// `audit`): a user's own packs in the real home left out, so that they
/// cannot change what the tests see.
pub fn without_user_data() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("zweibrett").unwrap();
    cmd.env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none");
    cmd.env(
        "XDG_DATA_HOME",
        std::env::temp_dir().join("zweibrett-no-user-data"),
    );
    cmd
}

/// The program with speech off, in `home`, its configuration and data
/// directories inside it.
pub fn quiet_zweibrett(home: &Path) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("zweibrett").unwrap();
    cmd.env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none");
    cmd.args(["--speech", "none"])
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"));
    cmd
}

/// What `zweibrett` (quiet, at `home`) writes, line by line, given `args`
/// and `script` on its input; it must end well.
pub fn quiet_lines(home: &Path, args: &[&str], script: &str) -> Vec<String> {
    let output = quiet_zweibrett(home)
        .args(args)
        .write_stdin(script)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// A PGN file holding `text`, in a home of its own named `name`.
pub fn pgn_file(name: &str, text: &str) -> PathBuf {
    let path = empty_home(name).join("games.pgn");
    std::fs::write(&path, text).unwrap();
    path
}

/// The lines `zweibrett analyse` prints for `script` typed in line mode,
/// speech off, in `home`, with the voice pack `voice`; it must end well.
pub fn analysed(home: &Path, voice: &str, path: &Path, script: &str) -> Vec<String> {
    let output = quiet_zweibrett(home)
        .args(["--voice", voice, "analyse"])
        .arg(path)
        .write_stdin(script)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// The folder of the Whisper model that `scripts/setup` installs in the
/// user's data folder, for the tests that ask it for a second opinion.
pub fn whisper_model() -> PathBuf {
    use zweibrett::hearing::second_opinion::{installed_model_dir, is_installed};
    let dir = installed_model_dir().expect("a home folder");
    assert!(
        is_installed(&dir),
        "Whisper is not installed in {} (scripts/setup installs it)",
        dir.display()
    );
    dir
}
