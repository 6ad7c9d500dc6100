//! The help of a game, read from the command table: what the person at
//! the keyboard or at a seat types, one line per command (or per group of
//! commands that do the same), in the pack's words. Commands that have no
//! part in this game (the press when it follows the announcement, the
//! repetition when it is not entered) are left out.

use crate::game::{Game, Press, Repetition, Role};
use crate::notation::VoicePack;
use crate::notation::pack::{Argument, CommandEntry, GAME_COMMANDS, HelpSentence, Part, Users};

use super::seat::SeatRole;

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

/// The help for `users` in `game`: how a move is typed, a line for each
/// of their commands, the arbiter's command words for whoever shares the
/// arbiter's keyboard, and that the English words work too.
pub fn help(game: &Game, users: Users) -> Vec<String> {
    let pack = game.pack();
    let sentences = pack.help_sentences();
    let mut lines = vec![sentences.say(HelpSentence::AnyMove, &[])];
    lines.extend(
        commands_for(game, users)
            .iter()
            .map(|group| help_line(pack, group)),
    );
    if Users::KEYBOARD.has(users) && users != Users::ARBITER {
        let words = pack.command_words();
        let arbiters: Vec<&str> = GAME_COMMANDS
            .iter()
            .filter(|c| c.users == Users::ARBITER && has_part(c, game))
            .map(|c| words.word(c.word))
            .collect();
        lines.push(sentences.say(HelpSentence::Arbiter, &[("commands", &arbiters.join(", "))]));
    }
    if !pack.language.starts_with("en") {
        lines.push(sentences.say(HelpSentence::English, &[]));
    }
    lines
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
}
