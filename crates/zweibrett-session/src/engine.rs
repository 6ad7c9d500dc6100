//! An optional UCI engine (Stockfish or any other) in its own process, read
//! by its own thread. Nothing here ever waits on the engine: a request is
//! sent, and its answer is collected later or declared missing once its
//! time is up, so a slow, hung or dead engine cannot freeze the program.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

use zweibrett_core::analysis::engine::{Evaluation, Report, Score, read_info, uci_move};

/// A running UCI engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    pending: Option<Pending>,
    think: Duration,
    grace: Duration,
    ready: bool,
    dead: bool,
    /// Searches sent whose `bestmove` has not come yet; only the last one's
    /// lines answer the pending request.
    searches: usize,
    /// Whether the engine was told to play Chess960, with castling as the
    /// king taking its own rook (Guidelines II).
    chess960: bool,
}

struct Pending {
    position: Chess,
    deadline: Instant,
    last: Option<(Score, Vec<Move>, u32)>,
}

impl Engine {
    /// Starts the engine at `path`; it thinks `think` per request and is
    /// declared not answering `grace` after that. Returns at once: the UCI
    /// handshake is sent, not awaited. Fails only when the program cannot be
    /// started.
    pub fn start(
        path: &Path,
        think: Duration,
        grace: Duration,
        waker: &crate::wake::Waker,
    ) -> std::io::Result<Engine> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let mut stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        let tx = crate::wake::Ringing::new(tx, waker, crate::wake::Source::Analysis);
        thread::Builder::new()
            .name("uci engine".to_string())
            .spawn(move || forward_lines(BufReader::new(stdout), |line| tx.send(line)))?;
        // An engine that died at once is found out by the first request.
        let dead = writeln!(stdin, "uci").and_then(|()| stdin.flush()).is_err();
        Ok(Engine {
            child,
            stdin,
            lines,
            pending: None,
            think,
            grace,
            ready: false,
            dead,
            searches: 0,
            chess960: false,
        })
    }

    /// Asks for an evaluation of `position`; an earlier request still
    /// pending is dropped.
    pub fn request(&mut self, position: &Chess, now: Instant) {
        let go = format!("go movetime {}", self.think.as_millis());
        self.send(position, &go, now + self.think + self.grace);
    }

    /// Asks for an evaluation of `position` searched to `depth`, given up
    /// at `deadline`; an earlier request still pending is dropped. A fixed
    /// depth gives the same answer on every run, however busy the machine.
    pub fn request_depth(&mut self, position: &Chess, depth: u32, deadline: Instant) {
        self.send(position, &format!("go depth {depth}"), deadline);
    }

    fn send(&mut self, position: &Chess, go: &str, deadline: Instant) {
        let fen = Fen::from_position(position, EnPassantMode::Legal);
        // A Chess960 position is read, and its castling written, only by an
        // engine told so; the option is sent when the variant changes.
        let chess960 = position.castles().mode() == CastlingMode::Chess960;
        let variant = chess960 != self.chess960;
        self.chess960 = chess960;
        let sent = writeln!(self.stdin, "stop")
            .and_then(|()| match variant {
                true => writeln!(self.stdin, "setoption name UCI_Chess960 value {chess960}"),
                false => Ok(()),
            })
            .and_then(|()| writeln!(self.stdin, "position fen {fen}"))
            .and_then(|()| writeln!(self.stdin, "{go}"))
            .and_then(|()| self.stdin.flush());
        if sent.is_err() {
            self.dead = true;
        }
        self.searches += 1;
        self.pending = Some(Pending {
            position: position.clone(),
            deadline,
            last: None,
        });
    }

    /// Waits for the pending request's report, at most until its deadline;
    /// for a thread of its own, never for one that must stay responsive.
    pub fn wait(&mut self) -> Option<Report> {
        loop {
            if let Some(report) = self.poll(Instant::now()) {
                return Some(report);
            }
            let deadline = self.deadline()?;
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(report) = self.read_line(&line) {
                        return Some(report);
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => self.dead = true,
            }
        }
    }

    /// Whether the engine's process has ended: its output closed, or it
    /// could not be written to.
    pub fn is_dead(&self) -> bool {
        self.dead
    }

    /// Whether a request is waiting for its answer.
    pub fn is_busy(&self) -> bool {
        self.pending.is_some()
    }

    /// Reads what the engine has said so far; the report of the pending
    /// request once it is complete or its time is up.
    pub fn poll(&mut self, now: Instant) -> Option<Report> {
        loop {
            match self.lines.try_recv() {
                Ok(line) => {
                    if let Some(report) = self.read_line(&line) {
                        return Some(report);
                    }
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.dead = true;
                    break;
                }
            }
        }
        let pending = self.pending.as_ref()?;
        if self.dead || now >= pending.deadline {
            self.pending = None;
            return Some(Report::NotAnswering);
        }
        None
    }

    /// When the pending request will be given up, if one is pending.
    pub fn deadline(&self) -> Option<Instant> {
        self.pending.as_ref().map(|p| p.deadline)
    }

    fn read_line(&mut self, line: &str) -> Option<Report> {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("uciok") => {
                self.ready = true;
                None
            }
            Some("info") if self.searches == 1 => {
                let pending = self.pending.as_mut()?;
                if let Some(info) = read_info(line, &pending.position) {
                    pending.last = Some(info);
                }
                None
            }
            Some("bestmove") => {
                self.searches = self.searches.saturating_sub(1);
                if self.searches > 0 {
                    // The end of a search that was stopped for a newer one.
                    return None;
                }
                let pending = self.pending.take()?;
                let Some((score, mut best_line, depth)) = pending.last else {
                    return Some(Report::NotAnswering);
                };
                if best_line.is_empty() {
                    let best = words.next().and_then(|m| uci_move(m, &pending.position));
                    best_line.extend(best);
                }
                Some(Report::Answer(Evaluation {
                    position: pending.position,
                    score,
                    best_line,
                    depth,
                }))
            }
            _ => None,
        }
    }

    /// Whether the engine has finished its handshake.
    pub fn is_ready(&self) -> bool {
        self.ready
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The longest line kept from an engine, in bytes; the rest of a longer
/// one is dropped, so an engine that never ends a line cannot fill the
/// memory.
pub const MOST_LINE_BYTES: usize = 64 * 1024;

/// More output than this in one second is a flood: no engine says that
/// much while it thinks (Stockfish says a line or two per depth), so the
/// engine is given up, as one that died, rather than read without end.
pub const FLOOD_BYTES_PER_SECOND: usize = 4 * 1024 * 1024;

/// Likewise, more lines than this in one second.
pub const FLOOD_LINES_PER_SECOND: usize = 20_000;

/// How much an engine has said in the current second.
struct Flow {
    since: std::time::Instant,
    bytes: usize,
    lines: usize,
}

impl Flow {
    /// Counts `bytes` read, ending `lines` lines; whether it is a flood.
    fn floods(&mut self, bytes: usize, lines: usize) -> bool {
        let now = std::time::Instant::now();
        if now.duration_since(self.since) >= Duration::from_secs(1) {
            *self = Flow {
                since: now,
                bytes: 0,
                lines: 0,
            };
        }
        self.bytes += bytes;
        self.lines += lines;
        self.bytes > FLOOD_BYTES_PER_SECOND || self.lines > FLOOD_LINES_PER_SECOND
    }
}

/// Hands each line the engine writes to `send` until the engine closes its
/// output, `send` says no one listens, or the engine floods (see
/// [`FLOOD_BYTES_PER_SECOND`]): then reading stops, and the engine counts
/// as dead. A line that is not valid UTF-8 is passed on with its bad bytes
/// replaced (it is then not understood and skipped, like any other line
/// the program does not read), never taken for the end of the engine.
fn forward_lines(mut reader: impl BufRead, mut send: impl FnMut(String) -> bool) {
    let mut flow = Flow {
        since: std::time::Instant::now(),
        bytes: 0,
        lines: 0,
    };
    let mut line = Vec::new();
    let keep = |line: &mut Vec<u8>, bytes: &[u8]| {
        let room = MOST_LINE_BYTES.saturating_sub(line.len());
        line.extend_from_slice(&bytes[..bytes.len().min(room)]);
    };
    loop {
        let (ended, used) = match reader.fill_buf() {
            Ok([]) => {
                if !line.is_empty() {
                    send(text_of(&line));
                }
                return;
            }
            Ok(bytes) => match bytes.iter().position(|&b| b == b'\n') {
                Some(end) => {
                    keep(&mut line, &bytes[..end]);
                    (true, end + 1)
                }
                None => {
                    keep(&mut line, bytes);
                    (false, bytes.len())
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        reader.consume(used);
        if flow.floods(used, usize::from(ended)) {
            return;
        }
        if ended {
            let text = text_of(&line);
            line.clear();
            if !send(text) {
                return;
            }
        }
    }
}

/// A line's bytes as text, bad UTF-8 replaced, without a carriage return.
fn text_of(line: &[u8]) -> String {
    String::from_utf8_lossy(line)
        .trim_end_matches('\r')
        .to_string()
}

/// The engine to use: `wanted` if given, else `stockfish` found on `PATH`
/// or where Debian installs it (`/usr/games`, not on every `PATH`).
pub fn find_engine(wanted: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = wanted {
        return Some(path.to_path_buf());
    }
    let paths = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&paths)
        .chain([PathBuf::from("/usr/games")])
        .map(|dir| dir.join("stockfish"))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(bytes: &[u8]) -> Vec<String> {
        let mut lines = Vec::new();
        forward_lines(std::io::Cursor::new(bytes), |line| {
            lines.push(line);
            true
        });
        lines
    }

    #[test]
    fn a_line_of_invalid_text_is_passed_on_and_reading_goes_on() {
        let lines = lines_of(b"id name Fake\r\n\xff\xfe score\nuciok\nbestmove e2e4");
        assert_eq!(
            lines,
            [
                "id name Fake",
                "\u{fffd}\u{fffd} score",
                "uciok",
                "bestmove e2e4"
            ]
        );
    }

    #[test]
    fn an_endless_line_is_cut_to_its_bound() {
        let mut bytes = vec![b'x'; 3 * MOST_LINE_BYTES];
        bytes.extend_from_slice(b"\nuciok\n");
        let lines = lines_of(&bytes);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MOST_LINE_BYTES);
        assert_eq!(lines[1], "uciok");
    }

    /// An engine that says `line` without end.
    struct Endless(&'static [u8], usize);

    impl std::io::Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            for b in buf.iter_mut() {
                *b = self.0[self.1 % self.0.len()];
                self.1 += 1;
            }
            Ok(buf.len())
        }
    }

    #[test]
    fn an_engine_that_floods_is_given_up_with_what_it_said_bounded() {
        for said in [
            &b"info depth 1 score cp 13 pv e2e4\n"[..],
            &b"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"[..],
        ] {
            let mut lines = 0;
            let mut bytes = 0;
            forward_lines(BufReader::new(Endless(said, 0)), |line| {
                lines += 1;
                bytes += line.len();
                true
            });
            // Reading stopped by itself: at most a second's worth was
            // passed on.
            assert!(lines <= FLOOD_LINES_PER_SECOND + 1, "{lines} lines");
            assert!(bytes <= FLOOD_BYTES_PER_SECOND, "{bytes} bytes");
        }
    }
}
