//! The fields of the new game form, in the order they are visited, how
//! each is changed, and the pack's sentence naming it.

use crate::notation::pack::SetupSentence;

/// The fields of the form, in the order they are visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    White,
    Black,
    Impaired,
    Assistant,
    /// Who types at the keyboard (D.2.7, D.2.10, D.2.9).
    Role,
    Time,
    Voice,
    /// Who speaks: the program's own voice or the user's screen reader.
    Speech,
    /// How much the game says unasked (`SpeechProfile`).
    Profile,
    Repetition,
    Press,
    Rules,
    QuickplayFinish,
    /// The starting position as FEN; empty for the usual one.
    Position,
    /// Chess960 (Guidelines II).
    Chess960,
    /// A training game, or a rated one (11.3.1).
    Training,
    /// The languages whose piece letters moves are typed in (C.3).
    Letters,
    /// The sighted player's electronic board: its serial line, `auto`, or
    /// empty for none.
    Board,
    Start,
}

/// Every field in order.
pub(super) const FIELDS: [Field; 19] = [
    Field::White,
    Field::Black,
    Field::Impaired,
    Field::Assistant,
    Field::Role,
    Field::Time,
    Field::Voice,
    Field::Speech,
    Field::Profile,
    Field::Repetition,
    Field::Press,
    Field::Rules,
    Field::QuickplayFinish,
    Field::Position,
    Field::Chess960,
    Field::Training,
    Field::Letters,
    Field::Board,
    Field::Start,
];

/// How a field is changed, as said after its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Text,
    TextOrPreset,
    /// The time control holding a typed tag: Left and Right move in it.
    TypedTime,
    Choice,
    Button,
}

impl Kind {
    pub(super) fn spoken(self) -> SetupSentence {
        match self {
            Kind::Text => SetupSentence::KindText,
            Kind::TextOrPreset => SetupSentence::KindTime,
            Kind::TypedTime => SetupSentence::KindTypedTime,
            Kind::Choice => SetupSentence::KindChoice,
            Kind::Button => SetupSentence::KindButton,
        }
    }
}

impl Field {
    /// The pack's sentence naming the field.
    pub(super) fn label_key(self) -> SetupSentence {
        match self {
            Field::White => SetupSentence::LabelWhite,
            Field::Black => SetupSentence::LabelBlack,
            Field::Impaired => SetupSentence::LabelImpaired,
            Field::Assistant => SetupSentence::LabelAssistant,
            Field::Role => SetupSentence::LabelRole,
            Field::Time => SetupSentence::LabelTime,
            Field::Voice => SetupSentence::LabelVoice,
            Field::Speech => SetupSentence::LabelSpeech,
            Field::Profile => SetupSentence::LabelProfile,
            Field::Repetition => SetupSentence::LabelRepetition,
            Field::Press => SetupSentence::LabelPress,
            Field::Rules => SetupSentence::LabelRules,
            Field::QuickplayFinish => SetupSentence::LabelQuickplay,
            Field::Position => SetupSentence::LabelPosition,
            Field::Chess960 => SetupSentence::LabelChess960,
            Field::Training => SetupSentence::LabelTraining,
            Field::Letters => SetupSentence::LabelLetters,
            Field::Board => SetupSentence::LabelBoard,
            Field::Start => SetupSentence::LabelStart,
        }
    }

    pub(super) fn kind(self) -> Kind {
        match self {
            Field::White | Field::Black | Field::Position | Field::Board => Kind::Text,
            Field::Time => Kind::TextOrPreset,
            Field::Start => Kind::Button,
            _ => Kind::Choice,
        }
    }

    /// Position in the form, from 1.
    pub(super) fn position(self) -> usize {
        FIELDS.iter().position(|f| *f == self).unwrap_or(0) + 1
    }
}
