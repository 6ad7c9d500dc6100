//! `zweibrett --help` in the voice pack's language: the command line as
//! clap knows it, each command's, option's and value's text replaced by
//! the pack's (`[command_line.texts]`), and clap's own words (headings,
//! `[OPTIONS]`, the help and version options, a default, the values) by
//! the pack's sentences. A text the pack lacks stays as the program
//! wrote it. The command line parses as before; only its help is said
//! differently.

use std::collections::{BTreeMap, HashMap};

use clap::builder::{PossibleValue, Resettable, StyledStr};
use clap::{Arg, Command, CommandFactory};

use crate::notation::VoicePack;
use crate::notation::pack::{CommandLineSection, CommandLineSentence as C};

use super::Cli;

/// The program's command line with its help in `pack`'s words, built
/// (clap's own help option and `help` command are there to be reworded).
pub fn in_pack(pack: &VoicePack) -> Command {
    let mut command = Cli::command();
    command.build();
    let keys = Keys::of(&command);
    localise(command, &Place::ROOT, &keys, pack.command_line())
}

/// Prints the help clap was asked for (`--help`, `-h`, `help play`, a
/// command without its subcommand) in the pack the command line names
/// or the configured one, and returns clap's exit status for it.
pub fn print(asked: clap::Error) -> std::process::ExitCode {
    let arguments: Vec<_> = std::env::args_os().collect();
    let pack = super::usage::pack_of(&arguments);
    // The same command line asks the reworded program for the same help.
    let answer = match in_pack(&pack).try_get_matches_from_mut(&arguments) {
        Err(e) if e.kind() == asked.kind() => e,
        _ => asked,
    };
    let _ = answer.print();
    std::process::ExitCode::from(u8::try_from(answer.exit_code()).unwrap_or(super::EXIT_USAGE))
}

/// Every text of the command line by its key, as the program wrote it
/// (English): what a pack's `[command_line.texts]` translates.
pub fn texts() -> BTreeMap<String, String> {
    let mut command = Cli::command();
    command.build();
    let mut found = BTreeMap::new();
    collect(&command, &Place::ROOT, &Keys::of(&command), &mut found);
    found
}

/// Every placeholder an option's value is shown as (`FILE`): what a
/// pack's `[command_line.value_names]` translates.
pub fn value_names() -> Vec<String> {
    let mut command = Cli::command();
    command.build();
    let mut names = Vec::new();
    let mut stack = vec![&command];
    while let Some(command) = stack.pop() {
        // A flag's placeholder is never shown.
        for arg in command
            .get_arguments()
            .filter(|a| a.get_action().takes_values())
        {
            for name in arg.get_value_names().unwrap_or_default() {
                names.push(name.to_string());
            }
        }
        stack.extend(command.get_subcommands());
    }
    names.sort();
    names.dedup();
    names
}

/// The `[command_line.texts]` and `[command_line.value_names]` tables of
/// a voice pack, with every text in English: what a translator starts
/// from.
pub fn pack_tables() -> String {
    #[derive(serde::Serialize)]
    struct Tables {
        texts: BTreeMap<String, String>,
        value_names: BTreeMap<String, String>,
    }
    #[derive(serde::Serialize)]
    struct Pack {
        command_line: Tables,
    }
    let value_names = value_names().into_iter().map(|n| (n.clone(), n)).collect();
    let pack = Pack {
        command_line: Tables {
            texts: texts(),
            value_names,
        },
    };
    toml::to_string(&pack).unwrap_or_default()
}

/// The names of the texts: a command by its path (`config show`;
/// `zweibrett` for the program), an option by its name (`--speech`) where
/// it says what it says in most commands, else with its command's path
/// (`analyse --engine`), a value after its option (`--speech=auto`).
struct Keys {
    /// What an option or value says in most commands, by its plain name.
    common: HashMap<String, String>,
}

impl Keys {
    fn of(command: &Command) -> Keys {
        let mut counted: HashMap<String, Vec<(String, usize)>> = HashMap::new();
        let mut count = |name: String, text: String| {
            let texts = counted.entry(name).or_default();
            match texts.iter_mut().find(|(t, _)| *t == text) {
                Some((_, n)) => *n += 1,
                None => texts.push((text, 1)),
            }
        };
        let mut stack = vec![command];
        while let Some(command) = stack.pop() {
            for arg in command.get_arguments().filter(|a| !is_clap_own(a)) {
                let Some(name) = name_of(arg) else { continue };
                if let Some(text) = written(arg) {
                    count(name.clone(), text);
                }
                for value in arg.get_possible_values() {
                    if let Some(help) = value.get_help() {
                        count(format!("{name}={}", value.get_name()), help.to_string());
                    }
                }
            }
            if command.get_name() != "help" {
                stack.extend(command.get_subcommands());
            }
        }
        let common = counted
            .into_iter()
            .filter_map(|(name, texts)| {
                // The first of the most said, so that a tie is settled the
                // same way every time.
                let most = texts.iter().map(|(_, n)| *n).max()?;
                let text = texts.into_iter().find(|(_, n)| *n == most)?.0;
                Some((name, text))
            })
            .collect();
        Keys { common }
    }

