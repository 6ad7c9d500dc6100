//! The first screen of `zweibrett`: the setup form of a new game, its help,
//! and the way into the game screen on the same full screen.
//!
//! Elm style like the other screens: [`NewGame`] is the state, [`Msg`] what
//! happens to it, [`NewGame::update`] returns the [`Effect`]s for the shell,
//! [`view`] draws it with the cursor on the focused field.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use ratatui::Frame;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Position, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::game::shell::{self, Look, ScreenGameError};
use super::setup::{SetupForm, SetupOutcome};
use super::terminal::{self, FullScreen};
use crate::clock::schedule::ClockSettings;
use crate::driver::Woke;
use crate::game::{Game, Setup};
use crate::notation::VoicePack;
use crate::notation::pack::SetupSentence;
use crate::record::date::pgn_date;
use crate::session::{Journal, StartError, TimeLine};
use crate::speech::{
    Announce, Backend, Priority, SpeechOutput, SpeechSettings, Transcript, Utterance, quiet_stderr,
};

/// The keys of the setup form in `pack`'s language, shown by F1 and read
/// aloud on request; the first line is the help's title.
pub fn help(pack: &VoicePack) -> Vec<String> {
    use crate::notation::pack::SetupSentence as S;
    [
        S::HelpTitle,
        S::HelpFields,
        S::HelpChoices,
        S::HelpText,
        S::HelpTime,
        S::HelpEnter,
        S::HelpLeave,
        S::HelpSaid,
        S::HelpGame,
        S::HelpResume,
    ]
    .into_iter()
    .map(|key| pack.setup_sentences().say(key, &[]))
    .collect()
}

/// What happens to the new-game screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// A key was pressed.
    Key(KeyEvent),
    /// The window has a new size.
    Resize(u16, u16),
    /// The game could not be started: the reason.
    Refused(String),
}

/// What the shell is to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Say this (and it is on screen already).
    Say(String),
    /// Start the game with this setup.
    Start(Box<Setup>),
    /// Leave the program.
    Quit,
}

/// The new-game screen.
pub struct NewGame {
    /// The form.
    pub form: SetupForm,
    /// The PGN date the game will carry.
    date: String,
    /// The window's size.
    size: (u16, u16),
    /// The help is shown.
    help: bool,
    /// Why the last start failed, shown under the form.
    refused: Option<String>,
}

impl NewGame {
    /// The screen for `form` in a window of `size`, for a game dated
    /// `date`, and what to say when it opens.
    pub fn new(form: SetupForm, date: String, size: (u16, u16)) -> (NewGame, Vec<Effect>) {
        let intro = form.intro();
        let mut state = NewGame {
            form,
            date,
            size: (u16::MAX, u16::MAX),
            help: false,
            refused: None,
        };
        let mut said = vec![Effect::Say(intro)];
        said.extend(state.update(Msg::Resize(size.0, size.1)));
        (state, said)
    }

    /// What is shown and said when the window is too small for the form,
    /// in the form's language.
    fn too_small_message(&self) -> String {
        let (columns, lines) = SetupForm::min_size();
        self.form.say(
            SetupSentence::WindowTooSmall,
            &[
                ("width", &self.size.0.to_string()),
                ("height", &self.size.1.to_string()),
                ("columns", &columns.to_string()),
                ("lines", &lines.to_string()),
            ],
        )
    }

    fn too_small(&self) -> bool {
        let (w, h) = SetupForm::min_size();
        self.size.0 < w || self.size.1 < h
    }

