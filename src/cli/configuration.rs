//! `zweibrett config`: where the configuration is read from, what it
//! comes to, and whether it can be used, so that a user can find the
//! file the default configuration's comments point to.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::{EXIT_WRONG_INPUT, fail};
use crate::config::{CONFIG_VARIABLE, ConfigSource, Settings, config_source};
use crate::notation::pack::{DoctorSentence as D, Sentences, VoicePack};
use crate::session::files::{private, private_dir};
use zweibrett_core::config::{Marks, starter};
use zweibrett_core::fault::SystemFault;

/// `zweibrett config`.
#[derive(Args, Debug)]
pub struct ConfigArgs {
    /// What to do with the configuration.
    #[command(subcommand)]
    pub action: ConfigAction,
}

/// What `zweibrett config` does.
#[derive(Subcommand, Debug, Clone, Copy)]
pub enum ConfigAction {
    /// Print the configuration file in use, where that choice came from
    /// (--config, ZWEIBRETT_CONFIG or the per-user file), and whether it
    /// is there.
    Path,
    /// Print the configuration in use as TOML: the shipped defaults with
    /// the file's values over them, each value from the file or the
    /// locale marked so.
    Show,
    /// Read and check the configuration as every subcommand does: an
    /// unknown section or key, a wrong value or one out of range, and a
    /// voice pack or theme that cannot be found, is named with its line
    /// (exit status 1).
    Check,
    /// Write a configuration file to start from where the configuration
    /// is read: every setting the shipped one, commented out, with its
    /// comment. A file already there is left as it is (exit status 1).
    Init,
}

/// Runs `zweibrett config`, its lines in the words of `voice` (the one
/// chosen on the command line), else of the configured pack.
pub fn run(args: &ConfigArgs, voice: Option<&str>) -> ExitCode {
    // The file is read once: for the words, and for what is asked.
    let loaded = Settings::load();
    let pack = match &loaded {
        Ok(settings) => super::pack_in(settings, voice),
        Err(_) => super::pack_in(&Settings::shipped(), voice),
    };
    let id = pack.id.clone();
    let words = pack.doctor_sentences();
    match args.action {
        ConfigAction::Path => {
            println!("{}", where_from(&config_source(), words));
            ExitCode::SUCCESS
        }
        // What `check` refuses is not shown as if it could be used.
        ConfigAction::Show => match loaded.and_then(|s| s.check_names().map(|()| s.config)) {
            Ok(config) => {
                let marks = Marks {
                    heading: words.say(D::ConfigShown, &[]),
                    file: words.say(D::ConfigFromFile, &[]),
                    locale: words.say(D::ConfigFromLocale, &[]),
                };
                print!("{}", config.shown(&marks));
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e.to_string(), EXIT_WRONG_INPUT),
        },
        ConfigAction::Check => match loaded.and_then(|s| s.check_names().map(|()| s)) {
            Ok(settings) => {
                match settings.config.user_file() {
                    Some(file) => println!(
                        "{}",
                        words.say(D::ConfigUsable, &[("file", &file.display().to_string())])
                    ),
                    None => println!("{}", words.say(D::ConfigDefaultsUsed, &[])),
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e.to_string(), EXIT_WRONG_INPUT),
        },
        ConfigAction::Init => init(&pack, &id),
    }
}

/// `config init`: the starter file where the configuration is read, never
/// over one that is there.
fn init(pack: &VoicePack, voice: &str) -> ExitCode {
    let words = pack.doctor_sentences();
    let Some(path) = config_source().file().map(Path::to_path_buf) else {
        return fail(&words.say(D::ConfigNoPlace, &[]), EXIT_WRONG_INPUT);
    };
    let file = path.display().to_string();
    // A link or anything else in the file's place counts as there.
    if std::fs::symlink_metadata(&path).is_ok() {
        return fail(
            &words.say(D::ConfigExists, &[("file", &file)]),
            EXIT_WRONG_INPUT,
        );
    }
    let heading = [words.say(D::ConfigStarter, &[])];
    let text = starter(&heading, voice);
    let folder = path
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .map_or(Ok(()), private_dir);
    // Made new or not at all: one made meanwhile is there already.
    let opened = match folder.map(|()| private().write(true).create_new(true).open(&path)) {
        Ok(Err(e)) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return fail(
                &words.say(D::ConfigExists, &[("file", &file)]),
                EXIT_WRONG_INPUT,
            );
        }
        Ok(opened) => opened,
        Err(e) => Err(e),
    };
    let written =
        opened.and_then(|mut out| out.write_all(text.as_bytes()).and_then(|()| out.sync_all()));
    match written {
        Ok(()) => {
            println!("{}", words.say(D::ConfigWritten, &[("file", &file)]));
            ExitCode::SUCCESS
        }
        Err(e) => {
            let reason = SystemFault::of(&e).say(pack.line_sentences());
            fail(
                &words.say(D::ConfigNotWritten, &[("file", &file), ("reason", &reason)]),
                EXIT_WRONG_INPUT,
            )
        }
    }
}

/// The file in use, why, and whether it is there, in one line.
fn where_from(source: &ConfigSource, words: &Sentences<D>) -> String {
    let there = |path: &Path| {
        let key = if path.is_file() {
            D::ConfigThere
        } else if path.exists() {
            D::ConfigNotPlain
        } else {
            D::ConfigNotThere
        };
        words.say(key, &[])
    };
    let shown = |path: &Path| path.display().to_string();
    match source {
        ConfigSource::Option(path) => words.say(
            D::ConfigOption,
            &[("file", &shown(path)), ("there", &there(path))],
        ),
        ConfigSource::Environment(path) => words.say(
            D::ConfigEnvironment,
            &[
                ("file", &shown(path)),
                ("variable", CONFIG_VARIABLE),
                ("there", &there(path)),
            ],
        ),
        ConfigSource::User(path) if path.exists() => words.say(
            D::ConfigUser,
            &[("file", &shown(path)), ("there", &there(path))],
        ),
        ConfigSource::User(path) => words.say(D::ConfigUserMissing, &[("file", &shown(path))]),
        ConfigSource::Nowhere => words.say(D::ConfigNowhere, &[]),
    }
}
