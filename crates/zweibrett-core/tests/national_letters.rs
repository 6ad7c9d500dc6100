//! Every move of real games, typed with the piece letters of each language
//! known here (Appendix C.3), read with the FIDE pack, which takes every
//! language's letters: each reads as the move played or is asked about
//! with that move among the choices; none is ever read as another move.
//! The same holds with the letters narrowed to the typist's own language,
//! and there no move is asked about where that language gives each piece a
//! letter of its own.
//!
//! The games: world-championship, man-machine and club games of 1851 to
//! 2023, their main lines only.

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position, Role};
use zweibrett_core::notation::{
    Lexicon, PieceLetters, Reading, TypedLetters, VoicePack, read_move,
};
use zweibrett_core::record::pgn_read::read_pgn;

const GAMES: &str = include_str!("data/real_games.pgn");

/// Each game's positions and the move played in each.
fn corpus() -> Vec<(Chess, Move)> {
    let mut plies = Vec::new();
    for text in GAMES.split("\n\n[Event").filter(|t| !t.trim().is_empty()) {
        let text = if text.starts_with("[Event") {
            text.to_string()
        } else {
            format!("[Event{text}")
        };
        let score = read_pgn(&text).unwrap().expect("a game");
        let mut position = score.start().unwrap();
        for m in score.play(&position).unwrap() {
            plies.push((position.clone(), m));
            position.play_unchecked(m);
        }
    }
    plies
}

/// The ways one language's typist writes a move: as SAN writes it with
/// the language's letters, without the check sign, and in lower case where
/// lower case is not a square ("b1c3" reads as UCI) when `lower_case`;
/// each with whether its
/// letters stand in the case SAN gives them.
fn writings(
    position: &Chess,
    m: Move,
    letters: PieceLetters,
    lower_case: bool,
) -> Vec<(String, bool)> {
    let with_sign = letters.from_english(&SanPlus::from_move(position.clone(), m).to_string());
    let bare = with_sign.trim_end_matches(['+', '#']).to_string();
    let mut chars = bare.chars();
    let square_like = matches!(
        (chars.next().map(|c| c.to_ascii_lowercase()), chars.next()),
        (Some('a'..='h'), Some('1'..='8'))
    );
    let mut texts = vec![(with_sign, true), (bare.clone(), true)];
    if lower_case && !square_like && bare.to_lowercase() != bare {
        texts.push((bare.to_lowercase(), false));
    }
    texts.dedup();
    texts
}

/// What became of the readings of one language's writings.
#[derive(Default, Debug)]
struct Tally {
    read: usize,
    asked: usize,
    /// Questions about a piece's move in SAN's own case.
    asked_as_written: usize,
    wrong: Vec<String>,
}

fn tally(
    pack: &VoicePack,
    plies: &[(Chess, Move)],
    letters: PieceLetters,
    lower_case: bool,
) -> Tally {
    let mut tally = Tally::default();
    for (position, m) in plies {
        for (text, as_written) in writings(position, *m, letters, lower_case) {
            match read_move(Lexicon::builtin(), pack, position, &text) {
                Reading::Move(read) if read == *m => tally.read += 1,
                Reading::Ambiguous { candidates, .. } if candidates.contains(m) => {
                    tally.asked += 1;
                    let piece = text.starts_with(char::is_uppercase);
                    tally.asked_as_written += usize::from(as_written && piece);
                }
                other => tally.wrong.push(format!(
                    "{text:?} ({letters:?}) in {}: {other:?}",
                    shakmaty::fen::Fen::from_position(position, shakmaty::EnPassantMode::Legal)
                )),
            }
        }
    }
    tally
}

#[test]
fn the_corpus_is_real_games() {
    let plies = corpus();
    assert!(plies.len() > 700, "{} half-moves", plies.len());
}

#[test]
fn every_languages_letters_read_right_or_ask_in_the_fide_pack() {
    let plies = corpus();
    let pack = VoicePack::fide();
    assert!(pack.typed_letters.is_every());
    for letters in PieceLetters::ALL {
        // Lower case is SAN's file: a piece letter is read in lower case
        // only in the pack's own language and English.
        let lower_case = matches!(letters, PieceLetters::English | PieceLetters::German);
        let t = tally(&pack, &plies, letters, lower_case);
        eprintln!(
            "{letters:?}: {} read, {} asked ({:.1}%), {} of them a piece's move as SAN writes it",
            t.read,
            t.asked,
            100.0 * t.asked as f64 / (t.read + t.asked).max(1) as f64,
            t.asked_as_written
        );
        assert!(
            t.wrong.is_empty(),
            "{:#?}",
            &t.wrong[..t.wrong.len().min(10)]
        );
    }
}

#[test]
fn a_typists_own_letters_read_right_and_ask_only_where_two_pieces_share_one() {
    let plies = corpus();
    for letters in PieceLetters::ALL {
        let mut pack = VoicePack::fide();
        pack.typed_letters = TypedLetters::of(&[letters]);
        let t = tally(&pack, &plies, letters, true);
        assert!(
            t.wrong.is_empty(),
            "{:#?}",
            &t.wrong[..t.wrong.len().min(10)]
        );
        // Languages whose letters are English's or new letters for the
        // same pieces never ask about a piece's SAN move typed in them;
        // where the language gives an English letter to another piece (the
        // Portuguese R king beside the English R rook), it may. (A pawn's
        // capture may be asked about where the language's piece letter is a
        // file in lower case: German "dxe5" beside a queen that takes too.)
        let shares = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ]
        .into_iter()
        .any(|role| {
            letters.letter(role).is_some_and(|c| {
                PieceLetters::English
                    .role(c)
                    .is_some_and(|english| english != role)
            })
        });
        if !shares {
            assert_eq!(t.asked_as_written, 0, "{letters:?}");
        }
    }
}
