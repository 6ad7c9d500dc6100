//! The time control reader (PGN TimeControl tags, presets, and controls as
//! people say them): never a panic, and what it reads is written back to
//! text it reads again the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::clock::TimeControl;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(control) = text.parse::<TimeControl>() {
        let written = control.to_string();
        let again: TimeControl = written.parse().expect("a written control reads back");
        assert_eq!(again.to_string(), written);
    }
    let _ = TimeControl::named_or_parsed(text);
    if let Ok(control) = TimeControl::from_words(text) {
        let written = control.to_string();
        let again: TimeControl = written.parse().expect("a control read from words is a tag");
        assert_eq!(again, control);
    }
});
