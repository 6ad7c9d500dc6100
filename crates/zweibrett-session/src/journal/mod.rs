//! The game's journal on disk: created in the per-user data directory,
//! appended line by line through its writer thread ([`super::writer`]),
//! each command on disk (fdatasync) before the game acts on it, reopened to
//! resume. The format and its replay are the core's
//! ([`crate::record::journal`]).

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::clock::Instant;
use crate::fault::SystemFault;
use crate::game::{Command, Game, Setup};
use crate::notation::VoicePack;
use crate::notation::pack::{LineSentence, Sentences};
use crate::record::journal::{self, JournalError, Loaded};
use zweibrett_core::seat::SeatRole;

use super::writer::{Durability, Writer};

pub mod place;
pub mod unfinished;

pub use place::Displaced;
use place::PlacedFile;

/// Why a journal file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum JournalFileError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The file reads, but not as a journal, or its game cannot be rebuilt.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// Another process plays the game (one game, one writer).
    #[error(transparent)]
    Locked(#[from] super::lock::LockError),
}

impl JournalFileError {
    /// What failed, without the file's name: a failed read or write in
    /// the words of `line`, the pack's `[line]` sentences ("the disk is
    /// full").
    pub fn reason(&self, line: &Sentences<LineSentence>) -> String {
        match self {
            JournalFileError::Io { source, .. } => SystemFault::of(source).say(line),
            JournalFileError::Journal(e) => e.to_string(),
            JournalFileError::Locked(e) => e.reason(line),
        }
    }

