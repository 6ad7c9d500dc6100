//! The terminal shells: key-driven and plain line-by-line front ends around
//! the pure core.

pub mod analysis;
pub mod clipboard;
pub mod clock;
pub mod plain_game;
pub mod screen;

#[cfg(test)]
mod parity;
