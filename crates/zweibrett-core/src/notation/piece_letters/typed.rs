//! The set of piece letters a player types (Appendix C.3): the player's
//! own languages' and, with `every`, the others'.

use shakmaty::Role;

use super::PieceLetters;

/// The piece letters a player types (Appendix C.3): those of SAN's English
/// always, and those of the languages named. A letter that the languages
/// of the set give to two pieces stands for both, and the legal moves
/// decide.
///
/// SAN writes a file in lower case, so a lower-case letter is read as a
/// piece only in the languages named one by one, where players type their
/// own letters in haste ("sf3"); [`TypedLetters::every`] adds every
/// language's letters in upper case only, so that "hxg4" stays the pawn
/// although H is a piece in Polish and Hungarian.
///
/// The languages named, English and the pack's are the player's own;
/// `every` adds the others. A letter of another language that is a
/// different piece in the player's own letters ("B", the rook in
/// Hungarian) is never played as that piece at once: [`TypedLetters::own`]
/// reads it in the player's letters only, and a move that only the other
/// language's meaning gives is refused, naming that language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypedLetters {
    /// The languages read in upper case, one bit each.
    upper: u32,
    /// The languages read in lower case as well.
    lower: u32,
    /// The player's own languages: those named, English and the pack's.
    own: u32,
    /// Whether a letter with a meaning in the player's own languages is
    /// read in those only.
    shadowed: bool,
}

/// A language named for the typed piece letters that has none known here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no piece letters are known for the language \"{name}\"; known: every, {known}")]
pub struct UnknownLetters {
    /// The name as written.
    pub name: String,
    /// The language subtags known, comma-separated.
    pub known: String,
}

impl TypedLetters {
    /// The letters of every language known here in upper case, and
    /// English ones in lower case: what a player of any country may type.
    pub fn every() -> TypedLetters {
        TypedLetters {
            upper: bits(&PieceLetters::ALL),
            lower: bits(&[]),
            own: bits(&[]),
            shadowed: false,
        }
    }

    /// English letters and those of `languages`, in either case.
    pub fn of(languages: &[PieceLetters]) -> TypedLetters {
        TypedLetters {
            upper: bits(languages),
            lower: bits(languages),
            own: bits(languages),
            shadowed: false,
        }
    }

    /// These letters with `languages`' in either case as well.
    pub fn and(self, languages: &[PieceLetters]) -> TypedLetters {
        TypedLetters {
            upper: self.upper | bits(languages),
            lower: self.lower | bits(languages),
            own: self.own | bits(languages),
            shadowed: self.shadowed,
        }
    }

    /// The letters named by language subtags ("es", "pt-BR"), and `every`
    /// for every language's in upper case.
    pub fn named(names: &[impl AsRef<str>]) -> Result<TypedLetters, UnknownLetters> {
        let mut every = false;
        let mut languages = Vec::with_capacity(names.len());
        for name in names {
            let name = name.as_ref().trim();
            if name.eq_ignore_ascii_case("every") {
                every = true;
                continue;
            }
            match PieceLetters::of_known_language(name) {
                Some(letters) => languages.push(letters),
                None => {
                    return Err(UnknownLetters {
                        name: name.to_string(),
                        known: known_languages(),
                    });
                }
            }
        }
        let named = TypedLetters::of(&languages);
        Ok(if every {
            TypedLetters::every().and(&languages)
        } else {
            named
        })
    }

    /// The languages read in upper case, English first.
    pub fn languages(self) -> impl Iterator<Item = PieceLetters> {
        PieceLetters::ALL
            .into_iter()
            .filter(move |l| self.upper & (1 << *l as u32) != 0)
    }

    /// Whether every language known here is read, in upper case.
    pub fn is_every(self) -> bool {
        self.upper == TypedLetters::every().upper
    }

    /// The languages read that are not the player's own, English first.
    pub fn others(self) -> impl Iterator<Item = PieceLetters> {
        PieceLetters::ALL
            .into_iter()
            .filter(move |l| (self.upper & !self.own) & (1 << *l as u32) != 0)
    }

    /// These letters, where a letter that has a meaning in the player's
    /// own languages stands for that meaning only (Appendix C.3): what
    /// the player may have meant for certain.
    pub fn own(self) -> TypedLetters {
        TypedLetters {
            shadowed: true,
            ..self
        }
    }

    /// Whether some letter is read in a language that is not the
    /// player's own.
    pub fn has_others(self) -> bool {
        self.upper & !self.own != 0
    }

    /// The languages of the set in which the letters at the start of
    /// `chars` stand for `role`, English first.
    pub fn languages_of(self, chars: &[char], role: Role) -> Vec<PieceLetters> {
        self.languages()
            .filter(|l| l.pieces_at(chars).any(|(r, _)| r == role))
            .collect()
    }

