//! The full-screen terminal interface (ratatui), in the Elm style: a state,
//! the messages that change it (keys, clock ticks, results of work done
//! outside), an update function that returns the effects to carry out
//! (speak, journal, save), and a view that draws the state and places the
//! terminal cursor where the user's attention is.
//!
//! Two layouts serve two kinds of reader: the standard one shows both
//! boards as large as the window allows for low vision; the screen-reader
//! layout redraws nothing on its own and keeps the cursor on the input
//! line, with the newest announcement just above it.

pub(crate) mod analysis;
pub(crate) mod board;
pub mod game;
pub(crate) mod hall;
pub(crate) mod keys;
pub(crate) mod new_game;
pub(crate) mod piece_art;
pub(crate) mod seat;
pub mod settings;
pub(crate) mod setup;
pub(crate) mod terminal;
pub mod theme;

use crate::notation::pack::{ScreenSentence, Sentences};

/// What a screen says, on screen and aloud, when the window is smaller than
/// it needs, in the pack's words (`words`): the size now, the size needed
/// and what to do.
pub fn too_small_message_in(
    words: &Sentences<ScreenSentence>,
    now: (u16, u16),
    needed: (u16, u16),
) -> String {
    let [columns, lines, need_columns, need_lines] =
        [now.0, now.1, needed.0, needed.1].map(|n| n.to_string());
    words.say(
        ScreenSentence::TooSmall,
        &[
            ("columns", &columns),
            ("lines", &lines),
            ("need_columns", &need_columns),
            ("need_lines", &need_lines),
        ],
    )
}
