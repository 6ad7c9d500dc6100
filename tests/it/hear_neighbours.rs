//! A move is never taken when a phrase one word away from it was said
//! (another file, rank, piece, or the capture word put in or left out):
//! for random positions and every legal move, a phrase one word from that
//! move's own, legal or not, is said by a voice that no other corpus of the
//! project uses, and heard in the position. It may be taken as the move it
//! means, asked about, answered as illegal or not heard; never taken as
//! the move it is a word away from. One taken as a third move is printed
//! and counted.
//! `HEAR_NEIGHBOURS_CASES` sets how many positions (one, or eight under
//! `make test-long`).

use crate::common;

use std::path::{Path, PathBuf};

use common::hear_corpus::uci;
use common::room_corpus::{Voice, synthesize};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Position};
use zweibrett::hearing::{Hearing, Recogniser};
use zweibrett_core::hearing::neighbours::neighbours;
use zweibrett_core::hearing::{Grammar, Heard, Said};
use zweibrett_core::notation::VoicePack;

/// Voices of no other corpus of the project.
fn voices(pack: &str) -> [Voice; 4] {
    let espeak = |voice, pitch, speed| Voice::Espeak {
        voice,
        pitch,
        speed,
    };
    match pack {
        "en" => [
            espeak("en-us+m4", 45, 150),
            espeak("en-gb+f3", 60, 165),
            espeak("en-us+klatt2", 50, 140),
            Voice::Flite("awb"),
        ],
        _ => [
            espeak("de+m4", 40, 150),
            espeak("de+f3", 65, 160),
            espeak("de+klatt2", 50, 140),
            espeak("de+m6", 35, 170),
        ],
    }
}

/// One phrase said: what it means in the position, and the move it is a
/// word away from.
struct Said1 {
    position: Chess,
    pack: &'static str,
    /// The move whose phrase it is a word from.
    near: shakmaty::Move,
    /// What it means: another legal move, or a move not legal here.
    meaning: Said,
    text: String,
    voice: String,
    wav: PathBuf,
}

/// For every legal move of `position`, one phrase a word away from one of
/// its own, drawn by `rng`, said into `dir`.
fn said_near(
    dir: &Path,
    position: &Chess,
    pack_id: &'static str,
    rng: &mut ChaCha8Rng,
) -> Vec<Said1> {
    let pack = VoicePack::builtin(pack_id);
    let legal = Grammar::of_position(&pack, position);
    let with_illegal = legal.with_illegal(&pack, position);
    let voices = voices(pack_id);
    let mut said = Vec::new();
    for (k, m) in position.legal_moves().into_iter().enumerate() {
        // Each of the move's own phrases with its neighbours: moves and
        // moves not legal here (a command is no move's word).
        let own: Vec<_> = legal
            .phrases()
            .iter()
            .filter(|p| p.said == Said::Move(m))
            .map(|p| {
                let near: Vec<_> = neighbours(&with_illegal, p.said, &p.words)
                    .into_iter()
                    .filter(|n| matches!(n.said, Said::Move(_) | Said::Illegal(_)))
                    .collect();
                near
            })
            .filter(|near| !near.is_empty())
            .collect();
        if own.is_empty() {
            continue;
        }
        let near = &own[rng.random_range(0..own.len())];
        let other = near[rng.random_range(0..near.len())];
        let voice = &voices[rng.random_range(0..voices.len())];
        let wav = dir.join(format!("{pack_id}-{k:02}.wav"));
        synthesize(voice, &pack.pronounced(&other.text), &wav);
        said.push(Said1 {
            position: position.clone(),
            pack: pack_id,
            near: m,
            meaning: other.said,
            text: other.text.clone(),
            voice: voice.name(),
            wav,
        });
    }
    said
}

/// What each phrase was heard as, on two threads.
fn heard(said: &[Said1]) -> Vec<Hearing> {
    common::hear_corpus::in_two_halves(said, |half| {
        let mut recogniser: Option<Recogniser> = None;
        half.iter()
            .map(|one| {
                let pack = VoicePack::builtin(one.pack);
                let recogniser = recogniser.get_or_insert_with(|| {
                    Recogniser::for_pack(&pack).expect("the recogniser is installed")
                });
                let sound = common::room_corpus::read(&one.wav);
                let samples = zweibrett::hearing::samples_of(&sound);
                let grammar = Grammar::of_position(&pack, &one.position);
                recogniser
                    .hear_in(&one.position, &grammar, &samples)
                    .unwrap()
            })
            .collect()
    })
}

