//! The thin shell around the game screen: the terminal, the keyboard
//! thread and the speech output. The game session hands every command to
//! the journal's writer and the game carries it out once it is on disk;
//! meanwhile the screen and the clock go on. A journal that cannot be
//! written stops the game with a clear message.

use crate::hearing::game::{GameListener, Outcome};
use crate::hearing::listen::ListenPlan;
use std::collections::VecDeque;
use std::io;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;
use zweibrett_core::notation::pack::LineSentence;

use ratatui::crossterm::event::Event;

use super::{Effect, GameScreen, Msg, update, view};
use crate::clock::Instant;
use crate::clock::schedule::ClockSettings;
use crate::game::Game;
use crate::notation::VoicePack;
use crate::notation::pack::ScreenSentence;
use crate::session::{GameSession, Journal, SessionError, Settled, TimeLine};
use crate::speech::{
    Announce, Priority, SpeechOutput, SpeechSettings, Transcript, Utterance, quiet_stderr,
};
use crate::ui::lines::Entered;
use crate::ui::screen::settings::{Layout, Redraw};
use crate::ui::screen::terminal::{self, FullScreen};
use crate::ui::screen::theme::Theme;

mod seats;

/// Why a game on the full screen ended other than by the user leaving.
#[derive(Debug, thiserror::Error)]
pub enum ScreenGameError {
    /// The journal could not be written, so the game stopped: why.
    #[error("{0}")]
    Stopped(String),
    /// The terminal cannot be used as a full screen.
    #[error("the full screen cannot be used ({0}); try --plain")]
    Terminal(#[from] io::Error),
}

/// How often time is passed to the screen while no key comes.
const POLL: Duration = Duration::from_millis(150);

/// How often the journal is asked about a command waiting for the disk:
/// its announcement follows the sync by no more than this.
const SETTLE_POLL: Duration = Duration::from_millis(5);

/// How the game screen looks.
pub struct Look {
    /// Standard or screen-reader.
    pub layout: Layout,
    /// Colours and glyphs.
    pub theme: Theme,
    /// Whether the standard layout shows the running clock second by
    /// second, or is drawn only when something happens.
    pub redraw: Redraw,
}

/// Runs `game`, journalled in `journal`, on the full screen until the user
/// leaves, with time counted on from `offset` (zero for a new game) and
/// everything said written to `transcript` (`None`: beside the journal).
/// `speech` is `None` for text only. Returns a message to print once the
/// terminal is back: why the game stopped, or where it is kept.
pub fn run(
    game: Game,
    journal: Journal,
    (offset, transcript): (Duration, Option<PathBuf>),
    (speech, listening): (Option<(SpeechSettings, VoicePack)>, Option<ListenPlan>),
    clock: ClockSettings,
    look: Look,
) -> Result<String, ScreenGameError> {
    // Sound libraries write to stderr, which would scribble over the screen.
    let _quiet = quiet_stderr(None).ok();
    let output = speech.map(|(settings, pack)| SpeechOutput::start(settings, &pack).0);
    let mut screen = FullScreen::enter()?;
    let keys = terminal::events();
    let kept = play(
        &mut screen,
        &keys,
        (output, listening),
        game,
        journal,
        (offset, transcript),
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
    keys: &Receiver<Entered<Event>>,
    (output, listening): (Option<SpeechOutput>, Option<ListenPlan>),
    game: Game,
    journal: Journal,
    (offset, transcript): (Duration, Option<PathBuf>),
    clock: ClockSettings,
    look: Look,
) -> Result<String, ScreenGameError> {
    let game_pack = game.pack().clone();
    let game_pack = &game_pack;
    let session = GameSession::new(game, Some(journal), offset, clock);
    let path = transcript.unwrap_or_else(|| session.transcript_path());
    let said = Transcript::open(&path, session.time_line(), output);
    let size = screen.terminal.size()?;
    let now = session.now();
    let seats = seats::Seats::new(crate::seat::server::offer_seats(&session));
    let mut shell = Shell {
        state: GameScreen::of(
            session,
            look.layout,
            look.theme,
            now,
            (size.width, size.height),
        ),
        speech: said,
        quit: false,
        seats,
        listener: listening.map(|plan| GameListener::new(&plan, game_pack)),
    };
    shell.state.redraw = look.redraw;
    // A theme whose colours are too close is said first, in the pack's
    // words; it is used all the same.
    let warnings = shell.state.theme.contrast_warnings(shell.state.words());
    for text in warnings {
        shell.state.log.push(text.clone());
        let said = Effect::Speak(Utterance::new(text, Priority::Answer));
        shell.carry_out(vec![said], now);
    }
    if offset > Duration::ZERO {
        // A resumed game says where it stands before anything else.
        let text = shell.state.resumed_text();
        shell.state.log.push(text.clone());
        let said = Effect::Speak(Utterance::new(text, Priority::Answer));
        shell.carry_out(vec![said], now);
        // The clock stops where the journal last saw it (6.11).
        let pause = shell.state.game.pause_if_running();
        shell.carry_out(pause.map(Effect::Record).into_iter().collect(), now);
    }
    let opened = super::update::opened(&mut shell.state);
    shell.carry_out(opened, now);
    let mut first = VecDeque::from([(Msg::Resize(size.width, size.height), now)]);
    let mut last_tick = std::time::Instant::now();
    while !shell.quit {
        if crate::signals::requested().is_some() {
            // Left as `quit` leaves, before anything is drawn on a terminal
            // that may be gone (SIGHUP).
            shell.leave_on_signal();
            break;
        }
        while let Some((msg, at)) = first.pop_front() {
            // A key waits while a command waits for the disk, so that it
            // acts on the game as that command leaves it.
            if matches!(msg, Msg::Key(_)) && shell.state.game.has_pending() {
                first.push_front((msg, at));
                break;
            }
            let effects = update(&mut shell.state, msg);
            shell.carry_out(effects, at);
        }
        if shell.state.changed {
            shell.state.changed = false;
            screen.terminal.draw(|frame| {
                shell.state.theme.paint_background(frame);
                view(&shell.state, frame);
            })?;
        }
        if shell.quit {
            break;
        }
        if !shell.settle() {
            continue;
        }
        shell.serve_seats();
        if let Some(listener) = &mut shell.listener
            && let Some(outcome) = listener.poll(shell.state.game.game())
        {
            let at = match &outcome {
                Outcome::Enter { ended, .. } => shell.state.game.instant(*ended),
                Outcome::Say { .. } => shell.state.game.now(),
            };
            first.push_back((Msg::Heard(outcome), at));
        }
        // A key is stamped when it is read, not when it is processed; every
        // key read by now comes before the clock's next reading, which
        // would otherwise be recorded before it.
        let wait = if first.is_empty() {
            POLL
        } else {
            Duration::ZERO
        };
        match keys.recv_timeout(wait) {
            Ok(entered) => {
                let time_line = shell.state.game.time_line();
                first.extend(as_msg(entered, &time_line));
                while let Ok(entered) = keys.try_recv() {
                    first.extend(as_msg(entered, &time_line));
                }
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if last_tick.elapsed() >= POLL {
            last_tick = std::time::Instant::now();
            // The voice has said its notice; the status line shows it and
            // the transcript has it.
            if let Some(notice) = shell.speech.voice_notices().pop() {
                shell.state.voice_notice = Some(notice.text);
                shell.state.changed = true;
            }
            let now = shell.state.game.now();
            first.push_back((Msg::Tick(now), now));
        }
    }
    // What still waits for the disk is written, and said, before leaving.
    if shell.state.stopped.is_none() {
        let settled = shell.state.game.settle_all();
        shell.settled(settled);
    }
    let kept = shell
        .state
        .game
        .journal_path()
        .map(|p| p.display().to_string());
    match shell.state.stopped {
        Some(why) => Err(ScreenGameError::Stopped(why)),
        None => Ok(shell
            .state
            .words()
            .say(ScreenSentence::Kept, &[("path", &kept.unwrap_or_default())])),
    }
}

/// The message of a key or a resize, on the game's time line at the
/// moment it was read.
fn as_msg(entered: Entered<Event>, time_line: &TimeLine) -> Option<(Msg, Instant)> {
    let at = time_line.instant(entered.at);
    match entered.value {
        Event::Key(key) => Some((Msg::Key(key), at)),
        Event::Resize(w, h) => Some((Msg::Resize(w, h), at)),
        _ => None,
    }
}

struct Shell {
    state: GameScreen,
    /// Everything said goes through the transcript to the voice.
    speech: Transcript<SpeechOutput>,
    quit: bool,
    /// The joined seats (`zweibrett join`).
    seats: seats::Seats,
    /// The listener for spoken moves (`--listen`).
    listener: Option<GameListener>,
}

impl Shell {
    /// Stops a running clock where it stands and journals it (6.11), as
    /// leaving with `quit` does.
    fn leave_on_signal(&mut self) {
        let now = self.state.game.now();
        let pause = self.state.game.pause_if_running();
        self.carry_out(pause.map(Effect::Record).into_iter().collect(), now);
    }

    /// While a command waits for the disk: carries out what the journal
    /// has written, says once when that takes long, lets time pass and
    /// waits a few milliseconds. False while something still waits: keys
    /// typed meanwhile stay queued, each stamped when it was read, so that
    /// they act on the game as it stands after the command.
    fn settle(&mut self) -> bool {
        if !self.state.game.has_pending() {
            return true;
        }
        let settled = self.state.game.settle();
        self.settled(settled);
        if self.state.game.slow_write() {
            let said = super::update::journal_slow(&mut self.state);
            let now = self.state.game.now();
            self.carry_out(vec![said], now);
        }
        if !self.state.game.has_pending() || self.quit {
            return true;
        }
        std::thread::sleep(SETTLE_POLL);
        let now = self.state.game.now();
        let effects = update(&mut self.state, Msg::Tick(now));
        self.carry_out(effects, now);
        false
    }

    /// Carries out the commands the journal has written, or stops the
    /// game on the one it refused.
    fn settled(&mut self, settled: Result<Vec<Settled>, SessionError>) {
        match settled {
            Ok(settled) => {
                for s in settled {
                    let at = s.at;
                    let effects = update(&mut self.state, Msg::Recorded(s));
                    self.carry_out(effects, at);
                }
            }
            Err(e) => {
                let why = self.reason(&e);
                let effects = update(&mut self.state, Msg::RecordFailed(why));
                let now = self.state.game.now();
                self.carry_out(effects, now);
            }
        }
    }

    /// Why the journal refused a command, in the pack's words.
    fn reason(&self, e: &SessionError) -> String {
        e.say(self.state.game.pack().line_sentences())
    }

    /// Carries out `effects` of a message that came in at `at`, in order,
    /// with the effects of the messages they give back.
    fn carry_out(&mut self, effects: Vec<Effect>, at: Instant) {
        let mut queue: VecDeque<Effect> = effects.into();
        while let Some(effect) = queue.pop_front() {
            let msg = match effect {
                Effect::Speak(utterance) => {
                    self.seats.say(&utterance.text);
                    self.speech.announce(utterance);
                    if let Some(failure) = self.speech.take_failure() {
                        // Said once, and the game goes on: the journal is
                        // what must not be lost.
                        queue.push_front(super::update::transcript_failed(
                            &mut self.state,
                            &failure.to_string(),
                        ));
                    }
                    continue;
                }
                Effect::Record(command) => {
                    if self.state.stopped.is_some() {
                        continue;
                    }
                    // Carried out once on disk, by `settle`.
                    match self.state.game.enter(&command, at) {
                        Ok(()) => continue,
                        Err(e) => Msg::RecordFailed(self.reason(&e)),
                    }
                }
                Effect::Save => Msg::Saved(self.state.game.save().map_err(|e| e.to_string())),
                Effect::SaveBrf(path) => Msg::Saved(
                    self.state
                        .game
                        .save_brf(path.as_deref().map(std::path::Path::new))
                        .map_err(|e| e.to_string()),
                ),
                Effect::Quit => {
                    self.quit = true;
                    continue;
                }
                Effect::Listen => {
                    let pack = self.state.game.pack().clone();
                    let said = self.listener.as_mut().and_then(|l| l.toggle(&pack));
                    let text = said.unwrap_or_else(|| {
                        pack.line_sentences()
                            .say(LineSentence::ListenNotStarted, &[])
                    });
                    Msg::Heard(Outcome::Say {
                        text,
                        not_understood: false,
                    })
                }
            };
            queue.extend(update(&mut self.state, msg));
        }
    }
}
