//! A piece touched by the sighted player (D.2.10.5) or taken out of its
//! securing aperture by the visually impaired player (D.2.2), held
//! against that player's next move by the touch-move rule (Art. 4.3–4.5),
//! with the arbiter's ruling when the move does not honour it and the
//! claim lost once the opponent moves on (4.8).

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

/// A touch reported by the assistant (D.2.10.5), or the visually
/// impaired player's piece taken out of its securing aperture (D.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Touch {
    /// The player who touched.
    pub player: Color,
    /// The touched pieces' squares, in the order they were touched: the
    /// first that can be moved or captured is the one the rule holds
    /// (4.3.1–4.3.3, 4.4).
    pub squares: Vec<Square>,
    /// The notes as reported, for the score.
    pub notes: Vec<String>,
    /// The note for the score.
    pub note: String,
    /// Where it stands.
    pub state: TouchState,
}

/// The squares a note names, in order: `e2`, `bishop c8`, `Ke1 Rh1`.
fn squares_of(note: &str) -> Vec<Square> {
    note.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter_map(|word| {
            let tail = word.get(word.len().checked_sub(2)?..)?;
            tail.to_ascii_lowercase().parse().ok()
        })
        .collect()
}

/// What the touch-move rule demands of the player to move (Art. 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Demand {
    /// Move the piece on `from` (4.3.1), not castling with the rook on
    /// `not_castling_with` (4.4.2).
    Move {
        from: Square,
        not_castling_with: Option<Square>,
    },
    /// Castle with the rook on `rook` (4.4.1).
    Castle { king: Square, rook: Square },
    /// Capture the piece on `target` (4.3.2), with the piece on `with`
    /// when both colours were touched (4.3.3).
    Capture {
        target: Square,
        with: Option<Square>,
    },
}

/// Whether `m` honours `demand` in `position`.
fn honours(position: &Chess, m: Move, demand: Demand) -> bool {
    match demand {
        // Castling is a king move (3.8.2): touching the rook alone does
        // not call for it (4.4.2).
        Demand::Move {
            from,
            not_castling_with,
        } => {
            let barred = matches!(m, Move::Castle { rook, .. } if Some(rook) == not_castling_with);
            m.from() == Some(from) && !barred
        }
        Demand::Castle { king, rook } => m == Move::Castle { king, rook },
        Demand::Capture { target, with } => {
            let captures = match m {
                Move::EnPassant { from, to } => {
                    Square::from_coords(to.file(), from.rank()) == target
                }
                _ => {
                    m.is_capture()
                        && m.to() == target
                        && position.board().piece_at(target).is_some()
                }
            };
            captures && with.is_none_or(|w| m.from() == Some(w))
        }
    }
}

