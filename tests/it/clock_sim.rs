//! 10,000 moves with random thinking times under each mode, with pauses,
//! arbiter additions and flag falls, against a plain arithmetic model in
//! whole milliseconds: every remaining time must agree to the millisecond.

use std::time::Duration;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::Color;
use zweibrett_core::clock::{ChessClock, ClockEvent, FlagFall, Instant, TimeControl};

/// The model's own idea of a bonus, in milliseconds.
#[derive(Clone, Copy)]
enum B {
    None,
    Fischer(i64),
    Delay(i64),
    Bronstein(i64),
}

/// A period: moves (none for the rest of the game), time, bonus.
type P = (Option<u32>, i64, B);

struct Model {
    periods: Vec<P>,
    rem: [i64; 2],
    moves: [u32; 2],
}

impl Model {
    fn new(periods: Vec<P>) -> Model {
        let first = periods[0].1;
        let mut model = Model {
            periods,
            rem: [first; 2],
            moves: [0; 2],
        };
        // White's first increment is on the clock from the start.
        model.credit(0);
        model
    }

    /// The increment before a player's next move (Glossary "incremento").
    fn credit(&mut self, s: usize) {
        if let B::Fischer(inc) = self.bonus(s) {
            self.rem[s] += inc;
        }
    }

    /// Period index after `moves` moves; the last period repeats.
    fn period_index(&self, moves: u32) -> usize {
        let mut left = moves;
        let mut i = 0;
        loop {
            let p = self.periods[i.min(self.periods.len() - 1)];
            match p.0 {
                Some(n) if left >= n => {
                    left -= n;
                    i += 1;
                }
                _ => return i,
            }
        }
    }

    fn bonus(&self, s: usize) -> B {
        let i = self.period_index(self.moves[s]);
        self.periods[i.min(self.periods.len() - 1)].2
    }

    /// Thinking time after which the flag falls.
    fn limit(&self, s: usize) -> i64 {
        match self.bonus(s) {
            B::Delay(d) => self.rem[s] + d,
            _ => self.rem[s],
        }
    }

    /// A move that took `t` ms, pressed in time.
    fn press(&mut self, s: usize, t: i64) {
        let charge = match self.bonus(s) {
            B::None | B::Fischer(_) => t,
            B::Delay(d) => (t - d).max(0),
            B::Bronstein(d) => t - t.min(d),
        };
        self.rem[s] -= charge;
        self.finish(s);
    }

    /// A move whose flag fell after `t` ms; the arbiter set the clock to
    /// `r` ms and the player pressed at once.
    fn press_after_flag(&mut self, s: usize, t: i64, r: i64) {
        self.rem[s] = match self.bonus(s) {
            B::Bronstein(d) => r + t.min(d),
            _ => r,
        };
        self.finish(s);
    }

    fn finish(&mut self, s: usize) {
        let before = self.period_index(self.moves[s]);
        self.moves[s] += 1;
        let after = self.period_index(self.moves[s]);
        if after > before {
            self.rem[s] += self.periods[after.min(self.periods.len() - 1)].1;
        }
        self.credit(1 - s);
    }
}

fn color(s: usize) -> Color {
    if s == 0 { Color::White } else { Color::Black }
}

fn at(ms: i64) -> Instant {
    Instant::from_millis(ms as u64)
}

