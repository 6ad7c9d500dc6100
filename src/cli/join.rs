//! `zweibrett join`: a second seat at a running game (D.2.11, D.2.9), from
//! another terminal or over ssh: the opponent's, the arbiter's or the
//! assistant's.

use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::game::{Screen, full_screen};
use super::speak::SpeechOptions;
use super::{EXIT_USAGE, EXIT_WRONG_INPUT, fail};
use crate::config::{Settings, load_voice};
use crate::notation::VoicePack;
use crate::session::seat::SeatRole;
use crate::session::seat::join::join as join_game;
use crate::speech::Backend;
use crate::ui::line::seat::{self as plain, SeatEnd};
use crate::ui::screen::seat as seat_screen;

/// Who sits at the seat, on the command line.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SeatRoleArg {
    /// The sighted opponent: their moves, offers and replies are theirs.
    Opponent,
    /// The arbiter: the audit, the clocks and the rulings (D.2.9).
    Arbiter,
    /// The visually impaired player's assistant (D.2.10).
    Assistant,
}

impl From<SeatRoleArg> for SeatRole {
    fn from(arg: SeatRoleArg) -> SeatRole {
        match arg {
            SeatRoleArg::Opponent => SeatRole::Opponent,
            SeatRoleArg::Arbiter => SeatRole::Arbiter,
            SeatRoleArg::Assistant => SeatRole::Assistant,
        }
    }
}

/// Options of `zweibrett join`.
#[derive(Args, Debug)]
pub struct JoinArgs {
    /// Who sits at this seat.
    #[arg(long, value_enum, default_value = "opponent")]
    pub role: SeatRoleArg,
    /// The game to join: its journal's file name or stem, as `resume`
    /// names it; left out, the one game running.
    pub game: Option<String>,
    /// How the full screen calls attention to a draw offer, request or
    /// claim waiting for an answer, besides showing it in big letters:
    /// the screen inverted for a moment, the terminal's bell, both, or
    /// neither.
    #[arg(long, value_enum, default_value = "flash")]
    pub alert: seat_screen::Alert,
    /// Voice pack for this seat's words; default: the game's.
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true, value_name = "PACK")]
    pub voice: Option<String>,
    /// How the seat is shown.
    #[command(flatten)]
    pub screen: Screen,
    /// How it is spoken.
    #[command(flatten)]
    pub speech: SpeechOptions,
}

/// `zweibrett join`: joins the running game in the role asked for, and
/// runs the seat until the user leaves it or the game ends: on the full
/// screen, or line by line with `--plain` or when not on a terminal.
pub fn join(
    args: &JoinArgs,
    screen: &Screen,
    speech: &SpeechOptions,
    voice: Option<&str>,
) -> ExitCode {
    // A broken configuration is refused as every subcommand refuses it.
    let settings = match Settings::load() {
        Ok(settings) => settings,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    // Before the welcome everything is said in the configured voice's words.
    let configured = load_voice(&settings.voice(voice)).unwrap_or_else(|_| VoicePack::fide());
    // A theme that cannot be used is said before the game is joined, so
    // that a refused seat never shows in the main seat's log.
    let look = match full_screen(&settings, screen) {
        Some(Ok(look)) => Some(look),
        Some(Err(e)) => return fail(&e.to_string(), EXIT_USAGE),
        None => None,
    };
    let role = SeatRole::from(args.role);
    let link = match join_game(role, args.game.as_deref()) {
        Ok(link) => link,
        Err(e) => return fail(&e.say(&configured), EXIT_WRONG_INPUT),
    };
    let Some(look) = look else {
        // After the welcome, in the game's words.
        let pack = load_voice(&link.voice).unwrap_or(configured);
        return match plain::run(link, &pack) {
            SeatEnd::Left | SeatEnd::Closed(_) => ExitCode::SUCCESS,
        };
    };
    // The opponent's seat is silent unless a voice is asked for by name:
    // nothing there may depend on hearing (D.2.11).
    let speaking = speech.apply(settings.speech.clone());
    let wanted = match speech.backend {
        Some(backend) => backend != Backend::None,
        None => seat_screen::speaks_by_default(role),
    };
    let voice = (wanted && speaking.backend != Backend::None).then_some(speaking);
    match seat_screen::run(link, look, voice, args.alert) {
        Ok(code) => code,
        Err(e) => fail(&e.to_string(), EXIT_WRONG_INPUT),
    }
}
