//! The arbiter's changes to a running or stopped clock: time added, removed
//! or set, the move counter set (Art. 6.10.2), time penalties (Art. 7.5.5,
//! A.3) and the clocks restored after a retrace (D.2.9).

use std::time::Duration;

use shakmaty::Color;

use super::{ChessClock, ClockError, ClockEvent, FlagFall, Phase, Side, charged_so_far, idx};
use crate::clock::{Instant, TimeControl};

impl ChessClock {
    /// Adds time to a player's clock (Art. 6.10.2, 7.5.5), running or not.
    pub fn add_time(&mut self, side: Color, amount: Duration, now: Instant) {
        let now = self.settle(now);
        let left = self.remaining(side, now) + amount;
        self.set_remaining(side, left, now);
    }

    /// Takes time off a player's clock (Art. 6.10.2); at most down to zero.
    pub fn remove_time(&mut self, side: Color, amount: Duration, now: Instant) {
        let now = self.settle(now);
        let left = self.remaining(side, now).saturating_sub(amount);
        self.set_remaining(side, left, now);
    }

    /// Sets a player's clock to show `left` (Art. 6.10.2).
    pub fn set_time(&mut self, side: Color, left: Duration, now: Instant) {
        let now = self.settle(now);
        self.set_remaining(side, left, now);
    }

    /// The official clock the game follows shows `side`'s flag fallen at
    /// `now` (Art. 6.1): that is the flag fall, whatever this clock had
    /// left within the official clock's last second.
    pub fn flag_shown(&mut self, side: Color, now: Instant) {
        let now = self.settle(now);
        if self.has_fallen(side) {
            return;
        }
        self.set_remaining(side, Duration::ZERO, now);
        let flag = FlagFall {
            side,
            at: now,
            moves: self.moves(side),
        };
        self.flags[idx(side)] = Some(flag);
        self.events.push(ClockEvent::FlagFall(flag));
    }

    /// Sets a player's move counter (Art. 6.10.2); the period follows the
    /// counter, but no period time is added or taken away: that is for the
    /// arbiter to set.
    pub fn set_moves(&mut self, side: Color, moves: u32, now: Instant) {
        let now = self.settle(now);
        let left = self.remaining(side, now);
        self.sides[idx(side)].moves = moves;
        // The bonus of the current move may have changed with the period.
        self.set_remaining(side, left, now);
    }

    /// Installs the correct time control during a game (Art. 6.10.2;
    /// Guidelines III.4 when an increment is introduced). Both clocks keep
    /// showing what they show and the move counters stay: the arbiter sets
    /// those apart. The new control's increment comes with each player's
    /// next move.
    pub fn set_control(&mut self, control: TimeControl, now: Instant) {
        let now = self.settle(now);
        let left = [
            self.remaining(Color::White, now),
            self.remaining(Color::Black, now),
        ];
        self.control = control;
        for color in [Color::White, Color::Black] {
            self.set_remaining(color, left[idx(color)], now);
        }
    }

    /// The time penalty for an illegal move (Art. 7.5.5) or a false claim:
    /// the opponent of `offender` receives two minutes, one in rapid and
    /// blitz (A.3, B.3). Returns the time given.
    pub fn penalty(&mut self, offender: Color, now: Instant) -> Duration {
        let extra = self.control.penalty();
        self.add_time(!offender, extra, now);
        extra
    }

    /// Sets both clocks back to what they showed once `side` had completed
    /// its move `number` (counting from 1), as a score names it (D.2.9).
    pub fn restore_after_move(
        &mut self,
        number: u32,
        side: Color,
        now: Instant,
    ) -> Result<(), ClockError> {
        let before = 2 * (number.max(1) as usize - 1);
        // The first to move completes the first half-move of each pair.
        let second = usize::from(side != self.first_to_move());
        self.restore_after(before + 1 + second, now)
    }

    /// Sets both clocks back to what they showed after `ply` half-moves
    /// (D.2.9) and pauses the clock; later records are dropped.
    pub fn restore_after(&mut self, ply: usize, now: Instant) -> Result<(), ClockError> {
        let now = self.settle(now);
        let snap = *self.history.get(ply).ok_or(ClockError::NoSuchPly(ply))?;
        for color in [Color::White, Color::Black] {
            self.sides[idx(color)] = Side {
                banked: snap.remaining[idx(color)],
                moves: snap.moves[idx(color)],
                used: snap.used[idx(color)],
            };
        }
        self.to_move = snap.to_move;
        self.spent = Duration::ZERO;
        self.flags = [None, None];
        if self.phase != Phase::NotStarted {
            self.phase = Phase::Paused;
        }
        self.history.truncate(ply + 1);
        self.new_stretch(now);
        self.events.push(ClockEvent::Restored { ply });
        Ok(())
    }

    pub(super) fn set_remaining(&mut self, side: Color, left: Duration, now: Instant) {
        // Time given to a fallen player lifts the flag: their display no
        // longer shows zero (6.10.2).
        if !left.is_zero() {
            self.flags[idx(side)] = None;
        }
        let charged = if side == self.to_move {
            charged_so_far(self.bonus(side), self.elapsed(now))
        } else {
            Duration::ZERO
        };
        self.sides[idx(side)].banked = left + charged;
        if side == self.to_move {
            self.new_stretch(now);
        }
        self.events.push(ClockEvent::Adjusted {
            side,
            remaining: left,
        });
    }
}
