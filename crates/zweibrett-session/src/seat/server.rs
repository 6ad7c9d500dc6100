//! The game's side of its seats: a Unix socket beside the game, threads
//! that accept seats and read their lines, and one writer thread per seat,
//! so that neither a seat that types nor one that stops reading ever holds
//! up the game. The shell asks [`SeatServer::poll`] what came in, each
//! line stamped with the instant it was read, and enters it as it enters
//! a typed line.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::time::Duration;

use zweibrett_core::clock::Instant;
use zweibrett_core::game::{Game, Side};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::pack::SeatSentence;
use zweibrett_core::printable::printable_lines;
use zweibrett_core::seat::{SeatRole, SeatView};
use zweibrett_core::typed::seat_line::{opponent_enters, seat_side};

use super::connection::{Arrival, Refusals, SEAT_LINE_CHARS, WRITE_WAIT, accept, refuse};
use super::place::{PlaceError, seats_dir, socket_of};
use super::protocol::ToSeat;
use crate::wake::{Ringing, Source, Waker};

/// How many messages may wait for a seat before it counts as dead.
const BACKLOG: usize = 256;

/// What happened at the seats, for the shell to show and carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatEvent {
    /// A seat joined: to be said on the main seat.
    Joined(SeatRole),
    /// A seat left; the game goes on.
    Left(SeatRole),
    /// A line typed at a seat, read at `at`.
    Line {
        /// Who typed it.
        role: SeatRole,
        /// The line.
        text: String,
        /// When it was read.
        at: std::time::Instant,
    },
}

struct Joined {
    id: u64,
    role: SeatRole,
    /// What waits for the seat's writer; `None` once the seat is dropped.
    out: Option<SyncSender<ToSeat>>,
}

/// The game's socket and its joined seats; the socket file is removed
/// when the server is dropped, on a quit and on an ending signal alike.
pub struct SeatServer {
    path: PathBuf,
    arrivals: Receiver<Arrival>,
    seats: Vec<Joined>,
    /// The roles whose seat was dropped for not reading and has not joined
    /// again: told why when it does.
    dropped: Vec<SeatRole>,
    /// The last view sent, to send the next only when it changed.
    shown: Option<SeatView>,
    /// The running clock's stretch when it was sent: a new one is an
    /// adjustment or a press.
    shown_stretch: Option<(u64, Duration)>,
    /// The game's pack, for what is said to a seat.
    pack: VoicePack,
    closed: bool,
    /// Rung after each arrival.
    waker: Waker,
}

/// Why a game's seats cannot be offered; the game goes on without them.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The seats' directory cannot be used.
    #[error(transparent)]
    Place(#[from] PlaceError),
    /// The socket cannot be made.
    #[error("the seats' socket {0} cannot be made: {1}")]
    Bind(PathBuf, std::io::Error),
    /// Another process answers at the game's socket.
    #[error("another process answers at the seats' socket {0}")]
    Taken(PathBuf),
}

impl SeatServer {
    /// Opens the socket of the game journalled in `journal`, in the
    /// seats' directory; a socket left by a game that is gone is replaced.
    pub fn open(journal: &Path, pack: &VoicePack) -> Result<SeatServer, ServeError> {
        let dir = seats_dir()?;
        SeatServer::open_in(&dir, journal, pack)
    }

    /// The same in the directory `dir`, already checked.
    pub fn open_in(dir: &Path, journal: &Path, pack: &VoicePack) -> Result<SeatServer, ServeError> {
        let path = socket_of(dir, journal);
        if path.exists() {
            match UnixStream::connect(&path) {
                Ok(_) => return Err(ServeError::Taken(path)),
                // Nobody listens: what a game that was killed left behind.
                Err(_) => {
                    let _ = std::fs::remove_file(&path);
                }
            }
        }
        let listener = UnixListener::bind(&path).map_err(|e| ServeError::Bind(path.clone(), e))?;
        // The directory already keeps others out; the socket as well.
        let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
        let (tx, arrivals) = mpsc::channel();
        let waker = Waker::default();
        let tx = Ringing::new(tx, &waker, Source::Seat);
        let refusals = Refusals {
            not_a_join: pack.seat_sentences().say(SeatSentence::NotAJoin, &[]),
            other_version: pack.seat_sentences().say(SeatSentence::OtherVersion, &[]),
        };
        std::thread::Builder::new()
            .name("seat-accept".into())
            .spawn(move || accept(&listener, &tx, &refusals))
            .map_err(|e| ServeError::Bind(path.clone(), e))?;
        Ok(SeatServer {
            path,
            arrivals,
            seats: Vec::new(),
            dropped: Vec::new(),
            shown: None,
            shown_stretch: None,
            pack: pack.clone(),
            closed: false,
            waker,
        })
    }

