//! The hall's electronic board as the game's sighted board: a serial line
//! to it, read on a thread of its own, and what that line reports.
//!
//! A board is a [`Protocol`] (how its bytes read; DGT's is [`Dgt`]) on a
//! serial line ([`BoardLine`]). Other boards (Millennium, Chessnut,
//! Certabo) are other protocols on the same line. The line reports the
//! whole board after every change ([`BoardEvent::Shows`]), so whoever
//! follows it never has to replay single fields.

mod clock;
mod dgt;
mod follow;
mod line;

pub use clock::{ClockFollower, SIDES_AGREE};
pub use dgt::Dgt;
pub use follow::{Follow, Follower, GRACE, SETTLE};
pub use line::{AUTO, BoardLine, find_board, identify, open_board, serial_lines};

use std::time::Duration;

use zweibrett_core::electronic_board::dgt::{ClockReading, Sensed};

/// How a kind of electronic board speaks: what to write to it and how to
/// read what it sends.
pub trait Protocol: Send {
    /// The board's maker, as the doctor and the arbiter read it ("DGT").
    fn maker(&self) -> &'static str;
    /// The bytes written when the line opens: ask who the board is, what
    /// it shows, and to report every change.
    fn opening(&self) -> Vec<u8>;
    /// The bytes written to ask whether the board is still there; it must
    /// answer with something.
    fn heartbeat(&self) -> Vec<u8>;
    /// Reads the bytes just received into what they report.
    fn read(&mut self, bytes: &[u8]) -> Vec<Report>;
}

/// What a protocol read from its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The board's serial number.
    Serial(String),
    /// The board's firmware version.
    Version(String),
    /// The whole board, field 0 (a8 on a board lying as numbered) to 63.
    Fields(Box<[Sensed; 64]>),
    /// One field changed.
    Field {
        /// The field, 0 to 63.
        field: u8,
        /// What stands on it now.
        now: Sensed,
    },
    /// A clock plugged into the board read this.
    Clock(ClockReading),
    /// The board has no clock plugged in.
    NoClock,
    /// Something the board answered that the game does not need (proof
    /// that it is there).
    Alive,
}

/// Who the board is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardIdentity {
    /// The maker ("DGT").
    pub maker: String,
    /// The serial line it is on.
    pub port: String,
    /// Its serial number, once it said it.
    pub serial: Option<String>,
    /// Its firmware version, once it said it.
    pub version: Option<String>,
}

/// Why the board cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardFault {
    /// The serial line does not exist (unplugged, or a wrong name).
    NotThere,
    /// Another program holds the line.
    Busy,
    /// The line may not be opened by this user (the `dialout` group).
    NotAllowed,
    /// The line opened but nothing on it answers as a board.
    Silent,
    /// The line failed while it was read (the board was unplugged).
    Lost,
    /// The system said something else; its words go to the debug log.
    Other(String),
}

/// What the board line reports to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// The board answered: who it is. Said once per connection.
    Found(BoardIdentity),
    /// What the board shows now, field by field as it numbers them; sent
    /// after every change.
    Shows(Box<[Sensed; 64]>),
    /// The clock plugged into the board read this.
    Clock(ClockReading),
    /// The board has no clock plugged in.
    NoClock,
    /// The board cannot be read; the line keeps trying until it is back.
    Fault(BoardFault),
}

/// `[board]` of the configuration: the sighted player's electronic board.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSettings {
    /// Its serial line, [`AUTO`] to look for one, empty for none.
    pub port: String,
}

impl BoardSettings {
    /// The serial line to follow, if the configuration names one.
    pub fn port(&self) -> Option<String> {
        let port = self.port.trim();
        (!port.is_empty()).then(|| port.to_string())
    }
}

/// How long a board may stay silent after being asked before it is taken
/// for gone.
pub const SILENCE: Duration = Duration::from_secs(4);

/// How often a quiet board is asked whether it is there.
pub const HEARTBEAT: Duration = Duration::from_secs(2);
