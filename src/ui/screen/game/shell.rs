//! The thin shell around the game screen: the terminal, the one channel
//! the keys and every producer of the game wake it through, and the host.
//! It blocks on that channel until the next key, ring or deadline; keys
//! go to the screen's update, what the update asks of the game to the
//! host, and what the host shows back to the update. A journal that
//! cannot be written stops the game with a clear message.

use std::io;
use std::path::PathBuf;
use std::time::Duration;

use ratatui::crossterm::event::Event;

use super::{Effect, GameScreen, Msg, update, view};
use crate::braille::{BrailleInput, BrailleSettings, HostBraille};
use crate::clock::schedule::ClockSettings;
use crate::driver::{Driven, Driver, Next, Woke};
use crate::game::Game;
use crate::hearing::listen::ListenPlan;
use crate::notation::VoicePack;
use crate::notation::pack::ScreenSentence;
use crate::session::host::GameHost;
use crate::session::{GameSession, Journal};
use crate::speech::{Priority, SpeechOutput, SpeechSettings, Utterance, quiet_stderr};
use crate::ui::screen::settings::{Layout, Redraw};
use crate::ui::screen::terminal::{self, FullScreen};
use crate::ui::screen::theme::Theme;

/// Why a game on the full screen ended other than by the user leaving.
#[derive(Debug, thiserror::Error)]
pub enum ScreenGameError {
    /// The journal could not be written, so the game stopped: why.
    #[error("{0}")]
    Stopped(String),
    /// The terminal cannot be used as a full screen, or was lost during
    /// the game; the journal keeps every move.
    #[error(
        "the full screen cannot be used ({0}); the game is kept: go on with `zweibrett resume`, or with --plain"
    )]
    Terminal(#[from] io::Error),
}

/// How the game screen looks.
pub struct Look {
    /// Standard or screen-reader.
    pub layout: Layout,
    /// Colours and glyphs.
    pub theme: Theme,
    /// Whether the standard layout shows the running clock second by
    /// second, or is drawn only when something happens.
    pub redraw: Redraw,
    /// Whether a braille display shows the game too, and whether the
    /// player reads everything said on it.
    pub braille: BrailleSettings,
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
    (speech, listening, board): (
        Option<(SpeechSettings, VoicePack)>,
        Option<ListenPlan>,
        Option<String>,
    ),
    clock: ClockSettings,
    look: Look,
) -> Result<String, ScreenGameError> {
    // Sound libraries write to stderr, which would scribble over the screen.
    let _quiet = quiet_stderr(None).ok();
    let output = speech.map(|(settings, pack)| SpeechOutput::start(settings, &pack).0);
    let mut screen = FullScreen::enter()?;
    let mut driver = terminal::key_driver();
    let kept = play(
        &mut screen,
        &mut driver,
        (output, listening, board),
        game,
        journal,
        (offset, transcript),
        clock,
        look,
    );
    drop(screen);
    kept
}