    /// The pieces the letters at the start of `chars` stand for in the
    /// set, each counted once, and the characters their symbol takes: the
    /// longest symbols only, so that the Russian king `Кр` is not read as
    /// the knight `К` followed by a stray letter. A lower-case letter
    /// counts only in the languages read in lower case.
    pub fn pieces_at(self, chars: &[char]) -> (Vec<Role>, usize) {
        let lower = chars.first().is_some_and(|c| c.is_lowercase());
        let set = if lower { self.lower } else { self.upper };
        if self.shadowed {
            let own = pieces_in(set & self.own, chars);
            if !own.0.is_empty() {
                return own;
            }
        }
        pieces_in(set, chars)
    }

    /// Whether `c` is a piece letter in upper case in some language known
    /// here, in the set or not: such a letter is a piece, never a file
    /// (Appendix C.2, C.5).
    pub fn is_anyones_piece_letter(c: char) -> bool {
        let upper = c.to_uppercase().next().unwrap_or(c);
        !TypedLetters::every().pieces_at(&[upper]).0.is_empty()
    }
}

/// The pieces the letters at the start of `chars` stand for in the
/// languages of `set`, as [`TypedLetters::pieces_at`] counts them.
fn pieces_in(set: u32, chars: &[char]) -> (Vec<Role>, usize) {
    let mut roles = Vec::new();
    let mut longest = 0;
    for language in PieceLetters::ALL
        .into_iter()
        .filter(|l| set & (1 << *l as u32) != 0)
    {
        for (role, len) in language.pieces_at(chars) {
            if len > longest {
                roles.clear();
                longest = len;
            }
            if len == longest && !roles.contains(&role) {
                roles.push(role);
            }
        }
    }
    (roles, longest)
}

/// The bits of English and `languages`.
fn bits(languages: &[PieceLetters]) -> u32 {
    let mut bits = 1 << PieceLetters::English as u32;
    for l in languages {
        bits |= 1 << *l as u32;
    }
    bits
}

/// Every language subtag known here, comma-separated.
pub fn known_languages() -> String {
    PieceLetters::ALL
        .iter()
        .flat_map(|l| l.languages().iter().copied())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_stands_for_every_piece_it_names_in_the_set() {
        let every = TypedLetters::every();
        let roles = |s: &str| every.pieces_at(&s.chars().collect::<Vec<_>>());
        let (r, _) = roles("R");
        for role in [Role::Rook, Role::King, Role::Knight, Role::Bishop] {
            assert!(r.contains(&role), "{role:?}");
        }
        assert_eq!(roles("Крe1"), (vec![Role::King], 2));
        assert_eq!(roles("Кe1"), (vec![Role::Knight], 1));
        assert_eq!(roles("Şf3"), (vec![Role::King], 1));
        assert_eq!(roles("şf3"), (vec![], 0), "Turkish in upper case only");
        assert_eq!(roles("E"), (vec![], 0));
        let spanish = TypedLetters::of(&[PieceLetters::Spanish]);
        assert_eq!(
            spanish.pieces_at(&['R']).0,
            vec![Role::Rook, Role::King],
            "English first, then Spanish"
        );
        assert_eq!(spanish.pieces_at(&['F']).0, vec![]);
        assert!(TypedLetters::is_anyones_piece_letter('F'));
        assert!(!TypedLetters::is_anyones_piece_letter('E'));
    }

    #[test]
    fn languages_are_named_by_their_subtags() {
        let named = TypedLetters::named(&["it", "pt-BR"]).unwrap();
        let languages: Vec<_> = named.languages().collect();
        assert_eq!(
            languages,
            [
                PieceLetters::English,
                PieceLetters::Portuguese,
                PieceLetters::Spanish
            ]
        );
        assert!(TypedLetters::named(&["every"]).unwrap().is_every());
        // Every language's letters in upper case; in lower case only those
        // named: "hxg4" is the pawn, "sf3" the German knight.
        let fide = TypedLetters::named(&["every", "de"]).unwrap();
        assert_eq!(fide.pieces_at(&['h']).0, vec![]);
        assert_eq!(fide.pieces_at(&['H']).0.len(), 3);
        assert_eq!(fide.pieces_at(&['s']).0, vec![Role::Knight]);
        let err = TypedLetters::named(&["xx"]).unwrap_err();
        assert!(err.to_string().contains("\"xx\"") && err.known.contains("fr"));
        assert_eq!(PieceLetters::of_language("sv-SE"), PieceLetters::German);
    }
}
