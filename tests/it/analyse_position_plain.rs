//! The position as a blind player follows it: file by file, a to h, with
//! each side's pawn structure (islands, isolated, doubled and passed
//! pawns), and its FEN said, written to a file and handed to the
//! terminal's clipboard to paste (OSC 52, checked in a tmux pane).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// White: a5, b3 b2 (doubled), d4 (isolated, passed), g2 h2; Black: b7
/// (isolated), f7 g7 h7.
const PAWNS: &str = "[Event \"Pawns\"]\n[FEN \"4k3/1p3ppp/8/P7/3P4/1P6/1P4PP/4K3 w - - 0 1\"]\n\
[SetUp \"1\"]\n[Result \"*\"]\n\n1. Ke2 *\n";

fn file(name: &str) -> PathBuf {
    common::pgn_file(name, PAWNS)
}

fn lines(home: &Path, voice: &str, path: &Path, script: &str) -> Vec<String> {
    common::analysed(home, voice, path, script)
}

#[test]
fn pieces_by_file_and_the_pawn_structure_in_english_and_german() {
    let path = file("position-pawns");
    let home = common::empty_home("position-pawns-en");
    let en = lines(&home, "en", &path, "files\nstructure\nquit\n");
    assert_eq!(
        en[1],
        "Anna: White Pawn Anna five; Bella: White Pawn Bella two, White Pawn Bella three and \
         Black Pawn Bella seven; Cesar: empty; David: White Pawn David four; Eva: White King \
         Eva one and Black King Eva eight; Felix: Black Pawn Felix seven; Gustav: White Pawn \
         Gustav two and Black Pawn Gustav seven; Hector: White Pawn Hector two and Black Pawn \
         Hector seven"
    );
    assert_eq!(
        en[2],
        "White: three pawn islands: Anna to Bella, David and Gustav to Hector; isolated: David \
         four; doubled on Bella; passed: David four. Black: two pawn islands: Bella and Felix \
         to Hector; isolated: Bella seven"
    );
    let de = lines(
        &common::empty_home("position-pawns-de"),
        "fide",
        &path,
        "Bauernstruktur\nquit\n",
    );
    assert_eq!(
        de[1],
        "Weiß: drei Bauerninseln: Anna bis Bella, David und Gustav bis Hector; isoliert: David \
         vier; Doppelbauern auf Bella; Freibauern: David vier. Schwarz: zwei Bauerninseln: \
         Bella und Felix bis Hector; isoliert: Bella sieben"
    );
}

#[test]
fn the_fen_is_said_and_written_to_a_file_in_portuguese_and_english() {
    let path = file("position-fen");
    let home = common::empty_home("position-fen-pt");
    let pt = lines(&home, "pt", &path, "fen completo\nquit\n");
    let fen = "4k3/1p3ppp/8/P7/3P4/1P6/1P4PP/4K3 w - - 0 1";
    let written = home.join("data/zweibrett/position.fen");
    assert_eq!(
        pt[1],
        format!("FEN {fen}; escrita em {}", written.display()),
        "piped output is no terminal: no clipboard is claimed"
    );
    assert_eq!(
        std::fs::read_to_string(&written).unwrap(),
        format!("{fen}\n")
    );
    let en = lines(&home, "en", &path, "next\nfen full\nquit\n");
    assert!(
        en[2].starts_with("FEN 4k3/1p3ppp/8/P7/3P4/1P6/1P2K1PP/8 b - - 1 1; written to "),
        "{en:?}"
    );
}

/// `fen` alone says the position short and keeps the FEN for pasting;
/// `fen full` says the FEN itself.
#[test]
fn fen_says_the_position_short_and_keeps_the_full_fen() {
    let path = file("position-fen-short");
    let home = common::empty_home("position-fen-short");
    let written = home.join("data/zweibrett/position.fen");
    let en = lines(&home, "en", &path, "fen\nquit\n");
    assert_eq!(
        en[1],
        format!(
            "White to move, move one. no castling rights left. material White six, Black four; \
             White is two points up. the full FEN is written to {}; fen full says it",
            written.display()
        )
    );
    assert_eq!(
        std::fs::read_to_string(&written).unwrap(),
        "4k3/1p3ppp/8/P7/3P4/1P6/1P4PP/4K3 w - - 0 1\n"
    );
    let de = lines(&home, "fide", &path, "FEN\nFEN ganz\nquit\n");
    assert!(de[1].starts_with("Weiß am Zug"), "{de:?}");
    assert!(de[1].ends_with("; fen ganz sagt sie"), "{de:?}");
    assert!(de[2].starts_with("FEN 4k3/1p3ppp/8/P7"), "{de:?}");
}

#[test]
fn the_fen_reaches_the_clipboard_of_a_terminal_that_takes_it() {
    if Command::new("tmux").arg("-V").output().is_err() {
        common::cannot_run("tmux is not installed");
        return;
    }
    let path = file("position-osc52");
    let home = common::empty_home("position-osc52-home");
    let socket = format!("zweibrett-osc52-{}", std::process::id());
    let tmux = |args: &[&str]| {
        Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .unwrap()
    };
    let program = format!(
        "env HOME={home} XDG_DATA_HOME={home}/data XDG_CONFIG_HOME={home}/config \
         ZWEIBRETT_LABELS=english ZWEIBRETT_SCREEN_READER=none {bin} --plain --speech none \
         --voice en analyse {file}; sleep 30",
        home = home.display(),
        bin = env!("CARGO_BIN_EXE_zweibrett"),
        file = path.display()
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        "fen",
        "-x",
        "160",
        "-y",
        "40",
        &program,
    ]);
    tmux(&["set", "-g", "set-clipboard", "on"]);
    let wait = |needle: &str| {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            let screen =
                String::from_utf8(tmux(&["capture-pane", "-p", "-t", "fen"]).stdout).unwrap();
            if screen.contains(needle) {
                return screen;
            }
            assert!(Instant::now() < end, "{needle:?} never came:\n{screen}");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    wait("game 1:");
    tmux(&["send-keys", "-t", "fen", "fen full", "Enter"]);
    let screen = wait("where the terminal takes it");
    assert!(
        screen.contains("FEN 4k3/1p3ppp/8/P7/3P4/1P6/1P4PP/4K3 w - - 0 1"),
        "{screen}"
    );
    let buffer = String::from_utf8(tmux(&["show-buffer"]).stdout).unwrap();
    tmux(&["kill-server"]);
    assert_eq!(buffer, "4k3/1p3ppp/8/P7/3P4/1P6/1P4PP/4K3 w - - 0 1");
}
