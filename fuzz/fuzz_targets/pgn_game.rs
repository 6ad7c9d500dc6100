//! The PGN game reader on arbitrary text: never a panic; every move it
//! returns, in the main line and in every variation, is legal where it
//! stands, and the main line written back as SAN reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shakmaty::san::San;
use shakmaty::{Chess, Position};
use zweibrett_core::record::pgn_game::{Game, Node};

/// Checks a line of moves from `position`, with its variations.
fn check_line(position: &Chess, line: &[Node]) {
    let mut position = position.clone();
    for node in line {
        for variation in &node.variations {
            check_line(&position, variation);
        }
        assert!(position.is_legal(node.m), "{} is not legal", node.san);
        position.play_unchecked(node.m);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = Game::parse(text, 1) else {
        return;
    };
    check_line(&game.start, &game.moves);
    if game.tag("FEN").is_some() || game.tag("SetUp").is_some() {
        return;
    }
    // The main line, written again as plain SAN, reads back move for move.
    let mut position = game.start.clone();
    let mut written = String::new();
    for (i, node) in game.moves.iter().enumerate() {
        if i % 2 == 0 {
            written.push_str(&format!("{}. ", i / 2 + 1));
        }
        written.push_str(&San::from_move(&position, node.m).to_string());
        written.push(' ');
        position.play_unchecked(node.m);
    }
    written.push('*');
    let again = Game::parse(&written, 1).expect("written SAN reads back");
    let moves: Vec<_> = game.moves.iter().map(|n| n.m).collect();
    let again_moves: Vec<_> = again.moves.iter().map(|n| n.m).collect();
    assert_eq!(moves, again_moves, "{written}");
});
