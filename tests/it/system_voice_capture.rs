//! The voices heard: a private speech-dispatcher plays into a file, the
//! built-in voice into another, and each announcement of a game is
//! identified in the recording by correlation with a rendering of its text
//! (tests/it/common/capture.rs).

use crate::common;

use std::time::Duration;

use common::Sandbox;
use common::capture::{
    ESPEAK_RATE, Identified, NORMAL_WPM, SpeechServer, builtin_heard, espeak, identify_in_order,
    keep_every_opening, read_wav_samples, run_paced,
};

/// The moves of the game, none on the c-file (whose name the packs may
/// spell for the engines in a way of their own).
const MOVES: [&str; 8] = ["e4", "e5", "Nf3", "Nf6", "d4", "exd4", "e5", "Ne4"];

/// The spoken text of every `announced:` line, in order.
fn announced(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("announced: "))
        .map(|l| l.split_once(": ").map_or(l, |(_, text)| text).to_string())
        .collect()
}

fn report(found: &[Identified]) -> String {
    found
        .iter()
        .map(|f| {
            format!(
                "{:>6.2} s  {:.3} (others {:.3})  {}\n",
                f.heard.at, f.heard.score, f.best_other, f.heard.text
            )
        })
        .collect()
}

fn assert_each_identified(found: &[Identified]) {
    let table = report(found);
    eprintln!("{table}");
    for f in found {
        assert!(
            f.said_apart(),
            "\"{}\" was not heard apart from the others:\n{table}",
            f.heard.text
        );
    }
}

#[test]
fn the_harness_tells_texts_of_the_system_voice_apart() {
    let sandbox = Sandbox::new("capture-harness");
    let server = SpeechServer::start(&sandbox);
    let texts: Vec<String> = [
        "Springer Felix drei",
        "Eva vier",
        "Springer Felix drei",
        "Turm Anna eins",
        "Eva fünf",
    ]
    .map(String::from)
    .to_vec();
    for text in &texts {
        let status = std::process::Command::new("spd-say")
            .args(["-w", "-l", "de", text])
            .env("SPEECHD_ADDRESS", server.address())
            .status()
            .expect("spd-say is installed with speech-dispatcher");
        assert!(status.success());
    }
    let heard = server.heard_when_quiet(Duration::from_millis(500), Duration::from_secs(10));
    let found = identify_in_order(
        &heard,
        ESPEAK_RATE,
        &texts,
        |t| espeak("de", NORMAL_WPM, t),
        true,
    );
    assert_each_identified(&found);
    // A text that was not said is not found.
    let never = ["Springer Gustav drei".to_string()];
    let found = identify_in_order(
        &heard,
        ESPEAK_RATE,
        &never,
        |t| espeak("de", NORMAL_WPM, t),
        true,
    );
    assert!(found[0].heard.score < 0.8, "{}", report(&found));
}

#[test]
fn every_announcement_of_a_piped_game_is_heard_in_the_system_voice() {
    let sandbox = Sandbox::new("capture-system-game");
    let server = SpeechServer::start(&sandbox);
    let (key, value) = server.env();
    let stdout = run_paced(
        &sandbox,
        &[
            "--plain",
            "--speech",
            "system",
            "--no-earcons",
            "play",
            "--voice",
            "fide",
        ],
        &MOVES,
        // A piped game waits for the system voice before its first line.
        Duration::from_secs(1),
        Duration::from_millis(2500),
        &[(key, value)],
    );
    let texts = announced(&stdout);
    assert_eq!(texts.len(), MOVES.len(), "{stdout}");
    let heard = server.heard_when_quiet(Duration::from_secs(1), Duration::from_secs(20));
    assert!(!heard.is_empty(), "the system voice played nothing");
    // The system voice is handed each text as the pack says to pronounce
    // it ("David" as "Dahwitt").
    let pack = zweibrett_core::notation::VoicePack::builtin("fide");
    let render = |t: &str| espeak("de", NORMAL_WPM, &pack.pronounced(t));
    let found = identify_in_order(&heard, ESPEAK_RATE, &texts, render, true);
    assert_each_identified(&found);
}

