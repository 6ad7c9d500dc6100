//! The DGT electronic board's serial protocol, as DGT publishes it: one-byte
//! commands from the computer, and messages from the board made of an
//! identifier with its high bit set, a 14-bit total length in two 7-bit
//! bytes, and data bytes whose high bit is clear.
//!
//! Pure: [`Command::bytes`] says what to write, [`Decoder`] turns whatever
//! bytes arrive into [`Message`]s, skipping what cannot be a message so that
//! noise on the line never stops the reading.

use std::collections::VecDeque;

use shakmaty::{Color, Piece, Role};

/// A command the computer sends to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Idle mode: no field updates are sent until asked again.
    Reset,
    /// Ask for the whole board ([`Message::BoardDump`]).
    SendBoard,
    /// Field updates, and the clock's times whenever they change
    /// ("update nice" mode).
    UpdateNice,
    /// Field updates only, for a board without a clock.
    UpdateBoard,
    /// Ask for the clock's times ([`Message::Clock`]).
    SendClock,
    /// Ask for the serial number ([`Message::SerialNumber`]).
    SendSerialNumber,
    /// Ask for the long serial number of newer boards
    /// ([`Message::SerialNumber`]).
    SendLongSerialNumber,
    /// Ask for the firmware version ([`Message::Version`]).
    SendVersion,
}

impl Command {
    /// The byte written to the board for this command.
    pub fn byte(self) -> u8 {
        match self {
            Command::Reset => 0x40,
            Command::SendClock => 0x41,
            Command::SendBoard => 0x42,
            Command::UpdateBoard => 0x44,
            Command::SendSerialNumber => 0x45,
            Command::UpdateNice => 0x4b,
            Command::SendVersion => 0x4d,
            Command::SendLongSerialNumber => 0x55,
        }
    }

    /// The command a byte from the computer stands for, if any: what a
    /// board (or the emulator in the tests) reads.
    pub fn from_byte(byte: u8) -> Option<Command> {
        [
            Command::Reset,
            Command::SendClock,
            Command::SendBoard,
            Command::UpdateBoard,
            Command::SendSerialNumber,
            Command::UpdateNice,
            Command::SendVersion,
            Command::SendLongSerialNumber,
        ]
        .into_iter()
        .find(|command| command.byte() == byte)
    }
}

/// What stands on one of the board's fields, as its sensors report it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sensed {
    /// Nothing.
    Empty,
    /// A chess piece.
    Piece(Piece),
    /// One of DGT's three special pieces, which a chess game does not have
    /// (code 13, 14 or 15).
    Special(u8),
}

impl Sensed {
    /// The sensor code DGT gives this field's content.
    pub fn code(self) -> u8 {
        match self {
            Sensed::Empty => 0,
            Sensed::Special(code) => code,
            Sensed::Piece(piece) => {
                let within = match piece.role {
                    Role::Pawn => 1,
                    Role::Rook => 2,
                    Role::Knight => 3,
                    Role::Bishop => 4,
                    Role::King => 5,
                    Role::Queen => 6,
                };
                match piece.color {
                    Color::White => within,
                    Color::Black => within + 6,
                }
            }
        }
    }

    /// The content a sensor code stands for; `None` for a code above 15,
    /// which no board sends.
    pub fn from_code(code: u8) -> Option<Sensed> {
        let role = |n| match n {
            1 => Role::Pawn,
            2 => Role::Rook,
            3 => Role::Knight,
            4 => Role::Bishop,
            5 => Role::King,
            _ => Role::Queen,
        };
        Some(match code {
            0 => Sensed::Empty,
            1..=6 => Sensed::Piece(role(code).of(Color::White)),
            7..=12 => Sensed::Piece(role(code - 6).of(Color::Black)),
            13..=15 => Sensed::Special(code),
            _ => return None,
        })
    }
}

/// One side of a DGT clock as the board reports it. The clock stands
/// beside the board; which side is White's is for the game to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSide {
    /// Time left, in whole seconds.
    pub seconds: u32,
    /// The flag has fallen and the clock shows zero.
    pub flag: bool,
}

/// A DGT clock's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReading {
    /// The side on the players' left, seen from the front of the clock.
    pub left: ClockSide,
    /// The side on the right.
    pub right: ClockSide,
    /// The clock is running (not stopped by its start/stop button).
    pub running: bool,
    /// Whose time runs: `Some(true)` the left side's, `Some(false)` the
    /// right's, `None` neither.
    pub left_to_move: Option<bool>,
    /// The clock reports a low battery.
    pub battery_low: bool,
}

