//! The clock driven by a fake time line: every mode and the edge cases.

use std::time::Duration;

use shakmaty::Color::{Black, White};

use super::*;

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
    // The increment is White's from the start (Glossary "incremento"):
    // 10 s + 2 s gives 12 s for the first move.
    let mut c = clock("10+2");
    assert_eq!(c.remaining(White, at(0)), secs(12));
    c.start(at(0)).unwrap();
    assert_eq!(c.flag_due(), Some(at(12_000)));
    c.press(at(12_000)).unwrap();
    assert_eq!(c.remaining(White, at(12_000)), secs(0));
    assert_eq!(c.flag(), None);

    let mut late = clock("10+2");
    late.start(at(0)).unwrap();
    let flag = FlagFall {
        side: White,
        at: at(12_000),
        moves: 0,
    };
    assert_eq!(
        late.poll(at(12_001)).last(),
        Some(&ClockEvent::FlagFall(flag))
    );
    // The clock runs on (6.9, A.5.3): the move is completed, White's
    // display stays at zero with no increment, and Black's clock runs.
    late.press(at(13_000)).unwrap();
    assert_eq!(late.flag(), Some(flag));
    assert_eq!(late.remaining(White, at(20_000)), Duration::ZERO);
    assert_eq!(late.used(White, at(20_000)), secs(13));
    assert_eq!(late.remaining(Black, at(20_000)), secs(5));
    late.press(at(20_000)).unwrap();
    assert_eq!(late.remaining(White, at(25_000)), Duration::ZERO);
    assert_eq!(late.flag_due(), None, "a fallen flag falls once");
    late.poll(at(25_000));
    assert!(late.poll(at(30_000)).is_empty());
}

#[test]
fn the_second_flag_falls_too_and_the_first_is_the_one_claimed() {
    let mut c = clock("10");
    c.start(at(0)).unwrap();
    c.press(at(11_000)).unwrap();
    c.press(at(25_000)).unwrap();
    assert!(c.has_fallen(White) && c.has_fallen(Black));
    assert_eq!(c.flag().map(|f| f.side), Some(White));
    assert_eq!(c.flag().map(|f| f.at), Some(at(10_000)));
}

#[test]
fn a_fallen_player_reaching_the_next_period_gets_no_time_until_the_arbiter_gives_it() {
    let mut c = clock("2/10:60");
    c.start(at(0)).unwrap();
    c.press(at(1_000)).unwrap();
    c.press(at(2_000)).unwrap();
    c.press(at(20_000)).unwrap(); // White's second move: flag fell at 11 s
    assert!(c.has_fallen(White));
    assert_eq!(c.remaining(White, at(21_000)), Duration::ZERO);
    c.add_time(White, secs(60), at(21_000));
    assert!(!c.has_fallen(White));
    assert_eq!(c.remaining(White, at(21_000)), secs(60));
}

#[test]
fn the_increment_comes_before_each_move_from_the_start() {
    // 3 s + 2 s: White starts at 5 s, so a move after 3.6 s is in time.
    let mut c = clock("3+2");
    assert_eq!(c.remaining(White, at(0)), secs(5));
    assert_eq!(c.remaining(Black, at(0)), secs(3));
    c.start(at(0)).unwrap();
    c.press(at(3_600)).unwrap();
    assert_eq!(c.flag(), None);
    assert_eq!(c.remaining(White, at(3_600)), ms(1_400));
    // Black's clock starts with Black's increment in it.
    assert_eq!(c.remaining(Black, at(3_600)), secs(5));
    c.press(at(4_600)).unwrap();
    assert_eq!(c.remaining(Black, at(4_600)), secs(4));
    assert_eq!(c.remaining(White, at(4_600)), ms(3_400));
    // Delay modes add nothing up front.
    assert_eq!(clock("3d2").remaining(White, at(0)), secs(3));
    assert_eq!(clock("3b2").remaining(White, at(0)), secs(3));
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
    c.pause(at(30_000)).unwrap();
    let flag = FlagFall {
        side: White,
        at: at(12_000),
        moves: 0,
    };
    assert_eq!(c.flag(), Some(flag));
    assert!(c.is_paused());
    assert_eq!(c.used(White, at(40_000)), secs(30));
    assert_eq!(c.remaining(White, at(40_000)), Duration::ZERO);
    // The arbiter gives a minute: the flag is lifted, the game goes on.
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
    // White's first move has 60 + 1 s (the increment before the move).
    let mut c = clock("60+1");
    c.start(at(0)).unwrap();
    c.add_time(White, secs(30), at(10_000));
    assert_eq!(c.remaining(White, at(10_000)), secs(81));
    assert_eq!(c.flag_due(), Some(at(91_000)));
    c.remove_time(White, secs(71), at(20_000));
    assert_eq!(c.remaining(White, at(20_000)), secs(0));
    assert_eq!(c.flag_due(), Some(at(20_000)));
    c.set_time(White, secs(5), at(20_000));
    assert_eq!(c.remaining(White, at(21_000)), secs(4));
    c.set_time(Black, secs(100), at(21_000));
    c.press(at(22_000)).unwrap();
    assert_eq!(c.remaining(White, at(22_000)), secs(3));
    // Black's increment is added as Black's clock starts.
    assert_eq!(c.remaining(Black, at(25_000)), secs(98));
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
    assert_eq!(c.remaining(White, at(1_000)), secs(5430 - 1));
    c.set_moves(White, 39, at(1_000));
    c.press(at(2_000)).unwrap();
    // Move 40 completed: the second period's half hour is added.
    assert_eq!(c.remaining(White, at(2_000)), secs(5430 - 2 + 1800));
}

