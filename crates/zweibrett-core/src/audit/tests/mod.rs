//! Unit tests of the audit: every case and every cause (D.2.9).

mod property;
mod real;
mod slips;

use std::time::Duration;

use shakmaty::{Board, ByColor, Chess, Color, Move, Piece, Position, Role, Square, san::San};

use super::words::AuditWords;
use super::*;
use crate::notation::{Lexicon, VoicePack};

/// A score written in SAN, moves separated by spaces.
pub(super) fn score(text: &str) -> Vec<Written> {
    text.split_whitespace().map(Written::new).collect()
}

/// The board after playing SAN moves from the start.
pub(super) fn board_after(text: &str) -> Board {
    let mut position = Chess::default();
    for san in text.split_whitespace() {
        let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
        position.play_unchecked(m);
    }
    position.board().clone()
}

/// The German words, loaded once: a pack takes milliseconds to load, and
/// the random games audit thousands of scores.
pub(super) fn fide() -> &'static VoicePack {
    static PACK: std::sync::OnceLock<VoicePack> = std::sync::OnceLock::new();
    PACK.get_or_init(VoicePack::fide)
}

pub(super) fn run(
    white: Vec<Written>,
    black: Vec<Written>,
    boards: ByColor<Option<Board>>,
) -> Ruling {
    run_from(&Chess::default(), white, black, boards)
}

/// Audits from a start position of the game's own.
pub(super) fn run_from(
    start: &Chess,
    white: Vec<Written>,
    black: Vec<Written>,
    boards: ByColor<Option<Board>>,
) -> Ruling {
    let reader = MoveReader {
        lexicon: Lexicon::builtin(),
        pack: fide(),
    };
    audit(&reader, start, &ByColor { white, black }, &boards)
}

pub(super) fn both(board: Board) -> ByColor<Option<Board>> {
    ByColor {
        white: Some(board.clone()),
        black: Some(board),
    }
}

pub(super) fn spoken(ruling: &Ruling, id: &str) -> String {
    AuditWords::builtin(id)
        .ruling(&Chess::default(), ruling)
        .join("\n")
}

fn uci(m: Move) -> String {
    m.to_uci(shakmaty::CastlingMode::Standard).to_string()
}

const GAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6";

#[test]
fn agree_when_scores_and_boards_match() {
    let ruling = run(score(GAME), score(GAME), both(board_after(GAME)));
    assert_eq!(ruling.case, Case::Agree);
    assert_eq!(ruling.agreed_plies, 6);
    assert!(ruling.adjust.white.is_empty() && ruling.adjust.black.is_empty());
    assert!(ruling.causes.is_empty());
    assert!(ruling.retract.white.is_empty() && ruling.retract.black.is_empty());
    let words = spoken(&ruling, "fide");
    assert!(
        words.contains("Beide Bretter zeigen die richtige Stellung"),
        "{words}"
    );
}

#[test]
fn boards_case_finds_the_wrong_execution_and_the_corrections() {
    // On Black's board, Black's second move was made as Nf6 instead of Nc6.
    let on_board = board_after("e4 e5 Nf3 Nf6 Bb5 a6");
    let boards = ByColor {
        white: Some(board_after(GAME)),
        black: Some(on_board),
    };
    let ruling = run(score(GAME), score(GAME), boards);
    assert_eq!(ruling.case, Case::Boards);
    assert_eq!(ruling.agreed_plies, 6);
    assert!(ruling.adjust.white.is_empty());
    let knight = Some(Piece {
        color: Color::Black,
        role: Role::Knight,
    });
    assert_eq!(
        ruling.adjust.black,
        [
            Correction {
                square: Square::C6,
                now: None,
                should: knight
            },
            Correction {
                square: Square::F6,
                now: knight,
                should: None
            },
            Correction {
                square: Square::B8,
                now: knight,
                should: None
            },
            Correction {
                square: Square::G8,
                now: None,
                should: knight
            },
        ]
    );
    let Cause::WrongExecution {
        board,
        ply,
        made,
        scored,
        ..
    } = &ruling.causes[0]
    else {
        panic!("{:?}", ruling.causes)
    };
    assert_eq!((*board, *ply), (Color::Black, 4));
    assert_eq!((uci(*made), uci(*scored)), ("g8f6".into(), "b8c6".into()));
    let words = spoken(&ruling, "fide");
    assert!(
        words.contains("im 2. Zug von Schwarz Springer Felix sechs ausgeführt; die Partieformulare haben Springer Cesar sechs"),
        "{words}"
    );
    assert!(
        words.contains("Springer von Schwarz von Felix sechs nach Gustav acht stellen"),
        "{words}"
    );
}

