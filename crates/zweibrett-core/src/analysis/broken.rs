//! A game read up to its fault: the moves before an unreadable token can
//! be gone through, and going past the last of them says the fault — the
//! token, the move it stands at and why — in the pack's words. The list
//! of games marks such a game.

use super::session::Session;
use super::words::{AnalysisSentence, AnalysisWords};
use crate::record::pgn_game::{Fault, Game, GameError, GameProblem};
use crate::record::pgn_index::GameEntry;

impl AnalysisWords {
    /// Why a game's text cannot be read on, in the pack's words where the
    /// pack has them (a move that is illegal, unreadable or ambiguous).
    /// Damaged text (bytes that are no characters, control characters, a
    /// run of symbols no move has) is not read out: a short printable
    /// excerpt is said, where the line or the move number says where.
    pub fn fault_reason(&self, error: &GameError) -> String {
        match &error.problem {
            GameProblem::UnreadableMove(token) if is_damaged(token) => {
                let excerpt = printable_excerpt(token);
                let excerpt = if excerpt.is_empty() {
                    self.phrase(AnalysisSentence::Unprintable, &[])
                } else {
                    excerpt
                };
                self.phrase(AnalysisSentence::FaultDamaged, &[("excerpt", &excerpt)])
            }
            GameProblem::IllegalMove(token) => {
                self.phrase(AnalysisSentence::FaultIllegal, &[("token", token)])
            }
            GameProblem::UnreadableMove(token) => {
                self.phrase(AnalysisSentence::FaultUnreadable, &[("token", token)])
            }
            GameProblem::AmbiguousMove { token, choices } => {
                let or = format!(" {} ", self.pack.phrases.or);
                self.phrase(
                    AnalysisSentence::FaultAmbiguous,
                    &[("token", token), ("moves", &choices.join(&or))],
                )
            }
            other => other.to_string(),
        }
    }

    /// Where the moves break off: "the score breaks off at twelve, Black:
    /// illegal move Qxh2".
    pub fn fault(&self, fault: &Fault) -> String {
        self.phrase(
            AnalysisSentence::Fault,
            &[
                ("number", &self.clock.number(u64::from(fault.number), None)),
                ("side", self.pack.side(fault.color)),
                ("reason", &self.fault_reason(&fault.error)),
            ],
        )
    }
}

/// The most characters of damaged text said.
const EXCERPT: usize = 24;

/// Whether a token no move was read from is damaged text rather than a
/// move written wrong: it holds a character that is no character of text
/// (a control character, the replacement for bytes that are no UTF-8), or
/// it is longer than any move is written.
pub fn is_damaged(token: &str) -> bool {
    token.chars().any(|c| c.is_control() || c == '\u{fffd}') || token.chars().count() > 20
}

/// A short excerpt of damaged text: its printable characters, each run of
/// others made one space, at most [`EXCERPT`] characters.
pub fn printable_excerpt(token: &str) -> String {
    let mut out = String::new();
    for c in token.chars() {
        let printable = !c.is_control() && c != '\u{fffd}' && !c.is_whitespace();
        if printable {
            out.push(c);
        } else if !out.ends_with(' ') && !out.is_empty() {
            out.push(' ');
        }
    }
    let out = out.trim_end().to_string();
    if out.chars().count() > EXCERPT {
        out.chars().take(EXCERPT).collect::<String>() + "…"
    } else {
        out
    }
}

impl Session {
    /// The fault of the game open, when the board shows the last move
    /// before it: what the next step forward says instead of a move.
    pub fn fault_reached(&self) -> Option<String> {
        let fault = self.replay.game().fault.as_ref()?;
        self.replay
            .at_end_of_game()
            .then(|| self.words.fault(fault))
    }

    /// A line of the list of games, marked when the game can be read only
    /// up to a fault.
    pub fn listed(&self, entry: &GameEntry) -> String {
        let said = self.words.entry(entry);
        if self.is_broken(entry) {
            self.words
                .phrase(AnalysisSentence::ListedBroken, &[("game", &said)])
        } else {
            said
        }
    }

    /// Whether the game's moves break off at a fault (the game open is
    /// known; another is read to find out).
    pub fn is_broken(&self, entry: &GameEntry) -> bool {
        if entry.number == self.number {
            return self.replay.game().fault.is_some();
        }
        crate::record::pgn_game::check_length(entry.length, entry.line).is_err()
            || self
                .index
                .read_text(entry)
                .ok()
                .and_then(|text| Game::parse_up_to_fault(&text, entry.line).ok())
                .is_none_or(|game| game.fault.is_some())
    }
}
