//! The piece letters of the languages players write and type moves in
//! (Appendix C.2, C.3), and the set of them a player types.
//!
//! Appendix C.3 leaves each player free to abbreviate a piece by its name
//! in their own country's language: `F` (fou) in French, `L` (loper) in
//! Dutch, `C` (caballo, cavalo) in Spanish and Portuguese. The same letter
//! is then a different piece from one language to the next — `R` is the
//! rook in English, the king in Spanish, the knight in Finnish and the
//! bishop in Lithuanian — which is why a typed letter stands for every
//! piece it names in the languages a player may type, and the legal moves
//! decide, or a question is asked.

use shakmaty::Role;

/// The piece letters of one language, or of several that share them
/// (Appendix C.3): the pawn has none (C.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceLetters {
    /// K Q R B N, the letters of PGN (C.2).
    English,
    /// K D T L S (König, Dame, Turm, Läufer, Springer); the same letters
    /// serve Swedish, Danish, Norwegian, Croatian, Serbian, Bosnian and
    /// Slovenian.
    German,
    /// R D T B C (rei, dama, torre, bispo, cavalo); also Galician.
    Portuguese,
    /// R D T A C (rey, dama, torre, alfil, caballo); also Italian and
    /// Catalan.
    Spanish,
    /// R D T F C (roi, dame, tour, fou, cavalier).
    French,
    /// K D T L P (koning, dame, toren, loper, paard); also Luxembourgish.
    Dutch,
    /// K H W G S (król, hetman, wieża, goniec, skoczek).
    Polish,
    /// K D V S J (král, dáma, věž, střelec, jezdec); also Slovak.
    Czech,
    /// K V B F H (király, vezér, bástya, futó, huszár).
    Hungarian,
    /// K D T L R (kuningas, daami, torni, lähetti, ratsu); also Afrikaans.
    Finnish,
    /// R D T N C (rege, damă, turn, nebun, cal).
    Romanian,
    /// K D H B R (kóngur, drottning, hrókur, biskup, riddari).
    Icelandic,
    /// K L V O R (kuningas, lipp, vanker, oda, ratsu).
    Estonian,
    /// K D T L Z (karalis, dāma, tornis, laidnis, zirgs).
    Latvian,
    /// K V B R Ž (karalius, valdovė, bokštas, rikis, žirgas).
    Lithuanian,
    /// Ş V K F A (şah, vezir, kale, fil, at).
    Turkish,
    /// R M B G K (raja, menteri, benteng, gajah, kuda).
    Indonesian,
    /// Кр Ф Л С К (король, ферзь, ладья, слон, конь).
    Russian,
    /// Кр Ф Т С К (король, ферзь, тура, слон, кінь).
    Ukrainian,
    /// Ц Д Т О К (цар, дама, топ, офицер, кон).
    Bulgarian,
}

/// The pieces in the order of each language's symbols.
const ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

impl PieceLetters {
    /// Every language's letters, English first.
    pub const ALL: [PieceLetters; 20] = [
        PieceLetters::English,
        PieceLetters::German,
        PieceLetters::Portuguese,
        PieceLetters::Spanish,
        PieceLetters::French,
        PieceLetters::Dutch,
        PieceLetters::Polish,
        PieceLetters::Czech,
        PieceLetters::Hungarian,
        PieceLetters::Finnish,
        PieceLetters::Romanian,
        PieceLetters::Icelandic,
        PieceLetters::Estonian,
        PieceLetters::Latvian,
        PieceLetters::Lithuanian,
        PieceLetters::Turkish,
        PieceLetters::Indonesian,
        PieceLetters::Russian,
        PieceLetters::Ukrainian,
        PieceLetters::Bulgarian,
    ];

