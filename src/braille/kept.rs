//! A display kept through its loss: when BRLTTY goes (stopped, restarted,
//! its display unplugged) the program goes on without it and looks for it
//! again, in a thread of its own, until BRLTTY has one. BRLTTY says
//! nothing when it comes back.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use zweibrett_session::wake::{Ringing, Source, Waker};

use super::{BrailleDisplay, BrailleError, Pressed};
use crate::notation::pack::{LineSentence, Sentences};
use crate::table::braille::DisplayKey;

/// How long after a display is lost, and after each attempt that found
/// none, it is looked for again.
const LOOK_AGAIN: Duration = Duration::from_secs(2);

/// What became of the display since last asked, besides its keys.
#[derive(Debug)]
pub enum Change {
    /// Nothing.
    None,
    /// It was lost, and is looked for.
    Lost(BrailleError),
    /// It was taken again, with this many cells.
    Back(usize),
}

impl Change {
    /// The change in the words of `line`, the pack's `[line]` sentences:
    /// why the display was lost, or that it is back; nothing otherwise.
    pub fn said(&self, line: &Sentences<LineSentence>) -> Option<String> {
        match self {
            Change::None => None,
            Change::Lost(e) => Some(e.say(line)),
            Change::Back(cells) => {
                let cells = cells.to_string();
                Some(line.say(LineSentence::BrailleBack, &[("cells", &cells)]))
            }
        }
    }
}

/// A display taken through BRLTTY, looked for again when lost.
pub struct KeptDisplay {
    /// The display; none while it is lost.
    display: Option<BrailleDisplay>,
    /// While it is lost: where the display taken again comes, and the end
    /// that, dropped, stops the search.
    search: Option<(Receiver<BrailleDisplay>, Sender<()>)>,
    waker: Waker,
}

impl KeptDisplay {
    /// Keeps `display`, its keys and its return ringing `waker`.
    pub fn new(display: BrailleDisplay, waker: &Waker) -> KeptDisplay {
        KeptDisplay {
            display: Some(display),
            search: None,
            waker: waker.clone(),
        }
    }

    /// The display's cells; none while it is lost.
    pub fn width(&self) -> Option<usize> {
        self.display.as_ref().map(BrailleDisplay::width)
    }

    /// Shows `dots`, exactly [`KeptDisplay::width`] bytes; never waits.
    pub fn show(&mut self, dots: Vec<u8>) {
        if let Some(display) = &mut self.display {
            display.show(dots);
        }
    }

    /// The keys pressed since last asked, and whether the display was lost
    /// or is back.
    pub fn pressed(&mut self) -> (Vec<DisplayKey>, Change) {
        let Some(display) = &self.display else {
            let found = self.search.as_ref().and_then(|(f, _)| f.try_recv().ok());
            return match found {
                Some(display) => {
                    self.search = None;
                    let cells = display.width();
                    self.display = Some(display);
                    (Vec::new(), Change::Back(cells))
                }
                None => (Vec::new(), Change::None),
            };
        };
        let mut keys = Vec::new();
        for pressed in display.pressed() {
            match pressed {
                Pressed::Key(key) => keys.push(key),
                Pressed::Lost(e) => {
                    self.display = None;
                    self.search = Some(look_for_display(&self.waker));
                    return (keys, Change::Lost(e));
                }
            }
        }
        (keys, Change::None)
    }
}

/// Looks for a display in a thread of its own, every [`LOOK_AGAIN`], until
/// one is taken (sent, ringing `waker`) or the returned sender is dropped.
fn look_for_display(waker: &Waker) -> (Receiver<BrailleDisplay>, Sender<()>) {
    let (found, taken) = mpsc::channel();
    let (stop, stopped) = mpsc::channel::<()>();
    let ringing = Ringing::new(found, waker, Source::Braille);
    let waker = waker.clone();
    // Without a thread the display stays lost, as it would without a search.
    let _ = std::thread::Builder::new()
        .name("braille-search".into())
        .spawn(move || {
            // The wait is on the stop channel: dropped, it ends the search.
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(LOOK_AGAIN) {
                if let Ok(display) = BrailleDisplay::open(&waker) {
                    ringing.send(display);
                    return;
                }
            }
        });
    (taken, stop)
}