/// Runs `game` on a full screen already entered, driven by `driver` (keys,
/// and every producer connected to its bell), with speech through
/// `output`; see [`run`].
#[allow(clippy::too_many_arguments)]
pub fn play(
    screen: &mut FullScreen,
    driver: &mut Driver<Event>,
    (output, listening, board): (Option<SpeechOutput>, Option<ListenPlan>, Option<String>),
    game: Game,
    journal: Journal,
    (offset, transcript): (Duration, Option<PathBuf>),
    clock: ClockSettings,
    look: Look,
) -> Result<String, ScreenGameError> {
    let session = GameSession::new(game, Some(journal), offset, clock);
    let listener = crate::hearing::game::listener_for(listening, session.game().pack());
    let mut host = GameHost::start(session, transcript.as_deref(), output, listener);
    if let Some(port) = board {
        host.follow_board_on(port);
    }
    host.connect(driver.bell());
    let size = screen.terminal.size()?;
    let mut shell = Shell::new(host, &look, (size.width, size.height));
    driver.take_braille(look.braille);
    shell.show_on_braille(look.braille);
    shell.open(offset > Duration::ZERO);
    driver.drive(&mut Drawn {
        shell: &mut shell,
        screen,
    })?;
    // Left as `quit` leaves, on a signal as well: what waits is written
    // and said, a pending ruling is in the PGN, the clock stops (6.11).
    shell.leave();
    let kept = shell
        .state
        .host
        .session()
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

/// The game screen with its host, as the terminal drives it; the game's
/// tests drive it the same way without a terminal.
pub(crate) struct Shell {
    pub(crate) state: GameScreen,
    /// The user has left, or the input ended.
    pub(crate) quit: bool,
    braille: HostBraille,
}

impl Shell {
    /// The screen of `host`, looking as `look` says, `size` columns and
    /// lines.
    pub(crate) fn new(host: GameHost, look: &Look, size: (u16, u16)) -> Shell {
        let now = host.now();
        let mut state = GameScreen::of(host, look.layout, look.theme.clone(), now, size);
        state.redraw = look.redraw;
        Shell {
            state,
            quit: false,
            braille: HostBraille::default(),
        }
    }

    /// Shows the game on the braille display the driver takes as
    /// `setting` asks; that it shows the game, or why braille is off, is
    /// logged and said when known.
    pub(crate) fn show_on_braille(&mut self, setting: BrailleSettings) {
        self.braille = HostBraille::new(setting, &mut self.state.host);
    }

    /// Logs and says a note of the program's own.
    fn note(&mut self, text: String) {
        self.state.log.push(text.clone());
        self.state.changed = true;
        self.carry_out(vec![Effect::Speak(Utterance::new(text, Priority::Answer))]);
    }

    /// Carries out the braille display's keys; a display taken, refused,
    /// lost or back is said, and the game goes on without it.
    fn braille_input(&mut self, input: BrailleInput) {
        if let Some(said) = self.braille.input(input, &mut self.state.host) {
            self.note(said);
        }
    }

    /// Opens the game: a theme whose colours are too close is said first,
    /// in the pack's words (it is used all the same); then what the host
    /// says as the game opens; `resumed` for a game resumed.
    pub(crate) fn open(&mut self, resumed: bool) {
        let warnings = self.state.theme.contrast_warnings(self.state.words());
        for text in warnings {
            self.state.log.push(text.clone());
            self.carry_out(vec![Effect::Speak(Utterance::new(text, Priority::Answer))]);
        }
        self.state.host.open(resumed);
        self.deliver();
        let (w, h) = self.state.size;
        let resized = update(&mut self.state, Msg::Resize(w, h));
        self.carry_out(resized);
    }

    /// Takes what woke the shell at `now`: a key or a resize, a ring, the
    /// deadline or the end of input.
    pub(crate) fn take(&mut self, woke: Woke<Event>, now: std::time::Instant) -> Next {
        match woke {
            Woke::Input(event, at) => self.key(event, at),
            Woke::InputEnded => self.quit = true,
            Woke::Braille(input) => {
                self.braille_input(input);
                self.deliver();
            }
            Woke::Rang(_) | Woke::Due => {
                self.state.host.wake(now);
                self.deliver();
            }
        }
        self.next()
    }

    /// Whether the shell goes on: not once the user left or the game
    /// stopped.
    fn next(&self) -> Next {
        if self.quit || self.state.stopped.is_some() {
            Next::Leave
        } else {
            Next::Wait
        }
    }

    /// The clock shown brought to `now`, before the screen is looked at.
    pub(crate) fn tick(&mut self, now: std::time::Instant) {
        let shown_now = self.state.host.session().time_line().instant(now);
        let ticked = update(&mut self.state, Msg::Tick(shown_now));
        self.carry_out(ticked);
        self.deliver();
    }

    /// Leaves the game as the host leaves it, and shows what it said.
    pub(crate) fn leave(&mut self) {
        self.state.host.leave(std::time::Instant::now());
        self.deliver();
    }

    /// When the shell must look again even if nothing comes: the host's
    /// deadline, or the next second of a clock shown ticking.
    fn deadline(&self) -> Option<std::time::Instant> {
        let host = self.state.host.deadline();
        let game = &self.state.host;
        let second = (self.state.ticking() && game.session().clock_running()).then(|| {
            let now = game.now();
            let next = crate::clock::Instant(Duration::from_secs(now.0.as_secs() + 1));
            game.session().time_line().moment(next)
        });
        match (host, second) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// A key or a resize, read at `at`.
    fn key(&mut self, event: Event, at: std::time::Instant) {
        let msg = match event {
            Event::Key(key) => Msg::Key(key),
            Event::Resize(w, h) => Msg::Resize(w, h),
            _ => return,
        };
        let effects = update(&mut self.state, msg);
        self.carry_out_at(effects, at);
    }

    /// Hands what the host shows to the screen; a stopped game quits.
    fn deliver(&mut self) {
        loop {
            let shown = self.state.host.take_shown();
            if shown.is_empty() {
                break;
            }
            self.braille.take(&shown, &self.state.host);
            let effects = update(&mut self.state, Msg::Shown(shown));
            self.carry_out(effects);
        }
        if let Some(why) = self.state.host.stopped() {
            self.state.stopped = Some(why.to_string());
        }
    }

    fn carry_out(&mut self, effects: Vec<Effect>) {
        self.carry_out_at(effects, std::time::Instant::now());
    }

    /// Carries out `effects` of a key read at `at`, in order.
    fn carry_out_at(&mut self, effects: Vec<Effect>, at: std::time::Instant) {
        for effect in effects {
            match effect {
                Effect::Speak(utterance) => self.state.host.say(utterance),
                Effect::Request(request) => {
                    self.state.host.request(request, at);
                    self.deliver();
                }
                Effect::Stay => {
                    self.state.host.stay();
                    self.deliver();
                }
                Effect::Quit => {
                    self.state.host.ask_to_leave();
                    self.quit = true;
                }
            }
        }
    }
}

/// The shell on its terminal, as the driver drives it.
struct Drawn<'a> {
    shell: &'a mut Shell,
    screen: &'a mut FullScreen,
}

impl Driven for Drawn<'_> {
    type Input = Event;
    type Fault = io::Error;

    fn settle(&mut self, now: std::time::Instant) -> io::Result<Next> {
        let shell = &mut *self.shell;
        shell.tick(now);
        if shell.next() == Next::Leave {
            return Ok(Next::Leave);
        }
        if shell.state.changed {
            shell.state.changed = false;
            crate::ui::screen::terminal::FullScreen::draw(&mut self.screen.terminal, |frame| {
                shell.state.theme.paint_background(frame);
                view(&shell.state, frame);
            })?;
        }
        Ok(Next::Wait)
    }

    fn deadline(&self) -> Option<std::time::Instant> {
        self.shell.deadline()
    }

    fn take(&mut self, woke: Woke<Event>, now: std::time::Instant) -> Next {
        self.shell.take(woke, now)
    }

    fn braille_line(&mut self, cells: usize) -> Option<zweibrett_core::braille::Window> {
        let shell = &mut self.shell;
        let (typed, at) = (shell.state.input.text(), shell.state.input.cursor());
        shell
            .braille
            .line(&shell.state.host, cells, Some((&typed, at)))
    }
}
