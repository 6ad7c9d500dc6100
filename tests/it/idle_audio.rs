//! The sound device over a long game: closed while nobody speaks, so that
//! an idle game takes no CPU, opened again at once for the next move; and
//! the first move of a game, which cuts the clock's words short, heard as
//! soon as any other. On ALSA's `file` plugin over `null` (the sandbox's)
//! and on `null`: devices with no sound card behind them, which take
//! samples as fast as they come; `null` cannot pause, and the `file`
//! plugin keeps polling while paused.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Sandbox;
use common::capture::read_wav_samples;
use common::latency::{a_move, latency, quiet_builtin_voice};
use zweibrett::speech::{ActiveVoice, Announce, Priority, Utterance};

/// User plus system time of a process so far, in seconds.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..]
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // SAFETY: sysconf only reads a system constant.
    ticks as f64 / unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64
}

/// Whether a process has a file open.
fn has_open(pid: u32, file: &std::path::Path) -> bool {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .flatten()
        .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|target| target == file))
}

fn wait_for(what: impl Fn() -> bool, limit: Duration) -> bool {
    let started = Instant::now();
    while !what() {
        if started.elapsed() > limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

#[test]
fn an_idle_game_closes_the_sound_device_and_the_next_move_opens_it() {
    let sandbox = Sandbox::new("idle-audio");
    let out = sandbox.home.join("stdout.txt");
    let mut child = sandbox
        .command(&[
            "--plain", "--speech", "builtin", "play", "--role", "arbiter",
        ])
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    let pid = child.id();
    let printed = || std::fs::read_to_string(&out).unwrap_or_default();
    let mut stdin = child.stdin.take().unwrap();
    assert!(wait_for(
        || printed().contains("> "),
        Duration::from_secs(20)
    ));
    // Whether the device is still open at the prompt depends on how fast
    // the opening words went through it: a device without a sound card
    // takes them at once and is closed again. What counts is below.
    writeln!(stdin, "press").unwrap();
    assert!(
        wait_for(
            || printed().contains("clock: Uhr läuft"),
            Duration::from_secs(10)
        ),
        "{}",
        printed()
    );
    // The clock's words said, the device is closed within a few seconds.
    assert!(
        wait_for(
            || !has_open(pid, &sandbox.capture()),
            Duration::from_secs(5)
        ),
        "the sound device is still open after the clock's words"
    );
    // And the game, its clock running, costs next to nothing: a device
    // left polling takes a whole core.
    let before = cpu_seconds(pid);
    std::thread::sleep(Duration::from_secs(3));
    let used = cpu_seconds(pid) - before;
    assert!(used < 0.3, "{used:.2} s of CPU in 3 s of an idle game");

    writeln!(stdin, "e4").unwrap();
    assert!(
        wait_for(
            || printed().contains("announced: 1. e4"),
            Duration::from_secs(10)
        ),
        "{}",
        printed()
    );
    // Opened again (the file plugin starts its file anew), the move heard.
    let heard = || {
        let (samples, _) = read_wav_samples(&sandbox.capture());
        samples.iter().fold(0.0f32, |m, s| m.max(s.abs())) > 0.2
    };
    assert!(
        wait_for(heard, Duration::from_secs(5)),
        "the move was not heard"
    );
    let _ = child.kill();
    let _ = child.wait();
}

const LATENCY_TEST: &str = "idle_audio::the_first_move_is_heard_as_soon_as_any_other";

/// Measured in a process of its own, whose HOME is the sandbox's, so that
/// ALSA reads the sandbox's devices.
#[test]
fn the_first_move_is_heard_as_soon_as_any_other() {
    if std::env::var_os("ZWEIBRETT_IN_SANDBOX").is_some() {
        measure_latencies();
        return;
    }
    // The sandbox's file device, which claims to pause, and ALSA's null
    // device, which cannot.
    for device in ["file", "null"] {
        let sandbox = Sandbox::new(&format!("first-move-latency-{device}"));
        if device == "null" {
            std::fs::write(
                sandbox.home.join(".asoundrc"),
                "pcm.!default { type plug; slave.pcm \"null\" }\n",
            )
            .unwrap();
        }
        let out = Command::new(std::env::current_exe().unwrap())
            .args([
                LATENCY_TEST,
                "--exact",
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env("HOME", &sandbox.home)
            .env("ZWEIBRETT_IN_SANDBOX", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        println!("{device} device: {stdout}");
        assert!(
            out.status.success(),
            "{device} device: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

fn measure_latencies() {
    let (speech, _text, starts) = quiet_builtin_voice();
    assert_eq!(speech.active_voice(), ActiveVoice::Builtin(None));
    let mut steady = Vec::new();
    for _ in 0..10 {
        steady.push(latency(&speech, &starts, a_move()));
        assert!(speech.wait_until_quiet(Duration::from_secs(10)));
    }
    let mut first = Vec::new();
    for _ in 0..10 {
        speech.announce(Utterance::new("Uhr läuft, Weiß am Zug", Priority::Routine));
        starts.recv_timeout(Duration::from_secs(2)).unwrap();
        std::thread::sleep(Duration::from_millis(30));
        first.push(latency(&speech, &starts, a_move()));
        assert!(speech.wait_until_quiet(Duration::from_secs(10)));
    }
    // After the device has been closed for idleness.
    std::thread::sleep(Duration::from_secs(4));
    let after_idle = latency(&speech, &starts, a_move());
    let median = |mut v: Vec<Duration>| {
        v.sort();
        v[v.len() / 2]
    };
    let (steady, first) = (median(steady), median(first));
    println!(
        "median: {steady:?} one after another, {first:?} interrupting; {after_idle:?} after idle"
    );
    // 127 ms before: the clock's words were waited for to leave the device.
    assert!(first < Duration::from_millis(40), "{first:?}");
    assert!(
        first < steady * 4 + Duration::from_millis(15),
        "{first:?} against {steady:?}"
    );
    assert!(after_idle < Duration::from_millis(100), "{after_idle:?}");
}
