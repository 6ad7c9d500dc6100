//! `zweibrett analyse` driven line by line as a user would: going through a
//! game, asking questions, opening a broken game up to its fault, and
//! asking an engine that
//! answers, one that hangs and one that is dead.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use assert_cmd::Command;

fn home() -> PathBuf {
    common::empty_home("analyse")
}

fn zweibrett() -> Command {
    common::quiet_zweibrett(&home())
}

fn run(args: &[&str], script: &str) -> (Vec<String>, String, i32) {
    let output = zweibrett().args(args).write_stdin(script).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    (
        stdout.lines().map(String::from).collect(),
        stderr,
        output.status.code().unwrap_or(-1),
    )
}

#[test]
fn a_game_is_gone_through_and_questioned_line_by_line() {
    let script = "n\n\nn\nvariation\nleave\nsquare Eva fuenf\nattackers e5\nmoves b8\nlast\nmaterial\nmove 12...\nn\nfind muller\ngame 3\nturn\ngame 4\nend\nturn\nwhatever\nquit\nnext\n";
    let (lines, stderr, code) = run(
        &[
            "analyse",
            "tests/data/club.pgn",
            "--game",
            "2",
            "--voice",
            "en",
        ],
        script,
    );
    assert_eq!(code, 0, "{stderr}");
    let expected = [
        "the file holds five games",
        "game 2: Müller, Klaus against Weber, Jana; Club Championship; on the second of November twenty twenty-three; draw",
        "comment: A quiet Italian.",
        "one, White: Eva four",
        "one, Black: Eva five",
        "two, White: Knight Felix three. variation: two, Black: David six",
        "variation one: two, Black: David six. comment: Philidor",
        "left the variation, back to two, White: Knight Felix three",
        "Eva five: Black Pawn",
        "Eva five, Black Pawn: attacked by Knight Felix three; defended by none",
        "Black Knight on Bella eight can go: Anna six or Cesar six",
        "last move two, White: Knight Felix three",
        "material White thirty-nine, Black thirty-nine; level",
        "twelve, Black: Cesar six. level. comment: Equal.",
        "end of the game, draw",
        "two games found with muller",
        "game 2: Müller, Klaus against Weber, Jana; Club Championship; on the second of November twenty twenty-three; draw",
        "game 4: Bauer, Anna against Müller, Klaus; Casual game; on the first of May twenty twenty-two; Black wins",
        "game 3: Schwarz, Peter against Weiss, Paul; Club Championship; on the ninth of November twenty twenty-three; Black wins",
        "game 3 is broken, line 36: illegal move Qxh2",
        "White to move, move one",
        "game 4: Bauer, Anna against Müller, Klaus; Casual game; on the first of May twenty twenty-two; Black wins",
        "two, Black: Queen Hector four checkmate",
        "White to move, move three. The game is over, there is no move left",
        "not understood: whatever. Say help for the commands",
    ];
    for (i, (got, want)) in lines.iter().zip(expected).enumerate() {
        assert_eq!(got, want, "line {i}");
    }
    assert_eq!(lines.len(), expected.len(), "{lines:#?}");
}

