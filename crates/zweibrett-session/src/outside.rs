//! Reading a file that comes from outside the program: a voice pack, a
//! configuration, a theme, an audit, a dictionary, a recording, a followed
//! score, a journal. Every one goes through [`read`], so every one is
//! refused the same way, at once and with its reason: what is not a plain
//! file (a pipe nobody writes to, `/dev/zero`, a folder), what is larger
//! than its bound, what does not begin as its format must.
//!
//! The file is opened without waiting (a pipe put in its place since it
//! was named would otherwise block the open), looked at through the open
//! file rather than its name, and read no further than its bound even if
//! it grows while it is read.

use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Why an outside file was not read.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The system could not open or read it.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// It is a pipe, a device or a folder, which might never end.
    #[error("not a plain file but a device, pipe or folder")]
    NotPlainFile,
    /// It is larger than what this kind of file can be.
    #[error("it has {bytes} bytes; it is read up to {most}")]
    TooLarge {
        /// Its size when it was looked at or read.
        bytes: u64,
        /// The bound for its kind.
        most: u64,
    },
    /// Its beginning is not what its format begins with.
    #[error("{0}")]
    Header(String),
    /// It was to be text and is not UTF-8.
    #[error("not UTF-8 text")]
    NotText,
}

impl From<Refusal> for io::Error {
    fn from(refusal: Refusal) -> io::Error {
        match refusal {
            Refusal::Io(e) => e,
            Refusal::NotText => io::Error::new(io::ErrorKind::InvalidData, refusal),
            other => io::Error::other(other),
        }
    }
}

/// Judges a file's first bytes: `Err` says why they are not its format's.
pub type HeaderCheck = dyn Fn(&[u8]) -> Result<(), String>;

/// What an outside file must be to be read: its largest size, and what its
/// first bytes must be.
#[derive(Clone, Copy)]
pub struct Bound<'a> {
    /// The most bytes it may have.
    pub most: u64,
    /// How many first bytes [`Bound::header`] looks at (0: none).
    pub header_bytes: usize,
    /// Checks the first bytes before the size and the body: a file that is
    /// not of the format is named as such even when it is also too large.
    pub header: Option<&'a HeaderCheck>,
}

impl Bound<'_> {
    /// At most `most` bytes, of any beginning.
    pub fn bytes(most: u64) -> Bound<'static> {
        Bound {
            most,
            header_bytes: 0,
            header: None,
        }
    }
}

/// The bytes of the outside file at `path`, read as [`Bound`] allows.
pub fn read(path: &Path, bound: Bound) -> Result<Vec<u8>, Refusal> {
    let mut file = File::options()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(Refusal::NotPlainFile);
    }
    let mut bytes = Vec::new();
    if let Some(check) = bound.header {
        (&mut file)
            .take(bound.header_bytes as u64)
            .read_to_end(&mut bytes)?;
        check(&bytes).map_err(Refusal::Header)?;
    }
    if meta.len() > bound.most {
        return Err(Refusal::TooLarge {
            bytes: meta.len(),
            most: bound.most,
        });
    }
    // One byte past the bound tells a file that grew since it was looked at.
    file.take(bound.most + 1 - bytes.len() as u64)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > bound.most {
        return Err(Refusal::TooLarge {
            bytes: bytes.len() as u64,
            most: bound.most,
        });
    }
    Ok(bytes)
}

/// The text of the outside file at `path`: at most `most` bytes of UTF-8.
pub fn read_text(path: &Path, most: u64) -> Result<String, Refusal> {
    String::from_utf8(read(path, Bound::bytes(most))?).map_err(|_| Refusal::NotText)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("zweibrett-outside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_plain_file_within_its_bound_is_read_whole() {
        let path = dir().join("small.txt");
        std::fs::write(&path, "e4 e5").unwrap();
        assert_eq!(read_text(&path, 5).unwrap(), "e4 e5");
        assert!(matches!(
            read_text(&path, 4),
            Err(Refusal::TooLarge { bytes: 5, most: 4 })
        ));
    }

    #[test]
    fn devices_pipes_and_folders_are_refused_without_waiting() {
        assert!(matches!(
            read(Path::new("/dev/zero"), Bound::bytes(10)),
            Err(Refusal::NotPlainFile)
        ));
        assert!(matches!(
            read(&dir(), Bound::bytes(10)),
            Err(Refusal::NotPlainFile)
        ));
        let fifo = dir().join("fifo");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo is needed here");
        assert!(matches!(
            read(&fifo, Bound::bytes(10)),
            Err(Refusal::NotPlainFile)
        ));
    }

    #[test]
    fn the_header_is_judged_before_the_size_and_text_must_be_utf8() {
        let path = dir().join("big.bin");
        std::fs::write(&path, [0xffu8; 64]).unwrap();
        let riff = |head: &[u8]| {
            if head.starts_with(b"RIFF") {
                Ok(())
            } else {
                Err("not a WAV file".to_string())
            }
        };
        let bound = Bound {
            most: 8,
            header_bytes: 4,
            header: Some(&riff),
        };
        assert_eq!(
            read(&path, bound).unwrap_err().to_string(),
            "not a WAV file"
        );
        assert!(matches!(read_text(&path, 100), Err(Refusal::NotText)));
    }
}
