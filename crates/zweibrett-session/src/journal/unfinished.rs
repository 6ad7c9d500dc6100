//! The index of unfinished games, so that `resume` without a file finds
//! the game to continue without reading the user's whole history: the
//! directory `unfinished/` in the games directory holds one empty marker
//! per journal whose game is not over, named like the journal. A marker
//! is made with the journal and removed when the game ends.
//!
//! Journals written before the index existed are read once, by the first
//! program that needs the index: each that is unfinished or cannot be read
//! gets a marker, and the index is put in place whole (built aside, then
//! renamed), so that a crash halfway leaves no half index behind.

use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::{JournalFileError, load};

/// The name of the index directory inside the games directory.
const INDEX: &str = "unfinished";

/// Why `resume` cannot pick the game to continue.
#[derive(Debug, thiserror::Error)]
pub enum UnfinishedError {
    /// The index cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The index directory or marker.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
    /// The newest unfinished game's journal cannot be read or replayed:
    /// an older game is not resumed in its place.
    #[error(
        "the newest unfinished game cannot be resumed: {source}; resume another game by \
         naming its journal (zweibrett resume FILE), or move this journal out of {dir} to \
         resume the one before it"
    )]
    Damaged {
        /// The games directory.
        dir: PathBuf,
        /// What is wrong with the journal (it names the file).
        source: Box<JournalFileError>,
    },
}

impl UnfinishedError {
    /// The error in `pack`'s words.
    pub fn say(&self, pack: &crate::notation::VoicePack) -> String {
        let line = pack.line_sentences();
        match self {
            UnfinishedError::Io { path, source } => {
                crate::fault::SystemFault::at(path, source, line)
            }
            UnfinishedError::Damaged { dir, source } => line.say(
                crate::notation::pack::LineSentence::ResumeDamaged,
                &[
                    ("reason", &source.say(pack)),
                    ("dir", &dir.display().to_string()),
                ],
            ),
        }
    }
}

/// The marker of `journal` in the index beside it.
fn marker(journal: &Path) -> Option<PathBuf> {
    let name = journal.file_name()?;
    Some(journal.parent()?.join(INDEX).join(name))
}

/// Marks `journal`, in the games directory `dir`, as a game not over;
/// journals from before the index are indexed first.
pub fn add(dir: &Path, journal: &Path) -> Result<(), JournalFileError> {
    let index = ensure(dir).map_err(|e| match e {
        UnfinishedError::Io { path, source } => JournalFileError::Io { path, source },
        UnfinishedError::Damaged { source, .. } => *source,
    })?;
    let Some(name) = journal.file_name() else {
        return Ok(());
    };
    let path = index.join(name);
    mark(&path).map_err(|source| JournalFileError::Io { path, source })
}

/// An empty marker file, its user's alone, never written through a link.
fn mark(path: &Path) -> std::io::Result<()> {
    crate::files::private()
        .write(true)
        .create(true)
        .truncate(true)
        .open(path)
        .map(drop)
}

/// Takes `journal` off the index: its game is over. A marker already gone
/// is no fault.
pub fn remove(journal: &Path) {
    if let Some(path) = marker(journal) {
        let _ = std::fs::remove_file(path);
    }
}

