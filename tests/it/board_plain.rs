//! A game in line mode beside an emulated DGT board, as the player with
//! White would play it: they type only their own moves; Black's replies
//! are made on the electronic board and announced from it, and each of
//! White's moves is made on the board by the opponent and checked against
//! the announcement. The same game typed in full gives the same score.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use shakmaty::san::San;
use shakmaty::{Chess, Color, Position};

use crate::common;
use common::dgt_emulator::EmulatedBoard;
use common::plain::{Running, data_dir, until};
use zweibrett_core::electronic_board::dgt::{ClockReading, ClockSide};
use zweibrett_core::electronic_board::{Orientation, Placement};

/// The first twenty moves of Belgrade 1992, game 1: castling, captures,
/// a knight that needs its file.
const GAME: [&str; 40] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4",
    "Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6",
];

const WAIT: Duration = Duration::from_secs(10);

/// The moves of the PGN the program printed, numbers and comments left
/// out: from the line that begins the movetext to its result.
fn movetext(lines: &[String]) -> Vec<String> {
    let start = lines
        .iter()
        .position(|l| l.starts_with("1. "))
        .unwrap_or(lines.len());
    let mut text = String::new();
    let mut depth = 0;
    for c in lines[start..].join(" ").chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace()
        .take_while(|word| *word != "*")
        .filter(|word| !word.ends_with('.'))
        .map(String::from)
        .collect()
}

/// The program in line mode, the player's role with White, beside an
/// emulated board in `name`'s data folder, the board named as `named`
/// says, once it has said the board was found: the folder, the board, the
/// game and what it printed.
fn beside_a_board(
    name: &str,
    args: &[&str],
    named: Naming,
) -> (PathBuf, EmulatedBoard, Running, Vec<String>) {
    let data = data_dir("board", name);
    std::fs::create_dir_all(&data).unwrap();
    let start = Placement::of_board(Chess::default().board());
    let board = EmulatedBoard::new(&data.join("dgt"), &start, Orientation::Normal);
    let path = board.path();
    let mut all = vec!["play", "--role", "player", "--impaired", "white"];
    all.extend_from_slice(args);
    match named {
        Naming::CommandLine => all.extend(["--board", path.as_str()]),
        Naming::Configuration => {
            let config = data.join("config/zweibrett");
            std::fs::create_dir_all(&config).unwrap();
            std::fs::write(
                config.join("config.toml"),
                format!("[board]\nport = \"{path}\"\n"),
            )
            .unwrap();
        }
    }
    let game = Running::start(&data, &all);
    let seen = until(&game, "note: DGT-Brett", WAIT);
    (data, board, game, seen)
}

/// Where the game is told of the board.
enum Naming {
    /// `--board LINE`.
    CommandLine,
    /// `[board] port` in the configuration.
    Configuration,
}

/// One half-move: White's typed and then made on the board by the
/// opponent, Black's made on the board; what was printed up to its
/// announcement.
fn half_move(
    game: &mut Running,
    board: &EmulatedBoard,
    position: &mut Chess,
    ply: usize,
    san: &str,
) -> Vec<String> {
    let m = san.parse::<San>().unwrap().to_move(position).unwrap();
    let seen = if ply.is_multiple_of(2) {
        writeln!(game.stdin, "{san}").unwrap();
        let seen = until(game, "announced:", WAIT);
        board.make(position, m);
        seen
    } else {
        board.make(position, m);
        until(game, "announced:", WAIT)
    };
    position.play_unchecked(m);
    seen
}

/// Asks for the PGN and quits: everything printed from the PGN on, the
/// program ended well.
fn pgn_then_quit(mut game: Running) -> Vec<String> {
    writeln!(game.stdin, "pgn").unwrap();
    let mut printed = until(&game, "[Result", WAIT);
    printed.extend(until(&game, "", WAIT));
    writeln!(game.stdin, "quit").unwrap();
    while let Ok(line) = game.lines.recv_timeout(WAIT) {
        printed.push(line);
    }
    assert!(game.child.wait().unwrap().success());
    printed
}

