//! The program as a client of speech-dispatcher, read from the server's own
//! log at level 5: it names itself `zweibrett`, speaks at priority `text`
//! so that a screen reader on the same server is never cut off, lists no
//! voices before its first text, and its first word is heard soon after
//! start even when every core is busy.

mod common;

use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::Sandbox;
use common::capture::SpeechServer;

/// The lines a client sent, as the server logs them (`17:DATA:|SPEAK`),
/// for the client whose name has `name` as its middle part.
fn client_lines(log: &str, name: &str) -> Vec<String> {
    let data = |l: &str| {
        let (_, rest) = l.split_once("speechd:")?;
        let (fd, command) = rest.trim().split_once(":DATA:|")?;
        Some((fd.to_string(), command.trim().to_string()))
    };
    let wanted = format!(":{name}:");
    let Some(fd) = log
        .lines()
        .filter_map(data)
        .find(|(_, c)| c.starts_with("SET SELF CLIENT_NAME") && c.contains(&wanted))
        .map(|(fd, _)| fd)
    else {
        return Vec::new();
    };
    log.lines()
        .filter_map(data)
        .filter(|(f, _)| *f == fd)
        .map(|(_, c)| c)
        .collect()
}

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

#[test]
fn the_program_is_its_own_client_at_text_priority_and_speaks_at_once_under_load() {
    let sandbox = Sandbox::new("speechd-client");
    let server = SpeechServer::start_logging(&sandbox, 5);
    let (key, value) = server.env();
    let mut latencies = Vec::new();
    for _ in 0..3 {
        let load = Load::every_core();
        let before = server.heard().len();
        let started = Instant::now();
        let child = sandbox
            .command(&[
                "--speech",
                "system",
                "--no-earcons",
                "speak",
                "--voice",
                "fide",
                "Eva vier",
            ])
            .env(key, &value)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the program starts");
        // The first sound the server plays for it.
        let heard = loop {
            if server.heard().len() > before {
                break Some(started.elapsed());
            }
            if started.elapsed() > Duration::from_secs(10) {
                break None;
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        drop(load);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(stderr.contains("spoken by system speech"), "{stderr}");
        latencies.push(heard.expect("the system voice said nothing within 10 s"));
        // Let the server finish playing before the next start.
        server.heard_when_quiet(Duration::from_millis(300), Duration::from_secs(5));
    }
    eprintln!("first sound after start, every core busy: {latencies:?}");
    let lines = client_lines(&server.log(), "zweibrett");
    assert!(
        !lines.is_empty(),
        "no client named zweibrett:\n{}",
        server.log()
    );
    let first_text = lines
        .iter()
        .position(|l| l.eq_ignore_ascii_case("speak"))
        .expect("the program sent a text");
    let before_text = &lines[..first_text];
    assert!(
        before_text.iter().any(|l| l == "SET SELF PRIORITY TEXT"),
        "{before_text:#?}"
    );
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("SET SELF PRIORITY IMPORTANT")),
        "{lines:#?}"
    );
    assert!(
        !before_text
            .iter()
            .any(|l| l.to_uppercase().starts_with("LIST SYNTHESIS_VOICES")),
        "{before_text:#?}"
    );
    assert!(
        before_text.iter().any(|l| l == "SET SELF LANGUAGE de-DE"),
        "{before_text:#?}"
    );
    // The median of three starts: one start may meet a stall of the
    // machine that has nothing to do with the program.
    let mut sorted = latencies.clone();
    sorted.sort();
    assert!(
        sorted[1] <= Duration::from_millis(300),
        "the first word came {:?} after start (median): {latencies:?}",
        sorted[1]
    );
}
