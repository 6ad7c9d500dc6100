//! Readings put together into the move they describe, and matched against
//! legal moves.

use shakmaty::{CastlingSide, File, Move, Rank, Role, Square};

use super::Atom;
use crate::notation::pack::{Meaning, VoicePack};

/// What the player described: the constraints a legal move must meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pattern {
    pub(crate) castle: Option<CastlingSide>,
    pub(crate) role: Option<Role>,
    pub(crate) from_file: Option<File>,
    pub(crate) from_rank: Option<Rank>,
    pub(crate) to_file: Option<File>,
    pub(crate) to_rank: Option<Rank>,
    pub(crate) promotion: Option<Role>,
    /// The piece the player said is captured ("Läufer schlägt Springer"):
    /// it must stand on the destination square (the pawn, en passant).
    pub(crate) captured: Option<Role>,
}

/// The result of putting a combination of readings together.
pub(super) enum Shape {
    Move(Pattern),
    /// Castling with no side said: either castling fits.
    EitherCastling,
    /// Coordinates without a destination square.
    Incomplete,
    Nonsense,
}

/// Puts a sequence of parts together into the move it describes.
pub(super) fn pattern_of(atoms: &[Atom]) -> Shape {
    let mut castle = None;
    let mut castling = false;
    let mut captured = None;
    // Where the captured piece was named among the coordinates.
    let mut captured_at = 0;
    // A piece named right after the capture word, before any coordinate,
    // is the piece captured: "Läufer schlägt Springer auf Cesar sechs".
    let mut after_capture = false;
    let mut core: Vec<Meaning> = Vec::with_capacity(atoms.len());
    for m in atoms {
        match m {
            Meaning::Castle(side) => {
                if castle.is_some_and(|s| s != *side) {
                    return Shape::Nonsense;
                }
                castle = Some(*side);
            }
            Meaning::Castling => castling = true,
            Meaning::Capture => after_capture = true,
            Meaning::Check | Meaning::Mate | Meaning::EnPassant | Meaning::Filler => {}
            Meaning::Piece(role) if after_capture => {
                if captured.is_some() || *role == Role::King {
                    return Shape::Nonsense;
                }
                captured = Some(*role);
                captured_at = core.len();
                after_capture = false;
            }
            other => {
                after_capture = false;
                core.push(*other);
            }
        }
    }
    if castle.is_some() || castling {
        if !core.is_empty() || captured.is_some() {
            return Shape::Nonsense;
        }
        let Some(side) = castle else {
            return Shape::EitherCastling;
        };
        return Shape::Move(castling_pattern(side));
    }
    let mut rest = core.as_slice();
    let mut role = None;
    if let [Meaning::Piece(r), tail @ ..] = rest {
        role = Some(*r);
        rest = tail;
    }
    let role_named = role.is_some();
    let mut promotion = None;
    let mut promotion_named = false;
    if let [head @ .., Meaning::Piece(r)] = rest {
        promotion = Some(*r);
        rest = head;
    }
    if let [head @ .., Meaning::Promotion] = rest {
        promotion_named = true;
        rest = head;
    }
    if promotion.is_some() || promotion_named {
        if matches!(promotion, Some(Role::King | Role::Pawn)) {
            return Shape::Nonsense;
        }
        match role {
            None => role = Some(Role::Pawn),
            Some(Role::Pawn) => {}
            Some(_) => return Shape::Nonsense,
        }
    }
    let coords: Vec<Meaning> = rest.to_vec();
    if let Some(captured) = captured {
        let split = captured_at.checked_sub(usize::from(role_named));
        return match split.filter(|s| *s <= coords.len()) {
            Some(split) => {
                let (before, after) = coords.split_at(split);
                naming_the_captured(before, after, role, promotion, captured)
            }
            None => Shape::Nonsense,
        };
    }
    if coords
        .iter()
        .any(|m| !matches!(m, Meaning::File(_) | Meaning::Rank(_)))
    {
        return Shape::Nonsense;
    }
    let pattern = |from_file, from_rank, to_file, to_rank, role| Pattern {
        castle: None,
        role,
        from_file,
        from_rank,
        to_file: Some(to_file),
        to_rank,
        promotion,
        captured,
    };
    use Meaning::{File as F, Rank as R};
    match coords.as_slice() {
        [F(f), R(r)] => Shape::Move(pattern(None, None, *f, Some(*r), role.or(Some(Role::Pawn)))),
        [F(ff), F(f), R(r)] => Shape::Move(pattern(
            Some(*ff),
            None,
            *f,
            Some(*r),
            role.or(Some(Role::Pawn)),
        )),
        [R(fr), F(f), R(r)] if role.is_some() => {
            Shape::Move(pattern(None, Some(*fr), *f, Some(*r), role))
        }
        [F(ff), R(fr), F(f), R(r)] => {
            Shape::Move(pattern(Some(*ff), Some(*fr), *f, Some(*r), role))
        }
        // "ed": the pawn capture from one file to the next.
        [F(ff), F(f)] if role.is_none_or(|r| r == Role::Pawn) && ff.distance(*f) == 1 => {
            Shape::Move(pattern(Some(*ff), None, *f, None, Some(Role::Pawn)))
        }
        [] | [F(_)] | [R(_)] | [F(_), R(_), F(_)] | [F(_), F(_)] => Shape::Incomplete,
        _ => Shape::Nonsense,
    }
}

