//! The recogniser at work on one utterance: the searches through the
//! position's grammar on one decoder while a second, on the other
//! processor, hears the same sound as any move at all and as any run of
//! sounds; then the steps that make a move of it only when it can mean
//! nothing else (docs/listening.md, "Never a guess").

use std::path::{Path, PathBuf};

use shakmaty::Chess;
use zweibrett_core::hearing::band::is_narrow_band;
use zweibrett_core::hearing::dictionary::Dictionary;
use zweibrett_core::hearing::explained::{
    Loudness, holds_speech, speech_outside, unless_words_lost,
};
use zweibrett_core::hearing::grammar::{any_speech_jsgf, sound_word};
use zweibrett_core::hearing::phones::ARPABET;
use zweibrett_core::hearing::{Grammar, Guess, Heard, Margins, Said, decide};
use zweibrett_core::notation::VoicePack;

mod neighbours;
mod second;
mod streamed;

use neighbours::NeighbourFits;

use super::pocketsphinx::{DEBIAN_MODEL, Decoder, RecogniserError};
use super::{Denoise, Hearing, HearingError, denoised, dictionary_of, padded};

/// How far (in the recogniser's log score) the best meaning must stand
/// above every other before it is taken, and before it is asked about
/// alone: measured on the test corpora, where no recording gave a wrong
/// move with them (see docs/listening.md).
pub const MARGINS: Margins = Margins {
    take: 1500,
    confirm: 300,
};

/// The margin to take a move in a noisy room (see
/// [`Loudness::is_noisy`]): in pink noise at 15 dB a move said, and not
/// legal, was heard as a legal one leading by 1,526.
pub const NOISY_TAKE: i32 = 2000;

/// The margins for an utterance as loud as `loudness` says.
fn margins_in(loudness: Loudness) -> Margins {
    if loudness.is_noisy() {
        Margins {
            take: NOISY_TAKE,
            ..MARGINS
        }
    } else {
        MARGINS
    }
}

/// The most frames of speech, 10 ms each, that the best guess may give
/// to silence or noise, its words' edges aside: a breath or a click, not
/// a word.
pub const MOST_UNEXPLAINED_FRAMES: usize = 20;

/// The recogniser, ready for one pack's words.
pub struct Recogniser {
    /// The searches through the position's grammar.
    decoder: Decoder,
    /// The wide search and the search for any speech, at the same time.
    side: Decoder,
    pack: VoicePack,
    dictionary: Dictionary,
    /// When the noise is taken out before the searches.
    denoise: Denoise,
    /// The search for any speech while the utterance is said, loaded the
    /// first time one is.
    sounds: Option<Decoder>,
    /// The utterance being heard while it is said.
    streamed: Option<Streamed>,
    /// The transform adapting the model to the player's voice, if any.
    transform: Option<PathBuf>,
    /// The decoders that fit one phrase at a time to a whole utterance,
    /// one for each processor (see [`Recogniser::unless_neighbour_near`]),
    /// loaded the first time a move is about to be taken.
    aligners: Vec<Decoder>,
    /// Whisper, when a second opinion is asked for.
    second_opinion: Option<super::second_opinion::SecondOpinion>,
}

/// An utterance heard while it is said: what it is heard against, and how
/// many of its samples the searches have had.
struct Streamed {
    position: Option<Chess>,
    grammar: Grammar,
    fed: usize,
}

/// A decoder with the acoustic model, `dictionary`'s words and one word
/// for each sound.
fn loaded(dictionary: &Dictionary, transform: Option<&Path>) -> Result<Decoder, HearingError> {
    with_words(
        Decoder::adapted(Path::new(DEBIAN_MODEL), transform)?,
        dictionary,
    )
}

/// `decoder` with `dictionary`'s words and one word for each sound.
fn with_words(mut decoder: Decoder, dictionary: &Dictionary) -> Result<Decoder, HearingError> {
    let entries = dictionary.entries();
    decoder.add_words(entries.iter().map(|(w, p)| (w.as_str(), p.as_str())))?;
    let sounds: Vec<(String, &str)> = ARPABET.iter().map(|p| (sound_word(p), *p)).collect();
    decoder.add_words(sounds.iter().map(|(w, p)| (w.as_str(), *p)))?;
    Ok(decoder)
}

