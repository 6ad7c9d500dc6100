//! Typed lines read from a stream (standard input, for the program's
//! driver, which reads them on a thread of its own and stamps each with
//! the instant it was read).
//!
//! A line is read as bytes with a bound: a line longer than
//! [`MAX_LINE_CHARS`] is refused whole without being held in memory, and a
//! line that is not UTF-8 text is refused; input goes on after either.

use std::io::{BufRead, Read};

use zweibrett_core::notation::pack::{LineSentence, VoicePack};

/// The most characters a typed line may hold: no command or move comes
/// near it, and the reader's time stays small below it.
pub const MAX_LINE_CHARS: usize = 1000;

/// The most bytes [`MAX_LINE_CHARS`] characters take in UTF-8, with room
/// for a line end (`\r\n`) and one more byte to tell a line that is too long.
const MAX_LINE_BYTES: u64 = 4 * MAX_LINE_CHARS as u64 + 3;

/// Why a line of input was not read; nothing it held was taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineFault {
    /// The line holds more than [`MAX_LINE_CHARS`] characters.
    #[error("line {number} is longer than {limit} characters and was not read")]
    TooLong {
        /// The line's number in the input, from 1.
        number: u64,
        /// The most characters a line may hold.
        limit: usize,
    },
    /// The line's bytes are not UTF-8 text.
    #[error("line {number} is not valid UTF-8 text and was not read")]
    NotText {
        /// The line's number in the input, from 1.
        number: u64,
    },
}

impl LineFault {
    /// The fault in `pack`'s words.
    pub fn say(&self, pack: &VoicePack) -> String {
        let line = pack.line_sentences();
        match self {
            LineFault::TooLong { .. } => too_long(pack),
            LineFault::NotText { number } => {
                let number = number.to_string();
                line.say(LineSentence::LineNotText, &[("number", &number)])
            }
        }
    }
}

/// "A line holds at most 1000 characters" in `pack`'s words: a line or an
/// argument past [`MAX_LINE_CHARS`] is refused with it.
pub fn too_long(pack: &VoicePack) -> String {
    let count = MAX_LINE_CHARS.to_string();
    pack.line_sentences().say_count(
        LineSentence::LineTooLong,
        MAX_LINE_CHARS as u64,
        &[("count", &count)],
    )
}

/// Whether `text` (a line or a command-line argument) is within
/// [`MAX_LINE_CHARS`]; counts no further than one past the bound.
pub fn within_bound(text: &str) -> bool {
    text.chars().nth(MAX_LINE_CHARS).is_none()
}

/// Reads lines from `input` until it ends or fails, handing each to `take`
/// as text or as the reason it was refused; stops when `take` says so.
/// Holds at most [`MAX_LINE_BYTES`] of a line in memory.
pub fn read_lines<R: BufRead>(
    mut input: R,
    mut take: impl FnMut(Result<String, LineFault>) -> bool,
) {
    let mut bytes = Vec::with_capacity(256);
    let mut number = 0;
    loop {
        bytes.clear();
        number += 1;
        let read = (&mut input)
            .take(MAX_LINE_BYTES)
            .read_until(b'\n', &mut bytes);
        match read {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let ended = bytes.last() == Some(&b'\n');
        let line = if !ended && bytes.len() as u64 == MAX_LINE_BYTES {
            // The rest of the line is passed over in pieces, never kept.
            let ended = skip_line(&mut input);
            let fault = LineFault::TooLong {
                number,
                limit: MAX_LINE_CHARS,
            };
            if !ended {
                take(Err(fault));
                return;
            }
            Err(fault)
        } else {
            if ended {
                bytes.pop();
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
            }
            match std::str::from_utf8(&bytes) {
                Ok(text) if within_bound(text) => Ok(text.to_string()),
                Ok(_) => Err(LineFault::TooLong {
                    number,
                    limit: MAX_LINE_CHARS,
                }),
                Err(_) => Err(LineFault::NotText { number }),
            }
        };
        if !take(line) {
            return;
        }
    }
}

/// Consumes `input` up to and with the next line end; false when the input
/// ends or fails first.
fn skip_line<R: BufRead>(input: &mut R) -> bool {
    loop {
        let (used, ended) = match input.fill_buf() {
            Ok([]) | Err(_) => return false,
            Ok(buffer) => match buffer.iter().position(|b| *b == b'\n') {
                Some(at) => (at + 1, true),
                None => (buffer.len(), false),
            },
        };
        input.consume(used);
        if ended {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(input: &[u8]) -> Vec<Result<String, LineFault>> {
        let mut lines = Vec::new();
        read_lines(input, |line| {
            lines.push(line);
            true
        });
        lines
    }

    #[test]
    fn lines_are_read_without_their_ends() {
        assert_eq!(
            lines_of(b"e4\r\nSf3\nquit"),
            [Ok("e4".into()), Ok("Sf3".into()), Ok("quit".into())]
        );
    }

    #[test]
    fn a_line_of_invalid_text_is_refused_and_input_goes_on() {
        assert_eq!(
            lines_of(b"e4\n\xff\xfe\nd5\n"),
            [
                Ok("e4".into()),
                Err(LineFault::NotText { number: 2 }),
                Ok("d5".into())
            ]
        );
    }

    #[test]
    fn a_line_past_the_bound_is_refused_and_input_goes_on() {
        let mut input = vec![b'a'; MAX_LINE_CHARS];
        input.push(b'\n');
        input.extend(vec![b'a'; MAX_LINE_CHARS + 1]);
        input.push(b'\n');
        input.extend(vec![b'x'; 10 * MAX_LINE_CHARS]);
        input.extend(b"\ne4\n");
        let lines = lines_of(&input);
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0].as_ref().map(String::len), Ok(MAX_LINE_CHARS));
        let too_long = |number| {
            Err(LineFault::TooLong {
                number,
                limit: MAX_LINE_CHARS,
            })
        };
        assert_eq!(lines[1], too_long(2));
        assert_eq!(lines[2], too_long(3));
        assert_eq!(lines[3], Ok("e4".into()));
    }

    #[test]
    fn the_bound_counts_characters_not_bytes() {
        let mut input = "ä".repeat(MAX_LINE_CHARS).into_bytes();
        input.push(b'\n');
        assert_eq!(lines_of(&input), [Ok("ä".repeat(MAX_LINE_CHARS))]);
        assert!(within_bound(&"ü".repeat(MAX_LINE_CHARS)));
        assert!(!within_bound(&"ü".repeat(MAX_LINE_CHARS + 1)));
    }

    #[test]
    fn an_endless_line_is_not_held_in_memory() {
        // A reader that never ends a line: the bound stops reading into
        // the buffer, and the end of input ends the refused line.
        let endless = std::io::repeat(b'a').take(50 * MAX_LINE_BYTES);
        let mut lines = Vec::new();
        read_lines(std::io::BufReader::new(endless), |line| {
            lines.push(line);
            true
        });
        let fault = LineFault::TooLong {
            number: 1,
            limit: MAX_LINE_CHARS,
        };
        assert_eq!(lines, [Err(fault)]);
    }
}
