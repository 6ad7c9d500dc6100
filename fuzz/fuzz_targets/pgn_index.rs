//! The streaming PGN index on arbitrary bytes: never a panic; the games it
//! finds lie within the text, in order, each starting on a later line than
//! the one before, and numbered from 1 without gaps (problems included).
#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::record::pgn_index::{index_reader, text};

fuzz_target!(|data: &[u8]| {
    let size = data.len() as u64;
    let Ok((games, problems)) = index_reader(data, size) else {
        return;
    };
    let mut end = 0;
    let mut line = 0;
    for game in &games {
        assert!(game.offset >= end, "games overlap");
        assert!(
            game.offset + game.length <= size,
            "a game runs past the end"
        );
        assert!(game.line >= line.max(1), "lines go backwards");
        end = game.offset + game.length;
        line = game.line;
        let _ = text(data[game.offset as usize..end as usize].to_vec());
    }
    let mut numbers: Vec<usize> = games.iter().map(|g| g.number).collect();
    numbers.extend(problems.iter().map(|p| p.number));
    numbers.sort_unstable();
    assert!(
        numbers.iter().enumerate().all(|(i, n)| *n == i + 1),
        "{numbers:?}"
    );
});
