//! What a UCI engine says, read without the engine: its score turned to
//! White's point of view and its principal variation checked move by move.
//! The engine's process lives in the program, never in the core.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

/// An engine's score, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Advantage in hundredths of a pawn; positive: White is better.
    Centipawns(i32),
    /// Mate in so many moves; positive: White mates.
    Mate(i32),
}

/// What the engine thinks of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// The position evaluated.
    pub position: Chess,
    /// The score, from White's point of view.
    pub score: Score,
    /// The best line, legal from the position.
    pub best_line: Vec<Move>,
    /// Search depth reached.
    pub depth: u32,
}

/// What came of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The engine answered.
    Answer(Evaluation),
    /// The engine did not answer in time, or has died.
    NotAnswering,
}

/// A move in UCI notation, if it is legal in `position`.
pub fn uci_move(text: &str, position: &Chess) -> Option<Move> {
    text.parse::<UciMove>().ok()?.to_move(position).ok()
}

/// Reads an `info` line: score (turned to White's point of view), the
/// legal part of the principal variation, and the depth.
pub fn read_info(line: &str, position: &Chess) -> Option<(Score, Vec<Move>, u32)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = |name: &str| words.iter().position(|w| *w == name);
    let score_at = at("score")?;
    let value: i32 = words.get(score_at + 2)?.parse().ok()?;
    let sign = if position.turn() == Color::White {
        1
    } else {
        -1
    };
    // i32::MIN has no opposite: such a score is no engine's.
    let value = value.checked_mul(sign)?;
    let score = match *words.get(score_at + 1)? {
        "cp" => Score::Centipawns(value),
        "mate" => Score::Mate(value),
        _ => return None,
    };
    let depth = at("depth")
        .and_then(|i| words.get(i + 1)?.parse().ok())
        .unwrap_or(0);
    let mut line_moves = Vec::new();
    if let Some(pv) = at("pv") {
        let mut pos = position.clone();
        for text in &words[pv + 1..] {
            let Some(m) = uci_move(text, &pos) else { break };
            pos.play_unchecked(m);
            line_moves.push(m);
        }
    }
    Some((score, line_moves, depth))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_turned_to_whites_point_of_view() {
        let white = Chess::default();
        let line = "info depth 12 seldepth 15 score cp 35 nodes 1000 pv e2e4 e7e5 g1f3 zz";
        let (score, pv, depth) = read_info(line, &white).unwrap();
        assert_eq!((score, depth, pv.len()), (Score::Centipawns(35), 12, 3));
        let mut black = Chess::default();
        let e4 = pv[0];
        black.play_unchecked(e4);
        let (score, pv, _) = read_info("info depth 3 score mate 2 pv e7e5 xx", &black).unwrap();
        assert_eq!((score, pv.len()), (Score::Mate(-2), 1));
        assert_eq!(read_info("info string hello", &white), None);
    }

    #[test]
    fn a_score_without_an_opposite_is_not_read() {
        let mut black = Chess::default();
        let e4 = uci_move("e2e4", &black).unwrap();
        black.play_unchecked(e4);
        assert_eq!(read_info("info depth 1 score cp -2147483648", &black), None);
        let white = Chess::default();
        let (score, _, _) = read_info("info depth 1 score cp -2147483648", &white).unwrap();
        assert_eq!(score, Score::Centipawns(i32::MIN));
    }
}
