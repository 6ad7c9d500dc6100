//! The command line: parsing arguments and wiring the parts together.
//!
//! Exit status: 0 success, 1 a move or file that is wrong (illegal,
//! ambiguous, unreadable), 2 a usage error.

mod analyse;
mod audit;
mod clock;
mod configuration;
mod doctor;
mod game;
mod generate;
mod hear;
mod join;
mod moves;
mod score;
mod speak;

pub use speak::{PrepareError, Prepared, SpeechOptions, prepare};

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::printable::printable_lines;

/// zweibrett: two boards, one game. A screen-reader-first companion for
/// chess under FIDE Laws, Appendix D (blind and visually impaired players).
#[derive(Parser, Debug)]
#[command(name = "zweibrett", version, about)]
pub struct Cli {
    /// Line-by-line mode on stdin and stdout, for screen readers, braille
    /// displays and scripts.
    #[arg(long, global = true)]
    pub plain: bool,

    /// The full screen's layout for screen readers and braille displays:
    /// no boards, nothing redrawn on its own (the default when a screen
    /// reader runs).
    #[arg(long, global = true)]
    pub screen_reader: bool,

    /// The full screen's theme: standard, high-contrast, large, or your own
    /// themes/NAME.toml beside the configuration file.
    #[arg(long, global = true, value_name = "NAME")]
    pub theme: Option<String>,

    /// The configuration file to read instead of the per-user one (also
    /// ZWEIBRETT_CONFIG); `zweibrett config path` says which is read.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<std::path::PathBuf>,

    /// How announcements are spoken.
    #[command(flatten)]
    pub speech: SpeechOptions,

    /// For a new game (no subcommand): write the transcript of everything
    /// said to FILE instead of beside the journal.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<std::path::PathBuf>,

    /// For a new game (no subcommand): the voice pack the new game form
    /// shows and speaks, and chooses first (fide, pt, es, en, or your own).
    #[arg(long, value_name = "PACK")]
    pub voice: Option<String>,

    /// What to do; a new game when left out.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the announcement of each move (D.2.1), one line each, playing
    /// them in sequence. Moves may be SAN, UCI or voice-style words.
    Say(moves::SayArgs),
    /// Read one voice-style move and say what it is, or ask which is meant.
    Parse(moves::ParseArgs),
    /// Hear one recorded utterance (a WAV file) as a move in the position:
    /// the same answers as `parse`, never a guess, with the recogniser's
    /// guesses. Exit status 3 when the recogniser is not installed.
    Hear(hear::HearArgs),
    /// A talking chess clock beside a physical board (FIDE Laws Art. 6,
    /// Appendix D.2.6.1): space presses the clock, t says the time, p
    /// pauses, q quits, ? helps. With --plain, one command per line:
    /// press (or an empty line), time, pause, resume, quit, help.
    Clock(clock::ClockArgs),
    /// Speak each TEXT as one announcement and wait until it is said; prints
    /// each as it is handed over. For trying the speech set-up.
    Speak(speak::SpeakArgs),
    /// The arbiter's audit (Appendix D.2.9): compare two scores and what
    /// each board shows, and say how the boards, scores and clocks are set
    /// right.
    Audit(audit::AuditArgs),
    /// A new two-board game (FIDE Appendix D): moves announced, corrected,
    /// the clock pressed, moves repeated; results, claims and the arbiter's
    /// rulings; every step journalled. See `help` inside the game.
    Play(game::PlayArgs),
    /// Continue an interrupted game from its journal (default: the latest
    /// unfinished game), with the clocks as last recorded.
    Resume(game::ResumeArgs),
    /// Go through the games of a PGN file by ear: move by move, in and out
    /// of variations, asking what stands where. On a terminal in the full
    /// screen (F1 lists the keys); with --plain or piped input one command
    /// per line (`help` lists them), one answer per line, each spoken.
    Analyse(analyse::AnalyseArgs),
    /// A game of a PGN file as a score to read (D.2.7): text in English
    /// letters, the voice pack's letters or figurines (Appendix C.4), or
    /// braille after the Braille Chess Code (--braille), or BRF for an
    /// embosser or a braille note-taker (--brf FILE).
    Score(score::ScoreArgs),
    /// A second seat at a running game (D.2.11, D.2.9): the opponent's,
    /// the arbiter's or the assistant's, from another terminal or over
    /// ssh. What is typed here is this seat's side; `quit` leaves the seat
    /// and the game goes on.
    Join(join::JoinArgs),
    /// The configuration: `path` says which file is read and why, `show`
    /// prints what it comes to, `check` reads it as every subcommand does.
    Config(configuration::ConfigArgs),
    /// Check what this machine gives the program: the configuration, the
    /// voice pack, speech, sound, the screen reader, listening, the
    /// microphone, the engine and the games folder; one line each, said
    /// too. Exit status 1 when something asked for cannot work.
    Doctor,
    /// Print shell completions (bash, zsh, fish) or the man page (man),
    /// for installing.
    Generate(generate::GenerateArgs),
}