    /// The symbols of the king, queen, rook, bishop and knight.
    fn symbols(self) -> [&'static str; 5] {
        match self {
            PieceLetters::English => ["K", "Q", "R", "B", "N"],
            PieceLetters::German => ["K", "D", "T", "L", "S"],
            PieceLetters::Portuguese => ["R", "D", "T", "B", "C"],
            PieceLetters::Spanish => ["R", "D", "T", "A", "C"],
            PieceLetters::French => ["R", "D", "T", "F", "C"],
            PieceLetters::Dutch => ["K", "D", "T", "L", "P"],
            PieceLetters::Polish => ["K", "H", "W", "G", "S"],
            PieceLetters::Czech => ["K", "D", "V", "S", "J"],
            PieceLetters::Hungarian => ["K", "V", "B", "F", "H"],
            PieceLetters::Finnish => ["K", "D", "T", "L", "R"],
            PieceLetters::Romanian => ["R", "D", "T", "N", "C"],
            PieceLetters::Icelandic => ["K", "D", "H", "B", "R"],
            PieceLetters::Estonian => ["K", "L", "V", "O", "R"],
            PieceLetters::Latvian => ["K", "D", "T", "L", "Z"],
            PieceLetters::Lithuanian => ["K", "V", "B", "R", "Ž"],
            PieceLetters::Turkish => ["Ş", "V", "K", "F", "A"],
            PieceLetters::Indonesian => ["R", "M", "B", "G", "K"],
            PieceLetters::Russian => ["Кр", "Ф", "Л", "С", "К"],
            PieceLetters::Ukrainian => ["Кр", "Ф", "Т", "С", "К"],
            PieceLetters::Bulgarian => ["Ц", "Д", "Т", "О", "К"],
        }
    }

