//! The announcement schedule, the spoken words and the configuration.

use shakmaty::Color::{Black, White};

use super::{at, clock, secs};
use crate::clock::schedule::{self, ClockSettings, NoticeKind, Schedule, SideSettings};
use crate::clock::words::ClockWords;
use crate::clock::*;
use crate::utterance::{Earcon, Priority};

fn settings(white: SideSettings, black: SideSettings) -> ClockSettings {
    ClockSettings {
        time: "60".to_string(),
        white,
        black,
    }
}

/// Every notice due up to `until`, polled each millisecond the way a late
/// shell would not; returns (kind, left in ms, due in ms).
fn run_schedule(
    c: &ChessClock,
    s: &mut Schedule,
    from: u64,
    until: u64,
) -> Vec<(NoticeKind, u64, u64)> {
    let mut out = Vec::new();
    let mut t = from;
    while t <= until {
        if let Some(n) = s.due(c, at(t)) {
            assert_eq!(n.due, at(t), "a notice is given at its due instant");
            out.push((n.kind, n.left.as_millis() as u64, t));
        }
        t = match s.next_due(c) {
            Some(next) => next.0.as_millis() as u64,
            None => break,
        };
    }
    out
}

#[test]
fn thresholds_and_countdown_fall_at_their_instants() {
    let mut c = clock("130");
    let mut s = Schedule::new(settings(SideSettings::default(), SideSettings::default()));
    c.start(at(0)).unwrap();
    let got = run_schedule(&c, &mut s, 0, 130_000);
    use NoticeKind::*;
    let expected: Vec<(NoticeKind, u64, u64)> = [
        (Threshold, 120_000),
        (Threshold, 60_000),
        (Countdown, 50_000),
        (Countdown, 40_000),
        (Countdown, 30_000),
        (Countdown, 20_000),
        (Countdown, 10_000),
    ]
    .into_iter()
    .chain((1..10).rev().map(|s| (Countdown, s * 1000)))
    .map(|(k, left)| (k, left, 130_000 - left))
    .collect();
    assert_eq!(got, expected);
}

#[test]
fn every_n_minutes_and_delay_shift_the_instants() {
    let quiet = SideSettings {
        every_minutes: 1,
        ..SideSettings::silent()
    };
    let mut c = clock("150d5");
    let mut s = Schedule::new(settings(quiet.clone(), quiet));
    c.start(at(0)).unwrap();
    let got = run_schedule(&c, &mut s, 0, 200_000);
    assert_eq!(
        got,
        vec![
            (NoticeKind::Interval, 120_000, 35_000),
            (NoticeKind::Interval, 60_000, 95_000)
        ]
    );
}

#[test]
fn a_silent_player_hears_nothing_and_a_late_look_gives_only_the_latest_mark() {
    let mut c = clock("700");
    let mut s = Schedule::new(settings(SideSettings::default(), SideSettings::silent()));
    c.start(at(0)).unwrap();
    assert_eq!(s.next_due(&c), Some(at(100_000)));
    let late = s.due(&c, at(500_000)).unwrap();
    assert_eq!(
        (late.kind, late.left, late.due),
        (NoticeKind::Threshold, secs(300), at(400_000))
    );
    assert_eq!(s.due(&c, at(500_000)), None);
    c.press(at(500_000)).unwrap();
    // Black is silent: no marks at all on Black's clock.
    assert_eq!(s.next_due(&c), None);
    assert_eq!(s.due(&c, at(1_190_000)), None);
}

#[test]
fn a_new_stretch_does_not_repeat_marks_above_the_time_left() {
    let mut c = clock("620+30");
    let mut s = Schedule::new(settings(SideSettings::default(), SideSettings::default()));
    c.start(at(0)).unwrap(); // 620 s and the first move's 30 s
    assert_eq!(s.due(&c, at(50_000)).map(|n| n.left), Some(secs(600)));
    c.press(at(55_000)).unwrap(); // White keeps 595 s
    c.press(at(56_000)).unwrap(); // White's next increment: 625 s
    // Back on White's clock: 10 minutes is ahead again, 25 s from now.
    assert_eq!(s.next_due(&c), Some(at(81_000)));
}

