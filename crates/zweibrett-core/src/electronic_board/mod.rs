//! An electronic board (a DGT board in a tournament hall) as the game's
//! sighted board: its protocol, what it shows, and the moves read from it.
//!
//! Pure: bytes in, messages out; a placement and the game's position in, a
//! [`Recognition`] out. The session crate owns the serial line and the
//! timing (how long a settling move or a strange board is waited for).

pub mod dgt;
mod placement;
mod recognise;

#[cfg(test)]
mod tests;

pub use placement::{Orientation, Placement, orientation_of};
pub use recognise::{Difference, Recognition, recognise};
