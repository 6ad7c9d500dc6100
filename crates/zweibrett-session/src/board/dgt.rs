//! DGT's boards (USB, Bluetooth, and the DGT 3000 clock plugged into
//! them) through their published serial protocol.

use zweibrett_core::electronic_board::dgt::{Command, Decoder, Message};

use super::{Protocol, Report};

/// A DGT board.
#[derive(Debug, Default)]
pub struct Dgt {
    decoder: Decoder,
}

impl Dgt {
    /// A DGT board not yet heard.
    pub fn new() -> Dgt {
        Dgt::default()
    }

    /// A DGT board not yet heard, as the line makes one per connection.
    pub fn boxed() -> Box<dyn Protocol> {
        Box::new(Dgt::new())
    }
}

impl Protocol for Dgt {
    fn maker(&self) -> &'static str {
        "DGT"
    }

    fn opening(&self) -> Vec<u8> {
        // Idle first, so that a board left in update mode by another
        // program starts from a known state; then who it is, what it
        // shows, and every change with the clock's times as they change.
        [
            Command::Reset,
            Command::SendSerialNumber,
            Command::SendVersion,
            Command::SendBoard,
            Command::UpdateNice,
            Command::SendClock,
        ]
        .into_iter()
        .map(Command::byte)
        .collect()
    }

    fn heartbeat(&self) -> Vec<u8> {
        vec![Command::SendVersion.byte()]
    }

    fn read(&mut self, bytes: &[u8]) -> Vec<Report> {
        self.decoder
            .push(bytes)
            .into_iter()
            .map(|message| match message {
                Message::BoardDump(fields) => Report::Fields(fields),
                Message::FieldUpdate { field, now } => Report::Field { field, now },
                Message::Clock(reading) => Report::Clock(reading),
                Message::NoClock => Report::NoClock,
                Message::SerialNumber(serial) => Report::Serial(serial),
                Message::Version(major, minor) => Report::Version(format!("{major}.{minor:02}")),
                Message::ClockAck | Message::Other(_) => Report::Alive,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zweibrett_core::electronic_board::dgt::{Sensed, encode};

    #[test]
    fn the_opening_asks_who_and_what_and_every_change() {
        assert_eq!(
            Dgt::new().opening(),
            vec![0x40, 0x45, 0x4d, 0x42, 0x4b, 0x41]
        );
        let mut dgt = Dgt::new();
        let mut bytes = encode(&Message::Version(1, 7));
        bytes.extend(encode(&Message::FieldUpdate {
            field: 3,
            now: Sensed::Empty,
        }));
        assert_eq!(
            dgt.read(&bytes),
            vec![
                Report::Version("1.07".into()),
                Report::Field {
                    field: 3,
                    now: Sensed::Empty
                }
            ]
        );
    }
}
