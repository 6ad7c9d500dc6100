//! What follows `find`, as typed, and the tags it is matched with, as a
//! file holds them: a search is read or refused with a reason, never
//! panicking, and a search read is matched against any tags.

#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::record::game_search::{FoldedTags, GameTags, Search, SearchError};

fuzz_target!(|data: &[u8]| {
    // Bounded: a typed line is short; a few kilobytes find every path.
    let data = &data[..data.len().min(4 * 1024)];
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.split('\n');
    let query = parts.next().unwrap_or("");
    let tag: Vec<&str> = parts.collect();
    let field = |i: usize| tag.get(i).copied().unwrap_or("");
    match Search::parse(query) {
        Ok(search) => {
            assert!(!search.criteria.is_empty());
            let tags = GameTags {
                date: field(0),
                eco: field(1),
                result: field(2),
                round: field(3),
                white_elo: field(4).parse().ok(),
                black_elo: field(5).parse().ok(),
            };
            let folded = FoldedTags::new(field(6), field(7), field(8), field(9), field(10));
            search.matches(&tags, &folded, |_| Some(field(11)));
            let _ = search.other_tags();
        }
        // Nothing to look for only when no word holds a letter or digit.
        Err(SearchError::Empty) => assert!(
            !query.chars().any(char::is_alphanumeric) || {
                // Letters that fold to nothing (combining marks alone).
                query
                    .split(|c: char| !c.is_alphanumeric())
                    .all(|w| zweibrett_core::notation::fold::fold(w).is_empty())
            }
        ),
        Err(_) => {}
    }
});
