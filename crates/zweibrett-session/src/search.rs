//! The search for a dead position on a thread of its own (5.2.2), so that
//! no announcement waits on it: the game hands out a question about the
//! position after each move, this thread answers the questions in the
//! order they were asked, and the session enters each answer that proves
//! something as an ordinary command, journalled with the instant it came.
//! Each search is bounded by the solver's own node budget; one that cannot
//! decide proves nothing and rules nothing.

use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

use crate::game::{CheckmateQuestion, Command};

/// The thread that answers the game's [`CheckmateQuestion`]s, started
/// with the first question.
#[derive(Default)]
pub struct DeadPositionSearch {
    channels: Option<(Sender<CheckmateQuestion>, Receiver<Option<Command>>)>,
    /// The last question asked, by ply and FEN: each is asked once.
    asked: Option<(usize, String)>,
    /// Questions asked and not yet answered.
    outstanding: usize,
    /// Rung after each answer.
    waker: crate::wake::Waker,
}

impl DeadPositionSearch {
    /// Asks `question`, unless it was the last one asked.
    pub fn ask(&mut self, question: CheckmateQuestion) {
        let id = (question.ply(), question.fen().to_string());
        if self.asked.as_ref() == Some(&id) {
            return;
        }
        let Some((questions, _)) = self.channels() else {
            return;
        };
        if questions.send(question).is_ok() {
            self.asked = Some(id);
            self.outstanding += 1;
        }
    }

    /// The thread, started when first needed; `None` if it cannot be
    /// started, and then no dead position is found beyond what the
    /// material decides.
    fn channels(&mut self) -> Option<&(Sender<CheckmateQuestion>, Receiver<Option<Command>>)> {
        if self.channels.is_none() {
            let (ask, questions) = channel::<CheckmateQuestion>();
            let (answer, answers) = channel();
            let waker = self.waker.clone();
            std::thread::Builder::new()
                .name("dead-position".into())
                .spawn(move || {
                    for question in questions {
                        if answer.send(question.search()).is_err() {
                            break;
                        }
                        waker.wake(crate::wake::Source::Search);
                    }
                })
                .ok()?;
            self.channels = Some((ask, answers));
        }
        self.channels.as_ref()
    }

    /// What rings the host when an answer comes.
    pub fn waker(&self) -> &crate::wake::Waker {
        &self.waker
    }

    /// Whether a question waits for its answer.
    pub fn searching(&self) -> bool {
        self.outstanding > 0
    }

    /// The next answer that proves something, if one has come.
    pub fn answered(&mut self) -> Option<Command> {
        let (_, answers) = self.channels.as_ref()?;
        while let Ok(answer) = answers.try_recv() {
            self.outstanding = self.outstanding.saturating_sub(1);
            if answer.is_some() {
                return answer;
            }
        }
        None
    }

    /// Waits at most `limit` for the next answer that proves something,
    /// while questions are outstanding.
    pub fn wait(&mut self, limit: Duration) -> Option<Command> {
        let deadline = Instant::now() + limit;
        while self.outstanding > 0 {
            let (_, answers) = self.channels.as_ref()?;
            let left = deadline.saturating_duration_since(Instant::now());
            match answers.recv_timeout(left) {
                Ok(answer) => {
                    self.outstanding -= 1;
                    if answer.is_some() {
                        return answer;
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
        None
    }
}
