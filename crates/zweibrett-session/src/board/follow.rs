//! Following the game on the sighted player's electronic board: what the
//! board shows becomes the sighted player's move, the check of the move
//! made for the visually impaired player (D.2.1), or a word that the board
//! shows something else, and never a guess.
//!
//! Pure: whole boards and the game in, with the moments they came;
//! commands to enter and sentences to say out. The host owns the line
//! and the time.

use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position};
use zweibrett_core::audit::Correction;
use zweibrett_core::clock::Instant;
use zweibrett_core::electronic_board::dgt::Sensed;
use zweibrett_core::electronic_board::{
    Orientation, Placement, Recognition, orientation_of, recognise,
};
use zweibrett_core::game::words::GameSentence;
use zweibrett_core::game::{Command, Game, Step};
use zweibrett_core::utterance::Priority;

/// How long a move that the same hands may still be making (a rook
/// placed before its king, a piece on its way further) must stay on the
/// board before it is taken: longer than a hand takes between squares,
/// shorter than the press of the clock that follows a move.
pub const SETTLE: Duration = Duration::from_millis(700);

/// How long the board may show something no legal move leads to before
/// it is said: pieces knocked and put back, a capture's piece held in the
/// air, are not worth a word.
pub const GRACE: Duration = Duration::from_secs(3);

/// What following the board asks of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Follow {
    /// Enter this command, as made at this moment.
    Enter(Command, Instant),
    /// Say this to everyone at the table, as urgent as this: a word that
    /// the board is wrong interrupts, a word about the line waits behind
    /// a move's announcement, never over it.
    Say(String, Priority),
}

/// The board's side of the game; see the module's description.
#[derive(Debug, Default)]
pub struct Follower {
    orientation: Option<Orientation>,
    fields: Option<Box<[Sensed; 64]>>,
    /// When the board began to show what it shows.
    since: Instant,
    /// The game's moves up to this many have been seen on the board or
    /// checked against it.
    checked: usize,
    /// The reading last said to be not the game's, so it is said once.
    said: Option<Placement>,
    said_promotion: bool,
}

impl Follower {
    /// A follower that has seen no board yet, for a game at `checked`
    /// moves.
    pub fn new(checked: usize) -> Follower {
        Follower {
            checked,
            ..Follower::default()
        }
    }

    /// The board shows `fields` since `at`.
    pub fn shows(&mut self, fields: Box<[Sensed; 64]>, at: Instant, game: &Game) -> Vec<Follow> {
        if self.fields.as_deref() != Some(&*fields) {
            self.since = at;
            self.said_promotion = false;
        }
        if self.orientation.is_none() {
            let expected = Placement::of_board(game.position().board());
            self.orientation = orientation_of(&fields, &expected);
        }
        self.fields = Some(fields);
        self.due(at, game)
    }

    /// The board is back after being lost: its orientation is found again
    /// (it may have been turned) and its position compared afresh.
    pub fn reconnected(&mut self) {
        self.orientation = None;
        self.fields = None;
        self.said = None;
    }

    /// When [`Follower::due`] must be called even if the board shows
    /// nothing new: a settling move's moment, or a strange board's grace.
    pub fn deadline(&self, game: &Game) -> Option<Instant> {
        let shown = self.placement()?;
        let wait = match recognise(game.position(), &shown) {
            Recognition::Settling(_) | Recognition::Promoting { .. } => SETTLE,
            Recognition::NotTheGame(_) if self.said.as_ref() != Some(&shown) => GRACE,
            _ => return None,
        };
        let at = self.since + wait;
        Some(at)
    }

    /// The pieces the board shows now, the right way round: the sighted
    /// player's board for the arbiter's audit (D.2.9).
    pub fn shown(&self) -> Option<shakmaty::Board> {
        self.placement().map(|placement| placement.board())
    }

    fn placement(&self) -> Option<Placement> {
        let fields = self.fields.as_deref()?;
        Some(Placement::from_fields(
            fields,
            self.orientation.unwrap_or_default(),
        ))
    }

