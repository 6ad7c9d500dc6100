//! The setup screen of a new game: one form with the players' names, who is
//! visually impaired (D.1), the assistant (D.2.10, D.2.11), who types at the
//! keyboard (the role: player, assistant or arbiter), the time control,
//! the voice pack, how moves are repeated (D.2.1), how the clock is
//! pressed (D.2.4), the event's rules for rapid and blitz (A.4/B.2 or
//! A.5/B.3), whether Guidelines III are announced (III.2.1), the starting
//! position as FEN and whether the game is Chess960 (Guidelines II), then a
//! button that starts the game.
//!
//! The form is pure: [`SetupForm::key`] takes a key and returns what to do
//! (say a sentence, start, show help, cancel); [`SetupForm::render`] draws
//! it and puts the terminal cursor on the focused field, which is what
//! screen readers and braille displays follow. Every focus change says the
//! field's label, value, what the value means, how to change it and its
//! position; typing in a text field says nothing, since the screen reader
//! echoes the keys. A text field's value is selected when the field gets
//! the focus: the first character typed replaces it, and Left, Right, Home,
//! End, Backspace or Delete start editing it instead. The time control may
//! be written as people say it ("15 plus 10", Art. 6.3.1).
//!
//! Every word the form shows and says comes from the `[setup]` section of
//! a voice pack: the pack of the configured voice when the form opens,
//! then the pack chosen in the voice pack field.

mod defaults;
mod describe;
mod explain;
mod fields;
mod letters;
mod text;
mod view;

#[cfg(test)]
pub(crate) mod tests;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

pub use defaults::{DefaultsError, SetupDefaults};
use fields::{FIELDS, Field, Kind};
use text::TextInput;

use crate::clock::TimeControl;
use crate::clock::control::PRESETS;
use crate::clock::words::ClockWords;
use crate::game::{EventRules, Impaired, Press, Repetition, Role, Setup, SpeechProfile};
use crate::notation::VoicePack;
use crate::notation::pack::SetupSentence;

/// What the owner of the form does after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
// One outcome a key press, moved once: boxing the setup would buy nothing.
#[allow(clippy::large_enum_variant)]
pub enum SetupOutcome {
    /// Nothing to say or do (a typed character, a key without use).
    Nothing,
    /// Say this sentence; the form has changed.
    Say(String),
    /// Start the game with this setup.
    Start(Setup),
    /// Show the help screen, then come back to the form.
    Help,
    /// Leave the form without starting a game.
    Cancel,
}

/// The setup form of a new game.
#[derive(Clone, Debug)]
pub struct SetupForm {
    /// The pack whose `[setup]` sentences the form shows and says: the
    /// one of the voice pack field, once it could be loaded.
    pack: VoicePack,
    white: TextInput,
    black: TextInput,
    impaired: Impaired,
    assistant: bool,
    /// Who types at the keyboard (D.2.7, D.2.10, D.2.9).
    role: Role,
    time: TextInput,
    voice: String,
    /// The voice packs that can be chosen.
    packs: Vec<String>,
    repetition: Repetition,
    press: Press,
    /// Which rules for rapid and blitz the event applies (A.6, B.4).
    rules: EventRules,
    /// Whether the event announces Guidelines III (III.2.1).
    quickplay_finish: bool,
    /// The typed piece letters' languages, as configured (Appendix C.3).
    piece_letters: Vec<String>,
    /// The starting position as FEN, empty for the usual one.
    position: TextInput,
    chess960: bool,
    /// A training game rather than a rated one (11.3.1).
    training: bool,
    /// The sighted player's electronic board's serial line, `auto`, or
    /// empty for none.
    board: TextInput,
    focus: Field,
    /// The focused text field's value when the focus came to it, so that
    /// leaving it says the value only when it was changed.
    entered_with: String,
    /// The focused text field's value is selected: the first character
    /// typed replaces it.
    selected: bool,
    /// The clock press was chosen, in the configuration or in the form;
    /// until it is, it follows the role ([`Role::press`]).
    press_chosen: bool,
    /// The user's screen reader speaks instead of the program.
    reader: bool,
    /// How much the game says unasked.
    profile: SpeechProfile,
}

