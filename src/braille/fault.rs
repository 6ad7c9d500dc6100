//! Why there is no braille display, or no longer one: BrlAPI's errors
//! kept as kinds and said in the pack's words, never in BrlAPI's English.

use crate::notation::pack::{LineSentence, Sentences};

/// Why there is no display.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BrailleError {
    /// BrlAPI is not installed.
    #[error("BrlAPI (libbrlapi) is not installed")]
    NoLibrary,
    /// BRLTTY is not running, or refuses the program.
    #[error("BRLTTY is not running or refuses the program: {0}")]
    NotRunning(BrailleFault),
    /// BRLTTY runs with no display.
    #[error("BRLTTY has no braille display")]
    NoDisplay,
    /// The display or BRLTTY went away.
    #[error("the braille display is lost: {0}")]
    Lost(BrailleFault),
    /// BRLTTY took the connection and gave no answer in time: stopped,
    /// hung, or not BRLTTY at all.
    #[error("BRLTTY does not answer")]
    NotAnswering,
}

/// What BrlAPI or the system gave as the reason, kept as a kind (said in
/// the pack's words) rather than as BrlAPI's English text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BrailleFault {
    /// Nothing answers at BRLTTY's socket: it is not running.
    #[error("nothing answers at its address")]
    Absent,
    /// BRLTTY's authentication refused this user.
    #[error("BRLTTY does not let this user in")]
    Refused,
    /// Another program holds the display or the terminal.
    #[error("another program holds the display")]
    Busy,
    /// BRLTTY closed the connection: stopped or restarted.
    #[error("BRLTTY closed the connection")]
    Closed,
    /// BRLTTY's driver reported an error.
    #[error("the display's driver failed")]
    Driver,
    /// BRLTTY took a line or a request and gave no answer in time.
    #[error("BRLTTY does not answer")]
    Silent,
    /// Anything else, by BrlAPI's number and the system's (0 for none).
    #[error("BrlAPI error {brlapi}, system error {system}")]
    Other {
        /// BrlAPI's `brlerrno`.
        brlapi: i32,
        /// The system's `errno`.
        system: i32,
    },
}

impl BrailleFault {
    /// The fault of BrlAPI's error numbers (`brlapi_error.h`, `errno.h`).
    pub fn of(brlapi: i32, system: i32) -> BrailleFault {
        const CONNREFUSED: i32 = 8;
        const LIBCERR: i32 = 11;
        const TTYBUSY: i32 = 2;
        const DEVICEBUSY: i32 = 3;
        const EOF: i32 = 14;
        const DRIVERERROR: i32 = 16;
        const AUTHENTICATION: i32 = 17;
        // errno: no such file, connection refused; permission; a closed pipe
        // or a reset connection.
        const ENOENT: i32 = 2;
        const ECONNREFUSED: i32 = 111;
        const EPERM: i32 = 1;
        const EACCES: i32 = 13;
        const EPIPE: i32 = 32;
        const ECONNRESET: i32 = 104;
        match (brlapi, system) {
            (CONNREFUSED, _) | (LIBCERR, ENOENT | ECONNREFUSED) => BrailleFault::Absent,
            (AUTHENTICATION, _) | (LIBCERR, EPERM | EACCES) => BrailleFault::Refused,
            (TTYBUSY | DEVICEBUSY, _) => BrailleFault::Busy,
            (EOF, _) | (LIBCERR, EPIPE | ECONNRESET) => BrailleFault::Closed,
            (DRIVERERROR, _) => BrailleFault::Driver,
            _ => BrailleFault::Other { brlapi, system },
        }
    }

    /// A fault of the system's own (a pipe or a thread not made).
    pub fn of_system(error: &std::io::Error) -> BrailleFault {
        BrailleFault::Other {
            brlapi: 0,
            system: error.raw_os_error().unwrap_or(0),
        }
    }

