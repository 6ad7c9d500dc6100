//! A piece touched by the sighted player (D.2.10.5), held against that
//! player's next move by the touch-move rule (Art. 4.3, 4.5), with the
//! arbiter's ruling when the move does not honour it.

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color, Move, Position, Square};

use super::{EventKind, Game, Step, idx};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::notation::pack::LineSentence;
use crate::utterance::{Earcon, Priority, Utterance};

/// The arbiter's ruling on a move that did not honour a touched piece
/// (Art. 4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TouchRuling {
    /// The touch is upheld: the move is taken back and a legal move with
    /// the touched piece must be made (4.3.1, 4.3.2).
    Uphold,
    /// The move stands.
    Stand,
}

/// Where a reported touch stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TouchState {
    /// Reported; the player's next move has not been entered.
    Reported,
    /// The announced move honours the touch (or nothing could honour it).
    Honoured,
    /// The announced move does not honour it: the arbiter rules first.
    Breached,
    /// The arbiter upheld the touch: the next move must honour it.
    Upheld,
}

/// A touch reported by the assistant (D.2.10.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Touch {
    /// The sighted player who touched.
    pub player: Color,
    /// The touched piece's square, when the report names one.
    pub square: Option<Square>,
    /// The note for the score.
    pub note: String,
    /// Where it stands.
    pub state: TouchState,
}

/// The square a note ends in: `e2`, `bishop c8`, `Bc8`.
fn square_of(note: &str) -> Option<Square> {
    let last = note.split_whitespace().last()?;
    let tail = last.get(last.len().checked_sub(2)?..)?;
    tail.to_ascii_lowercase().parse().ok()
}

/// What the touch-move rule demands of the player to move in `position`
/// with a piece touched on `square` (4.3.1, 4.3.2): `Some(true)` to move
/// their own piece from it, `Some(false)` to capture the opponent's piece
/// on it, `None` when the piece can be neither moved nor captured, or the
/// square is empty, and any legal move may be made (4.5).
fn duty(position: &Chess, square: Square) -> Option<bool> {
    let piece = position.board().piece_at(square)?;
    let own = piece.color == position.turn();
    let legal = position.legal_moves();
    let possible = legal.iter().any(|m| honours(position, *m, square, own));
    possible.then_some(own)
}

/// Whether `m` moves the piece on `square` (`own`), or captures it.
fn honours(position: &Chess, m: Move, square: Square, own: bool) -> bool {
    if own {
        // Castling is a king move (3.8.2): touching the rook alone does
        // not call for it (4.4.2).
        return m.from() == Some(square);
    }
    match m {
        Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()) == square,
        _ => m.is_capture() && m.to() == square && position.board().piece_at(square).is_some(),
    }
}

impl Game {
    /// The sighted player touched a piece (D.2.10.5): whatever side is to
    /// move, it is the player who is not visually impaired; the note goes
    /// on the score with that player's next move, and a square in it is
    /// held against that move (4.3).
    pub(super) fn touched(&mut self, note: Option<&str>) {
        let sighted = [Color::White, Color::Black]
            .into_iter()
            .find(|c| !self.setup.impaired.includes(*c));
        let Some(player) = sighted else {
            self.answer(&self.tell(GameSentence::NoSightedPlayer, &[]));
            return;
        };
        let who = self.side(player);
        let side = self.side(player);
        let note = note.map(str::trim).filter(|n| !n.is_empty());
        let (text, said) = match note {
            Some(n) => (
                self.pack.line_sentences().say(
                    LineSentence::NoteTouchedWith,
                    &[("player", who), ("note", n)],
                ),
                self.tell(GameSentence::TouchedNote, &[("side", side), ("note", n)]),
            ),
            None => (
                self.pack
                    .line_sentences()
                    .say(LineSentence::NoteTouched, &[("player", who)]),
                self.tell(GameSentence::Touched, &[("side", side)]),
            ),
        };
        self.touch = Some(Touch {
            player,
            square: note.and_then(square_of),
            note: text,
            state: TouchState::Reported,
        });
        self.say(EventKind::Answer, said, Priority::Answer);
    }

    /// Whether `player` touched a piece (4.3) that holds against the move
    /// they are about to make: reported and not yet honoured, or upheld.
    pub(super) fn touched_this_move(&self, player: Color) -> bool {
        self.touch.as_ref().is_some_and(|t| {
            t.player == player && matches!(t.state, TouchState::Reported | TouchState::Upheld)
        })
    }

    /// Whether the last move did not honour a touched piece and the
    /// arbiter's touch-move ruling on it is awaited (4.3, D.2.10.5).
    pub fn awaits_touch_ruling(&self) -> bool {
        self.touch
            .as_ref()
            .is_some_and(|t| t.state == TouchState::Breached)
    }