/// Exit status for a move or file that is wrong.
pub const EXIT_WRONG_INPUT: u8 = 1;
/// Exit status for a usage error.
pub const EXIT_USAGE: u8 = 2;

/// Runs the program and returns its exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    if let Some(file) = cli.config.clone() {
        crate::config::choose_file(file);
    }
    match &cli.command {
        Some(Command::Config(args)) => return configuration::run(args),
        // The doctor says what is wrong with the configuration itself.
        Some(Command::Doctor) => return doctor::run(&cli.speech, cli.voice.as_deref()),
        Some(Command::Generate(args)) => return generate::run(args),
        _ => {}
    }
    // Every subcommand reads the same configuration, and refuses it the
    // same way: a misspelt key is named whatever was asked for.
    let settings = match crate::config::Settings::load() {
        Ok(settings) => settings,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    let screen = game::Screen {
        plain: cli.plain,
        screen_reader: cli.screen_reader,
        theme: cli.theme.clone(),
    };
    let voice = |chosen: &mut Option<String>| *chosen = Some(settings.voice(chosen.as_deref()));
    match cli.command {
        Some(Command::Say(mut args)) => {
            voice(&mut args.position.voice);
            moves::say(&args)
        }
        Some(Command::Parse(mut args)) => {
            voice(&mut args.position.voice);
            moves::parse(&args)
        }
        Some(Command::Hear(mut args)) => {
            voice(&mut args.position.voice);
            hear::hear(&args)
        }
        Some(Command::Clock(args)) => clock::run_clock(args, cli.plain, &cli.speech),
        Some(Command::Speak(args)) => speak::speak(&cli.speech, &args),
        Some(Command::Audit(mut args)) => {
            voice(&mut args.voice);
            audit::run(&args)
        }
        Some(Command::Play(mut args)) => {
            args.transcript = args.transcript.or(cli.transcript);
            game::play(&args, &cli.speech, &screen)
        }
        Some(Command::Resume(mut args)) => {
            args.transcript = args.transcript.or(cli.transcript);
            game::resume(&args, &cli.speech, &screen)
        }
        Some(Command::Analyse(args)) => analyse::analyse(args, &cli.speech, &screen),
        Some(Command::Score(mut args)) => {
            voice(&mut args.voice);
            score::run(&args)
        }
        Some(Command::Join(args)) => join::join(&args, &screen, &cli.speech, cli.voice.as_deref()),
        None => game::new_game(&cli.speech, &screen, cli.transcript, cli.voice),
        Some(Command::Config(args)) => configuration::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Doctor) => doctor::run(&cli.speech, cli.voice.as_deref()),
    }
}

/// Prints what went wrong and returns the exit status `code`.
fn fail(message: &str, code: u8) -> ExitCode {
    eprintln!("zweibrett: {}", printable_lines(message));
    ExitCode::from(code)
}

/// Prints a usage error and returns its exit status.
fn usage_error(message: &str) -> ExitCode {
    eprintln!("zweibrett: {}", printable_lines(message));
    ExitCode::from(EXIT_USAGE)
}
