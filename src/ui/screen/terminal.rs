//! Entering and leaving the full screen: raw mode, the alternate screen,
//! and a panic hook that gives the terminal back before the message is
//! written, so a crash never leaves a blind user with a dead terminal.
//! From entering on, the ending signals are watched ([`crate::signals`]):
//! each screen's loop leaves on one, and the terminal is given back.
//! Key presses are read on their own thread, so drawing never waits for
//! the keyboard and the keyboard never waits for drawing.
//!
//! A screen stopped from outside (SIGTSTP: `kill -TSTP`, a job control
//! key) gives the terminal back before it stops, and takes it again when
//! it goes on (SIGCONT, `fg`): raw mode set anew, since the shell put its
//! own modes back meanwhile, and the whole screen drawn again.
//!
//! The visible cursor never leaves the input point: a screen magnifier and
//! a braille display follow it, and a clock redrawn every second would
//! otherwise pull it away and back. [`SteadyCursor`] hides the cursor
//! before anything is written, wraps each frame in a synchronized update
//! (shown at once by the terminals that know it), and shows the cursor
//! again only once it stands where the screen put it.

use std::io::{self, IsTerminal, Stdout, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::cursor::{Hide, Show};
use ratatui::crossterm::queue;
use ratatui::crossterm::terminal::{
    BeginSynchronizedUpdate, EndSynchronizedUpdate, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::layout::{Position, Size};

use crate::driver::Driver;
use ratatui::crossterm::event::{self, Event};

/// True when standard input and output are both a terminal that can draw
/// a screen: the full screen can be used. Otherwise the program runs in
/// line mode, as it does for a pipe.
pub fn is_interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal() && takes_escapes()
}

/// Whether the terminal on standard output takes escape sequences, by
/// its name: one that calls itself `dumb` (Emacs's shell, where Emacspeak
/// users work), or has no name, shows them as garbage and reads them out.
pub fn takes_escapes() -> bool {
    named_for_escapes(std::env::var_os("TERM").as_deref())
}

/// Whether a terminal named `term` takes escape sequences.
fn named_for_escapes(term: Option<&std::ffi::OsStr>) -> bool {
    term.is_some_and(|name| !name.is_empty() && name != "dumb")
}

/// The terminal the screens draw on: standard output, with the cursor
/// kept at the input point.
pub type ScreenTerminal = Terminal<SteadyCursor<CrosstermBackend<Stdout>>>;

/// The full screen, given back when dropped (and on panic).
pub struct FullScreen {
    /// Where the screens are drawn.
    pub terminal: ScreenTerminal,
}

impl FullScreen {
    /// Enters raw mode and the alternate screen, installs the panic hook
    /// that leaves them, and starts watching the ending signals.
    pub fn enter() -> io::Result<FullScreen> {
        crate::signals::watch();
        leave_on_panic();
        ratatui::crossterm::terminal::enable_raw_mode()?;
        if let Err(e) = ratatui::crossterm::execute!(io::stdout(), EnterAlternateScreen) {
            leave();
            return Err(e);
        }
        ON_SCREEN.store(true, Ordering::SeqCst);
        stop_and_go_on();
        let terminal = Terminal::new(SteadyCursor::new(CrosstermBackend::new(io::stdout())))?;
        Ok(FullScreen { terminal })
    }

    /// Draws a frame as [`Terminal::draw`] does; after the program went
    /// on from a stop, every cell is drawn, not only what changed.
    pub fn draw<B: Backend>(
        terminal: &mut Terminal<B>,
        render: impl FnOnce(&mut ratatui::Frame),
    ) -> Result<(), B::Error> {
        if REDRAW.swap(false, Ordering::SeqCst) {
            // Not `Terminal::clear`, which asks the terminal where its
            // cursor is while the key reader reads the same input.
            terminal.backend_mut().clear_region(ClearType::All)?;
            // Both buffers emptied: every cell of the frame is written.
            terminal.swap_buffers();
            terminal.swap_buffers();
        }
        terminal.draw(render).map(|_| ())
    }
}

/// Whether the full screen is entered: a stop gives it back only then.
static ON_SCREEN: AtomicBool = AtomicBool::new(false);
/// Whether the screen must be drawn whole at the next frame.
static REDRAW: AtomicBool = AtomicBool::new(false);

/// Watches, once, for the program being stopped (SIGTSTP) and going on
/// (SIGCONT), from a thread of its own: the terminal is given back before
/// the stop, taken again after it, and a resize is made to come
/// (SIGWINCH) so that the screen's loop wakes and draws everything.
fn stop_and_go_on() {
    use signal_hook::consts::{SIGCONT, SIGTSTP, SIGWINCH};
    static WATCHING: std::sync::Once = std::sync::Once::new();
    WATCHING.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTSTP, SIGCONT]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("stop".into())
            .spawn(move || {
                for signal in signals.forever() {
                    let on_screen = ON_SCREEN.load(Ordering::SeqCst);
                    if signal == SIGTSTP {
                        if on_screen {
                            give_back();
                            let _ = ratatui::crossterm::execute!(io::stdout(), Show);
                        }
                        // Stops here; returns once the program goes on.
                        let _ = signal_hook::low_level::emulate_default_handler(SIGTSTP);
                    }
                    if on_screen && ON_SCREEN.load(Ordering::SeqCst) {
                        take_back();
                        REDRAW.store(true, Ordering::SeqCst);
                        let _ = signal_hook::low_level::raise(SIGWINCH);
                    }
                }
            });
    });
}

