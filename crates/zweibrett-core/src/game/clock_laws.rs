//! The clock under the Laws beyond pressing it: the arbiter's settings
//! during a game (6.10.2) and their limit under A.5.1.1, flag falls seen by
//! the arbiter or claimed (6.8, A.4, A.5.3, A.5.5), and Guidelines III for
//! games without increment (III.3.1, III.4, III.5).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::{EventKind, EventRules, Game, GameResult, Termination};
use crate::clock::{Bonus, Category, Instant, Period, TimeControl};
use crate::game::words::GameSentence;
use crate::notation::pack::LineSentence;
use crate::utterance::Priority;

/// The most time the arbiter may add to or take from a clock at once, in
/// seconds: a day. More is a slip of the keyboard, not a ruling (6.10.2).
pub const MOST_TIME_ADDED_SECONDS: u64 = 24 * 3600;

/// The most time a clock may show, in seconds: a hundred hours, far beyond
/// any time control of the Laws, far within what the clock can count.
pub const MOST_CLOCK_SECONDS: u64 = 100 * 3600;

/// The increment Guidelines III.4 introduces for both players.
const QUICKPLAY_INCREMENT: Duration = Duration::from_secs(5);
/// Below this a player may ask for the increment or claim (III.4, III.5),
/// and the extra time the opponent receives (III.4, III.5.2, III.5.3).
const TWO_MINUTES: Duration = Duration::from_secs(120);
/// Moves each player completes before A.5.1.1 locks the clock setting.
const A5_LOCK_MOVES: u32 = 10;

/// The arbiter's decision on a claim under Guidelines III.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuickplayDecision {
    /// The opponent cannot win by normal means, or makes no effort to: the
    /// game is drawn (III.5.1).
    Draw,
    /// The claim is rejected; the opponent receives two minutes (III.5.3).
    Reject,
    /// The decision waits until later in the game or a flag fall; the
    /// opponent receives two minutes (III.5.2).
    Postpone,
}

/// Requests and claims of Guidelines III waiting for the arbiter.
#[derive(Clone, Debug, Default)]
pub(super) struct Quickplay {
    /// Who asked for the increment (III.4), until the arbiter decides.
    request: Option<Color>,
    /// Who claimed under III.5, and whether the decision was postponed.
    claim: Option<(Color, bool)>,
}

impl Game {
    /// Who asked for an increment under III.4 and waits for the answer.
    pub fn increment_requested(&self) -> Option<Color> {
        self.quickplay.request
    }

    /// Who claimed under III.5 and waits for the arbiter's decision.
    pub fn quickplay_claimed(&self) -> Option<Color> {
        self.quickplay.claim.map(|(claimant, _)| claimant)
    }

    /// Whether A.5.1.1 forbids changing the clock setting now: rapid or
    /// blitz under A.5, once both players have completed ten moves.
    fn clock_setting_locked(&self) -> bool {
        self.under_a5()
            && self.clock.moves(Color::White) >= A5_LOCK_MOVES
            && self.clock.moves(Color::Black) >= A5_LOCK_MOVES
    }

    /// Refuses a change of the clock setting under A.5.1.1; true if refused.
    fn refuse_if_locked(&mut self) -> bool {
        if self.clock_setting_locked() {
            self.answer(&self.tell(GameSentence::ClockSettingLocked, &[]));
            return true;
        }
        false
    }

    /// The arbiter sets a player's clock (6.10.2).
    pub(super) fn set_time(&mut self, side: Color, seconds: u64, now: Instant) {
        if self.refuse_if_over() || self.refuse_if_locked() {
            return;
        }
        if seconds > MOST_CLOCK_SECONDS {
            self.refuse_clock_beyond_bound(side);
            return;
        }
        self.clock.set_time(side, Duration::from_secs(seconds), now);
        let note = self.pack.line_sentences().say(
            LineSentence::NoteSetTime,
            &[
                ("player", self.side(side)),
                ("seconds", &seconds.to_string()),
            ],
        );
        self.pending.push(note);
        self.say_clock_adjusted(side, now);
    }

