//! The order in which utterances are spoken: which one interrupts which,
//! which wait, and which are dropped unsaid. Pure: time is passed in, and
//! the voice is reached through the [`Sink`] trait.
//!
//! The rules:
//! - a higher [`Priority`] interrupts a lower one: an urgent message (flag
//!   fall, error) interrupts anything, a move interrupts an answer or a
//!   routine clock announcement, an answer interrupts routine speech;
//! - an interrupted move or answer is said again, whole, once the
//!   interruption is over; an interrupted routine announcement is dropped;
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
//! The lines of one reply (an audit's findings, the moves of a step of
//! several half-moves, the events of one command) are handed over together,
//! within [`REPLY_GAP`] of each other: they do not replace one another.

use std::time::{Duration, Instant};

use super::{Priority, Utterance};

/// A voice as the scheduler sees it.
pub trait Sink {
    /// Starts saying an utterance (its earcon first), replacing anything
    /// still playing.
    fn start(&mut self, utterance: &Utterance);
    /// Stops at once.
    fn stop(&mut self);
    /// Whether the last started utterance is still being said.
    fn busy(&mut self) -> bool;
}

#[derive(Clone, Debug)]
struct Entry {
    utterance: Utterance,
    queued_at: Instant,
    /// Whether the voice has begun to say it (it was interrupted).
    begun: bool,
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
        }
    }

    /// A new utterance: said at once, interrupting, queued or dropped.
    pub fn offer(&mut self, utterance: Utterance, now: Instant, sink: &mut impl Sink) {
        let entry = Entry {
            utterance,
            queued_at: now,
            begun: false,
        };
        let priority = entry.utterance.priority;
        let previous = self.last_offered[priority as usize].replace(now);
        if self.is_stale(&entry, now) {
            return;
        }
        let still_speaking = self.speaking.is_some() && sink.busy();
        if !still_speaking {
            self.speaking = None;
        }
        let same_reply = previous.is_some_and(|at| now.saturating_duration_since(at) < REPLY_GAP);
        if !same_reply {
            self.replace_older(priority, sink);
        }
        match self.speaking.take() {
            Some(current) if entry.utterance.priority > current.utterance.priority => {
                sink.stop();
                if current.utterance.priority > Priority::Routine {
                    self.requeue(current);
                }
                self.begin(entry, sink);
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
        if self.speaking.is_some() && !sink.busy() {
            self.speaking = None;
        }
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

    /// Drops what a newer utterance of `priority` replaces: every older
    /// answer, said or waiting; older moves not yet begun.
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
            Priority::Move => self
                .pending
                .retain(|e| e.utterance.priority != Priority::Move || e.begun),
            Priority::Routine | Priority::Urgent => {}
        }
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
        while !self.pending.is_empty() {
            let entry = self.pending.remove(0);
            if !self.is_stale(&entry, now) {
                self.begin(entry, sink);
                return;
            }
        }
    }

    fn begin(&mut self, mut entry: Entry, sink: &mut impl Sink) {
        sink.start(&entry.utterance);
        entry.begun = true;
        self.speaking = Some(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records what the scheduler asks for; "finishes" when told to.
    #[derive(Default)]
    struct FakeSink {
        log: Vec<String>,
        busy: bool,
    }

    impl Sink for FakeSink {
        fn start(&mut self, utterance: &Utterance) {
            self.log.push(format!("start {}", utterance.text));
            self.busy = true;
        }
        fn stop(&mut self) {
            self.log.push("stop".to_string());
            self.busy = false;
        }
        fn busy(&mut self) -> bool {
            self.busy
        }
    }

    impl FakeSink {
        /// The voice reaches the end of what it was saying.
        fn finish(&mut self) {
            self.busy = false;
        }
    }

    fn said(sink: &FakeSink) -> Vec<&str> {
        sink.log.iter().map(String::as_str).collect()
    }

    fn setup() -> (Scheduler, FakeSink, Instant) {
        (
            Scheduler::new(Duration::from_secs(5)),
            FakeSink::default(),
            Instant::now(),
        )
    }

    /// Lets the voice finish each utterance in turn until all is said.
    fn drain(s: &mut Scheduler, sink: &mut FakeSink, now: Instant) {
        for _ in 0..20 {
            sink.finish();
            s.tick(now, sink);
        }
        assert!(s.is_idle());
    }

    #[test]
    fn equal_priorities_are_said_in_order() {
        let (mut s, mut sink, now) = setup();
        for text in ["Eva vier", "Eva fünf", "Springer Felix drei"] {
            s.offer(Utterance::new(text, Priority::Move), now, &mut sink);
        }
        assert_eq!(said(&sink), ["start Eva vier"]);
        drain(&mut s, &mut sink, now);
        assert_eq!(
            said(&sink),
            [
                "start Eva vier",
                "start Eva fünf",
                "start Springer Felix drei"
            ]
        );
    }

    #[test]
    fn a_move_interrupts_routine_clock_speech_which_is_dropped() {
        let (mut s, mut sink, now) = setup();
        s.offer(
            Utterance::new("Weiß zehn Minuten", Priority::Routine),
            now,
            &mut sink,
        );
        s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
        drain(&mut s, &mut sink, now);
        assert_eq!(
            said(&sink),
            ["start Weiß zehn Minuten", "stop", "start Eva vier"]
        );
    }

    #[test]
    fn an_answer_interrupts_routine_but_not_a_move() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("routine", Priority::Routine), now, &mut sink);
        s.offer(Utterance::new("answer", Priority::Answer), now, &mut sink);
        assert_eq!(said(&sink), ["start routine", "stop", "start answer"]);
        s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
        s.offer(Utterance::new("answer 2", Priority::Answer), now, &mut sink);
        drain(&mut s, &mut sink, now);
        assert_eq!(
            said(&sink),
            [
                "start routine",
                "stop",
                "start answer",
                "stop",
                "start move",
                "start answer",
                "start answer 2"
            ],
            "the interrupted answer is said again, before the later one"
        );
    }

    #[test]
    fn urgent_interrupts_anything_and_the_move_is_said_again() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
        s.offer(Utterance::new("Eva fünf", Priority::Move), now, &mut sink);
        s.offer(
            Utterance::new("Flagge gefallen", Priority::Urgent),
            now,
            &mut sink,
        );
        assert_eq!(
            said(&sink),
            ["start Eva vier", "stop", "start Flagge gefallen"]
        );
        assert_eq!(
            s.pending().map(|u| u.text.as_str()).collect::<Vec<_>>(),
            ["Eva vier", "Eva fünf"]
        );
        drain(&mut s, &mut sink, now);
        assert_eq!(sink.log.len(), 5);
    }

    #[test]
    fn a_lower_priority_never_interrupts() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("urgent", Priority::Urgent), now, &mut sink);
        s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
        s.offer(Utterance::new("urgent 2", Priority::Urgent), now, &mut sink);
        assert_eq!(said(&sink), ["start urgent"]);
        drain(&mut s, &mut sink, now);
        assert_eq!(
            said(&sink),
            ["start urgent", "start urgent 2", "start move"],
            "waiting utterances go highest priority first"
        );
    }

    #[test]
    fn stale_routine_announcements_are_dropped_unsaid() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
        s.offer(
            Utterance::new("threshold passed", Priority::Routine)
                .until(now + Duration::from_secs(1)),
            now,
            &mut sink,
        );
        s.offer(Utterance::new("old", Priority::Routine), now, &mut sink);
        let later = now + Duration::from_secs(2);
        s.offer(Utterance::new("fresh", Priority::Routine), later, &mut sink);
        sink.finish();
        s.tick(later, &mut sink);
        assert_eq!(said(&sink), ["start move", "start old"]);
        let much_later = now + Duration::from_secs(6);
        sink.finish();
        s.tick(much_later, &mut sink);
        assert_eq!(
            said(&sink),
            ["start move", "start old", "start fresh"],
            "'fresh' waited 4 s, under the 5 s limit"
        );
        s.offer(
            Utterance::new("late", Priority::Routine).until(much_later),
            much_later,
            &mut sink,
        );
        drain(&mut s, &mut sink, much_later);
        assert_eq!(sink.log.len(), 3, "{:?}", sink.log);
    }

    #[test]
    fn a_routine_age_limit_drops_old_waiting_announcements() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
        s.offer(Utterance::new("clock", Priority::Routine), now, &mut sink);
        sink.finish();
        s.tick(now + Duration::from_secs(10), &mut sink);
        assert_eq!(said(&sink), ["start move"]);
        assert!(s.is_idle());
    }

    #[test]
    fn moves_are_never_dropped_for_age() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("urgent", Priority::Urgent), now, &mut sink);
        s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
        drain(&mut s, &mut sink, now + Duration::from_secs(600));
        assert_eq!(said(&sink), ["start urgent", "start move"]);
    }

    #[test]
    fn a_finished_voice_lets_the_next_start_at_once() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("a", Priority::Routine), now, &mut sink);
        sink.finish();
        s.offer(Utterance::new("b", Priority::Routine), now, &mut sink);
        assert_eq!(
            said(&sink),
            ["start a", "start b"],
            "no stop: 'a' had ended"
        );
    }

    #[test]
    fn restart_says_the_current_utterance_again() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
        let mut other = FakeSink::default();
        s.restart(&mut other);
        assert_eq!(said(&other), ["start move"]);
    }

    /// A later request, well apart from the one before.
    fn later(now: Instant, millis: u64) -> Instant {
        now + Duration::from_millis(millis)
    }

    #[test]
    fn a_newer_answer_cuts_off_the_answer_being_said() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("e4", Priority::Answer), now, &mut sink);
        s.offer(
            Utterance::new("e5", Priority::Answer),
            later(now, 300),
            &mut sink,
        );
        assert_eq!(said(&sink), ["start e4", "stop", "start e5"]);
        drain(&mut s, &mut sink, later(now, 300));
        assert_eq!(sink.log.len(), 3, "e4 is not said again: {:?}", sink.log);
    }

    #[test]
    fn a_newer_answer_drops_answers_waiting() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
        s.offer(Utterance::new("first", Priority::Answer), now, &mut sink);
        s.offer(
            Utterance::new("second", Priority::Answer),
            later(now, 100),
            &mut sink,
        );
        s.offer(
            Utterance::new("third", Priority::Answer),
            later(now, 200),
            &mut sink,
        );
        drain(&mut s, &mut sink, later(now, 200));
        assert_eq!(said(&sink), ["start move", "start third"]);
    }

    #[test]
    fn an_answer_interrupted_by_a_move_is_dropped_by_a_newer_answer() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("old", Priority::Answer), now, &mut sink);
        s.offer(
            Utterance::new("move", Priority::Move),
            later(now, 100),
            &mut sink,
        );
        s.offer(
            Utterance::new("new", Priority::Answer),
            later(now, 200),
            &mut sink,
        );
        drain(&mut s, &mut sink, later(now, 200));
        assert_eq!(
            said(&sink),
            ["start old", "stop", "start move", "start new"]
        );
    }

    #[test]
    fn the_lines_of_one_reply_do_not_replace_one_another() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("line 1", Priority::Answer), now, &mut sink);
        s.offer(
            Utterance::new("line 2", Priority::Answer),
            later(now, 1),
            &mut sink,
        );
        s.offer(
            Utterance::new("line 3", Priority::Answer),
            later(now, 2),
            &mut sink,
        );
        drain(&mut s, &mut sink, later(now, 2));
        assert_eq!(
            said(&sink),
            ["start line 1", "start line 2", "start line 3"]
        );
        s.offer(
            Utterance::new("next reply", Priority::Answer),
            later(now, 2) + REPLY_GAP,
            &mut sink,
        );
        assert_eq!(sink.log.last().unwrap(), "start next reply");
    }

    #[test]
    fn a_newer_answer_leaves_moves_urgent_and_routine_speech_alone() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("urgent", Priority::Urgent), now, &mut sink);
        s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
        s.offer(Utterance::new("clock", Priority::Routine), now, &mut sink);
        s.offer(
            Utterance::new("answer", Priority::Answer),
            later(now, 100),
            &mut sink,
        );
        drain(&mut s, &mut sink, later(now, 100));
        assert_eq!(
            said(&sink),
            ["start urgent", "start move", "start answer", "start clock"]
        );
    }

    #[test]
    fn a_newer_move_replaces_a_move_still_waiting() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
        s.offer(
            Utterance::new("Eva fünf", Priority::Move),
            later(now, 100),
            &mut sink,
        );
        s.offer(
            Utterance::new("Springer Felix drei", Priority::Move),
            later(now, 200),
            &mut sink,
        );
        assert_eq!(
            said(&sink),
            ["start Eva vier"],
            "the move being said goes on"
        );
        drain(&mut s, &mut sink, later(now, 200));
        assert_eq!(said(&sink), ["start Eva vier", "start Springer Felix drei"]);
    }

    #[test]
    fn a_move_interrupted_halfway_is_never_replaced() {
        let (mut s, mut sink, now) = setup();
        s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
        s.offer(
            Utterance::new("Flagge gefallen", Priority::Urgent),
            later(now, 100),
            &mut sink,
        );
        s.offer(
            Utterance::new("Eva fünf", Priority::Move),
            later(now, 200),
            &mut sink,
        );
        drain(&mut s, &mut sink, later(now, 200));
        assert_eq!(
            said(&sink),
            [
                "start Eva vier",
                "stop",
                "start Flagge gefallen",
                "start Eva vier",
                "start Eva fünf"
            ]
        );
    }

    #[test]
    fn the_moves_of_one_step_are_all_said() {
        let (mut s, mut sink, now) = setup();
        for (i, text) in ["Eva vier", "Eva fünf", "Springer Felix drei"]
            .into_iter()
            .enumerate()
        {
            s.offer(
                Utterance::new(text, Priority::Move),
                later(now, i as u64),
                &mut sink,
            );
        }
        drain(&mut s, &mut sink, later(now, 2));
        assert_eq!(sink.log.len(), 3, "{:?}", sink.log);
    }
}
