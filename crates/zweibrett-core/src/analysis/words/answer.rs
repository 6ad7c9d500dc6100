//! Answers to questions about the position, in words.

use shakmaty::{CastlingSide, Color, Square};

use super::AnalysisSentence;
use super::AnalysisWords;
use crate::analysis::questions::{Answer, MovesTurn, Placed, SidePieces};
use crate::notation::say_landing;

impl AnalysisWords {
    fn placed(&self, list: &[Placed]) -> String {
        self.list(
            list.iter()
                .map(|(sq, p)| {
                    self.phrase(
                        AnalysisSentence::Placed,
                        &[
                            ("piece", self.pack.piece(p.role)),
                            ("square", &self.pack.square(*sq)),
                        ],
                    )
                })
                .collect(),
        )
    }

    /// An answer in words.
    pub fn answer(&self, answer: &Answer) -> String {
        match answer {
            Answer::Pieces(sides) => self.sides_pieces(sides),
            Answer::ByFile(files) => self.by_file(files),
            Answer::PawnStructure(sides) => self.pawn_structure(sides),
            Answer::Squares(squares) => {
                let said: Vec<String> = squares
                    .iter()
                    .map(|(sq, piece)| {
                        let on = piece.map_or_else(
                            || self.phrase(AnalysisSentence::Empty, &[]),
                            |p| self.piece(p),
                        );
                        self.phrase(
                            AnalysisSentence::OnSquare,
                            &[("square", &self.pack.square(*sq)), ("piece", &on)],
                        )
                    })
                    .collect();
                said.join("; ")
            }
            Answer::NotADiagonal(a, b) => self.phrase(
                AnalysisSentence::NotADiagonal,
                &[
                    ("from", &self.pack.square(*a)),
                    ("to", &self.pack.square(*b)),
                ],
            ),
            Answer::Attackers {
                square,
                occupant,
                white,
                black,
            } => {
                let sq = self.pack.square(*square);
                match occupant {
                    Some(p) => {
                        let (friends, foes) = if p.color == Color::White {
                            (white, black)
                        } else {
                            (black, white)
                        };
                        self.phrase(
                            AnalysisSentence::Attacked,
                            &[
                                ("square", &sq),
                                ("piece", &self.piece(*p)),
                                ("attackers", &self.placed(foes)),
                                ("defenders", &self.placed(friends)),
                            ],
                        )
                    }
                    None => self.phrase(
                        AnalysisSentence::Controlled,
                        &[
                            ("square", &sq),
                            ("white", &self.side_list(Color::White, white)),
                            ("black", &self.side_list(Color::Black, black)),
                        ],
                    ),
                }
            }
            Answer::Moves {
                square,
                piece,
                moves,
                position,
                when,
            } => match piece {
                None => self.nothing_on(*square),
                Some(p) => {
                    let sq = square;
                    let side = match when {
                        MovesTurn::Now => "",
                        MovesTurn::Were(c) | MovesTurn::AfterCheck(c) => self.pack.side(*c),
                    };
                    let values = [
                        ("piece", self.piece(*p)),
                        ("square", self.pack.square(*sq)),
                        ("side", side.to_string()),
                    ];
                    let v: Vec<(&str, &str)> =
                        values.iter().map(|(k, v)| (*k, v.as_str())).collect();
                    let (none, some) = match when {
                        MovesTurn::Now => (AnalysisSentence::NoMoves, AnalysisSentence::Moves),
                        MovesTurn::Were(_) => {
                            (AnalysisSentence::NoMovesWere, AnalysisSentence::MovesWere)
                        }
                        MovesTurn::AfterCheck(_) => {
                            return self.phrase(AnalysisSentence::MovesAfterCheck, &v);
                        }
                    };
                    if moves.is_empty() {
                        self.phrase(none, &v)
                    } else {
                        // The piece and its square are said once: each move
                        // is where it lands ("Bella one, Cesar one or takes
                        // Eva seven").
                        let mut said: Vec<String> = moves
                            .iter()
                            .map(|&m| say_landing(&self.pack, position, m))
                            .collect();
                        let last = said.pop().unwrap_or_default();
                        let joined = match said.is_empty() {
                            true => last,
                            false => format!("{} {} {last}", said.join(", "), self.pack.phrases.or),
                        };
                        let mut v = v;
                        v.push(("moves", &joined));
                        self.phrase(some, &v)
                    }
                }
            },
            Answer::Material { white, black } => {
                let balance = if white == black {
                    self.phrase(AnalysisSentence::Even, &[])
                } else {
                    let (side, n) = if white > black {
                        (Color::White, white - black)
                    } else {
                        (Color::Black, black - white)
                    };
                    self.phrase_count(
                        AnalysisSentence::Ahead,
                        u64::from(n),
                        &[
                            ("side", self.pack.side(side)),
                            ("n", &self.clock.number(u64::from(n), None)),
                        ],
                    )
                };
                self.phrase(
                    AnalysisSentence::Material,
                    &[
                        ("white", &self.side_amount(Color::White, *white)),
                        ("black", &self.side_amount(Color::Black, *black)),
                        ("balance", &balance),
                    ],
                )
            }
            Answer::Turn {
                color,
                number,
                over,
            } => {
                let turn = self.phrase(
                    AnalysisSentence::Turn,
                    &[
                        ("side", self.pack.side(*color)),
                        ("number", &self.clock.number(u64::from(*number), None)),
                    ],
                );
                if *over {
                    format!("{turn}. {}", self.pack.phrases.game_over)
                } else {
                    turn
                }
            }
            Answer::Position {
                pieces,
                turn,
                number,
                castling,
                en_passant,
            } => self.position_list(pieces, *turn, *number, castling, *en_passant),
            Answer::Last(None) => self.phrase(AnalysisSentence::NoLast, &[]),
            Answer::Last(Some((p, captured))) => {
                // Numbered and short, as every move of the game is said.
                let m = self.numbered(p);
                match captured {
                    Some(role) => self.phrase(
                        AnalysisSentence::LastCapture,
                        &[("move", &m), ("piece", &self.piece(role.of(!p.color)))],
                    ),
                    None => self.phrase(AnalysisSentence::Last, &[("move", &m)]),
                }
            }
        }
    }