    /// The arbiter sets a player's move counter (6.10.2).
    pub(super) fn set_moves(&mut self, side: Color, moves: u32, now: Instant) {
        if self.refuse_if_over() || self.refuse_if_locked() {
            return;
        }
        self.clock.set_moves(side, moves, now);
        let text = self.tell(
            GameSentence::MovesSet,
            &[("side", self.side(side)), ("count", &moves.to_string())],
        );
        self.say(EventKind::Ruling, text, Priority::Answer);
    }

    /// The arbiter installs the correct time control (6.10.2).
    pub(super) fn set_control(&mut self, text: &str, now: Instant) {
        if self.refuse_if_over() || self.refuse_if_locked() {
            return;
        }
        let control = match TimeControl::named_or_parsed(text) {
            Ok(control) => control,
            Err(e) => {
                let reason = self.sentences.time_control_fault(&e);
                self.answer(&self.tell(GameSentence::ControlBad, &[("reason", &reason)]));
                return;
            }
        };
        self.install_control(control, now);
        let said = self.words.control(self.clock.control());
        let text = self.tell(GameSentence::ControlSet, &[("control", &said)]);
        self.say(EventKind::Ruling, text, Priority::Answer);
    }

    fn install_control(&mut self, control: TimeControl, now: Instant) {
        let note = self.pack.line_sentences().say(
            LineSentence::NoteControl,
            &[("control", &control.to_string())],
        );
        self.pending.push(note);
        self.clock.set_control(control, now);
    }

    /// A flag fall the clock noticed. Where the arbiter watches at most
    /// three games and records them (A.4, B.2), the arbiter sees it and
    /// the game is decided at once (6.8, 6.9). In standard play and under
    /// A.5 the clock runs on, the fallen display at zero, and play goes on
    /// until the flag is claimed or called (`flag`, 6.9, A.5.3, A.5.5). With a
    /// postponed claim of III.5.2 the arbiter now decides that claim.
    pub(super) fn flag_noticed(&mut self, now: Instant) {
        if self.outcome().is_some() {
            return;
        }
        if self.quickplay.claim.is_some_and(|(_, postponed)| postponed) {
            // The arbiter decides the postponed claim now (III.5.2).
            let _ = self.clock.pause(now);
            let text = self.tell(GameSentence::QuickplayAfterFlag, &[]);
            self.say(EventKind::Ruling, text, Priority::Urgent);
            return;
        }
        let watched = self.setup.rules == EventRules::Competition
            && self.clock.control().category() != Category::Standard;
        if watched {
            let side = self.clock.flag().map(|f| f.side).unwrap_or(self.to_move());
            let text = self.tell(GameSentence::FlagSeen, &[("side", self.side(side))]);
            self.say(EventKind::Ruling, text, Priority::Urgent);
            self.claim_flag(now);
        }
    }

    /// Why Guidelines III do not apply to this game, if they do not: not
    /// announced (III.2.1), an increment (III.2.2, "without increment"), or
    /// blitz (III.2.2).
    fn quickplay_refusal(&self) -> Option<String> {
        let reason = if !self.setup.quickplay_finish {
            GameSentence::QuickplayNotAnnounced
        } else if self
            .clock
            .control()
            .periods()
            .iter()
            .any(|p| p.bonus.is_some())
        {
            GameSentence::QuickplayHasIncrement
        } else if self.clock.control().category() == Category::Blitz {
            GameSentence::QuickplayBlitz
        } else {
            return None;
        };
        let reason = self.tell(reason, &[]);
        Some(self.tell(GameSentence::QuickplayOff, &[("reason", &reason)]))
    }

