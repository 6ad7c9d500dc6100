//! Before a move heard is taken, the phrases one word from its own are
//! fitted to the utterance alone, and so is its own: the move is taken
//! only when it leads the nearest (docs/listening.md, "Never a guess",
//! step 8). The fits are made on decoders of their own that take the mean
//! of the sound from the utterance alone, so that they are the same
//! whenever and wherever they are made: while the searches after the
//! first go on, for the first search's best, or after them.

use std::path::Path;

use shakmaty::Chess;
use zweibrett_core::hearing::dictionary::Dictionary;
use zweibrett_core::hearing::grammar::Phrase;
use zweibrett_core::hearing::neighbours::{against_neighbours, neighbours};
use zweibrett_core::hearing::{Grammar, Guess, Heard, Said};
use zweibrett_core::notation::VoicePack;

use super::super::pocketsphinx::{DEBIAN_MODEL, Decoder};
use super::super::{Hearing, HearingError, Neighbour};
use super::{Recogniser, Utterance, expect_on, weighed, with_words};

/// What the phrase of one guess and its neighbours came to, each fitted
/// alone to the utterance.
pub(super) struct NeighbourFits {
    /// The meaning of the guess.
    said: Said,
    /// Where its words lie: the fits are made around them.
    frames: Vec<(usize, usize)>,
    /// Its own phrase's score; none when it does not fit alone.
    own: Option<i32>,
    /// The nearest neighbour and its score; none when none fits.
    nearest: Option<(Phrase, i32)>,
}

impl NeighbourFits {
    /// Whether these are the fits for `guess`, meaning `said`.
    fn are_for(&self, said: Said, guess: &Guess) -> bool {
        self.said == said && self.frames == guess.frames
    }

    /// What a move heard as `said` (the searches' `heard`) is heard as
    /// with these fits, and the nearest with the move's lead over it.
    fn heard(&self, heard: &Heard) -> (Heard, Option<Neighbour>) {
        let Some(own) = self.own else {
            // The phrase heard does not fit the utterance alone: what the
            // searches found is not sure.
            return (Heard::Confirm(self.said, Vec::new()), None);
        };
        let Some((other, score)) = &self.nearest else {
            return (heard.clone(), None);
        };
        let nearest = Neighbour {
            phrase: other.text.clone(),
            lead: own.saturating_sub(*score),
        };
        (
            against_neighbours(self.said, own, &[(other.said, *score)], NEIGHBOUR_TAKE),
            Some(nearest),
        )
    }
}

/// Fits `guess`, a legal move's phrase in `grammar`, and its neighbours
/// (`position`'s moves, legal or not, one word away) to `utterance` on
/// `aligners`, two of them, on two threads: beside the searches after the
/// first, the three share the two processors, which measured quicker than
/// one thread left to the fits. None when `guess` is no move or has no
/// neighbour.
pub(super) fn fit_neighbours(
    aligners: &mut [Decoder],
    dictionary: &Dictionary,
    pack: &VoicePack,
    position: &Chess,
    grammar: &Grammar,
    guess: &Guess,
    utterance: &Utterance,
) -> Result<Option<NeighbourFits>, HearingError> {
    let Some(phrase) = grammar.phrase(&guess.words) else {
        return Ok(None);
    };
    let said @ Said::Move(_) = phrase.said else {
        return Ok(None);
    };
    let with_illegal = grammar.with_illegal(pack, position);
    let near = neighbours(&with_illegal, said, &phrase.words);
    let [own_aligner, near_aligner] = aligners else {
        return Ok(None);
    };
    if near.is_empty() {
        return Ok(None);
    }
    let around = Utterance {
        samples: around_words(utterance.samples, &guess.frames),
        ..*utterance
    };
    let (pack, around) = (pack.id.as_str(), &around);
    // Those of as many words fitted together, measured by the best raw
    // score among them, which no one of them weighed can pass; those of
    // a word more or fewer together, by the best weighed score: on raw
    // scores a phrase with a word fewer lays what is left over silence
    // almost free, and would come near every move.
    let (same, other): (Vec<&Phrase>, Vec<&Phrase>) = near
        .iter()
        .partition(|p| p.words.len() == phrase.words.len());
    let own_set = [phrase];
    let mut own_then_other = || -> Result<_, HearingError> {
        let own = fitted(own_aligner, dictionary, pack, &own_set, around)?;
        let other = fitted(own_aligner, dictionary, pack, &other, around)?;
        Ok((own, other))
    };
    // The phrase heard, then those of other lengths, on one processor;
    // those of as many words on the other.
    let (own_and_other, same) = std::thread::scope(|scope| {
        let same = &same;
        let same_job = scope.spawn(move || fitted(near_aligner, dictionary, pack, same, around));
        let own_and_other = own_then_other();
        let same = same_job
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (own_and_other, same)
    });
    let (own, other) = own_and_other?;
    let nearest = [
        same?.map(|fit| (fit.phrase, fit.raw)),
        other.map(|fit| (fit.phrase, fit.weighed)),
    ]
    .into_iter()
    .flatten()
    .max_by_key(|&(_, score)| score);
    Ok(Some(NeighbourFits {
        said,
        frames: guess.frames.clone(),
        own: own.map(|fit| fit.weighed),
        nearest: nearest.map(|(p, score)| (p.clone(), score)),
    }))
}

