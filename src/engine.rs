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

use crate::analysis::engine::{Evaluation, Report, Score, read_info, uci_move};

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
    pub fn start(path: &Path, think: Duration, grace: Duration) -> std::io::Result<Engine> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let mut stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        thread::Builder::new()
            .name("uci engine".to_string())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })?;
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
            .and_then(|()| writeln!(self.stdin, "go movetime {}", self.think.as_millis()))
            .and_then(|()| self.stdin.flush());
        if sent.is_err() {
            self.dead = true;
        }
        self.searches += 1;
        self.pending = Some(Pending {
            position: position.clone(),
            deadline: now + self.think + self.grace,
            last: None,
        });
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
