//! From a recogniser's guesses to what was heard. A guess becomes a move
//! only when no guess of another meaning comes near it; otherwise the
//! player is asked. A wrong move recorded would be worse than a question,
//! since the other board and the score would both carry it (D.2.9).

use super::grammar::{Grammar, Said};

/// One guess of the recogniser: its words, and how well they fit the sound
/// (a log-likelihood: higher fits better, only differences count).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guess {
    /// The words guessed, separated by spaces.
    pub words: String,
    /// How well they fit.
    pub score: i32,
    /// Where each word lies in the utterance, as its first and last
    /// frame of 10 ms; empty when the recogniser did not say.
    pub frames: Vec<(usize, usize)>,
    /// The recogniser's own score, before `score` was lowered for speech
    /// the guess leaves unexplained; none when it was not.
    pub raw: Option<i32>,
}

impl Guess {
    /// The recogniser's own score.
    fn raw_score(&self) -> i32 {
        self.raw.unwrap_or(self.score)
    }
}

/// What was heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// One meaning, clear of every other by the margin.
    Said(Said),
    /// One meaning leads, but not by the whole margin: the player is asked
    /// about it alone, and offered the others (best first) on "no".
    Confirm(Said, Vec<Said>),
    /// Several meanings came near each other, best first: the player says
    /// which, or says it again.
    Ask(Vec<Said>),
    /// A move that is not legal here, as the pack writes it: answered as
    /// illegal, never made into a question about moves not said.
    Illegal(String),
    /// Nothing the grammar holds was heard.
    Nothing,
}

/// How far the best meaning must lead every other, in the recogniser's
/// log units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Margins {
    /// Taken at once from this lead.
    pub take: i32,
    /// Asked about alone ("Springer Felix drei?") from this lead; below
    /// it, the nearest meanings are offered together.
    pub confirm: i32,
}

/// Meanings offered in a question at most.
pub(crate) const MOST_CHOICES: usize = 3;

