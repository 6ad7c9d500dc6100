//! `zweibrett clock`: the talking clock beside a physical board.

use std::process::ExitCode;

use clap::Args;

use crate::clock::TimeControl;
use crate::clock::control::{ACCEPTED, PRESETS, TimeControlError};
use crate::clock::words::{ClockWords, ClockWordsError};
use crate::speech::{SpeechOutput, quiet_stderr};

use super::speak::{PrepareError, Prepared, prepare};
use super::{SpeechOptions, fail};

/// Options of `zweibrett clock`.
#[derive(Args, Debug)]
pub struct ClockArgs {
    /// Time control: a preset (standard, standard-120, standard-90, rapid,
    /// rapid-25, blitz, blitz-5), a PGN TimeControl tag such as
    /// 40/5400+30:1800+30, 900+10, 300d5 (delay) or 300b5 (Bronstein), or
    /// as it is said, such as "15 plus 10" or "90 min + 30 s".
    /// Default: the configuration's [clock] time.
    #[arg(long, value_parser = super::values::Suggested::time_controls(), hide_possible_values = true)]
    pub time: Option<String>,

    /// Voice pack for the announcements (fide, pt, es, en, or your own).
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true)]
    pub voice: Option<String>,

    /// One command per line on stdin (press, time, pause, resume, quit,
    /// help) instead of single keys.
    #[arg(long)]
    pub plain: bool,

    /// How the clock is spoken.
    #[command(flatten)]
    pub speech: SpeechOptions,
}

/// Why the talking clock could not run.
#[derive(Debug, thiserror::Error)]
pub enum ClockCommandError {
    /// The configuration or the voice pack cannot be had.
    #[error(transparent)]
    Prepare(#[from] PrepareError),
    /// The voice pack's `[clock]` sentences are wrong.
    #[error(transparent)]
    Words(#[from] ClockWordsError),
    /// The time control is neither a preset nor a PGN `TimeControl` tag
    /// (Art. 6.1).
    #[error("{0}\n{hint}", hint = accepted_controls(.0))]
    TimeControl(#[from] TimeControlError),
    /// Single keys cannot be read from this terminal.
    #[error("cannot read single keys from this terminal ({0}); try --plain")]
    Keys(std::io::Error),
}

impl ClockCommandError {
    /// The exit status: 2 for what the user asked that cannot be (a voice
    /// pack, a time control, single keys), 1 for the rest.
    pub fn exit_code(&self) -> u8 {
        match self {
            ClockCommandError::Prepare(e) => e.exit_code(),
            _ => 2,
        }
    }
}

fn preset_names() -> String {
    let presets: Vec<&str> = PRESETS.iter().map(|(name, _, _)| *name).collect();
    presets.join(", ")
}

/// What a time control may be, said once: a text in words already says it
/// in plain words, so only the presets are added.
fn accepted_controls(e: &TimeControlError) -> String {
    if e.problem.contains(ACCEPTED) {
        format!("the presets are {}", preset_names())
    } else {
        format!(
            "a time control is a preset ({}), a PGN tag such as 40/5400+30:1800+30, \
             900+10, 300d5 or 300b5, or as it is said, such as \"15 plus 10\"",
            preset_names()
        )
    }
}

/// `zweibrett clock`: reads the configuration, the voice pack and the time
/// control, then runs the talking clock.
pub fn run_clock(args: ClockArgs, plain: bool, speech: &SpeechOptions) -> ExitCode {
    match talk(args, plain, speech) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string(), e.exit_code()),
    }
}

fn talk(args: ClockArgs, plain: bool, speech: &SpeechOptions) -> Result<(), ClockCommandError> {
    let Prepared {
        settings: configured,
        pack,
        speech: speech_settings,
    } = prepare(args.voice.as_deref(), speech)?;
    let settings = configured.clock;
    let words = ClockWords::from_pack(&pack)?;
    let time = args.time.unwrap_or_else(|| settings.time.clone());
    let control = TimeControl::named_or_parsed(&time)?;
    if plain {
        let (output, _text) = SpeechOutput::start(speech_settings, &pack);
        let commands = pack.command_words().clone();
        crate::ui::line::clock::run_plain(control, (words, commands), settings, output);
        Ok(())
    } else {
        // ALSA's warnings must not land between the clock's lines.
        let quiet = quiet_stderr(None).ok();
        let (output, _text) = SpeechOutput::start(speech_settings, &pack);
        let outcome = crate::ui::line::clock::run_keys(control, words, settings, output);
        drop(quiet);
        outcome.map_err(ClockCommandError::Keys)
    }
}