impl SetupForm {
    /// A form showing `defaults`, offering `packs` as voice packs (see
    /// [`crate::notation::pack::available_ids`]), in the language of the
    /// default voice pack (English when it cannot be loaded). The focus is
    /// on White's name.
    pub fn new(defaults: SetupDefaults, packs: Vec<String>) -> SetupForm {
        let pack = crate::session::config::load_voice(&defaults.voice)
            .unwrap_or_else(|_| VoicePack::builtin("en"));
        SetupForm::in_pack(defaults, packs, pack)
    }

    /// A form as [`SetupForm::new`] makes it, speaking `pack`'s language
    /// until another voice pack is chosen in it.
    pub fn in_pack(defaults: SetupDefaults, packs: Vec<String>, pack: VoicePack) -> SetupForm {
        // The names nobody configured are the sides' names in the pack's
        // language.
        let unnamed = SetupDefaults::default();
        let mut defaults = defaults;
        if defaults.white == unnamed.white {
            defaults.white = pack.side(shakmaty::Color::White).to_string();
        }
        if defaults.black == unnamed.black {
            defaults.black = pack.side(shakmaty::Color::Black).to_string();
        }
        SetupForm {
            pack,
            entered_with: defaults.white.clone(),
            white: TextInput::new(&defaults.white),
            black: TextInput::new(&defaults.black),
            impaired: defaults.impaired,
            assistant: defaults.assistant,
            role: defaults.role,
            time: TextInput::new(&defaults.time),
            voice: defaults.voice,
            packs,
            repetition: defaults.repetition,
            press: defaults.role.press_or(defaults.press),
            rules: defaults.rules,
            quickplay_finish: defaults.quickplay_finish,
            piece_letters: defaults.piece_letters,
            position: TextInput::new(""),
            chess960: false,
            training: defaults.training,
            board: TextInput::new(""),
            focus: Field::White,
            selected: !defaults.white.is_empty(),
            press_chosen: defaults.press.is_some(),
            reader: false,
            profile: SpeechProfile::Normal,
        }
    }

    /// The form offering the speech settled on at start: the user's screen
    /// reader or the program's voice, and the speech profile.
    pub fn with_speech(mut self, reader: bool, profile: SpeechProfile) -> SetupForm {
        self.reader = reader;
        self.profile = profile;
        self
    }

    /// The form offering `board` as the sighted player's electronic board
    /// (`--board`, else `[board] port`).
    pub fn with_board(mut self, board: Option<String>) -> SetupForm {
        self.board = TextInput::new(board.as_deref().unwrap_or(""));
        self
    }

    /// The electronic board the game follows: its serial line or `auto`;
    /// `None` when the field is empty.
    pub fn board(&self) -> Option<String> {
        let text = self.board.text().trim();
        (!text.is_empty()).then(|| text.to_string())
    }

    /// Whether the user's screen reader is to speak instead of the program.
    pub fn reader(&self) -> bool {
        self.reader
    }

    /// The speech profile chosen.
    pub fn profile(&self) -> SpeechProfile {
        self.profile
    }

    /// The voice pack whose words the form shows and says.
    pub fn pack(&self) -> &VoicePack {
        &self.pack
    }

    /// The pack's `[setup]` sentence under `key`, placeholders filled.
    pub(crate) fn say(&self, key: SetupSentence, values: &[(&str, &str)]) -> String {
        self.pack.setup_sentences().say(key, values)
    }

    /// A field's name in the pack's language.
    fn label(&self, field: Field) -> String {
        self.say(field.label_key(), &[])
    }

    /// The clock's words of the form's pack; English when the pack's cannot
    /// be used.
    fn clock_words(&self) -> ClockWords {
        ClockWords::from_pack(&self.pack).unwrap_or_else(|_| ClockWords::builtin("en"))
    }

