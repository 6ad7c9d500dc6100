//! The one loop every mode runs in: the game, going through games, a
//! joined seat and the talking clock, in line mode and on the full screen.
//!
//! A [`Driver`] owns the one channel of a mode: the user's input, read on
//! a thread of its own and stamped when it was read (lines of standard
//! input, or the terminal's keys), the ending signals, the braille
//! display, and the rings of every producer connected to its [`Bell`].
//! What it drives is a host with its view ([`Driven`]): before each wait
//! it settles (carries out what is due, draws what changed) and the
//! display shows the line the view makes, then the driver blocks until
//! something comes or the host's deadline, and hands over everything that
//! came by then, in order. Nothing sleeps to poll.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Instant;

use crate::braille::{BrailleInput, BrailleSettings, KeptDisplay, take_display};
use crate::session::lines::{LineFault, read_lines};
use crate::session::wake::{Bell, Source, Wake};

/// A line of standard input, or why it could not be read.
pub type Typed = Result<String, LineFault>;

/// What woke the driver, as it hands it on.
#[derive(Debug)]
pub enum Woke<I> {
    /// Read from the user, stamped when it was read: a command is timed
    /// when it was typed, not when it is carried out.
    Input(I, Instant),
    /// The user's input ended (end of file, the terminal gone).
    InputEnded,
    /// A producer rang: it has something for the host.
    Rang(Source),
    /// The braille display's keys were pressed, or it was taken, refused,
    /// lost or is back.
    Braille(BrailleInput),
    /// The host's deadline came.
    Due,
}

/// Whether the driver goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Wait for what comes next.
    Wait,
    /// Leave the mode.
    Leave,
}

/// How driving ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The host or its view asked to leave.
    Left,
    /// An ending signal came ([`crate::signals`]); the mode leaves as its
    /// `quit` would.
    Signal,
}

/// A host with its view, as the driver drives it.
pub trait Driven {
    /// What the user's input gives: a line, or a key.
    type Input;
    /// What can stop the view from showing (a terminal lost).
    type Fault;

    /// Carries out what is due at `now` and shows what changed, before
    /// the driver waits.
    fn settle(&mut self, now: Instant) -> Result<Next, Self::Fault>;

    /// When the driver must wake even if nothing comes; `None` to wait
    /// until something does.
    fn deadline(&self) -> Option<Instant>;

    /// Takes one thing that woke the driver, at `now`.
    fn take(&mut self, woke: Woke<Self::Input>, now: Instant) -> Next;

    /// The line the braille display shows as the mode stands, `cells`
    /// wide; `None` for a mode that shows nothing on it.
    fn braille_line(&mut self, cells: usize) -> Option<zweibrett_core::braille::Window> {
        let _ = cells;
        None
    }
}

/// The one channel of a mode, with its input reader and the ending
/// signals.
pub struct Driver<I> {
    events: Receiver<Wake<I>>,
    bell: Bell,
    /// The braille display, once taken as the settings ask.
    display: Option<KeptDisplay>,
}

impl Driver<Typed> {
    /// A driver of lines of standard input.
    pub fn lines() -> Driver<Typed> {
        Driver::reading(|send| {
            read_lines(std::io::stdin().lock(), send);
        })
    }
}

impl<I: Send + 'static> Driver<I> {
    /// A driver whose input `read` reads on a thread of its own, handing
    /// each thing read to the function it is given, which says whether
    /// anyone still listens; the input ends when `read` returns.
    pub fn reading<R>(read: R) -> Driver<I>
    where
        R: FnOnce(&dyn Fn(I) -> bool) + Send + 'static,
    {
        let (tx, events) = mpsc::channel();
        let bell = Bell::on(tx.clone());
        crate::signals::ring_on_signal(bell.waker());
        let spawned = std::thread::Builder::new()
            .name("input".into())
            .spawn(move || {
                read(&|value| tx.send(Wake::Input(value, Instant::now())).is_ok());
                let _ = tx.send(Wake::InputEnded);
            });
        if spawned.is_err() {
            // Without a reader the input has ended before it began.
            bell.waker().wake(Source::Signal);
        }
        Driver {
            events,
            bell,
            display: None,
        }
    }

    /// A driver of what comes on `events` (a test's own channel, whose
    /// sender it holds), with the ending signals.
    pub fn on(events: Receiver<Wake<I>>, bell: Bell) -> Driver<I> {
        crate::signals::ring_on_signal(bell.waker());
        Driver {
            events,
            bell,
            display: None,
        }
    }

    /// Starts taking the braille display as `settings` ask, never
    /// waiting: its keys, its coming, its loss and its return ring this
    /// driver, and from then on it shows what the driven view makes
    /// (`Driven::braille_line`). Nothing when the settings want none.
    pub fn take_braille(&mut self, settings: BrailleSettings) {
        self.display = take_display(settings, &self.bell.waker());
    }

    /// The bell every producer of the mode is connected to.
    pub fn bell(&self) -> &Bell {
        &self.bell
    }

    /// Drives `driven` until it leaves or a signal comes. Everything that
    /// came while it was settling is handed over at once, in order, so a
    /// held key is taken whole before the next look.
    pub fn drive<D: Driven<Input = I>>(&mut self, driven: &mut D) -> Result<Ended, D::Fault> {
        loop {
            if crate::signals::requested().is_some() {
                return Ok(Ended::Signal);
            }
            if driven.settle(Instant::now())? == Next::Leave {
                return Ok(Ended::Left);
            }
            if let Some(display) = &mut self.display
                && let Some(cells) = display.width()
            {
                // Nothing to show: the screen reader may have the display.
                match driven.braille_line(cells) {
                    Some(shown) => display.show(shown),
                    None => display.give_back(),
                }
            }
            let first = match driven.deadline() {
                Some(due) => self
                    .events
                    .recv_timeout(due.saturating_duration_since(Instant::now())),
                // The driver holds the bell, and so a sender: never closed.
                None => self
                    .events
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
            };
            let now = Instant::now();
            for woke in std::iter::once(first).chain(self.events.try_iter().map(Ok)) {
                let woke = match handed(woke) {
                    // The display is a field apart from the channel.
                    Ok(Woke::Rang(Source::Braille)) => match braille_input(&mut self.display) {
                        Some(input) => Woke::Braille(input),
                        None => continue,
                    },
                    Ok(woke) => woke,
                    Err(ended) => return Ok(ended),
                };
                if driven.take(woke, now) == Next::Leave {
                    return Ok(Ended::Left);
                }
            }
        }
    }

    /// Waits for the next thing that comes, without a host (a form that
    /// only answers keys); `None` once a signal came.
    pub fn next(&self) -> Option<Woke<I>> {
        if crate::signals::requested().is_some() {
            return None;
        }
        let woke = self
            .events
            .recv()
            .map_err(|_| RecvTimeoutError::Disconnected);
        handed(woke).ok()
    }
}

