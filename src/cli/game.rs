//! `zweibrett play` and `zweibrett resume`: the two-board game (Appendix D)
//! with its journal.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime};

use clap::{Args, ValueEnum};

use super::{EXIT_USAGE, EXIT_WRONG_INPUT, SpeechOptions, fail};
use crate::braille::BrailleSettings;
use crate::config::{Settings, user_theme_dir};
use crate::game::{EventRules, Game, Impaired, Pairing, Press, Repetition, Role, Setup};
use crate::notation::VoicePack;
use crate::notation::pack::{LineSentence, SetupSentence};
use crate::printable::{printable, printable_lines};
use crate::record::date::pgn_date;
use crate::record::journal;
use crate::session::host::GameHost;
use crate::session::labels::Labels;
use crate::session::packs::available_ids;
use crate::session::{self, GameSession, Journal};
use crate::speech::{SpeechOutput, SpeechSettings};
use crate::ui::line::game::PlainGame;
use crate::ui::screen::game::shell::{self, Look, ScreenGameError};
use crate::ui::screen::new_game;
use crate::ui::screen::settings::{ThemeChoiceError, choose_layout, choose_theme};
use crate::ui::screen::setup::{SetupDefaults, SetupForm};
use crate::ui::screen::terminal;

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

/// Who types at the keyboard, on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RoleArg {
    /// The visually impaired player alone: one move text per half-move.
    Player,
    /// The assistant who relays both players' moves (D.2.10, D.2.11).
    Assistant,
    /// The arbiter: the whole protocol on both boards (D.2.9).
    Arbiter,
}

impl From<RoleArg> for Role {
    fn from(arg: RoleArg) -> Role {
        match arg {
            RoleArg::Player => Role::Player,
            RoleArg::Assistant => Role::Assistant,
            RoleArg::Arbiter => Role::Arbiter,
        }
    }
}

/// How the clock is pressed, on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PressArg {
    /// A separate command.
    Separate,
    /// Right after the announcement.
    Auto,
}

/// Which rules for rapid and blitz the event applies, on the command line
/// (A.6, B.4).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RulesArg {
    /// The Competition Rules (A.4, B.2).
    #[value(alias = "competition", alias = "b2")]
    A4,
    /// The rules otherwise (A.5, B.3).
    #[value(alias = "b3")]
    A5,
}