    /// The fault in the pack's words.
    pub fn say(self, line: &Sentences<LineSentence>) -> String {
        match self {
            BrailleFault::Absent => line.say(LineSentence::BrailleWhyAbsent, &[]),
            BrailleFault::Refused => line.say(LineSentence::BrailleWhyRefused, &[]),
            BrailleFault::Busy => line.say(LineSentence::BrailleWhyBusy, &[]),
            BrailleFault::Closed => line.say(LineSentence::BrailleWhyClosed, &[]),
            BrailleFault::Driver => line.say(LineSentence::BrailleWhyDriver, &[]),
            BrailleFault::Silent => line.say(LineSentence::BrailleWhySilent, &[]),
            BrailleFault::Other { brlapi, system } => line.say(
                LineSentence::BrailleWhyOther,
                &[
                    ("brlapi", &brlapi.to_string()),
                    ("system", &system.to_string()),
                ],
            ),
        }
    }
}

impl BrailleError {
    /// The error in the pack's words.
    pub fn say(&self, line: &Sentences<LineSentence>) -> String {
        match self {
            BrailleError::NoLibrary => line.say(LineSentence::BrailleNoLibrary, &[]),
            BrailleError::NotRunning(why) => line.say(
                LineSentence::BrailleNotRunning,
                &[("reason", &why.say(line))],
            ),
            BrailleError::NoDisplay => line.say(LineSentence::BrailleNoDisplay, &[]),
            BrailleError::Lost(why) => {
                line.say(LineSentence::BrailleLost, &[("reason", &why.say(line))])
            }
            BrailleError::NotAnswering => line.say(LineSentence::BrailleNotAnswering, &[]),
        }
    }

    /// Whether a display set to `auto` keeps quiet about it: nothing of
    /// BRLTTY's is there at all, which is no fault. Something that takes
    /// the connection and never answers is a fault, said even then.
    pub fn is_absence(&self) -> bool {
        matches!(
            self,
            BrailleError::NoLibrary | BrailleError::NotRunning(_) | BrailleError::NoDisplay
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pack::VoicePack;

    #[test]
    fn brlapi_numbers_become_kinds() {
        assert_eq!(BrailleFault::of(8, 0), BrailleFault::Absent);
        // A socket that is not there, a port nothing listens on.
        assert_eq!(BrailleFault::of(11, 2), BrailleFault::Absent);
        assert_eq!(BrailleFault::of(11, 111), BrailleFault::Absent);
        assert_eq!(BrailleFault::of(17, 0), BrailleFault::Refused);
        assert_eq!(BrailleFault::of(11, 13), BrailleFault::Refused);
        assert_eq!(BrailleFault::of(3, 0), BrailleFault::Busy);
        assert_eq!(BrailleFault::of(14, 0), BrailleFault::Closed);
        assert_eq!(BrailleFault::of(16, 0), BrailleFault::Driver);
        assert_eq!(
            BrailleFault::of(11, 24),
            BrailleFault::Other {
                brlapi: 11,
                system: 24
            }
        );
    }

    #[test]
    fn every_reason_is_said_in_the_packs_words() {
        let other = BrailleError::Lost(BrailleFault::Other {
            brlapi: 6,
            system: 0,
        });
        for (id, says) in [
            ("en", "BrlAPI error 6, system error 0"),
            ("fide", "BrlAPI-Fehler 6, Systemfehler 0"),
            ("pt", "erro 6 do BrlAPI, erro 0 do sistema"),
            ("es", "error 6 de BrlAPI, error 0 del sistema"),
        ] {
            let pack = VoicePack::builtin(id);
            let line = pack.line_sentences();
            assert!(other.say(line).contains(says), "{id}: {}", other.say(line));
            let absent = BrailleError::NotRunning(BrailleFault::Absent).say(line);
            assert!(
                !absent.contains("nothing answers") || id == "en",
                "{id}: {absent}"
            );
            assert!(!absent.contains('{'), "{id}: {absent}");
        }
    }
}
