//! What a running game costs while nobody speaks or types: CPU seconds per
//! hour, wake-ups per second, disk syncs per hour, and `poll` calls per
//! second, in each layout, with the built-in voice and with speech off.
//!
//!     cargo bench --bench idle_cost
//!
//! Each case starts a game (`play --role arbiter`, the default time
//! control), presses the clock, lets it settle for a few seconds and then
//! measures for `ZWEIBRETT_BENCH_SECONDS` seconds (default 20):
//! - plain mode, its standard input kept open;
//! - the full screen in the standard layout and in the screen-reader
//!   layout, each in a tmux window of 140 × 45.
//!
//! Each layout with `--speech builtin` on ALSA's `file` plugin over the
//! `null` device (no sound card needed: a temporary HOME with an
//! `.asoundrc`) and with `--speech none`.
//!
//! The CPU time is the time the program's threads ran, from
//! `/proc/PID/task/*/schedstat` (to the nanosecond; from `/proc/PID/stat`,
//! to the clock tick, when a thread began or ended meanwhile), in a run of
//! its own; the wake-ups are the times the program's threads went to sleep
//! and were woken (`voluntary_ctxt_switches` of `/proc/PID/task/*/status`)
//! in the same run. The syncs
//! (`fsync`, `fdatasync`, `sync_file_range`, `syncfs`, `sync`) and the
//! `poll`/`ppoll` calls are counted in a second run beside it, started
//! under `strace -f --seccomp-bpf`, so that only those calls stop the
//! program. Without tmux the full-screen cases are left out; without
//! strace the counts are.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How long a game settles after its clock starts before it is measured:
/// the opening words are said and the sound device goes idle.
const SETTLE: Duration = Duration::from_secs(5);

/// The calls counted as disk syncs.
const SYNCS: &[&str] = &["fsync", "fdatasync", "sync_file_range", "syncfs", "sync"];
/// The calls counted as polls.
const POLLS: &[&str] = &["poll", "ppoll"];

#[derive(Clone, Copy, Debug)]
enum Layout {
    Plain,
    Standard,
    ScreenReader,
}