/// Options of `zweibrett play`.
#[derive(Args, Debug, Default)]
pub struct PlayArgs {
    /// How the game is shown, spoken and heard.
    #[command(flatten)]
    pub interface: Interface,
    /// White's name. Default: the configuration's [game] white.
    #[arg(long)]
    pub white: Option<String>,
    /// Black's name. Default: the configuration's [game] black.
    #[arg(long)]
    pub black: Option<String>,
    /// Which player is visually impaired (D.1).
    #[arg(long, value_enum)]
    pub impaired: Option<ImpairedArg>,
    /// An assistant relays moves and keeps the score (D.2.10).
    #[arg(long)]
    pub assistant: bool,
    /// Who types at the keyboard: player (the visually impaired player,
    /// one move text per half-move), assistant (relays both players'
    /// moves) or arbiter (the whole protocol on both boards). Default: the
    /// configuration's [game] role.
    #[arg(long, value_enum)]
    pub role: Option<RoleArg>,
    /// Time control: a preset (standard, rapid, blitz, …), a PGN
    /// TimeControl tag such as 40/5400+30:1800+30 or 900+10 (seconds), or
    /// as it is said, such as "15 plus 10" or "90 min + 30 s". Default:
    /// the configuration's [clock] time.
    #[arg(long, value_parser = super::values::Suggested::time_controls(), hide_possible_values = true)]
    pub time: Option<String>,
    /// Voice pack for the announcements (fide, pt, es, en, or your own).
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true)]
    pub voice: Option<String>,
    /// How the opponent repeats a move: strict, quick or off.
    #[arg(long, value_enum)]
    pub repetition: Option<RepetitionArg>,
    /// How the clock is pressed: separate or auto. Default: the
    /// configuration's [game] press, else auto for the player and the
    /// assistant and separate for the arbiter.
    #[arg(long, value_enum)]
    pub press: Option<PressArg>,
    /// Which rules for rapid and blitz the event applies: the Competition
    /// Rules (a4; B.2 in blitz) or the others (a5; B.3). Default: the
    /// configuration's [game] rules.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// The event announces Guidelines III for games without increment
    /// (quickplay finish: III.4 and III.5 claims). Default: the
    /// configuration's [game] quickplay_finish.
    #[arg(long)]
    pub quickplay_finish: bool,
    /// Start from this position, as FEN (X-FEN or Shredder-FEN castling
    /// rights): the side to move, castling, en passant and the move number
    /// follow it, and the side to move's clock is started first.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Chess960 (Guidelines II): castling as II.3 has it. A FEN whose
    /// castling rights only Chess960 can have makes the game Chess960 too.
    #[arg(long)]
    pub chess960: bool,
    /// A training game: every question about the position is answered
    /// (attackers, moves, the pawn structure). Without it the game is
    /// rated, and during play the program gives only what a scoresheet and
    /// the player's own board give (11.3.1). Default: the configuration's
    /// [game] training.
    #[arg(long, conflicts_with = "rated")]
    pub training: bool,
    /// A rated game even when the configuration's [game] training says
    /// otherwise (11.3.1).
    #[arg(long)]
    pub rated: bool,
    /// The PGN Event tag.
    #[arg(long, default_value = "?")]
    pub event: String,
    /// The PGN Site tag.
    #[arg(long, default_value = "?")]
    pub site: String,
    /// The round, as the PGN Round tag writes it (3, or 3.1).
    #[arg(long, value_name = "ROUND")]
    pub round: Option<String>,
    /// The board number in the round (the PGN Board tag).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub board_number: Option<u32>,
    /// White's rating (the PGN WhiteElo tag).
    #[arg(long, value_name = "ELO", value_parser = clap::value_parser!(u32).range(1..4000))]
    pub white_elo: Option<u32>,
    /// Black's rating (the PGN BlackElo tag).
    #[arg(long, value_name = "ELO", value_parser = clap::value_parser!(u32).range(1..4000))]
    pub black_elo: Option<u32>,
    /// Keep the game's live PGN (after every move, with its clocks) in
    /// FILE, or in FOLDER as board-N.pgn, besides the copy beside the
    /// journal: a round's folder that `zweibrett serve` serves to a
    /// broadcast and `zweibrett hall` follows.
    #[arg(long, value_name = "PATH")]
    pub live: Option<PathBuf>,
    /// Write the transcript of everything said (one line per utterance,
    /// with the game's time and the wall clock) to FILE instead of beside
    /// the journal.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
}

/// The global flags that choose between the full screen and plain mode,
/// and how the full screen looks.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct Screen {
    /// Line-by-line mode on stdin and stdout, for screen readers, braille
    /// displays and scripts.
    #[arg(long)]
    pub plain: bool,
    /// The full screen's layout for screen readers and braille displays:
    /// no boards, nothing redrawn on its own (the default when a screen
    /// reader runs).
    #[arg(long)]
    pub screen_reader: bool,
    /// The full screen's theme: standard, high-contrast, large, or your own
    /// themes/NAME.toml beside the configuration file; `list` names them
    /// all.
    #[arg(long, value_parser = super::values::Suggested::themes(), hide_possible_values = true, value_name = "NAME")]
    pub theme: Option<String>,
    /// Show the game on a braille display through BRLTTY: auto (when
    /// BRLTTY has a display), on (and say why not), off. Overrides
    /// `[braille] display`.
    #[arg(long, value_name = "WHEN")]
    pub braille_display: Option<crate::braille::DisplaySetting>,
    /// The deafblind profile: everything the program would say is shown on
    /// the braille display, kept until read, urgent first; the opponent's
    /// seat and the arbiter's see each move read. Sets `[braille]
    /// deafblind`.
    #[arg(long)]
    pub deafblind: bool,
    /// Words on the braille display in contracted braille (liblouis, in
    /// the voice pack's language) rather than through BRLTTY's text
    /// table. Sets `[braille] contracted`.
    #[arg(long)]
    pub contracted_braille: bool,
}

