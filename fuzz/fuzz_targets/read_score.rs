//! The score reader on arbitrary text: never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;
use zweibrett_core::notation::{Lexicon, VoicePack, read_score};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = read_score(
        Lexicon::builtin(),
        &VoicePack::fide(),
        &Chess::default(),
        &text,
    );
});
