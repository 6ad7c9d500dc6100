//! The words of learning from mistakes: a listed move, how bad it was and
//! what it lost, and how a tried move compares with the game's.

use shakmaty::{Chess, Move};

use super::{AnalysisSentence, AnalysisWords};
use crate::analysis::mistakes::{Comparison, Judged, Severity, expected_score};
use crate::analysis::summary::PlayerSummary;
use crate::notation::{Form, say};

impl AnalysisWords {
    /// How bad a move was: "blunder".
    pub fn severity(&self, severity: Severity) -> String {
        let key = match severity {
            Severity::Inaccuracy => AnalysisSentence::Inaccuracy,
            Severity::Mistake => AnalysisSentence::MistakeWord,
            Severity::Blunder => AnalysisSentence::Blunder,
        };
        self.phrase(key, &[])
    }

    /// A listed move: "12, White: Queen h5, blunder, winning chances from
    /// 52 to 8 percent".
    pub fn judged(&self, judged: &Judged) -> String {
        let percent = |cp: i32| {
            let permille = expected_score(cp).clamp(0, 1000) as u64;
            self.clock.number((permille + 5) / 10, None)
        };
        let loss = self.phrase(
            AnalysisSentence::Chances,
            &[
                ("before", &percent(judged.value_before)),
                ("after", &percent(judged.value_after)),
            ],
        );
        self.phrase(
            AnalysisSentence::MistakeItem,
            &[
                ("number", &self.clock.number(judged.number().into(), None)),
                ("side", self.pack.side(judged.side())),
                (
                    "move",
                    &say(&self.pack, &judged.before, judged.m, Form::Short),
                ),
                ("severity", &self.severity(judged.severity)),
                ("loss", &loss),
            ],
        )
    }

    /// A listed move gone to: which of how many, the move, what to do.
    pub fn judged_at(&self, judged: &Judged, index: usize, count: usize) -> String {
        self.phrase(
            AnalysisSentence::MistakeAt,
            &[
                ("index", &self.clock.number(index as u64, None)),
                ("count", &self.clock.number(count as u64, None)),
                ("item", &self.judged(judged)),
            ],
        )
    }

    /// How the move `tried` in `position` compares with the game's.
    /// `numbered`: the move is named with its number and side ("twelve,
    /// White: Knight Felix three"), as when the board has moved on since.
    pub fn comparison(
        &self,
        comparison: Comparison,
        position: &Chess,
        tried: Move,
        numbered: bool,
    ) -> String {
        let key = match comparison {
            Comparison::Better => AnalysisSentence::TryBetter,
            Comparison::AsBad => AnalysisSentence::TryAsBad,
            Comparison::Worse => AnalysisSentence::TryWorse,
        };
        let said = say(&self.pack, position, tried, Form::Short);
        let said = match numbered {
            true => self.line(position, &[tried]),
            false => said,
        };
        self.phrase(key, &[("move", &said)])
    }

    /// The engine's move in `position`, or that it gave none.
    pub fn best_move(&self, position: &Chess, best: Option<Move>) -> String {
        match best {
            Some(m) => self.phrase(
                AnalysisSentence::BestMove,
                &[("move", &say(&self.pack, position, m, Form::Short))],
            ),
            None => self.phrase(AnalysisSentence::NoBest, &[]),
        }
    }

    /// How far the engine pass got: "Analysis: move 24 of 60".
    pub fn pass_progress(&self, key: AnalysisSentence, n: u32, total: u32) -> String {
        self.phrase(
            key,
            &[
                ("n", &self.clock.number(n.into(), None)),
                ("total", &self.clock.number(total.into(), None)),
            ],
        )
    }

    /// Each player's game in figures, one sentence a player: "White,
    /// Giri: accuracy 84 percent; longest thinks: move 12, five minutes;
    /// 4 moves with under a minute left, from move 36". `names` are the
    /// players' names, White's first; `analyse` the command that makes the
    /// pass, named where accuracy is not known yet.
    pub fn summary(&self, players: &[PlayerSummary], names: [&str; 2], analyse: &str) -> String {
        players
            .iter()
            .map(|p| {
                let mut parts = vec![match p.accuracy {
                    Some(n) => self.phrase(
                        AnalysisSentence::SummaryAccuracy,
                        &[("n", &self.clock.number(n.into(), None))],
                    ),
                    None => {
                        self.phrase(AnalysisSentence::SummaryNoAccuracy, &[("command", analyse)])
                    }
                }];
                if !p.longest.is_empty() {
                    let thinks: Vec<String> = p
                        .longest
                        .iter()
                        .map(|(number, spent)| {
                            self.phrase(
                                AnalysisSentence::SummaryThink,
                                &[
                                    ("number", &self.clock.number((*number).into(), None)),
                                    ("time", &self.clock.time(spent.as_secs())),
                                ],
                            )
                        })
                        .collect();
                    parts.push(self.phrase(
                        AnalysisSentence::SummaryLongest,
                        &[("list", &thinks.join("; "))],
                    ));
                }
                parts.push(match p.short_of_time {
                    None => self.phrase(AnalysisSentence::SummaryNoClock, &[]),
                    Some((0, _)) => self.phrase(AnalysisSentence::SummaryNeverShort, &[]),
                    Some((n, first)) => self.phrase_count(
                        AnalysisSentence::SummaryShort,
                        n as u64,
                        &[
                            ("n", &self.clock.number(n as u64, None)),
                            (
                                "number",
                                &self.clock.number(first.unwrap_or(0).into(), None),
                            ),
                        ],
                    ),
                });
                let i = usize::from(p.side == shakmaty::Color::Black);
                self.phrase(
                    AnalysisSentence::SummaryPlayer,
                    &[
                        ("side", self.pack.side(p.side)),
                        ("name", names[i]),
                        ("parts", &parts.join("; ")),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join(". ")
    }
}