impl Screen {
    /// These options, each one not given taken from `earlier` (the same
    /// options written before the subcommand).
    pub fn or(self, earlier: Screen) -> Screen {
        Screen {
            plain: self.plain || earlier.plain,
            screen_reader: self.screen_reader || earlier.screen_reader,
            theme: self.theme.or(earlier.theme),
            braille_display: self.braille_display.or(earlier.braille_display),
            deafblind: self.deafblind || earlier.deafblind,
            contracted_braille: self.contracted_braille || earlier.contracted_braille,
        }
    }
}

/// How a game reaches the people at the board: the screen, speech and
/// listening options of `play` and `resume`.
#[derive(Args, Debug, Default, Clone)]
pub struct Interface {
    /// How the game is shown.
    #[command(flatten)]
    pub screen: Screen,
    /// How it is spoken.
    #[command(flatten)]
    pub speech: SpeechOptions,
    /// How it listens.
    #[command(flatten)]
    pub listening: super::speak::ListenOptions,
    /// The sighted player's board is a DGT electronic board on this serial
    /// line (/dev/ttyUSB0, /dev/rfcomm0), or `auto` to look for one: the
    /// moves made on it are read from it, and the move made for the
    /// visually impaired player is checked against the one announced.
    #[arg(long, value_name = "LINE")]
    pub board: Option<String>,
}

impl Interface {
    /// The speech (listening included) and screen options, each one not
    /// given here taken from those written before the subcommand.
    pub fn or(self, earlier: Interface) -> (SpeechOptions, Screen, Option<String>) {
        let board = self.board.or(earlier.board);
        let speech = self
            .listening
            .or(earlier.listening)
            .into_speech(self.speech.or(earlier.speech));
        (speech, self.screen.or(earlier.screen), board)
    }
}

/// Options of `zweibrett resume`.
#[derive(Args, Debug)]
pub struct ResumeArgs {
    /// The game's journal; default: the latest unfinished game.
    pub file: Option<PathBuf>,
    /// How the game is shown, spoken and heard.
    #[command(flatten)]
    pub interface: Interface,
    /// Append the transcript of everything said to FILE instead of the
    /// one beside the journal.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
}

/// Where `--live` keeps the round's copy of the live PGN: the file named,
/// or `board-N.pgn` in the folder named (one that is there, or a name
/// ending in `/`), made absolute, as the journal keeps it for `resume`.
fn live_copy(live: Option<&Path>, board: Option<u32>) -> Result<Option<PathBuf>, String> {
    let Some(live) = live else { return Ok(None) };
    if live.as_os_str().is_empty() {
        return Err("--live: no file or folder named".into());
    }
    let folder = live.is_dir() || live.as_os_str().as_encoded_bytes().ends_with(b"/");
    let path = if folder {
        let Some(board) = board else {
            return Err(format!(
                "--live: {} is a folder, and its file is named by the board: give --board-number too",
                live.display()
            ));
        };
        live.join(format!("board-{board}.pgn"))
    } else {
        live.to_path_buf()
    };
    std::path::absolute(&path)
        .map(Some)
        .map_err(|e| format!("--live: {}: {e}", path.display()))
}

/// `text`, or `default` when it is empty.
fn or(text: &str, default: &str) -> String {
    if text.is_empty() { default } else { text }.to_string()
}

/// The configuration read and checked once, the same for `play`,
/// `resume` and a new game: a fault is refused with the same message.
/// `--braille-display`, when given, overrides `[braille] display`.
fn settings(screen: &Screen) -> Result<Settings, ExitCode> {
    let mut settings = Settings::load().map_err(|e| fail(&e.to_string(), EXIT_WRONG_INPUT))?;
    settings.braille = braille_settings(&settings, screen);
    Ok(settings)
}

/// `[braille]` with `--braille-display` and `--deafblind` over it.
pub(super) fn braille_settings(settings: &Settings, screen: &Screen) -> BrailleSettings {
    BrailleSettings {
        display: screen.braille_display.unwrap_or(settings.braille.display),
        deafblind: settings.braille.deafblind || screen.deafblind,
        contracted: settings.braille.contracted || screen.contracted_braille,
    }
}

/// `zweibrett play`: a new game, each option not given taken from the
/// configuration's `[game]` section.
pub fn play(
    args: &PlayArgs,
    speech: &SpeechOptions,
    screen: &Screen,
    board: Option<String>,
) -> ExitCode {
    let settings = match settings(screen) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    play_with(args, speech, screen, &settings, board)
}

