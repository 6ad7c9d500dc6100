//! Trying the system voice again in the background after it was given
//! up, with a wait that doubles after each failed try.

use std::time::{Duration, Instant};

use super::nudge::Nudge;
use super::settings::SpeechSettings;
use super::system::{Connection, SystemVoice};

/// How soon the system voice is tried again after it was given up, and
/// the longest wait between tries; each try that fails doubles the wait.
pub(super) const FIRST_RETRY: Duration = Duration::from_secs(1);
pub(super) const LONGEST_RETRY: Duration = Duration::from_secs(60);

/// How long one try may wait for the engine to answer before a new
/// connection is made.
const ATTEMPT_LIMIT: Duration = Duration::from_secs(60);

/// A system voice that came back and failed again within this time
/// makes the next wait longer rather than start afresh.
pub(super) const SETTLED: Duration = Duration::from_secs(60);

/// Trying the system voice again in the background while the built-in
/// voice speaks (or nothing does). A try connects, sets the voice up and
/// says a word at the lowest volume; the engine is taken back only once
/// it has begun to say it, so an engine that accepts texts and never
/// speaks them is not taken back.
pub(super) struct Retry {
    attempt: Option<Attempt>,
    next: Instant,
    wait: Duration,
    /// Rung by a try's engine whenever it reports something.
    nudge: Option<Nudge>,
}

struct Attempt {
    engine: SystemVoice,
    since: Instant,
    probed: bool,
}

impl Retry {
    /// Tries again after `wait`; `pending` is a connection still being
    /// made, kept as the first try.
    pub(super) fn new(pending: Option<SystemVoice>, wait: Duration, now: Instant) -> Retry {
        Retry {
            attempt: pending.map(|engine| Attempt {
                engine,
                since: now,
                probed: false,
            }),
            next: now + wait,
            wait,
            nudge: None,
        }
    }

    /// Rings `nudge` whenever a try's engine reports something.
    pub(super) fn nudged_by(mut self, nudge: &Nudge) -> Retry {
        if let Some(attempt) = &self.attempt {
            attempt.engine.nudge_with(nudge.clone());
        }
        self.nudge = Some(nudge.clone());
        self
    }

    /// When the try must be moved on if nothing rings before: the next
    /// try is due, or one of the try's time limits runs out.
    pub(super) fn due(&self) -> Instant {
        match &self.attempt {
            None => self.next,
            Some(attempt) => {
                let limit = attempt.since + ATTEMPT_LIMIT;
                attempt.engine.due().map_or(limit, |due| due.min(limit))
            }
        }
    }

    /// Moves the try on, connecting with `settings` for `language`; the
    /// engine once it has been heard to speak.
    pub(super) fn poll(
        &mut self,
        settings: &SpeechSettings,
        language: &str,
        now: Instant,
    ) -> Option<SystemVoice> {
        let Some(attempt) = &mut self.attempt else {
            if now >= self.next {
                match SystemVoice::start(settings, language) {
                    Ok(engine) => {
                        if let Some(nudge) = &self.nudge {
                            engine.nudge_with(nudge.clone());
                        }
                        self.attempt = Some(Attempt {
                            engine,
                            since: now,
                            probed: false,
                        })
                    }
                    Err(_) => self.later(now),
                }
            }
            return None;
        };
        let overdue = now.saturating_duration_since(attempt.since) > ATTEMPT_LIMIT;
        let given_up = match attempt.engine.connection() {
            Connection::Refused(_) => true,
            Connection::Pending => overdue,
            Connection::Connected if !attempt.engine.ready() => attempt.engine.failed() || overdue,
            Connection::Connected if !attempt.probed => {
                attempt.engine.probe();
                attempt.probed = true;
                false
            }
            Connection::Connected => {
                if attempt.engine.probe_heard() {
                    return self.attempt.take().map(|a| a.engine);
                }
                attempt.engine.probe_failed()
            }
        };
        if given_up {
            self.attempt = None;
            self.later(now);
        }
        None
    }

    fn later(&mut self, now: Instant) {
        self.next = now + self.wait;
        self.wait = (self.wait * 2).min(LONGEST_RETRY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_failed_try_doubles_the_wait_up_to_a_minute() {
        let start = Instant::now();
        let mut retry = Retry::new(None, FIRST_RETRY, start);
        assert_eq!(retry.next, start + FIRST_RETRY);
        let mut waits = Vec::new();
        for _ in 0..9 {
            let before = retry.wait;
            retry.later(start);
            assert_eq!(retry.next, start + before);
            waits.push(retry.wait.as_secs());
        }
        assert_eq!(waits, [2, 4, 8, 16, 32, 60, 60, 60, 60]);
    }

    #[test]
    fn no_try_is_made_before_its_time() {
        let start = Instant::now();
        let mut retry = Retry::new(None, Duration::from_secs(30), start);
        let settings = SpeechSettings::default();
        assert!(retry.poll(&settings, "de-DE", start).is_none());
        assert!(
            retry.attempt.is_none(),
            "nothing connects before the wait is over"
        );
    }
}
