//! The clock driven by a fake time line: every mode and the edge cases.

use std::time::Duration;

use shakmaty::Color::{Black, White};

use super::schedule::{ClockSettings, NoticeKind, Schedule, SideSettings};
use super::words::ClockWords;
use super::*;
use crate::speech::{Earcon, Priority};

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn at(n_ms: u64) -> Instant {
    Instant::from_millis(n_ms)
}

fn clock(tag: &str) -> ChessClock {
    ChessClock::new(tag.parse().unwrap())
}

#[test]
fn sudden_death_charges_exactly_the_time_taken() {
    let mut c = clock("60");
    c.start(at(1000)).unwrap();
    assert_eq!(c.remaining(White, at(1500)), ms(59_500));
    c.press(at(4_250)).unwrap();
    assert_eq!(c.remaining(White, at(9_000)), ms(56_750));
    assert_eq!(c.remaining(Black, at(9_000)), ms(55_250));
    assert_eq!(c.to_move(), Black);
    assert_eq!(c.moves(White), 1);
    assert_eq!(c.used(White, at(9_000)), ms(3_250));
    assert_eq!(c.used(Black, at(9_000)), ms(4_750));
}

#[test]
fn increment_is_added_on_the_first_move_too() {
    let mut c = clock("60+5");
    c.start(at(0)).unwrap();
    c.press(at(2_000)).unwrap();
    assert_eq!(c.remaining(White, at(2_000)), secs(63));
    let events = c.poll(at(2_000));
    assert!(events.contains(&ClockEvent::MoveCompleted {
        side: White,
        moves: 1,
        remaining: secs(63),
        took: secs(2),
    }));
}

#[test]
fn a_press_exactly_at_zero_is_in_time_a_millisecond_later_is_not() {
    let mut c = clock("10+2");
    c.start(at(0)).unwrap();
    assert_eq!(c.flag_due(), Some(at(10_000)));
    c.press(at(10_000)).unwrap();
    assert_eq!(c.remaining(White, at(10_000)), secs(2));
    assert_eq!(c.flag(), None);

    let mut late = clock("10+2");
    late.start(at(0)).unwrap();
    let err = late.press(at(10_001)).unwrap_err();
    let flag = FlagFall {
        side: White,
        at: at(10_000),
        moves: 0,
    };
    assert_eq!(err, ClockError::FlagFallen(flag));
    assert_eq!(
        late.poll(at(10_001)).last(),
        Some(&ClockEvent::FlagFall(flag))
    );
    assert_eq!(late.remaining(White, at(20_000)), Duration::ZERO);
    assert_eq!(late.used(White, at(20_000)), secs(10));
}

#[test]
fn delay_longer_than_the_move_leaves_the_main_time_alone() {
    for tag in ["60d5", "60b5"] {
        let mut c = clock(tag);
        c.start(at(0)).unwrap();
        c.press(at(3_000)).unwrap();
        assert_eq!(c.remaining(White, at(3_000)), secs(60), "{tag}");
        c.press(at(3_000 + 8_000)).unwrap();
        assert_eq!(c.remaining(Black, at(11_000)), secs(57), "{tag}");
        // Used time is the real time, delay or not.
        assert_eq!(c.used(White, at(11_000)), secs(3), "{tag}");
    }
}

#[test]
fn delay_mode_waits_bronstein_counts_down_from_the_start() {
    let mut delay = clock("60d5");
    let mut bronstein = clock("60b5");
    delay.start(at(0)).unwrap();
    bronstein.start(at(0)).unwrap();
    assert_eq!(delay.remaining(White, at(4_000)), secs(60));
    assert_eq!(bronstein.remaining(White, at(4_000)), secs(56));
    assert_eq!(delay.remaining(White, at(7_000)), secs(58));
    assert_eq!(bronstein.remaining(White, at(7_000)), secs(53));
    assert_eq!(delay.flag_due(), Some(at(65_000)));
    assert_eq!(bronstein.flag_due(), Some(at(60_000)));
}

#[test]
fn bronstein_flag_falls_inside_the_delay_when_main_time_is_short() {
    let mut c = clock("3b5");
    c.start(at(0)).unwrap();
    assert!(
        c.poll(at(3_000))
            .iter()
            .all(|e| !matches!(e, ClockEvent::FlagFall(_)))
    );
    let events = c.poll(at(3_001));
    assert!(events.contains(&ClockEvent::FlagFall(FlagFall {
        side: White,
        at: at(3_000),
        moves: 0
    })));
    let mut d = clock("3d5");
    d.start(at(0)).unwrap();
    d.press(at(7_999)).unwrap();
    assert_eq!(d.remaining(White, at(7_999)), ms(1));
}

