//! Enrolment: the moves a player says once so that listening can adapt to
//! that voice. The moves are chosen so that every word of a move in the
//! pack is said at least once (each piece, file, rank, the capture, check,
//! mate, en passant, promotion and both castlings), the rest spread over
//! the words said least; and the transcript the training tools read.

use std::collections::{BTreeMap, BTreeSet};

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Position};

use super::grammar::{Grammar, Said, move_texts, spoken_words};
use crate::notation::VoicePack;
use crate::notation::fold::fold;
use crate::notation::say::{Form, say};

/// One move the player is asked to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// As the pack writes it, to be shown and spoken.
    pub text: String,
    /// The recogniser's words for it.
    pub words: Vec<String>,
    /// The move it says, in the position it was chosen from: what a
    /// recording of it must be heard as.
    pub said: Said,
}

/// Fewest and most moves an enrolment asks for: fewer leave the transform
/// badly estimated; more tire the player for little gain.
pub const FEWEST_PROMPTS: usize = 5;
/// See [`FEWEST_PROMPTS`].
pub const MOST_PROMPTS: usize = 60;

/// The moves of the Opera Game (Paris, 1858): castling both ways, checks,
/// captures and a mate, in 33 positions.
const GAME: &[&str] = &[
    "e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3",
    "Qe7", "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7",
    "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#",
];

/// Positions the game does not reach: an en passant capture and a
/// promotion.
const MORE: &[&str] = &[
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/1P4k1/8/8/8/8/6K1/8 w - - 0 1",
];

/// The positions moves are chosen from.
fn positions() -> Vec<Chess> {
    let mut found = Vec::new();
    let mut position = Chess::default();
    for san in GAME {
        found.push(position.clone());
        let m = san
            .parse::<San>()
            .ok()
            .and_then(|san| san.to_move(&position).ok());
        match m {
            Some(m) => position.play_unchecked(m),
            None => break,
        }
    }
    for fen in MORE {
        if let Ok(p) = fen
            .parse::<Fen>()
            .map_err(|_| ())
            .and_then(|f| f.into_position(CastlingMode::Standard).map_err(|_| ()))
        {
            found.push(p);
        }
    }
    found
}

/// The words a move can hold in `pack`, folded.
fn move_words(pack: &VoicePack) -> BTreeSet<String> {
    move_texts(pack)
        .iter()
        .flat_map(|t| t.split_whitespace().map(fold))
        .filter(|w| !w.is_empty())
        .collect()
}

/// `count` moves to say (within [`FEWEST_PROMPTS`] and [`MOST_PROMPTS`]),
/// the same for the same pack: each next one the move that says most words
/// not yet said, then the one whose words were said least, short and long
/// forms alike.
pub fn prompts(pack: &VoicePack, count: usize) -> Vec<Prompt> {
    let count = count.clamp(FEWEST_PROMPTS, MOST_PROMPTS);
    let mut candidates: Vec<Prompt> = Vec::new();
    let mut seen = BTreeSet::new();
    for position in positions() {
        for m in position.legal_moves() {
            for form in [Form::Short, Form::Long] {
                let text = say(pack, &position, m, form);
                if seen.insert(text.clone()) {
                    let words = spoken_words(&text);
                    candidates.push(Prompt {
                        text,
                        words,
                        said: Said::Move(m),
                    });
                }
            }
        }
    }
    let wanted = move_words(pack);
    let mut said: BTreeMap<&str, usize> = BTreeMap::new();
    let mut chosen: Vec<Prompt> = Vec::with_capacity(count);
    let mut taken = vec![false; candidates.len()];
    while chosen.len() < count {
        let best = candidates
            .iter()
            .enumerate()
            .filter(|(i, _)| !taken[*i])
            .max_by_key(|(i, c)| {
                let distinct: BTreeSet<&String> = c.words.iter().collect();
                let new = distinct
                    .iter()
                    .filter(|w| wanted.contains(w.as_str()) && !said.contains_key(w.as_str()))
                    .count();
                let repeats: usize = c
                    .words
                    .iter()
                    .map(|w| said.get(w.as_str()).copied().unwrap_or(0))
                    .sum();
                // Most new words, then fewest repeats, then the earliest.
                (new, std::cmp::Reverse(repeats), std::cmp::Reverse(*i))
            });
        let Some((i, _)) = best else { break };
        taken[i] = true;
        chosen.push(candidates[i].clone());
        for w in &candidates[i].words {
            *said.entry(w.as_str()).or_default() += 1;
        }
    }
    chosen
}

/// The grammar of `prompts`, each phrase meaning its own move: what a
/// recording is heard with to know it says the move given, and not
/// another, a word of chatter or a cough.
pub fn prompts_grammar(prompts: &[Prompt]) -> Grammar {
    Grammar::of_phrases(prompts.iter().map(|p| (p.text.clone(), p.said)).collect())
}

/// The transcript the training tools read: one line a recording, its
/// words between the sentence marks and its name in brackets.
pub fn transcript(recordings: &[(String, Vec<String>)]) -> String {
    recordings
        .iter()
        .map(|(name, words)| format!("<s> {} </s> ({name})\n", words.join(" ")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_moves_say_every_word_of_a_move() {
        for id in ["fide", "en", "pt", "es"] {
            let pack = VoicePack::builtin(id);
            let chosen = prompts(&pack, 20);
            assert_eq!(chosen.len(), 20, "{id}");
            let said: BTreeSet<&str> = chosen
                .iter()
                .flat_map(|p| p.words.iter().map(String::as_str))
                .collect();
            let missing: Vec<String> = move_words(&pack)
                .into_iter()
                .filter(|w| !said.contains(w.as_str()))
                .collect();
            assert!(missing.is_empty(), "{id}: never said {missing:?}");
            let distinct: BTreeSet<&String> = chosen.iter().map(|p| &p.text).collect();
            assert_eq!(distinct.len(), 20, "{id}: a move asked twice");
            assert_eq!(chosen, prompts(&pack, 20), "{id}: the same each time");
        }
    }

    #[test]
    fn the_count_is_kept_within_bounds() {
        let pack = VoicePack::builtin("en");
        assert_eq!(prompts(&pack, 0).len(), FEWEST_PROMPTS);
        assert_eq!(prompts(&pack, 1000).len(), MOST_PROMPTS);
    }

    #[test]
    fn the_transcript_names_each_recording() {
        let text = transcript(&[
            ("e01".to_string(), vec!["knight".into(), "felix".into()]),
            ("e02".to_string(), vec!["castles".into()]),
        ]);
        assert_eq!(
            text,
            "<s> knight felix </s> (e01)\n<s> castles </s> (e02)\n"
        );
    }
}
