//! The clock under the Laws in a game: the arbiter's settings (6.10.2) and
//! A.5.1.1, flags under A.4 and A.5 (6.8, A.5.3, A.5.5), Guidelines III.

use std::time::Duration;

use shakmaty::Color;

use super::*;

fn over(g: &Game) -> Option<(GameResult, Termination)> {
    g.outcome().map(|o| (o.result, o.termination))
}

fn with(time: &str, rules: EventRules, quickplay_finish: bool) -> Game {
    game(Setup {
        time: time.into(),
        rules,
        quickplay_finish,
        ..setup(Repetition::Off, Press::Auto)
    })
}

fn said(events: &[Event]) -> String {
    events
        .iter()
        .map(|e| e.utterance.text.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

const TEN_EACH: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6", "O-O", "O-O", "h3", "h6",
    "a4", "a5", "Re1", "Re8", "Nbd2", "Be6",
];

#[test]
fn the_increment_is_on_whites_clock_before_the_first_move() {
    let g = with("180+2", EventRules::Competition, false);
    assert_eq!(
        g.clock().remaining(Color::White, Instant::ZERO),
        Duration::from_secs(182)
    );
    // 3 s + 2 s: a move after 3.6 s is in time.
    let mut g = with("3+2", EventRules::Competition, false);
    g.apply(&mv("e4"), Instant::from_millis(0));
    g.apply(&mv("e5"), Instant::from_millis(3_600));
    assert_eq!(g.outcome(), None);
    assert_eq!(g.clock().flag(), None);
}

#[test]
fn the_arbiter_sets_time_moves_and_control() {
    let mut g = with("900", EventRules::Competition, false);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("e5")]);
    let events = run(
        &mut g,
        &mut t,
        &[Command::SetTime {
            side: Side::White,
            seconds: 600,
        }],
    );
    assert_eq!(said(&events), "Uhr von Weiß berichtigt: zehn Minuten.");
    assert_eq!(
        g.clock().remaining(Color::White, Instant::from_secs(t)),
        Duration::from_secs(600)
    );
    run(
        &mut g,
        &mut t,
        &[Command::SetMoves {
            side: Side::Black,
            moves: 7,
        }],
    );
    assert_eq!(g.clock().moves(Color::Black), 7);
    let events = run(&mut g, &mut t, &[Command::SetControl("900+5".into())]);
    assert!(
        said(&events).contains("fünf Sekunden pro Zug ab Zug eins"),
        "{}",
        said(&events)
    );
    assert_eq!(g.clock().control().to_string(), "900+5");
    // A control that does not read changes nothing ("90m" now reads as
    // ninety minutes).
    let events = run(&mut g, &mut t, &[Command::SetControl("90 parsecs".into())]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    assert_eq!(g.clock().control().to_string(), "900+5");
}

#[test]
fn under_a5_the_clock_setting_is_locked_after_ten_moves_each() {
    for rules in [EventRules::A5, EventRules::Competition] {
        let mut g = with("900", rules, false);
        let mut t = 0;
        let moves: Vec<Command> = TEN_EACH[..19].iter().map(|m| mv(m)).collect();
        run(&mut g, &mut t, &moves);
        // Nine moves completed by Black: still allowed.
        let set = Command::SetTime {
            side: Side::Black,
            seconds: 500,
        };
        let events = run(&mut g, &mut t, std::slice::from_ref(&set));
        assert_eq!(kinds(&events), vec![EventKind::Ruling], "{rules:?}");
        run(&mut g, &mut t, &[mv(TEN_EACH[19])]);
        let events = run(
            &mut g,
            &mut t,
            &[
                set.clone(),
                Command::SetMoves {
                    side: Side::White,
                    moves: 3,
                },
                Command::SetControl("900+5".into()),
            ],
        );
        match rules {
            EventRules::A5 => {
                assert_eq!(kinds(&events), vec![EventKind::Answer; 3]);
                assert!(said(&events).contains("A.5.1.1"), "{}", said(&events));
                assert_eq!(g.clock().control().to_string(), "900");
                assert_eq!(g.clock().moves(Color::White), 10);
            }
            EventRules::Competition => {
                assert_eq!(g.clock().control().to_string(), "900+5");
            }
        }
    }
    // Standard play is not rapid or blitz: A.5 does not lock it.
    let mut g = with("5400", EventRules::A5, false);
    let mut t = 0;
    let moves: Vec<Command> = TEN_EACH.iter().map(|m| mv(m)).collect();
    run(&mut g, &mut t, &moves);
    run(&mut g, &mut t, &[Command::SetControl("5400+30".into())]);
    assert_eq!(g.clock().control().to_string(), "5400+30");
}

