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
//! utterances are spoken is decided by the pure `queue::Scheduler`.
//!
//! A game's shells hand every utterance to a [`Transcript`] in front of
//! the output, whether speech is on or off, so that what was said is
//! written down with its time.
//!
//! A full-screen UI calls `quiet_stderr` before it starts the output and
//! enters raw mode, and keeps the guard while it runs: the sound libraries
//! print warnings straight to descriptor 2, from their own threads.

pub use zweibrett_core::utterance::{Earcon, Priority, Utterance};
pub(crate) use zweibrett_core::utterance::{Moment, Topic, VoiceChange, VoiceLevel};

#[cfg(target_os = "linux")]
pub(crate) mod alsa_quiet;
pub(crate) mod audio;
pub mod clips;
pub mod earcon;
mod nudge;
pub mod output;
pub(crate) mod queue;
pub(crate) mod reader;
mod retry;
pub(crate) mod settings;
pub(crate) mod stderr;
mod system;
mod voice;
pub(crate) use zweibrett_core::wav;

pub use output::{ActiveVoice, SpeechOutput, TextFeed};
pub use settings::{Backend, SpeechSettings};
pub(crate) use stderr::quiet_stderr;
pub(crate) use zweibrett_session::transcript::Transcript;
pub use zweibrett_session::voice::Announce;
#[cfg(test)]
pub(crate) use zweibrett_session::voice::Recorder;
pub(crate) use zweibrett_session::voice::{Finished, VoiceNotice};
