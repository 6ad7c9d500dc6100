//! The journal reader and its replay on arbitrary bytes: never a panic; what
//! it reads is written again as JSON lines that read back the same, and the
//! game it records is replayed command by command with the voice pack it
//! names (built-in packs only: the fuzzer reads no files).
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::pack::BUILTIN;
use zweibrett_core::record::journal::{read, replay_with};

fuzz_target!(|data: &[u8]| {
    let path = Path::new("fuzz.jsonl");
    let Ok(loaded) = read(data, path) else {
        return;
    };
    assert!(loaded.valid_len <= data.len() as u64);
    assert_eq!(loaded.torn, !data.ends_with(b"\n"));

    let mut written = serde_json::to_string(&loaded.header).expect("a header serialises");
    written.push('\n');
    for entry in &loaded.entries {
        written.push_str(&serde_json::to_string(entry).expect("an entry serialises"));
        written.push('\n');
    }
    let again = read(written.as_bytes(), path).expect("a written journal reads back");
    assert_eq!(again.entries, loaded.entries);
    assert!(!again.torn);

    let voice = loaded.header.setup.voice.as_str();
    if BUILTIN.iter().any(|(id, _)| *id == voice) {
        let _ = replay_with(path, &loaded, VoicePack::builtin(voice));
    }
});
