//! Speech options shared by every command, and `zweibrett speak` for trying
//! the speech set-up by ear.

use crate::printable::{printable, printable_lines};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::config::{Settings, SettingsError};
use crate::notation::VoicePack;
use crate::notation::pack::{PackError, SpeechSentence as S};
use crate::speech::{
    ActiveVoice, Announce, Backend, Priority, SpeechOutput, SpeechSettings, Utterance, output,
};

/// Speech options; each overrides the `[speech]` section of the
/// configuration.
#[derive(Args, Debug, Default, Clone)]
pub struct SpeechOptions {
    /// Which voice speaks: the system's speech engine (falling back to the
    /// built-in voice), the built-in voice, or none (text only).
    #[arg(id = "speech", long = "speech", value_name = "BACKEND")]
    pub backend: Option<Backend>,
    /// Speaking rate, -100 (slowest) to 100 (fastest); 0 is normal.
    #[arg(id = "speech_rate", long = "speech-rate", value_name = "RATE",
          value_parser = clap::value_parser!(i32).range(-100..=100), allow_negative_numbers = true)]
    pub rate: Option<i32>,
    /// Loudness, 0 to 100.
    #[arg(id = "speech_volume", long = "speech-volume", value_name = "VOLUME",
          value_parser = clap::value_parser!(u32).range(0..=100))]
    pub volume: Option<u32>,
    /// The speech engine's own voice by name (see speech-dispatcher's
    /// `spd-say -L`); not the voice pack, which --voice chooses.
    #[arg(
        id = "system_voice",
        long = "system-voice",
        alias = "speech-voice",
        value_name = "NAME"
    )]
    pub voice: Option<String>,
    /// No earcons (the short tones before moves, errors and clock events).
    #[arg(long = "no-earcons")]
    pub no_earcons: bool,
    /// How a game listens: set from [`ListenOptions`], which only the
    /// commands that play a game take.
    #[arg(skip)]
    pub listen: Option<crate::hearing::listen::Mode>,
    /// See [`ListenOptions::listen_from`].
    #[arg(skip)]
    pub listen_from: Option<std::path::PathBuf>,
    /// See [`ListenOptions::keep_audio`].
    #[arg(skip)]
    pub keep_audio: Option<std::path::PathBuf>,
    /// See [`ListenOptions::denoise`].
    #[arg(skip)]
    pub denoise: Option<crate::hearing::Denoise>,
    /// See [`ListenOptions::no_adaptation`].
    #[arg(skip)]
    pub no_adaptation: bool,
    /// See [`ListenOptions::second_opinion`].
    #[arg(skip)]
    pub second_opinion: bool,
}

/// Listening options, for the commands that play a game (a new game,
/// `play`, `resume`) and `doctor`.
#[derive(Args, Debug, Default, Clone)]
pub struct ListenOptions {
    /// In a game: hear moves and commands said aloud (D.2.1) with the
    /// microphone. push (the default): one utterance after the listening
    /// key (F11 or Ctrl-N; `listen` in line mode), ended by a pause or the
    /// key again. always: every utterance, cut where the speaker pauses. A
    /// move is taken only when it can mean nothing else; otherwise you are
    /// asked. Needs PocketSphinx (libpocketsphinx3, pocketsphinx-en-us).
    #[arg(long, value_enum, value_name = "MODE", num_args = 0..=1,
          default_missing_value = "push", require_equals = true)]
    pub listen: Option<crate::hearing::listen::Mode>,
    /// In a game: listen to this WAV file instead of the microphone, at
    /// the pace it was recorded, from its start each time listening starts
    /// (for trying the recogniser, and tests). Always listening unless
    /// --listen=push is given.
    #[arg(long, value_name = "FILE.wav")]
    pub listen_from: Option<std::path::PathBuf>,
    /// Keep every utterance heard as a WAV file in DIR (for a bug report);
    /// nothing heard is kept otherwise.
    #[arg(long, value_name = "DIR")]
    pub keep_audio: Option<std::path::PathBuf>,
    /// When the noise of the room is taken out of what is heard, before
    /// the words are looked for: auto (the default) only where the room
    /// is noisy, the quiet between words less than 25 dB below them.
    #[arg(long, value_enum, value_name = "WHEN")]
    pub denoise: Option<crate::hearing::Denoise>,
    /// Hear with the model as it came, not the adaptation to your voice
    /// that `zweibrett enrol` made.
    #[arg(long)]
    pub no_adaptation: bool,
    /// In a game: ask Whisper too, the multilingual model that
    /// `scripts/setup` installs ([hearing] model names another): a move
    /// is taken at once only when both agree, and one asked about when
    /// Whisper hears it clearly ahead. [hearing] second_opinion asks it
    /// for every game.
    #[arg(long)]
    pub second_opinion: bool,
}

