//! Following the official clock plugged into the electronic board (a DGT
//! 3000): which of its sides is White's, its press as the game's press,
//! and its times as the game's (Art. 6.1, D.2.4).
//!
//! Pure: readings and the game in, with the moments they came; commands
//! to enter and sentences to say out.

use std::time::Duration;

use shakmaty::{Color, Position};
use zweibrett_core::clock::Instant;
use zweibrett_core::electronic_board::dgt::ClockReading;
use zweibrett_core::game::words::GameSentence;
use zweibrett_core::game::{Command, Game, OfficialTimes, Side, Step};
use zweibrett_core::utterance::Priority;

use super::Follow;

/// How long the official clock and the game's must both have run for
/// the same, unchanged side before the official clock's side is taken
/// as that colour: longer than a press takes to follow a move.
pub const SIDES_AGREE: Duration = Duration::from_secs(2);

/// The official clock's side of the game; see the module's description.
#[derive(Debug, Default)]
pub struct ClockFollower {
    /// The colour of the clock's left side, once known.
    left: Option<Color>,
    /// Whose side ran at the last reading (`Some(true)` the left), and
    /// since when, with the game's clock's stretch then.
    running: Option<(Option<bool>, Instant, Option<u64>)>,
    /// The game's clock was paused because the official clock was
    /// stopped with its own button; it restarts when that one does.
    paused: bool,
}

impl ClockFollower {
    /// Whether the clock's sides are known and its times followed.
    pub fn follows(&self) -> bool {
        self.left.is_some()
    }

    /// The clock shows `reading` at `at`.
    pub fn reads(&mut self, reading: ClockReading, at: Instant, game: &Game) -> Vec<Follow> {
        let running = reading.left_to_move.filter(|_| reading.running);
        let stretch = game.clock().running().map(|r| r.generation);
        let switched = self.running.is_some_and(|(before, _, _)| before != running);
        if self
            .running
            .is_none_or(|(before, _, was)| before != running || was != stretch)
        {
            self.running = Some((running, at, stretch));
        }
        let mut follows = Vec::new();
        if self.left.is_none() {
            self.learn_sides(running, at, game);
            if self.left.is_none() {
                return follows;
            }
            follows.push(Follow::Say(
                game.sentence(GameSentence::BoardClock, &[]),
                Priority::Answer,
            ));
        }
        let Some(times) = self.times(reading, running) else {
            return follows;
        };
        if let Some(follow) = self.pause_with(reading, at, game) {
            follows.push(follow);
            return follows;
        }
        // The official clock pressed after the announced move: the game's
        // press, at the moment it was read (D.2.4).
        if switched
            && matches!(game.step(), Step::Announced(_))
            && times.running.map(Color::from) == Some(game.position().turn())
        {
            follows.push(Follow::Enter(Command::Press, at));
            return follows;
        }
        if game.official_clock_changes(times, at) {
            follows.push(Follow::Enter(Command::OfficialClock(times), at));
        }
        follows
    }

    /// The board has no clock any more: the game's own clock goes on,
    /// said once if one was followed.
    pub fn gone(&mut self, game: &Game) -> Vec<Follow> {
        self.running = None;
        match self.left.take() {
            Some(_) => vec![Follow::Say(
                game.sentence(GameSentence::BoardClockGone, &[]),
                Priority::Move,
            )],
            None => Vec::new(),
        }
    }

    /// The official clock stopped with its button (no flag shown) pauses
    /// the game's running clock, and started again restarts it (6.11.1,
    /// 6.11.3): the arbiter's hand on the official clock is the game's.
    fn pause_with(&mut self, reading: ClockReading, at: Instant, game: &Game) -> Option<Follow> {
        let clock = game.clock();
        if matches!(game.step(), Step::Over(_)) || !clock.is_started() {
            return None;
        }
        let flag = reading.left.flag || reading.right.flag;
        if !reading.running && !flag && clock.running().is_some() {
            self.paused = true;
            return Some(Follow::Enter(Command::Pause, at));
        }
        if reading.running && self.paused && clock.is_paused() {
            self.paused = false;
            return Some(Follow::Enter(Command::Resume, at));
        }
        if !clock.is_paused() {
            // Restarted at the keyboard: the official clock is followed again.
            self.paused = false;
        }
        None
    }

    /// The clock's sides are learnt when it and the game's clock have run
    /// for one side, neither switched, for [`SIDES_AGREE`].
    fn learn_sides(&mut self, running: Option<bool>, at: Instant, game: &Game) {
        let Some((Some(left_runs), since, _)) = self.running else {
            return;
        };
        let clock = game.clock();
        let Some(own) = clock.running() else {
            return;
        };
        if running.is_some() && at.since(since) >= SIDES_AGREE {
            self.left = Some(if left_runs { own.side } else { !own.side });
        }
    }

    /// What `reading` shows by colour; `running` is its running side as
    /// [`ClockFollower::reads`] read it (`Some(true)` the left).
    fn times(&self, reading: ClockReading, running: Option<bool>) -> Option<OfficialTimes> {
        let left = self.left?;
        let (white, black) = match left {
            Color::White => (reading.left, reading.right),
            Color::Black => (reading.right, reading.left),
        };
        let side_of = |is_left: bool| {
            let color = if is_left { left } else { !left };
            Side::from(color)
        };
        let fallen = [(true, reading.left), (false, reading.right)]
            .into_iter()
            .find(|(_, side)| side.flag)
            .map(|(is_left, _)| side_of(is_left));
        Some(OfficialTimes {
            white: white.seconds,
            black: black.seconds,
            running: running.map(side_of),
            fallen,
        })
    }
}
