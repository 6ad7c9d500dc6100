//! A game beside an emulated DGT board, heard in real time through a
//! speech-dispatcher of the test's own that plays into a PulseAudio null
//! sink (paced as a sound card is): the visually impaired player types
//! their own moves, the opponent's replies are made on the board at a
//! table's pace, and speech-dispatcher's log tells what was said and
//! whether each text was heard to its end.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use shakmaty::san::San;
use shakmaty::{Chess, Position};

use common::Sandbox;
use common::capture::{SpeechServer, seconds_heard};
use common::dgt_emulator::EmulatedBoard;
use common::speechd_log::{Spoken, spoken, table};
use zweibrett_core::electronic_board::{Orientation, Placement};
use zweibrett_core::notation::{Form, VoicePack, say};

/// Six moves of a Sicilian: captures on both boards.
const GAME: [&str; 12] = [
    "e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6", "Be2", "e5",
];

/// How long the players think before each half-move, as at a table.
fn thinking(half_move: usize) -> Duration {
    Duration::from_millis([1600, 1200, 900, 1900, 1400][half_move % 5])
}

/// Plays the game in `voice` beside the board, heard through the server;
/// what speech-dispatcher said of the program's texts, and the seconds of
/// speech heard per full move.
fn board_game_heard(name: &str, voice: &str) -> (Vec<Spoken>, f64, String) {
    let sandbox = Sandbox::new(name);
    let server = SpeechServer::start_paced(&sandbox);
    let board = EmulatedBoard::new(
        &sandbox.home.join("dgt"),
        &Placement::of_board(Chess::default().board()),
        Orientation::Normal,
    );
    let (key, value) = server.env();
    let path = board.path();
    let mut child = sandbox
        .command(&[
            "--plain",
            "--speech",
            "system",
            "--no-earcons",
            "play",
            "--voice",
            voice,
            "--role",
            "player",
            "--impaired",
            "white",
            "--board",
            &path,
        ])
        .env(key, value)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, printed) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let until = |what: &str| {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match printed.recv_timeout(left) {
                Ok(line) if line.contains(what) => return line,
                Ok(_) => {}
                Err(_) => panic!("\"{what}\" was never printed"),
            }
        }
    };
    until("DGT");
    let mut position = Chess::default();
    for (ply, san) in GAME.iter().enumerate() {
        std::thread::sleep(thinking(ply));
        let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
        if ply % 2 == 0 {
            writeln!(stdin, "{san}").unwrap();
            until("announced:");
            // The opponent makes the announced move on the board.
            std::thread::sleep(Duration::from_millis(600));
            board.make(&position, m);
        } else {
            board.make(&position, m);
            until("announced:");
        }
        position.play_unchecked(m);
    }
    std::thread::sleep(Duration::from_secs(3));
    drop(stdin);
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(started.elapsed() < Duration::from_secs(60), "no end");
        std::thread::sleep(Duration::from_millis(50));
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    let texts = loop {
        let texts = spoken(&server.log());
        let open = texts
            .iter()
            .any(|t| t.begun.is_some() && t.ended.is_none() && t.cancelled.is_none());
        if !open || Instant::now() > deadline {
            break texts;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let heard = seconds_heard(&server.heard()) / (GAME.len() / 2) as f64;
    let report = table(&texts);
    (texts, heard, report)
}

/// Every move is heard to its end; the board's word is said, never over
/// a move; little is said in all.
fn check(name: &str, voice: &str, found: &str) {
    let (texts, heard, report) = board_game_heard(name, voice);
    let pack = VoicePack::builtin(voice);
    // The board's word is handed over, but a move announced meanwhile
    // cuts it off, even before it begins: it is never said over a move.
    assert!(
        texts.iter().any(|t| t.text.starts_with(found)),
        "the board's word was never handed to the voice:\n{report}"
    );
    let mut position = Chess::default();
    for san in GAME {
        let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
        let words = pack.pronounced(&say(&pack, &position, m, Form::Short));
        position.play_unchecked(m);
        let said: Vec<&Spoken> = texts.iter().filter(|t| t.text == words).collect();
        assert!(
            said.iter().any(|t| t.said_whole()),
            "{san}: \"{words}\" was not heard whole:\n{report}"
        );
    }
    eprintln!("{report}\n{voice}: {heard:.2} s of speech per full move beside the board");
    assert!(heard <= 3.0, "{heard:.2} s per full move:\n{report}");
}

/// English here; the German game was heard the same way, and the typed
/// game at the table is heard in German (`table_speech_capture`).
#[test]
fn a_board_game_is_heard_whole_in_english() {
    check("board-heard-en", "en", "DGT board");
}