    /// Refuses when Guidelines III do not apply or the game is over; true
    /// if refused.
    fn refuse_quickplay(&mut self) -> bool {
        if self.refuse_if_over() {
            return true;
        }
        if let Some(text) = self.quickplay_refusal() {
            self.answer(&text);
            return true;
        }
        false
    }

    /// Refuses when the player to move has two minutes or more (III.4,
    /// III.5); true if refused.
    fn refuse_unless_short_of_time(&mut self, player: Color, now: Instant) -> bool {
        if self.clock.remaining(player, now) >= TWO_MINUTES {
            let text = self.tell(
                GameSentence::QuickplayTimeLeft,
                &[("side", self.side(player))],
            );
            self.answer(&text);
            return true;
        }
        false
    }

    /// Both flags fallen, which first unknown (III.3.1): the game goes on
    /// in any period but the last (III.3.1.1), and is drawn in the period
    /// in which all remaining moves must be completed (III.3.1.2).
    pub(super) fn both_flags(&mut self, now: Instant) {
        if self.refuse_quickplay() {
            return;
        }
        // Only what the clock shows: both displays at zero.
        let fallen = [Color::White, Color::Black].map(|c| self.clock.has_fallen(c));
        if fallen != [true, true] {
            let text = match self.clock.flag() {
                Some(flag) => {
                    self.tell(GameSentence::OneFlagOnly, &[("side", self.side(flag.side))])
                }
                None => self.tell(GameSentence::NoFlag, &[]),
            };
            self.answer(&text);
            return;
        }
        let last_period = [Color::White, Color::Black].iter().all(|&c| {
            let period: &Period = self.clock.control().period(self.clock.period(c));
            period.moves.is_none()
        });
        if last_period {
            let text = self.tell(GameSentence::BothFlagsDraw, &[]);
            self.say(EventKind::Ruling, text, Priority::Urgent);
            self.stop_clock_on_last_move(now);
            self.end(GameResult::Draw, Termination::FlagFall);
        } else {
            let text = self.tell(GameSentence::BothFlagsContinue, &[]);
            self.say(EventKind::Ruling, text, Priority::Urgent);
        }
    }

    /// The player to move, with less than two minutes, asks for a
    /// five-second increment for both players: a draw offer (III.4).
    pub(super) fn request_increment(&mut self, now: Instant) {
        if self.refuse_quickplay() {
            return;
        }
        let player = self.to_move();
        if self.refuse_unless_short_of_time(player, now) {
            return;
        }
        self.offer_draw(Some(player));
        if self.offer != Some(player) {
            return;
        }
        self.quickplay.request = Some(player);
        let text = self.tell(
            GameSentence::IncrementRequested,
            &[("side", self.side(player))],
        );
        self.say(EventKind::Offer, text, Priority::Urgent);
    }

    /// The arbiter's answer once the request, a draw offer, was refused
    /// (III.4): if agreed, five seconds per move for both from now on and
    /// two extra minutes for the opponent of the player who asked.
    pub(super) fn decide_increment(&mut self, agreed: bool, now: Instant) {
        if self.refuse_quickplay() {
            return;
        }
        let Some(asker) = self.quickplay.request.filter(|_| self.offer.is_none()) else {
            self.answer(&self.tell(GameSentence::IncrementNoRequest, &[]));
            return;
        };
        self.quickplay.request = None;
        if !agreed {
            let text = self.tell(GameSentence::IncrementRefused, &[]);
            self.say(EventKind::Ruling, text, Priority::Answer);
            return;
        }
        let periods = self
            .clock
            .control()
            .periods()
            .iter()
            .map(|p| Period {
                bonus: Bonus::Increment(QUICKPLAY_INCREMENT),
                ..*p
            })
            .collect();
        // Every period of a control read before has a time; none is lost.
        if let Ok(control) = TimeControl::new(periods) {
            self.install_control(control, now);
        }
        self.clock.add_time(!asker, TWO_MINUTES, now);
        let note = self.pack.line_sentences().say(
            LineSentence::NoteQuickplayMinutes,
            &[("player", self.side(!asker)), ("article", "III.4")],
        );
        self.pending.push(note);
        let text = self.tell(
            GameSentence::IncrementGranted,
            &[
                ("opponent", self.side(!asker)),
                ("time", &self.sentences.minutes(2)),
            ],
        );
        self.say(EventKind::Ruling, text, Priority::Urgent);
    }

