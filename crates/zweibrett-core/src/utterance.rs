//! What the core wants said: an [`Utterance`] with its [`Priority`] and an
//! optional [`Earcon`]. The core only builds them; the program's speech
//! output decides how and when they are heard.

use std::time::Instant;

/// How urgent an utterance is; a higher priority interrupts a lower one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// Routine clock announcements; queued, dropped when stale.
    Routine,
    /// An answer to the user's own request (time, position, help).
    Answer,
    /// A move announcement (D.2.1).
    Move,
    /// A flag fall, an error, a divergence: interrupts anything.
    Urgent,
}

/// A short generated tone that marks an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Earcon {
    /// A move was announced.
    Move,
    /// Input was not understood.
    NotUnderstood,
    /// The two boards diverge (D.2.9).
    Divergence,
    /// A time threshold was reached.
    TimeThreshold,
    /// A flag fell (Art. 6.9).
    FlagFall,
}

/// The moment of a game an utterance belongs to: a count that grows each
/// time a move is announced, made, repeated, corrected or taken back. What
/// was said for an earlier moment is obsolete once a later one is spoken
/// of: "White to move" after White has moved.
///
/// Moments grow across every game of one run of the program, so that the
/// first words of a new game are never taken for an old game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Moment(pub u32);

impl Moment {
    /// A moment later than every one before it.
    pub fn next() -> Moment {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        Moment(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

/// What an utterance is news of, where several things are followed at
/// once (a board of the hall, a source it reads): a newer utterance of the
/// same topic makes an older one still waiting obsolete, and utterances
/// of different topics never replace one another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Topic(pub u64);

/// Something to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Utterance {
    /// The words, as the active voice pack gives them.
    pub text: String,
    /// How urgent it is.
    pub priority: Priority,
    /// A tone to play first, if any.
    pub earcon: Option<Earcon>,
    /// When the utterance is no longer worth saying (a routine clock
    /// announcement of a threshold already passed); `None`: never stale.
    pub stale_at: Option<Instant>,
    /// The moment of the game it belongs to; `None`: of no game's moment
    /// (a notice about the voice, a step through a finished game).
    pub moment: Option<Moment>,
    /// What it is news of; `None`: of the one game at hand.
    pub topic: Option<Topic>,
}

impl Utterance {
    /// An utterance with no tone.
    pub fn new(text: impl Into<String>, priority: Priority) -> Utterance {
        Utterance {
            text: text.into(),
            priority,
            earcon: None,
            stale_at: None,
            moment: None,
            topic: None,
        }
    }

    /// The same utterance, dropped unsaid if it has not started by `deadline`.
    pub fn until(mut self, deadline: Instant) -> Utterance {
        self.stale_at = Some(deadline);
        self
    }

    /// The same utterance, belonging to `moment` of the game unless it
    /// belongs to one already.
    pub fn of_moment(mut self, moment: Moment) -> Utterance {
        self.moment.get_or_insert(moment);
        self
    }

    /// The same utterance, news of `topic`.
    pub fn about(mut self, topic: Topic) -> Utterance {
        self.topic = Some(topic);
        self
    }

    /// Whether the utterance has passed its deadline at `now`.
    pub fn is_stale(&self, now: Instant) -> bool {
        self.stale_at.is_some_and(|deadline| now >= deadline)
    }

    /// The same utterance preceded by a tone.
    pub fn with_earcon(mut self, earcon: Earcon) -> Utterance {
        self.earcon = Some(earcon);
        self
    }
}

impl Earcon {
    /// Every earcon, for menus and tests.
    pub const ALL: [Earcon; 5] = [
        Earcon::Move,
        Earcon::NotUnderstood,
        Earcon::Divergence,
        Earcon::TimeThreshold,
        Earcon::FlagFall,
    ];

    /// The name used on the command line ("flag-fall").
    pub fn name(self) -> &'static str {
        match self {
            Earcon::Move => "move",
            Earcon::NotUnderstood => "not-understood",
            Earcon::Divergence => "divergence",
            Earcon::TimeThreshold => "time-threshold",
            Earcon::FlagFall => "flag-fall",
        }
    }
}

impl Priority {
    /// The name used on the command line ("move").
    pub fn name(self) -> &'static str {
        match self {
            Priority::Routine => "routine",
            Priority::Answer => "answer",
            Priority::Move => "move",
            Priority::Urgent => "urgent",
        }
    }
}

/// A step up or down of the voice, asked for during a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoiceChange {
    /// Speak faster.
    Faster,
    /// Speak slower.
    Slower,
    /// Speak louder.
    Louder,
    /// Speak more softly.
    Softer,
}

/// How fast and how loud the voice speaks: the rate from -100 (slowest)
/// through 0 (normal) to 100 (fastest), the volume from 0 to 100.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VoiceLevel {
    /// The speaking rate, -100 to 100.
    pub rate: i32,
    /// The volume, 0 to 100.
    pub volume: u32,
}

impl VoiceLevel {
    /// How much one step changes the rate or the volume.
    pub const STEP: u32 = 10;
    /// The softest a step makes the voice: a step never silences it.
    pub const SOFTEST: u32 = 10;

    /// The level one `change` away, kept within the ranges.
    pub fn changed(self, change: VoiceChange) -> VoiceLevel {
        let step = Self::STEP as i32;
        let (rate, volume) = match change {
            VoiceChange::Faster => (self.rate + step, self.volume),
            VoiceChange::Slower => (self.rate - step, self.volume),
            VoiceChange::Louder => (self.rate, self.volume + Self::STEP),
            VoiceChange::Softer => (self.rate, self.volume.saturating_sub(Self::STEP)),
        };
        VoiceLevel {
            rate: rate.clamp(-100, 100),
            volume: volume.clamp(Self::SOFTEST.min(self.volume), 100),
        }
    }
}

#[cfg(test)]
mod level_tests {
    use super::*;

    #[test]
    fn a_step_stays_within_the_ranges_and_never_silences() {
        let level = VoiceLevel {
            rate: 95,
            volume: 15,
        };
        assert_eq!(level.changed(VoiceChange::Faster).rate, 100);
        assert_eq!(level.changed(VoiceChange::Slower).rate, 85);
        assert_eq!(level.changed(VoiceChange::Softer).volume, 10);
        let soft = VoiceLevel {
            rate: 0,
            volume: 10,
        };
        assert_eq!(soft.changed(VoiceChange::Softer).volume, 10);
        let loud = VoiceLevel {
            rate: -100,
            volume: 95,
        };
        assert_eq!(loud.changed(VoiceChange::Louder).volume, 100);
        assert_eq!(loud.changed(VoiceChange::Slower).rate, -100);
    }
}
