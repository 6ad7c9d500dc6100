//! Commands waiting for the disk: the session hands each command's line
//! to the journal's writer and carries the command out, at the instant it
//! was entered, once the line is written, which the writer rings for; the
//! clock and the screen go on meanwhile.

use std::time::SystemTime;

use super::{GameSession, Report, SLOW_WRITE, SessionError};
use crate::clock::Instant;
use crate::game::Command;
use zweibrett_core::seat::SeatRole;

/// A command as the journal's error names it: a move as typed, any other
/// command by its name in the journal.
pub(super) fn command_name(command: &Command) -> String {
    match command {
        Command::Move(text) | Command::Correct(text) | Command::Repeat(text) => text.clone(),
        other => match serde_json::to_value(other) {
            Ok(serde_json::Value::String(name)) => name,
            Ok(serde_json::Value::Object(fields)) => {
                fields.keys().next().cloned().unwrap_or_default()
            }
            _ => format!("{other:?}"),
        },
    }
}

/// A command carried out once its line was written, with what it did.
#[derive(Clone, Debug, PartialEq)]
pub struct CarriedOut {
    /// The command.
    pub command: Command,
    /// The instant it was carried out at: when it was entered, never
    /// before the command before it.
    pub at: Instant,
    /// What happened.
    pub reports: Vec<Report>,
    /// The joined seat that typed it; none for the main keyboard.
    pub seat: Option<SeatRole>,
}

/// A command entered and not yet carried out.
pub(super) struct Pending {
    pub(super) command: Command,
    /// When it was entered, on the game's time line.
    pub(super) at: Instant,
    /// When it was typed, on the computer's clock: how long it has waited.
    pub(super) since: std::time::Instant,
    /// The joined seat that typed it.
    pub(super) seat: Option<SeatRole>,
}

impl GameSession {
    /// Enters `command`, entered at `at`: its line goes to the journal's
    /// writer, after those of the commands still pending, and the game
    /// carries it out once the line is written ([`GameSession::carried_out`]).
    /// Never waits for the disk; without a journal the command is carried
    /// out at once. An error when the journal has stopped.
    pub fn enter(&mut self, command: &Command, at: Instant) -> Result<(), SessionError> {
        self.enter_from(command, at, None)
    }

    /// Enters `command` as [`GameSession::enter`] does, typed at the joined
    /// `seat`: the journal records the seat, and what it did comes back
    /// with it ([`CarriedOut::seat`]).
    pub fn enter_from(
        &mut self,
        command: &Command,
        at: Instant,
        seat: Option<SeatRole>,
    ) -> Result<(), SessionError> {
        self.pending.push_back(Pending {
            command: command.clone(),
            at,
            since: self.time_line.moment(at),
            seat,
        });
        self.hand_over()
    }

    /// Hands the first pending command's line to the writer, composed from
    /// the game as the commands before it left it; without a journal,
    /// carries out everything pending.
    fn hand_over(&mut self) -> Result<(), SessionError> {
        while !self.writing {
            let Some(first) = self.pending.front() else {
                return Ok(());
            };
            let (command, at) = (first.command.clone(), first.at.max(self.last_entered));
            let seat = first.seat;
            match &mut self.journal {
                Some(journal) => {
                    let submitted =
                        journal.submit(&self.game, at, &command, SystemTime::now(), seat);
                    if let Err(source) = submitted {
                        self.pending.clear();
                        return Err(SessionError::Record {
                            command: command_name(&command),
                            source: Box::new(source),
                        });
                    }
                    self.writing = true;
                }
                None => {
                    self.pending.pop_front();
                    let reports = self.apply(&command, at);
                    self.done.push(CarriedOut {
                        command,
                        at,
                        reports,
                        seat,
                    });
                }
            }
        }
        Ok(())
    }

