//! The Laws as an arbiter checks them: agreed draws (5.2.3, 9.1.2), claims
//! with an intended move (9.2.1, 9.3.1, 9.5.3), the touch-move rule for
//! the sighted player (D.2.10.5, Art. 4), completed illegal moves (7.5,
//! A.5.2), the arbiter called to a divergence (6.11.1, D.2.9), illegal
//! positions under A.5.4.

use std::time::Duration;

use shakmaty::Color;

use super::*;

fn over(g: &Game) -> Option<(GameResult, Termination)> {
    g.outcome().map(|o| (o.result, o.termination))
}

fn at(g: &mut Game, secs: u64, c: Command) -> Vec<Event> {
    g.apply(&c, Instant::from_secs(secs))
}

fn answered(events: &[Event]) -> bool {
    events.iter().any(|e| e.kind == EventKind::Answer)
}

#[test]
fn agreed_draw_needs_a_move_by_each_and_the_other_side_accepts() {
    let mut g = game(setup(Repetition::Off, Press::Auto));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), Command::Offer]);
    assert_eq!(g.pending_offer(), Some(Color::White));
    // Black has not moved yet (5.2.3).
    let events = run(&mut g, &mut t, &[Command::AcceptBy(Side::Black)]);
    assert!(answered(&events));
    assert_eq!(over(&g), None);
    // Black's move declines it; Black offers with that move.
    run(&mut g, &mut t, &[mv("e5"), Command::Offer]);
    assert_eq!(g.pending_offer(), Some(Color::Black));
    assert!(g.moves()[1].offer);
    // The maker can neither accept nor withdraw it (9.1.2.1).
    let events = run(&mut g, &mut t, &[Command::AcceptBy(Side::Black)]);
    assert_eq!(
        events[0].utterance.text,
        "Schwarz hat das Remis angeboten und kann es nicht selbst annehmen; das kann nur der Gegner."
    );
    let events = run(&mut g, &mut t, &[Command::DeclineBy(Side::Black)]);
    assert!(answered(&events));
    assert_eq!(g.pending_offer(), Some(Color::Black));
    run(&mut g, &mut t, &[Command::AcceptBy(Side::White)]);
    assert_eq!(over(&g), Some((GameResult::Draw, Termination::Agreement)));
}

#[test]
fn an_offer_after_ones_move_is_the_movers_also_with_the_press_automatic() {
    for repetition in [Repetition::Strict, Repetition::Quick, Repetition::Off] {
        let mut g = game(setup(repetition, Press::Auto));
        let mut t = 0;
        run(&mut g, &mut t, &[mv("e4"), Command::Offer]);
        assert_eq!(g.pending_offer(), Some(Color::White), "{repetition:?}");
        assert!(g.moves()[0].offer, "(=) after White's move");
    }
    // An offer by the player to move, before moving, goes with that move
    // and stands until the opponent answers (9.1.2.1).
    let mut g = game(setup(Repetition::Strict, Press::Separate));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), Command::Press, rep("e4")]);
    run(&mut g, &mut t, &[Command::Offer, mv("e5"), Command::Press]);
    assert_eq!(g.pending_offer(), Some(Color::Black));
    assert!(g.moves()[1].offer);
    assert!(!g.moves()[0].offer);
}

#[test]
fn a_wrong_claim_with_an_intended_move_at_the_start_makes_the_move() {
    let mut g = game(setup(Repetition::Strict, Press::Separate));
    let events = at(
        &mut g,
        1,
        Command::Claim {
            kind: ClaimKind::FiftyMoves,
            intended: Some("e4".into()),
        },
    );
    assert!(events.iter().any(|e| e.kind == EventKind::Ruling));
    assert_eq!(g.moves()[0].san, "e4");
    assert!(g.clock().is_started());
    // Black receives the penalty: one minute in blitz (9.5.3, A.3).
    let now = Instant::from_secs(1);
    assert_eq!(
        g.clock().remaining(Color::Black, now),
        Duration::from_secs(660)
    );
    // The written move cannot be changed (9.3.1).
    let events = at(&mut g, 2, Command::Correct("d4".into()));
    assert_eq!(
        events[0].utterance.text,
        "Der mit dem Anspruch aufgeschriebene Zug kann nicht geändert werden."
    );
    assert_eq!(g.moves()[0].san, "e4");
    assert!(g.moves()[0].comments[0].contains("beabsichtigter Zug"));
    // The claim stands as White's draw offer (9.1.2.3).
    assert_eq!(g.pending_offer(), Some(Color::White));
    assert!(g.moves()[0].offer);
    // The game goes on.
    at(&mut g, 3, Command::Press);
    at(&mut g, 4, rep("e4"));
    at(&mut g, 5, mv("e5"));
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.pending_offer(), None, "declined by moving");
}

