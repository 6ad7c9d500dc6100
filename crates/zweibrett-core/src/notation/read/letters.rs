//! The letters of an algebraic word ("Nf3", "exd5", "e7e8q", "Sbd2",
//! "Крe2") and what each of them may stand for.
//!
//! SAN writes a piece with an upper-case letter and a file with a
//! lower-case one, so an upper-case letter that is a piece letter is that
//! piece and never a file: "Bb3" is a bishop move or no move at all. The
//! piece letters that apply are SAN's English ones and those of the
//! languages the player types (Appendix C.3, [`TypedLetters`]): "D4" is the
//! queen with German, Portuguese or Spanish letters, and `R` is the king as
//! well as the rook with Portuguese or Spanish ones. An upper-case letter
//! that is a piece letter in some language outside the set is no file
//! either: it is not understood, so that a Spaniard's "Cc6" is never the
//! pawn move c6. A lower-case letter that is both a file and a piece letter
//! ("bc4", "dd4") is read both ways at the same cost, so that when both
//! readings give a legal move the player is asked instead of one reading
//! being picked; followed by a digit it is a square's file ("b1c3" is UCI),
//! the one place where SAN's lower-case files and a piece written in haste
//! cannot be told apart and the square is what the text says.

use shakmaty::{File, Rank, Role};

use super::{Alternative, Atom};
use crate::notation::pack::Meaning;
use crate::notation::piece_letters::TypedLetters;

/// More readings of one word than this and the word is taken for noise.
const MAX_READINGS: usize = 64;

/// The readings of an algebraic word with the piece letters the player
/// types; empty when some character stands for nothing.
pub(super) fn algebraic(word: &str, letters: TypedLetters) -> Vec<Alternative> {
    let chars: Vec<char> = word.chars().collect();
    if let Some(readings) = upper_case_squares(&chars, letters) {
        return readings;
    }
    let mut partial: Vec<Vec<Atom>> = vec![Vec::new()];
    let mut i = 0;
    while i < chars.len() {
        let (options, len) = meanings_at(&chars[i..], letters);
        i += len.max(1);
        if options.is_empty() {
            return Vec::new();
        }
        if let [only] = options[..] {
            // One meaning extends every reading in place: copying the
            // readings at each letter would make a long word quadratic.
            for atoms in &mut partial {
                atoms.push(only);
            }
            continue;
        }
        if partial.len() * options.len() > MAX_READINGS {
            return Vec::new();
        }
        let mut next = Vec::with_capacity(partial.len() * options.len());
        for atoms in &partial {
            for atom in &options {
                let mut atoms = atoms.clone();
                atoms.push(*atom);
                next.push(atoms);
            }
        }
        partial = next;
    }
    // Every reading of the letters is as good as any other: the legal moves
    // decide, and two that fit make a question.
    partial.into_iter().map(|atoms| (atoms, 0)).collect()
}

/// Two squares written in capitals, as caps lock leaves UCI ("G1F3",
/// "B7B8Q"): the letters are files there, since a piece letter and a rank
/// followed by another piece letter and rank form no move at all. A word
/// whose second square is in lower case ("C6e5") is left to be read letter
/// by letter: it is SAN, a piece told by its rank. `None` for any word
/// but these.
fn upper_case_squares(chars: &[char], letters: TypedLetters) -> Option<Vec<Alternative>> {
    let square = |f: char, r: char| {
        Some((
            File::from_char(f.to_ascii_lowercase())?,
            Rank::from_char(r)?,
        ))
    };
    let (from, to, rest) = match chars {
        [f1, r1, f2, r2, rest @ ..] if rest.len() <= 1 && f2.is_uppercase() => {
            (square(*f1, *r1)?, square(*f2, *r2)?, rest)
        }
        _ => return None,
    };
    let atoms = vec![
        Meaning::File(from.0),
        Meaning::Rank(from.1),
        Meaning::File(to.0),
        Meaning::Rank(to.1),
    ];
    let Some(promotion) = rest.first() else {
        return Some(vec![(atoms, 0)]);
    };
    Some(
        piece_roles(*promotion, letters)
            .into_iter()
            .map(|role| {
                let mut atoms = atoms.clone();
                atoms.push(Meaning::Piece(role));
                (atoms, 0)
            })
            .collect(),
    )
}

/// What the characters at the start of `chars` may stand for, and how many
/// of them that takes (two for the Russian king `Кр`).
fn meanings_at(chars: &[char], letters: TypedLetters) -> (Vec<Atom>, usize) {
    let c = chars[0];
    let (roles, len) = letters.pieces_at(chars);
    if len > 1 {
        return (roles.into_iter().map(Meaning::Piece).collect(), len);
    }
    let before_rank = chars.get(1).is_some_and(|n| Rank::from_char(*n).is_some());
    (letter(c, letters, before_rank), 1)
}

/// What one character of an algebraic word may stand for; `before_rank`
/// when a rank digit follows it.
pub(super) fn letter(c: char, letters: TypedLetters, before_rank: bool) -> Vec<Atom> {
    if let Some(rank) = Rank::from_char(c) {
        return vec![Meaning::Rank(rank)];
    }
    if c.eq_ignore_ascii_case(&'x') {
        return vec![Meaning::Capture];
    }
    let pieces = piece_roles(c, letters);
    let file = File::from_char(c.to_ascii_lowercase());
    let upper = c.is_uppercase();
    let mut options: Vec<Atom> = pieces.into_iter().map(Meaning::Piece).collect();
    match file {
        // An upper-case piece letter is a piece only.
        Some(_) if upper && !options.is_empty() => {}
        // Nor is the piece letter of a language outside the set a file.
        Some(_) if upper && TypedLetters::is_anyones_piece_letter(c) => {}
        // A lower-case file letter before a rank names a square.
        Some(file) if before_rank => options = vec![Meaning::File(file)],
        Some(file) => options.push(Meaning::File(file)),
        None => {}
    }
    options
}