/// The newest journal in `dir` whose game is not over, as the index has
/// it: newest by the time it was last written. A marker whose journal is
/// gone, or whose game turns out to be over, is dropped and the next one
/// looked at; a journal that cannot be read or replayed stops the search.
pub fn latest(dir: &Path, user_voices: Option<&Path>) -> Result<Option<PathBuf>, UnfinishedError> {
    let index = ensure(dir)?;
    let io = |source| UnfinishedError::Io {
        path: index.clone(),
        source,
    };
    let mut games: Vec<(SystemTime, PathBuf, PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(&index).map_err(io)? {
        let entry = entry.map_err(io)?;
        let marker = entry.path();
        let journal = dir.join(entry.file_name());
        match journal.metadata().and_then(|m| m.modified()) {
            Ok(written) => games.push((written, journal, marker)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let _ = std::fs::remove_file(&marker);
            }
            Err(source) => {
                return Err(UnfinishedError::Io {
                    path: journal,
                    source,
                });
            }
        }
    }
    games.sort();
    for (_, journal, marker) in games.into_iter().rev() {
        match over(&journal, user_voices) {
            Ok(true) => {
                let _ = std::fs::remove_file(&marker);
            }
            Ok(false) => return Ok(Some(journal)),
            Err(source) => {
                return Err(UnfinishedError::Damaged {
                    dir: dir.to_path_buf(),
                    source: Box::new(source),
                });
            }
        }
    }
    Ok(None)
}

/// Whether the game `journal` records is over; an error when it cannot be
/// read or replayed.
fn over(journal: &Path, user_voices: Option<&Path>) -> Result<bool, JournalFileError> {
    let loaded = load(journal)?;
    let game = super::replay(journal, &loaded, user_voices)?;
    Ok(game.outcome().is_some())
}

/// The index directory of `dir`, built from the journals there when it is
/// not there yet.
fn ensure(dir: &Path) -> Result<PathBuf, UnfinishedError> {
    let index = dir.join(INDEX);
    if index.is_dir() {
        return Ok(index);
    }
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| UnfinishedError::Io { path, source }
    };
    crate::files::private_dir(dir).map_err(io(dir))?;
    let building = dir.join(format!(".{INDEX}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&building);
    {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&building)
            .map_err(io(&building))?;
    }
    let user_voices = crate::config::user_voice_dir();
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let Ok(entry) = entry else { continue };
        let journal = entry.path();
        if journal.extension().is_none_or(|x| x != "jsonl") {
            continue;
        }
        // Unfinished, or not readable: `resume` is to say which.
        if !matches!(over(&journal, user_voices.as_deref()), Ok(true)) {
            let path = building.join(entry.file_name());
            mark(&path).map_err(io(&path))?;
        }
    }
    match std::fs::rename(&building, &index) {
        Ok(()) => Ok(index),
        // Another program put its index in place first.
        Err(_) if index.is_dir() => {
            let _ = std::fs::remove_dir_all(&building);
            Ok(index)
        }
        Err(source) => {
            let _ = std::fs::remove_dir_all(&building);
            Err(UnfinishedError::Io {
                path: index,
                source,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::clock::Instant;
    use crate::clock::schedule::ClockSettings;
    use crate::game::{Command, Game, Press, Repetition, Setup, Side};
    use crate::notation::VoicePack;
    use crate::{GameSession, Journal};

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "zweibrett-unfinished-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    /// A game journalled in `dir` after `commands`; where its journal is.
    fn played(dir: &Path, commands: &[Command]) -> PathBuf {
        let setup = Setup {
            time: "600".into(),
            repetition: Repetition::Quick,
            press: Press::Separate,
            ..Setup::default()
        };
        let game = Game::new(setup.clone(), VoicePack::fide()).unwrap();
        let journal = Journal::create(dir, &setup, SystemTime::now()).unwrap();
        let path = journal.path().to_path_buf();
        let mut session = GameSession::new(
            game,
            Some(journal),
            Duration::ZERO,
            ClockSettings::default(),
        );
        for (i, c) in commands.iter().enumerate() {
            session
                .enter_and_wait(c, Instant::from_millis(1500 * (i as u64 + 1)))
                .unwrap();
        }
        // Journals written at once can share a modification time.
        std::thread::sleep(Duration::from_millis(20));
        path
    }

    fn opening() -> Vec<Command> {
        vec![Command::Move("e4".into()), Command::Press]
    }

    fn resigned() -> Vec<Command> {
        vec![
            Command::Move("e4".into()),
            Command::Resign(Some(Side::White)),
        ]
    }

    #[test]
    fn a_game_is_on_the_index_until_it_ends() {
        let d = dir("ends");
        let first = played(&d, &opening());
        assert!(d.join(INDEX).join(first.file_name().unwrap()).exists());
        let finished = played(&d, &resigned());
        assert!(!d.join(INDEX).join(finished.file_name().unwrap()).exists());
        assert_eq!(latest(&d, None).unwrap(), Some(first.clone()));
        std::fs::remove_file(&first).unwrap();
        assert_eq!(latest(&d, None).unwrap(), None);
        assert_eq!(std::fs::read_dir(d.join(INDEX)).unwrap().count(), 0);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_damaged_newest_journal_stops_the_search_and_is_named() {
        let d = dir("damaged");
        let _older = played(&d, &opening());
        let newer = played(&d, &opening());
        let text = std::fs::read_to_string(&newer).unwrap();
        let mut lines: Vec<&str> = text.lines().collect();
        lines[1] = "{\"t_ms\":oops}";
        std::fs::write(&newer, lines.join("\n") + "\n").unwrap();
        let e = latest(&d, None).unwrap_err();
        let said = e.to_string();
        assert!(matches!(e, UnfinishedError::Damaged { .. }), "{said}");
        assert!(said.contains(&newer.display().to_string()), "{said}");
        assert!(said.contains("line 2"), "{said}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_journal_written_to_between_its_reading_and_its_lock_is_not_reopened() {
        let d = dir("changed");
        let path = played(&d, &opening());
        let loaded = crate::journal::load(&path).unwrap();
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        std::io::Write::write_all(
            &mut file,
            b"{\"t_ms\":5000,\"wall_ms\":1,\"cmd\":\"pause\"}\n",
        )
        .unwrap();
        let e = Journal::reopen(&path, &loaded).err().unwrap();
        assert!(e.to_string().contains("changed while it was read"), "{e}");
        let loaded = crate::journal::load(&path).unwrap();
        assert!(Journal::reopen(&path, &loaded).is_ok());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn journals_from_before_the_index_are_indexed_once() {
        let d = dir("before");
        let unfinished = played(&d, &opening());
        let _finished = played(&d, &resigned());
        std::fs::remove_dir_all(d.join(INDEX)).unwrap();
        assert_eq!(latest(&d, None).unwrap(), Some(unfinished.clone()));
        let indexed: Vec<_> = std::fs::read_dir(d.join(INDEX))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(indexed, [unfinished.file_name().unwrap()]);
        let _ = std::fs::remove_dir_all(&d);
    }
}
