//! The `[commands]` table: the command words in the pack's language,
//! besides the English ones, which always work; its keys are those of the
//! command table. A command word
//! is never a word the move reader knows, else a typed move could be read
//! as a command.

use std::collections::BTreeMap;

use toml::Spanned;

use super::check::Checker;
use super::command_table::{ANALYSIS_COMMANDS, command_keys, game_command};

/// Whether `a` and `b` are read apart, one a command of the game and the
/// other of going through games only, so that one word may stand for both.
fn apart(a: &str, b: &str) -> bool {
    let game = |k: &str| game_command(k).is_some_and(|c| c.word == k);
    let analysis = |k: &str| ANALYSIS_COMMANDS.contains(&k);
    (game(a) && analysis(b)) || (analysis(a) && game(b))
}
use super::error::{DuplicateWord, PackError};
use crate::notation::fold::fold;

/// The `[commands]` table as written: each English command word with the
/// pack's words for it.
pub(super) type RawCommands = BTreeMap<String, Vec<Spanned<String>>>;

/// The pack's command words, checked when the pack loads.
#[derive(Clone, Debug, Default)]
pub struct CommandWords {
    /// Each folded phrase with the English word it stands for, longest
    /// phrases first.
    phrases: Vec<(Vec<String>, &'static str)>,
    /// The first word the pack gives for each English word.
    first: BTreeMap<&'static str, String>,
}

impl CommandWords {
    /// Checks the table: every key known, no word empty, none a word the
    /// move reader knows (in `check`), none given to two commands.
    pub(super) fn check(
        table: Option<&Spanned<RawCommands>>,
        check: &Checker<'_>,
    ) -> Result<CommandWords, PackError> {
        let mut words = CommandWords::default();
        let Some(table) = table else {
            return Ok(words);
        };
        let mut seen: BTreeMap<String, (&'static str, usize)> = BTreeMap::new();
        for (name, list) in table.get_ref() {
            let key_name = format!("commands.{name}");
            let line_of = |w: &Spanned<String>| check.line(w.span().start);
            let Some(key) = command_keys().find(|k| k == name) else {
                return Err(PackError::Invalid {
                    file: check.file.to_string(),
                    key: key_name,
                    line: list
                        .first()
                        .map_or_else(|| check.line(table.span().start), line_of),
                    problem: format!("\"{name}\" is not a command"),
                });
            };
            for word in list {
                let line = line_of(word);
                let folded: Vec<String> = word.get_ref().split_whitespace().map(fold).collect();
                if folded.is_empty() || folded.iter().any(String::is_empty) {
                    return Err(PackError::Invalid {
                        file: check.file.to_string(),
                        key: key_name,
                        line,
                        problem: "the word is empty".to_string(),
                    });
                }
                let joined = folded.join(" ");
                let twice = |first: String, first_key: String, first_line: usize| {
                    PackError::Duplicate(Box::new(DuplicateWord {
                        file: check.file.to_string(),
                        key: key_name.clone(),
                        line,
                        word: word.get_ref().clone(),
                        first,
                        first_key,
                        first_line,
                    }))
                };
                if let Some((meaning, first_key, first_line)) = check.seen.get(&joined) {
                    return Err(twice(meaning.to_string(), first_key.clone(), *first_line));
                }
                match seen.get(&joined) {
                    Some((other, first_line)) if *other != key && !apart(other, key) => {
                        return Err(twice(
                            format!("the command {other}"),
                            format!("commands.{other}"),
                            *first_line,
                        ));
                    }
                    Some((other, _)) if *other != key => words.phrases.push((folded, key)),
                    Some(_) => {}
                    None => {
                        seen.insert(joined, (key, line));
                        words.phrases.push((folded, key));
                    }
                }
                words
                    .first
                    .entry(key)
                    .or_insert_with(|| word.get_ref().clone());
            }
        }
        words
            .phrases
            .sort_by_key(|(phrase, _)| std::cmp::Reverse(phrase.len()));
        Ok(words)
    }

    /// How the pack says the English command word `key`: its first word
    /// for it, or the English word itself.
    pub fn word<'a>(&'a self, key: &'a str) -> &'a str {
        self.first.get(key).map_or(key, String::as_str)
    }

    /// `tokens` with each run of them that `read` takes for an English
    /// word (as [`CommandWords::read`] does, with how many tokens it took)
    /// replaced by that word, wherever it stands; every other token kept
    /// as typed.
    pub fn in_english<'a>(
        tokens: &[&'a str],
        read: impl Fn(&[&'a str]) -> Option<(&'static str, usize)>,
    ) -> Vec<&'a str> {
        let mut english = Vec::with_capacity(tokens.len());
        let mut at = 0;
        while at < tokens.len() {
            match read(&tokens[at..]) {
                Some((key, taken)) => {
                    english.push(key);
                    at += taken;
                }
                None => {
                    english.push(tokens[at]);
                    at += 1;
                }
            }
        }
        english
    }

    /// The English word that the first of `tokens` stand for, with how
    /// many tokens it took; the longest phrase wins. Case and accents do
    /// not matter.
    pub fn read(&self, tokens: &[&str]) -> Option<(&'static str, usize)> {
        self.read_where(tokens, |_| true)
    }

    /// The same, among the English words `wanted` accepts.
    pub fn read_where(
        &self,
        tokens: &[&str],
        wanted: impl Fn(&str) -> bool,
    ) -> Option<(&'static str, usize)> {
        let folded: Vec<String> = tokens.iter().map(|t| fold(t)).collect();
        self.phrases
            .iter()
            .find(|(phrase, key)| {
                folded.len() >= phrase.len() && folded[..phrase.len()] == phrase[..] && wanted(key)
            })
            .map(|(phrase, key)| (*key, phrase.len()))
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::VoicePack;
    use crate::notation::pack::PackError;

    fn fide_with(from: &str, to: &str) -> Result<VoicePack, PackError> {
        let text = crate::notation::pack::BUILTIN[0].1;
        assert!(text.contains(from), "{from}");
        VoicePack::from_toml(&text.replace(from, to), "mine.toml")
    }

    #[test]
    fn the_built_in_packs_read_their_own_command_words() {
        let fide = VoicePack::fide();
        let words = fide.command_words();
        assert_eq!(words.word("press"), "drücken");
        assert_eq!(words.word("pgn"), "pgn", "English where the pack has none");
        assert_eq!(words.read(&["Remis", "anbieten", "x"]), Some(("offer", 2)));
        assert_eq!(words.read(&["REMIS"]), Some(("offer", 1)));
        assert_eq!(words.read(&["drucken"]), Some(("press", 1)));
        assert_eq!(words.read(&["e4"]), None);
        for id in ["pt", "es"] {
            let pack = VoicePack::builtin(id);
            assert_ne!(pack.command_words().word("press"), "press", "{id}");
        }
    }

    #[test]
    fn a_command_word_the_move_reader_knows_is_an_error() {
        let e = fide_with("press = [\"drücken\"]", "press = [\"Springer\"]").unwrap_err();
        let PackError::Duplicate(d) = &e else {
            panic!("{e}");
        };
        assert_eq!(d.file, "mine.toml");
        assert_eq!(d.key, "commands.press");
        assert_eq!(d.first_key, "pieces.knight");
        assert!(d.line > 1);
        let e = fide_with("help = [\"Hilfe\"]", "help = [\"drücken\"]").unwrap_err();
        assert!(e.to_string().contains("already means the command"), "{e}");
        let e = fide_with("help = [\"Hilfe\"]", "hilfe = [\"Hilfe\"]").unwrap_err();
        assert!(e.to_string().contains("key commands.hilfe"), "{e}");
        assert!(e.to_string().contains("not a command"), "{e}");
    }
}
