//! `zweibrett join`: a second seat at a running game (D.2.11, D.2.9), from
//! another terminal or over ssh: the opponent's, the arbiter's or the
//! assistant's.

use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::{EXIT_WRONG_INPUT, fail};
use crate::config::{Settings, load_voice};
use crate::notation::VoicePack;
use crate::seat::join::join as join_game;
use crate::seat::plain::{self, SeatEnd};
use crate::seat::{SeatLink, SeatRole};

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
}

/// `zweibrett join`: joins the running game in the role asked for, and
/// runs the seat until the user leaves it or the game ends.
pub fn join(args: &JoinArgs, plain: bool, voice: Option<&str>) -> ExitCode {
    // Before the welcome everything is said in the configured voice's words.
    let id = Settings::load().map_or_else(
        |_| crate::notation::pack::DEFAULT_ID.to_string(),
        |s| s.voice(voice),
    );
    let configured = load_voice(&id).unwrap_or_else(|_| VoicePack::fide());
    let link = match join_game(args.role.into(), args.game.as_deref()) {
        Ok(link) => link,
        Err(e) => return fail(&e.say(&configured), EXIT_WRONG_INPUT),
    };
    // After it, in the game's.
    let pack = load_voice(&link.voice).unwrap_or(configured);
    let end = if plain {
        plain::run(link, &pack)
    } else {
        full_screen_seat(link, &pack)
    };
    match end {
        SeatEnd::Left | SeatEnd::Closed(_) => ExitCode::SUCCESS,
    }
}

/// The seat on the full screen; line by line until the full-screen seat
/// is there.
fn full_screen_seat(link: SeatLink, pack: &VoicePack) -> SeatEnd {
    plain::run(link, pack)
}
