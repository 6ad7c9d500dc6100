//! The transcript of a game: every text handed to the speech output, the
//! same whether speech is on or off, appended to a file beside the
//! journal with the game's time and the wall clock. It is the record of
//! what the player heard (D.2.6.1, D.2.7), for them, for the arbiter and
//! for tests.
//!
//! One line per utterance, written and flushed at once, so a crash loses
//! nothing already said and a resumed game appends:
//!
//! ```text
//! 0:01:23.4<TAB>2026-11-23T21:40:05Z<TAB>Springer Felix drei
//! ```
//!
//! The game's time line (hours, minutes, seconds and tenths, as the
//! journal's `t_ms` counts it), a tab, the wall clock in UTC (ISO 8601), a
//! tab, and the text, its own tabs and line breaks made spaces. The file
//! is not what must never be lost — the journal is: when it cannot be
//! written the game goes on, and the shell says so once
//! ([`Transcript::take_failure`]).

use std::cell::RefCell;
use std::fs::File;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::TimeLine;
use crate::clock::Instant;
use crate::record::date::civil;
use crate::utterance::{Utterance, VoiceChange, VoiceLevel};
use crate::voice::{Announce, Finished, VoiceNotice};

/// Why the transcript cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum TranscriptError {
    /// The file cannot be opened or written.
    #[error("{path}: {source}")]
    Write {
        /// The transcript's file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The name is a symbolic link, which the game's files never write
    /// through (`/dev/stdout` is one).
    #[error("{path} is a symbolic link; name the file it leads to")]
    Link {
        /// The name given.
        path: PathBuf,
    },
    /// The name is a pipe, a device or a folder: writing to it could hold
    /// the game until someone reads it.
    #[error("{path} is not a plain file (a pipe, a device or a folder); name a file")]
    NotPlain {
        /// The name given.
        path: PathBuf,
    },
}

/// The speech output with a transcript: each utterance is written to the
/// file, then handed to the voice when there is one (`None`: speech off).
pub struct Transcript<A: Announce> {
    voice: Option<A>,
    path: PathBuf,
    /// The open file; `None` once it failed.
    file: RefCell<Option<File>>,
    time_line: TimeLine,
    /// A failure not yet said.
    failure: RefCell<Option<TranscriptError>>,
}

impl<A: Announce> Transcript<A> {
    /// A transcript appended to `path`, timed on `time_line`, in front of
    /// `voice`. A file that cannot be opened is reported by
    /// [`Transcript::take_failure`]; the utterances still reach the voice.
    pub fn open(path: &Path, time_line: TimeLine, voice: Option<A>) -> Transcript<A> {
        let (file, failure) = match open_plain(path) {
            Ok(file) => (Some(file), None),
            Err(failure) => (None, Some(failure)),
        };
        Transcript {
            voice,
            path: path.to_path_buf(),
            file: RefCell::new(file),
            time_line,
            failure: RefCell::new(failure),
        }
    }

    /// A transcript written nowhere, in front of `voice`: for a game
    /// journalled nowhere (tests, benchmarks).
    pub fn nowhere(time_line: TimeLine, voice: Option<A>) -> Transcript<A> {
        Transcript {
            voice,
            path: PathBuf::new(),
            file: RefCell::new(None),
            time_line,
            failure: RefCell::new(None),
        }
    }

    /// Where the transcript is written.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The voice behind the transcript, when speech is on.
    pub fn voice(&self) -> Option<&A> {
        self.voice.as_ref()
    }

    /// Why the transcript stopped being written, once: the shell shows it
    /// and says it, and the game goes on.
    pub fn take_failure(&self) -> Option<TranscriptError> {
        self.failure.borrow_mut().take()
    }

