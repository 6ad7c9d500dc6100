//! The score reader on arbitrary text: never a panic.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;
use zweibrett_core::notation::{Lexicon, VoicePack, read_score};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // Loaded once: a pack takes milliseconds to load.
    static PACK: OnceLock<VoicePack> = OnceLock::new();
    let pack = PACK.get_or_init(VoicePack::fide);
    let _ = read_score(Lexicon::builtin(), pack, &Chess::default(), &text);
});
