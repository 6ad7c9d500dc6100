//! Each player's game in figures: how accurately they played (from the
//! engine pass's values, as the mistakes are judged), where they thought
//! longest and how many moves they made with under a minute left (from the
//! score's `[%clk]` and `[%emt]`).

use std::time::Duration;

use shakmaty::Color;

use super::mistakes::{Valued, expected_score};
use crate::record::pgn_game::Game;

/// The longest thinks named for each player.
pub const LONGEST: usize = 3;

/// Under this much left on the clock a move counts as played short of
/// time.
pub const SHORT_OF_TIME: Duration = Duration::from_secs(60);

/// One player's game in figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSummary {
    /// Whose.
    pub side: Color,
    /// How many moves they made in the main line.
    pub moves: usize,
    /// The mean accuracy of their moves, 0 to 100, once every position has
    /// its value.
    pub accuracy: Option<u32>,
    /// Their longest thinks, longest first: the move's number and the time
    /// spent on it.
    pub longest: Vec<(u32, Duration)>,
    /// The moves made with under [`SHORT_OF_TIME`] left after them, and
    /// the number of the first; `None` when the score gives no clock.
    pub short_of_time: Option<(usize, Option<u32>)>,
}

/// The accuracy of one move, 0 to 100, from the mover's expected score
/// before and after it (in thousandths): 100 for a move that gives nothing
/// away, falling off steeply with the points of the expected score lost —
/// an exponential fitted to players' results, under which losing 5 points
/// in 100 leaves about 80, 10 about 64 and 20 about 40.
pub fn move_accuracy(before: i32, after: i32) -> f64 {
    let lost = f64::from((before - after).max(0)) / 10.0;
    (103.1668 * (-0.04354 * lost).exp() - 3.1669).clamp(0.0, 100.0)
}

/// Both players' figures, White first. `values` holds the pass's value of
/// each position from the start, when the pass has been made.
pub fn summarise(game: &Game, values: Option<&[Option<Valued>]>) -> [PlayerSummary; 2] {
    let replay = super::replay::Replay::new(game.clone());
    let played = replay.main_line_played();
    let mut summaries = [Color::White, Color::Black].map(|side| PlayerSummary {
        side,
        moves: 0,
        accuracy: None,
        longest: Vec::new(),
        short_of_time: None,
    });
    let mut accuracy: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut whole = [true, true];
    for (ply, p) in played.iter().enumerate() {
        let i = usize::from(p.color == Color::Black);
        let summary = &mut summaries[i];
        summary.moves += 1;
        if let Some(spent) = p.spent {
            summary.longest.push((p.number, spent));
        }
        if let Some(clock) = p.clock {
            let short = summary.short_of_time.get_or_insert((0, None));
            if clock < SHORT_OF_TIME {
                short.0 += 1;
                short.1.get_or_insert(p.number);
            }
        }
        let value = |at: usize| values.and_then(|v| v.get(at).copied().flatten());
        match (value(ply), value(ply + 1)) {
            (Some(before), Some(after)) => accuracy[i].push(move_accuracy(
                expected_score(before.for_side(p.color)),
                expected_score(after.for_side(p.color)),
            )),
            _ => whole[i] = false,
        }
    }
    for (i, summary) in summaries.iter_mut().enumerate() {
        // Longest first; of equal thinks the earlier move.
        summary
            .longest
            .sort_by_key(|(n, d)| (std::cmp::Reverse(*d), *n));
        summary.longest.truncate(LONGEST);
        if whole[i] && !accuracy[i].is_empty() {
            let mean = accuracy[i].iter().sum::<f64>() / accuracy[i].len() as f64;
            summary.accuracy = Some(mean.round() as u32);
        }
    }
    summaries
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        Game::parse(text, 1).unwrap()
    }

    #[test]
    fn a_move_that_gives_nothing_away_is_fully_accurate() {
        assert_eq!(move_accuracy(600, 600).round(), 100.0);
        assert_eq!(move_accuracy(600, 700).round(), 100.0);
        assert_eq!(move_accuracy(600, 550).round(), 80.0);
        assert_eq!(move_accuracy(600, 500).round(), 64.0);
        assert_eq!(move_accuracy(1000, 0), 0.0);
    }

    #[test]
    fn thinks_and_time_trouble_come_from_the_clock() {
        let g = game(
            "[TimeControl \"300\"]\n\n1. e4 {[%clk 0:04:58]} e5 {[%clk 0:04:30]} \
             2. Nf3 {[%clk 0:01:10]} Nc6 {[%clk 0:00:50]} 3. Bc4 {[%clk 0:00:40]} \
             Bc5 {[%clk 0:00:45]} *\n",
        );
        let [white, black] = summarise(&g, None);
        assert_eq!(white.moves, 3);
        assert_eq!(
            white.longest,
            [
                (2, Duration::from_secs(228)),
                (3, Duration::from_secs(30)),
                (1, Duration::from_secs(2))
            ]
        );
        assert_eq!(white.short_of_time, Some((1, Some(3))));
        assert_eq!(black.short_of_time, Some((2, Some(2))));
        assert_eq!(black.longest[0], (2, Duration::from_secs(220)));
        assert_eq!(white.accuracy, None);
        let bare = game("1. e4 e5 *\n");
        assert_eq!(summarise(&bare, None)[0].short_of_time, None);
    }

    #[test]
    fn accuracy_needs_every_value_of_the_players_moves() {
        let g = game("1. e4 e5 2. Qh5 Nc6 *\n");
        let v = |white| Some(Valued { white, best: None });
        let values = [v(30), v(30), v(30), v(-60), v(-60)];
        let [white, black] = summarise(&g, Some(&values));
        // White gave away 90 centipawns at Qh5 (82 in a thousand).
        assert_eq!(white.accuracy, Some(84));
        assert_eq!(black.accuracy, Some(100));
        let [white, _] = summarise(&g, Some(&values[..3]));
        assert_eq!(white.accuracy, None);
    }
}
