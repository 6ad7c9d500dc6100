//! Who is at the keyboard, as each person would type a whole game: the
//! visually impaired player alone (their own move, and the opponent's as
//! they heard it), the assistant who relays both (D.2.10), and the arbiter
//! with both boards (D.2.9). Each prints the commands and keystrokes one
//! full move took (`cargo nextest run -E 'test(/^game_roles_plain::/)' --no-capture`).

use crate::common;

use std::path::Path;

use common::plain::{data_dir, journal_of, stdout_of, zweibrett};

/// The first twenty moves of a real game (Belgrade 1992, the first game of
/// the match): castling both sides, captures, a knight that needs its file.
const GAME: [&str; 40] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4",
    "Nb1", "h6", "Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6",
];

/// Each move as it is announced in `voice`'s words, as the program says
/// it: what a player hears across the board.
fn heard(voice: &str) -> Vec<String> {
    let out = assert_cmd::Command::cargo_bin("zweibrett")
        .unwrap()
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .args(["say", "--voice", voice])
        .args(GAME)
        .assert()
        .success();
    let said: Vec<String> = stdout_of(out).lines().map(String::from).collect();
    assert_eq!(said.len(), GAME.len(), "{said:?}");
    said
}

/// What one full move took: commands (lines) and keystrokes, each line's
/// characters and its Enter.
fn per_full_move(lines: &[String]) -> (f64, f64) {
    let keys: usize = lines.iter().map(|l| l.chars().count() + 1).sum();
    let full = GAME.len() as f64 / 2.0;
    (lines.len() as f64 / full, keys as f64 / full)
}

/// Plays `typed` with `args`, then asks for the PGN; what was printed and
/// the journal's commands.
fn play(dir: &Path, args: &[&str], typed: &[String]) -> (String, Vec<serde_json::Value>) {
    let input = typed.join("\n") + "\npgn\nquit\n";
    let out = zweibrett(dir)
        .arg("play")
        .args(args)
        .write_stdin(input)
        .assert()
        .success();
    let stdout = stdout_of(out);
    let journal = std::fs::read_to_string(journal_of(&stdout)).unwrap();
    let lines: Vec<serde_json::Value> = journal
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (stdout, lines)
}

/// The commands the journal holds, without the clock's ticks and the
/// pause that leaving the game enters.
fn commands(journal: &[serde_json::Value]) -> Vec<serde_json::Value> {
    let mut typed: Vec<serde_json::Value> = journal[1..]
        .iter()
        .map(|l| l["cmd"].clone())
        .filter(|c| c != "tick")
        .collect();
    assert_eq!(typed.pop(), Some("pause".into()), "{typed:?}");
    typed
}

/// Every move announced once, nothing refused, the score whole.
fn assert_whole_game(stdout: &str, role: &str) {
    let announced = stdout
        .lines()
        .filter(|l| l.starts_with("announced: "))
        .count();
    assert_eq!(announced, GAME.len(), "{stdout}");
    assert!(!stdout.contains("\nanswer: "), "nothing refused: {stdout}");
    assert!(
        stdout.contains("announced: 20. Nbd2: Springer Bella David zwei"),
        "{stdout}"
    );
    let flat = stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("} 20. Nbd2 {[%clk"), "{stdout}");
    assert!(
        stdout.contains(&format!("[EnteredBy \"{role}\"]")),
        "{stdout}"
    );
}

