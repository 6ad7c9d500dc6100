//! Time controls (Art. 6.3): periods, increment and delay, the PGN
//! `TimeControl` tag, presets and the standard / rapid / blitz classification
//! of Appendices A.1 and B.1.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

pub use super::control_error::{
    LONGEST_CONTROL, MOST_PERIODS, PeriodError, PeriodsError, SecondsError, quoted,
};

/// What a time control may be, in plain words, said once with a fault.
pub const ACCEPTED: &str = "A time control is written as it is said, such as \"90 min + 30 s\", \
\"15 plus 10\" (minutes plus seconds per move) or \"40 moves in 90 min, then 30 min, plus 30 s\"; \
or as a preset's name, such as rapid; or as a PGN tag in seconds, such as 900+10";

/// What a player receives with each move of a period (Art. 6.3.1, 6.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bonus {
    /// Nothing: sudden death for the period.
    None,
    /// Fischer increment (Art. 6.3.1; Glossary "incremento": added from the
    /// start before each move): credited as the player's clock starts to run
    /// for the move, the first move included.
    Increment(Duration),
    /// Delay mode as Art. 6.3.2 words it: the main thinking time starts to
    /// run only after the fixed extra time has expired; a press within the
    /// delay leaves the main time unchanged. This is also what US clocks
    /// call "simple delay". Written `dN` in the tag.
    Delay(Duration),
    /// Bronstein delay: the main time runs from the start of the move, and
    /// the time used, up to the delay, is given back at the press. After each
    /// move the remaining time equals delay mode's, but the display counts
    /// down during the delay, and the flag falls as soon as the main time
    /// runs out. Written `bN` in the tag.
    Bronstein(Duration),
}

impl Bonus {
    /// The time per move, whatever the mode; zero when there is none. The
    /// Glossary counts delay and cumulative modes as an increment (A.1, B.1).
    pub fn per_move(self) -> Duration {
        match self {
            Bonus::None => Duration::ZERO,
            Bonus::Increment(d) | Bonus::Delay(d) | Bonus::Bronstein(d) => d,
        }
    }

    /// Whether the period adds time with each move in any mode (Guidelines
    /// III apply only to games without one, III.2.2).
    pub fn is_some(self) -> bool {
        !self.per_move().is_zero()
    }
}

/// One period of a time control (Art. 6.3.1): a number of moves, or the
/// rest of the game, in an allotted time, with a bonus per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// Moves to complete in the period; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// Time allotted for the period; for a later period, added to what the
    /// player saved (Art. 6.3.2, first sentence).
    pub time: Duration,
    /// Increment or delay per move.
    pub bonus: Bonus,
}

/// A complete time control (Art. 6.3.1): one or more periods. When the last
/// period has a move count, it repeats (as in "40/7200" for every 40 moves).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    periods: Vec<Period>,
}

/// The kind of game a time control makes (Appendices A.1 and B.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// 60 minutes or more per player (base plus 60 times the increment).
    Standard,
    /// More than 10 and less than 60 minutes per player (A.1).
    Rapid,
    /// 10 minutes or less per player (B.1).
    Blitz,
}

/// Why a `TimeControl` string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("time control \"{input}\": {problem}")]
pub struct TimeControlError {
    /// The text given.
    pub input: String,
    /// What is wrong with it, naming the part.
    pub problem: String,
    /// For a control written in words that can be read two ways, the two
    /// numbers and which two ways: said in the pack's words, never
    /// guessed.
    pub two_ways: Option<Box<TwoWays>>,
}

/// A control in words that can be read two ways: the numbers as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TwoWays {
    /// "15 + 10": minutes plus seconds per move, or the PGN tag's seconds.
    PlusOrTag {
        /// The first number.
        minutes: String,
        /// The second number.
        seconds: String,
    },
    /// "90 min 30 s": minutes and seconds for the game, or minutes plus
    /// seconds per move.
    MinutesAndSeconds {
        /// The minutes.
        minutes: String,
        /// The seconds.
        seconds: String,
    },
}

/// Named presets for common FIDE controls, as `(name, tag, description)`.
pub const PRESETS: &[(&str, &str, &str)] = &[
    (
        "standard",
        "40/5400+30:1800+30",
        "FIDE standard: 90 minutes for 40 moves, then 30 minutes, 30 seconds per move from move one",
    ),
    (
        "standard-120",
        "40/7200:20/3600:900+30",
        "classical: 2 hours for 40 moves, 1 hour for 20, then 15 minutes with 30 seconds per move",
    ),
    (
        "standard-90",
        "5400+30",
        "90 minutes for the game, 30 seconds per move",
    ),
    (
        "rapid",
        "900+10",
        "FIDE rapid: 15 minutes, 10 seconds per move",
    ),
    ("rapid-25", "1500+10", "25 minutes, 10 seconds per move"),
    (
        "blitz",
        "180+2",
        "FIDE blitz: 3 minutes, 2 seconds per move",
    ),
    ("blitz-5", "300+3", "5 minutes, 3 seconds per move"),
];

