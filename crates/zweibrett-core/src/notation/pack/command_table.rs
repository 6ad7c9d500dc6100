//! The one table of the game's commands. Each row names a command by its
//! English word (which is also its key in a pack's `[commands]` and
//! `[help]` sections) and says what follows it, whether it may be said
//! aloud, the full screen's keys for it, who types it and when it has a
//! part in the protocol. The line reader, the pack's checks, the help of
//! line mode and of the seats, the key help and the listening grammar are
//! all read from it.

use super::key::Key;
use super::sections::HelpSentence;
use super::wanted::{Argument, Wanted};

/// Who types a command: the three roles at the keyboard (D.2.7, D.2.10,
/// D.2.9) and the sighted opponent at a joined seat (D.2.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Users(u8);

impl Users {
    /// The visually impaired player at the keyboard.
    pub const PLAYER: Users = Users(1);
    /// The assistant (D.2.10, D.2.11).
    pub const ASSISTANT: Users = Users(2);
    /// The arbiter (D.2.9).
    pub const ARBITER: Users = Users(4);
    /// The sighted opponent at their own seat (D.2.11).
    pub const OPPONENT: Users = Users(8);
    /// Whoever is at the main keyboard.
    pub const KEYBOARD: Users = Users(1 | 2 | 4);
    /// Everyone at the table.
    pub const EVERYONE: Users = Users(1 | 2 | 4 | 8);

    /// Whether every user of `other` is among these.
    pub fn has(self, other: Users) -> bool {
        self.0 & other.0 == other.0
    }
}

/// When a command has a part in a game's protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// In every game.
    Always,
    /// When the clock is pressed as a step of its own, so that a slip of
    /// the tongue may be corrected first (D.2.4, D.2.8).
    SeparatePress,
    /// When the opponent's repetition is entered as a step (D.2.1).
    Repetition,
    /// In a training game only: a question that computes chess, which a
    /// rated game does not answer (11.3.1).
    Training,
}

/// One command of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandEntry {
    /// The English word, which always works, and the command's key in the
    /// pack's `[commands]` and `[help]` sections.
    pub word: &'static str,
    /// Other English words for it.
    pub also: &'static [&'static str],
    /// What follows the word.
    pub argument: Argument,
    /// Whether it may be said aloud instead of typed.
    pub spoken: bool,
    /// The full screen's keys for it.
    pub keys: &'static [Key],
    /// Who types it.
    pub users: Users,
    /// When it has a part in the game.
    pub part: Part,
    /// What it does, as the help says it; rows that share a sentence are
    /// listed together.
    pub does: HelpSentence,
}

/// A row with nothing after the word, typed by everyone, in every game,
/// without a key, not said aloud.
const fn row(word: &'static str, does: HelpSentence) -> CommandEntry {
    CommandEntry {
        word,
        also: &[],
        argument: Argument::Nothing,
        spoken: false,
        keys: &[],
        users: Users::EVERYONE,
        part: Part::Always,
        does,
    }
}

impl CommandEntry {
    const fn takes(self, wanted: Wanted) -> CommandEntry {
        CommandEntry {
            argument: Argument::Takes(wanted),
            ..self
        }
    }
    const fn may(self, wanted: Wanted) -> CommandEntry {
        CommandEntry {
            argument: Argument::May(wanted),
            ..self
        }
    }
    const fn keys(self, keys: &'static [Key]) -> CommandEntry {
        CommandEntry { keys, ..self }
    }
    const fn by(self, users: Users) -> CommandEntry {
        CommandEntry { users, ..self }
    }
    const fn when(self, part: Part) -> CommandEntry {
        CommandEntry { part, ..self }
    }
    const fn spoken(self) -> CommandEntry {
        CommandEntry {
            spoken: true,
            ..self
        }
    }
    const fn also(self, also: &'static [&'static str]) -> CommandEntry {
        CommandEntry { also, ..self }
    }
}

use HelpSentence as H;
use Key::{Ctrl, F};