    /// What the board asks of the game at `now`.
    pub fn due(&mut self, now: Instant, game: &Game) -> Vec<Follow> {
        let Some(shown) = self.placement() else {
            return Vec::new();
        };
        let Some(impaired) = game.keyboard_player() else {
            return Vec::new();
        };
        if game.outcome().is_some() || game.diverging() {
            return Vec::new();
        }
        let moves = game.moves();
        let settled = now >= self.since + SETTLE;
        // The move made for the visually impaired player, checked once
        // against what the sighted player's board shows (D.2.1).
        if self.checked < moves.len() {
            let last = &moves[moves.len() - 1];
            if last.by != impaired || self.checked + 1 < moves.len() {
                self.checked = moves.len();
            } else if matches!(game.step(), Step::Enter) {
                let before = game.replay(moves.len() - 1);
                match recognise(&before, &shown) {
                    Recognition::Moved(made) => return self.executed(made, last.mv, &before, game),
                    Recognition::Settling(made) if settled => {
                        return self.executed(made, last.mv, &before, game);
                    }
                    Recognition::AsInGame
                    | Recognition::OnTheWay
                    | Recognition::Settling(_)
                    | Recognition::Promoting { .. } => return Vec::new(),
                    Recognition::NotTheGame(_) => {}
                }
            }
        }
        let position = game.position();
        let sighted_to_move = position.turn() != impaired && matches!(game.step(), Step::Enter);
        match recognise(position, &shown) {
            Recognition::AsInGame => {
                self.orientation.get_or_insert(Orientation::Normal);
                self.said = None;
                self.checked = self.checked.max(moves.len());
                Vec::new()
            }
            Recognition::Moved(made) if sighted_to_move => self.made(made, position, game),
            Recognition::Settling(made) if sighted_to_move && settled => {
                self.made(made, position, game)
            }
            Recognition::Promoting { to, .. } if settled && !self.said_promotion => {
                self.said_promotion = true;
                let square = game.pack().square(to);
                vec![Follow::Say(
                    game.sentence(GameSentence::BoardPromotion, &[("square", &square)]),
                    Priority::Move,
                )]
            }
            Recognition::NotTheGame(differences)
                if now >= self.since + GRACE && self.said.as_ref() != Some(&shown) =>
            {
                self.said = Some(shown);
                let changes: Vec<Correction> = differences
                    .iter()
                    .map(|difference| Correction {
                        square: difference.square,
                        now: piece(difference.shown),
                        should: piece(difference.in_game),
                    })
                    .filter(|c| c.now.is_some() || c.should.is_some())
                    .collect();
                let changes = game.audit_words().corrections(&changes);
                vec![Follow::Say(
                    game.sentence(GameSentence::BoardNotTheGame, &[("changes", &changes)]),
                    Priority::Urgent,
                )]
            }
            _ => Vec::new(),
        }
    }

    /// The sighted player made `made` on their board: entered as their
    /// move, at the moment the board showed it.
    fn made(&mut self, made: Move, position: &Chess, game: &Game) -> Vec<Follow> {
        self.checked = game.moves().len() + 1;
        self.said = None;
        vec![Follow::Enter(
            Command::Move(uci(made, position)),
            self.since,
        )]
    }

    /// The board shows `made` executed for the announced `announced`.
    fn executed(
        &mut self,
        made: Move,
        announced: Move,
        before: &Chess,
        game: &Game,
    ) -> Vec<Follow> {
        self.checked = game.moves().len();
        if made == announced {
            return Vec::new();
        }
        vec![Follow::Enter(
            Command::Executed(uci(made, before)),
            self.since,
        )]
    }
}

fn uci(m: Move, position: &Chess) -> String {
    UciMove::from_move(m, position.castles().mode()).to_string()
}

fn piece(sensed: Sensed) -> Option<shakmaty::Piece> {
    match sensed {
        Sensed::Piece(piece) => Some(piece),
        _ => None,
    }
}
