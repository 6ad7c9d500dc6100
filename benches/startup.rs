//! Whole-process start-up: from starting `zweibrett` in a terminal to the
//! first usable screen, with speech starting in the background.
//!
//! Each run starts the binary on a fresh pseudo-terminal of 120 × 40 in a
//! new home directory, as a new user would, and reads what it draws until a
//! word of the first screen appears; then it is stopped. Run with
//! `cargo bench --bench startup`.

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 30;

/// A pseudo-terminal: the side the program reads and writes, and ours.
struct Pty {
    ours: std::fs::File,
    theirs: OwnedFd,
}

fn open_pty(columns: u16, lines: u16) -> Pty {
    let mut ours = 0;
    let mut theirs = 0;
    let size = libc::winsize {
        ws_row: lines,
        ws_col: columns,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors into the given integers; the
    // name and termios pointers may be null.
    let r = unsafe {
        libc::openpty(
            &mut ours,
            &mut theirs,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(r, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: `ours` is a descriptor just opened; the program must not
    // inherit it, or it would hold its own terminal open.
    unsafe {
        libc::fcntl(ours, libc::F_SETFD, libc::FD_CLOEXEC);
    }
    // SAFETY: both descriptors were just opened and are owned here alone.
    unsafe {
        Pty {
            ours: std::fs::File::from_raw_fd(ours),
            theirs: OwnedFd::from_raw_fd(theirs),
        }
    }
}

/// Milliseconds from starting `args` to `marker` appearing on its screen.
fn time_to_screen(args: &[&str], marker: &str, home: &std::path::Path) -> f64 {
    use std::os::unix::process::CommandExt;
    let pty = open_pty(120, 40);
    let stdio = || Stdio::from(pty.theirs.try_clone().unwrap());
    let mut command = Command::new(env!("CARGO_BIN_EXE_zweibrett"));
    command
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env("TERM", "xterm-256color")
        .stdin(stdio())
        .stdout(stdio())
        .stderr(stdio());
    // SAFETY: only async-signal-safe calls between fork and exec: a new
    // session whose controlling terminal is the pseudo-terminal.
    unsafe {
        command.pre_exec(|| {
            libc::setsid();
            libc::ioctl(0, libc::TIOCSCTTY, 0);
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = command.spawn().expect("zweibrett starts");
    // Only the program keeps its side open, so its end is seen here.
    drop(command);
    drop(pty.theirs);
    let mut ours = pty.ours;
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    let mut answered = 0;
    let elapsed = loop {
        let n = ours.read(&mut buf).unwrap_or(0);
        if n == 0 {
            panic!(
                "the program stopped before showing \"{marker}\":\n{}",
                String::from_utf8_lossy(&seen)
            );
        }
        seen.extend_from_slice(&buf[..n]);
        // A terminal answers a cursor position request; the program may
        // wait for the answer.
        let asked = String::from_utf8_lossy(&seen).matches("\x1b[6n").count();
        while answered < asked {
            ours.write_all(b"\x1b[1;1R").unwrap();
            answered += 1;
        }
        if visible_text(&seen).contains(marker) {
            break start.elapsed();
        }
        if start.elapsed() > Duration::from_secs(10) {
            panic!("no \"{marker}\" within 10 s");
        }
    };
    let _ = child.kill();
    let _ = child.wait();
    elapsed.as_secs_f64() * 1000.0
}

/// The words drawn so far: control sequences (cursor moves, colours)
/// become spaces, since the screen skips blank cells by moving the cursor.
fn visible_text(stream: &[u8]) -> String {
    let text = String::from_utf8_lossy(stream);
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters, ended by a letter or ~.
            if chars.peek() == Some(&'[') {
                chars.next();
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() || c == '~' {
                        break;
                    }
                }
            } else {
                chars.next();
            }
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn report(name: &str, mut times: Vec<f64>) {
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{name}: median {:.1} ms, p90 {:.1} ms, min {:.1} ms, max {:.1} ms ({} runs)",
        at(0.5),
        at(0.9),
        times[0],
        times[times.len() - 1],
        times.len()
    );
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --all-targets` runs this
    // binary without it, and then it only says how to run it.
    if !std::env::args().any(|a| a == "--bench") {
        println!("startup: run with `cargo bench --bench startup`");
        return;
    }
    let cases: [(&str, &[&str], &str); 2] = [
        (
            "new game, setup screen",
            &["--voice", "en"],
            "Start the game",
        ),
        (
            "play, game screen",
            &["play", "--white", "Anna", "--black", "Boris"],
            "Board of Anna",
        ),
    ];
    for (name, args, marker) in cases {
        let mut times = Vec::new();
        for i in 0..RUNS {
            let home =
                std::env::temp_dir().join(format!("zweibrett-startup-{}-{i}", std::process::id()));
            let _ = std::fs::remove_dir_all(&home);
            std::fs::create_dir_all(&home).unwrap();
            times.push(time_to_screen(args, marker, &home));
            let _ = std::fs::remove_dir_all(&home);
        }
        report(name, times);
    }
}