    /// The language subtags whose players write these letters; the first
    /// names the set in a configuration.
    pub fn languages(self) -> &'static [&'static str] {
        match self {
            PieceLetters::English => &["en"],
            PieceLetters::German => &["de", "sv", "da", "nb", "nn", "no", "hr", "sr", "bs", "sl"],
            PieceLetters::Portuguese => &["pt", "gl"],
            PieceLetters::Spanish => &["es", "it", "ca"],
            PieceLetters::French => &["fr"],
            PieceLetters::Dutch => &["nl", "lb"],
            PieceLetters::Polish => &["pl"],
            PieceLetters::Czech => &["cs", "sk"],
            PieceLetters::Hungarian => &["hu"],
            PieceLetters::Finnish => &["fi", "af"],
            PieceLetters::Romanian => &["ro"],
            PieceLetters::Icelandic => &["is"],
            PieceLetters::Estonian => &["et"],
            PieceLetters::Latvian => &["lv"],
            PieceLetters::Lithuanian => &["lt"],
            PieceLetters::Turkish => &["tr"],
            PieceLetters::Indonesian => &["id"],
            PieceLetters::Russian => &["ru"],
            PieceLetters::Ukrainian => &["uk"],
            PieceLetters::Bulgarian => &["bg"],
        }
    }

    /// The name of the language in itself, as a language picker shows it
    /// ("magyar", "Deutsch"): a player finds their own there whatever
    /// language the program speaks.
    pub fn name(self) -> &'static str {
        match self {
            PieceLetters::English => "English",
            PieceLetters::German => "Deutsch",
            PieceLetters::Portuguese => "português",
            PieceLetters::Spanish => "español",
            PieceLetters::French => "français",
            PieceLetters::Dutch => "Nederlands",
            PieceLetters::Polish => "polski",
            PieceLetters::Czech => "čeština",
            PieceLetters::Hungarian => "magyar",
            PieceLetters::Finnish => "suomi",
            PieceLetters::Romanian => "română",
            PieceLetters::Icelandic => "íslenska",
            PieceLetters::Estonian => "eesti",
            PieceLetters::Latvian => "latviešu",
            PieceLetters::Lithuanian => "lietuvių",
            PieceLetters::Turkish => "Türkçe",
            PieceLetters::Indonesian => "Bahasa Indonesia",
            PieceLetters::Russian => "русский",
            PieceLetters::Ukrainian => "українська",
            PieceLetters::Bulgarian => "български",
        }
    }

    /// The letters of a language, by its BCP 47 language subtag ("de",
    /// "pt-BR"); `None` for a language whose letters are not known here.
    pub fn of_known_language(tag: &str) -> Option<PieceLetters> {
        let language = tag.split(['-', '_']).next().unwrap_or_default();
        let language = language.to_ascii_lowercase();
        PieceLetters::ALL
            .into_iter()
            .find(|l| l.languages().contains(&language.as_str()))
    }

    /// The letters of a language, by its BCP 47 language subtag; English
    /// for a language whose letters are not known here.
    pub fn of_language(tag: &str) -> PieceLetters {
        PieceLetters::of_known_language(tag).unwrap_or(PieceLetters::English)
    }

    /// The letters of the language a pack speaks.
    pub fn of_pack(pack: &super::VoicePack) -> PieceLetters {
        PieceLetters::of_language(&pack.language)
    }

    /// The symbol of a piece, one letter or (the Russian king) two; `None`
    /// for the pawn, which has none (Appendix C.4).
    pub fn symbol(self, role: Role) -> Option<&'static str> {
        let i = ROLES.iter().position(|r| *r == role)?;
        Some(self.symbols()[i])
    }

    /// The upper-case letter of a piece, where its symbol is one letter.
    pub fn letter(self, role: Role) -> Option<char> {
        let mut chars = self.symbol(role)?.chars();
        let first = chars.next()?;
        chars.next().is_none().then_some(first)
    }

    /// The piece an upper-case one-letter symbol stands for in this
    /// language.
    pub fn role(self, letter: char) -> Option<Role> {
        ROLES.into_iter().find(|r| self.letter(*r) == Some(letter))
    }

    /// The pieces whose symbols begin `chars`, in any case, with the number
    /// of characters each symbol takes.
    fn pieces_at(self, chars: &[char]) -> impl Iterator<Item = (Role, usize)> + '_ {
        ROLES
            .into_iter()
            .zip(self.symbols())
            .filter_map(move |(role, symbol)| {
                let len = symbol.chars().count();
                let typed = chars.get(..len)?;
                symbol
                    .chars()
                    .zip(typed)
                    .all(|(s, t)| same_letter(s, *t))
                    .then_some((role, len))
            })
    }

    /// A SAN text written with these letters, rewritten with the English
    /// ones ("Sf3" → "Nf3" for German). Only upper-case letters are piece
    /// letters: a lower-case letter is a file.
    pub fn to_english(self, san: &str) -> String {
        let chars: Vec<char> = san.chars().collect();
        let mut out = String::with_capacity(san.len());
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let upper = c.is_uppercase();
            match self.pieces_at(&chars[i..]).max_by_key(|(_, len)| *len) {
                Some((role, len)) if upper => {
                    out.push(PieceLetters::English.letter(role).unwrap_or(c));
                    i += len;
                    continue;
                }
                // An English letter that this language does not use ("N"
                // in a German score) must not pass for a piece.
                _ if upper && c != 'O' => out.push('?'),
                _ => out.push(c),
            }
            i += 1;
        }
        out
    }

    /// A SAN text in English letters rewritten with these ("Nf3" → "Sf3"
    /// for German), for a score printed in the language's letters.
    pub fn from_english(self, san: &str) -> String {
        let mut out = String::with_capacity(san.len());
        for c in san.chars() {
            match PieceLetters::English.role(c).and_then(|r| self.symbol(r)) {
                Some(symbol) => out.push_str(symbol),
                None => out.push(c),
            }
        }
        out
    }
}

/// Two letters that are the same but for case.
fn same_letter(a: char, b: char) -> bool {
    a == b || a.to_lowercase().eq(b.to_lowercase())
}

mod typed;

pub use typed::{TypedLetters, UnknownLetters, known_languages};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_gives_each_piece_one_symbol() {
        for letters in PieceLetters::ALL {
            let symbols = letters.symbols();
            for (i, s) in symbols.iter().enumerate() {
                assert!(!symbols[i + 1..].contains(s), "{letters:?}: {s} twice");
            }
        }
    }

    #[test]
    fn national_symbols_are_written_and_read_back() {
        assert_eq!(PieceLetters::Russian.from_english("Kxe2"), "Крxe2");
        assert_eq!(PieceLetters::Russian.to_english("Крxe2"), "Kxe2");
        assert_eq!(PieceLetters::Russian.to_english("Кf3"), "Nf3");
        assert_eq!(PieceLetters::French.to_english("Fb5"), "Bb5");
        assert_eq!(PieceLetters::German.to_english("Nf3"), "?f3");
    }
}
