//! The notation hot paths: reading a typed move and saying a move.
//! Target: under 20 µs per call on the reference machine.

use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::{CastlingMode, Chess, fen::Fen, uci::UciMove};
use std::hint::black_box;
use zweibrett_core::notation::{Form, Lexicon, VoicePack, read_move, say};

/// A middlegame with many legal moves and two knights that can reach d2.
const FEN: &str = "r1bq1rk1/pp2bppp/2nppn2/8/3NP3/2N1B3/PPPQBPPP/R3K2R w KQ - 4 9";

fn position() -> Chess {
    FEN.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn parse(c: &mut Criterion) {
    let pack = VoicePack::fide();
    let lexicon = Lexicon::builtin();
    let pos = position();
    let mut group = c.benchmark_group("parse");
    for (name, text) in [
        ("san", "Nf5"),
        ("uci", "e1g1"),
        ("voice_short", "Springer Felix fünf"),
        ("voice_long", "Springer David vier Felix fünf"),
        ("voice_slips", "Sprnger Felx fuenf"),
        ("castling_words", "Lange Rochade"),
        ("illegal", "Dame Hector acht"),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| read_move(lexicon, &pack, black_box(&pos), black_box(text)))
        });
    }
    group.finish();
}

fn speak(c: &mut Criterion) {
    let pack = VoicePack::fide();
    let pos = position();
    let m = "d4f5".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    let mut group = c.benchmark_group("say");
    group.bench_function("short", |b| {
        b.iter(|| say(&pack, black_box(&pos), black_box(m), Form::Short))
    });
    group.bench_function("long", |b| {
        b.iter(|| say(&pack, black_box(&pos), black_box(m), Form::Long))
    });
    group.finish();
}

/// Reading a built-in pack: every command that speaks reads one before its
/// first answer.
fn read_pack(c: &mut Criterion) {
    c.bench_function("read built-in pack fide", |b| {
        b.iter(|| zweibrett_core::notation::pack::VoicePack::builtin("fide"))
    });
}

criterion_group!(benches, parse, speak, read_pack);
criterion_main!(benches);
