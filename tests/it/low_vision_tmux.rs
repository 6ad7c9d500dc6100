//! The full screen under a magnifier, driven through tmux: a magnifier
//! follows the terminal's cursor, so the cursor must stay at the typing
//! point while the clock runs. Five captures a second apart, with their
//! colours (`capture-pane -e`), show the clock counting and the cursor
//! where it was; the cursor sampled every 50 ms is never seen anywhere
//! else; the running clock is named in words; and with `redraw =
//! "on-change"` nothing on the screen moves while nobody types.

use crate::common;

use std::time::{Duration, Instant};

use common::Sandbox;
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// A game on the full screen, standard layout, English, the clock started
/// by White's first move; the configuration `config` in the user's file.
fn game(name: &str, config: &str) -> (Sandbox, Tmux) {
    let sandbox = Sandbox::new(name);
    sandbox.config(config);
    let tmux = Tmux::zweibrett(
        name,
        &sandbox.home,
        "--speech none play --role arbiter --repetition off --press auto --voice en --time 600",
    );
    tmux.wait_for("White to move: enter a move", WAIT);
    tmux.type_text("e4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Black to move: enter a move", WAIT);
    // Something typed and not sent: the typing point is after it.
    tmux.type_text("Nf");
    tmux.wait_for("> Nf", WAIT);
    (sandbox, tmux)
}

/// The screen with its colours, as `capture-pane -e` gives it.
fn coloured(tmux: &Tmux) -> String {
    tmux.capture(&["-e"])
}

/// The line of the screen holding the clocks.
fn clocks_line(screen: &str) -> String {
    screen
        .lines()
        .find(|l| l.contains("Clocks:") || l.contains("running"))
        .unwrap_or_else(|| panic!("no clocks line:\n{screen}"))
        .to_string()
}

