//! Where a session's sentences leave it: the [`Announce`] trait that the
//! program's voices (speech-dispatcher, the built-in clips, none) carry
//! out, what a voice says about itself, and a recorder for tests. Nothing
//! here sounds; the program crate speaks.

use crate::utterance::{Utterance, VoiceChange, VoiceLevel};

/// What the program says about its own voice: a change of voice, or
/// speech lost. The voice that still works says it; the shells show it
/// (line mode as a `speech:` line) and write it to the transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoiceNotice {
    /// What happened, in the pack's language.
    pub text: String,
    /// Why, in the engine's or the sound system's own words; empty when
    /// there is nothing more to say.
    pub detail: String,
    /// Whether a voice says it: false when no voice is left.
    pub spoken: bool,
}

/// Whether speech finished before the program ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finished {
    /// Everything handed over was said (or nothing sounds).
    Said,
    /// Time ran out first: the rest was cut.
    Cut,
}

/// Anything that can carry announcements out of the program. Must return at
/// once.
pub trait Announce {
    /// Hands one utterance over; never waits for it to be spoken.
    fn announce(&self, utterance: Utterance);

    /// What the program said about its own voice since last asked (a
    /// change of voice, speech lost), for the shells to show. None for an
    /// output without voices.
    fn voice_notices(&self) -> Vec<VoiceNotice> {
        Vec::new()
    }

    /// Waits until what was handed over has been said, at most about as
    /// long as it should take; for the end of a piped run. At once for an
    /// output without voices.
    fn finish_speaking(&self) -> Finished {
        Finished::Said
    }

    /// The user has left the game: what was handed over and not yet said
    /// is dropped, and what is being said is cut off, except a move's
    /// echo (D.2.1). Nothing to do for an output without voices.
    fn hush(&self) {}

    /// Makes the program's own voice one step faster, slower, louder or
    /// softer, from the next utterance on; the new level, or `None` when
    /// there is no voice of its own to set (speech off, or a screen
    /// reader speaks).
    fn adjust(&self, _change: VoiceChange) -> Option<VoiceLevel> {
        None
    }

    /// Asks to be told when everything handed over so far has been said:
    /// the receiver gets the moment speech fell quiet, and the waker
    /// rings. `None` for an output without voices, which is quiet at once.
    fn when_quiet(&self) -> Option<std::sync::mpsc::Receiver<std::time::Instant>> {
        None
    }

    /// What rings the game's host when the voice has a notice; none for
    /// an output without voices.
    fn waker(&self) -> Option<&crate::wake::Waker> {
        None
    }
}

/// An output that keeps what it is handed, in order, for whoever holds a
/// clone to take: what a game said, checked by the game-flow tests.
#[derive(Clone, Default)]
pub struct Recorder {
    said: std::rc::Rc<std::cell::RefCell<Vec<Utterance>>>,
    hushes: std::rc::Rc<std::cell::Cell<usize>>,
    /// The level a voice would have, from the normal rate at 80.
    level: std::rc::Rc<std::cell::Cell<Option<VoiceLevel>>>,
}

impl Recorder {
    /// Everything handed over since the last take.
    pub fn take(&self) -> Vec<Utterance> {
        std::mem::take(&mut self.said.borrow_mut())
    }

    /// How often what waited was dropped because the user left.
    pub fn hushes(&self) -> usize {
        self.hushes.get()
    }

    /// The texts handed over since the last take.
    pub fn texts(&self) -> Vec<String> {
        self.take().into_iter().map(|u| u.text).collect()
    }
}

impl Announce for Recorder {
    fn announce(&self, utterance: Utterance) {
        self.said.borrow_mut().push(utterance);
    }

    fn hush(&self) {
        self.hushes.set(self.hushes.get() + 1);
    }

    fn adjust(&self, change: VoiceChange) -> Option<VoiceLevel> {
        let level = self.level.get().unwrap_or(VoiceLevel {
            rate: 0,
            volume: 80,
        });
        let level = level.changed(change);
        self.level.set(Some(level));
        Some(level)
    }
}

impl<A: Announce + ?Sized> Announce for Box<A> {
    fn announce(&self, utterance: Utterance) {
        (**self).announce(utterance);
    }

    fn voice_notices(&self) -> Vec<VoiceNotice> {
        (**self).voice_notices()
    }

    fn finish_speaking(&self) -> Finished {
        (**self).finish_speaking()
    }

    fn hush(&self) {
        (**self).hush();
    }

    fn adjust(&self, change: VoiceChange) -> Option<VoiceLevel> {
        (**self).adjust(change)
    }

    fn waker(&self) -> Option<&crate::wake::Waker> {
        (**self).waker()
    }
}