    /// What is said when the form opens: what it is, how to move in it, and
    /// the first field.
    pub fn intro(&self) -> String {
        // Every field but the button is a setting.
        let settings = FIELDS.len() as u64 - 1;
        let count = self.clock_words().number(settings, None);
        let intro = self.pack.setup_sentences().say_count(
            SetupSentence::Intro,
            settings,
            &[("count", &count)],
        );
        format!("{intro} {}", self.describe(self.focus))
    }

    /// Handles one key; `date` is the PGN `Date` (`YYYY.MM.DD`) the game
    /// gets if this key starts it.
    pub fn key(&mut self, key: KeyEvent, date: &str) -> SetupOutcome {
        if key.kind == KeyEventKind::Release {
            return SetupOutcome::Nothing;
        }
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match key.code {
            KeyCode::Esc => SetupOutcome::Cancel,
            KeyCode::F(1) => SetupOutcome::Help,
            KeyCode::F(10) => self.start(date),
            KeyCode::Tab | KeyCode::Down => self.move_focus(1),
            KeyCode::BackTab | KeyCode::Up => self.move_focus(FIELDS.len() - 1),
            KeyCode::Enter if self.focus == Field::Start => self.start(date),
            KeyCode::Enter => self.move_focus(1),
            _ => match self.focus.kind() {
                Kind::Text | Kind::TextOrPreset | Kind::TypedTime => self.edit(key.code, plain),
                Kind::Choice => self.change(key.code),
                Kind::Button if key.code == KeyCode::Char(' ') => self.start(date),
                Kind::Button => SetupOutcome::Nothing,
            },
        }
    }

    /// Moves the focus `steps` fields on, round the end.
    fn move_focus(&mut self, steps: usize) -> SetupOutcome {
        let mut said = String::new();
        if let Some(input) = self.text_input(self.focus)
            && input.text() != self.entered_with
        {
            // A changed value is said back once, with what it means or
            // what is wrong with it.
            let value = self.spoken_value(input.text());
            said = self.say(
                SetupSentence::Value,
                &[("label", &self.label(self.focus)), ("value", &value)],
            );
            said.push(' ');
            match (self.fault(self.focus), self.explain(self.focus)) {
                (Some(fault), _) => {
                    said.push_str(&self.say(SetupSentence::NotValid, &[("fault", &fault)]));
                    said.push(' ');
                }
                (None, Some(meaning)) => said.push_str(&format!("{meaning} ")),
                (None, None) => {}
            }
        }
        let next = (self.focus.position() - 1 + steps) % FIELDS.len();
        self.focus_on(FIELDS[next]);
        said.push_str(&self.describe(self.focus));
        SetupOutcome::Say(said)
    }

    /// Gives `field` the focus; a text field's value is selected.
    fn focus_on(&mut self, field: Field) {
        self.focus = field;
        self.selected = false;
        if let Some(input) = self.text_input_mut(field) {
            input.end();
            let text = input.text().to_string();
            self.selected = !text.is_empty();
            self.entered_with = text;
        }
    }

    /// Typing, deleting and moving the typing point in a text field; Left
    /// and Right choose a preset in the time control.
    fn edit(&mut self, code: KeyCode, plain: bool) -> SetupOutcome {
        if self.focus == Field::Time
            && matches!(code, KeyCode::Left | KeyCode::Right)
            && self.time_is_preset_or_empty()
        {
            return self.cycle_preset(code == KeyCode::Right);
        }
        let selected = std::mem::take(&mut self.selected);
        let Some(input) = self.text_input_mut(self.focus) else {
            return SetupOutcome::Nothing;
        };
        match code {
            // The selected value is replaced by what is typed.
            KeyCode::Char(c) if plain && !c.is_control() && selected => input.set(&c.to_string()),
            KeyCode::Char(c) if plain && !c.is_control() => input.insert(c),
            KeyCode::Backspace => input.backspace(),
            KeyCode::Delete => input.delete(),
            KeyCode::Left => input.left(),
            KeyCode::Right => input.right(),
            KeyCode::Home => input.home(),
            KeyCode::End => input.end(),
            _ => {}
        }
        SetupOutcome::Nothing
    }

