//! The braille display at the board, through a real BRLTTY daemon whose
//! virtual display is the test: a 20-move game played in line mode, the
//! display read back after every move; its pan, line and routing keys
//! pressed through the daemon; a draw offer held until acknowledged; and
//! the game without BRLTTY, which goes on and says why braille is off, a
//! display lost and one that comes later, long lines read whole on 20
//! cells. The deafblind profile has a file of its own.

use crate::common;

use std::io::Write;
use std::time::Duration;

use common::brltty::{Brltty, cells as words, installed};
use common::plain::{Running, data_dir, until};
use zweibrett_core::record::braille::{move_cells, move_number};

/// Anderssen–Kieseritzky, London 1851, to White's 20th move and Black's
/// reply.
const GAME: [&str; 40] = [
    "e4", "e5", "f4", "exf4", "Bc4", "Qh4+", "Kf1", "b5", "Bxb5", "Nf6", "Nf3", "Qh6", "d3", "Nh5",
    "Nh4", "Qg5", "Nf5", "c6", "g4", "Nf6", "Rg1", "cxb5", "h4", "Qg6", "h5", "Qg5", "Qf3", "Ng8",
    "Bxf4", "Qf6", "Nc3", "Bc5", "Nd5", "Qxb2", "Bd6", "Bxg1", "e5", "Qxa1+", "Ke2", "Na6",
];

/// A game with the display as `display` says, BRLTTY's host given to
/// BrlAPI.
pub(crate) fn game(data: &std::path::Path, brltty_host: &str, display: &str) -> Running {
    game_with(data, brltty_host, display, &[])
}

/// [`game`] with `more` arguments.
fn game_with(data: &std::path::Path, brltty_host: &str, display: &str, more: &[&str]) -> Running {
    let mut args = vec!["play", "--repetition", "off", "--press", "auto"];
    args.extend_from_slice(&["--braille-display", display]);
    args.extend_from_slice(more);
    Running::start_with(
        None,
        data,
        &args,
        &[("BRLAPI_HOST", brltty_host), ("BRLAPI_AUTH", "none")],
    )
}

/// "⠽⠴ ⠤⠝⠁⠖": the move at `index` with its number, as the display shows it.
fn numbered(index: usize) -> String {
    let black = if index % 2 == 1 { "⠤" } else { "" };
    format!(
        "{} {black}{}",
        move_number(index as u32 / 2 + 1),
        move_cells(GAME[index])
    )
}

