//! The words the move reader understands: every spelling of every pack,
//! folded, with what it means.
//!
//! Whatever pack is active, a player may type the words of any of them (an
//! arbiter may switch packs mid-event; an assistant may mix languages), so the
//! reader's lexicon is the union of all packs.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use super::fold::{edit_distance, fold, slips_allowed};
use shakmaty::{File, Rank, Role};

use super::pack::{BUILTIN, Meaning, VoicePack};

/// Every word and phrase of a set of packs, folded.
#[derive(Clone, Debug, Default)]
pub struct Lexicon {
    words: HashMap<String, Vec<Meaning>>,
    /// The words again, grouped by length in letters, for slip correction.
    by_length: Vec<Vec<(String, Vec<Meaning>, Letters)>>,
    /// Phrases of two or more words, longest first.
    phrases: Vec<(Vec<String>, Meaning)>,
    /// The phrases by their first word (indices into `phrases`, longest
    /// first): a typed line is read word by word, and most words start no
    /// phrase.
    starting: HashMap<String, Vec<usize>>,
    /// The words a slip may be corrected to: all but the short spellings
    /// only accepted ("für", "sex", "see"), which a speech recogniser writes
    /// exactly and which would otherwise lie one slip from other words.
    slip_targets: HashSet<String>,
}

/// Accepted spellings this short are read only as typed, unless a pack
/// says them or they are filler.
const SHORTEST_SLIP_TARGET: usize = 4;

/// A word of the lexicon that a typed word may stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// What it means.
    pub meaning: Meaning,
    /// How many slips were corrected to reach it (0: exact).
    pub slips: usize,
    /// Whether at least one typed word stood exactly as the lexicon has it.
    pub anchored: bool,
}

static BUILTIN_LEXICON: LazyLock<Lexicon> = LazyLock::new(|| {
    let packs: Vec<VoicePack> = BUILTIN
        .iter()
        .map(|(id, _)| VoicePack::builtin(id))
        .collect();
    Lexicon::from_packs(packs.iter())
});

