//! A DGT electronic board, emulated on a pseudo-terminal from DGT's
//! published protocol: it answers the computer's one-byte commands (the
//! board, its serial number and version, the clock, the update modes),
//! sends a field update for each piece a test's hands lift or place while
//! in update mode, and the clock's times when they change. It can fall
//! silent, send noise, be unplugged and plugged in again; the program
//! reaches it through a stable path (a link to the terminal's current
//! name), as a board keeps its name under udev.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use shakmaty::{Chess, Move, Piece, Position, Square};
use zweibrett_core::electronic_board::dgt::{ClockReading, Command, Message, Sensed, encode};
use zweibrett_core::electronic_board::{Orientation, Placement};

/// The emulated board's state, shared with its answering thread.
struct State {
    fields: [Sensed; 64],
    updates: bool,
    clock: Option<ClockReading>,
    silent: bool,
    /// Every command byte the computer sent, for tests to look at.
    heard: Vec<u8>,
}

/// One connection: the terminal's master side and its answering thread.
struct Plug {
    master: Arc<Mutex<File>>,
    // Held open so that the terminal lives while nobody else has it open.
    _slave: OwnedFd,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// A DGT board on a pseudo-terminal; see the module's description.
pub struct EmulatedBoard {
    link: PathBuf,
    orientation: Orientation,
    state: Arc<Mutex<State>>,
    plug: Option<Plug>,
}

pub const SERIAL: &str = "24816";

impl EmulatedBoard {
    /// A board showing `placement`, lying as `orientation`, reached
    /// through the path `link` (made here).
    pub fn new(link: &Path, placement: &Placement, orientation: Orientation) -> EmulatedBoard {
        let mut board = EmulatedBoard {
            link: link.to_path_buf(),
            orientation,
            state: Arc::new(Mutex::new(State {
                fields: placement.fields(orientation),
                updates: false,
                clock: None,
                silent: false,
                heard: Vec::new(),
            })),
            plug: None,
        };
        board.plug_in();
        board
    }

    /// The path the program opens.
    pub fn path(&self) -> String {
        self.link.display().to_string()
    }

    /// Plugs the board in on a new terminal, named by the same path.
    pub fn plug_in(&mut self) {
        assert!(self.plug.is_none(), "plugged in twice");
        let (mut master, mut slave) = (0, 0);
        let mut name = [0 as libc::c_char; 128];
        // SAFETY: openpty writes two descriptors and a name of at most 128
        // bytes into the places given.
        let made = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                name.as_mut_ptr(),
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        assert_eq!(made, 0, "openpty: {}", std::io::Error::last_os_error());
        // SAFETY: both descriptors were just made and are owned here.
        let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        raw(slave.as_raw_fd());
        // SAFETY: openpty wrote a NUL-terminated name.
        let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        let _ = std::fs::remove_file(&self.link);
        std::os::unix::fs::symlink(&name, &self.link).unwrap();
        let master = Arc::new(Mutex::new(master));
        let reader = master.lock().unwrap().try_clone().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (state, master, stop) = (
                Arc::clone(&self.state),
                Arc::clone(&master),
                Arc::clone(&stop),
            );
            std::thread::spawn(move || answer(reader, &master, &state, &stop))
        };
        self.plug = Some(Plug {
            master,
            _slave: slave,
            stop,
            thread: Some(thread),
        });
    }

    /// Unplugs the board: its terminal closes and its path is gone.
    pub fn unplug(&mut self) {
        let _ = std::fs::remove_file(&self.link);
        if let Some(mut plug) = self.plug.take() {
            plug.stop.store(true, Ordering::SeqCst);
            if let Some(thread) = plug.thread.take() {
                thread.join().unwrap();
            }
        }
    }

    fn send(&self, message: &Message) {
        if let Some(plug) = &self.plug {
            let _ = plug.master.lock().unwrap().write_all(&encode(message));
        }
    }

    /// Bytes on the line that are no message of the board's.
    pub fn noise(&self, bytes: &[u8]) {
        if let Some(plug) = &self.plug {
            let _ = plug.master.lock().unwrap().write_all(bytes);
        }
    }

    fn change(&self, square: Square, now: Sensed) {
        let field = self.orientation.field(square);
        let updates = {
            let mut state = self.state.lock().unwrap();
            state.fields[usize::from(field)] = now;
            state.updates && !state.silent
        };
        if updates {
            self.send(&Message::FieldUpdate { field, now });
        }
    }