#[test]
fn touched_names_the_sighted_player_and_holds_the_next_move() {
    // White is visually impaired: Black is the sighted player.
    let mut g = game(setup(Repetition::Off, Press::Auto));
    let mut t = 0;
    let events = run(&mut g, &mut t, &[Command::Touched(Some("e7".into()))]);
    assert_eq!(
        events[0].utterance.text,
        "Notiert: Schwarz hat eine Figur berührt: e7."
    );
    // White's move is not held to Black's touch.
    run(&mut g, &mut t, &[mv("d4")]);
    assert_eq!(g.moves().len(), 1);
    // Black's move does not honour it: the arbiter rules first.
    let events = run(&mut g, &mut t, &[mv("d5")]);
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Ruling && e.utterance.text.contains("e7")),
        "{events:?}"
    );
    assert!(matches!(g.step(), Step::Announced(_)), "not pressed");
    assert!(answered(&run(&mut g, &mut t, &[Command::Press])));
    run(&mut g, &mut t, &[Command::TouchRuling(TouchRuling::Uphold)]);
    assert_eq!(g.moves().len(), 1, "taken back");
    // Only a move of the touched pawn is accepted now (4.3.1).
    let events = run(&mut g, &mut t, &[mv("Nf6")]);
    assert_eq!(
        events[0].utterance.text,
        "Schwarz muss die berührte Figur auf e7 ziehen."
    );
    run(&mut g, &mut t, &[mv("e6")]);
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.to_move(), Color::White, "pressed at once");
    assert!(
        g.moves()[1]
            .comments
            .iter()
            .any(|c| c == "Schwarz hat eine Figur berührt: e7"),
        "{:?}",
        g.moves()[1].comments
    );
    // A touched opponent's piece must be captured (4.3.2); the arbiter
    // may let the move stand.
    run(&mut g, &mut t, &[mv("Bg5")]);
    run(
        &mut g,
        &mut t,
        &[Command::Touched(Some("bishop g5".into()))],
    );
    let events = run(&mut g, &mut t, &[mv("Nf6")]);
    assert!(
        events.iter().any(|e| e.kind == EventKind::Ruling
            && e.utterance
                .text
                .contains("muss die berührte Figur auf g5 schlagen")),
        "{events:?}"
    );
    run(&mut g, &mut t, &[Command::TouchRuling(TouchRuling::Stand)]);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.moves().len(), 4);
    // A piece that can neither move nor be captured holds nothing (4.5).
    run(&mut g, &mut t, &[mv("Nc3")]);
    run(&mut g, &mut t, &[Command::Touched(Some("a1".into()))]);
    let events = run(&mut g, &mut t, &[mv("Nc6")]);
    assert!(
        !events.iter().any(|e| e.kind == EventKind::Ruling),
        "{events:?}"
    );
    // Nothing to rule on now.
    let events = run(&mut g, &mut t, &[Command::TouchRuling(TouchRuling::Stand)]);
    assert!(answered(&events));
}

#[test]
fn with_both_players_impaired_the_side_to_move_lifted_the_piece() {
    // D.2.2: a piece taken out of its securing aperture is touched.
    let mut g = game(Setup {
        impaired: Impaired::Both,
        ..setup(Repetition::Off, Press::Auto)
    });
    let events = at(&mut g, 1, Command::Touched(Some("e2".into())));
    assert!(answered(&events));
    assert!(events[0].utterance.text.contains("(D.2.2)"), "{events:?}");
    let events = at(&mut g, 2, mv("d4"));
    assert!(
        events.iter().any(|e| e.kind == EventKind::Ruling),
        "{events:?}"
    );
    assert!(g.awaits_touch_ruling());
}

