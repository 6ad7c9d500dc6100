//! A command line clap refuses, said in the voice pack's words on one
//! line a screen reader reads whole: what was wrong, and what would be
//! right where clap knows it ("unbekannte Option --frobnicate; zweibrett
//! play --help nennt die Optionen"). What clap refuses in a way not
//! named here keeps clap's own message.

use clap::error::{ContextKind, ContextValue, ErrorKind};

use crate::notation::VoicePack;
use crate::notation::pack::LineSentence as L;

/// The message for `error` in `pack`'s words, for the subcommand
/// `command` ("play"; empty for the program itself); `None` where clap's
/// own says it better.
pub fn said(error: &clap::Error, pack: &VoicePack, command: &str) -> Option<String> {
    let words = pack.line_sentences();
    let one = |kind| match error.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        Some(ContextValue::Strings(list)) => list.first().cloned(),
        _ => None,
    };
    let all = |kind| match error.get(kind) {
        Some(ContextValue::Strings(list)) => list.join(", "),
        Some(ContextValue::String(s)) => s.clone(),
        _ => String::new(),
    };
    // "--role <ROLE>" is the option --role.
    let option_of = |kind| one(kind).map(|o| o.split(' ').next().unwrap_or_default().to_string());
    let line = match error.kind() {
        ErrorKind::UnknownArgument => {
            let option = one(ContextKind::InvalidArg)?;
            match one(ContextKind::SuggestedArg) {
                Some(suggestion) => words.say(
                    L::UsageUnknownOptionLike,
                    &[("option", &option), ("suggestion", &suggestion)],
                ),
                None => words.say(
                    L::UsageUnknownOption,
                    &[("option", &option), ("command", command)],
                ),
            }
        }
        ErrorKind::InvalidSubcommand => {
            let name = one(ContextKind::InvalidSubcommand)?;
            match one(ContextKind::SuggestedSubcommand) {
                Some(suggestion) => words.say(
                    L::UsageUnknownCommandLike,
                    &[("name", &name), ("suggestion", &suggestion)],
                ),
                None => words.say(L::UsageUnknownCommand, &[("name", &name)]),
            }
        }
        ErrorKind::InvalidValue => {
            let option = option_of(ContextKind::InvalidArg)?;
            let value = one(ContextKind::InvalidValue).unwrap_or_default();
            let values = all(ContextKind::ValidValue);
            match (value.is_empty(), values.is_empty()) {
                (true, true) => words.say(L::UsageNeedsValue, &[("option", &option)]),
                (true, false) => words.say(
                    L::UsageNeedsValueOf,
                    &[("option", &option), ("values", &values)],
                ),
                (false, true) => words.say(
                    L::UsageWrongValue,
                    &[("option", &option), ("value", &value)],
                ),
                (false, false) => words.say(
                    L::UsageInvalidValue,
                    &[("option", &option), ("value", &value), ("values", &values)],
                ),
            }
        }
        ErrorKind::ValueValidation => {
            let option = option_of(ContextKind::InvalidArg)?;
            let value = one(ContextKind::InvalidValue).unwrap_or_default();
            let wrong = words.say(
                L::UsageWrongValue,
                &[("option", &option), ("value", &value)],
            );
            // The reason in the checking part's own words, in brackets.
            match std::error::Error::source(error) {
                Some(why) => format!("{wrong} ({why})"),
                None => wrong,
            }
        }
        ErrorKind::MissingRequiredArgument => {
            // "<WHAT>" in the pack's placeholder, as its help shows it.
            let arguments = all(ContextKind::InvalidArg)
                .split(", ")
                .map(
                    |a| match a.strip_prefix('<').and_then(|a| a.strip_suffix('>')) {
                        Some(name) => format!("<{}>", pack.command_line().value_name(name)),
                        None => a.to_string(),
                    },
                )
                .collect::<Vec<_>>()
                .join(", ");
            words.say(
                L::UsageMissing,
                &[("command", command), ("arguments", &arguments)],
            )
        }
        ErrorKind::ArgumentConflict => {
            let option = option_of(ContextKind::InvalidArg)?;
            match option_of(ContextKind::PriorArg) {
                Some(other) if other != option => {
                    words.say(L::UsageConflict, &[("option", &option), ("other", &other)])
                }
                _ => words.say(L::UsageOnce, &[("option", &option)]),
            }
        }
        _ => return None,
    };
    Some(line.replace("zweibrett  --help", "zweibrett --help"))
}

/// The pack a refused command line is said in: the `--voice` it names,
/// if any, else the configured one.
pub fn pack_of(arguments: &[std::ffi::OsString]) -> VoicePack {
    let voice = arguments
        .iter()
        .position(|a| a == "--voice")
        .and_then(|at| arguments.get(at + 1))
        .and_then(|v| v.to_str().map(str::to_string))
        .or_else(|| {
            arguments.iter().find_map(|a| {
                a.to_str()
                    .and_then(|a| a.strip_prefix("--voice="))
                    .map(str::to_string)
            })
        });
    super::configured_pack(voice.as_deref())
}

/// The subcommand a refused command line names: its first word that is
/// one of the program's subcommands.
pub fn command_of(arguments: &[std::ffi::OsString], program: &clap::Command) -> String {
    arguments
        .iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .find(|a| program.find_subcommand(a).is_some())
        .unwrap_or_default()
        .to_string()
}
