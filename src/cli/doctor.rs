//! `zweibrett doctor`: why speech, sound, listening or the engine does or
//! does not work on this machine, one line per check, printed and spoken.
//! A check fails when something the user asked for (in the configuration
//! or on the command line) cannot work; what was not asked for and is
//! missing is a note.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use super::speak::{Prepared, SpeechOptions, prepare};
use super::{EXIT_WRONG_INPUT, fail};
use crate::printable::printable;
use crate::session::voice::Announce;
use crate::speech::output::{self, ActiveVoice, SpeechOutput};
use crate::speech::settings::Backend;
use crate::utterance::{Priority, Utterance};

/// How one check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It works.
    Works,
    /// It is missing, but nothing asked for needs it.
    Note,
    /// Something asked for cannot work.
    Fails,
}

/// One line of the report: what was looked at, how it came out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// What was looked at ("speech", "sound").
    pub what: &'static str,
    /// How it came out.
    pub outcome: Outcome,
    /// What was found, or what to do.
    pub detail: String,
}

impl Check {
    fn new(what: &'static str, outcome: Outcome, detail: impl Into<String>) -> Check {
        Check {
            what,
            outcome,
            detail: detail.into(),
        }
    }

    /// The line printed and said: the outcome first, as a listener wants it.
    pub fn line(&self) -> String {
        let word = match self.outcome {
            Outcome::Works => "ok",
            Outcome::Note => "note",
            Outcome::Fails => "FAILS",
        };
        format!("{word}: {}: {}", self.what, self.detail)
    }
}

/// `zweibrett doctor`.
#[derive(clap::Args, Debug)]
pub struct DoctorArgs {
    /// The voice pack whose language speech is checked in; default: the
    /// configured one.
    #[arg(long, value_name = "PACK")]
    pub voice: Option<String>,
    /// Speech as it is to be checked.
    #[command(flatten)]
    pub speech: SpeechOptions,
    /// Listening asked for: a missing recogniser or microphone then fails.
    #[command(flatten)]
    pub listening: super::speak::ListenOptions,
}

/// Runs `zweibrett doctor`.
pub fn run(options: &SpeechOptions, voice: Option<&str>) -> ExitCode {
    let mut checks = vec![configuration()];
    let Prepared {
        settings,
        pack,
        speech,
    } = match prepare(voice, options) {
        Ok(prepared) => prepared,
        Err(e) => {
            for check in &checks {
                println!("{}", check.line());
            }
            return fail(&e.to_string(), EXIT_WRONG_INPUT);
        }
    };
    checks.push(Check::new(
        "voice pack",
        Outcome::Works,
        format!("{} ({})", pack.name, pack.id),
    ));
    // The sound libraries write their own warnings to standard error; the
    // checks below say what they mean in one line each.
    let quiet = crate::speech::stderr::quiet_stderr(None).ok();
    checks.push(sound());
    let (output, _said) = SpeechOutput::start(speech.clone(), &pack);
    let active = output.wait_until_ready(speech.system_timeout() + Duration::from_secs(1));
    checks.push(spoken(&active, speech.backend));
    checks.push(screen_reader());
    checks.push(braille_display(settings.braille));
    checks.push(recogniser(&pack, options.listen.is_some()));
    checks.push(adaptation(&pack, options.listen.is_some()));
    checks.push(microphone(options.listen.is_some()));
    drop(quiet);
    checks.push(engine());
    checks.push(games_folder());
    for check in &checks {
        let line = check.line();
        println!("{}", printable(&line));
        output.announce(Utterance::new(line, Priority::Answer));
    }
    drop(settings);
    output.finish(Duration::from_secs(30));
    if checks.iter().any(|c| c.outcome == Outcome::Fails) {
        ExitCode::from(EXIT_WRONG_INPUT)
    } else {
        ExitCode::SUCCESS
    }
}

