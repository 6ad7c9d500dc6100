//! The two-board game line by line (line mode), a view of the
//! [`GameHost`]: each line read from standard input is handed to the
//! host, and each thing it shows is printed on one line with a prefix
//! that says what it is (`announced:`, `answer:`, `clock:` …), stable for
//! scripts; the prompt line says whose turn it is and at which step.

use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError};

use crate::printable::printable;
use crate::session::host::{GameHost, Kind, Request, Shown};
use crate::session::lines::{LineFault, read_lines};
use crate::session::wake::{Bell, Source, Wake};

/// The line-mode view of a game host, printing to `out`.
pub struct PlainGame<W: Write = std::io::Stdout> {
    host: GameHost,
    out: W,
}

/// What line mode reads: a line, or why it could not be read.
pub type Typed = Result<String, LineFault>;

/// Whether line mode goes on after a wake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Wait for the next wake.
    Wait,
    /// Leave the game: `quit`, the end of input, a signal.
    Leave,
}

impl PlainGame {
    /// Shows `host`'s game on standard output.
    pub fn new(host: GameHost) -> Self {
        PlainGame::printing(host, std::io::stdout())
    }

    /// Runs the game until `quit`, the end of input or an ending signal
    /// ([`crate::signals`]), each of which leaves the game alike; `resumed`
    /// says where a resumed game stands first. False when the journal
    /// could not be written and the game stopped.
    pub fn run(mut self, resumed: bool) -> bool {
        let (tx, events) = mpsc::channel::<Wake<Typed>>();
        let bell = Bell::on(tx.clone());
        self.host.connect(&bell);
        crate::signals::ring_on_signal(bell.waker());
        read_stdin(tx);
        let mut next = self.open(resumed);
        while next == Next::Wait {
            let woke = match self.host.deadline() {
                Some(deadline) => {
                    let wait = deadline.saturating_duration_since(std::time::Instant::now());
                    events.recv_timeout(wait)
                }
                None => events.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            next = self.step(woke, std::time::Instant::now());
        }
        self.leave()
    }
}

impl<W: Write> PlainGame<W> {
    /// Shows `host`'s game, printing to `out`.
    pub fn printing(host: GameHost, out: W) -> Self {
        PlainGame { host, out }
    }

    /// The host shown.
    pub fn host(&mut self) -> &mut GameHost {
        &mut self.host
    }

    /// Opens the game and prints what it says first.
    pub fn open(&mut self, resumed: bool) -> Next {
        self.host.open(resumed);
        self.render()
    }

    /// Takes what woke line mode at `now`: a line, a ring, the deadline,
    /// or the end of input; prints what follows.
    pub fn step(
        &mut self,
        woke: Result<Wake<Typed>, RecvTimeoutError>,
        now: std::time::Instant,
    ) -> Next {
        if crate::signals::requested().is_some() {
            return Next::Leave;
        }
        match woke {
            Ok(Wake::Input(line, at)) => self.host.request(Request::Line(line), at),
            Ok(Wake::Rang(Source::Signal)) => return Next::Leave,
            Ok(Wake::Rang(_)) | Err(RecvTimeoutError::Timeout) => self.host.wake(now),
            Ok(Wake::InputEnded) | Err(RecvTimeoutError::Disconnected) => return Next::Leave,
        }
        match self.render() {
            _ if self.host.stopped().is_some() => Next::Leave,
            next => next,
        }
    }

    /// Leaves the game as [`GameHost::leave`] does and prints what it
    /// said; false when the journal could not be written.
    pub fn leave(mut self) -> bool {
        let kept = self.host.leave();
        self.render();
        kept
    }

    /// Prints what the host shows; [`Next::Leave`] when the user asked to
    /// leave.
    fn render(&mut self) -> Next {
        let out = &mut self.out;
        let mut next = Next::Wait;
        for shown in self.host.take_shown() {
            match shown {
                Shown::Line { kind, text } => {
                    let _ = writeln!(out, "{}", printable(&line(&kind, &text)));
                }
                Shown::Prompt(status) => {
                    let _ = writeln!(out, "> {}", printable(&status));
                }
                Shown::Voice { text, detail } => {
                    let _ = writeln!(out, "speech: {}", printable(&text));
                    if !detail.is_empty() {
                        eprintln!("zweibrett: {}", printable(&detail));
                    }
                }
                Shown::Leave => next = Next::Leave,
            }
        }
        let _ = out.flush();
        next
    }
}

/// A shown line as line mode prints it: a prefix saying what it is.
pub fn line(kind: &Kind, text: &str) -> String {
    let prefix = match kind {
        Kind::Announced(label) => return format!("announced: {label}: {text}"),
        Kind::Corrected(label) => return format!("corrected: {label}: {text}"),
        Kind::Result(pgn) => return format!("result: {pgn} {text}"),
        Kind::Saved(path) => return format!("saved: {path}"),
        Kind::Listing => return text.to_string(),
        Kind::Clock | Kind::Notice => "clock",
        Kind::Clocks => "clocks",
        Kind::Start => "start",
        Kind::Repeated => "repeated",
        Kind::Divergence => "divergence",
        Kind::Agreed => "agreed",
        Kind::Answer => "answer",
        Kind::Offer => "offer",
        Kind::Ruling => "ruling",
        Kind::Audit => "audit",
        Kind::Help => "help",
        Kind::Heard => "heard",
        Kind::Seat => "seat",
        Kind::Note => "note",
        Kind::Error => "error",
    };
    format!("{prefix}: {text}")
}

/// Reads standard input on a thread of its own into `events`, each line
/// stamped when it was read; the end of the input is sent too.
fn read_stdin(events: mpsc::Sender<Wake<Typed>>) {
    std::thread::spawn(move || {
        read_lines(std::io::stdin().lock(), |line| {
            events
                .send(Wake::Input(line, std::time::Instant::now()))
                .is_ok()
        });
        let _ = events.send(Wake::InputEnded);
    });
}
