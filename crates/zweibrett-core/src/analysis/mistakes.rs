//! Learning from mistakes: each move of a game judged by how much it lost
//! by an engine's evaluations of the positions before and after it, and a
//! move the user tries instead compared with the game's. Pure: the
//! evaluations come from the program's engine pass or its cache.
//!
//! An evaluation is turned to the mover's point of view in centipawns,
//! bounded at [`CAP`] (ten pawns); a mate for either side counts as the
//! bound. The loss of a move is the mover's value before it less the value
//! after it: from [`INACCURACY`] an inaccuracy, from [`MISTAKE`] a mistake,
//! from [`BLUNDER`] (a minor piece) a blunder. The bound keeps a won game
//! from producing "blunders" that leave it won.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use super::engine::Score;

/// The bound of a value, in centipawns: ten pawns; a mate counts as this.
pub const CAP: i32 = 1000;
/// The least loss of an inaccuracy, in centipawns.
pub const INACCURACY: i32 = 50;
/// The least loss of a mistake, in centipawns.
pub const MISTAKE: i32 = 100;
/// The least loss of a blunder, in centipawns: a minor piece.
pub const BLUNDER: i32 = 300;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Lost at least [`INACCURACY`].
    Inaccuracy,
    /// Lost at least [`MISTAKE`].
    Mistake,
    /// Lost at least [`BLUNDER`].
    Blunder,
}

/// The severity of a loss of `loss` centipawns, if it is one.
pub fn classify(loss: i32) -> Option<Severity> {
    match loss {
        l if l >= BLUNDER => Some(Severity::Blunder),
        l if l >= MISTAKE => Some(Severity::Mistake),
        l if l >= INACCURACY => Some(Severity::Inaccuracy),
        _ => None,
    }
}

/// An engine's score as White's value, bounded at [`CAP`].
pub fn white_value(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp.clamp(-CAP, CAP),
        Score::Mate(n) if n > 0 => CAP,
        Score::Mate(_) => -CAP,
    }
}

/// The value of a position the game has ended in, for White: a mate is
/// the bound for the side that gave it, any other end nothing. `None` when
/// the game goes on.
pub fn ended_value(position: &Chess) -> Option<i32> {
    if position.is_checkmate() {
        return Some(match position.turn() {
            Color::White => -CAP,
            Color::Black => CAP,
        });
    }
    position.is_game_over().then_some(0)
}

/// What the engine pass found for one position of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Valued {
    /// The value for White, bounded.
    pub white: i32,
    /// The engine's move, when the game goes on.
    pub best: Option<Move>,
}

impl Valued {
    /// The value from `side`'s point of view.
    pub fn for_side(&self, side: Color) -> i32 {
        match side {
            Color::White => self.white,
            Color::Black => -self.white,
        }
    }
}

/// A move of the game that lost something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// Its index in the main line (0: the first move).
    pub ply: usize,
    /// The position before it.
    pub before: Chess,
    /// The move.
    pub m: Move,
    /// What it lost, in centipawns (from [`INACCURACY`] on).
    pub loss: i32,
    /// How bad it was.
    pub severity: Severity,
    /// The engine's move instead, if it gave one.
    pub best: Option<Move>,
    /// The mover's value before the move.
    pub value_before: i32,
    /// The mover's value after the move.
    pub value_after: i32,
}

impl Judged {
    /// The side that made the move.
    pub fn side(&self) -> Color {
        self.before.turn()
    }

    /// The move's number, as the score writes it.
    pub fn number(&self) -> u32 {
        self.before.fullmoves().get()
    }
}

/// The moves of the main line `moves` from `start` that lost at least an
/// inaccuracy, worst first (ties in the order of the game). `values` holds
/// the value of each position from the start on; a move whose position
/// before or after has no value (a pass that stopped) is not judged.
pub fn judge(start: &Chess, moves: &[Move], values: &[Option<Valued>]) -> Vec<Judged> {
    let mut judged = Vec::new();
    let mut position = start.clone();
    for (ply, &m) in moves.iter().enumerate() {
        let before = position.clone();
        position.play_unchecked(m);
        let (Some(Some(v_before)), Some(Some(v_after))) = (values.get(ply), values.get(ply + 1))
        else {
            continue;
        };
        let mover = before.turn();
        let (value_before, value_after) = (v_before.for_side(mover), v_after.for_side(mover));
        let loss = value_before - value_after;
        if let Some(severity) = classify(loss) {
            judged.push(Judged {
                ply,
                before,
                m,
                loss,
                severity,
                best: v_before.best,
                value_before,
                value_after,
            });
        }
    }
    // Stable: equal losses stay in the order of the game.
    judged.sort_by_key(|j| std::cmp::Reverse(j.loss));
    judged
}

/// How a move tried instead of the game's compares with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// It keeps more than the game's move, by at least [`INACCURACY`].
    Better,
    /// Within [`INACCURACY`] of the game's move: just as bad.
    AsBad,
    /// It loses more than the game's move, by at least [`INACCURACY`].
    Worse,
}

/// Compares a tried move whose position after is worth `tried` to the
/// mover with the game's move, worth `played`; both bounded.
pub fn compare(tried: i32, played: i32) -> Comparison {
    let tried = tried.clamp(-CAP, CAP);
    match tried - played {
        d if d >= INACCURACY => Comparison::Better,
        d if d <= -INACCURACY => Comparison::Worse,
        _ => Comparison::AsBad,
    }
}

