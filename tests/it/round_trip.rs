//! Round trip: legal moves of the positions reached in 2,000 seeded random
//! games, said in every pack and both forms, read back as the same move;
//! and so do their SAN and UCI texts. Every legal move of the first 50
//! games is checked, and of the rest the first few of each shape (what a
//! move's words depend on), so every shape met in 2,000 games is read back;
//! `make test-long` (or `ROUND_TRIP_FULL_GAMES`) checks every legal move
//! of all 2,000.

use std::collections::{BTreeMap, HashMap};

use crate::common;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Move, Position, Role, Square, san::San, san::SanPlus, uci::UciMove};
use zweibrett_core::notation::pack::BUILTIN;
use zweibrett_core::notation::{Form, Lexicon, Reading, VoicePack, read_move, say};

const GAMES: u64 = 2_000;
const MAX_PLIES: usize = 80;
/// How many moves of each shape are checked past the fully checked games.
const EACH_SHAPE: u32 = 4;

/// What a move's words depend on: the piece, where it goes, what its SAN
/// must tell apart (`Nbd2`, `R1e2`, `Qh4e1`), a capture, en passant, a
/// promotion, castling, check and mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Shape {
    role: Role,
    to: Square,
    told_apart: u8,
    capture: bool,
    en_passant: bool,
    promotion: Option<Role>,
    castling: bool,
    suffix: u8,
}

fn shape(position: &Chess, m: Move) -> Shape {
    let san = San::from_move(position, m);
    let told_apart = match san {
        San::Normal { file, rank, .. } => u8::from(file.is_some()) + 2 * u8::from(rank.is_some()),
        _ => 0,
    };
    let suffix = match SanPlus::from_move(position.clone(), m).suffix {
        None => 0,
        Some(shakmaty::san::Suffix::Check) => 1,
        Some(shakmaty::san::Suffix::Checkmate) => 2,
    };
    Shape {
        role: m.role(),
        to: m.to(),
        told_apart,
        capture: m.is_capture(),
        en_passant: m.is_en_passant(),
        promotion: m.promotion(),
        castling: m.is_castle(),
        suffix,
    }
}

/// What one thread has checked: the moves, and how many of each shape.
#[derive(Default)]
struct Checked {
    moves: usize,
    shapes: HashMap<Shape, u32>,
}

/// Checks one game's positions: every legal move if `every`, else the
/// moves of a shape checked fewer than [`EACH_SHAPE`] times.
fn check_game(
    seed: u64,
    every: bool,
    packs: &[VoicePack],
    lexicon: &Lexicon,
    checked: &mut Checked,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Chess::default();
    for _ in 0..MAX_PLIES {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        for &m in &legal {
            let times = checked.shapes.entry(shape(&position, m)).or_default();
            if !every && *times >= EACH_SHAPE {
                continue;
            }
            *times += 1;
            for pack in packs {
                for form in [Form::Short, Form::Long] {
                    let text = say(pack, &position, m, form);
                    expect(lexicon, pack, &position, m, &text);
                }
            }
            let san = SanPlus::from_move(position.clone(), m).to_string();
            expect_san(lexicon, &packs[0], &position, m, &san);
            let plain_san = San::from_move(&position, m).to_string();
            expect_san(lexicon, &packs[0], &position, m, &plain_san);
            let uci = UciMove::from_standard(m).to_string();
            expect(lexicon, &packs[0], &position, m, &uci);
            checked.moves += 1;
        }
        let m = legal[rng.random_range(0..legal.len())];
        position.play_unchecked(m);
    }
}

fn expect(lexicon: &Lexicon, pack: &VoicePack, position: &Chess, m: Move, text: &str) {
    match read_move(lexicon, pack, position, text) {
        Reading::Move(read) if read == m => {}
        other => panic!(
            "\"{text}\" in {} read as {other:?}, expected {m:?}",
            shakmaty::fen::Fen::from_position(position, shakmaty::EnPassantMode::Legal)
        ),
    }
}

/// SAN read by the typed reader of a pack: a lower-case `b` (and in the
/// pack's own letters `d`, `c`, `a`) is a file and a piece letter both, and
/// an upper-case letter is every piece it names in the languages the pack
/// reads (`R` also the king in Portuguese and Spanish). Where the two readings
/// give two legal moves the reader must ask, offering the move among the
/// candidates; the other candidates are of the piece the letter also names.
fn expect_san(lexicon: &Lexicon, pack: &VoicePack, position: &Chess, m: Move, text: &str) {
    let reading = read_move(lexicon, pack, position, text);
    let first = text.chars().next().unwrap_or_default();
    // Every piece the letter names in the letters the pack reads: with the
    // FIDE pack's every language, N is also the Romanian bishop and R also
    // the king, the Finnish knight and the Lithuanian bishop.
    // A promotion's letter counts as well ("f1=R").
    let mut letter_roles: Vec<Role> = text
        .chars()
        .enumerate()
        .filter(|(i, c)| *i == 0 || c.is_uppercase())
        .flat_map(|(_, c)| pack.typed_letters.pieces_at(&[c]).0)
        .collect();
    if first.is_ascii_lowercase() {
        letter_roles.push(Role::Pawn);
    }
    // The piece moved, or for a promotion the piece chosen.
    let named = |c: &Move| c.promotion().unwrap_or(c.role());
    if let Reading::Ambiguous { candidates, .. } = &reading
        && candidates.contains(&m)
        && letter_roles.contains(&named(&m))
        && candidates.iter().all(|c| letter_roles.contains(&named(c)))
        && candidates.iter().any(|c| named(c) != named(&m))
    {
        return;
    }
    expect(lexicon, pack, position, m, text);
}

#[test]
fn every_move_said_in_every_pack_reads_back() {
    common::lowest_priority();
    let packs: Vec<VoicePack> = BUILTIN
        .iter()
        .map(|(id, _)| VoicePack::builtin(id))
        .collect();
    let lexicon = Lexicon::builtin();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let every = common::sample("ROUND_TRIP_FULL_GAMES", 50, GAMES as usize) as u64;
    let mut moves = 0;
    let mut shapes: BTreeMap<Shape, u32> = BTreeMap::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let packs = &packs;
                scope.spawn(move || {
                    let mut checked = Checked::default();
                    for g in (0..GAMES).filter(|g| g % threads == t) {
                        check_game(g, g < every, packs, lexicon, &mut checked);
                    }
                    checked
                })
            })
            .collect();
        for handle in handles {
            let checked = handle.join().unwrap();
            moves += checked.moves;
            for (s, times) in checked.shapes {
                *shapes.entry(s).or_default() += times;
            }
        }
    });
    eprintln!(
        "round trip: {moves} moves, each in {} packs x 2 forms + SAN + UCI; \
         every move of {every} games, and {} shapes",
        packs.len(),
        shapes.len()
    );
    // Every shape of 2,000 games (2,608 with this seed) is read back.
    assert!(shapes.len() > 2_500, "only {} shapes", shapes.len());
    assert!(moves > 100_000, "only {moves} moves checked");
}