    fn write(&self, text: &str) {
        let mut file = self.file.borrow_mut();
        let Some(open) = file.as_mut() else {
            return;
        };
        let line = line(self.time_line.now(), SystemTime::now(), text);
        if let Err(source) = open.write_all(line.as_bytes()).and_then(|()| open.flush()) {
            *file = None;
            *self.failure.borrow_mut() = Some(TranscriptError::Write {
                path: self.path.clone(),
                source,
            });
        }
    }
}

impl<A: Announce> Announce for Transcript<A> {
    fn announce(&self, utterance: Utterance) {
        self.write(&utterance.text);
        if let Some(voice) = &self.voice {
            voice.announce(utterance);
        }
    }

    /// The voice's notices, each written to the transcript as it is taken.
    fn voice_notices(&self) -> Vec<VoiceNotice> {
        let notices = self
            .voice
            .as_ref()
            .map(Announce::voice_notices)
            .unwrap_or_default();
        for notice in &notices {
            self.write(&notice.text);
        }
        notices
    }

    fn finish_speaking(&self) -> Finished {
        self.voice
            .as_ref()
            .map_or(Finished::Said, Announce::finish_speaking)
    }

    fn hush(&self) {
        if let Some(voice) = &self.voice {
            voice.hush();
        }
    }

    fn adjust(&self, change: VoiceChange) -> Option<VoiceLevel> {
        self.voice.as_ref().and_then(|voice| voice.adjust(change))
    }

    fn waker(&self) -> Option<&crate::wake::Waker> {
        self.voice.as_ref().and_then(Announce::waker)
    }

    fn when_quiet(&self) -> Option<std::sync::mpsc::Receiver<std::time::Instant>> {
        self.voice.as_ref().and_then(Announce::when_quiet)
    }
}

/// One line of the transcript, with its line break.
pub fn line(game_time: Instant, wall: SystemTime, text: &str) -> String {
    // Nothing from a seat or a pack may run when the file is shown: an
    // escape sequence, a BiDi override or a zero-width character becomes
    // a visible mark, a line break a space.
    let text = crate::printable::printable(text);
    format!(
        "{}\t{}\t{}\n",
        game_clock(game_time),
        utc(wall),
        text.trim()
    )
}

/// `H:MM:SS.t` on the game's time line.
fn game_clock(at: Instant) -> String {
    let tenths = at.0.as_millis() / 100;
    let secs = tenths / 10;
    format!(
        "{}:{:02}:{:02}.{}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60,
        tenths % 10
    )
}