#[test]
fn period_time_is_added_when_the_move_count_is_reached_on_the_last_second() {
    let mut c = clock("2/10+1:20+3");
    c.start(at(0)).unwrap();
    c.press(at(5_000)).unwrap(); // W1: 10 - 5 + 1 = 6
    c.press(at(6_000)).unwrap(); // B1: 10 - 1 + 1 = 10
    assert_eq!(c.poll(at(6_000)).len(), 3);
    // White's second move uses all 6 seconds but the last: 1 + 1 + 20.
    c.press(at(11_000)).unwrap();
    assert_eq!(c.remaining(White, at(11_000)), secs(22));
    let events = c.poll(at(11_000));
    assert_eq!(
        events[0],
        ClockEvent::PeriodAdded {
            side: White,
            period: 1,
            added: secs(20)
        }
    );
    assert_eq!(c.period(White), 1);
    assert_eq!(c.period(Black), 0);
    // The next period's increment applies from White's third move.
    c.press(at(12_000)).unwrap();
    c.press(at(14_000)).unwrap();
    assert_eq!(c.remaining(White, at(14_000)), secs(23));
}

#[test]
fn period_boundary_at_exactly_zero_still_adds_the_period() {
    let mut c = clock("1/5:5");
    c.start(at(0)).unwrap();
    c.press(at(5_000)).unwrap();
    assert_eq!(c.remaining(White, at(5_000)), secs(5));
    assert_eq!(c.flag(), None);
}

#[test]
fn a_repeating_last_period_adds_its_time_every_time() {
    let mut c = clock("1/10");
    c.start(at(0)).unwrap();
    let mut t = 0;
    for _ in 0..3 {
        t += 1_000;
        c.press(at(t)).unwrap();
        t += 1_000;
        c.press(at(t)).unwrap();
    }
    assert_eq!(c.remaining(White, at(t)), secs(37));
}

#[test]
fn pause_stops_the_clock_and_resume_goes_on() {
    let mut c = clock("60");
    c.start(at(0)).unwrap();
    c.pause(at(10_000)).unwrap();
    assert_eq!(c.remaining(White, at(500_000)), secs(50));
    assert_eq!(c.press(at(500_000)), Err(ClockError::Paused));
    c.resume(at(500_000)).unwrap();
    assert_eq!(c.remaining(White, at(505_000)), secs(45));
    assert_eq!(c.flag_due(), Some(at(550_000)));
    assert_eq!(c.used(White, at(505_000)), secs(15));
}

#[test]
fn pause_after_the_flag_fell_records_the_flag_at_expiry() {
    let mut c = clock("10d2");
    c.start(at(0)).unwrap();
    let err = c.pause(at(30_000)).unwrap_err();
    let flag = FlagFall {
        side: White,
        at: at(12_000),
        moves: 0,
    };
    assert_eq!(err, ClockError::FlagFallen(flag));
    assert_eq!(c.flag(), Some(flag));
    assert!(c.is_paused());
    assert_eq!(c.used(White, at(40_000)), secs(12));
    // No time, no restart; the arbiter gives a minute, the game goes on.
    assert_eq!(c.resume(at(40_000)), Err(ClockError::NoTimeLeft));
    c.add_time(White, secs(60), at(41_000));
    c.resume(at(42_000)).unwrap();
    assert_eq!(c.flag(), None);
    assert_eq!(c.remaining(White, at(43_000)), secs(59));
}

#[test]
fn a_pause_just_before_the_flag_saves_it() {
    let mut c = clock("10");
    c.start(at(0)).unwrap();
    c.pause(at(9_999)).unwrap();
    assert!(
        c.poll(at(100_000))
            .iter()
            .all(|e| !matches!(e, ClockEvent::FlagFall(_)))
    );
    assert_eq!(c.remaining(White, at(100_000)), ms(1));
}

#[test]
fn adjustments_while_running_move_the_flag() {
    let mut c = clock("60+1");
    c.start(at(0)).unwrap();
    c.add_time(White, secs(30), at(10_000));
    assert_eq!(c.remaining(White, at(10_000)), secs(80));
    assert_eq!(c.flag_due(), Some(at(90_000)));
    c.remove_time(White, secs(70), at(20_000));
    assert_eq!(c.remaining(White, at(20_000)), secs(0));
    assert_eq!(c.flag_due(), Some(at(20_000)));
    c.set_time(White, secs(5), at(20_000));
    assert_eq!(c.remaining(White, at(21_000)), secs(4));
    c.set_time(Black, secs(100), at(21_000));
    c.press(at(22_000)).unwrap();
    assert_eq!(c.remaining(White, at(22_000)), secs(4));
    assert_eq!(c.remaining(Black, at(25_000)), secs(97));
}

#[test]
fn adjustments_in_delay_mode_keep_the_delay() {
    let mut c = clock("60d10");
    c.start(at(0)).unwrap();
    // Within the delay: the display shows the main time untouched.
    c.set_time(White, secs(30), at(4_000));
    assert_eq!(c.remaining(White, at(9_000)), secs(30));
    assert_eq!(c.remaining(White, at(12_000)), secs(28));
    assert_eq!(c.flag_due(), Some(at(40_000)));
    c.press(at(12_000)).unwrap();
    assert_eq!(c.remaining(White, at(12_000)), secs(28));
}