/// Takes the terminal again after a stop: raw mode left first, since the
/// shell may have set its own modes while the program was stopped and the
/// terminal library would otherwise take raw mode as still set.
fn take_back() {
    let _ = ratatui::crossterm::terminal::disable_raw_mode();
    let _ = ratatui::crossterm::terminal::enable_raw_mode();
    let _ = ratatui::crossterm::execute!(io::stdout(), EnterAlternateScreen);
}

/// A backend that keeps the visible cursor at the input point: hidden
/// before the first cell of a frame is written, shown again only when the
/// frame is flushed, after it was moved to where the screen asked; each
/// frame is one synchronized update.
#[derive(Debug)]
pub struct SteadyCursor<B> {
    inner: B,
    /// The terminal shows the cursor now.
    shown: bool,
    /// The frame asks for the cursor to be shown when it ends.
    wanted: bool,
    /// A synchronized update is open.
    updating: bool,
}

impl<B: Backend<Error = io::Error> + Write> SteadyCursor<B> {
    /// `inner`, whose cursor is shown, as a terminal's is at first.
    pub fn new(inner: B) -> SteadyCursor<B> {
        SteadyCursor {
            inner,
            shown: true,
            wanted: true,
            updating: false,
        }
    }

    /// Before anything is written: the update opened, the cursor hidden.
    fn begin(&mut self) -> io::Result<()> {
        if !self.updating {
            queue!(self.inner, BeginSynchronizedUpdate)?;
            self.updating = true;
        }
        if self.shown {
            queue!(self.inner, Hide)?;
            self.shown = false;
        }
        Ok(())
    }
}

impl<B: Backend<Error = io::Error> + Write> Backend for SteadyCursor<B> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.begin()?;
        self.inner.draw(content)
    }

    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.begin()?;
        self.inner.append_lines(n)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.wanted = false;
        self.begin()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        // Shown on flush, once it stands where it belongs.
        self.wanted = true;
        Ok(())
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        self.inner.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.begin()?;
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.begin()?;
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.begin()?;
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        self.inner.size()
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.wanted && !self.shown {
            queue!(self.inner, Show)?;
            self.shown = true;
        }
        if self.updating {
            queue!(self.inner, EndSynchronizedUpdate)?;
            self.updating = false;
        }
        Backend::flush(&mut self.inner)
    }
}

impl Drop for FullScreen {
    fn drop(&mut self) {
        leave();
    }
}

/// Gives the terminal back: raw mode and the alternate screen left. A
/// terminal that is gone cannot be given back, and nothing is said about
/// it here: a message that cannot be written, inside a panic, would abort
/// the program.
fn leave() {
    ON_SCREEN.store(false, Ordering::SeqCst);
    give_back();
}

