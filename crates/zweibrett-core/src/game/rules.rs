//! The Laws' results that the position decides (Art. 5, 9.6) and the
//! "cannot checkmate by any legal sequence" test of Art. 5.1.2, 5.2.2, 6.9
//! and 7.5.5.
//!
//! [`decided`] gives what the position decides at once, cheaply: mate,
//! stalemate, the automatic draws of 9.6 and positions where neither side
//! has mating material. Dead positions beyond that (blocked pawn chains
//! and the like) need a search, which [`can_mate`] runs with the
//! `chasolver` crate: it proves or refutes that a helpmate exists for a
//! given side, within the solver's own node budget. The game hands that
//! search out as a question (see `game::question`) instead of running it
//! on the path of an announcement. When the solver cannot decide, the
//! position is treated as one in which mate is still possible: a game is
//! never ended, and a flag fall never turned into a draw, on a guess.

use std::str::FromStr;

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Color, EnPassantMode, Position, fen::Fen, zobrist::Zobrist64};

/// The result of a game (Art. 5, 8.1 score sheet notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// White won: "1-0".
    WhiteWins,
    /// Black won: "0-1".
    BlackWins,
    /// A draw: "1/2-1/2".
    Draw,
}

impl GameResult {
    /// The result as PGN and the score sheet write it.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// A win for `color`.
    pub fn win(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Termination {
    /// Checkmate (5.1.1).
    Checkmate,
    /// Stalemate (5.2.1).
    Stalemate,
    /// Neither side can mate by any legal sequence (5.2.2).
    DeadPosition,
    /// Draw agreed (5.2.3, 9.1).
    Agreement,
    /// The same position for the fifth time (9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move (9.6.2).
    SeventyFiveMoves,
    /// A correct claim of threefold repetition (9.2).
    ThreefoldClaim,
    /// A correct claim under the 50-move rule (9.3).
    FiftyMoveClaim,
    /// A player resigned (5.1.2).
    Resignation,
    /// A flag fell (6.9).
    FlagFall,
    /// A second completed illegal move (7.5.5).
    IllegalMoves,
    /// The arbiter declared a draw on a claim under Guidelines III.5.
    ArbiterDecision,
    /// Both kings in check or a pawn on the last rank still on the board
    /// after the next move (A.5.4).
    IllegalPosition,
    /// The arbiter declared the game lost for one player (12.9.6).
    Forfeit(Forfeit),
}

/// Why the arbiter declares a game lost (12.9.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Forfeit {
    /// The player arrived at the chessboard after the default time (6.7.1).
    LateArrival,
    /// An electronic device not approved by the arbiter, on the player in
    /// the playing venue (11.3.2.2).
    Device,
    /// Persistent refusal to comply with the Laws (11.7).
    Refusal,
    /// Another penalty the arbiter gives (12.9.6).
    Penalty,
}

impl Forfeit {
    /// Every reason, in the order the help names them.
    pub const ALL: [Forfeit; 4] = [
        Forfeit::LateArrival,
        Forfeit::Device,
        Forfeit::Refusal,
        Forfeit::Penalty,
    ];

    /// The article of the Laws.
    pub fn article(self) -> &'static str {
        match self {
            Forfeit::LateArrival => "6.7.1",
            Forfeit::Device => "11.3.2.2",
            Forfeit::Refusal => "11.7",
            Forfeit::Penalty => "12.9.6",
        }
    }

    /// The reason an arbiter types: its article, or an English word.
    pub fn read(word: &str) -> Option<Forfeit> {
        let word = word.trim().to_lowercase();
        Forfeit::ALL.into_iter().find(|f| {
            f.article() == word
                || match f {
                    Forfeit::LateArrival => matches!(word.as_str(), "late" | "absent"),
                    Forfeit::Device => matches!(word.as_str(), "device" | "phone"),
                    Forfeit::Refusal => word == "refusal",
                    Forfeit::Penalty => word == "penalty",
                }
        })
    }
}

