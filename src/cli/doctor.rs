//! `zweibrett doctor`: why speech, sound, listening or the engine does or
//! does not work on this machine, one line per check, printed and spoken.
//! A check fails when something the user asked for (in the configuration
//! or on the command line) cannot work; what was not asked for and is
//! missing is a note. The lines are in the voice pack's language (its
//! `[doctor]` sentences); what another part reports in its own words (an
//! error of the sound system or of the configuration) is quoted as it is.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use super::speak::{Prepared, SpeechOptions, prepare};
use super::{EXIT_WRONG_INPUT, fail};
use crate::notation::VoicePack;
use crate::notation::pack::{DoctorSentence as D, Sentences};
use crate::printable::printable;
use crate::session::voice::Announce;
use crate::speech::output::{self, ActiveVoice, SpeechOutput};
use crate::speech::settings::Backend;
use crate::utterance::{Priority, Utterance};

/// The pack's sentences for the doctor's lines.
type Words = Sentences<D>;

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
    pub what: D,
    /// How it came out.
    pub outcome: Outcome,
    /// What was found, or what to do.
    pub detail: String,
}

impl Check {
    fn new(what: D, outcome: Outcome, detail: impl Into<String>) -> Check {
        Check {
            what,
            outcome,
            detail: detail.into(),
        }
    }

