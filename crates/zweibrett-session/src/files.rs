//! Writing a user's file whole or not at all: the new contents go to a
//! temporary file beside it, which is put on disk and then renamed over
//! the old one, so that a full disk, a crash or a killed process leaves
//! either the earlier file or the new one, never a truncated mix.
//!
//! The game's own files (journal, lock, transcript, PGN) are personal:
//! created readable by their user alone, in folders only their user can
//! enter, and never opened through a symbolic link, which another program
//! could have put in their place to have the game write elsewhere.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Replaces the file at `path` with `bytes`, or leaves it as it was: the
/// bytes are written to a temporary file in the same directory, put on
/// disk, and renamed over `path`; the directory is put on disk after. A
/// file that was there keeps its permissions; a symbolic link is followed
/// and its target replaced. What is not a plain file (a terminal, a pipe,
/// `/dev/null`) is written to directly, as nothing can be renamed over it,
/// waiting on its reader as long as it takes: for a command run from a
/// shell, as a shell's redirection would. On failure the temporary file
/// is removed and the error is the one that stopped the write.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_whole_within(path, bytes, None)
}

/// Writes as [`write_whole`] does, for a game or an analysis under way: a
/// pipe or a device is never waited on for long. One nobody reads, or
/// whose reader takes nothing for [`READER_WAIT`], is an error of kind
/// [`io::ErrorKind::WouldBlock`].
pub fn write_whole_unwaited(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_whole_within(path, bytes, Some(READER_WAIT))
}

fn write_whole_within(path: &Path, bytes: &[u8], wait: Option<Duration>) -> io::Result<()> {
    let target;
    let path = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            target = std::fs::canonicalize(path)?;
            target.as_path()
        }
        _ => path,
    };
    if let Ok(m) = std::fs::metadata(path)
        && !m.is_file()
    {
        return match wait {
            Some(wait) => write_to_reader(path, bytes, wait),
            None => OpenOptions::new().write(true).open(path)?.write_all(bytes),
        };
    }
    replace(path, bytes, true)
}

/// Writes a file the program keeps for itself beside a user's file or in
/// its data folder (a kept pass, an opening tree, saved games): its folder
/// made first, whole or not at all ([`write_whole_unwaited`]), never into
/// a pipe or a device standing in its place.
pub fn write_kept(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(io::Error::other("not a plain file"));
    }
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir)?;
    }
    write_whole_unwaited(path, bytes)
}

/// How long a write to a pipe or a device waits for its reader to take
/// what is written.
pub const READER_WAIT: Duration = Duration::from_secs(1);

/// Writes `bytes` to a pipe or a device without waiting on it: opened
/// without waiting for a reader, each part written as the reader takes it,
/// for at most `wait` in all.
fn write_to_reader(path: &Path, bytes: &[u8], wait: Duration) -> io::Result<()> {
    let no_reader = || io::Error::from(io::ErrorKind::WouldBlock);
    let file = match OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
    {
        // A pipe with no reader refuses to be opened for writing.
        Err(e) if e.raw_os_error() == Some(libc::ENXIO) => return Err(no_reader()),
        opened => opened?,
    };
    let deadline = Instant::now() + wait;
    let mut left = bytes;
    while !left.is_empty() {
        match (&file).write(left) {
            Ok(n) => left = &left[n..],
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                let wait = deadline.saturating_duration_since(Instant::now());
                if wait.is_zero() {
                    return Err(no_reader());
                }
                let mut ready = libc::pollfd {
                    fd: file.as_raw_fd(),
                    events: libc::POLLOUT,
                    revents: 0,
                };
                let ms = i32::try_from(wait.as_millis()).unwrap_or(i32::MAX).max(1);
                // SAFETY: one pollfd record, live for the call.
                unsafe { libc::poll(&mut ready, 1, ms) };
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// The text of an outside file the user gave (a configuration, a theme,
/// a score): a plain file of at most `most` bytes in UTF-8, as
/// [`crate::outside::read_text`] reads it.
pub fn read_text(path: &Path, most: u64) -> io::Result<String> {
    Ok(crate::outside::read_text(path, most)?)
}

/// Options that create a file readable and writable by its user alone
/// and refuse to open a symbolic link (`O_NOFOLLOW`: the error is ELOOP).
pub fn private() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.mode(0o600).custom_flags(libc::O_NOFOLLOW);
    options
}

/// Creates `dir` and the folders above it that are missing, each one its
/// user's alone (0700); folders already there are left as they are.
pub fn private_dir(dir: &Path) -> io::Result<()> {
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

/// Replaces the game's own file at `path` with `bytes` as [`write_whole`]
/// does, but a symbolic link there is replaced by the file, never
/// written through, and a new file is its user's alone.
pub fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // A rename puts the new file in a link's place.
    replace(path, bytes, false)
}

/// Writes `bytes` to a temporary file beside `path`, puts it on disk and
/// renames it over `path`; the permissions of a file there are kept when
/// `keep_permissions`, else the new file is its user's alone.
fn replace(path: &Path, bytes: &[u8], keep_permissions: bool) -> io::Result<()> {
    replace_as(path, bytes, keep_permissions, true)
}

/// Replaces `path` with `bytes` whole, by a rename, without putting it on
/// disk: for a copy that is written again at the next change and that the
/// journal can always make again (the live PGN a broadcast reads). A
/// reader sees the old file or the new, never a mix; a crash may lose the
/// newest copy, never the game. The permissions of a file there are kept;
/// a new file is its user's alone.
pub fn publish(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(io::Error::other("not a plain file"));
    }
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir)?;
    }
    replace_as(path, bytes, true, false)
}

