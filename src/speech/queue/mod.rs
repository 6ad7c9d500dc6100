//! The order in which utterances are spoken: which one interrupts which,
//! which wait, and which are dropped unsaid. Pure: time is passed in, and
//! the voice is reached through the [`Sink`] trait.
//!
//! The rules:
//! - a higher [`Priority`] interrupts a lower one, but a move's echo is
//!   cut by nothing: an urgent message (flag fall, error) interrupts an
//!   answer or routine speech and waits for a move being said, a move
//!   interrupts an answer or a routine clock announcement, an answer
//!   interrupts routine speech;
//! - an answer cut off by an urgent message is said again, whole, once the
//!   interruption is over; an answer cut off by a move is dropped, since
//!   the move has changed what it was about (the clock started by the
//!   first move, "Uhr läuft", is not said after the move), and so is an
//!   interrupted routine announcement;
//! - each utterance of a game belongs to a [`Moment`] of it: once one of a
//!   later moment is offered, everything of an earlier moment still
//!   waiting is dropped unsaid, and one of an earlier moment offered late
//!   is not said at all. "White to move" is never heard after White's
//!   move, nor "the clock runs" after the next move;
//! - equal or lower priorities wait: highest priority first, then in the
//!   order they came;
//! - a routine announcement that has waited longer than the routine age
//!   limit, or any utterance past its own deadline, is dropped unsaid;
//! - a newer answer replaces the older one: an answer being said is cut
//!   off and answers waiting are dropped, so a user asking question after
//!   question, or stepping through a game, hears the answer to the last
//!   request at once rather than every old one in full;
//! - a newer move replaces a move still waiting that has not begun to be
//!   said. A move that has begun (being said, or interrupted and waiting
//!   to be said again) is never dropped: in a game every announcement must
//!   be heard (D.2.1), and one cut off halfway would leave the user unsure
//!   which move was made. In a game moves come seconds apart, each after
//!   the last was repeated and the clock pressed, so a move waits unbegun
//!   only when moves are entered faster than they can be said; the newest
//!   position is then what the user needs, and `again` says any move.
//!
//! - where several things are followed at once (the boards of a hall),
//!   each utterance is news of a [`Topic`]: a newer one of the same topic
//!   drops the older ones of its priority or lower still waiting unbegun
//!   (but not the lines of its own reply: a board's move and the result
//!   it led to), and news of one topic never replaces news of another (a board's
//!   result is not lost to the next board's move).
//!
//! Beside another program on the same speech engine (a screen reader):
//! - an utterance that program's speech cut off, or that the engine would
//!   not say over it, is said again once it is silent: the scheduler
//!   waits [`YIELD_RETRY`] and offers it again;
//! - from then on everything is offered so as to yield to the other
//!   program, never cutting it off, until an utterance is said whole;
//! - a move's echo or an urgent message that has yielded for
//!   [`YIELD_LIMIT`] is said regardless (D.2.1); an answer or a routine
//!   announcement is dropped then.
//!
//! When the user leaves the game, [`Scheduler::hush`] drops everything
//! said for the game left behind, except a move's echo under way.
//!
//! The lines of one reply (an audit's findings, the moves of a step of
//! several half-moves, the events of one command) are handed over together,
//! within [`REPLY_GAP`] of each other: they do not replace one another.

use std::time::{Duration, Instant};

use super::{Moment, Priority, Topic, Utterance};

/// A voice as the scheduler sees it.
pub trait Sink {
    /// Starts saying an utterance (its earcon first), replacing anything
    /// still playing.
    fn start(&mut self, utterance: &Utterance);
    /// Stops at once.
    fn stop(&mut self);
    /// Whether the last started utterance is still being said.
    fn busy(&mut self) -> bool;
    /// Whether the last started utterance ended because another program's
    /// speech cut it off, or the voice would not say it over that speech.
    fn cut_off(&mut self) -> bool {
        false
    }
    /// Whether what is started from now on yields to another program's
    /// speech: not said over it, and [`Sink::cut_off`] when it was not.
    fn set_yielding(&mut self, _yielding: bool) {}
}

/// How long the scheduler waits, after another program's speech cut an
/// utterance off, before it offers one again.
pub const YIELD_RETRY: Duration = Duration::from_millis(250);

/// How long a move's echo or an urgent message yields to another program's
/// speech before it is said over it; answers and routine announcements are
/// dropped then.
pub const YIELD_LIMIT: Duration = Duration::from_secs(5);

#[derive(Clone, Debug)]
struct Entry {
    utterance: Utterance,
    queued_at: Instant,
    /// Whether the voice has begun to say it (it was interrupted).
    begun: bool,
    /// When another program's speech first cut it off.
    cut_at: Option<Instant>,
}