impl TimeControl {
    /// A control from periods. Fails when there is none, when a period
    /// without a move count is followed by another, or when a move count is
    /// zero.
    pub fn new(periods: Vec<Period>) -> Result<TimeControl, PeriodsError> {
        if periods.is_empty() {
            return Err(PeriodsError::NoPeriod);
        }
        if periods.len() > MOST_PERIODS {
            return Err(PeriodsError::TooMany(periods.len()));
        }
        for (i, p) in periods.iter().enumerate() {
            if p.moves == Some(0) {
                return Err(PeriodsError::ZeroMoves(i + 1));
            }
            if p.moves.is_none() && i + 1 < periods.len() {
                return Err(PeriodsError::RestOfGameNotLast(i + 1));
            }
            // "0+0" and "0d0" give no time either.
            if p.time.is_zero() && p.bonus.per_move().is_zero() {
                return Err(PeriodsError::NoTime(i + 1));
            }
        }
        Ok(TimeControl { periods })
    }

    /// Sudden death: `time` for the whole game.
    pub fn sudden_death(time: Duration) -> TimeControl {
        TimeControl::single(time, Bonus::None)
    }

    /// One period for the whole game with a bonus per move.
    pub fn single(time: Duration, bonus: Bonus) -> TimeControl {
        TimeControl {
            periods: vec![Period {
                moves: None,
                time,
                bonus,
            }],
        }
    }

    /// The periods as given.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// The period with this index, counting from 0; past the last one, the
    /// last one again when it has a move count (it repeats).
    pub fn period(&self, index: usize) -> &Period {
        &self.periods[index.min(self.periods.len() - 1)]
    }

    /// Which period a player is in after completing `moves` moves, and how
    /// many of those moves fall into it.
    pub fn period_after(&self, moves: u32) -> (usize, u32) {
        let mut left = moves;
        let mut index = 0;
        loop {
            match self.period(index).moves {
                Some(n) if left >= n => {
                    left -= n;
                    index += 1;
                }
                _ => return (index, left),
            }
        }
    }

    /// A preset by name.
    pub fn preset(name: &str) -> Option<TimeControl> {
        // Every preset's tag parses: `every_preset_parses_and_is_named_case_blind`
        // holds that, so `ok()` never turns a known name into `None`.
        PRESETS
            .iter()
            .find(|(n, _, _)| n.eq_ignore_ascii_case(name.trim()))
            .and_then(|(_, tag, _)| tag.parse().ok())
    }

    /// Standard, rapid or blitz, by Appendices A.1 and B.1: the allotted
    /// time plus 60 times the increment, for each player. The allotted time
    /// of a multi-period control is the sum of its periods' times. Delay
    /// and cumulative (Bronstein) modes are increments too (Glossary
    /// "incremento": "in delay or cumulative mode"), so they count.
    pub fn category(&self) -> Category {
        let base: Duration = self.periods.iter().map(|p| p.time).sum();
        let increment = self.periods[0].bonus.per_move();
        let total = base + increment * 60;
        if total <= Duration::from_secs(600) {
            Category::Blitz
        } else if total < Duration::from_secs(3600) {
            Category::Rapid
        } else {
            Category::Standard
        }
    }

