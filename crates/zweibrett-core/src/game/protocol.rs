//! The steps of Appendix D for each move: enter, announce (D.2.1), correct
//! a slip of the tongue (D.2.8), press the clock (D.2.4), the opponent
//! repeats and executes the move (D.2.1), divergence and its settlement
//! (D.2.9).

use std::time::Duration;

use shakmaty::{Chess, Color, Move, Position, san::SanPlus};

use super::{EventKind, Game, Outcome, Played, Repetition, Step, idx, rules};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::notation::pack::LineSentence;
use crate::notation::{MoveNumber, Reading, read_move};
use crate::utterance::{Earcon, Priority, Utterance};

impl Game {
    /// Reads `text` on `board`; answers in words and gives `None` unless
    /// exactly one legal move fits. A question between several moves waits
    /// for its answer on the next line.
    pub(super) fn read_on(&mut self, board: &Chess, text: &str) -> Option<Move> {
        if let Some(m) = self.answered.take()
            && board.is_legal(m)
        {
            return Some(m);
        }
        match read_move(&self.lexicon, &self.pack, board, text) {
            Reading::Move(m) => Some(m),
            Reading::Ambiguous {
                question,
                candidates,
            } => {
                self.answer(&question);
                self.just_asked = Some((candidates, question, board.clone()));
                None
            }
            Reading::Illegal { reason, .. } => {
                self.answer(&reason);
                None
            }
            Reading::Unrecognized { reason } => {
                self.answer(&reason);
                None
            }
        }
    }

    /// Whether a move may be entered now; answers why not otherwise.
    fn may_enter(&mut self) -> bool {
        if self.refuse_if_over() {
            return false;
        }
        let why = match self.step {
            Step::Adjourned => self.tell(GameSentence::AdjournedRefused, &[]),
            Step::Announced(_) => self.tell(GameSentence::PressFirst, &[]),
            Step::Repeat(_) => {
                let last = self
                    .moves
                    .last()
                    .map(|p| p.words.clone())
                    .unwrap_or_default();
                let key = match self.repetition() {
                    Repetition::Quick => GameSentence::MustConfirm,
                    _ => GameSentence::MustRepeat,
                };
                let side = self.side(self.position.turn());
                self.tell(key, &[("side", side), ("move", &last)])
            }
            _ if self.diverging => self.tell(GameSentence::DivergedRefused, &[]),
            // With the press joined to the move, a move made while the
            // clock is paused could not be completed (6.11): refused
            // before it is announced, so nothing is left half done.
            _ if self.setup.press == super::Press::Auto
                && self.clock.is_started()
                && self.clock.is_paused() =>
            {
                self.tell(GameSentence::MovePaused, &[])
            }
            _ => return true,
        };
        self.answer(&why);
        false
    }

    /// Step 1: the player to move enters a move, read on their own board.
    pub(super) fn enter(&mut self, text: &str, now: Instant) {
        // With the press joined to the announcement, the next move typed
        // is the opponent's: touching their piece ends the claim (4.8).
        if self.setup.press == super::Press::Auto {
            self.touch_claim_lost(now);
        }
        if !self.may_enter() {
            return;
        }
        let mover = self.position.turn();
        let board = self.boards[idx(mover)].clone();
        let Some(m) = self.read_on(&board, text) else {
            self.note_illegal_typed(&board, text);
            return;
        };
        if !self.touch_allows(m) {
            return;
        }
        if !self.clock.is_started() {
            let _ = self.clock.start(now);
            self.poll_clock(now);
        }
        self.announce(m, Vec::new(), now);
        self.auto_press(now);
    }

    /// With the press set to follow the announcement, presses at once,
    /// unless the arbiter must first rule on a touched piece (4.3).
    pub(super) fn auto_press(&mut self, now: Instant) {
        if matches!(self.step, Step::Announced(_))
            && self.setup.press == super::Press::Auto
            && !self.awaits_touch_ruling()
        {
            self.press(now);
        }
    }

