//! A followed PGN file, watched on a thread of its own: its length, its
//! modification time and its inode are looked at every quarter second, and
//! whenever one changed the whole file is read once, indexed, and the game
//! followed read from that same text as far as it is written whole
//! ([`crate::analysis::live::read_written`]). Appended text, a file
//! rewritten in place, replaced by a rename or shortened are all one
//! change. Polling works on every filesystem, network mounts included,
//! and costs one `stat` a quarter second; nothing here ever blocks the
//! user's input.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, SystemTime};

use crate::analysis::live::read_written;
use crate::outside::{Bound, Refusal};
use crate::record::pgn_game::Game;
use crate::record::pgn_index::{GameIndex, entry_text};

/// How often the file is looked at.
pub const EVERY: Duration = Duration::from_millis(250);

/// What the watch found.
#[derive(Debug)]
pub enum FileNews {
    /// The file changed: its new index, and the game followed as far as it
    /// is written whole.
    Changed {
        /// The file's games now.
        index: GameIndex,
        /// The game followed.
        game: Box<Game>,
    },
    /// The file is gone (said once, until it is back).
    Gone,
    /// The file is there again.
    Back,
    /// The file is no plain file (a device, a pipe) or is longer than
    /// [`MOST_FOLLOWED_BYTES`]: not read until it changes into one that
    /// can be (said once per change).
    Refused,
}

/// The longest followed file read: a live broadcast's PGN is far shorter;
/// a longer one (or a file replaced by something endless) would be read
/// whole four times a second.
pub const MOST_FOLLOWED_BYTES: u64 = 32 * 1024 * 1024;

/// A file followed: the watching thread and what it reports. The thread
/// ends when this is dropped.
pub struct LiveFile {
    news: Receiver<FileNews>,
    stop: Arc<AtomicBool>,
}

/// What tells one version of the file from the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    length: u64,
    modified: Option<SystemTime>,
    inode: u64,
}

impl LiveFile {
    /// Watches `path` every [`EVERY`] for game `number` of it.
    /// `waker` rings when something was found.
    pub fn watch(path: &Path, number: usize, waker: &crate::wake::Waker) -> LiveFile {
        let (tx, news) = mpsc::channel();
        let tx = crate::wake::Ringing::new(tx, waker, crate::wake::Source::Analysis);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let path = path.to_path_buf();
        let _ = std::thread::Builder::new()
            .name("followed file".into())
            .spawn(move || watch(&path, number, &tx, &stopped));
        LiveFile { news, stop }
    }

    /// What was found since last asked, oldest first; never waits.
    pub fn news(&self) -> Vec<FileNews> {
        self.news.try_iter().collect()
    }
}

impl Drop for LiveFile {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn watch(path: &PathBuf, number: usize, tx: &crate::wake::Ringing<FileNews>, stop: &AtomicBool) {
    let mut last: Option<Stamp> = None;
    let mut gone = false;
    while !stop.load(Ordering::Relaxed) {
        match std::fs::metadata(path) {
            Err(_) => {
                if !gone {
                    gone = true;
                    last = None;
                    if !tx.send(FileNews::Gone) {
                        return;
                    }
                }
            }
            Ok(meta) => {
                if gone {
                    gone = false;
                    if !tx.send(FileNews::Back) {
                        return;
                    }
                }
                let stamp = Stamp {
                    length: meta.len(),
                    modified: meta.modified().ok(),
                    inode: meta.ino(),
                };
                if last != Some(stamp) {
                    last = Some(stamp);
                    let news = if meta.is_file() && meta.len() <= MOST_FOLLOWED_BYTES {
                        read(path, number)
                    } else {
                        Some(FileNews::Refused)
                    };
                    if let Some(news) = news
                        && !tx.send(news)
                    {
                        return;
                    }
                }
            }
        }
        std::thread::sleep(EVERY);
    }
}

/// The file's index and game `number` as far as written whole; `None`
/// while the file cannot be read or does not hold the game yet (it is
/// read again at its next change).
fn read(path: &Path, number: usize) -> Option<FileNews> {
    // Whatever the file has become since the look, it is read no further
    // than the bound, and a pipe put in its place is not waited on.
    let bytes = match crate::outside::read(path, Bound::bytes(MOST_FOLLOWED_BYTES)) {
        Ok(bytes) => bytes,
        Err(Refusal::NotPlainFile | Refusal::TooLarge { .. }) => return Some(FileNews::Refused),
        Err(_) => return None,
    };
    let index = GameIndex::of_text(path, &bytes).ok()?;
    let entry = index.get(number)?;
    let game = read_written(&entry_text(&bytes, entry), entry.line).ok()?;
    Some(FileNews::Changed {
        index,
        game: Box::new(game),
    })
}
