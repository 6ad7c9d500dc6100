//! The PGN game reader on variations opened and closed in any order, to
//! any depth the bytes ask for: never a panic or a stack overflow, and no
//! game returned with variations nested past the reader's bound.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::record::pgn_game::{Game, MOST_VARIATION_DEPTH, Node};

/// The deepest variation in `line`, walked without recursion.
fn depth(line: &[Node]) -> usize {
    let mut deepest = 0;
    let mut open: Vec<(&[Node], usize)> = vec![(line, 0)];
    while let Some((nodes, at)) = open.pop() {
        deepest = deepest.max(at);
        for node in nodes {
            for variation in &node.variations {
                open.push((variation, at + 1));
            }
        }
    }
    deepest
}

fuzz_target!(|data: &[u8]| {
    let mut text = String::from("[Event \"nested\"]\n\n1. e4 ");
    for &b in data.iter().take(200_000) {
        text.push_str(match b % 5 {
            0 | 1 => "(1. d4 ",
            2 => ") ",
            3 => "{note} ",
            _ => "e5 ",
        });
    }
    text.push('*');
    for game in [Game::parse(&text, 1), Game::parse_up_to_fault(&text, 1)]
        .into_iter()
        .flatten()
    {
        assert!(depth(&game.moves) <= MOST_VARIATION_DEPTH);
    }
});