/// Loads the two decoders that fit phrases alone, when not yet loaded.
pub(super) fn load_aligners(
    aligners: &mut Vec<Decoder>,
    dictionary: &Dictionary,
    transform: Option<&Path>,
) -> Result<(), HearingError> {
    while aligners.len() < 2 {
        let aligning = Decoder::aligning(Path::new(DEBIAN_MODEL), transform)?;
        aligners.push(with_words(aligning, dictionary)?);
    }
    Ok(())
}

impl Recogniser {
    /// What `hearing` was heard as, unless it is a move about to be taken
    /// and a phrase of another meaning one word away from the one heard
    /// (another file, rank or piece, the capture word put in or left
    /// out; legal here or not) fits the utterance within
    /// [`NEIGHBOUR_TAKE`] of it: then it is asked about, the nearest
    /// offered; with the nearest and the move's lead over it. None when
    /// no move is about to be taken, or it has no neighbour. The fits
    /// made meanwhile (`early`) are taken when they are for the move
    /// heard. The searches' list of guesses may lack the phrase said
    /// altogether, and a lead over the phrases it holds is then no
    /// guarantee ("Turm Bella drei" was heard as "Turm Anna drei", then
    /// as "Turm Eva drei"). The wide search holds the moves not legal
    /// here too, but gives only its best.
    pub(super) fn unless_neighbour_near(
        &mut self,
        position: &Chess,
        grammar: &Grammar,
        hearing: &Hearing,
        utterance: &Utterance,
        early: Option<NeighbourFits>,
    ) -> Result<Option<(Heard, Option<Neighbour>)>, HearingError> {
        let Heard::Said(said @ Said::Move(_)) = hearing.heard else {
            return Ok(None);
        };
        let Some(guess) = hearing
            .guesses
            .iter()
            .filter(|g| grammar.phrase(&g.words).is_some_and(|p| p.said == said))
            .max_by_key(|g| g.score)
        else {
            return Ok(None);
        };
        let fits = match early.filter(|fits| fits.are_for(said, guess)) {
            Some(fits) => Some(fits),
            None => {
                load_aligners(
                    &mut self.aligners,
                    &self.dictionary,
                    self.transform.as_deref(),
                )?;
                fit_neighbours(
                    &mut self.aligners,
                    &self.dictionary,
                    &self.pack,
                    position,
                    grammar,
                    guess,
                    utterance,
                )?
            }
        };
        Ok(fits.map(|fits| fits.heard(&hearing.heard)))
    }
}

/// The part of `samples` that a phrase one word from the guess whose
/// words lie at `frames` may take: from [`AROUND_WORDS`] before its first
/// word to as far after its last. The quiet beyond costs each fit alike
/// and tells nothing.
fn around_words<'a>(samples: &'a [i16], frames: &[(usize, usize)]) -> &'a [i16] {
    const FRAME: usize = 160;
    let (Some(&(first, _)), Some(&(_, last))) = (frames.first(), frames.last()) else {
        return samples;
    };
    let from = first.saturating_sub(AROUND_WORDS) * FRAME;
    let to = (last + 1 + AROUND_WORDS) * FRAME;
    samples
        .get(from.min(samples.len())..to.min(samples.len()))
        .unwrap_or(samples)
}

/// Frames of 10 ms kept before and after the words heard when phrases a
/// word from them are fitted: room for a word put in, or said slowly.
const AROUND_WORDS: usize = 25;

/// The phrase of a set that fits an utterance best, as [`fitted`] finds
/// it.
struct Fit<'p> {
    phrase: &'p Phrase,
    /// The recogniser's own score.
    raw: i32,
    /// The score weighed by the speech the phrase leaves unexplained.
    weighed: i32,
}

/// Which of `phrases` fits the whole utterance best, as `aligner` finds
/// it; none when there are none, or no path reaches the end of one. The
/// phrases share only their start and their end, where each one's path
/// comes alone: the best path of all is the best of each one's own path
/// fitted alone, unless the search's beam dropped one far behind on its
/// way.
fn fitted<'p>(
    aligner: &mut Decoder,
    dictionary: &Dictionary,
    pack: &str,
    phrases: &[&'p Phrase],
    utterance: &Utterance,
) -> Result<Option<Fit<'p>>, HearingError> {
    if phrases.is_empty() {
        return Ok(None);
    }
    let set = Grammar::of_phrases(phrases.iter().map(|p| (p.text.clone(), p.said)).collect());
    expect_on(aligner, dictionary, pack, &set)?;
    let Some(guess) = aligner.decode_whole(utterance.samples)? else {
        return Ok(None);
    };
    let words: Vec<&str> = guess.words.split_whitespace().collect();
    let Some(&phrase) = phrases
        .iter()
        .find(|p| p.words.iter().map(String::as_str).eq(words.iter().copied()))
    else {
        return Ok(None);
    };
    let raw = guess.score;
    let weighed = weighed(guess, utterance.samples, utterance.loudness).score;
    Ok(Some(Fit {
        phrase,
        raw,
        weighed,
    }))
}

/// How far a move about to be taken must lead, fitted alone to the
/// utterance, its nearest neighbour ([`Recogniser::unless_neighbour_near`]).
/// Measured on phrases a word from a legal move's own, said by voices of
/// no other corpus (`tests/it/hear_neighbours.rs`): where the searches
/// would have taken the move a word away from the phrase said, it led the
/// phrase said by 562 at most ("Bishop Felix eight" for "Bishop Eva
/// eight"). On four draws of the room corpus, the moves taken at once
/// that had neighbours led the nearest by 651 and more; 12 of 186 by less
/// than this.
const NEIGHBOUR_TAKE: i32 = 1000;