/// A capture that names the captured piece: the coordinates before it say
/// where the mover stands, those after it the destination square, whole or
/// not at all ("Läufer schlägt Springer": the captured piece names it).
fn naming_the_captured(
    before: &[Meaning],
    after: &[Meaning],
    role: Option<Role>,
    promotion: Option<Role>,
    captured: Role,
) -> Shape {
    use Meaning::{File as F, Rank as R};
    let (to_file, to_rank) = match after {
        [] => (None, None),
        [F(f), R(r)] => (Some(*f), Some(*r)),
        _ => return Shape::Nonsense,
    };
    let (from_file, from_rank, role) = match before {
        [] => (None, None, role),
        // "Eva schlägt Springer": a file alone is a pawn's.
        [F(f)] if role.is_none_or(|r| r == Role::Pawn) => (Some(*f), None, Some(Role::Pawn)),
        [F(f)] => (Some(*f), None, role),
        [R(r)] if role.is_some() => (None, Some(*r), role),
        [F(f), R(r)] => (Some(*f), Some(*r), role),
        _ => return Shape::Nonsense,
    };
    Shape::Move(Pattern {
        castle: None,
        role,
        from_file,
        from_rank,
        to_file,
        to_rank,
        promotion,
        captured: Some(captured),
    })
}

/// The pattern of castling on one side.
pub(super) fn castling_pattern(side: CastlingSide) -> Pattern {
    Pattern {
        castle: Some(side),
        role: Some(Role::King),
        from_file: None,
        from_rank: None,
        to_file: None,
        to_rank: None,
        promotion: None,
        captured: None,
    }
}

/// Whether a legal move fits what the player described.
pub(crate) fn fits(pattern: &Pattern, m: &Move) -> bool {
    if let Some(side) = pattern.castle {
        return match m {
            Move::Castle { king, rook } => {
                (rook.file() > king.file()) == (side == CastlingSide::KingSide)
            }
            _ => false,
        };
    }
    if pattern.role.is_some_and(|r| r != m.role()) {
        return false;
    }
    let Some(from) = m.from() else {
        return false;
    };
    if pattern.from_file.is_some_and(|f| f != from.file())
        || pattern.from_rank.is_some_and(|r| r != from.rank())
    {
        return false;
    }
    if pattern.promotion.is_some() && pattern.promotion != m.promotion() {
        return false;
    }
    if pattern.captured.is_some() && pattern.captured != m.capture() {
        return false;
    }
    let lands = |to: Square| {
        pattern.to_file.is_none_or(|f| f == to.file())
            && pattern.to_rank.is_none_or(|r| r == to.rank())
    };
    match m {
        // The king's destination, when the king moves there, or the rook's
        // square as UCI for Chess960 writes it.
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            let king_to = Square::from_coords(side.king_to_file(), king.rank());
            (king_to != *king && lands(king_to)) || lands(*rook)
        }
        _ => lands(m.to()),
    }
}

/// Whether a Chess960 castling fits what the player described as a move of
/// the castling rook to its castled square (Guidelines II.3.2.4): "Rf1"
/// for the rook from h1 when the king goes to g1. Only where the rook
/// moves at all.
pub(crate) fn fits_rook_castling(pattern: &Pattern, m: &Move) -> bool {
    let Move::Castle { king, rook } = m else {
        return false;
    };
    if pattern.castle.is_some()
        || pattern.promotion.is_some()
        || pattern.captured.is_some()
        || pattern.role.is_some_and(|r| r != Role::Rook)
    {
        return false;
    }
    let side = CastlingSide::from_king_side(king < rook);
    let rook_to = Square::from_coords(side.rook_to_file(), rook.rank());
    *rook != rook_to
        && pattern.from_file.is_none_or(|f| f == rook.file())
        && pattern.from_rank.is_none_or(|r| r == rook.rank())
        && pattern.to_file.is_none_or(|f| f == rook_to.file())
        && pattern.to_rank.is_none_or(|r| r == rook_to.rank())
}

/// What the player described, in the pack's words: "Springer Felix drei".
pub(crate) fn describe(pack: &VoicePack, pattern: &Pattern) -> String {
    if let Some(side) = pattern.castle {
        return pack.castle(side).to_string();
    }
    let mut words: Vec<&str> = Vec::new();
    if let Some(role) = pattern.role {
        words.push(pack.piece(role));
    }
    if let Some(f) = pattern.from_file {
        words.push(pack.file(f));
    }
    if let Some(r) = pattern.from_rank {
        words.push(pack.rank(r));
    }
    if let Some(c) = pattern.captured {
        words.push(&pack.moves.capture);
        words.push(pack.piece(c));
    }
    if let Some(f) = pattern.to_file {
        words.push(pack.file(f));
    }
    if let Some(r) = pattern.to_rank {
        words.push(pack.rank(r));
    }
    if let Some(p) = pattern.promotion {
        words.push(&pack.moves.promotion);
        words.push(pack.piece(p));
    }
    words.join(" ")
}
