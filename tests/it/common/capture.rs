//! Hearing what the program said: a private speech-dispatcher whose sound
//! lands in a file, and the identification of spoken texts in a recording.
//!
//! speech-dispatcher plays through PulseAudio unless told otherwise; without
//! a PulseAudio server it accepts every text and plays none. The server
//! started here reads a configuration of its own (`AudioOutputMethod
//! "alsa"`) and plays into the sandbox's ALSA device `zwsystem`, which is
//! ALSA's `file` plugin over `null` piping raw samples to `cat >>`: a plain
//! file name would be written over from its start each time the device is
//! opened again, and the module opens it for each text. The program's
//! built-in voice keeps the sandbox's `default` device, so the two voices
//! are heard apart.
//!
//! A text is identified in a recording by normalised cross-correlation
//! with espeak-ng's rendering of the same text: espeak-ng is deterministic,
//! so the system voice's rendering of a text matches its own rendering
//! almost sample for sample (≥ 0.9), and another text's far less.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant, SystemTime};

use rustfft::FftPlanner;
use rustfft::num_complex::Complex32;

use super::Sandbox;
use super::speechd_log::seconds_of_day;

/// The sample rate of speech-dispatcher's espeak-ng module and of
/// `espeak-ng -w`.
pub const ESPEAK_RATE: u32 = 22_050;

/// The speaking rate, in words per minute, that speech-dispatcher's
/// espeak-ng module uses at its rate 0 (`EspeakNormalRate`).
pub const NORMAL_WPM: u32 = 170;

/// A speech-dispatcher of the test's own, reached through a Unix socket in
/// the sandbox, playing into a file. Killed on drop.
pub struct SpeechServer {
    dir: PathBuf,
    socket: PathBuf,
    child: Child,
    /// For a paced server: the sound server and the recorder of its sink.
    paced: Vec<Child>,
}

impl SpeechServer {
    /// Starts a server for `sandbox` and waits until its socket is there.
    /// The sandbox's `.asoundrc` gains the device `zwsystem`.
    pub fn start(sandbox: &Sandbox) -> SpeechServer {
        SpeechServer::start_logging(sandbox, 3)
    }

    /// The same, logging at `level` (5: every line of every client).
    pub fn start_logging(sandbox: &Sandbox, level: u8) -> SpeechServer {
        let dir = sandbox.home.join("speechd");
        let asoundrc = sandbox.home.join(".asoundrc");
        let mut text = std::fs::read_to_string(&asoundrc).unwrap_or_default();
        text.push_str(&format!(
            "pcm.zwsystem {{\n  type file\n  slave.pcm \"null\"\n  file \"|cat >> {}\"\n  format \"raw\"\n}}\n",
            dir.join("system.raw").display()
        ));
        std::fs::write(&asoundrc, text).unwrap();
        let output = "AudioOutputMethod \"alsa\"\nAudioALSADevice \"zwsystem\"\n";
        SpeechServer::launch(sandbox, output, level, None, Vec::new())
    }

    /// A server that takes every text and plays none, as speech-dispatcher
    /// does on a machine whose sound server is missing: its output is
    /// PulseAudio, at an address where nothing answers.
    pub fn start_mute(sandbox: &Sandbox) -> SpeechServer {
        let nowhere = format!("unix:{}", sandbox.home.join("no-pulse").display());
        let output = "AudioOutputMethod \"pulse\"\n";
        SpeechServer::launch(sandbox, output, 3, Some(&nowhere), Vec::new())
    }

