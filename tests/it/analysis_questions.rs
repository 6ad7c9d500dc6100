//! The questions about a position, checked against shakmaty's own attack
//! tables and move generation on fixed positions, and in words.

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, CastlingMode, Chess, Color, File, Position, Rank, Role, Square, attacks};
use zweibrett_core::analysis::command::{Command, parse_command};
use zweibrett_core::analysis::questions::{Answer, MovesTurn, Question, Whose, ask, diagonal};
use zweibrett_core::analysis::words::AnalysisWords;
use zweibrett_core::notation::Lexicon;

const POSITIONS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // A pinned knight, an en-passant capture that would expose the king,
    // a promotion ready.
    "4r1k1/1P3ppp/8/b2pP3/8/8/3N4/4K2R w K d6 0 30",
    // An Italian middlegame with crossing attacks.
    "r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 b - - 4 6",
    // Black in check from a knight.
    "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1",
];

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn attackers_match_shakmaty_attack_tables_on_every_square() {
    for fen in POSITIONS {
        let pos = position(fen);
        let board = pos.board();
        for target in Square::ALL {
            let Answer::Attackers {
                square,
                occupant,
                white,
                black,
            } = ask(&pos, None, &Question::Attackers(target))
            else {
                panic!("not an attackers answer");
            };
            assert_eq!(square, target);
            assert_eq!(occupant, board.piece_at(target));
            for (color, found) in [(Color::White, white), (Color::Black, black)] {
                let mut expected: Vec<Square> = board
                    .by_color(color)
                    .into_iter()
                    .filter(|&from| {
                        let piece = board.piece_at(from).unwrap();
                        attacks::attacks(from, piece, board.occupied()).contains(target)
                    })
                    .collect();
                let mut got: Vec<Square> = found
                    .iter()
                    .map(|(s, p)| {
                        assert_eq!(p.color, color);
                        *s
                    })
                    .collect();
                expected.sort();
                got.sort();
                assert_eq!(got, expected, "{fen} {target} {color:?}");
            }
        }
    }
}

#[test]
fn moves_of_a_piece_are_its_legal_moves() {
    for fen in POSITIONS {
        let pos = position(fen);
        let legal = pos.legal_moves();
        for from in Square::ALL {
            let Answer::Moves {
                square,
                piece,
                moves,
                when,
                ..
            } = ask(&pos, None, &Question::Moves(from))
            else {
                panic!("not a moves answer");
            };
            assert_eq!((square, piece), (from, pos.board().piece_at(from)));
            // A piece of the side not to move: its moves on its own turn.
            let waiting = piece.is_some_and(|p| p.color != pos.turn());
            let expected: Vec<_> = match (waiting, pos.clone().swap_turn()) {
                (false, _) => legal.iter().copied().collect(),
                (true, Ok(swapped)) => {
                    assert_eq!(when, MovesTurn::Were(!pos.turn()), "{fen} {from}");
                    swapped.legal_moves().into_iter().collect()
                }
                (true, Err(_)) => {
                    assert_eq!(when, MovesTurn::AfterCheck(pos.turn()), "{fen} {from}");
                    Vec::new()
                }
            };
            let expected: Vec<_> = expected
                .into_iter()
                .filter(|m| m.from() == Some(from))
                .collect();
            assert_eq!(moves, expected, "{fen} {from}");
        }
    }
    // Fixed facts: a knight's two first moves; a pinned bishop cannot move;
    // the king in check has only its flight squares.
    let dests = |fen: &str, from: &str| -> Vec<String> {
        let Answer::Moves { moves, .. } = ask(&position(fen), None, &Question::Moves(sq(from)))
        else {
            unreachable!()
        };
        let mut d: Vec<String> = moves.iter().map(|m| m.to().to_string()).collect();
        d.sort();
        d
    };
    assert_eq!(dests(POSITIONS[0], "g1"), ["f3", "h3"]);
    assert!(dests(POSITIONS[1], "d2").is_empty(), "pinned by the bishop");
    assert_eq!(
        dests(POSITIONS[1], "e5"),
        ["e6"],
        "en passant would open the e-file to the rook"
    );
    assert_eq!(
        dests(POSITIONS[3], "e8"),
        ["d7", "d8", "e7", "f8"],
        "f7 is the knight's too"
    );
}

#[test]
fn pieces_by_side_and_kind_cover_the_board() {
    for fen in POSITIONS {
        let pos = position(fen);
        let Answer::Pieces(sides) = ask(&pos, None, &Question::Pieces(Whose::Both)) else {
            unreachable!()
        };
        let mut all = Bitboard::EMPTY;
        for (color, roles) in &sides {
            for (role, squares) in roles {
                for s in squares {
                    assert_eq!(pos.board().piece_at(*s), Some(role.of(*color)));
                    all.add(*s);
                }
            }
        }
        assert_eq!(all, pos.board().occupied());
        let Answer::Pieces(mine) = ask(&pos, None, &Question::Pieces(Whose::Mine)) else {
            unreachable!()
        };
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0].0, pos.turn());
    }
    let Answer::Pieces(knights) = ask(
        &position(POSITIONS[2]),
        None,
        &Question::Role(Role::Knight, None),
    ) else {
        unreachable!()
    };
    assert_eq!(knights[0].1, [(Role::Knight, vec![sq("c3"), sq("f3")])]);
    assert_eq!(knights[1].1, [(Role::Knight, vec![sq("c6"), sq("f6")])]);
}