/// The pieces a letter stands for in the letters the player types, in any
/// case. `P` is the pawn, which some scores write against Appendix C.4,
/// unless it is the Dutch knight (paard) in the letters typed.
pub(super) fn piece_roles(c: char, letters: TypedLetters) -> Vec<Role> {
    let (mut roles, len) = letters.pieces_at(&[c]);
    if len != 1 {
        roles.clear();
    }
    if roles.is_empty() && c.eq_ignore_ascii_case(&'p') {
        roles.push(Role::Pawn);
    }
    roles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::piece_letters::PieceLetters;

    fn set(national: PieceLetters) -> TypedLetters {
        TypedLetters::of(&[national])
    }

    fn pieces(c: char, national: PieceLetters) -> Vec<Role> {
        letter(c, set(national), false)
            .into_iter()
            .filter_map(|m| match m {
                Meaning::Piece(role) => Some(role),
                _ => None,
            })
            .collect()
    }

    fn is_file(c: char, national: PieceLetters) -> bool {
        letter(c, set(national), false)
            .iter()
            .any(|m| matches!(m, Meaning::File(_)))
    }

    #[test]
    fn an_upper_case_piece_letter_is_never_a_file() {
        for national in PieceLetters::ALL {
            for c in ['K', 'Q', 'R', 'B', 'N'] {
                assert!(!is_file(c, national), "{c} in {national:?}");
                assert!(!pieces(c, national).is_empty(), "{c} in {national:?}");
            }
        }
        assert!(!is_file('D', PieceLetters::German));
        assert!(!is_file('C', PieceLetters::Portuguese));
        assert!(!is_file('A', PieceLetters::Spanish));
        // A piece letter of a language the player does not type is no
        // file either: it stands for nothing.
        for c in ['A', 'C', 'D', 'F', 'G', 'H'] {
            assert_eq!(letter(c, set(PieceLetters::English), false), [], "{c}");
        }
        assert!(is_file('E', PieceLetters::English));
    }

    #[test]
    fn national_letters_apply_only_in_their_language() {
        use PieceLetters::{English, German, Portuguese, Spanish};
        assert_eq!(pieces('D', English), []);
        assert_eq!(pieces('D', German), [Role::Queen]);
        assert_eq!(pieces('S', English), []);
        assert_eq!(pieces('S', German), [Role::Knight]);
        assert_eq!(pieces('R', English), [Role::Rook]);
        assert_eq!(pieces('R', German), [Role::Rook]);
        assert_eq!(pieces('R', Portuguese), [Role::Rook, Role::King]);
        assert_eq!(pieces('R', Spanish), [Role::Rook, Role::King]);
        assert_eq!(pieces('A', Spanish), [Role::Bishop]);
        assert_eq!(pieces('A', Portuguese), []);
        assert_eq!(pieces('C', Spanish), [Role::Knight]);
        assert!(is_file('c', German));
    }

    #[test]
    fn a_lower_case_file_that_is_a_piece_letter_reads_both_ways() {
        use PieceLetters::{English, German, Spanish};
        assert_eq!(pieces('b', English), [Role::Bishop]);
        assert!(is_file('b', English));
        assert_eq!(pieces('d', English), []);
        assert_eq!(pieces('d', German), [Role::Queen]);
        assert!(is_file('d', German));
        assert_eq!(pieces('a', Spanish), [Role::Bishop]);
        assert_eq!(pieces('e', Spanish), []);
        assert_eq!(
            letter('n', set(English), false),
            [Meaning::Piece(Role::Knight)]
        );
    }

    #[test]
    fn a_long_word_is_read_in_one_pass() {
        // Each letter extends the one reading in place: a hundred thousand
        // letters take no longer than copying them.
        let word = "e".repeat(100_000);
        let readings = algebraic(&word, set(PieceLetters::English));
        assert_eq!(readings.len(), 1);
        assert_eq!(readings[0].0.len(), 100_000);
        // Letters of two meanings each soon make too many readings.
        assert!(algebraic(&"b".repeat(100_000), set(PieceLetters::English)).is_empty());
    }

    #[test]
    fn a_lower_case_file_before_a_rank_is_a_square() {
        use PieceLetters::{English, German};
        assert_eq!(letter('b', set(English), true), [Meaning::File(File::B)]);
        assert_eq!(letter('d', set(German), true), [Meaning::File(File::D)]);
        // A letter that is no file stays a piece: "n1f3".
        assert_eq!(
            letter('n', set(English), true),
            [Meaning::Piece(Role::Knight)]
        );
        assert_eq!(
            letter('B', set(English), true),
            [Meaning::Piece(Role::Bishop)]
        );
    }

    #[test]
    fn the_russian_king_takes_two_letters() {
        let readings = algebraic("Крe2", TypedLetters::every());
        assert_eq!(readings.len(), 1);
        assert_eq!(readings[0].0[0], Meaning::Piece(Role::King));
        assert_eq!(readings[0].0.len(), 3);
    }
}