fn replace_as(path: &Path, bytes: &[u8], keep_permissions: bool, durable: bool) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let (mut file, temporary) = temporary_beside(&dir, &name.to_string_lossy())?;
    let written = (|| {
        if keep_permissions && let Ok(old) = std::fs::metadata(path) {
            file.set_permissions(old.permissions())?;
        }
        file.write_all(bytes)?;
        if durable {
            file.sync_all()?;
        }
        drop(file);
        std::fs::rename(&temporary, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(e);
    }
    // The rename itself is on disk only once the directory is; a directory
    // that cannot be opened or synced (some file systems) keeps the file
    // written all the same.
    if durable && let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// A new file in `dir` named after `name`, hidden, with this process's id
/// and a counter, so that two writers never share one.
fn temporary_beside(dir: &Path, name: &str) -> io::Result<(File, PathBuf)> {
    let pid = std::process::id();
    let mut n = 0u32;
    loop {
        let temporary = dir.join(format!(".{name}.{pid}-{n}.tmp"));
        // Its user's alone until the permissions of a file it replaces
        // are set on it.
        match private().write(true).create_new(true).open(&temporary) {
            Ok(file) => return Ok((file, temporary)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::FileTypeExt;

    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("zweibrett-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    fn entries(d: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_new_file_is_written_and_nothing_else_is_left() {
        let d = dir("new");
        let path = d.join("game.pgn");
        write_whole(&path, b"1. e4 *\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"1. e4 *\n");
        assert_eq!(entries(&d), ["game.pgn"]);
    }

    #[test]
    fn an_old_file_is_replaced_whole_and_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let d = dir("old");
        let path = d.join("game.pgn");
        std::fs::write(&path, b"a much longer earlier game text\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_whole(&path, b"short\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"short\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(entries(&d), ["game.pgn"]);
    }

    #[test]
    fn a_link_is_followed_and_a_device_written_to_directly() {
        let d = dir("link");
        let target = d.join("kept.brf");
        std::fs::write(&target, b"old").unwrap();
        std::os::unix::fs::symlink(&target, d.join("link.brf")).unwrap();
        write_whole(&d.join("link.brf"), b"new").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        assert!(
            std::fs::symlink_metadata(d.join("link.brf"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        write_whole(Path::new("/dev/null"), b"nothing").unwrap();
        assert!(
            std::fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }

    #[test]
    fn a_file_in_a_missing_directory_fails_and_leaves_nothing() {
        let d = dir("missing");
        let e = write_whole(&d.join("no/such/game.pgn"), b"x").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        assert!(entries(&d).is_empty());
    }

    #[test]
    fn the_games_own_file_replaces_a_link_and_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let d = dir("private");
        let mine = d.join("letter.txt");
        std::fs::write(&mine, b"Dear Anna").unwrap();
        let pgn = d.join("game.pgn");
        std::os::unix::fs::symlink(&mine, &pgn).unwrap();
        write_private(&pgn, b"1. e4 *\n").unwrap();
        assert_eq!(std::fs::read(&mine).unwrap(), b"Dear Anna");
        let meta = std::fs::symlink_metadata(&pgn).unwrap();
        assert!(meta.is_file());
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::read(&pgn).unwrap(), b"1. e4 *\n");
        let folder = d.join("games/deeper");
        private_dir(&folder).unwrap();
        let mode = std::fs::metadata(&folder).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }
}

#[cfg(test)]
mod unwaited_tests {
    use super::*;
    use crate::test_files::{fifo, fresh_dir};
    use std::io::Read;

    #[test]
    fn a_pipe_nobody_reads_is_refused_at_once_and_one_whose_reader_stops_within_the_wait() {
        let dir = fresh_dir("unwaited");
        let pipe = dir.join("score.brf");
        fifo(&pipe);
        let started = Instant::now();
        let e = write_whole_unwaited(&pipe, b"score").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::WouldBlock);
        assert!(started.elapsed() < Duration::from_millis(200));

        // A reader that opens the pipe and takes nothing: more than the
        // pipe holds is given up after the wait.
        let reader = File::options()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&pipe)
            .unwrap();
        let started = Instant::now();
        let e = write_whole_unwaited(&pipe, &vec![b'x'; 1 << 20]).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::WouldBlock);
        let took = started.elapsed();
        assert!(took >= READER_WAIT && took < READER_WAIT * 3, "{took:?}");
        drop(reader);

        // A reader that reads gets everything.
        let reading = {
            let pipe = pipe.clone();
            std::thread::spawn(move || {
                let mut all = Vec::new();
                File::open(&pipe).unwrap().read_to_end(&mut all).unwrap();
                all.len()
            })
        };
        // Opening waits for nobody: ask again until the reader is there.
        let deadline = Instant::now() + Duration::from_secs(10);
        while let Err(e) = write_whole_unwaited(&pipe, &vec![b'y'; 300_000]) {
            assert_eq!(e.kind(), io::ErrorKind::WouldBlock);
            assert!(Instant::now() < deadline, "the reader never came");
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(reading.join().unwrap(), 300_000);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
