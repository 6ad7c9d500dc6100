//! One game, one writer: a game's journal is held by one process for the
//! game's life. The hold is an advisory lock (flock on Unix) on a small
//! file beside the journal, `game-….lock`, which also records the holder's
//! process id so that a second process can say who plays the game. The
//! operating system lets the lock go when its holder dies, however it
//! dies, so a lock left by a killed process is taken over silently.
//!
//! The lock is the standard library's `File::try_lock` (flock(2) on
//! Linux, `LockFileEx` on Windows).

use std::fs::File;
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

use crate::fault::SystemFault;
use crate::notation::pack::{LineSentence, Sentences};

/// Why a journal cannot be held.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds the journal: it plays the game.
    #[error("{journal}: the game is played by {}", holder(*pid))]
    Held {
        /// The journal.
        journal: PathBuf,
        /// The process that holds it, when its lock file says.
        pid: Option<u32>,
    },
    /// The lock file cannot be opened, locked or written.
    #[error("{path}: {source}")]
    Io {
        /// The lock file.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
}

impl LockError {
    /// What failed, without the journal's name, in the words of `line`,
    /// a pack's `[line]` sentences.
    pub fn reason(&self, line: &Sentences<LineSentence>) -> String {
        match self {
            LockError::Held { pid: Some(pid), .. } => {
                line.say(LineSentence::GameHeld, &[("pid", &pid.to_string())])
            }
            LockError::Held { pid: None, .. } => line.say(LineSentence::GameHeldElsewhere, &[]),
            LockError::Io { source, .. } => SystemFault::of(source).say(line),
        }
    }

    /// The error in the words of `line`, with the file it concerns.
    pub fn say(&self, line: &Sentences<LineSentence>) -> String {
        let file = match self {
            LockError::Held { journal, .. } => journal,
            LockError::Io { path, .. } => path,
        };
        format!("{}: {}", file.display(), self.reason(line))
    }
}

fn holder(pid: Option<u32>) -> String {
    pid.map_or_else(
        || "another process".to_string(),
        |pid| format!("process {pid}"),
    )
}

/// The hold of one journal, released when dropped (or when the process
/// ends).
#[derive(Debug)]
pub struct GameLock {
    file: File,
    path: PathBuf,
}

/// Where the lock of `journal` is kept: beside it, with its own
/// extension.
pub fn lock_path(journal: &Path) -> PathBuf {
    journal.with_extension("lock")
}

impl GameLock {
    /// Takes the hold of `journal` for this process, or says which process
    /// has it.
    pub fn take(journal: &Path) -> Result<GameLock, LockError> {
        let path = lock_path(journal);
        let io = |source| LockError::Io {
            path: path.clone(),
            source,
        };
        // A holder that leaves removes the file; one that opened it just
        // before then locks a file no longer there. Only the lock of the
        // file at the path counts, so such a lock is let go and taken anew.
        for _ in 0..100 {
            // Never through a link: a link in the lock's place would have
            // this process's id written into the file it names.
            let mut file = crate::files::private()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io)?;
            match try_lock(&file) {
                Ok(true) => {}
                Ok(false) => {
                    return Err(LockError::Held {
                        journal: journal.to_path_buf(),
                        pid: recorded_pid(&mut file),
                    });
                }
                Err(source) => return Err(io(source)),
            }
            if !same_file(&file, &path) {
                continue;
            }
            file.set_len(0).map_err(io)?;
            file.rewind().map_err(io)?;
            writeln!(file, "{}", std::process::id()).map_err(io)?;
            return Ok(GameLock { file, path });
        }
        Err(io(io::Error::other("the lock file keeps being replaced")))
    }

    /// Where the lock file is.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for GameLock {
    fn drop(&mut self) {
        // Removed while still locked, so that no one reads a stale id; the
        // lock goes with the file handle right after.
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// Takes the exclusive lock of `file` without waiting: false when another
/// open file holds it.
fn try_lock(file: &File) -> io::Result<bool> {
    match file.try_lock() {
        Ok(()) => Ok(true),
        Err(std::fs::TryLockError::WouldBlock) => Ok(false),
        Err(std::fs::TryLockError::Error(e)) => Err(e),
    }
}

/// The process id a lock file records, if it records one.
fn recorded_pid(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Whether `file` is the file now at `path`.
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Whether `file` is the file now at `path`: elsewhere a file that is open
/// cannot be removed, so it always is.
#[cfg(not(unix))]
fn same_file(_file: &File, _path: &Path) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn journal(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("zweibrett-lock-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let path = d.join("game-1.jsonl");
        std::fs::write(&path, "{}\n").unwrap();
        path
    }

    #[test]
    fn a_second_hold_is_refused_with_the_holder_s_id() {
        let path = journal("second");
        let held = GameLock::take(&path).unwrap();
        match GameLock::take(&path) {
            Err(LockError::Held { journal, pid }) => {
                assert_eq!(journal, path);
                assert_eq!(pid, Some(std::process::id()));
            }
            other => panic!("{other:?}"),
        }
        drop(held);
        assert!(!lock_path(&path).exists());
        GameLock::take(&path).unwrap();
    }

    #[test]
    fn a_lock_file_left_behind_is_taken_over() {
        let path = journal("stale");
        std::fs::write(lock_path(&path), "999999999\n").unwrap();
        let held = GameLock::take(&path).unwrap();
        let text = std::fs::read_to_string(held.path()).unwrap();
        assert_eq!(text.trim(), std::process::id().to_string());
    }

    #[test]
    fn a_link_in_the_locks_place_is_refused_and_its_target_untouched() {
        use std::os::unix::fs::PermissionsExt;
        let path = journal("linked");
        let mine = path.with_file_name("letter.txt");
        std::fs::write(&mine, "Dear Anna\n").unwrap();
        std::os::unix::fs::symlink(&mine, lock_path(&path)).unwrap();
        assert!(matches!(GameLock::take(&path), Err(LockError::Io { .. })));
        assert_eq!(std::fs::read_to_string(&mine).unwrap(), "Dear Anna\n");
        // Without the link the lock is the user's alone.
        std::fs::remove_file(lock_path(&path)).unwrap();
        let held = GameLock::take(&path).unwrap();
        let mode = std::fs::metadata(held.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