/// A message from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The whole board, field 0 to 63 (field 0 is a8 when the board lies
    /// with White at the bottom of its numbering).
    BoardDump(Box<[Sensed; 64]>),
    /// One field changed.
    FieldUpdate {
        /// The field, 0 to 63.
        field: u8,
        /// What now stands on it.
        now: Sensed,
    },
    /// The clock's times.
    Clock(ClockReading),
    /// A DGT clock acknowledged a command or reported a button; nothing the
    /// game needs.
    ClockAck,
    /// The board reported that no clock is connected to it.
    NoClock,
    /// The board's serial number.
    SerialNumber(String),
    /// The firmware version, major and minor.
    Version(u8, u8),
    /// A message this program does not use (its identifier).
    Other(u8),
}

/// The largest message the decoder accepts whole; longer ones (only the
/// board's move memory, which is never asked for) are skipped unread.
pub const MOST_BYTES_IN_A_MESSAGE: usize = 256;

const BOARD_DUMP: u8 = 0x86;
const CLOCK: u8 = 0x8d;
const FIELD_UPDATE: u8 = 0x8e;
const SERIAL_NUMBER: u8 = 0x91;
const VERSION: u8 = 0x93;
const LONG_SERIAL_NUMBER: u8 = 0xa2;

/// What the decoder made of the bytes so far that were not messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Noise {
    /// Bytes skipped because they could not start or continue a message.
    pub skipped_bytes: u64,
}

/// Turns the bytes read from the board into messages, whatever arrives:
/// a byte that cannot begin a message is skipped, a message whose data
/// carries a byte with the high bit set is cut there and reading goes on
/// from that byte, and a message of an impossible size is skipped.
#[derive(Debug, Default)]
pub struct Decoder {
    pending: VecDeque<u8>,
    noise: Noise,
    // Bytes still to skip of a message too long to keep.
    skipping: usize,
}

impl Decoder {
    /// A decoder with nothing read yet.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// How much noise has been skipped so far.
    pub fn noise(&self) -> Noise {
        self.noise
    }

    /// Takes the bytes just read and returns every message they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Vec<Message> {
        let mut messages = Vec::new();
        for &byte in bytes {
            if self.skipping > 0 {
                if byte & 0x80 != 0 {
                    // A new message begins: the long one was cut short.
                    self.skipping = 0;
                } else {
                    self.skipping -= 1;
                    self.noise.skipped_bytes += 1;
                    continue;
                }
            }
            self.pending.push_back(byte);
            while let Some(message) = self.next_message() {
                messages.extend(message);
            }
        }
        messages
    }

    /// One message off the front of what is pending: `Some(Some(_))` a
    /// message, `Some(None)` something skipped, `None` wait for more bytes.
    fn next_message(&mut self) -> Option<Option<Message>> {
        let first = *self.pending.front()?;
        if first & 0x80 == 0 {
            self.pending.pop_front();
            self.noise.skipped_bytes += 1;
            return Some(None);
        }
        if self.pending.len() < 3 {
            // Still a header; a second identifier inside it means the first
            // was noise.
            if self.pending.iter().skip(1).any(|byte| byte & 0x80 != 0) {
                self.pending.pop_front();
                self.noise.skipped_bytes += 1;
                return Some(None);
            }
            return None;
        }
        let (high, low) = (self.pending[1], self.pending[2]);
        if high & 0x80 != 0 || low & 0x80 != 0 {
            self.pending.pop_front();
            self.noise.skipped_bytes += 1;
            return Some(None);
        }
        let size = (usize::from(high) << 7) | usize::from(low);
        if size < 3 {
            self.pending.pop_front();
            self.noise.skipped_bytes += 1;
            return Some(None);
        }
        if size > MOST_BYTES_IN_A_MESSAGE {
            self.noise.skipped_bytes += self.pending.len() as u64;
            self.skipping = size - self.pending.len().min(size);
            self.pending.clear();
            return Some(None);
        }
        // The data so far must not hold the start of another message.
        if let Some(cut) = self
            .pending
            .iter()
            .skip(3)
            .take(size - 3)
            .position(|byte| byte & 0x80 != 0)
        {
            let dropped = 3 + cut;
            self.pending.drain(..dropped);
            self.noise.skipped_bytes += dropped as u64;
            return Some(None);
        }
        if self.pending.len() < size {
            return None;
        }
        let whole: Vec<u8> = self.pending.drain(..size).collect();
        let message = decode(first, &whole[3..]);
        if message.is_none() {
            self.noise.skipped_bytes += size as u64;
        }
        Some(message)
    }
}

