//! The voice pack loader on arbitrary TOML: refused or loaded, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::notation::VoicePack;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = VoicePack::from_toml(text, "fuzz.toml");
    }
});