/// The braille display BRLTTY has, which a game shows itself on: a fault
/// only when the configuration asks for one.
fn braille_display(settings: crate::braille::BrailleSettings) -> Check {
    use crate::braille::DisplaySetting;
    let asked = settings.display == DisplaySetting::On || settings.deafblind;
    match crate::braille::probe() {
        _ if settings.display == DisplaySetting::Off => Check::new(
            "braille display",
            Outcome::Note,
            "off in the configuration ([braille] display = \"off\")",
        ),
        Ok(cells) => Check::new(
            "braille display",
            Outcome::Works,
            format!("BRLTTY has a display of {cells} cells; games show themselves on it"),
        ),
        Err(e) => Check::new(
            "braille display",
            if asked { Outcome::Fails } else { Outcome::Note },
            e.to_string(),
        ),
    }
}

/// The configuration file in use, and whether it can be used.
fn configuration() -> Check {
    let source = crate::config::config_source();
    let file = source
        .file()
        .map_or_else(|| "no file".to_string(), |p| p.display().to_string());
    match crate::config::Settings::load() {
        Err(e) => Check::new("configuration", Outcome::Fails, e.to_string()),
        Ok(_) if source.file().is_some_and(Path::exists) => {
            Check::new("configuration", Outcome::Works, file)
        }
        Ok(_) => Check::new(
            "configuration",
            Outcome::Works,
            format!("{file} is not there: the shipped defaults are used"),
        ),
    }
}

/// The default sound device, which the built-in voice and the tones use.
fn sound() -> Check {
    match crate::speech::audio::Player::open() {
        Ok(player) => Check::new(
            "sound",
            Outcome::Works,
            format!("the default output device plays at {} Hz", player.rate()),
        ),
        Err(e) => Check::new(
            "sound",
            Outcome::Note,
            format!("{e}; the built-in voice and the tones cannot sound"),
        ),
    }
}

/// Which voice speaks, against the backend asked for.
fn spoken(active: &ActiveVoice, backend: Backend) -> Check {
    let asked_system = backend == Backend::System;
    match active {
        ActiveVoice::System(name) => Check::new("speech", Outcome::Works, format!("{name} speaks")),
        ActiveVoice::Builtin(None) => Check::new("speech", Outcome::Works, "the built-in voice"),
        ActiveVoice::Builtin(Some(why)) => Check::new(
            "speech",
            if asked_system {
                Outcome::Fails
            } else {
                Outcome::Note
            },
            format!(
                "the system speech engine does not speak ({why}); the built-in voice does. {}",
                speech_server_advice()
            ),
        ),
        ActiveVoice::Starting => Check::new(
            "speech",
            Outcome::Note,
            "the system speech engine is still starting; the built-in voice speaks meanwhile",
        ),
        ActiveVoice::Silent(why) if why == output::SWITCHED_OFF => {
            Check::new("speech", Outcome::Works, "switched off (--speech none)")
        }
        ActiveVoice::Silent(why) if why == output::LEFT_TO_READER => Check::new(
            "speech",
            Outcome::Works,
            "left to the screen reader, which reads each line",
        ),
        ActiveVoice::Silent(why) => Check::new("speech", Outcome::Fails, why.clone()),
    }
}

/// Whether a screen reader runs (Orca, Speakup, Fenrir, BRLTTY).
fn screen_reader() -> Check {
    let named = std::env::var(crate::speech::reader::READER_VARIABLE).ok();
    let detail = match named.as_deref() {
        Some(name) if !name.is_empty() => {
            format!(
                "{name} (named by {})",
                crate::speech::reader::READER_VARIABLE
            )
        }
        _ => match crate::speech::reader::running_reader() {
            Some(found) => format!("{} is running", found.0),
            None => "none found running".to_string(),
        },
    };
    Check::new("screen reader", Outcome::Works, detail)
}

/// The speech recogniser and its model, which listening needs.
fn recogniser(pack: &crate::notation::VoicePack, asked: bool) -> Check {
    match crate::hearing::Recogniser::for_pack(pack) {
        Ok(recogniser) => Check::new(
            "listening",
            Outcome::Works,
            format!(
                "PocketSphinx {} and its US English model are installed",
                recogniser.generation()
            ),
        ),
        Err(e) => Check::new(
            "listening",
            if asked { Outcome::Fails } else { Outcome::Note },
            e.to_string(),
        ),
    }
}

