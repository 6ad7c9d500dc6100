//! The thin shell around a seat's screen: the terminal, the keyboard
//! thread, the game's messages and the voice. It waits on neither the
//! keyboard nor the game: each turn of the loop takes what has come from
//! both, and draws only when something changed (or, in the standard
//! layout, once a second while a clock runs).

use std::io;
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::Event;

use super::{Effect, Msg, SeatScreen, update, view};
use crate::notation::VoicePack;
use crate::seat::{SeatLink, SeatRole, ToGame};
use crate::speech::{Announce, SpeechOutput, SpeechSettings, quiet_stderr};
use crate::ui::screen::game::shell::Look;
use crate::ui::screen::terminal::{self, FullScreen};

/// How long the loop waits for a key before it looks at the game again.
const POLL: Duration = Duration::from_millis(40);

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
pub fn run(link: SeatLink, look: Look, speech: Option<SpeechSettings>) -> io::Result<ExitCode> {
    let (pack, fault) = match crate::config::load_voice(&link.voice) {
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
    if let Some(fault) = fault {
        state.log.push(fault);
    }
    let (keys_tx, keys) = std::sync::mpsc::channel();
    let events = terminal::events();
    // Key presses are stamped when read; the seat only needs them in order.
    std::thread::spawn(move || {
        while let Ok(entered) = events.recv() {
            if keys_tx.send(entered.value).is_err() {
                break;
            }
        }
    });
    let speaker = output.as_ref().map(|o| o as &dyn Announce);
    let served = serve(&mut screen.terminal, &keys, &link, &mut state, speaker);
    drop(screen);
    served?;
    Ok(ExitCode::SUCCESS)
}

/// The seat's loop on `terminal`, with keys from `keys` and the game at
/// the other end of `link`: until the user leaves (the game is told), the
/// game closes the seat, the keyboard is gone or an ending signal comes.
pub fn serve<B: Backend>(
    terminal: &mut Terminal<B>,
    keys: &Receiver<Event>,
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
        match keys.recv_timeout(POLL) {
            Ok(event) => {
                for event in std::iter::once(event).chain(keys.try_iter()) {
                    let msg = match event {
                        Event::Key(key) => Msg::Key(key),
                        Event::Resize(w, h) => Msg::Resize(w, h),
                        _ => continue,
                    };
                    carry_out(state, msg, &mut quit);
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                // No keyboard any more (the terminal is gone): the seat
                // leaves, and the game goes on.
                let _ = link.to_game.send(ToGame::Leave);
                break;
            }
        }
    }
    Ok(())
}