#[test]
fn every_move_of_a_game_reaches_the_display_and_its_keys_go_through_the_score() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("game", 40);
    let data = data_dir("braille", "game");
    let mut game = game(&data, &brltty.host, "on");
    until(
        &game,
        "note: Die Braillezeile zeigt die Partie, 40 Module",
        Duration::from_secs(20),
    );
    let status = brltty.showing(&words("Weiß am Zug"));
    // Words go to BRLTTY as text: its German table gives a capital by dot
    // 7 and ß a cell of its own; no capital sign, no "ss".
    assert!(
        status.cells.starts_with("⡺⠑⠊⢼⠀⠁⠍⠀⡵⠥⠛"),
        "Weiß am Zug by the German text table: {}",
        status.cells
    );
    for (i, san) in GAME.iter().enumerate() {
        writeln!(game.stdin, "{san}").unwrap();
        until(&game, "announced:", Duration::from_secs(10));
        let expected = numbered(i);
        let shown = brltty.showing(&format!("{expected} "));
        let cells = expected.chars().count();
        assert_eq!(
            shown.underlined(),
            (0..cells).collect::<Vec<_>>(),
            "move {} underlined until read: {}",
            i + 1,
            shown.text()
        );
    }
    // Pan left: the last move alone, then the score from White's 20th.
    brltty.press("FwinLt");
    let last = brltty.until(|s| s.text() == numbered(39), Duration::from_secs(5));
    assert!(last.underlined().is_empty(), "read once a key is pressed");
    brltty.press("FwinLt");
    let pair = format!("{} {}", numbered(38), move_cells(GAME[39]));
    brltty.until(|s| s.text() == pair, Duration::from_secs(5));
    brltty.press("FwinLt");
    let from_19 = format!("{} {} {}", numbered(37), numbered(38), move_cells(GAME[39]));
    brltty.until(|s| s.text() == from_19, Duration::from_secs(5));
    // The routing key over the cells of 20. Ke2 opens it: its words.
    let at = numbered(37).chars().count() + 1 + 4;
    brltty.press(&format!("Route {at}"));
    let opened = brltty.showing(&format!("{} ", numbered(38)));
    assert!(
        opened.cells.contains("⡅⢪⠝⠊⠛"),
        "König with its ö (dots 2-4-6 and 8 in the German table): {}",
        opened.cells
    );
    assert!(
        opened.text().contains(&words("König Eva zwei")),
        "König Eva zwei: {}",
        opened.text(),
    );
    // Line down: the board after that move, rank 8 first, White's pieces
    // with dot 7; line up comes back.
    brltty.press("LnDn");
    brltty.showing("⠦ ⠗⠎⠇⠤⠅⠤⠎⠗");
    brltty.press("LnDn");
    let seven = brltty.showing("⠶ ⠏⠄⠤⠏⠤⠏⠏⠏");
    assert!(!seven.dot_seven(2), "a black pawn on a7");
    // BRLTTY's virtual driver takes one command per read of its socket:
    // each key is pressed once the last one has shown, as a hand would.
    for rank in (3..=6).rev() {
        brltty.press("LnDn");
        brltty.showing(&format!("{} ", move_number(rank)));
    }
    brltty.press("LnDn");
    let two = brltty.showing("⠆ ⠏⠤⠏⠤⠅⠤⠄⠤");
    assert!(
        two.dot_seven(2) && two.dot_seven(6) && !two.dot_seven(3),
        "White's pawn on a2 and king on e2 have dot 7: {:?}",
        two.cells
    );
    // Black's pieces, then back to the game as it stands.
    brltty.press("Bot");
    brltty.showing(&format!("{} ⠅⠑⠦ ⠟⠁⠂", words("Schwarz")));
    brltty.press("Home");
    brltty.showing(&format!("{} {}", numbered(39), words("Weiß")));
    // Both clocks on demand, as they stand when the key is pressed.
    brltty.press("Time");
    let clocks = brltty.showing(&words("Weiß 1:"));
    // Both do not fit on 40 cells: pan right reads on to Black's, the
    // window broken between words.
    brltty.press("FwinRt");
    let rest = brltty.until(|s| s.text() != clocks.text(), Duration::from_secs(5));
    let both = format!("{} {}", clocks.text(), rest.text());
    assert!(both.contains(&words(" Schwarz 1:")), "{both}");
    brltty.press("Home");
    brltty.showing(&format!("{} {}", numbered(39), words("Weiß")));
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_draw_offer_takes_the_display_until_a_key_acknowledges_it() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("offer", 40);
    let data = data_dir("braille", "offer");
    let mut game = game(&data, &brltty.host, "auto");
    until(&game, "note: Die Braillezeile", Duration::from_secs(20));
    writeln!(game.stdin, "e4").unwrap();
    brltty.showing("⠂ ⠑⠲ ");
    writeln!(game.stdin, "Remis").unwrap();
    let offer = until(&game, "offer:", Duration::from_secs(10));
    let text = offer.last().unwrap().trim_start_matches("offer: ");
    let cells: String = words(text).chars().take(40).collect();
    let held = brltty.until(|s| s.text() == cells.trim_end(), Duration::from_secs(5));
    assert_eq!(held.underlined().len(), cells.trim_end().chars().count());
    // A move after it does not take the line from the offer: the first
    // key acknowledges the offer and does nothing else.
    writeln!(game.stdin, "e5").unwrap();
    until(&game, "announced:", Duration::from_secs(10));
    brltty.forget_shown();
    brltty.press("FwinLt");
    let game_line = brltty.showing(&format!("⠂ ⠤⠑⠢ {}", words("Weiß")));
    assert!(game_line.underlined().is_empty(), "the move is read too");
    brltty.press("FwinLt");
    brltty.until(|s| s.text() == "⠂ ⠤⠑⠢", Duration::from_secs(5));
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn without_brltty_the_game_goes_on_and_says_why_braille_is_off_when_asked() {
    // A port nothing listens on.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        format!("127.0.0.1:{}", port - 4101)
    };
    for (display, says) in [("on", true), ("auto", false)] {
        let data = data_dir("braille", &format!("none-{display}"));
        let mut game = game(&data, &closed, display);
        writeln!(game.stdin, "e4").unwrap();
        let mut seen = until(&game, "announced: 1. e4", Duration::from_secs(20));
        // The display is looked for off the game's path: its note comes
        // when BrlAPI has answered, before or after the move. Two seconds
        // more of what is printed show that `auto` says nothing.
        let more = std::time::Instant::now() + Duration::from_secs(2);
        while !seen
            .iter()
            .any(|l| l.starts_with("note: Keine Braillezeile"))
        {
            let left = more.saturating_duration_since(std::time::Instant::now());
            match game.lines.recv_timeout(left) {
                Ok(line) => seen.push(line),
                Err(_) => break,
            }
        }
        let note = seen
            .iter()
            .find(|l| l.starts_with("note: Keine Braillezeile"));
        assert_eq!(note.is_some(), says, "{display}: {seen:#?}");
        if says {
            // The reason in the pack's words, never BrlAPI's English.
            assert!(
                note.unwrap()
                    .ends_with("BRLTTY läuft nicht oder lässt das Programm nicht zu: unter seiner Adresse antwortet nichts"),
                "{note:?}"
            );
        }
        writeln!(game.stdin, "quit").unwrap();
        assert!(game.child.wait().unwrap().success());
        let _ = std::fs::remove_dir_all(&data);
    }
}

