//! The braille display at the board, driven directly through BrlAPI (the
//! interface of BRLTTY): the line the core's [`BrailleView`] makes, written
//! by a thread of the display's own, and the display's keys, handed to the
//! front end through its bell. Nothing waits on the display: a line is
//! handed over and written when the thread gets to it, the newest only.
//!
//! [`BrailleView`]: zweibrett_core::braille::BrailleView

mod analysis;
mod at_board;
mod brlapi;
mod fault;
mod focus;
mod hall;
mod kept;
mod louis;

pub use analysis::BrailleAnalysis;
pub use at_board::HostBraille;
pub use fault::{BrailleError, BrailleFault};
pub use focus::{Focus, focus};
pub use hall::BrailleHall;
pub use kept::{BrailleInput, KeptDisplay};
pub use louis::words;

use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;
use zweibrett_session::wake::{Ringing, Source, Waker};

use zweibrett_core::braille::{DisplayKey, Window};

/// `[braille] display` and `--braille-display`: whether a braille display
/// is used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum DisplaySetting {
    /// A display when BRLTTY has one; nothing said when it has none.
    #[default]
    Auto,
    /// A display, and why not when there is none.
    On,
    /// No display.
    Off,
}

/// `[braille]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrailleSettings {
    /// Whether a display is used.
    pub display: DisplaySetting,
    /// The deafblind profile: everything the program would say is shown
    /// on the display, kept until read; `auto` then asks for a display.
    pub deafblind: bool,
    /// Words in contracted braille (liblouis with the pack's language
    /// table) rather than as text for BRLTTY's text table.
    #[serde(default)]
    pub contracted: bool,
}

impl BrailleSettings {
    /// The display setting in force: in the deafblind profile `auto` asks
    /// for a display, since without one the player must be told why.
    fn display(self) -> DisplaySetting {
        match self.display {
            DisplaySetting::Auto if self.deafblind => DisplaySetting::On,
            other => other,
        }
    }

    /// Whether a display is looked for and, once taken, shows the mode.
    pub fn wants_display(self) -> bool {
        self.display() != DisplaySetting::Off
    }
}

/// What the display's thread hands over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// A key the program uses.
    Key(DisplayKey),
    /// The display was lost; nothing more comes.
    Lost(BrailleError),
}

/// BrlAPI's command codes (brlapi_constants.h).
mod code {
    pub const TYPE_MASK: u64 = 0xE000_0000;
    pub const TYPE_COMMAND: u64 = 0x2000_0000;
    pub const BLOCK_MASK: u64 = 0x1FFF_0000;
    pub const ARGUMENT_MASK: u64 = 0xFFFF;
    pub const LINE_UP: u64 = 1;
    pub const LINE_DOWN: u64 = 2;
    pub const TOP: u64 = 9;
    pub const BOTTOM: u64 = 10;
    pub const PAN_LEFT: u64 = 23;
    pub const PAN_RIGHT: u64 = 24;
    pub const HOME: u64 = 29;
    pub const BACK: u64 = 30;
    pub const INFO: u64 = 50;
    pub const TIME: u64 = 81;
    pub const ROUTE: u64 = 0x1_0000;
}

/// The basic commands the program keeps; BRLTTY keeps the rest.
const KEPT: [u64; 10] = [
    code::LINE_UP,
    code::LINE_DOWN,
    code::TOP,
    code::BOTTOM,
    code::PAN_LEFT,
    code::PAN_RIGHT,
    code::HOME,
    code::BACK,
    code::INFO,
    code::TIME,
];

/// The program's key for a BrlAPI key code, if it is one it uses.
pub fn key_of(code: u64) -> Option<DisplayKey> {
    if code & code::TYPE_MASK != code::TYPE_COMMAND {
        return None;
    }
    let argument = code & code::ARGUMENT_MASK;
    match code & code::BLOCK_MASK {
        code::ROUTE => Some(DisplayKey::Route(argument as usize)),
        0 => Some(match argument {
            code::LINE_UP => DisplayKey::LineUp,
            code::LINE_DOWN => DisplayKey::LineDown,
            code::TOP => DisplayKey::Top,
            code::BOTTOM => DisplayKey::Bottom,
            code::PAN_LEFT => DisplayKey::PanLeft,
            code::PAN_RIGHT => DisplayKey::PanRight,
            code::HOME => DisplayKey::Home,
            code::BACK => DisplayKey::GiveBack,
            code::INFO | code::TIME => DisplayKey::Clocks,
            _ => return None,
        }),
        _ => None,
    }
}

