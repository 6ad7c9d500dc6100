//! Answers to questions about the position, in words.

use shakmaty::{Color, Square};

use super::AnalysisWords;
use crate::analysis::questions::{Answer, Placed};
use crate::notation::{Form, say};

impl AnalysisWords {
    fn placed(&self, list: &[Placed]) -> String {
        self.list(
            list.iter()
                .map(|(sq, p)| {
                    self.phrase(
                        "placed",
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
            Answer::Pieces(sides) => {
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
                            "side_pieces",
                            &[("side", self.pack.side(*color)), ("list", &self.list(list))],
                        )
                    })
                    .collect();
                said.join("; ")
            }
            Answer::Squares(squares) => {
                let said: Vec<String> = squares
                    .iter()
                    .map(|(sq, piece)| {
                        let on = piece.map_or_else(|| self.phrase("empty", &[]), |p| self.piece(p));
                        self.phrase(
                            "on_square",
                            &[("square", &self.pack.square(*sq)), ("piece", &on)],
                        )
                    })
                    .collect();
                said.join("; ")
            }
            Answer::NotADiagonal(a, b) => self.phrase(
                "not_a_diagonal",
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
                            "attacked",
                            &[
                                ("square", &sq),
                                ("piece", &self.piece(*p)),
                                ("attackers", &self.placed(foes)),
                                ("defenders", &self.placed(friends)),
                            ],
                        )
                    }
                    None => self.phrase(
                        "controlled",
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
            } => match piece {
                None => self.nothing_on(*square),
                Some(p) => {
                    let sq = square;
                    let values = [("piece", self.piece(*p)), ("square", self.pack.square(*sq))];
                    let v: Vec<(&str, &str)> =
                        values.iter().map(|(k, v)| (*k, v.as_str())).collect();
                    if moves.is_empty() {
                        self.phrase("no_moves", &v)
                    } else {
                        let said: Vec<String> = moves
                            .iter()
                            .map(|&m| say(&self.pack, position, m, Form::Long))
                            .collect();
                        let mut v = v;
                        let joined = said.join(&format!(" {} ", self.pack.phrases.or));
                        v.push(("moves", &joined));
                        self.phrase("moves", &v)
                    }
                }
            },
            Answer::Material { white, black } => {
                let balance = if white == black {
                    self.phrase("even", &[])
                } else {
                    let (side, n) = if white > black {
                        (Color::White, white - black)
                    } else {
                        (Color::Black, black - white)
                    };
                    self.phrase(
                        "ahead",
                        &[
                            ("side", self.pack.side(side)),
                            ("n", &self.clock.number(u64::from(n), None)),
                        ],
                    )
                };
                self.phrase(
                    "material",
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
                    "turn",
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
            Answer::Last(None) => self.phrase("no_last", &[]),
            Answer::Last(Some((p, captured))) => {
                let m = say(&self.pack, &p.before, p.m, Form::Long);
                match captured {
                    Some(role) => self.phrase(
                        "last_capture",
                        &[("move", &m), ("piece", &self.piece(role.of(!p.color)))],
                    ),
                    None => self.phrase("last", &[("move", &m)]),
                }
            }
        }
    }

    /// The answer for an empty square in [`Answer::Moves`].
    pub fn nothing_on(&self, square: Square) -> String {
        self.phrase("nothing_on", &[("square", &self.pack.square(square))])
    }

    fn side_list(&self, color: Color, list: &[Placed]) -> String {
        self.phrase(
            "side_pieces",
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