/// `YYYY-MM-DDTHH:MM:SSZ`.
fn utc(at: SystemTime) -> String {
    let (y, m, d) = civil(at);
    let secs = at.duration_since(UNIX_EPOCH).map_or(0, |t| t.as_secs()) % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Opens the transcript's file for appending: a plain file, or a new one
/// made its user's alone. Opening never waits (a pipe nobody reads would
/// hold the game until someone did: it is refused at once), and what is
/// not a plain file is refused.
fn open_plain(path: &Path) -> Result<File, TranscriptError> {
    let refused = |source: std::io::Error| match source.raw_os_error() {
        Some(libc::ELOOP) => TranscriptError::Link {
            path: path.to_path_buf(),
        },
        // A pipe with no reader, a device with nothing behind it.
        Some(libc::ENXIO | libc::EISDIR) => TranscriptError::NotPlain {
            path: path.to_path_buf(),
        },
        _ => TranscriptError::Write {
            path: path.to_path_buf(),
            source,
        },
    };
    let file = crate::files::private()
        .create(true)
        .append(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(refused)?;
    match file.metadata() {
        Ok(m) if m.is_file() => Ok(file),
        Ok(_) => Err(TranscriptError::NotPlain {
            path: path.to_path_buf(),
        }),
        Err(source) => Err(refused(source)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::utterance::Priority;
    use std::cell::RefCell as Cell;
    use std::time::Duration;

    struct Heard(Cell<Vec<String>>);

    impl Announce for Heard {
        fn announce(&self, utterance: Utterance) {
            self.0.borrow_mut().push(utterance.text);
        }
    }

    #[test]
    fn a_line_has_the_game_time_the_wall_clock_and_the_text() {
        let wall = UNIX_EPOCH + Duration::from_secs(1_795_470_005);
        let at = Instant(Duration::from_millis(83_456));
        assert_eq!(
            line(at, wall, "Springer\tFelix\ndrei"),
            "0:01:23.4\t2026-11-23T21:40:05Z\tSpringer Felix drei\n"
        );
        let late = Instant(Duration::from_secs(3 * 3600 + 5));
        assert!(line(late, wall, "x").starts_with("3:00:05.0\t"));
    }

    #[test]
    fn nothing_in_a_line_runs_when_the_file_is_shown() {
        let wall = UNIX_EPOCH + Duration::from_secs(1_795_470_005);
        let text = "Kh5\u{1b}]0;pwned\u{7} \u{202E}5h\u{200B}K";
        let written = line(Instant(Duration::ZERO), wall, text);
        let said = written.split('\t').nth(2).unwrap();
        assert_eq!(said, "Kh5\u{FFFD}]0;pwned\u{FFFD} \u{FFFD}5h\u{FFFD}K\n");
    }

    #[test]
    fn every_utterance_is_written_and_handed_on_and_a_failure_told_once() {
        let dir = std::env::temp_dir().join(format!("zweibrett-transcript-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.transcript");
        let t = Transcript::open(
            &path,
            TimeLine::starting_at(Duration::ZERO),
            Some(Heard(Cell::new(Vec::new()))),
        );
        t.announce(Utterance::new("Eva vier", Priority::Move));
        // A second transcript of the same file appends (a resumed game).
        let again: Transcript<Heard> =
            Transcript::open(&path, TimeLine::starting_at(Duration::from_secs(60)), None);
        again.announce(Utterance::new("Eva fünf", Priority::Move));
        let written = std::fs::read_to_string(&path).unwrap();
        let texts: Vec<&str> = written
            .lines()
            .map(|l| l.split('\t').nth(2).unwrap())
            .collect();
        assert_eq!(texts, ["Eva vier", "Eva fünf"]);
        assert!(written.lines().nth(1).unwrap().starts_with("0:01:00."));
        assert_eq!(*t.voice().unwrap().0.borrow(), ["Eva vier"]);
        assert!(t.take_failure().is_none());

        // A file that cannot be opened: said once, and speech goes on.
        let broken = Transcript::open(
            &dir.join("no/such/dir/game.transcript"),
            TimeLine::starting_at(Duration::ZERO),
            Some(Heard(Cell::new(Vec::new()))),
        );
        broken.announce(Utterance::new("Eva vier", Priority::Move));
        assert!(broken.take_failure().is_some());
        assert!(broken.take_failure().is_none(), "once");
        assert_eq!(*broken.voice().unwrap().0.borrow(), ["Eva vier"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_pipe_a_device_a_folder_or_a_link_is_refused_at_once_and_named() {
        let dir = crate::test_files::fresh_dir("transcript-odd");
        let fifo = dir.join("fifo");
        crate::test_files::fifo(&fifo);
        let link = dir.join("link");
        std::os::unix::fs::symlink(dir.join("elsewhere"), &link).unwrap();
        let cases = [
            (fifo.as_path(), "is not a plain file"),
            (Path::new("/dev/null"), "is not a plain file"),
            (dir.as_path(), "is not a plain file"),
            (link.as_path(), "is a symbolic link"),
        ];
        for (path, said) in cases {
            // A pipe nobody reads is refused, not waited on: a wait here
            // would never end.
            let t: Transcript<Heard> =
                Transcript::open(path, TimeLine::starting_at(Duration::ZERO), None);
            let failure = t.take_failure().expect("refused").to_string();
            assert!(failure.contains(said), "{}: {failure}", path.display());
        }
        assert!(
            !dir.join("elsewhere").exists(),
            "nothing written through the link"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