#[test]
fn setting_the_move_counter_moves_the_period() {
    let mut c = clock("40/5400+30:1800+30");
    c.start(at(0)).unwrap();
    c.set_moves(White, 40, at(1_000));
    assert_eq!(c.period(White), 1);
    assert_eq!(c.remaining(White, at(1_000)), secs(5399));
    c.set_moves(White, 39, at(1_000));
    c.press(at(2_000)).unwrap();
    // Move 40 completed: the second period's half hour is added.
    assert_eq!(c.remaining(White, at(2_000)), secs(5398 + 30 + 1800));
}

#[test]
fn penalty_gives_the_opponent_two_minutes_or_one_in_rapid() {
    let mut c = ChessClock::new(TimeControl::preset("standard").unwrap());
    c.start(at(0)).unwrap();
    assert_eq!(c.penalty(White, at(1_000)), secs(120));
    assert_eq!(c.remaining(Black, at(1_000)), secs(5400 + 120));
    assert_eq!(c.remaining(White, at(1_000)), secs(5399));
    let mut r = ChessClock::new(TimeControl::preset("rapid").unwrap());
    r.start(at(0)).unwrap();
    assert_eq!(r.penalty(Black, at(1_000)), secs(60));
    assert_eq!(r.remaining(White, at(1_000)), secs(900 + 60 - 1));
}

#[test]
fn restore_sets_both_clocks_to_what_they_showed_after_a_move() {
    let mut c = clock("300+2");
    c.start(at(0)).unwrap();
    let mut t = 0;
    for took in [3_000, 4_000, 5_000, 6_000, 7_000] {
        t += took;
        c.press(at(t)).unwrap();
    }
    assert_eq!(c.history().len(), 6);
    let after_two = c.history()[2];
    assert_eq!(after_two.remaining, [secs(299), secs(298)]);
    c.restore_after(2, at(t + 1_000)).unwrap();
    assert!(c.is_paused());
    assert_eq!(c.to_move(), White);
    assert_eq!(c.remaining(White, at(t + 9_000)), secs(299));
    assert_eq!(c.remaining(Black, at(t + 9_000)), secs(298));
    assert_eq!((c.moves(White), c.moves(Black)), (1, 1));
    assert_eq!(c.history().len(), 3);
    assert_eq!(
        c.restore_after(7, at(t + 9_000)),
        Err(ClockError::NoSuchPly(7))
    );
    c.resume(at(t + 10_000)).unwrap();
    c.press(at(t + 11_000)).unwrap();
    assert_eq!(c.remaining(White, at(t + 11_000)), secs(300));
}

#[test]
fn time_never_goes_back() {
    let mut c = clock("60");
    c.start(at(10_000)).unwrap();
    c.press(at(12_000)).unwrap();
    c.press(at(11_000)).unwrap();
    assert_eq!(c.remaining(Black, at(11_000)), secs(60));
    assert_eq!(c.remaining(White, at(12_000)), secs(58));
}

#[test]
fn errors_before_start_and_while_running() {
    let mut c = clock("60");
    assert_eq!(c.press(at(0)), Err(ClockError::NotStarted));
    assert_eq!(c.pause(at(0)), Err(ClockError::NotStarted));
    c.start(at(0)).unwrap();
    assert_eq!(c.start(at(0)), Err(ClockError::Running));
    assert_eq!(c.resume(at(0)), Err(ClockError::Running));
}

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
    c.start(at(0)).unwrap();
    assert_eq!(s.due(&c, at(20_000)).map(|n| n.left), Some(secs(600)));
    c.press(at(25_000)).unwrap(); // White now has 625 s again
    c.press(at(26_000)).unwrap();
    // Back on White's clock: 10 minutes is ahead again, 25 s from now.
    assert_eq!(s.next_due(&c), Some(at(51_000)));
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
    let u = speak::notice(&words, &notice(NoticeKind::Countdown, secs(7)));
    assert_eq!(u.text, "siete");
    let added = ClockEvent::PeriodAdded {
        side: White,
        period: 1,
        added: secs(1800),
    };
    let u = speak::event(&ClockWords::builtin("pt"), &all, &added).unwrap();
    assert_eq!(u.text, "Brancas: mais trinta minutos");
}

#[test]
fn delay_mode_with_no_main_time_left_still_has_the_delay() {
    let mut c = clock("3d5");
    c.start(at(0)).unwrap();
    c.press(at(8_000)).unwrap(); // exactly at zero: in time, main time 0
    c.press(at(9_000)).unwrap();
    assert_eq!(c.remaining(White, at(9_000)), Duration::ZERO);
    assert_eq!(c.flag_due(), Some(at(14_000)));
    c.press(at(13_000)).unwrap();
    assert_eq!(c.flag(), None);
    assert_eq!(c.remaining(White, at(13_000)), Duration::ZERO);
}

#[test]
fn a_clock_paused_at_exactly_zero_restarts_and_its_flag_falls_at_once() {
    let mut c = clock("10");
    c.start(at(0)).unwrap();
    c.pause(at(10_000)).unwrap();
    assert_eq!(c.flag(), None);
    c.resume(at(20_000)).unwrap();
    assert_eq!(c.flag_due(), Some(at(20_000)));
    assert!(matches!(
        c.press(at(20_001)),
        Err(ClockError::FlagFallen(FlagFall { at: t, .. })) if t == at(20_000)
    ));
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
