//! The help of a game, read from the command table: what the person at
//! the keyboard or at a seat types, one line per command (or per group of
//! commands that do the same), in the pack's words. Commands that have no
//! part in this game (the press when it follows the announcement, the
//! repetition when it is not entered) are left out.

use crate::game::{Game, Press, Repetition, Role};
use crate::notation::VoicePack;
use crate::notation::pack::{Argument, CommandEntry, GAME_COMMANDS, HelpSentence, Part, Users};

use crate::seat::SeatRole;

/// Who types at the main keyboard in `role`.
pub fn users_of(role: Role) -> Users {
    match role {
        Role::Player => Users::PLAYER,
        Role::Assistant => Users::ASSISTANT,
        Role::Arbiter => Users::ARBITER,
    }
}

/// Who types at a joined seat of `role`.
pub fn users_at_seat(role: SeatRole) -> Users {
    match role {
        SeatRole::Opponent => Users::OPPONENT,
        SeatRole::Arbiter => Users::ARBITER,
        SeatRole::Assistant => Users::ASSISTANT,
    }
}

/// Whether `entry` has a part in `game`: the press only when it is a
/// step of its own (D.2.4, D.2.8), the repetition only when it is
/// entered (D.2.1), a question that computes chess only in a training
/// game (11.3.1).
pub fn has_part(entry: &CommandEntry, game: &Game) -> bool {
    match entry.part {
        Part::Always => true,
        Part::Training => !game.setup().rated(),
        Part::SeparatePress => game.setup().press == Press::Separate,
        Part::Repetition => game.repetition() != Repetition::Off,
    }
}

/// One help line for the commands of `group`, which do the same and take
/// the same argument: their words in the pack's language, what follows
/// them, what they do.
pub fn help_line(pack: &VoicePack, group: &[&CommandEntry]) -> String {
    let Some(first) = group.first() else {
        return String::new();
    };
    let words = pack.command_words();
    let names: Vec<&str> = group.iter().map(|c| words.word(c.word)).collect();
    let command = names.join(", ");
    let sentences = pack.help_sentences();
    let does = sentences.say(first.does, &[]);
    match first.argument {
        Argument::Nothing => {
            sentences.say(HelpSentence::Row, &[("command", &command), ("does", &does)])
        }
        Argument::Takes(what) => sentences.say(
            HelpSentence::RowTakes,
            &[
                ("command", &command),
                ("what", &what.say(pack)),
                ("does", &does),
            ],
        ),
        Argument::May(what) => sentences.say(
            HelpSentence::RowMay,
            &[
                ("command", &command),
                ("what", &what.say(pack)),
                ("does", &does),
            ],
        ),
    }
}

/// The commands `users` type in `game`, in the table's order, those that
/// do the same together.
pub fn commands_for(game: &Game, users: Users) -> Vec<Vec<&'static CommandEntry>> {
    let mut groups: Vec<Vec<&'static CommandEntry>> = Vec::new();
    for entry in GAME_COMMANDS
        .iter()
        .filter(|c| c.users.has(users) && has_part(c, game))
    {
        match groups.last_mut() {
            Some(group) if group[0].does == entry.does => group.push(entry),
            _ => groups.push(vec![entry]),
        }
    }
    groups
}

/// The parts the help is said in, one at a time, so that each can be
/// heard in a breath: `help` says the first, `more` the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Topic {
    /// How a move is typed, and the steps and slips of a move (D.2.1–D.2.8).
    Moves,
    /// A touched piece (4, D.2.2) and sealing a move (Appendix E).
    Touch,
    /// The clock (6, D.2.6).
    Clock,
    /// Draw offers and claims (9, III.4, III.5).
    Draws,
    /// Resigning, the flag, the result (5.1.2, 6.9, 8.7).
    End,
    /// Questions about the user's own board.
    Board,
    /// The score, its files and the audit.
    Record,
    /// The program itself: listening, the help, leaving.
    Program,
    /// The arbiter's commands.
    Arbiter,
}

impl Topic {
    /// The part a command's help line belongs to.
    pub fn of(does: HelpSentence) -> Topic {
        use HelpSentence as H;
        match does {
            H::Again | H::Correct | H::Repeat | H::Confirm | H::Undo | H::Takeback => Topic::Moves,
            H::Touched | H::Seal => Topic::Touch,
            H::Time | H::Press | H::Pause | H::Resume | H::Increment => Topic::Clock,
            H::Offer | H::Accept | H::Decline | H::Claim | H::Quickplay => Topic::Draws,
            H::Resign | H::Flag | H::Sign => Topic::End,
            H::Pieces
            | H::Square
            | H::Rank
            | H::File
            | H::Diagonal
            | H::Attackers
            | H::Moves
            | H::OfAKind
            | H::Material
            | H::Last => Topic::Board,
            H::Touchmove
            | H::Illegal
            | H::Illegalposition
            | H::Addtime
            | H::Settime
            | H::Setmoves
            | H::Setcontrol
            | H::Flags
            | H::Align
            | H::Unseal
            | H::Resumption
            | H::Forfeit => Topic::Arbiter,
            H::Listen | H::Help | H::More | H::Quit | H::Faster | H::Louder => Topic::Program,
            _ => Topic::Record,
        }
    }

