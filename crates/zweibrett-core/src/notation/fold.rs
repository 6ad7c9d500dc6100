//! Folding words to a comparable form, and measuring how far apart two
//! spellings are.
//!
//! Players type the Appendix D words with or without umlauts and accents
//! ("fünf", "fuenf", "funf"), in any case. Folding maps all of those to one
//! key, so voice packs need not list every spelling.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Folds a word to its comparison key: lower case, every diacritic of every
/// script removed (compatibility decomposition, then the combining marks
/// dropped), the letters decomposition leaves whole spelt in plain letters
/// (`ß` as `ss`, `ø` as `o`, `ł` as `l`, dotless `ı` as `i` …), the German
/// ASCII spellings `ae`/`oe`/`ue` merged with their plain vowels, and
/// anything that is not a letter or digit dropped.
pub fn fold(word: &str) -> String {
    let mut plain = String::with_capacity(word.len());
    for c in word.chars() {
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                plain.push(c.to_ascii_lowercase());
            }
            continue;
        }
        for lower in c.to_lowercase() {
            if let Some(spelt) = plain_spelling(lower) {
                plain.push_str(spelt);
                continue;
            }
            for part in lower.nfkd() {
                if part.is_alphanumeric() && !is_combining_mark(part) {
                    // A decomposed compatibility form may be upper case
                    // ("ℌ"); its parts are lowered too.
                    plain.extend(part.to_lowercase());
                }
            }
        }
    }
    // "ae" → "a" and so on, so that "Laeufer", "Läufer" and "Laufer" meet.
    let mut folded = String::with_capacity(plain.len());
    let mut chars = plain.chars().peekable();
    while let Some(c) = chars.next() {
        folded.push(c);
        if matches!(c, 'a' | 'o' | 'u') && chars.peek() == Some(&'e') {
            chars.next();
        }
    }
    folded
}

/// Letters with a stroke, ligatures and the like, which Unicode does not
/// decompose into a base letter and a mark, as people type them without
/// the mark.
fn plain_spelling(c: char) -> Option<&'static str> {
    Some(match c {
        'ß' => "ss",
        'ø' => "o",
        'ł' => "l",
        'đ' | 'ð' => "d",
        'ħ' => "h",
        'ŧ' => "t",
        'ı' => "i",
        'æ' => "ae",
        'œ' => "oe",
        'þ' => "th",
        'ŋ' => "ng",
        'ƒ' => "f",
        _ => return None,
    })
}

/// The number of single-letter edits (insert, delete, substitute, or swap of
/// two neighbours) that turn `a` into `b`, or `None` when it exceeds `limit`.
pub fn edit_distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit * 4 {
        return None;
    }
    if a.is_ascii() && b.is_ascii() {
        distance(a.as_bytes(), b.as_bytes(), limit)
    } else {
        let a: Vec<char> = a.chars().collect();
        let b: Vec<char> = b.chars().collect();
        distance(&a, &b, limit)
    }
}

/// Words longer than this are never compared letter by letter.
const LONGEST: usize = 40;

fn distance<T: PartialEq>(a: &[T], b: &[T], limit: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > limit || a.len() > LONGEST || b.len() > LONGEST {
        return None;
    }
    // Three rows of the optimal-string-alignment table, on the stack.
    let mut before = [0usize; LONGEST + 1];
    let mut previous = [0usize; LONGEST + 1];
    let mut current = [0usize; LONGEST + 1];
    for (j, cell) in previous.iter_mut().enumerate().take(b.len() + 1) {
        *cell = j;
    }
    for i in 1..=a.len() {
        current[0] = i;
        let mut row_min = current[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
            row_min = row_min.min(best);
        }
        if row_min > limit {
            return None;
        }
        before = previous;
        previous = current;
    }
    let distance = previous[b.len()];
    (distance <= limit).then_some(distance)
}

/// How many slips a typed word of this folded length may contain and still be
/// corrected: none for very short words, where a slip makes another word.
pub fn slips_allowed(folded_len: usize) -> usize {
    match folded_len {
        0..=2 => 0,
        3..=5 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn umlauts_and_ascii_spellings_meet() {
        assert_eq!(fold("fünf"), "funf");
        assert_eq!(fold("fuenf"), "funf");
        assert_eq!(fold("FUNF"), "funf");
        assert_eq!(fold("Läufer"), fold("Laeufer"));
        assert_eq!(fold("König"), fold("Koenig"));
        assert_eq!(fold("Cäsar"), fold("Caesar"));
        assert_eq!(fold("César"), "cesar");
        assert_eq!(fold("Weiß"), "weiss");
        assert_eq!(fold("Peão"), "peao");
        assert_eq!(fold("e.p."), "ep");
    }

    #[test]
    fn diacritics_of_every_script_are_dropped() {
        // Czech, Polish, Vietnamese, Turkish, German, Nordic, Croatian.
        assert_eq!(fold("Ševčík"), "sevcik");
        assert_eq!(fold("Ondřej"), "ondrej");
        assert_eq!(fold("Łukasz Świątek"), "lukaszswiatek");
        assert_eq!(fold("Lê Quang Liêm"), "lequangliem");
        assert_eq!(fold("Nguyễn Ngọc Trường Sơn"), "nguyenngoctruongson");
        assert_eq!(fold("Işıl Aydın"), "isilaydin");
        assert_eq!(fold("İSTANBUL"), "istanbul");
        assert_eq!(fold("Straße"), "strasse");
        assert_eq!(fold("STRAẞE"), "strasse");
        assert_eq!(fold("Øystein Hammer"), "oysteinhammer");
        assert_eq!(fold("Đukić"), "dukic");
        assert_eq!(fold("Ｃａｒｌｓｅｎ"), "carlsen", "full-width letters");
    }

    #[test]
    fn other_scripts_still_match_themselves() {
        assert_eq!(fold("Непомнящий"), "непомнящии");
        assert_eq!(fold("НЕПОМНЯЩИЙ"), fold("непомнящий"));
        assert_eq!(fold("Йыл"), fold("йыл"));
        assert_eq!(fold("Καρλσεν"), "καρλσεν");
        assert_eq!(fold("Άλφα"), fold("αλφα"));
        assert_eq!(fold("丁立人"), "丁立人");
    }

    #[test]
    fn edit_distance_counts_slips() {
        assert_eq!(edit_distance("springr", "springer", 2), Some(1));
        assert_eq!(edit_distance("gustaf", "gustav", 2), Some(1));
        assert_eq!(edit_distance("fuf", "funf", 1), Some(1));
        assert_eq!(
            edit_distance("aevl", "eavl", 1),
            Some(1),
            "a swap is one slip"
        );
        assert_eq!(edit_distance("turm", "dame", 2), None);
        assert_eq!(edit_distance("", "abc", 3), Some(3));
    }
}