/// The draws: the same each run, so that the test in CI is the same every
/// time, unless `PROPTEST_RNG_SEED` asks for others.
fn draws() -> RngSeed {
    match ProptestConfig::default().rng_seed {
        RngSeed::Random => RngSeed::Fixed(0x2e16_b0a5),
        asked => asked,
    }
}

fn cases() -> u32 {
    u32::try_from(common::sample("HEAR_NEIGHBOURS_CASES", 1, 8)).unwrap_or(1)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        // Each case says and hears some thirty phrases: a failing seed is
        // reported as it is, not made smaller.
        max_shrink_iters: 0,
        failure_persistence: None,
        rng_seed: draws(),
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_phrase_one_word_away_is_never_taken_as_the_move(seed in any::<u64>(), english in any::<bool>()) {
        let wrong = said_and_heard(seed, english);
        prop_assert!(wrong.is_empty(), "taken as the move a word away:\n{}", wrong.join("\n"));
    }
}

/// A draw whose "Bishop Eva eight", not legal, the searches took as the
/// legal "Bishop Felix eight", which led it by 562 when each was fitted
/// alone; an earlier one took "Turm Felix fünf" as "Turm Felix acht".
#[test]
fn a_bishop_move_a_word_from_the_phrase_said_is_not_taken() {
    let wrong = said_and_heard(5_515_800_763_238_722_422, true);
    assert!(
        wrong.is_empty(),
        "taken as the move a word away:\n{}",
        wrong.join("\n")
    );
}

/// Says and hears, for the position `seed` draws, a phrase a word from
/// each legal move's own (in English when `english`, else German), and
/// gives every one taken as the move it is a word from. Those taken as a
/// third move, neither, are printed and counted: the recogniser heard
/// another word than the one put in.
fn said_and_heard(seed: u64, english: bool) -> Vec<String> {
    common::lowest_priority();
    let pack = if english { "en" } else { "fide" };
    let dir = std::env::temp_dir().join(format!(
        "zweibrett-hear-neighbours-{}-{seed}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (position, _) = common::hear_corpus::positions(1, seed).remove(0);
    let said = said_near(&dir, &position, pack, &mut rng);
    let heard = heard(&said);
    let _ = std::fs::remove_dir_all(&dir);
    let mut counts = [0usize; 6];
    let mut wrong = Vec::new();
    for (one, hearing) in said.iter().zip(&heard) {
        let heard = &hearing.heard;
        // A move the searches would have taken (their best), that the
        // phrases a word from it made a question of: printed with the
        // nearest's lead, and counted when it was not what was said.
        if let (Some(nearest), Heard::Confirm(..) | Heard::Ask(_)) =
            (&hearing.nearest_neighbour, heard)
        {
            let grammar = Grammar::of_position(&VoicePack::builtin(pack), &position);
            let searches = hearing
                .guesses
                .iter()
                .max_by_key(|g| g.score)
                .and_then(|g| grammar.phrase(&g.words))
                .map(|p| p.said);
            let caught = searches != Some(one.meaning);
            counts[5] += usize::from(caught);
            eprintln!(
                "asked, not taken: \"{}\" said, the searches' {} ahead of {:?}",
                one.text,
                if caught { "wrong move" } else { "move, right" },
                nearest
            );
        }
        match heard {
            Heard::Said(Said::Move(m)) if Said::Move(*m) == one.meaning => counts[0] += 1,
            Heard::Said(Said::Move(m)) => {
                let line = format!(
                    "\"{}\" ({:?}, a word from {}) said by {} in {} heard as {} ({:?}, nearest {:?})",
                    one.text,
                    one.meaning,
                    uci(&one.position, one.near),
                    one.voice,
                    shakmaty::fen::Fen::from_position(
                        &one.position,
                        shakmaty::EnPassantMode::Legal
                    ),
                    uci(&one.position, *m),
                    hearing.guesses,
                    hearing.nearest_neighbour
                );
                if *m == one.near {
                    wrong.push(line);
                } else {
                    // Neither what was said nor the move a word away: the
                    // recogniser heard another word altogether.
                    eprintln!("taken as a third move: {line}");
                    counts[4] += 1;
                }
            }
            Heard::Confirm(..) | Heard::Ask(_) => counts[1] += 1,
            Heard::Illegal(_) => counts[2] += 1,
            _ => counts[3] += 1,
        }
    }
    eprintln!(
        "{} {pack} seed {seed}: {} phrases a word from a legal move: taken as what they mean {}, asked {}, answered as illegal {}, not heard {}, taken as the move a word away {}, as a third move {}; of those asked, the searches' wrong move {}",
        shakmaty::fen::Fen::from_position(&position, shakmaty::EnPassantMode::Legal),
        said.len(),
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        wrong.len(),
        counts[4],
        counts[5]
    );
    wrong
}
