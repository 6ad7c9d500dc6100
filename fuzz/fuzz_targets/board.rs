//! The reader of what a board shows (FEN, or a piece list in any pack's
//! words) on arbitrary text: never a panic, and a board it reads is
//! written back as FEN and as a piece list that read back the same.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use shakmaty::{Bitboard, Color, Rank, Role};
use zweibrett_core::audit::read_board;
use zweibrett_core::notation::VoicePack;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    static PACK: OnceLock<VoicePack> = OnceLock::new();
    let pack = PACK.get_or_init(VoicePack::fide);
    let Ok(board) = read_board(pack, text) else {
        return;
    };
    let fen = board.board_fen().to_string();
    let again = read_board(pack, &fen).expect("a written FEN reads back");
    assert_eq!(again, board, "{fen}");
    // A piece list only holds what can stand on a board: no pawn on the
    // first or last rank, and at least one piece.
    let edges = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
    let pawns_at_edge = board.pawns() & edges;
    if board.occupied().is_empty() || pawns_at_edge.any() {
        return;
    }
    let mut list = Vec::new();
    for color in Color::ALL {
        let pieces: Vec<String> = board
            .by_color(color)
            .into_iter()
            .map(|square| {
                let role = board.role_at(square).unwrap_or(Role::Pawn);
                format!("{} {}", pack.piece(role), pack.square(square))
            })
            .collect();
        if !pieces.is_empty() {
            list.push(format!("{}: {}", pack.side(color), pieces.join(", ")));
        }
    }
    let list = list.join("; ");
    let again = read_board(pack, &list).expect("a written piece list reads back");
    assert_eq!(again, board, "{list}");
});
