//! The seat's side of `zweibrett join`: finding the running game's socket,
//! asking to join in a role, and once welcomed, the [`SeatLink`]: a reader
//! thread that turns the socket's lines into [`ToSeat`] messages and a
//! writer thread that sends [`ToGame`] ones.

use std::io::{BufRead, BufReader, ErrorKind, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::pack::SeatSentence;
use zweibrett_core::seat::SeatRole;

use super::place::{PlaceError, game_name, games_in, seats_dir, socket_of};
use super::protocol::{SeatLink, ToGame, ToSeat};

/// How long the game has to welcome or refuse a seat.
pub const WELCOME_WAIT: Duration = Duration::from_secs(5);

/// How long `join` asks again when the game closes the connection unread:
/// its connections are all held, by idle ones it closes within its own
/// wait for a request (five seconds), so a real seat gets in after them.
const JOIN_TRIES_FOR: Duration = Duration::from_secs(8);

/// Why a seat could not join; said before the welcome, so in the
/// configured voice's language, except the game's own refusal.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// The seats' directory cannot be used.
    #[error(transparent)]
    Place(#[from] PlaceError),
    /// No game is running.
    #[error("no game to join: no game is running")]
    NoGame,
    /// The game named is not running.
    #[error("the game {0} is not running")]
    NotRunning(String),
    /// Several games are running and none was named.
    #[error("several games are running: {}", .0.join(", "))]
    Several(Vec<String>),
    /// The game's socket is there but nobody answers: the game is gone.
    #[error("the game {0} is not running any more: nobody answers at its socket")]
    Stale(String),
    /// The socket cannot be reached (another user's, say).
    #[error("the game cannot be reached: {0}")]
    Unreachable(String),
    /// The game did not answer in time.
    #[error("the game did not answer in time")]
    NoAnswer,
    /// The game refused the seat, saying why in its pack's words.
    #[error("{0}")]
    Refused(String),
}

impl JoinError {
    /// The error in `pack`'s words; the game's refusal as the game said it.
    pub fn say(&self, pack: &VoicePack) -> String {
        let words = pack.seat_sentences();
        match self {
            JoinError::Place(e) => e.say(pack),
            JoinError::NoGame => words.say(SeatSentence::NoGame, &[]),
            JoinError::NotRunning(game) => words.say(SeatSentence::NotRunning, &[("game", game)]),
            JoinError::Several(games) => {
                words.say(SeatSentence::Several, &[("games", &games.join(", "))])
            }
            JoinError::Stale(game) => words.say(SeatSentence::Stale, &[("game", game)]),
            JoinError::Unreachable(reason) => {
                words.say(SeatSentence::Unreachable, &[("reason", reason)])
            }
            JoinError::NoAnswer => words.say(SeatSentence::NoAnswer, &[]),
            JoinError::Refused(reason) => reason.clone(),
        }
    }
}

/// The socket of the game `given` (its journal's file name, stem or
/// path), or of the one game running; with its name.
pub fn find_game(dir: &Path, given: Option<&str>) -> Result<(String, PathBuf), JoinError> {
    if let Some(given) = given {
        let name = game_name(given);
        let path = socket_of(dir, Path::new(&format!("{name}.jsonl")));
        return if path.exists() {
            Ok((name, path))
        } else {
            Err(JoinError::NotRunning(name))
        };
    }
    let mut games = games_in(dir)?;
    match games.len() {
        0 => Err(JoinError::NoGame),
        1 => {
            let name = games.remove(0);
            let path = socket_of(dir, Path::new(&format!("{name}.jsonl")));
            Ok((name, path))
        }
        _ => Err(JoinError::Several(games)),
    }
}

/// Joins the game `given` (or the one running) in `role`: connects, asks,
/// and waits for the welcome; then the link to the game.
pub fn join(role: SeatRole, given: Option<&str>) -> Result<SeatLink, JoinError> {
    let dir = seats_dir()?;
    let (name, path) = find_game(&dir, given)?;
    let until = Instant::now() + JOIN_TRIES_FOR;
    let mut pause = Duration::from_millis(100);
    loop {
        let stream = UnixStream::connect(&path).map_err(|e| match e.kind() {
            ErrorKind::ConnectionRefused | ErrorKind::NotFound => JoinError::Stale(name.clone()),
            _ => JoinError::Unreachable(e.to_string()),
        })?;
        match ask(stream, role) {
            Ok(link) => return Ok(link),
            // Closed unread: asked again a little later, a little less
            // often each time, until the time is up.
            Err(Asked::ClosedUnread) if Instant::now() + pause < until => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_secs(1));
            }
            Err(Asked::ClosedUnread) => return Err(JoinError::NoAnswer),
            Err(Asked::Failed(e)) => return Err(e),
        }
    }
}

