//! The opening tree of a game file, built once on threads of its own and
//! kept beside the file (`FILE.pgn.openings`, else in the user's data
//! folder), so that the next session answers at once. A kept tree names
//! the file's length, modification time and number of games: when the
//! file changes, the tree is built again.

use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::time::UNIX_EPOCH;

use zweibrett_core::analysis::explorer::{
    PLIES, Passage, RECORD_BYTES, TreeMove, gather, moves_at, opening_moves, passages,
};

use crate::games_file::Stretch;
use crate::record::pgn_index::GameIndex;

/// The first bytes of a kept tree, with the version of its layout.
const MAGIC: &[u8; 16] = b"zweibrett tree 1";

/// The bytes of a kept tree's head: [`MAGIC`], then the file's [`Stamp`],
/// the half-moves followed and the number of records.
const HEAD_BYTES: usize = 16 + 8 + 8 + 4 + 4 + 4 + 8;

/// What a kept tree was built from: the game file as it was then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// The file's length in bytes.
    pub length: u64,
    /// Its modification time: seconds and nanoseconds since 1970.
    pub modified: (u64, u32),
    /// The games its index holds.
    pub games: u32,
}

impl Stamp {
    /// The stamp of the file at `path` as its index `games` knows it.
    pub fn of(path: &Path, games: usize) -> io::Result<Stamp> {
        let meta = std::fs::metadata(path)?;
        let modified = meta
            .modified()?
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        Ok(Stamp {
            length: meta.len(),
            modified: (modified.as_secs(), modified.subsec_nanos()),
            games: u32::try_from(games).unwrap_or(u32::MAX),
        })
    }

    fn head(&self, records: u64) -> [u8; HEAD_BYTES] {
        let mut head = [0; HEAD_BYTES];
        head[..16].copy_from_slice(MAGIC);
        head[16..24].copy_from_slice(&self.length.to_le_bytes());
        head[24..32].copy_from_slice(&self.modified.0.to_le_bytes());
        head[32..36].copy_from_slice(&self.modified.1.to_le_bytes());
        head[36..40].copy_from_slice(&self.games.to_le_bytes());
        head[40..44].copy_from_slice(&(PLIES as u32).to_le_bytes());
        head[44..52].copy_from_slice(&records.to_le_bytes());
        head
    }
}

/// Where a game file's opening tree is kept: beside it, else in the
/// user's data folder under a name made from the file's full path.
pub fn tree_files(pgn: &Path) -> Vec<PathBuf> {
    crate::pass::cache_files(pgn)
        .into_iter()
        .map(|file| file.with_extension("openings"))
        .collect()
}

/// An opening tree: kept on disk and read where a position lies, or just
/// built and held.
pub enum Tree {
    /// A kept tree, its records read from the file as they are wanted.
    Kept {
        /// The open file.
        file: File,
        /// Its records.
        records: u64,
    },
    /// A tree held in memory.
    Held(Vec<TreeMove>),
}

impl Tree {
    /// The kept tree of the file stamped `stamp`, from the first of
    /// `files` that holds one of that stamp; `None` when none does (none
    /// kept, the file changed, or a kept tree damaged).
    pub fn open_kept(files: &[PathBuf], stamp: &Stamp) -> Option<Tree> {
        files.iter().find_map(|path| {
            let (file, _) = crate::record::pgn_index::open_plain(path).ok()?;
            let mut head = [0; HEAD_BYTES];
            file.read_exact_at(&mut head, 0).ok()?;
            let mut records = [0; 8];
            records.copy_from_slice(&head[44..52]);
            let records = u64::from_le_bytes(records);
            let whole = file.metadata().ok()?.len();
            let fits = whole == HEAD_BYTES as u64 + records * RECORD_BYTES as u64;
            (head == stamp.head(records) && fits).then_some(Tree::Kept { file, records })
        })
    }

    /// The moves played from the position `hash`.
    pub fn moves_at(&self, hash: u64) -> io::Result<Vec<TreeMove>> {
        match self {
            Tree::Held(records) => moves_at(hash, records.len() as u64, |i| {
                Ok::<_, io::Error>(records[i as usize])
            }),
            Tree::Kept { file, records } => moves_at(hash, *records, |i| {
                let mut bytes = [0; RECORD_BYTES];
                file.read_exact_at(&mut bytes, HEAD_BYTES as u64 + i * RECORD_BYTES as u64)?;
                Ok(TreeMove::from_bytes(&bytes))
            }),
        }
    }
}

/// What building the tree needs of one game of the index: where its text
/// lies, its number and how it ended. Copied for the building thread, so
/// that the index itself, names and all, is not.
#[derive(Clone, Debug)]
struct Span {
    number: u32,
    offset: u64,
    length: u64,
    result: String,
}

fn spans(index: &GameIndex) -> Vec<Span> {
    index
        .games
        .iter()
        .map(|entry| Span {
            number: u32::try_from(entry.number).unwrap_or(u32::MAX),
            offset: entry.offset,
            length: entry.length,
            result: entry.result.clone(),
        })
        .collect()
}

/// Builds the opening tree of the games of `index`, read from its file on
/// as many threads as there are processors (at most `threads`).
pub fn build(index: &GameIndex, threads: usize) -> io::Result<Vec<TreeMove>> {
    build_spans(&index.path, &spans(index), threads)
}

