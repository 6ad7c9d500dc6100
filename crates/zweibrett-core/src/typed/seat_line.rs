//! What a line typed at a joined seat does: the seat's own side, not the
//! side to move, is who acts (D.2.11). The opponent's seat offers,
//! accepts, declines, resigns, reports a touched piece and enters moves
//! for the sighted opponent only, and only in their turn; the arbiter's
//! seat carries the arbiter's commands (D.2.9); the assistant's seat types
//! as the assistant at the keyboard does (D.2.10).

use shakmaty::Color;

use crate::game::{Command, Game, Impaired, Setup, Side, Step};
use crate::notation::VoicePack;
use crate::notation::pack::SeatSentence;

use super::{Line, parse_typed_line};
use crate::seat::SeatRole;

/// Why a line typed at a seat was not carried out; nothing was done.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SeatRefusal {
    /// The seat's side acts only in its turn of the protocol; the side
    /// whose turn it is.
    #[error("not done: it is {0:?}'s turn")]
    NotYourTurn(Side),
    /// The line named the other side; the seat's own side.
    #[error("not done: this seat types for {0:?} only")]
    NotYourSide(Side),
    /// The arbiter's command, typed at another seat, as typed.
    #[error("not done: {0} is the arbiter's")]
    ArbitersOnly(String),
    /// Files are written by the main seat, beside the journal.
    #[error("not done: files are saved at the main seat")]
    SavedAtMainSeat,
}

impl SeatRefusal {
    /// The refusal in `pack`'s words.
    pub fn say(&self, pack: &VoicePack) -> String {
        let words = pack.seat_sentences();
        let side = |s: &Side| pack.side(Color::from(*s)).to_string();
        match self {
            SeatRefusal::NotYourTurn(s) => {
                words.say(SeatSentence::NotYourTurn, &[("side", &side(s))])
            }
            SeatRefusal::NotYourSide(s) => {
                words.say(SeatSentence::NotYourSide, &[("side", &side(s))])
            }
            SeatRefusal::ArbitersOnly(command) => {
                words.say(SeatSentence::ArbitersOnly, &[("command", command)])
            }
            SeatRefusal::SavedAtMainSeat => words.say(SeatSentence::SavedAtMainSeat, &[]),
        }
    }
}

/// The side a seat of `role` types for: the opponent's seat the sighted
/// player's colour, none when both players are visually impaired; the
/// other seats none (they name a side where a command needs one).
pub fn seat_side(setup: &Setup, role: SeatRole) -> Option<Side> {
    match (role, setup.impaired) {
        (SeatRole::Opponent, Impaired::White) => Some(Side::Black),
        (SeatRole::Opponent, Impaired::Black) => Some(Side::White),
        _ => None,
    }
}

/// The status line while the sighted opponent, joined at their own seat,
/// is to enter their move there (D.2.11): what the main seat shows and
/// says instead of asking for the move; `None` at any other step.
pub fn opponent_enters(game: &Game) -> Option<String> {
    let side = seat_side(game.setup(), SeatRole::Opponent)?;
    let at_enter = matches!(game.step(), Step::Enter) && !game.diverging();
    if !at_enter || Side::from(game.to_move()) != side {
        return None;
    }
    let pack = game.pack();
    Some(pack.seat_sentences().say(
        SeatSentence::OpponentEnters,
        &[("side", pack.side(Color::from(side)))],
    ))
}

