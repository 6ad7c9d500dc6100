//! The views: line mode ([`line`]) and the full screen ([`screen`]), each
//! a view of the hosts below it, run by the one driver.

pub(crate) mod clipboard;
pub mod line;
pub mod screen;

#[cfg(test)]
mod parity;