    /// Step 2: the move is announced and so made for the mover (D.2.1,
    /// D.2.3); the position may end the game at once (5.1.1, 5.2, 9.6).
    pub(super) fn announce(&mut self, m: Move, mut comments: Vec<String>, now: Instant) {
        // A seal after any move is an adjournment's own (Guidelines I.1),
        // no longer the reply to a sealed move just opened (I.9.3).
        self.adjournment.opened = false;
        self.illegal_typed = None;
        let mover = self.position.turn();
        let words = self.announcement(&self.position, m);
        let san = SanPlus::from_move(self.position.clone(), m).to_string();
        let before = self.position.clone();
        let breach = self.check_touch(&before, m, &mut comments);
        self.position.play_unchecked(m);
        self.boards[idx(mover)] = self.position.clone();
        self.scores[idx(mover)].push(san.clone());
        self.keys.push(rules::position_key(&self.position));
        comments.append(&mut self.pending);
        if self.offer == Some(!mover) {
            self.offer = None;
            self.offer_with_next_move = false;
            let note = self.pack.line_sentences();
            comments.push(note.say(LineSentence::NoteOfferDeclined, &[]));
        }
        // An offer made before this move goes with it (9.1.2.2).
        let offer = self.offer == Some(mover) && self.offer_with_next_move;
        self.offer_with_next_move &= !offer;
        self.moves.push(Played {
            mv: m,
            san,
            words: words.clone(),
            by: mover,
            clk: None,
            emt: None,
            offer,
            comments,
        });
        self.step = Step::Announced(m);
        self.push(
            EventKind::Announced,
            Utterance::new(words, Priority::Move).with_earcon(Earcon::Move),
        );
        if let Some(breach) = breach {
            self.push(EventKind::Ruling, breach);
        }
        self.decide(now);
    }

    /// What the position just reached decides without a search (5.1.1,
    /// 5.2.1, 5.2.2 for want of material, 9.6): the game ends, or, with
    /// the move still open to correction, ends when the move stands
    /// (D.2.8). Anything else about a dead position is a question for
    /// later (see [`Game::question`]).
    pub(super) fn decide(&mut self, now: Instant) {
        // The key of the position just reached, the last one in `keys`.
        let key = rules::position_key(&self.position);
        let occurrences = self.keys.iter().filter(|k| **k == key).count();
        if let Some(outcome) = rules::decided(&self.position, occurrences) {
            self.conclude(outcome, now);
        }
    }

    /// The position decides `outcome`. A move announced and not yet
    /// pressed may still be a slip of the tongue (D.2.8): the result then
    /// stands only when the clock is pressed, and the announcement says
    /// what it will be. Otherwise (pressed, or pressed at once) the game
    /// ends now.
    pub(super) fn conclude(&mut self, outcome: Outcome, now: Instant) {
        let correctable =
            matches!(self.step, Step::Announced(_)) && self.setup.press != super::Press::Auto;
        if !correctable {
            self.finish(outcome, now);
            return;
        }
        self.provisional = Some(outcome);
        let text = self.tell(
            GameSentence::StandsWhenPressed,
            &[
                (
                    "termination",
                    &self.sentences.termination(outcome.termination),
                ),
                ("result", self.sentences.result(outcome.result)),
            ],
        );
        self.say(EventKind::Ruling, text, Priority::Move);
    }

    /// Ends the game with `outcome` decided by the position: the clock
    /// stops and the last move's clock reading is taken as it stands; both
    /// boards and scores hold every move.
    pub(super) fn finish(&mut self, outcome: Outcome, now: Instant) {
        self.stop_clock_on_last_move(now);
        self.boards = [self.position.clone(), self.position.clone()];
        let sans: Vec<String> = self.moves.iter().map(|p| p.san.clone()).collect();
        let other = !self.moves.last().map_or(Color::Black, |p| p.by);
        self.scores[idx(other)] = sans;
        self.over(outcome);
    }

