//! The journal's writer: a thread of its own that appends the journal's
//! lines in the order they come, so that a slow disk holds up neither the
//! clock nor the screen. A command's line is on disk (fdatasync) before it
//! is acknowledged; a running clock's reading only reaches the page cache,
//! which a killed process does not lose, and is synced at most
//! [`CACHED_SYNC`] after the last sync. A line that cannot be written is
//! cut off again, so that a resumed game never plays a command the game
//! refused, and nothing more is written.

use std::fs::File;
use std::io::{self, Write};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::journal::place::Displaced;

/// How long a line kept only in the page cache (a clock reading) may stay
/// unsynced: after a power cut the clocks are known to within this much
/// (and the half-second between readings).
pub const CACHED_SYNC: Duration = Duration::from_secs(10);

/// Where the journal's lines go: the journal's file (in tests, a file
/// whose syncs wait until the test lets them go, as a slow disk's do).
pub trait Disk: Write + Send + 'static {
    /// Makes what was written durable (fdatasync).
    fn sync_data(&mut self) -> io::Result<()>;
    /// Cuts what was written back to `len` bytes, durably.
    fn cut_to(&mut self, len: u64) -> io::Result<()>;
    /// After a line is on disk: whether the file is still where the game
    /// is looked for, written back there if not (see
    /// [`crate::journal::place`]); a file that has no place is always in it.
    fn keep_in_place(&mut self) -> io::Result<Option<Displaced>> {
        Ok(None)
    }
}

impl Disk for File {
    fn sync_data(&mut self) -> io::Result<()> {
        File::sync_data(self)
    }

    fn cut_to(&mut self, len: u64) -> io::Result<()> {
        self.set_len(len).and_then(|()| self.sync_all())
    }
}

/// How a line must reach the disk before it is acknowledged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// On disk (fdatasync): a command, which is announced once it is there.
    Synced,
    /// In the page cache, synced within [`CACHED_SYNC`]: a clock reading.
    Cached,
}

/// One line for the writer, with its newline.
struct Line {
    bytes: Vec<u8>,
    durability: Durability,
}

/// The writer thread and the two ends of its channels: lines go in, one
/// acknowledgement per line comes back, in order.
pub struct Writer {
    lines: Option<Sender<Line>>,
    acks: Receiver<io::Result<()>>,
    /// What had become of the journal's file when it was written back.
    displaced: Receiver<Displaced>,
    thread: Option<JoinHandle<()>>,
    /// Lines sent and not yet acknowledged.
    unacknowledged: usize,
    /// Rung after each acknowledgement.
    waker: super::wake::Waker,
}

impl Writer {
    /// A writer appending to `file`, which is `len` bytes long and opened
    /// for appending.
    pub fn start(file: impl Disk, len: u64) -> io::Result<Writer> {
        let (lines, to_write) = mpsc::channel();
        let (acknowledge, acks) = mpsc::channel();
        let (moved, displaced) = mpsc::channel();
        let waker = super::wake::Waker::default();
        let ring = waker.clone();
        let thread = std::thread::Builder::new()
            .name("journal".into())
            .spawn(move || write_lines(file, len, &to_write, (&acknowledge, &moved), &ring))?;
        Ok(Writer {
            lines: Some(lines),
            acks,
            displaced,
            thread: Some(thread),
            unacknowledged: 0,
            waker,
        })
    }

    /// Hands `line` (without its newline) to the writer. An error when the
    /// writer has stopped after a failure.
    pub fn send(&mut self, line: &str, durability: Durability) -> io::Result<()> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let sent = self
            .lines
            .as_ref()
            .is_some_and(|lines| lines.send(Line { bytes, durability }).is_ok());
        if sent {
            self.unacknowledged += 1;
            Ok(())
        } else {
            Err(stopped())
        }
    }

    /// What rings the host when a line is acknowledged.
    pub fn waker(&self) -> &super::wake::Waker {
        &self.waker
    }

    /// The acknowledgement of the oldest line not yet acknowledged, when it
    /// has come; never waits.
    pub fn acknowledged(&mut self) -> Option<io::Result<()>> {
        if self.unacknowledged == 0 {
            return None;
        }
        match self.acks.try_recv() {
            Ok(ack) => {
                self.unacknowledged -= 1;
                Some(ack)
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.unacknowledged -= 1;
                Some(Err(stopped()))
            }
        }
    }

    /// The journal's file found deleted or replaced, and written back,
    /// since last asked; never waits.
    pub fn displaced(&mut self) -> Option<Displaced> {
        self.displaced.try_recv().ok()
    }

    /// Waits for the acknowledgement of the oldest line not yet
    /// acknowledged; `None` when every line is.
    pub fn wait(&mut self) -> Option<io::Result<()>> {
        if self.unacknowledged == 0 {
            return None;
        }
        self.unacknowledged -= 1;
        Some(self.acks.recv().unwrap_or_else(|_| Err(stopped())))
    }
}

impl Drop for Writer {
    /// Everything sent is written (and a clock reading still only in the
    /// page cache synced) before the journal is closed.
    fn drop(&mut self) {
        self.lines = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn stopped() -> io::Error {
    io::Error::other("the journal was closed after a failed write")
}

/// The writer thread: appends each line, syncing as its durability asks,
/// and acknowledges it; after a synced line, keeps the file in its place
/// and says when it was not. A failed line is cut off again and ends the
/// thread.
fn write_lines(
    mut file: impl Disk,
    mut len: u64,
    lines: &Receiver<Line>,
    (acks, moved): (&Sender<io::Result<()>>, &Sender<Displaced>),
    waker: &super::wake::Waker,
) {
    let mut last_sync = Instant::now();
    let mut unsynced = false;
    for line in lines {
        let sync = line.durability == Durability::Synced || last_sync.elapsed() >= CACHED_SYNC;
        let written = file
            .write_all(&line.bytes)
            .and_then(|()| if sync { file.sync_data() } else { Ok(()) })
            .and_then(|()| {
                if sync && let Some(displaced) = file.keep_in_place()? {
                    let _ = moved.send(displaced);
                }
                Ok(())
            });
        match written {
            Ok(()) => {
                len += line.bytes.len() as u64;
                if sync {
                    last_sync = Instant::now();
                    unsynced = false;
                } else {
                    unsynced = true;
                }
                if acks.send(Ok(())).is_err() {
                    break;
                }
                waker.wake(super::wake::Source::Journal);
            }
            Err(e) => {
                // What the game refused must not be replayed on resume:
                // the file goes back to its last acknowledged line.
                let _ = file.cut_to(len);
                let _ = acks.send(Err(e));
                waker.wake(super::wake::Source::Journal);
                return;
            }
        }
    }
    if unsynced {
        let _ = file.sync_data();
    }
}

/// A file whose syncs wait until the test lets each go: a disk as slow as
/// the test wants, without a sleep.
#[cfg(test)]
pub(crate) struct HeldDisk {
    /// The file written.
    pub(crate) file: File,
    /// One message lets one sync go; once the sender is dropped, all go.
    pub(crate) gate: Receiver<()>,
}

#[cfg(test)]
impl Write for HeldDisk {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
impl Disk for HeldDisk {
    fn sync_data(&mut self) -> io::Result<()> {
        let _ = self.gate.recv();
        self.file.sync_data()
    }

    fn cut_to(&mut self, len: u64) -> io::Result<()> {
        self.file.cut_to(len)
    }
}