/// What the rule demands in `position` of the player to move, who touched
/// the pieces on `squares` in that order: the first piece that can be
/// moved or captured (4.3), castling for king then rook (4.4.1, 4.4.3),
/// no castling for rook then king (4.4.2); `None` when no touched piece
/// can be moved or captured, and any legal move may be made (4.5).
fn demand(position: &Chess, squares: &[Square]) -> Option<Demand> {
    let board = position.board();
    let turn = position.turn();
    let legal = position.legal_moves();
    let possible = |d: Demand| legal.iter().any(|m| honours(position, *m, d));
    let mut touched: Vec<(Square, shakmaty::Piece)> = Vec::new();
    for sq in squares {
        if let Some(piece) = board.piece_at(*sq)
            && !touched.iter().any(|(s, _)| s == sq)
        {
            touched.push((*sq, piece));
        }
    }
    let own: Vec<(Square, shakmaty::Role)> = touched
        .iter()
        .filter(|(_, p)| p.color == turn)
        .map(|(s, p)| (*s, p.role))
        .collect();
    let king_then_rook = match own.as_slice() {
        [(king, shakmaty::Role::King), rest @ ..] => rest
            .iter()
            .find(|(_, r)| *r == shakmaty::Role::Rook)
            .map(|(rook, _)| (*king, *rook)),
        _ => None,
    };
    if let Some((king, rook)) = king_then_rook {
        let castle = Demand::Castle { king, rook };
        if possible(castle) {
            return Some(castle);
        }
        // 4.4.3: another legal king move, or any move when it has none.
        let with_king = Demand::Move {
            from: king,
            not_castling_with: None,
        };
        return possible(with_king).then_some(with_king);
    }
    // 4.4.2: a rook touched before the king bars castling with it.
    let barred_rook = own
        .iter()
        .position(|(_, r)| *r == shakmaty::Role::King)
        .and_then(|k| {
            own[..k]
                .iter()
                .find(|(_, r)| *r == shakmaty::Role::Rook)
                .map(|(s, _)| *s)
        });
    let first_own = own.first().map(|(s, _)| *s);
    let first_theirs = touched
        .iter()
        .find(|(_, p)| p.color != turn)
        .map(|(s, _)| *s);
    // 4.3.3: the first touched own piece captures the first touched
    // opponent's piece, when it can.
    if let (Some(with), Some(target)) = (first_own, first_theirs) {
        let capture = Demand::Capture {
            target,
            with: Some(with),
        };
        if possible(capture) {
            return Some(capture);
        }
    }
    touched
        .iter()
        .map(|(sq, p)| {
            if p.color == turn {
                Demand::Move {
                    from: *sq,
                    not_castling_with: barred_rook,
                }
            } else {
                Demand::Capture {
                    target: *sq,
                    with: None,
                }
            }
        })
        .find(|d| possible(*d))
}

