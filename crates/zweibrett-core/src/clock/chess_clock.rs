//! The chess clock itself (Art. 6): two clocks of which one runs at a time,
//! move counters, flag fall, pause, and the arbiter's adjustments.

use std::time::Duration;

use shakmaty::Color;

use super::Instant;
use super::control::{Bonus, TimeControl};

mod arbiter;

/// A flag fall (Art. 6.1, 6.9): whose time ran out and when. The clock only
/// reports it and goes on running, the fallen display at zero, as a flag
/// counts only once observed or claimed (6.9, A.5.3); whether the game is
/// lost or drawn ("cannot checkmate") is for the game to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagFall {
    /// The player whose time ran out.
    pub side: Color,
    /// The exact instant the time reached zero (not when it was noticed).
    pub at: Instant,
    /// Moves that player had completed.
    pub moves: u32,
}

/// Something that happened on the clock, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockEvent {
    /// The clock of the player to move first was started (Art. 6.6);
    /// [`ChessClock::first_to_move`] says whose.
    Started,
    /// A player pressed the clock and so completed a move (Art. 6.2.1).
    MoveCompleted {
        /// Who moved.
        side: Color,
        /// That player's completed moves, this one included.
        moves: u32,
        /// Their time left after the press, a new period's time included;
        /// the increment of their next move comes when their clock starts.
        remaining: Duration,
        /// Time the move took.
        took: Duration,
    },
    /// A period's time was added once its move count was reached (Art. 6.3.2).
    PeriodAdded {
        /// Who received it.
        side: Color,
        /// The period now started, counting from 0.
        period: usize,
        /// The time added.
        added: Duration,
    },
    /// A flag fell (Art. 6.9).
    FlagFall(FlagFall),
    /// The clock was paused (Art. 6.11.1).
    Paused,
    /// The clock was restarted (Art. 6.11.3).
    Resumed {
        /// Whose clock runs again.
        side: Color,
    },
    /// The arbiter changed a player's time or move counter (Art. 6.10.2,
    /// 7.5.5).
    Adjusted {
        /// Whose clock.
        side: Color,
        /// Their time left now.
        remaining: Duration,
    },
    /// Both clocks were set back to what they showed after a half-move
    /// (D.2.9: moves retraced, clocks readjusted).
    Restored {
        /// Half-moves completed at that point.
        ply: usize,
    },
}

/// Why the clock refused an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// The clock has not been started yet (Art. 6.6).
    #[error("the clock has not been started")]
    NotStarted,
    /// The clock is paused (Art. 6.11).
    #[error("the clock is paused")]
    Paused,
    /// The clock is already running.
    #[error("the clock is already running")]
    Running,
    /// There is no record of the clocks after that half-move.
    #[error("no record of the clocks after half-move {0}")]
    NoSuchPly(usize),
}

/// What both clocks showed after a half-move (D.2.9 retrace).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Half-moves completed (0: before the first move).
    pub ply: usize,
    /// Time left, White then Black; the player to move's includes the
    /// increment of the move to come (Glossary "incremento").
    pub remaining: [Duration; 2],
    /// Moves completed, White then Black.
    pub moves: [u32; 2],
    /// Time used, White then Black.
    pub used: [Duration; 2],
    /// Whose turn it was.
    pub to_move: Color,
}

/// The stretch of time the running clock has been running through since its
/// last start, press, resumption or adjustment; the announcement schedule
/// uses it to know which marks are still ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Running {
    /// Whose clock runs.
    pub side: Color,
    /// Changes whenever a new stretch begins.
    pub generation: u64,
    /// Time left when the stretch began.
    pub start_remaining: Duration,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    NotStarted,
    Running { since: Instant },
    Paused,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    /// Main time at the start of the current move, adjustments included;
    /// the time left for the side not to move.
    banked: Duration,
    moves: u32,
    /// Time used on moves before the current one.
    used: Duration,
}

