//! Protocol tests on a fake time line: every step and branch of D.2, the
//! claims of Art. 9, the rulings of 5.1.2, 6.9 and 7.5.5.

mod answers;
mod clock_laws;
mod dead;
mod divergence;
mod laws;
mod position;
mod results;
mod roles;
mod undo;

use std::time::Duration;

use shakmaty::Color;

use super::*;

/// A game with the FIDE pack, its moves typed in German and English
/// letters unless `setup` names others.
pub(super) fn game(setup: Setup) -> Game {
    Game::new(setup, VoicePack::fide()).unwrap()
}

pub(super) fn setup(repetition: Repetition, press: Press) -> Setup {
    Setup {
        time: "600".into(),
        repetition,
        press,
        ..Setup::default()
    }
}

/// Runs `commands` one second apart from `t` seconds; returns all events.
pub(super) fn run(g: &mut Game, t: &mut u64, commands: &[Command]) -> Vec<Event> {
    let mut all = Vec::new();
    for c in commands {
        *t += 1;
        all.extend(g.apply(c, Instant::from_secs(*t)));
    }
    all
}

pub(super) fn mv(text: &str) -> Command {
    Command::Move(text.into())
}

pub(super) fn rep(text: &str) -> Command {
    Command::Repeat(text.into())
}

fn kinds(events: &[Event]) -> Vec<EventKind> {
    events.iter().map(|e| e.kind.clone()).collect()
}

#[test]
fn announce_press_repeat_in_strict_mode() {
    let mut g = game(setup(Repetition::Strict, Press::Separate));
    let mut t = 0;
    let events = run(&mut g, &mut t, &[mv("e4")]);
    assert_eq!(
        kinds(&events),
        vec![EventKind::ClockSwitched(Color::White), EventKind::Announced]
    );
    assert_eq!(events[1].utterance.text, "Eva vier");
    assert_eq!(g.step(), &Step::Announced(g.moves()[0].mv));
    assert_eq!(g.score(Color::White), ["e4"]);
    assert!(g.score(Color::Black).is_empty());
    // Black may not move before the press and the repetition.
    let events = run(&mut g, &mut t, &[mv("e5")]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    let events = run(&mut g, &mut t, &[Command::Press]);
    assert!(kinds(&events).contains(&EventKind::ClockSwitched(Color::Black)));
    assert_eq!(g.step(), &Step::Repeat(g.moves()[0].mv));
    assert_eq!(g.moves()[0].clk, Some(Duration::from_secs(598)));
    assert_eq!(g.moves()[0].emt, Some(Duration::from_secs(2)));
    let events = run(&mut g, &mut t, &[mv("e5")]);
    assert_eq!(kinds(&events), vec![EventKind::Answer], "repeat first");
    let events = run(&mut g, &mut t, &[rep("Eva vier")]);
    assert_eq!(kinds(&events), vec![EventKind::Repeated]);
    assert_eq!(g.score(Color::Black), ["e4"]);
    assert_eq!(g.board(Color::Black), g.position());
    assert_eq!(g.step(), &Step::Enter);
    assert_eq!(g.to_move(), Color::Black);
}

#[test]
fn ambiguous_illegal_and_unreadable_input_changes_nothing() {
    let mut g = game(setup(Repetition::Off, Press::Auto));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("Nc3"), mv("Nc6"), mv("e4"), mv("e5")]);
    let before = g.position().clone();
    for text in ["Ke3", "quux zzz", "Ne2"] {
        let events = run(&mut g, &mut t, &[mv(text)]);
        assert_eq!(kinds(&events), vec![EventKind::Answer], "{text}");
        assert_eq!(g.position(), &before);
        assert_eq!(g.step(), &Step::Enter);
        assert_eq!(g.moves().len(), 4);
    }
    // The question names both knights.
    let events = run(&mut g, &mut t, &[mv("Springer Eva zwei")]);
    assert!(
        events[0].utterance.text.contains("Cesar"),
        "{}",
        events[0].utterance.text
    );
    run(&mut g, &mut t, &[mv("Nge2")]);
    assert_eq!(g.moves().len(), 5);
}

