//! Learning from mistakes: each move of a game judged by how much it lost
//! by an engine's evaluations of the positions before and after it, and a
//! move the user tries instead compared with the game's. Pure: the
//! evaluations come from the program's engine pass or its cache.
//!
//! An evaluation is turned to the mover's point of view in centipawns,
//! bounded at [`CAP`] (ten pawns); a mate for either side counts as the
//! bound. A move is judged by the winning chances it gave away, not by raw
//! pawns: each value is turned into the mover's expected score (from 0 for
//! a lost game to 1,000 for a won one, [`expected_score`]), and the loss
//! of a move is the expected score before it less the one after it: from
//! [`INACCURACY`] (5 points in 100) an inaccuracy, from [`MISTAKE`] (10) a
//! mistake, from [`BLUNDER`] (15) a blunder. Three pawns given back from
//! ten leave a won game won and cost next to nothing; the same three pawns
//! in a level position lose it.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use super::engine::Score;

/// The bound of a value, in centipawns: ten pawns; a mate counts as this.
pub const CAP: i32 = 1000;
/// The least loss of an inaccuracy, in thousandths of the expected score.
pub const INACCURACY: i32 = 50;
/// The least loss of a mistake, in thousandths of the expected score.
pub const MISTAKE: i32 = 100;
/// The least loss of a blunder, in thousandths of the expected score.
pub const BLUNDER: i32 = 150;

/// How steeply the expected score rises with the evaluation, per
/// centipawn: a logistic curve fitted to the results of rated games at
/// each evaluation, under which one pawn up scores about 59 in 100, three
/// pawns 75, five 86 and ten 98.
const STEEPNESS: f64 = 0.003_682_08;

/// The expected score, in thousandths, of a side whose value is `cp`
/// centipawns (bounded at [`CAP`]).
pub fn expected_score(cp: i32) -> i32 {
    let cp = f64::from(cp.clamp(-CAP, CAP));
    (1000.0 / (1.0 + (-STEEPNESS * cp).exp())).round() as i32
}

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

/// The severity of a loss of `loss` thousandths of the expected score, if
/// it is one.
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
    /// What it lost, in thousandths of the mover's expected score (from
    /// [`INACCURACY`] on).
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
        let loss = expected_score(value_before) - expected_score(value_after);
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

/// Compares a tried move whose position after is worth `tried` centipawns
/// to the mover with the game's move, worth `played`, by the expected
/// scores they leave.
pub fn compare(tried: i32, played: i32) -> Comparison {
    match expected_score(tried) - expected_score(played) {
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
    fn the_expected_score_follows_the_evaluation_and_stops_at_the_bound() {
        assert_eq!(expected_score(0), 500);
        assert_eq!(expected_score(100), 591);
        assert_eq!(expected_score(-100), 409);
        assert_eq!(expected_score(1000), 975);
        assert_eq!(expected_score(5000), expected_score(CAP));
    }

    #[test]
    fn a_won_game_given_back_in_part_is_no_blunder() {
        let (start, moves) = line(&["e4", "e5"]);
        // White from ten pawns up to five: still winning, a mistake at most.
        let judged = judge(&start, &moves[..1], &[valued(1000), valued(500)]);
        assert!(
            judged.iter().all(|j| j.severity < Severity::Blunder),
            "{judged:?}"
        );
        // From twenty to ten: nothing at all.
        assert!(judge(&start, &moves[..1], &[valued(2000), valued(1000)]).is_empty());
        // The same five pawns from a level game: a blunder.
        let judged = judge(&start, &moves[..1], &[valued(0), valued(-500)]);
        assert_eq!(judged[0].severity, Severity::Blunder);
        // Two pawns from a level game lose a quarter of the game: a blunder;
        // from five pawns up, three left, a mistake.
        let level = judge(&start, &moves[..1], &[valued(0), valued(-200)]);
        assert_eq!(level[0].severity, Severity::Blunder);
        let up = judge(&start, &moves[..1], &[valued(500), valued(300)]);
        assert_eq!(up[0].severity, Severity::Mistake);
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
        // White's e4 keeps 30; Black's e5 loses 40 centipawns, 37 in a
        // thousand (nothing); Qh5 loses 130, 119 (a mistake); Black's Nc6
        // loses 400, 333 (a blunder).
        let values = [valued(30), valued(30), valued(70), valued(-60), valued(340)];
        let judged = judge(&start, &moves, &values);
        assert_eq!(judged.len(), 2, "{judged:?}");
        assert_eq!(
            (judged[0].ply, judged[0].severity, judged[0].loss),
            (3, Severity::Blunder, 333)
        );
        assert_eq!(judged[0].side(), Color::Black);
        assert_eq!(judged[0].number(), 2);
        assert_eq!(
            (judged[1].ply, judged[1].severity, judged[1].loss),
            (2, Severity::Mistake, 119)
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
        // Fifty in a thousand of the expected score either way.
        assert_eq!(compare(-200, -300), Comparison::Better);
        assert_eq!(compare(-251, -300), Comparison::AsBad);
        assert_eq!(compare(-370, -300), Comparison::AsBad);
        assert_eq!(compare(-400, -300), Comparison::Worse);
        assert_eq!(compare(5000, CAP), Comparison::AsBad);
        // Two pawns matter less in a won game than in a level one.
        assert_eq!(compare(800, 1000), Comparison::AsBad);
        assert_eq!(compare(-200, 0), Comparison::Worse);
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
