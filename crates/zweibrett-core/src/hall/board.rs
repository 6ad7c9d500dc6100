//! One board of the round as its live PGN shows it.

use std::time::Duration;

use shakmaty::{Chess, Color, Move, Position};

use crate::game::GameResult;
use crate::notation::MoveNumber;
use crate::record::pgn_game::Game;
use crate::record::pgn_write::{ARBITER_CALL_TAG, ArbiterCall};

/// A player at the board, as the PGN names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The name (`White`, `Black` tags).
    pub name: String,
    /// The rating (`WhiteElo`, `BlackElo`), when one is given.
    pub elo: Option<String>,
}

/// One board as last seen: the players, the moves, the clocks noted after
/// each player's last move (`[%clk]`), the result, and what waits for the
/// arbiter (the `ArbiterCall` tag a zweibrett game writes).
#[derive(Clone, Debug)]
pub struct BoardView {
    /// The round (`Round` tag), when given.
    pub round: Option<String>,
    /// The board number (`Board` tag), when given; else the part after
    /// the point of a `Round` "3.12", as Swiss-Chess and ChessBase write
    /// round 3, board 12.
    pub number: Option<u32>,
    /// White.
    pub white: Seat,
    /// Black.
    pub black: Seat,
    /// The position the game started from.
    pub start: Chess,
    /// The moves, each with its SAN.
    pub moves: Vec<(Move, String)>,
    /// The clock noted after each side's last move: White's, then Black's.
    pub clocks: [Option<Duration>; 2],
    /// The result, once the game is over.
    pub result: Option<GameResult>,
    /// The `Termination` tag, when given.
    pub termination: Option<String>,
    /// What waits for the arbiter.
    pub call: Option<ArbiterCall>,
    /// Each player's own score where it differs from the game, as the
    /// game's PGN ends with it ("Black's own score: e4 e3"): the audit's
    /// start (D.2.9).
    pub own_scores: Vec<String>,
}

/// A tag's value, unless it is empty or PGN's "not known" (`?`, `-`).
fn known(game: &Game, name: &str) -> Option<String> {
    game.tag(name)
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "?" && *v != "-")
        .map(str::to_string)
}

impl BoardView {
    /// The board `game` shows.
    pub fn of(game: &Game) -> BoardView {
        let mut clocks = [None, None];
        let mut position = game.start.clone();
        let mut moves = Vec::with_capacity(game.moves.len());
        for node in &game.moves {
            let side = position.turn();
            if let Some(clock) = node.clock {
                clocks[usize::from(side == Color::Black)] = Some(clock);
            }
            moves.push((node.m, node.san.clone()));
            position.play_unchecked(node.m);
        }
        let result = match game.result.trim() {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        };
        let seat = |name: &str, elo: &str, default: &str| Seat {
            name: known(game, name).unwrap_or_else(|| default.to_string()),
            elo: known(game, elo),
        };
        // The comment after the last move, or before the first when there
        // is none: where a zweibrett game writes the players' own scores.
        let last_comment = match game.moves.last() {
            Some(node) => node.comment.as_deref(),
            None => game.intro.as_deref(),
        };
        let own_scores = last_comment
            .into_iter()
            .flat_map(|c| c.split("; "))
            .filter(|part| part.contains("'s own score: "))
            .map(|part| part.trim().to_string())
            .collect();
        BoardView {
            own_scores,
            round: known(game, "Round"),
            number: known(game, "Board")
                .and_then(|b| b.parse().ok())
                .or_else(|| board_of_round(known(game, "Round")?.as_str())),
            white: seat("White", "WhiteElo", "?"),
            black: seat("Black", "BlackElo", "?"),
            start: game.start.clone(),
            moves,
            clocks,
            result,
            termination: known(game, "Termination"),
            call: game
                .tag(ARBITER_CALL_TAG)
                .and_then(ArbiterCall::from_tag)
                .filter(|_| result.is_none()),
        }
    }