/// A move tried at a listed mistake, judged without the engine where the
/// pass already knows: the game's own move is as bad as itself; the
/// engine's move keeps the value before.
pub fn known_comparison(judged: &Judged, tried: Move) -> Option<Comparison> {
    if tried == judged.m {
        return Some(Comparison::AsBad);
    }
    if Some(tried) == judged.best {
        return Some(compare(judged.value_before, judged.value_after));
    }
    None
}

/// A move in UCI, as the engine and the cache write it.
pub fn uci_text(m: Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// A move read from UCI text, if it is legal in `position`.
pub fn read_uci(position: &Chess, text: &str) -> Option<Move> {
    let uci: UciMove = text.parse().ok()?;
    uci.to_move(position).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::san::read_standard_san;

    fn line(sans: &[&str]) -> (Chess, Vec<Move>) {
        let start = Chess::default();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for san in sans {
            let m = read_standard_san(&pos, san).unwrap();
            pos.play_unchecked(m);
            moves.push(m);
        }
        (start, moves)
    }

    fn valued(white: i32) -> Option<Valued> {
        Some(Valued { white, best: None })
    }

    #[test]
    fn each_threshold_is_the_least_loss_of_its_kind() {
        assert_eq!(classify(INACCURACY - 1), None);
        assert_eq!(classify(INACCURACY), Some(Severity::Inaccuracy));
        assert_eq!(classify(MISTAKE - 1), Some(Severity::Inaccuracy));
        assert_eq!(classify(MISTAKE), Some(Severity::Mistake));
        assert_eq!(classify(BLUNDER - 1), Some(Severity::Mistake));
        assert_eq!(classify(BLUNDER), Some(Severity::Blunder));
        assert_eq!(classify(-500), None);
    }

    #[test]
    fn mates_and_large_scores_count_as_the_bound() {
        assert_eq!(white_value(Score::Mate(3)), CAP);
        assert_eq!(white_value(Score::Mate(-1)), -CAP);
        assert_eq!(white_value(Score::Centipawns(5000)), CAP);
        assert_eq!(white_value(Score::Centipawns(-42)), -42);
    }

    #[test]
    fn losses_are_from_the_movers_point_of_view_worst_first() {
        let (start, moves) = line(&["e4", "e5", "Qh5", "Nc6"]);
        // White's e4 keeps 30; Black's e5 loses 40 (no mistake); Qh5 loses
        // 130 (a mistake); Black's Nc6 loses 400 (a blunder).
        let values = [valued(30), valued(30), valued(70), valued(-60), valued(340)];
        let judged = judge(&start, &moves, &values);
        assert_eq!(judged.len(), 2, "{judged:?}");
        assert_eq!(
            (judged[0].ply, judged[0].severity, judged[0].loss),
            (3, Severity::Blunder, 400)
        );
        assert_eq!(judged[0].side(), Color::Black);
        assert_eq!(judged[0].number(), 2);
        assert_eq!(
            (judged[1].ply, judged[1].severity, judged[1].loss),
            (2, Severity::Mistake, 130)
        );
    }

    #[test]
    fn a_move_without_both_values_is_not_judged() {
        let (start, moves) = line(&["e4", "e5"]);
        let judged = judge(&start, &moves, &[valued(0), valued(-900), None]);
        assert_eq!(judged.len(), 1);
        assert_eq!(judged[0].ply, 0);
        assert!(judge(&start, &moves, &[]).is_empty());
    }

    #[test]
    fn a_mate_given_is_the_bound_for_the_mover() {
        let (_, moves) = line(&["f3", "e5", "g4", "Qh4#"]);
        let mut pos = Chess::default();
        for m in &moves {
            assert_eq!(ended_value(&pos), None);
            pos.play_unchecked(*m);
        }
        assert_eq!(ended_value(&pos), Some(-CAP));
    }

    #[test]
    fn a_tried_move_is_compared_within_an_inaccuracy() {
        assert_eq!(compare(-200, -300), Comparison::Better);
        assert_eq!(compare(-251, -300), Comparison::AsBad);
        assert_eq!(compare(-349, -300), Comparison::AsBad);
        assert_eq!(compare(-350, -300), Comparison::Worse);
        assert_eq!(compare(5000, CAP), Comparison::AsBad);
    }

    #[test]
    fn the_games_move_and_the_engines_are_known_without_asking() {
        let (start, moves) = line(&["e4", "e5"]);
        let best = read_uci(&start, "d2d4");
        let values = [Some(Valued { white: 20, best }), valued(-400), valued(-400)];
        let judged = judge(&start, &moves[..1], &values);
        assert_eq!(
            known_comparison(&judged[0], moves[0]),
            Some(Comparison::AsBad)
        );
        assert_eq!(
            known_comparison(&judged[0], best.unwrap()),
            Some(Comparison::Better)
        );
        let c4 = read_uci(&start, "c2c4").unwrap();
        assert_eq!(known_comparison(&judged[0], c4), None);
        assert_eq!(uci_text(moves[0]), "e2e4");
    }
}
