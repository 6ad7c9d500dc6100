//! Entering and leaving the full screen: raw mode, the alternate screen,
//! and a panic hook that gives the terminal back before the message is
//! written, so a crash never leaves a blind user with a dead terminal.
//! From entering on, the ending signals are watched ([`crate::signals`]):
//! each screen's loop leaves on one, and the terminal is given back.
//! Key presses are read on their own thread, so drawing never waits for
//! the keyboard and the keyboard never waits for drawing.

use std::io::{self, IsTerminal};
use std::sync::mpsc::{self, Receiver};

use ratatui::DefaultTerminal;

use crate::ui::lines::Entered;
use ratatui::crossterm::event::{self, Event};

/// True when standard input and output are both a terminal: the full
/// screen can be used. Otherwise the program runs in plain mode.
pub fn is_interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// The full screen, given back when dropped (and on panic).
pub struct FullScreen {
    /// Where the screens are drawn.
    pub terminal: DefaultTerminal,
}

impl FullScreen {
    /// Enters raw mode and the alternate screen, installs the panic hook
    /// that leaves them, and starts watching the ending signals.
    pub fn enter() -> io::Result<FullScreen> {
        crate::signals::watch();
        let terminal = ratatui::try_init()?;
        Ok(FullScreen { terminal })
    }
}

impl Drop for FullScreen {
    fn drop(&mut self) {
        ratatui::restore();
    }
}

/// Terminal events (keys, resizes) read on their own thread, each stamped
/// with the moment it was read: a key is timed when it was pressed, not
/// when the screen got round to it.
pub fn events() -> Receiver<Entered<Event>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        while let Ok(value) = event::read() {
            let entered = Entered {
                value,
                at: std::time::Instant::now(),
            };
            if tx.send(entered).is_err() {
                break;
            }
        }
    });
    rx
}