#[test]
fn the_first_piece_touched_is_held_and_castling_follows_the_order_of_touching() {
    // 4.3.1: a second report adds to the first.
    let mut g = game(setup(Repetition::Off, Press::Auto));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("d4")]);
    run(
        &mut g,
        &mut t,
        &[
            Command::Touched(Some("e7".into())),
            Command::Touched(Some("d7".into())),
        ],
    );
    run(&mut g, &mut t, &[mv("d5")]);
    assert!(g.awaits_touch_ruling(), "the e-pawn was touched first");
    // 4.8: White moves on, and the claim is lost; the move stands.
    let events = run(&mut g, &mut t, &[mv("c4")]);
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Ruling && e.utterance.text.contains("(4.8)")),
        "{events:?}"
    );
    assert_eq!(g.moves().len(), 3);
    assert!(!g.awaits_touch_ruling());
}

#[test]
fn king_then_rook_calls_for_castling_and_rook_then_king_bars_it() {
    let open = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"];
    for (note, played, breach) in [
        ("Ke1 Rh1", "O-O", false),
        ("Ke1 Rh1", "Kf1", true),
        ("Rh1 Ke1", "O-O", true),
        ("Rh1 Ke1", "Rf1", false),
        // 4.4.3: castling with that rook is not legal: another king move.
        ("Ke1 Ra1", "Kf1", false),
        ("Ke1 Ra1", "d3", true),
    ] {
        let mut g = game(Setup {
            impaired: Impaired::Black,
            ..setup(Repetition::Off, Press::Auto)
        });
        let mut t = 0;
        for m in open {
            run(&mut g, &mut t, &[mv(m)]);
        }
        run(&mut g, &mut t, &[Command::Touched(Some(note.into()))]);
        run(&mut g, &mut t, &[mv(played)]);
        assert_eq!(g.awaits_touch_ruling(), breach, "{note} then {played}");
    }
}

#[test]
fn an_illegal_move_needs_a_completed_move_and_its_penalty_survives_a_take_back() {
    let mut g = game(setup(Repetition::Off, Press::Auto));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    let events = run(&mut g, &mut t, &[Command::Illegal(Side::Black)]);
    assert_eq!(
        events[0].utterance.text,
        "Schwarz hat noch keinen Zug vollendet: es gibt keinen regelwidrigen Zug zu bestrafen."
    );
    assert_eq!(g.illegal_moves(Color::Black), 0);
    run(&mut g, &mut t, &[mv("e5"), mv("Nf3")]);
    let after_two = g.clock().history()[2];
    run(&mut g, &mut t, &[Command::Illegal(Side::White)]);
    run(&mut g, &mut t, &[Command::TakeBack(2)]);
    let now = Instant::from_secs(t);
    assert_eq!(
        g.clock().remaining(Color::Black, now),
        after_two.remaining[1] + g.clock().control().penalty()
    );
    assert_eq!(g.illegal_moves(Color::White), 1);
    // Taken back further, it is still there.
    run(&mut g, &mut t, &[Command::TakeBack(1)]);
    let after_one = g.clock().history()[1];
    assert_eq!(
        g.clock().remaining(Color::Black, Instant::from_secs(t)),
        after_one.remaining[1] + g.clock().control().penalty()
    );
}

fn rapid(rules: EventRules) -> Game {
    game(Setup {
        time: "900+10".into(),
        rules,
        ..setup(Repetition::Off, Press::Auto)
    })
}

#[test]
fn under_a5_an_illegal_move_is_penalised_only_before_the_next_move() {
    let mut g = rapid(EventRules::A5);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("e5")]);
    let events = run(&mut g, &mut t, &[Command::Illegal(Side::White)]);
    assert!(answered(&events), "Black has made the next move (A.5.2)");
    assert_eq!(g.illegal_moves(Color::White), 0);
    run(&mut g, &mut t, &[Command::Illegal(Side::Black)]);
    assert_eq!(g.illegal_moves(Color::Black), 1);
    // Under the competition rules (A.4) the window does not apply.
    let mut g = rapid(EventRules::Competition);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("e5")]);
    run(&mut g, &mut t, &[Command::Illegal(Side::White)]);
    assert_eq!(g.illegal_moves(Color::White), 1);
}

