//! The thin shell around the game screen: the terminal, the keyboard
//! thread, the real clock, the journal, the speech output and the PGN file.
//! Every command is journalled and flushed before the game applies it; a
//! journal that cannot be written stops the game with a clear message.

use std::collections::VecDeque;
use std::io;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, SystemTime};

use ratatui::crossterm::event::Event;

use super::{Effect, GameScreen, Msg, update, view};
use crate::clock::Instant;
use crate::clock::schedule::ClockSettings;
use crate::game::{Command, Game};
use crate::notation::VoicePack;
use crate::record::journal::Journal;
use crate::record::pgn_write;
use crate::speech::{Announce, Priority, SpeechOutput, SpeechSettings, Utterance, quiet_stderr};
use crate::ui::screen::settings::Layout;
use crate::ui::screen::terminal::{self, FullScreen};
use crate::ui::screen::theme::Theme;

/// How often time is passed to the screen while no key comes.
const POLL: Duration = Duration::from_millis(150);

/// How the game screen looks.
pub struct Look {
    /// Standard or screen-reader.
    pub layout: Layout,
    /// Colours and glyphs.
    pub theme: Theme,
}

/// Runs `game`, journalled in `journal`, on the full screen until the user
/// leaves, with time counted on from `offset` (zero for a new game).
/// `speech` is `None` for text only. Returns a message to print once the
/// terminal is back: why the game stopped, or where it is kept.
pub fn run(
    game: Game,
    journal: Journal,
    offset: Duration,
    speech: Option<(SpeechSettings, VoicePack)>,
    clock: ClockSettings,
    look: Look,
) -> io::Result<Result<String, String>> {
    // Sound libraries write to stderr, which would scribble over the screen.
    let _quiet = quiet_stderr(None).ok();
    let output = speech.map(|(settings, pack)| SpeechOutput::start(settings, &pack).0);
    let mut screen = FullScreen::enter()?;
    let keys = terminal::events();
    let kept = play(
        &mut screen,
        &keys,
        output,
        game,
        journal,
        offset,
        clock,
        look,
    );
    drop(screen);
    kept
}

/// Runs `game` on a full screen already entered, with keys from `keys`
/// and speech through `output`; see [`run`].
#[allow(clippy::too_many_arguments)]
pub fn play(
    screen: &mut FullScreen,
    keys: &Receiver<Event>,
    output: Option<SpeechOutput>,
    game: Game,
    journal: Journal,
    offset: Duration,
    clock: ClockSettings,
    look: Look,
) -> io::Result<Result<String, String>> {
    let epoch = std::time::Instant::now();
    let now = || Instant(offset + epoch.elapsed());
    let size = screen.terminal.size()?;
    let resuming = offset > Duration::ZERO
        && game.clock().is_started()
        && !game.clock().is_paused()
        && game.outcome().is_none();
    let mut shell = Shell {
        state: GameScreen::new(
            game,
            look.layout,
            look.theme,
            clock,
            now(),
            (size.width, size.height),
        ),
        journal,
        speech: output,
        quit: false,
    };
    // The clock stops where the journal last saw it (6.11).
    if offset > Duration::ZERO {
        // A resumed game says where it stands before anything else.
        let text = resumed(&shell.state.game);
        shell.state.log.push(text.clone());
        let said = Effect::Speak(Utterance::new(text, Priority::Answer));
        shell.carry_out(vec![said], &now);
    }
    if resuming {
        shell.carry_out(vec![Effect::Record(Command::Pause)], &now);
    }
    let mut first = vec![Msg::Resize(size.width, size.height)];
    let mut last_tick = std::time::Instant::now();
    while !shell.quit {
        for msg in first.drain(..) {
            let effects = update(&mut shell.state, msg);
            shell.carry_out(effects, &now);
        }
        if shell.state.changed {
            shell.state.changed = false;
            screen.terminal.draw(|frame| view(&shell.state, frame))?;
        }
        if shell.quit {
            break;
        }
        let msg = match keys.recv_timeout(POLL) {
            Ok(Event::Key(key)) => Some(Msg::Key(key)),
            Ok(Event::Resize(w, h)) => Some(Msg::Resize(w, h)),
            Ok(_) => None,
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        first.extend(msg);
        if last_tick.elapsed() >= POLL {
            last_tick = std::time::Instant::now();
            first.push(Msg::Tick(now()));
        }
    }
    Ok(match shell.state.stopped {
        Some(why) => Err(why),
        None => Ok(format!(
            "The game is kept in {}; `zweibrett resume` continues it.",
            shell.journal.path().display()
        )),
    })
}

struct Shell {
    state: GameScreen,
    journal: Journal,
    speech: Option<SpeechOutput>,
    quit: bool,
}

impl Shell {
    /// Carries out `effects` in order, with the effects of the messages
    /// they give back.
    fn carry_out(&mut self, effects: Vec<Effect>, now: &dyn Fn() -> Instant) {
        let mut queue: VecDeque<Effect> = effects.into();
        while let Some(effect) = queue.pop_front() {
            let msg = match effect {
                Effect::Speak(utterance) => {
                    if let Some(speech) = &self.speech {
                        speech.announce(utterance);
                    }
                    continue;
                }
                Effect::Record(command) => {
                    if self.state.stopped.is_some() {
                        continue;
                    }
                    let at = now();
                    match self.journal.append(at, &command, SystemTime::now()) {
                        Ok(()) => Msg::Recorded(command, at),
                        Err(e) => Msg::RecordFailed(e.to_string()),
                    }
                }
                Effect::Save => Msg::Saved(self.save()),
                Effect::Quit => {
                    self.quit = true;
                    continue;
                }
            };
            queue.extend(update(&mut self.state, msg));
        }
    }

    /// Writes the PGN beside the journal.
    fn save(&self) -> Result<PathBuf, String> {
        let path = self.journal.path().with_extension("pgn");
        std::fs::write(&path, pgn_write::write(&self.state.game))
            .map(|()| path.clone())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// What a resumed game says first: how many half-moves it holds and the
/// last one in the pack's words.
fn resumed(game: &Game) -> String {
    let played = game.moves();
    match played.last() {
        Some(last) => format!(
            "Resumed: {} half-moves; the last, {}: {}.",
            played.len(),
            last.san,
            last.words
        ),
        None => "Resumed: no move yet.".to_string(),
    }
}
