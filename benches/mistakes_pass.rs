//! The engine pass of learning from mistakes over a 40-move game: how many
//! half-moves a second Stockfish values at the pass's default depth, each
//! mistake confirmed deeper, with one engine process on one thread, as
//! `mistakes` runs it.
//!
//! Run with `cargo bench --bench mistakes_pass`; without Stockfish
//! installed it says so and measures nothing.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};
use zweibrett_session::analysis::DEFAULT_PASS_DEPTH as PASS_DEPTH;
use zweibrett_session::pass::{Pass, PassEnd};
use zweibrett_session::wake::{Bell, Wake};

const RUNS: usize = 3;

/// A game of 40 moves each side, quiet enough to reach an endgame.
const GAME: &str = "d4 d5 Bf4 Nf6 e3 Bg4 Nf3 e6 c3 Nbd7 Nbd2 Nh5 Be5 Be7 Qb3 Qc8 \
    h3 Bf5 g4 f6 Bh2 Bg6 c4 c6 Nh4 Bf7 gxh5 Bxh5 cxd5 cxd5 Bd3 g5 Nhf3 a5 O-O a4 \
    Qd1 e5 Rc1 Qd8 dxe5 fxe5 Be2 O-O Nxe5 Bxe2 Qxe2 Bd6 Nxd7 Rf7 Qg4 Qxd7 Bxd6 \
    Qxg4+ hxg4 a3 b3 d4 e4 Rf6 Bc5 b6 e5 Rf4 Bd6 Rxg4+ Kh2 Rd8 Nf3 Rf8 Bxf8 Kxf8 \
    Kh3 Re4 Rg1 h6 Rc6 Re2 Ra1 Rxf2";

fn stockfish() -> Option<PathBuf> {
    ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// The game's moves, each checked legal in turn.
fn moves() -> Vec<Move> {
    let mut position = Chess::default();
    let mut moves = Vec::new();
    for word in GAME.split_whitespace() {
        let san: San = word
            .trim_end_matches(['+', '#'])
            .parse()
            .unwrap_or_else(|_| panic!("{word} is not SAN"));
        let m = san
            .to_move(&position)
            .unwrap_or_else(|_| panic!("{word} is not legal here"));
        position.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// Seconds one whole pass takes.
fn one_pass(engine: &std::path::Path, moves: &[Move]) -> f64 {
    let started = Instant::now();
    // The pass rings at each position it values: waited for, not polled.
    let (tx, rings) = std::sync::mpsc::channel::<Wake<()>>();
    let waker = Bell::on(tx).waker();
    let mut pass = Pass::start(engine, (&Chess::default(), moves), PASS_DEPTH, &waker);
    loop {
        match pass.poll() {
            Some(PassEnd::Finished) => break,
            Some(end) => panic!("the pass ended early: {end:?}"),
            None => {
                let rang = rings.recv_timeout(Duration::from_secs(60));
                assert!(rang.is_ok(), "the pass rang");
            }
        }
    }
    started.elapsed().as_secs_f64()
}

fn main() {
    let Some(engine) = stockfish() else {
        println!("no stockfish installed; nothing measured");
        return;
    };
    let moves = moves();
    assert_eq!(moves.len(), 80, "the game has 40 moves each side");
    let mut rates: Vec<f64> = (0..RUNS)
        .map(|_| moves.len() as f64 / one_pass(&engine, &moves))
        .collect();
    rates.sort_by(f64::total_cmp);
    println!(
        "mistakes pass, depth {PASS_DEPTH}, {} half-moves: median {:.1} half-moves a second \
         (runs: {})",
        moves.len(),
        rates[RUNS / 2],
        rates
            .iter()
            .map(|r| format!("{r:.1}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
}