#[test]
fn slip_of_the_tongue_corrected_before_press_only() {
    let mut g = game(setup(Repetition::Quick, Press::Separate));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    let events = run(&mut g, &mut t, &[Command::Correct("d4".into())]);
    assert_eq!(kinds(&events), vec![EventKind::Corrected]);
    assert_eq!(events[0].utterance.text, "Berichtigung: David vier");
    assert_eq!(g.score(Color::White), ["d4"]);
    assert_eq!(g.moves().len(), 1);
    assert_eq!(g.moves()[0].comments, ["berichtigt von e4"]);
    // A correction that cannot be read keeps the announced move.
    let events = run(&mut g, &mut t, &[Command::Correct("d5".into())]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    assert_eq!(g.score(Color::White), ["d4"]);
    run(&mut g, &mut t, &[Command::Press]);
    let events = run(&mut g, &mut t, &[Command::Correct("c4".into())]);
    assert_eq!(
        kinds(&events),
        vec![EventKind::Answer],
        "too late after the press"
    );
    assert_eq!(
        events[0].utterance.text,
        "Nichts zu berichtigen: ein Zug kann nur vor dem Drücken der Uhr berichtigt werden; zurück nimmt den letzten Halbzug zurück."
    );
    let events = run(&mut g, &mut t, &[mv("e5")]);
    assert_eq!(
        events[0].utterance.text,
        "Schwarz muss zuerst den Zug David vier bestätigen."
    );
    assert_eq!(g.score(Color::White), ["d4"]);
    run(&mut g, &mut t, &[Command::Confirm]);
    assert_eq!(g.score(Color::Black), ["d4"]);
}

#[test]
fn mismatched_repetition_is_a_divergence_until_aligned() {
    let mut g = game(setup(Repetition::Strict, Press::Separate));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), Command::Press]);
    let events = run(&mut g, &mut t, &[rep("e3")]);
    // The arbiter is called: both clocks stop (6.11.1); what each player
    // changes for the announced move to stand is said (D.2.9).
    assert_eq!(
        kinds(&events),
        vec![EventKind::Diverged, EventKind::Ruling, EventKind::Clock]
    );
    assert!(g.clock().is_paused());
    assert_eq!(
        events[0].utterance.text,
        "Die Bretter weichen voneinander ab. Angesagt: Eva vier. Wiederholt: Eva drei. \
         Den Schiedsrichter rufen."
    );
    assert!(g.diverging());
    assert_eq!(g.score(Color::Black), ["e3"]);
    assert_ne!(g.board(Color::Black), g.board(Color::White));
    let events = run(&mut g, &mut t, &[mv("e5")]);
    assert_eq!(
        kinds(&events),
        vec![EventKind::Answer],
        "no moves while diverging"
    );
    assert_eq!(
        events[0].utterance.text,
        "Die Bretter weichen voneinander ab: zuerst muss der Schiedsrichter sie angleichen \
         oder Züge zurücknehmen."
    );
    let events = run(&mut g, &mut t, &[Command::Align]);
    assert_eq!(
        kinds(&events),
        vec![EventKind::Ruling, EventKind::Agreed, EventKind::Clock]
    );
    assert!(!g.clock().is_paused());
    assert_eq!(
        events[1].utterance.text,
        "Die Bretter stimmen wieder überein."
    );
    assert!(!g.diverging());
    assert_eq!(g.score(Color::Black), ["e4"]);
    assert_eq!(g.board(Color::Black), g.position());
    assert_eq!(g.board(Color::Black), g.position());
    run(&mut g, &mut t, &[mv("e5")]);
    assert_eq!(g.moves().len(), 2);
}

#[test]
fn take_back_retraces_boards_scores_and_clocks() {
    let mut g = game(setup(Repetition::Off, Press::Auto));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("e5"), mv("Nf3"), mv("Nc6")]);
    let after_two = g.clock().history()[2];
    run(&mut g, &mut t, &[Command::TakeBack(2)]);
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.score(Color::White), ["e4", "e5"]);
    assert_eq!(g.score(Color::Black), ["e4", "e5"]);
    assert!(g.clock().is_paused());
    let now = Instant::from_secs(t);
    assert_eq!(
        g.clock().remaining(Color::White, now),
        after_two.remaining[0]
    );
    assert_eq!(
        g.clock().remaining(Color::Black, now),
        after_two.remaining[1]
    );
    run(&mut g, &mut t, &[Command::Resume, mv("Bc4")]);
    assert_eq!(g.moves().len(), 3);
}