#[test]
fn the_arbiter_installs_a_new_control_and_keeps_the_times() {
    let mut c = clock("900");
    c.start(at(0)).unwrap();
    c.press(at(10_000)).unwrap();
    c.set_control("900+5".parse().unwrap(), at(12_000));
    assert_eq!(c.remaining(Black, at(12_000)), secs(898));
    assert_eq!(c.remaining(White, at(12_000)), secs(890));
    c.press(at(13_000)).unwrap();
    // White's next move has the new increment before it.
    assert_eq!(c.remaining(White, at(13_000)), secs(895));
    assert_eq!(c.control().to_string(), "900+5");
}

#[test]
fn penalty_gives_the_opponent_two_minutes_or_one_in_rapid() {
    let mut c = ChessClock::new(TimeControl::preset("standard").unwrap());
    c.start(at(0)).unwrap();
    assert_eq!(c.penalty(White, at(1_000)), secs(120));
    assert_eq!(c.remaining(Black, at(1_000)), secs(5400 + 120));
    assert_eq!(c.remaining(White, at(1_000)), secs(5430 - 1));
    let mut r = ChessClock::new(TimeControl::preset("rapid").unwrap());
    r.start(at(0)).unwrap();
    assert_eq!(r.penalty(Black, at(1_000)), secs(60));
    assert_eq!(r.remaining(White, at(1_000)), secs(910 + 60 - 1));
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
    // White's clock, started again, holds the increment of move 2.
    assert_eq!(after_two.remaining, [secs(301), secs(298)]);
    c.restore_after(2, at(t + 1_000)).unwrap();
    assert!(c.is_paused());
    assert_eq!(c.to_move(), White);
    assert_eq!(c.remaining(White, at(t + 9_000)), secs(301));
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
    c.press(at(20_001)).unwrap();
    assert_eq!(c.flag().map(|f| f.at), Some(at(20_000)));
}

mod announce;

#[test]
fn a_clock_set_for_black_first_starts_blacks_clock() {
    let mut c = ChessClock::with_first_to_move("60".parse().unwrap(), Black);
    assert_eq!(c.first_to_move(), Black);
    assert_eq!(c.history()[0].to_move, Black);
    c.start(at(0)).unwrap();
    assert_eq!(c.to_move(), Black);
    assert_eq!(c.remaining(Black, at(2_000)), secs(58));
    assert_eq!(c.remaining(White, at(2_000)), secs(60));
    c.press(at(2_000)).unwrap();
    c.press(at(5_000)).unwrap();
    assert_eq!((c.moves(Black), c.moves(White)), (1, 1));
    // Black's move 1 is the first half-move, White's the second.
    c.restore_after_move(1, Black, at(6_000)).unwrap();
    assert_eq!(c.to_move(), White);
    assert_eq!(c.remaining(White, at(6_000)), secs(60));
    assert_eq!(c.remaining(Black, at(6_000)), secs(58));
    assert_eq!(
        ChessClock::new("60".parse().unwrap()).first_to_move(),
        White
    );
}
