//! A slip noticed after the press: `undo` takes the last half-move back
//! with its clock, and where the press follows the announcement a
//! correction does the same and enters the move typed.

use super::*;

fn player() -> Game {
    game(Setup {
        time: "600".into(),
        role: Role::Player,
        press: Press::Auto,
        ..Setup::default()
    })
}

fn texts(events: &[Event]) -> Vec<String> {
    events.iter().map(|e| e.utterance.text.clone()).collect()
}

#[test]
fn undo_takes_back_the_last_half_move_and_its_clock_runs_again() {
    let mut g = player();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("e5")]);
    // White spends ten seconds on a slip, Nf6 for Nf3.
    t += 9;
    let before = g.clock().history()[2];
    run(&mut g, &mut t, &[mv("Sg1-f3")]);
    t += 5;
    let events = run(&mut g, &mut t, &[Command::Undo]);
    assert_eq!(
        texts(&events),
        [
            "Zurückgenommen: Springer Felix drei. Weiß am Zug.",
            "Uhr läuft"
        ]
    );
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.score(Color::White), ["e4", "e5"]);
    assert!(!g.clock().is_paused(), "the clock runs on for White");
    let now = Instant::from_secs(t);
    assert_eq!(
        g.clock().remaining(Color::Black, now),
        before.remaining[1],
        "Black's clock as it was"
    );
    run(&mut g, &mut t, &[mv("Nc3")]);
    assert_eq!(g.score(Color::White), ["e4", "e5", "Nc3"]);
}

#[test]
fn takeback_alone_is_undo_while_the_scores_agree() {
    let mut g = player();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("d4"), mv("d5"), mv("c4")]);
    let events = run(&mut g, &mut t, &[Command::Retrace]);
    assert_eq!(
        texts(&events)[0],
        "Zurückgenommen: Cesar vier. Weiß am Zug."
    );
    assert_eq!(g.moves().len(), 2);
    assert!(!g.clock().is_paused());
}

#[test]
fn a_correction_after_an_automatic_press_undoes_and_enters_the_move() {
    let mut g = player();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("c5"), mv("Nf3")]);
    let events = run(&mut g, &mut t, &[Command::Correct("Nc3".into())]);
    assert!(texts(&events)[0].starts_with("Zurückgenommen: Springer Felix drei."));
    assert_eq!(g.score(Color::White), ["e4", "c5", "Nc3"]);
    assert_eq!(g.to_move(), Color::Black);
}

#[test]
fn nothing_to_undo_or_correct_says_what_to_do() {
    let mut g = player();
    let mut t = 0;
    let events = run(&mut g, &mut t, &[Command::Undo]);
    assert_eq!(texts(&events), ["Nichts zurückzunehmen: noch kein Zug."]);
    let mut g = game(setup(Repetition::Off, Press::Separate));
    run(&mut g, &mut t, &[mv("e4"), Command::Press]);
    let events = run(&mut g, &mut t, &[Command::Correct("d4".into())]);
    assert!(
        texts(&events)[0].ends_with("zurück nimmt den letzten Halbzug zurück."),
        "{events:?}"
    );
}