    /// The key of the text `text` named `name` (`--speech`,
    /// `--speech=auto`) in the command at `place`.
    fn key(&self, place: &Place, name: &str, text: &str) -> String {
        match self.common.get(name).is_some_and(|t| t == text) {
            true => name.to_string(),
            false => format!("{} {name}", place.key()),
        }
    }
}

/// An argument's plain name: `--speech`, `-x`, `<moves>`.
fn name_of(arg: &Arg) -> Option<String> {
    if arg.is_positional() {
        Some(format!("<{}>", arg.get_id()))
    } else if let Some(long) = arg.get_long() {
        Some(format!("--{long}"))
    } else {
        Some(format!("-{}", arg.get_short()?))
    }
}

/// An argument's text as the program wrote it.
fn written(arg: &Arg) -> Option<String> {
    arg.get_long_help()
        .or(arg.get_help())
        .map(ToString::to_string)
}

/// Where a command stands: its path (`config show`; empty for the
/// program).
struct Place {
    path: String,
}

impl Place {
    const ROOT: Place = Place {
        path: String::new(),
    };

    /// The command's own key.
    fn key(&self) -> &str {
        if self.path.is_empty() {
            "zweibrett"
        } else {
            &self.path
        }
    }

    fn child(&self, name: &str) -> Place {
        // `help play` shows play's help: the copies under clap's `help`
        // command take their texts from the commands they copy.
        let parent = match self.path.strip_suffix("help") {
            Some(above) if above.is_empty() || above.ends_with(' ') => above.trim_end(),
            _ => &self.path,
        };
        match parent.is_empty() {
            true => Place {
                path: name.to_string(),
            },
            false => Place {
                path: format!("{parent} {name}"),
            },
        }
    }
}

/// clap's own arguments, worded by the pack's sentences.
fn is_clap_own(arg: &Arg) -> bool {
    matches!(arg.get_id().as_str(), "help" | "version")
}

fn collect(command: &Command, place: &Place, keys: &Keys, found: &mut BTreeMap<String, String>) {
    if command.get_name() != "help"
        && let Some(about) = command.get_long_about().or(command.get_about())
    {
        found.insert(place.key().to_string(), about.to_string());
    }
    for arg in command.get_arguments().filter(|a| !is_clap_own(a)) {
        let Some(name) = name_of(arg) else { continue };
        if let Some(text) = written(arg) {
            found.insert(keys.key(place, &name, &text), text);
        }
        for value in arg.get_possible_values() {
            if let Some(help) = value.get_help() {
                let name = format!("{name}={}", value.get_name());
                let help = help.to_string();
                found.insert(keys.key(place, &name, &help), help);
            }
        }
    }
    // clap's `help` holds copies of the commands beside it.
    if command.get_name() == "help" {
        return;
    }
    for sub in command.get_subcommands() {
        collect(sub, &place.child(sub.get_name()), keys, found);
    }
}

/// A text in its two forms, as clap's derive makes them from a doc
/// comment: the summary (`-h`) is the first paragraph without its full
/// stop, the whole text (`--help`) only when there is more.
fn forms(text: &str) -> (String, Option<String>) {
    let text = text.trim();
    match text.split_once("\n\n") {
        Some((first, _)) => (summary(first), Some(text.to_string())),
        None => (summary(text), None),
    }
}

fn summary(paragraph: &str) -> String {
    let trimmed = paragraph.trim_end();
    match trimmed.strip_suffix('.') {
        // "…, etc." and "…" stay whole; a sentence's stop goes.
        Some(rest) if !rest.ends_with('.') => rest.to_string(),
        _ => trimmed.to_string(),
    }
}