#[test]
fn the_answer_to_a_request_speaks_both_clocks_and_the_moves() {
    let words = ClockWords::builtin("fide");
    let mut c = ChessClock::new(TimeControl::preset("standard").unwrap());
    c.start(at(0)).unwrap();
    for _ in 0..23 {
        c.press(at(0)).unwrap();
        c.press(at(0)).unwrap();
    }
    c.set_time(White, secs(90 * 60), at(0));
    c.set_time(Black, secs(58 * 60 + 10), at(0));
    let answer = speak::on_request(&words, &c, at(18 * 60_000));
    assert_eq!(
        answer.text,
        "Weiß: eine Stunde zwölf Minuten, verbraucht achtzehn Minuten; \
         Schwarz: achtundfünfzig Minuten, verbraucht null Sekunden; dreiundzwanzig Züge"
    );
    assert_eq!(answer.priority, Priority::Answer);
}

#[test]
fn flag_fall_is_urgent_with_its_tone_and_thresholds_have_theirs() {
    let words = ClockWords::builtin("es");
    let all = ClockSettings::default();
    let flag = ClockEvent::FlagFall(FlagFall {
        side: Black,
        at: at(5),
        moves: 3,
    });
    let u = speak::event(&words, &all, &flag).unwrap();
    assert_eq!(u.text, "Negras: tiempo agotado");
    assert_eq!(
        (u.priority, u.earcon),
        (Priority::Urgent, Some(Earcon::FlagFall))
    );
    let quiet = settings(SideSettings::default(), SideSettings::silent());
    assert_eq!(speak::event(&words, &quiet, &flag), None);

    let notice = |kind, left| schedule::Notice {
        kind,
        side: White,
        left,
        due: at(0),
        follows: false,
    };
    let u = speak::notice(&words, &notice(NoticeKind::Threshold, secs(120)));
    assert_eq!(u.text, "Blancas: dos minutos");
    assert_eq!(
        (u.priority, u.earcon),
        (Priority::Routine, Some(Earcon::TimeThreshold))
    );
    let u = speak::notice(&words, &notice(NoticeKind::Countdown, secs(30)));
    assert_eq!(
        (u.text.as_str(), u.earcon),
        ("Blancas: treinta segundos", None)
    );
    // A countdown number names whose clock it is, unless it follows the
    // number a second above it on the same clock (D.2.6.1).
    let u = speak::notice(&words, &notice(NoticeKind::Countdown, secs(7)));
    assert_eq!(u.text, "Blancas: siete");
    let following = schedule::Notice {
        follows: true,
        ..notice(NoticeKind::Countdown, secs(6))
    };
    assert_eq!(speak::notice(&words, &following).text, "seis");
    let added = ClockEvent::PeriodAdded {
        side: White,
        period: 1,
        added: secs(1800),
    };
    let u = speak::event(&ClockWords::builtin("pt"), &all, &added).unwrap();
    assert_eq!(u.text, "Brancas: mais trinta minutos");
}

#[test]
fn the_shipped_configuration_holds_the_default_clock_settings() {
    let defaults = crate::config::Config::defaults();
    let settings: ClockSettings = defaults.section("clock").unwrap();
    assert_eq!(settings, ClockSettings::default());
    let mine = crate::config::Config::with_user_text(
        "[clock.black]\nthresholds_minutes = []\ncountdown = false\n",
        "mine.toml",
    )
    .unwrap();
    let settings: ClockSettings = mine.section("clock").unwrap();
    assert_eq!(settings.white, SideSettings::default());
    assert!(settings.black.thresholds_minutes.is_empty() && !settings.black.countdown);
    assert!(settings.black.flag_fall);
    let wrong =
        crate::config::Config::with_user_text("[clock.white]\nevery = 5\n", "mine.toml").unwrap();
    let err = wrong
        .section::<ClockSettings>("clock")
        .unwrap_err()
        .to_string();
    assert!(err.contains("mine.toml") && err.contains("every"), "{err}");
}

