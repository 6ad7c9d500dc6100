//! A typed line in the pack's language: its command words read as the
//! English ones (the `[commands]` table), what cannot be read said in the
//! pack's words (the `[line]` section), and the help that lists the
//! pack's words.

use crate::notation::pack::{
    AFTER_A_COMMAND, AFTER_AN_ANALYSIS_COMMAND, ANALYSIS_COMMANDS, CommandWords, LineSentence,
};
use crate::notation::{Lexicon, VoicePack};

use super::line::{Line, parse_line};
pub use super::line_error::{LineError, Wanted};

/// The commands whose first word after them is a word of the table
/// (a side, a kind of claim, a ruling), not a move or a square.
const TAKES_A_WORD: &[&str] = &[
    "again",
    "offer",
    "accept",
    "decline",
    "claim",
    "resign",
    "touchmove",
    "illegalposition",
    "illegal",
    "addtime",
    "settime",
    "setmoves",
    "flags",
    "increment",
    "quickplay",
    "board",
    "pieces",
];

/// Whether `key` is a word typed after a command of the game: "kings"
/// is also one, after `illegalposition` (kings in check).
fn after_a_command(key: &str) -> bool {
    AFTER_A_COMMAND.contains(&key) || key == "kings"
}

/// Whether `key` belongs to going through games only (`analyse`).
fn analysis_only(key: &str) -> bool {
    ANALYSIS_COMMANDS.contains(&key) || AFTER_AN_ANALYSIS_COMMAND.contains(&key)
}

/// A line of going through games (`analyse`) with its command, and the
/// word after it, in English when they were typed in the pack's words
/// (`words`); anything else as typed.
pub fn analysis_line_in_english(words: &CommandWords, line: &str) -> String {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((command, used)) = words.read(&tokens) else {
        return line.to_string();
    };
    let mut english = vec![command];
    let rest = &tokens[used..];
    let rest = match words.read(rest) {
        Some((after, taken))
            if matches!(
                after,
                "white" | "black" | "mine" | "all" | "opponent" | "auto" | "off" | "mistakes"
            ) =>
        {
            english.push(after);
            &rest[taken..]
        }
        _ => rest,
    };
    english.extend(rest);
    english.join(" ")
}

/// Reads one line typed in `pack`'s command words or in English ones;
/// anything else is a move, as [`parse_line`] reads it.
pub fn parse_typed_line(pack: &VoicePack, lexicon: &Lexicon, line: &str) -> Line {
    let words = pack.command_words();
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let (command, used, local) = match words.read(&tokens) {
        Some((key, used)) if !AFTER_A_COMMAND.contains(&key) && !analysis_only(key) => {
            (key.to_string(), used, true)
        }
        _ => match tokens.first() {
            Some(first) => (first.to_lowercase(), 1, false),
            None => return Line::Nothing,
        },
    };
    let mut rest: Vec<&str> = tokens[used..].to_vec();
    let mut argument = None;
    if TAKES_A_WORD.contains(&command.as_str())
        && let Some((key, taken)) = words.read(&rest)
        && after_a_command(key)
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

/// The help of line mode in `pack`'s words: the commands as the pack says
/// them, and whether the English words work too (for a pack in another
/// language).
pub fn help(pack: &VoicePack) -> Vec<String> {
    let words = pack.command_words();
    let keys =
        <LineSentence as crate::notation::pack::SentenceKey>::placeholders(LineSentence::Help);
    let values: Vec<(&str, &str)> = keys
        .iter()
        .map(|k| {
            let key = if *k == "kings_in_check" { "kings" } else { k };
            (*k, words.word(key))
        })
        .collect();
    let line = pack.line_sentences();
    let mut said = vec![line.say(LineSentence::Help, &values)];
    if !pack.language.starts_with("en") {
        said.push(line.say(LineSentence::HelpEnglish, &[]));
    }
    said
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

    #[test]
    fn the_help_lists_the_packs_words() {
        let fide = help(&VoicePack::fide());
        assert_eq!(fide.len(), 2);
        assert!(fide[0].contains("berichtigen ZUG; drücken;"), "{}", fide[0]);
        let en = help(&VoicePack::builtin("en"));
        assert_eq!(en.len(), 1);
        assert!(en[0].starts_with("Commands: a move in any notation; correct MOVE; press;"));
    }
}
