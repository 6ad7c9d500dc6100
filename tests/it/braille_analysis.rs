//! The braille display while going through games, through a real BRLTTY
//! daemon whose virtual display is the test: its pan keys step through the
//! game and a routing key enters a variation in line mode, and on the full
//! screen the display and the keyboard step the game together.

use crate::common;

use std::io::Write;
use std::time::Duration;

use common::brltty::{Brltty, cells as words, installed};
use common::plain::{Running, data_dir, until};

#[test]
fn going_through_a_game_the_pan_keys_step_and_a_routing_key_enters_a_variation() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("analyse", 40);
    let data = data_dir("braille", "analyse");
    std::fs::create_dir_all(&data).unwrap();
    let pgn = data.join("game.pgn");
    std::fs::write(
        &pgn,
        "[Event \"T\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
         1. e4 {Der Königsbauer} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *\n",
    )
    .unwrap();
    let mut analysis = Running::start_with(
        None,
        &data,
        &["analyse", pgn.to_str().unwrap(), "--braille-display", "on"],
        &[
            ("BRLAPI_HOST", brltty.host.as_str()),
            ("BRLAPI_AUTH", "none"),
        ],
    );
    until(
        &analysis,
        "Die Braillezeile zeigt die Partie",
        Duration::from_secs(20),
    );
    brltty.showing("⠂");
    brltty.press("FwinRt");
    let said = until(&analysis, "eins, Weiß: Eva vier", Duration::from_secs(10));
    assert!(
        said.last().unwrap().contains("Der Königsbauer"),
        "{said:#?}"
    );
    let comment = words("Der Königsbauer");
    let line = brltty.showing(&format!("⠂ ⠑⠲ {comment} ⠐⠣⠼⠁"));
    // The routing key over the sign of the one variation enters it.
    let sign = line.text().chars().count() - 2;
    brltty.press(&format!("Route {sign}"));
    brltty.showing("⠐⠣⠂ ⠤⠉⠢");
    until(
        &analysis,
        "Variante eins: eins, Schwarz: Cesar fünf",
        Duration::from_secs(10),
    );
    brltty.press("LnDn");
    brltty.showing("⠦ ⠗⠎⠇⠟⠅⠇⠎⠗");
    brltty.press("FwinLt");
    brltty.showing("⠂ ⠑⠲ ");
    writeln!(analysis.stdin, "quit").unwrap();
    assert!(analysis.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn going_through_a_game_on_the_full_screen_the_display_steps_with_the_screen() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("analyse-screen", 40);
    let pgn = std::env::temp_dir().join(format!(
        "zweibrett-braille-analyse-screen-{}.pgn",
        std::process::id()
    ));
    std::fs::write(
        &pgn,
        "[Event \"T\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n",
    )
    .unwrap();
    let (screen, home) = brltty.full_screen(
        "braille-analyse-screen",
        &format!("analyse {} --braille-display on", pgn.display()),
    );
    screen.wait_for(
        "Die Braillezeile zeigt die Partie, 40 Module",
        Duration::from_secs(20),
    );
    brltty.showing("⠂");
    // A key on the display steps the screen as well.
    brltty.press("FwinRt");
    brltty.showing("⠂ ⠑⠲");
    let shown = screen.wait_for("Zug: 1. e4", Duration::from_secs(10));
    assert!(
        shown.contains("Die Braillezeile zeigt die Partie"),
        "{shown}"
    );
    // A key on the keyboard steps the display as well.
    screen.keys(&["Right"]);
    brltty.showing("⠂ ⠤⠑⠢");
    screen.wait_for("Zug: 1... e5", Duration::from_secs(10));
    let _ = std::fs::remove_dir_all(&home);
    let _ = std::fs::remove_file(&pgn);
}