impl Lexicon {
    /// The lexicon of all built-in packs, built once.
    pub fn builtin() -> &'static Lexicon {
        &BUILTIN_LEXICON
    }

    /// The built-in lexicon extended with a pack's words, if it is not one
    /// of the built-in packs.
    pub fn with_pack(pack: &VoicePack) -> Lexicon {
        let mut lexicon = Lexicon::builtin().clone();
        if !BUILTIN.iter().any(|(id, _)| *id == pack.id) {
            lexicon.add(pack);
            lexicon.sort_phrases();
        }
        lexicon
    }

    /// The lexicon of the given packs.
    pub fn from_packs<'a>(packs: impl IntoIterator<Item = &'a VoicePack>) -> Lexicon {
        let mut lexicon = Lexicon::default();
        for pack in packs {
            lexicon.add(pack);
        }
        lexicon.sort_phrases();
        lexicon
    }

    fn add(&mut self, pack: &VoicePack) {
        let said = said_words(pack);
        for spelling in pack.spellings() {
            let words: Vec<String> = spelling
                .text
                .split_whitespace()
                .map(fold)
                .filter(|w| !w.is_empty())
                .collect();
            match words.len() {
                0 => {}
                1 => {
                    if words[0].chars().count() >= SHORTEST_SLIP_TARGET
                        || spelling.meaning == Meaning::Filler
                        || said.contains(&words[0])
                    {
                        self.slip_targets.insert(words[0].clone());
                    }
                    let meanings = self.words.entry(words[0].clone()).or_default();
                    if !meanings.contains(&spelling.meaning) {
                        meanings.push(spelling.meaning);
                    }
                }
                _ => {
                    if !self
                        .phrases
                        .iter()
                        .any(|(w, m)| *w == words && *m == spelling.meaning)
                    {
                        self.phrases.push((words, spelling.meaning));
                    }
                }
            }
        }
    }

    fn sort_phrases(&mut self) {
        self.phrases
            .sort_by_key(|(words, _)| std::cmp::Reverse(words.len()));
        self.starting.clear();
        for (i, (words, _)) in self.phrases.iter().enumerate() {
            self.starting.entry(words[0].clone()).or_default().push(i);
        }
        self.by_length.clear();
        for (word, meanings) in &self.words {
            if !self.slip_targets.contains(word) {
                continue;
            }
            let len = word.chars().count();
            if self.by_length.len() <= len {
                self.by_length.resize(len + 1, Vec::new());
            }
            self.by_length[len].push((word.clone(), meanings.clone(), Letters::of(word)));
        }
        for group in &mut self.by_length {
            group.sort_by(|a, b| a.0.cmp(&b.0));
        }
    }

    /// What a folded word means exactly, if it is in the lexicon.
    pub fn exact(&self, folded: &str) -> Option<&[Meaning]> {
        self.words.get(folded).map(Vec::as_slice)
    }

    /// The longest phrase starting at `words[0]`: how many words it spans,
    /// what it means, and how many slips were corrected. Slips are looked
    /// for only where a word is not known as it stands.
    pub fn phrase(&self, words: &[&str]) -> Option<(usize, Match)> {
        let first = *words.first()?;
        let longest = self
            .phrases
            .first()
            .map_or(0, |(p, _)| p.len())
            .min(words.len());
        let unknown: Vec<bool> = words[..longest]
            .iter()
            .map(|w| !self.words.contains_key(*w))
            .collect();
        let exact = self.starting.get(first).and_then(|starting| {
            starting
                .iter()
                .map(|&i| &self.phrases[i])
                .find(|(phrase, _)| {
                    phrase.len() <= words.len()
                        && phrase.iter().zip(words).all(|(want, got)| want == got)
                })
        });
        if let Some(exact) = exact {
            return Some((
                exact.0.len(),
                Match {
                    meaning: exact.1,
                    slips: 0,
                    anchored: true,
                },
            ));
        }
        // A slip is looked for only in a word not known as it stands.
        if !unknown.contains(&true) {
            return None;
        }
        let mut best: Option<(usize, Match)> = None;
        for (phrase, meaning) in &self.phrases {
            if phrase.len() > words.len() {
                continue;
            }
            if let Some((len, _)) = best
                && len > phrase.len()
            {
                break;
            }
            let window = &words[..phrase.len()];
            if !unknown[..phrase.len()].iter().any(|u| *u) {
                continue;
            }
            let mut slips = 0;
            let mut anchored = false;
            let fits = phrase.iter().zip(window).all(|(want, got)| {
                match edit_distance(got, want, slips_allowed(got.len())) {
                    Some(d) => {
                        slips += d;
                        anchored |= d == 0;
                        true
                    }
                    None => false,
                }
            });
            if fits && best.is_none_or(|(_, m)| slips < m.slips) {
                best = Some((
                    phrase.len(),
                    Match {
                        meaning: *meaning,
                        slips,
                        anchored,
                    },
                ));
            }
        }
        best
    }

    /// The words a slip-ridden word may stand for: all meanings of the
    /// closest spellings within the slips its length allows.
    pub fn nearest(&self, folded: &str) -> Vec<Match> {
        let len = folded.chars().count();
        let limit = slips_allowed(len);
        if limit == 0 {
            return Vec::new();
        }
        let mut best = limit + 1;
        let mut found: Vec<Match> = Vec::new();
        let letters = Letters::of(folded);
        let lengths = len.saturating_sub(limit)..(len + limit + 1).min(self.by_length.len());
        for (word, meanings, word_letters) in lengths.flat_map(|l| &self.by_length[l]) {
            if letters.fewest_slips(word_letters) > best.min(limit) {
                continue;
            }
            let Some(d) = edit_distance(folded, word, best.min(limit)) else {
                continue;
            };
            if d < best {
                best = d;
                found.clear();
            }
            for meaning in meanings {
                let candidate = Match {
                    meaning: *meaning,
                    slips: d,
                    anchored: d == 0,
                };
                if !found.contains(&candidate) {
                    found.push(candidate);
                }
            }
        }
        found
    }
}

/// The single words a pack says for files, ranks and pieces, folded.
fn said_words(pack: &VoicePack) -> HashSet<String> {
    let files = File::ALL.into_iter().map(|f| pack.file(f));
    let ranks = Rank::ALL.into_iter().map(|r| pack.rank(r));
    let pieces = Role::ALL.into_iter().map(|r| pack.piece(r));
    files
        .chain(ranks)
        .chain(pieces)
        .filter(|w| !w.contains(char::is_whitespace))
        .map(fold)
        .collect()
}

/// How often each letter a–z occurs in a word: a cheap lower bound on how
/// many slips separate two words, to skip most comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Letters([u8; 26]);

