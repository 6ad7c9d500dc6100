//! The audit on long scores that part early, a move written twice, a
//! written capital piece letter, and games that start from a position of
//! their own (D.2.9, Guidelines II).

use shakmaty::fen::Fen;
use shakmaty::{ByColor, CastlingMode, Chess, Color, Position};

use super::{both, run, run_from, score};
use crate::audit::words::AuditWords;
use crate::audit::{Case, Cause, Written};

/// Two games that part at White's third move and run on with checks and a
/// mate.
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 \
    Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
const LEGAL: &str = "e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#";

#[test]
fn every_struck_move_is_listed_as_written_with_its_signs() {
    let ruling = run(score(OPERA), score(LEGAL), ByColor::default());
    assert_eq!(ruling.agreed_plies, 4);
    let opera: Vec<&str> = OPERA.split_whitespace().skip(4).collect();
    let legal: Vec<&str> = LEGAL.split_whitespace().skip(4).collect();
    assert_eq!(ruling.retract.white, opera);
    assert_eq!(ruling.retract.black, legal);
    let words = super::spoken(&ruling, "en");
    assert!(
        words.contains(
            "Queen Bella eight check, Knight takes Bella eight and Rook David eight checkmate."
        ),
        "{words}"
    );
    assert!(
        words.contains(
            "Bishop takes Felix seven check, King Eva seven and Knight David five checkmate."
        ),
        "{words}"
    );
    // Signs written or not, the same moves are struck, with their signs.
    let bare = OPERA.replace(['+', '#'], "");
    let ruling = run(score(&bare), score(LEGAL), ByColor::default());
    assert_eq!(ruling.retract.white, opera);
}

#[test]
fn moves_after_one_that_cannot_be_played_are_struck_as_written() {
    let ruling = run(
        score("e4 e5 Nf3 Nc6 Bc4 Ke7 Nxe5 Qg5 Nxf7 Qxg2"),
        score("e4 e5 Nf3 Nc6 Bb5 a6"),
        ByColor::default(),
    );
    assert_eq!(ruling.illegal.white.as_ref().map(|i| i.ply), Some(8));
    assert_eq!(
        ruling.retract.white,
        ["Bc4", "Ke7", "Nxe5", "Qg5", "Nxf7", "Qxg2"]
    );
}

#[test]
fn a_capital_piece_letter_is_a_piece_never_a_file() {
    // No bishop can reach b4: the written move is unplayable, not b2-b4,
    // and the score that has it is the wrong one.
    let ruling = run(
        score("e4 e5 Nf3 Nc6 Bc4 Bc5 Bb4"),
        score("e4 e5 Nf3 Nc6 Bc4 Bc5 b4"),
        ByColor::default(),
    );
    assert_eq!(ruling.agreed_plies, 6);
    assert_eq!(ruling.illegal.white.as_ref().map(|i| i.ply), Some(7));
    assert_eq!(
        ruling.causes.first().and_then(Cause::player),
        Some(Color::White)
    );
}

#[test]
fn a_move_written_twice_is_a_cause_in_every_pack() {
    let game = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6";
    let twice = "e4 e5 Nf3 Nf3 Nc6 Bb5 a6 Ba4 Nf6";
    let end = super::board_after(game);
    let ruling = run(score(game), score(twice), both(end));
    assert_eq!(ruling.agreed_plies, 3);
    let Some(Cause::Extra {
        score: whose,
        ply,
        written,
        ..
    }) = ruling.causes.first()
    else {
        panic!("{:?}", ruling.causes)
    };
    assert_eq!((*whose, *ply, written.as_str()), (Color::Black, 4, "Nf3"));
    for (id, said) in [
        (
            "en",
            "Black's score has a move too many, Knight Felix three, written as Black's move 2",
        ),
        (
            "fide",
            "im Partieformular von Schwarz steht ein Zug zu viel, Springer Felix drei, als 2. Zug von Schwarz",
        ),
        (
            "pt",
            "na planilha das Pretas há um lance a mais, Springer Félix drei, escrito como lance 2 das Pretas",
        ),
        (
            "es",
            "en la planilla de las Negras hay una jugada de más, Springer Félix drei, anotada como jugada 2 de las Negras",
        ),
    ] {
        let words = super::spoken(&ruling, id);
        assert!(words.contains(said), "{id}: {words}");
    }
}

fn position(fen: &str, mode: CastlingMode) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(mode).unwrap()
}

fn written(text: &str) -> Vec<Written> {
    score(text)
}

#[test]
fn a_game_from_a_position_is_audited_from_that_position() {
    let start = position(
        "r3k2r/pp3ppp/2n1b3/8/8/2N1B3/PP3PPP/R3K2R w KQkq - 4 15",
        CastlingMode::Standard,
    );
    let ruling = run_from(
        &start,
        written("O-O-O O-O Rd7 Rad8"),
        written("O-O-O O-O Bc5 Rad8"),
        ByColor::default(),
    );
    assert_eq!(ruling.case, Case::Scores);
    assert_eq!(ruling.agreed_plies, 2);
    assert_eq!(ruling.retract.white, ["Rd7", "Rad8"]);
    let words = AuditWords::builtin("en").ruling(&start, &ruling).join("\n");
    assert!(
        words.contains("The scores agree only up to Black's move 15."),
        "{words}"
    );
    assert!(
        words.contains("At White's move 16 the scores differ"),
        "{words}"
    );
}