    /// Each side's pieces: "White: King Gustav one, …; Black: …".
    fn sides_pieces(&self, sides: &[SidePieces]) -> String {
        let said: Vec<String> = sides
            .iter()
            .map(|(color, roles)| {
                let list = roles
                    .iter()
                    .map(|(role, squares)| {
                        let squares: Vec<String> =
                            squares.iter().map(|s| self.pack.square(*s)).collect();
                        format!("{} {}", self.pack.piece(*role), self.list(squares))
                    })
                    .collect();
                self.phrase(
                    AnalysisSentence::SidePieces,
                    &[("side", self.pack.side(*color)), ("list", &self.list(list))],
                )
            })
            .collect();
        said.join("; ")
    }

    /// The position as a list: the pieces, the side to move, castling
    /// rights and en passant.
    fn position_list(
        &self,
        pieces: &[SidePieces],
        turn: Color,
        number: u32,
        castling: &[(Color, Vec<CastlingSide>)],
        en_passant: Option<Square>,
    ) -> String {
        let mut parts = vec![self.sides_pieces(pieces)];
        parts.push(self.phrase(
            AnalysisSentence::Turn,
            &[
                ("side", self.pack.side(turn)),
                ("number", &self.clock.number(u64::from(number), None)),
            ],
        ));
        parts.push(self.castling(castling));
        if let Some(square) = en_passant {
            parts.push(self.phrase(
                AnalysisSentence::EnPassantOn,
                &[("square", &self.pack.square(square))],
            ));
        }
        parts.join(". ")
    }

    /// The castling rights left, by side.
    fn castling(&self, castling: &[(Color, Vec<CastlingSide>)]) -> String {
        if castling.is_empty() {
            self.phrase(AnalysisSentence::NoCastlingRights, &[])
        } else {
            let sides: Vec<String> = castling
                .iter()
                .map(|(color, ways)| {
                    let ways: Vec<String> = ways
                        .iter()
                        .map(|w| match w {
                            CastlingSide::KingSide => {
                                self.phrase(AnalysisSentence::CastlingShort, &[])
                            }
                            CastlingSide::QueenSide => {
                                self.phrase(AnalysisSentence::CastlingLong, &[])
                            }
                        })
                        .collect();
                    self.phrase(
                        AnalysisSentence::SideCastling,
                        &[("side", self.pack.side(*color)), ("ways", &self.list(ways))],
                    )
                })
                .collect();
            self.phrase(
                AnalysisSentence::CastlingRights,
                &[("list", &sides.join(", "))],
            )
        }
    }

    /// The position said short, for `fen`: whose move, the castling
    /// rights, the material and an en passant capture.
    pub fn position_short(&self, position: &shakmaty::Chess) -> String {
        let Answer::Position {
            turn,
            number,
            castling,
            en_passant,
            ..
        } = crate::analysis::ask(position, None, &crate::analysis::Question::Position)
        else {
            return String::new();
        };
        let mut parts = vec![
            self.phrase(
                AnalysisSentence::Turn,
                &[
                    ("side", self.pack.side(turn)),
                    ("number", &self.clock.number(u64::from(number), None)),
                ],
            ),
            self.castling(&castling),
            self.answer(&crate::analysis::ask(
                position,
                None,
                &crate::analysis::Question::Material,
            )),
        ];
        if let Some(square) = en_passant {
            parts.push(self.phrase(
                AnalysisSentence::EnPassantOn,
                &[("square", &self.pack.square(square))],
            ));
        }
        parts.join(". ")
    }

    /// The answer for an empty square in [`Answer::Moves`].
    pub fn nothing_on(&self, square: Square) -> String {
        self.phrase(
            AnalysisSentence::NothingOn,
            &[("square", &self.pack.square(square))],
        )
    }

    fn side_list(&self, color: Color, list: &[Placed]) -> String {
        self.phrase(
            AnalysisSentence::SidePieces,
            &[
                ("side", self.pack.side(color)),
                ("list", &self.placed(list)),
            ],
        )
    }

    fn side_amount(&self, color: Color, n: u32) -> String {
        format!(
            "{} {}",
            self.pack.side(color),
            self.clock.number(u64::from(n), None)
        )
    }
}