    /// A server that plays in real time, as on a sound card: into a
    /// PulseAudio null sink of the test's own, whose monitor `parec`
    /// records into the same file [`SpeechServer::heard`] reads. ALSA's
    /// file device plays as fast as it is written, so only this server
    /// shows how long speech really takes. It logs every line (level 5),
    /// which `speechd_log` reads.
    pub fn start_paced(sandbox: &Sandbox) -> SpeechServer {
        let dir = sandbox.home.join("speechd");
        let pulse = sandbox.home.join("pulse");
        std::fs::create_dir_all(pulse.join("home")).unwrap();
        std::fs::create_dir_all(&dir).unwrap();
        let socket = pulse.join("native");
        let config = pulse.join("default.pa");
        std::fs::write(
            &config,
            format!(
                "load-module module-null-sink sink_name=zw rate={ESPEAK_RATE} channels=1\n\
                 load-module module-native-protocol-unix socket={} auth-anonymous=1\n\
                 set-default-sink zw\n",
                socket.display()
            ),
        )
        .unwrap();
        let sound = Command::new("pulseaudio")
            .args([
                "-n",
                "--daemonize=no",
                "--exit-idle-time=-1",
                "--disable-shm=yes",
            ])
            .arg("-F")
            .arg(&config)
            .env("HOME", pulse.join("home"))
            .env("XDG_RUNTIME_DIR", &pulse)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("pulseaudio is installed (scripts/setup with ZWEIBRETT_SETUP_TEST=1)");
        wait_for_socket(&socket, "pulseaudio");
        let address = format!("unix:{}", socket.display());
        let recorder = Command::new("parec")
            .args(["-d", "zw.monitor", "--format=s16le", "--channels=1"])
            .arg(format!("--rate={ESPEAK_RATE}"))
            .env("PULSE_SERVER", &address)
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(dir.join("system.raw")).unwrap())
            .stderr(Stdio::null())
            .spawn()
            .expect("parec is installed (pulseaudio-utils)");
        let output = "AudioOutputMethod \"pulse\"\n";
        SpeechServer::launch(sandbox, output, 5, Some(&address), vec![recorder, sound])
    }

    /// Starts speech-dispatcher for `sandbox` with the `output` lines of
    /// its configuration, waits for its socket, and keeps `paced` (its
    /// sound server and recorder) to end with it.
    fn launch(
        sandbox: &Sandbox,
        output: &str,
        level: u8,
        pulse: Option<&str>,
        paced: Vec<Child>,
    ) -> SpeechServer {
        let dir = sandbox.home.join("speechd");
        std::fs::create_dir_all(dir.join("log")).unwrap();
        let conf_dir = sandbox.home.join(".config/speech-dispatcher");
        std::fs::create_dir_all(&conf_dir).unwrap();
        std::fs::write(
            conf_dir.join("speechd.conf"),
            format!(
                "{output}AddModule \"espeak-ng\" \"sd_espeak-ng\" \"espeak-ng.conf\"\n\
                 DefaultModule espeak-ng\nLogLevel {level}\nLogDir \"{}\"\n",
                dir.join("log").display()
            ),
        )
        .unwrap();
        let socket = dir.join("socket");
        let mut command = Command::new("speech-dispatcher");
        command
            .args(["--run-single", "--timeout", "0"])
            .args(["--communication-method", "unix_socket", "--socket-path"])
            .arg(&socket)
            .env("HOME", &sandbox.home)
            .env("XDG_CONFIG_HOME", sandbox.home.join(".config"))
            .env("XDG_RUNTIME_DIR", &dir)
            .env_remove("SPEECHD_ADDRESS")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if let Some(address) = pulse {
            command.env("PULSE_SERVER", address);
        }
        let child = command
            .spawn()
            .expect("speech-dispatcher is installed (scripts/setup)");
        wait_for_socket(&socket, "speech-dispatcher");
        SpeechServer {
            dir,
            socket,
            child,
            paced,
        }
    }

    /// The value of `SPEECHD_ADDRESS` that reaches this server.
    pub fn address(&self) -> String {
        format!("unix_socket:{}", self.socket.display())
    }

    /// The environment a program needs to speak through this server.
    pub fn env(&self) -> (&'static str, PathBuf) {
        ("SPEECHD_ADDRESS", PathBuf::from(self.address()))
    }

    /// `zweibrett speak` in the `fide` pack saying `text` through this
    /// server, without earcons.
    pub fn speak(&self, sandbox: &Sandbox, text: &str) -> Command {
        let (key, value) = self.env();
        let mut command = sandbox.command(&[
            "--speech",
            "system",
            "--no-earcons",
            "speak",
            "--voice",
            "fide",
            text,
        ]);
        command.env(key, value);
        command
    }

    /// The program in line mode with `args`, speaking through this server
    /// without earcons, and what it prints, each line stamped as it comes.
    pub fn run_printing(
        &self,
        sandbox: &Sandbox,
        args: &[&str],
    ) -> (Child, ChildStdin, Receiver<Printed>) {
        let (key, value) = self.env();
        let mut child = sandbox
            .command(&["--plain", "--speech", "system", "--no-earcons"])
            .args(args)
            .env(key, value)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the program starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for text in BufReader::new(stdout).lines().map_while(Result::ok) {
                let at = seconds_of_day(SystemTime::now());
                if tx.send(Printed { at, text }).is_err() {
                    break;
                }
            }
        });
        (child, stdin, rx)
    }

    /// The server's process id, to freeze it (SIGSTOP) and thaw it.
    pub fn pid(&self) -> i32 {
        self.child.id() as i32
    }

    /// Stops the server's process without ending it, as a machine under
    /// load may.
    pub fn freeze(&self) {
        signal(self.pid(), libc::SIGSTOP);
    }

    /// Lets a frozen server run again.
    pub fn thaw(&self) {
        signal(self.pid(), libc::SIGCONT);
    }

    /// Everything the server has played so far, at [`ESPEAK_RATE`].
    pub fn heard(&self) -> Vec<f32> {
        read_raw_samples(&self.dir.join("system.raw"))
    }

    /// The server's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("log/speech-dispatcher.log")).unwrap_or_default()
    }

    /// Waits until the server has played nothing new for `quiet`, or
    /// `limit` has passed; returns what it played.
    pub fn heard_when_quiet(&self, quiet: Duration, limit: Duration) -> Vec<f32> {
        let started = Instant::now();
        let mut last = (0, Instant::now());
        loop {
            let size = std::fs::metadata(self.dir.join("system.raw")).map_or(0, |m| m.len());
            if size != last.0 {
                last = (size, Instant::now());
            } else if size > 0 && last.1.elapsed() >= quiet {
                break;
            }
            if started.elapsed() >= limit {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        self.heard()
    }
}

impl Drop for SpeechServer {
    fn drop(&mut self) {
        self.thaw();
        let _ = self.child.kill();
        let _ = self.child.wait();
        for child in &mut self.paced {
            let _ = child.kill();
            let _ = child.wait();
        }
        // The module it started follows its parent out, but not at once.
        let _ = Command::new("pkill")
            .args(["-KILL", "-f"])
            .arg(self.socket.display().to_string())
            .status();
    }
}

/// A line the program printed, and when, in seconds since midnight UTC.
pub struct Printed {
    pub at: f64,
    pub text: String,
}

/// Waits up to 10 s for `program` to make its socket at `path`.
fn wait_for_socket(path: &Path, program: &str) {
    let started = Instant::now();
    while !path.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{program} made no socket in 10 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(pid: i32, signal: i32) {
    // SAFETY: a plain signal to a process this test started.
    unsafe { libc::kill(pid, signal) };
}

/// The samples of a file of raw 16-bit little-endian mono samples.
pub fn read_raw_samples(path: &Path) -> Vec<f32> {
    std::fs::read(path)
        .unwrap_or_default()
        .chunks_exact(2)
        .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
        .collect()
}

/// The samples of a 16-bit mono WAV file and its rate. The file plugin
/// writes the data size only when the device closes, so the data runs to
/// the end of the file whatever the header says.
pub fn read_wav_samples(path: &Path) -> (Vec<f32>, u32) {
    let bytes = std::fs::read(path).unwrap_or_default();
    wav_samples(&bytes)
}

fn wav_samples(bytes: &[u8]) -> (Vec<f32>, u32) {
    if bytes.len() < 44 || &bytes[0..4] != b"RIFF" {
        return (Vec::new(), 0);
    }
    let rate = u32::from_le_bytes([bytes[24], bytes[25], bytes[26], bytes[27]]);
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let size = u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]]);
        if id == b"data" {
            let data = &bytes[at + 8..];
            let samples = data
                .chunks_exact(2)
                .map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32768.0)
                .collect();
            return (samples, rate);
        }
        at += 8 + size as usize + (size as usize & 1);
    }
    (Vec::new(), rate)
}