    /// What tells this board from the others of its source: its number,
    /// else its players.
    pub fn key(&self) -> String {
        match self.number {
            Some(n) => format!("#{n}"),
            None => format!("{}\u{0}{}", self.white.name, self.black.name),
        }
    }

    /// The position after every move.
    pub fn position(&self) -> Chess {
        let mut position = self.start.clone();
        for (m, _) in &self.moves {
            position.play_unchecked(*m);
        }
        position
    }

    /// The side to move, while the game goes on.
    pub fn to_move(&self) -> Color {
        MoveNumber::after(&self.start, self.moves.len()).color
    }

    /// The number and side of the half-move at `index`.
    pub fn number_of(&self, index: usize) -> MoveNumber {
        MoveNumber::after(&self.start, index)
    }

    /// Whether the game ended on time (the `Termination` tag says "time
    /// forfeit", as PGN exports write it).
    pub fn flag_fell(&self) -> bool {
        self.result.is_some()
            && self
                .termination
                .as_deref()
                .is_some_and(|t| t.eq_ignore_ascii_case("time forfeit"))
    }
}

/// The board of a `Round` tag "3.12": round 3, board 12.
fn board_of_round(round: &str) -> Option<u32> {
    let (round, board) = round.split_once('.')?;
    round.parse::<u32>().ok()?;
    board.parse().ok().filter(|&b| b > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(text: &str) -> BoardView {
        BoardView::of(&Game::parse(text, 1).unwrap())
    }

    #[test]
    fn players_clocks_call_and_result_are_read_from_the_tags_and_comments() {
        let board = view(
            "[Event \"IBCA\"]\n[Round \"3\"]\n[Board \"12\"]\n[White \"Lima, Ana\"]\n\
             [Black \"Paz, Rui\"]\n[WhiteElo \"2011\"]\n[BlackElo \"?\"]\n[Result \"*\"]\n\
             [ArbiterCall \"Divergence\"]\n\n\
             1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Nf3 {[%clk 1:29:00]} *\n",
        );
        assert_eq!(board.number, Some(12));
        assert_eq!(board.round.as_deref(), Some("3"));
        let dotted = view("[Round \"3.7\"]\n[White \"A\"]\n[Black \"B\"]\n\n*\n");
        assert_eq!(dotted.number, Some(7), "round 3, board 7");
        for round in ["3", "3.", "3.x", "x.7", "3.0", "3.7.1"] {
            let text = format!("[Round \"{round}\"]\n\n*\n");
            assert_eq!(view(&text).number, None, "{round}");
        }
        assert_eq!(board.white.elo.as_deref(), Some("2011"));
        assert_eq!(board.black.elo, None);
        assert_eq!(
            board.clocks,
            [
                Some(Duration::from_secs(5340)),
                Some(Duration::from_secs(5380))
            ]
        );
        assert_eq!(board.to_move(), Color::Black);
        assert_eq!(board.moves.last().map(|(_, san)| san.as_str()), Some("Nf3"));
        assert_eq!(board.number_of(2).to_string(), "2.");
        assert_eq!(board.call, Some(ArbiterCall::Divergence));
        assert_eq!(board.result, None);
        assert_eq!(board.key(), "#12");
        assert!(board.own_scores.is_empty());
    }

    #[test]
    fn each_players_own_score_is_read_from_the_end_of_the_game() {
        let board = view(
            "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
             1. e4 {[%clk 1:29:50]} {Black's own score: e3} *\n",
        );
        assert_eq!(board.own_scores, vec!["Black's own score: e3".to_string()]);
    }

    #[test]
    fn a_game_over_on_time_is_a_flag_and_waits_for_no_one() {
        let board = view(
            "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\
             [ArbiterCall \"Claim\"]\n\n1. d4 d5 0-1\n",
        );
        assert_eq!(board.result, Some(GameResult::BlackWins));
        assert!(board.flag_fell());
        assert_eq!(board.call, None);
        assert_eq!(board.key(), "A\u{0}B");
    }
}
