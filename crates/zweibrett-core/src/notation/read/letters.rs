//! The letters of an algebraic word ("Nf3", "exd5", "e7e8q", "Sbd2") and
//! what each of them may stand for.
//!
//! SAN writes a piece with an upper-case letter and a file with a
//! lower-case one, so an upper-case letter that is a piece letter is that
//! piece and never a file: "Bb3" is a bishop move or no move at all. The
//! piece letters that apply are SAN's English ones and the national ones of
//! the active pack's language (Appendix C.4): "D4" is the queen with a
//! German, Portuguese or Spanish pack and the pawn to d4 with an English
//! one, and `R` is a king as well as a rook only with a Portuguese or
//! Spanish pack. A lower-case letter that is both a file and a piece letter
//! ("bc4", "dd4") is read both ways at the same cost, so that when both
//! readings give a legal move the player is asked instead of one reading
//! being picked; followed by a digit it is a square's file ("b1c3" is UCI),
//! the one place where SAN's lower-case files and a piece written in haste
//! cannot be told apart and the square is what the text says.

use shakmaty::{File, Rank, Role};

use super::{Alternative, Atom};
use crate::notation::pack::Meaning;
use crate::notation::san::PieceLetters;

/// More readings of one word than this and the word is taken for noise.
const MAX_READINGS: usize = 64;

/// The readings of an algebraic word with the piece letters that apply
/// besides the English ones; empty when some character stands for nothing.
pub(super) fn algebraic(word: &str, national: PieceLetters) -> Vec<Alternative> {
    let mut partial: Vec<Vec<Atom>> = vec![Vec::new()];
    let chars: Vec<char> = word.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let before_rank = chars
            .get(i + 1)
            .is_some_and(|n| Rank::from_char(*n).is_some());
        let options = letter(c, national, before_rank);
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

/// What one character of an algebraic word may stand for; `before_rank`
/// when a rank digit follows it.
pub(super) fn letter(c: char, national: PieceLetters, before_rank: bool) -> Vec<Atom> {
    if let Some(rank) = Rank::from_char(c) {
        return vec![Meaning::Rank(rank)];
    }
    if c.eq_ignore_ascii_case(&'x') {
        return vec![Meaning::Capture];
    }
    let pieces = piece_roles(c.to_ascii_uppercase(), national);
    let file = File::from_char(c.to_ascii_lowercase());
    let mut options: Vec<Atom> = pieces.into_iter().map(Meaning::Piece).collect();
    match file {
        // An upper-case piece letter is a piece only.
        Some(_) if c.is_ascii_uppercase() && !options.is_empty() => {}
        // A lower-case file letter before a rank names a square.
        Some(file) if before_rank => options = vec![Meaning::File(file)],
        Some(file) => options.push(Meaning::File(file)),
        None => {}
    }
    options
}

/// The pieces an upper-case letter stands for in the English letters and
/// the national ones; `P` is the pawn, which some scores write.
pub(super) fn piece_roles(upper: char, national: PieceLetters) -> Vec<Role> {
    let mut roles: Vec<Role> = Vec::with_capacity(2);
    for letters in [PieceLetters::English, national] {
        if let Some(role) = letters.role(upper)
            && !roles.contains(&role)
        {
            roles.push(role);
        }
    }
    if upper == 'P' {
        roles.push(Role::Pawn);
    }
    roles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(c: char, national: PieceLetters) -> Vec<Role> {
        letter(c, national, false)
            .into_iter()
            .filter_map(|m| match m {
                Meaning::Piece(role) => Some(role),
                _ => None,
            })
            .collect()
    }

    fn is_file(c: char, national: PieceLetters) -> bool {
        letter(c, national, false)
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
    }

    #[test]
    fn national_letters_apply_only_in_their_language() {
        use PieceLetters::{English, German, Portuguese, Spanish};
        assert_eq!(pieces('D', English), []);
        assert!(is_file('D', English));
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
        assert!(is_file('C', German));
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
        assert_eq!(letter('n', English, false), [Meaning::Piece(Role::Knight)]);
    }

    #[test]
    fn a_long_word_is_read_in_one_pass() {
        // Each letter extends the one reading in place: a hundred thousand
        // letters take no longer than copying them.
        let word = "e".repeat(100_000);
        let readings = algebraic(&word, PieceLetters::English);
        assert_eq!(readings.len(), 1);
        assert_eq!(readings[0].0.len(), 100_000);
        // Letters of two meanings each soon make too many readings.
        assert!(algebraic(&"b".repeat(100_000), PieceLetters::English).is_empty());
    }

    #[test]
    fn a_lower_case_file_before_a_rank_is_a_square() {
        use PieceLetters::{English, German};
        assert_eq!(letter('b', English, true), [Meaning::File(File::B)]);
        assert_eq!(letter('d', German, true), [Meaning::File(File::D)]);
        // A letter that is no file stays a piece: "n1f3".
        assert_eq!(letter('n', English, true), [Meaning::Piece(Role::Knight)]);
        assert_eq!(letter('B', English, true), [Meaning::Piece(Role::Bishop)]);
    }
}
