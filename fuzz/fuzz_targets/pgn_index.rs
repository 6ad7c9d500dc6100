//! The streaming PGN index on arbitrary bytes: never a panic; the games it
//! finds lie within the text, in order, each starting on a later line than
//! the one before, and numbered from 1 without gaps (problems included).
//! Cut where a game's tags seem to begin and indexed in two stretches, the
//! text gives the index of one pass, or the stretches refuse to join.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::Path;

use zweibrett_core::record::pgn_index::{GameIndex, index_part, index_reader, text};

fuzz_target!(|data: &[u8]| {
    let size = data.len() as u64;
    let Ok((games, problems)) = index_reader(data, size) else {
        return;
    };
    if let Some(cut) = data.windows(3).position(|w| w == b"\n\n[").map(|i| i + 2) {
        let (first, second) = data.split_at(cut);
        if let (Ok(a), Ok(b)) = (
            index_part(first, 0, cut as u64),
            index_part(second, cut as u64, (data.len() - cut) as u64),
        ) && let Some(joined) =
            GameIndex::from_parts(Path::new("fuzz.pgn"), vec![a, b], |from, to| {
                data.get(from as usize..to as usize).map(<[u8]>::to_vec)
            })
        {
            assert_eq!(joined.games, games, "stretches joined differ from one pass");
            assert_eq!(
                joined.problems, problems,
                "stretches joined differ from one pass"
            );
        }
    }
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