/// A chess clock (Art. 6.1) running a [`TimeControl`]. Every method that
/// takes an [`Instant`] first notices a flag that fell before it.
#[derive(Clone, Debug)]
pub struct ChessClock {
    control: TimeControl,
    sides: [Side; 2],
    to_move: Color,
    phase: Phase,
    /// Time spent on the current move before the clock last started running.
    spent: Duration,
    /// Each side's fallen flag, White then Black; a fallen display stays at
    /// zero until the arbiter gives that player time.
    flags: [Option<FlagFall>; 2],
    history: Vec<Snapshot>,
    last: Instant,
    generation: u64,
    stretch_start: Duration,
    events: Vec<ClockEvent>,
}

fn idx(color: Color) -> usize {
    usize::from(color == Color::Black)
}

impl ChessClock {
    /// A clock set for `control`, not yet started, White to move. White's
    /// clock already holds the increment of the first move (Glossary
    /// "incremento": added from the start, before each move), so a 3 s + 2 s
    /// game starts at 5 s for White.
    pub fn new(control: TimeControl) -> ChessClock {
        ChessClock::with_first_to_move(control, Color::White)
    }

    /// A clock set for `control`, not yet started, with `first` to move:
    /// in a game from a position with Black to move, Black's clock is the
    /// one started (Art. 6.6), and Black's the first increment, added
    /// before the move (6.1).
    pub fn with_first_to_move(control: TimeControl, first: Color) -> ChessClock {
        ChessClock::after_moves(control, first, [0, 0])
    }

    /// A clock for a game from a position: White and Black have completed
    /// `before` moves ahead of it, counted for the time control (6.3.1,
    /// Guidelines I.5); each starts with the time of the period those
    /// moves lead into, which the arbiter sets right where it differs
    /// (6.10.2).
    pub fn after_moves(control: TimeControl, first: Color, before: [u32; 2]) -> ChessClock {
        let side = |moves: u32| Side {
            banked: control.period(control.period_after(moves).0).time,
            moves,
            used: Duration::ZERO,
        };
        let sides = [side(before[0]), side(before[1])];
        let start = sides[idx(first)].banked;
        let mut clock = ChessClock {
            control,
            sides,
            to_move: first,
            phase: Phase::NotStarted,
            spent: Duration::ZERO,
            flags: [None, None],
            history: Vec::new(),
            last: Instant::ZERO,
            generation: 0,
            stretch_start: start,
            events: Vec::new(),
        };
        clock.credit_increment(first);
        clock.stretch_start = clock.sides[idx(first)].banked;
        clock.history.push(clock.snapshot());
        clock
    }

    /// The player whose clock is started first (Art. 6.6).
    pub fn first_to_move(&self) -> Color {
        self.history.first().map_or(Color::White, |s| s.to_move)
    }

    /// The time control being played.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Starts the clock of the player to move first, White's unless the
    /// clock was set otherwise (Art. 6.6).
    pub fn start(&mut self, now: Instant) -> Result<(), ClockError> {
        let now = self.settle(now);
        if self.phase != Phase::NotStarted {
            return Err(ClockError::Running);
        }
        self.run_from(now);
        self.events.push(ClockEvent::Started);
        Ok(())
    }

    /// The player to move presses the clock, completing the move (Art.
    /// 6.2.1): their main time is charged as the period's bonus says, the
    /// next period's time added when its move count is reached (6.3.2), and
    /// the opponent's clock started with the increment of their next move
    /// already added (Glossary "incremento": before each move). A press at
    /// the very instant the time reaches zero is in time; any later, the
    /// flag fell.
    pub fn press(&mut self, now: Instant) -> Result<(), ClockError> {
        let now = self.settle(now);
        match self.phase {
            Phase::NotStarted => return Err(ClockError::NotStarted),
            Phase::Paused => return Err(ClockError::Paused),
            Phase::Running { .. } => {}
        }
        let color = self.to_move;
        let took = self.elapsed(now);
        let bonus = self.bonus(color);
        let (period_before, _) = self.control.period_after(self.sides[idx(color)].moves);
        let fallen = self.has_fallen(color);
        let side = &mut self.sides[idx(color)];
        side.banked = side.banked.saturating_sub(charged(bonus, took));
        side.used += took;
        side.moves += 1;
        let moves = side.moves;
        let (period_after, _) = self.control.period_after(moves);
        // A fallen display stays at zero: the next period's time would
        // hide the flag the opponent may still claim.
        if period_after > period_before && !fallen {
            let added = self.control.period(period_after).time;
            self.sides[idx(color)].banked += added;
            self.events.push(ClockEvent::PeriodAdded {
                side: color,
                period: period_after,
                added,
            });
        }
        self.events.push(ClockEvent::MoveCompleted {
            side: color,
            moves,
            remaining: self.sides[idx(color)].banked,
            took,
        });
        self.to_move = !color;
        self.credit_increment(!color);
        self.run_from(now);
        self.history.push(self.snapshot());
        Ok(())
    }