/// espeak-ng's rendering of `text` in `voice` at `wpm` words per minute,
/// at [`ESPEAK_RATE`].
pub fn espeak(voice: &str, wpm: u32, text: &str) -> Vec<f32> {
    let out = Command::new("espeak-ng")
        .args(["-v", voice, "-s", &wpm.to_string(), "--stdout", text])
        .output()
        .expect("espeak-ng is installed (scripts/setup)");
    assert!(out.status.success(), "espeak-ng -v {voice} failed");
    wav_samples(&out.stdout).0
}

/// Where a text was found in a recording, and how sure that is.
#[derive(Clone, Debug)]
pub struct Heard {
    /// The text looked for.
    pub text: String,
    /// Where its best match starts, in seconds from the start.
    pub at: f64,
    /// The normalised correlation there (1.0 is the same sound).
    pub score: f32,
}

/// The best match of `reference` in `recording` at or after sample `from`:
/// (start sample, normalised correlation).
pub fn best_match(recording: &[f32], reference: &[f32], from: usize) -> (usize, f32) {
    let reference = trim_silence(reference);
    let n = reference.len();
    if n == 0 || recording.len() < from + n {
        return (from, 0.0);
    }
    let hay = &recording[from..];
    let size = (hay.len() + n).next_power_of_two();
    let mut planner = FftPlanner::<f32>::new();
    let forward = planner.plan_fft_forward(size);
    let inverse = planner.plan_fft_inverse(size);
    let mut a = spectrum(hay, size, &forward);
    let b = spectrum(reference, size, &forward);
    for (x, y) in a.iter_mut().zip(&b) {
        *x *= y.conj();
    }
    inverse.process(&mut a);
    // Energy of each window of the recording, from prefix sums.
    let mut prefix = Vec::with_capacity(hay.len() + 1);
    prefix.push(0.0f64);
    for s in hay {
        prefix.push(prefix.last().unwrap() + f64::from(*s) * f64::from(*s));
    }
    let ref_norm = reference
        .iter()
        .map(|s| f64::from(*s) * f64::from(*s))
        .sum::<f64>()
        .sqrt();
    let scores: Vec<f32> = (0..=hay.len() - n)
        .map(|lag| {
            let energy = prefix[lag + n] - prefix[lag];
            if energy <= 1e-9 {
                return 0.0;
            }
            let dot = f64::from(a[lag].re) / size as f64;
            (dot / (energy.sqrt() * ref_norm)) as f32
        })
        .collect();
    let top = scores.iter().copied().fold(0.0f32, f32::max);
    // The earliest of equal matches: a text said again later, or inside a
    // longer text ("Eva vier" in "Springer Eva vier"), is not taken first.
    let lag = scores.iter().position(|s| *s >= top - 0.01).unwrap_or(0);
    (from + lag, scores.get(lag).copied().unwrap_or(0.0))
}