/// How long `doctor` waits for BRLTTY's answer: a BRLTTY just started
/// takes about a second, one stopped or hung never answers.
const PROBE: Duration = Duration::from_secs(3);
/// How long a line handed to the display's thread may wait before BRLTTY
/// is held not to answer: the thread takes a line within milliseconds
/// unless BrlAPI holds it waiting on BRLTTY.
const STALLED: Duration = Duration::from_secs(2);
/// How long letting the display go waits for its thread to give it back
/// to BRLTTY; a thread BrlAPI holds is left to end on its own.
const LET_GO: Duration = Duration::from_millis(100);

/// Whether a thread of the program talks to BrlAPI, which keeps one
/// connection per process: while a BRLTTY that does not answer holds one,
/// no other is tried.
static TALKING: AtomicBool = AtomicBool::new(false);

/// The right to talk to BrlAPI, held by the one thread that does.
struct Talking;

impl Talking {
    /// The right, unless a thread holds it.
    fn take() -> Result<Talking, BrailleError> {
        if TALKING.swap(true, Ordering::SeqCst) {
            return Err(BrailleError::NotAnswering);
        }
        Ok(Talking)
    }
}

impl Drop for Talking {
    fn drop(&mut self) {
        TALKING.store(false, Ordering::SeqCst);
    }
}

/// What a thread talking to BrlAPI answers first.
type Answer<T> = Receiver<Result<T, BrailleError>>;

/// Runs `talk` on a thread of its own, holding the right to talk to
/// BrlAPI: BrlAPI waits on BRLTTY without a limit, and a BRLTTY stopped or
/// hung must hold nothing but that thread. Where its first answer comes.
fn talk_apart<T: Send + 'static>(
    name: &str,
    talk: impl FnOnce(mpsc::SyncSender<Result<T, BrailleError>>) + Send + 'static,
) -> Result<Answer<T>, BrailleError> {
    let talking = Talking::take()?;
    let (answer, answered) = mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            let _talking = talking;
            talk(answer);
        })
        .map_err(|e| BrailleError::Lost(BrailleFault::of_system(&e)))?;
    Ok(answered)
}

/// Whether this machine has BRLTTY's library (BrlAPI), loaded as a game
/// would load it, without asking BRLTTY anything.
pub fn library() -> Result<(), BrailleError> {
    brlapi::Api::load().map(|_| ())
}

/// The cells of the display BRLTTY has, found without taking it; waits
/// for BRLTTY's answer at most [`PROBE`].
pub fn probe() -> Result<usize, BrailleError> {
    let api = brlapi::Api::load()?;
    let answered = talk_apart("braille-probe", move |answer| {
        let cells = api.connect().and_then(|_| {
            let cells = api.cells();
            api.release();
            cells
        });
        let _ = answer.send(cells);
    })?;
    answered
        .recv_timeout(PROBE)
        .unwrap_or(Err(BrailleError::NotAnswering))
}

/// Connects to BRLTTY and takes its display, its keys kept for the
/// program: the socket to wait on and the display's cells.
fn connect(api: &brlapi::Api) -> Result<(RawFd, usize), BrailleError> {
    let socket = api.connect()?;
    let taken = api.cells().and_then(|cells| {
        take(api)?;
        Ok(cells)
    });
    match taken {
        Ok(cells) => Ok((socket, cells)),
        Err(e) => {
            api.release();
            Err(e)
        }
    }
}

/// Takes the display for the program, its keys kept.
fn take(api: &brlapi::Api) -> Result<(), BrailleError> {
    api.take_display()?;
    let mut kept: Vec<u64> = KEPT.iter().map(|k| code::TYPE_COMMAND | k).collect();
    kept.push(code::TYPE_COMMAND | code::ROUTE);
    api.keep_keys(&kept)
}

/// What the display's thread is handed: a line to show, or the display
/// to give back to the screen reader until the next line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Showing {
    Line(Window),
    GivenBack,
}

/// Starts taking the display as `settings` ask, its keys ringing
/// `waker`; never waits. Nothing when the settings want none. That it
/// shows the game, or why braille is off, comes through its keys' bell;
/// nothing is said when `auto` finds no BRLTTY. In the deafblind profile
/// `auto` asks for a display: without one the player must be told why.
pub fn take_display(settings: BrailleSettings, waker: &Waker) -> Option<KeptDisplay> {
    match settings.display() {
        DisplaySetting::Off => None,
        DisplaySetting::Auto => Some(KeptDisplay::open(waker, true)),
        DisplaySetting::On => Some(KeptDisplay::open(waker, false)),
    }
}