impl ListenOptions {
    /// These options, each one not given taken from `earlier`.
    pub fn or(self, earlier: ListenOptions) -> ListenOptions {
        ListenOptions {
            listen: self.listen.or(earlier.listen),
            listen_from: self.listen_from.or(earlier.listen_from),
            keep_audio: self.keep_audio.or(earlier.keep_audio),
            denoise: self.denoise.or(earlier.denoise),
            no_adaptation: self.no_adaptation || earlier.no_adaptation,
            second_opinion: self.second_opinion || earlier.second_opinion,
        }
    }

    /// `speech` with these listening options in it.
    pub fn into_speech(self, mut speech: SpeechOptions) -> SpeechOptions {
        speech.listen = self.listen;
        speech.listen_from = self.listen_from;
        speech.keep_audio = self.keep_audio;
        speech.denoise = self.denoise;
        speech.no_adaptation = self.no_adaptation;
        speech.second_opinion = self.second_opinion;
        speech
    }
}

impl SpeechOptions {
    /// These options, each one not given taken from `earlier` (the same
    /// options written before the subcommand).
    pub fn or(self, earlier: SpeechOptions) -> SpeechOptions {
        SpeechOptions {
            backend: self.backend.or(earlier.backend),
            rate: self.rate.or(earlier.rate),
            volume: self.volume.or(earlier.volume),
            voice: self.voice.or(earlier.voice),
            no_earcons: self.no_earcons || earlier.no_earcons,
            listen: self.listen.or(earlier.listen),
            listen_from: self.listen_from.or(earlier.listen_from),
            keep_audio: self.keep_audio.or(earlier.keep_audio),
            denoise: self.denoise.or(earlier.denoise),
            no_adaptation: self.no_adaptation || earlier.no_adaptation,
            second_opinion: self.second_opinion || earlier.second_opinion,
        }
    }

    /// How a game is to listen, when `--listen` or `--listen-from` asks
    /// for it; `hearing` says whether Whisper is asked too.
    pub fn listening(
        &self,
        hearing: &crate::hearing::HearingSettings,
    ) -> Option<crate::hearing::listen::ListenPlan> {
        use crate::hearing::listen::{ListenPlan, Mode, Source};
        let (source, mode) = match (&self.listen_from, self.listen) {
            (Some(file), mode) => (Source::File(file.clone()), mode.unwrap_or(Mode::Always)),
            (None, Some(mode)) => (Source::Microphone, mode),
            (None, None) => return None,
        };
        Some(ListenPlan {
            mode,
            source,
            keep_audio: self.keep_audio.clone(),
            denoise: self.denoise.unwrap_or_default(),
            adapt: !self.no_adaptation,
            second_opinion: (self.second_opinion || hearing.second_opinion)
                .then(|| hearing.model_dir().ok().flatten()),
        })
    }

    /// The configured settings with these options applied, and
    /// [`Backend::Auto`] settled: the user's screen reader when one runs.
    pub fn settle(&self, settings: SpeechSettings, pack: &VoicePack) -> SpeechSettings {
        let mut settings = self.apply(settings);
        settings.backend = crate::speech::reader::resolve(settings.backend, pack);
        settings
    }

    /// The configured settings with these options applied.
    pub fn apply(&self, mut settings: SpeechSettings) -> SpeechSettings {
        if let Some(backend) = self.backend {
            settings.backend = backend;
        }
        if let Some(rate) = self.rate {
            settings.rate = rate;
        }
        if let Some(volume) = self.volume {
            settings.volume = volume;
        }
        if let Some(voice) = &self.voice {
            settings.voice = voice.clone();
        }
        if self.no_earcons {
            settings.earcons = false;
        }
        settings
    }
}

/// Arguments of `zweibrett speak`.
#[derive(Args, Debug)]
pub struct SpeakArgs {
    /// How the announcements are spoken.
    #[command(flatten)]
    pub speech: SpeechOptions,
    /// Voice pack whose built-in voice speaks (default: the configured one).
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true)]
    pub voice: Option<String>,
    /// How urgent the announcements are.
    #[arg(long, default_value = "move", value_parser = ["routine", "answer", "move", "urgent"])]
    pub priority: String,
    /// A tone before each announcement: move, not-understood, divergence,
    /// time-threshold or flag-fall.
    #[arg(long, value_parser = ["move", "not-understood", "divergence", "time-threshold", "flag-fall"])]
    pub earcon: Option<String>,
    /// The announcements, one per argument.
    #[arg(required = true)]
    pub text: Vec<String>,
}

/// What every command that speaks needs before it starts: the
/// configuration, read and checked once ([`Settings`]), the voice pack, and
/// the `[speech]` settings with the command line's options applied.
pub struct Prepared {
    /// Every section of the configuration, checked.
    pub settings: Settings,
    /// The voice pack: the one chosen on the command line, else the
    /// configured one.
    pub pack: VoicePack,
    /// How the program speaks.
    pub speech: SpeechSettings,
}