    /// The line printed and said, in the pack's words: the outcome
    /// first, as a listener wants it.
    pub fn line(&self, words: &Words) -> String {
        let outcome = words.say(
            match self.outcome {
                Outcome::Works => D::Works,
                Outcome::Note => D::Note,
                Outcome::Fails => D::Fails,
            },
            &[],
        );
        let what = words.say(self.what, &[]);
        words.say(
            D::Line,
            &[
                ("outcome", &outcome),
                ("what", &what),
                ("detail", &self.detail),
            ],
        )
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
    let Prepared {
        settings,
        pack,
        speech,
    } = match prepare(voice, options) {
        Ok(prepared) => prepared,
        Err(e) => {
            // No pack to speak with: the configuration's line in English.
            let english = VoicePack::builtin("en");
            let words = english.doctor_sentences();
            println!("{}", printable(&configuration(words).line(words)));
            return fail(&e.to_string(), EXIT_WRONG_INPUT);
        }
    };
    let words = pack.doctor_sentences();
    let mut checks = vec![configuration(words)];
    checks.push(Check::new(
        D::VoicePack,
        Outcome::Works,
        format!("{} ({})", pack.name, pack.id),
    ));
    // The sound libraries write their own warnings to standard error; the
    // checks below say what they mean in one line each.
    let quiet = crate::speech::stderr::quiet_stderr(None).ok();
    checks.push(sound(words));
    let (output, _said) = SpeechOutput::start(speech.clone(), &pack);
    let active = output.wait_until_ready(speech.system_timeout() + Duration::from_secs(1));
    checks.push(spoken(words, &active, speech.backend));
    checks.push(screen_reader(words));
    checks.push(braille_display(&pack, settings.braille));
    checks.push(recogniser(words, &pack, options.listen.is_some()));
    checks.push(adaptation(words, &pack, options.listen.is_some()));
    checks.push(microphone(words, options.listen.is_some()));
    drop(quiet);
    checks.push(engine(words));
    checks.push(games_folder(words));
    for check in &checks {
        let line = check.line(words);
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
/// only when the configuration asks for one. Why there is none is said in
/// the pack's words, as a game says it.
fn braille_display(pack: &VoicePack, settings: crate::braille::BrailleSettings) -> Check {
    use crate::braille::DisplaySetting;
    let words = pack.doctor_sentences();
    let asked = settings.display == DisplaySetting::On || settings.deafblind;
    match crate::braille::probe() {
        _ if settings.display == DisplaySetting::Off => Check::new(
            D::BrailleDisplay,
            Outcome::Note,
            words.say(D::BrailleOff, &[]),
        ),
        Ok(cells) => Check::new(
            D::BrailleDisplay,
            Outcome::Works,
            words.say(D::BrailleCells, &[("cells", &cells.to_string())]),
        ),
        Err(e) => Check::new(
            D::BrailleDisplay,
            needed(asked),
            e.say(pack.line_sentences()),
        ),
    }
}

/// A fault when it was asked for, else a note.
fn needed(asked: bool) -> Outcome {
    if asked { Outcome::Fails } else { Outcome::Note }
}

/// The configuration file in use, and whether it can be used.
fn configuration(words: &Words) -> Check {
    let source = crate::config::config_source();
    let file = source
        .file()
        .map_or_else(|| words.say(D::NoFile, &[]), |p| p.display().to_string());
    match crate::config::Settings::load() {
        Err(e) => Check::new(D::Configuration, Outcome::Fails, e.to_string()),
        Ok(_) if source.file().is_some_and(Path::exists) => {
            Check::new(D::Configuration, Outcome::Works, file)
        }
        Ok(_) => Check::new(
            D::Configuration,
            Outcome::Works,
            words.say(D::ConfigMissing, &[("file", &file)]),
        ),
    }
}

/// The default sound device, which the built-in voice and the tones use.
fn sound(words: &Words) -> Check {
    match crate::speech::audio::Player::open() {
        Ok(player) => Check::new(
            D::Sound,
            Outcome::Works,
            words.say(D::SoundRate, &[("rate", &player.rate().to_string())]),
        ),
        Err(e) => Check::new(
            D::Sound,
            Outcome::Note,
            words.say(D::SoundNone, &[("why", &e.to_string())]),
        ),
    }
}

/// Which voice speaks, against the backend asked for.
fn spoken(words: &Words, active: &ActiveVoice, backend: Backend) -> Check {
    let asked_system = backend == Backend::System;
    let say = |key| words.say(key, &[]);
    match active {
        ActiveVoice::System(name) => Check::new(
            D::Speech,
            Outcome::Works,
            words.say(D::SystemSpeaks, &[("name", name)]),
        ),
        ActiveVoice::Builtin(None) => Check::new(D::Speech, Outcome::Works, say(D::BuiltinSpeaks)),
        ActiveVoice::Builtin(Some(why)) => Check::new(
            D::Speech,
            needed(asked_system),
            words.say(
                D::SystemSilent,
                &[("why", why), ("advice", &say(speech_server_advice()))],
            ),
        ),
        ActiveVoice::Starting => Check::new(D::Speech, Outcome::Note, say(D::SystemStarting)),
        ActiveVoice::Silent(why) if why == output::SWITCHED_OFF => {
            Check::new(D::Speech, Outcome::Works, say(D::SpeechOff))
        }
        ActiveVoice::Silent(why) if why == output::LEFT_TO_READER => {
            Check::new(D::Speech, Outcome::Works, say(D::SpeechToReader))
        }
        ActiveVoice::Silent(why) => Check::new(D::Speech, Outcome::Fails, why.clone()),
    }
}

/// Whether a screen reader runs (Orca, Speakup, Fenrir, BRLTTY).
fn screen_reader(words: &Words) -> Check {
    let variable = crate::speech::reader::READER_VARIABLE;
    let named = std::env::var(variable).ok();
    let detail = match named.as_deref() {
        Some(name) if !name.is_empty() => {
            words.say(D::ReaderNamed, &[("name", name), ("variable", variable)])
        }
        _ => match crate::speech::reader::running_reader() {
            Some(found) => words.say(D::ReaderRunning, &[("name", &found.0.to_string())]),
            None => words.say(D::ReaderNone, &[]),
        },
    };
    Check::new(D::ScreenReader, Outcome::Works, detail)
}

/// The speech recogniser and its model, which listening needs.
fn recogniser(words: &Words, pack: &VoicePack, asked: bool) -> Check {
    match crate::hearing::Recogniser::for_pack(pack) {
        Ok(recogniser) => Check::new(
            D::Listening,
            Outcome::Works,
            words.say(
                D::RecogniserReady,
                &[("generation", &recogniser.generation().to_string())],
            ),
        ),
        Err(e) => Check::new(D::Listening, needed(asked), e.to_string()),
    }
}

/// The adaptation of listening to the player's voice, which enrolment
/// makes, and the training tools enrolment needs.
fn adaptation(words: &Words, pack: &VoicePack, asked: bool) -> Check {
    use crate::hearing::adapt::{kept_transform, missing_tools};
    match kept_transform(&pack.id) {
        Ok(Some(path)) => Check::new(
            D::Adaptation,
            Outcome::Works,
            words.say(D::Adapted, &[("path", &path.display().to_string())]),
        ),
        Ok(None) => {
            let missing = missing_tools().packages;
            let detail = match missing.as_slice() {
                [] => words.say(D::AdaptationNone, &[]),
                _ => words.say(D::AdaptationNeeds, &[("packages", &missing.join(" "))]),
            };
            Check::new(D::Adaptation, Outcome::Note, detail)
        }
        Err(e) => Check::new(D::Adaptation, needed(asked), e.to_string()),
    }
}

/// The default input device, which listening records from.
fn microphone(words: &Words, asked: bool) -> Check {
    use cpal::traits::{DeviceTrait, HostTrait};
    match cpal::default_host().default_input_device() {
        Some(device) => match device.default_input_config() {
            Ok(config) => Check::new(
                D::Microphone,
                Outcome::Works,
                words.say(
                    D::MicrophoneRate,
                    &[("rate", &config.sample_rate().to_string())],
                ),
            ),
            Err(e) => Check::new(D::Microphone, needed(asked), e.to_string()),
        },
        None => Check::new(
            D::Microphone,
            needed(asked),
            words.say(D::MicrophoneNone, &[]),
        ),
    }
}

/// What to do when the system speech does not answer: start the server
/// that is installed, or install one.
fn speech_server_advice() -> D {
    let paths = std::env::var_os("PATH").unwrap_or_default();
    let installed =
        std::env::split_paths(&paths).any(|dir| dir.join("speech-dispatcher").is_file());
    if installed {
        D::ServerSilent
    } else {
        D::ServerMissing
    }
}

/// The chess engine `analyse` asks (stockfish on PATH).
fn engine(words: &Words) -> Check {
    match crate::engine::find_engine(None) {
        Some(path) => Check::new(D::Engine, Outcome::Works, path.display().to_string()),
        None => Check::new(D::Engine, Outcome::Note, words.say(D::EngineNone, &[])),
    }
}

/// The folder games are kept in: it must take a file.
fn games_folder(words: &Words) -> Check {
    let Some(dir) = crate::session::journal::games_dir() else {
        return Check::new(D::GamesFolder, Outcome::Fails, words.say(D::NoHome, &[]));
    };
    let probe = dir.join(format!(".doctor-{}", std::process::id()));
    let written = crate::files::private_dir(&dir)
        .and_then(|()| crate::files::write_private(&probe, b"zweibrett"));
    let _ = std::fs::remove_file(&probe);
    match written {
        Ok(()) => Check::new(D::GamesFolder, Outcome::Works, dir.display().to_string()),
        Err(e) => Check::new(
            D::GamesFolder,
            Outcome::Fails,
            words.say(
                D::GamesUnwritable,
                &[
                    ("folder", &dir.display().to_string()),
                    ("why", &e.to_string()),
                ],
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_the_outcome_first_in_the_packs_words() {
        let check = Check::new(D::Engine, Outcome::Note, "kein stockfish");
        let english = VoicePack::builtin("en");
        assert_eq!(
            check.line(english.doctor_sentences()),
            "note: engine: kein stockfish"
        );
        let german = VoicePack::builtin("fide");
        assert_eq!(
            check.line(german.doctor_sentences()),
            "Hinweis: Schachprogramm: kein stockfish"
        );
    }

    #[test]
    fn the_built_in_voice_fails_only_when_the_system_engine_was_asked_for() {
        let pack = VoicePack::builtin("en");
        let words = pack.doctor_sentences();
        let fallback = ActiveVoice::Builtin(Some("no speech-dispatcher".into()));
        assert_eq!(
            spoken(words, &fallback, Backend::System).outcome,
            Outcome::Fails
        );
        assert_eq!(
            spoken(words, &fallback, Backend::Auto).outcome,
            Outcome::Note
        );
        let off = ActiveVoice::Silent(output::SWITCHED_OFF.to_string());
        assert_eq!(spoken(words, &off, Backend::Auto).outcome, Outcome::Works);
    }
}