/// A display taken through BRLTTY, its thread running.
pub struct BrailleDisplay {
    width: usize,
    /// The newest line to write; the thread takes it when woken.
    line: Arc<Mutex<Option<Showing>>>,
    /// How long lines have waited for the thread to take them.
    untaken: Untaken,
    /// Written to wake the thread; closed to stop it.
    wake: Option<OwnedFd>,
    keys: Receiver<Pressed>,
    /// The thread's bell, rung here when BRLTTY is found not to answer.
    ringing: Ringing<Pressed>,
    /// Closed by the thread when it ends.
    finished: Receiver<()>,
    /// What was last handed over, not to write the same line again.
    last: Option<Showing>,
}

impl BrailleDisplay {
    /// Takes the display BRLTTY has, its keys ringing `waker`; waits for
    /// BRLTTY as long as it takes, so it is called off the game's path.
    /// While another thread talks to BrlAPI (one that BRLTTY holds without
    /// an answer) it is [`BrailleError::NotAnswering`] at once.
    pub fn open(waker: &Waker) -> Result<BrailleDisplay, BrailleError> {
        let api = brlapi::Api::load()?;
        let (wake_read, wake_write) =
            pipe().map_err(|e| BrailleError::Lost(BrailleFault::of_system(&e)))?;
        let line = Arc::new(Mutex::new(None));
        let (tx, keys) = mpsc::channel();
        let ringing = Ringing::new(tx, waker, Source::Braille);
        let (finished_here, finished) = mpsc::channel::<()>();
        let shared = Arc::clone(&line);
        let serving = ringing.clone();
        let answered = talk_apart("braille", move |answer| {
            let _finished = finished_here;
            match connect(api) {
                Ok((socket, cells)) => {
                    // Sent to an opener that gave up, the line's pipe is
                    // closed and the thread gives the display back.
                    let _ = answer.send(Ok(cells));
                    serve(api, socket, wake_read, &shared, &serving);
                }
                Err(e) => {
                    let _ = answer.send(Err(e));
                }
            }
        })?;
        let width = answered.recv().unwrap_or(Err(BrailleError::NotAnswering))?;
        Ok(BrailleDisplay {
            width,
            line,
            untaken: Untaken::default(),
            wake: Some(wake_write),
            keys,
            ringing,
            finished,
            last: None,
        })
    }

    /// The display's cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Shows `shown`, exactly [`BrailleDisplay::width`] cells; never waits.
    /// A line left untaken for [`STALLED`] means BrlAPI holds the thread
    /// waiting on BRLTTY: the display is then lost, said once.
    pub fn show(&mut self, shown: Window) {
        self.hand(Showing::Line(shown));
    }

    /// Gives the display back to the screen reader until the next line;
    /// never waits.
    pub fn give_back(&mut self) {
        self.hand(Showing::GivenBack);
    }

    fn hand(&mut self, shown: Showing) {
        if self.last.as_ref() == Some(&shown) {
            return;
        }
        self.last = Some(shown.clone());
        if let Ok(mut line) = self.line.lock() {
            if self.untaken.stalled(line.is_some(), Instant::now()) {
                self.ringing
                    .send(Pressed::Lost(BrailleError::Lost(BrailleFault::Silent)));
            }
            *line = Some(shown);
        }
        if let Some(wake) = &self.wake {
            // A full pipe already holds a wake-up.
            // SAFETY: one byte from a live buffer to the pipe's own end.
            let _ = unsafe { libc::write(wake.as_raw_fd(), [1u8].as_ptr().cast(), 1) };
        }
    }

    /// The keys pressed since last asked, and the loss of the display.
    pub fn pressed(&self) -> Vec<Pressed> {
        self.keys.try_iter().collect()
    }
}

/// Lines handed to the display's thread and not yet taken: a thread that
/// has taken none for [`STALLED`] is held by BrlAPI waiting on BRLTTY.
#[derive(Debug, Default)]
struct Untaken {
    /// When the oldest line still waiting was handed over.
    since: Option<Instant>,
    /// The stall was said; it is said again only after a line is taken.
    told: bool,
}

impl Untaken {
    /// A line handed over at `now`, the one before still `pending` or
    /// taken: true once, when the thread has taken nothing for [`STALLED`].
    fn stalled(&mut self, pending: bool, now: Instant) -> bool {
        match self.since {
            Some(since) if pending => {
                let stalled = !self.told && now.duration_since(since) > STALLED;
                self.told |= stalled;
                stalled
            }
            _ => {
                self.since = Some(now);
                self.told = false;
                false
            }
        }
    }
}

