//! `zweibrett analyse --follow` on a PGN file that grows while it runs, the
//! way a live broadcast writes it: moves appended, the whole file written
//! anew and renamed over it, truncated and written again, a move corrected
//! upstream, the file gone for a while. Each move must be said once, in
//! order, within a second of being written. Also: a broken game gone
//! through up to its fault, and a search that ignores diacritics.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use common::plain::{Running, data_dir, fed};

/// How soon a move written must be said.
const WITHIN: Duration = Duration::from_secs(1);

const TAGS: &str =
    "[Event \"Live\"]\n[White \"Ševčík, Jan\"]\n[Black \"Dvořák, Ondřej\"]\n[Result \"*\"]\n\n";

/// The moves written one by one, some with their clock, and what is said:
/// a followed game is heard with its clocks.
const MOVES: [(&str, &str); 7] = [
    (
        "1. e4 {[%clk 1:40:57]} ",
        "one, White: Eva four. clock one hour forty minutes fifty-seven seconds",
    ),
    (
        "1... e5 {[%clk 1:40:50]} ",
        "one, Black: Eva five. clock one hour forty minutes fifty seconds",
    ),
    (
        "2. Bc4 {[%clk 1:39:30]} ",
        "two, White: Bishop Cesar four. clock one hour thirty-nine minutes thirty seconds. time spent one minute twenty-seven seconds",
    ),
    ("2... Nc6 ", "two, Black: Knight Cesar six"),
    ("3. Qh5 ", "three, White: Queen Hector five"),
    ("3... Nf6 ", "three, Black: Knight Felix six"),
    (
        "4. Qxf7# ",
        "four, White: Queen takes Felix seven checkmate",
    ),
];

/// A live game file of its own for test `name`, holding `text`.
fn live_file(name: &str, text: &str) -> (PathBuf, PathBuf) {
    let data = data_dir("follow", name);
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("live.pgn");
    std::fs::write(&file, text).unwrap();
    (data, file)
}

/// The program following `file`, once it said so.
fn follow(data: &Path, file: &Path, said: &mut Vec<String>) -> Running {
    let running = Running::start(
        data,
        &[
            "analyse",
            "--follow",
            file.to_str().unwrap(),
            "--voice",
            "en",
        ],
    );
    wait_for(&running, "following game", Duration::from_secs(20), said);
    running
}

