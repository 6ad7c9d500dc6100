//! Dead positions ruled off the path of the announcement (5.2.2) and a
//! result that stands only when the move stands (D.2.8), in plain mode as
//! a user drives it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common;

use common::plain::{data_dir, journal_of, stdout_of, zweibrett};

fn data(name: &str) -> PathBuf {
    data_dir("dead", name)
}

/// Where `needle` first appears among `stdout`'s lines.
fn line_of(stdout: &str, needle: &str) -> usize {
    stdout
        .lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no {needle:?} in\n{stdout}"))
}

/// A journal of a new game from `fen`: the journal of a game started with
/// the default setup, its header's setup given the position. (Until `play`
/// takes a position, a journal that `resume` opens is how a game starts
/// from one.)
fn journal_from(d: &Path, fen: &str, press: &str) -> PathBuf {
    let out = zweibrett(d)
        .args([
            "play",
            "--voice",
            "en",
            "--repetition",
            "off",
            "--press",
            press,
        ])
        .write_stdin("quit\n")
        .assert()
        .success();
    let path = journal_of(&stdout_of(out));
    let text = std::fs::read_to_string(&path).unwrap();
    let header = text.lines().next().unwrap();
    let mut header: serde_json::Value = serde_json::from_str(header).unwrap();
    header["setup"]["fen"] = serde_json::Value::String(fen.into());
    std::fs::write(&path, format!("{header}\n")).unwrap();
    path
}

/// Black to move; after b6 nothing can ever be captured and neither side
/// can mate, which the solver needs seconds to prove.
const LOCKED: &str = "kb6/bpp2p1p/2P5/1P6/8/8/5P1P/5K2 b - - 0 1";

#[test]
fn a_locked_chain_is_announced_at_once_and_ruled_dead_after() {
    let d = data("locked");
    let path = journal_from(&d, LOCKED, "auto");
    let started = Instant::now();
    let out = zweibrett(&d)
        .arg("resume")
        .arg(&path)
        .write_stdin("b6\n")
        .assert()
        .success();
    let took = started.elapsed();
    let stdout = stdout_of(out);
    let announced = line_of(&stdout, "announced: 1... b6: Bella six");
    let ruled = line_of(&stdout, "result: 1/2-1/2 Game over: dead position, draw.");
    assert!(announced < ruled, "{stdout}");
    assert!(took < Duration::from_secs(15), "{took:?}");
    // The ruling is in the journal: resuming replays it without a search.
    let journal = std::fs::read_to_string(&path).unwrap();
    assert!(journal.contains(r#""cannot_checkmate""#), "{journal}");
    let out = zweibrett(&d)
        .arg("resume")
        .arg(&path)
        .write_stdin("h6\n")
        .assert()
        .success();
    let stdout = stdout_of(out);
    assert!(stdout.contains("resumed: 1 half-move: b6"), "{stdout}");
    assert!(
        stdout.contains("answer: The game is over: draw."),
        "{stdout}"
    );
    let pgn = std::fs::read_to_string(path.with_extension("pgn")).unwrap();
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_checkmate_can_be_corrected_before_the_press() {
    let d = data("mate");
    let input = "f3\npress\ne5\npress\ng4\npress\nQh4\ncorrect Qe7\npress\nquit\n";
    let out = zweibrett(&d)
        .args([
            "play",
            "--role",
            "arbiter",
            "--voice",
            "en",
            "--repetition",
            "off",
        ])
        .write_stdin(input)
        .assert()
        .success();
    let stdout = stdout_of(out);
    assert!(
        stdout.contains(
            "ruling: checkmate, Black wins, if the move stands: the game ends with the clock press; until then the move can be corrected."
        ),
        "{stdout}"
    );
    assert!(stdout.contains("corrected: 2... Qe7"), "{stdout}");
    assert!(!stdout.contains("result:"), "{stdout}");
    assert!(stdout.contains("> White to move: enter a move"), "{stdout}");

    // Pressed, the mate stands and the clock stops.
    let input = "f3\npress\ne5\npress\ng4\npress\nQh4\npress\ntime\nquit\n";
    let out = zweibrett(&d)
        .args([
            "play",
            "--role",
            "arbiter",
            "--voice",
            "en",
            "--repetition",
            "off",
        ])
        .write_stdin(input)
        .assert()
        .success();
    let stdout = stdout_of(out);
    let ruling = line_of(&stdout, "ruling: checkmate, Black wins, if the move stands");
    let over = line_of(&stdout, "result: 0-1 Game over: checkmate, Black wins.");
    assert!(ruling < over, "{stdout}");
    assert!(stdout.contains(", paused"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_under_promotion_to_a_dead_position_can_be_corrected() {
    let d = data("promotion");
    let path = journal_from(&d, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "separate");
    let out = zweibrett(&d)
        .arg("resume")
        .arg(&path)
        .write_stdin("e8=N\ncorrect e8=Q\npress\nquit\n")
        .assert()
        .success();
    let stdout = stdout_of(out);
    assert!(
        stdout.contains("ruling: dead position, draw, if the move stands"),
        "{stdout}"
    );
    assert!(stdout.contains("corrected: 1. e8=Q"), "{stdout}");
    assert!(!stdout.contains("result:"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn moves_made_after_a_dead_position_do_not_count() {
    // The journal of a game in which the players moved on while the
    // search ran: its answer about the position after b6 came after Kg2
    // and h6. Resuming replays it: the game ended after b6 (5.2.2).
    let d = data("later");
    let path = journal_from(&d, LOCKED, "auto");
    let entry = |t_ms: u64, cmd: &str, uci: Option<&str>| {
        let uci = uci.map_or(String::new(), |u| format!(r#","uci":"{u}""#));
        format!(r#"{{"t_ms":{t_ms},"wall_ms":0,"cmd":{cmd}{uci}}}"#)
    };
    let after_b6 = "kb6/b1p2p1p/1pP5/1P6/8/8/5P1P/5K2 w - - 0 2";
    let lines = [
        entry(1000, r#"{"move":"b6"}"#, Some("b7b6")),
        entry(2000, r#"{"move":"Kg2"}"#, Some("f1g2")),
        entry(3000, r#"{"move":"h6"}"#, Some("h7h6")),
        entry(
            3100,
            &format!(
                r#"{{"cannot_checkmate":{{"ply":1,"fen":"{after_b6}","sides":["white","black"]}}}}"#
            ),
            None,
        ),
    ];
    let mut text = std::fs::read_to_string(&path).unwrap();
    for line in lines {
        text.push_str(&line);
        text.push('\n');
    }
    std::fs::write(&path, text).unwrap();
    let out = zweibrett(&d)
        .arg("resume")
        .arg(&path)
        .write_stdin("Kh1\nscore\nquit\n")
        .assert()
        .success();
    let stdout = stdout_of(out);
    assert!(stdout.contains("resumed: 1 half-move: b6"), "{stdout}");
    assert!(
        stdout.contains("answer: The game is over: draw."),
        "{stdout}"
    );
    assert!(stdout.contains("1/2-1/2 dead position"), "{stdout}");
    let _ = std::fs::remove_dir_all(&d);
}
