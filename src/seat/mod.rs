//! Second seats at one game (D.2.11, D.2.9): the protocol and the game's
//! server are the session crate's; a joined seat's line mode is here, its
//! full screen with the other screens.

pub use zweibrett_session::seat::*;

pub mod plain;
