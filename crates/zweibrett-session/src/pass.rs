//! The engine pass over a game for learning from mistakes: every position
//! of the main line searched to a fixed depth by an engine process of its
//! own, on a thread of its own, so that the screen, the prompt and speech
//! never wait for it; and its results kept in a file so that a second look
//! needs no engine.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use shakmaty::{Chess, Move, Position};

use crate::engine::Engine;
use crate::outside::Refusal;
use zweibrett_core::analysis::engine::Report;
use zweibrett_core::analysis::mistakes::{Valued, ended_value, judge, white_value};
use zweibrett_core::analysis::pass_record::{PassKey, PassRecord, RawRecord, read_records};

/// How much deeper the positions around a move found to be a mistake are
/// searched again before it is listed: a move the first search takes for
/// a mistake, which a deeper one finds sound, is never said to be one, and
/// the move advised is the deeper search's.
pub const CONFIRM_MORE: u32 = 8;

/// The deepest search the pass is allowed, first or confirming.
pub const MOST_DEPTH: u32 = 40;

/// The depth a mistake found at `depth` is confirmed at.
pub fn confirm_depth(depth: u32) -> u32 {
    (depth + CONFIRM_MORE).min(MOST_DEPTH)
}

/// How long one position may take before the engine is declared not
/// answering and the pass stops.
const POSITION_LIMIT: Duration = Duration::from_secs(60);

/// The most bytes a file of kept passes is read up to: a pass keeps a
/// value and a move for each position, so 64 MB hold the passes of tens of
/// thousands of games.
const KEPT_MOST: u64 = 64 * 1024 * 1024;

/// What the pass's thread reports.
enum News {
    /// Position `.0` of the line (0: the start) has its value.
    Valued(usize, Valued),
    /// The engine stopped answering at position `.0`.
    Stopped(usize),
    /// The engine could not be started.
    NotStarted,
}

/// How a pass ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassEnd {
    /// Every position has its value.
    Finished,
    /// The engine stopped answering after this many positions.
    Stopped(usize),
    /// The engine could not be started.
    NotStarted,
}

/// A pass running, or ended, over one game.
pub struct Pass {
    news: Receiver<News>,
    values: Vec<Option<Valued>>,
    stop: Arc<AtomicBool>,
    end: Option<PassEnd>,
}

impl Pass {
    /// Starts the engine at `engine` on a thread that values each position
    /// of `moves` from `start`; returns at once.
    /// `waker` rings at each position valued and at the end.
    pub fn start(
        engine: &Path,
        (start, moves): (&Chess, &[Move]),
        depth: u32,
        waker: &crate::wake::Waker,
    ) -> Pass {
        let mut positions = vec![start.clone()];
        let mut pos = start.clone();
        for &m in moves {
            pos.play_unchecked(m);
            positions.push(pos.clone());
        }
        let (tx, news) = mpsc::channel();
        let tx = crate::wake::Ringing::new(tx, waker, crate::wake::Source::Analysis);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let engine = engine.to_path_buf();
        let count = positions.len();
        let moves = moves.to_vec();
        let spawned = thread::Builder::new()
            .name("engine pass".to_string())
            .spawn(move || {
                let line = (positions.as_slice(), moves.as_slice());
                value_all(&engine, line, depth, &stopped, &tx);
            });
        if spawned.is_err() {
            // No thread: no pass, said as an engine that cannot start.
            let (tx, news) = mpsc::channel();
            let _ = tx.send(News::NotStarted);
            return Pass {
                news,
                values: vec![None; count],
                stop,
                end: None,
            };
        }
        Pass {
            news,
            values: vec![None; count],
            stop,
            end: None,
        }
    }

