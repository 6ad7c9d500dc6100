//! The configuration overlay on arbitrary TOML: refused or read, never a
//! panic, for every section the program reads.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett::clock::schedule::ClockSettings;
use zweibrett::config::Config;
use zweibrett::speech::SpeechSettings;
use zweibrett::ui::screen::setup::SetupDefaults;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(config) = Config::with_user_text(text, "fuzz.toml") {
        let _ = config.section::<ClockSettings>("clock");
        let _ = config.section::<SpeechSettings>("speech");
        let _ = SetupDefaults::from_config(&config);
    }
});