fn spectrum(samples: &[f32], size: usize, fft: &Arc<dyn rustfft::Fft<f32>>) -> Vec<Complex32> {
    let mut buffer: Vec<Complex32> = samples
        .iter()
        .map(|s| Complex32::new(*s, 0.0))
        .chain(std::iter::repeat(Complex32::new(0.0, 0.0)))
        .take(size)
        .collect();
    fft.process(&mut buffer);
    buffer
}

/// The sound from its first to its last sample above a whisper.
pub fn trim_silence(samples: &[f32]) -> &[f32] {
    let level = 0.01;
    let first = samples.iter().position(|s| s.abs() > level);
    let last = samples.iter().rposition(|s| s.abs() > level);
    match (first, last) {
        (Some(a), Some(b)) => &samples[a..=b],
        _ => &[],
    }
}

/// The sound with what lies above about 400 Hz taken away (two two-pole
/// low-pass filters in a row). speech-dispatcher's espeak-ng module runs
/// for the server's life, so the noise of its fricatives goes on from one
/// text to the next and differs from a fresh `espeak-ng` run; the voiced
/// sound, below, is the same sample for sample.
pub fn voiced(samples: &[f32]) -> Vec<f32> {
    low_pass(&low_pass(samples, 400.0), 400.0)
}

