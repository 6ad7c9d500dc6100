//! Round trip: every legal move of every position reached in 2,000 seeded
//! random games, said in every pack and both forms, reads back as the same
//! move; and so do its SAN and UCI texts.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Move, Position, Role, san::San, san::SanPlus, uci::UciMove};
use zweibrett::notation::pack::BUILTIN;
use zweibrett::notation::{Form, Lexicon, Reading, VoicePack, read_move, say};

const GAMES: u64 = 2_000;
const MAX_PLIES: usize = 80;

/// Checks one game's positions; returns how many moves were checked.
fn check_game(seed: u64, packs: &[VoicePack], lexicon: &Lexicon) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Chess::default();
    let mut checked = 0;
    for _ in 0..MAX_PLIES {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        for &m in &legal {
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
            checked += 1;
        }
        let m = legal[rng.random_range(0..legal.len())];
        position.play_unchecked(m);
    }
    checked
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
    let packs: Vec<VoicePack> = BUILTIN
        .iter()
        .map(|(id, _)| VoicePack::builtin(id))
        .collect();
    let lexicon = Lexicon::builtin();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let checked: usize = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let packs = &packs;
                scope.spawn(move || {
                    (0..GAMES)
                        .filter(|g| g % threads == t)
                        .map(|g| check_game(g, packs, lexicon))
                        .sum::<usize>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert!(checked > 1_000_000, "only {checked} moves checked");
    eprintln!(
        "round trip: {checked} moves, each in {} packs x 2 forms + SAN + UCI",
        packs.len()
    );
}
