//! The serial line to an electronic board, against a DGT board emulated on
//! a pseudo-terminal: the board is found and named, every piece lifted or
//! placed reaches the game as the whole board, noise on the line is
//! passed over, a second program is refused the line, and a board that
//! falls silent or is unplugged is said once and taken again when it is
//! back.

use std::time::{Duration, Instant};

use shakmaty::{Chess, Color, Position, Square};
use zweibrett_core::electronic_board::dgt::{ClockReading, ClockSide, Sensed};
use zweibrett_core::electronic_board::{Orientation, Placement};
use zweibrett_session::board::{BoardEvent, BoardFault, BoardLine, Dgt, find_board, open_board};
use zweibrett_session::wake::Waker;

use crate::common::dgt_emulator::{EmulatedBoard, SERIAL};

const WAIT: Duration = Duration::from_secs(10);

fn start() -> Placement {
    Placement::of_board(Chess::default().board())
}

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zweibrett-board-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn line(board: &EmulatedBoard) -> BoardLine {
    BoardLine::start(board.path(), Dgt::boxed, Waker::default())
}

/// Waits for the first event that `wanted` accepts, and returns it with
/// the events passed over on the way.
fn wait_for(
    line: &BoardLine,
    wanted: impl Fn(&BoardEvent) -> bool,
) -> (BoardEvent, Vec<BoardEvent>) {
    let until = Instant::now() + WAIT;
    let mut passed = Vec::new();
    while Instant::now() < until {
        if let Some(event) = line.next(Duration::from_millis(200)) {
            if wanted(&event) {
                return (event, passed);
            }
            passed.push(event);
        }
    }
    panic!("not seen within {WAIT:?}; seen: {passed:?}");
}

fn shows(line: &BoardLine, placement: &Placement, orientation: Orientation) {
    let expected = placement.fields(orientation);
    wait_for(
        line,
        |event| matches!(event, BoardEvent::Shows(fields) if **fields == expected),
    );
}

#[test]
fn the_board_is_found_named_and_followed_piece_by_piece() {
    let dir = folder("followed");
    let board = EmulatedBoard::new(&dir.join("dgt"), &start(), Orientation::Normal);
    let line = line(&board);
    let (found, _) = wait_for(&line, |event| matches!(event, BoardEvent::Found(_)));
    let BoardEvent::Found(identity) = found else {
        unreachable!()
    };
    assert_eq!(identity.maker, "DGT");
    assert_eq!(identity.serial.as_deref(), Some(SERIAL));
    assert_eq!(identity.version.as_deref(), Some("1.07"));
    assert_eq!(identity.port, board.path());
    shows(&line, &start(), Orientation::Normal);
    wait_for(&line, |event| *event == BoardEvent::NoClock);

    // e2-e4, lifted and placed; noise between the two is passed over.
    board.lift(Square::E2);
    board.noise(&[0x00, 0x7f, 0x8e, 0x00]);
    board.place(Square::E4, Color::White.pawn());
    let mut after = start();
    after.set(Square::E2, Sensed::Empty);
    after.set(Square::E4, Sensed::Piece(Color::White.pawn()));
    shows(&line, &after, Orientation::Normal);

    // The clock's reading as it changes.
    let reading = ClockReading {
        left: ClockSide {
            seconds: 5400,
            flag: false,
        },
        right: ClockSide {
            seconds: 5397,
            flag: false,
        },
        running: true,
        left_to_move: Some(false),
        battery_low: false,
    };
    board.clock(reading);
    wait_for(&line, |event| *event == BoardEvent::Clock(reading));
    // The line greeted the board: idle, who, what, every change.
    assert_eq!(&board.heard()[..5], &[0x40, 0x45, 0x4d, 0x42, 0x4b]);
}

#[test]
fn a_second_program_is_refused_the_line_and_a_wrong_name_is_said() {
    let dir = folder("busy");
    let board = EmulatedBoard::new(&dir.join("dgt"), &start(), Orientation::Normal);
    let first = line(&board);
    wait_for(&first, |event| matches!(event, BoardEvent::Found(_)));
    assert_eq!(open_board(&board.path()).err(), Some(BoardFault::Busy));
    let second = line(&board);
    wait_for(&second, |event| {
        *event == BoardEvent::Fault(BoardFault::Busy)
    });
    drop(second);

    let nowhere = dir.join("no-such-board").display().to_string();
    assert_eq!(open_board(&nowhere).err(), Some(BoardFault::NotThere));
    let lost = BoardLine::start(nowhere, Dgt::boxed, Waker::default());
    wait_for(&lost, |event| {
        *event == BoardEvent::Fault(BoardFault::NotThere)
    });
    // Said once, however often it is tried again.
    std::thread::sleep(Duration::from_millis(2500));
    assert!(lost.take().is_empty());
}

#[test]
fn an_unplugged_board_is_said_once_and_read_again_when_it_is_back() {
    let dir = folder("unplugged");
    let mut board = EmulatedBoard::new(&dir.join("dgt"), &start(), Orientation::Turned);
    let line = line(&board);
    wait_for(&line, |event| matches!(event, BoardEvent::Found(_)));
    shows(&line, &start(), Orientation::Turned);

    board.unplug();
    let (_, passed) = wait_for(&line, |event| matches!(event, BoardEvent::Fault(_)));
    assert!(
        passed
            .iter()
            .all(|event| !matches!(event, BoardEvent::Fault(_)))
    );
    // Moved while it was away: the board read again shows it.
    board.lift(Square::G1);
    board.place(Square::F3, Color::White.knight());
    board.plug_in();
    let (_, passed) = wait_for(&line, |event| matches!(event, BoardEvent::Found(_)));
    let faults = passed
        .iter()
        .filter(|event| matches!(event, BoardEvent::Fault(_)))
        .count();
    assert!(faults <= 1, "{passed:?}");
    let mut after = start();
    after.set(Square::G1, Sensed::Empty);
    after.set(Square::F3, Sensed::Piece(Color::White.knight()));
    shows(&line, &after, Orientation::Turned);
}

#[test]
fn a_board_that_falls_silent_is_said_and_taken_again_when_it_answers() {
    let dir = folder("silent");
    let board = EmulatedBoard::new(&dir.join("dgt"), &start(), Orientation::Normal);
    let line = line(&board);
    wait_for(&line, |event| matches!(event, BoardEvent::Found(_)));
    board.silent(true);
    let began = Instant::now();
    wait_for(&line, |event| {
        *event == BoardEvent::Fault(BoardFault::Silent)
    });
    assert!(
        began.elapsed() < Duration::from_secs(8),
        "{:?}",
        began.elapsed()
    );
    board.silent(false);
    wait_for(&line, |event| matches!(event, BoardEvent::Found(_)));
    shows(&line, &start(), Orientation::Normal);
}

#[test]
fn a_board_is_found_among_serial_lines_by_its_answer() {
    let dir = folder("found");
    let board = EmulatedBoard::new(&dir.join("dgt"), &start(), Orientation::Normal);
    // Only the machine's own lines are looked at; the emulated one is
    // named here as a machine's would be listed.
    let found = find_board(
        &[board.path(), dir.join("none").display().to_string()],
        Dgt::boxed,
    );
    assert_eq!(found, Some(board.path()));
    board.silent(true);
    assert_eq!(find_board(&[board.path()], Dgt::boxed), None);
}