fn low_pass(samples: &[f32], cutoff: f32) -> Vec<f32> {
    let w = 2.0 * std::f32::consts::PI * cutoff / ESPEAK_RATE as f32;
    let (sin, cos) = w.sin_cos();
    let alpha = sin / (2.0 * std::f32::consts::FRAC_1_SQRT_2);
    let a0 = 1.0 + alpha;
    let (b0, b1) = ((1.0 - cos) / 2.0 / a0, (1.0 - cos) / a0);
    let (a1, a2) = (-2.0 * cos / a0, (1.0 - alpha) / a0);
    let (mut x1, mut x2, mut y1, mut y2) = (0.0f32, 0.0f32, 0.0f32, 0.0f32);
    samples
        .iter()
        .map(|&x| {
            let y = b0 * x + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
            (x2, x1, y2, y1) = (x1, x, y1, y);
            y
        })
        .collect()
}

/// The best correlation of `reference` with `recording` within `slack`
/// samples of `at`.
pub fn score_near(recording: &[f32], reference: &[f32], at: usize, slack: usize) -> f32 {
    let n = trim_silence(reference).len();
    let from = at.saturating_sub(slack);
    let to = (at + n + slack).min(recording.len());
    if to <= from {
        return 0.0;
    }
    best_match(&recording[from..to], reference, 0).1
}

/// The least correlation with which a text counts as said. The system
/// voice's noise differs from one text to the next, so a text said matches
/// its rendering at 0.8 to 1.0 (0.83–0.98 measured in games), while a text
/// not said stays below.
pub const SAID: f32 = 0.8;

/// How far every other text stays below the one said at the same place:
/// one that differs in one word of three ("Springer Felix drei", "…
/// sechs") comes as near as 0.86, and at least 0.05 under.
pub const APART: f32 = 0.05;

/// One text identified in a recording: the best match of its own
/// rendering, and the best of every other text's at the same place.
#[derive(Clone, Debug)]
pub struct Identified {
    /// The text and where it was found.
    pub heard: Heard,
    /// The highest correlation any other of the texts reaches there.
    pub best_other: f32,
}

impl Identified {
    /// Whether the text was said, and no other of the texts looked for
    /// could have been said in its place.
    pub fn said_apart(&self) -> bool {
        self.heard.score >= SAID && self.heard.score - self.best_other >= APART
    }
}

/// Finds each of `texts` in `recording` (both at the renderings' rate) in
/// order, each after the one before; `render` gives a text's sound. Both
/// are compared through [`voiced`] when `voiced_only`.
pub fn identify_in_order(
    recording: &[f32],
    rate: u32,
    texts: &[String],
    render: impl Fn(&str) -> Vec<f32>,
    voiced_only: bool,
) -> Vec<Identified> {
    let prepare = |s: Vec<f32>| if voiced_only { voiced(&s) } else { s };
    let recording = prepare(shorten_silences(recording, rate));
    let references: Vec<Vec<f32>> = texts.iter().map(|t| prepare(render(t))).collect();
    let mut from = 0;
    let mut found = Vec::new();
    // Between two texts looked for, only a few others are said: each is
    // looked for within the next stretch of the recording.
    let stretch = 30 * rate as usize;
    for (i, text) in texts.iter().enumerate() {
        let window = &recording[..(from + stretch).min(recording.len())];
        let (at, score) = best_match(window, &references[i], from);
        let best_other = texts
            .iter()
            .enumerate()
            .filter(|(j, other)| *j != i && *other != text)
            .map(|(j, _)| score_near(&recording, &references[j], at, rate as usize / 10))
            .fold(0.0f32, f32::max);
        found.push(Identified {
            heard: Heard {
                text: text.clone(),
                at: at as f64 / f64::from(rate),
                score,
            },
            best_other,
        });
        if score >= SAID {
            from = at + trim_silence(&references[i]).len();
        }
    }
    found
}

