//! `zweibrett config`: where the configuration is read from, what it
//! comes to, and whether it can be used, so that a user can find the
//! file the default configuration's comments point to.

use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::{EXIT_WRONG_INPUT, fail};
use crate::config::{CONFIG_VARIABLE, ConfigSource, Settings, config_source, load};

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
    /// the file's values over them.
    Show,
    /// Read and check the configuration as every subcommand does: an
    /// unknown section or key, a wrong value or one out of range, and a
    /// voice pack or theme that cannot be found, is named with its line
    /// (exit status 1).
    Check,
}

/// Runs `zweibrett config`.
pub fn run(args: &ConfigArgs) -> ExitCode {
    match args.action {
        ConfigAction::Path => {
            let source = config_source();
            println!("{}", where_from(&source));
            ExitCode::SUCCESS
        }
        ConfigAction::Show => match load() {
            Ok(config) => {
                print!("{}", config.to_toml());
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e.to_string(), EXIT_WRONG_INPUT),
        },
        ConfigAction::Check => match Settings::load().and_then(|s| s.check_names().map(|()| s)) {
            Ok(settings) => {
                match settings.config.user_file() {
                    Some(file) => println!("{}: the configuration can be used", file.display()),
                    None => println!("no configuration file: the shipped defaults are used"),
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e.to_string(), EXIT_WRONG_INPUT),
        },
    }
}

/// The file in use, why, and whether it is there, in one line.
fn where_from(source: &ConfigSource) -> String {
    let there = |path: &std::path::Path| {
        if path.is_file() {
            "there"
        } else if path.exists() {
            "there, but not a plain file"
        } else {
            "not there"
        }
    };
    match source {
        ConfigSource::Option(path) => {
            format!("{} (named with --config; {})", path.display(), there(path))
        }
        ConfigSource::Environment(path) => format!(
            "{} (named by {CONFIG_VARIABLE}; {})",
            path.display(),
            there(path)
        ),
        ConfigSource::User(path) if path.exists() => {
            format!("{} (the per-user file; {})", path.display(), there(path))
        }
        ConfigSource::User(path) => format!(
            "{} (the per-user file; not there: the shipped defaults are used until it is made)",
            path.display()
        ),
        ConfigSource::Nowhere => {
            "no per-user folder is known (no home): the shipped defaults are used".to_string()
        }
    }
}
