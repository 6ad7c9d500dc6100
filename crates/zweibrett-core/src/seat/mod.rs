//! A second seat at the table: what a seat joined from another terminal
//! is shown of the game (D.2.11, D.2.9). The game runs in one process with
//! one journal; a seat is a view of it plus a keyboard. [`SeatView`] is the
//! whole of what a seat shows, made from the game at one instant, so that
//! a seat needs nothing else to draw its screen and nothing here depends on
//! hearing.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode};

use crate::clock::Instant;
use crate::game::{Game, Side, Step};

/// Who sits at a joined seat, and so whose side what they type is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatRole {
    /// The sighted opponent of the visually impaired player; when hearing
    /// impaired, they follow the game on their own screen (D.2.11).
    Opponent,
    /// The arbiter: both boards, both scores, the audit (D.2.9).
    Arbiter,
    /// The visually impaired player's assistant (D.2.10).
    Assistant,
}

impl SeatRole {
    /// The role's name as the command line writes it.
    pub fn name(self) -> &'static str {
        match self {
            SeatRole::Opponent => "opponent",
            SeatRole::Arbiter => "arbiter",
            SeatRole::Assistant => "assistant",
        }
    }
}

/// The last move announced: what the opponent must see when they cannot
/// hear it (D.2.1, D.2.11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatAnnouncement {
    /// Its number and SAN: "12... Nf6".
    pub label: String,
    /// The announcement in the voice pack's words.
    pub words: String,
    /// Who made the move.
    pub by: Side,
}

/// Which step of the protocol the game is at (D.2.1–D.2.8), so that a
/// seat can act on it (the opponent's Enter confirms a move to repeat)
/// without reading the status line's words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatStep {
    /// The side to move is to enter a move.
    #[default]
    Enter,
    /// A move is announced and made; its player presses the clock or
    /// corrects it (D.2.1, D.2.8).
    Announced,
    /// The side to move is to repeat the announced move (D.2.1).
    Repeat,
    /// The game is adjourned with a sealed move (Guidelines I).
    Adjourned,
    /// The game is over.
    Over,
}

impl SeatStep {
    /// The step `game` is at.
    pub fn of(game: &Game) -> SeatStep {
        match game.step() {
            Step::Enter => SeatStep::Enter,
            Step::Announced(_) => SeatStep::Announced,
            Step::Repeat(_) => SeatStep::Repeat,
            Step::Adjourned => SeatStep::Adjourned,
            Step::Over(_) => SeatStep::Over,
        }
    }
}

/// Both clocks as read at one instant; a seat runs the running one on
/// from there by its own clock, so it need not be sent every second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatClocks {
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// Whose clock runs, if one does.
    pub running: Option<Side>,
    /// Moves completed by both (D.2.6.1).
    pub completed: u32,
}

impl SeatClocks {
    /// Whether the clocks differ from `was` other than by the running
    /// clock counting down: started, stopped, a move completed, or a time
    /// set or added by the arbiter (6.10.2).
    pub fn changed_from(&self, was: &SeatClocks) -> bool {
        let counted_down = |now: u64, before: u64| now <= before;
        self.running != was.running
            || self.completed != was.completed
            || match self.running {
                Some(Side::White) => {
                    self.black_ms != was.black_ms || !counted_down(self.white_ms, was.white_ms)
                }
                Some(Side::Black) => {
                    self.white_ms != was.white_ms || !counted_down(self.black_ms, was.black_ms)
                }
                None => self.white_ms != was.white_ms || self.black_ms != was.black_ms,
            }
    }

    /// The clocks of `game` at `now`.
    pub fn of(game: &Game, now: Instant) -> SeatClocks {
        let clock = game.clock();
        let ms = |c: Color| u64::try_from(clock.remaining(c, now).as_millis()).unwrap_or(u64::MAX);
        let running = clock
            .running()
            .filter(|_| game.outcome().is_none())
            .map(|r| Side::from(r.side));
        SeatClocks {
            white_ms: ms(Color::White),
            black_ms: ms(Color::Black),
            running,
            completed: clock.completed_moves(),
        }
    }

    /// The time left of `side`, `elapsed` after the reading.
    pub fn left(&self, side: Side, elapsed: Duration) -> Duration {
        let at_reading = Duration::from_millis(match side {
            Side::White => self.white_ms,
            Side::Black => self.black_ms,
        });
        if self.running == Some(side) {
            at_reading.saturating_sub(elapsed)
        } else {
            at_reading
        }
    }
}