#[test]
fn a_flag_is_seen_at_once_under_a4_and_claimed_or_called_under_a5() {
    // A.4/B.2: the arbiter watching the game sees the flag (6.8).
    let mut g = with("600", EventRules::Competition, false);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("e5")]);
    let events = g.apply(&Command::Tick, Instant::from_secs(700));
    assert!(
        said(&events).contains("Schiedsrichter"),
        "{}",
        said(&events)
    );
    assert_eq!(
        over(&g),
        Some((GameResult::BlackWins, Termination::FlagFall))
    );
    // A.5: the flag counts once claimed (A.5.3) or called (A.5.5).
    let mut g = with("600", EventRules::A5, false);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("e5")]);
    g.apply(&Command::Tick, Instant::from_secs(700));
    assert_eq!(over(&g), None);
    assert!(g.clock().flag().is_some());
    // A.5.3: the fallen clock shows zero and play goes on until the claim.
    let events = g.apply(&mv("Nf3"), Instant::from_secs(702));
    assert_eq!(g.moves().len(), 3, "{}", said(&events));
    g.apply(&mv("Nc6"), Instant::from_secs(705));
    assert_eq!(g.moves().len(), 4);
    let zero = Duration::ZERO;
    assert_eq!(
        g.clock().remaining(Color::White, Instant::from_secs(706)),
        zero
    );
    assert!(!g.clock().is_paused());
    g.apply(&Command::Flag, Instant::from_secs(708));
    assert_eq!(
        over(&g),
        Some((GameResult::BlackWins, Termination::FlagFall))
    );
    assert!(g.clock().is_paused(), "the claim stops the clocks");
    // A.5.3: a draw when the claimant cannot mate by any legal series.
    let mut g = game(Setup {
        fen: Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into()),
        rules: EventRules::A5,
        ..setup(Repetition::Off, Press::Auto)
    });
    g.apply(&mv("e4"), Instant::from_secs(1));
    g.apply(&mv("Kd7"), Instant::from_secs(2));
    g.apply(&Command::Tick, Instant::from_secs(700));
    assert_eq!(over(&g), None);
    g.apply(&Command::Flag, Instant::from_secs(701));
    assert_eq!(over(&g), Some((GameResult::Draw, Termination::FlagFall)));
    // Standard play: claimed or seen, as before.
    let mut g = with("60", EventRules::Competition, false);
    g.apply(&mv("e4"), Instant::from_secs(1));
    assert_eq!(
        g.clock().control().category(),
        crate::clock::Category::Blitz
    );
    let mut g = with("40/5400:1800", EventRules::Competition, false);
    g.apply(&mv("e4"), Instant::from_secs(1));
    g.apply(&Command::Tick, Instant::from_secs(9_000));
    assert!(g.clock().flag().is_some());
    assert_eq!(over(&g), None);
}

#[test]
fn guidelines_iii_are_refused_unless_announced_without_increment_and_not_blitz() {
    for (time, quickplay, reason) in [
        ("1200", false, "nicht angekündigt"),
        ("1200+5", true, "Inkrement"),
        ("300", true, "Blitzschach"),
    ] {
        let mut g = with(time, EventRules::Competition, quickplay);
        let mut t = 0;
        run(&mut g, &mut t, &[mv("e4")]);
        for c in [
            Command::RequestIncrement,
            Command::QuickplayClaim,
            Command::BothFlags,
        ] {
            let events = run(&mut g, &mut t, &[c]);
            assert_eq!(kinds(&events), vec![EventKind::Answer], "{time}");
            assert!(said(&events).contains(reason), "{time}: {}", said(&events));
        }
        assert_eq!(g.pending_offer(), None);
    }
    // Two minutes or more: no request and no claim.
    let mut g = with("1200", EventRules::Competition, true);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    let events = run(&mut g, &mut t, &[Command::RequestIncrement]);
    assert!(
        said(&events).contains("zwei Minuten oder mehr"),
        "{}",
        said(&events)
    );
    assert_eq!(g.pending_offer(), None);
}

