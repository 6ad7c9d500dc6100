//! The system speech engine (speech-dispatcher with espeak-ng): whether it
//! speaks or hangs, the program carries on and every announcement reaches
//! the text output.

use crate::common;

use std::os::unix::net::UnixListener;
use std::path::Path;
use std::time::{Duration, Instant};

use common::Sandbox;

const ANNOUNCEMENTS: [&str; 3] = [
    "Eva vier",
    "Springer Gustav eins Felix drei",
    "Kurze Rochade",
];

fn expected_stdout() -> String {
    ANNOUNCEMENTS.iter().map(|a| format!("{a}\n")).collect()
}

/// Whatever the installed engine does: speak, fail at once, or not answer
/// within the start-up time limit.
/// How the default pack says that nothing could sound.
const SILENT: &str = "die eingebaute Stimme und die Töne können nicht erklingen";

#[test]
fn the_system_engine_speaks_or_the_program_carries_on() {
    let sandbox = Sandbox::new("system");
    sandbox.config("[speech]\nsystem_timeout_ms = 3000\n");
    let mut args = vec!["speak", "--speech", "system"];
    args.extend(ANNOUNCEMENTS);
    let started = Instant::now();
    let out = sandbox.run(&args, Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Nothing heard at all is a failure of its own, said on stderr.
    assert!(
        out.status.success() || (out.status.code() == Some(3) && stderr.contains(SILENT)),
        "{stderr}"
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected_stdout());
    assert!(
        stderr.contains("gesprochen von") || stderr.contains(SILENT),
        "{stderr}"
    );
    eprintln!(
        "system speech: {} in {:?}",
        stderr.trim(),
        started.elapsed()
    );
}

/// An engine that accepts the connection and never answers, as
/// speech-dispatcher does when it hangs on a missing sound device: the
/// built-in voice takes over after the time limit.
#[test]
fn a_hanging_engine_is_given_up_for_the_builtin_voice() {
    let sandbox = Sandbox::new("hanging");
    let socket = sandbox.home.join("speechd.sock");
    let listener = UnixListener::bind(&socket).unwrap();
    let holder = std::thread::spawn(move || {
        // Accept and hold connections without a word.
        let mut held = Vec::new();
        for stream in listener.incoming().take(4).flatten() {
            held.push(stream);
        }
        std::thread::sleep(Duration::from_secs(30));
    });
    sandbox.config("[speech]\nsystem_timeout_ms = 1500\n");
    let address = format!("unix_socket:{}", socket.display());
    let mut args = vec!["speak", "--speech", "system"];
    args.extend(ANNOUNCEMENTS);
    let started = Instant::now();
    let out = sandbox.run_with(
        &args,
        Duration::from_secs(20),
        &[("SPEECHD_ADDRESS", Path::new(&address))],
    );
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected_stdout());
    assert!(stderr.contains("eingebauten Stimme"), "{stderr}");
    assert!(took < Duration::from_secs(15), "took {took:?}");
    let sound = std::fs::read(sandbox.capture()).expect("the built-in voice played");
    assert!(sound.len() > 10_000, "{} bytes captured", sound.len());
    drop(holder);
}