#[test]
fn the_countdown_names_whose_clock_and_again_after_the_clock_switches() {
    // D.2.6.1: a number of the countdown names whose clock it is unless it
    // follows the number a second above on the same clock.
    let words = ClockWords::builtin("fide");
    let mut c = clock("12+5");
    let mut s = Schedule::new(settings(SideSettings::default(), SideSettings::default()));
    c.start(at(0)).unwrap(); // White: 12 s and the first move's 5 s
    let said = |s: &mut Schedule, c: &ChessClock, t: u64| {
        s.due(c, at(t)).map(|n| speak::notice(&words, &n).text)
    };
    assert_eq!(
        said(&mut s, &c, 7_000).as_deref(),
        Some("Weiß: zehn Sekunden")
    );
    assert_eq!(said(&mut s, &c, 8_000).as_deref(), Some("neun"));
    assert_eq!(said(&mut s, &c, 9_000).as_deref(), Some("acht"));
    c.press(at(9_500)).unwrap(); // Black: 12 s and 5 s
    assert_eq!(said(&mut s, &c, 17_500).as_deref(), Some("Schwarz: neun"));
    c.press(at(18_000)).unwrap(); // White: 7.5 s and 5 s
    // A look that passes two numbers at once gives the lower, named.
    assert_eq!(said(&mut s, &c, 22_000).as_deref(), Some("Weiß: neun"));
    assert_eq!(said(&mut s, &c, 23_600).as_deref(), Some("Weiß: sieben"));
}

#[test]
fn a_countdown_number_is_worth_saying_only_until_halfway_to_the_next() {
    let mut c = clock("75+0");
    let mut s = Schedule::new(settings(SideSettings::default(), SideSettings::default()));
    c.start(at(0)).unwrap();
    let fresh = |s: &mut Schedule, c: &ChessClock, t: u64| s.due(c, at(t)).unwrap().fresh_for();
    // Fifty, forty, … ten seconds: until halfway to the next ten.
    assert_eq!(fresh(&mut s, &c, 25_000), Some(secs(5)));
    assert_eq!(fresh(&mut s, &c, 65_000), Some(Duration::from_millis(500)));
    assert_eq!(fresh(&mut s, &c, 66_000), Some(Duration::from_millis(500)));
    // A minute's threshold waits its turn.
    let mut c = clock("130+0");
    let mut s = Schedule::new(settings(SideSettings::default(), SideSettings::default()));
    c.start(at(0)).unwrap();
    let threshold = s.due(&c, at(10_000)).unwrap();
    assert_eq!(threshold.kind, NoticeKind::Threshold);
    assert_eq!(threshold.fresh_for(), None);
}

#[test]
fn the_time_after_the_press_follows_each_players_setting_and_the_role() {
    let words = ClockWords::builtin("en");
    let pressed = |side| ClockEvent::MoveCompleted {
        side,
        moves: 1,
        remaining: secs(600),
        took: secs(5),
    };
    let off_for_black = settings(
        SideSettings::default(),
        SideSettings {
            after_press: Some(false),
            ..SideSettings::default()
        },
    );
    assert_eq!(
        speak::event(&words, &off_for_black, &pressed(White)).map(|u| u.text),
        Some("White: ten minutes".to_string())
    );
    assert_eq!(speak::event(&words, &off_for_black, &pressed(Black)), None);
    // Not set: the role decides (the assistant tells it only on request,
    // D.2.10.4); set, the configuration wins.
    let assistant = off_for_black.clone().with_after_press_default(false);
    assert_eq!(assistant.white.after_press, Some(false));
    let player = settings(
        SideSettings {
            after_press: Some(true),
            ..SideSettings::default()
        },
        SideSettings::default(),
    )
    .with_after_press_default(false);
    assert_eq!(
        (player.white.after_press, player.black.after_press),
        (Some(true), Some(false))
    );
}

#[test]
fn d_2_6_1_after_a_long_stop_only_what_is_current_is_said() {
    // Ten seconds left at 120 s; the program is stopped from 115 s: the
    // countdown numbers due meanwhile are passed; the last second, due at
    // 129 s, is said only if the program goes on within half a second.
    let mut c = clock("130");
    let mut s = Schedule::new(settings(SideSettings::default(), SideSettings::default()));
    c.start(at(0)).unwrap();
    let before = run_schedule(&c, &mut s, 0, 115_000);
    assert_eq!(
        before.last(),
        Some(&(NoticeKind::Countdown, 20_000, 110_000))
    );
    assert_eq!(s.due(&c, at(129_700)), None, "one, 0.7 s old, is passed");
    assert_eq!(s.due(&c, at(129_800)), None, "nothing more is due");

    let mut c = clock("130");
    let mut s = Schedule::new(settings(SideSettings::default(), SideSettings::default()));
    c.start(at(0)).unwrap();
    run_schedule(&c, &mut s, 0, 115_000);
    let one = s.due(&c, at(129_400)).expect("one, 0.4 s old, is current");
    assert_eq!(
        (one.kind, one.left),
        (NoticeKind::Countdown, Duration::from_secs(1))
    );
}
