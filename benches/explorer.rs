//! The opening explorer over 100,000 games: generates a file of games
//! whose openings branch as a database's do (seeded, in the temporary
//! directory, kept for the next run), indexes it, builds its opening tree
//! and keeps it beside the file; then, as a new session would, opens the
//! file and asks `explore` at positions from the start to one game's
//! middle game, each time with the kept tree opened afresh: the first
//! answer. Also searches the same index by ECO and by year.
//!
//! Run with `cargo bench --bench explorer`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};
use zweibrett_core::analysis::command::Command;
use zweibrett_core::analysis::session::Session;
use zweibrett_core::analysis::words::AnalysisWords;
use zweibrett_core::record::game_search::Search;
use zweibrett_session::analysis::{AnalysisSession, Shown};
use zweibrett_session::explorer::{Stamp, Tree, build, keep, tree_files};

const GAMES: usize = 100_000;
const RUNS: usize = 15;

/// A move of `moves` chosen as players choose: the first of a fixed order
/// of the position most often, the next less often, and so on.
fn choose(rng: &mut ChaCha8Rng, position: &Chess) -> Option<Move> {
    let mut moves: Vec<Move> = position.legal_moves().into_iter().collect();
    if moves.is_empty() {
        return None;
    }
    // A fixed order per position, so that games meeting in a position
    // prefer the same moves there.
    let seed = zweibrett_core::analysis::explorer::position_hash(position);
    moves.sort_by_key(|m| {
        (u64::from(zweibrett_core::analysis::explorer::move_code(*m)) ^ seed)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
    });
    let mut k = 0;
    while k + 1 < moves.len() && rng.random_bool(0.45) {
        k += 1;
    }
    Some(moves[k])
}

fn generate(path: &Path) {
    let mut out = BufWriter::new(File::create(path).unwrap());
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for n in 1..=GAMES {
        let mut position = Chess::default();
        let mut text = String::new();
        for ply in 0..70 {
            let Some(m) = choose(&mut rng, &position) else {
                break;
            };
            if position.turn() == Color::White {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(&SanPlus::from_move_and_play_unchecked(&mut position, m).to_string());
            text.push(' ');
        }
        let result = ["1-0", "0-1", "1/2-1/2"][n % 3];
        writeln!(
            out,
            "[Event \"Open {}\"]\n[White \"Player {n}\"]\n[Black \"Rival {}\"]\n\
             [Date \"{}.{:02}.{:02}\"]\n[Result \"{result}\"]\n[ECO \"{}{:02}\"]\n\n{text}{result}\n",
            n % 40,
            n * 7 % 1000,
            1950 + n % 75,
            1 + n % 12,
            1 + n % 28,
            ['A', 'B', 'C', 'D', 'E'][n % 5],
            n / 5 % 100,
        )
        .unwrap();
    }
    out.flush().unwrap();
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let path: PathBuf = std::env::temp_dir().join("zweibrett-explorer-100000.pgn");
    if !path.exists() {
        let started = Instant::now();
        generate(&path);
        println!(
            "generated {GAMES} games in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
    let bytes = std::fs::metadata(&path).unwrap().len();
    let started = Instant::now();
    let index = zweibrett_session::games_file::index(&path).unwrap();
    println!(
        "indexed {} games ({} MB) in {:.0} ms",
        index.games.len(),
        bytes >> 20,
        started.elapsed().as_secs_f64() * 1000.0
    );
    for wanted in ["eco C41", "1987", "1960-1970"] {
        let search = Search::parse(wanted).unwrap();
        let times: Vec<Duration> = (0..RUNS)
            .map(|_| {
                let started = Instant::now();
                assert!(!index.search(&search).unwrap().is_empty());
                started.elapsed()
            })
            .collect();
        println!(
            "search {wanted:?}: median {:.1} ms",
            median(times).as_secs_f64() * 1000.0
        );
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = Instant::now();
    let records = build(&index, threads).unwrap();
    let built = started.elapsed();
    let stamp = Stamp::of(&path, index.games.len()).unwrap();
    let kept = keep(&tree_files(&path), &stamp, &records).expect("the tree is kept");
    println!(
        "opening tree: {} records ({} MB) built in {:.2} s on {threads} threads, kept in {}",
        records.len(),
        std::fs::metadata(&kept).unwrap().len() >> 20,
        built.as_secs_f64(),
        kept.display()
    );
    drop(records);
    // A new session on the file each time: the kept tree opened afresh.
    let (session, _) = Session::open(index, AnalysisWords::builtin("en"), Some(1)).unwrap();
    let mut session = AnalysisSession::from(session);
    let mut worst = Duration::ZERO;
    for plies in [0, 2, 6, 12, 24, 40] {
        let times: Vec<Duration> = (0..RUNS)
            .map(|_| {
                let mut fresh = AnalysisSession::from(
                    Session::open(
                        session.index().clone(),
                        AnalysisWords::builtin("en"),
                        Some(1),
                    )
                    .unwrap()
                    .0,
                );
                fresh.handle(&Command::GoTo(1, Color::White), Instant::now());
                fresh.handle(&Command::Start, Instant::now());
                for _ in 0..plies {
                    fresh.handle(&Command::Next, Instant::now());
                }
                let started = Instant::now();
                let said = fresh.handle(&Command::Explore, Instant::now());
                let took = started.elapsed();
                assert!(
                    matches!(said.as_slice(), [Shown::Say(s)] if !s.contains("being built")),
                    "{said:?}"
                );
                took
            })
            .collect();
        let said = {
            session.handle(&Command::Start, Instant::now());
            for _ in 0..plies {
                session.handle(&Command::Next, Instant::now());
            }
            session.handle(&Command::Explore, Instant::now())
        };
        let m = median(times.clone());
        worst = worst.max(*times.iter().max().unwrap());
        let said = match said.as_slice() {
            [Shown::Say(s)] => s.chars().take(90).collect::<String>(),
            other => format!("{other:?}"),
        };
        println!(
            "first answer after {plies} half-moves: median {:.2} ms; {said}",
            m.as_secs_f64() * 1000.0
        );
    }
    println!(
        "slowest first answer: {:.2} ms",
        worst.as_secs_f64() * 1000.0
    );
    let _ = Tree::open_kept(&tree_files(&path), &stamp).expect("still kept");
}
