//! The command line: parsing arguments and wiring the parts together.
//!
//! Exit status: 0 success, 1 a move or file that is wrong (illegal,
//! ambiguous, unreadable), 2 a usage error.

mod analyse;
mod audit;
mod clock;
mod configuration;
mod doctor;
mod enrol;
mod game;
mod generate;
mod hall;
mod hear;
mod help;
mod join;
mod moves;
mod report;
mod score;
mod speak;
mod usage;
mod values;
mod version;

pub(crate) use speak::SpeechOptions;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Subcommand};

use crate::printable::printable_lines;

/// zweibrett: two boards, one game. A screen-reader-first companion for
/// chess under FIDE Laws, Appendix D (blind and visually impaired players).
#[derive(clap::Parser, Debug)]
#[command(name = "zweibrett", version, about)]
pub struct Cli {
    /// How a new game is shown, spoken and heard; written before a
    /// subcommand, for it.
    #[command(flatten)]
    pub interface: game::Interface,

    /// The configuration file to read instead of the per-user one (also
    /// ZWEIBRETT_CONFIG); `zweibrett config path` says which is read.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<std::path::PathBuf>,

    /// Write a debug log to FILE, appended, for a bug report (also the
    /// configuration's top-level `log`); nothing is logged otherwise.
    #[arg(long, global = true, value_name = "FILE")]
    pub log: Option<std::path::PathBuf>,

    /// For a new game (or before `play`, `resume` or `analyse`): write the transcript of everything
    /// said to FILE instead of beside the journal.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<std::path::PathBuf>,

    /// For a new game: the voice pack the new game form shows and speaks,
    /// and chooses first (fide, pt, es, en, or your own); written before a
    /// subcommand, its --voice.
    #[arg(long, value_parser = values::Suggested::packs(), hide_possible_values = true, value_name = "PACK")]
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
    /// Adapt listening to your voice: say about twenty moves, each given
    /// aloud and on a line, and games after hear you better. Needs
    /// sphinxtrain. --forget removes the adaptation.
    Enrol(enrol::EnrolArgs),
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
    Play(Box<game::PlayArgs>),
    /// Continue an interrupted game from its journal (default: the latest
    /// unfinished game), with the clocks as last recorded. Also by the
    /// voice packs' words for it (fortsetzen, reanudar, retomar), which
    /// their sentences say.
    #[command(alias = "fortsetzen", alias = "reanudar", alias = "retomar")]
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
    /// Serve the live PGN of every game of a round over HTTP, for a
    /// broadcast to poll and for `zweibrett hall` on another machine:
    /// /round.pgn is the round, /games/NAME each game. Read-only.
    Serve(hall::ServeArgs),
    /// The arbiter's view of every board of a round: from live PGN files,
    /// folders of them, journals and http:// addresses. New moves,
    /// results, divergences awaiting the arbiter (D.2.9), claims, flags
    /// and stalled boards are said as they come, urgent first; a board's
    /// number opens it.
    Hall(hall::HallArgs),
    /// The configuration: `path` says which file is read and why, `show`
    /// prints what it comes to, `check` reads it as every subcommand does.
    Config(configuration::ConfigArgs),
    /// Check what this machine gives the program: the configuration, the
    /// voice pack, speech, sound, the screen reader, listening, the
    /// microphone, the engine and the games folder; one line each, said
    /// too. Exit status 1 when something asked for cannot work.
    Doctor(doctor::DoctorArgs),
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
    let status = run();
    crate::debug_log::finish();
    status
}

/// Starts the debug log at `path`; what cannot be opened is said in the
/// configured pack's words.
fn start_log(path: &std::path::Path) -> Result<(), ExitCode> {
    crate::debug_log::start(path).map_err(|e| {
        let pack = configured_pack(None);
        let why = zweibrett_core::fault::SystemFault::at(path, &e, pack.line_sentences());
        fail(&why, EXIT_WRONG_INPUT)
    })
}

/// The voice pack `voice` names, else the configured one (the shipped
/// configuration's where the user's cannot be read), else the default:
/// the words of what is said before a game names its own.
fn configured_pack(voice: Option<&str>) -> crate::notation::VoicePack {
    use crate::config::Settings;
    pack_in(
        &Settings::load().unwrap_or_else(|_| Settings::shipped()),
        voice,
    )
}

/// The voice pack `voice` names, else the one `settings` name, else the
/// default.
fn pack_in(settings: &crate::config::Settings, voice: Option<&str>) -> crate::notation::VoicePack {
    crate::config::load_voice(&settings.voice(voice))
        .unwrap_or_else(|_| crate::notation::VoicePack::builtin(crate::notation::pack::DEFAULT_ID))
}

