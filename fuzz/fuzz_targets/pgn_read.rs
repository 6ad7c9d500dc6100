//! The score reader of the audit on arbitrary text: never a panic; the
//! start position its tags give is the game reader's; and wherever the
//! game reader reads a game, the score reader reads the same main line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::record::pgn_game::Game;
use zweibrett_core::record::pgn_read::read_pgn;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(Some(score)) = read_pgn(text) else {
        return;
    };
    let Ok(start) = score.start() else {
        return;
    };
    let played = score.play(&start);
    let Ok(game) = Game::parse(text, 1) else {
        return;
    };
    assert_eq!(game.start, start);
    let moves: Vec<_> = game.moves.iter().map(|n| n.m).collect();
    if game.left_out.is_empty() {
        assert_eq!(played.expect("the game reader read it"), moves, "{text}");
    }
});
