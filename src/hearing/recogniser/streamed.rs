//! Hearing an utterance while it is said: the first search through the
//! position's grammar, the wide search and the search for any speech are
//! fed as the sound comes, so that when the speaker stops only the later
//! searches and the steps after them are left (docs/listening.md,
//! "Streaming").

use shakmaty::Chess;
use zweibrett_core::hearing::band::is_narrow_band;
use zweibrett_core::hearing::explained::{Loudness, holds_speech};
use zweibrett_core::hearing::grammar::any_speech_jsgf;
use zweibrett_core::hearing::{Grammar, Guess};

use super::super::{Hearing, HearingError, PAD_AFTER, PAD_BEFORE, padded, quiet};
use super::neighbours::{fit_neighbours, load_aligners};
use super::{
    Decoder, Recogniser, Searching, Streamed, Utterance, expect_on, later_searches, margins_in,
};

impl Recogniser {
    /// Starts hearing an utterance as it is said, in `position` (when
    /// given, moves not legal there and chatter are listened for too)
    /// against `grammar`; what was being heard before is let go. Feed it
    /// with [`Recogniser::feed`] and end it with [`Recogniser::end`].
    pub fn begin(
        &mut self,
        position: Option<&Chess>,
        grammar: &Grammar,
    ) -> Result<(), HearingError> {
        self.let_go();
        expect_on(&mut self.decoder, &self.dictionary, &self.pack.id, grammar)?;
        self.decoder.start()?;
        if position.is_some() {
            self.side.set_grammar(&grammar.to_wide_jsgf(&self.pack))?;
            self.side.start()?;
            self.load_sounds()?;
            if let Some(sounds) = &mut self.sounds {
                sounds.set_grammar(&any_speech_jsgf())?;
                sounds.start()?;
            }
        }
        self.streamed = Some(Streamed {
            position: position.cloned(),
            grammar: grammar.clone(),
            fed: 0,
        });
        // The quiet in front, as a whole utterance is heard with: not
        // counted among the utterance's samples.
        let lead: Vec<i16> = quiet(PAD_BEFORE).collect();
        self.feed_decoders(&lead, position.is_some())?;
        Ok(())
    }

    /// Hears `samples`, the next part of the utterance begun; nothing
    /// when none was.
    pub fn feed(&mut self, samples: &[i16]) -> Result<(), HearingError> {
        self.feed_searches(samples)
    }

    /// Whether an utterance is being heard as it is said.
    pub fn is_hearing(&self) -> bool {
        self.streamed.is_some()
    }

    /// Ends the utterance begun: `utterance` is the whole of it, the
    /// samples fed first, and those not yet fed after them.
    /// What it was heard as, exactly as [`Recogniser::hear_in`] would
    /// have it. Where it must be heard whole (the room's noise is to be
    /// taken out, or the samples are not those fed) it is heard again
    /// from its start.
    pub fn end(&mut self, utterance: &[i16]) -> Result<Hearing, HearingError> {
        // What came since the last feed: the utterance begins with what
        // the searches had.
        let fed = self.streamed.as_ref().map(|s| s.fed);
        if let Some(rest) = fed.and_then(|fed| utterance.get(fed..)) {
            self.feed_searches(rest)?;
        }
        let Some(streamed) = self.streamed.take() else {
            return Ok(Hearing::of_nothing());
        };
        let room = Loudness::of(utterance);
        let whole = streamed.fed != utterance.len()
            || !holds_speech(utterance)
            || self.denoise.applies(room);
        if whole {
            self.stop_searches(streamed.position.is_some());
            return self.hear_with(streamed.position.as_ref(), &streamed.grammar, utterance);
        }
        // The quiet after the utterance, then the later searches on this
        // thread while the other two searches end on the other, which then
        // fits the first search's best and its neighbours alone.
        let tail: Vec<i16> = quiet(PAD_AFTER).collect();
        let samples = padded(utterance);
        let position = streamed.position.as_ref();
        if position.is_some() {
            load_aligners(
                &mut self.aligners,
                &self.dictionary,
                self.transform.as_deref(),
            )?;
        }
        let (decoder, side, aligners) = (&mut self.decoder, &mut self.side, &mut self.aligners);
        let sounds = self.sounds.as_mut().filter(|_| position.is_some());
        let (dictionary, pack) = (&self.dictionary, &self.pack);
        let (tail, padded_samples) = (tail.as_slice(), samples.as_slice());
        let grammar = &streamed.grammar;
        let on = Searching {
            dictionary,
            pack: pack.id.as_str(),
            grammar,
            samples: padded_samples,
            loudness: room,
        };
        let whole = Utterance {
            samples: &samples,
            loudness: room,
            margins: margins_in(room),
            narrow: is_narrow_band(utterance),
        };
        let (first_found, first_heard) = std::sync::mpsc::channel::<Guess>();
        let (guesses, side_found) = std::thread::scope(|scope| {
            let side_job = position.zip(sounds).map(|(position, sounds)| {
                scope.spawn(move || {
                    side.feed(tail)?;
                    sounds.feed(tail)?;
                    let found = (side.end_placed()?, sounds.end_placed()?);
                    let early = match first_heard.recv() {
                        Ok(first) => fit_neighbours(
                            aligners, dictionary, pack, position, grammar, &first, &whole,
                        )?,
                        Err(_) => None,
                    };
                    Ok::<_, HearingError>((found, early))
                })
            });
            let guesses = (|| {
                decoder.feed(tail)?;
                let first = decoder.end_placed()?;
                if let Some(first) = &first {
                    let _ = first_found.send(first.clone());
                }
                drop(first_found);
                later_searches(decoder, on, first)
            })();
            let side_found = side_job.map(|job| {
                job.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            });
            (guesses, side_found)
        });
        let guesses = guesses?;
        let ((wide, sounds), early) = side_found.transpose()?.unwrap_or_default();
        let hearing = self.settle(position, grammar, guesses, wide, sounds, &whole);
        self.checked(position, grammar, hearing, &whole, early)
    }

    /// Lets go of the utterance being heard, if any.
    pub fn let_go(&mut self) {
        if let Some(streamed) = self.streamed.take() {
            self.stop_searches(streamed.position.is_some());
        }
    }

    fn feed_searches(&mut self, samples: &[i16]) -> Result<(), HearingError> {
        let Some(streamed) = &mut self.streamed else {
            return Ok(());
        };
        streamed.fed += samples.len();
        let side = streamed.position.is_some();
        self.feed_decoders(samples, side)
    }

    /// Gives `samples` to the first search, and to the wide search and
    /// the search for any speech when `side`.
    fn feed_decoders(&mut self, samples: &[i16], side: bool) -> Result<(), HearingError> {
        let fed = self
            .decoder
            .feed(samples)
            .and_then(|()| match (side, &mut self.sounds) {
                (true, Some(sounds)) => self.side.feed(samples).and_then(|()| sounds.feed(samples)),
                _ => Ok(()),
            });
        if let Err(e) = fed {
            self.let_go();
            return Err(e.into());
        }
        Ok(())
    }

    /// Ends the searches going on, their guesses unwanted.
    fn stop_searches(&mut self, side: bool) {
        let decoders: [Option<&mut Decoder>; 3] = [
            Some(&mut self.decoder),
            side.then_some(&mut self.side),
            self.sounds.as_mut().filter(|_| side),
        ];
        for decoder in decoders.into_iter().flatten() {
            let _ = decoder.end_placed();
        }
    }
}
