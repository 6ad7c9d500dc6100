//! Indexing a PGN file on every processor at once: a large database is cut
//! where a game begins, each stretch indexed on a thread of its own, and
//! the stretches joined; where they do not join cleanly (a cut inside a
//! comment), the file is read again in one pass. Either way the index is
//! the one a single pass gives.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use crate::record::pgn_index::{GameIndex, IndexedPart, index_part, open_plain};

/// Files smaller than this are read in one pass: a thread costs more than
/// it saves.
const SMALLEST_STRETCH: u64 = 8 * 1024 * 1024;

/// How far from a planned cut a game's beginning is looked for.
const LOOK_FOR_A_GAME: u64 = 1024 * 1024;

/// Indexes the PGN file at `path`: a plain file only (see
/// [`GameIndex::build`]), in stretches on as many processors as there are
/// where it is large.
pub fn index(path: &Path) -> io::Result<GameIndex> {
    // Asked only of a large file: the answer reads the control groups.
    let processors = || std::thread::available_parallelism().map_or(1, |n| n.get());
    index_in(path, processors, SMALLEST_STRETCH).map(|(index, _)| index)
}

/// [`index`] with at most `stretches()` stretches of at least `smallest`
/// bytes; with how many stretches were joined (1: one pass).
fn index_in(
    path: &Path,
    stretches: impl FnOnce() -> usize,
    smallest: u64,
) -> io::Result<(GameIndex, usize)> {
    let (file, size) = open_plain(path)?;
    refuse_utf16(&file)?;
    let most = usize::try_from(size / smallest.max(1)).unwrap_or(usize::MAX);
    let wanted = match most {
        0 | 1 => 1,
        most => most.min(stretches().max(1)),
    };
    let cuts = cuts(&file, size, wanted)?;
    if cuts.len() > 2 {
        let parts = std::thread::scope(|scope| {
            let threads: Vec<_> = cuts
                .windows(2)
                .map(|pair| {
                    let (start, end) = (pair[0], pair[1]);
                    let stretch = Stretch {
                        file: &file,
                        at: start,
                        end,
                    };
                    scope.spawn(move || index_part(stretch, start, end - start))
                })
                .collect();
            threads
                .into_iter()
                .map(|thread| {
                    thread
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect::<io::Result<Vec<IndexedPart>>>()
        })?;
        let joined = parts.len();
        let around = |from: u64, to: u64| {
            // Two games around a cut; one longer than this is read in the
            // one pass instead.
            if to.saturating_sub(from) > LOOK_FOR_A_GAME * 16 {
                return None;
            }
            let mut bytes = Vec::new();
            Stretch {
                file: &file,
                at: from,
                end: to.min(size),
            }
            .read_to_end(&mut bytes)
            .ok()?;
            Some(bytes)
        };
        if let Some(index) = GameIndex::from_parts(path, parts, around) {
            return Ok((index, joined));
        }
    }
    let whole = index_part(
        Stretch {
            file: &file,
            at: 0,
            end: size,
        },
        0,
        size,
    )?;
    Ok((GameIndex::of_part(path, whole), 1))
}

/// Where the file is cut: its start, the beginning of a game near each
/// `wanted`-th of it, its end. A planned cut with no game beginning near
/// it is left out.
fn cuts(file: &File, size: u64, wanted: usize) -> io::Result<Vec<u64>> {
    let mut cuts = vec![0];
    for i in 1..wanted as u64 {
        let planned = size / wanted as u64 * i;
        if let Some(cut) = game_beginning(file, planned, size)?
            && cut > *cuts.last().unwrap_or(&0)
            && cut < size
        {
            cuts.push(cut);
        }
    }
    cuts.push(size);
    Ok(cuts)
}

/// The first byte at or after `from` where a game's tags begin on a line
/// of their own after a blank line, within [`LOOK_FOR_A_GAME`] bytes.
fn game_beginning(file: &File, from: u64, size: u64) -> io::Result<Option<u64>> {
    let mut near = Vec::new();
    Stretch {
        file,
        at: from,
        end: (from + LOOK_FOR_A_GAME).min(size),
    }
    .read_to_end(&mut near)?;
    let found = near
        .windows(3)
        .position(|w| w == b"\n\n[")
        .map(|i| i + 2)
        .or_else(|| {
            near.windows(5)
                .position(|w| w == b"\r\n\r\n[")
                .map(|i| i + 4)
        });
    Ok(found.map(|i| from + i as u64))
}

/// The bytes of a file from `at` to `end`, read where they lie, so that
/// the stretches of one open file are read at once.
pub(crate) struct Stretch<'a> {
    pub(crate) file: &'a File,
    pub(crate) at: u64,
    pub(crate) end: u64,
}

impl Read for Stretch<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.end.saturating_sub(self.at)).unwrap_or(usize::MAX);
        let buf_len = buf.len().min(left);
        if buf_len == 0 {
            return Ok(0);
        }
        let n = read_at(self.file, &mut buf[..buf_len], self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

/// A file that begins with UTF-16's byte-order mark is refused by name:
/// PGN is 8-bit text, and read as such UTF-16 would give no game at all.
fn refuse_utf16(file: &File) -> io::Result<()> {
    let mut head = [0; 2];
    let n = read_at(file, &mut head, 0)?;
    let order = match &head[..n] {
        [0xff, 0xfe] => "little-endian",
        [0xfe, 0xff] => "big-endian",
        _ => return Ok(()),
    };
    Err(io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "the file is UTF-16 text ({order}, its byte-order mark says so); PGN is read as \
             UTF-8 or Latin-1: save it as UTF-8, for example with \
             iconv -f UTF-16 -t UTF-8 FILE > NEW.pgn"
        ),
    ))
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, at)
}

