//! The bytes an electronic board sends, in any order and any amount of
//! noise, read as DGT messages and followed against a game: never a panic,
//! never more than one message's worth held, and a move read from the
//! board only when the board shows the position after it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};
use zweibrett_core::electronic_board::dgt::{Decoder, MOST_BYTES_IN_A_MESSAGE, Message};
use zweibrett_core::electronic_board::{Orientation, Placement, Recognition, recognise};

fuzz_target!(|data: &[u8]| {
    // Bounded: a real board sends a few bytes a move.
    let data = &data[..data.len().min(16 * 1024)];
    let position = Chess::default();
    let mut shown = Placement::of_board(position.board());
    let mut decoder = Decoder::new();
    // Fed in pieces of irregular length, as a serial line delivers them.
    for piece in data.chunks(1 + usize::from(data.first().copied().unwrap_or(0) % 17)) {
        for message in decoder.push(piece) {
            match message {
                Message::BoardDump(fields) => {
                    shown = Placement::from_fields(&fields, Orientation::Normal);
                }
                Message::FieldUpdate { field, now } => {
                    assert!(field < 64);
                    shown.set(Orientation::Normal.square(field), now);
                }
                Message::SerialNumber(text) => assert!(text.len() < MOST_BYTES_IN_A_MESSAGE),
                _ => {}
            }
            if let Recognition::Moved(m) | Recognition::Settling(m) = recognise(&position, &shown) {
                assert!(position.is_legal(m));
                let mut after = position.clone();
                after.play_unchecked(m);
                assert_eq!(shown, Placement::of_board(after.board()));
            }
        }
    }
});
