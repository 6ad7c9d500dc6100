//! The game's journal format: every command one JSON line, written and
//! flushed to disk (fsync) by the program before its effects are announced,
//! so that a game survives any crash (D.2.7: the program is the player's
//! score). This module reads and writes the lines and replays them; it
//! touches no file.
//!
//! Format, one JSON object per line:
//! - line 1, the header: `{"journal":2,"setup":{…},"wall_ms":…}`;
//! - every further line: `{"t_ms":…,"wall_ms":…,"cmd":…,"uci":…}`, where
//!   `t_ms` is the game's time line (the [`Instant`] the command was entered
//!   at, in milliseconds), `wall_ms` the wall clock (Unix milliseconds), and
//!   `uci`, for a command that carries a move as text, the move the text
//!   was read as (absent when it read as no single legal move).
//!
//! Replaying the commands at their instants rebuilds the game. Each text
//! is read again first: when the reader of today (a changed voice pack, a
//! changed reader) reads it as another move, or no longer reads it, replay
//! stops with the file and line rather than build a different game.
//! Journals of version 1 recorded the text only and are replayed as read
//! today. A last line cut short by a crash is dropped; any other
//! unreadable line is an error naming it.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::clock::Instant;
use crate::game::{Command, Game, MOST_CLOCK_SECONDS, MOST_TIME_ADDED_SECONDS, Setup, SetupError};
use crate::notation::pack::LineSentence;
use crate::notation::{PackError, VoicePack};

pub use super::unreadable::Unreadable;

/// The journal format's version: 2 records what each move was read as.
pub const VERSION: u32 = 2;

/// The first version, which recorded a move's text only.
pub const VERSION_TEXT_ONLY: u32 = 1;

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
    /// The command, with any move as typed.
    pub cmd: Command,
    /// The move its text was read as, in UCI.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uci: Option<String>,
    /// The joined seat that typed it (`opponent`, `arbiter`, `assistant`),
    /// for disputes (D.2.11); none for the main keyboard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<String>,
}

impl Entry {
    /// The instant on the game's time line.
    pub fn at(&self) -> Instant {
        Instant::from_millis(self.t_ms)
    }
}

/// Why a journal cannot be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// A line that is not the last one cannot be read.
    #[error("{path}, line {line}: {reason}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The line, counting from 1.
        line: usize,
        /// What is wrong with it.
        reason: Unreadable,
    },
    /// The journal's voice pack cannot be loaded.
    #[error("{path}: {source}")]
    Pack {
        /// The file.
        path: PathBuf,
        /// Why the pack cannot be loaded.
        source: PackError,
    },
    /// The journal's voice is not the name of a pack: a path, or a name
    /// with characters no pack's name has. Only packs by name are loaded,
    /// so that a journal cannot make the program read another file.
    #[error(
        "{path}: the voice \"{voice}\" is not the name of a voice pack (letters, digits, \
         - and _; no path); name a built-in pack or one in the voices directory"
    )]
    Voice {
        /// The file.
        path: PathBuf,
        /// The voice as the journal has it.
        voice: String,
    },
    /// The journal's game cannot be set up (time control, position).
    #[error("{path}: {source}")]
    Setup {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: SetupError,
    },
    /// A move's text reads today as another move than the one recorded, or
    /// no longer reads: the game is not rebuilt.
    #[error(
        "{path}, line {line}: \"{text}\" was read as {} but now reads as {}; \
         the voice pack or the reader has changed since the game was recorded",
        recorded.as_deref().unwrap_or("no move"),
        now.as_deref().unwrap_or("no move")
    )]
    Misread {
        /// The file.
        path: PathBuf,
        /// The line, counting from 1.
        line: usize,
        /// The text as typed.
        text: String,
        /// What it was read as, in UCI.
        recorded: Option<String>,
        /// What it reads as now, in UCI.
        now: Option<String>,
    },
    /// A move is recorded that cannot be played in the position where it
    /// stands: the journal was changed by hand (or by a fault), not the
    /// reader.
    #[error(
        "{path}, line {line}: the move {recorded} (\"{text}\") cannot be played in the \
         position there; the journal was changed after the game was recorded"
    )]
    Illegal {
        /// The file.
        path: PathBuf,
        /// The line, counting from 1.
        line: usize,
        /// The text as typed.
        text: String,
        /// The move recorded, in UCI.
        recorded: String,
    },
}

