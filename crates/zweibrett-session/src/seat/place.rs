//! Where the seats' sockets live: one directory per user, reachable by that
//! user only, with one socket per running game named after its journal,
//! so that `zweibrett join GAME` finds a game by the name `resume` knows
//! it by.

use std::io;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::pack::SeatSentence;

/// The file name ending of a game's socket.
const SOCKET_EXTENSION: &str = "sock";

/// Why the seats' directory cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    /// The directory belongs to another user, is not a directory, or
    /// others may enter it: nothing in it can be trusted.
    #[error("the seats' directory {0} belongs to another user or can be reached by others")]
    Unsafe(PathBuf),
    /// The directory cannot be made or read.
    #[error("the seats' directory {0} cannot be used: {1}")]
    Io(PathBuf, io::Error),
}

impl PlaceError {
    /// The error in `pack`'s words.
    pub fn say(&self, pack: &VoicePack) -> String {
        let words = pack.seat_sentences();
        match self {
            PlaceError::Unsafe(dir) => words.say(
                SeatSentence::UnsafeDirectory,
                &[("dir", &dir.display().to_string())],
            ),
            PlaceError::Io(..) => {
                words.say(SeatSentence::Unreachable, &[("reason", &self.to_string())])
            }
        }
    }
}

/// The user's own id.
pub fn user_id() -> u32 {
    // SAFETY: geteuid cannot fail and touches no memory.
    unsafe { libc::geteuid() }
}

/// The directory the seats' sockets live in: `zweibrett` in the per-user
/// runtime directory (`$XDG_RUNTIME_DIR`), else `zweibrett-UID` in the
/// temporary directory. Made with mode 0700 when missing; refused when it
/// belongs to another user or others may enter it.
pub fn seats_dir() -> Result<PathBuf, PlaceError> {
    let dir =
        match directories::BaseDirs::new().and_then(|b| b.runtime_dir().map(Path::to_path_buf)) {
            Some(runtime) => runtime.join("zweibrett"),
            None => std::env::temp_dir().join(format!("zweibrett-{}", user_id())),
        };
    match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            // The runtime directory itself is missing: made for the user alone.
            std::fs::DirBuilder::new()
                .mode(0o700)
                .recursive(true)
                .create(&dir)
                .map_err(|e| io_error(dir.clone(), e))?;
        }
        Err(e) => return Err(io_error(dir, e)),
    }
    check_private(&dir)?;
    Ok(dir)
}

/// Refuses a directory that is a link, belongs to another user, or that
/// the group or others may read, write or enter.
pub fn check_private(dir: &Path) -> Result<(), PlaceError> {
    let meta = std::fs::symlink_metadata(dir).map_err(|e| io_error(dir.to_path_buf(), e))?;
    let private =
        meta.is_dir() && meta.uid() == user_id() && meta.permissions().mode() & 0o077 == 0;
    if private {
        Ok(())
    } else {
        Err(PlaceError::Unsafe(dir.to_path_buf()))
    }
}

/// A directory that cannot be made or read; one the user may not enter
/// is another user's.
fn io_error(dir: PathBuf, e: io::Error) -> PlaceError {
    if e.kind() == io::ErrorKind::PermissionDenied {
        PlaceError::Unsafe(dir)
    } else {
        PlaceError::Io(dir, e)
    }
}

/// The socket of the game journalled in `journal`.
pub fn socket_of(dir: &Path, journal: &Path) -> PathBuf {
    let stem = journal
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    dir.join(format!("{stem}.{SOCKET_EXTENSION}"))
}

/// The games with a socket in `dir`, by name (the journal's stem), sorted.
pub fn games_in(dir: &Path) -> Result<Vec<String>, PlaceError> {
    let entries = std::fs::read_dir(dir).map_err(|e| PlaceError::Io(dir.to_path_buf(), e))?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == SOCKET_EXTENSION))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    Ok(names)
}

/// The name `join` was given for a game, as `resume` names games: the
/// journal's file name, its stem or its path; the stem.
pub fn game_name(given: &str) -> String {
    let path = Path::new(given.trim());
    let name = path
        .file_name()
        .map_or_else(|| given.to_string(), |n| n.to_string_lossy().into_owned());
    for ending in [".jsonl", ".sock"] {
        if let Some(stem) = name.strip_suffix(ending) {
            return stem.to_string();
        }
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_named_by_its_journal() {
        let dir = Path::new("/run/user/1000/zweibrett");
        let journal = Path::new("/home/a/.local/share/zweibrett/games/game-x-1-0.jsonl");
        assert_eq!(
            socket_of(dir, journal),
            dir.join("game-x-1-0.sock").as_path()
        );
        for given in [
            "game-x-1-0",
            "game-x-1-0.jsonl",
            "/home/a/.local/share/zweibrett/games/game-x-1-0.jsonl",
        ] {
            assert_eq!(game_name(given), "game-x-1-0", "{given}");
        }
    }

    #[test]
    fn a_directory_others_may_enter_is_refused() {
        let dir = std::env::temp_dir().join(format!("zweibrett-place-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::DirBuilder::new().mode(0o700).create(&dir).unwrap();
        assert!(check_private(&dir).is_ok());
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(matches!(check_private(&dir), Err(PlaceError::Unsafe(_))));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