impl Game {
    /// A player touched a piece: the sighted player as the assistant
    /// reports it (D.2.10.5), or the visually impaired player, whose piece
    /// counts as touched when it is taken out of its securing aperture
    /// (D.2.2). A note may start with the side (`black e7`); without one
    /// it is the sighted player, or the side to move when both players
    /// are visually impaired. The note goes on the score with that
    /// player's next move, and the squares in it are held against that
    /// move in the order they were touched (4.3, 4.4): a second report on
    /// the same move adds to the first, never replaces it (4.3.1).
    pub(super) fn touched(&mut self, note: Option<&str>) {
        let note = note.map(str::trim).filter(|n| !n.is_empty());
        let (named, note) = match note.and_then(|n| n.split_once(char::is_whitespace)) {
            Some((first, rest)) if first.chars().count() > 1 => {
                match first.parse::<super::Side>() {
                    Ok(side) => (Some(Color::from(side)), Some(rest.trim())),
                    Err(_) => (None, note),
                }
            }
            _ => match note.map(|n| n.parse::<super::Side>()) {
                Some(Ok(side)) if note.is_some_and(|n| n.chars().count() > 1) => {
                    (Some(Color::from(side)), None)
                }
                _ => (None, note),
            },
        };
        let sighted = [Color::White, Color::Black]
            .into_iter()
            .find(|c| !self.setup.impaired.includes(*c));
        let player = named.or(sighted).unwrap_or(self.position.turn());
        let lifted = self.setup.impaired.includes(player);
        let side = self.side(player).to_string();
        let said = match (note, lifted) {
            (Some(n), false) => {
                self.tell(GameSentence::TouchedNote, &[("side", &side), ("note", n)])
            }
            (None, false) => self.tell(GameSentence::Touched, &[("side", &side)]),
            (Some(n), true) => self.tell(GameSentence::LiftedNote, &[("side", &side), ("note", n)]),
            (None, true) => self.tell(GameSentence::Lifted, &[("side", &side)]),
        };
        // A report on the same move adds the pieces touched after the
        // first (4.3.1); one for the other player starts afresh.
        let mut touch = match self.touch.take() {
            Some(t) if t.player == player && t.state == TouchState::Reported => t,
            _ => Touch {
                player,
                squares: Vec::new(),
                notes: Vec::new(),
                note: String::new(),
                state: TouchState::Reported,
            },
        };
        if let Some(n) = note {
            touch.squares.extend(squares_of(n));
            touch.notes.push(n.to_string());
        }
        let lines = self.pack.line_sentences();
        let who = self.side(player);
        touch.note = match (touch.notes.is_empty(), lifted) {
            (true, false) => lines.say(LineSentence::NoteTouched, &[("player", who)]),
            (true, true) => lines.say(LineSentence::NoteLifted, &[("player", who)]),
            (false, false) => lines.say(
                LineSentence::NoteTouchedWith,
                &[("player", who), ("note", &touch.notes.join(", "))],
            ),
            (false, true) => lines.say(
                LineSentence::NoteLiftedWith,
                &[("player", who), ("note", &touch.notes.join(", "))],
            ),
        };
        self.touch = Some(touch);
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

    /// The sentence saying what the touch demands of `player`.
    fn duty_words(&self, player: Color, demand: Demand) -> String {
        let side = self.side(player);
        match demand {
            Demand::Move { from, .. } => {
                let square = from.to_string();
                self.tell(
                    GameSentence::TouchMustMove,
                    &[("side", side), ("square", &square)],
                )
            }
            Demand::Capture { target, .. } => {
                let square = target.to_string();
                self.tell(
                    GameSentence::TouchMustCapture,
                    &[("side", side), ("square", &square)],
                )
            }
            Demand::Castle { rook, .. } => {
                let square = rook.to_string();
                self.tell(
                    GameSentence::TouchMustCastle,
                    &[("side", side), ("square", &square)],
                )
            }
        }
    }

    /// After the arbiter upheld a touch, a move that does not honour it is
    /// refused with what the rule demands (4.3, 4.4); true when `m` may be
    /// made.
    pub(super) fn touch_allows(&mut self, m: Move) -> bool {
        let Some(touch) = self.touch.clone() else {
            return true;
        };
        let mover = self.position.turn();
        if touch.state != TouchState::Upheld || touch.player != mover {
            return true;
        }
        match demand(&self.position, &touch.squares) {
            Some(d) if !honours(&self.position, m, d) => {
                let text = self.duty_words(mover, d);
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
        let demanded = demand(before, &touch.squares);
        touch.state = match demanded {
            Some(d) if !honours(before, m, d) => TouchState::Breached,
            _ => TouchState::Honoured,
        };
        let (TouchState::Breached, Some(demanded)) = (touch.state, demanded) else {
            return None;
        };
        let duty = self.duty_words(mover, demanded);
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

    /// The opponent goes on to their own move while the arbiter's ruling
    /// on a touched piece is awaited: by touching a piece to move it they
    /// lose the right to claim the breach (4.8). The move stands, noted on
    /// the score, and the press that follows the announcement is made.
    pub(super) fn touch_claim_lost(&mut self, now: Instant) {
        if !self.awaits_touch_ruling() {
            return;
        }
        self.touch = None;
        let note = self
            .pack
            .line_sentences()
            .say(LineSentence::NoteTouchClaimLost, &[]);
        if let Some(last) = self.moves.last_mut() {
            last.comments.push(note);
        }
        let claimant = self.position.turn();
        let side = self.side(claimant).to_string();
        let text = self.tell(GameSentence::TouchClaimLost, &[("side", &side)]);
        self.say(EventKind::Ruling, text, Priority::Urgent);
        self.auto_press(now);
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
                let duty = demand(&self.position, &upheld.squares)
                    .map(|d| self.duty_words(mover, d))
                    .unwrap_or_default();
                self.touch = Some(upheld);
                let text = self.tell(GameSentence::TouchUpheld, &[("duty", &duty)]);
                self.say(EventKind::Ruling, text, Priority::Urgent);
            }
        }
    }
}
