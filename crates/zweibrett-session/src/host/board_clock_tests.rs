//! The host following the DGT clock plugged into the electronic board:
//! its sides learnt, its press the game's press (D.2.4), its times and
//! flag the game's (6.1), a difference of more than a second said, and
//! the score's `[%clk]` what it showed.

use std::time::Duration;

use shakmaty::{Color, Square};

use super::Request;
use super::board_tests::{Hands, at, player_pressing};
use crate::board::BoardEvent;
use crate::game::Press;
use zweibrett_core::electronic_board::Orientation;
use zweibrett_core::electronic_board::dgt::{ClockReading, ClockSide};

/// A reading with White on the clock's left.
fn reading(white: u32, black: u32, white_runs: Option<bool>) -> BoardEvent {
    let side = |seconds| ClockSide {
        seconds,
        flag: false,
    };
    BoardEvent::Clock(ClockReading {
        left: side(white),
        right: side(black),
        running: white_runs.is_some(),
        left_to_move: white_runs,
        battery_low: false,
    })
}

/// White announced e4 at 1 s with the press automatic, and the DGT clock
/// has run for Black since, read each second up to 4 s: its sides are
/// learnt and the game follows it. What was said so far is taken.
fn following_the_dgt_clock() -> (super::GameHost, crate::voice::Recorder) {
    let (mut host, heard) = player_pressing(Press::Auto);
    let _hands = Hands::set_up(&mut host, Orientation::Normal);
    host.request(Request::Line(Ok("e4".into())), at(&host, 1000));
    for s in 2..=4 {
        host.hand_board(
            reading(599, 600 - (s - 1), Some(false)),
            at(&host, u64::from(s) * 1000),
        );
    }
    assert!(host.session().game().follows_official_clock());
    heard.take();
    (host, heard)
}

#[test]
fn the_dgt_clock_is_the_games_clock_and_its_press_the_games_press() {
    let (mut host, heard) = player_pressing(Press::Separate);
    let mut hands = Hands::set_up(&mut host, Orientation::Normal);
    // White announces e4 at 1 s and presses the game's clock; the DGT
    // clock was pressed too, and runs for Black from then.
    host.request(Request::Line(Ok("e4".into())), at(&host, 1000));
    host.request(Request::Line(Ok("press".into())), at(&host, 1000));
    hands.moves(&mut host, 1500, Square::E2, Square::E4);
    heard.take();
    for s in 2..=4 {
        host.hand_board(
            reading(599, 600 - (s - 1), Some(false)),
            at(&host, u64::from(s) * 1000),
        );
    }
    let said = heard.texts().join(" | ");
    assert!(
        said.contains("DGT-Uhr am Brett ist die Uhr der Partie"),
        "{said}"
    );
    let game = host.session().game();
    assert!(game.follows_official_clock());
    assert_eq!(game.moves()[0].clk, Some(Duration::from_secs(599)));

    // Black plays e5 on the board at 6 s; the DGT clock is pressed at
    // 7.5 s: that is the game's press.
    hands.moves(&mut host, 6000, Square::E7, Square::E5);
    assert_eq!(host.session().game().moves().len(), 2);
    let black_at_press = 600 - 6;
    host.hand_board(reading(599, black_at_press, Some(true)), at(&host, 7500));
    let game = host.session().game();
    assert_eq!(game.clock().to_move(), Color::White);
    assert_eq!(game.moves()[1].emt.map(|d| d.as_secs()), Some(6));

    // The DGT clock says White has four seconds less than the game's
    // clock: the DGT clock stands, and the difference is said.
    heard.take();
    host.hand_board(reading(592, black_at_press, Some(true)), at(&host, 8000));
    let left = host
        .session()
        .game()
        .clock()
        .remaining(Color::White, crate::clock::Instant::from_millis(8000));
    assert!(left <= Duration::from_secs(593), "{left:?}");
    let said = heard.texts().join(" | ");
    assert!(said.contains("es gilt die DGT-Uhr"), "{said}");
}

#[test]
fn the_dgt_clocks_flag_is_the_games_flag_and_a_clock_unplugged_is_said() {
    let (mut host, heard) = following_the_dgt_clock();
    host.hand_board(BoardEvent::NoClock, at(&host, 5000));
    let said = heard.texts().join(" | ");
    assert!(said.contains("Keine DGT-Uhr mehr"), "{said}");
    // Plugged in again, the other way round: learnt afresh.
    let flagged = |black_runs: bool, fallen: bool| {
        BoardEvent::Clock(ClockReading {
            left: ClockSide {
                seconds: 0,
                flag: fallen,
            },
            right: ClockSide {
                seconds: 590,
                flag: false,
            },
            running: true,
            left_to_move: Some(black_runs),
            battery_low: false,
        })
    };
    heard.take();
    for s in 6u64..=8 {
        host.hand_board(flagged(true, false), at(&host, s * 1000));
    }
    assert!(!host.session().game().clock().has_fallen(Color::Black));
    host.hand_board(flagged(true, true), at(&host, 9000));
    assert!(host.session().game().clock().has_fallen(Color::Black));
    let said = heard.texts().join(" | ");
    assert!(said.contains("Fallblättchen von Schwarz"), "{said}");
}

#[test]
fn the_dgt_clock_stopped_with_its_button_pauses_the_games_clock_and_restarts_it() {
    let (mut host, _) = following_the_dgt_clock();
    // The arbiter stops the DGT clock at 5 s, with Black's 596 shown.
    let stopped = BoardEvent::Clock(ClockReading {
        left: ClockSide {
            seconds: 599,
            flag: false,
        },
        right: ClockSide {
            seconds: 596,
            flag: false,
        },
        running: false,
        left_to_move: Some(false),
        battery_low: false,
    });
    host.hand_board(stopped.clone(), at(&host, 5000));
    assert!(host.session().game().clock().is_paused());
    host.hand_board(stopped, at(&host, 6000));
    let black = |host: &super::GameHost, ms| {
        host.session()
            .game()
            .clock()
            .remaining(Color::Black, crate::clock::Instant::from_millis(ms))
    };
    let paused_at = black(&host, 5000);
    assert_eq!(black(&host, 65_000), paused_at, "no time runs while paused");
    // Started again a minute later: Black's time runs from there.
    host.hand_board(reading(599, 596, Some(false)), at(&host, 65_000));
    let game = host.session().game();
    assert!(!game.clock().is_paused());
    assert!(black(&host, 66_000) < paused_at);
    assert!(black(&host, 66_000) > Duration::from_secs(594));
}