impl Drop for BrailleDisplay {
    fn drop(&mut self) {
        // Closing the pipe stops the thread, which gives the display back;
        // one BrlAPI holds waiting on BRLTTY is not waited for.
        drop(self.wake.take());
        let _ = self.finished.recv_timeout(LET_GO);
    }
}

/// A pipe whose write end never blocks.
fn pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as RawFd; 2];
    // SAFETY: two descriptors are written into `fds`.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just opened and are owned here alone.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// The display's thread: one wait over BRLTTY's socket and the wake-up
/// pipe; writes the newest line, hands keys over, and gives the display
/// back when the pipe closes or BRLTTY goes.
fn serve(
    api: &brlapi::Api,
    socket: RawFd,
    wake: OwnedFd,
    line: &Mutex<Option<Showing>>,
    ringing: &Ringing<Pressed>,
) {
    // Given back to the screen reader: taken again for the next line.
    let mut away = false;
    let lost = |e: BrailleError| {
        ringing.send(Pressed::Lost(e));
    };
    'serving: loop {
        let mut fds = [
            libc::pollfd {
                fd: socket,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: wake.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        // SAFETY: two pollfd records; no time limit.
        if unsafe { libc::poll(fds.as_mut_ptr(), 2, -1) } < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            lost(BrailleError::Lost(BrailleFault::of_system(&e)));
            break;
        }
        if fds[1].revents != 0 {
            let mut buffer = [0u8; 64];
            // SAFETY: reads into a live buffer of its length.
            let n = unsafe { libc::read(wake.as_raw_fd(), buffer.as_mut_ptr().cast(), 64) };
            if n == 0 {
                break;
            }
            let newest = line.lock().ok().and_then(|mut l| l.take());
            let done = match newest {
                Some(Showing::GivenBack) if !away => {
                    away = true;
                    api.give_back()
                }
                Some(Showing::Line(shown)) => {
                    let taken = if away { take(api) } else { Ok(()) };
                    away = false;
                    taken.and_then(|()| api.write(&shown))
                }
                _ => Ok(()),
            };
            if let Err(e) = done {
                lost(e);
                break;
            }
        }
        if fds[0].revents & (libc::POLLHUP | libc::POLLERR) != 0
            && fds[0].revents & libc::POLLIN == 0
        {
            lost(BrailleError::Lost(BrailleFault::Closed));
            break;
        }
        if fds[0].revents != 0 {
            loop {
                match api.key() {
                    Ok(Some(code)) => {
                        if let Some(key) = key_of(code) {
                            ringing.send(Pressed::Key(key));
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        lost(e);
                        break 'serving;
                    }
                }
            }
        }
    }
    api.release();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_that_takes_no_line_for_two_seconds_is_said_stalled_once() {
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut untaken = Untaken::default();
        // Lines taken as they come are never a stall, however far apart.
        assert!(!untaken.stalled(false, at(0)));
        assert!(!untaken.stalled(false, at(5_000)));
        // The line handed at 5 s is still there: not yet, then once.
        assert!(!untaken.stalled(true, at(6_900)));
        assert!(untaken.stalled(true, at(7_100)));
        assert!(!untaken.stalled(true, at(9_000)));
        assert!(!untaken.stalled(true, at(60_000)));
        // Taken again, the count starts anew and a new stall is said.
        assert!(!untaken.stalled(false, at(61_000)));
        assert!(!untaken.stalled(true, at(62_000)));
        assert!(untaken.stalled(true, at(63_100)));
    }

    #[test]
    fn brlapi_codes_become_the_programs_keys() {
        assert_eq!(key_of(0x2000_0017), Some(DisplayKey::PanLeft));
        assert_eq!(key_of(0x2000_0018), Some(DisplayKey::PanRight));
        assert_eq!(key_of(0x2001_0005), Some(DisplayKey::Route(5)));
        assert_eq!(key_of(0x2000_0002), Some(DisplayKey::LineDown));
        assert_eq!(key_of(0x2000_001d), Some(DisplayKey::Home));
        assert_eq!(key_of(0x2000_0051), Some(DisplayKey::Clocks));
        // A key with flags in the high bits is still the key.
        assert_eq!(key_of(0x0001_0000_2000_0001), Some(DisplayKey::LineUp));
        // An X keysym (F4) and a command the program leaves to BRLTTY.
        assert_eq!(key_of(0xffc1), None);
        assert_eq!(key_of(0x2000_0013), None);
    }
}
