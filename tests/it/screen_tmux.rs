//! The full screen as a new user meets it, driven through tmux: `zweibrett`
//! with no arguments in a fresh home, the setup form filled in from the
//! keyboard, the example game of Appendix C played with announcements,
//! presses and repetitions, one slip of the tongue corrected (D.2.8), one
//! mismatched repetition settled by the arbiter (D.2.9), the time asked for
//! (D.2.6.1), and the game left and found again by `resume`.

use crate::common;

use std::time::Duration;

use common::Sandbox;
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// The user's screen: waits for what each key should bring, and checks the
/// cursor stays on the input line.
struct User {
    tmux: Tmux,
}

impl User {
    /// Types `text`, presses Enter, and waits for `shows`.
    fn enter(&self, text: &str, shows: &str) -> String {
        self.tmux.type_text(text);
        self.tmux.keys(&["Enter"]);
        self.expect(shows)
    }

    /// Presses `key` and waits for `shows`.
    fn key(&self, key: &str, shows: &str) -> String {
        self.tmux.keys(&[key]);
        self.expect(shows)
    }

    /// Waits until the screen shows `shows` and the input line is empty
    /// with the cursor on it (the line typed has been carried out).
    fn expect(&self, shows: &str) -> String {
        let start = std::time::Instant::now();
        loop {
            let screen = self.tmux.wait_for(shows, WAIT);
            let line = self.tmux.cursor_line();
            let (x, _) = self.tmux.cursor();
            if line.trim_end() == ">" && x == 2 {
                return screen;
            }
            assert!(
                start.elapsed() < WAIT,
                "the cursor is not on the empty input line but at {:?} on {line:?}:\n{screen}",
                self.tmux.cursor()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The line just above the input line: the newest announcement.
    fn newest(&self) -> String {
        self.newest_rows(1)
    }

    /// Whether the newest announcement says `text`. A long answer (the
    /// time, when a second has been used on a loaded machine) wraps onto a
    /// second row: the text may start on the row before, but must reach the
    /// row just above the input line.
    fn newest_says(&self, text: &str) -> bool {
        let last = self.newest_rows(1);
        let both = self.newest_rows(2);
        let tail = both.len() - last.len();
        both.match_indices(text)
            .any(|(at, found)| at + found.len() > tail)
    }

    /// The `n` rows above the input line, joined by a space.
    fn newest_rows(&self, n: usize) -> String {
        let (_, y) = self.tmux.cursor();
        let screen = self.tmux.screen();
        let rows: Vec<&str> = screen.lines().collect();
        let end = y as usize;
        rows[end.saturating_sub(n)..end.min(rows.len())]
            .iter()
            .map(|row| row.trim_end())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Plays one half-move: entered, announced, the clock pressed by
    /// `press` (a key), repeated by the opponent as `repeat`.
    fn half_move(&self, entered: &str, announced: &str, press: &str, repeat: &str) {
        self.enter(entered, "Uhr drücken oder den Zug berichtigen");
        assert!(
            self.tmux.screen().contains(announced),
            "{entered} not announced as {announced}:\n{}",
            self.tmux.screen()
        );
        self.key(press, "Zug wiederholen oder bestätigen, dann ziehen");
        self.enter(&format!("repeat {repeat}"), "am Zug: Zug eingeben");
    }
}

#[test]
fn a_new_user_sets_up_and_plays_the_example_game_on_the_full_screen() {
    let sandbox = Sandbox::new("screen-tmux");
    let home = sandbox.home.clone();
    let tmux = Tmux::zweibrett("e2e", &home, "");
    let user = User { tmux };

    // The setup form, the cursor in the first field.
    // The form speaks the default pack's language, German.
    let form = user.tmux.wait_for("Partie beginnen", WAIT);
    assert!(form.contains("Neue Partie"), "{form}");
    let (_, y) = user.tmux.cursor();
    assert!(
        user.tmux.cursor_line().contains("Name von Weiß"),
        "cursor on line {y}:\n{form}"
    );
    for _ in 0.."Weiß".chars().count() {
        user.tmux.keys(&["BSpace"]);
    }
    user.tmux.type_text("Anna");
    user.tmux.keys(&["Tab"]);
    for _ in 0.."Schwarz".chars().count() {
        user.tmux.keys(&["BSpace"]);
    }
    user.tmux.type_text("Boris");
    let form = user.tmux.wait_for("[Boris]", WAIT);
    assert!(form.contains("[Anna]"), "{form}");
    assert!(
        user.tmux.cursor_line().contains("Name von Schwarz"),
        "{form}"
    );
    // The whole protocol, press and repetition typed: the arbiter's role.
    user.tmux.keys(&["Tab", "Tab", "Tab"]);
    user.cursor_on("Wer tippt (Rolle)");
    user.choose("Wer tippt (Rolle)", "Schiedsrichter");
    user.tmux.keys(&["F10"]);

    // The game screen: both boards, each from its owner's side.
    let screen = user.expect("Brett von Anna, sehbehindert");
    assert!(screen.contains("Brett von Boris"), "{screen}");
    assert!(
        screen.starts_with("Weiß am Zug: Zug eingeben, oder drücken startet die Uhr"),
        "{screen}"
    );

    // 1. e4 e5 2. Nf3 Nf6
    user.half_move("e4", "Eva vier", "F7", "e4");
    user.half_move("Eva fünf", "Eva fünf", "Space", "Eva fünf");
    user.half_move("Springer Felix drei", "Springer Felix drei", "F7", "Nf3");
    user.half_move("Nf6", "Springer Felix sechs", "F7", "Springer Felix sechs");

    // 3. d4, first announced as d3: a slip of the tongue, corrected before
    // the press (D.2.8).
    user.enter("d3", "Uhr drücken oder den Zug berichtigen");
    assert!(
        user.newest().contains("David drei"),
        "{}",
        user.tmux.screen()
    );
    user.enter("correct d4", "Berichtigung: David vier");
    assert!(
        user.newest().contains("David vier"),
        "{}",
        user.tmux.screen()
    );
    user.key("F7", "Zug wiederholen oder bestätigen, dann ziehen");
    user.enter("repeat d4", "Schwarz am Zug: Zug eingeben");

    // 3... exd4, and the time asked for (D.2.6.1).
    user.enter("exd4", "Uhr drücken oder den Zug berichtigen");
    let screen = user.key("F2", "verbraucht");
    assert!(screen.contains("2 Züge vollendet"), "{screen}");
    assert!(user.newest_says("zwei Züge"), "{screen}");
    user.key("F7", "Zug wiederholen oder bestätigen, dann ziehen");
    user.enter("repeat exd4", "Weiß am Zug: Zug eingeben");

    // 4. e5, repeated wrongly as Nxd4: the boards diverge, the squares are
    // marked on screen, and the arbiter aligns them (D.2.9).
    user.half_move_diverging();

    // 4... Ne4 to 11. Kb1
    for (entered, announced, press, repeat) in [
        ("Springer Eva vier", "Springer Eva vier", "F7", "Ne4"),
        ("Qxd4", "Dame schlägt David vier", "Space", "Qxd4"),
        ("d5", "David fünf", "F7", "d5"),
        ("exd6", "Eva schlägt David sechs en passant", "F7", "exd6"),
        ("Nxd6", "Springer schlägt David sechs", "F7", "Nxd6"),
        ("Bg5", "Läufer Gustav fünf", "F7", "Bg5"),
        ("Nc6", "Springer Cesar sechs", "F7", "Nc6"),
        ("Qe3+", "Dame Eva drei Schach", "F7", "Qe3"),
        ("Be7", "Läufer Eva sieben", "F7", "Be7"),
        ("Nbd2", "Springer Bella David zwei", "F7", "Nbd2"),
        ("O-O", "Kurze Rochade", "F7", "O-O"),
        ("Lange Rochade", "Lange Rochade", "F7", "O-O-O"),
        ("Re8", "Turm Eva acht", "F7", "Re8"),
        ("Kb1", "König Bella eins", "F7", "Kb1"),
    ] {
        user.half_move(entered, announced, press, repeat);
    }
    let screen = user.tmux.screen();
    assert!(
        screen.starts_with("Schwarz am Zug: Zug eingeben"),
        "{screen}"
    );
    for score in [
        "Partieformular von Anna (Weiß)",
        "Partieformular von Boris (Schwarz)",
    ] {
        let line = screen
            .lines()
            .find(|l| l.starts_with(score))
            .unwrap_or_else(|| panic!("no {score}:\n{screen}"));
        assert!(line.contains("11. Kb1"), "{line}");
    }

    // The time once more, then leave: a confirmation, and the game is kept.
    let screen = user.key("F2", "10 Züge vollendet");
    assert!(screen.contains("Uhren: Anna (Weiß)"), "{screen}");
    user.tmux.keys(&["C-q"]);
    let screen = user.tmux.wait_for("Partie verlassen?", WAIT);
    // The question stands on the input line, the cursor after it.
    let line = user.tmux.cursor_line();
    assert!(line.contains("Partie verlassen? (j/n)"), "{line}\n{screen}");
    user.tmux.keys(&["j"]);
    // Wait for the words printed once the screen is gone: leaving lets the
    // voice finish what it was given, at most a minute.
    let after = user
        .tmux
        .wait_for("Die Partie liegt in", Duration::from_secs(70));
    assert!(after.contains("Die Partie liegt in"), "{after}");

    // Found again, with every move.
    let out = sandbox.run_with_input(
        &["--plain", "--speech", "none", "resume"],
        "quit\n",
        Duration::from_secs(20),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "resumed: 21 Halbzüge: e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1"
        ),
        "{stdout}"
    );
}

impl User {
    /// Waits until the cursor is on the field `label`.
    fn cursor_on(&self, label: &str) {
        let start = std::time::Instant::now();
        while !self.tmux.cursor_line().contains(label) {
            assert!(
                start.elapsed() < WAIT,
                "the cursor is not on {label}:\n{}",
                self.tmux.screen()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// On the focused choice `label`, presses Right until it shows `value`.
    fn choose(&self, label: &str, value: &str) {
        let shown = format!("< {value} >");
        for _ in 0..4 {
            let line = self.tmux.cursor_line();
            assert!(line.contains(label), "not on {label}: {line:?}");
            if line.contains(&shown) {
                return;
            }
            let before = line.clone();
            self.tmux.keys(&["Right"]);
            let start = std::time::Instant::now();
            while self.tmux.cursor_line() == before && start.elapsed() < WAIT {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        panic!("{label} never shows {value}:\n{}", self.tmux.screen());
    }

    /// White's fourth move, e5, repeated as Nxd4: a divergence, shown with
    /// `!` on both boards, then aligned.
    fn half_move_diverging(&self) {
        self.enter("e5", "Uhr drücken oder den Zug berichtigen");
        self.key("F7", "Zug wiederholen oder bestätigen, dann ziehen");
        let screen = self.enter("repeat Nxd4", "die Bretter weichen ab");
        let marked = screen.lines().filter(|l| l.contains('!')).count();
        assert!(marked >= 2, "no squares marked:\n{screen}");
        let screen = self.enter("align", "Schwarz am Zug: Zug eingeben");
        let marked = screen
            .lines()
            .filter(|l| l.starts_with('│') && l.contains('!'))
            .count();
        assert_eq!(marked, 0, "still marked:\n{screen}");
    }
}

#[test]
fn the_form_takes_a_role_and_a_time_control_as_people_say_it() {
    let sandbox = Sandbox::new("screen-tmux-spoken");
    let home = sandbox.home.clone();
    let tmux = Tmux::zweibrett("spoken", &home, "");
    let user = User { tmux };
    user.tmux.wait_for("Partie beginnen", WAIT);
    // White's name is selected: typing replaces it.
    user.tmux.type_text("Anna");
    user.tmux.wait_for("[Anna]", WAIT);
    // Tab to the role, fifth field, and choose it with Left and Right.
    user.tmux.keys(&["Tab", "Tab", "Tab", "Tab"]);
    user.cursor_on("Wer tippt (Rolle)");
    user.choose("Wer tippt (Rolle)", "Assistent");
    user.tmux.keys(&["Left"]);
    user.choose("Wer tippt (Rolle)", "Spieler");
    // The time control's default is replaced by a control as people say it.
    user.tmux.keys(&["Tab"]);
    user.cursor_on("Bedenkzeit");
    user.tmux.type_text("15 plus 10");
    let form = user.tmux.wait_for("[15 plus 10]", WAIT);
    assert!(
        !form.contains("[standard"),
        "the default was replaced:\n{form}"
    );
    assert!(user.tmux.cursor_line().contains("Bedenkzeit"), "{form}");
    user.tmux.keys(&["F10"]);

    // The game screen names the control as the clock will run it.
    user.expect("Brett von Anna, sehbehindert");
    user.expect("Bedenkzeit: fünfzehn Minuten, zehn Sekunden pro Zug ab Zug eins.");
    // F6 puts the pack's word for correct ("berichtigen ") on the line; Escape clears it again.
    user.tmux.keys(&["F6"]);
    user.tmux.wait_for("> berichtigen", WAIT);
    user.key("Escape", "Brett von Anna");
    user.tmux.type_text("e4");
    user.tmux.wait_for("> e4", WAIT);
    user.key("C-u", "Brett von Anna");
    // The PGN's tag is the control's.
    let screen = user.enter("pgn", "[TimeControl");
    assert!(screen.contains("[TimeControl \"900+10\"]"), "{screen}");
    user.tmux.keys(&["C-q"]);
    user.tmux.wait_for("Partie verlassen?", WAIT);
    user.tmux.keys(&["y"]);
    user.tmux.wait_for("Die Partie liegt in", WAIT);
}
