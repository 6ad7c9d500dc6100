//! The official clock read through the sighted player's electronic board
//! (a DGT clock): the game's clock is held to what it shows, its flag is
//! the game's flag, and a disagreement of more than a second is said with
//! both times (Art. 6.1, 6.10.2).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::{EventKind, Game, Side, Step};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::utterance::Priority;

/// The official clock's resolution: it shows whole seconds, so what it
/// shows as `s` may be anything from `s` to just under `s + 1`.
const SHOWN_STEP: Duration = Duration::from_secs(1);

/// Beyond its resolution, how far the game's clock may be from the
/// official one before the difference is said.
const TOLERANCE: Duration = Duration::from_secs(1);

/// What the official clock beside the board shows, sides already told
/// apart by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfficialTimes {
    /// White's time left, in whole seconds.
    pub white: u32,
    /// Black's time left, in whole seconds.
    pub black: u32,
    /// Whose time runs on it, if any.
    pub running: Option<Side>,
    /// Whose flag it shows fallen, if any (6.1).
    pub fallen: Option<Side>,
}

impl OfficialTimes {
    fn shown(&self, color: Color) -> Duration {
        Duration::from_secs(u64::from(match color {
            Color::White => self.white,
            Color::Black => self.black,
        }))
    }
}

/// What a reading of the official clock changes in the game.
#[derive(Default)]
struct Held {
    /// Sides whose time is set: the side, the time the game's clock had,
    /// the time it is set to.
    set: Vec<(Color, Duration, Duration)>,
    /// The side whose flag the official clock shows fallen.
    fallen: Option<Color>,
    /// The two clocks run for the same side, so their times compare.
    compared: bool,
    /// A move's `[%clk]` that changes: its index and the time.
    clk: Option<(usize, Duration)>,
}

impl Game {
    /// What `times`, read at `now`, changes: nothing when the game is
    /// over or its clock not started; only a `[%clk]` when the two clocks
    /// run for different sides (between a move and its press, or a reply
    /// entered before the official clock's press was read).
    fn held(&self, times: OfficialTimes, now: Instant) -> Option<Held> {
        if matches!(self.step, Step::Over(_)) || !self.clock.is_started() {
            return None;
        }
        let mut held = Held {
            clk: self.official_clk(times),
            ..Held::default()
        };
        // A paused clock has no running stretch.
        let own_running = self.clock.running().map(|r| r.side);
        if own_running != times.running.map(Color::from) {
            return Some(held);
        }
        held.compared = true;
        for color in [Color::White, Color::Black] {
            if times.fallen.map(Color::from) == Some(color) {
                if !self.clock.has_fallen(color) {
                    held.fallen = Some(color);
                }
                continue;
            }
            let own = self.clock.remaining(color, now);
            let shown = times.shown(color);
            // A clock showing 0:00 without its flag has not yet run out:
            // the game's flag waits the official clock's last second.
            let target = if shown.is_zero() {
                SHOWN_STEP.min(own.max(Duration::from_millis(1)))
            } else {
                own.clamp(shown, shown + SHOWN_STEP)
            };
            if target != own {
                held.set.push((color, own, target));
            }
        }
        Some(held)
    }

    /// The `[%clk]` the official clock gives: the time of the side whose
    /// clock it stopped, for that side's latest move among the last two.
    fn official_clk(&self, times: OfficialTimes) -> Option<(usize, Duration)> {
        let stopped = !Color::from(times.running?);
        let n = self.moves.len();
        let i = (n.saturating_sub(2)..n)
            .rev()
            .find(|&i| self.moves[i].by == stopped)?;
        let shown = times.shown(stopped);
        (self.moves[i].clk != Some(shown)).then_some((i, shown))
    }

    /// Whether the official clock showing `times` at `now` would change
    /// anything in the game: its first reading, a time beyond what it
    /// shows, a flag, a move's `[%clk]`. A reading that changes nothing
    /// need not be entered (nor journalled).
    pub fn official_clock_changes(&self, times: OfficialTimes, now: Instant) -> bool {
        self.held(times, now).is_some_and(|held| {
            (held.compared && !self.official)
                || !held.set.is_empty()
                || held.fallen.is_some()
                || held.clk.is_some()
        })
    }

    /// The official clock shows `times` at `now`: where the game's clock
    /// runs for the same side, each side's time is brought within what
    /// the official clock shows; a fallen flag is the game's (6.1). A
    /// difference beyond a second, after the first reading, is said with
    /// both times. A move's `[%clk]` is what the official clock shows once
    /// its mover's time has stopped.
    pub(super) fn official_clock(&mut self, times: OfficialTimes, now: Instant) {
        let Some(held) = self.held(times, now) else {
            return;
        };
        if let Some((i, clk)) = held.clk {
            self.moves[i].clk = Some(clk);
        }
        if !held.compared {
            return;
        }
        let first = !self.official;
        self.official = true;
        for (color, own, target) in held.set {
            self.clock.set_time(color, target, now);
            if !first && own.abs_diff(target) > TOLERANCE {
                self.say_clocks_differ(color, times.shown(color), own);
            }
        }
        if let Some(color) = held.fallen {
            self.clock.flag_shown(color, now);
        }
    }