/// Makes `grammar` the one `decoder` hears the next utterance with; every
/// word must have a pronunciation in `dictionary`.
fn expect_on(
    decoder: &mut Decoder,
    dictionary: &Dictionary,
    pack: &str,
    grammar: &Grammar,
) -> Result<(), HearingError> {
    if let Some(word) = grammar.words().into_iter().find(|w| !dictionary.knows(w)) {
        return Err(HearingError::NoPronunciation {
            pack: pack.to_string(),
            word: word.to_string(),
        });
    }
    decoder.set_grammar(&grammar.to_jsgf())?;
    Ok(())
}

/// What the searches through a position's grammar work with.
#[derive(Clone, Copy)]
struct Searching<'a> {
    dictionary: &'a Dictionary,
    pack: &'a str,
    grammar: &'a Grammar,
    /// The utterance, padded.
    samples: &'a [i16],
    loudness: Loudness,
}

/// The searches through the grammar (see [`Recogniser::hear_in`]), each
/// guess weighed by the speech it leaves unexplained.
fn searches(decoder: &mut Decoder, on: Searching) -> Result<Vec<Guess>, HearingError> {
    expect_on(decoder, on.dictionary, on.pack, on.grammar)?;
    let first = decoder.decode_placed(on.samples)?;
    later_searches(decoder, on, first)
}

/// The searches after the first (`first`, not yet weighed): each without
/// what the ones before found, while a later one beats the first.
fn later_searches(
    decoder: &mut Decoder,
    on: Searching,
    first: Option<Guess>,
) -> Result<Vec<Guess>, HearingError> {
    let Searching {
        dictionary,
        pack,
        grammar,
        samples,
        loudness,
    } = on;
    let first = first.map(|g| weighed(g, samples, loudness));
    let mut guesses: Vec<Guess> = first.into_iter().collect();
    let mut left_out: Vec<Said> = Vec::new();
    for _ in 0..2 {
        let Some(last) = guesses.last() else { break };
        let Some(phrase) = grammar.phrase(&last.words) else {
            break;
        };
        if guesses.len() > 1 && last.score <= guesses[0].score {
            break;
        }
        left_out.push(phrase.said);
        let others = grammar.keeping_out(&left_out);
        if others.phrases().is_empty() {
            break;
        }
        expect_on(decoder, dictionary, pack, &others)?;
        match decoder.decode_placed(samples)? {
            Some(guess) => guesses.push(weighed(guess, samples, loudness)),
            None => break,
        }
    }
    Ok(guesses)
}