#[test]
fn the_player_types_each_half_move_once_and_nothing_else() {
    let said = heard("fide");
    for (impaired, own) in [("white", 0), ("black", 1)] {
        let dir = data_dir("roles", &format!("player-{impaired}"));
        // Their own move as they would say it quickly, the opponent's as
        // they heard it announced.
        let typed: Vec<String> = (0..GAME.len())
            .map(|i| {
                if i % 2 == own {
                    GAME[i].to_string()
                } else {
                    said[i].clone()
                }
            })
            .collect();
        let (stdout, journal) = play(&dir, &["--role", "player", "--impaired", impaired], &typed);
        assert_whole_game(&stdout, "player");
        assert_eq!(journal[0]["setup"]["role"], "player");
        assert_eq!(journal[0]["setup"]["press"], "auto", "the role's own press");
        let commands = commands(&journal);
        assert!(
            commands.iter().all(|c| c.get("move").is_some()),
            "only moves typed: {commands:?}"
        );
        assert_eq!(commands.len(), GAME.len());
        // The opponent's move is asked for as it is heard.
        let sighted = if own == 0 { "Schwarz" } else { "Weiß" };
        assert!(
            stdout.contains(&format!(
                "> {sighted} am Zug: den Zug eingeben, wie er angesagt wird"
            )),
            "{stdout}"
        );
        let (lines, keys) = per_full_move(&typed);
        eprintln!(
            "player ({impaired} impaired): {lines} commands and {keys:.1} keystrokes per full move"
        );
        assert_eq!(lines, 2.0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn the_assistant_relays_both_players_moves_as_announced() {
    let said = heard("fide");
    let dir = data_dir("roles", "assistant");
    let typed: Vec<String> = said.clone();
    let (stdout, journal) = play(
        &dir,
        &["--role", "assistant", "--impaired", "black", "--assistant"],
        &typed,
    );
    assert_whole_game(&stdout, "assistant");
    assert_eq!(journal[0]["setup"]["role"], "assistant");
    assert_eq!(journal[0]["setup"]["assistant"], true);
    assert_eq!(commands(&journal).len(), GAME.len());
    // Both moves are asked for alike: the assistant sees the board.
    assert!(!stdout.contains("wie er angesagt wird"), "{stdout}");
    // The time is said only on request (D.2.10.4), not after each press.
    assert!(!stdout.contains("clock: Weiß: "), "{stdout}");
    assert!(!stdout.contains("clock: Schwarz: "), "{stdout}");
    let (lines, keys) = per_full_move(&typed);
    eprintln!("assistant: {lines} commands and {keys:.1} keystrokes per full move");
    assert_eq!(lines, 2.0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_arbiter_enters_announcement_press_and_repetition_on_both_boards() {
    let said = heard("fide");
    for repetition in ["strict", "quick"] {
        let dir = data_dir("roles", &format!("arbiter-{repetition}"));
        let typed: Vec<String> = (0..GAME.len())
            .flat_map(|i| {
                let again = match repetition {
                    "strict" => format!("repeat {}", said[i]),
                    _ => "confirm".to_string(),
                };
                [GAME[i].to_string(), "press".to_string(), again]
            })
            .collect();
        let (stdout, journal) = play(
            &dir,
            &["--role", "arbiter", "--repetition", repetition],
            &typed,
        );
        assert_whole_game(&stdout, "arbiter");
        assert_eq!(journal[0]["setup"]["press"], "separate");
        let repeated = stdout
            .lines()
            .filter(|l| l.starts_with("repeated: "))
            .count();
        assert_eq!(repeated, GAME.len(), "{stdout}");
        let (lines, keys) = per_full_move(&typed);
        eprintln!(
            "arbiter ({repetition}): {lines} commands and {keys:.1} keystrokes per full move"
        );
        assert_eq!(lines, 6.0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Plays `input` in English as the player with White impaired.
fn as_player(name: &str, input: &str) -> String {
    let dir = data_dir("roles", name);
    let out = zweibrett(&dir)
        .args([
            "play",
            "--role",
            "player",
            "--voice",
            "en",
            "--impaired",
            "white",
        ])
        .write_stdin(format!("{input}quit\n"))
        .assert()
        .success();
    let _ = std::fs::remove_dir_all(&dir);
    stdout_of(out)
}

#[test]
fn an_offer_after_ones_own_move_is_the_movers_and_its_maker_cannot_accept_it() {
    let out = as_player("offer", "e4\noffer\naccept white\naccept\ne5\n");
    assert!(out.contains("offer: White offers a draw."), "{out}");
    assert!(
        out.contains(
            "answer: White made the draw offer and cannot accept it; only the opponent can."
        ),
        "{out}"
    );
    // Accepted by Black before Black has moved: too early (5.2.3); Black's
    // move then declines it, and the score has "(=)" after 1. e4.
    assert!(!out.contains("result: "), "{out}");
    let out = as_player("offer-pgn", "e4\noffer\ne5\npgn\n");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("1. e4 {[%clk 1:30:30] [%emt 0:00:00] (=)}"),
        "{out}"
    );
}

#[test]
fn touched_with_white_impaired_names_black_and_resign_names_white() {
    let out = as_player("touched", "e4\ntouched\nresign\ny\n");
    assert!(out.contains("Black touched a piece"), "{out}");
    assert!(out.contains("ruling: White resigns."), "{out}");
    assert!(out.contains("result: 0-1"), "{out}");
}

#[test]
fn a_repetition_step_is_refused_for_a_role_that_does_not_type_it() {
    let dir = data_dir("roles", "repetition-refused");
    for role in ["player", "assistant"] {
        let out = zweibrett(&dir)
            .args([
                "play",
                "--voice",
                "en",
                "--role",
                role,
                "--repetition",
                "strict",
            ])
            .write_stdin("e4\nquit\n")
            .assert()
            .code(2);
        let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(
            stderr.contains(&format!(
                "--repetition strict applies to --role arbiter only; the role is {role}"
            )),
            "{stderr}"
        );
        assert!(stdout_of(out).is_empty(), "no game started");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