    /// What rings the host when a seat asks, types or leaves.
    pub fn waker(&self) -> &Waker {
        &self.waker
    }

    /// The socket's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether any seat is joined.
    pub fn any(&self) -> bool {
        !self.seats.is_empty()
    }

    /// Whether a seat of `role` is joined.
    pub fn has(&self, role: SeatRole) -> bool {
        self.seats.iter().any(|s| s.role == role)
    }

    /// Welcomes or refuses the seats that asked to join `game` and
    /// returns what happened at the seats since the last look, in order.
    pub fn poll(&mut self, game: &Game, now: Instant) -> Vec<SeatEvent> {
        let mut events = Vec::new();
        while let Ok(arrival) = self.arrivals.try_recv() {
            let arrival_was_text = !matches!(arrival, Arrival::NotText { .. });
            match arrival {
                Arrival::Asks { id, role, stream } => {
                    if self.welcome(game, now, id, role, stream) {
                        events.push(SeatEvent::Joined(role));
                    }
                }
                Arrival::Line { id, text, at } => {
                    if let Some(seat) = self.seats.iter().find(|s| s.id == id) {
                        events.push(SeatEvent::Line {
                            role: seat.role,
                            text,
                            at,
                        });
                    }
                }
                Arrival::TooLong { id } | Arrival::NotText { id } => {
                    // Answered at that seat alone: the player never hears it.
                    let text = match arrival_was_text {
                        true => self.pack.seat_sentences().say(
                            SeatSentence::LineTooLong,
                            &[("most", &SEAT_LINE_CHARS.to_string())],
                        ),
                        false => self
                            .pack
                            .seat_sentences()
                            .say(SeatSentence::LineNotText, &[]),
                    };
                    let said = ToSeat::Said { text };
                    if let Some(seat) = self.seats.iter_mut().find(|s| s.id == id)
                        && let Some(out) = &seat.out
                        && out.try_send(said).is_err()
                    {
                        seat.out = None;
                    }
                }
                Arrival::Gone { id } => {
                    if let Some(at) = self.seats.iter().position(|s| s.id == id) {
                        let seat = self.seats.remove(at);
                        events.push(SeatEvent::Left(seat.role));
                    }
                }
            }
        }
        // A seat dropped for not reading is gone as well.
        events.extend(self.take_dropped());
        events
    }

    fn welcome(
        &mut self,
        game: &Game,
        now: Instant,
        id: u64,
        role: SeatRole,
        stream: UnixStream,
    ) -> bool {
        let words = self.pack.seat_sentences();
        let side = seat_side(game.setup(), role);
        let refusal = if let Some(outcome) = game.outcome() {
            Some(words.say(SeatSentence::GameOver, &[("result", outcome.result.pgn())]))
        } else if self.has(role) {
            Some(words.say(taken(role), &[]))
        } else if role == SeatRole::Opponent && side.is_none() {
            Some(words.say(SeatSentence::NoSightedOpponent, &[]))
        } else {
            None
        };
        if let Some(reason) = refusal {
            refuse(stream, reason);
            return false;
        }
        let (out, queue) = mpsc::sync_channel(BACKLOG);
        let _ = stream.set_write_timeout(Some(WRITE_WAIT));
        if std::thread::Builder::new()
            .name("seat-write".into())
            .spawn(move || write_to(stream, &queue))
            .is_err()
        {
            return false;
        }
        let side_word = side.map_or("", |s| self.pack.side((s).into()));
        let greeting = match role {
            SeatRole::Opponent => words.say(SeatSentence::WelcomeOpponent, &[("side", side_word)]),
            SeatRole::Arbiter => words.say(SeatSentence::WelcomeArbiter, &[]),
            SeatRole::Assistant => words.say(SeatSentence::WelcomeAssistant, &[]),
        };
        let view = self.view_of(game, now);
        // A seat let go for not reading is told so when it is back.
        let told = self.dropped.iter().position(|r| *r == role).map(|at| {
            self.dropped.remove(at);
            ToSeat::Said {
                text: words.say(SeatSentence::DroppedBefore, &[]),
            }
        });
        let welcome = [
            ToSeat::Welcome {
                role,
                side,
                voice: self.pack.id.clone(),
            },
            ToSeat::View(view),
            ToSeat::Said { text: greeting },
        ];
        for message in welcome.into_iter().chain(told) {
            let _ = out.try_send(message);
        }
        self.seats.push(Joined {
            id,
            role,
            out: Some(out),
        });
        true
    }

