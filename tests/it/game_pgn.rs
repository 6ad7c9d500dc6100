//! A whole game played through plain mode, its PGN read back by pgn-extract
//! and python-chess: no errors, the same moves and the same clock values.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
                     Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

fn pgn_extract() -> Option<PathBuf> {
    ["/usr/bin/pgn-extract", "/usr/games/pgn-extract"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// Plays the Opera game with a slip corrected, a touched piece, a draw
/// offer declined; returns the PGN file the program saved at the end.
fn play(data: &Path) -> (PathBuf, String) {
    let mut input = String::from("press\n");
    for (i, m) in OPERA.split(' ').enumerate() {
        match i {
            2 => input.push_str("a3\ncorrect Nf3\n"),
            5 => input.push_str("touched bishop c8\n"),
            8 => input.push_str(&format!("{m}\noffer\npress\nconfirm\ndecline\n")),
            _ => {}
        }
        // "R" is also the king in Spanish and Portuguese; where a king
        // move fits too the reader would ask, so the rook's file is given.
        let typed = match (i, m) {
            (23, "Rd8") => "Rad8",
            (26, "Rd1") => "Rhd1",
            _ => m,
        };
        if i != 2 && i != 8 {
            input.push_str(&format!("{typed}\n"));
        }
        if i != 8 {
            input.push_str("press\nconfirm\n");
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_zweibrett"))
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .args([
            "--plain",
            "--speech",
            "none",
            "play",
            "--role",
            "arbiter",
            "--repetition",
            "quick",
        ])
        .args([
            "--white",
            "Paul Morphy",
            "--black",
            "Duke Karl",
            "--time",
            "5400+30",
        ])
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for line in input.lines() {
        writeln!(stdin, "{line}").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(15));
    }
    writeln!(stdin, "quit").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("result: 1-0"), "{stdout}");
    let saved = stdout
        .lines()
        .find_map(|l| l.strip_prefix("saved: "))
        .unwrap_or_else(|| panic!("no PGN saved: {stdout}"));
    (PathBuf::from(saved), stdout)
}

#[test]
fn full_game_pgn_reads_back_in_pgn_extract_and_python_chess() {
    let data = std::env::temp_dir().join(format!("zweibrett-pgn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (pgn_path, _) = play(&data);
    let pgn = std::fs::read_to_string(&pgn_path).unwrap();
    assert!(pgn.contains("[White \"Paul Morphy\"]"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"5400+30\"]"), "{pgn}");
    assert!(pgn.contains("berichtigt von a3"), "{pgn}");
    // The note is in the pack's words.
    assert!(pgn.contains("hat eine Figur berührt: bishop c8"), "{pgn}");
    assert!(pgn.contains("(=)"), "{pgn}");

    // The game as the journal rebuilds it: moves and clocks.
    let journal_path = pgn_path.with_extension("jsonl");
    let loaded = zweibrett_session::journal::load(&journal_path).unwrap();
    let game = zweibrett_session::journal::replay(&journal_path, &loaded, None).unwrap();
    let sans: Vec<String> = game.moves().iter().map(|p| p.san.clone()).collect();
    assert_eq!(sans.join(" "), OPERA);
    let clocks: Vec<u64> = game
        .moves()
        .iter()
        .map(|p| p.clk.unwrap().as_secs())
        .collect();

    // pgn-extract: no errors, same moves.
    let extract = pgn_extract().expect("pgn-extract is installed (scripts/setup)");
    let out = Command::new(&extract)
        .args([
            "-s",
            "-Wsan",
            "-C",
            "--nomovenumbers",
            "--noresults",
            "-w1000",
        ])
        .arg(&pgn_path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.to_lowercase().contains("error"), "{stderr}");
    let text = String::from_utf8_lossy(&out.stdout);
    let moves_line = text
        .lines()
        .find(|l| !l.starts_with('[') && !l.trim().is_empty())
        .unwrap();
    assert_eq!(moves_line.trim(), OPERA);
    // With comments kept, every move has its clock.
    let out = Command::new(&extract)
        .args(["-s", "-w1000"])
        .arg(&pgn_path)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("[%clk ").count(), sans.len(), "{text}");

    // python-chess: no errors, same moves, same clocks.
    let script = r#"
import sys, chess.pgn
game = chess.pgn.read_game(open(sys.argv[1]))
assert not game.errors, game.errors
board = game.board()
for node in game.mainline():
    print(node.san(), int(node.clock()), node.emt() is not None)
print("result", game.headers["Result"], game.headers["Termination"])
"#;
    let out = Command::new("python3")
        .args(["-c", script])
        .arg(&pgn_path)
        .output()
        .expect("python3 runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "python-chess: {stderr}");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), sans.len() + 1, "{text}");
    for (i, line) in lines[..sans.len()].iter().enumerate() {
        let expected = format!("{} {} True", sans[i], clocks[i]);
        assert_eq!(*line, expected);
    }
    assert_eq!(lines[sans.len()], "result 1-0 normal");
    let _ = std::fs::remove_dir_all(&data);
}
