//! A braille daemon that does not answer holds nothing but the display:
//! one that listens and never takes the connection, one that takes it and
//! never answers, one that answers garbage, and a real BRLTTY stopped
//! during the game. Each time the game answers every move within a
//! second, says once that BRLTTY does not answer, and ends at once.

use crate::common;

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::braille_brltty::game as playing;
use common::brltty::{Brltty, installed};
use common::plain::{Running, data_dir, until};

/// How soon a move typed must be announced, whatever BRLTTY does.
const ANSWERED: Duration = Duration::from_secs(1);

/// Types `said` and fails unless its announcement comes within
/// [`ANSWERED`]; the lines seen meanwhile.
fn answered(game: &mut Running, said: &str, announced: &str) -> Vec<String> {
    let typed = Instant::now();
    writeln!(game.stdin, "{said}").unwrap();
    let seen = until(game, announced, Duration::from_secs(10));
    assert!(
        seen.last().is_some_and(|l| l.starts_with(announced)),
        "{said} was never announced: {seen:#?}"
    );
    let took = typed.elapsed();
    assert!(took < ANSWERED, "{said} was announced after {took:?}");
    seen
}

/// Quits and fails unless the program ends, successfully, within three
/// seconds.
fn quits(mut game: Running) {
    writeln!(game.stdin, "quit").unwrap();
    let asked = Instant::now();
    while asked.elapsed() < Duration::from_secs(3) {
        if let Some(status) = game.child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = game.child.kill();
    panic!("the program did not end within three seconds of quit");
}

/// The address BrlAPI is given for `listener`: its port less 4101.
fn host_of(listener: &TcpListener) -> String {
    let port = listener.local_addr().unwrap().port();
    format!("127.0.0.1:{}", port - 4101)
}

/// A listener kept open that takes every connection and gives it to
/// `answer`, held until the test ends.
fn serving(answer: fn(&mut TcpStream)) -> TcpListener {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let taking = listener.try_clone().unwrap();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in taking.incoming() {
            let Ok(mut stream) = stream else { break };
            answer(&mut stream);
            held.push(stream);
        }
    });
    listener
}

#[test]
fn a_daemon_that_never_accepts_never_answers_or_answers_garbage_holds_no_move() {
    // Listening, never taking a connection: the system completes it.
    let never_accepts = TcpListener::bind("127.0.0.1:0").unwrap();
    let never_answers = serving(|_| {});
    let garbage = serving(|stream| {
        let mut noise = vec![0xffu8; 64];
        noise.extend(b"not BrlAPI\n".repeat(16));
        let _ = stream.write_all(&noise);
    });
    for (name, listener) in [
        ("never-accepts", &never_accepts),
        ("never-answers", &never_answers),
        ("garbage", &garbage),
    ] {
        let data = data_dir("braille-stalled", name);
        let mut game = playing(&data, &host_of(listener), "auto");
        // Said once even with `auto`: something is there and fails.
        let seen = until(&game, "note: Keine Braillezeile", Duration::from_secs(10));
        assert_eq!(
            seen.last().map(String::as_str),
            Some(
                "note: Keine Braillezeile: BRLTTY antwortet nicht; das Programm läuft ohne sie weiter."
            ),
            "{name}: {seen:#?}"
        );
        answered(&mut game, "e4", "announced: 1. e4");
        answered(&mut game, "e5", "announced: 1... e5");
        let rest = answered(&mut game, "Nf3", "announced: 2. Nf3");
        assert!(
            !rest.iter().any(|l| l.contains("Braillezeile")),
            "{name}: said again: {rest:#?}"
        );
        quits(game);
        let _ = std::fs::remove_dir_all(&data);
    }
}

/// A real BRLTTY of 40 cells named `name`, stopped first when `frozen`,
/// and a game beside it (its data kept under the folder given) once it
/// has said `note`.
fn beside_brltty(name: &str, frozen: bool, note: &str) -> (Brltty, PathBuf, Running) {
    let brltty = Brltty::start(name, 40);
    if frozen {
        brltty.freeze();
    }
    let data = data_dir("braille-stalled", name);
    let game = playing(&data, &brltty.host, "on");
    until(&game, note, Duration::from_secs(20));
    (brltty, data, game)
}

#[test]
fn brltty_stopped_holds_no_move_and_its_display_comes_when_it_goes_on() {
    if !installed() {
        return;
    }
    // Stopped before the game: said once not to answer, then taken when
    // it goes on.
    let (brltty, data, mut game) = beside_brltty(
        "frozen-first",
        true,
        "note: Keine Braillezeile: BRLTTY antwortet nicht",
    );
    answered(&mut game, "e4", "announced: 1. e4");
    answered(&mut game, "e5", "announced: 1... e5");
    brltty.thaw();
    until(
        &game,
        "note: Die Braillezeile zeigt die Partie, 40 Module.",
        Duration::from_secs(10),
    );
    brltty.until(|s| s.text().starts_with("⠂ ⠤⠑⠢"), Duration::from_secs(10));
    quits(game);
    let _ = std::fs::remove_dir_all(&data);

    // Stopped during the game: every move answered at once, and the
    // display shows the game as it stands when BRLTTY goes on.
    let (brltty, data, mut game) =
        beside_brltty("frozen", false, "note: Die Braillezeile zeigt die Partie");
    answered(&mut game, "e4", "announced: 1. e4");
    brltty.showing("⠂ ⠑⠲ ");
    brltty.freeze();
    for (said, announced) in [
        ("e5", "announced: 1... e5"),
        ("Nf3", "announced: 2. Nf3"),
        ("Nc6", "announced: 2... Nc6"),
        ("Bb5", "announced: 3. Bb5"),
        ("a6", "announced: 3... a6"),
    ] {
        answered(&mut game, said, announced);
    }
    brltty.thaw();
    brltty.until(|s| s.text().starts_with("⠒ ⠤⠁⠖"), Duration::from_secs(10));
    quits(game);
    let _ = std::fs::remove_dir_all(&data);
}