    /// Sends `message` to the seats `to` picks; a seat that cannot take
    /// it is dropped at once rather than waited for.
    fn send(&mut self, message: &ToSeat, to: impl Fn(SeatRole) -> bool) {
        for seat in &mut self.seats {
            if !to(seat.role) {
                continue;
            }
            let Some(out) = &seat.out else { continue };
            if out.try_send(message.clone()).is_err() {
                // Its writer ends with the sender, and closes the connection.
                seat.out = None;
            }
        }
    }

    /// The seats dropped for not reading, or whose connection failed,
    /// reported as left.
    fn take_dropped(&mut self) -> Vec<SeatEvent> {
        let mut left = Vec::new();
        let dropped = &mut self.dropped;
        self.seats.retain(|seat| {
            if seat.out.is_some() {
                return true;
            }
            left.push(SeatEvent::Left(seat.role));
            if !dropped.contains(&seat.role) {
                dropped.push(seat.role);
            }
            false
        });
        left
    }

    /// Says `text` at every seat: what the main seat says or shows.
    pub fn say(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        // What leaves the program is printable, whoever shows it.
        let text = printable_lines(text).into_owned();
        self.send(&ToSeat::Said { text }, |_| true);
    }

    /// Says `text` at the seat of `role` only: an answer to it, or why
    /// what it typed was refused.
    pub fn say_to(&mut self, role: SeatRole, text: &str) {
        let text = printable_lines(text).into_owned();
        self.send(&ToSeat::Said { text }, |r| r == role);
    }

    /// What a seat shows of `game` at `now`; while the opponent, joined,
    /// is to enter their move, the step says so (D.2.11).
    fn view_of(&self, game: &Game, now: Instant) -> SeatView {
        let mut view = SeatView::of(game, now);
        if let Some(status) = opponent_enters(game).filter(|_| self.has(SeatRole::Opponent)) {
            view.status = status;
        }
        view
    }

    /// Sends every seat what it shows of `game` at `now`, when that
    /// changed since the last time; the clocks alone changing is not a
    /// change, as a seat runs the running clock on by itself.
    pub fn show(&mut self, game: &Game, now: Instant) {
        if self.seats.is_empty() {
            self.shown = None;
            return;
        }
        let view = self.view_of(game, now);
        // A running clock's time goes down by itself: the seats count it
        // down. Any other change of the clocks (the arbiter's `addtime`,
        // `settime`, 6.10.2) is sent at once.
        let stretch = game
            .clock()
            .running()
            .map(|r| (r.generation, r.start_remaining));
        let same = self.shown.as_ref().is_some_and(|shown| {
            let mut was = shown.clone();
            match view.clocks.running {
                Some(Side::White) => was.clocks.white_ms = view.clocks.white_ms,
                Some(Side::Black) => was.clocks.black_ms = view.clocks.black_ms,
                None => {}
            }
            was == view && self.shown_stretch == stretch
        });
        if !same {
            self.send(&ToSeat::View(view.clone()), |_| true);
            self.shown = Some(view);
            self.shown_stretch = stretch;
        }
    }

    /// Tells every seat the game has ended with `result` and lets them go;
    /// no seat joins after it.
    pub fn close_with(&mut self, result: &str) {
        let reason = self
            .pack
            .seat_sentences()
            .say(SeatSentence::GameOver, &[("result", result)]);
        self.close(reason);
    }

    fn close(&mut self, reason: String) {
        if self.closed {
            return;
        }
        self.closed = true;
        self.send(&ToSeat::Closed { reason }, |_| true);
        // The writers end once they have written what waits.
        self.seats.clear();
    }
}

