//! Why a move phrased in words beyond the Appendix D ones cannot be played:
//! a named captured piece that is not there, castling with no side said.

use shakmaty::{Bitboard, CastlingSide, Chess, MoveList, Position};

use super::Reading;
use super::diagnose::why_illegal;
use super::pattern::{Pattern, describe};
use crate::notation::pack::{VoicePack, fill};

/// The refusal of the cheapest readings, when they are phrasings this
/// module explains better than the general diagnosis; `None` otherwise.
pub(super) fn refusal(
    pack: &VoicePack,
    position: &Chess,
    legal: &MoveList,
    tier: &[Pattern],
) -> Option<Reading> {
    if let [first, second] = tier
        && let (Some(a), Some(b)) = (first.castle, second.castle)
        && a != b
    {
        return Some(either_castling(pack, position, legal, [*first, *second]));
    }
    let pattern = tier.first()?;
    let captured = pattern.captured?;
    let understood = describe(pack, pattern);
    let board = position.board();
    let theirs = board.by_color(!position.turn()) & board.by_role(captured);
    let opponent = pack.side(!position.turn());
    let why = match (pattern.to_file, pattern.to_rank) {
        (Some(file), Some(rank)) => {
            let square = shakmaty::Square::from_coords(file, rank);
            let ep = captured == shakmaty::Role::Pawn
                && position.ep_square(shakmaty::EnPassantMode::Legal) == Some(square);
            if theirs.contains(square) || ep {
                return None;
            }
            fill(
                &pack.phrases.no_piece_there,
                &[
                    ("square", &pack.square(square)),
                    ("piece", pack.piece(captured)),
                    ("side", opponent),
                ],
            )
        }
        _ if theirs == Bitboard::EMPTY => fill(
            &pack.phrases.no_piece,
            &[("side", opponent), ("piece", pack.piece(captured))],
        ),
        _ => fill(
            &pack.phrases.cannot_reach,
            &[
                ("piece", pattern.role.map_or("", |r| pack.piece(r))),
                ("square", pack.piece(captured)),
            ],
        ),
    };
    Some(Reading::Illegal {
        reason: format!("{understood}: {why}"),
        understood,
    })
}

/// "Rochade" when neither castling is legal: why not, for each side.
fn either_castling(
    pack: &VoicePack,
    position: &Chess,
    legal: &MoveList,
    patterns: [Pattern; 2],
) -> Reading {
    let mut sides = patterns;
    sides.sort_by_key(|p| p.castle != Some(CastlingSide::KingSide));
    let reasons: Vec<String> = sides
        .iter()
        .map(|p| {
            format!(
                "{}: {}",
                describe(pack, p),
                why_illegal(pack, position, legal, p)
            )
        })
        .collect();
    Reading::Illegal {
        understood: format!(
            "{} {} {}",
            describe(pack, &sides[0]),
            pack.phrases.or,
            describe(pack, &sides[1])
        ),
        reason: reasons.join("; "),
    }
}

#[cfg(test)]
mod tests;
