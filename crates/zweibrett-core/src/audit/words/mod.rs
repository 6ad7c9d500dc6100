//! The ruling in words (D.2.9), as the arbiter says it: every square, piece
//! and move in the voice pack's words, so that it is clear when heard. The
//! sentences come from the pack's `[audit]` table, checked when loaded.

use std::time::Duration;

use shakmaty::{Chess, Color, Move, Piece, Position};

mod written;

use super::{Case, Cause, Correction, Ruling};
use crate::clock::words::{ClockWords, ClockWordsError, Unit};
use crate::notation::pack::AuditSentence;
use crate::notation::pack::{Sentences, VoicePack};
use crate::notation::{Form, MoveNumber, say};

/// Why a pack's words cannot be used for the audit. The sentences
/// themselves were checked when the pack loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AuditWordsError {
    /// The pack has no `[audit]` table.
    #[error("{file}, key audit: the pack has no [audit] table")]
    NoTable {
        /// The pack's file.
        file: String,
    },
    /// The pack's `[clock]` words, for times, cannot be used.
    #[error(transparent)]
    Clock(#[from] ClockWordsError),
}

/// A voice pack's words for the audit, checked.
#[derive(Clone, Debug)]
pub struct AuditWords {
    pack: VoicePack,
    clock: ClockWords,
    sentences: Sentences<AuditSentence>,
}

impl AuditWords {
    /// Reads and checks the `[audit]` table of a voice pack (and its clock
    /// words, for times).
    pub fn from_pack(pack: &VoicePack) -> Result<AuditWords, AuditWordsError> {
        // The pack checked every key and placeholder when it was loaded.
        let sentences = pack
            .audit_sentences()
            .ok_or_else(|| AuditWordsError::NoTable {
                file: pack.source_name(),
            })?
            .clone();
        let clock = ClockWords::from_pack(pack)?;
        Ok(AuditWords {
            pack: pack.clone(),
            clock,
            sentences,
        })
    }

    /// The audit words of a built-in pack; panics only if a shipped pack is
    /// broken, which the tests rule out.
    pub fn builtin(id: &str) -> AuditWords {
        AuditWords::from_pack(&VoicePack::builtin(id)).unwrap_or_else(|e| panic!("{e}"))
    }

    fn fill(&self, key: AuditSentence, values: &[(&str, &str)]) -> String {
        self.sentences.say(key, values)
    }

    fn fill_count(&self, key: AuditSentence, n: usize, values: &[(&str, &str)]) -> String {
        self.sentences.say_count(key, n as u64, values)
    }

    fn side(&self, color: Color) -> &str {
        self.pack.side(color)
    }

    /// "nach dem 12. Zug von Schwarz": the point after `plies` half-moves
    /// from `start`.
    pub fn point(&self, start: &Chess, plies: usize) -> String {
        if plies == 0 {
            return self.fill(AuditSentence::AtStart, &[]);
        }
        let (number, mover) = move_of(start, plies);
        self.fill(
            AuditSentence::AfterMove,
            &[("number", &number.to_string()), ("side", self.side(mover))],
        )
    }

    /// A piece with its colour: "Springer von Weiß".
    pub fn piece(&self, piece: Piece) -> String {
        self.fill(
            AuditSentence::Piece,
            &[
                ("piece", self.pack.piece(piece.role)),
                ("side", self.side(piece.color)),
            ],
        )
    }

    /// One square to set right.
    pub fn correction(&self, c: &Correction) -> String {
        let square = self.pack.square(c.square);
        match (c.now, c.should) {
            (None, Some(p)) => self.fill(
                AuditSentence::Put,
                &[("square", &square), ("piece", &self.piece(p))],
            ),
            (Some(p), None) => self.fill(
                AuditSentence::Remove,
                &[("square", &square), ("piece", &self.piece(p))],
            ),
            (Some(now), Some(should)) => self.fill(
                AuditSentence::Replace,
                &[
                    ("square", &square),
                    ("now", &self.piece(now)),
                    ("should", &self.piece(should)),
                ],
            ),
            (None, None) => String::new(),
        }
    }

    /// An exact time for setting a clock: hours, minutes and seconds, parts
    /// that are zero left out.
    pub fn clock_time(&self, time: Duration) -> String {
        let secs = time.as_secs();
        let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        let mut parts = Vec::new();
        if h > 0 {
            parts.push(self.clock.count(h, Unit::Hour));
        }
        if m > 0 {
            parts.push(self.clock.count(m, Unit::Minute));
        }
        if s > 0 || parts.is_empty() {
            parts.push(self.clock.count(s, Unit::Second));
        }
        parts.join(" ")
    }

