//! `zweibrett analyse` line by line: each move's clock, time spent and
//! recorded evaluation, `back` out of a variation and back naming the move,
//! the count of games a search found, a game without moves, the position
//! as a piece list, and a replay stopped by a line.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const FILE: &str = "tests/data/per_move.pgn";

fn run(args: &[&str], script: &str) -> Vec<String> {
    let home = common::empty_home("analyse-steps");
    let output = common::quiet_zweibrett(&home)
        .args(["analyse", FILE, "--voice"])
        .args(args)
        .write_stdin(script)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let mut lines: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    // The file's three games are counted first ("the file holds three
    // games"); the tests here begin at the game opened.
    let count = lines.first().is_some_and(|l| !l.contains(':'));
    assert!(count, "{lines:#?}");
    lines.remove(0);
    lines
}

#[test]
fn each_moves_clock_time_spent_and_evaluation_are_said() {
    let lines = run(
        &["en", "--game", "1", "--engine", "/nonexistent/engine"],
        "n\nclock\neval\nn\nn\nclock\neval\nclock auto\nn\nn\nclock off\nn\n",
    );
    let expected = [
        "game 1: Adler, Anna against Berg, Bruno; Spring Open; on the first of March twenty twenty-four; White wins",
        "one, White: Eva four. in the score: White is slightly better",
        // 1:30:00 and the increment of 30 s, less 1:30:10.
        "one, White: Eva four. clock one hour thirty minutes ten seconds. time spent twenty seconds",
        // The score's evaluation; no engine, and nothing more said.
        "in the score: White is slightly better",
        "one, Black: Eva five",
        "two, White: Knight Felix three. variation: two, Black: David six",
        "two, White: Knight Felix three. clock one hour twenty-nine minutes. time spent one minute forty seconds",
        // No evaluation in the score after 2. Nf3: the engine is asked.
        "The engine /nonexistent/engine could not be started",
        "the clock is said after every move",
        "two, Black: Knight Cesar six",
        "three, White: Bishop Bella five. clock one hour twenty-eight minutes. time spent one minute thirty seconds. in the score: White is slightly better",
        "the clock is said on request only",
        "three, Black: Anna six. in the score: Black mates in three",
    ];
    for (i, want) in expected.iter().enumerate() {
        assert_eq!(
            lines.get(i).map(String::as_str),
            Some(*want),
            "line {i}: {lines:#?}"
        );
    }
}

#[test]
fn back_leaves_a_variation_for_the_main_line_and_names_the_move() {
    let lines = run(
        &["en", "--game", "1"],
        "move 2\nvariation\nback\nn\nback\nback\n",
    );
    assert_eq!(
        &lines[1..],
        [
            "two, White: Knight Felix three. variation: two, Black: David six",
            "variation one: two, Black: David six. comment: Philidor",
            "left the variation, back to two, White: Knight Felix three",
            "two, Black: Knight Cesar six",
            "back to two, White: Knight Felix three",
            "back to one, Black: Eva five",
        ]
    );
}

#[test]
fn stepping_back_is_said_in_the_packs_words() {
    let lines = run(&["fide", "--game", "1"], "Zug 3\nzurück\n");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Zurück zu zwei, Schwarz: Springer Cesar sechs")
    );
}

#[test]
fn a_search_says_how_many_games_it_found() {
    let lines = run(&["en", "--game", "1"], "find berg\nfind nobody\n");
    assert_eq!(
        &lines[1..],
        [
            "two games found with berg",
            "game 1: Adler, Anna against Berg, Bruno; Spring Open; on the first of March twenty twenty-four; White wins",
            "game 2: Berg, Bruno against Adler, Anna; Spring Open; on the second of March twenty twenty-four; no result",
            "no game with nobody",
        ]
    );
}

#[test]
fn a_game_without_moves_says_so_and_lists_its_position() {
    let lines = run(&["en", "--game", "2"], "end\nnext\nback\nposition\n");
    assert_eq!(
        &lines[1..],
        [
            "the game has no moves",
            "the game has no moves",
            "already at the start",
            "White: King Eva one and Rook Anna one and Hector one; Black: King Eva eight and Rook Anna eight and Hector eight. White to move, move one. castling: White short, Black long",
        ]
    );
}

