//! `zweibrett clock`: the talking clock beside a physical board.

use std::process::ExitCode;

use clap::Args;

use crate::clock::TimeControl;
use crate::clock::control::PRESETS;
use crate::clock::schedule::ClockSettings;
use crate::clock::words::ClockWords;
use crate::notation::pack::VoicePack;
use crate::speech::{SpeechOutput, quiet_stderr};

use super::{SpeechOptions, fail, speech_settings};

/// Options of `zweibrett clock`.
#[derive(Args, Debug)]
pub struct ClockArgs {
    /// Time control: a preset (standard, standard-120, standard-90, rapid,
    /// rapid-25, blitz, blitz-5) or a PGN TimeControl tag such as
    /// 40/5400+30:1800+30, 900+10, 300d5 (delay) or 300b5 (Bronstein).
    /// Default: the configuration's [clock] time.
    #[arg(long)]
    pub time: Option<String>,

    /// Voice pack for the announcements (fide, pt, es, en, or your own).
    #[arg(long)]
    pub voice: Option<String>,
}

/// `zweibrett clock`: reads the configuration, the voice pack and the time
/// control, then runs the talking clock.
pub fn run_clock(args: ClockArgs, plain: bool, speech: &SpeechOptions) -> ExitCode {
    let config = match crate::config::Settings::load() {
        Ok(settings) => settings.config,
        Err(e) => return fail(&e.to_string(), 1),
    };
    let settings: ClockSettings = match config.section("clock") {
        Ok(settings) => settings,
        Err(e) => return fail(&e.to_string(), 1),
    };
    let voice = config.voice(args.voice.as_deref());
    let pack = match VoicePack::load(&voice) {
        Ok(pack) => pack,
        Err(e) => return fail(&e.to_string(), 2),
    };
    let words = match ClockWords::from_pack(&pack) {
        Ok(words) => words,
        Err(e) => return fail(&e.to_string(), 2),
    };
    let speech_settings = match speech_settings(&config, speech) {
        Ok(settings) => settings,
        Err(e) => return fail(&e, 1),
    };
    let time = args.time.unwrap_or_else(|| settings.time.clone());
    let control = match TimeControl::named_or_parsed(&time) {
        Ok(control) => control,
        Err(e) => {
            let presets: Vec<&str> = PRESETS.iter().map(|(name, _, _)| *name).collect();
            let message = format!(
                "{e}\na time control is a preset ({}) or a PGN tag such as \
                 40/5400+30:1800+30, 900+10, 300d5 or 300b5",
                presets.join(", ")
            );
            return fail(&message, 2);
        }
    };
    if plain {
        let (output, _text) = SpeechOutput::start(speech_settings, &pack);
        crate::ui::clock::run_plain(control, words, settings, output);
        ExitCode::SUCCESS
    } else {
        // ALSA's warnings must not land between the clock's lines.
        let quiet = quiet_stderr(None).ok();
        let (output, _text) = SpeechOutput::start(speech_settings, &pack);
        let outcome = crate::ui::clock::run_keys(control, words, settings, output);
        drop(quiet);
        match outcome {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(
                &format!("cannot read single keys from this terminal ({e}); try --plain"),
                2,
            ),
        }
    }
}