    /// The claim of III.5 by the player to move with less than two
    /// minutes, before the flag falls: the clock is paused for the arbiter.
    pub(super) fn quickplay_claim(&mut self, now: Instant) {
        if self.refuse_quickplay() {
            return;
        }
        if self.quickplay.claim.is_some() {
            self.answer(&self.tell(GameSentence::QuickplayClaimWaiting, &[]));
            return;
        }
        let player = self.to_move();
        if self.clock.flag().is_some() {
            // III.5: the claim comes before the flag falls.
            let reason = self.tell(GameSentence::ReasonFlag, &[]);
            self.answer(&self.tell(GameSentence::PauseRefused, &[("reason", &reason)]));
            return;
        }
        if self.refuse_unless_short_of_time(player, now) {
            return;
        }
        if self.clock.is_started() && !self.clock.is_paused() {
            let _ = self.clock.pause(now);
        }
        self.quickplay.claim = Some((player, false));
        let note = self.pack.line_sentences().say(
            LineSentence::NoteQuickplayClaim,
            &[("player", self.side(player))],
        );
        self.pending.push(note);
        let text = self.tell(
            GameSentence::QuickplayClaimed,
            &[
                ("side", self.side(player)),
                ("opponent", self.side(!player)),
            ],
        );
        self.say(EventKind::Ruling, text, Priority::Urgent);
    }

    /// The arbiter decides the claim of III.5: a draw (III.5.1), a
    /// rejection with two minutes for the opponent (III.5.3), or a
    /// postponement, the opponent receiving two minutes (III.5.2). A
    /// postponed claim rejected after a flag fall leaves the flag to decide.
    pub(super) fn decide_quickplay(&mut self, decision: QuickplayDecision, now: Instant) {
        if self.refuse_quickplay() {
            return;
        }
        let Some((claimant, postponed)) = self.quickplay.claim else {
            self.answer(&self.tell(GameSentence::QuickplayNoClaim, &[]));
            return;
        };
        let opponent = !claimant;
        match decision {
            QuickplayDecision::Draw => {
                self.quickplay.claim = None;
                self.stop_clock_on_last_move(now);
                self.end(GameResult::Draw, Termination::ArbiterDecision);
            }
            QuickplayDecision::Reject if self.clock.flag().is_some() => {
                self.quickplay.claim = None;
                self.claim_flag(now);
            }
            QuickplayDecision::Reject | QuickplayDecision::Postpone => {
                if decision == QuickplayDecision::Postpone && postponed {
                    self.answer(&self.tell(GameSentence::QuickplayClaimWaiting, &[]));
                    return;
                }
                self.quickplay.claim =
                    (decision == QuickplayDecision::Postpone).then_some((claimant, true));
                self.clock.add_time(opponent, TWO_MINUTES, now);
                if self.clock.is_paused() && self.clock.flag().is_none() {
                    let _ = self.clock.resume(now);
                }
                let key = match decision {
                    QuickplayDecision::Postpone => GameSentence::QuickplayPostponed,
                    _ => GameSentence::QuickplayRejected,
                };
                let note = self.pack.line_sentences().say(
                    LineSentence::NoteQuickplayMinutes,
                    &[("player", self.side(opponent)), ("article", "III.5")],
                );
                self.pending.push(note);
                let text = self.tell(
                    key,
                    &[
                        ("opponent", self.side(opponent)),
                        ("time", &self.sentences.minutes(2)),
                    ],
                );
                self.say(EventKind::Ruling, text, Priority::Urgent);
            }
        }
    }
}