/// A rapid game without increment, Guidelines III announced, Black to move
/// with 100 seconds left, after a move by each (so that a draw can be
/// agreed, 5.2.3).
fn short_of_time() -> (Game, u64) {
    let mut g = with("1200", EventRules::Competition, true);
    let mut t = 0;
    run(
        &mut g,
        &mut t,
        &[
            mv("e4"),
            mv("e5"),
            mv("Nf3"),
            Command::SetTime {
                side: Side::Black,
                seconds: 100,
            },
        ],
    );
    (g, t)
}

#[test]
fn iii_4_the_increment_asked_for_is_a_draw_offer_then_the_arbiters_call() {
    let (mut g, mut t) = short_of_time();
    let events = run(&mut g, &mut t, &[Command::RequestIncrement]);
    assert!(said(&events).contains("Remisangebot"), "{}", said(&events));
    assert_eq!(g.pending_offer(), Some(Color::Black));
    // Not before the offer is refused.
    let events = run(&mut g, &mut t, &[Command::DecideIncrement(true)]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    let white_before = g.clock().remaining(Color::White, Instant::from_secs(t));
    run(&mut g, &mut t, &[Command::Decline]);
    let events = run(&mut g, &mut t, &[Command::DecideIncrement(true)]);
    assert!(said(&events).contains("2 Minuten"), "{}", said(&events));
    assert_eq!(g.clock().control().to_string(), "1200+5");
    // The opponent of the player who asked receives two minutes.
    assert_eq!(
        g.clock().remaining(Color::White, Instant::from_secs(t)),
        white_before + Duration::from_secs(120)
    );
    // Once decided, there is nothing more to decide.
    let events = run(&mut g, &mut t, &[Command::DecideIncrement(true)]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    // Accepted, the offer draws.
    let (mut g, mut t) = short_of_time();
    run(
        &mut g,
        &mut t,
        &[Command::RequestIncrement, Command::Accept],
    );
    assert_eq!(over(&g), Some((GameResult::Draw, Termination::Agreement)));
    // Refused by the arbiter: no increment, no extra time.
    let (mut g, mut t) = short_of_time();
    run(
        &mut g,
        &mut t,
        &[Command::RequestIncrement, Command::Decline],
    );
    let white_before = g.clock().remaining(Color::White, Instant::from_secs(t));
    run(&mut g, &mut t, &[Command::DecideIncrement(false)]);
    assert_eq!(g.clock().control().to_string(), "1200");
    assert_eq!(
        g.clock().remaining(Color::White, Instant::from_secs(t)),
        white_before
    );
}

#[test]
fn iii_5_the_claim_is_drawn_rejected_or_postponed() {
    // Drawn at once (III.5.1).
    let (mut g, mut t) = short_of_time();
    run(&mut g, &mut t, &[Command::QuickplayClaim]);
    assert!(g.clock().is_paused());
    run(
        &mut g,
        &mut t,
        &[Command::DecideQuickplay(QuickplayDecision::Draw)],
    );
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::ArbiterDecision))
    );
    // Rejected: two minutes for the opponent, the clock runs on (III.5.3).
    let (mut g, mut t) = short_of_time();
    let white = g.clock().remaining(Color::White, Instant::from_secs(t));
    run(&mut g, &mut t, &[Command::QuickplayClaim]);
    run(
        &mut g,
        &mut t,
        &[Command::DecideQuickplay(QuickplayDecision::Reject)],
    );
    assert_eq!(over(&g), None);
    assert!(!g.clock().is_paused());
    assert_eq!(
        g.clock().remaining(Color::White, Instant::from_secs(t)),
        white + Duration::from_secs(120)
    );
    // No claim, nothing to decide.
    let events = run(
        &mut g,
        &mut t,
        &[Command::DecideQuickplay(QuickplayDecision::Draw)],
    );
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    // Postponed: two minutes, the game goes on, and after Black's flag
    // falls the arbiter decides: a draw (III.5.2).
    let (mut g, mut t) = short_of_time();
    run(&mut g, &mut t, &[Command::QuickplayClaim]);
    run(
        &mut g,
        &mut t,
        &[Command::DecideQuickplay(QuickplayDecision::Postpone)],
    );
    assert!(!g.clock().is_paused());
    let events = g.apply(&Command::Tick, Instant::from_secs(t + 200));
    assert!(said(&events).contains("III.5.2"), "{}", said(&events));
    assert_eq!(over(&g), None, "not ruled on the flag: the claim waits");
    g.apply(
        &Command::DecideQuickplay(QuickplayDecision::Draw),
        Instant::from_secs(t + 201),
    );
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::ArbiterDecision))
    );
    // Postponed, then rejected after the flag: the flag decides.
    let (mut g, mut t) = short_of_time();
    run(&mut g, &mut t, &[Command::QuickplayClaim]);
    run(
        &mut g,
        &mut t,
        &[Command::DecideQuickplay(QuickplayDecision::Postpone)],
    );
    g.apply(&Command::Tick, Instant::from_secs(t + 200));
    g.apply(
        &Command::DecideQuickplay(QuickplayDecision::Reject),
        Instant::from_secs(t + 201),
    );
    assert_eq!(
        over(&g),
        Some((GameResult::WhiteWins, Termination::FlagFall))
    );
}

