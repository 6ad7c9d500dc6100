//! The system voice heard: a private speech-dispatcher whose sound goes
//! into a file, and what it said identified by correlation with espeak-ng's
//! own rendering of each text. The server is frozen (SIGSTOP) during the
//! program's start-up: the built-in voice speaks and says so, and once the
//! server answers again the system voice is heard again. Without a server
//! and without a sound device, the loss of speech is said on a `speech:`
//! line and in the transcript, and `speak` fails.
//!
//! speech-dispatcher plays through PulseAudio unless told otherwise; the
//! private server here plays through ALSA into a raw file (ALSA's `file`
//! plugin over `null`), and the program's own built-in voice into another.
//! The tests pass over themselves, saying why, when speech-dispatcher or
//! espeak-ng is not installed.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// espeak-ng's words per minute and amplitude that match speech-dispatcher's
/// espeak-ng module at the program's normal rate and volume 80 (measured
/// on speech-dispatcher 0.11.4 with espeak-ng 1.51).
const ESPEAK_RATE: &str = "170";
const ESPEAK_AMPLITUDE: &str = "80";

/// A private speech-dispatcher whose sound lands in `dir/system.raw`
/// (then `system.raw.0001` … each time the device is opened again), and a
/// home for the program whose built-in voice lands in `dir/own.wav`.
struct PrivateServer {
    dir: PathBuf,
    server: Option<Child>,
}