/// Every command of a game, in the order the help lists them.
pub const GAME_COMMANDS: &[CommandEntry] = &[
    row("time", H::Time)
        .may(Wanted::Side)
        .keys(&[F(2), Ctrl('t')])
        .spoken(),
    row("again", H::Again)
        .may(Wanted::Side)
        .keys(&[F(3), Ctrl('r')])
        .spoken(),
    row("correct", H::Correct)
        .takes(Wanted::Move)
        .keys(&[F(6), Ctrl('e')])
        .spoken(),
    row("press", H::Press)
        .keys(&[F(7), Key::SpaceOnEmptyLine])
        .when(Part::SeparatePress)
        .spoken(),
    row("repeat", H::Repeat)
        .takes(Wanted::Move)
        .when(Part::Repetition)
        .spoken(),
    row("confirm", H::Confirm)
        .also(&["ok"])
        .keys(&[F(8), Ctrl('y')])
        .when(Part::Repetition)
        .spoken(),
    row("undo", H::Undo).keys(&[Ctrl('z')]).by(Users::KEYBOARD),
    row("takeback", H::Takeback)
        .may(Wanted::HalfMoves)
        .by(Users::KEYBOARD),
    row("offer", H::Offer)
        .may(Wanted::Side)
        .keys(&[F(9), Ctrl('o')]),
    row("accept", H::Accept).may(Wanted::Side),
    row("decline", H::Decline).may(Wanted::Side),
    row("claim", H::Claim)
        .takes(Wanted::Claim)
        .keys(&[F(10), Ctrl('g')]),
    row("resign", H::Resign)
        .may(Wanted::Side)
        .keys(&[Ctrl('x')]),
    row("flag", H::Flag),
    row("sign", H::Sign).may(Wanted::Side),
    row("touched", H::Touched).may(Wanted::Note),
    row("pause", H::Pause).keys(&[Ctrl('p')]),
    row("resume", H::Resume).by(Users::KEYBOARD),
    row("increment", H::Increment).may(Wanted::Increment),
    row("quickplay", H::Quickplay).may(Wanted::Quickplay),
    row("seal", H::Seal).takes(Wanted::Move),
    row("pieces", H::Pieces)
        .may(Wanted::Whose)
        .keys(&[F(4), Ctrl('l')]),
    row("square", H::Square)
        .takes(Wanted::Square)
        .keys(&[F(5), Ctrl('k')]),
    row("rank", H::Rank).takes(Wanted::Rank),
    row("file", H::File).takes(Wanted::File),
    row("diagonal", H::Diagonal).takes(Wanted::Diagonal),
    row("attackers", H::Attackers)
        .takes(Wanted::Square)
        .when(Part::Training),
    row("moves", H::Moves)
        .takes(Wanted::Square)
        .when(Part::Training),
    row("kings", H::OfAKind),
    row("queens", H::OfAKind),
    row("rooks", H::OfAKind),
    row("bishops", H::OfAKind),
    row("knights", H::OfAKind),
    row("pawns", H::OfAKind),
    row("material", H::Material),
    row("last", H::Last),
    row("score", H::Score).may(Wanted::ScorePieces),
    row("braille", H::Braille),
    row("pgn", H::Pgn),
    row("save", H::Save)
        .may(Wanted::SaveFormat)
        .keys(&[Ctrl('s')])
        .by(Users::KEYBOARD),
    row("audit", H::Audit).by(Users::KEYBOARD),
    row("board", H::Board)
        .takes(Wanted::SideBoard)
        .by(Users::KEYBOARD),
    row("listen", H::Listen)
        .keys(&[F(11), Ctrl('n')])
        .by(Users::KEYBOARD),
    row("help", H::Help).also(&["?"]).keys(&[F(1)]),
    row("more", H::More).by(Users::KEYBOARD),
    row("faster", H::Faster)
        .keys(&[Key::CtrlRight])
        .by(Users::KEYBOARD),
    row("slower", H::Faster)
        .keys(&[Key::CtrlLeft])
        .by(Users::KEYBOARD),
    row("louder", H::Louder)
        .keys(&[Key::CtrlUp])
        .by(Users::KEYBOARD),
    row("softer", H::Louder)
        .keys(&[Key::CtrlDown])
        .by(Users::KEYBOARD),
    row("quit", H::Quit).also(&["exit"]).keys(&[Ctrl('q')]),
    // The arbiter's.
    row("touchmove", H::Touchmove)
        .takes(Wanted::Ruling)
        .by(Users::ARBITER),
    row("illegal", H::Illegal)
        .takes(Wanted::Side)
        .by(Users::ARBITER),
    row("illegalposition", H::Illegalposition)
        .takes(Wanted::Position)
        .by(Users::ARBITER),
    row("addtime", H::Addtime)
        .takes(Wanted::SideSeconds)
        .by(Users::ARBITER),
    row("settime", H::Settime)
        .takes(Wanted::SideTime)
        .by(Users::ARBITER),
    row("setmoves", H::Setmoves)
        .takes(Wanted::SideMoves)
        .by(Users::ARBITER),
    row("setcontrol", H::Setcontrol)
        .takes(Wanted::Control)
        .by(Users::ARBITER),
    row("flags", H::Flags)
        .takes(Wanted::Both)
        .by(Users::ARBITER),
    row("align", H::Align).by(Users::ARBITER),
    row("unseal", H::Unseal).by(Users::ARBITER),
    row("resumption", H::Resumption)
        .takes(Wanted::Resumption)
        .by(Users::ARBITER),
    row("forfeit", H::Forfeit)
        .also(&["declare"])
        .takes(Wanted::SideForfeit)
        .by(Users::ARBITER),
];