#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], at: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of `games` games, each `kind` as the index meets them.
    fn database(games: usize, kind: impl Fn(usize) -> String) -> String {
        (0..games).map(kind).collect()
    }

    fn tagged(n: usize) -> String {
        format!(
            "[Event \"Open {n}\"]\n[White \"W{n}\"]\n[Black \"B{n}\"]\n[Result \"1-0\"]\n\n\
             1. e4 e5 2. Nf3 {{ a note }} Nc6 {}1-0\n\n",
            "3. Bb5 a6 ".repeat(n % 7)
        )
    }

    /// Indexed in stretches of a few hundred bytes and in one pass: the
    /// same games, offsets, lines, numbers and problems.
    fn same_either_way(name: &str, text: &str) -> usize {
        let dir = std::env::temp_dir().join(format!("zweibrett-gamesfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.pgn"));
        std::fs::write(&path, text).unwrap();
        let one = GameIndex::build(&path).unwrap();
        let mut most = 0;
        for stretches in [2, 3, 7, 16] {
            let (cut, joined) = index_in(&path, || stretches, 300).unwrap();
            most = most.max(joined);
            assert_eq!(cut.games, one.games, "{name}, {stretches} stretches");
            assert_eq!(cut.problems, one.problems, "{name}, {stretches} stretches");
        }
        let _ = std::fs::remove_file(&path);
        most
    }

    #[test]
    fn stretches_give_the_index_of_one_pass() {
        assert_eq!(same_either_way("plain", &database(40, tagged)), 16);
        assert_eq!(
            same_either_way("crlf", &database(40, tagged).replace('\n', "\r\n")),
            16
        );
        // A comment holding what looks like the next game's tags after a
        // blank line: a cut there must not split the game.
        same_either_way(
            "comment",
            &database(40, |n| match n % 3 {
                0 => format!(
                    "[White \"W{n}\"]\n\n1. e4 {{ see\n\n[Event \"x\"]\n[White \"y\"]\n\n1. d4 1-0\n }} e5 1-0\n\n"
                ),
                _ => tagged(n),
            }),
        );
        // A tag whose quotes never close, which one pass reads on into the
        // next game's tags: a cut before that game must not be taken.
        same_either_way(
            "broken tag",
            &database(40, |n| match n % 5 {
                0 => format!("[Event \"E{n}\"]\n[Site \"https://x 0:02:55] }} 3. Bc4 1-0\n\n"),
                _ => tagged(n),
            }),
        );
        // Moves after a blank line in a game without its result yet, as
        // pgn-extract writes after an opening comment; an unterminated
        // comment at the very end.
        same_either_way(
            "continued",
            &(database(40, |n| match n % 4 {
                0 => format!("[White \"W{n}\"]\n\n{{ opening }}\n\n1. e4 e5 1-0\n\n"),
                1 => format!("1. d4 d5 *\n\n[White \"W{n}\"]\n\n1. c4 *\n\n"),
                2 => format!("[White \"broken {n}\n[%evp 1,2]\n\n[\n\n1. c4 *\n\n"),
                _ => tagged(n),
            }) + "[White \"last\"]\n\n1. e4 { never closed\n"),
        );
    }

    #[test]
    fn a_small_file_is_read_in_one_pass() {
        let dir = std::env::temp_dir().join(format!("zweibrett-gamesfile1-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("small.pgn");
        std::fs::write(&path, database(3, tagged)).unwrap();
        let file = File::open(&path).unwrap();
        assert_eq!(cuts(&file, 10, 1).unwrap(), [0, 10]);
        assert_eq!(index(&path).unwrap().games.len(), 3);
        assert!(index(&dir).is_err(), "a folder is refused");
    }
}
