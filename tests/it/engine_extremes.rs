//! An engine that says extreme numbers or bad text: `analyse` says the
//! side the engine named is better, by a bounded amount, and a line of
//! invalid UTF-8 is skipped without ending the engine.

use crate::common;

use std::path::PathBuf;

fn home() -> PathBuf {
    common::empty_home("engine-extremes")
}

/// A shell script that answers the handshake and, for each search, prints
/// `lines` (printf formats) and then its best move.
fn fake_engine(name: &str, lines: &[&str]) -> PathBuf {
    let dir = home().join("engines");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let said: String = lines.iter().map(|l| format!("printf '{l}\\n'; ")).collect();
    let body = format!(
        "#!/bin/sh\nwhile read line; do case \"$line\" in \
         uci) printf '\\377\\376 id name Fake\\n'; echo uciok;; \
         isready) echo readyok;; \
         go*) {said}echo 'bestmove e7e5';; \
         quit) exit 0;; esac; done\n"
    );
    std::fs::write(&path, body).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// What `analyse` answers to `eval` after White's first move (Black to
/// move, so the engine's numbers are Black's).
fn evaluation(engine: &PathBuf) -> Vec<String> {
    let output = common::quiet_zweibrett(&home())
        .args([
            "analyse",
            "tests/data/club.pgn",
            "--voice",
            "en",
            "--engine",
        ])
        .arg(engine)
        .args(["--engine-time", "200"])
        .write_stdin("n\neval\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|l| !l.starts_with("one,") && !l.starts_with("game ") && !l.starts_with("comment"))
        .map(String::from)
        .collect()
}

#[test]
fn the_lowest_score_an_integer_holds_says_the_other_side_is_winning() {
    let engine = fake_engine(
        "lowest",
        &[
            "\\377\\376\\375 info garbage",
            "info depth 9 score cp -2147483648 pv e7e5",
        ],
    );
    let lines = evaluation(&engine);
    let eval = lines
        .iter()
        .find(|l| l.contains("winning"))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(
        eval.starts_with("White is winning, about one thousand pawns"),
        "{lines:#?}"
    );
}

#[test]
fn a_number_beyond_any_integer_and_a_mate_of_minus_zero_are_read_safely() {
    let engine = fake_engine(
        "huge",
        &[
            "info depth 9 score cp 99999999999 pv e7e5",
            "\\377 bad line",
            "info depth 10 score mate -0 pv e7e5",
        ],
    );
    let lines = evaluation(&engine);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Black is winning, about one thousand pawns")),
        "{lines:#?}"
    );
    let engine = fake_engine("mate", &["info depth 9 score mate -2147483648 pv e7e5"]);
    let lines = evaluation(&engine);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("White") && l.contains("mate")),
        "{lines:#?}"
    );
}

/// An answer that comes after the user has moved on is not said as the
/// new position's: it is dropped, and as the user asked for it, they are
/// told so; the engine following the moves is dropped unsaid.
#[test]
fn an_answer_about_a_position_left_behind_is_not_said_as_this_ones() {
    let dir = home().join("engines");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("slow");
    std::fs::write(
        &path,
        "#!/bin/sh\nwhile read line; do case \"$line\" in \
         uci) echo uciok;; isready) echo readyok;; \
         go*) sleep 0.4; echo 'info depth 9 score cp 35 pv e7e5'; echo 'bestmove e7e5';; \
         quit) exit 0;; esac; done\n",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let output = common::quiet_zweibrett(&home())
        .args([
            "analyse",
            "tests/data/club.pgn",
            "--game",
            "2",
            "--voice",
            "en",
            "--engine",
        ])
        .arg(&path)
        .args(["--engine-time", "100"])
        .write_stdin("n\neval\nn\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    let lines: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert!(
        lines.contains(
            &"the engine answered about a position you have left; eval asks about this one"
                .to_string()
        ),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains("best line")),
        "nothing said of the position left: {lines:#?}"
    );
}
