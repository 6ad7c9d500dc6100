//! The game's journal: every command appended as one JSON line and flushed
//! to disk (fsync) before its effects are announced, so that a game
//! survives any crash (D.2.7: the program is the player's score).
//!
//! Format, one JSON object per line:
//! - line 1, the header: `{"journal":1,"setup":{…},"wall_ms":…}`;
//! - every further line: `{"t_ms":…,"wall_ms":…,"cmd":…}`, where `t_ms` is
//!   the game's time line (the [`Instant`] the command was applied at, in
//!   milliseconds) and `wall_ms` the wall clock (Unix milliseconds).
//!
//! Replaying the commands at their instants rebuilds the game exactly. The
//! shell records a `"tick"` twice a second while a clock runs, so the clocks
//! are known to within half a second of a crash. A last line cut short by
//! the crash is dropped; any other unreadable line is an error naming it.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::clock::Instant;
use crate::game::{Command, Game, Setup};
use crate::notation::VoicePack;

/// The journal format's version.
pub const VERSION: u32 = 1;

/// The first line of a journal.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Header {
    /// Format version.
    pub journal: u32,
    /// The game's setup.
    pub setup: Setup,
    /// When the game was created, Unix milliseconds.
    pub wall_ms: u64,
}

/// One recorded command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The game's time line, milliseconds.
    pub t_ms: u64,
    /// The wall clock, Unix milliseconds.
    pub wall_ms: u64,
    /// The command.
    pub cmd: Command,
}

impl Entry {
    /// The instant on the game's time line.
    pub fn at(&self) -> Instant {
        Instant::from_millis(self.t_ms)
    }
}

/// Why a journal cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// A line that is not the last one cannot be read.
    #[error("{path}, line {line}: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The line, counting from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The journal's game cannot be set up (unknown voice, time control).
    #[error("{path}: {reason}")]
    Setup {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
}

/// A journal read from disk.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Its header.
    pub header: Header,
    /// Its commands, in order.
    pub entries: Vec<Entry>,
    /// Whether the last line was cut short (and dropped).
    pub torn: bool,
    /// Bytes up to the end of the last whole line.
    pub valid_len: u64,
}

/// An open journal, appending.
pub struct Journal {
    file: File,
    path: PathBuf,
}

/// Milliseconds since the Unix epoch.
pub fn wall_ms(at: SystemTime) -> u64 {
    at.duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_millis() as u64
}

/// The directory games are kept in: `games` in the per-user data
/// directory (on Linux `$XDG_DATA_HOME/zweibrett/games`).
pub fn games_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "zweibrett").map(|d| d.data_dir().join("games"))
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> JournalError + '_ {
    move |source| JournalError::Io {
        path: path.to_path_buf(),
        source,
    }
}

impl Journal {
    /// Creates a new journal in `dir` for `setup`, named after the time it
    /// was created, and writes its header to disk.
    pub fn create(dir: &Path, setup: &Setup, now: SystemTime) -> Result<Journal, JournalError> {
        std::fs::create_dir_all(dir).map_err(io_err(dir))?;
        let ms = wall_ms(now);
        let mut n = 0;
        let (file, path) = loop {
            let name = format!("game-{}-{ms}-{n}.jsonl", super::date::stamp(now));
            let path = dir.join(name);
            match OpenOptions::new().append(true).create_new(true).open(&path) {
                Ok(file) => break (file, path),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => n += 1,
                Err(e) => return Err(io_err(&path)(e)),
            }
        };
        let mut journal = Journal { file, path };
        let header = Header {
            journal: VERSION,
            setup: setup.clone(),
            wall_ms: ms,
        };
        let line = serde_json::to_string(&header).expect("a header serialises");
        journal.write_line(&line)?;
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(journal)
    }