    /// Pauses the clock (Art. 6.11.1, 6.11.2).
    pub fn pause(&mut self, now: Instant) -> Result<(), ClockError> {
        let now = self.settle(now);
        match self.phase {
            Phase::NotStarted => Err(ClockError::NotStarted),
            Phase::Paused => Err(ClockError::Paused),
            Phase::Running { .. } => {
                self.spent = self.elapsed(now);
                self.phase = Phase::Paused;
                self.events.push(ClockEvent::Paused);
                Ok(())
            }
        }
    }

    /// Restarts the clock (Art. 6.11.3). A fallen flag stays fallen; a clock
    /// paused at exactly zero, flag not yet fallen, restarts, and its flag
    /// falls at once.
    pub fn resume(&mut self, now: Instant) -> Result<(), ClockError> {
        let now = self.settle(now);
        match self.phase {
            Phase::NotStarted => Err(ClockError::NotStarted),
            Phase::Running { .. } => Err(ClockError::Running),
            Phase::Paused => {
                self.phase = Phase::Running { since: now };
                self.new_stretch(now);
                self.events.push(ClockEvent::Resumed { side: self.to_move });
                Ok(())
            }
        }
    }

    /// Looks at the clock at `now`, noticing a flag fall, and hands over the
    /// events since the last call.
    pub fn poll(&mut self, now: Instant) -> Vec<ClockEvent> {
        self.settle(now);
        std::mem::take(&mut self.events)
    }

    /// A player's time left at `now` (Art. 6.1: what their display shows).
    pub fn remaining(&self, side: Color, now: Instant) -> Duration {
        if self.has_fallen(side) {
            return Duration::ZERO;
        }
        let banked = self.sides[idx(side)].banked;
        if side != self.to_move {
            return banked;
        }
        banked.saturating_sub(charged_so_far(self.bonus(side), self.elapsed(now)))
    }

    /// A player's thinking time so far (D.2.10.4: "time used"), the current
    /// move included; adjustments do not change it.
    pub fn used(&self, side: Color, now: Instant) -> Duration {
        let mut used = self.sides[idx(side)].used;
        if side == self.to_move {
            used += self.elapsed(now);
        }
        used
    }

    /// Moves a player has completed (Art. 6.10.2 move counter).
    pub fn moves(&self, side: Color) -> u32 {
        self.sides[idx(side)].moves
    }

    /// Moves completed by both players: the number a player asks for under
    /// D.2.10.4.
    pub fn completed_moves(&self) -> u32 {
        self.moves(Color::White).min(self.moves(Color::Black))
    }

    /// The period a player is in, counting from 0.
    pub fn period(&self, side: Color) -> usize {
        self.control.period_after(self.moves(side)).0
    }

    /// The player whose clock runs, or would run when restarted.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Whether the clock has been started.
    pub fn is_started(&self) -> bool {
        self.phase != Phase::NotStarted
    }

    /// Whether the clock is paused (a fallen flag does not pause it).
    pub fn is_paused(&self) -> bool {
        self.phase == Phase::Paused
    }

    /// The flag that fell first, if any: the one a claim is about (6.9).
    pub fn flag(&self) -> Option<FlagFall> {
        match self.flags {
            [Some(w), Some(b)] => Some(if b.at < w.at { b } else { w }),
            [w, b] => w.or(b),
        }
    }

    /// Whether `side`'s flag has fallen and its display shows zero.
    pub fn has_fallen(&self, side: Color) -> bool {
        self.flags[idx(side)].is_some()
    }