    /// The error in `pack`'s words, with the file it concerns: a journal
    /// that cannot be read, replayed or held.
    pub fn say(&self, pack: &VoicePack) -> String {
        match self {
            JournalFileError::Io { path, source } => {
                SystemFault::at(path, source, pack.line_sentences())
            }
            JournalFileError::Journal(e) => e.say(pack),
            JournalFileError::Locked(e) => e.say(pack.line_sentences()),
        }
    }
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> JournalFileError + '_ {
    move |source| JournalFileError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// An open journal, appending through its writer thread, held by this
/// process for the game's life.
pub struct Journal {
    writer: Writer,
    path: PathBuf,
    /// The hold on the journal: no other process writes to it meanwhile.
    _lock: super::lock::GameLock,
}

/// The directory games are kept in: `games` in the per-user data
/// directory (on Linux `$XDG_DATA_HOME/zweibrett/games`).
pub fn games_dir() -> Option<PathBuf> {
    crate::config::user_data_dir().map(|d| d.join("games"))
}

impl Journal {
    /// Creates a new journal in `dir` for `setup`, named after the time it
    /// was created, and writes its header to disk.
    pub fn create(dir: &Path, setup: &Setup, now: SystemTime) -> Result<Journal, JournalFileError> {
        crate::files::private_dir(dir).map_err(io_err(dir))?;
        let ms = journal::wall_ms(now);
        let mut n = 0;
        let (file, path) = loop {
            let name = format!("game-{}-{ms}-{n}.jsonl", crate::record::date::stamp(now));
            let path = dir.join(name);
            match crate::files::private()
                .read(true)
                .append(true)
                .create_new(true)
                .open(&path)
            {
                Ok(file) => break (file, path),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => n += 1,
                Err(e) => return Err(io_err(&path)(e)),
            }
        };
        let lock = super::lock::GameLock::take(&path)?;
        // The header is on disk before the game starts, as is the file's
        // name in its directory.
        let header = format!("{}\n", journal::header_line(setup, now));
        (&file)
            .write_all(header.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(io_err(&path))?;
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        let file = PlacedFile::new(file, &path);
        let journal = Journal::writing(file, header.len() as u64, path, lock)?;
        unfinished::add(dir, &journal.path)?;
        Ok(journal)
    }

    /// Opens a loaded journal for appending; a torn last line is cut off
    /// first, so that the next line starts whole.
    pub fn reopen(path: &Path, loaded: &Loaded) -> Result<Journal, JournalFileError> {
        let _lock = super::lock::GameLock::take(path)?;
        let file = crate::files::private()
            .read(true)
            .append(true)
            .open(path)
            .map_err(io_err(path))?;
        // A program that left between the reading and the lock may have
        // written a last line the game read does not have.
        let len = file.metadata().map_err(io_err(path))?.len();
        if len < loaded.valid_len || (len > loaded.valid_len && !loaded.torn) {
            let changed = io::Error::other("the journal changed while it was read; resume again");
            return Err(io_err(path)(changed));
        }
        if loaded.torn {
            file.set_len(loaded.valid_len).map_err(io_err(path))?;
            file.sync_all().map_err(io_err(path))?;
        }
        let len = file.metadata().map_err(io_err(path))?.len();
        Journal::writing(PlacedFile::new(file, path), len, path.to_path_buf(), _lock)
    }

    /// The journal at `path`, `len` bytes long, held by `lock`, with its
    /// writer started.
    fn writing(
        file: impl crate::writer::Disk,
        len: u64,
        path: PathBuf,
        lock: super::lock::GameLock,
    ) -> Result<Journal, JournalFileError> {
        let writer = Writer::start(file, len).map_err(io_err(&path))?;
        Ok(Journal {
            writer,
            path,
            _lock: lock,
        })
    }

    /// The journal at `path`, held as a game's journal is, but written
    /// into `file`: a device that refuses writes, a disk that holds its
    /// syncs, in tests.
    #[cfg(test)]
    pub(crate) fn writing_into(
        file: impl crate::writer::Disk,
        path: &Path,
    ) -> Result<Journal, JournalFileError> {
        let lock = super::lock::GameLock::take(path)?;
        Journal::writing(file, 0, path.to_path_buf(), lock)
    }

    /// What rings the host when a line is written.
    pub fn waker(&self) -> &super::wake::Waker {
        self.writer.waker()
    }

    /// Where the journal is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Hands the line of `command`, entered at `at` into `game` (before
    /// the game acts on it), with the move it reads as, to the writer; its
    /// acknowledgement comes through [`Journal::acknowledged`] once it is
    /// on disk (a command) or in the page cache (a clock reading).
    pub fn submit(
        &mut self,
        game: &Game,
        at: Instant,
        command: &Command,
        now: SystemTime,
        seat: Option<SeatRole>,
    ) -> Result<(), JournalFileError> {
        let seat = seat.map(SeatRole::name);
        let line = journal::entry_line(at, command, game.reads_as(command), now, seat);
        let durability = if *command == Command::Tick {
            Durability::Cached
        } else {
            Durability::Synced
        };
        self.writer
            .send(&line, durability)
            .map_err(io_err(&self.path))
    }

    /// Whether the oldest line submitted and not yet acknowledged was
    /// written, when the writer has answered; never waits.
    pub fn acknowledged(&mut self) -> Option<Result<(), JournalFileError>> {
        let ack = self.writer.acknowledged()?;
        Some(ack.map_err(io_err(&self.path)))
    }

    /// The journal's file found deleted or replaced since last asked, and
    /// written back at its path with every line; never waits.
    pub fn displaced(&mut self) -> Option<Displaced> {
        self.writer.displaced()
    }

    /// Waits until the oldest line submitted and not yet acknowledged is
    /// written; `None` when there is none.
    pub fn wait(&mut self) -> Option<Result<(), JournalFileError>> {
        let ack = self.writer.wait()?;
        Some(ack.map_err(io_err(&self.path)))
    }

    /// Appends `command` as [`Journal::submit`] does and waits until it,
    /// and every line before it, is written: for tests, which have no
    /// session around the journal.
    #[cfg(test)]
    pub(crate) fn append(
        &mut self,
        game: &Game,
        at: Instant,
        command: &Command,
        now: SystemTime,
    ) -> Result<(), JournalFileError> {
        self.submit(game, at, command, now, None)?;
        while let Some(ack) = self.wait() {
            ack?;
        }
        Ok(())
    }
}

/// Rebuilds the game a journal records with its voice pack loaded by id
/// (a pack in `user_voices` wins over a built-in one, see
/// [`crate::packs::load`]). A voice that is not a pack's name is refused
/// before any file is looked at.
pub fn replay(
    path: &Path,
    loaded: &Loaded,
    user_voices: Option<&Path>,
) -> Result<Game, JournalError> {
    journal::replay_with(path, loaded, pack_of(path, loaded, user_voices)?)
}

/// The voice pack the journal at `path` names, loaded by id (see
/// [`replay`]); a voice that is not a pack's name is refused before any
/// file is looked at.
pub fn pack_of(
    path: &Path,
    loaded: &Loaded,
    user_voices: Option<&Path>,
) -> Result<VoicePack, JournalError> {
    let voice = &loaded.header.setup.voice;
    if !journal::is_pack_name(voice) {
        return Err(JournalError::Voice {
            path: path.to_path_buf(),
            voice: voice.clone(),
        });
    }
    crate::packs::load(voice, user_voices).map_err(|source| JournalError::Pack {
        path: path.to_path_buf(),
        source,
    })
}

/// The most bytes a journal is read up to: a game of 100,000 half-moves
/// with every seat's messages takes about 40 MB.
pub const MOST_JOURNAL_BYTES: u64 = 128 * 1024 * 1024;

/// Reads the journal at `path` (a plain file of at most
/// [`MOST_JOURNAL_BYTES`]); see [`journal::read`].
pub fn load(path: &Path) -> Result<Loaded, JournalFileError> {
    let bytes = crate::outside::read(path, crate::outside::Bound::bytes(MOST_JOURNAL_BYTES))
        .map_err(|e| io_err(path)(e.into()))?;
    Ok(journal::read(&bytes, path)?)
}

/// The most recently written journal in `dir` whose game is not over,
/// found through the index of unfinished games (see
/// [`unfinished::latest`]): a damaged newest journal is an error,
/// never a reason to pick an older game.
pub fn latest_unfinished(dir: &Path) -> Result<Option<PathBuf>, unfinished::UnfinishedError> {
    unfinished::latest(dir, crate::config::user_voice_dir().as_deref())
}

#[cfg(test)]
mod voice_tests {
    use super::*;
    use crate::record::journal::{header_line, is_pack_name, read};
    use std::time::UNIX_EPOCH;

