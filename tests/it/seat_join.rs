//! A second seat at a running game (D.2.11): a plain game in one process
//! and `zweibrett join --plain` in another, each with the runtime
//! directory of its own test. The opponent's moves typed only at their
//! seat are announced at the main seat, what the seat offers is the
//! opponent's, a taken role and a missing game are refused, and the seats'
//! directory is the user's alone.

use crate::common;

use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::seats::{LIMIT, Running, command, home};

/// A `join` that does not stay: its output.
fn join_once(home: &Path, args: &[&str]) -> Output {
    let mut cmd = command(home);
    cmd.args(["--voice", "en", "join"])
        .args(args)
        .stdin(Stdio::null());
    cmd.output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn the_opponent_enters_their_moves_and_offer_at_their_own_seat() {
    let home = home("moves");
    let mut game = Running::game(&home);
    game.type_line("e4");
    game.wait_for("> Black to move");
    let mut seat = Running::seat(&home, "opponent");
    seat.wait_for("said: You sit at the opponent's seat and play Black");
    game.wait_for("seat: The opponent has taken their seat");
    game.wait_for("> Black enters their move at their seat.");
    seat.wait_for("> Black enters their move at their seat.");
    // Not the opponent's turn after their move: refused at their seat only.
    seat.type_line("e5");
    game.wait_for("announced: 1... e5:");
    seat.wait_for("announced: 1... e5:");
    seat.type_line("Nc6");
    seat.wait_for("said: Not done: it is White's turn, not yours.");
    game.type_line("Nf3");
    seat.wait_for("announced: 2. Nf3:");
    seat.type_line("Nc6");
    game.wait_for("announced: 2... Nc6:");
    // The offer is the opponent's, though White is to move.
    seat.type_line("offer");
    game.wait_for("offer: Black offers a draw.");
    seat.type_line("takeback 1");
    seat.wait_for("said: Not done: takeback is the arbiter's.");

    // A second opponent is refused, in the game's words.
    let second = join_once(&home, &["--role", "opponent"]);
    assert_eq!(second.status.code(), Some(1), "{}", stderr(&second));
    assert!(
        stderr(&second).contains("Refused: the opponent's seat is taken."),
        "{}",
        stderr(&second)
    );

    // Leaving the seat leaves the game going.
    seat.type_line("quit");
    let (status, said) = seat.finish();
    assert_eq!(status, 0, "{said}");
    assert!(said.contains("left: You have left your seat."), "{said}");
    game.wait_for("seat: The opponent has left their seat. The game goes on.");
    game.type_line("Bc4");
    game.wait_for("announced: 3. Bc4:");
    game.type_line("quit");
    let (status, shown) = game.finish();
    assert_eq!(status, 0, "{shown}");

    let journal = shown
        .lines()
        .find_map(|l| l.strip_prefix("journal: "))
        .expect("the journal is named");
    let kept = std::fs::read_to_string(journal).unwrap();
    assert!(kept.contains(r#""offer_by":"black""#), "{kept}");
    // The socket goes with the game.
    let sockets = std::fs::read_dir(home.join("run/zweibrett"))
        .unwrap()
        .count();
    assert_eq!(sockets, 0);
}

#[test]
fn a_seat_is_closed_with_the_result_when_the_game_ends() {
    let home = home("ends");
    let mut game = Running::game(&home);
    let mut seat = Running::seat(&home, "opponent");
    seat.wait_for("said: You sit at the opponent's seat");
    game.wait_for("seat: The opponent has taken their seat");
    // A resignation is asked about at a seat too (5.1.2): no goes back…
    seat.type_line("resign");
    seat.wait_for("answer: Resign for Black? (y/n)");
    seat.type_line("n");
    seat.wait_for("answer: Back to the game.");
    // …and yes resigns.
    seat.type_line("resign");
    seat.wait_for("answer: Resign for Black? (y/n)");
    seat.type_line("y");
    game.wait_for("result: 1-0");
    seat.wait_for("closed: The game is over: 1-0.");
    let (status, said) = seat.finish();
    assert_eq!(status, 0, "{said}");
    // A game that ended takes no seat.
    let late = join_once(&home, &["--role", "arbiter"]);
    assert_eq!(late.status.code(), Some(1));
    assert!(
        stderr(&late).contains("The game is over: 1-0."),
        "{}",
        stderr(&late)
    );
}

#[test]
fn the_arbiters_seat_carries_the_arbiters_commands() {
    let home = home("arbiter");
    let mut game = Running::game(&home);
    game.type_line("e4");
    game.wait_for("> Black to move");
    let mut seat = Running::seat(&home, "arbiter");
    seat.wait_for("said: You sit at the arbiter's seat.");
    game.wait_for("seat: The arbiter has taken their seat.");
    seat.type_line("audit");
    game.wait_for("audit: ");
    seat.type_line("takeback 0");
    game.wait_for("Taken back to after 0 half-moves");
    seat.type_line("save");
    seat.wait_for("said: Not done: files are saved at the main seat.");
}

#[test]
fn join_without_a_running_game_is_refused() {
    let home = home("none");
    let out = join_once(&home, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("No game to join: no game is running."),
        "{}",
        stderr(&out)
    );
    let out = join_once(&home, &["game-20990101-1-0.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("The game game-20990101-1-0 is not running."),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_stale_socket_is_reported() {
    let home = home("stale");
    let dir = home.join("run/zweibrett");
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    // A socket nobody listens at any more: a game that was killed.
    drop(std::os::unix::net::UnixListener::bind(dir.join("game-x.sock")).unwrap());
    let out = join_once(&home, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("The game game-x is not running any more"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_seats_directory_is_the_users_alone() {
    let home = home("mode");
    let game = Running::game(&home);
    let dir = home.join("run/zweibrett");
    let meta = std::fs::metadata(&dir).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o700);
    // SAFETY: geteuid cannot fail.
    assert_eq!(meta.uid(), unsafe { libc::geteuid() });
    let sockets: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(sockets.len(), 1);
    let socket_mode = sockets[0].metadata().unwrap().permissions().mode();
    assert_eq!(socket_mode & 0o077, 0, "{socket_mode:o}");

    // Another user is kept out: by the directory, and by the game.
    if unsafe { libc::geteuid() } == 0 && has_setpriv() {
        let out = Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_zweibrett"))
            .args(["--plain", "--speech", "none", "--voice", "en", "join"])
            .env("ZWEIBRETT_LABELS", "english")
            .env("ZWEIBRETT_SCREEN_READER", "none")
            .env("XDG_RUNTIME_DIR", home.join("run"))
            .env("XDG_CONFIG_HOME", "/nonexistent")
            .env("XDG_DATA_HOME", "/nonexistent")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        if stderr(&out).contains("setpriv:") {
            common::cannot_run("the user nobody cannot run the program here");
        } else {
            assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
            assert!(
                stderr(&out).contains("belongs to another user"),
                "{}",
                stderr(&out)
            );
        }
    } else {
        common::cannot_run("another user's join needs root and setpriv");
    }

    // A directory others may enter is refused.
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = join_once(&home, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("can be reached by others"),
        "{}",
        stderr(&out)
    );
    drop(game);
}

#[test]
fn another_users_process_at_an_open_socket_is_told_nothing() {
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 || !has_setpriv() {
        common::cannot_run("another user's process needs root and setpriv");
        return;
    }
    let home = home("peer");
    let mut game = Running::game(&home);
    let dir = home.join("run/zweibrett");
    let socket = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    // Everything opened by mistake: only the game's check of the peer's
    // user id stands between another user and the game.
    for path in [home.as_path(), &home.join("run"), &dir] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::set_permissions(&socket, std::fs::Permissions::from_mode(0o666)).unwrap();
    // Perl is part of every Debian system; it speaks the seat's first line.
    // Run from `/`: the nobody user may not enter the checkout. A game
    // that closes the connection before the line is written must not
    // kill perl with SIGPIPE: that is the refusal the test looks for.
    let out = Command::new("setpriv")
        .current_dir("/")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .args(["perl", "-MIO::Socket::UNIX", "-e"])
        .arg(
            r#"local $SIG{ALRM} = sub { die "the game kept the connection open\n" }; alarm 10;
               local $SIG{PIPE} = 'IGNORE';
               my $s = IO::Socket::UNIX->new(Peer => $ARGV[0]) or die "connect: $!\n";
               print $s qq({"kind":"join","role":"opponent","version":1}\n);
               local $/; my $got = <$s>; print defined $got ? $got : "";"#,
        )
        .arg(&socket)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{:?}: {}", out.status, stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "",
        "nothing is said to it"
    );
    // The main seat never hears of it; the game goes on.
    game.type_line("e4");
    game.wait_for("> Black to move");
    game.type_line("quit");
    let (status, shown) = game.finish();
    assert_eq!(status, 0, "{shown}");
    assert!(!shown.contains("seat:"), "{shown}");
}

fn has_setpriv() -> bool {
    Command::new("setpriv")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// D.2.11: a seat cannot disturb the blind player. A move the game refuses
/// at the opponent's seat is answered there alone; a 10 MB line sent
/// straight to the socket is thrown away as it is read, refused to that
/// seat, never journalled, and the game answers its next move at once.
/// The journal names the seat that typed each line.
#[test]
fn a_seat_cannot_disturb_the_player_with_a_refused_move_or_a_huge_line() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::net::UnixStream;
    let home = home("disturb");
    let mut game = Running::game(&home);
    game.type_line("e4");
    game.wait_for("> Black to move");
    let mut seat = Running::seat(&home, "opponent");
    seat.wait_for("said: You sit at the opponent's seat and play Black");
    game.wait_for("> Black enters their move at their seat.");
    // A king that cannot get there: refused at the seat only.
    seat.type_line("Kh5");
    seat.wait_for("said: ");
    seat.type_line("e5");
    game.wait_for("announced: 1... e5:");

    // A connection of its own sends one line of ten megabytes.
    let socket = common::seats::game_socket(&home);
    let mut raw = UnixStream::connect(&socket).unwrap();
    raw.set_read_timeout(Some(LIMIT)).unwrap();
    writeln!(raw, r#"{{"kind":"join","role":"arbiter","version":1}}"#).unwrap();
    let huge = format!(r#"{{"kind":"line","text":"{}"}}"#, "x".repeat(10 << 20));
    let sent = Instant::now();
    writeln!(raw, "{huge}").unwrap();
    let took_to_send = sent.elapsed();
    let mut answers = BufReader::new(raw.try_clone().unwrap());
    let mut refused = false;
    let mut line = String::new();
    while answers.read_line(&mut line).unwrap_or(0) > 0 {
        if line.contains("at most 1000 characters") {
            refused = true;
            break;
        }
        line.clear();
    }
    assert!(refused, "the seat was not told its line was too long");
    // The game goes on at once.
    let asked = Instant::now();
    game.type_line("Nf3");
    game.wait_for("announced: 2. Nf3:");
    let answered = asked.elapsed();
    assert!(
        answered < Duration::from_secs(2),
        "the next move took {answered:?} (the line took {took_to_send:?} to send)"
    );
    drop(raw);
    game.type_line("quit");
    let (status, shown) = game.finish();
    assert_eq!(status, 0, "{shown}");
    assert!(!shown.contains("xxxxxxxxxx"), "{shown}");
    assert!(
        !shown.contains("Hector"),
        "the refusal reached the player:\n{shown}"
    );
    let journal = shown
        .lines()
        .find_map(|l| l.strip_prefix("journal: "))
        .expect("the journal is named");
    let kept = std::fs::read_to_string(journal).unwrap();
    assert!(!kept.contains("xxxxxxxxxx"), "the line was journalled");
    assert!(kept.len() < 64 * 1024, "{} bytes journalled", kept.len());
    let e5 = kept
        .lines()
        .find(|l| l.contains(r#""move":"e5""#) || l.contains(r#""e5""#))
        .unwrap_or_else(|| panic!("no e5 in\n{kept}"));
    assert!(e5.contains(r#""seat":"opponent""#), "{e5}");
    let e4 = kept.lines().find(|l| l.contains(r#""e4""#)).unwrap();
    assert!(!e4.contains(r#""seat""#), "{e4}");
}

/// 6.10.2: the arbiter's change of a clock reaches every seat at once,
/// not with the next move.
#[test]
fn a_seat_sees_the_arbiters_addtime_at_once() {
    let home = home("addtime");
    let mut game = Running::game(&home);
    let mut seat = Running::seat(&home, "opponent");
    let first = seat.wait_for("clocks: ");
    assert!(first.contains("White 1:30:30 Black 1:30:00"), "{first}");
    seat.wait_for("said: You sit at the opponent's seat and play Black");
    game.type_line("addtime black 30");
    game.wait_for("Black");
    seat.wait_for("clocks: White 1:30:30 Black 1:30:30");
    game.type_line("quit");
    let (status, shown) = game.finish();
    assert_eq!(status, 0, "{shown}");
}

/// `join --plain` with a move piped in prints the game's answer to it
/// before it leaves.
#[test]
fn a_move_piped_into_a_seat_is_answered_before_it_leaves() {
    let home = home("piped");
    let mut game = Running::game(&home);
    game.type_line("e4");
    game.wait_for("> Black to move");
    let mut cmd = command(&home);
    cmd.args(["--voice", "en", "join", "--role", "opponent"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped());
    let mut seat = cmd.spawn().unwrap();
    seat.stdin.take().unwrap().write_all(b"e5\n").unwrap();
    let out = seat.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("announced: 1... e5:"), "{said}");
    game.wait_for("announced: 1... e5:");
}
