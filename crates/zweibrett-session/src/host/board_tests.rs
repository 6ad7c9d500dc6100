//! The host following the sighted player's electronic board, its line's
//! events handed in with their moments: the sighted player's moves come
//! from the board and are announced, the move made for the visually
//! impaired player is checked against what they announced (D.2.1, D.2.9),
//! a move the same hands may still be making waits a moment, and a board
//! that shows something else is said once, after a grace.

use shakmaty::{Chess, Color, Position, Square};

use super::{GameHost, Request};
use crate::board::{BoardEvent, BoardIdentity, GRACE, SETTLE};
use crate::clock::Instant;
use crate::clock::schedule::ClockSettings;
use crate::game::{Game, Press, Repetition, Role, Setup};
use crate::notation::VoicePack;
use crate::voice::Recorder;
use zweibrett_core::electronic_board::dgt::Sensed;
use zweibrett_core::electronic_board::{Orientation, Placement};

fn player() -> (GameHost, Recorder) {
    player_pressing(Press::Auto)
}

/// White visually impaired at the keyboard, Black's moves on the board,
/// ten minutes each, the press as `press` says.
pub(super) fn player_pressing(press: Press) -> (GameHost, Recorder) {
    let setup = Setup {
        time: "600".into(),
        repetition: Repetition::Off,
        press,
        role: Role::Player,
        ..Setup::default()
    };
    let game = Game::new(setup, VoicePack::fide()).unwrap();
    let heard = Recorder::default();
    let voice = Some(Box::new(heard.clone()) as super::Voice);
    let mut host = GameHost::unrecorded(game, ClockSettings::default(), Instant::ZERO, voice);
    host.keep_files_in(&super::tests::files_of_test());
    host.follow_board(None);
    host.open(false);
    heard.take();
    (host, heard)
}

pub(super) fn at(host: &GameHost, ms: u64) -> std::time::Instant {
    host.session().time_line().moment(Instant::from_millis(ms))
}

/// The board the test's hands change, handed to the host at each change.
pub(super) struct Hands {
    placement: Placement,
}

impl Hands {
    pub(super) fn set_up(host: &mut GameHost, orientation: Orientation) -> Hands {
        let placement = Placement::of_board(Chess::default().board());
        host.hand_board(
            BoardEvent::Found(BoardIdentity {
                maker: "DGT".into(),
                port: "/dev/ttyUSB0".into(),
                serial: Some("24816".into()),
                version: Some("1.07".into()),
            }),
            at(host, 0),
        );
        host.hand_board(
            BoardEvent::Shows(Box::new(placement.fields(orientation))),
            at(host, 0),
        );
        Hands { placement }
    }

    pub(super) fn moves(&mut self, host: &mut GameHost, ms: u64, from: Square, to: Square) {
        let piece = self.placement.get(from);
        self.placement.set(from, Sensed::Empty);
        self.show(host, ms);
        self.placement.set(to, piece);
        self.show(host, ms + 150);
    }

    fn show(&self, host: &mut GameHost, ms: u64) {
        host.hand_board(
            BoardEvent::Shows(Box::new(self.placement.fields(Orientation::Normal))),
            at(host, ms),
        );
    }
}

#[test]
fn the_sighted_players_moves_come_from_the_board_and_the_announced_one_is_checked() {
    let (mut host, heard) = player();
    let mut hands = Hands::set_up(&mut host, Orientation::Normal);
    let said = heard.texts();
    assert!(
        said.iter()
            .any(|t| t.starts_with("DGT-Brett angeschlossen")),
        "{said:?}"
    );

    // White (impaired) announces e4; the opponent makes it on the board.
    host.request(Request::Line(Ok("e4".into())), at(&host, 1000));
    hands.moves(&mut host, 2000, Square::E2, Square::E4);
    // Black's reply made on the board is Black's move, announced.
    hands.moves(&mut host, 5000, Square::E7, Square::E5);
    let game = host.session().game();
    assert_eq!(game.moves().len(), 2);
    assert_eq!(game.moves()[1].by, Color::Black);
    assert!(!game.diverging());
    assert_eq!(heard.texts(), ["Eva vier", "Eva fünf"]);

    // White announces Nf3; the opponent makes Nc3 on the board: the
    // boards diverge, said to both at once (D.2.9).
    host.request(Request::Line(Ok("Nf3".into())), at(&host, 8000));
    hands.moves(&mut host, 9000, Square::B1, Square::C3);
    assert!(host.session().game().diverging());
    let said = heard.texts().join(" | ");
    assert!(said.contains("weichen voneinander ab"), "{said}");
    assert!(said.contains("Springer Cesar drei"), "{said}");
}

