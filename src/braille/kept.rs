//! A display looked for off the game's path and kept through its loss.
//! BrlAPI waits on BRLTTY without a limit, so the display is first taken
//! in a thread of its own: the game starts at once and the display comes
//! when BRLTTY answers; one that has not answered in [`SILENT`] is said
//! once not to answer, and is still taken if it answers later. When BRLTTY
//! goes (stopped, restarted, its display unplugged, hung), or is not there
//! yet when the program starts, the program goes on without it and looks
//! for it again, until BRLTTY has one. BRLTTY says nothing when it comes
//! back.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use zweibrett_session::wake::{Ringing, Source, Waker};

use super::{BrailleDisplay, BrailleError, Pressed};
use crate::notation::pack::{LineSentence, Sentences};
use zweibrett_core::braille::{DisplayKey, Window};

/// How long after a display is lost, and after each attempt that found
/// none, it is looked for again.
const LOOK_AGAIN: Duration = Duration::from_secs(2);

/// How long BRLTTY may take to answer the first time before the player
/// is told that it does not answer: a BRLTTY just started takes about a
/// second.
const SILENT: Duration = Duration::from_secs(3);

/// What became of the display since last asked, besides its keys.
#[derive(Debug)]
pub enum Change {
    /// Nothing.
    None,
    /// It was taken, with this many cells.
    Taken(usize),
    /// It could not be taken, and is not looked for: why.
    NotTaken(BrailleError),
    /// BRLTTY has not answered the first time yet; it is still waited for.
    NotAnswering,
    /// It was lost, and is looked for.
    Lost(BrailleError),
    /// It was taken again, with this many cells.
    Back(usize),
}

impl Change {
    /// The change in the words of `line`, the pack's `[line]` sentences:
    /// that the display shows the game or is back, why it could not be
    /// taken or was lost; nothing otherwise.
    pub fn said(&self, line: &Sentences<LineSentence>) -> Option<String> {
        self.said_with(line, &mut None)
    }

    /// What to say of it, and `note` after it the first time the display
    /// is taken (why its words are not contracted as asked).
    pub fn said_with(
        &self,
        line: &Sentences<LineSentence>,
        note: &mut Option<String>,
    ) -> Option<String> {
        let said = self.change_said(line)?;
        if let Change::Taken(_) = self
            && let Some(note) = note.take()
        {
            return Some(format!("{said} {note}"));
        }
        Some(said)
    }

    fn change_said(&self, line: &Sentences<LineSentence>) -> Option<String> {
        match self {
            Change::None => None,
            Change::Taken(cells) => {
                let cells = cells.to_string();
                Some(line.say(LineSentence::BrailleOn, &[("cells", &cells)]))
            }
            Change::NotTaken(e) | Change::Lost(e) => Some(e.say(line)),
            Change::NotAnswering => Some(BrailleError::NotAnswering.say(line)),
            Change::Back(cells) => {
                let cells = cells.to_string();
                Some(line.say(LineSentence::BrailleBack, &[("cells", &cells)]))
            }
        }
    }
}

/// What a thread looking for the display sends.
enum Found {
    /// The display, taken.
    Display(BrailleDisplay),
    /// The first attempt failed: why.
    Refused(BrailleError),
    /// The first attempt has had no answer for [`SILENT`].
    Silent,
}

/// What came from the braille display since last asked: the keys its
/// reader pressed, and what became of the display.
#[derive(Debug)]
pub struct BrailleInput {
    /// The keys pressed, in order.
    pub keys: Vec<DisplayKey>,
    /// Whether it was taken, refused, lost or is back.
    pub change: Change,
    /// The display's cells now; zero while there is none.
    pub cells: usize,
}

/// A display taken through BRLTTY, looked for again when lost.
pub struct KeptDisplay {
    /// The display; none until taken and while it is lost.
    display: Option<BrailleDisplay>,
    /// While it is looked for: where the display taken comes, and the end
    /// that, dropped, stops the search.
    search: Option<(Receiver<Found>, Sender<()>)>,
    /// Whether it has been taken once: taken again, it is back.
    taken_once: bool,
    /// Whether no BRLTTY at all is said (the `on` setting) or is no fault
    /// (`auto`).
    quiet_when_absent: bool,
    waker: Waker,
}

impl KeptDisplay {
    /// Starts taking the display, its keys, its coming and its return
    /// ringing `waker`; never waits. `quiet_when_absent` keeps an absent
    /// BRLTTY unsaid (the `auto` setting).
    pub fn open(waker: &Waker, quiet_when_absent: bool) -> KeptDisplay {
        KeptDisplay {
            display: None,
            search: Some(look_for_display(waker, true)),
            taken_once: false,
            quiet_when_absent,
            waker: waker.clone(),
        }
    }