    /// Extra time the arbiter gives for an opponent's first illegal move
    /// (Art. 7.5.5) or a false claim: two minutes, one in rapid and blitz
    /// (A.3, B.3).
    pub fn penalty(&self) -> Duration {
        match self.category() {
            Category::Standard => Duration::from_secs(120),
            Category::Rapid | Category::Blitz => Duration::from_secs(60),
        }
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads the PGN `TimeControl` tag: periods separated by `:`, each
    /// `[moves/]seconds[+increment|dDELAY|bBRONSTEIN]`. Seconds may carry up
    /// to three decimals.
    fn from_str(input: &str) -> Result<TimeControl, TimeControlError> {
        let fail = |problem: String| TimeControlError {
            input: quoted(input),
            problem,
            two_ways: None,
        };
        let text = input.trim();
        if text.is_empty() {
            return Err(fail("it is empty".to_string()));
        }
        if let Some(long) = too_long(text) {
            return Err(fail(long));
        }
        if text == "?" || text == "-" {
            return Err(fail(format!(
                "\"{text}\" means an unknown or no time control; there is nothing to run"
            )));
        }
        if text.starts_with('*') {
            return Err(fail(
                "sandclock controls (\"*N\") are not supported".to_string(),
            ));
        }
        let mut periods = Vec::new();
        for (i, part) in text.split(':').enumerate() {
            let period = parse_period(part)
                .map_err(|p| fail(format!("period {} (\"{}\"): {p}", i + 1, quoted(part))))?;
            periods.push(period);
        }
        TimeControl::new(periods).map_err(|e| fail(e.to_string()))
    }
}

/// Why a text is too long to be a time control, if it is.
pub(super) fn too_long(text: &str) -> Option<String> {
    let length = text.chars().count();
    (length > LONGEST_CONTROL).then(|| {
        format!("it is {length} characters long; a time control is at most {LONGEST_CONTROL}")
    })
}

fn parse_period(part: &str) -> Result<Period, PeriodError> {
    if part.is_empty() {
        return Err(PeriodError::Empty);
    }
    let (moves, rest) = match part.split_once('/') {
        Some((m, rest)) => {
            let n: u32 = m
                .parse()
                .ok()
                .filter(|_| m.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| PeriodError::NotMoves(quoted(m)))?;
            if n == 0 {
                return Err(PeriodError::ZeroMoves);
            }
            (Some(n), rest)
        }
        None => (None, part),
    };
    let split = rest.find(|c: char| !c.is_ascii_digit() && c != '.');
    let (time_text, bonus) = match split {
        Some(at) if !rest[at..].starts_with(['+', 'd', 'b']) => {
            let c = rest[at..].chars().next().unwrap_or_default();
            return Err(PeriodError::NotUnderstood(c));
        }
        Some(at) => {
            let (t, b) = rest.split_at(at);
            let amount = seconds(&b[1..], "the increment or delay")?;
            let bonus = match b.as_bytes()[0] {
                b'+' => Bonus::Increment(amount),
                b'd' => Bonus::Delay(amount),
                _ => Bonus::Bronstein(amount),
            };
            (t, bonus)
        }
        None => (rest, Bonus::None),
    };
    let time = seconds(time_text, "the time")?;
    Ok(Period { moves, time, bonus })
}

/// Whole or decimal seconds, up to milliseconds, at most about 11 days.
fn seconds(text: &str, what: &'static str) -> Result<Duration, SecondsError> {
    let bad = || SecondsError::NotSeconds {
        what,
        text: quoted(text),
    };
    if text.is_empty() {
        return Err(SecondsError::Missing { what });
    }
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || (text.contains('.') && frac.is_empty())
    {
        return Err(bad());
    }
    if frac.len() > 3 {
        return Err(SecondsError::TooFine {
            what,
            text: quoted(text),
        });
    }
    let whole: u64 = whole.parse().map_err(|_| bad())?;
    if whole > 1_000_000 {
        return Err(SecondsError::TooLong {
            what,
            text: quoted(text),
        });
    }
    let millis: u64 = format!("{frac:0<3}").parse().unwrap_or(0);
    Ok(Duration::from_millis(whole * 1000 + millis))
}

fn write_seconds(f: &mut fmt::Formatter<'_>, d: Duration) -> fmt::Result {
    let ms = d.as_millis() as u64;
    match fraction_digits(ms) {
        digits if digits.is_empty() => write!(f, "{}", ms / 1000),
        digits => write!(f, "{}.{digits}", ms / 1000),
    }
}

/// The digits after the decimal point of `ms` milliseconds in seconds,
/// without trailing zeros: "25" for 1,250 ms, "" for a whole second.
pub(super) fn fraction_digits(ms: u64) -> String {
    format!("{:03}", ms % 1000)
        .trim_end_matches('0')
        .to_string()
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.moves {
            write!(f, "{n}/")?;
        }
        write_seconds(f, self.time)?;
        match self.bonus {
            Bonus::None => Ok(()),
            Bonus::Increment(d) => {
                f.write_str("+")?;
                write_seconds(f, d)
            }
            Bonus::Delay(d) => {
                f.write_str("d")?;
                write_seconds(f, d)
            }
            Bonus::Bronstein(d) => {
                f.write_str("b")?;
                write_seconds(f, d)
            }
        }
    }
}

