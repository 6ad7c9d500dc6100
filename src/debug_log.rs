//! `--log FILE`: a debug log for a bug report, through the `log` facade.
//! Nothing is logged unless asked for; each line carries the seconds
//! since the program started (a monotonic clock, as the game's own), its
//! level and what wrote it. The lines go to a thread of their own that
//! writes the file, so that the game never waits on the disk for its log:
//! while that thread is behind by [`BEHIND`] lines, newer ones are
//! dropped, and counted in the file when it catches up.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The writing thread's ends for [`finish`]: where to ask, and where it
/// answers once everything before the question is written.
struct Written {
    ask: SyncSender<Vec<u8>>,
    answer: Mutex<Receiver<()>>,
}

static WRITTEN: OnceLock<Written> = OnceLock::new();

/// The most lines waiting for the disk.
const BEHIND: usize = 4096;

/// The logger's end of the writing thread.
struct ToThread {
    lines: SyncSender<Vec<u8>>,
    dropped: Arc<AtomicU64>,
}

impl Write for ToThread {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self.lines.try_send(bytes.to_vec()) {
            Ok(()) | Err(TrySendError::Disconnected(_)) => {}
            Err(TrySendError::Full(_)) => {
                self.dropped.fetch_add(1, Ordering::Relaxed);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Starts writing every debug line to `path`, appended to what is there;
/// an error when the file cannot be opened. A log already started is
/// kept.
pub fn start(path: &Path) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    let (lines, waiting) = sync_channel::<Vec<u8>>(BEHIND);
    let (written, answer) = sync_channel::<()>(1);
    let dropped = Arc::new(AtomicU64::new(0));
    let counted = Arc::clone(&dropped);
    std::thread::Builder::new()
        .name("debug log".into())
        .spawn(move || {
            for line in waiting {
                // An empty line is finish's question.
                if line.is_empty() {
                    let _ = file.flush();
                    let _ = written.try_send(());
                    continue;
                }
                let lost = counted.swap(0, Ordering::Relaxed);
                if lost > 0 {
                    let _ = writeln!(file, "({lost} lines dropped: the disk was behind)");
                }
                if file.write_all(&line).is_err() {
                    return;
                }
            }
        })?;
    let _ = WRITTEN.set(Written {
        ask: lines.clone(),
        answer: Mutex::new(answer),
    });
    let started = Instant::now();
    let logger = env_logger::Builder::new()
        .filter_level(log::LevelFilter::Debug)
        .target(env_logger::Target::Pipe(Box::new(ToThread {
            lines,
            dropped,
        })))
        .format(move |out, record| {
            writeln!(
                out,
                "{:>10.3} {:<5} {}: {}",
                started.elapsed().as_secs_f64(),
                record.level(),
                record.target(),
                record.args()
            )
        })
        .build();
    if log::set_boxed_logger(Box::new(logger)).is_ok() {
        log::set_max_level(log::LevelFilter::Debug);
        log::info!(
            target: "zweibrett",
            "zweibrett {} (commit {}), arguments {:?}",
            env!("CARGO_PKG_VERSION"),
            env!("ZWEIBRETT_COMMIT"),
            std::env::args().skip(1).collect::<Vec<_>>()
        );
    }
    Ok(())
}

/// Waits, at most a second, until every line logged so far is written:
/// before the program ends.
pub fn finish() {
    let Some(Written { ask, answer }) = WRITTEN.get() else {
        return;
    };
    if ask.try_send(Vec::new()).is_ok()
        && let Ok(answer) = answer.lock()
    {
        let _ = answer.recv_timeout(Duration::from_secs(1));
    }
}
