//! A followed PGN file, watched on a thread of its own. The folder that
//! holds it is watched through the `notify` crate (inotify on Linux): the
//! thread sleeps until the file is written, replaced, removed or made
//! again, then looks at its length, modification time and inode, and
//! whenever one changed the whole file is read once, indexed, and the
//! game followed read from that same text as far as it is written whole
//! ([`zweibrett_core::analysis::live::read_written`]). Appended text, a file
//! rewritten in place, replaced by a rename or shortened are all one
//! change. Where the system cannot watch the folder, `notify`'s own
//! polling watcher looks at the file every [`EVERY`] instead. Nothing here
//! ever blocks the user's input.

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, SystemTime};

use notify::{RecursiveMode, Watcher};

use crate::outside::{Bound, Refusal};
use crate::record::pgn_game::Game;
use crate::record::pgn_index::{GameIndex, entry_text};
use zweibrett_core::analysis::live::read_written;

/// How often the file is looked at where its folder cannot be watched.
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
    looks: Sender<Look>,
}

/// What wakes the watching thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    /// Something in the file's folder changed: look at the file.
    Changed,
    /// The file is no longer followed.
    Stop,
}

/// What tells one version of a file from the next without reading it:
/// its length, modification time and inode (a file replaced by a rename
/// has a new one). The followed file, the hall's files and the served
/// round are read again only when it changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    length: u64,
    modified: Option<SystemTime>,
    inode: u64,
}

impl Stamp {
    /// The stamp of a file with `meta`.
    pub fn of(meta: &std::fs::Metadata) -> Stamp {
        Stamp {
            length: meta.len(),
            modified: meta.modified().ok(),
            inode: meta.ino(),
        }
    }
}

impl LiveFile {
    /// Watches `path` for game `number` of it; `waker` rings when
    /// something was found.
    pub fn watch(path: &Path, number: usize, waker: &crate::wake::Waker) -> LiveFile {
        let (tx, news) = mpsc::channel();
        let tx = crate::wake::Ringing::new(tx, waker, crate::wake::Source::Analysis);
        let (looks, looked) = mpsc::channel();
        let watcher = watcher_for(path, &looks);
        let path = path.to_path_buf();
        let _ = std::thread::Builder::new()
            .name("followed file".into())
            .spawn(move || {
                // The watcher lives as long as the thread that waits on it.
                let _watcher = watcher;
                watch(&path, number, &tx, &looked);
            });
        LiveFile { news, looks }
    }

    /// What was found since last asked, oldest first; never waits.
    pub fn news(&self) -> Vec<FileNews> {
        self.news.try_iter().collect()
    }
}

impl Drop for LiveFile {
    fn drop(&mut self) {
        let _ = self.looks.send(Look::Stop);
    }
}

/// A watcher that sends [`Look::Changed`] on `looks` whenever the file at
/// `path` may have changed: the system's (inotify) on the file's folder,
/// which sees it written, renamed over, removed and made again; else
/// `notify`'s polling one on the file. `None` when neither can be made:
/// the file is then looked at once.
fn watcher_for(path: &Path, looks: &Sender<Look>) -> Option<Box<dyn Watcher + Send>> {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let name = path.file_name().map(ToOwned::to_owned);
    let looks = looks.clone();
    let handler = move |event: notify::Result<notify::Event>| {
        // Only this file's events, or any whose paths are not known (the
        // system's queue overflowed).
        let ours = match &event {
            Ok(event) => {
                event.paths.is_empty()
                    || event.paths.iter().any(|p| p.file_name() == name.as_deref())
            }
            Err(_) => true,
        };
        if ours {
            let _ = looks.send(Look::Changed);
        }
    };
    if let Ok(mut watcher) = notify::recommended_watcher(handler.clone())
        && watcher.watch(folder, RecursiveMode::NonRecursive).is_ok()
    {
        return Some(Box::new(watcher));
    }
    let config = notify::Config::default().with_poll_interval(EVERY);
    let mut watcher = notify::PollWatcher::new(handler, config).ok()?;
    watcher.watch(path, RecursiveMode::NonRecursive).ok()?;
    Some(Box::new(watcher))
}

fn watch(path: &Path, number: usize, tx: &crate::wake::Ringing<FileNews>, looked: &Receiver<Look>) {
    let mut last: Option<Stamp> = None;
    let mut gone = false;
    loop {
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
                let stamp = Stamp::of(&meta);
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
        // Asleep until the folder changes; changes that came meanwhile
        // are one look.
        match looked.recv() {
            Ok(Look::Changed) => {
                if looked.try_iter().any(|look| look == Look::Stop) {
                    return;
                }
            }
            Ok(Look::Stop) | Err(_) => return,
        }
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

#[cfg(test)]
mod tests {
    use std::io::Write as _;
    use std::sync::mpsc::RecvTimeoutError;

    use super::*;
    use crate::wake::{Bell, Wake};

    /// Long enough for any machine to see a change; a watcher that missed
    /// it would wait for ever.
    const SEEN_WITHIN: Duration = Duration::from_secs(10);

    const ONE_MOVE: &str = "[Event \"Live\"]\n[Result \"*\"]\n\n1. e4 *\n";
    const TWO_MOVES: &str = "[Event \"Live\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";

    /// Waits for the watch's next ring and takes what it found.
    fn next_news(live: &LiveFile, rings: &Receiver<Wake<()>>) -> Vec<FileNews> {
        match rings.recv_timeout(SEEN_WITHIN) {
            Ok(_) => live.news(),
            Err(RecvTimeoutError::Timeout) => panic!("nothing seen within {SEEN_WITHIN:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the bell is gone"),
        }
    }

    fn plies(news: &[FileNews]) -> Option<usize> {
        news.iter().rev().find_map(|news| match news {
            FileNews::Changed { game, .. } => Some(game.moves.len()),
            _ => None,
        })
    }

    #[test]
    fn a_move_written_wakes_the_watch_and_a_file_removed_and_made_again_is_said() {
        let dir = std::env::temp_dir().join(format!("zweibrett-live-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("live.pgn");
        std::fs::write(&path, ONE_MOVE).unwrap();
        let (tx, rings) = mpsc::channel();
        let bell = Bell::on(tx);
        let live = LiveFile::watch(&path, 1, &bell.waker());
        assert_eq!(plies(&next_news(&live, &rings)), Some(1), "read at once");

        // Written in place: the watch wakes without any polling of ours.
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(&path)
            .unwrap();
        file.write_all(TWO_MOVES.as_bytes()).unwrap();
        drop(file);
        let mut news = next_news(&live, &rings);
        while plies(&news) != Some(2) {
            news = next_news(&live, &rings);
        }

        std::fs::remove_file(&path).unwrap();
        // A late word of the write before may come first, under load.
        let mut news = next_news(&live, &rings);
        while news.iter().all(|n| matches!(n, FileNews::Changed { .. })) {
            news = next_news(&live, &rings);
        }
        assert!(matches!(news.as_slice(), [.., FileNews::Gone]), "{news:?}");
        // Made again under its name by a rename, as a broadcast tool does.
        let fresh = dir.join("fresh.pgn");
        std::fs::write(&fresh, TWO_MOVES).unwrap();
        std::fs::rename(&fresh, &path).unwrap();
        // A ring already taken with the news before it may come first.
        let mut news = next_news(&live, &rings);
        while news.is_empty() {
            news = next_news(&live, &rings);
        }
        assert!(matches!(news.first(), Some(FileNews::Back)), "{news:?}");
        drop(live);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
