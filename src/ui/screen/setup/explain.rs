//! What each choice of the setup form means, said with its value when the
//! field gets the focus and when the value changes: short sentences naming
//! who types what and the article behind it.

use crate::clock::TimeControl;
use crate::game::{EventRules, Press, Repetition, Role, SpeechProfile};
use crate::notation::pack::SetupSentence;

use super::{Field, SetupForm};

impl SetupForm {
    /// The meaning of the field's value, if it has one worth saying.
    pub(super) fn explain(&self, field: Field) -> Option<String> {
        let key = match field {
            Field::Assistant if self.assistant => SetupSentence::AssistantYesMeans,
            Field::Assistant => SetupSentence::AssistantNoMeans,
            Field::Role => role(self.role),
            Field::Time => return self.time_in_words(),
            Field::Speech if self.reader => SetupSentence::SpeechReaderMeans,
            Field::Speech => SetupSentence::SpeechOwnMeans,
            Field::Profile => match self.profile {
                SpeechProfile::Quiet => SetupSentence::ProfileQuietMeans,
                SpeechProfile::Normal => SetupSentence::ProfileNormalMeans,
                SpeechProfile::Verbose => SetupSentence::ProfileVerboseMeans,
            },
            Field::Repetition if !self.role.enters_repetition() => {
                SetupSentence::RepetitionNotForRole
            }
            Field::Repetition => match self.repetition {
                Repetition::Strict => SetupSentence::RepetitionStrictMeans,
                Repetition::Quick => SetupSentence::RepetitionQuickMeans,
                Repetition::Off => SetupSentence::RepetitionOffMeans,
            },
            Field::Press => match self.press {
                Press::Separate => SetupSentence::PressSeparateMeans,
                Press::Auto => SetupSentence::PressAutoMeans,
            },
            Field::Rules => match self.rules {
                EventRules::Competition => SetupSentence::RulesCompetitionMeans,
                EventRules::A5 => SetupSentence::RulesA5Means,
            },
            Field::QuickplayFinish if self.quickplay_finish => SetupSentence::QuickplayYesMeans,
            Field::QuickplayFinish => SetupSentence::QuickplayNoMeans,
            Field::Chess960 if self.chess960 => SetupSentence::Chess960YesMeans,
            Field::Chess960 => SetupSentence::Chess960NoMeans,
            Field::Training if self.training => SetupSentence::TrainingYesMeans,
            Field::Training => SetupSentence::TrainingNoMeans,
            Field::Letters => return Some(self.letters_meaning()),
            Field::Board => return Some(self.board_meaning()),
            _ => return None,
        };
        Some(self.say(key, &[]))
    }

    /// What the game does with the board named: none, one looked for, or
    /// the line named, and whether that line is there now. A line not
    /// there is no fault: the game looks for the board until it is
    /// plugged in.
    fn board_meaning(&self) -> String {
        let Some(line) = self.board() else {
            return self.say(SetupSentence::BoardNoneMeans, &[]);
        };
        if line == crate::session::board::AUTO {
            return self.say(SetupSentence::BoardAutoMeans, &[]);
        }
        let mut said = self.say(SetupSentence::BoardLineMeans, &[("line", &line)]);
        if !std::path::Path::new(&line).exists() {
            said.push(' ');
            said.push_str(&self.say(SetupSentence::BoardLineMissing, &[("line", &line)]));
        }
        said
    }

    /// The time control in words, as the clock will name it (D.2.6.1), in
    /// the pack's language; `None` when it cannot be read.
    fn time_in_words(&self) -> Option<String> {
        let control = TimeControl::named_or_parsed(self.time.text()).ok()?;
        let words = self.clock_words().control(&control);
        let mut chars = words.chars();
        let first = chars.next()?.to_uppercase();
        Some(format!("{first}{}.", chars.as_str()))
    }
}

/// Who types what in each role (D.2.7, D.2.10, D.2.9).
fn role(role: Role) -> SetupSentence {
    match role {
        Role::Player => SetupSentence::RolePlayerMeans,
        Role::Assistant => SetupSentence::RoleAssistantMeans,
        Role::Arbiter => SetupSentence::RoleArbiterMeans,
    }
}
