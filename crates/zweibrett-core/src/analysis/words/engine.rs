//! The engine's answers and counts in words: pawns, an evaluation with its
//! figure and depth, the best line numbered, the threat.

use shakmaty::{Chess, Color, Move, Position};

use super::{AnalysisSentence, AnalysisWords, sentences};
use crate::analysis::engine::{Evaluation, Score};
use crate::notation::{Form, MoveNumber, say};

/// Half-moves of the engine's best line said with its evaluation.
const BEST_LINE_MOVES: usize = 6;

impl AnalysisWords {
    /// A pawn count: "ein Bauer", "zwei Bauern".
    pub fn pawns(&self, n: u64) -> String {
        if n == 1 {
            self.phrase(AnalysisSentence::PawnsOne, &[])
        } else {
            self.phrase(
                AnalysisSentence::PawnsMany,
                &[("n", &self.clock.number(n, None))],
            )
        }
    }

    /// An engine's evaluation and best line in plain words.
    pub fn evaluation(&self, e: &Evaluation) -> String {
        self.evaluation_with(e, false)
    }

    /// An engine's evaluation in plain words, with its figure and search
    /// depth when `figures` ("plus zero point five, depth twenty"), and
    /// its best line numbered with its sides.
    pub fn evaluation_with(&self, e: &Evaluation, figures: bool) -> String {
        let mut parts = vec![self.verdict(e.score)];
        if figures {
            let depth = self.clock.number(u64::from(e.depth), None);
            parts.push(match e.score {
                Score::Centipawns(cp) => self.phrase(
                    AnalysisSentence::EvalFigure,
                    &[("figure", &self.figure(cp)), ("depth", &depth)],
                ),
                Score::Mate(_) => self.phrase(AnalysisSentence::EvalDepth, &[("depth", &depth)]),
            });
        }
        let line: Vec<Move> = e.best_line.iter().take(BEST_LINE_MOVES).copied().collect();
        if !line.is_empty() {
            parts.push(self.phrase(
                AnalysisSentence::BestLine,
                &[("moves", &self.line(&e.position, &line))],
            ));
        }
        sentences(&parts)
    }

    /// What the side not to move would play, were it its move: the first
    /// move of the engine's line for the position with the turn passed.
    pub fn threat(&self, e: &Evaluation) -> String {
        match e.best_line.first() {
            Some(&m) => self.phrase(
                AnalysisSentence::Threat,
                &[
                    ("side", self.pack.side(e.position.turn())),
                    ("move", &say(&self.pack, &e.position, m, Form::Short)),
                ],
            ),
            None => self.phrase(AnalysisSentence::NoThreat, &[]),
        }
    }

    /// An evaluation in pawns from White's point of view, in words: "plus
    /// zero point five", "minus one point two five", "zero".
    fn figure(&self, centipawns: i32) -> String {
        let whole = u64::from(centipawns.unsigned_abs() / 100);
        let hundredths = centipawns.unsigned_abs() % 100;
        let mut said = vec![self.clock.number(whole, None)];
        if hundredths > 0 {
            said.push(self.phrase(AnalysisSentence::Point, &[]));
            let digits = format!("{hundredths:02}");
            for d in digits.trim_end_matches('0').chars() {
                said.push(
                    self.clock
                        .number(u64::from(d.to_digit(10).unwrap_or(0)), None),
                );
            }
        }
        match centipawns.signum() {
            1 => said.insert(0, self.phrase(AnalysisSentence::Plus, &[])),
            -1 => said.insert(0, self.phrase(AnalysisSentence::Minus, &[])),
            _ => {}
        }
        said.join(" ")
    }

    /// Moves played one after another from `start`, each whole move's
    /// number said once: "twelve, Black: Knight Felix six; thirteen: Eva
    /// four, David five".
    pub fn line(&self, start: &Chess, moves: &[Move]) -> String {
        let mut pos = start.clone();
        let mut said = Vec::new();
        for &m in moves {
            said.push((MoveNumber::of(&pos), say(&self.pack, &pos, m, Form::Short)));
            pos.play_unchecked(m);
        }
        self.numbered_moves(&said)
    }

    /// Moves with their numbers, a whole move (White's and Black's of one
    /// number) under one number.
    pub(super) fn numbered_moves(&self, moves: &[(MoveNumber, String)]) -> String {
        let mut said = Vec::new();
        let mut at = 0;
        while let Some((number, m)) = moves.get(at) {
            let words = self.clock.number(u64::from(number.number), None);
            match moves.get(at + 1) {
                Some((reply, black))
                    if number.color == Color::White && reply.number == number.number =>
                {
                    said.push(self.phrase(
                        AnalysisSentence::ScorePair,
                        &[("number", &words), ("white", m), ("black", black)],
                    ));
                    at += 2;
                }
                _ => {
                    said.push(self.phrase(
                        AnalysisSentence::Move,
                        &[
                            ("number", &words),
                            ("side", self.pack.side(number.color)),
                            ("move", m),
                        ],
                    ));
                    at += 1;
                }
            }
        }
        said.join("; ")
    }

    /// A score in plain words: "White is better, about one pawn".
    pub fn verdict(&self, score: Score) -> String {
        match score {
            Score::Mate(n) => {
                let side = if n > 0 { Color::White } else { Color::Black };
                self.phrase(
                    AnalysisSentence::EvalMate,
                    &[
                        ("side", self.pack.side(side)),
                        ("n", &self.clock.number(n.unsigned_abs().into(), None)),
                    ],
                )
            }
            Score::Centipawns(cp) => {
                let side = self
                    .pack
                    .side(if cp > 0 { Color::White } else { Color::Black });
                let pawns = self.pawns(((cp.unsigned_abs() + 50) / 100).max(1).into());
                match cp.unsigned_abs() {
                    0..30 => self.phrase(AnalysisSentence::EvalEqual, &[]),
                    30..80 => self.phrase(AnalysisSentence::EvalSlight, &[("side", side)]),
                    80..300 => self.phrase(
                        AnalysisSentence::EvalBetter,
                        &[("side", side), ("pawns", &pawns)],
                    ),
                    _ => self.phrase(
                        AnalysisSentence::EvalWinning,
                        &[("side", side), ("pawns", &pawns)],
                    ),
                }
            }
        }
    }
}
