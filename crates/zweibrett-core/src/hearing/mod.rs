//! Hearing a spoken move (Appendix D.2.1): what a recogniser may hear in a
//! position, how its guesses become a move only when they can mean nothing
//! else, the sounds of a pack's words in the recogniser's phone set, and
//! where an utterance starts and ends in a stream of samples.
//!
//! Pure: the recogniser itself and the microphone live in the program.

pub mod acoustic;
pub mod band;
pub mod ctranslate;
pub mod decision;
pub mod dictionary;
pub mod enrolment;
pub mod explained;
pub mod grammar;
pub mod neighbours;
pub mod phones;
pub mod voice_activity;

pub use decision::{Guess, Heard, Margins, decide};
pub use grammar::{Grammar, Said};