/// What `main` finds here while `side` (when there is one) finds the
/// guesses of the wide search and of the search for any speech on the
/// other processor.
fn side_by_side<T>(
    main: impl FnOnce() -> Result<T, HearingError>,
    side: Option<impl FnOnce() -> SideGuesses + Send>,
) -> Result<(T, Side), HearingError> {
    let (found, side_found) = std::thread::scope(|scope| {
        let side_job = side.map(|side| scope.spawn(side));
        let found = main();
        let side_found = side_job.map(|job| {
            job.join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        (found, side_found)
    });
    let found = found?;
    let side_found = match side_found {
        Some(side_found) => side_found?,
        None => (None, None),
    };
    Ok((found, side_found))
}

/// The best guesses of the wide search and of the search for any speech.
type Side = (Option<Guess>, Option<Guess>);

/// The side searches' guesses, or why there are none.
type SideGuesses = Result<Side, RecogniserError>;

/// The wide search (`wide`, every move shaped as the pack says moves) on
/// `side` and the search for any run of sounds on `sounds`: each on the
/// decoder that hears it while the utterance is said, so that both ways
/// carry the same running mean of the sound.
fn side_searches(
    side: &mut Decoder,
    sounds: &mut Decoder,
    wide: &str,
    samples: &[i16],
) -> SideGuesses {
    side.set_grammar(wide)?;
    let moves = side.decode_placed(samples)?;
    sounds.set_grammar(&any_speech_jsgf())?;
    let sounds = sounds.decode_placed(samples)?;
    Ok((moves, sounds))
}

impl Recogniser {
    /// Loads the recogniser with the acoustic model and `pack`'s words.
    pub fn for_pack(pack: &VoicePack) -> Result<Recogniser, HearingError> {
        Recogniser::adapted(pack, None)
    }

    /// Loads the recogniser as [`Recogniser::for_pack`] does, the model
    /// adapted to one voice by the MLLR transform at `transform` (made by
    /// enrolment, see [`super::adapt`]).
    pub fn adapted(pack: &VoicePack, transform: Option<&Path>) -> Result<Recogniser, HearingError> {
        let dictionary = dictionary_of(pack)?;
        Ok(Recogniser {
            decoder: loaded(&dictionary, transform)?,
            side: loaded(&dictionary, transform)?,
            pack: pack.clone(),
            dictionary,
            denoise: Denoise::default(),
            sounds: None,
            streamed: None,
            transform: transform.map(Path::to_path_buf),
            aligners: Vec::new(),
            second_opinion: None,
        })
    }

    /// Which generation of PocketSphinx hears.
    pub fn generation(&self) -> super::pocketsphinx::Generation {
        self.decoder.generation()
    }

    /// Whether the model is adapted to a player's voice.
    pub fn is_adapted(&self) -> bool {
        self.transform.is_some()
    }

    /// Loads the search for any speech, the first time it is wanted.
    fn load_sounds(&mut self) -> Result<(), HearingError> {
        if self.sounds.is_none() {
            self.sounds = Some(loaded(&self.dictionary, self.transform.as_deref())?);
        }
        Ok(())
    }

    /// Takes the noise out of what is heard next as `denoise` says.
    pub fn set_denoise(&mut self, denoise: Denoise) {
        self.denoise = denoise;
    }

    /// Makes `grammar` the one the next utterance is heard with.
    pub fn expect(&mut self, grammar: &Grammar) -> Result<(), HearingError> {
        expect_on(&mut self.decoder, &self.dictionary, &self.pack.id, grammar)
    }

    /// Hears one utterance of 16 kHz samples against `grammar` alone (a
    /// question's choices): see [`Recogniser::hear_in`].
    pub fn hear(&mut self, grammar: &Grammar, samples: &[i16]) -> Result<Hearing, HearingError> {
        self.hear_with(None, grammar, samples)
    }

    /// Hears one utterance of 16 kHz samples said in `position` against
    /// its `grammar`. The first search has every phrase; the next, every
    /// phrase but those of what was heard first, so that the best other
    /// meaning and how near it came are known (the lattice's own list of
    /// guesses holds mostly unfinished phrases and cannot tell); when that
    /// one scores above the first (the first search lost its way), one
    /// more without either. Meanwhile a second decoder hears the sound as
    /// any move, legal or not, and as any run of sounds. A move whose
    /// words another phrase holds with more words is taken only when no
    /// speech lies where those would be; a move not legal here that leads
    /// is answered as illegal, and chatter is nothing.
    pub fn hear_in(
        &mut self,
        position: &Chess,
        grammar: &Grammar,
        samples: &[i16],
    ) -> Result<Hearing, HearingError> {
        self.hear_with(Some(position), grammar, samples)
    }

    fn hear_with(
        &mut self,
        position: Option<&Chess>,
        grammar: &Grammar,
        samples: &[i16],
    ) -> Result<Hearing, HearingError> {
        if !holds_speech(samples) {
            // Steady noise, silence, or a sound with no voice in it (a
            // cough, a chair): no words to hear.
            return Ok(Hearing::of_nothing());
        }
        // The room as the microphone gave it sets the margins; the words
        // are then looked for in the sound with its noise taken out.
        let room = Loudness::of(samples);
        let margins = margins_in(room);
        let narrow = is_narrow_band(samples);
        let cleaned;
        let noisy = self.denoise.applies(room);
        let samples = if noisy {
            cleaned = denoised(samples);
            cleaned.as_slice()
        } else {
            samples
        };
        let loudness = Loudness::of(samples);
        let padded = padded(samples);
        let samples = padded.as_slice();
        let wide_jsgf = position.map(|_| grammar.to_wide_jsgf(&self.pack));
        if position.is_some() {
            self.load_sounds()?;
        }
        let (decoder, side) = (&mut self.decoder, &mut self.side);
        let sounds = self.sounds.as_mut();
        let (dictionary, pack) = (&self.dictionary, self.pack.id.as_str());
        let on = Searching {
            dictionary,
            pack,
            grammar,
            samples,
            loudness,
        };
        let (guesses, (wide, sounds)) = side_by_side(
            || searches(decoder, on),
            wide_jsgf
                .as_deref()
                .zip(sounds)
                .map(|(wide, sounds)| move || side_searches(side, sounds, wide, samples)),
        )?;
        let utterance = Utterance {
            samples,
            loudness,
            margins,
            narrow,
        };
        let mut hearing = self.settle(position, grammar, guesses, wide, sounds, &utterance);
        if let (true, Some(position)) = (noisy, position) {
            hearing.heard = self.unless_near_another(position, grammar, &hearing, &utterance)?;
        }
        self.checked(position, grammar, hearing, &utterance, None)
    }

    /// `hearing`, with a move about to be taken in `position` asked about
    /// instead when a phrase one word away comes near it
    /// ([`Recogniser::unless_neighbour_near`]); `early`, the fits made
    /// while the searches went on, if any.
    fn checked(
        &mut self,
        position: Option<&Chess>,
        grammar: &Grammar,
        mut hearing: Hearing,
        utterance: &Utterance,
        early: Option<NeighbourFits>,
    ) -> Result<Hearing, HearingError> {
        if let Some(position) = position
            && let Some((heard, nearest)) =
                self.unless_neighbour_near(position, grammar, &hearing, utterance, early)?
        {
            hearing.heard = heard;
            hearing.nearest_neighbour = nearest;
        }
        if let Some(position) = position {
            self.weigh_second_opinion(position, grammar, &mut hearing, utterance);
        }
        Ok(hearing)
    }

    /// What `hearing` was heard as, unless it is a move about to be taken
    /// that another meaning of as many words, legal here or not, comes
    /// within [`AGREED_TAKE`] of: then it is asked about. The wide search
    /// gives only its best; in a noisy room a move said that is not legal
    /// here ("Bella vier")
    /// was heard as the one legal phrase one word away ("Eva vier"), which
    /// led every other legal meaning by far. The noise taken out, the
    /// utterance was already heard whole again, so this costs no answer
    /// that streaming would give sooner.
    fn unless_near_another(
        &mut self,
        position: &Chess,
        grammar: &Grammar,
        hearing: &Hearing,
        utterance: &Utterance,
    ) -> Result<Heard, HearingError> {
        let Heard::Said(said @ Said::Move(_)) = hearing.heard else {
            return Ok(hearing.heard.clone());
        };
        let Some((taken, phrase)) = hearing
            .guesses
            .iter()
            .filter_map(|g| grammar.phrase(&g.words).map(|p| (g.score, p)))
            .filter(|(_, p)| p.said == said)
            .max_by_key(|(score, _)| *score)
        else {
            return Ok(hearing.heard.clone());
        };
        let others = grammar
            .with_illegal(&self.pack, position)
            .as_long_as(&phrase.words, said);
        if others.phrases().is_empty() {
            return Ok(hearing.heard.clone());
        }
        expect_on(&mut self.decoder, &self.dictionary, &self.pack.id, &others)?;
        let runner_up = self
            .decoder
            .decode_placed(utterance.samples)?
            .map(|g| weighed(g, utterance.samples, utterance.loudness));
        Ok(match runner_up {
            Some(other) if other.score > taken.saturating_sub(AGREED_TAKE) => {
                Heard::Confirm(said, Vec::new())
            }
            _ => hearing.heard.clone(),
        })
    }

    /// What the guesses of the searches through `grammar` (best first),
    /// of the wide search (`wide`) and of the search for any speech
    /// (`sounds`) mean, the last two not yet weighed: the steps that make
    /// a move of them only when nothing else could have been said.
    fn settle(
        &self,
        position: Option<&Chess>,
        grammar: &Grammar,
        guesses: Vec<Guess>,
        wide: Option<Guess>,
        sounds: Option<Guess>,
        utterance: &Utterance,
    ) -> Hearing {
        let Utterance {
            samples,
            loudness,
            margins,
            narrow,
        } = *utterance;
        let weigh = |g: Option<Guess>| g.map(|g| weighed(g, samples, loudness));
        let (wide, sounds) = (weigh(wide), weigh(sounds));
        // The speech that the best guess left to silence.
        let unexplained = guesses
            .iter()
            .max_by_key(|g| g.score)
            .map_or(0, |g| speech_outside(samples, &g.frames, loudness));
        let margins = if wide_agrees(grammar, &guesses, wide.as_ref()) {
            Margins {
                take: margins.take.min(AGREED_TAKE),
                ..margins
            }
        } else {
            margins
        };
        let mut heard = if unexplained >= MOST_UNEXPLAINED_FRAMES {
            // Speech the phrase does not cover: not that phrase.
            Heard::Nothing
        } else {
            decide(grammar, &guesses, margins)
        };
        // A later search that beat the first found what the first had
        // lost: what else the searches lost is not known, so the best is
        // asked about rather than taken.
        let lost_way = guesses.iter().skip(1).any(|g| g.score > guesses[0].score);
        if let (true, Heard::Said(said @ Said::Move(_))) = (lost_way, &heard) {
            heard = Heard::Confirm(*said, Vec::new());
        }
        if let Some(position) = position {
            let with_illegal = grammar.with_illegal(&self.pack, position);
            let sound_from = super::PAD_BEFORE / 160;
            heard = unless_words_lost(
                &with_illegal,
                heard,
                &guesses,
                samples,
                loudness,
                sound_from,
            );
            let best = guesses.iter().map(|g| g.score).max().unwrap_or(i32::MIN);
            heard = self.unless_illegal(grammar, heard, best, wide.as_ref(), utterance);
            heard = unless_other_speech(heard, best, sounds.as_ref());
            if let (true, Heard::Said(said @ Said::Move(_))) = (narrow, &heard) {
                // A narrow band loses what tells some words apart (see
                // `hearing::band`): a move heard in the position is asked
                // about, never taken. The answer to a question (the move
                // said again, or one of those offered) is not.
                heard = Heard::Confirm(*said, Vec::new());
            }
        }
        Hearing {
            guesses,
            unexplained,
            heard,
            any_move: wide,
            any_speech: sounds.map(|g| g.score),
            nearest_neighbour: None,
            second_opinion: None,
        }
    }

    /// `heard`, unless the utterance fits a move not legal here (`wide`,
    /// any move shaped as the pack says moves, in either form) that
    /// accounts for all that was said: that move is answered as illegal
    /// when it leads the best legal score (`best_legal`) by
    /// [`ILLEGAL_LEAD`]; a legal move about to be taken is asked about
    /// instead when the two come within the margin (the two searches'
    /// scores are near, not exact).
    fn unless_illegal(
        &self,
        grammar: &Grammar,
        heard: Heard,
        best_legal: i32,
        wide: Option<&Guess>,
        utterance: &Utterance,
    ) -> Heard {
        let Utterance {
            samples,
            loudness,
            margins,
            ..
        } = *utterance;
        let Some(guess) = wide else {
            return heard;
        };
        let illegal = grammar.phrase(&guess.words).is_none()
            && Grammar::is_move_shaped(&self.pack, &guess.words)
            && speech_outside(samples, &guess.frames, loudness) < MOST_UNEXPLAINED_FRAMES;
        let lead = guess.score.saturating_sub(best_legal);
        if !illegal || lead <= -margins.take {
            return heard;
        }
        if lead >= ILLEGAL_LEAD {
            Heard::Illegal(Grammar::spelled(&self.pack, &guess.words))
        } else {
            match heard {
                // A move not legal here came near: the move is not clear
                // of every other meaning.
                Heard::Said(said @ Said::Move(_)) => Heard::Confirm(said, Vec::new()),
                other => other,
            }
        }
    }
}

/// One utterance as the steps after the searches see it.
#[derive(Clone, Copy)]
struct Utterance<'a> {
    /// Its samples, padded, with the noise taken out where it was.
    samples: &'a [i16],
    /// Their loudness.
    loudness: Loudness,
    /// The margins of the room it was said in.
    margins: Margins,
    /// Whether it came through a narrow band (`hearing::band`).
    narrow: bool,
}

/// `heard`, unless any run of sounds (`sounds`) fits the utterance so
/// much better than every phrase (the best scoring `best`) that it is no phrase at all (chatter
/// near the board, fitted to a long move by a grammar that has nothing
/// else): then nothing, not even a question. A move about to be taken
/// that it leads by less, but still far, is asked about instead.
fn unless_other_speech(heard: Heard, best: i32, sounds: Option<&Guess>) -> Heard {
    let Some(sounds) = sounds else {
        return heard;
    };
    let lead = sounds.score.saturating_sub(best);
    match heard {
        Heard::Said(_) | Heard::Confirm(..) | Heard::Ask(_) if lead >= OTHER_LEAD => Heard::Nothing,
        Heard::Said(said) if lead >= OTHER_DOUBT => Heard::Confirm(said, Vec::new()),
        other => other,
    }
}

/// Whether the wide search (`wide`: every move shaped as the pack says
/// moves, legal here or not) found the meaning that leads the searches
/// through the position's grammar (`guesses`): then no move not legal here,
/// and no other way of saying a move, fitted better, and the lead over the
/// other legal meanings alone decides.
fn wide_agrees(grammar: &Grammar, guesses: &[Guess], wide: Option<&Guess>) -> bool {
    let meaning = |g: &Guess| grammar.phrase(&g.words).map(|p| p.said);
    let best = guesses.iter().max_by_key(|g| g.score).and_then(meaning);
    matches!((best, wide.and_then(meaning)), (Some(Said::Move(a)), Some(Said::Move(b))) if a == b)
}

/// How far the best legal move must lead every other legal meaning to be
/// taken at once when the wide search found the same move
/// ([`wide_agrees`]). Measured on seven draws of the room corpus at 10
/// recordings a cell (3,018 recordings; in 743 the best legal move was not
/// what was said: a move misheard, an illegal move, chatter): where the
/// wide search agreed with a wrong best, that best led by 742 at most (a
/// pawn move said over an 8 kHz line, "Cesar" heard as "David" twice), and
/// by 415 at most in the other rooms. The full margins stay for a best the
/// wide search did not find.
const AGREED_TAKE: i32 = 1000;

/// How far a move not legal here must lead every legal phrase to be
/// answered as illegal: the wider search differs from the legal one in
/// what it prunes, so a near neighbour ("Anna sechs" for "Bella sechs")
/// may come a few hundred above the move said.
const ILLEGAL_LEAD: i32 = 750;

/// How far any run of sounds must lead the phrase about to be taken for
/// the utterance to be no phrase at all: measured on the room corpus,
/// where chatter led by 3,190 and more (most by over 4,500), and no move
/// said right by more than 3,836.
const OTHER_LEAD: i32 = 4000;

/// From how far ahead any run of sounds makes the phrase about to be taken
/// a question instead: where chatter and moves said meet.
pub(super) const OTHER_DOUBT: i32 = 2500;

/// What each frame of speech that a guess gives to silence or noise costs
/// it, in the recogniser's log units: its own silence model takes in a
/// word cheaply, so that a phrase missing its first word ("Anna drei" for
/// "Läufer Anna drei") scored near the whole one.
const UNEXPLAINED_COST: i32 = 80;

/// `guess` with its score lowered by the speech it leaves unexplained.
fn weighed(mut guess: Guess, samples: &[i16], loudness: Loudness) -> Guess {
    let outside = speech_outside(samples, &guess.frames, loudness);
    let cost = UNEXPLAINED_COST.saturating_mul(i32::try_from(outside).unwrap_or(i32::MAX));
    guess.raw = Some(guess.score);
    guess.score = guess.score.saturating_sub(cost);
    guess
}
