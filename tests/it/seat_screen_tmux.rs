//! Two seats at one table on two screens, driven through tmux as the
//! people at the table would (D.2.11): the visually impaired player's
//! full screen in the left pane and `zweibrett join --role opponent` in
//! the right. Ten moves each: White's typed only at the main seat and
//! shown in big letters at the opponent's, Black's typed only at the
//! opponent's seat and heard at the main seat (its transcript), and an
//! offer made at the opponent's seat recorded as Black's.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::Sandbox;
use common::seats::{environment, program};
use common::tmux::Tmux;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;
use tui_big_text::{BigText, PixelSize};

const WAIT: Duration = Duration::from_secs(20);

/// Ten moves of a Ruy Lopez, with their announcements in the English
/// pack's words (D.2.1).
const MOVES: [(&str, &str); 20] = [
    ("e4", "Eva four"),
    ("e5", "Eva five"),
    ("Nf3", "Knight Felix three"),
    ("Nc6", "Knight Cesar six"),
    ("Bb5", "Bishop Bella five"),
    ("a6", "Anna six"),
    ("Ba4", "Bishop Anna four"),
    ("Nf6", "Knight Felix six"),
    ("O-O", "castles short"),
    ("Be7", "Bishop Eva seven"),
    ("Re1", "Rook Eva one"),
    ("b5", "Bella five"),
    ("Bb3", "Bishop Bella three"),
    ("d6", "David six"),
    ("c3", "Cesar three"),
    ("O-O", "castles short"),
    ("h3", "Hector three"),
    ("Na5", "Knight Anna five"),
    ("Bc2", "Bishop Cesar two"),
    ("c5", "Cesar five"),
];

/// Types `text` and Enter in `pane`.
fn enter(pane: &Tmux, text: &str) {
    pane.type_text(text);
    pane.keys(&["Enter"]);
}

