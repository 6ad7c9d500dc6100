//! The thin shell around a seat's screen: the terminal, the keyboard
//! thread, the game's messages and the voice. It blocks on one channel,
//! which the keys and the game's link both wake, until something comes
//! or, in the standard layout while a clock runs, the next second; it
//! draws only when something changed.

use std::io;
use std::process::ExitCode;
use std::sync::mpsc::TryRecvError;
use std::time::Duration;

use crate::driver::{Driven, Driver, Ended, Next, Woke};

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::Event;

use super::{Effect, Msg, SeatScreen, update, view};
use crate::notation::VoicePack;
use crate::session::seat::{SeatLink, SeatRole, ToGame};
use crate::speech::{Announce, SpeechOutput, SpeechSettings, quiet_stderr};
use crate::ui::screen::game::shell::Look;
use crate::ui::screen::terminal::{self, FullScreen};

/// Whether a seat of `role` speaks what the game says when nothing else
/// is asked: the arbiter's and the assistant's do; the opponent's seat is
/// silent, since nothing there may depend on hearing (D.2.11).
pub fn speaks_by_default(role: SeatRole) -> bool {
    role != SeatRole::Opponent
}

/// Runs a welcomed seat on the full screen until its user leaves or the
/// game closes it, showing everything in the words of the link's voice
/// pack (English when it cannot be loaded) and speaking what the game
/// says through `speech` when given. Returns success whenever the seat
/// ends as it should: the game goes on without it.
pub fn run(
    link: SeatLink,
    look: Look,
    speech: Option<SpeechSettings>,
    alert: super::Alert,
) -> io::Result<ExitCode> {
    let (pack, fault) = match crate::session::config::load_voice(&link.voice) {
        Ok(pack) => (pack, None),
        Err(e) => (VoicePack::builtin("en"), Some(e.to_string())),
    };
    // Sound libraries write to stderr, which would scribble over the screen.
    let _quiet = quiet_stderr(None).ok();
    let output = speech.map(|settings| SpeechOutput::start(settings, &pack).0);
    let mut screen = FullScreen::enter()?;
    let size = screen.terminal.size()?;
    let mut state = SeatScreen::new(
        link.role,
        link.side,
        pack,
        look.layout,
        look.theme,
        (size.width, size.height),
    );
    state.alert = alert;
    if let Some(fault) = fault {
        state.log.push(fault);
    }
    let mut driver = terminal::key_driver();
    let speaker = output.as_ref().map(|o| o as &dyn Announce);
    let served = serve(
        &mut screen.terminal,
        &mut driver,
        &link,
        &mut state,
        speaker,
    );
    drop(screen);
    served?;
    Ok(ExitCode::SUCCESS)
}

/// The seat's loop on `terminal`, driven by `driver` (keys, and the game
/// at the other end of `link` ringing its bell): until the user leaves
/// (the game is told), the game closes the seat, the keyboard is gone or
/// an ending signal comes.
pub fn serve<B: Backend>(
    terminal: &mut Terminal<B>,
    driver: &mut Driver<Event>,
    link: &SeatLink,
    state: &mut SeatScreen,
    speech: Option<&dyn Announce>,
) -> Result<(), B::Error> {
    link.waker.connect_like(driver.bell());
    let mut seat = Seat {
        terminal,
        link,
        state,
        speech,
        started: std::time::Instant::now(),
        gone: false,
        quit: false,
    };
    if driver.drive(&mut seat)? == Ended::Signal {
        // The seat leaves; the game goes on.
        let _ = link.to_game.send(ToGame::Leave);
    }
    Ok(())
}

/// A seat's screen on its terminal, as the driver drives it.
struct Seat<'a, B: Backend> {
    terminal: &'a mut Terminal<B>,
    link: &'a SeatLink,
    state: &'a mut SeatScreen,
    speech: Option<&'a dyn Announce>,
    started: std::time::Instant,
    /// The game has gone, and the seat has said so.
    gone: bool,
    quit: bool,
}

impl<B: Backend> Seat<'_, B> {
    fn carry_out(&mut self, msg: Msg) {
        for effect in update(self.state, msg) {
            match effect {
                // A game that has gone is noticed on its own channel.
                Effect::Send(message) => {
                    let _ = self.link.to_game.send(message);
                }
                Effect::Speak(utterance) => {
                    if let Some(speech) = self.speech {
                        speech.announce(utterance);
                    }
                }
                Effect::Bell => {
                    use std::io::Write as _;
                    let mut out = io::stdout();
                    let _ = out.write_all(b"\x07").and_then(|()| out.flush());
                }
                Effect::Quit => self.quit = true,
            }
        }
    }
}

impl<B: Backend> Driven for Seat<'_, B> {
    type Input = Event;
    type Fault = B::Error;

    fn settle(&mut self, _now: std::time::Instant) -> Result<Next, B::Error> {
        loop {
            match self.link.from_game.try_recv() {
                Ok(message) => self.carry_out(Msg::Game(message)),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    if !self.gone {
                        self.gone = true;
                        self.carry_out(Msg::Gone);
                    }
                    break;
                }
            }
        }
        self.carry_out(Msg::Tick(self.started.elapsed()));
        if self.state.changed {
            self.state.changed = false;
            let state = &*self.state;
            FullScreen::draw(self.terminal, |frame| view(state, frame))?;
        }
        Ok(if self.quit { Next::Leave } else { Next::Wait })
    }

    fn deadline(&self) -> Option<std::time::Instant> {
        next_second(self.state, self.started.elapsed()).map(|wait| std::time::Instant::now() + wait)
    }

    fn take(&mut self, woke: Woke<Event>, _now: std::time::Instant) -> Next {
        let msg = match woke {
            Woke::Input(Event::Key(key), _) => Msg::Key(key),
            Woke::Input(Event::Resize(w, h), _) => Msg::Resize(w, h),
            Woke::InputEnded => {
                // No keyboard any more (the terminal is gone): the seat
                // leaves, and the game goes on.
                let _ = self.link.to_game.send(ToGame::Leave);
                return Next::Leave;
            }
            Woke::Input(..) | Woke::Rang(_) | Woke::Braille(_) | Woke::Due => return Next::Wait,
        };
        self.carry_out(msg);
        if self.quit { Next::Leave } else { Next::Wait }
    }
}

/// How long until the seat must look again though nothing comes: the next
/// second of a clock shown running, or the end of a closing shown; `None`
/// while nothing on the screen moves by itself.
fn next_second(state: &SeatScreen, now: Duration) -> Option<Duration> {
    let running = state
        .view
        .as_ref()
        .is_some_and(|v| v.clocks.running.is_some());
    let moving = state.closing.is_some()
        || (running && state.layout == crate::ui::screen::settings::Layout::Standard);
    let second = moving
        .then(|| Duration::from_secs(1) - Duration::from_nanos(u64::from(now.subsec_nanos())));
    // The flash ends on time, whatever else moves.
    let flash = state.flash_until.map(|until| until.saturating_sub(now));
    match (second, flash) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