    /// Records the clock for a last move that was never pressed, and stops.
    pub(super) fn stop_clock_on_last_move(&mut self, now: Instant) {
        if let Some(last) = self.moves.last_mut()
            && last.clk.is_none()
            && self.clock.is_started()
        {
            let before = self.clock.history().last().map(|s| s.used[idx(last.by)]);
            last.clk = Some(self.clock.remaining(last.by, now));
            last.emt = before.map(|b| self.clock.used(last.by, now).saturating_sub(b));
        }
        if self.clock.is_started() && !self.clock.is_paused() {
            let _ = self.clock.pause(now);
        }
    }

    /// Step 3: a slip of the tongue corrected before the press (D.2.8);
    /// the score keeps only the corrected move.
    pub(super) fn correct(&mut self, text: &str, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        // The announced step follows the move's record into `moves`, so
        // there is a last move to take back.
        let last_ply = match (&self.step, self.moves.len().checked_sub(1)) {
            (Step::Announced(_), Some(ply)) => ply,
            _ => {
                if self.correct_after_press(text, now) {
                    return;
                }
                let undo = self.pack.command_words().word("undo").to_string();
                self.answer(&self.tell(GameSentence::NothingToCorrect, &[("undo", &undo)]));
                return;
            }
        };
        if self.claimed_move == Some(last_ply) {
            self.answer(&self.tell(GameSentence::ClaimMoveFixed, &[]));
            return;
        }
        let before = self.replay(last_ply);
        let Some(m) = self.read_on(&before, text) else {
            return;
        };
        let Some(old) = self.moves.pop() else {
            return;
        };
        // The corrected move's position decides afresh.
        self.provisional = None;
        let mover = old.by;
        self.keys.pop();
        self.scores[idx(mover)].pop();
        self.position = before;
        // An offer made with the slip goes with the corrected move.
        self.offer_with_next_move |= old.offer;
        let mut comments = old.comments;
        let note = self.pack.line_sentences();
        comments.push(note.say(LineSentence::NoteCorrected, &[("san", &old.san)]));
        self.announce(m, comments, now);
        let sentences = &self.sentences;
        if let Some(e) = self
            .events
            .iter_mut()
            .rev()
            .find(|e| e.kind == EventKind::Announced)
        {
            e.kind = EventKind::Corrected;
            e.utterance.text =
                sentences.say(GameSentence::Correction, &[("move", &e.utterance.text)]);
        }
    }

    /// The position after the first `plies` moves of the game (all of
    /// them at most).
    pub fn replay(&self, plies: usize) -> Chess {
        let mut position = self.start.clone();
        for p in &self.moves[..plies.min(self.moves.len())] {
            position.play_unchecked(p.mv);
        }
        position
    }

    /// Step 4: the clock press starts the opponent's clock (D.2.4); the
    /// first press starts White's clock (6.6).
    pub(super) fn press(&mut self, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        if !self.clock.is_started() {
            if self.moves.is_empty() {
                let _ = self.clock.start(now);
            } else {
                self.answer(&self.tell(GameSentence::ClockNotStarted, &[]));
            }
            return;
        }
        let Step::Announced(announced) = self.step else {
            self.answer(&self.tell(GameSentence::NothingToPress, &[]));
            return;
        };
        if self.awaits_touch_ruling() {
            self.answer(&self.tell(GameSentence::TouchRulingFirst, &[]));
            return;
        }
        // The move stands, and with it the result its position decided
        // (D.2.8): the press stops the clock instead of switching it.
        if let Some(outcome) = self.provisional.take() {
            self.finish(outcome, now);
            return;
        }
        // The announced move is made, so the mover is the side not to move.
        let mover = !self.position.turn();
        let used_before = self.clock.history().last().map(|s| s.used[idx(mover)]);
        if let Err(e) = self.clock.press(now) {
            let reason = self.sentences.clock_refusal(&e);
            self.answer(&self.tell(GameSentence::PressRefused, &[("reason", &reason)]));
            return;
        }
        self.completed_by_press(announced, mover, used_before, now);
    }

