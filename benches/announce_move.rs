//! From an accepted move to its announcement: `Game::apply` of the move
//! returning its events, over positions where a pawn move or a king move
//! locks (or nearly locks) the pawns and the dead-position search is slow
//! (5.2.2). The search is a question handed out afterwards, so none of it
//! is on this path. Target: the worst under 20 ms.

use std::hint::black_box;
use std::time::{Duration, Instant as WallInstant};

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use zweibrett_core::clock::Instant;
use zweibrett_core::game::{Command, Game, Press, Repetition, Setup};
use zweibrett_core::notation::VoicePack;

/// Positions and the move that is announced in each.
const LOCKED: [(&str, &str, &str); 12] = [
    (
        "b6_bishops",
        "kb6/bpp2p1p/2P5/1P6/8/8/5P1P/5K2 b - - 0 1",
        "b6",
    ),
    (
        "h6_bishops",
        "kb6/bpp2p1p/2P5/1P6/8/8/5P1P/5K2 b - - 0 1",
        "h6",
    ),
    (
        "b3_mirrored",
        "5k2/5p1p/8/8/1p6/2p5/BPP2P1P/KB6 w - - 0 1",
        "b3",
    ),
    (
        "g4_chain",
        "8/8/1k6/p1p1p1p1/P1P1P3/6P1/1K6/8 w - - 0 1",
        "g4",
    ),
    (
        "g4_chain_light_bishop",
        "8/8/1k6/p1p1p1p1/P1P1P3/6P1/1K6/7B w - - 0 1",
        "g4",
    ),
    (
        "bg2_chain_light_bishop",
        "8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K6/7B w - - 0 1",
        "Bg2",
    ),
    (
        "kb2_double_chain",
        "k7/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/K7 w - - 0 1",
        "Kb2",
    ),
    (
        "ke2_half_chain",
        "4k3/8/3p1p2/2pPpPp1/2P1P1P1/8/8/4K3 w - - 0 1",
        "Ke2",
    ),
    (
        "kg2_zigzag",
        "8/k7/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/7K/8 w - - 0 1",
        "Kg2",
    ),
    (
        "kb7_zigzag",
        "8/k7/p1p1p1p1/PpPpPpPp/1P1P1P1P/8/7K/8 b - - 0 1",
        "Kb7",
    ),
    (
        "kd3_rams",
        "8/2k5/1p1p1p1p/1P1P1P1P/8/8/2K5/8 w - - 0 1",
        "Kd3",
    ),
    (
        "ke2_rams_behind",
        "4k3/1p1p1p1p/1P1P1P1P/8/8/8/8/4K3 w - - 0 1",
        "Ke2",
    ),
];

fn game(fen: &str) -> Game {
    let setup = Setup {
        time: "600".into(),
        repetition: Repetition::Off,
        press: Press::Auto,
        fen: Some(fen.into()),
        ..Setup::default()
    };
    Game::new(setup, VoicePack::fide()).expect("a legal position")
}

/// The worst of `runs` announcements of each move, timed by hand first,
/// so that the figure the target is about is printed as one number.
fn worst(runs: u32) -> (Duration, &'static str) {
    let mut worst = (Duration::ZERO, "");
    for (name, fen, text) in LOCKED {
        for _ in 0..runs {
            let mut g = game(fen);
            let started = WallInstant::now();
            let events = g.apply(&Command::Move(text.into()), Instant::from_secs(1));
            let took = started.elapsed();
            assert_eq!(
                g.moves().len(),
                1,
                "{name}: {text} is not accepted: {events:?}"
            );
            worst = worst.max((took, name));
        }
    }
    worst
}

/// The search each move hands out, timed once: what the announcement
/// would have waited for, and now does not.
fn searches() {
    for (name, fen, text) in LOCKED {
        let mut g = game(fen);
        g.apply(&Command::Move(text.into()), Instant::from_secs(1));
        let Some(question) = g.question() else {
            continue;
        };
        let started = WallInstant::now();
        let answer = question.search();
        let dead =
            matches!(&answer, Some(Command::CannotCheckmate { sides, .. }) if sides.len() == 2);
        println!(
            "search off the path, {name}: {:?}, dead: {dead}",
            started.elapsed()
        );
    }
}

fn announce(c: &mut Criterion) {
    searches();
    let (took, name) = worst(20);
    println!(
        "worst move to announcement over {} positions: {took:?} ({name})",
        LOCKED.len()
    );
    let mut group = c.benchmark_group("move_to_announcement");
    for (name, fen, text) in LOCKED {
        let command = Command::Move(text.into());
        group.bench_function(name, |b| {
            b.iter_batched(
                || game(fen),
                |mut g| black_box(g.apply(&command, Instant::from_secs(1))),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, announce);
criterion_main!(benches);