#[test]
fn boards_case_without_a_single_wrong_execution_says_so() {
    let mut board = board_after(GAME);
    board.set_piece_at(
        Square::D4,
        Piece {
            color: Color::White,
            role: Role::Queen,
        },
    );
    let ruling = run(
        score(GAME),
        score(GAME),
        ByColor {
            white: Some(board),
            black: None,
        },
    );
    assert_eq!(ruling.case, Case::Boards);
    assert!(ruling.causes.is_empty());
    assert_eq!(ruling.adjust.white.len(), 1);
    let words = spoken(&ruling, "en");
    assert!(
        words.contains("from David four take away the White Queen"),
        "{words}"
    );
    assert!(
        words.contains("No single wrongly made move explains White's board"),
        "{words}"
    );
    assert!(words.contains("Black's board was not given"), "{words}");
}

#[test]
fn scores_case_with_a_move_missing_from_one_score() {
    let ruling = run(score(GAME), score("e4 e5 Nc6 Bb5 a6"), ByColor::default());
    assert_eq!(ruling.case, Case::Scores);
    assert_eq!(ruling.agreed_plies, 2);
    assert_eq!(ruling.illegal.black.as_ref().map(|i| i.ply), Some(3));
    let Cause::Missing {
        score,
        ply,
        missing,
        ..
    } = &ruling.causes[0]
    else {
        panic!("{:?}", ruling.causes)
    };
    assert_eq!(
        (*score, *ply, uci(*missing)),
        (Color::Black, 3, "g1f3".into())
    );
    assert_eq!(ruling.retract.white, ["Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(ruling.retract.black, ["Nc6", "Bb5", "a6"]);
    assert_eq!(ruling.position.turn(), Color::White);
    let words = spoken(&ruling, "es");
    assert!(
        words.contains("falta la jugada 2 de las Blancas"),
        "{words}"
    );
}

#[test]
fn scores_case_with_two_moves_swapped() {
    // Black's score has White's second and third moves the other way round;
    // Bf4 cannot follow e3, so Black's score is the wrong one.
    let right = "d4 d5 Bf4 Nf6 e3 e6";
    let ruling = run(
        score(right),
        score("d4 d5 e3 Nf6 Bf4 e6"),
        both(board_after(right)),
    );
    assert_eq!(ruling.case, Case::Scores);
    assert_eq!(ruling.agreed_plies, 2);
    let Cause::Swapped { score, ply, moves } = &ruling.causes[0] else {
        panic!("{:?}", ruling.causes)
    };
    assert_eq!((*score, *ply), (Some(Color::Black), 3));
    assert_eq!(
        (uci(moves[0].1), uci(moves[1].1)),
        ("c1f4".into(), "e2e3".into())
    );
    // Both boards go back two half-moves.
    assert_eq!(ruling.adjust.white, ruling.adjust.black);
    assert_eq!(ruling.adjust.white.len(), 8);
    let words = spoken(&ruling, "pt");
    assert!(
        words.contains("os lances 2 e 3 das Brancas estão trocados"),
        "{words}"
    );
}

#[test]
fn swapped_moves_that_both_make_a_game_name_no_player() {
    let ruling = run(
        score("e4 e5 Nf3 Nc6 d4 exd4"),
        score("e4 e5 d4 Nc6 Nf3 exd4"),
        both(board_after("e4 e5 Nf3 Nc6 d4 exd4")),
    );
    assert!(matches!(
        ruling.causes[0],
        Cause::Swapped {
            score: None,
            ply: 3,
            ..
        }
    ));
    assert!(spoken(&ruling, "en").contains("in different order"));
}

#[test]
fn scores_case_with_a_wrong_square() {
    let ruling = run(
        score(GAME),
        score("e4 e5 Nf3 Na6 Bb5 a6"),
        both(board_after(GAME)),
    );
    assert_eq!(ruling.agreed_plies, 3);
    let Cause::WrongSquare {
        score,
        ply,
        written,
        right,
        ..
    } = &ruling.causes[0]
    else {
        panic!("{:?}", ruling.causes)
    };
    assert_eq!((*score, *ply, written.as_str()), (Color::Black, 4, "Na6"));
    assert_eq!(uci(*right), "b8c6");
    let words = spoken(&ruling, "fide");
    assert!(
        words.contains("Springer Anna sechs, ein falsches Feld"),
        "{words}"
    );
}

#[test]
fn scores_case_with_different_moves_and_no_boards_blames_no_one() {
    let ruling = run(score("e4 e5 Nf3"), score("e4 c5 Nf3"), ByColor::default());
    assert_eq!(ruling.agreed_plies, 1);
    let Cause::Different {
        wrong,
        ply,
        written,
        ..
    } = &ruling.causes[0]
    else {
        panic!("{:?}", ruling.causes)
    };
    assert_eq!((*wrong, *ply), (None, 2));
    assert_eq!(written.black.as_deref(), Some("c5"));
    assert_eq!(ruling.retract.white, ["e5", "Nf3"]);
    assert_eq!(ruling.retract.black, ["c5", "Nf3"]);
}

#[test]
fn an_illegal_written_move_is_a_finding_with_its_ply() {
    let ruling = run(
        score("e4 e5 Ke3 Nc6"),
        score("e4 e5 Nf3 Nc6"),
        ByColor::default(),
    );
    let illegal = ruling.illegal.white.as_ref().unwrap();
    assert_eq!((illegal.ply, illegal.text.as_str()), (3, "Ke3"));
    assert_eq!(ruling.case, Case::Scores);
    assert_eq!(ruling.retract.white, ["Ke3", "Nc6"]);
    let words = spoken(&ruling, "fide");
    assert!(
        words.contains("der 2. Zug von Weiß, König Eva drei, nicht möglich"),
        "{words}"
    );
}

#[test]
fn clocks_are_the_readings_after_the_agreed_ply() {
    let timed = |text: &str, secs: &[u64]| -> Vec<Written> {
        text.split_whitespace()
            .zip(secs)
            .map(|(t, s)| Written {
                text: t.to_string(),
                clock: Some(Duration::from_secs(*s)),
            })
            .collect()
    };
    let white = timed("e4 e5 Nf3 Nc6", &[3600, 3590, 3500, 3400]);
    let black = vec![Written::new("e4"), Written::new("e5"), Written::new("Nc3")];
    let ruling = run(white, black, ByColor::default());
    assert_eq!(ruling.agreed_plies, 2);
    assert_eq!(ruling.clocks.white, Some(Duration::from_secs(3600)));
    assert_eq!(ruling.clocks.black, Some(Duration::from_secs(3590)));
    let words = spoken(&ruling, "en");
    assert!(
        words.contains("White one hour, Black fifty-nine minutes fifty seconds"),
        "{words}"
    );
    let none = run(score("e4"), score("d4"), ByColor::default());
    assert_eq!(none.clocks.white, None);
    assert!(spoken(&none, "en").contains("the arbiter sets the clocks"));
}

#[test]
fn spoken_rulings_name_no_square_by_letters() {
    let rulings = [
        run(
            score(GAME),
            score("e4 e5 Nc6 Bb5 a6"),
            both(board_after(GAME)),
        ),
        run(
            score(GAME),
            score("e4 e5 Nf3 Na6 Bb5 a6"),
            both(board_after(GAME)),
        ),
        run(
            score(GAME),
            score(GAME),
            both(board_after("e4 e5 Nf3 Nf6 Bb5 a6")),
        ),
    ];
    for ruling in &rulings {
        for id in ["fide", "pt", "es", "en"] {
            let words = spoken(ruling, id);
            // "Nf3", "e4", "b8c6": a file letter and a rank digit at the end.
            let bare = words.split(|c: char| !c.is_alphanumeric()).find(|w| {
                let chars: Vec<char> = w.chars().collect();
                chars.len() >= 2
                    && ('a'..='h').contains(&chars[chars.len() - 2])
                    && ('1'..='8').contains(&chars[chars.len() - 1])
            });
            assert_eq!(bare, None, "{id}: {words}");
        }
    }
}

#[test]
fn every_shipped_pack_has_audit_words() {
    for (id, _) in crate::notation::pack::BUILTIN {
        AuditWords::from_pack(&VoicePack::builtin(id)).unwrap();
    }
}

#[test]
fn audit_words_errors_name_the_file_and_key() {
    let fide = crate::notation::pack::BUILTIN[0].1;
    let broken = fide.replace("put = \"auf {square}", "put = \"auf {feld}");
    // The sentences are checked when the pack loads.
    let err = VoicePack::from_toml(&broken, "mine.toml").unwrap_err();
    let crate::notation::pack::PackError::Invalid { key, .. } = &err else {
        panic!("{err}");
    };
    assert_eq!(key, "audit.put");
    assert!(err.to_string().starts_with("mine.toml, line"), "{err}");
    assert!(err.to_string().contains("{feld}"), "{err}");
    // A sentence the pack lacks is said in English and listed.
    let missing = fide.replace("and = \"und\"\n", "");
    let pack = VoicePack::from_toml(&missing, "mine.toml").unwrap_or_else(|e| panic!("{e}"));
    assert!(pack.missing_sentences().contains(&"audit.and".to_string()));
}

#[test]
fn piece_lists_in_any_pack_read_as_boards() {
    let pack = VoicePack::fide();
    let lexicon = Lexicon::builtin();
    let fide = read_piece_list(
        lexicon,
        &pack,
        "Weiß: König Gustav eins, Turm Felix eins, Bauer Eva vier Anna zwei; Schwarz: Koenig Gustav acht, Dame d8",
    )
    .unwrap();
    let en = read_piece_list(
        lexicon,
        &pack,
        "White: King g1, Rook f1, Pawn e4 a2; Black: King Gustav eight, Queen David eight",
    )
    .unwrap();
    let fen = read_board(&pack, "3q2k1/8/8/8/4P3/8/P7/5RK1").unwrap();
    assert_eq!(fide, fen);
    assert_eq!(en, fen);
    let pt = read_piece_list(
        lexicon,
        &pack,
        "Brancas: Rei Gustavo eins; Pretas: Rei Gustavo acht",
    );
    assert_eq!(pt.unwrap().occupied().count(), 2);
    for bad in [
        "Weiß König Gustav eins",
        "Grün: König Gustav eins",
        "Weiß: Drache Gustav eins",
        "Weiß: König Gustav",
        "Weiß: König g1, Dame g1",
        "Weiß: Bauer Anna acht",
    ] {
        assert!(read_piece_list(lexicon, &pack, bad).is_err(), "{bad}");
    }
}

#[test]
fn the_pieces_answer_reads_as_a_board_in_every_pack() {
    let lexicon = Lexicon::builtin();
    let fen = read_board(&VoicePack::fide(), "3q2k1/8/8/8/4P3/8/P7/5RK1").unwrap();
    for (id, text) in [
        (
            "fide",
            "Weiß: König Gustav eins, Turm Felix eins und Bauer Anna zwei und Eva vier; \
             Schwarz: König Gustav acht und Dame David acht",
        ),
        (
            "en",
            "White: King Gustav one, Rook Felix one and Pawn Anna two and Eva four; \
             Black: King Gustav eight and Queen David eight",
        ),
        (
            "pt",
            "Brancas: König Gustavo eins, Turm Félix eins e Bauer Ana zwei e Eva vier; \
             Pretas: König Gustavo acht e Dame David acht",
        ),
        (
            "es",
            "Blancas: König Gustav eins, Turm Félix eins y Bauer Anna zwei y Eva vier; \
             Negras: König Gustav acht y Dame David acht",
        ),
    ] {
        let pack = VoicePack::builtin(id);
        assert_eq!(
            read_piece_list(lexicon, &pack, text),
            Ok(fen.clone()),
            "{id}"
        );
    }
    // A side without pieces, as `pieces` says it, places nothing.
    let pack = VoicePack::fide();
    let kings = read_piece_list(lexicon, &pack, "Weiß: König Eva eins; Schwarz: keine").unwrap();
    assert_eq!(kings.occupied().count(), 1);
    // A piece goes on over commas, until the next piece.
    let pawns =
        read_piece_list(lexicon, &pack, "Weiß: Bauer Anna zwei, Bella zwei, Turm h1").unwrap();
    assert_eq!(pawns.pawns().count(), 2);
    assert_eq!(pawns.rooks().count(), 1);
}

#[test]
fn a_physical_move_moves_king_and_rook_and_takes_en_passant() {
    let mut position = Chess::default();
    for san in ["e4", "Nf6", "e5", "d5", "exd6", "e6", "Nf3", "Be7", "Be2"] {
        let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
        let mut board = position.board().clone();
        assert!(play_on_board(&mut board, m));
        position.play_unchecked(m);
        assert_eq!(&board, position.board(), "{san}");
    }
    let castle = "O-O".parse::<San>().unwrap().to_move(&position).unwrap();
    let mut board = position.board().clone();
    assert!(play_on_board(&mut board, castle));
    position.play_unchecked(castle);
    assert_eq!(&board, position.board());
    assert!(!play_on_board(&mut Board::empty(), castle));
}

proptest::proptest! {
    #[test]
    fn piece_list_reader_never_panics(text in "\\PC{0,200}") {
        let pack = VoicePack::fide();
        let _ = read_piece_list(Lexicon::builtin(), &pack, &text);
        let _ = read_board(&pack, &text);
    }

    #[test]
    fn piece_list_like_text_never_panics(
        text in "(Weiß|Schwarz|White|x)?:? ?((König|Dame|Turm|Bauer|Eva|vier|acht|g1|h9|,|;|:| ){0,12})"
    ) {
        let pack = VoicePack::fide();
        let _ = read_piece_list(Lexicon::builtin(), &pack, &text);
    }
}

#[test]
fn a_game_audits_its_own_move_lists() {
    let start = Chess::default();
    let mut position = start.clone();
    let mut moves = Vec::new();
    for san in GAME.split_whitespace() {
        let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
        position.play_unchecked(m);
        moves.push(m);
    }
    let white = written_from_moves(&start, &moves);
    let black = written_from_moves(&start, &moves[..5]);
    assert_eq!(white[2].text, "Nf3");
    let ruling = run(white, black, ByColor::default());
    assert_eq!((ruling.case, ruling.agreed_plies), (Case::Scores, 5));
    assert_eq!(ruling.retract.white, ["a6"]);
    assert!(ruling.retract.black.is_empty());
    assert!(matches!(
        ruling.causes[0],
        Cause::Missing {
            score: Color::Black,
            ply: 6,
            ..
        }
    ));
}
