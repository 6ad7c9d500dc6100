//! Second seats at one game (D.2.11, D.2.9): `zweibrett join` attaches the
//! opponent's, the arbiter's or the assistant's terminal to a game running
//! in another process, through a Unix socket only the same user can reach.
//! The game stays one process with one journal; a seat is a view of it plus
//! a keyboard, and what a seat types is that seat's side.

mod connection;
pub mod join;
pub mod place;
pub mod protocol;
pub mod reply;
pub mod server;

pub use connection::{MOST_MESSAGE_BYTES, Received, SEAT_LINE_CHARS, next_message};
pub use protocol::{SeatLink, ToGame, ToSeat};
pub use server::{SeatEvent, SeatServer};
pub use zweibrett_core::seat::{SeatAnnouncement, SeatClocks, SeatRole, SeatView};