impl PrivateServer {
    /// A directory with the server's and the program's configuration, no
    /// server running yet.
    fn prepare(name: &str) -> PrivateServer {
        let dir = std::env::temp_dir().join(format!("zweibrett-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in [
            "server/speech-dispatcher",
            "runtime",
            "home/.config/zweibrett",
        ] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        std::fs::write(
            dir.join("server/speech-dispatcher/speechd.conf"),
            "AudioOutputMethod \"alsa\"\nAudioALSADevice \"capture\"\n\
             DefaultModule espeak-ng\nAddModule \"espeak-ng\" \"sd_espeak-ng\" \"espeak-ng.conf\"\n",
        )
        .unwrap();
        // The server's HOME: its ALSA device writes raw samples to a file.
        std::fs::write(
            dir.join("server/.asoundrc"),
            format!(
                "pcm.capture {{\n  type file\n  slave.pcm \"null\"\n  file \"{}\"\n  format \"raw\"\n  truncate false\n}}\n",
                dir.join("system.raw").display()
            ),
        )
        .unwrap();
        // The program's HOME: the built-in voice into a WAV file.
        std::fs::write(
            dir.join("home/.asoundrc"),
            format!(
                "pcm.!default {{\n  type plug\n  slave {{ pcm \"own\"; format S16_LE; channels 1; rate 16000 }}\n}}\n\
                 pcm.own {{\n  type file\n  slave.pcm \"null\"\n  file \"{}\"\n  format \"wav\"\n}}\n",
                dir.join("own.wav").display()
            ),
        )
        .unwrap();
        PrivateServer { dir, server: None }
    }

    fn socket(&self) -> PathBuf {
        self.dir.join("speechd.sock")
    }

    /// Starts the server and waits for its socket.
    fn start(&mut self) {
        let server = Command::new("speech-dispatcher")
            .args(["--run-single", "--timeout", "0"])
            .args(["--communication-method", "unix_socket", "--socket-path"])
            .arg(self.socket())
            .env("HOME", self.dir.join("server"))
            .env("XDG_CONFIG_HOME", self.dir.join("server"))
            .env("XDG_RUNTIME_DIR", self.dir.join("runtime"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("speech-dispatcher starts");
        self.server = Some(server);
        let started = Instant::now();
        while !self.socket().exists() {
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "speech-dispatcher made no socket"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        // The socket comes before the modules are loaded.
        std::thread::sleep(Duration::from_millis(500));
    }

    fn signal(&self, signal: i32) {
        if let Some(server) = &self.server {
            // SAFETY: a plain signal to the server this test started.
            unsafe { libc::kill(server.id() as i32, signal) };
        }
    }

    /// The program with this home and the server's address (a socket that
    /// does not exist when no server was started).
    fn program(&self, args: &[&str]) -> Command {
        let home = self.dir.join("home");
        let mut command = Command::new(env!("CARGO_BIN_EXE_zweibrett"));
        command
            .args(args)
            .env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env("XDG_DATA_HOME", home.join(".local/share"))
            .env(
                "SPEECHD_ADDRESS",
                format!("unix_socket:{}", self.socket().display()),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// Everything the system voice played, in order.
    fn system_sound(&self) -> Vec<f32> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("system.raw"))
            })
            .collect();
        files.sort();
        files
            .iter()
            .flat_map(|f| samples_s16(&std::fs::read(f).unwrap()))
            .collect()
    }
}

impl Drop for PrivateServer {
    fn drop(&mut self) {
        if let Some(mut server) = self.server.take() {
            self.signal(libc::SIGCONT);
            let _ = server.kill();
            let _ = server.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Whether a program is installed.
fn installed(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn samples_s16(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(2)
        .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
        .collect()
}

/// espeak-ng's own rendering of `text` in `voice`, at 22050 Hz as the
/// module plays it.
fn espeak(voice: &str, text: &str, dir: &Path) -> Vec<f32> {
    let wav = dir.join("reference.wav");
    let status = Command::new("espeak-ng")
        .args(["-v", voice, "-s", ESPEAK_RATE, "-a", ESPEAK_AMPLITUDE, "-w"])
        .arg(&wav)
        .arg(text)
        .status()
        .expect("espeak-ng runs");
    assert!(status.success());
    let bytes = std::fs::read(&wav).unwrap();
    // The data chunk follows the 44-byte header espeak-ng writes.
    samples_s16(&bytes[44..])
}

/// The loudness of each 10 ms of a 22050 Hz sound.
fn envelope(samples: &[f32]) -> Vec<f32> {
    samples
        .chunks(220)
        .map(|c| (c.iter().map(|s| s * s).sum::<f32>() / c.len() as f32).sqrt())
        .collect()
}

/// The best correlation of the envelope of `reference` with that of any
/// stretch of `capture` as long: near 1 where the capture says the same
/// text in the same voice.
fn heard(capture: &[f32], reference: &[f32]) -> f32 {
    let (capture, reference) = (envelope(capture), envelope(trim(reference)));
    if reference.is_empty() || capture.len() < reference.len() {
        return 0.0;
    }
    let n = reference.len() as f32;
    let mean_r = reference.iter().sum::<f32>() / n;
    let dev_r: Vec<f32> = reference.iter().map(|r| r - mean_r).collect();
    let norm_r = dev_r.iter().map(|d| d * d).sum::<f32>().sqrt();
    (0..=capture.len() - reference.len())
        .map(|offset| {
            let window = &capture[offset..offset + reference.len()];
            let mean_c = window.iter().sum::<f32>() / n;
            let (mut dot, mut norm_c) = (0.0, 0.0);
            for (c, d) in window.iter().zip(&dev_r) {
                dot += (c - mean_c) * d;
                norm_c += (c - mean_c) * (c - mean_c);
            }
            if norm_c == 0.0 {
                0.0
            } else {
                dot / (norm_c.sqrt() * norm_r)
            }
        })
        .fold(0.0, f32::max)
}

/// A sound without its leading and trailing silence.
fn trim(samples: &[f32]) -> &[f32] {
    let loud = |s: &&f32| s.abs() > 0.01;
    let first = samples.iter().position(|s| loud(&s)).unwrap_or(0);
    let last = samples.iter().rposition(|s| loud(&s)).unwrap_or(0);
    &samples[first..=last.max(first)]
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
    if !installed("speech-dispatcher") || !installed("espeak-ng") {
        eprintln!("speech-dispatcher or espeak-ng is not installed: nothing to hear");
        return;
    }
    let mut server = PrivateServer::prepare("retry-capture");
    server.start();
    std::fs::write(
        server.dir.join("home/.config/zweibrett/config.toml"),
        "[speech]\nsystem_timeout_ms = 3000\nearcons = false\n",
    )
    .unwrap();
    // Frozen for 11 s from before the program connects.
    server.signal(libc::SIGSTOP);
    let frozen = Instant::now();
    let mut child = server
        .program(&["--plain", "--speech", "system", "play", "--voice", "en"])
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
    server.signal(libc::SIGCONT);
    wait_for(
        &lines,
        &mut seen,
        &format!("speech: {BACK}"),
        Duration::from_secs(40),
    );
    let back_at = server.system_sound().len();
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

    // Shown in order: given up before the game opens, back after it.
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
    assert!(gone < announced && announced < back, "{seen:#?}");
    // The transcript has both, in the same order.
    let said = transcript(&seen);
    let at = |wanted: &str| said.iter().position(|l| l == wanted);
    assert!(
        at(GONE) < at("Eva four") && at("Eva four") < at(BACK),
        "{said:#?}"
    );

    // The built-in voice spoke while the server was frozen.
    let own = std::fs::read(server.dir.join("own.wav")).expect("the built-in voice played");
    let (span, peak) = common::audible_span(&samples_s16(&own[44.min(own.len())..]), 16_000, 0.02);
    assert!(
        span > 1.0 && peak > 0.05,
        "built-in voice: {span} s, peak {peak}"
    );

    // The system voice said nothing while frozen, then said it was back
    // and the clock after the press: identified in its capture.
    let sound = server.system_sound();
    let reference = |text: &str| espeak("en-gb", text, &server.dir);
    let before = &sound[..back_at.min(sound.len())];
    let after = &sound[back_at.min(sound.len())..];
    let back_heard = heard(before, &reference(BACK));
    let gone_heard = heard(&sound, &reference(GONE));
    let clock_text = seen
        .iter()
        .find_map(|l| l.strip_prefix("clock: White:"))
        .map(|rest| format!("White:{rest}"))
        .unwrap();
    let clock_heard = heard(after, &reference(&clock_text));
    let eva_heard = heard(&sound, &reference("Eva four"));
    eprintln!(
        "system voice: back {back_heard:.3}, gone {gone_heard:.3}, clock {clock_heard:.3}, \
         Eva four {eva_heard:.3}; {} samples",
        sound.len()
    );
    assert!(
        back_heard >= 0.9,
        "the system voice said it was back: {back_heard}"
    );
    assert!(
        clock_heard >= 0.9,
        "the system voice said the clock: {clock_heard}"
    );
    assert!(
        gone_heard < 0.8,
        "the built-in voice said it was given up: {gone_heard}"
    );
}

#[test]
fn speech_lost_altogether_is_said_on_a_line_and_in_the_transcript() {
    let server = PrivateServer::prepare("lost-capture");
    // No server at the address, and no sound device.
    std::fs::write(
        server.dir.join("home/.asoundrc"),
        "pcm.!default {\n  type hw\n  card 99\n}\n",
    )
    .unwrap();
    std::fs::write(
        server.dir.join("home/.config/zweibrett/config.toml"),
        "[speech]\nsystem_timeout_ms = 2000\n",
    )
    .unwrap();
    let mut child = server
        .program(&["--plain", "--speech", "system", "play", "--voice", "en"])
        .args(["--role", "arbiter", "--time", "600"])
        .stdin(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().unwrap();
    send(&mut stdin, "e4");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<String> = stdout.lines().map(str::to_string).collect();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        lines.contains(&format!("speech: {LOST}")),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        lines.iter().any(|l| l.starts_with("announced: 1. e4")),
        "{stdout}"
    );
    assert!(transcript(&lines).contains(&LOST.to_string()));

    // `speak` fails, saying why.
    let out = server
        .program(&["--speech", "system", "speak", "--voice", "en", "Eva four"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("no sound"), "{stderr}");
    assert!(stderr.contains(&format!("speech: {LOST}")), "{stderr}");
}

#[test]
fn a_piped_game_is_said_by_the_system_voice_before_the_program_ends() {
    if !installed("speech-dispatcher") || !installed("espeak-ng") {
        eprintln!("speech-dispatcher or espeak-ng is not installed: nothing to hear");
        return;
    }
    let mut server = PrivateServer::prepare("piped-capture");
    server.start();
    std::fs::write(
        server.dir.join("home/.config/zweibrett/config.toml"),
        "[speech]\nearcons = false\n",
    )
    .unwrap();
    let mut child = server
        .program(&["--plain", "--speech", "system", "play", "--voice", "en"])
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
    // The move and the last thing said, the clock paused as the input
    // ended, are in the system voice's capture: nothing was cut.
    let said = transcript(&lines);
    let last = said.last().unwrap().clone();
    let sound = server.system_sound();
    for text in ["Eva four", last.as_str()] {
        let correlation = heard(&sound, &espeak("en-gb", text, &server.dir));
        eprintln!("system voice: {text:?} {correlation:.3}");
        assert!(
            correlation >= 0.9,
            "{text:?} not heard: {correlation}; said: {said:#?}"
        );
    }
    // A move not made is not found.
    let never = heard(
        &sound,
        &espeak("en-gb", "Knight Gustav one Felix three", &server.dir),
    );
    eprintln!("system voice: a move not made {never:.3}");
    assert!(never <= 0.8, "a move not made matched: {never}");
}