    /// Whether Left and Right choose presets in the time control: while it
    /// holds a preset's name or nothing; in a typed tag they move the
    /// typing point.
    fn time_is_preset_or_empty(&self) -> bool {
        let text = self.time.text().trim();
        text.is_empty() || TimeControl::preset(text).is_some()
    }

    /// The next (or previous) preset after the one typed; from nothing, the
    /// first (or last).
    fn cycle_preset(&mut self, forward: bool) -> SetupOutcome {
        let current = PRESETS
            .iter()
            .position(|(name, _, _)| name.eq_ignore_ascii_case(self.time.text().trim()));
        let n = PRESETS.len();
        let next = match (current, forward) {
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
            (None, true) => 0,
            (None, false) => n - 1,
        };
        let (name, _, description) = PRESETS[next];
        self.time.set(name);
        // A preset chosen is replaced by typing, as on arrival.
        self.selected = true;
        let control = TimeControl::preset(name)
            .map(|c| self.clock_words().control(&c))
            .unwrap_or_default();
        SetupOutcome::Say(self.say(
            SetupSentence::Preset,
            &[
                ("name", name),
                ("description", description),
                ("control", &control),
            ],
        ))
    }

    /// Left, Right or Space on a choice.
    fn change(&mut self, code: KeyCode) -> SetupOutcome {
        let forward = match code {
            KeyCode::Right | KeyCode::Char(' ') => true,
            KeyCode::Left => false,
            _ => return SetupOutcome::Nothing,
        };
        match self.focus {
            Field::Impaired => {
                let order = [Impaired::White, Impaired::Black, Impaired::Both];
                self.impaired = cycle(&order, self.impaired, forward);
            }
            Field::Assistant => self.assistant = !self.assistant,
            Field::Role => return self.change_role(forward),
            Field::Chess960 => self.chess960 = !self.chess960,
            Field::Training => self.training = !self.training,
            Field::Letters => self.cycle_letters(forward),
            Field::Voice => self.cycle_voice(forward),
            Field::Speech => self.reader = !self.reader,
            Field::Profile => {
                let order = [
                    SpeechProfile::Quiet,
                    SpeechProfile::Normal,
                    SpeechProfile::Verbose,
                ];
                self.profile = cycle(&order, self.profile, forward);
            }
            // Only the arbiter enters the repetition (D.2.1): for the
            // other roles the field says so and stays as it is.
            Field::Repetition if !self.role.enters_repetition() => {
                return SetupOutcome::Say(self.value_and_meaning(Field::Repetition));
            }
            Field::Repetition => {
                let order = [Repetition::Strict, Repetition::Quick, Repetition::Off];
                self.repetition = cycle(&order, self.repetition, forward);
            }
            Field::Press => {
                let order = [Press::Separate, Press::Auto];
                self.press = cycle(&order, self.press, forward);
                self.press_chosen = true;
            }
            Field::Rules => {
                let order = [EventRules::Competition, EventRules::A5];
                self.rules = cycle(&order, self.rules, forward);
            }
            Field::QuickplayFinish => self.quickplay_finish = !self.quickplay_finish,
            _ => return SetupOutcome::Nothing,
        }
        SetupOutcome::Say(self.value_and_meaning(self.focus))
    }

    /// "arbiter. You are the arbiter: …"
    fn value_and_meaning(&self, field: Field) -> String {
        match self.explain(field) {
            Some(meaning) => format!("{}. {meaning}", self.value(field)),
            None => format!("{}.", self.value(field)),
        }
    }

    /// The next or previous role; the clock press follows it unless it was
    /// chosen (D.2.4, [`Role::press`]), and a change of it is said.
    fn change_role(&mut self, forward: bool) -> SetupOutcome {
        let order = [Role::Player, Role::Assistant, Role::Arbiter];
        self.role = cycle(&order, self.role, forward);
        let mut said = self.value_and_meaning(Field::Role);
        if !self.press_chosen && self.press != self.role.press() {
            self.press = self.role.press();
            said.push(' ');
            said.push_str(&self.say(
                SetupSentence::Value,
                &[
                    ("label", &self.label(Field::Press)),
                    ("value", &self.value(Field::Press)),
                ],
            ));
        }
        SetupOutcome::Say(said)
    }