fn simulate(tag: &str, periods: Vec<P>, seed: u64) -> (u32, u32, u32) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut clock = ChessClock::new(tag.parse::<TimeControl>().unwrap());
    let mut model = Model::new(periods);
    let mut now: i64 = 1_000;
    clock.start(at(now)).unwrap();
    let (mut flags, mut exact_zero, mut period_changes) = (0, 0, 0);
    for ply in 0..10_000usize {
        let s = ply % 2;
        let side = color(s);
        let start = now;
        // Sometimes the arbiter adds time during the move, before the flag.
        let limit_before = model.limit(s);
        let add = rng
            .random_bool(0.02)
            .then(|| rng.random_range(0..10_000i64));
        model.rem[s] += add.unwrap_or(0);
        let limit = model.limit(s);
        let roll = rng.random_range(0..100);
        let t = match roll {
            0 => limit,                                 // pressed exactly at zero
            1 => limit + rng.random_range(1..2_000i64), // flag
            _ => rng.random_range(0..=limit.min(40_000)),
        };
        let mut e = 0;
        if let Some(add) = add {
            e = rng.random_range(0..=t.min(limit_before));
            clock.add_time(side, Duration::from_millis(add as u64), at(start + e));
        }
        if t > limit {
            let events = clock.poll(at(start + t));
            let flag = FlagFall {
                side,
                at: at(start + limit),
                moves: model.moves[s],
            };
            assert!(
                events.contains(&ClockEvent::FlagFall(flag)),
                "{tag} ply {ply}: expected {flag:?}, got {events:?}"
            );
            assert_eq!(clock.remaining(side, at(start + t)), Duration::ZERO);
            let r = rng.random_range(1_000..600_000i64);
            now = start + t;
            // The clock ran on at zero (A.5.3); the arbiter gives time.
            clock.set_time(side, Duration::from_millis(r as u64), at(now));
            clock.press(at(now)).unwrap();
            model.press_after_flag(s, t, r);
            flags += 1;
        } else {
            // Sometimes a pause during the move, which must cost nothing.
            let mut wall = t;
            if rng.random_bool(0.03) {
                let p = rng.random_range(e..=t);
                let w = rng.random_range(0..100_000i64);
                clock.pause(at(start + p)).unwrap();
                clock.resume(at(start + p + w)).unwrap();
                wall += w;
            }
            now = start + wall;
            let before = clock.period(side);
            clock
                .press(at(now))
                .unwrap_or_else(|e| panic!("{tag} ply {ply}: {e}"));
            if clock.period(side) != before {
                period_changes += 1;
            }
            if t == limit {
                exact_zero += 1;
            }
            model.press(s, t);
        }
        for c in 0..2 {
            assert_eq!(
                clock.remaining(color(c), at(now)).as_millis() as i64,
                model.rem[c],
                "{tag} ply {ply}: {:?}'s time",
                color(c)
            );
            assert_eq!(clock.moves(color(c)), model.moves[c], "{tag} ply {ply}");
        }
        // Some thinking on the other clock that shows before the press.
        let other = 1 - s;
        let peek = rng.random_range(0..=model.limit(other).min(3_000));
        let shown = clock.remaining(color(other), at(now + peek)).as_millis() as i64;
        let expected = match model.bonus(other) {
            B::Delay(d) => model.rem[other] - (peek - d).max(0),
            _ => model.rem[other] - peek,
        };
        assert_eq!(shown, expected, "{tag} ply {ply}: display during the move");
    }
    assert_eq!(clock.history().len(), 10_001);
    (flags, exact_zero, period_changes)
}

#[test]
fn sudden_death() {
    let (flags, zero, _) = simulate("300", vec![(None, 300_000, B::None)], 1);
    assert!(flags > 50 && zero > 50, "{flags} {zero}");
}

#[test]
fn fischer_increment() {
    let (flags, zero, _) = simulate("180+2", vec![(None, 180_000, B::Fischer(2_000))], 2);
    assert!(flags > 50 && zero > 50, "{flags} {zero}");
}

#[test]
fn delay_mode() {
    let (flags, _, _) = simulate("300d5", vec![(None, 300_000, B::Delay(5_000))], 3);
    assert!(flags > 50);
}

#[test]
fn bronstein_delay() {
    let (flags, _, _) = simulate("300b5", vec![(None, 300_000, B::Bronstein(5_000))], 4);
    assert!(flags > 50);
}

#[test]
fn multi_period() {
    let periods = vec![
        (Some(10), 60_000, B::Fischer(1_000)),
        (Some(5), 30_000, B::Delay(2_000)),
        (Some(3), 20_000, B::Bronstein(3_000)),
    ];
    let (_, _, changes) = simulate("10/60+1:5/30d2:3/20b3", periods, 5);
    assert!(changes > 500, "{changes}");
}

#[test]
fn fide_standard() {
    let periods = vec![
        (Some(40), 5_400_000, B::Fischer(30_000)),
        (None, 1_800_000, B::Fischer(30_000)),
    ];
    let (_, _, changes) = simulate("40/5400+30:1800+30", periods, 6);
    assert_eq!(changes, 2);
}