    /// The running stretch, if a clock runs.
    pub fn running(&self) -> Option<Running> {
        match self.phase {
            Phase::Running { .. } => Some(Running {
                side: self.to_move,
                generation: self.generation,
                start_remaining: self.stretch_start,
            }),
            _ => None,
        }
    }

    /// When the running player's time will show `left`, if nothing happens
    /// before; `None` when no clock runs. Used to schedule announcements.
    pub fn instant_at(&self, left: Duration) -> Option<Instant> {
        let Phase::Running { since } = self.phase else {
            return None;
        };
        if self.has_fallen(self.to_move) {
            return None;
        }
        let side = self.sides[idx(self.to_move)];
        let charge = side.banked.checked_sub(left)?;
        let elapsed = match self.bonus(self.to_move) {
            Bonus::Delay(d) => charge + d,
            _ => charge,
        };
        Some(since + elapsed.saturating_sub(self.spent))
    }

    /// When the running player's flag will fall if they do not press.
    pub fn flag_due(&self) -> Option<Instant> {
        self.instant_at(Duration::ZERO)
    }

    /// What both clocks showed after each half-move so far, from the start.
    pub fn history(&self) -> &[Snapshot] {
        &self.history
    }

    /// Adds the increment of `side`'s next move, in the period that move
    /// falls in, as that player's clock is about to run for it (Glossary
    /// "incremento", 6.3.1). Delay modes add nothing.
    fn credit_increment(&mut self, side: Color) {
        if self.has_fallen(side) {
            return;
        }
        if let Bonus::Increment(inc) = self.bonus(side) {
            self.sides[idx(side)].banked += inc;
        }
    }

    fn bonus(&self, side: Color) -> Bonus {
        let (period, _) = self.control.period_after(self.moves(side));
        self.control.period(period).bonus
    }

    /// Time on the current move: before the last start plus since then.
    fn elapsed(&self, now: Instant) -> Duration {
        self.elapsed_at(now.max(self.last))
    }

    fn elapsed_at(&self, t: Instant) -> Duration {
        match self.phase {
            Phase::Running { since } => self.spent + t.since(since),
            _ => self.spent,
        }
    }

    /// Time never goes back; a flag that fell before `now` is recorded at
    /// the instant it fell, and the clock runs on (A.5.3: the claimant
    /// stops it).
    fn settle(&mut self, now: Instant) -> Instant {
        let now = now.max(self.last);
        self.last = now;
        if let Some(due) = self.flag_due()
            && now > due
        {
            let flag = FlagFall {
                side: self.to_move,
                at: due,
                moves: self.moves(self.to_move),
            };
            self.flags[idx(self.to_move)] = Some(flag);
            self.events.push(ClockEvent::FlagFall(flag));
        }
        now
    }

    fn run_from(&mut self, now: Instant) {
        self.spent = Duration::ZERO;
        self.phase = Phase::Running { since: now };
        self.new_stretch(now);
    }

    fn new_stretch(&mut self, now: Instant) {
        self.generation += 1;
        self.stretch_start = self.remaining(self.to_move, now);
    }

    fn snapshot(&self) -> Snapshot {
        let w = self.sides[0];
        let b = self.sides[1];
        Snapshot {
            ply: self.history.len(),
            remaining: [w.banked, b.banked],
            moves: [w.moves, b.moves],
            used: [w.used, b.used],
            to_move: self.to_move,
        }
    }
}

/// Main time charged for a completed move that took `took`.
fn charged(bonus: Bonus, took: Duration) -> Duration {
    match bonus {
        Bonus::None | Bonus::Increment(_) => took,
        // Art. 6.3.2: a press within the delay leaves the main time as it was.
        Bonus::Delay(d) => took.saturating_sub(d),
        // The time used, up to the delay, is given back at the press.
        Bonus::Bronstein(d) => took - took.min(d),
    }
}

/// Main time shown as gone while the move is still being thought about.
fn charged_so_far(bonus: Bonus, elapsed: Duration) -> Duration {
    match bonus {
        Bonus::Delay(d) => elapsed.saturating_sub(d),
        // Bronstein's display runs from the start; the delay comes back later.
        _ => elapsed,
    }
}
