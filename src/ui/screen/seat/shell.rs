//! The thin shell around a seat's screen: the terminal, the keyboard
//! thread, the game's messages and the voice. It blocks on one channel,
//! which the keys and the game's link both wake, until something comes
//! or, in the standard layout while a clock runs, the next second; it
//! draws only when something changed.

use std::io;
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::Duration;

use crate::session::wake::{Source, Wake};

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::Event;

use super::{Effect, Msg, SeatScreen, update, view};
use crate::notation::VoicePack;
use crate::seat::{SeatLink, SeatRole, ToGame};
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
    let (events, bell) = terminal::wake_events();
    link.waker.connect_like(&bell);
    let speaker = output.as_ref().map(|o| o as &dyn Announce);
    let served = serve(&mut screen.terminal, &events, &link, &mut state, speaker);
    drop(screen);
    served?;
    Ok(ExitCode::SUCCESS)
}

/// The seat's loop on `terminal`, woken through `events` by keys and by
/// the game at the other end of `link`: until the user leaves (the game is
/// told), the game closes the seat, the keyboard is gone or an ending
/// signal comes.
pub fn serve<B: Backend>(
    terminal: &mut Terminal<B>,
    events: &Receiver<Wake<Event>>,
    link: &SeatLink,
    state: &mut SeatScreen,
    speech: Option<&dyn Announce>,
) -> Result<(), B::Error> {
    let started = std::time::Instant::now();
    let mut gone = false;
    let mut quit = false;
    let carry_out = |state: &mut SeatScreen, msg: Msg, quit: &mut bool| {
        for effect in update(state, msg) {
            match effect {
                // A game that has gone is noticed on its own channel.
                Effect::Send(message) => {
                    let _ = link.to_game.send(message);
                }
                Effect::Speak(utterance) => {
                    if let Some(speech) = speech {
                        speech.announce(utterance);
                    }
                }
                Effect::Bell => {
                    use std::io::Write as _;
                    let mut out = io::stdout();
                    let _ = out.write_all(b"\x07").and_then(|()| out.flush());
                }
                Effect::Quit => *quit = true,
            }
        }
    };
    while !quit {
        if crate::signals::requested().is_some() {
            let _ = link.to_game.send(ToGame::Leave);
            break;
        }
        loop {
            match link.from_game.try_recv() {
                Ok(message) => carry_out(state, Msg::Game(message), &mut quit),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    if !gone {
                        gone = true;
                        carry_out(state, Msg::Gone, &mut quit);
                    }
                    break;
                }
            }
        }
        carry_out(state, Msg::Tick(started.elapsed()), &mut quit);
        if state.changed {
            state.changed = false;
            terminal.draw(|frame| view(state, frame))?;
        }
        if quit {
            break;
        }
        let woke = match next_second(state, started.elapsed()) {
            Some(wait) => events.recv_timeout(wait),
            None => events.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        for woke in std::iter::once(woke).chain(events.try_iter().map(Ok)) {
            let msg = match woke {
                Ok(Wake::Input(Event::Key(key), _)) => Msg::Key(key),
                Ok(Wake::Input(Event::Resize(w, h), _)) => Msg::Resize(w, h),
                Ok(Wake::InputEnded | Wake::Rang(Source::Signal))
                | Err(RecvTimeoutError::Disconnected) => {
                    // No keyboard any more (the terminal is gone), or a
                    // signal: the seat leaves, and the game goes on.
                    let _ = link.to_game.send(ToGame::Leave);
                    return Ok(());
                }
                Ok(Wake::Input(..) | Wake::Rang(_)) | Err(RecvTimeoutError::Timeout) => {
                    continue;
                }
            };
            carry_out(state, msg, &mut quit);
        }
    }
    Ok(())
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
