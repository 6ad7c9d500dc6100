//! Values the shell completes from a list while any other is taken too: a
//! voice pack or theme of the user's own, a time control written out. The
//! completions read the list; the subcommand reads what was
//! typed and refuses it there, in its own words, when it cannot be had.
//! `--help` leaves the lists out (`hide_possible_values`), so that a
//! subcommand's help stays a page a screen reader reads through.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};

/// A value suggested from a list, taken as typed.
#[derive(Clone, Copy)]
pub struct Suggested(fn() -> Vec<PossibleValue>);

impl Suggested {
    /// The shipped voice packs, each with its name.
    pub fn packs() -> Suggested {
        // Read once: every command's --voice asks, and a pack takes a
        // while to read.
        static NAMED: std::sync::OnceLock<Vec<(&str, String)>> = std::sync::OnceLock::new();
        Suggested(|| {
            NAMED
                .get_or_init(|| {
                    crate::notation::pack::BUILTIN
                        .iter()
                        .map(|(id, _)| (*id, crate::notation::VoicePack::builtin(id).name))
                        .collect()
                })
                .iter()
                .map(|(id, name)| PossibleValue::new(*id).help(name.clone()))
                .collect()
        })
    }

    /// The built-in themes, and `list`, which names them all.
    pub fn themes() -> Suggested {
        Suggested(|| {
            crate::ui::screen::theme::Theme::built_in_names()
                .map(PossibleValue::new)
                .chain([PossibleValue::new(super::game::LIST_THEMES).help("name every theme")])
                .collect()
        })
    }

    /// The named time controls, each with what it is.
    pub fn time_controls() -> Suggested {
        Suggested(|| {
            crate::clock::control::PRESETS
                .iter()
                .map(|(name, _, description)| PossibleValue::new(*name).help(*description))
                .collect()
        })
    }
}

impl TypedValueParser for Suggested {
    type Value = String;

    fn parse_ref(
        &self,
        command: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        value
            .to_str()
            .map(str::to_string)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidUtf8).with_cmd(command))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_value_is_taken_and_the_list_is_offered() {
        let command = clap::Command::new("t");
        let taken = Suggested::packs()
            .parse_ref(&command, None, OsStr::new("mine"))
            .unwrap();
        assert_eq!(taken, "mine");
        let offered: Vec<String> = Suggested::packs()
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(offered, ["fide", "pt", "es", "en"]);
        let presets: Vec<String> = Suggested::time_controls()
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        assert!(presets.contains(&"standard".to_string()), "{presets:?}");
    }
}
