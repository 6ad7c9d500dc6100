//! Why the system refused to read or write a file, as a kind the voice
//! pack puts in words: the system's own message is in English whatever
//! the game's language ("No space left on device").

use std::io;

use crate::notation::pack::{LineSentence, Sentences};

/// What the system gave as the reason a file could not be read or
/// written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemFault {
    /// The file or a folder on its way is not there.
    NotFound,
    /// The user may not read or write it.
    NoPermission,
    /// The disk, or the user's share of it, is full.
    DiskFull,
    /// The disk can only be read.
    ReadOnly,
    /// A pipe or a device that nothing reads from, or whose reader takes
    /// nothing: the write was not waited for.
    NoReader,
    /// Anything else, by the system's number (0 for none).
    Other(i32),
}

impl SystemFault {
    /// The fault of `error`.
    pub fn of(error: &io::Error) -> SystemFault {
        match error.kind() {
            io::ErrorKind::NotFound => SystemFault::NotFound,
            io::ErrorKind::PermissionDenied => SystemFault::NoPermission,
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => SystemFault::DiskFull,
            io::ErrorKind::ReadOnlyFilesystem => SystemFault::ReadOnly,
            io::ErrorKind::WouldBlock => SystemFault::NoReader,
            _ => SystemFault::Other(error.raw_os_error().unwrap_or(0)),
        }
    }

    /// "{file}: {why}": the file `error` befell and the fault in the
    /// words of `line`.
    pub fn at(file: &std::path::Path, error: &io::Error, line: &Sentences<LineSentence>) -> String {
        format!("{}: {}", file.display(), SystemFault::of(error).say(line))
    }

    /// The fault in the words of `line`, the pack's `[line]` sentences.
    pub fn say(self, line: &Sentences<LineSentence>) -> String {
        match self {
            SystemFault::NotFound => line.say(LineSentence::WhyNotFound, &[]),
            SystemFault::NoPermission => line.say(LineSentence::WhyNoPermission, &[]),
            SystemFault::DiskFull => line.say(LineSentence::WhyDiskFull, &[]),
            SystemFault::ReadOnly => line.say(LineSentence::WhyReadOnly, &[]),
            SystemFault::NoReader => line.say(LineSentence::WhyNoReader, &[]),
            SystemFault::Other(code) => {
                line.say(LineSentence::WhySystem, &[("code", &code.to_string())])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::VoicePack;

    #[test]
    fn the_systems_reasons_in_the_packs_words() {
        let full = io::Error::from_raw_os_error(28);
        assert_eq!(SystemFault::of(&full), SystemFault::DiskFull);
        let gone = io::Error::from_raw_os_error(2);
        assert_eq!(SystemFault::of(&gone), SystemFault::NotFound);
        let busy = io::Error::from_raw_os_error(16);
        assert_eq!(SystemFault::of(&busy), SystemFault::Other(16));
        for id in ["fide", "pt", "es", "en"] {
            let pack = VoicePack::builtin(id);
            let line = pack.line_sentences();
            let said = SystemFault::DiskFull.say(line);
            assert!(!said.is_empty() && !said.contains('{'), "{id}: {said}");
            assert!(id == "en" || !said.contains("disk is full"), "{id}: {said}");
            assert!(SystemFault::Other(16).say(line).contains("16"), "{id}");
        }
    }
}
