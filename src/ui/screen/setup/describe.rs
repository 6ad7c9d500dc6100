//! What the setup form says of a field: its value, what is wrong with it,
//! and the whole description said when it gets the focus.

use crate::clock::TimeControl;
use crate::game::{EventRules, Impaired, Press, Repetition, Role, Setup, SpeechProfile};

use super::{FIELDS, Field, Kind, SetupForm};
use crate::notation::pack::SetupSentence;

impl SetupForm {
    /// What is wrong with the starting position, as the game would refuse
    /// it: a FEN that cannot be read, or no legal position (Art. 3, II.2).
    pub(super) fn position_fault(&self) -> Option<String> {
        let setup = Setup {
            fen: self.fen(),
            chess960: self.chess960,
            ..Setup::default()
        };
        setup.start_position().err().map(|e| {
            self.say(
                SetupSentence::PositionFault,
                &[("problem", &e.say(&self.pack))],
            )
        })
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
                    .then(|| self.say(SetupSentence::NameNeeded, &[]))
            }
            Field::Time => TimeControl::named_or_parsed(self.time.text())
                .err()
                .map(|e| match e.two_ways {
                    // The two readings, in the pack's words: never guessed.
                    Some(_) => crate::game::GameWords::of_pack_or_english(self.pack())
                        .time_control_fault(&e),
                    None => self.say(
                        SetupSentence::TimeFault,
                        &[("problem", &e.problem), ("text", self.time.text().trim())],
                    ),
                }),
            Field::Position => self.position_fault(),
            Field::Voice if !self.packs.contains(&self.voice) => Some(if self.packs.is_empty() {
                self.say(SetupSentence::NoPack, &[("name", &self.voice)])
            } else {
                self.say(
                    SetupSentence::NoPackOf,
                    &[("name", &self.voice), ("packs", &self.packs.join(", "))],
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
            Field::Board => self.board.text().trim().to_string(),
            Field::Chess960 => self.yes_no(self.chess960),
            Field::Training => self.yes_no(self.training),
            Field::Letters => self.letters_value(),
            Field::Impaired => self.say(
                match self.impaired {
                    Impaired::White => SetupSentence::ImpairedWhite,
                    Impaired::Black => SetupSentence::ImpairedBlack,
                    Impaired::Both => SetupSentence::ImpairedBoth,
                },
                &[],
            ),
            Field::Assistant => self.yes_no(self.assistant),
            Field::Role => self.say(
                match self.role {
                    Role::Player => SetupSentence::RolePlayer,
                    Role::Assistant => SetupSentence::RoleAssistant,
                    Role::Arbiter => SetupSentence::RoleArbiter,
                },
                &[],
            ),
            Field::Voice => self.voice.clone(),
            Field::Speech => self.say(
                if self.reader {
                    SetupSentence::SpeechReader
                } else {
                    SetupSentence::SpeechOwn
                },
                &[],
            ),
            Field::Profile => self.say(
                match self.profile {
                    SpeechProfile::Quiet => SetupSentence::ProfileQuiet,
                    SpeechProfile::Normal => SetupSentence::ProfileNormal,
                    SpeechProfile::Verbose => SetupSentence::ProfileVerbose,
                },
                &[],
            ),
            Field::Repetition => self.say(
                match self.role.repetition(self.repetition) {
                    Repetition::Strict => SetupSentence::RepetitionStrict,
                    Repetition::Quick => SetupSentence::RepetitionQuick,
                    Repetition::Off => SetupSentence::RepetitionOff,
                },
                &[],
            ),
            Field::Press => self.say(
                match self.press {
                    Press::Separate => SetupSentence::PressSeparate,
                    Press::Auto => SetupSentence::PressAuto,
                },
                &[],
            ),
            Field::Rules => self.say(
                match self.rules {
                    EventRules::Competition => SetupSentence::RulesCompetition,
                    EventRules::A5 => SetupSentence::RulesA5,
                },
                &[],
            ),
            Field::QuickplayFinish => self.yes_no(self.quickplay_finish),
            Field::Start => String::new(),
        }
    }

    /// "yes" or "no" in the pack's language.
    fn yes_no(&self, yes: bool) -> String {
        self.say(
            if yes {
                SetupSentence::Yes
            } else {
                SetupSentence::No
            },
            &[],
        )
    }

    /// Label, value, what it means, how to change it and position; the
    /// fault too, if there is one.
    pub(super) fn describe(&self, field: Field) -> String {
        let mut said = self.describe_without_fault(field);
        if let Some(fault) = self.fault(field) {
            said.push(' ');
            said.push_str(&self.say(SetupSentence::NotValid, &[("fault", &fault)]));
        }
        said
    }

    /// Label, value, what it means, how to change it and position.
    pub(super) fn describe_without_fault(&self, field: Field) -> String {
        let place = self.say(
            SetupSentence::Place,
            &[
                ("n", &field.position().to_string()),
                ("total", &FIELDS.len().to_string()),
            ],
        );
        let selected = field == self.focus && self.selected;
        let kind = match field.kind() {
            Kind::TextOrPreset if selected && self.time_is_preset_or_empty() => {
                SetupSentence::KindSelectedPreset
            }
            Kind::TextOrPreset if selected => SetupSentence::KindSelectedTime,
            Kind::Text if selected => SetupSentence::KindSelectedText,
            Kind::TextOrPreset if !self.time_is_preset_or_empty() => Kind::TypedTime.spoken(),
            kind => kind.spoken(),
        };
        let kind = self.say(kind, &[]);
        let label = self.label(field);
        if field == Field::Start {
            return format!("{label}. {kind} {place}");
        }
        let value = self.spoken_value(&self.value(field));
        let mut said = self.say(
            if selected {
                SetupSentence::ValueSelected
            } else {
                SetupSentence::Value
            },
            &[("label", &label), ("value", &value)],
        );
        if let Some(meaning) = self.explain(field) {
            said.push(' ');
            said.push_str(&meaning);
        }
        said.push_str(&format!(" {kind} {place}"));
        said
    }
}