#[test]
fn iii_3_1_both_flags_continue_before_the_last_period_and_draw_in_it() {
    // Both clocks at zero, Black's first, White's after Black's next move.
    let both_fallen = |time: &str, main: u64| {
        let mut g = with(time, EventRules::Competition, true);
        g.apply(&mv("e4"), Instant::from_secs(1));
        let events = g.apply(&Command::BothFlags, Instant::from_secs(2));
        assert!(
            said(&events).contains("Kein Fallblättchen"),
            "{}",
            said(&events)
        );
        g.apply(&Command::Tick, Instant::from_secs(main + 2));
        g.apply(&mv("e5"), Instant::from_secs(main + 3));
        let events = g.apply(&Command::BothFlags, Instant::from_secs(main + 4));
        let text = said(&events);
        assert!(text.contains("Nur das Fallblättchen von Schwarz"), "{text}");
        assert_eq!(over(&g), None);
        g.apply(&Command::Tick, Instant::from_secs(2 * main + 4));
        assert!(g.clock().has_fallen(Color::White) && g.clock().has_fallen(Color::Black));
        (g, 2 * main + 5)
    };
    let (mut g, t) = both_fallen("4000", 4000);
    g.apply(&Command::BothFlags, Instant::from_secs(t));
    assert_eq!(over(&g), Some((GameResult::Draw, Termination::FlagFall)));
    let (mut g, t) = both_fallen("40/5400:1800", 5400);
    let events = g.apply(&Command::BothFlags, Instant::from_secs(t));
    assert!(said(&events).contains("III.3.1.1"), "{}", said(&events));
    assert_eq!(over(&g), None);
}

#[test]
fn time_beyond_what_a_clock_may_show_is_refused_and_changes_nothing() {
    let mut g = with("5400", EventRules::Competition, false);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("e5")]);
    let black = |g: &Game, t: u64| g.clock().remaining(Color::Black, Instant::from_secs(t));
    let before = black(&g, t);
    let refused = "Nicht ausgeführt: die Uhr von Schwarz würde mehr als hundert Stunden zeigen.";
    for seconds in [i64::MAX, i64::MIN, 86_401, -86_401] {
        let events = run(
            &mut g,
            &mut t,
            &[Command::AddTime {
                side: Side::Black,
                seconds,
            }],
        );
        assert_eq!(said(&events), refused, "{seconds}");
        assert_eq!(black(&g, t), before, "{seconds}");
    }
    // Black's clock stands while White thinks: four days added a day at a
    // time, the fifth passes the hundred hours.
    for _ in 0..4 {
        run(
            &mut g,
            &mut t,
            &[Command::AddTime {
                side: Side::Black,
                seconds: 86_400,
            }],
        );
    }
    let events = run(
        &mut g,
        &mut t,
        &[Command::AddTime {
            side: Side::Black,
            seconds: 86_400,
        }],
    );
    assert_eq!(said(&events), refused);
    assert!(black(&g, t) <= Duration::from_secs(MOST_CLOCK_SECONDS));
    let events = run(
        &mut g,
        &mut t,
        &[Command::SetTime {
            side: Side::Black,
            seconds: u64::MAX,
        }],
    );
    assert_eq!(said(&events), refused);
    let events = run(
        &mut g,
        &mut t,
        &[Command::AddTime {
            side: Side::Black,
            seconds: -86_400,
        }],
    );
    assert!(
        said(&events).starts_with("Uhr von Schwarz berichtigt"),
        "{}",
        said(&events)
    );
}
