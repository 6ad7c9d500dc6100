//! The command line: parsing arguments and wiring the parts together.
//!
//! Exit status: 0 success, 1 a move or file that is wrong (illegal,
//! ambiguous, unreadable), 2 a usage error.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::clock::TimeControl;
use crate::clock::control::PRESETS;
use crate::clock::schedule::ClockSettings;
use crate::clock::words::ClockWords;
use crate::config::Config;
use crate::notation::pack::{DEFAULT_ID, VoicePack};

/// zweibrett: two boards, one game. A screen-reader-first companion for
/// chess under FIDE Laws, Appendix D (blind and visually impaired players).
#[derive(Parser, Debug)]
#[command(name = "zweibrett", version, about)]
pub struct Cli {
    /// Line-by-line mode on stdin and stdout, for screen readers, braille
    /// displays and scripts.
    #[arg(long, global = true)]
    pub plain: bool,

    /// What to do; a new game when left out.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// A talking chess clock beside a physical board (FIDE Laws Art. 6,
    /// Appendix D.2.6.1): space presses the clock, t says the time, p
    /// pauses, q quits, ? helps. With --plain, one command per line:
    /// press (or an empty line), time, pause, resume, quit, help.
    Clock(ClockArgs),
}

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

/// Runs the program and returns its exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Some(Command::Clock(args)) => run_clock(args, cli.plain),
        None => {
            eprintln!("zweibrett: the game screen is not built yet; see `zweibrett --help`");
            ExitCode::from(2)
        }
    }
}

/// `zweibrett clock`: reads the configuration, the voice pack and the time
/// control, then runs the talking clock.
fn run_clock(args: ClockArgs, plain: bool) -> ExitCode {
    let config = match Config::load() {
        Ok(config) => config,
        Err(e) => return fail(&e.to_string(), 1),
    };
    let settings: ClockSettings = match config.section("clock") {
        Ok(settings) => settings,
        Err(e) => return fail(&e.to_string(), 1),
    };
    let voice = args
        .voice
        .or_else(|| config.string("voice").map(String::from))
        .unwrap_or_else(|| DEFAULT_ID.to_string());
    let words = match VoicePack::load(&voice).map(|pack| ClockWords::from_pack(&pack)) {
        Ok(Ok(words)) => words,
        Ok(Err(e)) => return fail(&e.to_string(), 2),
        Err(e) => return fail(&e.to_string(), 2),
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
        crate::ui::clock::run_plain(control, words, settings);
        ExitCode::SUCCESS
    } else {
        match crate::ui::clock::run_keys(control, words, settings) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(
                &format!("cannot read single keys from this terminal ({e}); try --plain"),
                2,
            ),
        }
    }
}

fn fail(message: &str, code: u8) -> ExitCode {
    eprintln!("zweibrett: {message}");
    ExitCode::from(code)
}
