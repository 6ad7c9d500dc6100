//! The serial line to an electronic board, on a thread of its own: opened
//! (and taken for this program alone), greeted, read, asked now and then
//! whether the board is still there, and opened again when it comes back.
//! What it reads goes to the game through a ringing channel.

use std::io::{Read, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serialport::TTYPort;
use zweibrett_core::electronic_board::dgt::Sensed;

use super::{BoardEvent, BoardFault, BoardIdentity, HEARTBEAT, Protocol, Report, SILENCE};
use crate::wake::{Source, Waker};

/// How long one read waits for bytes: the longest the line takes to see
/// that it is asked to stop.
const READ_WAIT: Duration = Duration::from_millis(100);

/// How often a board that cannot be opened is tried again.
const RETRY: Duration = Duration::from_secs(1);

/// The line to a board, read on its own thread until dropped.
pub struct BoardLine {
    events: Receiver<(BoardEvent, Instant)>,
    waker: Waker,
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl BoardLine {
    /// Starts reading the board on `port` (or the first serial line a
    /// board answers on, for [`AUTO`]) through a `protocol` made afresh
    /// for each connection; `waker` is rung after each event, which
    /// [`BoardLine::take`] then returns.
    pub fn start(port: String, protocol: fn() -> Box<dyn Protocol>, waker: Waker) -> BoardLine {
        let (events_in, events) = mpsc::channel();
        let (stop, stopped) = mpsc::channel();
        let ring = waker.clone();
        let thread = std::thread::Builder::new()
            .name("board".into())
            .spawn(move || {
                Reader {
                    port,
                    protocol,
                    stopped,
                    events: events_in,
                    waker: ring,
                    fault: None,
                }
                .run()
            })
            .ok();
        BoardLine {
            events,
            waker,
            stop: Some(stop),
            thread,
        }
    }

    /// Everything the board reported since last asked, oldest first, each
    /// with the moment it was read.
    pub fn take(&self) -> Vec<(BoardEvent, Instant)> {
        self.events.try_iter().collect()
    }

    /// Waits up to `wait` for the next event: for tests and `doctor`.
    pub fn next(&self, wait: Duration) -> Option<BoardEvent> {
        self.events.recv_timeout(wait).ok().map(|(event, _)| event)
    }

    /// The waker the line rings, to be connected to a front end's bell.
    pub fn waker(&self) -> &Waker {
        &self.waker
    }
}

impl Drop for BoardLine {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Who the board on `port` is ([`AUTO`]: the first serial line a board
/// answers on), or why it cannot be read, asked once within `wait` and
/// then let go: for `doctor`.
pub fn identify(
    port: &str,
    protocol: fn() -> Box<dyn Protocol>,
    wait: Duration,
) -> Result<BoardIdentity, BoardFault> {
    let line = BoardLine::start(port.to_string(), protocol, Waker::default());
    let until = Instant::now() + wait;
    loop {
        match line.next(until.saturating_duration_since(Instant::now())) {
            Some(BoardEvent::Found(identity)) => return Ok(identity),
            Some(BoardEvent::Fault(fault)) => return Err(fault),
            Some(_) => {}
            None => return Err(BoardFault::Silent),
        }
    }
}

/// The port that asks the line to look for a board among the machine's
/// serial lines.
pub const AUTO: &str = "auto";

struct Reader {
    port: String,
    protocol: fn() -> Box<dyn Protocol>,
    stopped: Receiver<()>,
    events: Sender<(BoardEvent, Instant)>,
    waker: Waker,
    /// The fault last said, so that it is said once.
    fault: Option<BoardFault>,
}

impl Reader {
    fn send(&self, event: BoardEvent) {
        if self.events.send((event, Instant::now())).is_ok() {
            self.waker.wake(Source::Board);
        }
    }

    fn run(mut self) {
        loop {
            let path = if self.port == AUTO {
                find_board(&serial_lines(), self.protocol)
            } else {
                Some(self.port.clone())
            };
            match path.ok_or(BoardFault::NotThere).and_then(|path| {
                let port = open_board(&path)?;
                Ok((path, port))
            }) {
                Ok((path, port)) => {
                    if self.read(&path, port) {
                        return;
                    }
                }
                Err(fault) => self.fault(fault),
            }
            match self.stopped.recv_timeout(RETRY) {
                Err(RecvTimeoutError::Timeout) => {}
                _ => return,
            }
        }
    }

    fn fault(&mut self, fault: BoardFault) {
        if self.fault.as_ref() != Some(&fault) {
            log::debug!("board {}: {fault:?}", self.port);
            self.send(BoardEvent::Fault(fault.clone()));
            self.fault = Some(fault);
        }
    }

    /// Reads an open line until it fails (false) or the line is asked to
    /// stop (true).
    fn read(&mut self, path: &str, mut port: TTYPort) -> bool {
        let mut protocol = (self.protocol)();
        let mut identity = BoardIdentity {
            maker: protocol.maker().to_string(),
            port: path.to_string(),
            ..BoardIdentity::default()
        };
        let mut fields: Option<Box<[Sensed; 64]>> = None;
        let mut found = false;
        if port.write_all(&protocol.opening()).is_err() {
            self.fault(BoardFault::Lost);
            return false;
        }
        let mut last_heard = Instant::now();
        let mut asked: Option<Instant> = Some(last_heard);
        let mut buffer = [0u8; 512];
        loop {
            match self.stopped.try_recv() {
                Err(mpsc::TryRecvError::Empty) => {}
                _ => return true,
            }
            let read = match port.read(&mut buffer) {
                Ok(0) => 0,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => 0,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => 0,
                Err(e) => {
                    log::debug!("board {}: read: {e}", self.port);
                    self.fault(BoardFault::Lost);
                    return false;
                }
            };
            let now = Instant::now();
            if read > 0 {
                let reports = protocol.read(&buffer[..read]);
                if !reports.is_empty() {
                    last_heard = now;
                    asked = None;
                    if self.fault == Some(BoardFault::Silent) {
                        // Back after a silence: what it shows may have
                        // changed unseen.
                        self.fault = None;
                        found = false;
                        if port.write_all(&protocol.opening()).is_err() {
                            self.fault(BoardFault::Lost);
                            return false;
                        }
                    }
                }
                for report in reports {
                    match report {
                        Report::Serial(serial) => identity.serial = Some(serial),
                        Report::Version(version) => identity.version = Some(version),
                        Report::Fields(all) => {
                            if !found {
                                found = true;
                                self.fault = None;
                                self.send(BoardEvent::Found(identity.clone()));
                            }
                            fields = Some(all.clone());
                            self.send(BoardEvent::Shows(all));
                        }
                        Report::Field { field, now } => {
                            if let Some(fields) = fields.as_mut() {
                                fields[usize::from(field & 63)] = now;
                                self.send(BoardEvent::Shows(fields.clone()));
                            }
                        }
                        Report::Clock(reading) => {
                            self.send(BoardEvent::Clock(reading));
                        }
                        Report::NoClock => {
                            self.send(BoardEvent::NoClock);
                        }
                        Report::Alive => {}
                    }
                }
            }
            match asked {
                Some(at) if now.duration_since(at) >= SILENCE => {
                    self.fault(BoardFault::Silent);
                    asked = Some(now);
                    let _ = port.write_all(&protocol.heartbeat());
                }
                None if now.duration_since(last_heard) >= HEARTBEAT => {
                    asked = Some(now);
                    if port.write_all(&protocol.heartbeat()).is_err() {
                        self.fault(BoardFault::Lost);
                        return false;
                    }
                }
                _ => {}
            }
        }
    }
}

/// Opens the serial line `path` to a board at the protocol's 9600 baud,
/// and takes it for this program alone (the terminal's exclusive mode and
/// an exclusive lock, which holds against root too): a second program, or
/// a second game, is refused with [`BoardFault::Busy`].
pub fn open_board(path: &str) -> Result<TTYPort, BoardFault> {
    serialport::new(path, 9600)
        .timeout(READ_WAIT)
        .open_native()
        .map_err(|e| {
            log::debug!("board {path}: {e}");
            match e.kind() {
                // The crate's word for a line held by another.
                serialport::ErrorKind::NoDevice => BoardFault::Busy,
                serialport::ErrorKind::Io(std::io::ErrorKind::NotFound) => BoardFault::NotThere,
                serialport::ErrorKind::Io(std::io::ErrorKind::PermissionDenied) => {
                    BoardFault::NotAllowed
                }
                _ if e.description.contains("No such device") => BoardFault::NotThere,
                _ => BoardFault::Other(e.description),
            }
        })
}

/// The machine's serial lines a board may be on: USB serial and
/// Bluetooth serial (rfcomm) devices.
pub fn serial_lines() -> Vec<String> {
    let mut lines: Vec<String> = serialport::available_ports()
        .unwrap_or_default()
        .into_iter()
        .map(|port| port.port_name)
        .collect();
    if let Ok(entries) = std::fs::read_dir("/dev") {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if ["rfcomm", "ttyACM", "ttyUSB"]
                .iter()
                .any(|kind| name.starts_with(kind))
            {
                lines.push(format!("/dev/{name}"));
            }
        }
    }
    lines.sort();
    lines.dedup();
    lines
}

/// The first of `lines` on which a board answers the protocol's question
/// within a second; `None` if none does. The lines are asked all at once,
/// so that a machine with many serial lines is looked through in a
/// second.
pub fn find_board(lines: &[String], protocol: fn() -> Box<dyn Protocol>) -> Option<String> {
    std::thread::scope(|scope| {
        let asked: Vec<_> = lines
            .iter()
            .map(|path| scope.spawn(move || answers(path, protocol())))
            .collect();
        asked
            .into_iter()
            .zip(lines)
            .filter_map(|(answer, path)| answer.join().unwrap_or(false).then_some(path))
            .next()
            .cloned()
    })
}

/// Whether a board on `path` answers the protocol's heartbeat within a
/// second.
fn answers(path: &str, mut protocol: Box<dyn Protocol>) -> bool {
    let Ok(mut port) = open_board(path) else {
        return false;
    };
    if port.write_all(&protocol.heartbeat()).is_err() {
        return false;
    }
    let until = Instant::now() + Duration::from_secs(1);
    let mut buffer = [0u8; 256];
    while Instant::now() < until {
        if let Ok(n) = port.read(&mut buffer)
            && n > 0
            && !protocol.read(&buffer[..n]).is_empty()
        {
            return true;
        }
    }
    false
}