    fn cycle_voice(&mut self, forward: bool) {
        if self.packs.is_empty() {
            return;
        }
        let n = self.packs.len();
        let next = match (self.packs.iter().position(|p| *p == self.voice), forward) {
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
            (None, true) => 0,
            (None, false) => n - 1,
        };
        self.voice = self.packs[next].clone();
        // From now on the form speaks the chosen pack's language.
        if let Ok(pack) = crate::session::config::load_voice(&self.voice) {
            self.pack = pack;
        }
    }

    /// Starts the game when every field is valid; otherwise moves to the
    /// first invalid field and says its fault.
    fn start(&mut self, date: &str) -> SetupOutcome {
        if let Some((field, fault)) = FIELDS
            .iter()
            .find_map(|f| self.fault(*f).map(|fault| (*f, fault)))
        {
            self.focus_on(field);
            // The fault is said once, before the field.
            let cannot = self.say(
                SetupSentence::CannotStart,
                &[("label", &self.label(field)), ("fault", &fault)],
            );
            return SetupOutcome::Say(format!("{cannot} {}", self.describe_without_fault(field)));
        }
        SetupOutcome::Start(Setup {
            white: self.white.text().trim().to_string(),
            black: self.black.text().trim().to_string(),
            impaired: self.impaired,
            assistant: self.assistant,
            role: self.role,
            time: self.time_for_setup(),
            voice: self.voice.clone(),
            repetition: self.role.repetition(self.repetition),
            press: self.press,
            event: "?".to_string(),
            site: "?".to_string(),
            date: date.to_string(),
            fen: self.fen(),
            rules: self.rules,
            quickplay_finish: self.quickplay_finish,
            chess960: self.chess960,
            piece_letters: self.piece_letters.clone(),
            training: self.training,
            pairing: crate::game::Pairing::default(),
            live_copy: None,
        })
    }

    /// The time control as the journal keeps it: a preset's name or a tag
    /// as typed, and a control said in words as its PGN tag.
    fn time_for_setup(&self) -> String {
        let text = self.time.text().trim();
        if TimeControl::preset(text).is_some() || text.parse::<TimeControl>().is_ok() {
            return text.to_string();
        }
        TimeControl::named_or_parsed(text).map_or_else(|_| text.to_string(), |c| c.to_string())
    }

    /// The typed FEN, `None` for the usual starting position.
    fn fen(&self) -> Option<String> {
        let text = self.position.text().trim();
        (!text.is_empty()).then(|| text.to_string())
    }

    fn text_input(&self, field: Field) -> Option<&TextInput> {
        match field {
            Field::White => Some(&self.white),
            Field::Black => Some(&self.black),
            Field::Time => Some(&self.time),
            Field::Position => Some(&self.position),
            Field::Board => Some(&self.board),
            _ => None,
        }
    }

    fn text_input_mut(&mut self, field: Field) -> Option<&mut TextInput> {
        match field {
            Field::White => Some(&mut self.white),
            Field::Black => Some(&mut self.black),
            Field::Time => Some(&mut self.time),
            Field::Position => Some(&mut self.position),
            Field::Board => Some(&mut self.board),
            _ => None,
        }
    }
}

impl SetupForm {
    /// A value as said: "empty" for nothing, so silence is never the answer.
    fn spoken_value(&self, text: &str) -> String {
        if text.trim().is_empty() {
            self.say(SetupSentence::Empty, &[])
        } else {
            text.to_string()
        }
    }
}

/// The value after (or before) `current` in `order`, round the end.
fn cycle<T: Copy + PartialEq>(order: &[T], current: T, forward: bool) -> T {
    let n = order.len();
    let i = order.iter().position(|v| *v == current).unwrap_or(0);
    order[if forward {
        (i + 1) % n
    } else {
        (i + n - 1) % n
    }]
}