impl Termination {
    /// The PGN `Termination` tag value (the standard's vocabulary).
    pub fn pgn_tag(self) -> &'static str {
        match self {
            Termination::FlagFall => "time forfeit",
            Termination::IllegalMoves | Termination::IllegalPosition => "rules infraction",
            Termination::ArbiterDecision => "adjudication",
            // A player who never came abandoned the game; the others broke
            // a rule.
            Termination::Forfeit(Forfeit::LateArrival) => "abandoned",
            Termination::Forfeit(_) => "rules infraction",
            _ => "normal",
        }
    }

    /// A short English description for the score and the PGN comment.
    pub fn describe(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead position",
            Termination::Agreement => "draw agreed",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::SeventyFiveMoves => "75-move rule",
            Termination::ThreefoldClaim => "threefold repetition claimed",
            Termination::FiftyMoveClaim => "50-move rule claimed",
            Termination::Resignation => "resignation",
            Termination::FlagFall => "flag fall",
            Termination::IllegalMoves => "second completed illegal move",
            Termination::ArbiterDecision => "arbiter's decision (Guidelines III)",
            Termination::IllegalPosition => "illegal position still on the board",
            Termination::Forfeit(Forfeit::LateArrival) => {
                "declared lost: arrived after the default time (6.7.1)"
            }
            Termination::Forfeit(Forfeit::Device) => {
                "declared lost: an electronic device in the venue (11.3.2.2)"
            }
            Termination::Forfeit(Forfeit::Refusal) => {
                "declared lost: persistent refusal to comply with the Laws (11.7)"
            }
            Termination::Forfeit(Forfeit::Penalty) => "declared lost by the arbiter (12.9.6)",
        }
    }
}

/// A finished game: its result and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// 1-0, 0-1 or ½-½.
    pub result: GameResult,
    /// The reason.
    pub termination: Termination,
}

