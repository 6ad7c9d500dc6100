//! When the talking clock speaks on its own (Appendix D.2.6.1): every N
//! minutes, at thresholds, and in a final countdown, each switchable per
//! player. Pure: it looks at a [`ChessClock`] at an injected instant.

use std::time::Duration;

use serde::Deserialize;
use shakmaty::Color;

use super::{ChessClock, Instant};

/// What one player hears about their own clock; the `[clock.white]` and
/// `[clock.black]` sections of the configuration.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SideSettings {
    /// Say the time left whenever it reaches a multiple of this many
    /// minutes; 0 for never.
    pub every_minutes: u32,
    /// Say the time left when it reaches these numbers of minutes, with a
    /// tone; empty for never.
    pub thresholds_minutes: Vec<u32>,
    /// Count down the last minute: every 10 seconds, then every second in
    /// the last 10.
    pub countdown: bool,
    /// Say when a period's time is added (Art. 6.3.2).
    pub period_added: bool,
    /// Say when the flag falls (Art. 6.9).
    pub flag_fall: bool,
    /// Say the mover's time left after each press (D.2.6.1); `None` when
    /// the configuration does not say, and the role decides: said for the
    /// player and the arbiter, not for the assistant, who tells the time
    /// only on request (D.2.10.4).
    pub after_press: Option<bool>,
}

impl Default for SideSettings {
    fn default() -> SideSettings {
        SideSettings {
            every_minutes: 0,
            thresholds_minutes: vec![10, 5, 2, 1],
            countdown: true,
            period_added: true,
            flag_fall: true,
            after_press: None,
        }
    }
}

impl SideSettings {
    /// Nothing said at all, for a player who wants silence.
    pub fn silent() -> SideSettings {
        SideSettings {
            every_minutes: 0,
            thresholds_minutes: Vec::new(),
            countdown: false,
            period_added: false,
            flag_fall: false,
            after_press: Some(false),
        }
    }
}

/// The `[clock]` section of the configuration.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ClockSettings {
    /// Time control for the standalone clock: a preset name or a PGN tag.
    pub time: String,
    /// What White hears.
    pub white: SideSettings,
    /// What Black hears.
    pub black: SideSettings,
}

impl Default for ClockSettings {
    fn default() -> ClockSettings {
        ClockSettings {
            time: "standard".to_string(),
            white: SideSettings::default(),
            black: SideSettings::default(),
        }
    }
}

impl ClockSettings {
    /// One player's settings.
    pub fn side(&self, color: Color) -> &SideSettings {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The same settings with `after_press` decided where the
    /// configuration left it open: `default` for each player whose key is
    /// not set (D.2.6.1, D.2.10.4).
    pub fn with_after_press_default(mut self, default: bool) -> ClockSettings {
        for side in [&mut self.white, &mut self.black] {
            side.after_press.get_or_insert(default);
        }
        self
    }
}

/// Why the clock speaks on its own; the kinds are in order of importance
/// when two fall on one mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum NoticeKind {
    /// Every N minutes.
    Interval,
    /// The final countdown.
    Countdown,
    /// A threshold.
    Threshold,
}

/// A mark the running player's time has reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Why it is said.
    pub kind: NoticeKind,
    /// Whose time.
    pub side: Color,
    /// The time left at the mark.
    pub left: Duration,
    /// When the mark was reached.
    pub due: Instant,
    /// The mark just before it in this run of the clock was given too: a
    /// countdown number that follows the one a second above it need not
    /// name whose clock it is again (D.2.6.1).
    pub follows: bool,
}

impl Notice {
    /// How long after its mark the notice is still worth beginning: a
    /// number of the last ten seconds only until halfway to the next
    /// second, a count of tens until halfway to the next ten (D.2.6.1:
    /// a number said late overlaps the next and misleads); `None` for the
    /// others, which wait their turn.
    pub fn fresh_for(&self) -> Option<Duration> {
        match self.kind {
            NoticeKind::Countdown if self.left <= Duration::from_secs(10) => {
                Some(Duration::from_millis(500))
            }
            NoticeKind::Countdown => Some(Duration::from_secs(5)),
            NoticeKind::Interval | NoticeKind::Threshold => None,
        }
    }
}

/// The announcement schedule: which marks of the running clock are still
/// ahead, and which have been passed.
#[derive(Clone, Debug)]
pub struct Schedule {
    settings: ClockSettings,
    generation: Option<u64>,
    /// Marks at or above this have been said (or passed) in this stretch.
    floor: Duration,
    /// The last mark given in this stretch.
    last_given: Option<Duration>,
}