#[test]
fn a_divergence_stops_both_clocks_until_the_arbiter_settles_it() {
    let mut g = game(setup(Repetition::Strict, Press::Separate));
    at(&mut g, 0, mv("e4"));
    at(&mut g, 2, Command::Press);
    at(&mut g, 3, rep("e3"));
    assert!(g.clock().is_paused());
    // The arbiter needs 100 seconds; nobody's clock runs meanwhile.
    let black = g.clock().remaining(Color::Black, Instant::from_secs(3));
    assert_eq!(
        g.clock().remaining(Color::Black, Instant::from_secs(103)),
        black
    );
    at(&mut g, 103, Command::Align);
    assert!(!g.clock().is_paused());
    at(&mut g, 105, mv("e5"));
    at(&mut g, 106, Command::Press);
    assert_eq!(g.moves()[1].emt, Some(Duration::from_secs(4)));
    assert_eq!(g.moves()[1].clk, Some(Duration::from_secs(596)));
    // A take-back leaves the clock stopped until the arbiter restarts it.
    at(&mut g, 107, rep("e6"));
    assert!(g.clock().is_paused());
    at(&mut g, 150, Command::Retrace);
    assert!(g.clock().is_paused());
}

#[test]
fn under_a5_an_illegal_position_still_there_after_the_next_move_draws() {
    let seen = Command::IllegalPosition(IllegalPosition::BothKingsInCheck);
    let stands = Command::IllegalPosition(IllegalPosition::Stands);
    let mut g = rapid(EventRules::Competition);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    assert!(
        answered(&run(&mut g, &mut t, std::slice::from_ref(&seen))),
        "A.4"
    );
    let mut g = rapid(EventRules::A5);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    assert!(
        answered(&run(&mut g, &mut t, std::slice::from_ref(&stands))),
        "none seen"
    );
    run(&mut g, &mut t, std::slice::from_ref(&seen));
    let events = run(&mut g, &mut t, std::slice::from_ref(&stands));
    assert!(answered(&events), "waits for the next move");
    assert_eq!(over(&g), None);
    run(&mut g, &mut t, &[mv("e5")]);
    run(&mut g, &mut t, &[stands]);
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::IllegalPosition))
    );
    // Gone after the next move: the game goes on.
    let mut g = rapid(EventRules::A5);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    run(
        &mut g,
        &mut t,
        &[Command::IllegalPosition(IllegalPosition::PawnOnLastRank)],
    );
    run(&mut g, &mut t, &[mv("e5")]);
    run(
        &mut g,
        &mut t,
        &[Command::IllegalPosition(IllegalPosition::Corrected)],
    );
    assert_eq!(over(&g), None);
    run(&mut g, &mut t, &[mv("Nf3")]);
    assert_eq!(g.moves().len(), 3);
}

#[test]
fn art_7_5_1_an_illegal_move_typed_and_completed_is_the_one_ruled_on() {
    for role in [Role::Assistant, Role::Arbiter] {
        let mut g = game(Setup {
            role,
            ..setup(Repetition::Off, Press::Auto)
        });
        let mut t = 0;
        // White's very first move is illegal: the king cannot go to e2.
        let events = run(&mut g, &mut t, &[mv("Ke2")]);
        assert!(
            events.iter().any(|e| e.utterance.text.contains("(7.5.1)")),
            "{role:?}: {events:?}"
        );
        assert!(g.moves().is_empty());
        let events = run(&mut g, &mut t, &[Command::Illegal(Side::White)]);
        assert!(
            events.iter().any(|e| e.kind == EventKind::Ruling),
            "{role:?}: the first completed illegal move is penalised: {events:?}"
        );
        // The position before it stands; White's legal move carries the note.
        run(&mut g, &mut t, &[mv("e4")]);
        assert_eq!(g.moves().len(), 1);
        assert!(
            g.moves()[0].comments.iter().any(|c| c.contains("Ke2")),
            "{role:?}: {:?}",
            g.moves()[0].comments
        );
    }
    // The player's own keyboard keeps no such record: a typed illegal move
    // is refused, and nothing was completed.
    let mut g = game(Setup {
        role: Role::Player,
        ..setup(Repetition::Off, Press::Auto)
    });
    let mut t = 0;
    let events = run(&mut g, &mut t, &[mv("Ke2")]);
    assert!(!events.iter().any(|e| e.utterance.text.contains("(7.5.1)")));
    let events = run(&mut g, &mut t, &[Command::Illegal(Side::White)]);
    assert!(answered(&events));
}