    /// Takes in what the thread reported; how the pass ended, once, when it
    /// has.
    pub fn poll(&mut self) -> Option<PassEnd> {
        if self.end.is_some() {
            return None;
        }
        loop {
            match self.news.try_recv() {
                Ok(News::Valued(i, v)) => {
                    if let Some(slot) = self.values.get_mut(i) {
                        *slot = Some(v);
                    }
                }
                Ok(News::Stopped(at)) => return self.ended(PassEnd::Stopped(at)),
                Ok(News::NotStarted) => return self.ended(PassEnd::NotStarted),
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => {
                    let end = match self.valued() {
                        n if n == self.values.len() => PassEnd::Finished,
                        n => PassEnd::Stopped(n),
                    };
                    return self.ended(end);
                }
            }
        }
    }

    fn ended(&mut self, end: PassEnd) -> Option<PassEnd> {
        self.end = Some(end);
        Some(end)
    }

    /// Whether the pass is still running.
    pub fn is_running(&self) -> bool {
        self.end.is_none()
    }

    /// How many positions from the start have their value.
    pub fn valued(&self) -> usize {
        self.values.iter().take_while(|v| v.is_some()).count()
    }

    /// The values found so far, one per position.
    pub fn values(&self) -> &[Option<Valued>] {
        &self.values
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        // The thread ends after the position it is on, and its engine with it.
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The thread's work: each position valued in turn, sent as it comes;
/// then the positions before and after each move the values make a
/// mistake of valued again deeper, and sent again.
fn value_all(
    path: &Path,
    (positions, moves): (&[Chess], &[Move]),
    depth: u32,
    stop: &AtomicBool,
    tx: &crate::wake::Ringing<News>,
) {
    let needs_engine = positions.iter().any(|p| ended_value(p).is_none());
    let mut engine = match needs_engine {
        // The pass waits for each answer on its own thread: nothing to ring.
        true => match Engine::start(path, POSITION_LIMIT, Duration::ZERO, &Default::default()) {
            Ok(engine) => Some(engine),
            Err(_) => {
                tx.send(News::NotStarted);
                return;
            }
        },
        false => None,
    };
    let mut values = Vec::with_capacity(positions.len());
    for (i, position) in positions.iter().enumerate() {
        let Some(valued) = value_one(engine.as_mut(), position, depth, stop) else {
            tx.send(News::Stopped(i));
            return;
        };
        values.push(Some(valued));
        if !tx.send(News::Valued(i, valued)) {
            return;
        }
    }
    let deeper = confirm_depth(depth);
    if deeper <= depth {
        return;
    }
    let mut again: Vec<usize> = judge(&positions[0], moves, &values)
        .iter()
        .flat_map(|j| [j.ply, j.ply + 1])
        .collect();
    again.sort_unstable();
    again.dedup();
    for i in again {
        // A confirmation the engine cannot give leaves the first value.
        let Some(valued) = value_one(engine.as_mut(), &positions[i], deeper, stop) else {
            return;
        };
        if !tx.send(News::Valued(i, valued)) {
            return;
        }
    }
}

/// The value of one position at `depth`: a finished game's own, else the
/// engine's; `None` when the engine does not answer or the pass is
/// stopped.
fn value_one(
    engine: Option<&mut Engine>,
    position: &Chess,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Valued> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if let Some(white) = ended_value(position) {
        return Some(Valued { white, best: None });
    }
    let engine = engine?;
    engine.request_depth(position, depth, Instant::now() + POSITION_LIMIT);
    match engine.wait() {
        Some(Report::Answer(e)) => Some(Valued {
            white: white_value(e.score),
            best: e.best_line.first().copied(),
        }),
        _ => None,
    }
}

/// Where a game file's passes are kept: beside it (`FILE.pgn.analysis`),
/// else in the user's data directory under a name made from the file's
/// full path.
pub fn cache_files(pgn: &Path) -> Vec<PathBuf> {
    let mut beside = pgn.as_os_str().to_os_string();
    beside.push(".analysis");
    let mut files = vec![PathBuf::from(beside)];
    if let Some(data) = crate::config::user_data_dir() {
        let full = std::fs::canonicalize(pgn).unwrap_or_else(|_| pgn.to_path_buf());
        let name = format!("{:016x}.analysis", name_hash(&full.to_string_lossy()));
        files.push(data.join("analysis").join(name));
    }
    files
}

/// The text of a file of kept passes, read bounded as any outside file
/// is: `None` when there is none.
fn read_kept(file: &Path) -> Option<Result<String, Refusal>> {
    match crate::outside::read_text(file, KEPT_MOST) {
        Ok(text) => Some(Ok(text)),
        Err(Refusal::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(refusal) => Some(Err(refusal)),
    }
}

fn name_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What the kept passes hold for a game.
#[derive(Debug)]
pub enum Kept {
    /// The values of the game's pass.
    Found(Vec<Valued>),
    /// No pass of this game, engine and depth is kept.
    Missing,
    /// A file of kept passes is damaged; it is not used.
    Damaged(PathBuf),
}

/// Looks for the pass `key` over `moves` from `start` in `files`.
pub fn look_up(files: &[PathBuf], key: &PassKey, start: &Chess, moves: &[Move]) -> Kept {
    let mut damaged = None;
    for file in files {
        let text = match read_kept(file) {
            None => continue,
            Some(Ok(text)) => text,
            // A pipe, a device, a file too large or not text is not used.
            Some(Err(_)) => {
                damaged.get_or_insert(file.clone());
                continue;
            }
        };
        let Ok(records) = read_records(&text) else {
            damaged.get_or_insert(file.clone());
            continue;
        };
        for record in records.iter().filter(|r| r.key == *key) {
            match record.for_game(start, moves) {
                Some(found) => return Kept::Found(found.values),
                None => {
                    damaged.get_or_insert(file.clone());
                }
            }
        }
    }
    damaged.map_or(Kept::Missing, Kept::Damaged)
}

/// Keeps `record` in the first of `files` that can be written, in place
/// of any earlier pass over the same game; a damaged file is written anew.
/// Returns the file written.
pub fn keep(files: &[PathBuf], record: &PassRecord) -> Option<PathBuf> {
    for file in files {
        let earlier: Vec<RawRecord> = match read_kept(file) {
            Some(Ok(text)) => read_records(&text).unwrap_or_default(),
            // A pipe or a device would be written to directly, and might
            // hold the pass until someone read it: the next file is used.
            Some(Err(Refusal::NotPlainFile)) => continue,
            // A damaged file is written anew.
            None | Some(Err(_)) => Vec::new(),
        };
        let mut text: String = earlier
            .iter()
            .filter(|r| !r.same_game(&record.key))
            .map(RawRecord::write)
            .collect();
        text.push_str(&record.write());
        if crate::files::write_kept(file, text.as_bytes()).is_ok() {
            return Some(file.clone());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_passes_in_a_pipe_or_a_device_are_not_read_nor_written() {
        let dir = crate::test_files::fresh_dir("kept");
        let fifo = dir.join("game.pgn.analysis");
        crate::test_files::fifo(&fifo);
        let zeros = dir.join("zeros.pgn.analysis");
        std::os::unix::fs::symlink("/dev/zero", &zeros).unwrap();
        let start = Chess::default();
        let key = PassKey::of(&start, &[], "stockfish", 12);
        // Read: each is damaged, not waited on, not read without end.
        for file in [&fifo, &zeros] {
            match look_up(std::slice::from_ref(file), &key, &start, &[]) {
                Kept::Damaged(named) => assert_eq!(&named, file),
                other => panic!("{}: {other:?}", file.display()),
            }
        }
        // Written: the next file is used.
        let next = dir.join("kept.analysis");
        let record = PassRecord {
            key: key.clone(),
            values: vec![Valued {
                white: 0,
                best: None,
            }],
        };
        let written = keep(&[fifo.clone(), next.clone()], &record);
        assert_eq!(written.as_ref(), Some(&next));
        assert!(
            std::fs::read_to_string(&next)
                .unwrap()
                .contains("stockfish")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