/// A whole message from its identifier and data; `None` if the data do not
/// fit the identifier (then it was noise that looked like a message).
fn decode(id: u8, data: &[u8]) -> Option<Message> {
    Some(match id {
        BOARD_DUMP => {
            let fields: [u8; 64] = data.try_into().ok()?;
            let mut sensed = [Sensed::Empty; 64];
            for (slot, code) in sensed.iter_mut().zip(fields) {
                *slot = Sensed::from_code(code)?;
            }
            Message::BoardDump(Box::new(sensed))
        }
        FIELD_UPDATE => {
            let [field, code] = data.try_into().ok()?;
            if field > 63 {
                return None;
            }
            Message::FieldUpdate {
                field,
                now: Sensed::from_code(code)?,
            }
        }
        CLOCK => clock(data.try_into().ok()?)?,
        SERIAL_NUMBER | LONG_SERIAL_NUMBER => {
            let text: String = data
                .iter()
                .take_while(|&&byte| byte != 0)
                .map(|&byte| char::from(byte))
                .collect();
            if text.is_empty() || !text.chars().all(|c| c.is_ascii_graphic() || c == ' ') {
                return None;
            }
            Message::SerialNumber(text.trim().to_string())
        }
        VERSION => {
            let [major, minor] = data.try_into().ok()?;
            Message::Version(major, minor)
        }
        other => Message::Other(other),
    })
}

/// The clock's seven data bytes: right hours and flags, minutes, seconds;
/// the same for the left; a status byte.
fn clock(data: [u8; 7]) -> Option<Message> {
    if data[0] & 0x0f == 0x0a || data[3] & 0x0f == 0x0a {
        return Some(Message::ClockAck);
    }
    let status = data[6];
    if status & 0x20 != 0 {
        return Some(Message::NoClock);
    }
    if data.iter().all(|&byte| byte == 0) {
        // A Bluetooth board may answer a clock command with an empty
        // reading, which is to be ignored.
        return Some(Message::ClockAck);
    }
    let side = |at: usize| -> Option<ClockSide> {
        let hours = u32::from(data[at] & 0x0f);
        let minutes = bcd(data[at + 1])?;
        let seconds = bcd(data[at + 2])?;
        if hours > 9 || minutes > 59 || seconds > 59 {
            return None;
        }
        Some(ClockSide {
            seconds: hours * 3600 + minutes * 60 + seconds,
            flag: data[at] & 0x50 != 0,
        })
    };
    let left_to_move = match (status & 0x08 != 0, status & 0x10 != 0) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    };
    Some(Message::Clock(ClockReading {
        right: side(0)?,
        left: side(3)?,
        running: status & 0x01 != 0,
        left_to_move,
        battery_low: status & 0x04 != 0,
    }))
}

fn bcd(byte: u8) -> Option<u32> {
    let (tens, units) = (byte >> 4, byte & 0x0f);
    (tens <= 9 && units <= 9).then(|| u32::from(tens) * 10 + u32::from(units))
}

fn to_bcd(value: u32) -> u8 {
    // Callers keep values below 60.
    ((value / 10) as u8) << 4 | (value % 10) as u8
}

/// The bytes a board sends for a message: what the emulator in the tests
/// writes, and the inverse of [`Decoder::push`].
pub fn encode(message: &Message) -> Vec<u8> {
    let (id, data): (u8, Vec<u8>) = match message {
        Message::BoardDump(fields) => (BOARD_DUMP, fields.iter().map(|f| f.code()).collect()),
        Message::FieldUpdate { field, now } => (FIELD_UPDATE, vec![*field, now.code()]),
        Message::Clock(reading) => {
            let side = |side: ClockSide| {
                let hours = (side.seconds / 3600).min(9);
                let rest = side.seconds - hours * 3600;
                let (minutes, seconds) = ((rest / 60).min(59), rest % 60);
                [
                    hours as u8 | if side.flag { 0x10 } else { 0 },
                    to_bcd(minutes),
                    to_bcd(seconds),
                ]
            };
            let mut status = 0;
            if reading.running {
                status |= 0x01;
            }
            if reading.battery_low {
                status |= 0x04;
            }
            match reading.left_to_move {
                Some(true) => status |= 0x08,
                Some(false) => status |= 0x10,
                None => {}
            }
            let mut data = side(reading.right).to_vec();
            data.extend(side(reading.left));
            data.push(status);
            (CLOCK, data)
        }
        Message::ClockAck => (CLOCK, vec![0x0a, 0x10, 0x01, 0, 0, 0, 0]),
        Message::NoClock => (CLOCK, vec![0, 0, 0, 0, 0, 0, 0x20]),
        Message::SerialNumber(text) => (SERIAL_NUMBER, text.bytes().map(|b| b & 0x7f).collect()),
        Message::Version(major, minor) => (VERSION, vec![*major & 0x7f, *minor & 0x7f]),
        Message::Other(id) => (*id | 0x80, Vec::new()),
    };
    let size = data.len() + 3;
    let mut bytes = vec![id, ((size >> 7) & 0x7f) as u8, (size & 0x7f) as u8];
    bytes.extend(data);
    bytes
}