#[test]
fn off_mode_executes_on_both_boards_at_the_press() {
    let mut g = game(setup(Repetition::Off, Press::Separate));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("d4"), Command::Press]);
    assert_eq!(g.step(), &Step::Enter);
    assert_eq!(g.board(Color::Black), g.position());
    let events = run(&mut g, &mut t, &[Command::Confirm]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
}

#[test]
fn assistant_requests_again_time_touched() {
    // Black is visually impaired: White is the sighted player (D.2.10.5).
    let mut g = game(Setup {
        impaired: Impaired::Black,
        ..setup(Repetition::Off, Press::Auto)
    });
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("c5")]);
    let events = run(&mut g, &mut t, &[Command::Again(Some(Side::White))]);
    assert_eq!(events[0].utterance.text, "Zug 1, Weiß: Eva vier");
    let events = run(&mut g, &mut t, &[Command::Again(None)]);
    assert!(
        events[0].utterance.text.contains("Cesar f"),
        "{}",
        events[0].utterance.text
    );
    let events = run(&mut g, &mut t, &[Command::Time]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    run(
        &mut g,
        &mut t,
        &[Command::Touched(Some("knight g1".into())), mv("Nf3")],
    );
    assert_eq!(
        g.moves()[2].comments,
        ["Weiß hat eine Figur berührt: knight g1"],
        "in the pack's words"
    );
}

#[test]
fn first_press_starts_the_clock_and_unstarted_clock_starts_on_a_move() {
    let mut g = game(setup(Repetition::Off, Press::Separate));
    let mut t = 0;
    let events = run(&mut g, &mut t, &[Command::Press]);
    assert_eq!(kinds(&events), vec![EventKind::ClockSwitched(Color::White)]);
    assert!(g.clock().is_started());
    let events = run(&mut g, &mut t, &[Command::Press]);
    assert_eq!(
        kinds(&events),
        vec![EventKind::Answer],
        "nothing to press for"
    );
}

#[test]
fn retrace_goes_back_to_where_both_scores_agree() {
    let mut g = game(setup(Repetition::Strict, Press::Separate));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), Command::Press, rep("e4")]);
    run(&mut g, &mut t, &[mv("e5"), Command::Press, rep("e6")]);
    assert!(g.diverging());
    let events = run(&mut g, &mut t, &[Command::Retrace]);
    assert_eq!(kinds(&events).last(), Some(&EventKind::Ruling));
    assert_eq!(g.moves().len(), 1);
    assert!(!g.diverging());
    assert_eq!(g.score(Color::White), ["e4"]);
    assert_eq!(g.score(Color::Black), ["e4"]);
    assert_eq!(g.to_move(), Color::Black);
    assert!(g.clock().is_paused());
}

#[test]
fn refusals_are_said_in_the_packs_language() {
    let expected = [
        ("fide", "Zuerst die Uhr drücken oder den Zug berichtigen."),
        ("en", "Press the clock first, or correct the move."),
        ("pt", "Carregue primeiro no relógio, ou corrija o lance."),
        ("es", "Pulse primero el reloj, o corrija la jugada."),
    ];
    for (id, press_first) in expected {
        let setup = setup(Repetition::Strict, Press::Separate);
        let mut g = Game::new(setup, VoicePack::builtin(id)).unwrap();
        let mut t = 0;
        run(&mut g, &mut t, &[mv("e4")]);
        let events = run(&mut g, &mut t, &[mv("e5")]);
        assert_eq!(events[0].utterance.text, press_first, "{id}");
        run(&mut g, &mut t, &[Command::Press]);
        let events = run(&mut g, &mut t, &[Command::Offer]);
        let offers = g.words().say(
            GameSentence::Offers,
            &[("side", g.words().side(Color::Black))],
        );
        assert_eq!(events[0].utterance.text, offers, "{id}");
    }
    let mut g = Game::new(
        setup(Repetition::Strict, Press::Separate),
        VoicePack::builtin("es"),
    )
    .unwrap();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), Command::Press]);
    let events = run(&mut g, &mut t, &[mv("e5")]);
    assert_eq!(
        events[0].utterance.text,
        "Las Negras deben repetir primero la jugada Eva vier."
    );
}
