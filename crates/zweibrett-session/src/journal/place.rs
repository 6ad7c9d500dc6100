//! The journal kept at its place: a file deleted during the game (`rm`,
//! a cleaning tool) or replaced by another (a sync tool renaming its copy
//! over it) would take every later move with it, though the program still
//! writes to the file it holds. After each command is on disk the file
//! held is compared with the one at the journal's path; when they differ,
//! the held file, every line of the game in it, is written back at the
//! path and written to from then on.

use std::fs::File;
use std::io::{self, Write};
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};

use crate::writer::Disk;

/// What had become of the journal at its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Displaced {
    /// Nothing was at the path any more: the file was deleted or renamed.
    Removed,
    /// Another file was at the path.
    Replaced,
}

/// The journal's file, opened for reading and appending, with its path.
pub struct PlacedFile {
    file: File,
    path: PathBuf,
}

impl PlacedFile {
    /// `file` (opened with read and append) held as the journal at `path`.
    pub fn new(file: File, path: &Path) -> PlacedFile {
        PlacedFile {
            file,
            path: path.to_path_buf(),
        }
    }

    /// Whether the file held is still the one at the path, and what had
    /// become of it if not.
    fn displaced(&self) -> io::Result<Option<Displaced>> {
        // The path, not the link count: a file renamed over the journal
        // leaves the one held with no link too.
        let held = self.file.metadata()?;
        match std::fs::symlink_metadata(&self.path) {
            Ok(there) if there.dev() == held.dev() && there.ino() == held.ino() => Ok(None),
            Ok(_) => Ok(Some(Displaced::Replaced)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Some(Displaced::Removed)),
            Err(e) => Err(e),
        }
    }

    /// Writes the file held back at the path, durably, through a new file
    /// beside it renamed over whatever is there; the new file is the one
    /// written to from then on.
    fn write_back(&mut self) -> io::Result<()> {
        let name = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let beside = self
            .path
            .with_file_name(format!(".{name}.{}.back", std::process::id()));
        let _ = std::fs::remove_file(&beside);
        let mut back = crate::files::private()
            .read(true)
            .append(true)
            .create_new(true)
            .open(&beside)?;
        let copied = copy_held(&self.file, &mut back).and_then(|()| back.sync_all());
        let placed = copied.and_then(|()| std::fs::rename(&beside, &self.path));
        if let Err(e) = placed {
            let _ = std::fs::remove_file(&beside);
            return Err(e);
        }
        if let Some(dir) = self.path.parent()
            && let Ok(dir) = File::open(dir)
        {
            let _ = dir.sync_all();
        }
        self.file = back;
        Ok(())
    }
}

/// Copies every byte of `held` to the end of `to`, read at offsets so that
/// the file held is left as it is.
fn copy_held(held: &File, to: &mut File) -> io::Result<()> {
    let mut buffer = vec![0u8; 64 * 1024];
    let mut at = 0u64;
    loop {
        let n = held.read_at(&mut buffer, at)?;
        if n == 0 {
            return Ok(());
        }
        to.write_all(&buffer[..n])?;
        at += n as u64;
    }
}

impl Write for PlacedFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Disk for PlacedFile {
    fn sync_data(&mut self) -> io::Result<()> {
        self.file.sync_data()
    }

    fn cut_to(&mut self, len: u64) -> io::Result<()> {
        Disk::cut_to(&mut self.file, len)
    }

    fn keep_in_place(&mut self) -> io::Result<Option<Displaced>> {
        let Some(displaced) = self.displaced()? else {
            return Ok(None);
        };
        self.write_back()?;
        Ok(Some(displaced))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(name: &str) -> (PathBuf, PlacedFile) {
        let dir = crate::test_files::fresh_dir(&format!("placed-{name}"));
        let path = dir.join("game.jsonl");
        let file = crate::files::private()
            .read(true)
            .append(true)
            .create_new(true)
            .open(&path)
            .unwrap();
        (path.clone(), PlacedFile::new(file, &path))
    }

    #[test]
    fn a_journal_deleted_is_written_back_whole_and_written_to_after() {
        let (path, mut file) = placed("deleted");
        file.write_all(b"one\ntwo\n").unwrap();
        assert_eq!(file.keep_in_place().unwrap(), None);
        std::fs::remove_file(&path).unwrap();
        file.write_all(b"three\n").unwrap();
        assert_eq!(file.keep_in_place().unwrap(), Some(Displaced::Removed));
        file.write_all(b"four\n").unwrap();
        assert_eq!(file.keep_in_place().unwrap(), None);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "one\ntwo\nthree\nfour\n"
        );
    }

    #[test]
    fn a_journal_replaced_by_a_copy_is_written_back_over_it() {
        let (path, mut file) = placed("replaced");
        file.write_all(b"one\ntwo\n").unwrap();
        // A sync tool's older copy renamed over the journal.
        let copy = path.with_file_name("copy");
        std::fs::write(&copy, "one\n").unwrap();
        std::fs::rename(&copy, &path).unwrap();
        assert_eq!(file.keep_in_place().unwrap(), Some(Displaced::Replaced));
        file.write_all(b"three\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\ntwo\nthree\n");
        let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, [std::ffi::OsString::from("game.jsonl")]);
    }

    #[test]
    fn a_journal_whose_folder_is_gone_cannot_be_written_back() {
        let (path, mut file) = placed("gone");
        file.write_all(b"one\n").unwrap();
        std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
        assert!(file.keep_in_place().is_err());
    }
}