    /// Opens a loaded journal for appending; a torn last line is cut off
    /// first, so that the next line starts whole.
    pub fn reopen(path: &Path, loaded: &Loaded) -> Result<Journal, JournalError> {
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(io_err(path))?;
        if loaded.torn {
            file.set_len(loaded.valid_len).map_err(io_err(path))?;
            file.sync_all().map_err(io_err(path))?;
        }
        Ok(Journal {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Where the journal is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `command`, applied at `at`, and waits until it is on disk.
    pub fn append(
        &mut self,
        at: Instant,
        command: &Command,
        now: SystemTime,
    ) -> Result<(), JournalError> {
        let entry = Entry {
            t_ms: at.0.as_millis() as u64,
            wall_ms: wall_ms(now),
            cmd: command.clone(),
        };
        let line = serde_json::to_string(&entry).expect("an entry serialises");
        self.write_line(&line)
    }

    fn write_line(&mut self, line: &str) -> Result<(), JournalError> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.file.write_all(&bytes).map_err(io_err(&self.path))?;
        self.file.sync_data().map_err(io_err(&self.path))
    }
}

/// Reads a journal. A last line without its newline is taken as cut short
/// by a crash and dropped; any other unreadable line is
/// an error with its number.
pub fn load(path: &Path) -> Result<Loaded, JournalError> {
    let bytes = std::fs::read(path).map_err(io_err(path))?;
    read(&bytes, path)
}

/// Reads a journal from its bytes, as [`load`] does; `path` names it in
/// errors.
pub fn read(bytes: &[u8], path: &Path) -> Result<Loaded, JournalError> {
    let corrupt = |line: usize, reason: String| JournalError::Corrupt {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut header = None;
    let mut entries = Vec::new();
    let mut torn = false;
    let mut valid_len = 0u64;
    let mut start = 0usize;
    let mut number = 0usize;
    while start < bytes.len() {
        number += 1;
        let end = bytes[start..]
            .iter()
            .position(|b| *b == b'\n')
            .map(|i| start + i);
        let (line, whole) = match end {
            Some(e) => (&bytes[start..e], true),
            None => (&bytes[start..], false),
        };
        let next = end.map_or(bytes.len(), |e| e + 1);
        if !whole {
            // Cut short by a crash: never confirmed, so never announced.
            torn = true;
            break;
        }
        let text = std::str::from_utf8(line).map_err(|e| e.to_string());
        let parsed = text.and_then(|text| {
            if number == 1 {
                serde_json::from_str::<Header>(text)
                    .map(|h| header = Some(h))
                    .map_err(|e| e.to_string())
            } else {
                serde_json::from_str::<Entry>(text)
                    .map(|e| entries.push(e))
                    .map_err(|e| e.to_string())
            }
        });
        if let Err(reason) = parsed {
            return Err(corrupt(number, reason));
        }
        valid_len = next as u64;
        start = next;
    }
    let header = header.ok_or_else(|| corrupt(1, "no header".into()))?;
    if header.journal != VERSION {
        return Err(corrupt(
            1,
            format!("journal version {} is not known", header.journal),
        ));
    }
    Ok(Loaded {
        header,
        entries,
        torn,
        valid_len,
    })
}

/// Rebuilds the game a journal records, replaying every command at its
/// instant.
pub fn replay(path: &Path, loaded: &Loaded) -> Result<Game, JournalError> {
    let pack = VoicePack::load(&loaded.header.setup.voice).map_err(|e| JournalError::Setup {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    replay_with(path, loaded, pack)
}

/// Rebuilds the game a journal records with the voice pack given, as
/// [`replay`] does with the pack the journal names; `path` names it in
/// errors.
pub fn replay_with(path: &Path, loaded: &Loaded, pack: VoicePack) -> Result<Game, JournalError> {
    let setup = loaded.header.setup.clone();
    let mut game = Game::new(setup, pack).map_err(|reason| JournalError::Setup {
        path: path.to_path_buf(),
        reason,
    })?;
    for entry in &loaded.entries {
        game.apply(&entry.cmd, entry.at());
    }
    Ok(game)
}

/// The instant of the last recorded command, the epoch if none.
pub fn last_instant(loaded: &Loaded) -> Instant {
    loaded.entries.last().map_or(Instant::ZERO, Entry::at)
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
            .and_then(|l| replay(p, &l).ok())
            .is_some_and(|g| g.outcome().is_none())
    })
}