    /// What one player must change on their own board so that it shows
    /// what it should, in the ruling's words (D.2.9): "Das Brett von
    /// Schwarz wird berichtigt, 3 Felder: von David zwei Springer von
    /// Schwarz wegnehmen, …", or that the board is right.
    pub fn board_changes(&self, color: Color, changes: &[Correction]) -> String {
        let side = self.side(color);
        if changes.is_empty() {
            return self.fill(AuditSentence::BoardRight, &[("side", side)]);
        }
        let head = self.fill_count(
            AuditSentence::BoardWrong,
            changes.len(),
            &[("side", side), ("count", &changes.len().to_string())],
        );
        format!("{head} {}.", self.list(&self.steps(changes)))
    }

    /// The corrections as hands make them, listed in one sentence: what a
    /// board that shows something else needs to show the game.
    pub fn corrections(&self, changes: &[Correction]) -> String {
        self.list(&self.steps(changes))
    }

    /// The corrections as hands make them on a tactile board: a piece
    /// taken from one square and wanted on another is one step, that
    /// piece moved ("move the White Knight from Cesar three to Bella
    /// one"); anything else square by square.
    pub fn steps(&self, changes: &[Correction]) -> Vec<String> {
        let mut done = vec![false; changes.len()];
        let mut steps = Vec::new();
        for (i, c) in changes.iter().enumerate() {
            if done[i] {
                continue;
            }
            done[i] = true;
            // The nearest square the same piece is to go to, or to come
            // from: a wrongly made move is undone rather than crossed with
            // the right one.
            let partner = (0..changes.len())
                .filter(|&j| {
                    let d = &changes[j];
                    !done[j]
                        && match (c.now, c.should) {
                            (Some(p), None) => d.now.is_none() && d.should == Some(p),
                            (None, Some(p)) => d.now == Some(p) && d.should.is_none(),
                            _ => false,
                        }
                })
                .min_by_key(|&j| c.square.distance(changes[j].square));
            let Some(j) = partner else {
                steps.push(self.correction(c));
                continue;
            };
            done[j] = true;
            let (from, to) = if c.now.is_some() {
                (c, &changes[j])
            } else {
                (&changes[j], c)
            };
            let piece = from.now.map(|p| self.piece(p)).unwrap_or_default();
            steps.push(self.fill(
                AuditSentence::Shift,
                &[
                    ("piece", &piece),
                    ("from", &self.pack.square(from.square)),
                    ("to", &self.pack.square(to.square)),
                ],
            ));
        }
        steps
    }