impl fmt::Display for TimeControl {
    /// Writes the PGN `TimeControl` tag.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Category::Standard => "standard",
            Category::Rapid => "rapid",
            Category::Blitz => "blitz",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    #[test]
    fn fide_standard_has_two_periods_with_increment() {
        let tc: TimeControl = "40/5400+30:1800+30".parse().unwrap();
        assert_eq!(
            tc.periods(),
            &[
                Period {
                    moves: Some(40),
                    time: s(5400),
                    bonus: Bonus::Increment(s(30))
                },
                Period {
                    moves: None,
                    time: s(1800),
                    bonus: Bonus::Increment(s(30))
                }
            ]
        );
        assert_eq!(tc.to_string(), "40/5400+30:1800+30");
        assert_eq!(tc.category(), Category::Standard);
    }

    #[test]
    fn delay_bronstein_and_fractions_round_trip() {
        for tag in ["300d5", "300b5", "2", "0.5+0.25", "40/7200:3600", "60d1.5"] {
            let tc: TimeControl = tag.parse().unwrap();
            assert_eq!(tc.to_string(), tag);
        }
    }

    #[test]
    fn classification_follows_a1_and_b1() {
        let cat = |t: &str| t.parse::<TimeControl>().unwrap().category();
        assert_eq!(cat("600"), Category::Blitz); // exactly 10 minutes
        assert_eq!(cat("180+2"), Category::Blitz); // 3 + 2 = 5
        assert_eq!(cat("300+5"), Category::Blitz); // 5 + 5 = 10
        assert_eq!(cat("301+5"), Category::Rapid);
        assert_eq!(cat("900+10"), Category::Rapid); // 15 + 10 = 25
        assert_eq!(cat("3000+9"), Category::Rapid); // 50 + 9 = 59
        assert_eq!(cat("3000+10"), Category::Standard); // exactly 60
        assert_eq!(cat("3600"), Category::Standard);
        // Delay and cumulative modes are increments (Glossary "incremento").
        assert_eq!(cat("600d30"), Category::Rapid); // 10 + 30 = 40 minutes
        assert_eq!(cat("3000d30"), Category::Standard); // 50 + 30 = 80
        assert_eq!(cat("3000b30"), Category::Standard);
        assert_eq!(cat("300d5"), Category::Blitz); // 5 + 5 = 10
        assert_eq!(cat("900d10"), Category::Rapid);
        assert_eq!("3000d30".parse::<TimeControl>().unwrap().penalty(), s(120));
    }

    #[test]
    fn penalty_is_two_minutes_in_standard_one_otherwise() {
        assert_eq!(TimeControl::preset("standard").unwrap().penalty(), s(120));
        assert_eq!(TimeControl::preset("rapid").unwrap().penalty(), s(60));
        assert_eq!(TimeControl::preset("blitz").unwrap().penalty(), s(60));
    }

    #[test]
    fn every_preset_parses_and_is_named_case_blind() {
        for (name, tag, _) in PRESETS {
            let tc = TimeControl::preset(&name.to_uppercase()).unwrap();
            assert_eq!(tc.to_string(), *tag);
        }
        assert_eq!(
            TimeControl::preset("blitz").unwrap().category(),
            Category::Blitz
        );
        assert!(TimeControl::preset("bullet").is_none());
    }

    #[test]
    fn the_last_period_with_moves_repeats() {
        let tc: TimeControl = "40/7200".parse().unwrap();
        assert_eq!(tc.period_after(39), (0, 39));
        assert_eq!(tc.period_after(40), (1, 0));
        assert_eq!(tc.period_after(85), (2, 5));
        assert_eq!(tc.period(7).time, s(7200));
    }

    #[test]
    fn malformed_strings_say_what_is_wrong() {
        let cases = [
            ("", "empty"),
            ("abc", "\"a\" is not understood"),
            ("5m", "\"m\" is not understood"),
            ("d5", "the time is missing"),
            ("40/", "the time is missing"),
            ("0/300", "zero"),
            ("x/300", "not a number of moves"),
            ("300+", "increment or delay is missing"),
            ("300+x", "\"x\" is not a number"),
            ("300:40/60", "rest of the game"),
            ("0", "no time at all"),
            ("300:", "period 2"),
            ("1.2345", "finer than a millisecond"),
            ("?", "unknown"),
            ("*180", "sandclock"),
            ("99999999999", "longer than a game"),
        ];
        for (text, expected) in cases {
            let err = text.parse::<TimeControl>().unwrap_err().to_string();
            assert!(err.contains(expected), "{text:?}: {err}");
            assert!(err.contains(&format!("\"{text}\"")), "{err}");
        }
    }
}