/// The row of the English command word `word` (or one of its other
/// words), any case.
pub fn game_command(word: &str) -> Option<&'static CommandEntry> {
    GAME_COMMANDS.iter().find(|c| {
        c.word.eq_ignore_ascii_case(word) || c.also.iter().any(|a| a.eq_ignore_ascii_case(word))
    })
}

/// The commands that may be said aloud, by their English words.
pub fn spoken_commands() -> impl Iterator<Item = &'static str> {
    GAME_COMMANDS.iter().filter(|c| c.spoken).map(|c| c.word)
}

/// The commands of going through games (`analyse`) only, which its own
/// reader reads. A pack may give one of them the same word as a command of
/// the game ("zurück" for both `back` and `undo`): each reader reads its
/// own.
pub const ANALYSIS_COMMANDS: &[&str] = &[
    "next",
    "back",
    "start",
    "end",
    "move",
    "variation",
    "leave",
    "turn",
    "games",
    "find",
    "more",
    "game",
    "eval",
    "clock",
    "tags",
    "summary",
    "files",
    "structure",
    "fen",
    "replay",
    "pace",
    "position",
    "mistakes",
    "progress",
    "best",
    "threat",
    "explore",
];

/// The words typed after a command of going through games only: those of
/// `eval`, `pieces` and `fen`, and the tags' names `find` takes (but `white` and
/// `black`, which are a game's words too; a test keeps the two lists
/// together).
pub const AFTER_AN_ANALYSIS_COMMAND: &[&str] = &[
    "opponent", "auto", "off", "full", "figures", "words", "player", "event", "site", "round",
    "eco", "opening", "date", "year", "result", "rating", "elo", "tag",
];

/// Every English word a `[commands]` table may give words for: the
/// game's commands, the words typed after them, then those of going
/// through games.
pub fn command_keys() -> impl Iterator<Item = &'static str> {
    // Listed once: each entry of every pack's table is looked up here.
    static KEYS: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
        let mut after: Vec<&'static str> = GAME_COMMANDS
            .iter()
            .filter_map(|c| c.argument.wanted())
            .flat_map(|w| w.words().iter().copied())
            .filter(|w| game_command(w).is_none())
            .collect();
        after.sort_unstable();
        after.dedup();
        GAME_COMMANDS
            .iter()
            .map(|c| c.word)
            .chain(after)
            .chain(ANALYSIS_COMMANDS.iter().copied())
            .chain(AFTER_AN_ANALYSIS_COMMAND.iter().copied())
            .collect()
    });
    KEYS.iter().copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pack::SentenceKey;

    #[test]
    fn each_word_once_and_each_help_sentence_used() {
        for (i, c) in GAME_COMMANDS.iter().enumerate() {
            for other in &GAME_COMMANDS[i + 1..] {
                assert_ne!(c.word, other.word);
                assert!(!other.also.contains(&c.word), "{}", c.word);
            }
            // The rows after the first of a group share its sentence.
            let grouped = i > 0 && GAME_COMMANDS[i - 1].does == c.does;
            if c.does != HelpSentence::OfAKind && !grouped {
                assert_eq!(
                    c.does.name(),
                    c.word,
                    "a command's help is keyed by its word"
                );
            }
        }
        for key in HelpSentence::ALL {
            let used = GAME_COMMANDS.iter().any(|c| c.does == *key);
            assert_eq!(used, !HelpSentence::FORMS.contains(key), "{key:?}");
        }
    }

    #[test]
    fn keys_belong_to_one_command() {
        let keys: Vec<Key> = GAME_COMMANDS.iter().flat_map(|c| c.keys).copied().collect();
        for (i, k) in keys.iter().enumerate() {
            assert!(!keys[i + 1..].contains(k), "{k:?}");
        }
    }

    #[test]
    fn the_words_after_a_command_are_keys_of_the_pack() {
        let keys: Vec<&str> = command_keys().collect();
        assert!(keys.contains(&"threefold"));
        assert_eq!(keys.iter().filter(|k| **k == "kings").count(), 1);
        for w in ["mine", "postpone", "both", "corrected", "opponent"] {
            assert!(keys.contains(&w), "{w}");
        }
        assert_eq!(
            spoken_commands().collect::<Vec<_>>(),
            ["time", "again", "correct", "press", "repeat", "confirm"]
        );
    }
}
