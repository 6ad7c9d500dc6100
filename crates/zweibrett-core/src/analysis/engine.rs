//! What a UCI engine says, read without the engine: its score turned to
//! White's point of view and its principal variation checked move by move.
//! The engine's process lives in the program, never in the core.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Position};

pub use crate::evaluation::{MOST_CENTIPAWNS, MOST_MATE_MOVES, Score};

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
    let value = saturated(words.get(score_at + 2)?)?;
    let sign = if position.turn() == Color::White {
        1
    } else {
        -1
    };
    // Bounded before it is turned, so that no number has no opposite and
    // the side said to be better is the side the engine named.
    let turned = |most: i32| (value.clamp(-i64::from(most), i64::from(most)) * sign) as i32;
    let score = match *words.get(score_at + 1)? {
        "cp" => Score::Centipawns(turned(MOST_CENTIPAWNS)),
        // "mate 0" (or "-0") names no side to mate: the position is mate
        // already, and the game says so itself.
        "mate" if value == 0 => return None,
        "mate" => Score::Mate(turned(MOST_MATE_MOVES)),
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

/// An engine's number, whatever its size: one beyond `i64` is read as the
/// largest on its side; a text that is no number is `None`.
fn saturated(text: &str) -> Option<i64> {
    if let Ok(value) = text.parse::<i64>() {
        return Some(value);
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if negative { i64::MIN } else { i64::MAX })
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

    fn score(line: &str, position: &Chess) -> Option<Score> {
        read_info(line, position).map(|(score, _, _)| score)
    }

    #[test]
    fn extreme_scores_are_bounded_on_the_side_the_engine_named() {
        let white = Chess::default();
        let mut black = Chess::default();
        let e4 = uci_move("e2e4", &black).unwrap();
        black.play_unchecked(e4);
        let most = MOST_CENTIPAWNS;
        for (text, for_white_to_move) in [
            ("cp -2147483648", -most),
            ("cp 2147483647", most),
            ("cp 99999999999", most),
            ("cp -99999999999999999999999999", -most),
            ("cp -9223372036854775808", -most),
            ("cp 100001", most),
            ("cp -35", -35),
        ] {
            let line = format!("info depth 1 score {text}");
            assert_eq!(
                score(&line, &white),
                Some(Score::Centipawns(for_white_to_move)),
                "{text}"
            );
            // With Black to move the engine speaks for Black.
            assert_eq!(
                score(&line, &black),
                Some(Score::Centipawns(-for_white_to_move)),
                "{text}"
            );
        }
        let mate = MOST_MATE_MOVES;
        for (text, for_white_to_move) in [
            ("mate -2147483648", -mate),
            ("mate 99999999999", mate),
            ("mate -3", -3),
        ] {
            let line = format!("info depth 1 score {text}");
            assert_eq!(score(&line, &white), Some(Score::Mate(for_white_to_move)));
            assert_eq!(score(&line, &black), Some(Score::Mate(-for_white_to_move)));
        }
        for text in ["mate 0", "mate -0", "cp x", "cp --5", "cp -", "mate"] {
            let line = format!("info depth 1 score {text}");
            assert_eq!(score(&line, &white), None, "{text}");
            assert_eq!(score(&line, &black), None, "{text}");
        }
        let (_, _, depth) = read_info("info depth 99999999999 score cp 5", &white).unwrap();
        assert_eq!(depth, 0);
    }
}
