//! The connections of the seats: each accepted and read on a thread of
//! its own, the peer's user checked, its request to join read within a
//! time limit, and its lines read with a bound, so that no connection,
//! however it behaves, holds up the game.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::net::{UnixListener, UnixStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use zweibrett_core::seat::SeatRole;

use super::place::user_id;
use super::protocol::{PROTOCOL_VERSION, ToGame, ToSeat};
use crate::wake::Ringing;

/// How long writing to a seat may take before it is dropped.
pub(super) const WRITE_WAIT: Duration = Duration::from_secs(2);

/// What came from the connections, for the game's loop.
pub(super) enum Arrival {
    /// A connection asks to join in `role`.
    Asks {
        id: u64,
        role: SeatRole,
        stream: UnixStream,
    },
    /// A line typed at a connection, and when it was read.
    Line {
        id: u64,
        text: String,
        at: std::time::Instant,
    },
    /// A line longer than a seat may send, read and thrown away.
    TooLong { id: u64 },
    /// A line that is not UTF-8 text, thrown away.
    NotText { id: u64 },
    /// The connection closed or left.
    Gone { id: u64 },
}

/// The most characters a seat's line may hold: far more than any move or
/// command, and little enough that no line can hold up the game.
pub const SEAT_LINE_CHARS: usize = 1000;

/// The channel of arrivals, ringing the host after each.
pub(super) type Arrivals = Ringing<Arrival>;

/// How long a new connection has to ask to join, all told: a byte now
/// and then does not buy it more time.
const JOIN_WAIT: Duration = Duration::from_secs(5);

/// The most connections read at once: three seats and room for a few
/// arriving; past it a new connection is closed unread, so that a flood
/// of connections holds no more threads than this.
pub(super) const MOST_CONNECTIONS: usize = 16;

/// The most bytes of one message from a seat: a line of
/// [`SEAT_LINE_CHARS`] characters, each escaped in JSON, and the rest of
/// the message. A longer message is thrown away as it is read, never kept
/// whole.
pub const MOST_MESSAGE_BYTES: usize = 8 * 1024;

/// Accepts connections until the listener fails; each is read on a
/// thread of its own.
pub(super) fn accept(listener: &UnixListener, arrivals: &Arrivals, refusals: &Refusals) {
    let mut next = 0u64;
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        if open.load(Ordering::Acquire) >= MOST_CONNECTIONS {
            let _ = stream.shutdown(std::net::Shutdown::Both);
            continue;
        }
        open.fetch_add(1, Ordering::AcqRel);
        next += 1;
        let id = next;
        let arrivals = arrivals.clone();
        let refusals = refusals.clone();
        let counted = Arc::clone(&open);
        let spawned = std::thread::Builder::new()
            .name("seat-read".into())
            .spawn(move || {
                read_from(id, stream, &arrivals, refusals);
                counted.fetch_sub(1, Ordering::AcqRel);
            });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

/// A connection read until a deadline, if one is set: each read waits at
/// most for what is left of it, so the deadline holds however the bytes
/// trickle in.
struct Deadline {
    stream: UnixStream,
    until: Option<Instant>,
}

impl Read for Deadline {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if let Some(until) = self.until {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(std::io::ErrorKind::TimedOut.into());
            }
            self.stream.set_read_timeout(Some(left))?;
        }
        self.stream.read(buf)
    }
}

/// The user id of the process at the other end of `stream`.
pub(super) fn peer_uid(stream: &UnixStream) -> Option<u32> {
    let mut cred = libc::ucred {
        pid: 0,
        uid: 0,
        gid: 0,
    };
    let mut len = std::mem::size_of::<libc::ucred>() as libc::socklen_t;
    // SAFETY: `cred` and `len` are valid for the kernel to write, and
    // `len` says how much room `cred` has.
    let done = unsafe {
        libc::getsockopt(
            stream.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_PEERCRED,
            std::ptr::from_mut(&mut cred).cast(),
            &mut len,
        )
    };
    (done == 0).then_some(cred.uid)
}

/// Reads one connection: its uid checked, its request to join, then its
/// lines, each stamped when it was read, until it closes or leaves.
pub(super) fn read_from(id: u64, stream: UnixStream, arrivals: &Arrivals, refusals: Refusals) {
    if peer_uid(&stream) != Some(user_id()) {
        // Another user's process: nothing of the game is said to it.
        let _ = stream.shutdown(std::net::Shutdown::Both);
        return;
    }
    let Ok(writer) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(Deadline {
        stream,
        until: Some(Instant::now() + JOIN_WAIT),
    });
    let mut message = Vec::new();
    // The request to join is bounded like every line after it.
    let role = match read_bounded(&mut reader, &mut message) {
        Ok(Bounded::Message) => match serde_json::from_slice::<ToGame>(message.trim_ascii()) {
            Ok(ToGame::Join { role, version }) if version == PROTOCOL_VERSION => role,
            // A seat of another release would misread what the game sends.
            Ok(ToGame::Join { .. }) => return refuse(writer, refusals.other_version),
            _ => return refuse(writer, refusals.not_a_join),
        },
        Ok(Bounded::TooLong) => return refuse(writer, refusals.not_a_join),
        Ok(Bounded::End) | Err(_) => return,
    };
    reader.get_mut().until = None;
    let _ = reader.get_ref().stream.set_read_timeout(None);
    let asked = Arrival::Asks {
        id,
        role,
        stream: writer,
    };
    if !arrivals.send(asked) {
        return;
    }
    loop {
        let at = Instant::now();
        let arrival = match next_message(&mut reader, &mut message) {
            Ok(Received::End) | Err(_) => break,
            Ok(Received::Message(ToGame::Leave)) => break,
            Ok(Received::TooLong) => Arrival::TooLong { id },
            Ok(Received::NotText) => Arrival::NotText { id },
            Ok(Received::Message(ToGame::Line { text })) => Arrival::Line { id, text, at },
            // A second join or a line that is no message changes nothing.
            Ok(Received::Message(ToGame::Join { .. }) | Received::NotAMessage) => continue,
        };
        if !arrivals.send(arrival) {
            return;
        }
    }
    let _ = arrivals.send(Arrival::Gone { id });
}

