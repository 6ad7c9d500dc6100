//! A typed line in the pack's language: its command words read as the
//! English ones (the `[commands]` table), what cannot be read said in the
//! pack's words (the `[line]` section).

use crate::notation::pack::{ANALYSIS_COMMANDS, CommandWords, game_command};
use crate::notation::{Lexicon, VoicePack};

use super::line::Line;
pub use super::line_error::LineError;
use super::read::parse_line;
pub use crate::notation::pack::Wanted;

/// A line of going through games (`analyse`) with its command, and the
/// word after it, in English when they were typed in the pack's words
/// (`words`); anything else as typed.
pub fn analysis_line_in_english(words: &CommandWords, line: &str) -> String {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    // A word the pack gives to a command of each kind is read as going
    // through games reads it.
    // A command typed in English may still be followed by the pack's
    // word after it ("fen completo").
    let english_command = || {
        let first = tokens.first()?.to_lowercase();
        ANALYSIS_COMMANDS
            .iter()
            .find(|c| **c == first)
            .map(|c| (*c, 1))
    };
    let read = words
        .read_where(&tokens, |k| ANALYSIS_COMMANDS.contains(&k))
        .or_else(|| words.read(&tokens))
        .or_else(english_command);
    let Some((command, used)) = read else {
        return line.to_string();
    };
    let mut english = vec![command];
    let rest = &tokens[used..];
    if command == "find" {
        // Kept as typed, to be said back so; the search reads the pack's
        // words for tags itself.
        return format!("find {}", rest.join(" "));
    }
    // Each word after the command that the pack gives to a word typed
    // after commands ("immer", "ganz", "schwarz" in "Zug 7 schwarz") is
    // read as the English one; anything else is kept as typed.
    english.extend(CommandWords::in_english(rest, |tokens| {
        words
            .read(tokens)
            .filter(|(after, _)| AFTER_A_COMMAND.contains(after))
    }));
    english.join(" ")
}

/// The English words typed after a command of going through games that a
/// pack may give words for.
const AFTER_A_COMMAND: &[&str] = &[
    "white", "black", "mine", "all", "opponent", "auto", "off", "full", "figures", "words",
    "mistakes",
];

/// A line of going through games read as its command, typed in the pack's
/// command words (`words`) or in English ones: the one reading of both
/// views, line mode and the full screen.
pub fn read_analysis_line(
    lexicon: &Lexicon,
    words: &CommandWords,
    line: &str,
) -> crate::analysis::Command {
    crate::analysis::parse_command(lexicon, &analysis_line_in_english(words, line))
}

/// Reads one line typed in `pack`'s command words or in English ones;
/// anything else is a move, as [`parse_line`] reads it.
pub fn parse_typed_line(pack: &VoicePack, lexicon: &Lexicon, line: &str) -> Line {
    let words = pack.command_words();
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let (command, used, local) = match words.read_where(&tokens, |k| game_command(k).is_some()) {
        Some((key, used)) => (key.to_string(), used, true),
        _ => match tokens.first() {
            Some(first) => (first.to_lowercase(), 1, false),
            None => return Line::Nothing,
        },
    };
    let mut rest: Vec<&str> = tokens[used..].to_vec();
    let mut argument = None;
    // The first word after a command that takes a side, a kind of claim
    // or a ruling may be the pack's word for it.
    let wanted = game_command(&command).and_then(|c| c.argument.wanted());
    if let Some(wanted) = wanted
        && let Some((key, taken)) = words.read_where(&rest, |k| wanted.words().contains(&k))
    {
        argument = Some(key);
        rest.drain(..taken);
    }
    if !local && argument.is_none() {
        // Nothing of the pack's: the line as typed.
        return parse_line(lexicon, line);
    }
    let english: Vec<&str> = std::iter::once(command.as_str())
        .chain(argument)
        .chain(rest)
        .collect();
    parse_line(lexicon, &english.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ClaimKind, Command, Side};

    #[test]
    fn commands_are_read_in_the_packs_words() {
        let lex = Lexicon::builtin().clone();
        let fide = VoicePack::fide();
        let read = |l: &str| parse_typed_line(&fide, &lex, l);
        assert_eq!(read("Zeit"), Line::Game(Command::Time));
        assert_eq!(read("drucken"), Line::Game(Command::Press));
        assert_eq!(read("DRÜCKEN"), Line::Game(Command::Press));
        assert_eq!(read("Remis anbieten"), Line::Game(Command::Offer));
        assert_eq!(
            read("Remis weiß"),
            Line::Game(Command::OfferBy(Side::White))
        );
        assert_eq!(
            read("beanspruchen dreimalig Sf3"),
            Line::Game(Command::Claim {
                kind: ClaimKind::Threefold,
                intended: Some("Sf3".into())
            })
        );
        assert_eq!(
            read("berichtigen Springer Felix drei"),
            Line::Game(Command::Correct("Springer Felix drei".into()))
        );
        assert_eq!(read("press"), Line::Game(Command::Press));
        assert_eq!(read("e4"), Line::Game(Command::Move("e4".into())));
        assert_eq!(read("Hilfe"), Line::Help);
        let Line::Wrong(why) = read("Feld x9") else {
            panic!("not refused");
        };
        assert_eq!(
            why.say(&fide),
            "Feld braucht ein Feld, eine Linie oder eine Reihe, nicht „x9“"
        );
        assert_eq!(
            why.to_string(),
            "square needs a square, file or rank, not \"x9\""
        );
        let Line::Wrong(why) = read("beanspruchen") else {
            panic!("not refused");
        };
        assert_eq!(
            why.say(&fide),
            "beanspruchen braucht dreimalig oder fünfzig"
        );
    }
}
