//! The opening explorer's answers in words: the moves the file's games
//! played at a position, how often and how they scored; the one game that
//! went a way; where the tree stands.

use shakmaty::{Chess, Move};

use super::{AnalysisSentence, AnalysisWords};
use crate::analysis::explorer::{PLIES, Tally};
use crate::notation::{Form, say};

/// Moves said one by one; the rest are counted.
const MOVES_SAID: usize = 5;

impl AnalysisWords {
    /// The moves played at `position`, the most played first, each with
    /// its games and how they scored: "12 games reached this position.
    /// e4: 8 games, White 50, drawn 25, Black 25 percent; d4: game 3,
    /// White wins; and 2 more moves".
    pub fn explored(&self, position: &Chess, moves: &[(Move, Tally, u32)]) -> String {
        use AnalysisSentence as A;
        let total: u64 = moves.iter().map(|(_, t, _)| t.games()).sum();
        let mut parts: Vec<String> = moves
            .iter()
            .take(MOVES_SAID)
            .map(|&(m, tally, game)| {
                let said = say(&self.pack, position, m, Form::Short);
                if tally.games() == 1 {
                    let result = self.result(match tally {
                        Tally { white: 1, .. } => "1-0",
                        Tally { black: 1, .. } => "0-1",
                        Tally { draws: 1, .. } => "1/2-1/2",
                        _ => "*",
                    });
                    let game = self.games_count(game as usize);
                    self.phrase(
                        A::ExplorerMoveOne,
                        &[("move", &said), ("game", &game), ("result", &result)],
                    )
                } else {
                    let scores = match tally.percent() {
                        Some([white, draws, black]) => {
                            let n = |p: u32| self.clock.number(u64::from(p), None);
                            self.phrase(
                                A::ExplorerScores,
                                &[
                                    ("white", &n(white)),
                                    ("draws", &n(draws)),
                                    ("black", &n(black)),
                                ],
                            )
                        }
                        None => self.phrase(A::ExplorerNoneFinished, &[]),
                    };
                    let n = self.games_count(tally.games() as usize);
                    self.phrase(
                        A::ExplorerMoveMany,
                        &[("move", &said), ("n", &n), ("scores", &scores)],
                    )
                }
            })
            .collect();
        let others = moves.len().saturating_sub(MOVES_SAID);
        if others > 0 {
            parts.push(self.phrase_count(
                A::ExplorerOthers,
                others as u64,
                &[("n", &self.games_count(others))],
            ));
        }
        let games = self.phrase_count(
            A::ExplorerGames,
            total,
            &[("n", &self.games_count(total as usize))],
        );
        format!("{games}. {}", parts.join("; "))
    }

    /// The one game that reached the position: its number, players and
    /// result, and the move it played there (`None`: its moves end there).
    pub fn explored_one(
        &self,
        number: usize,
        players: (&str, &str),
        result: &str,
        next: Option<(&Chess, Move)>,
    ) -> String {
        use AnalysisSentence as A;
        let next = match next {
            Some((position, m)) => self.phrase(
                A::ExplorerWentOn,
                &[("move", &say(&self.pack, position, m, Form::Short))],
            ),
            None => self.phrase(A::ExplorerEndedHere, &[]),
        };
        let players = self.phrase(
            A::TagsPlayers,
            &[("white", players.0), ("black", players.1)],
        );
        self.phrase(
            A::ExplorerOneGame,
            &[
                ("number", &self.games_count(number)),
                ("players", &players),
                ("result", &self.result(result)),
                ("next", &next),
            ],
        )
    }

    /// The games share the line past the moves the tree follows.
    pub fn explored_past(&self) -> String {
        let last = (PLIES / 2) as u64;
        self.phrase(
            AnalysisSentence::ExplorerPast,
            &[("number", &self.clock.number(last, None))],
        )
    }

    /// The tree of `games` games is being built.
    pub fn explorer_building(&self, games: usize) -> String {
        self.phrase_count(
            AnalysisSentence::ExplorerBuilding,
            games as u64,
            &[("n", &self.games_count(games))],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    #[test]
    fn the_moves_are_said_with_their_games_and_scores_in_english_and_german() {
        let position = Chess::default();
        let moves: Vec<Move> = position.legal_moves().into_iter().collect();
        let e4 = *moves.iter().find(|m| m.to().to_string() == "e4").unwrap();
        let d4 = *moves.iter().find(|m| m.to().to_string() == "d4").unwrap();
        let tally = Tally {
            white: 4,
            draws: 2,
            black: 2,
            unfinished: 0,
        };
        let found = vec![(e4, tally, 1), (d4, Tally::of("0-1"), 3)];
        let en = AnalysisWords::builtin("en");
        assert_eq!(
            en.explored(&position, &found),
            "nine games reached this position. Eva four: eight games, White fifty, drawn \
             twenty-five, Black twenty-five percent; David four: game three, Black wins"
        );
        let many: Vec<_> = moves.iter().map(|&m| (m, Tally::of("*"), 7)).collect();
        let said = AnalysisWords::builtin("fide").explored(&position, &many);
        assert!(
            said.starts_with("zwanzig Partien haben diese Stellung erreicht. "),
            "{said}"
        );
        assert!(said.ends_with("; und fünfzehn weitere Züge"), "{said}");
    }
}
