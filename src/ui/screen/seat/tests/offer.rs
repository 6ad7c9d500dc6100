//! A draw offer waiting at the opponent's seat (9.1.2, D.2.11): in big
//! letters beside the move, with the flash or the bell the opponent chose,
//! once per offer.

use ratatui::style::Modifier;

use super::*;

/// The view once White has played 1. e4 and offered a draw with it.
fn offered() -> SeatView {
    let mut g = game(VoicePack::fide());
    g.apply(&Command::Move("e4".into()), Instant::from_secs(1));
    g.apply(&Command::Press, Instant::from_secs(2));
    g.apply(&Command::OfferBy(Side::White), Instant::from_secs(3));
    SeatView::of(&g, Instant::from_secs(3))
}

#[test]
fn an_offer_is_shown_in_big_letters_beside_the_move() {
    let view = offered();
    assert_eq!(view.pending.as_deref(), Some("Remisangebot von Weiß"));
    let state = seat(SeatRole::Opponent, VoicePack::fide(), Some(view), (120, 40));
    let plan = super::super::view::opponent_plan(&state, 120, 40);
    let parts: Vec<Part> = plan.iter().map(|(part, _)| *part).collect();
    let san = parts.iter().position(|p| *p == Part::San).unwrap();
    assert_eq!(parts.get(san + 1), Some(&Part::Pending), "{parts:?}");
    assert!(
        matches!(plan[san + 1].1, Shape::Big(..)),
        "{:?}",
        plan[san + 1]
    );
    // In a small window it stays, in plain words.
    let plan = super::super::view::opponent_plan(&state, 40, 12);
    assert!(
        plan.iter().any(|(p, s)| *p == Part::Pending
            && *s == Shape::Plain(vec!["Remisangebot von Weiß".into()])),
        "{plan:?}"
    );
}

#[test]
fn the_bell_rings_once_per_offer() {
    let mut state = seat(SeatRole::Opponent, VoicePack::fide(), None, (100, 30));
    state.alert = Alert::Bell;
    let effects = update(&mut state, Msg::Game(ToSeat::View(offered())));
    assert_eq!(effects, vec![Effect::Bell]);
    // The same offer in the next view does not ring again.
    let effects = update(&mut state, Msg::Game(ToSeat::View(offered())));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(!state.flashing(), "the bell alone does not flash");
}

#[test]
fn the_flash_inverts_the_screen_for_a_moment_in_the_standard_layout_only() {
    let mut state = seat(SeatRole::Opponent, VoicePack::fide(), None, (100, 30));
    update(&mut state, Msg::Tick(Duration::from_secs(10)));
    let effects = update(&mut state, Msg::Game(ToSeat::View(offered())));
    assert!(
        effects.is_empty(),
        "the flash is the default, without a bell"
    );
    assert!(state.flashing());
    let terminal = draw(&state, (100, 30));
    let corner = &terminal.backend().buffer()[(0, 0)];
    assert!(corner.modifier.contains(Modifier::REVERSED));
    update(&mut state, Msg::Tick(Duration::from_secs(10) + FLASH_FOR));
    assert!(!state.flashing());
    let terminal = draw(&state, (100, 30));
    assert!(
        !terminal.backend().buffer()[(0, 0)]
            .modifier
            .contains(Modifier::REVERSED)
    );
    // Beside a screen reader the redrawn screen would be read again.
    let mut state = seat(SeatRole::Opponent, VoicePack::fide(), None, (100, 30));
    state.layout = Layout::ScreenReader;
    update(&mut state, Msg::Game(ToSeat::View(offered())));
    assert!(!state.flashing());
}
