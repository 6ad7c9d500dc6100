//! Prints every word a voice pack can say, one a line: the clip name, a
//! tab, and the text a speech engine is to read for it (the word, or its
//! pronunciation from the pack's `[pronounce]` table). `scripts/make-clips`
//! records the built-in voice from this list.
//!
//!     cargo run -q -p zweibrett-core --example said_words -- voices/fide.toml

use std::process::ExitCode;

use zweibrett_core::notation::VoicePack;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: said_words PACK.toml");
        return ExitCode::FAILURE;
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("said_words: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let pack = match VoicePack::from_toml(&text, &path) {
        Ok(pack) => pack,
        Err(e) => {
            eprintln!("said_words: {e}");
            return ExitCode::FAILURE;
        }
    };
    for (name, word) in pack.said_words() {
        println!("{name}\t{}", pack.pronunciation(word).unwrap_or(word));
    }
    ExitCode::SUCCESS
}