/// Waits up to `within` for a line containing `text`, keeping every line
/// seen in `said`; how long it took.
fn wait_for(running: &Running, text: &str, within: Duration, said: &mut Vec<String>) -> Duration {
    let start = Instant::now();
    loop {
        let left = within.saturating_sub(start.elapsed());
        match running.lines.recv_timeout(left) {
            Ok(line) => {
                let found = line.contains(text);
                said.push(line);
                if found {
                    return start.elapsed();
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                panic!("{text:?} not said within {within:?}; said: {said:#?}")
            }
            Err(RecvTimeoutError::Disconnected) => panic!("the program ended; said: {said:#?}"),
        }
    }
}

/// Ends the program and returns everything it said.
fn quit(mut running: Running, mut said: Vec<String>) -> Vec<String> {
    let _ = writeln!(running.stdin, "quit");
    let _ = running.child.wait();
    said.extend(running.lines.try_iter());
    said
}

/// Each move said exactly once, in the order played.
fn each_once_in_order(said: &[String]) {
    let mut at = 0;
    for (_, line) in MOVES {
        let times = said.iter().filter(|l| *l == line).count();
        assert_eq!(times, 1, "{line:?} said {times} times: {said:#?}");
        let here = said.iter().position(|l| l == line).unwrap();
        assert!(here >= at, "{line:?} out of order: {said:#?}");
        at = here;
    }
}

/// Writes `text` as the whole file anew, in a temporary file renamed over
/// it, as broadcast tools publish.
fn replace(file: &Path, text: &str) {
    let fresh = file.with_extension("tmp");
    std::fs::write(&fresh, text).unwrap();
    std::fs::rename(&fresh, file).unwrap();
}

#[test]
fn appended_moves_are_said_once_in_order_within_a_second() {
    let (data, file) = live_file("append", TAGS);
    let mut said = Vec::new();
    let running = follow(&data, &file, &mut said);
    let mut slowest = Duration::ZERO;
    for (text, line) in MOVES {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(&file)
            .unwrap();
        f.write_all(text.as_bytes()).unwrap();
        drop(f);
        let took = wait_for(&running, line, Duration::from_secs(5), &mut said);
        assert!(took < WITHIN, "{line:?} said after {took:?}");
        slowest = slowest.max(took);
    }
    eprintln!("appended moves said after at most {slowest:?}");
    std::fs::OpenOptions::new()
        .append(true)
        .open(&file)
        .unwrap()
        .write_all(b"1-0\n")
        .unwrap();
    wait_for(&running, "end of the game, White wins", WITHIN, &mut said);
    let said = quit(running, said);
    each_once_in_order(&said);
    let ends = said
        .iter()
        .filter(|l| l.contains("end of the game"))
        .count();
    assert_eq!(ends, 1, "{said:#?}");
}

#[test]
fn a_move_caught_half_written_waits_for_the_rest() {
    let (data, file) = live_file("half", TAGS);
    let mut said = Vec::new();
    let running = follow(&data, &file, &mut said);
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&file)
        .unwrap();
    // "1. e4 {[%clk 1:40:5": the move's clock comment is still open.
    f.write_all(&MOVES[0].0.as_bytes()[..18]).unwrap();
    f.flush().unwrap();
    std::thread::sleep(Duration::from_millis(700));
    f.write_all(&MOVES[0].0.as_bytes()[18..]).unwrap();
    wait_for(&running, MOVES[0].1, WITHIN, &mut said);
    // "1... e" could be any pawn's move to the e-file.
    f.write_all(b"1... e").unwrap();
    f.flush().unwrap();
    std::thread::sleep(Duration::from_millis(700));
    f.write_all(&MOVES[1].0.as_bytes()[6..]).unwrap();
    wait_for(&running, MOVES[1].1, WITHIN, &mut said);
    let said = quit(running, said);
    let moves: Vec<&String> = said.iter().filter(|l| l.starts_with("one,")).collect();
    assert_eq!(moves, [MOVES[0].1, MOVES[1].1], "{said:#?}");
    assert!(!said.iter().any(|l| l.contains("breaks off")), "{said:#?}");
}

#[test]
fn a_file_rewritten_and_renamed_over_says_only_the_new_moves() {
    let (data, file) = live_file("rename", TAGS);
    let mut said = Vec::new();
    let running = follow(&data, &file, &mut said);
    let mut text = TAGS.to_string();
    let mut slowest = Duration::ZERO;
    for (move_text, line) in MOVES {
        text.push_str(move_text);
        replace(&file, &format!("{text}*\n"));
        let took = wait_for(&running, line, Duration::from_secs(5), &mut said);
        assert!(took < WITHIN, "{line:?} said after {took:?}");
        slowest = slowest.max(took);
    }
    eprintln!("moves of a file renamed over it said after at most {slowest:?}");
    let said = quit(running, said);
    each_once_in_order(&said);
    assert!(!said.iter().any(|l| l.contains("corrected")), "{said:#?}");
}

#[test]
fn a_file_truncated_and_written_again_is_never_said_twice() {
    let (data, file) = live_file("truncate", TAGS);
    let mut said = Vec::new();
    let running = follow(&data, &file, &mut said);
    let mut text = TAGS.to_string();
    for (move_text, line) in MOVES {
        text.push_str(move_text);
        // Truncated, then written in two parts, the first ending in the
        // middle of the last move.
        let mut f = std::fs::File::create(&file).unwrap();
        let cut = text.len() - move_text.len() / 2;
        f.write_all(&text.as_bytes()[..cut]).unwrap();
        f.flush().unwrap();
        std::thread::sleep(Duration::from_millis(300));
        f.write_all(&text.as_bytes()[cut..]).unwrap();
        drop(f);
        let took = wait_for(&running, line, Duration::from_secs(5), &mut said);
        assert!(took < WITHIN, "{line:?} said after {took:?}");
    }
    let said = quit(running, said);
    each_once_in_order(&said);
    assert!(!said.iter().any(|l| l.contains("corrected")), "{said:#?}");
}