#[test]
fn the_position_names_en_passant_and_the_pieces_of_both_sides() {
    let lines = run(&["fide", "--game", "3"], "Ende\nStellung\nFiguren alle\n");
    let position = &lines[2];
    assert!(position.starts_with("Weiß: König Eva eins"), "{position}");
    assert!(position.contains("; Schwarz: König Eva acht"), "{position}");
    assert!(
        position.ends_with(
            "Weiß am Zug, Zug drei. Rochade: Weiß kurz und lang, Schwarz kurz und lang. en passant auf David sechs"
        ),
        "{position}"
    );
    assert!(position.starts_with(&lines[3]), "{lines:#?}");
}

#[test]
fn a_pace_that_cannot_be_read_is_refused_and_changes_nothing() {
    let lines = run(
        &["en", "--game", "1"],
        "replay 3 fast\npace 0\npace 1\nturn\nreplay\n",
    );
    assert_eq!(
        &lines[1..5],
        [
            "not a pace: fast; give seconds from 0.1 to 60",
            "not a pace: 0; give seconds from 0.1 to 60",
            "replays go at one second a move",
            "White to move, move one",
        ]
    );
}

/// A replay at 0.4 s a move says the moves as the time passes, without
/// waiting for a line; a line after the second move stops it there.
#[test]
fn a_replay_goes_on_by_itself_and_a_line_stops_it() {
    let home = common::empty_home("analyse-replay");
    let mut child = Command::new(env!("CARGO_BIN_EXE_zweibrett"))
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .args([
            "--speech", "none", "analyse", FILE, "--voice", "en", "--game", "1",
        ])
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send((line, Instant::now())).is_err() {
                break;
            }
        }
    });
    let next = || rx.recv_timeout(Duration::from_secs(10)).unwrap();
    // The count of the file's games, then the game opened.
    next();
    next();
    let asked = Instant::now();
    writeln!(stdin, "replay 0.4").unwrap();
    assert_eq!(next().0, "replaying ten moves");
    let (first, at_first) = next();
    assert_eq!(
        first,
        "one, White: Eva four. in the score: White is slightly better"
    );
    let (second, at_second) = next();
    assert_eq!(second, "one, Black: Eva five");
    let gap = at_second - at_first;
    assert!(
        gap >= Duration::from_millis(350) && gap < Duration::from_millis(1500),
        "{gap:?} between two moves at 0.4 s"
    );
    assert!(at_first - asked < Duration::from_secs(2));
    // Any line stops the replay where it is.
    writeln!(stdin).unwrap();
    assert_eq!(next().0, "replay stopped");
    writeln!(stdin, "last").unwrap();
    assert_eq!(next().0, "last move one, Black: Eva five");
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn the_score_is_read_from_here_and_more_reads_on_in_english_and_german() {
    let en = run(
        &["en", "--game", "1"],
        "next\nscore\nmore\nmore\ngames\nquit\n",
    );
    assert_eq!(
        &en[1..4],
        [
            "one, White: Eva four. in the score: White is slightly better",
            "one, Black: Eva five; two: Knight Felix three, Knight Cesar six; three: Bishop Bella five, \
             Anna six; four: Bishop Anna four, Knight Felix six. the score goes on with move five; more reads on",
            "five: castles short, Bishop Eva seven. end of the game, White wins",
        ]
    );
    assert_eq!(en[4], "end of the game, White wins");
    // `more` is the list's again once games are listed.
    assert!(en[5].starts_with("game 1: Adler, Anna"), "{en:#?}");
    let de = run(&["fide", "--game", "1"], "Partieformular\nmehr\nquit\n");
    assert_eq!(
        &de[1..],
        [
            "eins: Eva vier, Eva fünf; zwei: Springer Felix drei, Springer Cesar sechs; drei: \
             Läufer Bella fünf, Anna sechs; vier: Läufer Anna vier, Springer Felix sechs. Die Partie \
             geht mit Zug fünf weiter; mehr liest weiter",
            "fünf: Kurze Rochade, Läufer Eva sieben. Ende der Partie, Weiß gewinnt",
        ]
    );
}

#[test]
fn a_piece_list_takes_a_colour_in_english_and_german() {
    let en = run(&["en", "--game", "1"], "knights white\nknights\nquit\n");
    assert_eq!(
        &en[1..],
        [
            "White: Knight Bella one and Gustav one",
            "White: Knight Bella one and Gustav one; Black: Knight Bella eight and Gustav eight",
        ]
    );
    let de = run(&["fide", "--game", "1"], "alle Springer schwarz\nquit\n");
    assert_eq!(&de[1..], ["Schwarz: Springer Bella acht und Gustav acht"]);
}