#[test]
fn the_cursor_stays_at_the_typing_point_while_the_clock_runs() {
    let (_sandbox, tmux) = game("low-vision-cursor", "");
    let at = tmux.cursor();
    assert!(
        tmux.cursor_line().starts_with("> Nf"),
        "the cursor is not on the input line:\n{}",
        tmux.screen()
    );
    assert_eq!(at.0, 4, "the cursor is after the typed text");

    // Five captures a second apart: the clock moves, the cursor does not.
    let mut captures = Vec::new();
    for _ in 0..5 {
        std::thread::sleep(Duration::from_secs(1));
        let screen = coloured(&tmux);
        assert_eq!(tmux.cursor(), at, "the cursor moved:\n{screen}");
        assert_eq!(tmux.format("#{cursor_flag}"), "1", "the cursor is hidden");
        captures.push(screen);
    }
    // The colours are there (SGR sequences), and the clock counted down.
    assert!(captures[0].contains("\u{1b}["), "no colours captured");
    let first = clocks_line(&captures[0]);
    let last = clocks_line(&captures[4]);
    assert_ne!(first, last, "the running clock is redrawn every second");
    // The running clock is told in words, not by colour alone.
    assert!(tmux.screen().contains("running"), "{}", tmux.screen());

    // Sampled every 50 ms for three seconds, across redraws: whenever the
    // cursor is shown, it is at the typing point.
    let end = Instant::now() + Duration::from_secs(3);
    let (mut seen, mut samples) = (0, 0);
    while Instant::now() < end {
        let sample = tmux.format("#{cursor_flag} #{cursor_x},#{cursor_y}");
        samples += 1;
        if let Some(position) = sample.strip_prefix("1 ") {
            assert_eq!(position, format!("{},{}", at.0, at.1), "seen: {sample}");
            seen += 1;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // A loaded machine takes fewer samples; the cursor is shown in more
    // than half of them.
    assert!(
        samples >= 10 && seen * 2 > samples,
        "the cursor was shown in only {seen} of {samples} samples"
    );
}

#[test]
fn with_redraw_on_change_nothing_moves_while_nobody_types() {
    let (_sandbox, tmux) = game("low-vision-still", "[ui]\nredraw = \"on-change\"\n");
    let at = tmux.cursor();
    let before = coloured(&tmux);
    let mut still = Vec::new();
    for _ in 0..3 {
        std::thread::sleep(Duration::from_secs(1));
        still.push(coloured(&tmux));
    }
    for screen in &still {
        assert_eq!(screen, &before, "the screen changed on its own");
    }
    assert_eq!(tmux.cursor(), at);
    // Asked for, the clocks are read again: the time has moved on.
    tmux.keys(&["F2"]);
    let start = Instant::now();
    while coloured(&tmux) == before {
        assert!(
            start.elapsed() < WAIT,
            "F2 did not read the clocks again:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_ne!(clocks_line(&tmux.screen()), clocks_line(&before));
    assert_eq!(tmux.cursor(), at, "the cursor stays at the typing point");
}

/// The full screen with `layout = "auto"` and a screen reader known by
/// `reader` (`ZWEIBRETT_SCREEN_READER`) and the configuration `config`:
/// the clock started by White's first move.
fn game_beside_reader(name: &str, reader: &str, config: &str) -> (Sandbox, Tmux) {
    let sandbox = Sandbox::new(name);
    sandbox.config(config);
    let args = "play --role arbiter --repetition off --press auto --voice en --time 600";
    let tmux = started(name, &sandbox, (140, 45), reader, args);
    tmux.wait_for("White to move: enter a move", WAIT);
    tmux.type_text("e4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Black to move: enter a move", WAIT);
    (sandbox, tmux)
}

/// The program in `sandbox`'s home under tmux, `size` (columns, lines),
/// with `ZWEIBRETT_SCREEN_READER` set to `reader`, started with `args`.
fn started(name: &str, sandbox: &Sandbox, size: (u16, u16), reader: &str, args: &str) -> Tmux {
    let home = sandbox.home.clone();
    let (config_dir, data) = (home.join(".config"), home.join(".local/share"));
    let command = format!(
        "{} {args} ; sleep 30",
        env!("CARGO_BIN_EXE_zweibrett").replace(' ', "\\ ")
    );
    let env = [
        ("HOME", home.as_path()),
        ("XDG_CONFIG_HOME", config_dir.as_path()),
        ("XDG_DATA_HOME", data.as_path()),
        ("ZWEIBRETT_LABELS", std::path::Path::new("english")),
        ("ZWEIBRETT_SCREEN_READER", std::path::Path::new(reader)),
    ];
    Tmux::start(name, size.0, size.1, &env, &command)
        .expect("tmux is needed for this test; the README's test command installs it")
}

/// A screen reader named by the environment, or the configuration that
/// leaves the speech to one, gives the screen reader's layout: no boards
/// drawn, and nothing on the screen ticks while the clock runs.
#[test]
fn a_reader_named_or_given_the_speech_gets_the_screen_reader_layout() {
    for (name, reader, config) in [
        ("layout-reader-named", "orca", "[ui]\nlayout = \"auto\"\n"),
        (
            "layout-reader-backend",
            "none",
            "[ui]\nlayout = \"auto\"\n[speech]\nbackend = \"reader\"\n",
        ),
    ] {
        let (_sandbox, tmux) = game_beside_reader(name, reader, config);
        let before = tmux.screen();
        assert!(
            !before.contains("Board of"),
            "{name}: boards drawn:\n{before}"
        );
        std::thread::sleep(Duration::from_millis(2500));
        let after = tmux.screen();
        assert_eq!(
            after, before,
            "{name}: the screen ticked while the clock ran"
        );
    }
    // Without a reader, the standard layout draws the boards.
    let (_sandbox, tmux) =
        game_beside_reader("layout-no-reader", "none", "[ui]\nlayout = \"auto\"\n");
    assert!(tmux.screen().contains("Board of"), "{}", tmux.screen());
}

/// The widest run of block characters on `screen`: the columns of the
/// largest drawn piece (its base); zero where pieces are one cell.
fn drawn_columns(screen: &str) -> usize {
    screen
        .lines()
        .flat_map(|line| {
            line.split(|c: char| !matches!(c, '█' | '▀' | '▄' | '▒'))
                .map(|run| run.chars().count())
                .collect::<Vec<_>>()
        })
        .max()
        .unwrap_or(0)
}

/// The pieces grow with the board: one cell on the smallest squares, then
/// drawn larger as the window grows, never shrinking.
#[test]
fn the_pieces_grow_with_the_window_at_80_by_24_120_by_40_and_200_by_60() {
    let mut found = Vec::new();
    for (width, height) in [(80, 24), (120, 40), (200, 60)] {
        let name = format!("pieces-{width}x{height}");
        let sandbox = Sandbox::new(&name);
        let args = "--speech none play --role arbiter --repetition off --press auto --voice en";
        let tmux = started(&name, &sandbox, (width, height), "none", args);
        tmux.wait_for("White to move", WAIT);
        let screen = tmux.screen();
        let columns = drawn_columns(&screen);
        if columns == 0 {
            assert!(screen.contains('♔'), "one-cell figurines:\n{screen}");
        }
        found.push(((width, height), columns));
    }
    // One cell on 80 by 24 (squares of one line), five columns by three
    // lines on 120 by 40, nine by five on 200 by 60.
    assert_eq!(
        found,
        [((80, 24), 0), ((120, 40), 5), ((200, 60), 9)],
        "the drawn pieces' columns by window"
    );
}

/// The large theme at 80 by 24, where two boards would leave its pieces
/// one cell: one board with drawn pieces, the clocks and the score beside
/// it, nothing cut.
#[test]
fn the_large_theme_at_80_by_24_draws_one_board_with_the_clocks_beside_it() {
    let name = "large-80x24";
    let sandbox = Sandbox::new(name);
    let args =
        "--theme large --speech none play --role arbiter --repetition off --press auto --voice en";
    let tmux = started(name, &sandbox, (80, 24), "none", args);
    tmux.wait_for("White to move", WAIT);
    tmux.type_text("e4");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Black to move", WAIT);
    let screen = tmux.screen();
    assert_eq!(drawn_columns(&screen), 3, "drawn pieces:\n{screen}");
    assert_eq!(
        screen.matches("Board of").count(),
        1,
        "one board:\n{screen}"
    );
    for shown in ["Clocks:", "Score of White", "Score of Black", "1. e4"] {
        assert!(
            screen.contains(shown),
            "{shown} beside the board:\n{screen}"
        );
    }
    // The board beside the text: the clocks share a line with its top.
    let top = screen.lines().find(|l| l.contains("Board of")).unwrap();
    assert!(top.contains("Clocks:"), "{screen}");
}