    /// "a, b und c".
    fn list(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => format!(
                "{} {} {last}",
                rest.join(", "),
                self.fill(AuditSentence::And, &[])
            ),
        }
    }

    /// The whole ruling, one sentence a line, as the arbiter says it.
    pub fn ruling(&self, start: &Chess, ruling: &Ruling) -> Vec<String> {
        let mut out = Vec::new();
        let point = self.point(start, ruling.agreed_plies);
        let turn = self.side(ruling.position.turn());
        match ruling.case {
            Case::Scores => out.push(self.fill(
                AuditSentence::ScoresDiffer,
                &[("point", &point), ("side", turn)],
            )),
            _ => out.push(self.fill(AuditSentence::ScoresAgree, &[("point", &point)])),
        }
        for color in [Color::White, Color::Black] {
            if let Some(illegal) = ruling.illegal.get(color) {
                let (number, mover) = move_of(start, illegal.ply);
                out.push(self.fill(
                    AuditSentence::Illegal,
                    &[
                        ("side", self.side(color)),
                        ("mover", self.side(mover)),
                        ("number", &number.to_string()),
                        ("text", &self.written(&illegal.before, &illegal.text)),
                    ],
                ));
            }
        }
        for cause in &ruling.causes {
            out.extend(self.cause(start, cause));
        }
        for color in [Color::White, Color::Black] {
            let struck = ruling.retract.get(color);
            if !struck.is_empty() {
                let line = self.struck(&ruling.position, struck);
                out.push(self.fill(
                    AuditSentence::Retract,
                    &[("side", self.side(color)), ("moves", &self.list(&line))],
                ));
            }
        }
        if ruling.adjust.white.is_empty()
            && ruling.adjust.black.is_empty()
            && ruling.boards_given.white
            && ruling.boards_given.black
        {
            out.push(self.fill(AuditSentence::BoardsRight, &[]));
        } else {
            for color in [Color::White, Color::Black] {
                let side = self.side(color);
                let adjust = ruling.adjust.get(color);
                if !ruling.boards_given.get(color) {
                    out.push(self.fill(AuditSentence::BoardUnchecked, &[("side", side)]));
                } else if adjust.is_empty() {
                    out.push(self.fill(AuditSentence::BoardRight, &[("side", side)]));
                } else {
                    out.push(self.fill_count(
                        AuditSentence::BoardWrong,
                        adjust.len(),
                        &[("side", side), ("count", &adjust.len().to_string())],
                    ));
                    out.extend(self.steps(adjust));
                    if ruling.case == Case::Boards
                        && !ruling.causes.iter().any(
                            |c| matches!(c, Cause::WrongExecution { board, .. } | Cause::NotMade { board, .. } if *board == color),
                        )
                    {
                        out.push(self.fill(AuditSentence::NoCause, &[("side", side)]));
                    }
                }
            }
        }
        out.push(self.clocks(ruling));
        out
    }

    fn clocks(&self, ruling: &Ruling) -> String {
        if ruling.clocks.white.is_none() && ruling.clocks.black.is_none() {
            return self.fill(AuditSentence::ClocksUnknown, &[]);
        }
        let time = |c: Color| {
            ruling.clocks.get(c).map_or_else(
                || self.fill(AuditSentence::ClockUnknown, &[]),
                |t| self.clock_time(t),
            )
        };
        self.fill(
            AuditSentence::Clocks,
            &[
                ("white_side", self.side(Color::White)),
                ("black_side", self.side(Color::Black)),
                ("white", &time(Color::White)),
                ("black", &time(Color::Black)),
            ],
        )
    }

    /// The sentences for one cause.
    pub fn cause(&self, start: &Chess, cause: &Cause) -> Vec<String> {
        let spoken = |before: &Chess, m: Move| say(&self.pack, before, m, Form::Short);
        let numbered = |ply: usize| {
            let (number, mover) = move_of(start, ply);
            (number.to_string(), self.side(mover).to_string())
        };
        match cause {
            Cause::WrongExecution {
                board,
                ply,
                before,
                made,
                scored,
            } => {
                let (number, mover) = numbered(*ply);
                vec![self.fill(
                    AuditSentence::WrongExecution,
                    &[
                        ("owner", self.side(*board)),
                        ("mover", &mover),
                        ("number", &number),
                        ("made", &spoken(before, *made)),
                        ("scored", &spoken(before, *scored)),
                    ],
                )]
            }
            Cause::NotMade {
                board,
                ply,
                before,
                scored,
            } => {
                let (number, mover) = numbered(*ply);
                vec![self.fill(
                    AuditSentence::NotMade,
                    &[
                        ("owner", self.side(*board)),
                        ("mover", &mover),
                        ("number", &number),
                        ("move", &spoken(before, *scored)),
                    ],
                )]
            }
            Cause::Missing {
                score,
                ply,
                before,
                missing,
            } => {
                let (number, mover) = numbered(*ply);
                vec![self.fill(
                    AuditSentence::Missing,
                    &[
                        ("side", self.side(*score)),
                        ("mover", &mover),
                        ("number", &number),
                        ("move", &spoken(before, *missing)),
                    ],
                )]
            }
            Cause::Extra {
                score,
                ply,
                before,
                written,
            } => {
                let (number, mover) = numbered(*ply);
                vec![self.fill(
                    AuditSentence::Extra,
                    &[
                        ("side", self.side(*score)),
                        ("mover", &mover),
                        ("number", &number),
                        ("move", &self.written(before, written)),
                    ],
                )]
            }
            Cause::Swapped { score, ply, moves } => {
                let (first_number, mover) = numbered(*ply);
                let (second_number, _) = numbered(ply + 2);
                let first = spoken(&moves[0].0, moves[0].1);
                let second = spoken(&moves[1].0, moves[1].1);
                let mut values = vec![
                    ("mover", mover.as_str()),
                    ("first_number", first_number.as_str()),
                    ("second_number", second_number.as_str()),
                    ("first", first.as_str()),
                    ("second", second.as_str()),
                ];
                match score {
                    Some(c) => {
                        values.push(("side", self.side(*c)));
                        vec![self.fill(AuditSentence::Swapped, &values)]
                    }
                    None => vec![self.fill(AuditSentence::SwappedUnknown, &values)],
                }
            }
            Cause::WrongSquare {
                score,
                ply,
                before,
                written,
                right,
            } => {
                let (number, mover) = numbered(*ply);
                vec![self.fill(
                    AuditSentence::WrongSquare,
                    &[
                        ("side", self.side(*score)),
                        ("mover", &mover),
                        ("number", &number),
                        ("written", &self.written(before, written)),
                        ("right", &spoken(before, *right)),
                    ],
                )]
            }
            Cause::Different {
                wrong,
                ply,
                before,
                written,
            } => {
                let (number, mover) = numbered(*ply);
                let text = |c: Color| {
                    written.get(c).as_ref().map_or_else(
                        || self.fill(AuditSentence::NotWritten, &[]),
                        |t| self.written(before, t),
                    )
                };
                let mut out = vec![self.fill(
                    AuditSentence::Different,
                    &[
                        ("mover", &mover),
                        ("number", &number),
                        ("white_side", self.side(Color::White)),
                        ("black_side", self.side(Color::Black)),
                        ("white", &text(Color::White)),
                        ("black", &text(Color::Black)),
                    ],
                )];
                if let Some(c) = wrong {
                    out.push(self.fill(AuditSentence::WrongScore, &[("side", self.side(*c))]));
                }
                out
            }
        }
    }
}

/// The move number and the mover of half-move `ply` (from 1) after `start`.
pub fn move_of(start: &Chess, ply: usize) -> (u32, Color) {
    let at = MoveNumber::after(start, ply.saturating_sub(1));
    (at.number, at.color)
}
