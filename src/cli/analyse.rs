//! `zweibrett analyse`: going through the games of a PGN file by ear.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::analysis::session::{OpenError, Session};
use crate::analysis::words::AnalysisWords;
use crate::notation::pack::VoicePack;
use crate::record::pgn_index::GameIndex;
use crate::speech::SpeechOutput;
use crate::ui::analysis::{Ending, EngineSettings, run_plain};
use crate::ui::screen::analysis::{AnalysisState, shell};

use super::game::{Screen, full_screen};
use super::{SpeechOptions, fail, speech_settings};

/// Options of `zweibrett analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The PGN file: one game or a database of many.
    pub file: PathBuf,

    /// The game to open (from 1); default: the first that can be read.
    #[arg(long)]
    pub game: Option<usize>,

    /// A UCI engine to ask; default: `stockfish` when found on PATH.
    #[arg(long)]
    pub engine: Option<PathBuf>,

    /// How long the engine thinks per request, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub engine_time: u64,

    /// Voice pack for the answers (fide, pt, es, en, or your own).
    #[arg(long)]
    pub voice: Option<String>,
}

/// `zweibrett analyse FILE [--game N]`: indexes the file, opens a game and
/// answers commands: in the full screen on a terminal, else (or with
/// `--plain`) line by line.
pub fn analyse(args: AnalyseArgs, speech: &SpeechOptions, screen: &Screen) -> ExitCode {
    let config = match crate::config::Settings::load() {
        Ok(settings) => settings.config,
        Err(e) => return fail(&e.to_string(), 1),
    };
    let voice = config.voice(args.voice.as_deref());
    let pack = match VoicePack::load(&voice) {
        Ok(pack) => pack,
        Err(e) => return fail(&e.to_string(), 2),
    };
    let words = match AnalysisWords::from_pack(&pack) {
        Ok(words) => words,
        Err(e) => return fail(&e.to_string(), 2),
    };
    let settings = match speech_settings(&config, speech) {
        Ok(settings) => settings,
        Err(e) => return fail(&e, 1),
    };
    let index = match GameIndex::build(&args.file) {
        Ok(index) => index,
        Err(e) => return fail(&format!("{}: {e}", args.file.display()), 1),
    };
    let (session, first) = match Session::open(index, words, args.game) {
        Ok(opened) => opened,
        Err(OpenError::NoSuchGame(n, count)) => {
            return fail(
                &format!(
                    "{}: there is no game {n}; the file holds {count}",
                    args.file.display()
                ),
                2,
            );
        }
        Err(e) => return fail(&format!("{}: {e}", args.file.display()), 1),
    };
    let engine = EngineSettings {
        path: args.engine,
        think: Duration::from_millis(args.engine_time),
        grace: Duration::from_secs(2),
    };
    if let Some(look) = full_screen(&config, screen) {
        let look = match look {
            Ok(look) => look,
            Err(e) => return fail(&e, 2),
        };
        let (state, said) = AnalysisState::new(session, first, args.game, look.layout);
        return match shell::run(state, said, &look.theme, engine, settings, &pack) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&format!("the terminal failed: {e}"), 1),
        };
    }
    let (output, _text) = SpeechOutput::start(settings, &pack);
    if run_plain(session, first, engine, &output) == Ending::EndOfInput {
        // Commands piped in: let the last answers be heard.
        output.finish(Duration::from_secs(30));
    }
    ExitCode::SUCCESS
}