    fn say_clocks_differ(&mut self, color: Color, shown: Duration, own: Duration) {
        let official = self.words.time_left(shown);
        let own = self.words.time_left(own);
        let text = self.tell(
            GameSentence::ClocksDiffer,
            &[
                ("side", self.side(color)),
                ("official", &official),
                ("own", &own),
            ],
        );
        self.pending.push(text.clone());
        self.say(EventKind::Clock, text, Priority::Answer);
    }

    /// Whether the game's clock follows an official clock.
    pub fn follows_official_clock(&self) -> bool {
        self.official
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Command, Press, Repetition, Setup};
    use crate::notation::pack::VoicePack;
    use Command::OfficialClock;

    /// A game of 90 minutes plus 30 seconds, 1. e4 pressed at second 1.
    fn game() -> Game {
        let setup = Setup {
            time: "5400+30".into(),
            repetition: Repetition::Off,
            press: Press::Auto,
            ..Setup::default()
        };
        let mut game = Game::new(setup, VoicePack::fide()).unwrap();
        game.apply(&Command::Move("e4".into()), Instant::from_secs(1));
        game
    }

    fn times(white: u32, black: u32, running: Side) -> Command {
        Command::OfficialClock(OfficialTimes {
            white,
            black,
            running: Some(running),
            fallen: None,
        })
    }

    #[test]
    fn the_game_clock_is_held_within_the_official_seconds() {
        let mut game = game();
        let black = game.clock().remaining(Color::Black, Instant::from_secs(11));
        let shown = u32::try_from(black.as_secs()).unwrap() - 3;
        let events = game.apply(&times(5430, shown, Side::Black), Instant::from_secs(11));
        // The first reading takes the official clock's times quietly.
        assert!(
            events.iter().all(|e| e.kind != EventKind::Clock),
            "{events:?}"
        );
        let now = game.clock().remaining(Color::Black, Instant::from_secs(11));
        assert_eq!(now, Duration::from_secs(u64::from(shown) + 1));
        assert!(game.follows_official_clock());
        let OfficialClock(same) = times(5430, shown, Side::Black) else {
            unreachable!()
        };
        assert!(!game.official_clock_changes(same, Instant::from_millis(11_100)));
        // Later, three seconds apart is said, with both times.
        let events = game.apply(&times(5430, shown - 4, Side::Black), Instant::from_secs(12));
        let said: Vec<_> = events
            .iter()
            .filter(|e| e.kind == EventKind::Clock)
            .collect();
        assert_eq!(said.len(), 1, "{events:?}");
        // Within the official clock's second, nothing changes.
        let before = game
            .clock()
            .remaining(Color::Black, Instant::from_millis(12_400));
        let events = game.apply(
            &times(5430, shown - 4, Side::Black),
            Instant::from_millis(12_400),
        );
        assert!(events.iter().all(|e| e.kind != EventKind::Clock));
        assert_eq!(
            game.clock()
                .remaining(Color::Black, Instant::from_millis(12_400)),
            before
        );
    }

    #[test]
    fn a_reading_while_the_clocks_run_for_different_sides_changes_nothing() {
        let mut game = game();
        let before = game.clock().remaining(Color::White, Instant::from_secs(3));
        game.apply(&times(100, 100, Side::White), Instant::from_secs(3));
        assert_eq!(
            game.clock().remaining(Color::White, Instant::from_secs(3)),
            before
        );
        assert!(!game.follows_official_clock());
    }

    #[test]
    fn the_official_flag_is_the_games_flag() {
        let mut game = game();
        let events = game.apply(
            &Command::OfficialClock(OfficialTimes {
                white: 5000,
                black: 0,
                running: Some(Side::Black),
                fallen: Some(Side::Black),
            }),
            Instant::from_secs(20),
        );
        assert!(game.clock().has_fallen(Color::Black), "{events:?}");
        // Said as the game's own clock says a flag fall (6.9, D.2.10.5).
        assert!(
            events
                .iter()
                .any(|e| e.utterance.earcon == Some(crate::utterance::Earcon::FlagFall)),
            "{events:?}"
        );
    }

    #[test]
    fn the_movers_clk_is_the_official_time_after_the_press() {
        let mut game = game();
        game.apply(&times(5427, 5400, Side::Black), Instant::from_secs(5));
        assert_eq!(game.moves()[0].clk, Some(Duration::from_secs(5427)));
    }

    #[test]
    fn a_clock_showing_zero_without_its_flag_has_not_run_out() {
        let mut game = game();
        let events = game.apply(&times(5000, 0, Side::Black), Instant::from_secs(20));
        assert!(game.outcome().is_none(), "{events:?}");
        assert!(game.clock().remaining(Color::Black, Instant::from_secs(20)) > Duration::ZERO);
    }
}