    /// The topic's name in the pack's words.
    fn name(self) -> HelpSentence {
        match self {
            Topic::Moves => HelpSentence::TopicMoves,
            Topic::Touch => HelpSentence::TopicTouch,
            Topic::Clock => HelpSentence::TopicClock,
            Topic::Draws => HelpSentence::TopicDraws,
            Topic::End => HelpSentence::TopicEnd,
            Topic::Board => HelpSentence::TopicBoard,
            Topic::Record => HelpSentence::TopicRecord,
            Topic::Program => HelpSentence::TopicProgram,
            Topic::Arbiter => HelpSentence::TopicArbiter,
        }
    }
}

/// The most lines of one part of the help, besides its heading and the
/// word for the next.
const LINES_PER_PART: usize = 4;

/// The help for `users` in `game`, part by part: how a move is typed and
/// a line for each of their commands, each under its topic; the arbiter's
/// command words for whoever shares the arbiter's keyboard; that the
/// English words work too, at the end. Topics without a command in this
/// game are left out.
fn topics(game: &Game, users: Users) -> Vec<(Topic, Vec<String>)> {
    let pack = game.pack();
    let sentences = pack.help_sentences();
    let mut parts: Vec<(Topic, Vec<String>)> = vec![(
        Topic::Moves,
        vec![sentences.say(HelpSentence::AnyMove, &[])],
    )];
    let mut add = |topic: Topic, line: String| match parts.iter_mut().find(|(t, _)| *t == topic) {
        Some((_, lines)) => lines.push(line),
        None => parts.push((topic, vec![line])),
    };
    for group in commands_for(game, users) {
        add(Topic::of(group[0].does), help_line(pack, &group));
    }
    if Users::KEYBOARD.has(users) && users != Users::ARBITER {
        let words = pack.command_words();
        let arbiters: Vec<&str> = GAME_COMMANDS
            .iter()
            .filter(|c| c.users == Users::ARBITER && has_part(c, game))
            .map(|c| words.word(c.word))
            .collect();
        add(
            Topic::Arbiter,
            sentences.say(HelpSentence::Arbiter, &[("commands", &arbiters.join(", "))]),
        );
    }
    parts.sort_by_key(|(topic, _)| *topic);
    // A long topic is said in even pieces of at most LINES_PER_PART.
    let mut parts: Vec<(Topic, Vec<String>)> = parts
        .into_iter()
        .flat_map(|(topic, lines)| {
            let pieces = lines.len().div_ceil(LINES_PER_PART);
            let size = lines.len().div_ceil(pieces.max(1)).max(1);
            lines
                .chunks(size)
                .map(|piece| (topic, piece.to_vec()))
                .collect::<Vec<_>>()
        })
        .collect();
    if !pack.language.starts_with("en")
        && let Some((_, last)) = parts.last_mut()
    {
        last.push(sentences.say(HelpSentence::English, &[]));
    }
    parts
}

/// The help for `users` in `game`, in the parts it is said in: each
/// begins with its number and topic and, but for the last, ends with the
/// word that says the next.
pub fn help_parts(game: &Game, users: Users) -> Vec<Vec<String>> {
    let pack = game.pack();
    let sentences = pack.help_sentences();
    let more = pack.command_words().word("more");
    let parts = topics(game, users);
    let count = parts.len();
    parts
        .into_iter()
        .enumerate()
        .map(|(i, (topic, lines))| {
            let heading = sentences.say(
                HelpSentence::PartOf,
                &[
                    ("number", &(i + 1).to_string()),
                    ("count", &count.to_string()),
                    ("topic", &sentences.say(topic.name(), &[])),
                ],
            );
            let mut part = vec![heading];
            part.extend(lines);
            if i + 1 < count {
                part.push(sentences.say(HelpSentence::GoOn, &[("more", more)]));
            }
            part
        })
        .collect()
}

/// The answer to `more` when no part of the help is left to say.
pub fn no_more_help(game: &Game) -> String {
    let pack = game.pack();
    pack.help_sentences().say(
        HelpSentence::NoMore,
        &[("help", pack.command_words().word("help"))],
    )
}