/// What `guesses` mean in `grammar`. The first guess is the recogniser's
/// best path through the whole grammar; the others are its best paths
/// through the rest once a meaning is taken out. Each meaning keeps the
/// best score any search gave it, so that a first search that lost the
/// right phrase is made good by a later one; the best meaning is taken
/// when every other scores at least `margins.take` below it, asked about
/// alone from `margins.confirm`, and offered among the nearest below that.
/// A move not legal here that leads is answered as illegal.
pub fn decide(grammar: &Grammar, guesses: &[Guess], margins: Margins) -> Heard {
    // Each meaning's best score, and its best score as the recogniser gave it.
    let mut meanings: Vec<(Said, i32, i32)> = Vec::new();
    for guess in guesses {
        let Some(phrase) = grammar.phrase(&guess.words) else {
            if meanings.is_empty() {
                // The best path did not reach the end of a phrase.
                return Heard::Nothing;
            }
            continue;
        };
        match meanings
            .iter_mut()
            .find(|(said, _, _)| *said == phrase.said)
        {
            Some((_, score, raw)) => {
                *score = (*score).max(guess.score);
                *raw = (*raw).max(guess.raw_score());
            }
            None => meanings.push((phrase.said, guess.score, guess.raw_score())),
        }
    }
    meanings.sort_by_key(|&(_, score, _)| std::cmp::Reverse(score));
    let Some(&(best, best_score, best_raw)) = meanings.first() else {
        return Heard::Nothing;
    };
    // The lead must hold on the recogniser's own scores too: a rival that
    // the weighing pushed down (a later search that lost its way and fitted
    // a short word) shows no more than that the search lost its way.
    let raw_lead = meanings
        .iter()
        .skip(1)
        .map(|&(_, _, raw)| best_raw.saturating_sub(raw))
        .min();
    let meanings: Vec<(Said, i32)> = meanings.iter().map(|&(s, score, _)| (s, score)).collect();
    if let Said::Illegal(_) = best {
        return grammar
            .text_of(best)
            .map_or(Heard::Nothing, |text| Heard::Illegal(text.to_string()));
    }
    // With no other meaning reaching its end, nothing measures the lead:
    // asked about, never taken at once.
    let lead = meanings
        .get(1)
        .map_or(margins.confirm, |&(_, score)| {
            best_score.saturating_sub(score)
        })
        .min(raw_lead.unwrap_or(i32::MAX));
    let near: Vec<Said> = meanings
        .iter()
        .skip(1)
        .filter(|&&(said, score)| {
            best_score.saturating_sub(score) < margins.take && !matches!(said, Said::Illegal(_))
        })
        .map(|&(said, _)| said)
        .take(MOST_CHOICES - 1)
        .collect();
    if lead >= margins.take {
        Heard::Said(best)
    } else if lead >= margins.confirm || near.is_empty() {
        Heard::Confirm(best, near)
    } else {
        Heard::Ask(std::iter::once(best).chain(near).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::VoicePack;
    use shakmaty::Chess;

    const MARGINS: Margins = Margins {
        take: 2000,
        confirm: 400,
    };

    fn guess(words: &str, score: i32) -> Guess {
        Guess {
            words: words.to_string(),
            score,
            frames: Vec::new(),
            raw: None,
        }
    }

    fn grammar() -> Grammar {
        Grammar::of_position(&VoicePack::fide(), &Chess::default())
    }

    fn said(g: &Grammar, words: &str) -> Said {
        g.phrase(words).unwrap().said
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
            MARGINS,
        );
        assert_eq!(heard, Heard::Said(said(&g, "springer felix drei")));
    }

    #[test]
    fn a_clear_lead_short_of_the_margin_is_asked_alone() {
        let g = grammar();
        let heard = decide(
            &g,
            &[
                guess("springer felix drei", -1000),
                guess("springer anna drei", -2000),
            ],
            MARGINS,
        );
        assert_eq!(
            heard,
            Heard::Confirm(
                said(&g, "springer felix drei"),
                vec![said(&g, "springer anna drei")]
            )
        );
    }

    #[test]
    fn two_meanings_near_each_other_are_asked() {
        let g = grammar();
        let heard = decide(
            &g,
            &[
                guess("springer felix drei", -1000),
                guess("springer anna drei", -1300),
                guess("zeit", -9000),
            ],
            MARGINS,
        );
        assert_eq!(
            heard,
            Heard::Ask(vec![
                said(&g, "springer felix drei"),
                said(&g, "springer anna drei")
            ])
        );
    }

    #[test]
    fn words_outside_the_grammar_are_nothing() {
        let g = grammar();
        assert_eq!(
            decide(&g, &[guess("guten tag", 0)], MARGINS),
            Heard::Nothing
        );
        assert_eq!(decide(&g, &[], MARGINS), Heard::Nothing);
    }

    #[test]
    fn a_later_search_scoring_above_the_first_leads() {
        // The first search lost its way; the best of all searches leads,
        // measured against the others.
        let g = grammar();
        let heard = decide(
            &g,
            &[
                guess("zeit", -5000),
                guess("eva vier", -100),
                guess("anna vier", -4000),
            ],
            MARGINS,
        );
        assert_eq!(heard, Heard::Said(said(&g, "eva vier")));
        let heard = decide(&g, &[guess("zeit", -500), guess("eva vier", -100)], MARGINS);
        assert_eq!(
            heard,
            Heard::Confirm(said(&g, "eva vier"), vec![said(&g, "zeit")])
        );
    }

    #[test]
    fn a_lead_made_by_weighing_alone_is_asked() {
        // The rival lost most of its score for speech it left out: on the
        // recogniser's own scores, it came near.
        let g = grammar();
        let rival = Guess {
            raw: Some(-1200),
            ..guess("zeit", -6000)
        };
        let heard = decide(&g, &[guess("eva vier", -1000), rival], MARGINS);
        assert_eq!(heard, Heard::Confirm(said(&g, "eva vier"), Vec::new()));
    }

    #[test]
    fn an_unfinished_best_path_is_nothing() {
        let g = grammar();
        let heard = decide(
            &g,
            &[guess("springer", -100), guess("eva vier", -5000)],
            MARGINS,
        );
        assert_eq!(heard, Heard::Nothing);
    }

    #[test]
    fn an_illegal_move_leading_is_answered_as_illegal_never_asked() {
        let start = Chess::default();
        let g = Grammar::of_position(&VoicePack::fide(), &start)
            .with_illegal(&VoicePack::fide(), &start);
        let heard = decide(
            &g,
            &[guess("laufer anna drei", -1000), guess("anna drei", -1100)],
            MARGINS,
        );
        assert_eq!(heard, Heard::Illegal("Läufer Anna drei".to_string()));
        // Behind a legal move, it is never offered as a choice.
        let heard = decide(
            &g,
            &[guess("anna drei", -1000), guess("laufer anna drei", -1100)],
            MARGINS,
        );
        assert_eq!(heard, Heard::Confirm(said(&g, "anna drei"), Vec::new()));
    }
}
