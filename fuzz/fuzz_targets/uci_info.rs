//! The reader of a UCI engine's `info` lines on arbitrary text, in a
//! position reached by arbitrary legal moves: never a panic, a score within
//! its bounds (a mate names a side), and the principal variation it keeps
//! is legal move after move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};
use zweibrett_core::analysis::engine::{MOST_CENTIPAWNS, MOST_MATE_MOVES, Score, read_info};

fuzz_target!(|data: &[u8]| {
    let Some((&plies, rest)) = data.split_first() else {
        return;
    };
    let mut position = Chess::default();
    for (i, choice) in rest.iter().take(usize::from(plies % 16)).enumerate() {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        position.play_unchecked(legal[(usize::from(*choice) + i) % legal.len()]);
    }
    let text = String::from_utf8_lossy(rest);
    for line in text.lines() {
        if let Some((score, best_line, _)) = read_info(line, &position) {
            match score {
                Score::Centipawns(cp) => assert!(cp.abs() <= MOST_CENTIPAWNS),
                Score::Mate(n) => assert!(n != 0 && n.abs() <= MOST_MATE_MOVES),
            }
            let mut after = position.clone();
            for m in best_line {
                assert!(after.is_legal(m));
                after.play_unchecked(m);
            }
        }
    }
});
