//! A dead position found off the path of the announcement (5.2.2).
//!
//! Whether anyone can still checkmate in a locked position takes a search
//! that may run for seconds, so the game never runs it while announcing a
//! move. It hands out a [`CheckmateQuestion`] about the position after the
//! last move instead; the session answers it on another thread, within the
//! solver's own budget, and enters the answer as an ordinary command,
//! [`Command::CannotCheckmate`], which the journal keeps. An answer that
//! proves nothing rules nothing; an answer about a position the game no
//! longer has (moves taken back or corrected since) changes nothing. A
//! dead position ended the game where it arose: moves made after it, while
//! the search ran, do not count.
//!
//! The same proofs serve the rulings that ask whether one side can still
//! mate (5.1.2 resignation, 6.9 flag fall, 7.5.5 second illegal move):
//! those stay immediate, using the material on the board and whatever the
//! search has proved so far about the game's line, never a search of their
//! own.

use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode};

use super::{Command, EventKind, Game, GameResult, Outcome, Side, Step, Termination, idx, rules};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::notation::MoveNumber;
use crate::notation::pack::LineSentence;
use crate::utterance::Priority;

/// Can either player still checkmate in the position after `ply`
/// half-moves (5.2.2)? Handed out by [`Game::question`]; answered by
/// [`CheckmateQuestion::search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckmateQuestion {
    ply: usize,
    fen: String,
    position: Chess,
}

impl CheckmateQuestion {
    /// Half-moves from the start to the position asked about.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The position asked about, as FEN.
    pub fn fen(&self) -> &str {
        &self.fen
    }

    /// The position asked about.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// Runs the search (5.2.2), bounded by the solver's node budget: the
    /// command to enter when it proves that a side cannot checkmate by any
    /// series of legal moves, `None` when it proves nothing. It may take
    /// seconds; run it away from the announcements.
    pub fn search(&self) -> Option<Command> {
        let sides: Vec<Side> = [Color::White, Color::Black]
            .into_iter()
            .filter(|c| !rules::can_mate(&self.position, *c))
            .map(Side::from)
            .collect();
        (!sides.is_empty()).then(|| Command::CannotCheckmate {
            ply: self.ply,
            fen: self.fen.clone(),
            sides,
        })
    }
}

/// What the search proved about one position of the game: who cannot
/// checkmate there, White's then Black's part. Every later position of the
/// same line inherits it, since whatever can be reached from them could be
/// reached from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Proof {
    ply: usize,
    fen: String,
    cannot: [bool; 2],
}

fn fen_of(position: &Chess) -> String {
    Fen::from_position(position, EnPassantMode::Legal).to_string()
}

impl Game {
    /// The question about the position after the last move that is still
    /// open (5.2.2): `None` once the game is over, while a result waits on
    /// the press (D.2.8), when too little material already decided it, or
    /// when the search has already answered for this position.
    pub fn question(&self) -> Option<CheckmateQuestion> {
        if self.outcome().is_some() || self.provisional.is_some() {
            return None;
        }
        let ply = self.moves.len();
        let fen = fen_of(&self.position);
        if self
            .proof
            .as_ref()
            .is_some_and(|p| p.ply == ply && p.fen == fen)
        {
            return None;
        }
        Some(CheckmateQuestion {
            ply,
            fen,
            position: self.position.clone(),
        })
    }

    /// What the announced move's position would decide (mate, stalemate,
    /// a dead position, 9.6) if the move stands: until the clock press it
    /// can still be corrected (D.2.8).
    pub fn provisional_outcome(&self) -> Option<Outcome> {
        self.provisional
    }

    /// Whether `color` is known to be unable to checkmate in the game's
    /// position by any series of legal moves (5.1.2, 6.9, 7.5.5): too
    /// little material, or a proof of the search about this line. Never a
    /// search: unknown counts as able to mate.
    pub fn cannot_mate(&self, color: Color) -> bool {
        rules::cannot_mate_by_material(&self.position, color)
            || self.valid_proof().is_some_and(|p| p.cannot[idx(color)])
    }

    /// The latest proof, if its position is still on the game's line.
    fn valid_proof(&self) -> Option<&Proof> {
        self.proof
            .as_ref()
            .filter(|p| p.ply <= self.moves.len() && fen_of(&self.replay(p.ply)) == p.fen)
    }

    /// The search's answer: `sides` cannot checkmate after `ply`
    /// half-moves, in the position `fen`. Both: a dead position, which
    /// ended the game there (5.2.2), subject to D.2.8 while the move that
    /// made it can still be corrected.
    pub(super) fn cannot_checkmate(&mut self, ply: usize, fen: &str, sides: &[Side], now: Instant) {
        // Over already, or stale: the answer changes nothing.
        if self.outcome().is_some() || ply > self.moves.len() || fen_of(&self.replay(ply)) != fen {
            return;
        }
        let mut cannot = self.valid_proof().map_or([false; 2], |p| p.cannot);
        for side in sides {
            cannot[idx(Color::from(*side))] = true;
        }
        self.proof = Some(Proof {
            ply,
            fen: fen.to_string(),
            cannot,
        });
        if !(cannot[0] && cannot[1]) {
            return;
        }
        let outcome = Outcome {
            result: GameResult::Draw,
            termination: Termination::DeadPosition,
        };
        if ply < self.moves.len() {
            self.void_moves_after(ply);
            self.finish(outcome, now);
        } else {
            self.conclude(outcome, now);
        }
    }

    /// The position after `ply` half-moves was dead: the game ended there
    /// (5.2.2), and the moves made after it, while the search ran, are
    /// struck from the game, both boards and both scores. They are named
    /// in a note on the last move that counts.
    fn void_moves_after(&mut self, ply: usize) {
        let void: Vec<String> = self.moves[ply..].iter().map(|p| p.san.clone()).collect();
        self.moves.truncate(ply);
        self.keys.truncate(ply + 1);
        self.position = self.replay(ply);
        self.step = Step::Enter;
        self.diverging = false;
        self.claim_record = None;
        self.pending.clear();
        let sans: Vec<String> = self.moves.iter().map(|p| p.san.clone()).collect();
        self.scores = [sans.clone(), sans];
        let count = void.len().to_string();
        let Some(last) = self.moves.last_mut() else {
            return;
        };
        last.comments.push(
            self.pack
                .line_sentences()
                .say(LineSentence::NoteDead, &[("moves", &void.join(" "))]),
        );
        let last = last.clone();
        let number = MoveNumber::after(&self.start, ply - 1).number.to_string();
        let text = self.tell_count(
            GameSentence::DeadEarlier,
            void.len(),
            &[
                ("number", &number),
                ("side", self.side(last.by)),
                ("move", &last.words),
                ("count", &count),
            ],
        );
        self.say(EventKind::Ruling, text, Priority::Urgent);
    }
}
