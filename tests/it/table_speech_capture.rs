//! A game at the table, heard in real time: the program speaks through a
//! speech-dispatcher of the test's own that plays into a PulseAudio null
//! sink (paced as a sound card is), and speech-dispatcher's own log tells
//! when each text of each client began, ended or was cut off
//! (tests/it/common/speechd_log.rs). Beside it, a second client stands for a
//! screen reader at MESSAGE priority (Orca) or TEXT priority (Fenrir).

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant, SystemTime};

use common::Sandbox;
use common::capture::{Printed, SpeechServer, seconds_heard};
use common::speechd_log::{Spoken, seconds_of_day, spoken, table};
use zweibrett_core::notation::VoicePack;

/// Twenty moves of a Ruy Lopez (Breyer), as SAN writes them.
const GAME: [&str; 40] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8", "Nf1", "Bf8", "Ng3", "g6",
    "a4", "c5", "d5", "c4", "Bg5", "h6", "Be3", "Nc5", "Qd2", "h5", "Bg5", "Be7",
];

/// The seconds between one half-move typed and the next, as at a table:
/// the opponent announces after thinking, the player answers, and now and
/// then a move comes at once, inside the echo of the one before.
fn pause_after(half_move: usize) -> Duration {
    let ms = match half_move % 7 {
        0 => 1900,
        1 => 1500,
        2 => 350,
        3 => 2100,
        4 => 1700,
        5 => 1300,
        _ => 400,
    };
    Duration::from_millis(ms)
}

/// The program playing in the player role through `server`, and its
/// printed lines as they come.
fn start_game(sandbox: &Sandbox, server: &SpeechServer) -> (Child, ChildStdin, Receiver<Printed>) {
    server.run_printing(sandbox, &["play", "--voice", "fide", "--role", "player"])
}