impl Layout {
    fn name(self) -> &'static str {
        match self {
            Layout::Plain => "plain mode",
            Layout::Standard => "full screen, standard",
            Layout::ScreenReader => "full screen, screen reader",
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Speech {
    Builtin,
    Off,
}

impl Speech {
    fn arg(self) -> &'static str {
        match self {
            Speech::Builtin => "builtin",
            Speech::Off => "none",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Speech::Builtin => "built-in voice",
            Speech::Off => "speech off",
        }
    }
}

/// What one case measured.
struct Cost {
    cpu_per_hour: f64,
    /// Threads woken per second.
    wakes_per_second: f64,
    /// Syncs per hour and polls per second; `None` without strace.
    counts: Option<(f64, f64)>,
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --all-targets` runs this
    // binary too, and a measurement of minutes does not belong there.
    if !std::env::args().any(|a| a == "--bench") {
        println!("idle_cost: run with `cargo bench --bench idle_cost`");
        return;
    }
    let seconds = std::env::var("ZWEIBRETT_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|s| *s > 0)
        .unwrap_or(20);
    let window = Duration::from_secs(seconds);
    let has_tmux = installed("tmux");
    let has_strace = installed("strace");
    if !has_tmux {
        println!("note: tmux is not installed; the full-screen layouts are left out");
    }
    if !has_strace {
        println!("note: strace is not installed; syncs and polls are not counted");
    }
    let layouts: Vec<Layout> = [Layout::Plain, Layout::Standard, Layout::ScreenReader]
        .into_iter()
        .filter(|l| has_tmux || matches!(l, Layout::Plain))
        .collect();
    println!(
        "idle cost of a game with its clock running, measured for {seconds} s after {} s \
         of settling (CPU: the time all the program's threads ran)",
        SETTLE.as_secs()
    );
    println!(
        "{:<28} {:<15} {:>12} {:>9} {:>12} {:>10}",
        "layout", "speech", "CPU s/hour", "wakes/s", "syncs/hour", "polls/s"
    );
    for layout in layouts {
        for speech in [Speech::Builtin, Speech::Off] {
            let cost = measure(layout, speech, window, has_strace);
            let (syncs, polls) = match cost.counts {
                Some((syncs, polls)) => (format!("{syncs:.0}"), format!("{polls:.1}")),
                None => ("-".into(), "-".into()),
            };
            println!(
                "{:<28} {:<15} {:>12.1} {:>9.1} {:>12} {:>10}",
                layout.name(),
                speech.name(),
                cost.cpu_per_hour,
                cost.wakes_per_second,
                syncs,
                polls
            );
        }
    }
}

/// One case: the CPU run and, beside it, the counted run.
fn measure(layout: Layout, speech: Speech, window: Duration, has_strace: bool) -> Cost {
    std::thread::scope(|scope| {
        let counted = has_strace.then(|| {
            scope.spawn(move || {
                let home = Home::new(&format!("{layout:?}-{speech:?}-counted"));
                let log = home.path.join("strace.log");
                let game = Game::start(&home, layout, speech, Some(&log));
                std::thread::sleep(SETTLE);
                let from = epoch();
                std::thread::sleep(window);
                let to = epoch();
                drop(game);
                let calls = count_calls(&log, from, to);
                let secs = to - from;
                (calls.0 as f64 * 3600.0 / secs, calls.1 as f64 / secs)
            })
        });
        let home = Home::new(&format!("{layout:?}-{speech:?}-timed"));
        let game = Game::start(&home, layout, speech, None);
        std::thread::sleep(SETTLE);
        let (before, started) = (CpuTime::of(game.pid), Instant::now());
        std::thread::sleep(window);
        let (after, took) = (CpuTime::of(game.pid), started.elapsed());
        drop(game);
        Cost {
            cpu_per_hour: after.since(&before) * 3600.0 / took.as_secs_f64(),
            wakes_per_second: after.wakes.saturating_sub(before.wakes) as f64 / took.as_secs_f64(),
            counts: counted.map(|h| h.join().expect("the counted run ends")),
        }
    })
}

/// A temporary home whose default sound device is ALSA's `file` plugin
/// over `null`, writing to /dev/null. Removed on drop.
struct Home {
    path: PathBuf,
}

impl Home {
    fn new(name: &str) -> Home {
        let path =
            std::env::temp_dir().join(format!("zweibrett-idle-cost-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(path.join(".config")).unwrap();
        std::fs::write(
            path.join(".asoundrc"),
            "pcm.!default { type plug; slave { pcm \"said\"; format S16_LE; channels 1; rate 16000 } }\n\
             pcm.said { type file; slave.pcm \"null\"; file \"/dev/null\"; format \"raw\" }\n",
        )
        .unwrap();
        Home { path }
    }

    fn env(&self) -> [(&'static str, PathBuf); 3] {
        [
            ("HOME", self.path.clone()),
            ("XDG_CONFIG_HOME", self.path.join(".config")),
            ("XDG_DATA_HOME", self.path.join(".local/share")),
        ]
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// A game running, its clock started; ended on drop.
struct Game {
    /// The program's process id.
    pid: i32,
    runner: Runner,
}

enum Runner {
    Plain(Child),
    Tmux(String),
}

impl Game {
    /// Starts a game in `layout`, under strace writing to `log` when
    /// given, and starts its clock.
    fn start(home: &Home, layout: Layout, speech: Speech, log: Option<&Path>) -> Game {
        let program = env!("CARGO_BIN_EXE_zweibrett");
        let mut args: Vec<String> = Vec::new();
        if let Some(log) = log {
            let trace: Vec<&str> = SYNCS.iter().chain(POLLS).copied().collect();
            args.extend(
                [
                    "strace",
                    "-f",
                    "--seccomp-bpf",
                    "-qq",
                    "-ttt",
                    "-e",
                    &format!("trace={}", trace.join(",")),
                    "-o",
                    &log.display().to_string(),
                ]
                .map(String::from),
            );
        }
        args.push(program.to_string());
        args.extend(["--speech", speech.arg()].map(String::from));
        if matches!(layout, Layout::Plain) {
            args.push("--plain".into());
        }
        args.extend(["play", "--role", "arbiter"].map(String::from));
        if matches!(layout, Layout::ScreenReader) {
            args.push("--screen-reader".into());
        }
        let (pid, runner) = match layout {
            Layout::Plain => start_plain(home, &args),
            Layout::Standard | Layout::ScreenReader => start_tmux(home, &args),
        };
        // Under strace the program is strace's child.
        let pid = if log.is_some() { child_of(pid) } else { pid };
        Game { pid, runner }
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        match &mut self.runner {
            Runner::Plain(child) => {
                let _ = child.kill();
                let _ = child.wait();
            }
            Runner::Tmux(socket) => {
                let _ = Command::new("tmux")
                    .args(["-L", socket, "kill-server"])
                    .status();
            }
        }
        // SAFETY: a plain signal to the program this bench started.
        unsafe { libc::kill(self.pid, libc::SIGKILL) };
    }
}

/// Plain mode: standard input held open, `press` typed once the game is
/// ready, the clock's words awaited in its output.
fn start_plain(home: &Home, args: &[String]) -> (i32, Runner) {
    let out = home.path.join("stdout.txt");
    let mut child = Command::new(&args[0])
        .args(&args[1..])
        .envs(home.env())
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    let read = || std::fs::read_to_string(&out).unwrap_or_default();
    wait_until(|| read().contains("> "), "the game's first prompt", &read);
    let stdin = child.stdin.as_mut().expect("stdin is piped");
    writeln!(stdin, "press").unwrap();
    stdin.flush().unwrap();
    wait_until(
        || read().contains("clock: Uhr läuft"),
        "the clock to start",
        &read,
    );
    (child.id() as i32, Runner::Plain(child))
}

/// The full screen in a tmux window of its own: F7 presses the clock.
fn start_tmux(home: &Home, args: &[String]) -> (i32, Runner) {
    let socket = format!(
        "zweibrett-idle-cost-{}-{}",
        std::process::id(),
        home.path.file_name().unwrap().to_string_lossy()
    );
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let mut tmux = Command::new("tmux");
    tmux.args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
        .args(["-x", "140", "-y", "45"]);
    for (key, value) in home.env() {
        tmux.arg("-e").arg(format!("{key}={}", value.display()));
    }
    tmux.args(["-e", "TERM=xterm-256color"])
        .arg(format!("exec {}", quoted.join(" ")));
    assert!(tmux.status().expect("tmux runs").success());
    let tmux_out = |args: &[&str]| {
        let out = Command::new("tmux")
            .args(["-L", &socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let screen = || tmux_out(&["capture-pane", "-p", "-t", "0"]);
    wait_until(
        || screen().contains("drücken startet die Uhr"),
        "the game screen",
        &screen,
    );
    tmux_out(&["send-keys", "-t", "0", "F7"]);
    wait_until(
        || !screen().contains("drücken startet die Uhr"),
        "the clock to start",
        &screen,
    );
    let pid = tmux_out(&["display-message", "-p", "-t", "0", "#{pane_pid}"])
        .trim()
        .parse()
        .expect("tmux names the pane's process");
    (pid, Runner::Tmux(socket))
}

/// Waits up to 30 s for `ready`; fails showing `shown` otherwise.
fn wait_until(ready: impl Fn() -> bool, what: &str, shown: &dyn Fn() -> String) {
    let started = Instant::now();
    while !ready() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "waited 30 s for {what}; the program shows:\n{}",
            shown()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The process strace started as `strace_pid`'s child.
fn child_of(strace_pid: i32) -> i32 {
    let path = format!("/proc/{strace_pid}/task/{strace_pid}/children");
    let started = Instant::now();
    loop {
        let children = std::fs::read_to_string(&path).unwrap_or_default();
        if let Some(pid) = children.split_whitespace().next() {
            return pid.parse().expect("a process id");
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "strace started no program"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The CPU time of a process so far: per thread in nanoseconds from
/// `/proc/PID/task/*/schedstat`, and for the whole process, threads that
/// ended included, in clock ticks from `/proc/PID/stat`.
struct CpuTime {
    threads: std::collections::BTreeMap<String, u64>,
    ticks: f64,
    /// The times the threads went to sleep and were woken, so far.
    wakes: u64,
}

impl CpuTime {
    fn of(pid: i32) -> CpuTime {
        let mut threads = std::collections::BTreeMap::new();
        let mut wakes = 0;
        if let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) {
            for task in tasks.flatten() {
                let status =
                    std::fs::read_to_string(task.path().join("status")).unwrap_or_default();
                wakes += status
                    .lines()
                    .find_map(|l| l.strip_prefix("voluntary_ctxt_switches:"))
                    .and_then(|n| n.trim().parse::<u64>().ok())
                    .unwrap_or(0);
                let ns = std::fs::read_to_string(task.path().join("schedstat"))
                    .ok()
                    .and_then(|s| s.split_whitespace().next()?.parse().ok());
                if let Some(ns) = ns {
                    threads.insert(task.file_name().to_string_lossy().into_owned(), ns);
                }
            }
        }
        CpuTime {
            threads,
            ticks: cpu_seconds(pid),
            wakes,
        }
    }

    /// Seconds of CPU from `earlier` to this: to the nanosecond when the
    /// same threads ran throughout, else to the clock tick.
    fn since(&self, earlier: &CpuTime) -> f64 {
        let same = !self.threads.is_empty() && self.threads.keys().eq(earlier.threads.keys());
        if same {
            let ns: u64 = self
                .threads
                .iter()
                .map(|(tid, ns)| ns.saturating_sub(earlier.threads[tid]))
                .sum();
            ns as f64 / 1e9
        } else {
            self.ticks - earlier.ticks
        }
    }
}

/// User plus system time of all a process's threads so far, in seconds.
fn cpu_seconds(pid: i32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .unwrap_or_else(|e| panic!("the program {pid} still runs: {e}"));
    // The fields after the command name, which may hold spaces, in
    // parentheses: utime and stime are the 12th and 13th.
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..]
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // SAFETY: sysconf only reads a system constant.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1);
    ticks as f64 / per_second as f64
}

/// Seconds since the epoch, as strace's `-ttt` stamps them.
fn epoch() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
}

/// The syncs and the polls in a strace log made with `-f -ttt` between
/// two instants.
fn count_calls(log: &Path, from: f64, to: f64) -> (usize, usize) {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let (mut syncs, mut polls) = (0, 0);
    for line in text.lines() {
        // "PID SECONDS NAME(ARGS) = RESULT"; a call split by another
        // thread's is counted at its start, not at "<... NAME resumed>".
        let mut fields = line.splitn(3, ' ');
        let (Some(_pid), Some(at), Some(call)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let Ok(at) = at.parse::<f64>() else {
            continue;
        };
        if at < from || at > to || call.starts_with('<') {
            continue;
        }
        let name = call.split('(').next().unwrap_or("");
        if SYNCS.contains(&name) {
            syncs += 1;
        } else if POLLS.contains(&name) {
            polls += 1;
        }
    }
    (syncs, polls)
}

fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}
