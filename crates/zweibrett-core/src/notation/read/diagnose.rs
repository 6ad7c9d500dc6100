//! Why a move the player described cannot be played (Laws Art. 3).
//!
//! A player who is told only "illegal" has to work out the rest by touch.
//! The reader says instead what stands in the way: no such piece, it cannot
//! move that way, a piece blocks the path, the square holds one's own piece,
//! the king would be in check, the castling right is lost.

use shakmaty::{Bitboard, CastlingSide, Chess, Color, MoveList, Position, Role, Square, attacks};

use super::pattern::{Pattern, fits};
use crate::notation::pack::{VoicePack, fill};

/// How close a described move came to being legal; the closest explains best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Obstacle {
    CannotReach,
    NothingToCapture,
    Blocked(Square),
    OwnPiece,
    KingInCheck,
}

/// A sentence, in the pack's words, saying why no legal move fits `pattern`.
pub(crate) fn why_illegal(
    pack: &VoicePack,
    position: &Chess,
    legal: &MoveList,
    pattern: &Pattern,
) -> String {
    let turn = position.turn();
    let side = pack.side(turn);
    let phrases = &pack.phrases;
    if let Some(castle) = pattern.castle {
        return castling(pack, position, castle);
    }
    if pattern.promotion.is_some() {
        let unpromoted = Pattern {
            promotion: None,
            ..*pattern
        };
        if legal
            .iter()
            .any(|m| fits(&unpromoted, m) && !m.is_promotion())
        {
            return phrases.no_promotion.clone();
        }
    }
    let board = position.board();
    let ours = board.by_color(turn);
    let movers = match pattern.role {
        Some(role) => ours & board.by_role(role),
        None => ours,
    };
    let named = pattern.role.map_or("", |r| pack.piece(r));
    if movers.is_empty() {
        return fill(&phrases.no_piece, &[("side", side), ("piece", named)]);
    }
    let from_mask = mask(pattern.from_file, pattern.from_rank);
    let candidates = movers & from_mask;
    if candidates.is_empty() {
        let square = place(pack, pattern.from_file, pattern.from_rank);
        return match pattern.role {
            Some(_) => fill(
                &phrases.no_piece_there,
                &[("square", &square), ("piece", named), ("side", side)],
            ),
            None => fill(
                &phrases.no_own_piece,
                &[("square", &square), ("side", side)],
            ),
        };
    }
    // Unnamed in the long form: the piece that stands on the from-square.
    let piece = match pattern.role {
        Some(role) => pack.piece(role),
        None => candidates
            .first()
            .and_then(|from| board.role_at(from))
            .map_or("", |r| pack.piece(r)),
    };
    let targets = mask(pattern.to_file, pattern.to_rank);
    let mut closest: Option<(Obstacle, Square)> = None;
    for from in candidates {
        for to in targets {
            let obstacle = obstacle(position, from, to);
            if closest.is_none_or(|(o, _)| obstacle > o) {
                closest = Some((obstacle, to));
            }
        }
    }
    let Some((obstacle, to)) = closest else {
        // No square fits the destination described: nothing can reach it.
        let square = place(pack, pattern.to_file, pattern.to_rank);
        return fill(
            &phrases.cannot_reach,
            &[("piece", piece), ("square", &square)],
        );
    };
    let square = pack.square(to);
    match obstacle {
        Obstacle::CannotReach => fill(
            &phrases.cannot_reach,
            &[("piece", piece), ("square", &square)],
        ),
        Obstacle::NothingToCapture => fill(&phrases.nothing_to_capture, &[("square", &square)]),
        Obstacle::Blocked(at) => fill(
            &phrases.blocked,
            &[("square", &square), ("blocker", &pack.square(at))],
        ),
        Obstacle::OwnPiece => fill(&phrases.own_piece, &[("square", &square), ("side", side)]),
        Obstacle::KingInCheck => fill(&phrases.king_in_check, &[("side", side)]),
    }
}

/// What stops the piece on `from` from going to `to`.
fn obstacle(position: &Chess, from: Square, to: Square) -> Obstacle {
    let board = position.board();
    let occupied = board.occupied();
    let turn = position.turn();
    let Some(piece) = board.piece_at(from) else {
        return Obstacle::CannotReach;
    };
    if from == to {
        return Obstacle::CannotReach;
    }
    let own = board.by_color(turn).contains(to);
    if piece.role == Role::Pawn {
        let forward: i32 = if turn == Color::White { 1 } else { -1 };
        let step = from.offset(8 * forward);
        let start_rank = if turn == Color::White { 1 } else { 6 };
        if Some(to) == step {
            return if occupied.contains(to) {
                Obstacle::Blocked(to)
            } else {
                Obstacle::KingInCheck
            };
        }
        if let Some(step) = step
            && u32::from(from.rank()) == start_rank
            && Some(to) == from.offset(16 * forward)
        {
            return if occupied.contains(step) {
                Obstacle::Blocked(step)
            } else if occupied.contains(to) {
                Obstacle::Blocked(to)
            } else {
                Obstacle::KingInCheck
            };
        }
        if attacks::pawn_attacks(turn, from).contains(to) {
            return if own {
                Obstacle::OwnPiece
            } else if board.by_color(!turn).contains(to) || position.maybe_ep_square() == Some(to) {
                Obstacle::KingInCheck
            } else {
                Obstacle::NothingToCapture
            };
        }
        return Obstacle::CannotReach;
    }
    if !attacks::attacks(from, piece, Bitboard::EMPTY).contains(to) {
        return Obstacle::CannotReach;
    }
    if let Some(blocker) = nearest(from, attacks::between(from, to) & occupied) {
        return Obstacle::Blocked(blocker);
    }
    if own {
        Obstacle::OwnPiece
    } else {
        Obstacle::KingInCheck
    }
}

/// The square of `squares` nearest to `from`.
fn nearest(from: Square, squares: Bitboard) -> Option<Square> {
    squares.into_iter().min_by_key(|s| s.distance(from))
}

/// Why castling on `side` is not possible (Art. 3.8.2).
fn castling(pack: &VoicePack, position: &Chess, side: CastlingSide) -> String {
    let phrases = &pack.phrases;
    let turn = position.turn();
    let castles = position.castles();
    if !castles.has(turn, side) {
        return phrases.castle_no_right.clone();
    }
    if position.is_check() {
        return phrases.castle_in_check.clone();
    }
    let board = position.board();
    if (castles.path(turn, side) & board.occupied()).any() {
        return phrases.castle_blocked.clone();
    }
    let king_to = side.king_to(turn);
    let occupied = board.occupied();
    if board.attacks_to(king_to, !turn, occupied).any() {
        phrases.castle_into_check.clone()
    } else {
        phrases.castle_through_check.clone()
    }
}

fn mask(file: Option<shakmaty::File>, rank: Option<shakmaty::Rank>) -> Bitboard {
    let files = file.map_or(Bitboard::FULL, Bitboard::from_file);
    let ranks = rank.map_or(Bitboard::FULL, Bitboard::from_rank);
    files & ranks
}

/// A square, a file or a rank, spoken.
fn place(pack: &VoicePack, file: Option<shakmaty::File>, rank: Option<shakmaty::Rank>) -> String {
    match (file, rank) {
        (Some(f), Some(r)) => format!("{} {}", pack.file(f), pack.rank(r)),
        (Some(f), None) => pack.file(f).to_string(),
        (None, Some(r)) => pack.rank(r).to_string(),
        (None, None) => String::new(),
    }
}
