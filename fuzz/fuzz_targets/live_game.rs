//! A followed file's game caught at any moment of a write: the part taken
//! as written whole is a prefix of the text, reading it never panics, and
//! every move it returns is legal where it stands.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shakmaty::Position;
use zweibrett_core::analysis::live::{read_written, written_whole};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let whole = written_whole(text);
    assert!(text.starts_with(whole), "{whole:?} is not a prefix");
    let Ok(game) = read_written(text, 1) else {
        return;
    };
    let mut position = game.start.clone();
    for node in &game.moves {
        assert!(position.is_legal(node.m), "{} is not legal", node.san);
        position.play_unchecked(node.m);
    }
});
