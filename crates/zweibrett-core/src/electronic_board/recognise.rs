//! A move read from what the board shows, never guessed.
//!
//! The board reports single fields as hands lift and place pieces, in any
//! order a person makes them. Rather than follow the hands, the reading
//! compares the whole board with the game: the board shows the game's
//! position, or the position after exactly one legal move, or something on
//! the way to a legal move, or something else. Only the second is a move.

use shakmaty::attacks::between;
use shakmaty::{Chess, Move, Position, Square};

use super::dgt::Sensed;
use super::placement::Placement;

/// One square on which the board and the game disagree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The square.
    pub square: Square,
    /// What stands there in the game.
    pub in_game: Sensed,
    /// What the board shows there.
    pub shown: Sensed,
}

/// What the board shows, read against the game's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recognition {
    /// The board shows the game's position: no move (a piece lifted and
    /// put back is no move, Article 4.2 aside).
    AsInGame,
    /// The board shows the position after this legal move and nothing else
    /// the hands could still be doing: the move is made (Article 4.6).
    Moved(Move),
    /// The board shows the position after this legal move, but the same
    /// hands may be on the way to another: a rook placed for castling
    /// before its king, or a piece slid through a square on its way
    /// further along the same line. The move stands once the board has
    /// stayed so for a moment or the clock is pressed.
    Settling(Move),
    /// A pawn stands on its last rank: a promotion whose new piece has not
    /// been placed yet (Article 3.7.5).
    Promoting {
        /// Where the pawn came from.
        from: Square,
        /// The square it stands on.
        to: Square,
    },
    /// Pieces are lifted on the way to a legal move: wait.
    OnTheWay,
    /// The board shows something no legal move leads to: the squares where
    /// it differs from the game.
    NotTheGame(Vec<Difference>),
}

/// Reads what the board shows against the game's position.
pub fn recognise(position: &Chess, shown: &Placement) -> Recognition {
    let before = Placement::of_board(position.board());
    if *shown == before {
        return Recognition::AsInGame;
    }
    let outcomes: Vec<(Move, Placement)> = position
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = position.clone();
            after.play_unchecked(m);
            (m, Placement::of_board(after.board()))
        })
        .collect();
    if let Some(&(made, _)) = outcomes.iter().find(|(_, after)| after == shown) {
        let continues = outcomes.iter().any(|&(other, ref after)| {
            other != made && (on_the_way(&before, after, shown) || slides_on(made, other, position))
        });
        return if continues {
            Recognition::Settling(made)
        } else {
            Recognition::Moved(made)
        };
    }
    for (m, after) in &outcomes {
        if let Move::Normal {
            from,
            to,
            promotion: Some(_),
            ..
        } = *m
        {
            let mut pawn_left = after.clone();
            pawn_left.set(to, Sensed::Piece(position.turn().pawn()));
            if pawn_left == *shown {
                return Recognition::Promoting { from, to };
            }
        }
    }
    if outcomes
        .iter()
        .any(|(_, after)| on_the_way(&before, after, shown))
    {
        return Recognition::OnTheWay;
    }
    Recognition::NotTheGame(
        before
            .differences(shown)
            .into_iter()
            .map(|square| Difference {
                square,
                in_game: before.get(square),
                shown: shown.get(square),
            })
            .collect(),
    )
}

/// Every square where the board differs from the position before is one
/// the move changes, and shows it either emptied or as after the move.
fn on_the_way(before: &Placement, after: &Placement, shown: &Placement) -> bool {
    before.differences(shown).into_iter().all(|square| {
        before.get(square) != after.get(square)
            && (shown.get(square) == Sensed::Empty || shown.get(square) == after.get(square))
    })
}

/// `made` puts its piece on a square the same piece passes over on its
/// way to where `other` takes it: a pawn's single step before its double
/// step, a slider's nearer square, the king's first step in castling.
fn slides_on(made: Move, other: Move, position: &Chess) -> bool {
    if made.role() != other.role() || made.from() != other.from() || made.is_capture() {
        return false;
    }
    let Some(from) = made.from() else {
        return false;
    };
    let further = match other.castling_side() {
        Some(side) => side.king_to(position.turn()),
        None => other.to(),
    };
    between(from, further).contains(made.to())
}