fn play_with(
    args: &PlayArgs,
    speech: &SpeechOptions,
    screen: &Screen,
    settings: &Settings,
    board: Option<String>,
) -> ExitCode {
    let defaults = &settings.game;
    let pack = match crate::config::load_voice(&settings.voice(args.voice.as_deref())) {
        Ok(pack) => pack,
        Err(e) => return fail(&e.to_string(), EXIT_USAGE),
    };
    // The names nobody configured are the sides' names in the pack's
    // language, as on the new game form.
    let unnamed = SetupDefaults::default();
    let name = |given: &Option<String>, default: &str, side: shakmaty::Color| match given {
        Some(name) if !name.trim().is_empty() => name.trim().to_string(),
        _ if default == unnamed.name(side) => pack.side(side).to_string(),
        _ => default.to_string(),
    };
    // `--assistant` alone says who is at the keyboard: the assistant.
    let role = match (args.role, args.assistant) {
        (Some(role), _) => role.into(),
        (None, true) => Role::Assistant,
        (None, false) => defaults.role,
    };
    let chosen_repetition = args.repetition.map(|chosen| match chosen {
        RepetitionArg::Strict => Repetition::Strict,
        RepetitionArg::Quick => Repetition::Quick,
        RepetitionArg::Off => Repetition::Off,
    });
    // The core says who enters the repetition; asked of another role, it
    // is refused by name rather than dropped.
    if let Some(chosen) = chosen_repetition
        && !role.takes_repetition(chosen)
    {
        let message = pack.line_sentences().say(
            LineSentence::RepetitionArbiterOnly,
            &[("repetition", chosen.name()), ("role", role.name())],
        );
        return fail(&message, EXIT_USAGE);
    }
    let setup = Setup {
        white: name(&args.white, &defaults.white, shakmaty::Color::White),
        black: name(&args.black, &defaults.black, shakmaty::Color::Black),
        impaired: match args.impaired {
            Some(ImpairedArg::White) => Impaired::White,
            Some(ImpairedArg::Black) => Impaired::Black,
            Some(ImpairedArg::Both) => Impaired::Both,
            None => defaults.impaired,
        },
        assistant: args.assistant || defaults.assistant,
        role,
        time: args.time.clone().unwrap_or(defaults.time.clone()),
        voice: settings.voice(args.voice.as_deref()),
        // Only the arbiter enters the repetition; the journal says so.
        repetition: role.repetition(chosen_repetition.unwrap_or(defaults.repetition)),
        press: role.press_or(
            args.press
                .map(|chosen| match chosen {
                    PressArg::Separate => Press::Separate,
                    PressArg::Auto => Press::Auto,
                })
                .or(defaults.press),
        ),
        event: or(&args.event, "?"),
        site: or(&args.site, "?"),
        date: pgn_date(SystemTime::now()),
        fen: args
            .fen
            .as_deref()
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(str::to_string),
        rules: match args.rules {
            Some(RulesArg::A5) => EventRules::A5,
            Some(RulesArg::A4) => EventRules::Competition,
            None => defaults.rules,
        },
        quickplay_finish: args.quickplay_finish || defaults.quickplay_finish,
        chess960: args.chess960,
        piece_letters: defaults.piece_letters.clone(),
        training: args.training || (defaults.training && !args.rated),
        pairing: Pairing {
            round: args
                .round
                .as_deref()
                .map(str::trim)
                .unwrap_or_default()
                .to_string(),
            board: args.board_number,
            white_elo: args.white_elo,
            black_elo: args.black_elo,
        },
        live_copy: match live_copy(args.live.as_deref(), args.board_number) {
            Ok(path) => path,
            Err(e) => return fail(&e, EXIT_USAGE),
        },
    };
    // A position that cannot be played is refused before anything starts.
    if let Err(e) = setup.start_position() {
        return fail(&format!("--fen: {}", e.say(&pack)), EXIT_USAGE);
    }
    // So is a look the full screen cannot have: a refused start leaves no
    // journal behind for `resume` to pick.
    let full = match full_screen(settings, screen) {
        Some(Err(e)) => return fail(&e.to_string(), EXIT_USAGE),
        full => full,
    };
    let (game, journal, pack) = match session::start(&setup) {
        Ok(started) => started,
        Err(session::StartError::Setup(e)) => return fail(&e.say(&pack), EXIT_USAGE),
        // The games folder cannot hold the game: a file fault, not a
        // wrong command line, said in the pack's words.
        Err(session::StartError::Journal(e)) => return fail(&e.say(&pack), EXIT_WRONG_INPUT),
        Err(e @ session::StartError::NoDataDir) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
        Err(e @ session::StartError::Pack(_)) => return fail(&e.to_string(), EXIT_USAGE),
    };
    if full.is_none() {
        let labels = line_labels(speech, settings, &pack);
        println!(
            "{}",
            rated_or_training(&labels, &pack, game.setup().training)
        );
        let path = journal.path().display().to_string();
        println!(
            "{}",
            printable(&labels.line(LineSentence::LabelJournal, &path))
        );
    }
    let transcript = args.transcript.as_deref();
    run(
        game,
        journal,
        (Duration::ZERO, transcript),
        &pack,
        (settings, speech),
        (full, board),
    )
}