/// Why asking to join once did not seat the seat.
enum Asked {
    /// The game closed the connection without reading it: all its
    /// connections were held.
    ClosedUnread,
    /// Any other reason, final.
    Failed(JoinError),
}

impl From<JoinError> for Asked {
    fn from(e: JoinError) -> Asked {
        Asked::Failed(e)
    }
}

/// Asks to join in `role` over `stream` and waits for the answer.
pub fn handshake(stream: UnixStream, role: SeatRole) -> Result<SeatLink, JoinError> {
    ask(stream, role).map_err(|asked| match asked {
        Asked::ClosedUnread => JoinError::NoAnswer,
        Asked::Failed(e) => e,
    })
}

/// Asks once; a connection the game closed unread is told apart.
fn ask(stream: UnixStream, role: SeatRole) -> Result<SeatLink, Asked> {
    let closed = |e: &std::io::Error| {
        matches!(
            e.kind(),
            ErrorKind::BrokenPipe | ErrorKind::ConnectionReset | ErrorKind::NotConnected
        )
    };
    let unreachable = |e: std::io::Error| JoinError::Unreachable(e.to_string());
    let mut writer = stream.try_clone().map_err(unreachable)?;
    let ask = serde_json::to_string(&ToGame::Join {
        role,
        version: super::protocol::PROTOCOL_VERSION,
    })
    .map_err(|e| JoinError::Unreachable(e.to_string()))?;
    match writeln!(writer, "{ask}") {
        Ok(()) => {}
        Err(e) if closed(&e) => return Err(Asked::ClosedUnread),
        Err(e) => return Err(unreachable(e).into()),
    }
    stream
        .set_read_timeout(Some(WELCOME_WAIT))
        .map_err(unreachable)?;
    let mut reader = BufReader::new(stream);
    let mut first = String::new();
    match reader.read_line(&mut first) {
        // Closed at once, nothing said: the game had no room to read it.
        Ok(0) => return Err(Asked::ClosedUnread),
        Ok(_) => {}
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
            return Err(JoinError::NoAnswer.into());
        }
        Err(e) if closed(&e) => return Err(Asked::ClosedUnread),
        Err(e) => return Err(unreachable(e).into()),
    }
    let (role, side, voice) = match serde_json::from_str::<ToSeat>(first.trim()) {
        Ok(ToSeat::Welcome { role, side, voice }) => (role, side, voice),
        Ok(ToSeat::Refused { reason } | ToSeat::Closed { reason }) => {
            return Err(JoinError::Refused(reason).into());
        }
        _ => return Err(JoinError::NoAnswer.into()),
    };
    reader
        .get_ref()
        .set_read_timeout(None)
        .map_err(unreachable)?;
    let (from_tx, from_game) = mpsc::channel();
    let waker = crate::wake::Waker::default();
    let ring = waker.clone();
    std::thread::Builder::new()
        .name("seat-from-game".into())
        .spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { break };
                let Ok(message) = serde_json::from_str::<ToSeat>(line.trim()) else {
                    continue;
                };
                if from_tx.send(message).is_err() {
                    return;
                }
                ring.wake(crate::wake::Source::Seat);
            }
            // The game is gone: the seat hears of it at once.
            drop(from_tx);
            ring.wake(crate::wake::Source::Seat);
        })
        .map_err(unreachable)?;
    let (to_game, to_rx) = mpsc::channel::<ToGame>();
    std::thread::Builder::new()
        .name("seat-to-game".into())
        .spawn(move || {
            for message in to_rx {
                let Ok(text) = serde_json::to_string(&message) else {
                    continue;
                };
                if writeln!(writer, "{text}").is_err() {
                    break;
                }
            }
            let _ = writer.shutdown(std::net::Shutdown::Write);
        })
        .map_err(unreachable)?;
    Ok(SeatLink {
        role,
        side,
        voice,
        to_game,
        from_game,
        waker,
    })
}