/// Utterances of one priority handed over closer together than this belong
/// to one reply and do not replace one another. A program hands a reply's
/// lines over within microseconds; a person cannot ask twice this fast
/// (keyboard auto-repeat is about 30 ms apart).
pub const REPLY_GAP: Duration = Duration::from_millis(20);

/// Decides what to say next. Holds the utterance being said and those
/// waiting.
#[derive(Clone, Debug)]
pub struct Scheduler {
    speaking: Option<Entry>,
    pending: Vec<Entry>,
    routine_max_age: Duration,
    /// When the last utterance of each priority was offered.
    last_offered: [Option<Instant>; 4],
    /// The latest moment of the game spoken of.
    moment: Option<Moment>,
    /// Another program's speech cut the program off, and nothing has been
    /// said whole since: what is said yields to it.
    yielding: bool,
    /// Nothing starts before this, after another program's speech cut the
    /// program off.
    retry_at: Option<Instant>,
}

impl Scheduler {
    /// A scheduler that drops routine announcements older than
    /// `routine_max_age` unsaid.
    pub fn new(routine_max_age: Duration) -> Scheduler {
        Scheduler {
            speaking: None,
            pending: Vec::new(),
            routine_max_age,
            last_offered: [None; 4],
            moment: None,
            yielding: false,
            retry_at: None,
        }
    }

    /// A new utterance: said at once, interrupting, queued or dropped.
    pub fn offer(&mut self, utterance: Utterance, now: Instant, sink: &mut impl Sink) {
        let entry = Entry {
            utterance,
            queued_at: now,
            begun: false,
            cut_at: None,
        };
        let priority = entry.utterance.priority;
        let previous = self.last_offered[priority as usize].replace(now);
        if self.is_stale(&entry, now) || self.is_obsolete(&entry.utterance) {
            return;
        }
        if let Some(moment) = entry.utterance.moment
            && self.moment.is_none_or(|latest| moment > latest)
        {
            self.moment = Some(moment);
            self.pending.retain(|e| !is_before(&e.utterance, moment));
        }
        self.settle(now, sink);
        let same_reply = previous.is_some_and(|at| now.saturating_duration_since(at) < REPLY_GAP);
        match entry.utterance.topic {
            Some(topic) if !same_reply => {
                self.pending.retain(|e| !is_older_news(e, topic, priority));
            }
            Some(_) => {}
            None if !same_reply => self.replace_older(priority, sink),
            None => {}
        }
        match self.speaking.take() {
            Some(current) if interrupts(&entry.utterance, &current.utterance) => {
                sink.stop();
                if said_again_after(&current.utterance, &entry.utterance) {
                    self.requeue(current);
                }
                self.begin(entry, now, sink);
            }
            Some(current) => {
                self.speaking = Some(current);
                self.enqueue(entry);
            }
            None => {
                self.enqueue(entry);
                self.next(now, sink);
            }
        }
    }

    /// Moves on when the voice has finished; call it regularly.
    pub fn tick(&mut self, now: Instant, sink: &mut impl Sink) {
        self.settle(now, sink);
        if self.speaking.is_none() {
            self.next(now, sink);
        }
    }

    /// Starts the utterance being said again on another voice (after the
    /// first one failed).
    pub fn restart(&mut self, sink: &mut impl Sink) {
        if let Some(current) = &self.speaking {
            sink.start(&current.utterance);
        }
    }

    /// The user has left: what waits is dropped unsaid and what is being
    /// said is cut off, except a move that has begun, which is heard to
    /// its end (D.2.1). What is offered afterwards (the farewell) is said
    /// at once.
    pub fn hush(&mut self, now: Instant, sink: &mut impl Sink) {
        self.settle(now, sink);
        self.pending
            .retain(|e| e.begun && e.utterance.priority == Priority::Move);
        if self
            .speaking
            .as_ref()
            .is_some_and(|e| e.utterance.priority != Priority::Move)
        {
            sink.stop();
            self.speaking = None;
        }
    }

    /// When the scheduler must be ticked if nothing else happens before:
    /// when what another program's speech cut off may be offered again.
    pub fn due(&self) -> Option<Instant> {
        self.retry_at
            .filter(|_| self.speaking.is_none() && !self.pending.is_empty())
    }

    /// Whether nothing is being said and nothing waits.
    pub fn is_idle(&self) -> bool {
        self.speaking.is_none() && self.pending.is_empty()
    }

    /// The utterance being said, if any.
    pub fn speaking(&self) -> Option<&Utterance> {
        self.speaking.as_ref().map(|e| &e.utterance)
    }

    /// The utterances waiting, in the order they will be said.
    pub fn pending(&self) -> impl Iterator<Item = &Utterance> {
        self.pending.iter().map(|e| &e.utterance)
    }