const MINUTE: Duration = Duration::from_secs(60);

impl Schedule {
    /// A schedule with these settings.
    pub fn new(settings: ClockSettings) -> Schedule {
        Schedule {
            settings,
            generation: None,
            floor: Duration::ZERO,
            last_given: None,
        }
    }

    /// The settings.
    pub fn settings(&self) -> &ClockSettings {
        &self.settings
    }

    /// When the next mark falls, if the clock runs on undisturbed.
    pub fn next_due(&self, clock: &ChessClock) -> Option<Instant> {
        let run = clock.running()?;
        let floor = if Some(run.generation) == self.generation {
            self.floor
        } else {
            run.start_remaining
        };
        let (mark, _) = self.next_below(run.side, floor)?;
        clock.instant_at(mark)
    }

    /// The marks reached by `now` since the last call; when several were
    /// passed at once only the lowest is given, the others being stale,
    /// and a countdown number past its moment is not given at all
    /// (D.2.6.1: the time left as it is, never as it was).
    pub fn due(&mut self, clock: &ChessClock, now: Instant) -> Option<Notice> {
        let run = clock.running()?;
        if Some(run.generation) != self.generation {
            self.generation = Some(run.generation);
            self.floor = run.start_remaining;
            self.last_given = None;
        }
        let left = clock.remaining(run.side, now);
        let mut reached = None;
        let mut floor = self.floor;
        while let Some((mark, kind)) = self.next_below(run.side, floor) {
            if mark < left {
                break;
            }
            reached = Some((mark, kind));
            floor = mark;
        }
        let (mark, kind) = reached?;
        self.floor = mark;
        let follows = self.last_given == Some(mark + Duration::from_secs(1));
        self.last_given = Some(mark);
        let notice = Notice {
            kind,
            side: run.side,
            left: mark,
            due: clock.instant_at(mark).unwrap_or(now),
            follows,
        };
        // A countdown number whose moment has gone (the program was
        // stopped, the machine slept) is passed unsaid: only what is
        // current is said.
        match notice.fresh_for() {
            Some(fresh) if now.since(notice.due) > fresh => None,
            _ => Some(notice),
        }
    }

    /// The highest mark strictly below `floor` for a player, above zero.
    fn next_below(&self, side: Color, floor: Duration) -> Option<(Duration, NoticeKind)> {
        let s = self.settings.side(side);
        let mut best: Option<(Duration, NoticeKind)> = None;
        let mut offer = |mark: Duration, kind: NoticeKind| {
            if mark.is_zero() || mark >= floor {
                return;
            }
            best = match best {
                Some((m, k)) if m > mark || (m == mark && k >= kind) => Some((m, k)),
                _ => Some((mark, kind)),
            };
        };
        if s.every_minutes > 0 {
            let step = MINUTE * s.every_minutes;
            let below = (floor.as_nanos().saturating_sub(1) / step.as_nanos()) as u32;
            offer(step * below, NoticeKind::Interval);
        }
        for &m in &s.thresholds_minutes {
            offer(MINUTE * m, NoticeKind::Threshold);
        }
        if s.countdown {
            let secs = floor.as_nanos().saturating_sub(1) / 1_000_000_000;
            let mark = if secs >= 60 {
                50
            } else if secs >= 10 {
                secs / 10 * 10
            } else {
                secs
            };
            offer(Duration::from_secs(mark as u64), NoticeKind::Countdown);
        }
        best
    }
}

/// The ranges of the talking clock's numbers: a mark beyond ten hours is
/// never reached in any time control the Laws know.
impl crate::config::Ranges for ClockSettings {
    fn out_of_range(&self) -> Option<crate::config::OutOfRange> {
        [("white", &self.white), ("black", &self.black)]
            .into_iter()
            .find_map(|(name, side)| {
                crate::config::OutOfRange::check(
                    &format!("{name}.every_minutes"),
                    side.every_minutes,
                    0,
                    crate::config::MOST_MINUTES,
                )
                .or_else(|| {
                    side.thresholds_minutes.iter().find_map(|&m| {
                        crate::config::OutOfRange::check(
                            &format!("{name}.thresholds_minutes"),
                            m,
                            0,
                            crate::config::MOST_MINUTES,
                        )
                    })
                })
            })
    }
}