#[test]
fn a_broken_game_opens_up_to_its_fault_and_a_missing_one_is_an_error() {
    let (lines, stderr, code) = run(
        &[
            "analyse",
            "tests/data/club.pgn",
            "--game",
            "3",
            "--voice",
            "en",
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(lines[0], "the file holds five games");
    assert_eq!(
        lines[2], "game 3 is broken, line 36: illegal move Qxh2",
        "{lines:#?}"
    );
    let (_, stderr, code) = run(&["analyse", "tests/data/club.pgn", "--game", "9"], "");
    assert_eq!(code, 2);
    assert!(stderr.contains("no game 9; the file holds 5"), "{stderr}");
    let (_, stderr, code) = run(&["analyse", "tests/data/no-such-file.pgn"], "");
    assert_eq!(code, 1, "{stderr}");
}

fn fake_engine(name: &str, body: &str) -> PathBuf {
    let dir = home().join("engines");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn an_engine_that_hangs_never_freezes_the_program() {
    // Finishes the handshake, then never answers a search.
    let hang = fake_engine(
        "hang",
        "while read line; do case \"$line\" in uci) echo 'id name Hang'; echo uciok;; isready) echo readyok;; quit) exit 0;; esac; done",
    );
    let started = Instant::now();
    let (lines, stderr, code) = run(
        &[
            "analyse",
            "tests/data/club.pgn",
            "--voice",
            "en",
            "--engine",
            hang.to_str().unwrap(),
            "--engine-time",
            "300",
        ],
        // After 1... e5, which the score gives no evaluation for.
        "n\nn\neval\nturn\nsquare e4\n",
    );
    let elapsed = started.elapsed();
    assert_eq!(code, 0, "{stderr}");
    let at = |text: &str| {
        lines
            .iter()
            .position(|l| l == text)
            .unwrap_or_else(|| panic!("{text} missing: {lines:#?}"))
    };
    let thinking = at("the engine is thinking");
    let turn = at("White to move, move two");
    let square = at("Eva four: White Pawn");
    let silent = at("the engine is not answering");
    assert!(
        thinking < turn && turn < square && square < silent,
        "{lines:#?}"
    );
    assert!(elapsed < Duration::from_secs(10), "took {elapsed:?}");
}

#[test]
fn a_dead_engine_is_reported_as_stopped() {
    let dead = fake_engine("dead", "exit 3");
    let started = Instant::now();
    given_up(&dead, "eval\nturn\n");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Goes through the club game with `engine`, typing `typed`: the engine is
/// said to have stopped, and the analysis goes on. What was printed.
fn given_up(engine: &Path, typed: &str) -> Vec<String> {
    let (lines, stderr, code) = run(
        &[
            "analyse",
            "tests/data/club.pgn",
            "--voice",
            "en",
            "--engine",
            engine.to_str().unwrap(),
        ],
        typed,
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(
        lines.contains(&"The engine has stopped; the analysis goes on without it".to_string()),
        "{lines:#?}"
    );
    lines
}

/// An engine that floods its output with `info` lines without end is
/// given up as one that stopped, within about a second, with what it said
/// read bounded: before, it grew the program to gigabytes and froze it.
#[test]
fn an_engine_that_floods_its_output_is_given_up_and_nothing_freezes() {
    let flood = fake_engine(
        "flood",
        "echo 'id name Flood'; echo uciok; exec yes 'info depth 1 score cp 13 pv e2e4'",
    );
    let started = Instant::now();
    let lines = given_up(&flood, "eval\nturn\nn\nturn\n");
    assert!(
        lines.contains(&"White to move, move one".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"Black to move, move one".to_string()),
        "{lines:#?}"
    );
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_real_engine_gives_an_evaluation_and_a_best_line() {
    let Some(engine) = zweibrett_session::engine::find_engine(None) else {
        common::cannot_run("no stockfish is installed");
        return;
    };
    assert!(Path::new(&engine).exists());
    // After 7. Qf3+ in the fried liver: White is well ahead.
    let (lines, stderr, code) = run(
        &[
            "analyse",
            "tests/data/club.pgn",
            "--voice",
            "en",
            "--engine-time",
            "500",
        ],
        "move 7\neval\n",
    );
    assert_eq!(code, 0, "{stderr}");
    let answer = lines.last().unwrap();
    assert!(answer.starts_with("White is"), "{lines:#?}");
    assert!(answer.contains("best line: "), "{answer}");
    // Following the game: after each move the engine's view comes unasked.
    let (lines, stderr, code) = run(
        &[
            "analyse",
            "tests/data/club.pgn",
            "--voice",
            "en",
            "--engine-time",
            "300",
        ],
        "move 7\neval auto\nn\n",
    );
    assert_eq!(code, 0, "{stderr}");
    let moved = lines
        .iter()
        .position(|l| l.starts_with("seven, Black: King Eva six"))
        .unwrap();
    assert!(
        lines[moved + 1..].iter().any(|l| l.contains("best line: ")),
        "{lines:#?}"
    );
    assert!(
        !lines.contains(&"the engine is thinking".to_string()),
        "{lines:#?}"
    );
}

/// What `analyse` of the club games says in `voice` for `script`, the
/// engine thinking 300 ms a request; it must end well.
fn club_with_engine(voice: &str, script: &str) -> Vec<String> {
    let args = [
        "analyse",
        "tests/data/club.pgn",
        "--voice",
        voice,
        "--engine-time",
        "300",
    ];
    let (lines, stderr, code) = run(&args, script);
    assert_eq!(code, 0, "{stderr}");
    lines
}

#[test]
fn the_engine_says_its_figure_and_depth_on_request_and_the_threat_in_english_and_german() {
    let Some(_) = zweibrett_session::engine::find_engine(None) else {
        common::cannot_run("no stockfish is installed");
        return;
    };
    // After 7. Qf3+ in the fried liver Black is in check; after 7... Ke6
    // White is to move, and Black's threat is asked of the position with
    // the turn passed.
    let lines = club_with_engine("en", "move 7\nthreat\nn\nthreat\n");
    assert!(
        lines.contains(&"Black is in check: the threat is on the board".to_string()),
        "{lines:#?}"
    );
    // A request waits for its answer before the next line is read only
    // when nothing else is asked: each question gets its own run.
    assert!(
        lines.last().unwrap().starts_with("Black threatens "),
        "{lines:#?}"
    );
    let lines = club_with_engine("en", "move 7\nn\neval figures\neval\n");
    let answer = lines.last().unwrap();
    assert!(answer.starts_with("White is"), "{lines:#?}");
    assert!(answer.contains(", depth "), "{answer}");
    assert!(answer.contains(". best line: eight"), "{answer}");
    let lines = club_with_engine("fide", "Zug 7 schwarz\nBewertung Zahlen\nBewertung\n");
    assert!(
        lines.contains(&"Bewertungen werden mit Zahl und Tiefe gesagt".to_string()),
        "{lines:#?}"
    );
    let answer = lines.last().unwrap();
    assert!(answer.contains(", Tiefe "), "{answer}");
    assert!(answer.contains("Beste Fortsetzung: acht"), "{answer}");
}

/// A file of 45 games, Player 1 to 45 against Rival.
fn many_games(name: &str) -> PathBuf {
    let path = home().join(name);
    let text: String = (1..=45)
        .map(|n| {
            format!("[White \"Player {n}\"]\n[Black \"Rival\"]\n[Result \"*\"]\n\n1. e4 *\n\n")
        })
        .collect();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_long_list_of_games_comes_a_page_at_a_time() {
    let path = many_games("many.pgn");
    let (lines, stderr, code) = run(
        &["analyse", path.to_str().unwrap(), "--voice", "en"],
        "games\ngames 3\nfind rival\nmore\nfind player 4\n",
    );
    assert_eq!(code, 0, "{stderr}");
    // A file of several games first says how many it holds.
    assert_eq!(lines[0], "the file holds forty-five games");
    let lines = &lines[1..];
    let listed = |from: usize| {
        lines
            .iter()
            .skip(from)
            .take_while(|l| l.starts_with("game "))
            .count()
    };
    assert_eq!(lines[1], "game 1: Player 1 against Rival; no result");
    assert_eq!(listed(1), 20);
    assert_eq!(lines[21], "twenty-five more games, go on with more");
    assert_eq!(lines[22], "game 41: Player 41 against Rival; no result");
    assert_eq!(lines[26], "game 45: Player 45 against Rival; no result");
    // A search says first how many games it found.
    assert_eq!(lines[27], "forty-five games found with rival");
    assert_eq!(lines[28], "game 1: Player 1 against Rival; no result");
    assert_eq!(lines[48], "twenty-five more games, go on with more");
    assert_eq!(lines[49], "game 21: Player 21 against Rival; no result");
    assert_eq!(lines[69], "five more games, go on with more");
    // "player 4" finds the players whose name has a word starting with
    // 4: Player 4 and Player 40 to 45, not Player 14.
    assert_eq!(lines[70], "seven games found with player 4");
    assert_eq!(lines[71], "game 4: Player 4 against Rival; no result");
    assert_eq!(lines[72], "game 40: Player 40 against Rival; no result");
    assert_eq!(lines.len(), 78, "{lines:#?}");
}

#[test]
fn the_end_of_a_list_an_empty_search_and_the_commands_are_said_in_the_pack_words() {
    let path = many_games("many-de.pgn");
    let (lines, stderr, code) = run(
        &["analyse", path.to_str().unwrap(), "--voice", "fide"],
        "Partien\nmehr\nmehr\nmehr\nsuchen\nDiagramm\n",
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(lines[0], "Die Datei enthält fünfundvierzig Partien");
    let lines = &lines[1..];
    // The next page is asked for with the pack's word.
    assert_eq!(
        lines[21], "noch fünfundzwanzig Partien, weiter mit mehr",
        "{lines:#?}"
    );
    assert_eq!(
        lines[42], "noch fünf Partien, weiter mit mehr",
        "{lines:#?}"
    );
    assert!(lines[47].starts_with("Partie 45: "), "{lines:#?}");
    // Past the end, the list does not start again unasked.
    assert_eq!(
        lines[48], "Das war die ganze Liste; Partien liest sie von vorn",
        "{lines:#?}"
    );
    assert_eq!(
        lines[49],
        "Was suchen? suchen und einen Namen, ein Jahr, ein Ergebnis, einen ECO-Code oder den Namen einer Angabe und ihren Wert eingeben"
    );
    // The diagram has its German word, as every command has.
    assert!(lines[50].starts_with("Weiß: König Eva eins"), "{lines:#?}");
    assert_eq!(lines.len(), 51, "{lines:#?}");
}

#[test]
fn with_speech_off_the_end_of_piped_input_ends_the_program_at_once() {
    // Nothing is spoken, so nothing is waited for; the bound is generous
    // for a loaded machine (the program takes well under a second).
    let started = Instant::now();
    let (lines, stderr, code) = run(
        &["analyse", "tests/data/club.pgn"],
        "next\nnext\npieces\nsquare e4\n",
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Eva vier: Bauer von Weiß")
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn a_chess960_game_is_analysed_by_an_engine_told_it_is_chess960() {
    // Logs what it is told; its best line is White's short castling in
    // Chess960 notation, the king taking its own rook on f1.
    let log = home().join("engines").join("chess960.log");
    let _ = std::fs::remove_file(&log);
    let engine = fake_engine(
        "chess960",
        &format!(
            "while read line; do echo \"$line\" >> '{}'; case \"$line\" in \
             uci) echo 'id name Log'; echo uciok;; \
             isready) echo readyok;; \
             go*) echo 'info depth 9 score cp 25 pv d1f1'; echo 'bestmove d1f1';; \
             quit) exit 0;; esac; done",
            log.display()
        ),
    );
    let (lines, stderr, code) = run(
        &[
            "analyse",
            "tests/data/chess960.pgn",
            "--voice",
            "en",
            "--engine",
            engine.to_str().unwrap(),
            "--engine-time",
            "200",
        ],
        "move 6\nn\neval\n",
    );
    assert_eq!(code, 0, "{stderr}");
    let answer = lines.last().unwrap();
    assert!(answer.contains("best line: "), "{lines:#?}");
    assert!(answer.contains("castles short"), "{answer}");
    let told = std::fs::read_to_string(&log).unwrap();
    let option = told
        .find("setoption name UCI_Chess960 value true")
        .unwrap_or_else(|| panic!("{told}"));
    let position = told.find("position fen ").unwrap();
    assert!(option < position, "{told}");
}

#[test]
fn line_mode_writes_the_transcript_asked_for_wherever_the_option_stands() {
    for (name, before) in [("after.txt", false), ("before.txt", true)] {
        let path = home().join(name);
        let _ = std::fs::remove_file(&path);
        let file = path.to_str().unwrap();
        let mut args = vec!["analyse", "tests/data/club.pgn", "--voice", "en"];
        match before {
            true => args.splice(0..0, ["--transcript", file]),
            false => args.splice(4..4, ["--transcript", file]),
        };
        let (lines, stderr, code) = run(&args, "next\nlast\n");
        assert_eq!(code, 0, "{stderr}");
        let written = std::fs::read_to_string(&path).unwrap();
        // Every line said, each after the game time and the wall clock.
        let said: Vec<&str> = written
            .lines()
            .map(|l| l.splitn(3, '\t').nth(2).unwrap())
            .collect();
        assert_eq!(said, lines, "{written}");
        assert_eq!(said.len(), 4, "{written}");
    }
}

#[test]
fn games_are_found_by_their_tags_in_the_packs_words_and_a_bad_search_is_named() {
    let (lines, stderr, code) = run(
        &["analyse", "tests/data/club.pgn", "--voice", "en"],
        "find Klaus Muller 2023\nfind site Berlin result 0-1\nfind 1-0\nfind eco\nfind 1860-1850\nfind tag TimeControl 180+0\n",
    );
    assert_eq!(code, 0, "{stderr}");
    let expected = [
        "the file holds five games",
        "game 1: Eva Schmidt against Anna Bauer; Rated Blitz game; on the fifteenth of March twenty twenty-four; White wins",
        "one game found with Klaus Muller 2023",
        "game 2: Müller, Klaus against Weber, Jana; Club Championship; on the second of November twenty twenty-three; draw",
        "one game found with site Berlin result 0-1",
        "game 3: Schwarz, Peter against Weiss, Paul; Club Championship; on the ninth of November twenty twenty-three; Black wins; broken",
        "one game found with 1-0",
        "game 1: Eva Schmidt against Anna Bauer; Rated Blitz game; on the fifteenth of March twenty twenty-four; White wins",
        "after eco, type what to look for",
        "not a date: 1860-1850. Type a year as 1858, a month as 1858.11, a day as 1858.11.02, or two of them with a hyphen between",
        "one game found with tag TimeControl 180+0",
        "game 1: Eva Schmidt against Anna Bauer; Rated Blitz game; on the fifteenth of March twenty twenty-four; White wins",
    ];
    assert_eq!(lines, expected, "{lines:#?}");
    let (lines, stderr, code) = run(
        &["analyse", "tests/data/club.pgn", "--voice", "fide"],
        "suchen Ort Hamburg\nsuchen Ergebnis unentschieden\nsuchen Eröffnung\n",
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        lines[2], "Eine Partie mit Ort Hamburg gefunden",
        "{lines:#?}"
    );
    assert!(lines[3].starts_with("Partie 4: Bauer, Anna gegen Müller, Klaus"));
    assert_eq!(lines[4], "Eine Partie mit Ergebnis unentschieden gefunden");
    assert!(lines[5].starts_with("Partie 2: Müller, Klaus"));
    assert_eq!(lines[6], "Nach Eröffnung eingeben, was gesucht wird");
}

#[test]
fn a_piece_of_the_side_not_to_move_is_asked_about_on_its_next_turn() {
    let (lines, stderr, code) = run(
        &[
            "analyse",
            "tests/data/club.pgn",
            "--game",
            "2",
            "--voice",
            "en",
        ],
        "moves g1\nmoves b8\n",
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        lines[3..],
        [
            "White Knight on Gustav one can go: Felix three or Hector three",
            "were it Black's move, Black Knight on Bella eight could go: Anna six or Cesar six",
        ],
        "{lines:#?}"
    );
    let (lines, stderr, code) = run(
        &[
            "analyse",
            "tests/data/club.pgn",
            "--game",
            "2",
            "--voice",
            "fide",
        ],
        "Züge a8\n",
    );
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        lines[3], "Wäre Schwarz am Zug, könnte Turm von Schwarz auf Anna acht nicht ziehen",
        "{lines:#?}"
    );
}
