//! Learning from mistakes in plain `analyse`: the engine pass over a game
//! lists the moves that lost most, a move tried there is compared with the
//! game's, a second look is read from the kept pass without an engine; a
//! scripted engine checks each threshold, and an engine that dies is said
//! once while the analysis goes on.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use common::plain::{Running, data_dir};

/// Scholar's mate: Black's 3... Nf6 lets White mate at once.
const SCHOLARS_MATE: &str = "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
    1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

/// Eight quiet moves, whose values a scripted engine makes up.
const QUIET: &str = "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
    1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 *\n";

fn stockfish() -> Option<PathBuf> {
    let found = ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file());
    if found.is_none() {
        common::cannot_run("stockfish is not installed");
    }
    found
}

/// An executable shell script at `path`.
fn script(path: &Path, body: &str) {
    std::fs::write(path, format!("#!/bin/sh\n{body}")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// A scripted engine: the position after k half-moves (read from its FEN)
/// is valued `scores[k]` centipawns (for the side to move), at any depth,
/// with no move; after `dies_after` searches it ends.
fn scripted_engine(dir: &Path, name: &str, scores: &[i32], dies_after: Option<usize>) -> PathBuf {
    let path = dir.join(name);
    let scores: Vec<String> = scores.iter().map(i32::to_string).collect();
    let die = dies_after.map_or(String::new(), |n| {
        format!("if [ $n -gt {n} ]; then exit 0; fi; ")
    });
    script(
        &path,
        &format!(
            "n=0\nk=0\nwhile read line; do case \"$line\" in \
             uci) echo 'id name Scripted'; echo uciok;; \
             isready) echo readyok;; \
             position*) set -- $line; k=$(( ($8 - 1) * 2 )); \
             if [ \"$4\" = b ]; then k=$((k+1)); fi;; \
             go*) n=$((n+1)); {die}cp=$(echo '{}' | cut -d' ' -f$((k+1))); \
             echo \"info depth 12 score cp ${{cp:-0}}\"; echo 'bestmove 0000';; \
             quit) exit 0;; esac; done\n",
            scores.join(" ")
        ),
    );
    path
}

/// The program kept running on `pgn` with `engine`.
fn analyse(data: &Path, pgn: &Path, engine: &Path) -> Running {
    let (pgn, engine) = (pgn.to_str().unwrap(), engine.to_str().unwrap());
    Running::start(data, &["analyse", pgn, "--voice", "en", "--engine", engine])
}

/// Types `line`.
fn type_line(run: &mut Running, line: &str) {
    writeln!(run.stdin, "{line}").unwrap();
    run.stdin.flush().unwrap();
}

/// The lines printed until one satisfies `done` (that one last); fails
/// after `limit`, showing what came.
fn until(run: &Running, limit: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
    let end = Instant::now() + limit;
    let mut seen = Vec::new();
    loop {
        let left = end.saturating_duration_since(Instant::now());
        match run.lines.recv_timeout(left) {
            Ok(line) => {
                let last = done(&line);
                seen.push(line);
                if last {
                    return seen;
                }
            }
            Err(RecvTimeoutError::Timeout) => panic!("nothing came in time after {seen:#?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the program ended after {seen:#?}"),
        }
    }
}

/// Every line printed within `quiet` of the last one.
fn rest(run: &Running, quiet: Duration) -> Vec<String> {
    let mut seen = Vec::new();
    while let Ok(line) = run.lines.recv_timeout(quiet) {
        seen.push(line);
    }
    seen
}

fn quit(mut run: Running) {
    type_line(&mut run, "quit");
    let _ = run.child.wait();
}

#[test]
fn a_blunder_is_listed_tried_and_kept_for_a_second_look_without_an_engine() {
    let Some(stockfish) = stockfish() else {
        return;
    };
    let data = data_dir("mistakes", "stockfish");
    std::fs::create_dir_all(&data).unwrap();
    let pgn = data.join("scholar.pgn");
    std::fs::write(&pgn, SCHOLARS_MATE).unwrap();
    // The engine is named by a script, so that the second run can find the
    // same engine name refusing to start.
    let engine = data.join("engine");
    script(&engine, &format!("exec {}\n", stockfish.display()));

    let mut run = analyse(&data, &pgn, &engine);
    type_line(&mut run, "mistakes");
    let said = until(&run, Duration::from_secs(120), |l| {
        l.starts_with("Mistake one of")
    });
    let first = said.last().unwrap();
    assert!(
        first.contains("three, Black: ") && first.contains("blunder"),
        "{said:#?}"
    );
    assert!(
        said.iter()
            .any(|l| l.contains("depth fourteen and each mistake again to depth twenty-two")),
        "{said:#?}"
    );
    type_line(&mut run, "best");
    let said = until(&run, Duration::from_secs(10), |l| {
        l.starts_with("The engine's move: ")
    });
    let best = said.last().unwrap()["The engine's move: ".len()..].to_string();
    type_line(&mut run, &best);
    let said = until(&run, Duration::from_secs(10), |l| l.contains("in the game"));
    assert_eq!(
        said.last().unwrap(),
        &format!("{best}: better than in the game")
    );
    type_line(&mut run, "Nf6");
    let said = until(&run, Duration::from_secs(10), |l| l.contains("in the game"));
    assert!(
        said.last()
            .unwrap()
            .ends_with(": just as bad as in the game"),
        "{said:#?}"
    );
    // A move tried and the board moved on before the engine answers: the
    // verdict still comes, with the number and side of the move tried.
    // (A move other than the engine's and the game's, whose verdicts are
    // known without asking.)
    let (tried, said_as) = [("Qe7", "Queen Eva seven"), ("g6", "Gustav six")]
        .into_iter()
        .find(|(_, words)| *words != best)
        .unwrap();
    type_line(&mut run, &format!("{tried}\nnext"));
    let said = until(&run, Duration::from_secs(10), |l| l.contains("in the game"));
    assert!(
        said.iter()
            .any(|l| l.starts_with("three, Black: Knight Felix six")),
        "{said:#?}"
    );
    let verdict = said.last().unwrap();
    assert!(
        verdict.starts_with(&format!("three, Black: {said_as}: ")),
        "{said:#?}"
    );
    quit(run);
    let kept = PathBuf::from(format!("{}.analysis", pgn.display()));
    assert!(kept.is_file(), "no kept pass at {}", kept.display());

    // The second look: the same engine name now fails if started.
    let started = data.join("started");
    script(&engine, &format!("touch {}\nexit 1\n", started.display()));
    let begun = Instant::now();
    let mut run = analyse(&data, &pgn, &engine);
    type_line(&mut run, "mistakes");
    let said = until(&run, Duration::from_secs(10), |l| {
        l.starts_with("Mistake one of")
    });
    let took = begun.elapsed();
    assert!(said.last().unwrap().contains("three, Black: "), "{said:#?}");
    quit(run);
    assert!(!started.exists(), "the engine was started for a kept pass");
    eprintln!("second look, the program started included: {took:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");

    // A damaged kept pass is said, not trusted, and made again.
    std::fs::write(&kept, "zweibrett-pass 1\ngame zz\n").unwrap();
    let mut run = analyse(&data, &pgn, &engine);
    type_line(&mut run, "mistakes");
    // The engine that now refuses to start is said to, not to have stopped.
    let said = until(&run, Duration::from_secs(10), |l| {
        l.contains("could not be started")
    });
    assert!(
        said.iter().any(|l| l.contains("is damaged and not used")),
        "{said:#?}"
    );
    quit(run);
}

#[test]
fn moves_just_below_and_above_each_threshold_are_classified_right() {
    let data = data_dir("mistakes", "thresholds");
    std::fs::create_dir_all(&data).unwrap();
    let pgn = data.join("quiet.pgn");
    std::fs::write(&pgn, QUIET).unwrap();
    // Values for White after each move, each costing the mover this much
    // of the expected score in a thousand: 1. e4 49 (nothing), 1... e5 50
    // (inaccuracy), 2. Nf3 99 (inaccuracy), 2... Nc6 100 (mistake), 3. Bc4
    // 149 (mistake), 3... Bc5 150 (blunder); the engine speaks for the side
    // to move.
    let white = [0, -53, 1, -108, 2, -164, 3, 3, 3];
    let for_mover: Vec<i32> = white
        .iter()
        .enumerate()
        .map(|(i, v)| if i % 2 == 0 { *v } else { -v })
        .collect();
    let engine = scripted_engine(&data, "scripted", &for_mover, None);
    let mut run = analyse(&data, &pgn, &engine);
    type_line(&mut run, "mistakes");
    let said = until(&run, Duration::from_secs(30), |l| {
        l.starts_with("Mistake one of")
    });
    let listed: Vec<&String> = said
        .iter()
        .skip_while(|l| !l.contains("moves lost ground"))
        .skip(1)
        .take(5)
        .collect();
    let expected = [
        ("three, Black: ", "blunder"),
        ("three, White: ", "mistake"),
        ("two, Black: ", "mistake"),
        ("two, White: ", "inaccuracy"),
        ("one, Black: ", "inaccuracy"),
    ];
    assert_eq!(listed.len(), 5, "{said:#?}");
    for (line, (start, kind)) in listed.iter().zip(expected) {
        assert!(
            line.starts_with(start) && line.contains(&format!(", {kind}, ")),
            "{line} is not {start} {kind}: {said:#?}"
        );
    }
    assert!(
        said.iter().any(|l| l == "five moves lost ground"),
        "{said:#?}"
    );
    assert!(
        !said.iter().any(|l| l.starts_with("one, White: ")),
        "{said:#?}"
    );
    type_line(&mut run, "next mistake");
    let said = until(&run, Duration::from_secs(5), |l| {
        l.starts_with("Mistake two of")
    });
    assert!(said.last().unwrap().contains("three, White: "), "{said:#?}");
    type_line(&mut run, "previous mistake");
    until(&run, Duration::from_secs(5), |l| {
        l.starts_with("Mistake one of five")
    });
    // Back from the first: said to be the first, not the end of the list.
    type_line(&mut run, "previous mistake");
    until(&run, Duration::from_secs(5), |l| {
        l == "This is the first mistake of the list"
    });
    // Once the pass is over, its progress is that it is done.
    type_line(&mut run, "progress");
    let said = until(&run, Duration::from_secs(5), |l| {
        l.starts_with("The analysis is done")
    });
    assert_eq!(
        said.last().unwrap(),
        "The analysis is done: eight moves judged"
    );
    quit(run);
}

#[test]
fn an_engine_that_dies_mid_pass_is_said_once_and_the_analysis_goes_on() {
    let data = data_dir("mistakes", "dies");
    std::fs::create_dir_all(&data).unwrap();
    let pgn = data.join("quiet.pgn");
    std::fs::write(&pgn, QUIET).unwrap();
    let engine = scripted_engine(&data, "dying", &[0, 0, 0, 0, 0], Some(4));
    let mut run = analyse(&data, &pgn, &engine);
    type_line(&mut run, "mistakes");
    let said = until(&run, Duration::from_secs(30), |l| {
        l.contains("stopped at move")
    });
    assert_eq!(
        said.last().unwrap(),
        "The engine stopped at move three of four; the moves before it are judged"
    );
    type_line(&mut run, "next");
    let mut said = until(&run, Duration::from_secs(5), |l| {
        l.starts_with("one, White")
    });
    said.extend(rest(&run, Duration::from_millis(500)));
    quit(run);
    let stops = said.iter().filter(|l| l.contains("stopped")).count();
    assert_eq!(stops, 0, "{said:#?}");

    // The engine asked after every move dies: said once, then steps go on.
    let engine = scripted_engine(&data, "dying-at-once", &[], Some(0));
    let mut run = analyse(&data, &pgn, &engine);
    type_line(&mut run, "eval auto");
    for _ in 0..4 {
        type_line(&mut run, "next");
    }
    let said = until(&run, Duration::from_secs(10), |l| {
        l.starts_with("two, Black")
    });
    let said: Vec<String> = said
        .into_iter()
        .chain(rest(&run, Duration::from_millis(800)))
        .collect();
    quit(run);
    let died = said
        .iter()
        .filter(|l| l.contains("The engine has stopped"))
        .count();
    assert_eq!(died, 1, "{said:#?}");
    assert!(
        !said.iter().any(|l| l.contains("not answering")),
        "{said:#?}"
    );
}

#[test]
fn an_engine_that_cannot_start_is_named_by_its_path() {
    let data = data_dir("mistakes", "missing");
    std::fs::create_dir_all(&data).unwrap();
    let pgn = data.join("quiet.pgn");
    std::fs::write(&pgn, QUIET).unwrap();
    let output = common::plain::zweibrett(&data)
        .args(["analyse", pgn.to_str().unwrap(), "--voice", "en"])
        .args(["--engine", "/nonexistent/stockfish"])
        .write_stdin("eval\nmistakes\nnext\n")
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let printed = String::from_utf8_lossy(&output.stdout);
    let named = printed
        .lines()
        .filter(|l| *l == "The engine /nonexistent/stockfish could not be started")
        .count();
    assert_eq!(named, 2, "{printed}");
    assert!(printed.contains("one, White"), "{printed}");
}

#[test]
fn an_engine_that_cannot_start_is_said_before_any_progress() {
    let data = data_dir("mistakes", "no-start");
    std::fs::create_dir_all(&data).unwrap();
    let pgn = data.join("quiet.pgn");
    std::fs::write(&pgn, QUIET).unwrap();
    // No such file: said at once, in English and in German.
    for (voice, failed) in [
        ("en", "The engine /no/such/engine could not be started"),
        (
            "fide",
            "Die Engine /no/such/engine konnte nicht gestartet werden",
        ),
    ] {
        let mut run = Running::start(
            &data,
            &[
                "analyse",
                pgn.to_str().unwrap(),
                "--voice",
                voice,
                "--engine",
                "/no/such/engine",
            ],
        );
        type_line(&mut run, "mistakes");
        let said = until(&run, Duration::from_secs(10), |l| {
            l.contains("/no/such/engine")
        });
        assert_eq!(said.last().map(String::as_str), Some(failed), "{said:#?}");
        quit(run);
    }
    // A program that ends at once: progress before it has answered says
    // the engine is starting, then that it could not start; never a move
    // number, and no list.
    let engine = data.join("ends-at-once");
    script(&engine, "exit 0\n");
    let mut run = analyse(&data, &pgn, &engine);
    type_line(&mut run, "mistakes");
    let said = until(&run, Duration::from_secs(10), |l| {
        l.contains("could not be started")
    });
    type_line(&mut run, "progress");
    let after = until(&run, Duration::from_secs(10), |l| !l.is_empty());
    assert!(
        said.iter()
            .chain(&after)
            .all(|l| !l.starts_with("Analysis: move")
                && !l.contains("lost ground")
                && !l.contains("finds no inaccuracy")),
        "{said:#?} {after:#?}"
    );
    quit(run);
}

/// Eight moves with the clock after each, Black falling short of time.
const CLOCKED: &str = "[Event \"Club\"]\n[White \"Ana\"]\n[Black \"Rui\"]\n[Result \"*\"]\n\
    [TimeControl \"300\"]\n\n\
    1. e4 {[%clk 0:04:58]} e5 {[%clk 0:04:00]} 2. Nf3 {[%clk 0:04:50]} Nc6 {[%clk 0:00:59]} \
    3. Bc4 {[%clk 0:03:00]} Bc5 {[%clk 0:00:50]} 4. d3 {[%clk 0:02:59]} d6 {[%clk 0:00:30]} *\n";

#[test]
fn each_players_game_is_summed_up_from_the_clock_and_the_pass() {
    let data = data_dir("mistakes", "summary");
    std::fs::create_dir_all(&data).unwrap();
    let pgn = data.join("clocked.pgn");
    std::fs::write(&pgn, CLOCKED).unwrap();
    // An engine that finds every position level: every move fully accurate.
    let engine = scripted_engine(&data, "level", &[0; 9], None);
    let mut run = analyse(&data, &pgn, &engine);
    type_line(&mut run, "summary");
    let said = until(&run, Duration::from_secs(10), |l| {
        l.starts_with("White, Ana")
    });
    assert_eq!(
        said.last().unwrap(),
        "White, Ana: accuracy once the game is analysed: say mistakes; longest thinks: \
         move three, one minute fifty seconds; move two, eight seconds; move one, two seconds; \
         never under a minute. Black, Rui: accuracy once the game is analysed: say mistakes; \
         longest thinks: move two, three minutes one second; move one, one minute; \
         move four, twenty seconds; three moves with under a minute left, from move two"
    );
    type_line(&mut run, "mistakes");
    until(&run, Duration::from_secs(30), |l| {
        l.contains("finds no inaccuracy")
    });
    type_line(&mut run, "summary");
    let said = until(&run, Duration::from_secs(10), |l| {
        l.starts_with("White, Ana")
    });
    assert!(
        said.last()
            .unwrap()
            .starts_with("White, Ana: accuracy one hundred percent;"),
        "{said:#?}"
    );
    quit(run);
    // The same in German, from the kept pass, without asking the engine.
    let mut run = Running::start(
        &data,
        &[
            "analyse",
            pgn.to_str().unwrap(),
            "--voice",
            "fide",
            "--engine",
            engine.to_str().unwrap(),
        ],
    );
    type_line(&mut run, "Bilanz");
    let said = until(&run, Duration::from_secs(10), |l| {
        l.starts_with("Weiß, Ana")
    });
    let line = said.last().unwrap();
    assert!(line.starts_with("Weiß, Ana: Genauigkeit hundert Prozent; längste Bedenkzeiten: Zug drei, eine Minute fünfzig Sekunden"), "{line}");
    assert!(
        line.ends_with("drei Züge mit weniger als einer Minute auf der Uhr, ab Zug zwei"),
        "{line}"
    );
    quit(run);
}

#[test]
fn a_mistake_the_deeper_search_finds_sound_is_not_listed() {
    let data = data_dir("mistakes", "confirmed");
    std::fs::create_dir_all(&data).unwrap();
    let pgn = data.join("quiet.pgn");
    std::fs::write(&pgn, QUIET).unwrap();
    // At the pass's depth (14) the position after 2. Nf3 looks lost for
    // White, and from 2... Nc6 on Black is lost; searched again at 22,
    // only the second stays so.
    let engine = data.join("two-depths");
    script(
        &engine,
        "k=0\nwhile read line; do case \"$line\" in \
         uci) echo 'id name Two depths'; echo uciok;; \
         isready) echo readyok;; \
         position*) set -- $line; k=$(( ($8 - 1) * 2 )); \
         if [ \"$4\" = b ]; then k=$((k+1)); fi;; \
         go*) set -- $line; cp=0; \
         if [ $k -eq 3 ] && [ \"$3\" -lt 22 ]; then cp=400; fi; \
         if [ $k -ge 4 ]; then cp=$(( k % 2 == 0 ? 400 : -400 )); fi; \
         echo \"info depth $3 score cp $cp\"; echo 'bestmove 0000';; \
         quit) exit 0;; esac; done\n",
    );
    let mut run = analyse(&data, &pgn, &engine);
    type_line(&mut run, "mistakes");
    let said = until(&run, Duration::from_secs(30), |l| {
        l.starts_with("Mistake one of")
    });
    assert!(
        said.iter().any(|l| l == "One move lost ground"),
        "{said:#?}"
    );
    assert!(
        said.iter()
            .any(|l| l.starts_with("two, Black: Knight Cesar six, blunder")),
        "{said:#?}"
    );
    assert!(
        !said.iter().any(|l| l.starts_with("two, White: ")),
        "{said:#?}"
    );
    quit(run);
}
