//! The configuration overlay on arbitrary TOML: refused or read, never a
//! panic, for every section whose settings the core reads.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::clock::TimeControl;
use zweibrett_core::clock::schedule::ClockSettings;
use zweibrett_core::config::Config;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(config) = Config::with_user_text(text, "fuzz.toml") {
        if let Ok(clock) = config.section::<ClockSettings>("clock") {
            let _ = TimeControl::named_or_parsed(&clock.time);
        }
        let _ = config.voice(None);
        let _ = config.string("voice");
    }
});