impl JournalError {
    /// The error in `pack`'s words, with the file and line it concerns. A
    /// voice pack that cannot be loaded keeps its own words: they are for
    /// the pack's author.
    pub fn say(&self, pack: &VoicePack) -> String {
        let line = pack.line_sentences();
        match self {
            JournalError::Corrupt {
                path,
                line: number,
                reason,
            } => line.say(
                LineSentence::JournalAtLine,
                &[
                    ("file", &path.display().to_string()),
                    ("line", &number.to_string()),
                    ("reason", &reason.say(line)),
                ],
            ),
            JournalError::Pack { .. } => self.to_string(),
            JournalError::Voice { path, voice } => line.say(
                LineSentence::JournalNotAVoice,
                &[("file", &path.display().to_string()), ("voice", voice)],
            ),
            JournalError::Setup { path, source } => {
                format!("{}: {}", path.display(), source.say(pack))
            }
            JournalError::Misread {
                path,
                line: number,
                text,
                recorded,
                now,
            } => {
                let no_move = || line.say(LineSentence::JournalNoMove, &[]);
                line.say(
                    LineSentence::JournalMisread,
                    &[
                        ("file", &path.display().to_string()),
                        ("line", &number.to_string()),
                        ("text", text),
                        ("recorded", &recorded.clone().unwrap_or_else(no_move)),
                        ("now", &now.clone().unwrap_or_else(no_move)),
                    ],
                )
            }
            JournalError::Illegal {
                path,
                line: number,
                text,
                recorded,
            } => line.say(
                LineSentence::JournalIllegal,
                &[
                    ("file", &path.display().to_string()),
                    ("line", &number.to_string()),
                    ("text", text),
                    ("recorded", recorded),
                ],
            ),
        }
    }
}

/// A journal as read.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// Its header.
    pub header: Header,
    /// Its commands, in order; the first is on line 2.
    pub entries: Vec<Entry>,
    /// Whether the last line was cut short (and dropped).
    pub torn: bool,
    /// Bytes up to the end of the last whole line.
    pub valid_len: u64,
}

/// Milliseconds since the Unix epoch.
pub fn wall_ms(at: SystemTime) -> u64 {
    at.duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_millis() as u64
}

/// The header line of a new journal for `setup`, created at `now`, without
/// its newline.
pub fn header_line(setup: &Setup, now: SystemTime) -> String {
    let header = Header {
        journal: VERSION,
        setup: setup.clone(),
        wall_ms: wall_ms(now),
    };
    serde_json::to_string(&header).unwrap_or_default()
}

/// The line recording `command`, entered at `at` and read as `uci`, typed
/// at `seat` when a joined seat typed it, without its newline.
pub fn entry_line(
    at: Instant,
    command: &Command,
    uci: Option<String>,
    now: SystemTime,
    seat: Option<&str>,
) -> String {
    let entry = Entry {
        t_ms: at.0.as_millis() as u64,
        wall_ms: wall_ms(now),
        cmd: command.clone(),
        uci,
        seat: seat.map(str::to_string),
    };
    serde_json::to_string(&entry).unwrap_or_default()
}

/// Reads a journal's bytes; `path` only names it in errors. A last line
/// without its newline is taken as cut short by a crash and dropped; any
/// other unreadable line is an error with its number.
pub fn read(bytes: &[u8], path: &Path) -> Result<Loaded, JournalError> {
    let corrupt = |line: usize, reason: Unreadable| JournalError::Corrupt {
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
        let Some(end) = bytes[start..]
            .iter()
            .position(|b| *b == b'\n')
            .map(|i| start + i)
        else {
            // Cut short by a crash: never confirmed, so never announced.
            torn = true;
            break;
        };
        let line = &bytes[start..end];
        let text = std::str::from_utf8(line).map_err(|_| Unreadable::NotText);
        let parsed = text.and_then(|text| {
            if number == 1 {
                serde_json::from_str::<Header>(text)
                    .map(|h| header = Some(h))
                    .map_err(|_| Unreadable::NotEntry)
            } else {
                serde_json::from_str::<Entry>(text)
                    .map(|e| entries.push(e))
                    .map_err(|_| Unreadable::NotEntry)
            }
        });
        if let Err(reason) = parsed {
            return Err(corrupt(number, reason));
        }
        valid_len = (end + 1) as u64;
        start = end + 1;
    }
    let header = header.ok_or_else(|| corrupt(1, Unreadable::NoHeader))?;
    if header.journal != VERSION && header.journal != VERSION_TEXT_ONLY {
        return Err(corrupt(1, Unreadable::Version(header.journal)));
    }
    Ok(Loaded {
        header,
        entries,
        torn,
        valid_len,
    })
}

