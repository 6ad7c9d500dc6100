//! Line mode: every mode of the program as lines of text, one per thing
//! said or shown, for a screen reader, a braille display, a script or a
//! pipe. Each is a view of its host, run by the one driver
//! ([`crate::driver`]): the game ([`game`]), going through games
//! ([`analysis`]), a joined seat ([`seat`]) and the talking clock
//! ([`clock`], on lines or on single keys, printing a line for each thing
//! it says) and the arbiter's hall ([`hall`]).

pub(crate) mod analysis;
pub mod clock;
pub(crate) mod game;
pub(crate) mod hall;
pub(crate) mod seat;
