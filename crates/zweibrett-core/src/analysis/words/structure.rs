//! The position read file by file and the pawn structure, in words.

use shakmaty::{Color, File};

use super::{AnalysisSentence, AnalysisWords};
use crate::analysis::questions::Placed;
use crate::analysis::structure::PawnStructure;

impl AnalysisWords {
    /// "Anna: White Rook Anna one, White Pawn Anna two; Bella: empty; …"
    pub fn by_file(&self, files: &[(File, Vec<Placed>)]) -> String {
        files
            .iter()
            .map(|(file, pieces)| {
                let list = if pieces.is_empty() {
                    self.phrase(AnalysisSentence::Empty, &[])
                } else {
                    self.list(
                        pieces
                            .iter()
                            .map(|(square, piece)| {
                                self.phrase(
                                    AnalysisSentence::Placed,
                                    &[
                                        ("piece", &self.piece(*piece)),
                                        ("square", &self.pack.square(*square)),
                                    ],
                                )
                            })
                            .collect(),
                    )
                };
                self.phrase(
                    AnalysisSentence::FilePieces,
                    &[("file", self.pack.file(*file)), ("list", &list)],
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// Each side's pawn islands, isolated, doubled and passed pawns.
    pub fn pawn_structure(&self, sides: &[(Color, PawnStructure)]) -> String {
        sides
            .iter()
            .map(|(color, s)| {
                let parts = if s.islands.is_empty() {
                    vec![self.phrase(AnalysisSentence::NoPawns, &[])]
                } else {
                    self.structure_parts(s)
                };
                self.phrase(
                    AnalysisSentence::StructureSide,
                    &[
                        ("side", self.pack.side(*color)),
                        ("parts", &parts.join("; ")),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join(". ")
    }

    fn structure_parts(&self, s: &PawnStructure) -> Vec<String> {
        let spans: Vec<String> = s
            .islands
            .iter()
            .map(|&(from, to)| {
                if from == to {
                    self.pack.file(from).to_string()
                } else {
                    self.phrase(
                        AnalysisSentence::IslandSpan,
                        &[("from", self.pack.file(from)), ("to", self.pack.file(to))],
                    )
                }
            })
            .collect();
        let n = spans.len() as u64;
        let mut parts = vec![self.phrase_count(
            AnalysisSentence::PawnIslands,
            n,
            &[
                ("n", &self.clock.number(n, None)),
                ("list", &self.list(spans)),
            ],
        )];
        let squares = |list: &[shakmaty::Square]| {
            self.list(list.iter().map(|sq| self.pack.square(*sq)).collect())
        };
        if !s.isolated.is_empty() {
            parts.push(self.phrase(
                AnalysisSentence::IsolatedPawns,
                &[("list", &squares(&s.isolated))],
            ));
        }
        if !s.doubled.is_empty() {
            let files = self.list(
                s.doubled
                    .iter()
                    .map(|f| self.pack.file(*f).to_string())
                    .collect(),
            );
            parts.push(self.phrase(AnalysisSentence::DoubledPawns, &[("list", &files)]));
        }
        if !s.passed.is_empty() {
            parts.push(self.phrase(
                AnalysisSentence::PassedPawns,
                &[("list", &squares(&s.passed))],
            ));
        }
        parts
    }
}