/// What came from the braille `display`; nothing when there is none, or
/// nothing new.
fn braille_input(display: &mut Option<KeptDisplay>) -> Option<BrailleInput> {
    display.as_mut()?.input()
}

/// What came on the channel, as the driver hands it on; a signal, or a
/// channel closed, ends the drive instead.
fn handed<I>(woke: Result<Wake<I>, RecvTimeoutError>) -> Result<Woke<I>, Ended> {
    match woke {
        Ok(Wake::Input(input, at)) => Ok(Woke::Input(input, at)),
        Ok(Wake::InputEnded) => Ok(Woke::InputEnded),
        Ok(Wake::Rang(Source::Signal)) => Err(Ended::Signal),
        Ok(Wake::Rang(source)) => Ok(Woke::Rang(source)),
        Err(RecvTimeoutError::Timeout) => Ok(Woke::Due),
        Err(RecvTimeoutError::Disconnected) => Err(Ended::Left),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts what it is given and leaves at the third input.
    struct Counter {
        inputs: Vec<u32>,
        rings: usize,
        dues: usize,
        settled: usize,
        deadline: Option<Instant>,
        /// Ends the input once the deadline has been taken.
        end_when_due: Option<mpsc::Sender<Wake<u32>>>,
    }

    impl Driven for Counter {
        type Input = u32;
        type Fault = ();
        fn settle(&mut self, _now: Instant) -> Result<Next, ()> {
            self.settled += 1;
            Ok(Next::Wait)
        }
        fn deadline(&self) -> Option<Instant> {
            self.deadline
        }
        fn take(&mut self, woke: Woke<u32>, _now: Instant) -> Next {
            match woke {
                Woke::Input(n, _) => self.inputs.push(n),
                Woke::Rang(_) | Woke::Braille(_) => self.rings += 1,
                Woke::Due => {
                    self.dues += 1;
                    self.deadline = None;
                    if let Some(tx) = self.end_when_due.take() {
                        let _ = tx.send(Wake::InputEnded);
                    }
                }
                Woke::InputEnded => return Next::Leave,
            }
            if self.inputs.len() == 3 {
                Next::Leave
            } else {
                Next::Wait
            }
        }
    }

    fn counter(deadline: Option<Instant>) -> Counter {
        Counter {
            inputs: Vec::new(),
            rings: 0,
            dues: 0,
            settled: 0,
            deadline,
            end_when_due: None,
        }
    }

    #[test]
    fn everything_that_came_is_taken_in_order_before_the_next_settle() {
        let (tx, rx) = mpsc::channel();
        let bell = Bell::on(tx.clone());
        let at = Instant::now();
        tx.send(Wake::Input(1, at)).unwrap();
        bell.waker().wake(Source::Seat);
        tx.send(Wake::Input(2, at)).unwrap();
        tx.send(Wake::Input(3, at)).unwrap();
        let mut driver = Driver::on(rx, bell);
        let mut driven = counter(None);
        assert_eq!(driver.drive(&mut driven), Ok(Ended::Left));
        assert_eq!(driven.inputs, [1, 2, 3]);
        assert_eq!(driven.rings, 1);
        assert_eq!(driven.settled, 1, "all four came before one wait");
    }

    #[test]
    fn the_deadline_wakes_the_driver_when_nothing_comes() {
        let (tx, rx) = mpsc::channel();
        let bell = Bell::on(tx.clone());
        let mut driver = Driver::on(rx, bell);
        let mut driven = counter(Some(Instant::now()));
        driven.end_when_due = Some(tx);
        assert_eq!(driver.drive(&mut driven), Ok(Ended::Left));
        assert_eq!(driven.dues, 1);
    }

    #[test]
    fn a_ring_of_the_signal_ends_the_drive() {
        let (tx, rx) = mpsc::channel::<Wake<u32>>();
        let bell = Bell::on(tx);
        bell.waker().wake(Source::Signal);
        let mut driver = Driver::on(rx, bell);
        let mut driven = counter(None);
        assert_eq!(driver.drive(&mut driven), Ok(Ended::Signal));
        assert!(driven.inputs.is_empty());
    }
}
