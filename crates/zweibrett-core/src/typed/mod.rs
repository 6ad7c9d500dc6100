//! What a typed line asks for, the same in line mode, on the full screen's
//! input line and at a seat: a command in the pack's words, a question
//! about the user's own board, or else a move ([`line`]); why a line could
//! not be read ([`LineError`]); what a line typed at a joined seat does
//! ([`seat_line`], D.2.11); the help of a game ([`help`]); the question
//! before a resignation (5.1.2).

mod confirm;
pub mod help;
pub mod line;
mod line_error;
pub mod pack_words;
mod read;
pub mod seat_line;

pub use confirm::{
    AskedResignation, ResignReply, answers_resign, resign_question, seat_resignation,
};
pub use help::{
    Topic, commands_for, has_part, help, help_line, help_parts, no_more_help, users_at_seat,
    users_of,
};
pub use line::{Line, ScorePieces};
pub use pack_words::{
    LineError, Wanted, analysis_line_in_english, parse_typed_line, read_analysis_line,
};
pub use read::parse_line;
