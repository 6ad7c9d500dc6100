//! Who is at the keyboard (D.2.7, D.2.10, D.2.9): one text per half-move
//! for the player and the assistant, the whole protocol for the arbiter,
//! and whose act a command without a side is.

use super::*;
use crate::table::status_line;

fn as_role(role: Role, impaired: Impaired) -> Game {
    game(Setup {
        time: "600".into(),
        role,
        impaired,
        press: role.press(),
        ..Setup::default()
    })
}

fn texts(events: &[Event]) -> Vec<String> {
    events.iter().map(|e| e.utterance.text.clone()).collect()
}

#[test]
fn the_player_types_one_text_per_half_move() {
    let mut g = as_role(Role::Player, Impaired::White);
    let mut t = 0;
    assert_eq!(g.repetition(), Repetition::Off);
    for (i, text) in ["e4", "Eva fünf", "Springer Felix drei", "Nc6"]
        .into_iter()
        .enumerate()
    {
        let events = run(&mut g, &mut t, &[mv(text)]);
        assert!(
            kinds(&events).contains(&EventKind::Announced),
            "{text}: {events:?}"
        );
        assert_eq!(
            g.step(),
            &Step::Enter,
            "{text}: no press or repetition step"
        );
        assert_eq!(g.moves().len(), i + 1);
        assert_eq!(g.board(Color::White), g.position());
        assert_eq!(g.board(Color::Black), g.position());
        assert_eq!(g.score(Color::White).len(), i + 1);
        assert_eq!(g.score(Color::Black).len(), i + 1);
    }
    assert_eq!(g.clock().completed_moves(), 2);
    assert!(
        g.moves().iter().all(|p| p.clk.is_some()),
        "each move pressed"
    );
}

#[test]
fn the_player_is_asked_for_the_sighted_opponents_move_as_heard() {
    let mut g = as_role(Role::Player, Impaired::White);
    let mut t = 0;
    assert_eq!(
        status_line(&g),
        "Weiß am Zug: Zug eingeben, oder drücken startet die Uhr"
    );
    run(&mut g, &mut t, &[mv("e4")]);
    assert_eq!(
        status_line(&g),
        "Schwarz am Zug: den Zug eingeben, wie er angesagt wird"
    );
    run(&mut g, &mut t, &[mv("e5")]);
    assert_eq!(status_line(&g), "Weiß am Zug: Zug eingeben");
    // The assistant relays both moves alike.
    let mut a = as_role(Role::Assistant, Impaired::White);
    run(&mut a, &mut t, &[mv("e4")]);
    assert_eq!(status_line(&a), "Schwarz am Zug: Zug eingeben");
}