/// Reads `typed`, a line typed at a seat of `role`, in the game's pack,
/// and gives what it does for that seat's side, or why it is refused.
/// Questions, the score and help are for every seat; lines that cannot be
/// read come back as [`Line::Wrong`] to be said as at the main seat.
pub fn seat_line(game: &Game, role: SeatRole, typed: &str) -> Result<Line, SeatRefusal> {
    let line = parse_typed_line(game.pack(), game.lexicon(), typed);
    if matches!(line, Line::Save | Line::SaveBrf(_)) {
        return Err(SeatRefusal::SavedAtMainSeat);
    }
    let Some(side) = seat_side(game.setup(), role) else {
        return Ok(line);
    };
    let word = typed.split_whitespace().next().unwrap_or_default();
    let arbiters = || Err(SeatRefusal::ArbitersOnly(word.to_string()));
    let command = match line {
        Line::Game(command) => command,
        Line::Audit | Line::BoardShows(..) => return arbiters(),
        other => return Ok(other),
    };
    let own = |named: Side, command: Command| {
        if named == side {
            Ok(Line::Game(command))
        } else {
            Err(SeatRefusal::NotYourSide(side))
        }
    };
    let to_move = Side::from(game.to_move());
    match command {
        // The steps of a move and the claims made before one are the
        // player's whose turn it is (D.2.1–D.2.8, 9.2, III.4, III.5, I).
        // A game over says so itself.
        Command::Move(_)
        | Command::Correct(_)
        | Command::Press
        | Command::Repeat(_)
        | Command::Confirm
        | Command::Claim { .. }
        | Command::Seal(_)
        | Command::RequestIncrement
        | Command::QuickplayClaim
            if to_move != side && game.outcome().is_none() =>
        {
            Err(SeatRefusal::NotYourTurn(to_move))
        }
        Command::Offer => Ok(Line::Game(Command::OfferBy(side))),
        Command::Accept => Ok(Line::Game(Command::AcceptBy(side))),
        Command::Decline => Ok(Line::Game(Command::DeclineBy(side))),
        Command::Resign(None) => Ok(Line::Game(Command::Resign(Some(side)))),
        // The seat's own clock, as the keyboard's is the keyboard player's.
        Command::Time => Ok(Line::Game(Command::TimeOf(side))),
        Command::OfferBy(named) => own(named, Command::OfferBy(named)),
        Command::AcceptBy(named) => own(named, Command::AcceptBy(named)),
        Command::DeclineBy(named) => own(named, Command::DeclineBy(named)),
        Command::Resign(Some(named)) => own(named, Command::Resign(Some(named))),
        // A player confirms the result for their own side (8.7).
        Command::Sign(None) => Ok(Line::Game(Command::Sign(Some(side)))),
        Command::Sign(Some(named)) => own(named, Command::Sign(Some(named))),
        command @ (Command::Move(_)
        | Command::Correct(_)
        | Command::Press
        | Command::Repeat(_)
        | Command::Confirm
        | Command::Claim { .. }
        | Command::Seal(_)
        | Command::RequestIncrement
        | Command::QuickplayClaim
        | Command::Again(_)
        | Command::TimeOf(_)
        | Command::Flag
        | Command::Touched(_)
        // A player may stop the clocks to call the arbiter (6.12.2).
        | Command::Pause) => Ok(Line::Game(command)),
        Command::TouchRuling(_)
        | Command::IllegalPosition(_)
        | Command::Resume
        | Command::Illegal(_)
        | Command::AddTime { .. }
        | Command::TakeBack(_)
        | Command::Retrace
        | Command::Undo
        | Command::Align
        // Read from the electronic board, never typed.
        | Command::Executed(_)
        | Command::OfficialClock(_)
        | Command::Unseal
        | Command::Resumption(_)
        | Command::Forfeit { .. }
        | Command::Tick
        | Command::SetTime { .. }
        | Command::SetMoves { .. }
        | Command::SetControl(_)
        | Command::BothFlags
        | Command::DecideIncrement(_)
        | Command::DecideQuickplay(_)
        | Command::CannotCheckmate { .. } => arbiters(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Instant;
    use crate::game::{Press, Repetition, Role};

    fn game(role: Role, impaired: Impaired) -> Game {
        let setup = Setup {
            role,
            impaired,
            time: "600".into(),
            repetition: Repetition::Strict,
            press: Press::Auto,
            ..Setup::default()
        };
        Game::new(setup, VoicePack::builtin("en")).unwrap()
    }

    fn command(line: Result<Line, SeatRefusal>) -> Command {
        match line {
            Ok(Line::Game(c)) => c,
            other => panic!("not a command: {other:?}"),
        }
    }

    #[test]
    fn the_opponent_seat_plays_the_sighted_side_only_in_its_turn() {
        let mut g = game(Role::Player, Impaired::White);
        let opp = SeatRole::Opponent;
        assert_eq!(seat_side(g.setup(), opp), Some(Side::Black));
        assert_eq!(
            seat_line(&g, opp, "e4"),
            Err(SeatRefusal::NotYourTurn(Side::White))
        );
        g.apply(&Command::Move("e4".into()), Instant::from_secs(1));
        assert_eq!(
            command(seat_line(&g, opp, "e5")),
            Command::Move("e5".into())
        );
        g.apply(&Command::Move("e5".into()), Instant::from_secs(2));
        assert_eq!(
            seat_line(&g, opp, "Nf3"),
            Err(SeatRefusal::NotYourTurn(Side::White))
        );
        assert_eq!(
            seat_line(&g, opp, "claim threefold"),
            Err(SeatRefusal::NotYourTurn(Side::White))
        );
    }

    #[test]
    fn what_the_opponent_seat_offers_or_gives_up_is_the_opponents() {
        let g = game(Role::Player, Impaired::Black);
        let opp = SeatRole::Opponent;
        // Black, the impaired player, is not to move; White's offer all the same.
        assert_eq!(
            command(seat_line(&g, opp, "offer")),
            Command::OfferBy(Side::White)
        );
        assert_eq!(
            command(seat_line(&g, opp, "accept")),
            Command::AcceptBy(Side::White)
        );
        assert_eq!(
            command(seat_line(&g, opp, "decline")),
            Command::DeclineBy(Side::White)
        );
        assert_eq!(
            command(seat_line(&g, opp, "resign")),
            Command::Resign(Some(Side::White))
        );
        assert_eq!(
            command(seat_line(&g, opp, "offer white")),
            Command::OfferBy(Side::White)
        );
        assert_eq!(
            seat_line(&g, opp, "resign black"),
            Err(SeatRefusal::NotYourSide(Side::White))
        );
        assert_eq!(
            seat_line(&g, opp, "accept black"),
            Err(SeatRefusal::NotYourSide(Side::White))
        );
        assert_eq!(
            command(seat_line(&g, opp, "touched e2")),
            Command::Touched(Some("e2".into()))
        );
        // The opponent's own clock; any clock by its side.
        assert_eq!(
            command(seat_line(&g, opp, "time")),
            Command::TimeOf(Side::White)
        );
        assert_eq!(
            command(seat_line(&g, opp, "time black")),
            Command::TimeOf(Side::Black)
        );
    }

    #[test]
    fn the_arbiters_commands_are_the_arbiters_seat_only() {
        let g = game(Role::Assistant, Impaired::White);
        let opp = SeatRole::Opponent;
        for typed in [
            "takeback 2",
            "align",
            "addtime white 60",
            "illegal white",
            "audit",
        ] {
            let word = typed.split_whitespace().next().unwrap().to_string();
            assert_eq!(
                seat_line(&g, opp, typed),
                Err(SeatRefusal::ArbitersOnly(word)),
                "{typed}"
            );
        }
        assert_eq!(
            command(seat_line(&g, SeatRole::Arbiter, "takeback 2")),
            Command::TakeBack(2)
        );
        assert_eq!(seat_line(&g, SeatRole::Arbiter, "audit"), Ok(Line::Audit));
        // The assistant types as the assistant at the keyboard does.
        assert_eq!(
            command(seat_line(&g, SeatRole::Assistant, "e4")),
            Command::Move("e4".into())
        );
        assert_eq!(
            command(seat_line(&g, SeatRole::Assistant, "offer")),
            Command::Offer
        );
    }

    #[test]
    fn no_seat_saves_files_and_every_seat_asks_and_reads() {
        let g = game(Role::Arbiter, Impaired::White);
        for role in [SeatRole::Opponent, SeatRole::Arbiter, SeatRole::Assistant] {
            assert_eq!(
                seat_line(&g, role, "save"),
                Err(SeatRefusal::SavedAtMainSeat)
            );
            assert_eq!(seat_line(&g, role, "score"), Ok(Line::Score));
            assert_eq!(seat_line(&g, role, "help"), Ok(Line::Help));
            assert!(matches!(seat_line(&g, role, "square e4"), Ok(Line::Ask(_))));
        }
    }

    #[test]
    fn the_main_seat_hears_that_the_opponent_enters_at_their_seat() {
        let mut g = game(Role::Player, Impaired::White);
        assert_eq!(
            opponent_enters(&g),
            None,
            "White, the impaired player, moves first"
        );
        g.apply(&Command::Move("e4".into()), Instant::from_secs(1));
        assert_eq!(
            opponent_enters(&g).as_deref(),
            Some("Black enters their move at their seat.")
        );
    }

    #[test]
    fn both_impaired_leaves_no_sighted_side() {
        let g = game(Role::Player, Impaired::Both);
        assert_eq!(seat_side(g.setup(), SeatRole::Opponent), None);
        assert_eq!(seat_side(g.setup(), SeatRole::Arbiter), None);
    }

    #[test]
    fn refusals_are_said_in_the_packs_words() {
        let fide = VoicePack::fide();
        assert_eq!(
            SeatRefusal::NotYourTurn(Side::White).say(&fide),
            "Nicht ausgeführt: Weiß ist am Zug, nicht Sie."
        );
        let en = VoicePack::builtin("en");
        assert_eq!(
            SeatRefusal::ArbitersOnly("takeback".into()).say(&en),
            "Not done: takeback is the arbiter's."
        );
    }
}
