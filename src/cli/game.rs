//! `zweibrett play` and `zweibrett resume`: the two-board game (Appendix D)
//! with its journal.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use clap::{Args, ValueEnum};

use super::{EXIT_USAGE, EXIT_WRONG_INPUT, SpeechOptions, fail, speech_settings};
use crate::clock::schedule::ClockSettings;
use crate::config::Config;
use crate::game::{Command, Game, Impaired, Press, Repetition, Setup};
use crate::notation::VoicePack;
use crate::record::date::pgn_date;
use crate::record::journal::{self, Journal};
use crate::speech::SpeechOutput;
use crate::ui::plain_game::PlainGame;

/// Who is visually impaired, on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ImpairedArg {
    /// White.
    White,
    /// Black.
    Black,
    /// Both players.
    Both,
}

/// How a move is repeated, on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RepetitionArg {
    /// Entered as a move, which must match.
    Strict,
    /// One command confirms.
    Quick,
    /// Not recorded.
    Off,
}

/// How the clock is pressed, on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PressArg {
    /// A separate command.
    Separate,
    /// Right after the announcement.
    Auto,
}

/// Options of `zweibrett play`.
#[derive(Args, Debug, Default)]
pub struct PlayArgs {
    /// White's name.
    #[arg(long, default_value = "White")]
    pub white: String,
    /// Black's name.
    #[arg(long, default_value = "Black")]
    pub black: String,
    /// Which player is visually impaired (D.1).
    #[arg(long, value_enum)]
    pub impaired: Option<ImpairedArg>,
    /// An assistant relays moves and keeps the score (D.2.10).
    #[arg(long)]
    pub assistant: bool,
    /// Time control: a preset (standard, rapid, blitz, …) or a PGN
    /// TimeControl tag such as 40/5400+30:1800+30 or 900+10. Default: the
    /// configuration's [clock] time.
    #[arg(long)]
    pub time: Option<String>,
    /// Voice pack for the announcements (fide, pt, es, en, or your own).
    #[arg(long)]
    pub voice: Option<String>,
    /// How the opponent repeats a move: strict, quick or off.
    #[arg(long, value_enum)]
    pub repetition: Option<RepetitionArg>,
    /// How the clock is pressed: separate or auto.
    #[arg(long, value_enum)]
    pub press: Option<PressArg>,
    /// The PGN Event tag.
    #[arg(long, default_value = "?")]
    pub event: String,
    /// The PGN Site tag.
    #[arg(long, default_value = "?")]
    pub site: String,
}

/// Options of `zweibrett resume`.
#[derive(Args, Debug)]
pub struct ResumeArgs {
    /// The game's journal; default: the latest unfinished game.
    pub file: Option<PathBuf>,
}

/// `text`, or `default` when it is empty.
fn or(text: &str, default: &str) -> String {
    if text.is_empty() { default } else { text }.to_string()
}

fn games_dir() -> Result<PathBuf, ExitCode> {
    journal::games_dir().ok_or_else(|| fail("no data directory for saved games", EXIT_USAGE))
}

/// `zweibrett play`: a new game.
pub fn play(args: &PlayArgs, speech: &SpeechOptions) -> ExitCode {
    let config = match Config::load() {
        Ok(config) => config,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    let clock: ClockSettings = config.section("clock").unwrap_or_default();
    let setup = Setup {
        white: or(&args.white, "White"),
        black: or(&args.black, "Black"),
        impaired: match args.impaired {
            Some(ImpairedArg::Black) => Impaired::Black,
            Some(ImpairedArg::Both) => Impaired::Both,
            _ => Impaired::White,
        },
        assistant: args.assistant,
        time: args.time.clone().unwrap_or(clock.time),
        voice: config.voice(args.voice.as_deref()),
        repetition: match args.repetition {
            Some(RepetitionArg::Quick) => Repetition::Quick,
            Some(RepetitionArg::Off) => Repetition::Off,
            _ => Repetition::Strict,
        },
        press: match args.press {
            Some(PressArg::Auto) => Press::Auto,
            _ => Press::Separate,
        },
        event: or(&args.event, "?"),
        site: or(&args.site, "?"),
        date: pgn_date(SystemTime::now()),
        fen: None,
    };
    let pack = match VoicePack::load(&setup.voice) {
        Ok(pack) => pack,
        Err(e) => return fail(&e.to_string(), EXIT_USAGE),
    };
    let game = match Game::new(setup.clone(), pack.clone()) {
        Ok(game) => game,
        Err(e) => return fail(&e, EXIT_USAGE),
    };
    let dir = match games_dir() {
        Ok(dir) => dir,
        Err(code) => return code,
    };
    let journal = match Journal::create(&dir, &setup, SystemTime::now()) {
        Ok(j) => j,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    println!("journal: {}", journal.path().display());
    run(game, journal, Duration::ZERO, &pack, &config, speech)
}

/// `zweibrett resume [FILE]`: rebuilds a game from its journal, clocks
/// paused as last recorded.
pub fn resume(args: &ResumeArgs, speech: &SpeechOptions) -> ExitCode {
    let config = match Config::load() {
        Ok(config) => config,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    let path = match &args.file {
        Some(p) => p.clone(),
        None => {
            let dir = match games_dir() {
                Ok(dir) => dir,
                Err(code) => return code,
            };
            match journal::latest_unfinished(&dir) {
                Some(p) => p,
                None => return fail("no unfinished game to resume", EXIT_WRONG_INPUT),
            }
        }
    };
    let loaded = match journal::load(&path) {
        Ok(l) => l,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    let game = match journal::replay(&path, &loaded) {
        Ok(g) => g,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    let pack = game.pack().clone();
    let journal = match Journal::reopen(&path, &loaded) {
        Ok(j) => j,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    println!("journal: {}", path.display());
    if loaded.torn {
        println!("note: the last line of the journal was cut short and has been dropped");
    }
    let sans: Vec<&str> = game.moves().iter().map(|p| p.san.as_str()).collect();
    println!("resumed: {} half-moves: {}", sans.len(), sans.join(" "));
    let offset = journal::last_instant(&loaded).0;
    run(game, journal, offset, &pack, &config, speech)
}

fn run(
    game: Game,
    journal: Journal,
    offset: Duration,
    pack: &VoicePack,
    config: &Config,
    speech: &SpeechOptions,
) -> ExitCode {
    let settings = match speech_settings(config, speech) {
        Ok(s) => s,
        Err(e) => return fail(&e, EXIT_USAGE),
    };
    let output = if settings.backend == crate::speech::Backend::None {
        None
    } else {
        Some(SpeechOutput::start(settings, pack).0)
    };
    let running = game.clock().is_started() && !game.clock().is_paused();
    let clock: ClockSettings = config.section("clock").unwrap_or_default();
    let mut shell = PlainGame::new(game, journal, output, offset, clock);
    if running && offset > Duration::ZERO {
        // The clock stops where the journal last saw it (Art. 6.11).
        if !shell.command(Command::Pause) {
            return ExitCode::from(EXIT_WRONG_INPUT);
        }
    }
    println!("{}", shell.clocks_line());
    shell.run();
    ExitCode::SUCCESS
}