fn run() -> ExitCode {
    // The long version looks for the optional parts: only when asked.
    let mut command = Cli::command();
    if std::env::args_os().any(|a| a == "--version") {
        command = command.long_version(version::long_version());
    }
    let parsed = command
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e)
            if matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp
                    | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            return help::print(e);
        }
        Err(e) if e.use_stderr() => {
            // In the pack's words where they say it.
            let arguments: Vec<_> = std::env::args_os().collect();
            let pack = usage::pack_of(&arguments);
            let command = usage::command_of(&arguments, &Cli::command());
            match usage::said(&e, &pack, &command) {
                Some(line) => return usage_error(&line),
                None => {
                    let _ = e.print();
                    return ExitCode::from(EXIT_USAGE);
                }
            }
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    if let Some(file) = cli.config.clone() {
        crate::config::choose_file(file);
    }
    if let Some(path) = &cli.log
        && let Err(code) = start_log(path)
    {
        return code;
    }
    let Cli {
        interface: earlier,
        transcript,
        voice: chosen_voice,
        command,
        log: cli_log,
        ..
    } = cli;
    // An option written before the subcommand counts for it, unless the
    // subcommand is given its own.
    let (speech, screen) = (earlier.speech.clone(), earlier.screen.clone());
    let voice_or = |own: Option<String>| own.or_else(|| chosen_voice.clone());
    // `--theme list` names the themes instead of choosing one.
    let own_theme = match &command {
        Some(Command::Play(args)) => args.interface.screen.theme.as_deref(),
        Some(Command::Resume(args)) => args.interface.screen.theme.as_deref(),
        Some(Command::Analyse(args)) => args.screen.theme.as_deref(),
        Some(Command::Join(args)) => args.screen.theme.as_deref(),
        _ => None,
    };
    if own_theme.or(screen.theme.as_deref()) == Some(game::LIST_THEMES) {
        return game::list_themes();
    }
    // These answer before the configuration is read: the doctor says what
    // is wrong with it, and the others do not need it.
    let command = match command {
        Some(Command::Config(args)) => return configuration::run(&args, chosen_voice.as_deref()),
        Some(Command::Generate(args)) => return generate::run(&args),
        Some(Command::Doctor(args)) => {
            let speech = args
                .listening
                .or(earlier.listening)
                .into_speech(args.speech.or(speech));
            return doctor::run(&speech, voice_or(args.voice).as_deref(), args.report);
        }
        other => other,
    };
    // Every subcommand reads the same configuration, and refuses it the
    // same way: a misspelt key is named whatever was asked for.
    let settings = match crate::config::Settings::load() {
        Ok(settings) => settings,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    // A voice pack the file names is the file's fault, named with its
    // line, not that of a --voice nobody gave.
    if let Err(e) = settings.check_voice() {
        return fail(&e.to_string(), EXIT_WRONG_INPUT);
    }
    if cli_log.is_none()
        && let Some(path) = settings.config.string("log")
        && let Err(code) = start_log(std::path::Path::new(path))
    {
        return code;
    }
    match settings.config.user_file() {
        Some(file) => log::debug!(target: "config", "read from {}", file.display()),
        None => log::debug!(target: "config", "no file: the shipped defaults"),
    }
    let pack_of = |own: Option<String>| Some(settings.voice(voice_or(own).as_deref()));
    match command {
        Some(Command::Say(mut args)) => {
            args.position.voice = pack_of(args.position.voice);
            args.position.piece_letters = settings.game.piece_letters.clone();
            moves::say(&args)
        }
        Some(Command::Parse(mut args)) => {
            args.position.voice = pack_of(args.position.voice);
            args.position.piece_letters = settings.game.piece_letters.clone();
            moves::parse(&args)
        }
        Some(Command::Hear(mut args)) => {
            args.position.voice = pack_of(args.position.voice);
            args.position.piece_letters = settings.game.piece_letters.clone();
            hear::hear(&args, &settings.hearing)
        }
        Some(Command::Enrol(mut args)) => {
            args.voice = voice_or(args.voice);
            args.speech = args.speech.clone().or(speech);
            enrol::run(&args)
        }
        Some(Command::Clock(mut args)) => {
            let speech = args.speech.clone().or(speech);
            let plain = args.plain || screen.plain;
            args.voice = voice_or(args.voice);
            clock::run_clock(args, plain, &speech)
        }
        Some(Command::Speak(mut args)) => {
            args.voice = voice_or(args.voice);
            speak::speak(&args.speech.clone().or(speech), &args)
        }
        Some(Command::Audit(mut args)) => {
            args.voice = pack_of(args.voice);
            audit::run(&args)
        }
        Some(Command::Play(mut args)) => {
            args.transcript = args.transcript.or(transcript);
            args.voice = voice_or(args.voice);
            let (speech, screen, board) = args.interface.clone().or(earlier);
            game::play(&args, &speech, &screen, board)
        }
        Some(Command::Resume(mut args)) => {
            args.transcript = args.transcript.or(transcript);
            let (speech, screen, board) = args.interface.clone().or(earlier);
            game::resume(&args, &speech, &screen, board)
        }
        Some(Command::Analyse(mut args)) => {
            args.transcript = args.transcript.or(transcript);
            args.voice = voice_or(args.voice);
            let speech = args.speech.clone().or(speech);
            let screen = args.screen.clone().or(screen);
            analyse::analyse(args, &speech, &screen)
        }
        Some(Command::Score(mut args)) => {
            args.voice = pack_of(args.voice);
            score::run(&args)
        }
        Some(Command::Join(mut args)) => {
            args.voice = voice_or(args.voice);
            let speech = args.speech.clone().or(speech);
            let screen = args.screen.clone().or(screen);
            join::join(&args, &screen, &speech, args.voice.as_deref())
        }
        Some(Command::Serve(mut args)) => {
            args.voice = pack_of(args.voice);
            hall::serve(&args)
        }
        Some(Command::Hall(mut args)) => {
            args.transcript = args.transcript.or(transcript);
            args.voice = voice_or(args.voice);
            let speech = args.speech.clone().or(speech);
            let screen = args.screen.clone().or(screen);
            hall::hall(&args, &speech, &screen)
        }
        None => {
            let (speech, screen, board) = earlier.or(game::Interface::default());
            game::new_game(&speech, &screen, transcript, chosen_voice, board)
        }
        Some(Command::Config(_) | Command::Generate(_) | Command::Doctor(_)) => {
            unreachable!("answered before the configuration is read")
        }
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