fn localise(
    mut command: Command,
    place: &Place,
    keys: &Keys,
    words: &CommandLineSection,
) -> Command {
    let say = |key| words.sentences.say(key, &[]);
    // No command of the program's own is called `help`: this is clap's.
    if command.get_name() == "help" {
        command = command.about(say(C::HelpCommand)).long_about(None);
    } else if let Some(text) = words.text(place.key()) {
        let (about, long) = forms(text);
        command = command.about(about).long_about(resettable(long));
    }
    command = command
        .help_template(format!(
            "{{before-help}}{{about-with-newline}}\n{}: {{usage}}\n\n{{all-args}}{{after-help}}",
            say(C::Usage)
        ))
        .subcommand_help_heading(say(C::Commands))
        .subcommand_value_name(say(C::CommandWord))
        .mut_args(|arg| localise_arg(arg, place, keys, words));
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        let child = place.child(&name);
        command = command.mut_subcommand(&name, |sub| localise(sub, &child, keys, words));
    }
    // clap writes "[OPTIONS]" itself: the usage line, reworded.
    let usage = command.render_usage().to_string();
    // clap's own title goes; the template has the pack's.
    let usage = usage
        .strip_prefix("Usage: ")
        .unwrap_or(&usage)
        .replace("[OPTIONS]", &format!("[{}]", say(C::OptionsWord)));
    command.override_usage(usage.trim_end().to_string())
}

fn localise_arg(mut arg: Arg, place: &Place, keys: &Keys, words: &CommandLineSection) -> Arg {
    let say = |key| words.sentences.say(key, &[]);
    match arg.get_id().as_str() {
        "help" => {
            // clap gives a long form only where the command has more to say.
            let arg = arg.help_heading(say(C::Options));
            return match arg.get_long_help().is_some() {
                true => arg
                    .help(say(C::HelpFlagMore))
                    .long_help(say(C::HelpFlagSummary)),
                false => arg.help(say(C::HelpFlag)),
            };
        }
        "version" => return arg.help(say(C::VersionFlag)).help_heading(say(C::Options)),
        _ => {}
    }
    let heading = match arg.is_positional() {
        true => say(C::Arguments),
        false => say(C::Options),
    };
    arg = arg.help_heading(heading);
    let (Some(name), Some(english)) = (name_of(&arg), written(&arg)) else {
        return arg;
    };
    let text = words
        .text(&keys.key(place, &name, &english))
        .map_or(english, str::to_string);
    let (mut short, mut long) = forms(&text);
    if let Some(names) = arg.get_value_names() {
        let names: Vec<String> = names
            .iter()
            .map(|n| words.value_name(n).to_string())
            .collect();
        arg = arg.value_names(names);
    }
    let takes_values = arg.get_action().takes_values();
    // The default and the values, in the pack's words after the text.
    let mut after = Vec::new();
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if takes_values && !defaults.is_empty() && !arg.is_hide_default_value_set() {
        after.push(
            words
                .sentences
                .say(C::Default, &[("value", &defaults.join(", "))]),
        );
        arg = arg.hide_default_value(true);
    }
    let values: Vec<PossibleValue> = arg
        .get_possible_values()
        .into_iter()
        .filter(|v| !v.is_hide_set())
        .collect();
    let listed = takes_values && !values.is_empty() && !arg.is_hide_possible_values_set();
    let names: Vec<&str> = values.iter().map(|v| v.get_name()).collect();
    let named = words
        .sentences
        .say(C::Values, &[("values", &names.join(", "))]);
    let explained = values.iter().any(|v| v.get_help().is_some());
    if listed {
        arg = arg.hide_possible_values(true);
    }
    if listed && !explained {
        after.push(named.clone());
    }
    if !after.is_empty() {
        let said = format!(" [{}]", after.join("; "));
        short.push_str(&said);
        if let Some(long) = long.as_mut() {
            long.push_str(&said);
        }
    }
    if listed && explained {
        // The summary names the values; the long help says what each does.
        short.push_str(&format!(" [{named}]"));
        let mut list = format!(
            "{}\n\n{}:",
            long.unwrap_or_else(|| short_without(&short, &named)),
            say(C::ValuesHeading)
        );
        for value in &values {
            let own = value.get_help().map(|english| {
                let english = english.to_string();
                let key = keys.key(place, &format!("{name}={}", value.get_name()), &english);
                words.text(&key).map_or(english, str::to_string)
            });
            match own {
                Some(help) => list.push_str(&format!("\n- {}: {help}", value.get_name())),
                None => list.push_str(&format!("\n- {}", value.get_name())),
            }
        }
        long = Some(list);
    }
    arg.help(short).long_help(resettable(long))
}

/// A long text, or none (clap then shows the summary).
fn resettable(text: Option<String>) -> Resettable<StyledStr> {
    match text {
        Some(text) => Resettable::Value(StyledStr::from(text)),
        None => Resettable::Reset,
    }
}

/// The summary without the values it names, as the start of the long
/// help that lists them.
fn short_without(short: &str, named: &str) -> String {
    short.replace(&format!(" [{named}]"), "")
}

#[cfg(test)]
mod tests;
