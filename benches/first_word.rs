//! The system voice's first word under load: from starting `zweibrett
//! speak` with every core busy to the first sound speech-dispatcher plays
//! for it.
//!
//!     cargo bench --bench first_word
//!
//! A speech-dispatcher of the run's own (its log at level 5, its sound
//! into a file) serves every start; each start says "Eva vier" in the
//! `fide` pack while one busy thread per core runs, and the time is taken
//! when the server's sound file first grows. The figure holds the
//! server's own synthesis under the same load, which is most of it; the
//! program's share is that it sends the text before anything else that
//! waits (no voice list), which `tests/system_speech_client.rs` checks
//! from the server's log.

use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[path = "../tests/it/common/mod.rs"]
mod common;

use common::Sandbox;
use common::capture::SpeechServer;

const STARTS: usize = 15;

/// Keeps every core busy until dropped.
struct Load {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Load {
    fn every_core() -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let threads = (0..cores)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut x = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(
                            x.wrapping_mul(6364136223846793005).wrapping_add(1),
                        );
                    }
                })
            })
            .collect();
        Load { stop, threads }
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// Milliseconds from start to the first sound, every core busy.
fn first_sound(sandbox: &Sandbox, server: &SpeechServer) -> f64 {
    let load = Load::every_core();
    let before = server.heard().len();
    let started = Instant::now();
    let child = server
        .speak(sandbox, "Eva vier")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let heard = loop {
        if server.heard().len() > before {
            break started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the system voice said nothing within 10 s"
        );
        std::thread::sleep(Duration::from_millis(1));
    };
    drop(load);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    server.heard_when_quiet(Duration::from_millis(300), Duration::from_secs(5));
    heard.as_secs_f64() * 1000.0
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --all-targets` runs this
    // binary without it, and then it only says how to run it.
    if !std::env::args().any(|a| a == "--bench") {
        println!("first_word: run with `cargo bench --bench first_word`");
        return;
    }
    let sandbox = Sandbox::new("first-word-bench");
    let server = SpeechServer::start_logging(&sandbox, 5);
    let mut times: Vec<f64> = (0..STARTS)
        .map(|_| first_sound(&sandbox, &server))
        .collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "first sound after start, every core busy, {STARTS} starts: median {:.1} ms, 90th percentile {:.1} ms, largest {:.1} ms",
        at(0.5),
        at(0.9),
        at(1.0)
    );
}