    fn with_voice(voice: &str) -> Loaded {
        let setup = Setup {
            voice: voice.to_string(),
            ..Setup::default()
        };
        let line = header_line(&setup, UNIX_EPOCH) + "\n";
        read(line.as_bytes(), Path::new("game.jsonl")).unwrap()
    }

    #[test]
    fn a_voice_that_is_not_a_pack_name_is_refused_before_any_file_is_read() {
        let dir = std::env::temp_dir().join(format!("zweibrett-voice-{}", std::process::id()));
        for voice in [
            "../../x",
            "/etc/x.toml",
            "x.toml",
            "a/b",
            "..",
            "",
            "fide\n",
        ] {
            match replay(Path::new("game.jsonl"), &with_voice(voice), Some(&dir)) {
                Err(JournalError::Voice { path, voice: named }) => {
                    assert_eq!(path, Path::new("game.jsonl"));
                    assert_eq!(named, voice);
                }
                other => panic!("{voice:?}: {:?}", other.map(|_| ())),
            }
        }
    }

    #[test]
    fn a_pack_name_is_loaded() {
        for voice in ["fide", "pt", "es", "en"] {
            assert!(is_pack_name(voice));
            assert!(replay(Path::new("game.jsonl"), &with_voice(voice), None).is_ok());
        }
        assert!(is_pack_name("mein_paket-2"));
    }
}
