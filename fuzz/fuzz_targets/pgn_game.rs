//! The PGN game reader on arbitrary text: never a panic; every move it
//! returns, in the main line and in every variation, is legal where it
//! stands; the game written back as PGN reads back as the same tree, and
//! the main line written back as SAN reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shakmaty::san::San;
use shakmaty::{Chess, Position};
use zweibrett_core::record::pgn_game::{Game, Node};
use zweibrett_core::record::pgn_game_write::write_game;

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

/// Every move of a line and its variations.
fn tree(line: &[Node]) -> Vec<String> {
    line.iter()
        .map(|n| {
            let inner: Vec<String> = n.variations.iter().map(|v| tree(v).join(" ")).collect();
            format!("{} ({})", n.m, inner.join("|"))
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = Game::parse(text, 1) else {
        return;
    };
    check_line(&game.start, &game.moves);
    // Written back as PGN (as a game saved with the user's own moves is),
    // it reads as the same tree of moves.
    let again = Game::parse(&write_game(&game), 1).expect("a written game reads back");
    assert_eq!(tree(&again.moves), tree(&game.moves));
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