    /// Notes that the voice has finished what it was saying. Cut off by
    /// another program's speech, it is offered again after [`YIELD_RETRY`],
    /// yielding to that speech.
    fn settle(&mut self, now: Instant, sink: &mut impl Sink) {
        if self.speaking.is_none() || sink.busy() {
            return;
        }
        let Some(mut entry) = self.speaking.take() else {
            return;
        };
        if !sink.cut_off() {
            self.yielding = false;
            return;
        }
        self.yielding = true;
        self.retry_at = Some(now + YIELD_RETRY);
        let since = *entry.cut_at.get_or_insert(now);
        let said_regardless = matches!(entry.utterance.priority, Priority::Move | Priority::Urgent);
        if (said_regardless || now.saturating_duration_since(since) < YIELD_LIMIT)
            && !self.is_obsolete(&entry.utterance)
        {
            self.requeue(entry);
        }
    }

    /// Drops what a newer utterance of `priority`, of no topic, replaces:
    /// every older answer, said or waiting; older moves not yet begun.
    /// News of a topic is left to news of the same topic.
    fn replace_older(&mut self, priority: Priority, sink: &mut impl Sink) {
        match priority {
            Priority::Answer => {
                self.pending
                    .retain(|e| e.utterance.priority != Priority::Answer);
                if self
                    .speaking
                    .as_ref()
                    .is_some_and(|e| e.utterance.priority == Priority::Answer)
                {
                    sink.stop();
                    self.speaking = None;
                }
            }
            Priority::Move => self.pending.retain(|e| {
                e.utterance.priority != Priority::Move || e.begun || e.utterance.topic.is_some()
            }),
            Priority::Routine | Priority::Urgent => {}
        }
    }

    /// Whether `utterance` belongs to a moment before the latest one.
    fn is_obsolete(&self, utterance: &Utterance) -> bool {
        self.moment
            .is_some_and(|latest| is_before(utterance, latest))
    }

    fn is_stale(&self, entry: &Entry, now: Instant) -> bool {
        entry.utterance.is_stale(now)
            || (entry.utterance.priority == Priority::Routine
                && now.saturating_duration_since(entry.queued_at) > self.routine_max_age)
    }

    /// Behind everything of its priority or higher.
    fn enqueue(&mut self, entry: Entry) {
        let at = self
            .pending
            .iter()
            .position(|e| e.utterance.priority < entry.utterance.priority)
            .unwrap_or(self.pending.len());
        self.pending.insert(at, entry);
    }

    /// Ahead of everything of its priority or lower: an interrupted move is
    /// said before moves that came after it.
    fn requeue(&mut self, entry: Entry) {
        let at = self
            .pending
            .iter()
            .position(|e| e.utterance.priority <= entry.utterance.priority)
            .unwrap_or(self.pending.len());
        self.pending.insert(at, entry);
    }

    fn next(&mut self, now: Instant, sink: &mut impl Sink) {
        if self.retry_at.is_some_and(|at| now < at) {
            return;
        }
        while !self.pending.is_empty() {
            let entry = self.pending.remove(0);
            if !self.is_stale(&entry, now) {
                self.begin(entry, now, sink);
                return;
            }
            log::debug!(target: "speech", "dropped unsaid, too old: {:?}", entry.utterance.text);
        }
    }

    fn begin(&mut self, mut entry: Entry, now: Instant, sink: &mut impl Sink) {
        let yielding = self.yielding
            && entry
                .cut_at
                .is_none_or(|at| now.saturating_duration_since(at) < YIELD_LIMIT);
        sink.set_yielding(yielding);
        sink.start(&entry.utterance);
        entry.begun = true;
        self.speaking = Some(entry);
    }
}

/// Whether `utterance` belongs to a moment of the game before `moment`.
fn is_before(utterance: &Utterance, moment: Moment) -> bool {
    utterance.moment.is_some_and(|m| m < moment)
}

/// Whether `entry` is older news of `topic` that a newer utterance of
/// `priority` makes obsolete: not begun, and no more urgent.
fn is_older_news(entry: &Entry, topic: Topic, priority: Priority) -> bool {
    !entry.begun && entry.utterance.topic == Some(topic) && entry.utterance.priority <= priority
}

/// Whether `new` cuts `current` off: a higher priority does, except that
/// a move's echo is cut by nothing (D.2.1): what comes during it waits.
fn interrupts(new: &Utterance, current: &Utterance) -> bool {
    new.priority > current.priority && current.priority != Priority::Move
}

/// Whether `cut`, interrupted by `by`, is said again afterwards: a move
/// always (D.2.1), an answer only after an urgent message.
fn said_again_after(cut: &Utterance, by: &Utterance) -> bool {
    match cut.priority {
        Priority::Routine => false,
        Priority::Answer => by.priority == Priority::Urgent,
        Priority::Move | Priority::Urgent => true,
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod topic_tests;