    /// The display's cells; none until it is taken and while it is lost.
    pub fn width(&self) -> Option<usize> {
        self.display.as_ref().map(BrailleDisplay::width)
    }

    /// Shows `shown`, exactly [`KeptDisplay::width`] cells; never waits.
    pub fn show(&mut self, shown: Window) {
        if let Some(display) = &mut self.display {
            display.show(shown);
        }
    }

    /// Gives the display back to the screen reader until the next line;
    /// never waits.
    pub fn give_back(&mut self) {
        if let Some(display) = &mut self.display {
            display.give_back();
        }
    }

    /// What came since last asked; nothing when no key was pressed and
    /// the display is as it was.
    pub fn input(&mut self) -> Option<BrailleInput> {
        let (keys, change) = self.pressed();
        if keys.is_empty() && matches!(change, Change::None) {
            return None;
        }
        Some(BrailleInput {
            keys,
            change,
            cells: self.width().unwrap_or_default(),
        })
    }

    /// The keys pressed since last asked, and whether the display was
    /// taken, refused, lost or is back.
    fn pressed(&mut self) -> (Vec<DisplayKey>, Change) {
        let Some(display) = &self.display else {
            return (Vec::new(), self.found());
        };
        let mut keys = Vec::new();
        for pressed in display.pressed() {
            match pressed {
                Pressed::Key(key) => keys.push(key),
                Pressed::Lost(e) => {
                    self.display = None;
                    self.search = Some(look_for_display(&self.waker, false));
                    return (keys, Change::Lost(e));
                }
            }
        }
        (keys, Change::None)
    }

    /// What the search brought, if anything.
    fn found(&mut self) -> Change {
        let Some(found) = self.search.as_ref().and_then(|(f, _)| f.try_recv().ok()) else {
            return Change::None;
        };
        match found {
            Found::Display(display) => {
                self.search = None;
                let cells = display.width();
                self.display = Some(display);
                if std::mem::replace(&mut self.taken_once, true) {
                    Change::Back(cells)
                } else {
                    Change::Taken(cells)
                }
            }
            Found::Refused(e) => {
                // BRLTTY not running yet, or without a display yet: it is
                // looked for as after a loss, so that one started or
                // plugged in later is taken. Refused, or without its
                // library, it is not.
                self.search = matches!(e, BrailleError::NotRunning(_) | BrailleError::NoDisplay)
                    .then(|| look_for_display(&self.waker, false));
                if self.quiet_when_absent && e.is_absence() {
                    Change::None
                } else {
                    Change::NotTaken(e)
                }
            }
            Found::Silent => Change::NotAnswering,
        }
    }
}

/// Looks for a display in threads of their own, ringing `waker` with what
/// is found. The `first` look tries once, waiting for BRLTTY as long as it
/// takes, and says when it has not answered in [`SILENT`] or cannot be
/// taken; a look after a loss tries every [`LOOK_AGAIN`] until a display
/// is taken. Either stops when the returned sender is dropped.
fn look_for_display(waker: &Waker, first: bool) -> (Receiver<Found>, Sender<()>) {
    let (found, taken) = mpsc::channel();
    let (stop, stopped) = mpsc::channel::<()>();
    let ringing = Ringing::new(found, waker, Source::Braille);
    let waker = waker.clone();
    // Without a thread the display is not taken, as it would be without
    // BRLTTY.
    if first {
        let (answered, answer) = mpsc::channel::<()>();
        let watching = ringing.clone();
        let _ = std::thread::Builder::new()
            .name("braille-open".into())
            .spawn(move || {
                let opened = BrailleDisplay::open(&waker);
                drop(answered);
                ringing.send(match opened {
                    Ok(display) => Found::Display(display),
                    Err(e) => Found::Refused(e),
                });
            });
        let _ = std::thread::Builder::new()
            .name("braille-watch".into())
            .spawn(move || {
                if answer.recv_timeout(SILENT) == Err(RecvTimeoutError::Timeout) {
                    watching.send(Found::Silent);
                }
            });
        // The first look is not stopped: its thread waits on BrlAPI.
        drop(stopped);
        return (taken, stop);
    }
    let _ = std::thread::Builder::new()
        .name("braille-search".into())
        .spawn(move || {
            // The wait is on the stop channel: dropped, it ends the search.
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(LOOK_AGAIN) {
                if let Ok(display) = BrailleDisplay::open(&waker) {
                    ringing.send(Found::Display(display));
                    return;
                }
            }
        });
    (taken, stop)
}