/// The whole help for `users` in `game`, every part's lines in order, for
/// a screen that shows it all at once: how a move is typed, a line for
/// each of their commands, the arbiter's command words for whoever shares
/// the arbiter's keyboard, and that the English words work too.
pub fn help(game: &Game, users: Users) -> Vec<String> {
    topics(game, users)
        .into_iter()
        .flat_map(|(_, lines)| lines)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;

    fn game(role: Role, press: Press, voice: &str) -> Game {
        let setup = Setup {
            role,
            press,
            time: "600".into(),
            ..Setup::default()
        };
        Game::new(setup, VoicePack::builtin(voice)).unwrap()
    }

    #[test]
    fn the_player_is_offered_only_what_has_a_part_in_their_game() {
        let g = game(Role::Player, Press::Auto, "fide");
        let help = help(&g, Users::PLAYER);
        assert_eq!(
            help[0],
            "Ein Zug in beliebiger Notation, so wie er angesagt wird."
        );
        let all = help.join("\n");
        assert!(!all.contains("drücken:"), "{all}");
        assert!(
            all.contains("\nberichtigen, dann einen Zug: den letzten Zug"),
            "{all}"
        );
        assert!(
            all.contains("\nzurück: den letzten Halbzug zurücknehmen"),
            "{all}"
        );
        assert!(all.contains("zurücknehmen, wahlweise die Zahl"), "{all}");
        assert!(all.contains("\nberührt, wahlweise eine Seite"), "{all}");
        assert!(
            all.contains("Könige, Damen, Türme, alle Läufer, alle Springer, Bauern: wo alle"),
            "{all}"
        );
        assert!(
            all.contains("Befehle des Schiedsrichters: berührt-geführt, regelwidrig,"),
            "{all}"
        );
        assert!(all.ends_with("Die englischen Befehlswörter gelten ebenso."));
    }

    #[test]
    fn the_arbiter_and_the_opponent_each_see_their_own() {
        let g = game(Role::Arbiter, Press::Separate, "en");
        let arbiter = help(&g, Users::ARBITER).join("\n");
        assert!(arbiter.contains("\npress: press the clock"), "{arbiter}");
        assert!(
            arbiter.contains("\ncorrect, then a move: correct the last move"),
            "{arbiter}"
        );
        assert!(
            arbiter.contains("\nsettime, then white or black and a time"),
            "{arbiter}"
        );
        assert!(!arbiter.contains("The arbiter's commands"), "{arbiter}");
        let opponent = help(&g, Users::OPPONENT).join("\n");
        assert!(!opponent.contains("settime"), "{opponent}");
        assert!(!opponent.contains("save"), "{opponent}");
        assert!(
            opponent.contains("\noffer, and white or black if wanted"),
            "{opponent}"
        );
        assert!(
            !opponent.contains("English command words"),
            "an English pack"
        );
    }

    #[test]
    fn the_help_is_said_in_short_parts_each_under_its_topic() {
        let g = game(Role::Player, Press::Auto, "fide");
        let parts = help_parts(&g, Users::PLAYER);
        assert_eq!(parts.len(), 14, "{parts:#?}");
        assert_eq!(parts[0][0], "Hilfe, Teil 1 von 14: Züge.");
        assert_eq!(parts[1][0], "Hilfe, Teil 2 von 14: Züge.");
        assert_eq!(parts[3][0], "Hilfe, Teil 4 von 14: die Uhr.");
        assert!(
            parts[3].iter().any(|l| l.starts_with("Zeit, wahlweise")),
            "{parts:#?}"
        );
        assert!(
            parts[6]
                .iter()
                .any(|l| l.starts_with("aufgeben, wahlweise")),
            "{parts:#?}"
        );
        assert!(
            parts[12]
                .iter()
                .any(|l| l.starts_with("schneller, langsamer: die Stimme")),
            "{parts:#?}"
        );
        assert_eq!(parts[13][0], "Hilfe, Teil 14 von 14: der Schiedsrichter.");
        for part in &parts[..13] {
            assert_eq!(part.last().unwrap(), "Weiter mit mehr.");
        }
        assert_eq!(
            parts[13].last().unwrap(),
            "Die englischen Befehlswörter gelten ebenso."
        );
        // Every line of the whole help is in exactly one part.
        let mut lines: Vec<String> = parts.concat();
        lines.retain(|l| !l.starts_with("Hilfe, Teil") && l != "Weiter mit mehr.");
        assert_eq!(lines, help(&g, Users::PLAYER));
        // Each part is heard in a breath: at espeak's 175 words a minute,
        // under half a minute each.
        for part in &parts {
            let words = part.join(" ").split_whitespace().count();
            assert!(words <= 75, "{words} words: {part:#?}");
        }
        // The arbiter's own commands are many: in pieces of four at most.
        let g = game(Role::Arbiter, Press::Separate, "en");
        for part in help_parts(&g, Users::ARBITER) {
            assert!(part.len() <= 2 + LINES_PER_PART, "{part:#?}");
        }
        let g = game(Role::Player, Press::Auto, "fide");
        assert_eq!(
            no_more_help(&g),
            "Das war die ganze Hilfe; Hilfe sagt sie von vorn."
        );
    }
}
