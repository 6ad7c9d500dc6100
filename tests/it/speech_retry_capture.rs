//! The system voice that comes and goes, heard (tests/it/common/capture.rs):
//! a private speech-dispatcher plays into a file, the built-in voice into
//! another, and what each said is identified by correlation with a
//! rendering of its text. The server is frozen (SIGSTOP) during the
//! program's start-up: the built-in voice speaks and says so, and once the
//! server answers again the system voice is heard again. A piped game is
//! said whole by the system voice before the program ends. Without a server
//! and without a sound device, the loss of speech is said on a `speech:`
//! line and in the transcript, and `speak` fails.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use common::capture::{
    ESPEAK_RATE, Identified, NORMAL_WPM, SAID, SpeechServer, builtin_heard, espeak,
    identify_in_order, keep_every_opening,
};
use common::{Sandbox, audible_span};

/// espeak-ng's voice for the `en` pack's system voice, "English (Great
/// Britain)".
const ENGLISH: &str = "en-gb";

/// The program in `sandbox`, its output piped, speaking through the server
/// at `address`.
fn program(sandbox: &Sandbox, address: &str, args: &[&str]) -> Command {
    let mut command = sandbox.command(args);
    command
        .env("SPEECHD_ADDRESS", address)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Each of `texts` found in order in the system voice's recording.
fn identified(heard: &[f32], texts: &[&str]) -> Vec<Identified> {
    let texts: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
    let found = identify_in_order(
        heard,
        ESPEAK_RATE,
        &texts,
        |t| espeak(ENGLISH, NORMAL_WPM, t),
        true,
    );
    for f in &found {
        eprintln!(
            "{:>6.2} s  {:.3} (others {:.3})  {}",
            f.heard.at, f.heard.score, f.best_other, f.heard.text
        );
    }
    found
}

/// The program's standard output, line by line as it comes.
fn lines_of(child: &mut Child) -> Receiver<String> {
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// Waits for a line containing `wanted`, collecting every line into
/// `seen`; panics after `limit`.
fn wait_for(lines: &Receiver<String>, seen: &mut Vec<String>, wanted: &str, limit: Duration) {
    let deadline = Instant::now() + limit;
    loop {
        if seen.iter().any(|l| l.contains(wanted)) {
            return;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => seen.push(line),
            Err(_) => panic!("no line with {wanted:?} within {limit:?}; lines: {seen:#?}"),
        }
    }
}

fn send(stdin: &mut ChildStdin, line: &str) {
    stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
}

/// The transcript beside the journal the game printed.
fn transcript(lines: &[String]) -> Vec<String> {
    let journal = lines
        .iter()
        .find_map(|l| l.strip_prefix("journal: "))
        .expect("the game names its journal");
    let text = std::fs::read_to_string(Path::new(journal).with_extension("transcript")).unwrap();
    text.lines()
        .map(|l| l.split('\t').nth(2).unwrap_or_default().to_string())
        .collect()
}

const GONE: &str = "The system voice does not answer; the built-in voice speaks.";
const BACK: &str = "The system voice answers again.";
const LOST: &str = "No voice can be heard: speech has failed. Everything said is still written.";

#[test]
fn a_server_frozen_at_start_up_is_taken_back_once_it_answers() {
    let sandbox = Sandbox::new("retry-capture");
    keep_every_opening(&sandbox);
    let server = SpeechServer::start(&sandbox);
    sandbox.config("[speech]\nsystem_timeout_ms = 3000\nearcons = false\n");
    // Frozen for 11 s from before the program connects.
    server.freeze();
    let frozen = Instant::now();
    let mut child = program(
        &sandbox,
        &server.address(),
        &["--plain", "--speech", "system", "play", "--voice", "en"],
    )
    .args(["--role", "arbiter", "--time", "600"])
    .stdin(Stdio::piped())
    .spawn()
    .expect("the program starts");
    let mut stdin = child.stdin.take().unwrap();
    let lines = lines_of(&mut child);
    let mut seen = Vec::new();
    send(&mut stdin, "e4");
    wait_for(
        &lines,
        &mut seen,
        "announced: 1. e4",
        Duration::from_secs(20),
    );
    std::thread::sleep(Duration::from_secs(11).saturating_sub(frozen.elapsed()));
    let while_frozen = server.heard().len();
    server.thaw();
    wait_for(
        &lines,
        &mut seen,
        &format!("speech: {BACK}"),
        Duration::from_secs(40),
    );
    send(&mut stdin, "press");
    wait_for(&lines, &mut seen, "clock: White:", Duration::from_secs(10));
    drop(stdin);
    seen.extend(lines.iter());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The game opens at once, never waiting for the voice; the voice is
    // given up within its time limit and back after that.
    let position = |wanted: &str| {
        seen.iter()
            .position(|l| l == wanted)
            .unwrap_or_else(|| panic!("no line {wanted:?} in {seen:#?}"))
    };
    let gone = position(&format!("speech: {GONE}"));
    let back = position(&format!("speech: {BACK}"));
    let announced = seen
        .iter()
        .position(|l| l.starts_with("announced: 1. e4"))
        .unwrap();
    assert!(gone < back && announced < back, "{seen:#?}");
    // The transcript has both, in the same order.
    let said = transcript(&seen);
    let at = |wanted: &str| said.iter().position(|l| l == wanted);
    assert!(
        at(GONE) < at(BACK) && at("Eva four") < at(BACK),
        "{said:#?}"
    );

    // The built-in voice spoke while the server was frozen.
    let (span, peak) = audible_span(&builtin_heard(&sandbox), 16_000, 0.02);
    assert!(
        span > 1.0 && peak > 0.05,
        "built-in voice: {span} s, peak {peak}"
    );

    // The system voice played nothing while frozen, then said it was back
    // and the clock after the press; the notice that it was given up is
    // not in its recording: the built-in voice said that.
    assert_eq!(while_frozen, 0, "the frozen server played something");
    let clock = seen
        .iter()
        .find_map(|l| l.strip_prefix("clock: White:"))
        .map(|rest| format!("White:{rest}"))
        .unwrap();
    let heard = server.heard_when_quiet(Duration::from_secs(1), Duration::from_secs(20));
    let found = identified(&heard, &[BACK, &clock]);
    for f in &found {
        assert!(
            f.said_apart(),
            "{:?} was not heard in the system voice",
            f.heard.text
        );
    }
    let gone = identified(&heard, &[GONE]);
    assert!(
        gone[0].heard.score < 0.8,
        "the system voice said it was given up"
    );
}

#[test]
fn speech_lost_altogether_is_said_on_a_line_and_in_the_transcript() {
    let sandbox = Sandbox::new("lost-capture");
    // No server at the address, and no sound device.
    std::fs::write(
        sandbox.home.join(".asoundrc"),
        "pcm.!default {\n  type hw\n  card 99\n}\n",
    )
    .unwrap();
    sandbox.config("[speech]\nsystem_timeout_ms = 2000\n");
    let nowhere = format!("unix_socket:{}", sandbox.home.join("no-server").display());
    let mut child = program(
        &sandbox,
        &nowhere,
        &["--plain", "--speech", "system", "play", "--voice", "en"],
    )
    .args(["--role", "arbiter", "--time", "600"])
    .stdin(Stdio::piped())
    .spawn()
    .expect("the program starts");
    let mut stdin = child.stdin.take().unwrap();
    send(&mut stdin, "e4");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<String> = stdout.lines().map(str::to_string).collect();
    assert!(out.status.success(), "{stderr}");
    assert!(
        lines.contains(&format!("speech: {LOST}")),
        "{stdout}\n{stderr}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("announced: 1. e4")),
        "{stdout}"
    );
    assert!(transcript(&lines).contains(&LOST.to_string()));

    // `speak` fails, saying why.
    let out = program(
        &sandbox,
        &nowhere,
        &["--speech", "system", "speak", "--voice", "en", "Eva four"],
    )
    .stdin(Stdio::null())
    .output()
    .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("the built-in voice and the tones cannot sound"),
        "{stderr}"
    );
    assert!(stderr.contains(&format!("zweibrett: {LOST}")), "{stderr}");
}

#[test]
fn a_piped_game_is_said_by_the_system_voice_before_the_program_ends() {
    let sandbox = Sandbox::new("piped-capture");
    let server = SpeechServer::start(&sandbox);
    sandbox.config("[speech]\nearcons = false\n");
    let mut child = program(
        &sandbox,
        &server.address(),
        &["--plain", "--speech", "system", "play", "--voice", "en"],
    )
    .args(["--role", "arbiter", "--time", "600"])
    .stdin(Stdio::piped())
    .spawn()
    .expect("the program starts");
    let mut stdin = child.stdin.take().unwrap();
    send(&mut stdin, "e4");
    send(&mut stdin, "press");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert!(
        !lines.iter().any(|l| l.starts_with("speech: ")),
        "the system voice spoke throughout: {lines:#?}"
    );
    // The move and the clock paused as the input ended, said just before
    // how to resume the game, are in the system voice's recording: nothing
    // was cut. The program had ended, so nothing more comes.
    let said = transcript(&lines);
    assert_eq!(
        said.last().map(String::as_str),
        Some("The game is kept; zweibrett resume continues it.")
    );
    let last = said[said.len() - 2].clone();
    let heard = server.heard();
    for f in identified(&heard, &["Eva four", &last]) {
        assert!(
            f.heard.score >= SAID,
            "{:?} not heard; said: {said:#?}",
            f.heard.text
        );
    }
    // A move not made is not found.
    let never = identified(&heard, &["Knight Gustav one Felix three"]);
    assert!(never[0].heard.score < 0.8, "a move not made was found");
}