/// Waits for the program to end after its input closed.
fn end_game(mut child: Child, stdin: ChildStdin) {
    drop(stdin);
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the program did not end within 60 s of its input's end"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// What the log says, once every text of the program is over.
fn settled(server: &SpeechServer) -> Vec<Spoken> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let texts = spoken(&server.log());
        let open = texts
            .iter()
            .any(|t| t.begun.is_some() && t.ended.is_none() && t.cancelled.is_none());
        if !open || Instant::now() > deadline {
            return texts;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The client that queued `text` first: the program, for its echoes.
fn client_of(texts: &[Spoken], text: &str) -> u32 {
    texts
        .iter()
        .find(|t| t.text == text)
        .unwrap_or_else(|| panic!("\"{text}\" was never queued:\n{}", table(texts)))
        .client
}

/// Waits until `text` has begun to be said.
fn wait_begun(server: &SpeechServer, text: &str) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while !spoken(&server.log())
        .iter()
        .any(|t| t.text == text && t.begun.is_some())
    {
        assert!(
            Instant::now() < deadline,
            "\"{text}\" never began:\n{}",
            table(&spoken(&server.log()))
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_twenty_move_game_at_table_pace_says_nothing_stale_and_little() {
    let sandbox = Sandbox::new("table-realtime");
    let server = SpeechServer::start_paced(&sandbox);
    let (child, mut stdin, printed) = start_game(&sandbox, &server);
    // The first move comes while the time control is still being said.
    std::thread::sleep(Duration::from_millis(3000));
    let mut typed = Vec::new();
    for (i, san) in GAME.iter().enumerate() {
        writeln!(stdin, "{san}").unwrap();
        typed.push(seconds_of_day(SystemTime::now()));
        std::thread::sleep(pause_after(i));
    }
    std::thread::sleep(Duration::from_secs(2));
    end_game(child, stdin);
    let lines: Vec<Printed> = printed.try_iter().collect();
    let texts = settled(&server);
    let ours = client_of(&texts, "Eva vier");
    let ours: Vec<&Spoken> = texts.iter().filter(|t| t.client == ours).collect();
    let report = table(&texts);
    // speech-dispatcher logs local time: find the zone's offset, in
    // quarter hours, from the first text.
    let offset = ((ours[0].queued - lines[0].at) / 900.0).round() * 900.0;

    // Every echo was heard whole.
    let pack = VoicePack::builtin("fide");
    let echoes: Vec<(f64, String)> = lines
        .iter()
        .filter_map(|l| {
            let rest = l.text.strip_prefix("announced: ")?;
            let (_, words) = rest.split_once(": ")?;
            Some((l.at + offset, pack.pronounced(words)))
        })
        .collect();
    assert_eq!(echoes.len(), GAME.len(), "{report}");
    // Every echo is heard whole, but one that still waited when the next
    // move came at once: the newer position is what the player needs.
    let mut unsaid = Vec::new();
    for (i, (_, echo)) in echoes.iter().enumerate() {
        if !ours.iter().any(|t| &t.text == echo && t.said_whole()) {
            assert!(
                i + 1 < GAME.len() && pause_after(i) < Duration::from_secs(1),
                "the echo \"{echo}\" was not heard whole:\n{report}"
            );
            unsaid.push(echo.clone());
        }
    }
    // Said in the order printed: no text begins after a newer echo that
    // belongs to an earlier moment. Each text said is matched, in order,
    // to the line it was printed as; a text cut off and said again
    // matches the same line.
    let spoken_lines: Vec<(f64, String)> = lines
        .iter()
        .filter(|l| !l.text.starts_with('>'))
        .map(|l| {
            let words = l.text.split_once(": ").map_or(l.text.as_str(), |(_, w)| w);
            (l.at + offset, pack.pronounced(words))
        })
        .collect();
    let begun = echoes_begun(&ours, &echoes);
    let mut cursor = 0;
    for text in ours.iter().filter(|t| t.begun.is_some()) {
        let found = (cursor..spoken_lines.len())
            .find(|&i| spoken_lines[i].1.ends_with(&text.text))
            .unwrap_or_else(|| {
                panic!(
                    "\"{}\" was said out of the order printed (stale):\n{report}",
                    text.text
                )
            });
        // Begun after a newer echo was printed and begun: stale.
        let newer_echo = echoes
            .iter()
            .position(|(at, _)| *at > spoken_lines[found].0 + 0.02);
        if let Some(newer) = newer_echo
            && let Some(echo_begun) = begun[newer]
        {
            let echo = &echoes[newer].1;
            assert!(
                text.begun.unwrap() <= echo_begun,
                "\"{}\" began after the newer echo \"{echo}\":\n{report}",
                text.text
            );
        }
        cursor = found;
    }
    // Little said: seconds of speech per full move, the opening included.
    let logged: f64 = ours.iter().map(|t| t.length()).sum::<f64>() / 20.0;
    let heard = seconds_heard(&server.heard()) / 20.0;
    let first_typed = typed[0] + offset;
    let late: Vec<f64> = echoes
        .iter()
        .zip(&begun)
        // Only where the voice was free when the move was printed.
        .filter(|((at, _), _)| {
            !ours.iter().any(|t| {
                t.begun.is_some_and(|b| b <= *at)
                    && t.ended.or(t.cancelled).is_some_and(|e| e > *at)
            })
        })
        .filter_map(|((at, _), begun)| Some((*begun)? - at))
        .collect();
    eprintln!(
        "{report}\nspeech per full move: {heard:.2} s heard, {logged:.2} s from start to end in the log\n\
         echo begun after its line with the voice free ({} echoes): median {:.3} s, worst {:.3} s; \
         first move typed at {:.2} s\n\
         echoes passed over by a move typed at once: {unsaid:?}",
        late.len(),
        median(&late),
        late.iter().fold(0.0f64, |m, l| m.max(*l)),
        first_typed - ours[0].queued
    );
    assert!(
        heard <= 3.0,
        "{heard:.2} s of speech per full move:\n{report}"
    );
}

/// When each echo began to be said (its first start), matched in order:
/// the same words (two castlings) are two echoes. `None` for one never
/// begun.
fn echoes_begun(ours: &[&Spoken], echoes: &[(f64, String)]) -> Vec<Option<f64>> {
    let mut from = 0;
    echoes
        .iter()
        .map(|(_, echo)| {
            let i =
                (from..ours.len()).find(|&i| &ours[i].text == echo && ours[i].begun.is_some())?;
            // A cut echo said again is the same echo.
            from = i + 1;
            while from < ours.len() && &ours[from].text == echo {
                from += 1;
            }
            ours[i].begun
        })
        .collect()
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
}

/// A screen reader's client on the same server says `text` at `priority`,
/// listening for its events as a reader does (so that the log shows when
/// it began and ended). The connection stays open until it is said or cut.
fn reader_says(server: &SpeechServer, priority: &str, text: &str) {
    use std::os::unix::net::UnixStream;
    let path = server.address();
    let path = path.strip_prefix("unix_socket:").unwrap().to_string();
    let mut stream = UnixStream::connect(&path).expect("the server listens");
    let commands = format!(
        "SET SELF CLIENT_NAME tester:reader:main\r\nSET SELF NOTIFICATION ALL on\r\n\
         SET SELF PRIORITY {priority}\r\nSET SELF LANGUAGE de\r\nSPEAK\r\n{text}\r\n.\r\n"
    );
    stream.write_all(commands.as_bytes()).unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if line.starts_with("702 ") || line.starts_with("703 ") {
                break;
            }
        }
    });
}

const READER: &str = "Bildschirmleser: Terminal, Zeile zwölf, Spalte drei, Eingabe";

/// The program's echo, cut off by a reader speaking at `priority`, is
/// said again once the reader is silent; the reader is never cut off.
fn echo_cut_by_reader_is_said_after_it(priority: &str) {
    let sandbox = Sandbox::new(&format!("table-reader-{priority}"));
    let server = SpeechServer::start_paced(&sandbox);
    let (child, mut stdin, _printed) = start_game(&sandbox, &server);
    std::thread::sleep(Duration::from_millis(1500));
    writeln!(stdin, "e4").unwrap();
    wait_begun(&server, "Eva vier");
    std::thread::sleep(Duration::from_millis(200));
    reader_says(&server, priority, READER);
    std::thread::sleep(Duration::from_secs(7));
    end_game(child, stdin);
    let texts = settled(&server);
    let report = table(&texts);
    eprintln!("{report}");
    let reader = texts
        .iter()
        .find(|t| t.text == READER)
        .unwrap_or_else(|| panic!("the reader's text was not queued:\n{report}"));
    assert!(reader.said_whole(), "the reader was cut off:\n{report}");
    let ours = client_of(&texts, "Eva vier");
    assert_ne!(ours, reader.client);
    let echo = |text: &str| -> Vec<&Spoken> {
        texts
            .iter()
            .filter(|t| t.client == ours && t.text == text)
            .collect()
    };
    let first = echo("Eva vier");
    assert!(
        first[0].cancelled.is_some(),
        "the reader did not cut the echo off: the test proves nothing:\n{report}"
    );
    let whole = first
        .iter()
        .find(|t| t.said_whole())
        .unwrap_or_else(|| panic!("the cut echo was not said again whole:\n{report}"));
    // A beginning the server lost is no earlier than the queueing.
    assert!(
        whole.begun.unwrap_or(whole.queued) >= reader.ended.unwrap(),
        "the echo was said over the reader:\n{report}"
    );
    // Said again without cutting anyone off: as a notification, which
    // speech-dispatcher says only while no one else speaks.
    assert_eq!(whole.priority, 4, "{report}");
}

#[test]
fn an_echo_cut_by_a_reader_at_message_priority_is_said_after_it() {
    echo_cut_by_reader_is_said_after_it("message");
}

#[test]
fn an_echo_cut_by_a_reader_at_text_priority_never_cuts_it_back() {
    echo_cut_by_reader_is_said_after_it("text");
}
#[test]
fn speechd_log_reads_into_texts_with_their_events() {
    let log = "[Sun Nov 29 18:42:26 2026 : 300026] speechd:     Queueing message |Anna sechs| with priority 3\n\
        [Sun Nov 29 18:42:26 2026 : 300053] speechd:     21:REPLY:|225-14\n225 OK MESSAGE QUEUED\n|\n\
        [Sun Nov 29 18:42:26 2026 : 302623] speechd:     21:REPLY:|701-14\n701-8\n701 BEGIN\n|\n\
        [Sun Nov 29 18:42:27 2026 : 62250] speechd:     21:REPLY:|702-14\n";
    let texts = spoken(log);
    assert_eq!(texts.len(), 1);
    let t = &texts[0];
    assert_eq!((t.id, t.client, t.priority), (14, 21, 3));
    assert_eq!(t.text, "Anna sechs");
    assert!(t.said_whole());
    assert!((t.length() - 0.759627).abs() < 1e-6, "{}", t.length());
}