    /// The sentence saying what the touch demands of `player` on `square`.
    fn duty_words(&self, player: Color, square: Square, own: bool) -> String {
        let key = if own {
            GameSentence::TouchMustMove
        } else {
            GameSentence::TouchMustCapture
        };
        let square = square.to_string();
        self.tell(key, &[("side", self.side(player)), ("square", &square)])
    }

    /// After the arbiter upheld a touch, a move that does not honour it is
    /// refused with what the rule demands (4.3); true when `m` may be made.
    pub(super) fn touch_allows(&mut self, m: Move) -> bool {
        let Some(touch) = self.touch.clone() else {
            return true;
        };
        let mover = self.position.turn();
        let (TouchState::Upheld, Some(square), true) =
            (touch.state, touch.square, touch.player == mover)
        else {
            return true;
        };
        match duty(&self.position, square) {
            Some(own) if !honours(&self.position, m, square, own) => {
                let text = self.duty_words(mover, square, own);
                self.answer(&text);
                false
            }
            _ => true,
        }
    }

    /// Holds the move about to be announced from `before` against a touch
    /// by its mover: notes it on the score and marks whether it honours
    /// the touch (4.3, 4.5). Gives what to say, after the announcement,
    /// when it does not.
    pub(super) fn check_touch(
        &mut self,
        before: &Chess,
        m: Move,
        comments: &mut Vec<String>,
    ) -> Option<Utterance> {
        let mover = before.turn();
        let touch = self.touch.as_mut().filter(|t| t.player == mover)?;
        if !comments.contains(&touch.note) {
            comments.push(touch.note.clone());
        }
        let demanded = touch
            .square
            .and_then(|sq| duty(before, sq).map(|own| (sq, own)));
        touch.state = match demanded {
            Some((sq, own)) if !honours(before, m, sq, own) => TouchState::Breached,
            _ => TouchState::Honoured,
        };
        let (TouchState::Breached, Some((square, own))) = (touch.state, demanded) else {
            return None;
        };
        let duty = self.duty_words(mover, square, own);
        let text = self.tell(GameSentence::TouchBreach, &[("duty", &duty)]);
        Some(Utterance::new(text, Priority::Urgent).with_earcon(Earcon::NotUnderstood))
    }

    /// The press completes the move: a touch it honoured is settled.
    pub(super) fn settle_touch(&mut self, mover: Color) {
        if self
            .touch
            .as_ref()
            .is_some_and(|t| t.player == mover && t.state == TouchState::Honoured)
        {
            self.touch = None;
        }
    }

    /// The arbiter's ruling on a move that did not honour the touched
    /// piece: upheld, the move is taken back and a legal move with the
    /// touched piece must be made (4.3); or the move stands.
    pub(super) fn touch_ruling(&mut self, ruling: TouchRuling, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        let breach = self
            .touch
            .clone()
            .filter(|t| t.state == TouchState::Breached);
        let (Some(touch), Step::Announced(_)) = (breach, &self.step) else {
            self.answer(&self.tell(GameSentence::NoTouchRuling, &[]));
            return;
        };
        match ruling {
            TouchRuling::Stand => {
                self.touch = None;
                if let Some(last) = self.moves.last_mut() {
                    last.comments.push(
                        self.pack
                            .line_sentences()
                            .say(LineSentence::NoteTouchStands, &[]),
                    );
                }
                let text = self.tell(GameSentence::TouchStands, &[]);
                self.say(EventKind::Ruling, text, Priority::Urgent);
                self.auto_press(now);
            }
            TouchRuling::Uphold => {
                let Some(old) = self.moves.pop() else {
                    return;
                };
                let mover = old.by;
                self.keys.pop();
                self.scores[idx(mover)].pop();
                self.position = self.replay(self.moves.len());
                self.boards[idx(mover)] = self.position.clone();
                self.step = Step::Enter;
                // A move written with a claim gives way to the ruling.
                self.claimed_move = None;
                if old.offer && self.offer == Some(mover) {
                    self.offer_with_next_move = true;
                }
                self.pending
                    .push(format!("touch-move upheld: {} taken back", old.san));
                let mut upheld = touch;
                upheld.state = TouchState::Upheld;
                let duty = upheld
                    .square
                    .and_then(|sq| duty(&self.position, sq).map(|own| (sq, own)))
                    .map(|(sq, own)| self.duty_words(mover, sq, own))
                    .unwrap_or_default();
                self.touch = Some(upheld);
                let text = self.tell(GameSentence::TouchUpheld, &[("duty", &duty)]);
                self.say(EventKind::Ruling, text, Priority::Urgent);
            }
        }
    }
}