#[test]
fn a_correction_upstream_is_said_once_and_the_new_moves_follow() {
    let start = format!("{TAGS}1. e4 e5 2. Nf3 ");
    let (data, file) = live_file("correction", &start);
    let mut said = Vec::new();
    let running = follow(&data, &file, &mut said);
    // The relay had the wrong move: 2. Bc4 was played, then 2... Nc6.
    let corrected = format!("{TAGS}1. e4 e5 2. Bc4 Nc6 *\n");
    replace(&file, &corrected);
    wait_for(&running, "two, Black: Knight Cesar six", WITHIN, &mut said);
    // The same version written again says nothing more.
    replace(&file, &corrected);
    std::thread::sleep(Duration::from_millis(700));
    let said = quit(running, said);
    let corrections: Vec<&String> = said.iter().filter(|l| l.contains("corrected")).collect();
    assert_eq!(
        corrections,
        ["the game was corrected from two, White on"],
        "{said:#?}"
    );
    let bishop = "two, White: Bishop Cesar four";
    assert_eq!(said.iter().filter(|l| *l == bishop).count(), 1, "{said:#?}");
}

#[test]
fn a_vanished_file_is_said_once_and_watched_for_again() {
    let (data, file) = live_file("vanish", &format!("{TAGS}{}", MOVES[0].0));
    let mut said = Vec::new();
    let running = follow(&data, &file, &mut said);
    std::fs::remove_file(&file).unwrap();
    wait_for(&running, "is gone", Duration::from_secs(2), &mut said);
    std::thread::sleep(Duration::from_millis(600));
    std::fs::write(&file, format!("{TAGS}{}{}", MOVES[0].0, MOVES[1].0)).unwrap();
    wait_for(&running, MOVES[1].1, Duration::from_secs(2), &mut said);
    let said = quit(running, said);
    assert_eq!(
        said.iter().filter(|l| l.contains("is gone")).count(),
        1,
        "{said:#?}"
    );
    assert_eq!(
        said.iter().filter(|l| *l == MOVES[0].1).count(),
        1,
        "{said:#?}"
    );
}

#[test]
fn away_from_the_end_a_new_move_is_named_and_the_board_stays() {
    let (data, file) = live_file("away", &format!("{TAGS}{}{}", MOVES[0].0, MOVES[1].0));
    let mut said = Vec::new();
    let mut running = follow(&data, &file, &mut said);
    writeln!(running.stdin, "start").unwrap();
    wait_for(&running, "start position", WITHIN, &mut said);
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&file)
        .unwrap();
    f.write_all(MOVES[2].0.as_bytes()).unwrap();
    wait_for(
        &running,
        "new move: two, White: Bishop Cesar four",
        WITHIN,
        &mut said,
    );
    writeln!(running.stdin, "next").unwrap();
    wait_for(&running, MOVES[0].1, WITHIN, &mut said);
    writeln!(running.stdin, "end").unwrap();
    wait_for(&running, MOVES[2].1, WITHIN, &mut said);
    quit(running, said);
}