/// The recording with every stretch of silence longer than half a second
/// cut to half a second: a sound device kept open plays silence while
/// nothing is said, and ALSA's `null` device takes it as fast as it comes.
pub fn shorten_silences(samples: &[f32], rate: u32) -> Vec<f32> {
    let keep = rate as usize / 2;
    let mut out = Vec::with_capacity(samples.len());
    let mut quiet = 0;
    for s in samples {
        quiet = if s.abs() < 1e-4 { quiet + 1 } else { 0 };
        if quiet <= keep {
            out.push(*s);
        }
    }
    out
}

/// Runs the program in `sandbox` typing `lines` one by one, the first after
/// `lead` and each next after `pause`, as a person at the keyboard, then
/// closing its input; returns its standard output. `env` adds variables.
pub fn run_paced(
    sandbox: &Sandbox,
    args: &[&str],
    lines: &[&str],
    lead: Duration,
    pause: Duration,
    env: &[(&str, PathBuf)],
) -> String {
    use std::io::Write;
    let mut command = sandbox.command(args);
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in env {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("the program starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    std::thread::sleep(lead);
    for line in lines {
        writeln!(stdin, "{line}").expect("the program reads its input");
        std::thread::sleep(pause);
    }
    drop(stdin);
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("zweibrett {args:?} did not end within 60 s of its input's end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "zweibrett {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Makes the sandbox's built-in voice device keep every opening, one
/// after the other in `capture.raw` (16 kHz), instead of writing each over
/// the one before in `capture.wav`.
pub fn keep_every_opening(sandbox: &Sandbox) {
    let asoundrc = sandbox.home.join(".asoundrc");
    let text = std::fs::read_to_string(&asoundrc).unwrap();
    let wav = format!("file \"{}\"\n  format \"wav\"", sandbox.capture().display());
    assert!(
        text.contains(&wav),
        "the sandbox's capture device is as expected"
    );
    let raw = format!(
        "file \"|cat >> {}\"\n  format \"raw\"",
        sandbox.home.join("capture.raw").display()
    );
    std::fs::write(&asoundrc, text.replacen(&wav, &raw, 1)).unwrap();
}

/// Everything the built-in voice played into the sandbox's default device
/// after [`keep_every_opening`], at 16 kHz.
pub fn builtin_heard(sandbox: &Sandbox) -> Vec<f32> {
    read_raw_samples(&sandbox.home.join("capture.raw"))
}

/// Finds each of `texts`, rendered by espeak-ng in `voice` at `wpm`, in
/// `recording`, in order: each is looked for after the one before.
pub fn find_in_order(recording: &[f32], voice: &str, wpm: u32, texts: &[&str]) -> Vec<Heard> {
    let mut from = 0;
    let mut heard = Vec::new();
    for text in texts {
        let reference = espeak(voice, wpm, text);
        let (at, score) = best_match(recording, &reference, from);
        heard.push(Heard {
            text: (*text).to_string(),
            at: at as f64 / f64::from(ESPEAK_RATE),
            score,
        });
        if score >= 0.9 {
            from = at + trim_silence(&reference).len();
        }
    }
    heard
}

/// The seconds of sound in a recording: stretches above a whisper, with
/// the short pauses inside a sentence counted.
pub fn seconds_heard(samples: &[f32]) -> f64 {
    let window = ESPEAK_RATE as usize / 100;
    let bridge = 15; // windows: 150 ms
    let loud: Vec<bool> = samples
        .chunks(window)
        .map(|w| w.iter().any(|s| s.abs() > 0.02))
        .collect();
    let mut count = 0;
    let mut quiet = usize::MAX;
    for (i, &l) in loud.iter().enumerate() {
        if l {
            if quiet <= bridge && i >= quiet {
                count += quiet;
            }
            count += 1;
            quiet = 0;
        } else if quiet != usize::MAX {
            quiet += 1;
        }
    }
    count as f64 / 100.0
}