impl Letters {
    fn of(word: &str) -> Letters {
        let mut counts = [0u8; 26];
        for b in word.bytes() {
            if b.is_ascii_lowercase() {
                counts[usize::from(b - b'a')] = counts[usize::from(b - b'a')].saturating_add(1);
            }
        }
        Letters(counts)
    }

    /// One slip changes the counts by at most two.
    fn fewest_slips(&self, other: &Letters) -> usize {
        let difference: usize = self
            .0
            .iter()
            .zip(&other.0)
            .map(|(a, b)| usize::from(a.abs_diff(*b)))
            .sum();
        difference.div_ceil(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_every_pack_is_known() {
        let lexicon = Lexicon::builtin();
        assert_eq!(
            lexicon.exact("gustavo"),
            Some(&[Meaning::File(File::G)][..])
        );
        assert_eq!(
            lexicon.exact("zwo"),
            Some(&[Meaning::Rank(Rank::Second)][..])
        );
        assert_eq!(
            lexicon.exact("laufer"),
            Some(&[Meaning::Piece(Role::Bishop)][..])
        );
        assert_eq!(
            lexicon.exact("alfil"),
            Some(&[Meaning::Piece(Role::Bishop)][..])
        );
        assert_eq!(lexicon.exact("hektor"), Some(&[Meaning::File(File::H)][..]));
    }

    #[test]
    fn slips_are_corrected_to_the_closest_word() {
        let lexicon = Lexicon::builtin();
        let springer = lexicon.nearest("springr");
        assert_eq!(springer.len(), 1);
        assert_eq!(springer[0].meaning, Meaning::Piece(Role::Knight));
        assert_eq!(lexicon.nearest("gustaf")[0].meaning, Meaning::File(File::G));
        // "fuf" is one slip from "fünf" and from the filler "auf": both are
        // offered, and the position decides.
        let fuf: Vec<Meaning> = lexicon.nearest("fuf").iter().map(|m| m.meaning).collect();
        assert!(fuf.contains(&Meaning::Rank(Rank::Fifth)), "{fuf:?}");
        assert!(lexicon.nearest("qqqqqqq").is_empty());
    }

    #[test]
    fn short_recogniser_spellings_are_read_only_as_typed() {
        let lexicon = Lexicon::builtin();
        assert_eq!(
            lexicon.exact("fur"),
            Some(&[Meaning::Rank(Rank::Fourth)][..])
        );
        assert_eq!(
            lexicon.exact("sex"),
            Some(&[Meaning::Rank(Rank::Sixth)][..])
        );
        // "fuf" is no slip of "für", and "sez" none of "sex".
        let fuf: Vec<Meaning> = lexicon.nearest("fuf").iter().map(|m| m.meaning).collect();
        assert!(!fuf.contains(&Meaning::Rank(Rank::Fourth)), "{fuf:?}");
        let sez: Vec<Meaning> = lexicon.nearest("sez").iter().map(|m| m.meaning).collect();
        assert!(!sez.contains(&Meaning::Rank(Rank::Sixth)), "{sez:?}");
        // The words a pack says stay slip targets however short.
        let one: Vec<Meaning> = lexicon.nearest("onee").iter().map(|m| m.meaning).collect();
        assert!(one.contains(&Meaning::Rank(Rank::First)), "{one:?}");
    }

    #[test]
    fn castling_without_a_side_and_filler_phrases_are_known() {
        let lexicon = Lexicon::builtin();
        assert_eq!(lexicon.exact("rochade"), Some(&[Meaning::Castling][..]));
        assert_eq!(
            lexicon.exact(&fold("enroque")),
            Some(&[Meaning::Castling][..])
        );
        let (len, m) = lexicon.phrase(&["mein", "zug", "eva"]).unwrap();
        assert_eq!((len, m.meaning), (2, Meaning::Filler));
        // "um" is Portuguese for one and an English hesitation.
        let um = lexicon.exact("um").unwrap();
        assert!(um.contains(&Meaning::Rank(Rank::First)) && um.contains(&Meaning::Filler));
    }

    #[test]
    fn phrases_match_longest_first() {
        let lexicon = Lexicon::builtin();
        let (len, m) = lexicon.phrase(&["kurze", "rochade", "eva"]).unwrap();
        assert_eq!(len, 2);
        assert_eq!(m.meaning, Meaning::Castle(shakmaty::CastlingSide::KingSide));
        let (len, m) = lexicon.phrase(&["lange", "rochde"]).unwrap();
        assert_eq!((len, m.slips), (2, 1));
    }
}
