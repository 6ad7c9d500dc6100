//! Sessions: what the program is doing with the user, held once and shown
//! by either front end (line mode or the full screen).

pub mod analysis;