#[test]
fn a_move_the_players_board_does_not_allow_is_answered_at_once() {
    let mut g = as_role(Role::Player, Impaired::Black);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    let events = run(&mut g, &mut t, &[mv("Eva vier")]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    assert_eq!(g.moves().len(), 1, "nothing changed");
    assert_eq!(g.step(), &Step::Enter);
}

#[test]
fn the_arbiter_keeps_the_whole_protocol() {
    let mut g = as_role(Role::Arbiter, Impaired::White);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    assert!(matches!(g.step(), Step::Announced(_)));
    run(&mut g, &mut t, &[Command::Press]);
    assert!(matches!(g.step(), Step::Repeat(_)));
    run(&mut g, &mut t, &[rep("e4")]);
    assert_eq!(g.step(), &Step::Enter);
}

#[test]
fn an_offer_after_ones_own_move_with_the_press_at_once_is_the_movers() {
    for role in [Role::Player, Role::Assistant] {
        let mut g = as_role(role, Impaired::White);
        let mut t = 0;
        let events = run(&mut g, &mut t, &[mv("e4"), Command::Offer]);
        assert!(
            texts(&events).contains(&"Weiß bietet Remis an.".to_string()),
            "{role:?}: {events:?}"
        );
        assert_eq!(g.pending_offer(), Some(Color::White));
        assert!(g.moves()[0].offer, "(=) after 1. e4");
        // The offer's maker cannot accept it (9.1.2.1).
        let events = run(&mut g, &mut t, &[Command::AcceptBy(Side::White)]);
        assert_eq!(kinds(&events), vec![EventKind::Answer]);
        assert_eq!(g.outcome(), None);
        // After the opponent's move, an offer is the opponent's.
        run(&mut g, &mut t, &[mv("e5")]);
        assert_eq!(g.pending_offer(), None, "declined by moving");
        run(&mut g, &mut t, &[Command::Offer]);
        assert_eq!(g.pending_offer(), Some(Color::Black));
        assert!(g.moves()[1].offer);
        let events = run(&mut g, &mut t, &[Command::Accept]);
        assert!(kinds(&events).contains(&EventKind::Over(g.outcome().unwrap())));
    }
}

#[test]
fn touched_names_the_sighted_player() {
    let mut g = as_role(Role::Player, Impaired::White);
    let mut t = 0;
    let events = run(&mut g, &mut t, &[mv("e4"), Command::Touched(None)]);
    let said = texts(&events);
    assert!(said.iter().any(|s| s.contains("Schwarz")), "{said:?}");
    assert!(!said.last().unwrap().contains("Weiß"), "{said:?}");
}

#[test]
fn resign_without_a_side_is_the_impaired_players_at_their_keyboard() {
    for role in [Role::Player, Role::Assistant] {
        let mut g = as_role(role, Impaired::Black);
        let mut t = 0;
        let events = run(&mut g, &mut t, &[mv("e4"), Command::Resign(None)]);
        assert!(
            texts(&events).contains(&"Schwarz gibt auf.".to_string()),
            "{events:?}"
        );
        assert_eq!(
            g.outcome().map(|o| o.result),
            Some(GameResult::win(Color::White))
        );
    }
    // The arbiter, or a keyboard shared by two impaired players, names it.
    for (role, impaired) in [
        (Role::Arbiter, Impaired::White),
        (Role::Player, Impaired::Both),
    ] {
        let mut g = as_role(role, impaired);
        let mut t = 0;
        let events = run(&mut g, &mut t, &[Command::Resign(None)]);
        assert_eq!(
            texts(&events),
            ["Wer gibt auf? aufgeben weiß oder aufgeben schwarz eingeben."]
        );
        assert_eq!(g.outcome(), None);
    }
}

#[test]
fn a_journal_from_before_roles_replays_the_whole_protocol() {
    let mut text = serde_json::to_value(Setup::default()).unwrap();
    text.as_object_mut().unwrap().remove("role");
    let setup: Setup = serde_json::from_value(text).unwrap();
    assert_eq!(setup.role, Role::Arbiter);
}

#[test]
fn a_move_with_the_press_joined_to_it_waits_for_a_paused_clock() {
    let mut g = as_role(Role::Player, Impaired::White);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), Command::Pause]);
    let events = run(&mut g, &mut t, &[mv("c5")]);
    assert_eq!(
        texts(&events),
        ["Die Uhr ist angehalten: zuerst weiter eingeben, dann den Zug."]
    );
    assert_eq!(g.moves().len(), 1, "nothing changed");
    assert_eq!(g.step(), &Step::Enter);
    run(&mut g, &mut t, &[Command::Resume, mv("c5")]);
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.step(), &Step::Enter, "pressed with the move");
}

#[test]
fn only_the_arbiter_enters_the_repetition_and_each_role_has_its_press() {
    for role in [Role::Player, Role::Assistant, Role::Arbiter] {
        let arbiter = role == Role::Arbiter;
        assert_eq!(role.enters_repetition(), arbiter);
        assert!(role.takes_repetition(Repetition::Off));
        assert_eq!(role.takes_repetition(Repetition::Strict), arbiter);
        assert_eq!(role.takes_repetition(Repetition::Quick), arbiter);
        let used = role.repetition(Repetition::Quick);
        assert_eq!(
            used,
            if arbiter {
                Repetition::Quick
            } else {
                Repetition::Off
            }
        );
        assert_eq!(role.press_or(None), role.press());
        assert_eq!(role.press_or(Some(Press::Separate)), Press::Separate);
    }
    assert_eq!(Role::Arbiter.press(), Press::Separate);
    assert_eq!(Role::Player.press(), Press::Auto);
}