#[test]
fn black_plays_on_the_board_white_types_and_score_and_transcript_are_the_typed_games() {
    let heard = std::env::temp_dir().join(format!(
        "zweibrett-board-heard-{}.transcript",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&heard);
    let heard_arg = heard.display().to_string();
    let (data, board, mut game, seen) =
        beside_a_board("game", &["--transcript", &heard_arg], Naming::CommandLine);
    assert!(
        seen.iter().all(|l| !l.contains("Stellung der Partie")),
        "{seen:#?}"
    );
    let mut position = Chess::default();
    for (ply, san) in GAME.iter().enumerate() {
        let seen = half_move(&mut game, &board, &mut position, ply, san);
        if ply % 2 == 1 {
            let announced = seen.last().unwrap();
            assert!(announced.contains(&format!("... {san}:")), "{seen:#?}");
        }
    }
    let all = pgn_then_quit(game);
    let printed = all.join("\n");
    assert!(!printed.contains("weichen"), "no divergence: {printed}");
    assert!(!printed.contains("Stellung der Partie"), "{printed}");
    let moves = movetext(&all);
    assert_eq!(moves, GAME, "the score is the game's: {printed}");

    // The same game typed in full: White's moves and Black's as heard.
    let typed_data = data_dir("board", "typed");
    let typed_heard = typed_data.join("typed.transcript");
    let mut script: String = GAME.iter().map(|san| format!("{san}\n")).collect();
    script.push_str("pgn\nquit\n");
    let out = common::plain::zweibrett(&typed_data)
        .args(["play", "--role", "player", "--impaired", "white"])
        .arg("--transcript")
        .arg(&typed_heard)
        .write_stdin(script)
        .timeout(WAIT)
        .assert()
        .success();
    let typed: Vec<String> = common::plain::stdout_of(out)
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(movetext(&typed), GAME, "{typed:#?}");
    // What was said is the same, the board's own word aside; the typed
    // game said its last words before the PGN was asked for.
    let board_said = said(&heard);
    let typed_said = said(&typed_heard);
    assert!(
        typed_said.len() > GAME.len(),
        "every move said: {typed_said:#?}"
    );
    let on_board: Vec<&String> = board_said
        .iter()
        .filter(|text| !text.starts_with("DGT-Brett"))
        .collect();
    assert_eq!(
        on_board,
        typed_said.iter().collect::<Vec<_>>(),
        "the board's game said what the typed game said"
    );
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&typed_data);
    let _ = std::fs::remove_file(&heard);
}

/// The texts of a transcript, in order: its third field.
fn said(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("no transcript at {}: {e}", path.display()))
        .lines()
        .map(|line| line.splitn(3, '\t').nth(2).unwrap_or_default().to_string())
        .collect()
}

/// A DGT 3000 beside the board, White on its left, ten minutes each: it
/// runs in real time, and the players press it after each move.
struct DgtClock {
    left: [Duration; 2],
    running: Color,
    since: std::time::Instant,
}

impl DgtClock {
    fn started() -> DgtClock {
        DgtClock {
            left: [Duration::from_secs(600); 2],
            running: Color::White,
            since: std::time::Instant::now(),
        }
    }

    fn index(color: Color) -> usize {
        usize::from(color == Color::Black)
    }

    /// What it shows now, in whole seconds, White's then Black's.
    fn shown(&self) -> [u32; 2] {
        let mut left = self.left;
        let run = &mut left[Self::index(self.running)];
        *run = run.saturating_sub(self.since.elapsed());
        left.map(|d| u32::try_from(d.as_secs()).unwrap())
    }

    fn reading(&self) -> ClockReading {
        let [white, black] = self.shown();
        let side = |seconds| ClockSide {
            seconds,
            flag: false,
        };
        ClockReading {
            left: side(white),
            right: side(black),
            running: true,
            left_to_move: Some(self.running == Color::White),
            battery_low: false,
        }
    }

    /// The mover presses: their time stops at what it shows.
    fn press(&mut self) -> u32 {
        let mover = Self::index(self.running);
        self.left[mover] = self.left[mover].saturating_sub(self.since.elapsed());
        self.running = !self.running;
        self.since = std::time::Instant::now();
        self.shown()[mover]
    }
}

/// The `[%clk]` of every move the program printed, in seconds.
fn clocks(lines: &[String]) -> Vec<u32> {
    let text = lines.join(" ");
    text.split("[%clk ")
        .skip(1)
        .map(|rest| {
            let hms: Vec<u32> = rest[..rest.find(']').unwrap()]
                .split(':')
                .map(|n| n.parse().unwrap())
                .collect();
            hms.iter().fold(0, |total, n| total * 60 + n)
        })
        .collect()
}

#[test]
fn the_dgt_clock_beside_the_board_is_the_games_clock_and_its_times_the_scores() {
    let (data, board, mut game, _) =
        beside_a_board("clock", &["--time", "600"], Naming::Configuration);
    let mut dgt = DgtClock::started();
    board.clock(dgt.reading());
    let mut position = Chess::default();
    let mut pressed = Vec::new();
    for (ply, san) in GAME[..12].iter().enumerate() {
        half_move(&mut game, &board, &mut position, ply, san);
        pressed.push(dgt.press());
        board.clock(dgt.reading());
        if ply == 0 {
            // Both clocks run for Black long enough to tell the DGT
            // clock's sides apart; it reports each second, as it does.
            for _ in 0..6 {
                std::thread::sleep(Duration::from_millis(500));
                board.clock(dgt.reading());
            }
            until(
                &game,
                "note: Die DGT-Uhr am Brett ist die Uhr der Partie",
                WAIT,
            );
        }
    }
    std::thread::sleep(Duration::from_millis(300));
    let printed = pgn_then_quit(game);
    let all = printed.join("\n");
    assert!(!all.contains("es gilt die DGT-Uhr"), "no difference: {all}");
    assert_eq!(clocks(&printed), pressed, "the DGT clock's times: {all}");
    let _ = std::fs::remove_dir_all(&data);
}