    /// Carries out, each at its own instant, every pending command whose
    /// line the journal has written, and returns them with what they did;
    /// never waits. A command the journal refused is an error naming it,
    /// after what was carried out before it: it is not in the journal, is
    /// not carried out, and the game stops.
    pub fn carried_out(&mut self) -> Result<Vec<CarriedOut>, SessionError> {
        self.carried_out_as(false)
    }

    /// Waits until every pending command is written and carried out, as
    /// [`GameSession::carried_out`] does: before the program ends.
    pub fn wait_carried_out(&mut self) -> Result<Vec<CarriedOut>, SessionError> {
        let mut done = Vec::new();
        loop {
            done.extend(self.carried_out_as(true)?);
            if !self.has_pending() {
                return Ok(done);
            }
        }
    }

    /// Enters `command` as [`GameSession::enter`] does and waits until it
    /// is carried out: what it, and anything pending before it, did.
    pub fn enter_and_wait(
        &mut self,
        command: &Command,
        at: Instant,
    ) -> Result<Vec<Report>, SessionError> {
        self.enter(command, at)?;
        let done = self.wait_carried_out()?;
        Ok(done.into_iter().flat_map(|s| s.reports).collect())
    }

    fn carried_out_as(&mut self, wait: bool) -> Result<Vec<CarriedOut>, SessionError> {
        while self.writing && self.refusal.is_none() {
            let Some(journal) = &mut self.journal else {
                break;
            };
            let ack = if wait {
                journal.wait()
            } else {
                journal.acknowledged()
            };
            let Some(ack) = ack else {
                break;
            };
            self.writing = false;
            let Some(first) = self.pending.pop_front() else {
                break;
            };
            match ack {
                Ok(()) => {
                    let at = first.at.max(self.last_entered);
                    let reports = self.apply(&first.command, at);
                    self.done.push(CarriedOut {
                        command: first.command,
                        at,
                        reports,
                        seat: first.seat,
                    });
                    if let Err(e) = self.hand_over() {
                        self.refusal = Some(e);
                    }
                }
                Err(source) => {
                    self.pending.clear();
                    self.refusal = Some(SessionError::Record {
                        command: command_name(&first.command),
                        source: Box::new(source),
                    });
                }
            }
        }
        if self.pending.is_empty() {
            self.slow_said = false;
        }
        if self.done.is_empty()
            && let Some(refusal) = self.refusal.take()
        {
            return Err(refusal);
        }
        Ok(std::mem::take(&mut self.done))
    }

    /// True while a command entered is not yet carried out and returned by
    /// [`GameSession::carried_out`] (or a refusal not yet returned): the front
    /// end then looks again within milliseconds.
    pub fn has_pending(&self) -> bool {
        !self.pending.is_empty() || !self.done.is_empty() || self.refusal.is_some()
    }

    /// Whether commands carried out wait to be returned by
    /// [`GameSession::carried_out`] (or a refusal to be returned).
    pub fn has_carried_out(&self) -> bool {
        !self.done.is_empty() || self.refusal.is_some()
    }

    /// When the first command waiting for the disk will have waited
    /// [`SLOW_WRITE`], unless that was already said.
    pub fn slow_write_due(&self) -> Option<std::time::Instant> {
        if self.slow_said {
            return None;
        }
        self.pending
            .iter()
            .find(|p| p.command != Command::Tick)
            .map(|p| p.since + SLOW_WRITE)
    }

    /// The journal's file found deleted or replaced since last asked, and
    /// written back at its path with every command; never waits.
    pub fn journal_displaced(&mut self) -> Option<crate::journal::Displaced> {
        self.journal.as_mut()?.displaced()
    }

    /// True once while a command (not a clock reading) has waited for the
    /// disk longer than [`SLOW_WRITE`] at `now`: the front end says the
    /// game is still being saved.
    pub fn slow_write(&mut self, now: std::time::Instant) -> bool {
        let slow = self.pending.iter().any(|p| {
            p.command != Command::Tick && now.saturating_duration_since(p.since) >= SLOW_WRITE
        });
        if slow && !self.slow_said {
            self.slow_said = true;
            return true;
        }
        false
    }
}
