//! The hall's sources failing every way a source can (item 5 of the
//! hall): a file that vanishes and comes back, text that is no PGN, a
//! file past the bound, a pipe in a file's place, an address that answers
//! nothing, one whose answer never ends, one that refuses. Each fault is
//! said once for its source, nothing past a bound is read, and the board
//! that goes on is followed all the while.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::common::hall::write_whole as write;
use super::common::plain::{Running, data_dir};

fn board(number: u32, moves: &str) -> String {
    format!(
        "[Board \"{number}\"]\n[White \"W{number}\"]\n[Black \"B{number}\"]\n[Result \"*\"]\n\n{moves} *\n"
    )
}

/// Lines until one holds every part of `wanted`, kept in `seen`.
fn until(lines: &Receiver<String>, seen: &mut Vec<String>, wanted: &[&str], limit: Duration) {
    if seen.iter().any(|l| wanted.iter().all(|w| l.contains(w))) {
        return;
    }
    let until = Instant::now() + limit;
    loop {
        match lines.recv_timeout(until.saturating_duration_since(Instant::now())) {
            Ok(line) => {
                let found = wanted.iter().all(|w| line.contains(w));
                seen.push(line);
                if found {
                    return;
                }
            }
            Err(RecvTimeoutError::Timeout) => panic!("no line with {wanted:?}: {seen:#?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("ended before {wanted:?}: {seen:#?}"),
        }
    }
}

/// A server on this machine that does `answer` with every connection.
fn server(answer: fn(std::net::TcpStream)) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || answer(stream));
        }
    });
    format!("http://{address}/round.pgn")
}

fn read_request(stream: &mut std::net::TcpStream) {
    let mut buffer = [0; 4096];
    let _ = stream.read(&mut buffer);
}

#[test]
fn every_fault_is_said_once_for_its_source_and_the_other_boards_go_on() {
    let d = data_dir("hall", "faults");
    std::fs::create_dir_all(&d).unwrap();
    let good = d.join("board-1.pgn");
    write(&good, &board(1, "1. e4"));
    let vanishing = d.join("board-2.pgn");
    write(&vanishing, &board(2, "1. d4"));
    let garbage = d.join("garbage.pgn");
    std::fs::write(&garbage, "\u{0}\u{1}not a game at all {{{ 1. Zz9 ]]]\n").unwrap();
    let huge = d.join("huge.pgn");
    {
        let mut file = std::fs::File::create(&huge).unwrap();
        let line = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6\n";
        for _ in 0..(9 * 1024 * 1024 / line.len() + 1) {
            file.write_all(line.as_bytes()).unwrap();
        }
    }
    let pipe = d.join("pipe.pgn");
    let name = std::ffi::CString::new(pipe.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo reads the NUL-terminated name and nothing else.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let silent = server(|mut stream| {
        read_request(&mut stream);
        std::thread::sleep(Duration::from_secs(60));
    });
    let endless = server(|mut stream| {
        read_request(&mut stream);
        let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n");
        let chunk = [b'['; 64 * 1024];
        while stream.write_all(&chunk).is_ok() {}
    });
    let refusing = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        drop(listener);
        format!("http://{address}/round.pgn")
    };
    let sources: Vec<String> = [&good, &vanishing, &garbage, &huge, &pipe]
        .iter()
        .map(|p| p.display().to_string())
        .chain([silent.clone(), endless.clone(), refusing.clone()])
        .collect();
    let mut args = vec!["hall", "--voice", "en"];
    args.extend(sources.iter().map(String::as_str));
    let mut hall = Running::start(&d.join("hall"), &args);
    let mut said = Vec::new();
    let limit = Duration::from_secs(20);
    until(&hall.lines, &mut said, &["board 1: W1 against B1"], limit);
    until(&hall.lines, &mut said, &["board 2: W2 against B2"], limit);
    until(
        &hall.lines,
        &mut said,
        &[garbage.to_str().unwrap(), "holds no game that can be read"],
        limit,
    );
    until(
        &hall.lines,
        &mut said,
        &[huge.to_str().unwrap(), "is longer than 8192 kilobytes"],
        limit,
    );
    until(
        &hall.lines,
        &mut said,
        &[pipe.to_str().unwrap(), "cannot be read: not a plain file"],
        limit,
    );
    until(
        &hall.lines,
        &mut said,
        &[&refusing, "cannot be read"],
        limit,
    );
    until(
        &hall.lines,
        &mut said,
        &[&endless, "is longer than 8192 kilobytes"],
        limit,
    );
    until(
        &hall.lines,
        &mut said,
        &[&silent, "did not answer within 5 seconds"],
        limit,
    );

    // The file vanishes: said once; the good board goes on meanwhile.
    std::fs::remove_file(&vanishing).unwrap();
    until(
        &hall.lines,
        &mut said,
        &[vanishing.to_str().unwrap(), "cannot be read"],
        limit,
    );
    write(&good, &board(1, "1. e4 e5"));
    until(&hall.lines, &mut said, &["board 1: 1... e5: "], limit);
    write(&vanishing, &board(2, "1. d4 d5"));
    until(
        &hall.lines,
        &mut said,
        &[vanishing.to_str().unwrap(), "answers again"],
        limit,
    );
    until(&hall.lines, &mut said, &["board 2: 1... d5: "], limit);

    // Long enough for every failing source to be asked again, and again.
    std::thread::sleep(Duration::from_secs(12));
    write(&good, &board(1, "1. e4 e5 2. Nf3"));
    until(&hall.lines, &mut said, &["board 1: 2. Nf3: "], limit);
    writeln!(hall.stdin, "quit").unwrap();
    until(&hall.lines, &mut said, &["The hall is left."], limit);
    let _ = hall.child.wait();
    for source in [
        garbage.display().to_string(),
        huge.display().to_string(),
        pipe.display().to_string(),
        silent,
        endless,
        refusing,
    ] {
        let times = said
            .iter()
            .filter(|l| l.starts_with(&format!("{source} ")))
            .count();
        assert_eq!(times, 1, "{source} said {times} times: {said:#?}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