/// Leaves raw mode and the alternate screen, the screen kept entered: for
/// a stop, after which [`take_back`] enters them again.
fn give_back() {
    let _ = ratatui::crossterm::terminal::disable_raw_mode();
    let _ = ratatui::crossterm::execute!(io::stdout(), LeaveAlternateScreen);
}

/// Installs, once, the panic hook that gives the terminal back before the
/// message is written.
fn leave_on_panic() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        let earlier = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            leave();
            earlier(info);
        }));
    });
}

/// The driver of a full screen: keys and resizes, each stamped when it
/// was read, from a thread of its own, and the ending signals; its bell
/// connects the mode's producers to the same channel.
pub fn key_driver() -> Driver<Event> {
    Driver::reading(|send| {
        while let Ok(value) = event::read() {
            if !send(value) {
                return;
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::widgets::Paragraph;
    use ratatui::{TerminalOptions, Viewport};

    use std::cell::RefCell;
    use std::rc::Rc;

    /// Bytes written, kept where the test can read them.
    #[derive(Clone, Default)]
    struct Shared(Rc<RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A terminal of `width` × `height` writing into `out`.
    fn terminal(
        out: &Shared,
        width: u16,
        height: u16,
    ) -> Terminal<SteadyCursor<CrosstermBackend<Shared>>> {
        let backend = SteadyCursor::new(CrosstermBackend::new(out.clone()));
        let viewport = Viewport::Fixed(Rect::new(0, 0, width, height));
        Terminal::with_options(backend, TerminalOptions { viewport }).unwrap()
    }

    /// What was written, with the escape sequences named.
    fn written(out: &Shared) -> String {
        String::from_utf8_lossy(&out.0.borrow())
            .replace("\x1b[?2026h", "<begin>")
            .replace("\x1b[?2026l", "<end>")
            .replace("\x1b[?25l", "<hide>")
            .replace("\x1b[?25h", "<show>")
    }

    #[test]
    fn the_cursor_is_shown_only_at_the_input_point() {
        let out = Shared::default();
        let mut terminal = terminal(&out, 20, 3);
        for clock in ["1:29:59", "1:29:58"] {
            terminal
                .draw(|frame| {
                    frame.render_widget(Paragraph::new(clock), Rect::new(0, 0, 20, 1));
                    frame.set_cursor_position((2, 2));
                })
                .unwrap();
        }
        let out = written(&out);
        // Each frame: opened, cursor hidden, cells written, cursor moved to
        // the input point (line 3, column 3), shown, closed.
        let frames: Vec<&str> = out.split("<begin>").skip(1).collect();
        assert_eq!(frames.len(), 2, "{out:?}");
        for frame in frames {
            assert!(frame.starts_with("<hide>"), "{frame:?}");
            let show = frame.find("<show>").unwrap();
            let moved = frame.rfind("\x1b[3;3H").unwrap();
            assert!(moved < show, "{frame:?}");
            assert!(frame.ends_with("<show><end>"), "{frame:?}");
        }
        assert!(out.contains("1:29:59"));
    }

    #[test]
    fn a_frame_without_cursor_leaves_it_hidden() {
        let out = Shared::default();
        let mut terminal = terminal(&out, 10, 2);
        terminal
            .draw(|frame| frame.render_widget(Paragraph::new("x"), frame.area()))
            .unwrap();
        let out = written(&out);
        assert!(out.starts_with("<begin><hide>"), "{out:?}");
        assert!(!out.contains("<show>"), "{out:?}");
        assert!(out.ends_with("<end>"), "{out:?}");
    }

    #[test]
    fn a_dumb_terminal_or_one_without_a_name_takes_no_escapes() {
        use std::ffi::OsStr;
        assert!(named_for_escapes(Some(OsStr::new("xterm-256color"))));
        assert!(named_for_escapes(Some(OsStr::new("linux"))));
        assert!(!named_for_escapes(Some(OsStr::new("dumb"))));
        assert!(!named_for_escapes(Some(OsStr::new(""))));
        assert!(!named_for_escapes(None));
    }
}