/// The key under which positions count as the same for Art. 9.2.2: same
/// player to move, same pieces on the same squares, same castling and en
/// passant possibilities.
pub fn position_key(position: &Chess) -> u64 {
    position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// Whether `color` can checkmate the opponent by some sequence of legal
/// moves from `position` (Art. 5.1.2, 6.9). False only when proven
/// impossible. A search, bounded by the solver's node budget: it can take
/// seconds in a locked position, so it never runs on the path of an
/// announcement.
pub fn can_mate(position: &Chess, color: Color) -> bool {
    if position.has_insufficient_material(color) {
        return false;
    }
    let fen = Fen::from_position(position, EnPassantMode::Legal).to_string();
    let Ok(board) = chess::Board::from_str(&fen) else {
        return true;
    };
    let side = match color {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    };
    // The staged search settles nearly every position within milliseconds;
    // the solver's "fast" test, which can take seconds on a locked chain,
    // is only the fallback when the search cannot decide.
    match chasolver::winnability(&board, side) {
        Some(chasolver::Winnability::Unwinnable) => false,
        Some(chasolver::Winnability::Winnable { .. }) => true,
        None => !chasolver::is_unwinnable_fast(&board, side),
    }
}

/// Whether `color` cannot checkmate from `position` as far as is known
/// without a search: too little material to mate with (5.1.2, 6.9).
pub fn cannot_mate_by_material(position: &Chess, color: Color) -> bool {
    position.has_insufficient_material(color)
}

/// A dead position (5.2.2): neither player can checkmate by any series of
/// legal moves.
pub fn is_dead(position: &Chess) -> bool {
    !can_mate(position, Color::White) && !can_mate(position, Color::Black)
}

/// What the position alone decides after a move, without a search: mate,
/// stalemate, the automatic draws of 9.6 given how often the position has
/// occurred (`occurrences`, this one included), and a dead position for
/// want of mating material on both sides (5.2.2). A dead position that
/// needs a search is found by [`is_dead`], off the announcement's path.
pub fn decided(position: &Chess, occurrences: usize) -> Option<Outcome> {
    if position.is_checkmate() {
        return Some(Outcome {
            result: GameResult::win(!position.turn()),
            termination: Termination::Checkmate,
        });
    }
    let draw = |termination| {
        Some(Outcome {
            result: GameResult::Draw,
            termination,
        })
    };
    if position.is_stalemate() {
        return draw(Termination::Stalemate);
    }
    if occurrences >= 5 {
        return draw(Termination::FivefoldRepetition);
    }
    if position.halfmoves() >= 150 {
        return draw(Termination::SeventyFiveMoves);
    }
    if position.is_insufficient_material() {
        return draw(Termination::DeadPosition);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;

    fn pos(fen: &str) -> Chess {
        let fen: Fen = fen.parse().unwrap();
        fen.into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn blocked_pawn_chain_is_dead_though_material_suffices() {
        // Kings behind a locked chain: no capture is ever possible.
        let p = pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K6/8 w - - 0 1");
        assert!(!p.is_insufficient_material());
        assert!(is_dead(&p));
        assert_eq!(decided(&p, 1), None, "the search is not run on the path");
    }

    #[test]
    fn open_position_is_alive() {
        assert!(!is_dead(&Chess::default()));
        assert!(can_mate(&Chess::default(), Color::White));
        // A dark-squared bishop can break the chain (takes on e5)...
        let p = pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K5B/8 w - - 0 1");
        assert!(!is_dead(&p));
        assert_eq!(decided(&p, 1), None);
        // ...a light-squared one never reaches a pawn of the chain.
        let p = pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K6/7B w - - 0 1");
        assert!(is_dead(&p));
    }

    #[test]
    fn lone_king_cannot_mate_but_queen_can() {
        let p = pos("8/8/8/4k3/8/8/3QK3/8 b - - 0 1");
        assert!(can_mate(&p, Color::White));
        assert!(!can_mate(&p, Color::Black));
        assert!(!is_dead(&p));
    }

    #[test]
    fn bare_kings_are_dead_without_a_search() {
        let p = pos("8/8/4k3/8/8/3K4/8/8 w - - 0 1");
        assert!(decided(&p, 1).is_some_and(|o| o.termination == Termination::DeadPosition));
        let p = pos("8/8/4k3/8/8/3K4/8/7B w - - 0 1");
        assert!(decided(&p, 1).is_some_and(|o| o.termination == Termination::DeadPosition));
        assert!(cannot_mate_by_material(&p, Color::White));
        let p = pos("8/8/4k3/8/8/3K4/8/7R w - - 0 1");
        assert_eq!(decided(&p, 1), None);
        assert!(!cannot_mate_by_material(&p, Color::White));
        assert!(cannot_mate_by_material(&p, Color::Black));
    }

    #[test]
    fn mate_stalemate_and_automatic_draws() {
        let mate = pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            decided(&mate, 1),
            Some(Outcome {
                result: GameResult::WhiteWins,
                termination: Termination::Checkmate
            })
        );
        let stale = pos("7k/8/6QK/8/8/8/8/8 b - - 0 1");
        assert_eq!(
            decided(&stale, 1).unwrap().termination,
            Termination::Stalemate
        );
        let quiet = pos("r3k3/8/8/8/8/8/8/4K2R w - - 149 120");
        assert_eq!(decided(&quiet, 1), None);
        let quiet = pos("r3k3/8/8/8/8/8/8/4K2R w - - 150 120");
        assert_eq!(
            decided(&quiet, 1).unwrap().termination,
            Termination::SeventyFiveMoves
        );
        assert_eq!(
            decided(&Chess::default(), 5).unwrap().termination,
            Termination::FivefoldRepetition
        );
        assert_eq!(decided(&Chess::default(), 4), None);
    }
}
