//! `zweibrett analyse`: going through the games of a PGN file by ear.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::analysis::session::{OpenError, Session};
use crate::analysis::words::{AnalysisWords, AnalysisWordsError};
use crate::session::analysis::{AnalysisSession, EngineSettings, Shown};
use crate::speech::SpeechOutput;
use crate::ui::line::analysis::{Ending, run_plain};
use crate::ui::screen::analysis::shell::Transcribed;
use crate::ui::screen::analysis::{AnalysisState, shell};

use super::game::{Screen, braille_settings, full_screen};
use super::speak::{PrepareError, Prepared, prepare};
use super::{SpeechOptions, fail};
use crate::ui::screen::settings::ThemeChoiceError;

/// Options of `zweibrett analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The PGN file: one game or a database of many.
    pub file: PathBuf,

    /// The game to open (from 1); default: the first that can be read
    /// (with --follow, the last game of the file).
    #[arg(long)]
    pub game: Option<usize>,

    /// Follow the file as it grows (a live broadcast): each new move of
    /// the game is said as it comes.
    #[arg(long)]
    pub follow: bool,

    /// A UCI engine to ask; default: `stockfish` when found on PATH.
    #[arg(long)]
    pub engine: Option<PathBuf>,

    /// How long the engine thinks per request, in milliseconds: from 1 to
    /// 3600000 (an hour).
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    pub engine_time: u64,

    /// How deep the mistakes pass searches every position (6 to 40; a
    /// mistake it finds is searched again eight deeper before it is
    /// listed). The configuration's `mistakes_depth`, else 14.
    #[arg(long, value_name = "DEPTH",
          value_parser = clap::value_parser!(u32).range(6..=40))]
    pub mistakes_depth: Option<u32>,

    /// Voice pack for the answers (fide, pt, es, en, or your own).
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true)]
    pub voice: Option<String>,

    /// Append everything said to FILE, one line per utterance, as a game's
    /// transcript is written: in line mode and on the full screen.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,

    /// How the games are shown.
    #[command(flatten)]
    pub screen: super::game::Screen,

    /// How they are spoken.
    #[command(flatten)]
    pub speech: SpeechOptions,
}

/// Why `zweibrett analyse` could not go through the file.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    /// The configuration or the voice pack cannot be had.
    #[error(transparent)]
    Prepare(#[from] PrepareError),
    /// The voice pack's `[analysis]` sentences are wrong.
    #[error(transparent)]
    Words(#[from] AnalysisWordsError),
    /// The PGN file cannot be read.
    #[error("{}: {source}", path.display())]
    Index {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// No game of the file can be opened, or not the one asked for.
    #[error("{}: {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// Why.
        source: OpenError,
    },
    /// The theme cannot be had.
    #[error(transparent)]
    Look(#[from] ThemeChoiceError),
    /// The terminal failed in the full screen.
    #[error("the terminal failed: {0}")]
    Terminal(std::io::Error),
}

impl AnalyseError {
    /// The exit status: 2 for what the user asked that cannot be (a voice
    /// pack, a game number, a theme), 1 for the rest.
    pub fn exit_code(&self) -> u8 {
        match self {
            AnalyseError::Prepare(e) => e.exit_code(),
            AnalyseError::Words(_)
            | AnalyseError::Look(_)
            | AnalyseError::Open {
                source: OpenError::NoSuchGame(..),
                ..
            } => 2,
            _ => 1,
        }
    }
}

/// `zweibrett analyse FILE [--game N]`: indexes the file, opens a game and
/// answers commands: in the full screen on a terminal, else (or with
/// `--plain`) line by line.
pub fn analyse(args: AnalyseArgs, speech: &SpeechOptions, screen: &Screen) -> ExitCode {
    match go_through(args, speech, screen) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string(), e.exit_code()),
    }
}

fn go_through(
    args: AnalyseArgs,
    speech: &SpeechOptions,
    screen: &Screen,
) -> Result<(), AnalyseError> {
    let Prepared {
        settings: configured,
        pack,
        speech: settings,
    } = prepare(args.voice.as_deref(), speech)?;
    let words = AnalysisWords::from_pack(&pack)?;
    let index =
        crate::session::games_file::index(&args.file).map_err(|source| AnalyseError::Index {
            path: args.file.clone(),
            source,
        })?;
    // A followed file's game is the one asked for, else its last.
    let wanted = match args.game {
        None if args.follow => index.games.last().map(|g| g.number),
        wanted => wanted,
    };
    let (session, mut first) =
        Session::open(index, words, wanted).map_err(|source| AnalyseError::Open {
            path: args.file.clone(),
            source,
        })?;
    let engine = EngineSettings {
        path: args.engine,
        think: Duration::from_millis(args.engine_time),
        grace: Duration::from_secs(2),
        pass_depth: args
            .mistakes_depth
            .unwrap_or(configured.analysis.mistakes_depth),
    };
    let mut session = AnalysisSession::new(session, engine);
    session.configure(configured.analysis.each_move(), configured.analysis.pace());
    if args.follow {
        first.extend(
            session
                .follow_file(&args.file)
                .into_iter()
                .filter_map(|s| match s {
                    Shown::Say(line) => Some(line),
                    _ => None,
                }),
        );
    }
    if let Some(look) = full_screen(&configured, screen) {
        let look = look?;
        let (state, said) = AnalysisState::new(session, first, wanted, look.layout);
        return shell::run(
            state,
            said,
            (&look.theme, look.braille),
            (settings, args.transcript.as_deref()),
            &pack,
        )
        .map_err(AnalyseError::Terminal);
    }
    let (voice, _text) = SpeechOutput::start(settings, &pack);
    let output = Transcribed::new(voice, args.transcript.as_deref());
    if let Some(failure) = output.failure() {
        // The analysis goes on without it, as a game does.
        eprintln!(
            "zweibrett: --transcript: {}",
            crate::printable::printable(&failure)
        );
    }
    let ended = run_plain(
        session,
        first,
        &output,
        braille_settings(&configured, screen),
    );
    let Some(voice) = output.voice() else {
        return Ok(());
    };
    if ended == Ending::EndOfInput {
        // Commands piped in: let the last answers be heard.
        voice.finish_all();
    }
    // Changes of voice (said by the voice that still works), speech lost,
    // speech cut at the end.
    for notice in voice.take_notices() {
        println!("speech: {}", crate::printable::printable(&notice.text));
    }
    Ok(())
}
