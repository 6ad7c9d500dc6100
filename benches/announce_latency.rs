//! Latency of the built-in voice: from a move announcement handed to
//! `announce` to the first audio sample handed to the sound device.
//!
//!     cargo bench --bench announce_latency
//!
//! Three cases, each in the `fide` voice:
//! - one move after another, each once the one before has been said;
//! - the first move of a game, interrupting the clock's "Uhr läuft" as
//!   it is being said;
//! - a move after the program has been silent for a while (the clock
//!   running, nobody speaking), when the sound device may have been
//!   closed.
//!
//! Without a sound card the default ALSA device is replaced, for this run
//! only, by devices with no card behind them (a temporary HOME with an
//! `.asoundrc`): `null`, and the `file` plugin over `null` that the tests
//! capture sound with. Neither is paced by a clock, so the figure is the
//! program's own share; a real card adds up to one period of its buffer.
//! Set `ZWEIBRETT_BENCH_DEVICE=default` to measure on the real default
//! device instead.

use std::path::Path;
use std::time::Duration;

use zweibrett::speech::{ActiveVoice, Announce, Priority, Utterance};

// The measure is the one the idle-audio test holds to its bounds.
#[path = "../tests/it/common/latency.rs"]
mod latency;

use latency::{a_move, latency, quiet_builtin_voice};

/// Moves said one after another.
const ROUNDS: usize = 200;
/// Games begun: "Uhr läuft" interrupted by the first move.
const OPENINGS: usize = 30;
/// Moves after a silence.
const AFTER_IDLE: usize = 4;
/// How long the program is silent before each of those.
const IDLE: Duration = Duration::from_secs(5);

/// The devices measured, by name, with the `.asoundrc` that makes each
/// the default.
fn devices(home: &Path) -> Vec<(&'static str, String)> {
    vec![
        (
            "null",
            "pcm.!default { type plug; slave.pcm \"null\" }\n".to_string(),
        ),
        (
            "file",
            format!(
                "pcm.!default {{ type plug; slave {{ pcm \"said\"; format S16_LE; channels 1; rate 16000 }} }}\n\
                 pcm.said {{ type file; slave.pcm \"null\"; file \"{}\"; format \"raw\" }}\n",
                home.join("said.raw").display()
            ),
        ),
    ]
}

fn main() {
    if let Ok(device) = std::env::var("ZWEIBRETT_BENCH_CASE") {
        measure(&device);
        return;
    }
    if std::env::var("ZWEIBRETT_BENCH_DEVICE").as_deref() == Ok("default") {
        measure("default");
        return;
    }
    // Each device in a process of its own: ALSA reads its configuration
    // once per process.
    let home = std::env::temp_dir().join(format!("zweibrett-bench-{}", std::process::id()));
    let me = std::env::current_exe().expect("the bench knows its own path");
    for (name, asoundrc) in devices(&home) {
        std::fs::create_dir_all(&home).unwrap();
        std::fs::write(home.join(".asoundrc"), asoundrc).unwrap();
        let status = std::process::Command::new(&me)
            .env("HOME", &home)
            .env("ZWEIBRETT_BENCH_CASE", name)
            .status()
            .expect("the bench runs itself");
        assert!(status.success(), "the {name} device: {status}");
        let _ = std::fs::remove_dir_all(&home);
    }
}

/// The latencies of each case on the default device, `device` naming it.
fn measure(device: &str) {
    let (speech, _text, starts) = quiet_builtin_voice();
    if speech.active_voice() != ActiveVoice::Builtin(None) {
        eprintln!("no sound device: {:?}", speech.active_voice());
        std::process::exit(1);
    }

    let mut steady = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        steady.push(latency(&speech, &starts, a_move()));
        assert!(speech.wait_until_quiet(Duration::from_secs(10)));
    }
    report(device, "one move after another", steady);

    let mut opening = Vec::with_capacity(OPENINGS);
    for _ in 0..OPENINGS {
        speech.announce(Utterance::new("Uhr läuft, Weiß am Zug", Priority::Routine));
        starts
            .recv_timeout(Duration::from_secs(2))
            .expect("the opening words reached the device");
        // The first move is typed while the clock's words are being said.
        std::thread::sleep(Duration::from_millis(30));
        opening.push(latency(&speech, &starts, a_move()));
        assert!(speech.wait_until_quiet(Duration::from_secs(10)));
        // Each round a new game: the device as a game finds it at start.
        std::thread::sleep(Duration::from_millis(200));
    }
    report(device, "first move, interrupting \"Uhr läuft\"", opening);

    let mut idle = Vec::with_capacity(AFTER_IDLE);
    for _ in 0..AFTER_IDLE {
        std::thread::sleep(IDLE);
        idle.push(latency(&speech, &starts, a_move()));
        assert!(speech.wait_until_quiet(Duration::from_secs(10)));
    }
    report(
        device,
        &format!("a move after {} s of silence", IDLE.as_secs()),
        idle,
    );
    drop(speech);
}

fn report(device: &str, case: &str, mut latencies: Vec<Duration>) {
    latencies.sort();
    let n = latencies.len();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{device} device, {case}: announce -> first sample, built-in voice, {n} moves: \
         median {:.2} ms, 90th percentile {:.2} ms, max {:.2} ms (target: median under 30 ms)",
        ms(latencies[n / 2]),
        ms(latencies[n * 9 / 10]),
        ms(latencies[n - 1]),
    );
}