/// The adaptation of listening to the player's voice, which enrolment
/// makes, and the training tools enrolment needs.
fn adaptation(pack: &crate::notation::VoicePack, asked: bool) -> Check {
    use crate::hearing::adapt::{kept_transform, missing_tools};
    match kept_transform(&pack.id) {
        Ok(Some(path)) => Check::new(
            "adaptation",
            Outcome::Works,
            format!("listening is adapted to your voice ({})", path.display()),
        ),
        Ok(None) => {
            let missing = missing_tools().packages;
            let detail = match missing.as_slice() {
                [] => "none made; `zweibrett enrol` makes one".to_string(),
                _ => format!(
                    "none made; `zweibrett enrol` needs: apt-get install {}",
                    missing.join(" ")
                ),
            };
            Check::new("adaptation", Outcome::Note, detail)
        }
        Err(e) => Check::new(
            "adaptation",
            if asked { Outcome::Fails } else { Outcome::Note },
            e.to_string(),
        ),
    }
}

/// The default input device, which listening records from.
fn microphone(asked: bool) -> Check {
    use cpal::traits::{DeviceTrait, HostTrait};
    match cpal::default_host().default_input_device() {
        Some(device) => match device.default_input_config() {
            Ok(config) => Check::new(
                "microphone",
                Outcome::Works,
                format!(
                    "the default input device records at {} Hz",
                    config.sample_rate()
                ),
            ),
            Err(e) => Check::new(
                "microphone",
                if asked { Outcome::Fails } else { Outcome::Note },
                e.to_string(),
            ),
        },
        None => Check::new(
            "microphone",
            if asked { Outcome::Fails } else { Outcome::Note },
            "no input device",
        ),
    }
}

/// What to do when the system speech does not answer: start the server
/// that is installed, or install one.
fn speech_server_advice() -> &'static str {
    let paths = std::env::var_os("PATH").unwrap_or_default();
    let installed =
        std::env::split_paths(&paths).any(|dir| dir.join("speech-dispatcher").is_file());
    match installed {
        true => {
            "speech-dispatcher is installed but does not answer: start it with \
             `speech-dispatcher -d`, and try `spd-say test`"
        }
        false => "On Debian: apt-get install speech-dispatcher speech-dispatcher-espeak-ng",
    }
}

/// The chess engine `analyse` asks (stockfish on PATH).
fn engine() -> Check {
    match crate::engine::find_engine(None) {
        Some(path) => Check::new("engine", Outcome::Works, path.display().to_string()),
        None => Check::new(
            "engine",
            Outcome::Note,
            "no stockfish on PATH: analysis goes without evaluations (apt-get install stockfish)",
        ),
    }
}

/// The folder games are kept in: it must take a file.
fn games_folder() -> Check {
    let Some(dir) = crate::session::journal::games_dir() else {
        return Check::new("games folder", Outcome::Fails, "no home folder is known");
    };
    let probe = dir.join(format!(".doctor-{}", std::process::id()));
    let written = crate::files::private_dir(&dir)
        .and_then(|()| crate::files::write_private(&probe, b"zweibrett"));
    let _ = std::fs::remove_file(&probe);
    match written {
        Ok(()) => Check::new("games folder", Outcome::Works, dir.display().to_string()),
        Err(e) => Check::new(
            "games folder",
            Outcome::Fails,
            format!("{}: {e}: no game can be kept", dir.display()),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_the_outcome_first() {
        let check = Check::new("engine", Outcome::Note, "no stockfish");
        assert_eq!(check.line(), "note: engine: no stockfish");
    }

    #[test]
    fn the_built_in_voice_fails_only_when_the_system_engine_was_asked_for() {
        let fallback = ActiveVoice::Builtin(Some("no speech-dispatcher".into()));
        assert_eq!(spoken(&fallback, Backend::System).outcome, Outcome::Fails);
        assert_eq!(spoken(&fallback, Backend::Auto).outcome, Outcome::Note);
        let off = ActiveVoice::Silent(output::SWITCHED_OFF.to_string());
        assert_eq!(spoken(&off, Backend::Auto).outcome, Outcome::Works);
    }
}