#[test]
fn ranks_files_and_diagonals_are_read_in_order() {
    let pos = position(POSITIONS[2]);
    let Answer::Squares(rank) = ask(&pos, None, &Question::Rank(Rank::Fourth)) else {
        unreachable!()
    };
    let names: Vec<String> = rank.iter().map(|(s, _)| s.to_string()).collect();
    assert_eq!(names, ["a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"]);
    assert_eq!(rank[2].1, Some(Role::Bishop.of(Color::White)));
    assert_eq!(rank[4].1, Some(Role::Pawn.of(Color::White)));
    assert_eq!(rank[0].1, None);
    let Answer::Squares(file) = ask(&pos, None, &Question::File(File::G)) else {
        unreachable!()
    };
    assert_eq!(file[0], (sq("g1"), Some(Role::King.of(Color::White))));
    assert_eq!(file[7], (sq("g8"), Some(Role::King.of(Color::Black))));
    let names = |v: Vec<Square>| -> Vec<String> { v.iter().map(ToString::to_string).collect() };
    assert_eq!(
        names(diagonal(sq("a1"), sq("h8")).unwrap()),
        ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    );
    assert_eq!(
        names(diagonal(sq("c1"), sq("b2")).unwrap()),
        ["c1", "b2", "a3"]
    );
    assert_eq!(
        names(diagonal(sq("e4"), sq("f3")).unwrap()),
        ["e4", "f3", "g2", "h1"]
    );
    assert_eq!(diagonal(sq("a1"), sq("a2")), None);
    assert_eq!(
        ask(&pos, None, &Question::Diagonal(sq("a1"), sq("b3"))),
        Answer::NotADiagonal(sq("a1"), sq("b3"))
    );
}

#[test]
fn material_turn_and_last_move() {
    let start = position(POSITIONS[0]);
    assert_eq!(
        ask(&start, None, &Question::Material),
        Answer::Material {
            white: 39,
            black: 39
        }
    );
    assert_eq!(
        ask(&position(POSITIONS[1]), None, &Question::Material),
        Answer::Material {
            white: 3 + 5 + 2,
            black: 5 + 3 + 4
        }
    );
    assert_eq!(
        ask(&position(POSITIONS[2]), None, &Question::Turn),
        Answer::Turn {
            color: Color::Black,
            number: 6,
            over: false
        }
    );
    assert_eq!(ask(&start, None, &Question::Last), Answer::Last(None));
}

#[test]
fn answers_in_the_fide_words() {
    let words = AnalysisWords::builtin("fide");
    let pos = position(POSITIONS[2]);
    let said = |q: Question| words.answer(&ask(&pos, None, &q));
    assert_eq!(said(Question::Square(sq("e4"))), "Eva vier: Bauer von Weiß");
    assert_eq!(said(Question::Square(sq("d4"))), "David vier: leer");
    assert_eq!(
        said(Question::Attackers(sq("e5"))),
        "Eva fünf, Bauer von Schwarz. Angreifer: Springer Felix drei. Verteidiger: Springer Cesar sechs"
    );
    assert_eq!(
        said(Question::Material),
        "Material Weiß neununddreißig, Schwarz neununddreißig; ausgeglichen"
    );
    assert_eq!(said(Question::Turn), "Schwarz am Zug, Zug sechs");
    assert_eq!(
        said(Question::Role(Role::Knight, None)),
        "Weiß: Springer Cesar drei und Felix drei; Schwarz: Springer Cesar sechs und Felix sechs"
    );
    assert_eq!(
        said(Question::Role(Role::Knight, Some(Color::Black))),
        "Schwarz: Springer Cesar sechs und Felix sechs"
    );
    let en = AnalysisWords::builtin("en");
    assert_eq!(
        en.answer(&ask(&pos, None, &Question::Square(sq("c5")))),
        "Cesar five: Black Bishop"
    );
}

#[test]
fn commands_read_squares_in_letters_or_words() {
    let lexicon = Lexicon::builtin();
    let ask = |q| Command::Ask(q);
    assert_eq!(
        parse_command(lexicon, "square e4"),
        ask(Question::Square(sq("e4")))
    );
    assert_eq!(
        parse_command(lexicon, "square Eva vier"),
        ask(Question::Square(sq("e4")))
    );
    assert_eq!(
        parse_command(lexicon, "attackers Felix fuenf"),
        ask(Question::Attackers(sq("f5")))
    );
    assert_eq!(
        parse_command(lexicon, "file Eva"),
        ask(Question::File(File::E))
    );
    assert_eq!(
        parse_command(lexicon, "rank 4"),
        ask(Question::Rank(Rank::Fourth))
    );
    assert_eq!(
        parse_command(lexicon, "diagonal a1 h8"),
        ask(Question::Diagonal(sq("a1"), sq("h8")))
    );
    assert_eq!(
        parse_command(lexicon, "pieces opponent"),
        ask(Question::Pieces(Whose::Opponent))
    );
    assert_eq!(
        parse_command(lexicon, "knights"),
        ask(Question::Role(Role::Knight, None))
    );
    assert_eq!(
        parse_command(lexicon, "knights white"),
        ask(Question::Role(Role::Knight, Some(Color::White)))
    );
    assert_eq!(
        parse_command(lexicon, "rooks purple"),
        Command::Unknown("rooks purple".to_string())
    );
    assert_eq!(parse_command(lexicon, ""), Command::Next);
    assert_eq!(
        parse_command(lexicon, "move 12"),
        Command::GoTo(12, Color::White)
    );
    assert_eq!(
        parse_command(lexicon, "move 12..."),
        Command::GoTo(12, Color::Black)
    );
    assert_eq!(
        parse_command(lexicon, "square Eva"),
        Command::NotASquare("Eva".to_string())
    );
    assert_eq!(
        parse_command(lexicon, "fly away"),
        Command::Unknown("fly away".to_string())
    );
}
