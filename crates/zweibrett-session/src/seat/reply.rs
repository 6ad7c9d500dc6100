//! What the game answers a line typed at a seat, the same in plain mode
//! and on the full screen: a command to enter for the seat's side, an
//! answer for that seat alone, or a ruling heard at the whole table.

use zweibrett_core::game::{Command, Game};
use zweibrett_core::record::{pgn_write, score};
use zweibrett_core::seat::SeatRole;
use zweibrett_core::table::{answer, audit_lines, role_guide};
use zweibrett_core::typed::seat_line::seat_line;
use zweibrett_core::typed::{Line, help, no_more_help, users_at_seat};

use crate::printable::printable_lines;

/// What a line typed at a seat comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatReply {
    /// A command for the game, entered as a typed one is: journalled
    /// first, then carried out.
    Enter(Command),
    /// Lines for the seat that typed alone: an answer, the score, help,
    /// or why what it typed was refused.
    Answer(Vec<String>),
    /// The arbiter's audit: a ruling, shown and said at the main seat and
    /// sent to every seat (D.2.9).
    Ruling(Vec<String>),
    /// Nothing: an empty line, or leaving, which is the seat's own.
    Nothing,
}

/// What `text`, typed at the seat of `role`, comes to in `game`.
pub fn reply(game: &Game, role: SeatRole, text: &str) -> SeatReply {
    let pack = game.pack();
    let line = match seat_line(game, role, text) {
        Ok(line) => line,
        Err(refusal) => return SeatReply::Answer(vec![refusal.say(pack)]),
    };
    let lines = |text: String| {
        SeatReply::Answer(printable_lines(&text).lines().map(String::from).collect())
    };
    match line {
        Line::Game(command) => SeatReply::Enter(command),
        // A refusal during a rated game (11.3.1) goes to the seat alone.
        Line::Ask(question) => SeatReply::Answer(vec![
            answer(game, &question).unwrap_or_else(|refused| refused),
        ]),
        Line::Help => {
            let mut said = vec![role_guide(game)];
            said.extend(help(game, users_at_seat(role)));
            SeatReply::Answer(said)
        }
        // A seat shows the whole help at once.
        Line::More => SeatReply::Answer(vec![no_more_help(game)]),
        Line::Pgn => lines(pgn_write::write(game)),
        Line::Score => lines(score::plain(game)),
        Line::ScoreIn(pieces) => lines(score::plain_in(game, pieces.signs(pack))),
        Line::Braille => lines(crate::record::braille::of_game(game)),
        Line::Audit => match audit_lines(game, None) {
            Ok(ruling) => SeatReply::Ruling(ruling),
            Err(e) => SeatReply::Answer(vec![e.say(pack)]),
        },
        Line::BoardShows(player, shows) => match audit_lines(game, Some((player, shows))) {
            Ok(ruling) => SeatReply::Ruling(ruling),
            Err(e) => SeatReply::Answer(vec![e.say(pack)]),
        },
        Line::Wrong(why) => SeatReply::Answer(vec![why.say(pack)]),
        // Files are refused at a seat before this; leaving is the seat's
        // own; the microphone and the voice are the main seat's.
        Line::Save
        | Line::SaveBrf(_)
        | Line::Quit
        | Line::Listen
        | Line::Voice(_)
        | Line::Nothing => SeatReply::Nothing,
    }
}
