//! The move reader's one promise, over generated positions: whatever way a
//! legal move is written in SAN — with the piece letters of each language,
//! in lower case, without its capture sign — the reader gives exactly that
//! move or asks with that move among the choices; it never gives another
//! move. Above all where a piece letter is also a file letter: `b` (the
//! bishop), and the national `d` (Dame, dama), `c` (cavalo, caballo) and
//! `a` (alfil).

use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Move, Position, Role, Square};
use zweibrett_core::notation::{Lexicon, PieceLetters, Reading, VoicePack, read_move};

/// Positions the playouts start from: the initial position, and positions
/// with promotions, en passant and pieces on files that share their letter
/// with a piece.
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/1P3pP1/8/3pP3/8/8/1p3Pp1/R3K2R w KQkq d6 0 1",
    "2r1k3/1PP5/8/8/2p5/1Q1B4/1P1P2p1/R3K2R w KQ - 0 1",
    "1n3k2/PP1P4/8/8/8/8/6pp/R2QK3 w Q - 0 1",
    "3qk3/1b1p4/8/2pP4/1B6/3Q4/1P1P4/4K3 w - c6 0 1",
];

/// The packs, and the national letters that apply in each.
const PACKS: &[(&str, PieceLetters)] = &[
    ("en", PieceLetters::English),
    ("fide", PieceLetters::German),
    ("pt", PieceLetters::Portuguese),
    ("es", PieceLetters::Spanish),
];

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// A position reached by playing the choices, each picking a legal move.
fn playout(start: usize, choices: &[u16]) -> Chess {
    let mut position = position(STARTS[start]);
    for choice in choices {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(*choice) % legal.len()];
        position.play_unchecked(m);
    }
    position
}

/// The ways a player may write a move in SAN with some language's letters:
/// as SAN writes it with its sign, without the sign, in lower case, and
/// without the capture sign. Lower case is left out where a piece letter
/// that is also a file stands before a rank ("B1c3" for one of two bishops
/// on a file): "b1c3" is the square b1, as UCI writes it.
fn writings(position: &Chess, m: Move, letters: PieceLetters) -> Vec<String> {
    let with_sign = letters.from_english(&SanPlus::from_move(position.clone(), m).to_string());
    let bare = with_sign.trim_end_matches(['+', '#']).to_string();
    let mut chars = bare.chars();
    let square_like = matches!(
        (chars.next(), chars.next()),
        (Some('A'..='H'), Some('1'..='8'))
    );
    let mut texts = vec![with_sign, bare.clone()];
    if !square_like {
        texts.push(bare.to_lowercase());
    }
    if bare.contains('x') {
        let uncaptured = bare.replace('x', "");
        if !square_like {
            texts.push(uncaptured.to_lowercase());
        }
        texts.push(uncaptured);
    }
    texts.dedup();
    texts
}

fn pack(id: &str) -> VoicePack {
    VoicePack::builtin(id)
}

/// Checks that `text` reads as `m` or as a question that offers `m`.
fn read_as_or_asked(
    pack: &VoicePack,
    position: &Chess,
    text: &str,
    m: Move,
) -> Result<(), TestCaseError> {
    let fen = Fen::from_position(position, shakmaty::EnPassantMode::Legal);
    match read_move(Lexicon::builtin(), pack, position, text) {
        Reading::Move(read) => prop_assert_eq!(
            read,
            m,
            "{:?} with {} in {} read as another move",
            text,
            pack.id,
            fen
        ),
        Reading::Ambiguous { candidates, .. } => prop_assert!(
            candidates.contains(&m),
            "{:?} with {} in {}: asked about {:?}, not {:?}",
            text,
            pack.id,
            fen,
            candidates,
            m
        ),
        other => prop_assert!(
            false,
            "{:?} with {} in {} not read: {:?}",
            text,
            pack.id,
            fen,
            other
        ),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_legal_move_written_in_san_reads_as_itself_or_is_asked_about(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let position = playout(start, &choices);
        let packs: Vec<(VoicePack, PieceLetters)> =
            PACKS.iter().map(|(id, letters)| (pack(id), *letters)).collect();
        for m in position.legal_moves() {
            for (pack, national) in &packs {
                // SAN's English letters apply in every pack, the national
                // ones in their own language's pack.
                let mut texts = writings(&position, m, PieceLetters::English);
                texts.extend(writings(&position, m, *national));
                for text in &texts {
                    read_as_or_asked(pack, &position, text, m)?;
                }
            }
        }
    }

    #[test]
    fn an_upper_case_piece_letter_never_reads_as_a_pawn_move(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let position = playout(start, &choices);
        let targets: Vec<Square> = position
            .legal_moves()
            .iter()
            .filter(|m| m.role() == Role::Pawn)
            .map(|m| m.to())
            .collect();
        for (id, national) in PACKS {
            let pack = pack(id);
            for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                for letters in [PieceLetters::English, *national] {
                    let Some(letter) = letters.letter(role) else { continue };
                    for to in &targets {
                        for text in [format!("{letter}{to}"), format!("{letter}x{to}")] {
                            let pawn = |m: &Move| m.role() == Role::Pawn;
                            match read_move(Lexicon::builtin(), &pack, &position, &text) {
                                Reading::Move(m) => prop_assert!(!pawn(&m), "{} with {}: {:?}", text, id, m),
                                Reading::Ambiguous { candidates, .. } => prop_assert!(
                                    !candidates.iter().any(pawn),
                                    "{} with {}: {:?}", text, id, candidates
                                ),
                                _ => {}
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_start_positions_are_legal() {
    for fen in STARTS {
        assert!(!position(fen).legal_moves().is_empty(), "{fen}");
    }
}
