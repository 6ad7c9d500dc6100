//! The tournament hall end to end: three games played in line mode at
//! once, each keeping its live PGN in the round's folder; `zweibrett
//! serve` serves the round over HTTP, polled every second as a broadcast
//! polls it; `zweibrett hall` follows the served round and says each
//! board's moves and result, and the divergence on one board (D.2.9),
//! urgent.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command as Process, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::common::plain::{Running, data_dir, lines_of};

const LIMIT: Duration = Duration::from_secs(30);

/// Lines of `lines` until one holds `wanted`, kept in `seen`.
fn until(lines: &Receiver<String>, seen: &mut Vec<String>, wanted: &str) -> String {
    let until = Instant::now() + LIMIT;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) => {
                seen.push(line.clone());
                if line.contains(wanted) {
                    return line;
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                panic!("no line with {wanted:?} in {LIMIT:?}: {seen:#?}")
            }
            Err(RecvTimeoutError::Disconnected) => panic!("ended before {wanted:?}: {seen:#?}"),
        }
    }
}

/// Lines until each of `wanted` was said, in any order: one look at a
/// source brings a board's result before its last move, urgent first.
fn until_each(lines: &Receiver<String>, seen: &mut Vec<String>, wanted: &[&str]) {
    for text in wanted {
        if !seen.iter().any(|line| line.contains(text)) {
            until(lines, seen, text);
        }
    }
}

/// A broadcast's poll: `GET path` on `address`, the status line and the
/// body.
fn poll(address: &str, path: &str) -> (String, String) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (
        head.lines().next().unwrap_or_default().to_string(),
        body.to_string(),
    )
}

/// `zweibrett serve` on a free port of this machine: the process and the
/// address it says it serves at.
fn serve(data: &Path, round: &Path) -> (Child, String) {
    let mut child = Process::new(env!("CARGO_BIN_EXE_zweibrett"))
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .args(["serve", "--voice", "en", "--address", "127.0.0.1:0"])
        .arg(round)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lines = lines_of(&mut child);
    let first = lines
        .recv_timeout(LIMIT)
        .expect("serve says where it serves");
    let start = first.find("http://").expect("an address") + "http://".len();
    let address = first[start..].split('/').next().unwrap().to_string();
    (child, address)
}

fn game(data: &Path, round: &Path, board: u32, args: &[&str]) -> Running {
    let board = board.to_string();
    let live = format!("{}/", round.display());
    let white = format!("White {board}");
    let black = format!("Black {board}");
    let mut all = vec![
        "play",
        "--voice",
        "en",
        "--round",
        "4",
        "--board-number",
        &board,
        "--live",
        &live,
        "--white",
        &white,
        "--black",
        &black,
        "--white-elo",
        "1850",
    ];
    all.extend_from_slice(args);
    Running::start(&data.join(format!("board-{board}")), &all)
}

fn type_line(game: &mut Running, line: &str) {
    writeln!(game.stdin, "{line}").unwrap();
}