/// `zweibrett` alone: on a terminal, the setup screen of a new game and
/// then the game; otherwise (or with `--plain`) a game in plain mode with
/// the configuration's defaults.
pub fn new_game(
    speech: &SpeechOptions,
    screen: &Screen,
    transcript: Option<PathBuf>,
    voice: Option<String>,
    board: Option<String>,
) -> ExitCode {
    let mut settings = match settings(screen) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    if let Some(voice) = &voice {
        settings.game.voice.clone_from(voice);
    }
    let Some(look) = full_screen(&settings, screen) else {
        let args = PlayArgs {
            transcript,
            voice,
            ..PlayArgs::default()
        };
        return play_with(&args, speech, screen, &settings, board);
    };
    let look = match look {
        Ok(look) => look,
        Err(e) => return fail(&e.to_string(), EXIT_USAGE),
    };
    let listening = speech.listening(&settings.hearing);
    // The form speaks in the default pack until the game's is chosen.
    let voice = match crate::config::load_voice(&settings.game.voice) {
        Ok(pack) => pack,
        Err(e) => return fail(&e.to_string(), EXIT_USAGE),
    };
    let speaking = speech.settle(settings.speech.clone(), &voice);
    let reader = speaking.backend == crate::speech::Backend::Reader;
    let form = SetupForm::new(
        settings.game.clone(),
        available_ids(crate::config::user_voice_dir().as_deref()),
    )
    .with_speech(reader, speaking.profile)
    .with_board(board.or_else(|| settings.board.port()));
    let speech = (speaking.backend != crate::speech::Backend::None).then_some((speaking, voice));
    let mut start = |setup: &Setup| session::start(setup);
    finish(new_game::run(
        form,
        look,
        speech,
        settings.clock.clone(),
        (transcript, listening),
        &mut start,
    ))
}

