//! From a recogniser's guesses to what was heard. A guess becomes a move
//! only when no guess of another meaning comes near it; otherwise the
//! player is asked. A wrong move recorded would be worse than a question,
//! since the other board and the score would both carry it (D.2.9).

use super::grammar::{Grammar, Said};

/// One guess of the recogniser: its words, and how well they fit the sound
/// (a log-likelihood: higher fits better, only differences count).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guess {
    /// The words guessed, separated by spaces.
    pub words: String,
    /// How well they fit.
    pub score: i32,
}

/// What was heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// One meaning, clear of every other by the margin.
    Said(Said),
    /// Several meanings came near each other, best first: the player says
    /// which, or says it again.
    Ask(Vec<Said>),
    /// Nothing the grammar holds was heard.
    Nothing,
}

/// Meanings offered in a question at most.
const MOST_CHOICES: usize = 3;

/// What `guesses` mean in `grammar`. The first guess is the recogniser's
/// best path through the whole grammar; the others are its best paths
/// through the rest once a meaning is taken out. The first guess's meaning
/// is taken when every other meaning scores at least `margin` below it; a
/// later guess scoring near or above it (the first search lost its way)
/// makes a question of both.
pub fn decide(grammar: &Grammar, guesses: &[Guess], margin: i32) -> Heard {
    let mut meanings: Vec<(Said, i32)> = Vec::new();
    for guess in guesses {
        let Some(phrase) = grammar.phrase(&guess.words) else {
            if meanings.is_empty() {
                // The best path did not reach the end of a phrase.
                return Heard::Nothing;
            }
            continue;
        };
        match meanings.iter_mut().find(|(said, _)| *said == phrase.said) {
            Some((_, score)) => *score = (*score).max(guess.score),
            None => meanings.push((phrase.said, guess.score)),
        }
    }
    let Some(&(best, best_score)) = meanings.first() else {
        return Heard::Nothing;
    };
    let mut near: Vec<(Said, i32)> = meanings
        .iter()
        .copied()
        .filter(|&(said, score)| said == best || best_score.saturating_sub(score) < margin)
        .collect();
    if near.len() <= 1 {
        return Heard::Said(best);
    }
    near.sort_by_key(|&(_, score)| std::cmp::Reverse(score));
    Heard::Ask(
        near.into_iter()
            .take(MOST_CHOICES)
            .map(|(said, _)| said)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::VoicePack;
    use shakmaty::Chess;

    fn guess(words: &str, score: i32) -> Guess {
        Guess {
            words: words.to_string(),
            score,
        }
    }

    fn grammar() -> Grammar {
        Grammar::of_position(&VoicePack::fide(), &Chess::default())
    }

    #[test]
    fn one_meaning_clear_of_the_rest_is_taken() {
        let g = grammar();
        let heard = decide(
            &g,
            &[
                guess("springer felix drei", -1000),
                guess("springer gustav eins felix drei", -1200),
                guess("springer anna drei", -4000),
            ],
            2000,
        );
        let nf3 = g.phrase("springer felix drei").unwrap().said;
        assert_eq!(heard, Heard::Said(nf3));
    }

    #[test]
    fn two_meanings_near_each_other_are_asked() {
        let g = grammar();
        let heard = decide(
            &g,
            &[
                guess("springer felix drei", -1000),
                guess("springer anna drei", -1500),
                guess("zeit", -9000),
            ],
            2000,
        );
        let Heard::Ask(choices) = heard else {
            panic!("{heard:?}")
        };
        assert_eq!(choices.len(), 2);
        assert_eq!(choices[0], g.phrase("springer felix drei").unwrap().said);
    }

    #[test]
    fn words_outside_the_grammar_are_nothing() {
        let g = grammar();
        assert_eq!(decide(&g, &[guess("guten tag", 0)], 2000), Heard::Nothing);
        assert_eq!(decide(&g, &[], 2000), Heard::Nothing);
    }

    #[test]
    fn another_meaning_scoring_above_the_first_is_asked_not_taken() {
        // The second search found a better path than the first: the first
        // lost its way, and neither can be trusted alone.
        let g = grammar();
        let heard = decide(&g, &[guess("zeit", -5000), guess("eva vier", -100)], 2000);
        let Heard::Ask(choices) = heard else {
            panic!("{heard:?}")
        };
        assert_eq!(choices[0], g.phrase("eva vier").unwrap().said);
        assert_eq!(choices[1], g.phrase("zeit").unwrap().said);
    }

    #[test]
    fn an_unfinished_best_path_is_nothing() {
        let g = grammar();
        let heard = decide(
            &g,
            &[guess("springer", -100), guess("eva vier", -5000)],
            2000,
        );
        assert_eq!(heard, Heard::Nothing);
    }
}
