//! The move reader on arbitrary text, in a position reached by arbitrary
//! legal moves: it must never panic, and a move it returns must be legal.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};
use zweibrett_core::notation::{Lexicon, Reading, VoicePack, read_move};

fuzz_target!(|data: &[u8]| {
    let Some((&plies, rest)) = data.split_first() else {
        return;
    };
    let mut position = Chess::default();
    for (i, choice) in rest.iter().take(usize::from(plies % 40)).enumerate() {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        position.play_unchecked(legal[(usize::from(*choice) + i) % legal.len()]);
    }
    let text = String::from_utf8_lossy(rest);
    // Loaded once: a pack takes milliseconds to load.
    static PACK: OnceLock<VoicePack> = OnceLock::new();
    let pack = PACK.get_or_init(VoicePack::fide);
    if let Reading::Move(m) = read_move(Lexicon::builtin(), pack, &position, &text) {
        assert!(position.is_legal(m));
    }
});
