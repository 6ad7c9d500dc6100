//! The braille display beside a screen reader, through a real BRLTTY
//! daemon whose virtual display is the test: on the full screen's
//! screen-reader layout the display shows what is typed and the answer
//! after Enter, and a key gives the display back to the screen reader
//! until the next move.

use crate::common;

use std::time::Duration;

use common::brltty::{Brltty, cells as words, installed};

#[test]
fn beside_a_screen_reader_the_display_shows_the_typing_the_answer_and_gives_itself_back() {
    if !installed() {
        return;
    }
    let brltty = Brltty::start("reader", 40);
    let (screen, home) = brltty.full_screen(
        "braille-reader",
        "--screen-reader play --repetition off --press auto --braille-display on",
    );
    screen.wait_for(
        "Die Braillezeile zeigt die Partie, 40 Module",
        Duration::from_secs(20),
    );
    brltty.showing(&words("Weiß am Zug"));
    // Each letter typed shows, the typing point after it.
    screen.type_text("Nf");
    brltty.until(|s| s.text() == words("Nf"), Duration::from_secs(5));
    screen.type_text("9");
    brltty.until(|s| s.text() == words("Nf9"), Duration::from_secs(5));
    // After Enter, the answer; the next key gives the game back.
    screen.keys(&["Enter"]);
    let answer = brltty.showing(&words("Nicht verstanden"));
    assert!(answer.text().contains(&words("Nf9")), "{}", answer.text());
    brltty.press("Home");
    brltty.showing(&words("Weiß am Zug"));
    // Back: the display goes to the screen reader (here BRLTTY itself,
    // which has no screen) until the next move: a key that was the
    // program's is BRLTTY's, which shows its own line.
    // Until the program has given it back, pan left is the program's and
    // changes nothing at the game's start: pressed again until BRLTTY
    // shows a line.
    brltty.press("Back");
    let mut seen = Vec::new();
    let away = (0..20)
        .find_map(|_| {
            brltty.forget_shown();
            brltty.press("FwinLt");
            brltty.within(
                |s| !s.text().is_empty(),
                Duration::from_millis(500),
                &mut seen,
            )
        })
        .unwrap_or_else(|| panic!("BRLTTY never showed its own line: {seen:#?}"));
    assert!(
        !away.text().starts_with(&words("Weiß")) && !away.text().starts_with("⠂"),
        "the display is BRLTTY's: {}",
        away.text()
    );
    brltty.forget_shown();
    screen.type_text("e4");
    screen.keys(&["Enter"]);
    brltty.showing(&format!("⠂ ⠑⠲ {}", words("Schwarz")));
    // The keys are the program's again.
    brltty.press("FwinLt");
    brltty.until(|s| s.text() == "⠂ ⠑⠲", Duration::from_secs(5));
    let _ = std::fs::remove_dir_all(&home);
}
