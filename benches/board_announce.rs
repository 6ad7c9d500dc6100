//! From a piece placed on the sighted player's electronic board to its
//! move's announcement handed to the voice: the whole path of a game that
//! follows a DGT board, the serial line (a pseudo-terminal with the
//! emulated board behind it), the line's thread, the host's wait for a
//! ring, the move recognised, entered and announced.
//!
//!     cargo bench --bench board_announce
//!
//! White, visually impaired, types each move; the opponent makes it on the
//! board, and makes Black's reply there. The measure is from the last
//! touch of Black's move (the piece set down, the captured piece or the
//! castling rook lifted or placed) to the moment the announcement reached
//! the voice. Moves that the same hands may still be making (a rook
//! beside a king that may castle, a piece that may slide on) wait on
//! purpose; they are reported apart. Target: median at most 50 ms for
//! the others.

use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use shakmaty::san::San;
use shakmaty::{Chess, Position};
use zweibrett_core::clock::schedule::ClockSettings;
use zweibrett_core::electronic_board::{Orientation, Placement, Recognition, recognise};
use zweibrett_core::game::{Game, Press, Repetition, Role, Setup};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::utterance::Utterance;
use zweibrett_session::host::{GameHost, Request};
use zweibrett_session::voice::Announce;
use zweibrett_session::wake::{Bell, Wake};

#[path = "../tests/it/common/dgt_emulator.rs"]
#[allow(dead_code)]
mod dgt_emulator;

use dgt_emulator::EmulatedBoard;

/// Games played; each gives Black's twenty moves.
const GAMES: usize = 10;

/// The first twenty moves of each side of a master game (Belgrade 1992,
/// game 1): captures, castling, a knight that needs its file.
const GAME: [&str; 40] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4",
    "Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6",
];

/// How long a step may take before the bench gives up on it.
const LIMIT: Duration = Duration::from_secs(5);

/// The voice: every utterance with the moment it was handed over.
#[derive(Clone, Default)]
struct Stamped(Arc<Mutex<Vec<(Instant, String)>>>);

impl Announce for Stamped {
    fn announce(&self, utterance: Utterance) {
        let now = Instant::now();
        self.0.lock().unwrap().push((now, utterance.text));
    }
}

impl Stamped {
    /// The first utterance handed over at or after `since`.
    fn first_since(&self, since: Instant) -> Option<(Instant, String)> {
        let said = self.0.lock().unwrap();
        said.iter().find(|(at, _)| *at >= since).cloned()
    }
}

/// The host as a front end runs it: woken by its bell or its deadline,
/// until `done` holds.
fn serve(host: &mut GameHost, rang: &Receiver<Wake<()>>, done: impl Fn(&GameHost) -> bool) {
    let until = Instant::now() + LIMIT;
    while !done(host) {
        let now = Instant::now();
        assert!(now < until, "the host did not get there in time");
        let wait = host
            .deadline()
            .map_or(LIMIT, |at| at.saturating_duration_since(now))
            .min(until - now);
        let _ = rang.recv_timeout(wait);
        host.wake(Instant::now());
    }
}

/// One game: the latencies of Black's moves taken at once, and of those
/// that waited for the hands to finish.
fn one_game(game_number: usize) -> (Vec<Duration>, Vec<Duration>) {
    let dir = std::env::temp_dir().join(format!(
        "zweibrett-bench-board-{}-{game_number}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let start = Placement::of_board(Chess::default().board());
    let board = EmulatedBoard::new(&dir.join("dgt"), &start, Orientation::Normal);
    let setup = Setup {
        time: "5400+30".into(),
        repetition: Repetition::Off,
        press: Press::Auto,
        role: Role::Player,
        ..Setup::default()
    };
    let game = Game::new(setup, VoicePack::fide()).unwrap();
    let voice = Stamped::default();
    let mut host = GameHost::unrecorded(
        game,
        ClockSettings::default(),
        zweibrett_core::clock::Instant::ZERO,
        Some(Box::new(voice.clone())),
    );
    let (tx, rang) = mpsc::channel::<Wake<()>>();
    host.follow_board_on(board.path());
    host.connect(&Bell::on(tx));
    host.open(false);
    let opened = Instant::now();
    serve(&mut host, &rang, |_| {
        voice
            .first_since(opened)
            .is_some_and(|(_, text)| text.starts_with("DGT-Brett"))
    });

    let mut position = Chess::default();
    let (mut at_once, mut settling) = (Vec::new(), Vec::new());
    for (ply, san) in GAME.iter().enumerate() {
        let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
        let before = position.clone();
        position.play_unchecked(m);
        let moves = ply + 1;
        if ply % 2 == 0 {
            host.request(Request::Line(Ok((*san).to_string())), Instant::now());
            serve(&mut host, &rang, |h| h.game().moves().len() == moves);
            board.make(&before, m);
            // The move made for White is checked against the announced
            // one before Black's hand moves.
            let made = Instant::now();
            serve(&mut host, &rang, |_| {
                made.elapsed() >= Duration::from_millis(100)
            });
        } else {
            let waits = matches!(
                recognise(&before, &Placement::of_board(position.board())),
                Recognition::Settling(_)
            );
            let touched = board.make(&before, m);
            serve(&mut host, &rang, |h| h.game().moves().len() == moves);
            let (said, _) = voice
                .first_since(touched)
                .expect("Black's move was announced");
            let latency = said - touched;
            if waits {
                settling.push(latency);
            } else {
                at_once.push(latency);
            }
        }
    }
    drop(host);
    drop(board);
    let _ = std::fs::remove_dir_all(&dir);
    (at_once, settling)
}

fn report(case: &str, mut latencies: Vec<Duration>) {
    if latencies.is_empty() {
        println!("{case}: none");
        return;
    }
    latencies.sort();
    let n = latencies.len();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{case}: piece placed -> announcement handed to the voice, {n} moves: median {:.2} ms, \
         90th percentile {:.2} ms, max {:.2} ms",
        ms(latencies[n / 2]),
        ms(latencies[n * 9 / 10]),
        ms(latencies[n - 1]),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter that names another bench
    // skips this one.
    if std::env::args()
        .skip(1)
        .any(|a| !a.starts_with('-') && !"board_announce".contains(&a))
    {
        return;
    }
    let (mut at_once, mut settling) = (Vec::new(), Vec::new());
    for game in 0..GAMES {
        let (once, waited) = one_game(game);
        at_once.extend(once);
        settling.extend(waited);
    }
    report(
        "moves taken at once (target: median at most 50 ms)",
        at_once,
    );
    report(
        "moves the same hands may still be making (wait 0.7 s on purpose)",
        settling,
    );
}