    /// What a press that succeeded completes: the announced move of
    /// `mover`, whose time used before it was `used_before`, is the last
    /// one recorded, with the clock's snapshot (7.5.1); the repetition or
    /// the opponent's board comes next. A sealed move whose press came
    /// before it was opened (Guidelines I.9.2, I.9.3) is completed so too.
    pub(super) fn completed_by_press(
        &mut self,
        announced: Move,
        mover: Color,
        used_before: Option<Duration>,
        now: Instant,
    ) {
        // A press that succeeds leaves its snapshot; the announced move is
        // the last one recorded.
        if let Some(snap) = self.clock.history().last().copied()
            && let Some(last) = self.moves.last_mut()
        {
            last.clk = Some(snap.remaining[idx(mover)]);
            last.emt =
                Some(snap.used[idx(mover)].saturating_sub(used_before.unwrap_or(Duration::ZERO)));
        }
        // The move is completed (7.5.1): it can no longer be corrected.
        self.completed[idx(mover)] = true;
        self.presses += 1;
        self.claimed_move = None;
        self.settle_touch(mover);
        match self.repetition() {
            Repetition::Off => self.execute_on_opponent_board(None, now),
            _ => self.step = Step::Repeat(announced),
        }
    }

    /// Step 5, strict: the opponent repeats the move as text, read on their
    /// own board. A different move is a divergence, announced at once with
    /// both versions (D.2.9).
    pub(super) fn repeat(&mut self, text: &str, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        let Step::Repeat(announced) = self.step else {
            self.answer(&self.tell(GameSentence::NothingToRepeat, &[]));
            return;
        };
        let board = self.boards[idx(self.position.turn())].clone();
        let Some(r) = self.read_on(&board, text) else {
            return;
        };
        if r == announced {
            self.execute_on_opponent_board(None, now);
        } else {
            self.execute_on_opponent_board(Some((r, board)), now);
        }
    }

    /// Step 5, quick: one key confirms the announced move.
    pub(super) fn confirm(&mut self, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        if !matches!(self.step, Step::Repeat(_)) {
            self.answer(&self.tell(GameSentence::NothingToConfirm, &[]));
            return;
        }
        self.execute_on_opponent_board(None, now);
    }

    /// The opponent executes the announced move, or `different` (read on
    /// `board`), on their own board and records it on their score. A
    /// divergence calls the arbiter: both clocks stop (6.11.1, D.2.9).
    fn execute_on_opponent_board(&mut self, different: Option<(Move, Chess)>, now: Instant) {
        // Only an announced move reaches the opponent's board, and its
        // record is the last one.
        let Some(last) = self.moves.last().cloned() else {
            return;
        };
        let opponent = !last.by;
        self.step = Step::Enter;
        match different {
            None => {
                self.boards[idx(opponent)].play_unchecked(last.mv);
                self.scores[idx(opponent)].push(last.san.clone());
                if self.repetition() != Repetition::Off {
                    let text = self.tell(GameSentence::Repeated, &[("move", &last.words)]);
                    self.say(EventKind::Repeated, text, Priority::Answer);
                }
            }
            Some((r, board)) => self.diverged(&last, r, board, now),
        }
    }

    /// The opponent executed `r`, read on `board` (their board before it),
    /// instead of the announced move `last`: their board and score take
    /// it, and the divergence calls the arbiter; both clocks stop (6.11.1,
    /// D.2.9).
    fn diverged(&mut self, last: &Played, r: Move, board: Chess, now: Instant) {
        let opponent = !last.by;
        let words = self.announcement(&board, r);
        let san = SanPlus::from_move(board, r).to_string();
        self.boards[idx(opponent)].play_unchecked(r);
        self.scores[idx(opponent)].push(san.clone());
        self.diverging = true;
        if self.clock.is_started() && !self.clock.is_paused() {
            self.arbiter_pause = self.clock.pause(now).is_ok();
        }
        let note = self.pack.line_sentences().say(
            LineSentence::NoteRepeated,
            &[("player", self.side(opponent)), ("san", &san)],
        );
        if let Some(announced) = self.moves.last_mut() {
            announced.comments.push(note);
        }
        let text = self.tell(
            GameSentence::Diverged,
            &[("announced", &last.words), ("repeated", &words)],
        );
        self.push(
            EventKind::Diverged,
            Utterance::new(text, Priority::Urgent).with_earcon(Earcon::Divergence),
        );
        self.say_settlement();
    }