/// Whether `voice` can name a voice pack in a journal: one or more
/// letters, digits, `-` and `_`, so no path, no `..` and no file name.
pub fn is_pack_name(voice: &str) -> bool {
    !voice.is_empty()
        && voice
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

/// Rebuilds the game a journal records, moves announced in `pack`'s
/// words, replaying every command at its instant. Each move's text is read
/// again first and must read as the move recorded.
pub fn replay_with(path: &Path, loaded: &Loaded, pack: VoicePack) -> Result<Game, JournalError> {
    let setup = loaded.header.setup.clone();
    let mut game = Game::new(setup, pack).map_err(|source| JournalError::Setup {
        path: path.to_path_buf(),
        source,
    })?;
    // A position already decided is over before any entry; nothing of
    // the opening is said again on resume.
    game.opening();
    let checked = loaded.header.journal >= VERSION;
    for (i, entry) in loaded.entries.iter().enumerate() {
        if checked {
            let line = i + 2;
            if let Some(recorded) = &entry.uci
                && !game.is_legal_for(&entry.cmd, recorded)
            {
                return Err(JournalError::Illegal {
                    path: path.to_path_buf(),
                    line,
                    text: command_text(&entry.cmd).unwrap_or_default().to_string(),
                    recorded: recorded.clone(),
                });
            }
            let now = game.reads_as(&entry.cmd);
            if now != entry.uci {
                return Err(JournalError::Misread {
                    path: path.to_path_buf(),
                    line,
                    text: command_text(&entry.cmd).unwrap_or_default().to_string(),
                    recorded: entry.uci.clone(),
                    now,
                });
            }
        }
        if let Some(reason) = beyond_bounds(&entry.cmd) {
            return Err(JournalError::Corrupt {
                path: path.to_path_buf(),
                line: i + 2,
                reason,
            });
        }
        game.apply(&entry.cmd, entry.at());
    }
    Ok(game)
}

/// Why a command holds a value the typed line never gives: time added
/// beyond a day at once, a clock set beyond a hundred hours. Such a
/// journal was not written by the program, and is not replayed.
fn beyond_bounds(command: &Command) -> Option<Unreadable> {
    match command {
        Command::AddTime { seconds, .. } if seconds.unsigned_abs() > MOST_TIME_ADDED_SECONDS => {
            Some(Unreadable::TimeAdded(*seconds))
        }
        Command::SetTime { seconds, .. } if *seconds > MOST_CLOCK_SECONDS => {
            Some(Unreadable::ClockSet(*seconds))
        }
        _ => None,
    }
}

/// The move text a command carries, if any.
fn command_text(command: &Command) -> Option<&str> {
    match command {
        Command::Move(t)
        | Command::Correct(t)
        | Command::Repeat(t)
        | Command::Seal(t)
        | Command::Executed(t) => Some(t),
        Command::Claim {
            intended: Some(t), ..
        } => Some(t),
        _ => None,
    }
}

/// The instant of the last recorded command, the epoch if none.
pub fn last_instant(loaded: &Loaded) -> Instant {
    loaded.entries.last().map_or(Instant::ZERO, Entry::at)
}

#[cfg(test)]
mod voice_tests {
    use super::*;

    #[test]
    fn pack_names_are_words_never_paths() {
        for voice in ["fide", "pt", "es", "en", "mein_paket-2"] {
            assert!(is_pack_name(voice));
        }
        for voice in [
            "../../x",
            "/etc/x.toml",
            "x.toml",
            "a/b",
            "..",
            "",
            "fide\n",
        ] {
            assert!(!is_pack_name(voice), "{voice:?}");
        }
    }
}
