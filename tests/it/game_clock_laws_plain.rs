//! The clock under the Laws in plain mode, as the players and the arbiter
//! type it: the increment before each move (Glossary "incremento", 6.1),
//! delay counted as an increment (A.1, B.1), the whole control announced
//! (D.2.6.1), the arbiter's clock (6.10.2), A.5 against A.4 (A.5.1.1,
//! A.5.3, A.5.5) and Guidelines III.4 and III.5. Where time must pass, the
//! game is resumed from a journal whose instants are written out, so every
//! reading is exact.

use std::path::{Path, PathBuf};

use crate::common;

use common::plain::{data_dir, zweibrett};

fn data(name: &str) -> PathBuf {
    let d = data_dir("clocklaws", name);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Plays `input` in English with automatic presses and no repetition.
fn play(name: &str, extra: &[&str], input: &str) -> String {
    let d = data(name);
    let mut args = vec![
        "play",
        "--voice",
        "en",
        "--repetition",
        "off",
        "--press",
        "auto",
    ];
    args.extend_from_slice(extra);
    let out = zweibrett(&d)
        .args(&args)
        .write_stdin(input)
        .assert()
        .success();
    let _ = std::fs::remove_dir_all(&d);
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// A journal of a game in English with automatic presses: `time`, the
/// event's `rules` and whether Guidelines III are announced, then each
/// command at its instant in milliseconds (a move with its UCI reading).
fn journal(dir: &Path, time: &str, rules: &str, entries: &[(u64, &str, Option<&str>)]) -> PathBuf {
    let mut text = format!(
        "{{\"journal\":2,\"setup\":{{\"white\":\"W\",\"black\":\"B\",\"impaired\":\"white\",\
         \"assistant\":false,\"time\":\"{time}\",\"voice\":\"en\",\"repetition\":\"off\",\
         \"press\":\"auto\",\"event\":\"?\",\"site\":\"?\",\"date\":\"2026.01.01\",\
         \"rules\":\"{rules}\",\"quickplay_finish\":false}},\"wall_ms\":0}}\n"
    );
    for (t, cmd, uci) in entries {
        let cmd = if cmd.starts_with('{') {
            cmd.to_string()
        } else {
            format!("\"{cmd}\"")
        };
        let uci = uci.map_or(String::new(), |u| format!(",\"uci\":\"{u}\""));
        text.push_str(&format!(
            "{{\"t_ms\":{t},\"wall_ms\":{t},\"cmd\":{cmd}{uci}}}\n"
        ));
    }
    let path = dir.join("game.jsonl");
    std::fs::write(&path, text).unwrap();
    path
}

fn resume(
    name: &str,
    time: &str,
    rules: &str,
    entries: &[(u64, &str, Option<&str>)],
    input: &str,
) -> String {
    let d = data(name);
    let path = journal(&d, time, rules, entries);
    let out = zweibrett(&d)
        .arg("resume")
        .arg(&path)
        .write_stdin(input)
        .assert()
        .success();
    let _ = std::fs::remove_dir_all(&d);
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn the_increment_comes_before_each_move_from_the_start() {
    // 3 s + 2 s: White's clock shows five seconds before the first move.
    let stdout = play("start", &["--time", "3+2"], "quit\n");
    assert!(
        stdout.contains("clocks: White 0:00:05.0 Black 0:00:03.0, 0 moves completed"),
        "{stdout}"
    );
    // A move after 3.6 s is in time, with 1.4 s left.
    let stdout = resume(
        "in-time",
        "3+2",
        "competition",
        &[
            (0, "press", None),
            (3_600, "{\"move\":\"e4\"}", Some("e2e4")),
        ],
        "quit\n",
    );
    assert!(stdout.contains("resumed: 1 half-move: e4"), "{stdout}");
    assert!(stdout.contains("clocks: White 0:00:01.4 Black"), "{stdout}");
    assert!(!stdout.contains("time is up"), "{stdout}");
}

#[test]
fn delay_counts_as_an_increment_so_3000d30_is_standard_play() {
    // Standard play: the penalty for a completed illegal move is two
    // minutes (7.5.5), one in rapid and blitz (A.3).
    let stdout = play("delay", &["--time", "3000d30"], "e4\nillegal white\nquit\n");
    assert!(
        stdout.contains("ruling: Completed illegal move by White: Black receives 2 minutes"),
        "{stdout}"
    );
    let stdout = play(
        "delay-rapid",
        &["--time", "900d10"],
        "e4\nillegal white\nquit\n",
    );
    assert!(stdout.contains("Black receives 1 minute"), "{stdout}");
}

#[test]
fn the_clock_names_the_whole_control_at_the_start() {
    let d = data("announce");
    let out = zweibrett(&d)
        .args(["clock", "--voice", "en", "--time", "standard"])
        .write_stdin("quit\nquit\n")
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert_eq!(
        stdout.lines().next(),
        Some(
            "ninety minutes for forty moves, then thirty minutes, thirty seconds per move \
             from move one, for each player. press starts White's clock"
        ),
        "{stdout}"
    );
    let out = zweibrett(&d)
        .args(["clock", "--voice", "pt", "--time", "3000d30"])
        .write_stdin("quit\nquit\n")
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        stdout.starts_with(
            "Tempo de reflexão: cinquenta minutos, tempo extra fixo de trinta segundos por \
             lance, em modo de atraso, a partir do lance um, para cada jogador."
        ),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_arbiter_sets_time_move_counter_and_control() {
    let stdout = play(
        "arbiter",
        &["--time", "900"],
        "e4\nsettime white 10:00\nsetmoves black 7\nsetcontrol 900+5\nsetcontrol 90 parsecs\n\
         settime white 1:75\nsetmoves black many\ntime\nquit\n",
    );
    for expected in [
        "ruling: White's clock adjusted: ten minutes.",
        "ruling: Black's move counter set: 7 moves completed.",
        "ruling: Time control set: fifteen minutes, five seconds per move from move one.",
        "answer: The time control cannot be set: time control \"90 parsecs\"",
        "answer: settime: \"1:75\" is not a time (seconds, M:SS or H:MM:SS)",
        "answer: setmoves: \"many\" is not a number of moves",
        "clocks: White 0:10:00.0",
    ] {
        assert!(stdout.contains(expected), "{expected}\n{stdout}");
    }
}

const TEN_EACH: &str = "e4\ne5\nNf3\nNc6\nBc4\nBc5\nc3\nNf6\nd3\nd6\nO-O\nO-O\nh3\nh6\n\
                        a4\na5\nRe1\nRe8\nNbd2\nBe6\n";

#[test]
fn under_a5_the_clock_setting_is_fixed_after_ten_moves_each_and_not_under_a4() {
    let input = format!("{TEN_EACH}settime white 300\nsetcontrol 900+5\nquit\n");
    let stdout = play("a5-lock", &["--time", "900", "--rules", "a5"], &input);
    assert_eq!(
        stdout
            .matches(
                "answer: The clock setting cannot be changed: under A.5 both players have \
                 completed ten moves (A.5.1.1)."
            )
            .count(),
        2,
        "{stdout}"
    );
    let stdout = play("a4-free", &["--time", "900", "--rules", "a4"], &input);
    assert!(
        stdout.contains("ruling: White's clock adjusted: five minutes."),
        "{stdout}"
    );
    assert!(stdout.contains("ruling: Time control set:"), "{stdout}");
}

#[test]
fn a_flag_is_seen_at_once_under_a4_and_waits_for_the_claim_under_a5() {
    // Black's flag falls at 61 s of a one-minute game.
    let entries = [
        (0, "press", None),
        (1_000, "{\"move\":\"e4\"}", Some("e2e4")),
        (70_000, "tick", None),
    ];
    let stdout = resume("flag-a4", "60", "competition", &entries, "flag\nquit\n");
    assert!(stdout.contains("> game over, White wins"), "{stdout}");
    assert!(
        stdout.contains("answer: The game is over: White wins."),
        "the claim comes too late: {stdout}"
    );
    let stdout = resume("flag-a5", "60", "a5", &entries, "time\nflag\nquit\n");
    let waiting = stdout.find("> Black to move").expect(&stdout);
    // The claim ends the game in one sentence: whose flag, the result.
    let result = stdout
        .find("result: 1-0 Black's flag has fallen: White wins.")
        .expect(&stdout);
    assert!(waiting < result, "{stdout}");
}

#[test]
fn iii_4_asking_for_an_increment_is_a_draw_offer_then_the_arbiter_decides() {
    let input = "e4\nsettime black 100\nincrement\ndecline\nincrement agree\ntime\nquit\n";
    let stdout = play("iii4", &["--time", "1200", "--quickplay-finish"], input);
    for expected in [
        "offer: Black asks for an increment of five seconds for both players. This is a draw offer.",
        "offer: Black's draw offer is declined.",
        "ruling: The arbiter agrees: five seconds per move for both players from now on; \
         White receives 2 minutes.",
        "clocks: White 0:22:00.0",
    ] {
        assert!(stdout.contains(expected), "{expected}\n{stdout}");
    }
    // Not announced, or with an increment: refused with the reason.
    let stdout = play("iii4-off", &["--time", "1200"], input);
    assert!(
        stdout.contains("answer: Guidelines III do not apply: the event has not announced them."),
        "{stdout}"
    );
    let stdout = play(
        "iii4-inc",
        &["--time", "1200+5", "--quickplay-finish"],
        input,
    );
    assert!(
        stdout.contains("the time control has an increment"),
        "{stdout}"
    );
    // Two minutes or more left: refused.
    let stdout = play(
        "iii4-time",
        &["--time", "1200", "--quickplay-finish"],
        "e4\nincrement\nquit\n",
    );
    assert!(
        stdout.contains("answer: Black has two minutes or more left"),
        "{stdout}"
    );
}

#[test]
fn iii_5_the_claim_is_postponed_rejected_or_drawn_by_the_arbiter() {
    let input =
        "e4\nsettime black 100\nquickplay\nquickplay postpone\nquickplay\nquickplay draw\nquit\n";
    let stdout = play("iii5", &["--time", "1200", "--quickplay-finish"], input);
    for expected in [
        "ruling: Black claims a draw: White cannot win by normal means, or is making no \
         effort to. The clock is paused for the arbiter.",
        "ruling: The arbiter postpones the decision; White receives 2 minutes.",
        "answer: A claim is already waiting for the arbiter's decision.",
        "Game over: the arbiter's decision (Guidelines III), draw.",
    ] {
        assert!(stdout.contains(expected), "{expected}\n{stdout}");
    }
    let input = "e4\nsettime black 100\nquickplay\nquickplay reject\ntime\nquit\n";
    let stdout = play(
        "iii5-reject",
        &["--time", "1200", "--quickplay-finish"],
        input,
    );
    assert!(
        stdout.contains("ruling: The arbiter rejects the claim; White receives 2 minutes."),
        "{stdout}"
    );
    assert!(stdout.contains("clocks: White 0:22:00.0"), "{stdout}");
    let stdout = play(
        "iii5-none",
        &["--time", "1200", "--quickplay-finish"],
        "e4\nquickplay draw\nquit\n",
    );
    assert!(
        stdout.contains("answer: There is no claim for the arbiter to decide."),
        "{stdout}"
    );
}

#[test]
fn a_time_control_may_be_written_as_people_say_it() {
    // "15 plus 10" is fifteen minutes and ten seconds per move (6.3.1);
    // the game names it and the PGN tag is the tag's seconds.
    let stdout = play("spoken", &["--time", "15 plus 10"], "pgn\nquit\n");
    assert!(
        stdout.contains("Time control: fifteen minutes, ten seconds per move from move one."),
        "{stdout}"
    );
    assert!(stdout.contains("[TimeControl \"900+10\"]"), "{stdout}");
    // A bare tag keeps its seconds.
    let stdout = play("tag", &["--time", "15+10"], "pgn\nquit\n");
    assert!(stdout.contains("[TimeControl \"15+10\"]"), "{stdout}");
    // With spaces round the sign it could be either: refused, both named.
    let d = data("two-readings");
    let out = zweibrett(&d)
        .args(["play", "--voice", "en", "--time", "15 + 10"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&d);
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("15 minutes plus 10 seconds per move")
            && stderr.contains("15 seconds plus 10 seconds per move"),
        "{stderr}"
    );
}