    /// Carries out `msg` and returns what the shell is to do.
    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        match msg {
            Msg::Resize(w, h) => {
                let was_small = self.too_small();
                self.size = (w, h);
                if self.too_small() && !was_small {
                    let message = self.too_small_message();
                    return vec![Effect::Say(message)];
                }
                Vec::new()
            }
            Msg::Refused(why) => {
                let why = self
                    .form
                    .say(SetupSentence::NotStarted, &[("reason", &why)]);
                self.refused = Some(why.clone());
                vec![Effect::Say(why)]
            }
            Msg::Key(key) if key.kind != KeyEventKind::Press => Vec::new(),
            Msg::Key(key) => self.key(key),
        }
    }

    fn key(&mut self, key: KeyEvent) -> Vec<Effect> {
        if key.code == KeyCode::Char('q') && key.modifiers.contains(KeyModifiers::CONTROL) {
            return vec![Effect::Quit];
        }
        if self.help {
            return match key.code {
                KeyCode::Esc => {
                    self.help = false;
                    let closed = self.form.say(SetupSentence::HelpClosed, &[]);
                    vec![Effect::Say(closed)]
                }
                KeyCode::F(1) | KeyCode::Char('s') => {
                    vec![Effect::Say(help(self.form.pack()).join(" "))]
                }
                _ => Vec::new(),
            };
        }
        match self.form.key(key, &self.date) {
            SetupOutcome::Nothing => Vec::new(),
            SetupOutcome::Say(text) => vec![Effect::Say(text)],
            SetupOutcome::Start(setup) => {
                self.refused = None;
                vec![Effect::Start(Box::new(setup))]
            }
            SetupOutcome::Help => {
                self.help = true;
                vec![Effect::Say(help(self.form.pack()).join(" "))]
            }
            SetupOutcome::Cancel => vec![Effect::Quit],
        }
    }
}

/// Draws the screen; the cursor is on the focused field (or at the top of
/// the help).
pub fn view(state: &NewGame, frame: &mut Frame, look: &Look) {
    let area = frame.area();
    if state.too_small() {
        let text = state.too_small_message();
        frame.render_widget(
            Paragraph::new(text)
                .style(look.theme.warning)
                .wrap(Wrap { trim: true }),
            area,
        );
        frame.set_cursor_position(Position::new(area.x, area.y));
        return;
    }
    if state.help {
        let lines: Vec<Line> = help(state.form.pack()).into_iter().map(Line::raw).collect();
        frame.render_widget(
            Paragraph::new(lines)
                .style(look.theme.text)
                .wrap(Wrap { trim: true }),
            area,
        );
        frame.set_cursor_position(Position::new(area.x, area.y));
        return;
    }
    let (form_area, note) = match &state.refused {
        // Below the form, on the lines it leaves.
        Some(why) if area.height > SetupForm::min_size().1 => {
            let note_height = 2.min(area.height - SetupForm::min_size().1);
            (
                Rect {
                    height: area.height - note_height,
                    ..area
                },
                Some((
                    why,
                    Rect::new(area.x, area.bottom() - note_height, area.width, note_height),
                )),
            )
        }
        // Else on the lines of the focused field's fault: the refusal is
        // what the user did last.
        Some(why) => (area, Some((why, state.form.fault_area(area)))),
        None => (area, None),
    };
    state.form.render(frame, form_area, &look.theme);
    if let Some((why, note_area)) = note {
        frame.render_widget(
            // A refusal may quote a value from the configuration file.
            Paragraph::new(format!("! {}", crate::printable::printable(why)))
                .style(look.theme.warning)
                .wrap(Wrap { trim: true }),
            note_area,
        );
    }
}

/// What starts a game from a finished form: the game, its journal and its
/// voice pack, or why it cannot start.
pub type Starter<'a> = dyn FnMut(&Setup) -> Result<(Game, Journal, VoicePack), StartError> + 'a;

