//! The chess clock (FIDE Laws, Art. 6) and its announcements (Appendix
//! D.2.6.1, D.2.10.4).
//!
//! Everything here is pure: the time is an [`Instant`] handed in by the
//! caller, and remaining times are computed from instants, never by adding up
//! ticks, so nothing drifts however often or seldom the clock is asked.

mod chess_clock;
pub mod control;
mod control_error;
pub mod schedule;
pub mod speak;
pub mod spoken_control;
pub mod words;

#[cfg(test)]
mod tests;

use std::ops::{Add, Sub};
use std::time::Duration;

pub use chess_clock::{ChessClock, ClockError, ClockEvent, FlagFall, Running, Snapshot};
pub use control::{
    Bonus, Category, Period, PeriodError, PeriodsError, SecondsError, TimeControl,
    TimeControlError, TwoWays,
};
pub use spoken_control::SpokenControlError;

/// A point on a monotonic time line, as time since an arbitrary epoch. The
/// shell maps its real monotonic clock onto it; tests use any numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(pub Duration);

impl Instant {
    /// The epoch itself.
    pub const ZERO: Instant = Instant(Duration::ZERO);

    /// The instant this many milliseconds after the epoch.
    pub fn from_millis(ms: u64) -> Instant {
        Instant(Duration::from_millis(ms))
    }

    /// The instant this many seconds after the epoch.
    pub fn from_secs(secs: u64) -> Instant {
        Instant(Duration::from_secs(secs))
    }

    /// Time from `earlier` to `self`, zero if `earlier` is later.
    pub fn since(self, earlier: Instant) -> Duration {
        self.0.saturating_sub(earlier.0)
    }
}

impl Add<Duration> for Instant {
    type Output = Instant;
    fn add(self, d: Duration) -> Instant {
        Instant(self.0 + d)
    }
}

impl Sub<Duration> for Instant {
    type Output = Instant;
    fn sub(self, d: Duration) -> Instant {
        Instant(self.0.saturating_sub(d))
    }
}
