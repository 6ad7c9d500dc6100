//! Every move of real games, typed with the piece letters of each language
//! known here (Appendix C.3). With the FIDE pack's own letters, German and
//! English, each reads as the move played, and is asked about only where a
//! letter really is two pieces in those two sets. With every language's
//! letters, each reads as the move played, is asked about with that move
//! among the choices, or is refused naming the language whose letter it is;
//! none is ever read as another move. The same holds with the letters
//! narrowed to the typist's own language, and there no move is asked about
//! where that language gives each piece a letter of its own.
//!
//! The games: world-championship, man-machine and club games of 1851 to
//! 2023, and the master games of Capablanca's career (1901–1941), the
//! London tournament of 1851, the 1886 world championship, the Tata Steel
//! Masters of 2022 and some of Philidor, Tarrasch and Carlsen: 987 games,
//! their main lines only.

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position, Role};
use zweibrett_core::notation::{
    Lexicon, PieceLetters, Reading, TypedLetters, VoicePack, read_move,
};
use zweibrett_core::record::pgn_read::read_pgn;

const GAMES: &str = include_str!("../data/real_games.pgn");
const MASTER_GAMES: &str = include_str!("../data/master_games.pgn");

/// Each game's positions and the move played in each.
fn corpus() -> Vec<(Chess, Move)> {
    games(1)
}

/// The positions and moves of every `nth` game: each language's letters
/// are read over a fifth of the games, so that twenty languages take no
/// longer than two over all of them.
fn games(nth: usize) -> Vec<(Chess, Move)> {
    let mut plies = Vec::new();
    let mut games = 0;
    for text in [GAMES, MASTER_GAMES]
        .into_iter()
        .flat_map(|file| file.split("\n\n[Event"))
        .filter(|t| !t.trim().is_empty())
        .step_by(nth)
    {
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
        games += 1;
    }
    assert_eq!(games, 987_usize.div_ceil(nth));
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
    /// Refusals that name the language whose letter it was (C.3).
    refused: usize,
    wrong: Vec<String>,
}

impl Tally {
    fn line(&self, letters: PieceLetters) -> String {
        let all = (self.read + self.asked + self.refused).max(1) as f64;
        format!(
            "{letters:?}: {} read, {} asked ({:.2}%), {} of them a piece's move as SAN writes it, {} refused naming the language ({:.2}%)",
            self.read,
            self.asked,
            100.0 * self.asked as f64 / all,
            self.asked_as_written,
            self.refused,
            100.0 * self.refused as f64 / all,
        )
    }
}

fn tally(
    pack: &VoicePack,
    plies: &[(Chess, Move)],
    letters: PieceLetters,
    lower_case: bool,
) -> Tally {
    let mut tally = Tally::default();
    // The FIDE pack's refusal of another language's letter (C.3).
    let refusal = "wird nicht gespielt";
    for (position, m) in plies {
        for (text, as_written) in writings(position, *m, letters, lower_case) {
            match read_move(Lexicon::builtin(), pack, position, &text) {
                Reading::Move(read) if read == *m => tally.read += 1,
                Reading::Ambiguous { candidates, .. } if candidates.contains(m) => {
                    tally.asked += 1;
                    let piece = text.starts_with(char::is_uppercase);
                    tally.asked_as_written += usize::from(as_written && piece);
                }
                Reading::Unrecognized { reason } if reason.contains(refusal) => tally.refused += 1,
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
    assert!(plies.len() > 70_000, "{} half-moves", plies.len());
}

#[test]
fn the_fide_packs_german_and_english_letters_ask_only_where_a_letter_is_two_pieces() {
    let plies = corpus();
    let pack = VoicePack::fide();
    assert!(!pack.typed_letters.is_every());
    for letters in [PieceLetters::English, PieceLetters::German] {
        let t = tally(&pack, &plies, letters, true);
        eprintln!("{}", t.line(letters));
        assert!(
            t.wrong.is_empty(),
            "{:#?}",
            &t.wrong[..t.wrong.len().min(10)]
        );
        // No letter is two pieces in German and English: a piece's move
        // as SAN writes it is never a question, nor refused.
        assert_eq!((t.asked_as_written, t.refused), (0, 0), "{letters:?}");
    }
}

#[test]
fn every_languages_letters_read_right_ask_or_are_refused_never_another_move() {
    let plies = games(5);
    let mut pack = VoicePack::fide();
    pack.type_letters(&["every"]).unwrap();
    assert!(pack.typed_letters.is_every());
    for letters in PieceLetters::ALL {
        // Lower case is SAN's file: a piece letter is read in lower case
        // only in the pack's own language and English.
        let lower_case = matches!(letters, PieceLetters::English | PieceLetters::German);
        let t = tally(&pack, &plies, letters, lower_case);
        eprintln!("{}", t.line(letters));
        assert!(
            t.wrong.is_empty(),
            "{:#?}",
            &t.wrong[..t.wrong.len().min(10)]
        );
        // The player's own letters are never refused.
        if lower_case {
            assert_eq!(t.refused, 0, "{letters:?}");
        }
    }
}

#[test]
fn a_typists_own_letters_read_right_and_ask_only_where_two_pieces_share_one() {
    let plies = games(5);
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
