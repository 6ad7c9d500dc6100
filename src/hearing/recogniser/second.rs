//! The second opinion in the recogniser's decision (docs/listening.md,
//! "A second opinion"): a move is taken at once only when Whisper agrees
//! with it, a move asked about is taken when Whisper agrees with it by
//! [`TAKE_ON_AGREEMENT`], and a move not heard is asked about when
//! Whisper hears it too.

use shakmaty::Chess;
use zweibrett_core::hearing::grammar::Phrase;
use zweibrett_core::hearing::neighbours::neighbours;
use zweibrett_core::hearing::{Grammar, Heard, Said};

use super::super::second_opinion::SecondOpinion;
use super::super::{FreeReading, Hearing, Opinion};
use super::{Recogniser, Utterance};

/// How far Whisper's best phrase, the move the searches led with, must
/// lead every phrase of another meaning for a move asked about to be
/// taken at once (mean log-probability per word piece). Measured on a
/// draw of the room corpus (docs/listening.md, "Whisper, measured"): at
/// this lead no wrong move was taken where both agreed.
const TAKE_ON_AGREEMENT: f32 = 0.3;

/// How far below Whisper's free reading the phrase of a move the first
/// recogniser did not hear may score and still be asked about: further
/// below, Whisper heard something else than any move (chatter, a cough it
/// makes words of), and the utterance stays unheard.
const NEAR_FREE_READING: f32 = 3.0;

/// Where the first recogniser left the move it led with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// About to be taken.
    Taken,
    /// Asked about.
    Asked,
    /// Not heard: nothing, though its phrase came first.
    Unheard,
}

impl Recogniser {
    /// Uses `opinion` as a second opinion on every move heard from now
    /// on; none, the searches alone.
    pub fn set_second_opinion(&mut self, opinion: Option<SecondOpinion>) {
        self.second_opinion = opinion;
    }

    /// `hearing` weighed by the second opinion, if there is one: a move
    /// about to be taken is asked about unless Whisper scores its phrase
    /// best among its own, those one word from it (legal or not), the
    /// other moves the searches came near and every legal move's phrase
    /// of as many words; a move asked about (not through a narrow band,
    /// where the searches' file names are not to be trusted, nor where
    /// any run of sounds came near, which may be chatter, nor where the
    /// wide search found another move, which may be one not legal here)
    /// is taken when Whisper scores its phrase best by
    /// [`TAKE_ON_AGREEMENT`]; an utterance heard as nothing though a
    /// move's phrase came first is asked about when Whisper scores that
    /// phrase best by as much, the wide search agrees, and Whisper's own
    /// free reading is within [`NEAR_FREE_READING`] of it.
    pub(super) fn weigh_second_opinion(
        &mut self,
        position: &Chess,
        grammar: &Grammar,
        hearing: &mut Hearing,
        utterance: &Utterance,
    ) {
        let Some(opinion) = self.second_opinion.as_mut() else {
            return;
        };
        let best_meaning = |hearing: &Hearing| {
            hearing
                .guesses
                .iter()
                .find_map(|g| grammar.phrase(&g.words).map(|p| p.said))
        };
        let (led, stage) = match &hearing.heard {
            Heard::Said(said @ Said::Move(_)) => (*said, Stage::Taken),
            Heard::Confirm(said @ Said::Move(_), _) if !utterance.narrow => (*said, Stage::Asked),
            Heard::Ask(choices) if !utterance.narrow => match best_meaning(hearing) {
                Some(said) if choices.first() == Some(&said) => (said, Stage::Asked),
                _ => return,
            },
            Heard::Nothing if !utterance.narrow => match best_meaning(hearing) {
                Some(said @ Said::Move(_)) => (said, Stage::Unheard),
                _ => return,
            },
            _ => return,
        };
        let Some(own) = hearing
            .guesses
            .iter()
            .filter_map(|g| grammar.phrase(&g.words))
            .find(|p| p.said == led)
        else {
            return;
        };
        let with_illegal = grammar.with_illegal(&self.pack, position);
        let mut set: Vec<&Phrase> = vec![own];
        let others = hearing
            .guesses
            .iter()
            .filter_map(|g| grammar.phrase(&g.words))
            .filter(|p| matches!(p.said, Said::Move(_)) && p.said != led);
        // Every legal move's phrase of as many words too: a move said
        // may differ from the one heard in two words (a file named twice
        // in the long form), and with none of its kind beside it the
        // opinion would have nothing to weigh.
        let same_length = grammar
            .phrases()
            .iter()
            .filter(|p| matches!(p.said, Said::Move(_)) && p.words.len() == own.words.len());
        for phrase in neighbours(&with_illegal, led, &own.words)
            .into_iter()
            .chain(others)
            .chain(same_length)
        {
            if !set.iter().any(|p| p.text == phrase.text) {
                set.push(phrase);
            }
        }
        let texts: Vec<&str> = set.iter().map(|p| p.text.as_str()).collect();
        let scores = match opinion.score(utterance.samples, &texts, stage == Stage::Unheard) {
            Ok(scores) => scores,
            Err(why) => {
                // Never a guess: without the opinion, a move about to be
                // taken is asked about.
                log::warn!("the second opinion failed: {why}");
                if stage == Stage::Taken {
                    hearing.heard = Heard::Confirm(led, Vec::new());
                }
                return;
            }
        };
        let free = scores.free;
        let scores = scores.phrases;
        let Some(best) = (0..set.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b])) else {
            return;
        };
        let lead = (0..set.len())
            .filter(|&i| set[i].said != set[best].said)
            .map(|i| scores[best] - scores[i])
            .fold(f32::INFINITY, f32::min);
        let agrees = set[best].said == led;
        let free_reading = free.map(|(text, score)| FreeReading {
            text,
            below: score - scores[best],
        });
        let near_free = free_reading
            .as_ref()
            .is_some_and(|f| f.below <= NEAR_FREE_READING);
        hearing.second_opinion = Some(Opinion {
            phrase: set[best].text.clone(),
            lead,
            agrees,
            free_reading,
        });
        let clear = agrees && lead.is_finite() && lead >= TAKE_ON_AGREEMENT;
        let wide_agrees =
            || super::wide_agrees(grammar, &hearing.guesses, hearing.any_move.as_ref());
        if stage == Stage::Unheard {
            // Never taken: the first recogniser did not hear it. Asked
            // about where Whisper, left free, read nearly the move.
            if clear && near_free && wide_agrees() {
                hearing.heard = Heard::Confirm(led, Vec::new());
            }
            return;
        }
        if stage == Stage::Taken && !agrees {
            let offered = match set[best].said {
                other @ Said::Move(_) => vec![other],
                _ => Vec::new(),
            };
            hearing.heard = Heard::Confirm(led, offered);
        } else if stage == Stage::Asked && clear && !chatter_near(hearing) && wide_agrees() {
            hearing.heard = Heard::Said(led);
        }
    }
}

/// Whether any run of sounds came near the best guess: the searches' doubt
/// may be that nothing of the grammar was said, which no score over the
/// grammar's phrases can answer.
fn chatter_near(hearing: &Hearing) -> bool {
    match (hearing.any_speech, hearing.guesses.first()) {
        (Some(sounds), Some(best)) => sounds.saturating_sub(best.score) >= super::OTHER_DOUBT,
        _ => false,
    }
}
