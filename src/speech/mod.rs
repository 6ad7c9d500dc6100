//! Speech and sound: where announcements leave the program.
//!
//! Everything the core wants said is an [`Utterance`] handed to an
//! [`Announce`] implementation. Implementations never block the caller: the
//! clock and the UI go on whatever the speech engine does.
//!
//! [`SpeechOutput`] is the implementation the program uses: a thread that
//! owns the voices (system speech through `tts`, the built-in clip voice and
//! the earcons through `cpal`) and a [`TextFeed`] that receives every
//! announcement as text, whatever else speaks. The order in which
//! utterances are spoken is decided by the pure [`queue::Scheduler`].
//!
//! A game's shells hand every utterance to a [`Transcript`] in front of
//! the output, whether speech is on or off, so that what was said is
//! written down with its time.
//!
//! A full-screen UI calls [`quiet_stderr`] before it starts the output and
//! enters raw mode, and keeps the guard while it runs: the sound libraries
//! print warnings straight to descriptor 2, from their own threads.

pub use zweibrett_core::utterance::{Earcon, Priority, Utterance};

pub mod audio;
pub mod clips;
pub mod earcon;
pub mod output;
pub mod queue;
mod retry;
pub mod settings;
pub mod stderr;
mod system;
pub mod transcript;
mod voice;
pub use zweibrett_core::wav;

pub use output::{ActiveVoice, Finished, SpeechOutput, TextFeed, VoiceNotice};
pub use settings::{Backend, SpeechSettings};
pub use stderr::{StderrGuard, quiet_stderr};
pub use transcript::{Transcript, TranscriptError};

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

    /// What rings the game's host when the voice has a notice; none for
    /// an output without voices.
    fn waker(&self) -> Option<&crate::session::wake::Waker> {
        None
    }
}

/// An output that keeps what it is handed, in order, for whoever holds a
/// clone to take: what a game said, checked by the game-flow tests.
#[derive(Clone, Default)]
pub struct Recorder(std::rc::Rc<std::cell::RefCell<Vec<Utterance>>>);

impl Recorder {
    /// Everything handed over since the last take.
    pub fn take(&self) -> Vec<Utterance> {
        std::mem::take(&mut self.0.borrow_mut())
    }

    /// The texts handed over since the last take.
    pub fn texts(&self) -> Vec<String> {
        self.take().into_iter().map(|u| u.text).collect()
    }
}

impl Announce for Recorder {
    fn announce(&self, utterance: Utterance) {
        self.0.borrow_mut().push(utterance);
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

    fn waker(&self) -> Option<&crate::session::wake::Waker> {
        (**self).waker()
    }
}
