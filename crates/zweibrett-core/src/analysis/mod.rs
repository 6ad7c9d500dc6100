//! Analysis by ear: going through a game move by move, in and out of its
//! variations, asking what stands where and what attacks what, and hearing
//! an engine's opinion. Pure, except the engine, which runs in its own
//! process and thread.

pub mod board_cursor;
pub mod broken;
pub mod command;
pub mod engine;
pub mod explorer;
pub mod live;
pub mod mistakes;
mod own_moves;
pub mod pass_record;
pub mod questions;
pub mod replay;
pub mod session;
pub mod structure;
pub mod summary;
pub mod words;

#[cfg(test)]
mod steps_tests;

pub use command::{Command, MistakesCommand, parse_command};
pub use questions::{Answer, MovesTurn, Question, Whose, ask};
pub use replay::{AtTheStart, Played, Replay, Step};
pub use session::{OpenError, ReadError, Reply, Session};
pub use words::AnalysisWords;