    /// The sighted player's electronic board shows the last announced move
    /// executed as `uci` (D.2.1). Only where the opponent's board follows
    /// the press (no repetition entered as a step), and only for the last
    /// move, once: the same move changes nothing, another is a divergence
    /// as a different repetition is (D.2.9).
    pub(super) fn executed(&mut self, uci: &str, now: Instant) {
        if self.refuse_if_over() || self.diverging || self.repetition() != Repetition::Off {
            return;
        }
        let Some(last) = self.moves.last().cloned() else {
            return;
        };
        if !matches!(self.step, Step::Enter) {
            return;
        }
        let opponent = !last.by;
        let before = self.replay(self.moves.len() - 1);
        let Some(r) = uci
            .parse::<shakmaty::uci::UciMove>()
            .ok()
            .and_then(|m| m.to_move(&before).ok())
        else {
            return;
        };
        if r == last.mv {
            return;
        }
        self.boards[idx(opponent)] = before.clone();
        self.scores[idx(opponent)].pop();
        self.diverged(&last, r, before, now);
    }

    /// Says the last move again, or the last move of `player` (D.2.10.2).
    pub(super) fn again(&mut self, player: Option<Color>) {
        let found = self
            .moves
            .iter()
            .enumerate()
            .rev()
            .find(|(_, p)| player.is_none_or(|c| p.by == c));
        let text = match found {
            Some((i, p)) => {
                let number = MoveNumber::after(&self.start, i).number;
                self.tell(
                    GameSentence::Again,
                    &[
                        ("number", &number.to_string()),
                        ("side", self.side(p.by)),
                        ("move", &p.words),
                    ],
                )
            }
            None => self.tell(GameSentence::NoMoveYet, &[]),
        };
        self.say(EventKind::Answer, text, Priority::Answer);
    }

    /// The arbiter settles a divergence for the announced moves: each
    /// board and score follows the game (D.2.9), and the clock the
    /// divergence stopped runs again (6.11.3). The squares each board
    /// changes are said, in the audit's words.
    pub(super) fn align(&mut self, now: Instant) {
        if !self.diverging {
            self.answer(&self.tell(GameSentence::BoardsAgree, &[]));
            return;
        }
        let before = self.boards.clone();
        self.sync_boards();
        self.say_aligned(before);
        self.diverging = false;
        let text = self.tell(GameSentence::AgreeAgain, &[]);
        self.say(EventKind::Agreed, text, Priority::Answer);
        if std::mem::take(&mut self.arbiter_pause) && self.clock.is_paused() {
            let _ = self.clock.resume(now);
        }
    }

    /// Sets both boards and scores to the game's moves (keeping a pending
    /// repetition pending).
    pub(super) fn sync_boards(&mut self) {
        let sans: Vec<String> = self.moves.iter().map(|p| p.san.clone()).collect();
        let mut lagging = None;
        if matches!(self.step, Step::Announced(_) | Step::Repeat(_)) {
            lagging = self.moves.last().map(|p| !p.by);
        }
        for color in [Color::White, Color::Black] {
            if lagging == Some(color) {
                let n = self.moves.len() - 1;
                self.boards[idx(color)] = self.replay(n);
                self.scores[idx(color)] = sans[..n].to_vec();
            } else {
                self.boards[idx(color)] = self.position.clone();
                self.scores[idx(color)] = sans.clone();
            }
        }
    }
}
