//! A running game's socket against careless or hostile connections
//! (D.2.11): a request to join trickled a byte at a time is cut off at
//! its deadline all the same, a flood of connections holds no more than
//! a bounded number, and a line that is not UTF-8 is refused to its seat,
//! which goes on.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use common::seats::{LIMIT, Running, game_socket, home};

/// The join deadline is absolute: one byte every second does not hold
/// the connection open past it.
#[test]
fn a_trickled_request_to_join_is_cut_off_at_its_deadline() {
    let home = home("trickle");
    let mut game = Running::game(&home);
    let socket = game_socket(&home);
    let mut slow = UnixStream::connect(&socket).unwrap();
    let started = Instant::now();
    let mut closed = false;
    for byte in br#"{"kind":"join","role":"opponent""#.iter().cycle().take(20) {
        if slow.write_all(&[*byte]).is_err() {
            closed = true;
            break;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    // Closed by the game: reading gives the end, not a wait.
    slow.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    let mut rest = Vec::new();
    let ended = closed || slow.read_to_end(&mut rest).is_ok();
    let took = started.elapsed();
    assert!(ended, "the connection is still open after {took:?}");
    assert!(took < Duration::from_secs(12), "{took:?}");
    game.type_line("e4");
    game.wait_for("announced: 1. e4");
}

/// Two hundred connections that never join are closed past the bound;
/// a seat joins all the same once they are gone, and the game answers.
#[test]
fn a_flood_of_connections_is_bounded_and_a_seat_joins_after() {
    let home = home("conns");
    let mut game = Running::game(&home);
    let socket = game_socket(&home);
    let idle: Vec<UnixStream> = (0..200)
        .filter_map(|_| UnixStream::connect(&socket).ok())
        .collect();
    // Past the bound a connection is closed unread: its read ends at once.
    let mut closed = 0;
    for stream in &idle {
        stream
            .set_read_timeout(Some(Duration::from_millis(20)))
            .unwrap();
        let mut byte = [0u8; 1];
        if matches!((&*stream).read(&mut byte), Ok(0)) {
            closed += 1;
        }
    }
    assert!(closed >= 150, "only {closed} of 200 closed");
    game.type_line("e4");
    game.wait_for("announced: 1. e4");
    drop(idle);
    let mut seat = Running::seat(&home, "opponent");
    seat.wait_for("said: You sit at the opponent's seat and play Black");
}

/// A line that is not UTF-8 is refused at its seat alone; the next line
/// from it is read.
#[test]
fn a_line_that_is_not_text_is_refused_to_its_seat_which_goes_on() {
    let home = home("utf8");
    let mut game = Running::game(&home);
    game.type_line("e4");
    game.wait_for("> Black to move");
    let socket = game_socket(&home);
    let mut raw = UnixStream::connect(&socket).unwrap();
    raw.set_read_timeout(Some(LIMIT)).unwrap();
    writeln!(raw, r#"{{"kind":"join","role":"opponent","version":1}}"#).unwrap();
    raw.write_all(b"{\"kind\":\"line\",\"text\":\"e\xff5\"}\n")
        .unwrap();
    let mut answers = BufReader::new(raw.try_clone().unwrap());
    let mut line = String::new();
    let mut refused = false;
    while answers.read_line(&mut line).unwrap_or(0) > 0 {
        if line.contains("is not text (UTF-8)") {
            refused = true;
            break;
        }
        line.clear();
    }
    assert!(refused, "the seat was not told");
    writeln!(raw, r#"{{"kind":"line","text":"e5"}}"#).unwrap();
    game.wait_for("announced: 1... e5");
    drop(raw);
    game.type_line("quit");
    let (_, shown) = game.finish();
    assert!(
        !shown.contains("UTF-8"),
        "the refusal reached the player:\n{shown}"
    );
}

/// A seat that joins and then never reads its socket (a frozen laptop, a
/// suspended `ssh`) holds nothing up: sixty half-moves typed at the main
/// keyboard are each announced at once, while what is sent to the seat
/// piles up unread, past what the socket holds, until the seat is dropped.
#[test]
fn a_seat_that_never_reads_holds_up_no_move() {
    const PLIES: [&str; 60] = [
        "c4", "h5", "Nh3", "Na6", "d4", "Rh6", "Qc2", "Rd6", "Nd2", "f6", "Rb1", "Kf7", "Qd1",
        "Ke6", "Qb3", "c5", "e4", "Kf7", "Ng1", "Qa5", "Qc2", "b5", "Ne2", "Nb4", "Nf4", "Re6",
        "a3", "Qc7", "Nb3", "Rb8", "Ke2", "a6", "Kd2", "g5", "Nxe6", "Kxe6", "Ke1", "Bg7", "Be3",
        "d5", "Na5", "Nc6", "b4", "g4", "Qb3", "Qd6", "e5", "g3", "Kd2", "Bd7", "Be2", "f5",
        "exd6", "exd6", "Bg5", "Bf6", "f3", "Nd8", "Kc1", "Bg7",
    ];
    let home = home("never-reads");
    let mut game = Running::game(&home);
    let socket = game_socket(&home);
    let silent = UnixStream::connect(&socket).unwrap();
    writeln!(
        &silent,
        r#"{{"kind":"join","role":"assistant","version":1}}"#
    )
    .unwrap();
    game.wait_for("The assistant has taken their seat.");
    let mut slowest = Duration::ZERO;
    for (i, san) in PLIES.iter().enumerate() {
        let number = i / 2 + 1;
        let dots = if i % 2 == 0 { "." } else { "..." };
        let typed = Instant::now();
        game.type_line(san);
        game.wait_for(&format!("announced: {number}{dots} {san}:"));
        slowest = slowest.max(typed.elapsed());
    }
    // Generous for a loaded machine; it takes milliseconds.
    assert!(slowest < Duration::from_secs(1), "a move took {slowest:?}");
    drop(silent);
    game.type_line("quit");
    let (status, _) = game.finish();
    assert_eq!(status, 0);
}

/// A seat that asks to join while idle connections hold every place the
/// game reads is closed unread at first; it asks again within its wait,
/// and is seated once the game has closed the idle ones.
#[test]
fn a_seat_joins_while_idle_connections_hold_the_socket() {
    let home = home("held");
    let mut game = Running::game(&home);
    let socket = game_socket(&home);
    let idle: Vec<UnixStream> = (0..40)
        .filter_map(|_| UnixStream::connect(&socket).ok())
        .collect();
    let mut seat = Running::seat(&home, "opponent");
    seat.wait_for("said: You sit at the opponent's seat and play Black");
    game.wait_for("The opponent has taken their seat");
    drop(idle);
}