#[test]
fn a_broken_game_is_gone_through_up_to_its_fault() {
    let data = data_dir("follow", "broken");
    let said = fed(
        &data,
        &[
            "analyse",
            "tests/data/club.pgn",
            "--game",
            "3",
            "--voice",
            "en",
        ],
        "end\nnext\nback\nnext\nnext\nfind weiss\n",
    );
    let lines: Vec<&str> = said.lines().collect();
    assert_eq!(
        lines[..8],
        [
            "the file holds five games",
            "game 3: Schwarz, Peter against Weiss, Paul; Club Championship; on the ninth of November twenty twenty-three; Black wins",
            "game 3 is broken, line 36: illegal move Qxh2",
            "eight, White: Bishop David three",
            "the score breaks off at eight, Black: illegal move Qxh2",
            "back to seven, Black: Cesar six",
            "eight, White: Bishop David three",
            "the score breaks off at eight, Black: illegal move Qxh2",
        ],
        "{said}"
    );
    assert!(
        said.contains("game 3: Schwarz, Peter against Weiss, Paul; Club Championship; on the ninth of November twenty twenty-three; Black wins; broken"),
        "{said}"
    );
}

#[test]
fn the_fault_is_said_in_the_packs_words() {
    let data = data_dir("follow", "broken_fide");
    let said = fed(
        &data,
        &[
            "analyse",
            "tests/data/club.pgn",
            "--game",
            "3",
            "--voice",
            "fide",
        ],
        "end\nvor\n",
    );
    assert!(
        said.contains("Die Notation bricht ab bei acht, Schwarz: regelwidriger Zug Qxh2"),
        "{said}"
    );
}

#[test]
fn find_ignores_the_diacritics_of_every_script() {
    let (data, file) = live_file(
        "find",
        concat!(
            "[White \"Ševčík, Jan\"]\n[Black \"Dvořák, Ondřej\"]\n[Event \"A\"]\n\n1. e4 e5 1-0\n\n",
            "[White \"Świątek, Łukasz\"]\n[Black \"Işıl, Aydın\"]\n[Event \"B\"]\n\n1. d4 d5 0-1\n\n",
            "[White \"Непомнящий, Ян\"]\n[Black \"Lê, Quang Liêm\"]\n[Event \"C\"]\n\n1. c4 c5 1/2-1/2\n",
        ),
    );
    let said = fed(
        &data,
        &["analyse", file.to_str().unwrap(), "--voice", "en"],
        "find sevcik\nfind ondrej\nfind lukasz\nfind aydin\nfind непомнящии\nfind liem\n",
    );
    for (name, game) in [
        ("Ševčík", 1),
        ("Ondřej", 1),
        ("Łukasz", 2),
        ("Aydın", 2),
        ("Непомнящий", 3),
        ("Liêm", 3),
    ] {
        let listed = said
            .lines()
            .filter(|l| l.starts_with(&format!("game {game}:")) && l.contains(name))
            .count();
        assert!(listed >= 1, "{name}: {said}");
    }
    assert!(!said.contains("no game with"), "{said}");
}

/// A followed file replaced by a link to an endless device, then by a
/// sparse file of 2 GB: neither is read; each is said once, `quit` is
/// answered at once, and the file is followed again once it is a game.
#[test]
fn a_followed_file_turned_endless_or_huge_is_not_read() {
    let (data, file) = live_file("endless", TAGS);
    let mut said = Vec::new();
    let running = follow(&data, &file, &mut said);
    let fresh = file.with_extension("tmp");
    std::os::unix::fs::symlink("/dev/zero", &fresh).unwrap();
    std::fs::rename(&fresh, &file).unwrap();
    wait_for(&running, "is not a plain file", WITHIN * 2, &mut said);
    let sparse = file.with_extension("tmp");
    std::fs::File::create(&sparse)
        .unwrap()
        .set_len(2 << 30)
        .unwrap();
    std::fs::rename(&sparse, &file).unwrap();
    wait_for(&running, "is not a plain file", WITHIN * 2, &mut said);
    replace(&file, &format!("{TAGS}{}", MOVES[0].0));
    wait_for(&running, MOVES[0].1, WITHIN * 2, &mut said);
    let asked = Instant::now();
    let said = quit(running, said);
    assert!(asked.elapsed() < WITHIN, "quit took {:?}", asked.elapsed());
    let refused = said
        .iter()
        .filter(|l| l.contains("is not a plain file"))
        .count();
    assert_eq!(refused, 2, "{said:#?}");
}