/// The built-in voice's rendering of `text`, as `speak` plays it.
fn builtin_rendering(text: &str) -> Vec<f32> {
    let sandbox = Sandbox::new(&format!("capture-render-{}", text.len()));
    let out = sandbox.run(
        &[
            "speak",
            "--speech",
            "builtin",
            "--no-earcons",
            "--voice",
            "fide",
            text,
        ],
        Duration::from_secs(30),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    read_wav_samples(&sandbox.capture()).0
}

#[test]
fn every_announcement_of_a_piped_game_is_heard_in_the_builtin_voice() {
    let sandbox = Sandbox::new("capture-builtin-game");
    keep_every_opening(&sandbox);
    let stdout = run_paced(
        &sandbox,
        &[
            "--plain",
            "--speech",
            "builtin",
            "--no-earcons",
            "play",
            "--voice",
            "fide",
        ],
        &MOVES,
        Duration::from_millis(1500),
        Duration::from_millis(2500),
        &[],
    );
    let texts = announced(&stdout);
    assert_eq!(texts.len(), MOVES.len(), "{stdout}");
    let heard = builtin_heard(&sandbox);
    let found = identify_in_order(&heard, 16_000, &texts, builtin_rendering, false);
    assert_each_identified(&found);
}

/// A replay at 0.2 s a move, played in real time: each move waits for
/// the one before to be said whole, so every replayed move is heard in
/// the system voice from its first word to its last. The next move comes
/// no sooner than the one before takes to say (espeak-ng's rendering of
/// its text, as the server's module says it), and what the server played
/// between the two is that move.
#[test]
fn every_move_of_a_fast_replay_is_heard_whole() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    use std::time::Instant;
    let sandbox = Sandbox::new("capture-replay");
    let server = SpeechServer::start_paced(&sandbox);
    let (key, value) = server.env();
    let mut child = sandbox
        .command(&[
            "--plain",
            "--speech",
            "system",
            "--no-earcons",
            "analyse",
            "tests/data/per_move.pgn",
            "--voice",
            "fide",
            "--game",
            "1",
        ])
        .env(key, &value)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send((line, Instant::now())).is_err() {
                break;
            }
        }
    });
    // The opening lines are said before the replay starts.
    std::thread::sleep(Duration::from_secs(3));
    writeln!(stdin, "replay 0.2").unwrap();
    let mut replayed: Vec<(String, Instant)> = Vec::new();
    let mut begun = false;
    loop {
        let (line, at) = rx
            .recv_timeout(Duration::from_secs(90))
            .expect("the replay ends within a minute and a half");
        if line == "Ende des Nachspielens" {
            break;
        }
        if begun {
            replayed.push((line, at));
        } else {
            begun = line.contains("nachgespielt");
        }
    }
    drop(stdin);
    let _ = child.wait();
    assert_eq!(replayed.len(), 10, "{replayed:#?}");
    let pack = zweibrett_core::notation::VoicePack::builtin("fide");
    let length = |text: &str| {
        let samples = espeak("de", NORMAL_WPM, &pack.pronounced(text));
        common::capture::trim_silence(&samples).len() as f64 / f64::from(ESPEAK_RATE)
    };
    let mut table = String::new();
    let mut short = Vec::new();
    for pair in replayed.windows(2) {
        let ((text, at), (_, next)) = (&pair[0], &pair[1]);
        let gap = next.duration_since(*at).as_secs_f64();
        let said = length(text);
        table.push_str(&format!(
            "{gap:>5.2} s after, said in {said:>5.2} s: {text}\n"
        ));
        if gap < said * 0.95 {
            short.push(text.clone());
        }
    }
    eprintln!("{table}");
    assert!(short.is_empty(), "cut short: {short:?}\n{table}");
    // The server played sound the whole time: about as long as the texts.
    let heard = server.heard_when_quiet(Duration::from_secs(1), Duration::from_secs(20));
    let (span, _) = common::audible_span(&heard, ESPEAK_RATE, 0.02);
    let total: f64 = replayed.iter().map(|(t, _)| length(t)).sum();
    assert!(span >= total, "heard {span:.1} s of {total:.1} s of moves");
}
