//! The game's journal on disk: created in the per-user data directory,
//! appended line by line through its writer thread ([`super::writer`]),
//! each command on disk (fdatasync) before the game acts on it, reopened to
//! resume. The format and its replay are the core's
//! ([`crate::record::journal`]).

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::clock::Instant;
use crate::game::{Command, Game, Setup};
use crate::record::journal::{self, JournalError, Loaded};

use super::writer::{Durability, Writer};

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
}

impl JournalFileError {
    /// What failed, without the file's name: the system's words for a
    /// failed write ("No space left on device").
    pub fn reason(&self) -> String {
        match self {
            JournalFileError::Io { source, .. } => source.to_string(),
            JournalFileError::Journal(e) => e.to_string(),
        }
    }
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> JournalFileError + '_ {
    move |source| JournalFileError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// An open journal, appending through its writer thread.
pub struct Journal {
    writer: Writer,
    path: PathBuf,
}

/// The directory games are kept in: `games` in the per-user data
/// directory (on Linux `$XDG_DATA_HOME/zweibrett/games`).
pub fn games_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "zweibrett").map(|d| d.data_dir().join("games"))
}

impl Journal {
    /// Creates a new journal in `dir` for `setup`, named after the time it
    /// was created, and writes its header to disk.
    pub fn create(dir: &Path, setup: &Setup, now: SystemTime) -> Result<Journal, JournalFileError> {
        std::fs::create_dir_all(dir).map_err(io_err(dir))?;
        let ms = journal::wall_ms(now);
        let mut n = 0;
        let (file, path) = loop {
            let name = format!("game-{}-{ms}-{n}.jsonl", crate::record::date::stamp(now));
            let path = dir.join(name);
            match OpenOptions::new().append(true).create_new(true).open(&path) {
                Ok(file) => break (file, path),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => n += 1,
                Err(e) => return Err(io_err(&path)(e)),
            }
        };
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
        Journal::writing(file, header.len() as u64, path)
    }

    /// Opens a loaded journal for appending; a torn last line is cut off
    /// first, so that the next line starts whole.
    pub fn reopen(path: &Path, loaded: &Loaded) -> Result<Journal, JournalFileError> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(io_err(path))?;
        if loaded.torn {
            file.set_len(loaded.valid_len).map_err(io_err(path))?;
            file.sync_all().map_err(io_err(path))?;
        }
        let len = file.metadata().map_err(io_err(path))?.len();
        Journal::writing(file, len, path.to_path_buf())
    }

    /// The journal at `path`, `len` bytes long, with its writer started.
    fn writing(file: File, len: u64, path: PathBuf) -> Result<Journal, JournalFileError> {
        let writer = Writer::start(file, len).map_err(io_err(&path))?;
        Ok(Journal { writer, path })
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
    ) -> Result<(), JournalFileError> {
        let line = journal::entry_line(at, command, game.reads_as(command), now);
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

    /// Waits until the oldest line submitted and not yet acknowledged is
    /// written; `None` when there is none.
    pub fn wait(&mut self) -> Option<Result<(), JournalFileError>> {
        let ack = self.writer.wait()?;
        Some(ack.map_err(io_err(&self.path)))
    }

    /// Appends `command` as [`Journal::submit`] does and waits until it,
    /// and every line before it, is written.
    pub fn append(
        &mut self,
        game: &Game,
        at: Instant,
        command: &Command,
        now: SystemTime,
    ) -> Result<(), JournalFileError> {
        self.submit(game, at, command, now)?;
        while let Some(ack) = self.wait() {
            ack?;
        }
        Ok(())
    }
}

/// Reads the journal at `path`; see [`journal::read`].
pub fn load(path: &Path) -> Result<Loaded, JournalFileError> {
    let bytes = std::fs::read(path).map_err(io_err(path))?;
    Ok(journal::read(&bytes, path)?)
}

/// The most recently written journal in `dir` whose game is not over.
pub fn latest_unfinished(dir: &Path) -> Option<PathBuf> {
    let mut files: Vec<(SystemTime, PathBuf)> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .filter_map(|p| Some((p.metadata().ok()?.modified().ok()?, p)))
        .collect();
    files.sort();
    files.into_iter().rev().map(|(_, p)| p).find(|p| {
        load(p)
            .ok()
            .and_then(|l| journal::replay(p, &l, crate::config::user_voice_dir().as_deref()).ok())
            .is_some_and(|g| g.outcome().is_none())
    })
}