impl Drop for SeatServer {
    fn drop(&mut self) {
        let left = self.pack.seat_sentences().say(SeatSentence::GameLeft, &[]);
        self.close(left);
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Opens the socket where seats join the game of `session` (`zweibrett
/// join`); when it cannot be opened, says why on the error output and the
/// game goes on with its one seat.
pub fn offer_seats(session: &crate::GameSession) -> Option<SeatServer> {
    let journal = session.journal_path()?;
    match SeatServer::open(journal, session.game().pack()) {
        Ok(seats) => Some(seats),
        Err(e) => {
            eprintln!(
                "zweibrett: no seat can join: {}",
                crate::printable::printable_lines(&e.to_string())
            );
            None
        }
    }
}

/// The sentence refusing a second seat of `role`.
fn taken(role: SeatRole) -> SeatSentence {
    match role {
        SeatRole::Opponent => SeatSentence::TakenOpponent,
        SeatRole::Arbiter => SeatSentence::TakenArbiter,
        SeatRole::Assistant => SeatSentence::TakenAssistant,
    }
}

/// The sentence said on the main seat when a seat of `role` joins.
pub fn joined_sentence(role: SeatRole) -> SeatSentence {
    match role {
        SeatRole::Opponent => SeatSentence::JoinedOpponent,
        SeatRole::Arbiter => SeatSentence::JoinedArbiter,
        SeatRole::Assistant => SeatSentence::JoinedAssistant,
    }
}

/// The sentence said on the main seat when a seat of `role` leaves.
pub fn left_sentence(role: SeatRole) -> SeatSentence {
    match role {
        SeatRole::Opponent => SeatSentence::LeftOpponent,
        SeatRole::Arbiter => SeatSentence::LeftArbiter,
        SeatRole::Assistant => SeatSentence::LeftAssistant,
    }
}

/// The side the seat of `role` types for in `game`, if any.
pub fn side_of(game: &Game, role: SeatRole) -> Option<Side> {
    seat_side(game.setup(), role)
}

/// Writes what waits for a seat, one JSON object per line, until the game
/// drops the seat or writing fails; then closes the connection, so that
/// its reader ends too.
fn write_to(stream: UnixStream, queue: &Receiver<ToSeat>) {
    let mut out = std::io::BufWriter::new(&stream);
    while let Ok(message) = queue.recv() {
        let Ok(text) = serde_json::to_string(&message) else {
            continue;
        };
        if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    let _ = out.flush();
    drop(out);
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::DirBuilderExt;

    use zweibrett_core::game::Setup;

    use super::*;
    use crate::seat::join::{JoinError, handshake};

    fn polled_until(server: &mut SeatServer, game: &Game, wanted: &SeatEvent) {
        let end = std::time::Instant::now() + Duration::from_secs(5);
        while std::time::Instant::now() < end {
            if server.poll(game, Instant::ZERO).contains(wanted) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("no {wanted:?}");
    }

    #[test]
    fn a_taken_role_is_refused_and_a_seat_that_stops_reading_is_dropped() {
        let dir = std::env::temp_dir().join(format!("zweibrett-serve-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::DirBuilder::new().mode(0o700).create(&dir).unwrap();
        let game = Game::new(Setup::default(), VoicePack::builtin("en")).unwrap();
        let mut server = SeatServer::open_in(&dir, Path::new("g.jsonl"), game.pack()).unwrap();
        let path = server.path().to_path_buf();

        // A seat that asks to join and then never reads.
        let mut silent = UnixStream::connect(&path).unwrap();
        writeln!(silent, r#"{{"kind":"join","role":"opponent","version":1}}"#).unwrap();
        polled_until(&mut server, &game, &SeatEvent::Joined(SeatRole::Opponent));

        // A second opponent is refused, in the pack's words.
        let second = UnixStream::connect(&path).unwrap();
        let asking = std::thread::spawn(move || handshake(second, SeatRole::Opponent));
        while !asking.is_finished() {
            server.poll(&game, Instant::ZERO);
            std::thread::sleep(Duration::from_millis(10));
        }
        match asking.join().unwrap() {
            Err(JoinError::Refused(reason)) => {
                assert_eq!(reason, "Refused: the opponent's seat is taken.");
            }
            other => panic!("not refused: {:?}", other.map(|l| l.role)),
        }

        // Far more than a socket holds: the game goes on at once.
        let long = "x".repeat(10_000);
        let started = std::time::Instant::now();
        for _ in 0..2_000 {
            server.say(&long);
        }
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{:?}",
            started.elapsed()
        );
        assert!(
            server
                .poll(&game, Instant::ZERO)
                .contains(&SeatEvent::Left(SeatRole::Opponent))
        );
        assert!(!server.any());
        drop(silent);

        // Back again, the opponent is told why it was let go.
        let back = UnixStream::connect(&path).unwrap();
        let asking = std::thread::spawn(move || handshake(back, SeatRole::Opponent));
        while !asking.is_finished() {
            server.poll(&game, Instant::ZERO);
            std::thread::sleep(Duration::from_millis(10));
        }
        let link = asking.join().unwrap().map_err(|e| e.to_string()).unwrap();
        let end = std::time::Instant::now() + Duration::from_secs(5);
        let mut said = Vec::new();
        while std::time::Instant::now() < end && said.len() < 2 {
            if let Ok(ToSeat::Said { text }) =
                link.from_game.recv_timeout(Duration::from_millis(50))
            {
                said.push(text);
            }
        }
        assert_eq!(
            said.last().map(String::as_str),
            Some(
                "Your seat was let go earlier: it did not read what the game sent \
                 (a computer that froze or slept). The game went on; it stands as shown now."
            ),
            "{said:?}"
        );
        drop(server);
        assert!(!path.exists(), "the socket goes with the server");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