/// `zweibrett resume [FILE]`: rebuilds a game from its journal, clocks
/// paused as last recorded.
pub fn resume(
    args: &ResumeArgs,
    speech: &SpeechOptions,
    screen: &Screen,
    board: Option<String>,
) -> ExitCode {
    let settings = match settings(screen) {
        Ok(settings) => settings,
        Err(code) => return code,
    };
    let path = match &args.file {
        Some(p) => p.clone(),
        None => {
            let Some(dir) = session::journal::games_dir() else {
                return fail("no data directory for saved games", EXIT_WRONG_INPUT);
            };
            match session::journal::latest_unfinished(&dir) {
                Ok(Some(p)) => p,
                Ok(None) => {
                    let none = configured(&settings)
                        .line_sentences()
                        .say(LineSentence::NothingToResume, &[]);
                    return fail(&none, EXIT_WRONG_INPUT);
                }
                Err(e) => return fail(&e.say(&configured(&settings)), EXIT_WRONG_INPUT),
            }
        }
    };
    // Until the journal names its pack, its faults are said in the
    // configured one's words.
    let loaded = match session::journal::load(&path) {
        Ok(l) => l,
        Err(e) => return fail(&e.say(&configured(&settings)), EXIT_WRONG_INPUT),
    };
    let game = match crate::session::journal::replay(
        &path,
        &loaded,
        crate::config::user_voice_dir().as_deref(),
    ) {
        Ok(g) => g,
        Err(e) => {
            // In the journal's own pack when it loads (a move that reads
            // otherwise today, a clock beyond its bounds).
            let words = session::journal::pack_of(
                &path,
                &loaded,
                crate::config::user_voice_dir().as_deref(),
            )
            .unwrap_or_else(|_| configured(&settings));
            return fail(&e.say(&words), EXIT_WRONG_INPUT);
        }
    };
    let pack = game.pack().clone();
    let journal = match Journal::reopen(&path, &loaded) {
        Ok(j) => j,
        Err(e) => return fail(&e.say(&pack), EXIT_WRONG_INPUT),
    };
    // A game named by its file, in the games directory but not yet in the
    // index (copied there, say), is in it from now on.
    if game.outcome().is_none()
        && let Some(dir) = session::journal::games_dir()
        && path.parent() == Some(dir.as_path())
        && let Err(e) = session::unfinished::add(&dir, &path)
    {
        eprintln!("zweibrett: {e}");
    }
    let offset = journal::last_instant(&loaded).0;
    let full = full_screen(&settings, screen);
    let timing = (offset, args.transcript.as_deref());
    if full.is_some() {
        return run(
            game,
            journal,
            timing,
            &pack,
            (&settings, speech),
            (full, board),
        );
    }
    let labels = line_labels(speech, &settings, &pack);
    let shown_path = path.display().to_string();
    let label = |key, text: &str| printable(&labels.line(key, text)).to_string();
    println!(
        "{}",
        rated_or_training(&labels, &pack, game.setup().training)
    );
    println!("{}", label(LineSentence::LabelJournal, &shown_path));
    if loaded.torn {
        let torn = pack.line_sentences().say(LineSentence::JournalTorn, &[]);
        println!("{}", label(LineSentence::LabelNote, &torn));
    }
    let sans: Vec<String> = game.moves().iter().map(|p| labels.san(&p.san)).collect();
    let score = pack.line_sentences().say_count(
        LineSentence::ResumedScore,
        sans.len() as u64,
        &[
            ("count", &sans.len().to_string()),
            ("moves", &sans.join(" ")),
        ],
    );
    println!("{}", label(LineSentence::LabelResumed, &score));
    run(
        game,
        journal,
        timing,
        &pack,
        (&settings, speech),
        (None, board),
    )
}

/// The configured voice pack, or English when it cannot be loaded: the
/// words of what fails before a game names its own.
fn configured(settings: &Settings) -> VoicePack {
    crate::config::load_voice(&settings.game.voice).unwrap_or_else(|_| VoicePack::builtin("en"))
}

/// The `--theme` that names the themes instead of choosing one.
pub(super) const LIST_THEMES: &str = "list";

/// `--theme list`: each built-in theme with its description, then the
/// user's own in the themes folder beside the configuration file, each
/// with its file, or why it cannot be used; one line each.
pub(super) fn list_themes() -> ExitCode {
    use crate::ui::screen::theme::Theme;
    // A description opens with a label of its own ("high contrast: …"):
    // the name to type stands in its place.
    let summary = |description: &str| {
        let summary = description
            .split_once(": ")
            .map_or(description, |(_, rest)| rest);
        summary.to_string()
    };
    for name in Theme::built_in_names() {
        if let Some(theme) = Theme::built_in(name) {
            println!(
                "{}",
                printable(&format!("{name}: {}", summary(&theme.description)))
            );
        }
    }
    let Some(dir) = user_theme_dir() else {
        return ExitCode::SUCCESS;
    };
    let mut own: Vec<_> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    own.sort();
    for path in own {
        let Some(name) = path.file_stem().map(|s| s.to_string_lossy().into_owned()) else {
            continue;
        };
        let file = path.display().to_string();
        let line = match Theme::load(&name, Some(&dir)) {
            Ok(theme) => format!("{name} ({file}): {}", summary(&theme.description)),
            Err(e) => format!("{name} ({file}): cannot be used: {e}"),
        };
        println!("{}", printable(&line));
    }
    ExitCode::SUCCESS
}