/// One message read from a seat's connection, as the game takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// A message of the protocol; a line in it holds at most
    /// [`SEAT_LINE_CHARS`] characters.
    Message(ToGame),
    /// A line longer than a seat may send, read and thrown away.
    TooLong,
    /// A line that is not UTF-8 text.
    NotText,
    /// Text that is no message of the protocol.
    NotAMessage,
    /// The connection ended.
    End,
}

/// Reads the next message from a seat's connection, `message` its buffer:
/// never more than [`MOST_MESSAGE_BYTES`] of it held, whatever comes.
pub fn next_message(reader: &mut impl BufRead, message: &mut Vec<u8>) -> std::io::Result<Received> {
    Ok(match read_bounded(reader, message)? {
        Bounded::End => Received::End,
        Bounded::TooLong => Received::TooLong,
        // Not UTF-8 is no message of the protocol: refused to that seat,
        // which reads on.
        Bounded::Message => match std::str::from_utf8(message) {
            Err(_) => Received::NotText,
            Ok(line) => match serde_json::from_str::<ToGame>(line.trim()) {
                Ok(ToGame::Line { text }) if text.chars().count() > SEAT_LINE_CHARS => {
                    Received::TooLong
                }
                Ok(message) => Received::Message(message),
                Err(_) => Received::NotAMessage,
            },
        },
    })
}

/// What [`read_bounded`] read.
enum Bounded {
    /// A whole message, in the buffer.
    Message,
    /// A message longer than [`MOST_MESSAGE_BYTES`], thrown away.
    TooLong,
    /// The connection closed.
    End,
}

/// Reads one message (a line) into `message`, keeping at most
/// [`MOST_MESSAGE_BYTES`]: a longer one is read to its end and thrown away
/// as it comes, so that no line, however long, is held in memory.
fn read_bounded(reader: &mut impl BufRead, message: &mut Vec<u8>) -> std::io::Result<Bounded> {
    message.clear();
    let mut too_long = false;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(match (too_long, message.is_empty()) {
                (true, _) => Bounded::TooLong,
                (false, true) => Bounded::End,
                (false, false) => Bounded::Message,
            });
        }
        let end = available.iter().position(|b| *b == b'\n');
        let chunk = &available[..end.unwrap_or(available.len())];
        if !too_long {
            if message.len() + chunk.len() > MOST_MESSAGE_BYTES {
                too_long = true;
                message.clear();
            } else {
                message.extend_from_slice(chunk);
            }
        }
        let used = end.map_or(available.len(), |i| i + 1);
        reader.consume(used);
        if end.is_some() {
            return Ok(if too_long {
                Bounded::TooLong
            } else {
                Bounded::Message
            });
        }
    }
}

/// Why a connection may not join, in the pack's words.
#[derive(Clone)]
pub(super) struct Refusals {
    /// Its first line is no request to join.
    pub(super) not_a_join: String,
    /// It speaks another version of the protocol.
    pub(super) other_version: String,
}

/// Tells a connection why it may not join, and closes it; on a thread of
/// its own, so the game never waits for it.
pub(super) fn refuse(stream: UnixStream, reason: String) {
    let _ = std::thread::Builder::new()
        .name("seat-refuse".into())
        .spawn(move || {
            let _ = stream.set_write_timeout(Some(WRITE_WAIT));
            let mut stream = stream;
            if let Ok(text) = serde_json::to_string(&ToSeat::Refused { reason }) {
                let _ = writeln!(stream, "{text}");
            }
            let _ = stream.shutdown(std::net::Shutdown::Both);
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: &[u8]) -> Vec<Result<String, &'static str>> {
        // A small buffer: a message is read in many pieces.
        let mut reader = BufReader::with_capacity(7, bytes);
        let mut message = Vec::new();
        let mut read = Vec::new();
        loop {
            match read_bounded(&mut reader, &mut message).unwrap() {
                Bounded::End => return read,
                Bounded::TooLong => read.push(Err("too long")),
                Bounded::Message => read.push(Ok(String::from_utf8(message.clone()).unwrap())),
            }
        }
    }

    #[test]
    fn a_line_over_the_bound_is_thrown_away_and_the_next_is_read_whole() {
        let mut bytes = b"first\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', MOST_MESSAGE_BYTES + 1));
        bytes.extend(b"\nthird\nlast, without its newline");
        assert_eq!(
            read_all(&bytes),
            [
                Ok("first".to_string()),
                Err("too long"),
                Ok("third".to_string()),
                Ok("last, without its newline".to_string()),
            ]
        );
        let exactly = vec![b'y'; MOST_MESSAGE_BYTES];
        assert_eq!(read_all(&exactly), [Ok("y".repeat(MOST_MESSAGE_BYTES))]);
    }
}
