//! The full screen beside an emulated DGT board, driven through tmux as
//! the visually impaired player would: they type their own moves, the
//! opponent's replies come from the board and are shown and said, the
//! cursor stays on the empty input line, and the screen-reader layout
//! redraws nothing on its own while the board is quiet.

use crate::common;

use std::time::Duration;

use shakmaty::san::San;
use shakmaty::{Chess, Position};

use common::dgt_emulator::EmulatedBoard;
use common::tmux::Tmux;
use zweibrett_core::electronic_board::{Orientation, Placement};

const WAIT: Duration = Duration::from_secs(20);

/// The opening played, and how Black's replies are said.
const MOVES: [(&str, &str); 6] = [
    ("e4", "Eva vier"),
    ("c5", "Cesar fünf"),
    ("Nf3", "Springer Felix drei"),
    ("d6", "David sechs"),
    ("d4", "David vier"),
    ("cxd4", "Cesar schlägt David vier"),
];

/// Waits until the screen shows `text` and the cursor is back on the
/// empty input line.
fn settled(tmux: &Tmux, text: &str) -> String {
    let start = std::time::Instant::now();
    loop {
        let screen = tmux.wait_for(text, WAIT);
        if tmux.cursor_line().trim_end() == ">" && tmux.cursor().0 == 2 {
            return screen;
        }
        assert!(
            start.elapsed() < WAIT,
            "the cursor is not on the empty input line:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_opponents_moves_come_from_the_board_onto_the_screen_reader_layout() {
    let home = common::empty_home("board-screen");
    let board = EmulatedBoard::new(
        &home.join("dgt"),
        &Placement::of_board(Chess::default().board()),
        Orientation::Normal,
    );
    let heard = home.join("heard.txt");
    let tmux = Tmux::zweibrett(
        "board-screen",
        &home,
        &format!(
            "--speech none --screen-reader play --role player --impaired white --transcript {} \
             --board {}",
            heard.display(),
            board.path()
        ),
    );
    settled(&tmux, "DGT-Brett angeschlossen");
    let mut position = Chess::default();
    for (ply, (san, said)) in MOVES.iter().enumerate() {
        let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
        if ply % 2 == 0 {
            tmux.type_text(san);
            tmux.keys(&["Enter"]);
            settled(&tmux, said);
            board.make(&position, m);
        } else {
            board.make(&position, m);
            settled(&tmux, said);
        }
        position.play_unchecked(m);
    }
    // Nothing moves on the screen while the board and the players are
    // still: the screen-reader layout has no ticking clock.
    let still = tmux.screen();
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(tmux.screen(), still, "the screen changed on its own");
    let score = tmux.screen();
    assert!(
        !score.contains("Stellung der Partie"),
        "the board was the game's all along:\n{score}"
    );
    tmux.keys(&["C-q"]);
    tmux.wait_for("Partie verlassen?", WAIT);
    tmux.keys(&["y"]);
    // What was said: each move once, Black's from the board as typed.
    let start = std::time::Instant::now();
    let texts = loop {
        let text = std::fs::read_to_string(&heard).unwrap_or_default();
        if text.contains("fortsetzen") || start.elapsed() > WAIT {
            break text;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let said: Vec<&str> = texts
        .lines()
        .filter_map(|line| line.splitn(3, '\t').nth(2))
        .collect();
    for (_, words) in MOVES {
        assert_eq!(
            said.iter().filter(|s| **s == words).count(),
            1,
            "{words:?} said once: {said:#?}"
        );
    }
    let _ = std::fs::remove_dir_all(&home);
}