/// How the full screen looks with the `[ui]` settings `ui`, or `None` for
/// plain mode: `--plain`, or standard input or output not a terminal. A
/// theme that cannot be used is an error.
pub(super) fn full_screen(
    settings: &Settings,
    screen: &Screen,
) -> Option<Result<Look, ThemeChoiceError>> {
    let ui = &settings.ui;
    let user_dir = user_theme_dir();
    let chosen = choose_theme(ui, screen.theme.as_deref(), user_dir.as_deref());
    if screen.plain || !terminal::is_interactive() {
        // A theme that cannot be used is said in line mode too, not
        // passed over until the day the screen is used.
        return chosen.err().map(Err);
    }
    Some(chosen.map(|theme| Look {
        layout: choose_layout(
            ui,
            screen.screen_reader,
            settings.speech.backend == crate::speech::Backend::Reader,
        ),
        theme,
        redraw: ui.redraw,
        braille: braille_settings(settings, screen),
    }))
}

/// Runs a game whose time line stands at `offset` (zero for a new game),
/// its transcript in the file named, else beside the journal.
fn run(
    game: Game,
    journal: Journal,
    (offset, transcript): (Duration, Option<&Path>),
    pack: &VoicePack,
    (settings, speech): (&Settings, &SpeechOptions),
    (full, board): (Option<Result<Look, ThemeChoiceError>>, Option<String>),
) -> ExitCode {
    let speaking: SpeechSettings = speech.settle(settings.speech.clone(), pack);
    let listening = speech.listening(&settings.hearing);
    // --board over `[board] port`.
    let board = board.or_else(|| settings.board.port());
    let mut game = game;
    game.set_speech_profile(speaking.profile);
    if let Some(look) = full {
        let look = match look {
            Ok(look) => look,
            Err(e) => return fail(&e.to_string(), EXIT_USAGE),
        };
        let speech = speaking.speaks_itself().then(|| (speaking, pack.clone()));
        return finish(shell::run(
            game,
            journal,
            (offset, transcript.map(Path::to_path_buf)),
            (speech, listening, board),
            settings.clock.clone(),
            look,
        ));
    }
    let reader = speaking.backend == crate::speech::Backend::Reader;
    // Never waited for: commands are timed when they are read, whatever
    // the voice is doing; the speech thread connects meanwhile.
    let output = speaking
        .speaks_itself()
        .then(|| SpeechOutput::start(speaking, pack).0);
    let session = GameSession::new(game, Some(journal), offset, settings.clock.clone());
    let listener = crate::hearing::game::listener_for(
        speech.listening(&settings.hearing),
        session.game().pack(),
    );
    let mut host = GameHost::start(session, transcript, output, listener);
    if let Some(port) = board {
        host.follow_board_on(port);
    }
    if reader {
        host.speak_through_screen_reader();
    }
    let plain = PlainGame::new(host).with_braille(settings.braille);
    if plain.run(offset > Duration::ZERO) {
        ExitCode::SUCCESS
    } else {
        // The journal could not be written: the game stopped.
        ExitCode::from(EXIT_WRONG_INPUT)
    }
}

/// The labels of line mode for a game in `pack`: none when the user's
/// screen reader speaks.
/// The first line of a game in line mode: whether it is rated, and so
/// what the player may ask during play (11.3.1), or a training game.
fn rated_or_training(labels: &Labels, pack: &VoicePack, training: bool) -> String {
    let key = if training {
        SetupSentence::TrainingYesMeans
    } else {
        SetupSentence::TrainingNoMeans
    };
    let said = pack.setup_sentences().say(key, &[]);
    printable(&labels.line(LineSentence::LabelNote, &said)).to_string()
}

fn line_labels(speech: &SpeechOptions, settings: &Settings, pack: &VoicePack) -> Labels {
    let speaking = speech.settle(settings.speech.clone(), pack);
    if speaking.backend == crate::speech::Backend::Reader {
        Labels::bare(pack)
    } else {
        Labels::for_pack(pack)
    }
}

/// The exit status of a full-screen game, with what to print once the
/// terminal is back.
fn finish(ran: Result<String, ScreenGameError>) -> ExitCode {
    match ran {
        Ok(kept) => {
            if !kept.is_empty() {
                println!("{}", printable_lines(&kept));
            }
            ExitCode::SUCCESS
        }
        Err(e @ ScreenGameError::Stopped(_)) => fail(&e.to_string(), EXIT_WRONG_INPUT),
        Err(e @ ScreenGameError::Terminal(_)) => fail(&e.to_string(), EXIT_USAGE),
    }
}