/// Why a command that speaks cannot start.
#[derive(Debug, thiserror::Error)]
pub enum PrepareError {
    /// The configuration cannot be used: a file that cannot be read, or a
    /// section with a wrong key or value (every section is checked).
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// The voice pack cannot be loaded.
    #[error(transparent)]
    Pack(#[from] PackError),
}

impl PrepareError {
    /// The exit status: 2 for a voice pack that cannot be had (what the
    /// user asked for), 1 for a configuration that is wrong.
    pub fn exit_code(&self) -> u8 {
        match self {
            PrepareError::Settings(_) => 1,
            PrepareError::Pack(_) => 2,
        }
    }
}

/// Reads the configuration once, loads the voice pack (`voice`, else the
/// configured one) and applies the speech options of the command line.
pub fn prepare(voice: Option<&str>, options: &SpeechOptions) -> Result<Prepared, PrepareError> {
    // Whether a screen reader runs is looked for while the configuration
    // and the voice pack are read.
    if matches!(options.backend, None | Some(Backend::Auto)) {
        crate::speech::reader::look_early();
    }
    let settings = Settings::load()?;
    let pack = crate::config::load_voice(&settings.voice(voice))?;
    let speech = options.settle(settings.speech.clone(), &pack);
    Ok(Prepared {
        settings,
        pack,
        speech,
    })
}

pub fn speak(options: &SpeechOptions, args: &SpeakArgs) -> ExitCode {
    let Prepared {
        pack,
        speech: settings,
        ..
    } = match prepare(args.voice.as_deref(), options) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("zweibrett: {}", printable_lines(&e.to_string()));
            return ExitCode::from(2);
        }
    };
    let priority = match args.priority.as_str() {
        "routine" => Priority::Routine,
        "answer" => Priority::Answer,
        "urgent" => Priority::Urgent,
        _ => Priority::Move,
    };
    let earcon = args
        .earcon
        .as_deref()
        .and_then(crate::speech::output::earcon_named);
    let (speech, text) = SpeechOutput::start(settings, &pack);
    // This command is for hearing one's set-up: let the system engine come
    // up (or be given up) first, so that it, not the stand-in, speaks.
    speech.wait_until_ready(Duration::from_secs(15));
    for line in &args.text {
        let mut utterance = Utterance::new(line.clone(), priority);
        utterance.earcon = earcon;
        speech.announce(utterance);
        for said in text.try_iter() {
            println!("{}", printable(&said.text));
        }
    }
    // Generous: a slow engine on a long text; the program never hangs on it.
    let limit = Duration::from_secs(10) + Duration::from_secs(2) * args.text.len() as u32;
    let quiet = speech.wait_until_quiet(limit);
    // Changes of voice, said by the voice that still works, and speech
    // lost; stdout keeps only what was announced.
    for notice in speech.take_notices() {
        eprintln!("zweibrett: {}", printable(&notice.text));
    }
    let mut played = true;
    match speech.active_voice() {
        // Off, or left to the user's screen reader, which reads the lines.
        ActiveVoice::Silent(why)
            if why != output::SWITCHED_OFF && why != output::LEFT_TO_READER =>
        {
            let why = pack.doctor_sentences().say(
                crate::notation::pack::DoctorSentence::SoundNone,
                &[("why", &why)],
            );
            eprintln!("zweibrett: {}", printable(&why));
            played = false;
        }
        ActiveVoice::Silent(_) => {}
        active => {
            let words = pack.speech_sentences();
            let line = match active {
                ActiveVoice::System(engine) => words.say(S::SpokenSystem, &[("engine", &engine)]),
                ActiveVoice::Builtin(Some(why)) => words.say(S::SpokenBuiltinWhy, &[("why", &why)]),
                ActiveVoice::Starting => words.say(S::SpokenWhileStarting, &[]),
                _ => words.say(S::SpokenBuiltin, &[]),
            };
            eprintln!("zweibrett: {}", printable(&line));
        }
    }
    if !quiet {
        let line = pack.speech_sentences().say(S::SpeechUnfinished, &[]);
        eprintln!("zweibrett: {line}");
    }
    if played {
        ExitCode::SUCCESS
    } else {
        // This command is for hearing the set-up: nothing heard is a failure.
        ExitCode::from(EXIT_NO_SOUND)
    }
}

/// The exit status of `speak` when nothing could be played: neither the
/// system voice nor a sound device for the built-in voice.
pub const EXIT_NO_SOUND: u8 = 3;

#[cfg(test)]
mod tests {
    use super::*;

    use crate::cli::Cli;
    use clap::Parser;

    #[test]
    fn command_line_options_override_the_configuration() {
        let cli = Cli::try_parse_from([
            "zweibrett",
            "--speech",
            "builtin",
            "--speech-rate",
            "-30",
            "--no-earcons",
            "speak",
            "x",
        ])
        .unwrap();
        let defaults = crate::config::Config::defaults().section("speech").unwrap();
        let settings = cli.interface.speech.apply(defaults);
        assert_eq!(settings.backend, Backend::Builtin);
        assert_eq!(settings.rate, -30);
        assert_eq!(settings.volume, 80, "left as configured");
        assert!(!settings.earcons);
    }
}
