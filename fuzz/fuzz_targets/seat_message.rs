//! A seat's connection on arbitrary bytes, read as the game reads it
//! (D.2.11): never a panic, never more than the message bound held, and
//! no line past the seat's bound taken. The first byte stretches the rest
//! into long and unterminated lines without a long input.
#![no_main]

use std::io::BufReader;

use libfuzzer_sys::fuzz_target;
use zweibrett_session::seat::{
    MOST_MESSAGE_BYTES, Received, SEAT_LINE_CHARS, ToGame, next_message,
};

/// The most bytes one input stretches to.
const MOST_INPUT: usize = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let Some((&stretch, rest)) = data.split_first() else {
        return;
    };
    let times = usize::from(stretch) * 64 + 1;
    let length = rest.len().saturating_mul(times).min(MOST_INPUT);
    let input: Vec<u8> = rest.iter().copied().cycle().take(length).collect();
    // A small buffer: each message comes in many pieces, as from a socket.
    let mut reader = BufReader::with_capacity(61, input.as_slice());
    let mut message = Vec::new();
    loop {
        let received = next_message(&mut reader, &mut message).expect("a slice never fails");
        assert!(
            message.len() <= MOST_MESSAGE_BYTES,
            "{} bytes held",
            message.len()
        );
        match received {
            Received::End => break,
            Received::Message(ToGame::Line { text }) => {
                assert!(text.chars().count() <= SEAT_LINE_CHARS);
            }
            _ => {}
        }
    }
});