/// `text` in big letters as the seat draws it at `size`, one string per
/// line of the terminal, spaces at the end taken off.
fn big_rows(text: &str, size: PixelSize) -> Vec<String> {
    let area = Rect::new(0, 0, 100, 8);
    let mut buffer = Buffer::empty(area);
    BigText::builder()
        .pixel_size(size)
        .lines(vec![Line::from(text.to_string())])
        .build()
        .render(area, &mut buffer);
    let rows: Vec<String> = (0..area.height)
        .map(|y| {
            let row: String = (0..area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect();
            row.trim_end().to_string()
        })
        .collect();
    // The half-height and quadrant letters take fewer lines.
    let used = rows
        .iter()
        .rposition(|r| !r.is_empty())
        .map_or(0, |i| i + 1);
    rows[..used].to_vec()
}

/// Whether `screen` shows `text` in big letters, at any of the seat's
/// sizes, each line of the letters at the start of a line of the screen.
fn shows_big(screen: &str, text: &str) -> bool {
    let lines: Vec<&str> = screen.lines().map(str::trim_end).collect();
    [PixelSize::Full, PixelSize::HalfHeight, PixelSize::Quadrant]
        .into_iter()
        .map(|size| big_rows(text, size))
        .any(|rows| {
            lines.windows(rows.len()).any(|window| {
                window
                    .iter()
                    .zip(&rows)
                    .all(|(l, r)| l.starts_with(r.as_str()))
            })
        })
}

/// Waits until `pane` shows `text` in big letters; the screen then.
fn wait_for_big(pane: &Tmux, text: &str) -> String {
    let start = Instant::now();
    loop {
        let screen = pane.screen();
        if shows_big(&screen, text) {
            return screen;
        }
        assert!(
            start.elapsed() < WAIT,
            "{text:?} is not shown in big letters; the opponent's screen:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits until the file at `path` holds `text`; its content then.
fn wait_for_file(path: &Path, text: &str) -> String {
    let start = Instant::now();
    loop {
        let kept = std::fs::read_to_string(path).unwrap_or_default();
        if kept.contains(text) {
            return kept;
        }
        assert!(
            start.elapsed() < WAIT,
            "no {text:?} in {}:\n{kept}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_opponent_plays_from_a_screen_of_their_own_and_the_player_hears_it() {
    let sandbox = Sandbox::new("seat-screen");
    let home = sandbox.home.clone();
    let transcript = home.join("said.txt");
    let mut owned = environment(&home);
    // A BRLTTY another test runs counts as a screen reader, whose layout
    // has no big letters.
    owned.push(("ZWEIBRETT_SCREEN_READER", "none".into()));
    let env: Vec<(&str, &Path)> = owned.iter().map(|(k, v)| (*k, v.as_path())).collect();
    let player = Tmux::start(
        &format!("seats-{}", std::process::id()),
        200,
        50,
        &env,
        &program(&format!(
            "--speech none --transcript {} play --voice en --role player --impaired white \
             --time 600 --white Vera --black Otto",
            transcript.display()
        )),
    )
    .expect("tmux is needed for this test; the README's test command installs it");
    player.wait_for("White to move: enter a move", WAIT);
    let opponent = player.split(&env, &program("--speech none join --role opponent"));
    opponent.wait_for("You sit at the opponent's seat and play Black", WAIT);
    player.wait_for("The opponent has taken their seat", WAIT);

    for (i, pair) in MOVES.chunks(2).enumerate() {
        let number = i + 1;
        let [(white, white_said), (black, black_said)] = pair else {
            unreachable!()
        };
        enter(&player, white);
        // Announced at the opponent's seat in big letters, the words under it.
        wait_for_big(&opponent, &format!("{number}. {white}"));
        // A screen taken while it is redrawn may hold half of each line:
        // the words are waited for as well.
        opponent.wait_for(&format!("White announced: {white_said}"), WAIT);
        player.wait_for("Black enters their move at their seat.", WAIT);
        // The move is typed only at the opponent's seat; the player hears it.
        enter(&opponent, black);
        wait_for_file(&transcript, &format!("\t{black_said}\n"));
        wait_for_big(&opponent, &format!("{number}... {black}"));
        player.wait_for("White to move: enter a move", WAIT);
        // Black's moves reached the main seat's score, nothing typed there.
        player.wait_for(&format!("{number}... {black}"), WAIT);
    }
    // The cursor of each seat is on its own input line.
    assert!(player.cursor_line().starts_with('>'), "{}", player.screen());
    assert!(
        opponent.cursor_line().starts_with('>'),
        "{}",
        opponent.screen()
    );

    // White moves; Black, at their seat, answers and offers a draw: the
    // offer is Black's though White is then to move.
    enter(&player, "d4");
    wait_for_big(&opponent, "11. d4");
    enter(&opponent, "Qc7");
    wait_for_big(&opponent, "11... Qc7");
    enter(&opponent, "offer");
    player.wait_for("Black offers a draw.", WAIT);
    let said = wait_for_file(&transcript, "Black offers a draw.");

    // Every move of Black's was heard at the main seat, in order.
    let heard: Vec<&str> = said.lines().filter_map(|l| l.split('\t').nth(2)).collect();
    let mut from = 0;
    for (_, words) in MOVES.iter().skip(1).step_by(2) {
        let at = heard[from..]
            .iter()
            .position(|h| h == words)
            .unwrap_or_else(|| panic!("{words:?} not heard after line {from}: {heard:#?}"));
        from += at + 1;
    }

    // The player declines and leaves; the opponent's seat is told.
    enter(&player, "decline");
    player.wait_for("draw offer is declined", WAIT);
    player.keys(&["C-q"]);
    player.wait_for("Leave the game?", WAIT);
    player.keys(&["y"]);
    player.wait_for("The game is kept in", WAIT);
    let games = home.join(".local/share/zweibrett/games");
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("the game's journal");
    let kept = std::fs::read_to_string(&journal).unwrap();
    assert!(kept.contains(r#""offer_by":"black""#), "{kept}");
    opponent.wait_for("The seat is closed", WAIT);
}