#[test]
fn chess960_castling_is_read_on_the_game_s_own_rights() {
    let start = position(
        "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1",
        CastlingMode::Chess960,
    );
    let game = "O-O O-O d4 d5 Kh1";
    let mut end = start.clone();
    for san in game.split_whitespace() {
        end.play_unchecked(crate::notation::read_standard_san(&end, san).unwrap());
    }
    let ruling = run_from(
        &start,
        written(game),
        written("O-O d4 d5 Kh1"),
        both(end.board().clone()),
    );
    assert_eq!(ruling.agreed_plies, 1);
    assert!(
        matches!(
            ruling.causes.first(),
            Some(Cause::Missing {
                score: Color::Black,
                ply: 2,
                ..
            })
        ),
        "{:?}",
        ruling.causes
    );
}

#[test]
fn a_game_from_a_chess960_position_audits_from_its_start() {
    use crate::clock::Instant;
    use crate::game::{Command, Game, Press, Repetition, Setup};
    use crate::notation::VoicePack;
    let setup = Setup {
        time: "600".into(),
        repetition: Repetition::Off,
        press: Press::Separate,
        fen: Some("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1".into()),
        chess960: true,
        ..Setup::default()
    };
    let mut game = Game::new(setup, VoicePack::builtin("en")).unwrap();
    let mut second = 0;
    for san in ["O-O", "O-O", "d4", "d5"] {
        second += 1;
        game.apply(&Command::Move(san.into()), Instant::from_secs(second));
        second += 1;
        game.apply(&Command::Press, Instant::from_secs(second));
    }
    assert_eq!(game.moves().len(), 4, "{:?}", game.score(Color::White));
    // Black's board shows Black's king and rook where they started, as if
    // Black had not castled: the audit compares with the game's own line.
    let lines = crate::table::audit_lines(
        &game,
        Some((
            Color::Black,
            "rk4r1/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/R4RK1".into(),
        )),
    )
    .unwrap()
    .join("\n");
    assert!(
        lines.contains("Both scores agree, up to Black's move 2."),
        "{lines}"
    );
    assert!(
        lines.contains("Black's board is corrected, 3 squares:"),
        "{lines}"
    );
    assert!(lines.contains("Gustav eight"), "{lines}");
}

#[test]
fn a_written_piece_letter_reads_only_as_that_piece_in_random_positions() {
    use rand::{RngExt, SeedableRng};
    use shakmaty::{Role, Square};
    let reader = crate::audit::MoveReader {
        lexicon: crate::notation::Lexicon::builtin(),
        pack: super::fide(),
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0xB4);
    let mut read = 0;
    for _ in 0..40 {
        let mut position = Chess::default();
        for _ in 0..rng.random_range(0..60) {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            position.play_unchecked(legal[rng.random_range(0..legal.len())]);
        }
        for (letter, role) in [
            ('K', Role::King),
            ('Q', Role::Queen),
            ('R', Role::Rook),
            ('B', Role::Bishop),
            ('N', Role::Knight),
        ] {
            for square in Square::ALL {
                let text = format!("{letter}{square}");
                if let Some(m) = reader.read(&position, &text) {
                    assert_eq!(m.role(), role, "{text} in {:?}", position.board());
                    read += 1;
                }
            }
        }
    }
    assert!(read > 100, "{read}");
}

#[test]
fn a_move_never_made_on_one_board_is_a_cause_in_every_pack() {
    // Black's own a6 was never made on Black's board; White's Ba4 and
    // Black's Nf6 were.
    let game = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6";
    let mut board = super::board_after("e4 e5 Nf3 Nc6 Bb5");
    let start = Chess::default();
    let mut position = start.clone();
    let mut moves = Vec::new();
    for san in game.split_whitespace() {
        let m = crate::notation::read_standard_san(&position, san).unwrap();
        position.play_unchecked(m);
        moves.push(m);
    }
    for m in &moves[6..] {
        assert!(crate::audit::play_on_board(&mut board, *m));
    }
    let ruling = run(
        score(game),
        score(game),
        ByColor {
            white: Some(position.board().clone()),
            black: Some(board),
        },
    );
    assert_eq!(ruling.case, Case::Boards);
    assert!(
        matches!(
            ruling.causes.first(),
            Some(Cause::NotMade {
                board: Color::Black,
                ply: 6,
                ..
            })
        ),
        "{:?}",
        ruling.causes
    );
    for (id, said) in [
        (
            "en",
            "Cause: on Black's board, Black's move 3, Anna six, was never made",
        ),
        (
            "fide",
            "Ursache: auf dem Brett von Schwarz wurde der 3. Zug von Schwarz, Anna sechs, nie ausgeführt",
        ),
        (
            "pt",
            "Causa: no tabuleiro das Pretas, o lance 3 das Pretas, Ana sechs, nunca foi feito",
        ),
        (
            "es",
            "Causa: en el tablero de las Negras, la jugada 3 de las Negras, Anna sechs, nunca se hizo",
        ),
    ] {
        let words = super::spoken(&ruling, id);
        assert!(words.contains(said), "{id}: {words}");
        assert!(!words.contains("No single"), "{id}: {words}");
    }
}