#[test]
fn a_move_the_same_hands_may_still_be_making_waits_a_moment() {
    let (mut host, heard) = player();
    let mut hands = Hands::set_up(&mut host, Orientation::Normal);
    host.request(Request::Line(Ok("d4".into())), at(&host, 1000));
    hands.moves(&mut host, 2000, Square::D2, Square::D4);
    heard.take();
    // e7-e6 could be the first half of e7-e5: taken once it stays.
    hands.moves(&mut host, 5000, Square::E7, Square::E6);
    assert_eq!(host.session().game().moves().len(), 1);
    let due = at(&host, 5150) + SETTLE;
    // Woken by then at the latest (the running clock's reading may come
    // first), and nothing taken before it.
    assert!(host.deadline().unwrap() <= due);
    host.wake(due - std::time::Duration::from_millis(1));
    assert_eq!(host.session().game().moves().len(), 1);
    host.wake(due);
    let game = host.session().game();
    assert_eq!(game.moves().len(), 2);
    assert_eq!(game.moves()[1].san, "e6");
    assert_eq!(heard.texts(), ["Eva sechs"]);
}

#[test]
fn a_board_that_shows_something_else_is_said_once_after_a_grace() {
    let (mut host, heard) = player();
    let mut hands = Hands::set_up(&mut host, Orientation::Normal);
    heard.take();
    // A pawn knocked from e2 to e5: no legal move leads there.
    hands.moves(&mut host, 1000, Square::E2, Square::E5);
    host.wake(at(&host, 2000));
    assert!(heard.texts().is_empty(), "nothing within the grace");
    host.wake(at(&host, 1150) + GRACE);
    let said = heard.texts().join(" | ");
    assert!(
        said.contains("zeigt nicht die Stellung der Partie"),
        "{said}"
    );
    assert!(said.contains("Eva"), "{said}");
    host.wake(at(&host, 1150) + GRACE * 3);
    assert!(heard.texts().is_empty(), "said once");
    assert!(host.session().game().moves().is_empty());
}

#[test]
fn a_turned_board_is_read_the_right_way_round() {
    let (mut host, heard) = player();
    let hands = Hands::set_up(&mut host, Orientation::Turned);
    host.request(Request::Line(Ok("e4".into())), at(&host, 1000));
    // The turned board's fields, as it numbers them.
    let mut turned = hands.placement.clone();
    turned.set(Square::E2, Sensed::Empty);
    turned.set(Square::E4, Sensed::Piece(Color::White.pawn()));
    turned.set(Square::C7, Sensed::Empty);
    turned.set(Square::C5, Sensed::Piece(Color::Black.pawn()));
    host.hand_board(
        BoardEvent::Shows(Box::new(turned.fields(Orientation::Turned))),
        at(&host, 3000),
    );
    let game = host.session().game();
    assert_eq!(game.moves().len(), 2, "{:?}", heard.texts());
    assert_eq!(game.moves()[1].san, "c5");
}

#[test]
fn the_audit_takes_the_electronic_boards_position_as_the_sighted_players_board() {
    let (mut host, heard) = player();
    let mut hands = Hands::set_up(&mut host, Orientation::Normal);
    host.request(Request::Line(Ok("e4".into())), at(&host, 1000));
    hands.moves(&mut host, 2000, Square::E2, Square::E4);
    hands.moves(&mut host, 5000, Square::E7, Square::E5);
    // A knight knocked from g8 to h6 on the sighted player's board.
    hands.moves(&mut host, 7000, Square::G8, Square::H6);
    heard.take();
    host.request(Request::Line(Ok("audit".into())), at(&host, 8000));
    let said = heard.texts().join(" | ");
    assert!(said.contains("Das Brett von Weiß ist richtig."), "{said}");
    assert!(
        said.contains("Das Brett von Schwarz wird berichtigt"),
        "{said}"
    );
    assert!(said.contains("von Hector sechs nach Gustav acht"), "{said}");
}