#[test]
fn the_full_screen_shows_the_game_on_the_display_too() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("screen", 40);
    let (screen, home) = brltty.full_screen(
        "braille-screen",
        "play --repetition off --press auto --braille-display on",
    );
    screen.wait_for(
        "Die Braillezeile zeigt die Partie, 40 Module",
        Duration::from_secs(20),
    );
    screen.type_text("e4");
    screen.keys(&["Enter"]);
    let shown = brltty.showing(&format!("⠂ ⠑⠲ {}", words("Schwarz")));
    assert_eq!(shown.underlined(), vec![0, 1, 2, 3]);
    brltty.press("FwinLt");
    brltty.until(|s| s.text() == "⠂ ⠑⠲", Duration::from_secs(5));
    // The screen goes on taking keys meanwhile.
    screen.type_text("e5");
    screen.keys(&["Enter"]);
    brltty.showing("⠂ ⠤⠑⠢ ");
    screen.wait_for("1... e5", Duration::from_secs(10));
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_display_lost_during_the_game_is_said_the_game_goes_on_and_it_is_taken_again() {
    if !installed() {
        return;
    }
    let mut brltty = Brltty::start("lost", 40);
    let data = data_dir("braille", "lost");
    let mut game = game(&data, &brltty.host, "on");
    until(
        &game,
        "note: Die Braillezeile zeigt die Partie",
        Duration::from_secs(20),
    );
    writeln!(game.stdin, "e4").unwrap();
    brltty.showing("⠂ ⠑⠲ ");
    brltty.kill();
    let seen = until(
        &game,
        "note: Die Braillezeile ist verloren",
        Duration::from_secs(20),
    );
    assert_eq!(
        seen.last().unwrap(),
        "note: Die Braillezeile ist verloren: BRLTTY hat die Verbindung beendet. \
         Die Partie geht weiter; sobald BRLTTY wieder eine Braillezeile hat, wird sie genommen.",
        "{seen:#?}"
    );
    writeln!(game.stdin, "e5").unwrap();
    until(&game, "announced: 1... e5", Duration::from_secs(10));
    // BRLTTY comes back where it was (restarted, as a service would be):
    // the display is taken again and shows the game as it stands now.
    let host = brltty.host.clone();
    drop(brltty);
    let brltty = Brltty::start_at("lost-again", 40, &host);
    until(
        &game,
        "note: Die Braillezeile ist wieder da und zeigt die Partie, 40 Module.",
        Duration::from_secs(20),
    );
    brltty.until(|s| s.text().starts_with("⠂ ⠤⠑⠢"), Duration::from_secs(10));
    writeln!(game.stdin, "Nf3").unwrap();
    until(&game, "announced: 2. Nf3", Duration::from_secs(10));
    brltty.showing("⠆ ⠎⠋⠒ ");
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_display_that_comes_after_the_game_started_is_taken() {
    if !installed() {
        return;
    }
    // Nothing answers where BrlAPI looks when the game starts.
    let host = common::brltty::free_host();
    let data = data_dir("braille", "later");
    let mut game = game(&data, &host, "auto");
    writeln!(game.stdin, "e4").unwrap();
    until(&game, "announced: 1. e4", Duration::from_secs(20));
    // BRLTTY is started during the game, as a reader would start it.
    let brltty = Brltty::start_at("later", 40, &host);
    until(
        &game,
        "note: Die Braillezeile zeigt die Partie, 40 Module",
        Duration::from_secs(20),
    );
    brltty.until(|s| s.text().starts_with("⠂ ⠑⠲"), Duration::from_secs(10));
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

/// A BRLTTY that only drives a braille display (`-s no`) is no speaking
/// screen reader: the program keeps its own voice and the boards, and the
/// doctor finds no screen reader.
#[test]
fn a_brltty_without_speech_leaves_the_program_its_voice() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("no-speech", 40);
    let home = common::empty_home("braille-no-speech");
    let out = common::quiet_zweibrett(&home)
        .env_remove("ZWEIBRETT_SCREEN_READER")
        .env("BRLAPI_HOST", &brltty.host)
        .env("BRLAPI_AUTH", "none")
        // Run from a pipe, not a console, and not in tmux: as over ssh.
        .env_remove("TMUX")
        .env_remove("CONTROLVT")
        .env_remove("WINDOWPATH")
        .args(["doctor", "--voice", "en"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("ok: screen reader: none found running"),
        "{stdout}"
    );
    // The doctor says when the display cannot follow the focus.
    assert!(
        stdout.contains(
            "display of 40 cells; games show themselves on it; \
             BRLTTY cannot tell when this terminal has the focus"
        ),
        "{stdout}"
    );
}

/// The windows of the line the display shows, read by pan right until a
/// line starting with `after` replaces it; at most 12.
fn read_on(brltty: &Brltty, first: common::brltty::Shown, after: &str) -> Vec<String> {
    let mut read = vec![first.text()];
    for _ in 0..12 {
        brltty.press("FwinRt");
        let next = brltty.until(|_| true, Duration::from_secs(5));
        if next.text().starts_with(after) {
            return read;
        }
        read.push(next.text());
    }
    panic!("the line did not end: {read:?}");
}

#[test]
fn on_20_cells_the_result_the_pieces_and_both_clocks_are_read_whole_by_pan_right() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("narrow", 20);
    let data = data_dir("braille", "narrow");
    let mut game = game(&data, &brltty.host, "on");
    until(&game, "note: Die Braillezeile", Duration::from_secs(20));
    for san in ["f3", "e5", "g4"] {
        writeln!(game.stdin, "{san}").unwrap();
    }
    brltty.showing(&format!("{} {}", move_number(2), move_cells("g4")));
    brltty.forget_shown();
    writeln!(game.stdin, "Qh4#").unwrap();
    let result = until(&game, "result:", Duration::from_secs(10));
    let said = result.last().unwrap().trim_start_matches("result: 0-1 ");
    let game_line = format!("{} ⠤{}", move_number(2), move_cells("Qh4#"));
    // The result takes the line; pan right reads it to its end, and the
    // key after that gives the game back.
    let first = brltty.until(
        |s| !s.underlined().is_empty() && !s.text().starts_with(&game_line),
        Duration::from_secs(5),
    );
    let read = read_on(&brltty, first, &game_line);
    assert!(read.len() > 1, "longer than 20 cells: {read:?}");
    assert!(read.iter().all(|w| w.chars().count() <= 20), "{read:?}");
    assert_eq!(read.join(" "), words(said), "the result read whole");
    // White's pieces: every window a whole word, to the pawn on g4.
    brltty.press("Top");
    let first = brltty.showing(&words("Weiß"));
    let read = read_on(&brltty, first, &game_line);
    let pieces = read.join(" ");
    assert!(read.len() > 1 && read.iter().all(|w| w.chars().count() <= 20));
    assert!(pieces.contains(" ⠅⠑⠂ "), "the king on e1: {pieces}");
    assert!(pieces.ends_with("⠓⠆⠋⠒⠛⠲"), "the pawns to g4: {pieces}");
    // Both clocks.
    brltty.press("Time");
    let first = brltty.showing(&words("Weiß "));
    let read = read_on(&brltty, first, &game_line);
    let clocks = read.join(" ");
    assert!(
        clocks.contains(&words(" Schwarz ")),
        "Black's clock read: {read:?}"
    );
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn contracted_braille_shows_the_words_in_the_packs_contracted_braille_and_moves_in_the_code() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("contracted", 40);
    let data = data_dir("braille", "contracted");
    let mut game = game_with(&data, &brltty.host, "on", &["--contracted-braille"]);
    let taken = until(&game, "note: Die Braillezeile", Duration::from_secs(20));
    assert!(
        !taken.last().unwrap().contains("Vollschrift"),
        "liblouis and its German table are there: {taken:?}"
    );
    writeln!(game.stdin, "e4").unwrap();
    // German contracted braille (liblouis's de-g2): "Schwarz" in five
    // cells, "am", "Zug:"; the move in the chess code before it.
    let shown = brltty.showing("⠂ ⠑⠲ ⠱⠺⠴⠵ ⠁⠍ ⠵⠥⠛⠒");
    assert_eq!(shown.underlined(), vec![0, 1, 2, 3], "{}", shown.cells);
    assert_ne!(shown.text(), format!("⠂ ⠑⠲ {}", words("Schwarz am Zug:")));
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}