/// Everything a joined seat shows of the game at one instant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Whose turn it is.
    pub to_move: Side,
    /// The step of the protocol and what to do next, in the pack's words
    /// ("Bitte wiederholen"): the status line (D.2.1–D.2.8).
    pub status: String,
    /// The last move announced, if any.
    pub last: Option<SeatAnnouncement>,
    /// Both clocks.
    pub clocks: SeatClocks,
    /// White's board as FEN (D.1: each player has a board of their own).
    pub white_board: String,
    /// Black's board as FEN.
    pub black_board: String,
    /// White's score, one SAN per move (Art. 8).
    pub white_score: Vec<String>,
    /// Black's score.
    pub black_score: Vec<String>,
    /// The two boards differ and the arbiter is to settle it (D.2.9).
    pub diverging: bool,
    /// The result, once the game is over ("1-0").
    pub result: Option<String>,
    /// The step of the protocol, as the status line says it in words.
    #[serde(default)]
    pub step: SeatStep,
    /// The number of the game's first move and who made it: a game from a
    /// position may begin at "40... Kd7" (the scores carry move numbers).
    #[serde(default)]
    pub first_move: Option<(u32, Side)>,
    /// A draw offer, request or claim waiting for an answer, in the
    /// pack's words (9.1.2, III.4, III.5): shown so that it cannot be
    /// missed.
    #[serde(default)]
    pub pending: Option<String>,
}

impl SeatView {
    /// What a seat shows of `game` at `now`.
    pub fn of(game: &Game, now: Instant) -> SeatView {
        let last = game.moves().last().map(|p| SeatAnnouncement {
            label: game.last_move_label().unwrap_or_default(),
            words: p.words.clone(),
            by: Side::from(p.by),
        });
        let fen = |c: Color| Fen::from_position(game.board(c), EnPassantMode::Legal).to_string();
        SeatView {
            white: game.setup().white.clone(),
            black: game.setup().black.clone(),
            to_move: Side::from(game.to_move()),
            status: crate::table::status_line(game),
            last,
            clocks: SeatClocks::of(game, now),
            white_board: fen(Color::White),
            black_board: fen(Color::Black),
            white_score: game.score(Color::White).to_vec(),
            black_score: game.score(Color::Black).to_vec(),
            diverging: game.diverging(),
            result: game.outcome().map(|o| o.result.pgn().to_string()),
            step: SeatStep::of(game),
            first_move: Some((
                shakmaty::Position::fullmoves(game.start()).get(),
                Side::from(shakmaty::Position::turn(game.start())),
            )),
            pending: crate::table::pending_line(game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_clock_runs_on_from_the_reading_and_the_other_stands() {
        let clocks = SeatClocks {
            white_ms: 60_000,
            black_ms: 30_000,
            running: Some(Side::White),
            completed: 3,
        };
        let later = Duration::from_secs(5);
        assert_eq!(clocks.left(Side::White, later), Duration::from_secs(55));
        assert_eq!(clocks.left(Side::Black, later), Duration::from_secs(30));
        assert_eq!(
            clocks.left(Side::White, Duration::from_secs(99)),
            Duration::ZERO
        );
    }

    #[test]
    fn the_view_round_trips_through_json() {
        let view = SeatView {
            white: "Anna".into(),
            black: "Ben".into(),
            to_move: Side::Black,
            status: "Schwarz am Zug".into(),
            last: Some(SeatAnnouncement {
                label: "1. e4".into(),
                words: "e vier".into(),
                by: Side::White,
            }),
            clocks: SeatClocks {
                white_ms: 1,
                black_ms: 2,
                running: None,
                completed: 0,
            },
            white_board: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            black_board: "8/8/8/8/8/8/8/8 w - - 0 1".into(),
            white_score: vec!["e4".into()],
            black_score: vec![],
            diverging: false,
            result: None,
            step: SeatStep::Enter,
            first_move: Some((40, Side::Black)),
            pending: Some("Remisangebot von Weiß".into()),
        };
        let text = serde_json::to_string(&view).unwrap();
        assert_eq!(serde_json::from_str::<SeatView>(&text).unwrap(), view);
    }
}
