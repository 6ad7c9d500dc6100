//! The configuration as a user reads it back: `config show` marks each
//! value that is not the shipped one with where it came from, and
//! `config init` starts a file from the shipped one with every setting
//! commented out, so that nothing in it changes anything until the user
//! says so.

use super::{Config, DEFAULT_TOML};

/// Where a value in use came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The shipped defaults.
    Shipped,
    /// The user's file.
    File,
    /// The user's locale (the voice pack of its language).
    Locale,
}

/// The words a shown value is marked with, in the pack's language.
#[derive(Clone, Debug)]
pub struct Marks {
    /// The first line, a comment saying what the marks mean.
    pub heading: String,
    /// The mark of a value from the user's file.
    pub file: String,
    /// The mark of the voice pack the locale picked.
    pub locale: String,
}

impl Config {
    /// Where the value at `path` (`["speech", "rate"]`) came from.
    pub fn origin(&self, path: &[&str]) -> Origin {
        self.origin_in(self.user_table().as_ref(), path)
    }

    /// The user's own values, read from their text once per question.
    fn user_table(&self) -> Option<toml::Table> {
        self.user_text
            .as_deref()
            .and_then(|text| toml::from_str::<toml::Table>(text).ok())
    }

    /// [`Config::origin`], with the user's values (`user`) already read.
    fn origin_in(&self, user: Option<&toml::Table>, path: &[&str]) -> Origin {
        if user.is_some_and(|user| lookup(user, path).is_some()) {
            Origin::File
        } else if self.locale_voice && path == ["voice"] {
            Origin::Locale
        } else {
            Origin::Shipped
        }
    }

    /// The configuration in use as TOML, every key there is, each value
    /// from the file or the locale marked so at its line's end.
    pub fn shown(&self, marks: &Marks) -> String {
        let mut out = format!("# {}\n", marks.heading);
        let user = self.user_table();
        let shown = Shown {
            user: user.as_ref(),
            marks,
        };
        self.show_table(&self.table, &mut Vec::new(), &shown, &mut out);
        out
    }

    fn show_table<'a>(
        &self,
        table: &'a toml::Table,
        path: &mut Vec<&'a str>,
        shown: &Shown,
        out: &mut String,
    ) {
        let marks = shown.marks;
        for (key, value) in table.iter().filter(|(_, v)| !v.is_table()) {
            path.push(key);
            let mark = match self.origin_in(shown.user, path) {
                Origin::Shipped => String::new(),
                Origin::File => format!("  # {}", marks.file),
                Origin::Locale => format!("  # {}", marks.locale),
            };
            out.push_str(&format!("{} = {value}{mark}\n", bare_or_quoted(key)));
            path.pop();
        }
        for (key, value) in table.iter() {
            if let toml::Value::Table(inner) = value {
                path.push(key);
                let header: Vec<String> = path.iter().map(|k| bare_or_quoted(k)).collect();
                out.push_str(&format!("\n[{}]\n", header.join(".")));
                self.show_table(inner, path, shown, out);
                path.pop();
            }
        }
    }
}

/// What [`Config::shown`] marks values by: the user's values, read once,
/// and the marks' words.
struct Shown<'a> {
    user: Option<&'a toml::Table>,
    marks: &'a Marks,
}

/// The value at `path` in `table`.
fn lookup<'a>(table: &'a toml::Table, path: &[&str]) -> Option<&'a toml::Value> {
    let (last, sections) = path.split_last()?;
    let mut table = table;
    for section in sections {
        table = table.get(*section)?.as_table()?;
    }
    table.get(*last)
}

/// A key as TOML writes it: bare where it can be.
fn bare_or_quoted(key: &str) -> String {
    let bare = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if bare {
        key.to_string()
    } else {
        toml::Value::String(key.to_string()).to_string()
    }
}

/// A configuration file to start from: the shipped one, its comments
/// kept, every setting commented out (`# rate = 1.0`), and `heading`
/// (lines of the pack's words) first. The voice pack's line names
/// `voice`, the one in use.
pub fn starter(heading: &[String], voice: &str) -> String {
    let mut out: String = heading.iter().map(|line| format!("# {line}\n")).collect();
    out.push('\n');
    for line in DEFAULT_TOML.lines() {
        let setting = line
            .split_once(" = ")
            .is_some_and(|(key, _)| !key.is_empty() && !key.starts_with(['#', '[', ' ']));
        if line.starts_with("voice = ") {
            out.push_str(&format!(
                "# voice = {}\n",
                toml::Value::String(voice.into())
            ));
        } else if setting {
            out.push_str(&format!("# {line}\n"));
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks() -> Marks {
        Marks {
            heading: "the configuration in use".into(),
            file: "from the file".into(),
            locale: "from the locale".into(),
        }
    }

    #[test]
    fn values_from_the_file_and_the_locale_are_marked_and_the_rest_not() {
        let text = "[speech]\nrate = 1.5\n[clock.white]\nafter_press = true\n";
        let config = Config::with_user_text(text, "mine.toml")
            .unwrap()
            .with_locale(Some("pt_PT.UTF-8"));
        let shown = config.shown(&marks());
        assert!(shown.starts_with("# the configuration in use\n"), "{shown}");
        assert!(
            shown.contains("voice = \"pt\"  # from the locale\n"),
            "{shown}"
        );
        assert!(shown.contains("rate = 1.5  # from the file\n"), "{shown}");
        assert!(shown.contains("[clock.white]\n"), "{shown}");
        assert!(
            shown.contains("after_press = true  # from the file\n"),
            "{shown}"
        );
        assert!(shown.contains("\nvolume = "), "{shown}");
        assert!(!shown.contains("volume = 1.0  #"), "{shown}");
        // It reads back as the configuration it shows.
        let again = Config::with_user_text(&shown, "shown.toml").unwrap();
        assert_eq!(again.table, config.table);
    }

    #[test]
    fn the_starter_changes_nothing_and_each_setting_can_be_uncommented() {
        let heading = ["made by config init".to_string()];
        let starter = starter(&heading, "es");
        assert!(starter.starts_with("# made by config init\n"));
        assert!(starter.contains("\n# voice = \"es\"\n"), "{starter}");
        let config = Config::with_user_text(&starter, "starter.toml").unwrap();
        assert_eq!(config.table, Config::defaults().table, "nothing changed");
        let settings = DEFAULT_TOML
            .lines()
            .filter(|l| l.contains(" = ") && !l.starts_with(['#', '[']))
            .count();
        let commented = starter
            .lines()
            .filter(|l| {
                l.strip_prefix("# ").is_some_and(|rest| {
                    rest.split_once(" = ")
                        .is_some_and(|(k, _)| !k.contains(' ') && !k.is_empty())
                })
            })
            .count();
        assert!(commented >= settings, "{commented} of {settings}");
        // One setting taken back in is read.
        let one = starter.replacen("# voice = \"es\"", "voice = \"es\"", 1);
        let config = Config::with_user_text(&one, "starter.toml").unwrap();
        assert_eq!(config.voice(None), "es");
    }
}