#[test]
fn three_games_served_over_http_and_followed_in_the_hall() {
    let d = data_dir("hall", "three");
    let round = d.join("round");
    std::fs::create_dir_all(&round).unwrap();
    let (mut server, address) = serve(&d, &round);
    let url = format!("http://{address}/round.pgn");
    let mut hall = Running::start(&d.join("hall"), &["hall", "--voice", "en", &url]);
    let mut said = Vec::new();
    until(&hall.lines, &mut said, "The hall follows 1 source");

    // The broadcast polls every second while the games are played.
    let polling = {
        let address = address.clone();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut polls = Vec::new();
            while !stopped.load(std::sync::atomic::Ordering::Relaxed) {
                polls.push(poll(&address, "/round.pgn"));
                std::thread::sleep(Duration::from_secs(1));
            }
            polls
        });
        (stop, thread)
    };

    let auto = ["--repetition", "off", "--press", "auto"];
    let mut one = game(&d, &round, 1, &auto);
    let mut two = game(&d, &round, 2, &["--role", "arbiter"]);
    let mut three = game(&d, &round, 3, &auto);
    for line in ["e4", "e5", "Nf3"] {
        type_line(&mut one, line);
    }
    type_line(&mut three, "d4");
    until(
        &hall.lines,
        &mut said,
        "board 1: White 1 (1850) against Black 1",
    );
    until(
        &hall.lines,
        &mut said,
        "board 3: White 3 (1850) against Black 3",
    );
    // Board 2: the move announced is e4, the opponent repeats e3.
    for line in ["e4", "press", "repeat e3"] {
        type_line(&mut two, line);
    }
    let diverged = until(&hall.lines, &mut said, "board 2: the boards diverge");
    assert!(diverged.contains("the arbiter is called."), "{diverged}");
    // Opened while it calls: each player's own score, where they differ.
    type_line(&mut hall, "2");
    until(
        &hall.lines,
        &mut said,
        "board 2, each player's own score where it differs from the game: ",
    );
    type_line(&mut one, "Nc6");
    until(&hall.lines, &mut said, "board 1: 2... Nc6: ");
    type_line(&mut two, "align");
    until(
        &hall.lines,
        &mut said,
        "board 2: nothing waits for the arbiter any more",
    );
    for line in ["resign white", "y"] {
        type_line(&mut one, line);
    }
    until(
        &hall.lines,
        &mut said,
        "board 1: the game is over, Black wins.",
    );
    for line in ["d5", "offer", "accept"] {
        type_line(&mut three, line);
    }
    until_each(
        &hall.lines,
        &mut said,
        &["board 3: 1... d5: ", "board 3: the game is over, draw."],
    );

    // The arbiter opens board 2 and lists every board.
    type_line(&mut hall, "2");
    let opened = until(&hall.lines, &mut said, "board 2, the score: 1. e4");
    assert!(opened.contains("1. e4"), "{opened}");
    type_line(&mut hall, "");
    let listed = until(&hall.lines, &mut said, "board 1: White 1");
    assert!(listed.contains("over: Black wins"), "{listed}");

    let (stop, thread) = polling;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let polls = thread.join().unwrap();
    assert!(polls.len() >= 2, "{polls:?}");
    assert!(
        polls.iter().all(|(status, _)| status.contains("200")),
        "{polls:?}"
    );
    // The broadcast's poll once every game has been written.
    let (status, last) = poll(&address, "/round.pgn");
    assert!(status.contains("200"), "{status}");
    for tag in [
        "[Round \"4\"]",
        "[Board \"1\"]",
        "[Board \"2\"]",
        "[Board \"3\"]",
        "[WhiteElo \"1850\"]",
        "[Termination \"normal\"]",
        "[%clk ",
        "[Result \"0-1\"]",
        "[Result \"1/2-1/2\"]",
    ] {
        assert!(last.contains(tag), "{tag} not in the round:\n{last}");
    }
    assert!(
        last.find("[Board \"1\"]").unwrap() < last.find("[Board \"3\"]").unwrap(),
        "in the order of the boards:\n{last}"
    );

    type_line(&mut hall, "quit");
    until(&hall.lines, &mut said, "The hall is left.");
    for mut g in [one, two, three] {
        type_line(&mut g, "quit");
        let _ = g.child.wait();
    }
    let _ = hall.child.wait();
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&d);
}

/// The arbiter of a busy round has new moves only shown, then said again:
/// the lines keep every move, the voice says none of those shown.
#[test]
fn new_moves_only_shown_are_printed_and_not_said() {
    use super::common::hall::{live_board, write_whole};
    let d = data_dir("hall", "moves-shown");
    let round = d.join("round");
    std::fs::create_dir_all(&round).unwrap();
    let board = round.join("board-1.pgn");
    write_whole(&board, &live_board(1, "e4 e5", false));
    let transcript = d.join("said.txt");
    let mut hall = Running::start(
        &d,
        &[
            "hall",
            "--voice",
            "en",
            "--transcript",
            transcript.to_str().unwrap(),
            round.to_str().unwrap(),
        ],
    );
    let mut said = Vec::new();
    until(&hall.lines, &mut said, "board 1: White 1");
    type_line(&mut hall, "moves");
    until(&hall.lines, &mut said, "New moves are only shown;");
    write_whole(&board, &live_board(1, "e4 e5 Nf3", false));
    until(
        &hall.lines,
        &mut said,
        "board 1: 2. Nf3: Knight Felix three",
    );
    type_line(&mut hall, "moves");
    until(&hall.lines, &mut said, "New moves are said.");
    write_whole(&board, &live_board(1, "e4 e5 Nf3 Nc6", false));
    until(
        &hall.lines,
        &mut said,
        "board 1: 2... Nc6: Knight Cesar six",
    );
    type_line(&mut hall, "quit");
    until(&hall.lines, &mut said, "The hall is left.");
    let _ = hall.child.wait();
    let spoken = std::fs::read_to_string(&transcript).unwrap();
    assert!(
        spoken.contains("\tboard 1: Knight Cesar six\n"),
        "the move said again:\n{spoken}"
    );
    assert!(
        !spoken.contains("Knight Felix three"),
        "a move only shown was said:\n{spoken}"
    );
    let _ = std::fs::remove_dir_all(&d);
}