fn build_spans(path: &Path, games: &[Span], threads: usize) -> io::Result<Vec<TreeMove>> {
    let threads = threads.clamp(1, games.len().max(1));
    let share = games.len().div_ceil(threads).max(1);
    let parts = std::thread::scope(|scope| {
        let handles: Vec<_> = games
            .chunks(share)
            .map(|chunk| scope.spawn(move || walk(path, chunk)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect::<io::Result<Vec<Vec<Passage>>>>()
    })?;
    Ok(gather(parts.concat()))
}

/// The passages of the games `spans` of the file at `path`.
fn walk(path: &Path, spans: &[Span]) -> io::Result<Vec<Passage>> {
    let file = File::open(path)?;
    let mut out = Vec::with_capacity(spans.len() * PLIES);
    let mut text = Vec::new();
    for span in spans {
        text.clear();
        // A file cut short since it was indexed gives what is left.
        Stretch {
            file: &file,
            at: span.offset,
            end: span.offset.saturating_add(span.length),
        }
        .read_to_end(&mut text)?;
        if let Some((start, moves)) = opening_moves(&text) {
            passages(&start, moves, &span.result, span.number, &mut out);
        }
    }
    Ok(out)
}

/// Keeps `records`, built from the file stamped `stamp`, in the first of
/// `files` that can be written, whole or not at all; the file written.
pub fn keep(files: &[PathBuf], stamp: &Stamp, records: &[TreeMove]) -> Option<PathBuf> {
    let mut bytes = Vec::with_capacity(HEAD_BYTES + records.len() * RECORD_BYTES);
    bytes.extend_from_slice(&stamp.head(records.len() as u64));
    for record in records {
        bytes.extend_from_slice(&record.to_bytes());
    }
    files
        .iter()
        .find(|file| crate::files::write_kept(file, &bytes).is_ok())
        .cloned()
}

/// The tree of a file, opened from where it is kept or built on a thread
/// of its own, which rings `waker` when done.
pub fn open_or_build(index: &GameIndex, waker: &crate::wake::Waker) -> Opening {
    let files = tree_files(&index.path);
    let stamp = match Stamp::of(&index.path, index.games.len()) {
        Ok(stamp) => stamp,
        Err(e) => return Opening::Failed(e.to_string()),
    };
    if let Some(tree) = Tree::open_kept(&files, &stamp) {
        return Opening::Ready(tree, stamp);
    }
    let (tx, rx) = mpsc::channel();
    let tx = crate::wake::Ringing::new(tx, waker, crate::wake::Source::Analysis);
    let (path, games) = (index.path.clone(), spans(index));
    let spawned = std::thread::Builder::new()
        .name("opening tree".into())
        .spawn(move || {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            let built = build_spans(&path, &games, threads).inspect(|records| {
                keep(&files, &stamp, records);
            });
            let _ = tx.send(built.map_err(|e| e.to_string()));
        });
    match spawned {
        Ok(_) => Opening::Building(rx, stamp),
        Err(e) => Opening::Failed(e.to_string()),
    }
}

/// Where a file's opening tree stands.
pub enum Opening {
    /// Being built; the records, or why they could not be, come here.
    Building(Receiver<Result<Vec<TreeMove>, String>>, Stamp),
    /// Ready to answer, for the file as stamped.
    Ready(Tree, Stamp),
    /// It could not be built: why.
    Failed(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Chess;
    use zweibrett_core::analysis::explorer::{Explored, explore, position_hash};

    const GAMES: &str = "[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 (2. f4) 2... Nc6 1-0\n\n\
        [White \"B\"]\n[Result \"0-1\"]\n\n1. e4 c5 { a note } 2. Nf3 0-1\n\n\
        [White \"C\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Bc4 1/2-1/2\n\n\
        [White \"D\"]\n[Variant \"Atomic\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n";

    #[test]
    fn a_tree_is_built_kept_read_back_and_built_again_when_the_file_changes() {
        let dir = crate::test_files::fresh_dir("tree");
        let pgn = dir.join("games.pgn");
        std::fs::write(&pgn, GAMES).unwrap();
        let index = crate::games_file::index(&pgn).unwrap();
        let records = build(&index, 3).unwrap();
        let start = Chess::default();
        let first = Tree::Held(records.clone())
            .moves_at(position_hash(&start))
            .unwrap();
        // Three standard games played 1. e4; the atomic game is left out.
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].tally.games(), 3);
        let stamp = Stamp::of(&pgn, index.games.len()).unwrap();
        let files = tree_files(&pgn);
        assert_eq!(keep(&files, &stamp, &records), Some(files[0].clone()));
        assert_eq!(files[0], dir.join("games.pgn.openings"));
        let kept = Tree::open_kept(&files, &stamp).expect("kept");
        assert_eq!(kept.moves_at(position_hash(&start)).unwrap(), first);
        let answer = explore(&start, &[], |hash| kept.moves_at(hash)).unwrap();
        assert!(matches!(answer, Explored::Moves(m) if m.len() == 1));
        // A game added: the kept tree is not the file's any more.
        std::fs::write(&pgn, format!("{GAMES}[White \"E\"]\n\n1. d4 *\n")).unwrap();
        let index = crate::games_file::index(&pgn).unwrap();
        let stamp = Stamp::of(&pgn, index.games.len()).unwrap();
        assert!(Tree::open_kept(&files, &stamp).is_none());
        // A damaged kept tree is not used either.
        std::fs::write(&files[0], b"zweibrett tree 1 and then nothing").unwrap();
        assert!(Tree::open_kept(&files, &stamp).is_none());
    }
}