/// Shows the setup form on the full screen, then plays the game it sets
/// up on the same screen. `speech` is the speech settings and the pack of
/// the default voice (`None`: text only); a game in another pack restarts
/// speech in that pack. Returns what to print once the terminal is back,
/// as [`shell::run`] does; `Ok("")` when the user left the form. What the
/// form and then the game say is written to `transcript` (`None`: the
/// game's beside the journal, the form's nowhere).
pub fn run(
    form: SetupForm,
    look: Look,
    speech: Option<(SpeechSettings, VoicePack)>,
    clock: ClockSettings,
    (transcript, listening): (Option<PathBuf>, Option<crate::hearing::listen::ListenPlan>),
    start: &mut Starter,
) -> Result<String, ScreenGameError> {
    // Sound libraries write to stderr, which would scribble over the screen.
    let _quiet = quiet_stderr(None).ok();
    // The program's own voice, unless the user's screen reader speaks
    // (chosen at start, or on the form).
    let own_voice = |settings: &SpeechSettings| {
        let mut settings = settings.clone();
        if settings.backend == Backend::Reader {
            settings.backend = Backend::System;
        }
        settings
    };
    let mut output = speech
        .as_ref()
        .filter(|_| !form.reader())
        .map(|(settings, pack)| {
            (
                SpeechOutput::start(own_voice(settings), pack).0,
                pack.id.clone(),
            )
        });
    // What the form says goes to a transcript that was named, before the
    // game's own lines.
    let form_transcript = transcript.as_deref().map(|path| {
        Transcript::<SpeechOutput>::open(path, TimeLine::starting_at(Duration::ZERO), None)
    });
    let mut screen = FullScreen::enter()?;
    let mut driver = terminal::key_driver();
    let size = screen.terminal.size()?;
    let (mut state, mut effects) =
        NewGame::new(form, pgn_date(SystemTime::now()), (size.width, size.height));
    loop {
        // The form's speech field decides from the next sentence on.
        match (&speech, state.form.reader(), output.is_some()) {
            (_, true, true) => {
                let old = output.take();
                std::thread::spawn(move || drop(old));
            }
            (Some((settings, pack)), false, false) => {
                output = Some((
                    SpeechOutput::start(own_voice(settings), pack).0,
                    pack.id.clone(),
                ));
            }
            _ => {}
        }
        let mut started = None;
        for effect in effects.drain(..) {
            match effect {
                Effect::Say(text) => {
                    if let Some(transcript) = &form_transcript {
                        transcript.announce(Utterance::new(text.clone(), Priority::Answer));
                    }
                    if let Some((speech, _)) = &output {
                        speech.announce(Utterance::new(text, Priority::Answer));
                    }
                }
                Effect::Quit => return Ok(String::new()),
                Effect::Start(setup) => started = Some(setup),
            }
        }
        if let Some(setup) = started {
            match start(&setup) {
                Ok((mut game, journal, pack)) => {
                    game.set_speech_profile(state.form.profile());
                    if let (Some((settings, _)), Some((_, id))) = (&speech, &output)
                        && *id != pack.id
                    {
                        // Announcements in the game's own language; the old
                        // voice closes on its own thread, never holding the
                        // screen.
                        let old = output.take();
                        std::thread::spawn(move || drop(old));
                        output = Some((SpeechOutput::start(own_voice(settings), &pack).0, pack.id));
                    }
                    let voice = output.map(|(speech, _)| speech);
                    return shell::play(
                        &mut screen,
                        &mut driver,
                        (voice, listening.clone(), state.form.board()),
                        game,
                        journal,
                        (Duration::ZERO, transcript),
                        clock,
                        look,
                    );
                }
                Err(why) => effects = state.update(Msg::Refused(why.to_string())),
            }
            continue;
        }
        if crate::signals::requested().is_some() {
            return Ok(String::new());
        }
        crate::ui::screen::terminal::FullScreen::draw(&mut screen.terminal, |frame| {
            look.theme.paint_background(frame);
            view(&state, frame, &look);
        })?;
        // Woken by a key, or by a signal asking to leave.
        effects = match driver.next() {
            Some(Woke::Input(Event::Key(key), _)) => state.update(Msg::Key(key)),
            Some(Woke::Input(Event::Resize(w, h), _)) => state.update(Msg::Resize(w, h)),
            Some(Woke::Input(..) | Woke::Rang(_) | Woke::Braille(_) | Woke::Due) => Vec::new(),
            Some(Woke::InputEnded) | None => return Ok(String::new()),
        };
    }
}

#[cfg(test)]
mod tests;
