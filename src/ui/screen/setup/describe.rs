//! What the setup form says of a field: its value, what is wrong with it,
//! and the whole description said when it gets the focus.

use crate::clock::TimeControl;
use crate::game::{EventRules, Impaired, Press, Repetition, Setup};

use super::{FIELDS, Field, Kind, SetupForm, spoken_value};

impl SetupForm {
    /// What is wrong with the starting position, as the game would refuse
    /// it: a FEN that cannot be read, or no legal position (Art. 3, II.2).
    pub(super) fn position_fault(&self) -> Option<String> {
        let setup = Setup {
            fen: self.fen(),
            chess960: self.chess960,
            ..Setup::default()
        };
        setup.start_position().err().map(|e| e.to_string())
    }

    /// What is wrong with a field's value, in words; `None` when it can be
    /// used.
    pub(super) fn fault(&self, field: Field) -> Option<String> {
        match field {
            Field::White | Field::Black => {
                let input = self.text_input(field)?;
                input
                    .text()
                    .trim()
                    .is_empty()
                    .then(|| "a name is needed; type a question mark if it is unknown".into())
            }
            Field::Time => TimeControl::named_or_parsed(self.time.text())
                .err()
                .map(|e| e.problem),
            Field::Position => self.position_fault(),
            Field::Voice if !self.packs.contains(&self.voice) => Some(if self.packs.is_empty() {
                format!("there is no voice pack called {}", self.voice)
            } else {
                format!(
                    "there is no voice pack called {}; there are {}",
                    self.voice,
                    self.packs.join(", ")
                )
            }),
            _ => None,
        }
    }

    /// The field's value as shown and said.
    pub(super) fn value(&self, field: Field) -> String {
        match field {
            Field::White | Field::Black | Field::Time => self
                .text_input(field)
                .map_or(String::new(), |i| i.text().to_string()),
            // Empty, said as such, is the usual starting position.
            Field::Position => self.position.text().to_string(),
            Field::Chess960 => if self.chess960 { "yes" } else { "no" }.to_string(),
            Field::Impaired => match self.impaired {
                Impaired::White => "White",
                Impaired::Black => "Black",
                Impaired::Both => "Both",
            }
            .to_string(),
            Field::Assistant => if self.assistant { "yes" } else { "no" }.to_string(),
            Field::Role => self.role.name().to_string(),
            Field::Voice => self.voice.clone(),
            Field::Repetition => match self.repetition {
                Repetition::Strict => "strict",
                Repetition::Quick => "quick",
                Repetition::Off => "off",
            }
            .to_string(),
            Field::Press => match self.press {
                Press::Separate => "separate",
                Press::Auto => "automatic",
            }
            .to_string(),
            Field::Rules => match self.rules {
                EventRules::Competition => "competition, A.4 and B.2",
                EventRules::A5 => "A.5 and B.3",
            }
            .to_string(),
            Field::QuickplayFinish => if self.quickplay_finish { "yes" } else { "no" }.to_string(),
            Field::Start => String::new(),
        }
    }

    /// Label, value, what it means, how to change it and position; the
    /// fault too, if there is one.
    pub(super) fn describe(&self, field: Field) -> String {
        let mut said = self.describe_without_fault(field);
        if let Some(fault) = self.fault(field) {
            said.push_str(&format!(" Not valid: {fault}."));
        }
        said
    }

    /// Label, value, what it means, how to change it and position.
    pub(super) fn describe_without_fault(&self, field: Field) -> String {
        let place = format!("{} of {}.", field.position(), FIELDS.len());
        let selected = field == self.focus && self.selected;
        let kind = match field.kind() {
            Kind::TextOrPreset if selected && self.time_is_preset_or_empty() => {
                "Typing replaces it, as you would say it, such as 15 plus 10; Left and Right \
                 choose a preset."
            }
            Kind::TextOrPreset if selected => {
                "Typing replaces it, as you would say it, such as 15 plus 10; Left and Right edit it."
            }
            Kind::Text if selected => "Typing replaces it; the arrows or Backspace edit it.",
            Kind::TextOrPreset if !self.time_is_preset_or_empty() => Kind::TypedTime.spoken(),
            kind => kind.spoken(),
        };
        if field == Field::Start {
            return format!("{}. {kind} {place}", field.label());
        }
        let value = spoken_value(&self.value(field));
        let mut said = if selected {
            format!("{}: {value}, selected.", field.label())
        } else {
            format!("{}: {value}.", field.label())
        };
        if let Some(meaning) = self.explain(field) {
            said.push(' ');
            said.push_str(&meaning);
        }
        said.push_str(&format!(" {kind} {place}"));
        said
    }
}