    /// A hand lifts whatever stands on `square`.
    pub fn lift(&self, square: Square) {
        self.change(square, Sensed::Empty);
    }

    /// A hand places `piece` on `square`.
    pub fn place(&self, square: Square, piece: Piece) {
        self.change(square, Sensed::Piece(piece));
    }

    /// A hand makes `m`, a move of `position`, as people do: a captured
    /// piece lifted first, then the piece moved; castling king first; the
    /// moment of its last touch, from which it is on the board.
    pub fn make(&self, position: &Chess, m: Move) -> std::time::Instant {
        let turn = position.turn();
        let pause = || std::thread::sleep(std::time::Duration::from_millis(40));
        let last = match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => {
                if capture.is_some() {
                    self.lift(to);
                    pause();
                }
                self.lift(from);
                pause();
                (to, Sensed::Piece(promotion.unwrap_or(role).of(turn)))
            }
            Move::EnPassant { from, to } => {
                self.lift(from);
                pause();
                self.place(to, turn.pawn());
                pause();
                (Square::from_coords(to.file(), from.rank()), Sensed::Empty)
            }
            Move::Castle { king, rook } => {
                let side = m.castling_side().expect("a castling move has a side");
                self.lift(king);
                pause();
                self.place(side.king_to(turn), turn.king());
                pause();
                self.lift(rook);
                pause();
                (side.rook_to(turn), Sensed::Piece(turn.rook()))
            }
            Move::Put { .. } => unreachable!("no drops in chess"),
        };
        let at = std::time::Instant::now();
        self.change(last.0, last.1);
        at
    }

    /// The clock plugged into the board now reads this; sent at once in
    /// update mode, as a clock's change is.
    pub fn clock(&self, reading: ClockReading) {
        let updates = {
            let mut state = self.state.lock().unwrap();
            state.clock = Some(reading);
            state.updates && !state.silent
        };
        if updates {
            self.send(&Message::Clock(reading));
        }
    }

    /// The board stops answering (and reporting), or starts again.
    pub fn silent(&self, silent: bool) {
        self.state.lock().unwrap().silent = silent;
    }

    /// The command bytes the computer has sent so far.
    pub fn heard(&self) -> Vec<u8> {
        self.state.lock().unwrap().heard.clone()
    }
}

impl Drop for EmulatedBoard {
    fn drop(&mut self) {
        self.unplug();
    }
}

/// The terminal passes every byte as it is, as a serial line does.
fn raw(fd: i32) {
    // SAFETY: termios of a descriptor owned by the caller.
    unsafe {
        let mut termios: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(fd, &mut termios) == 0 {
            libc::cfmakeraw(&mut termios);
            libc::tcsetattr(fd, libc::TCSANOW, &termios);
        }
    }
}

/// Reads the computer's commands and answers them until stopped.
fn answer(mut reader: File, master: &Mutex<File>, state: &Mutex<State>, stop: &AtomicBool) {
    let mut byte = [0u8; 64];
    while !stop.load(Ordering::SeqCst) {
        let mut poll = libc::pollfd {
            fd: reader.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one pollfd, owned here.
        let ready = unsafe { libc::poll(&mut poll, 1, 50) };
        if ready <= 0 || poll.revents & libc::POLLIN == 0 {
            continue;
        }
        let Ok(n) = reader.read(&mut byte) else {
            continue;
        };
        for &b in &byte[..n] {
            let reply = {
                let mut state = state.lock().unwrap();
                state.heard.push(b);
                if state.silent {
                    continue;
                }
                match Command::from_byte(b) {
                    Some(Command::Reset) => {
                        state.updates = false;
                        None
                    }
                    Some(Command::UpdateNice | Command::UpdateBoard) => {
                        state.updates = true;
                        None
                    }
                    Some(Command::SendBoard) => Some(Message::BoardDump(Box::new(state.fields))),
                    Some(Command::SendSerialNumber | Command::SendLongSerialNumber) => {
                        Some(Message::SerialNumber(SERIAL.into()))
                    }
                    Some(Command::SendVersion) => Some(Message::Version(1, 7)),
                    Some(Command::SendClock) => Some(match state.clock {
                        Some(reading) => Message::Clock(reading),
                        None => Message::NoClock,
                    }),
                    None => None,
                }
            };
            if let Some(reply) = reply {
                let _ = master.lock().unwrap().write_all(&encode(&reply));
            }
        }
    }
}
