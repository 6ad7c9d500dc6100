//! Property tests of the PGN `TimeControl` tag: whatever is written reads
//! back the same, and no input, however malformed, makes the reader panic.

use std::time::Duration;

use proptest::prelude::*;
use zweibrett::clock::{Bonus, Period, TimeControl};

fn millis() -> impl Strategy<Value = Duration> {
    prop_oneof![
        (0u64..20_000).prop_map(Duration::from_secs),
        (0u64..20_000_000).prop_map(Duration::from_millis),
    ]
}

fn bonus() -> impl Strategy<Value = Bonus> {
    prop_oneof![
        Just(Bonus::None),
        millis().prop_map(Bonus::Increment),
        millis().prop_map(Bonus::Delay),
        millis().prop_map(Bonus::Bronstein),
    ]
}

fn period(last: bool) -> impl Strategy<Value = Period> {
    let moves = if last {
        prop::option::of(1u32..200).boxed()
    } else {
        (1u32..200).prop_map(Some).boxed()
    };
    (moves, millis(), bonus())
        .prop_filter("a period needs some time", |(_, time, bonus)| {
            !(time.is_zero() && *bonus == Bonus::None)
        })
        .prop_map(|(moves, time, bonus)| Period { moves, time, bonus })
}

fn control() -> impl Strategy<Value = TimeControl> {
    (prop::collection::vec(period(false), 0..4), period(true)).prop_map(|(mut first, last)| {
        first.push(last);
        TimeControl::new(first).unwrap()
    })
}

proptest! {
    #[test]
    fn format_then_parse_gives_the_same_control(tc in control()) {
        let text = tc.to_string();
        let back: TimeControl = text.parse().unwrap();
        prop_assert_eq!(&back, &tc);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn the_reader_never_panics(text in "\\PC{0,40}") {
        let _ = text.parse::<TimeControl>();
        let _ = TimeControl::named_or_parsed(&text);
    }

    #[test]
    fn near_misses_are_refused_with_the_text_quoted(
        text in "[0-9/+:db.x*?-]{0,24}"
    ) {
        match text.parse::<TimeControl>() {
            Ok(tc) => {
                // Anything accepted also round-trips through its own format.
                let again: TimeControl = tc.to_string().parse().unwrap();
                prop_assert_eq!(again, tc);
            }
            Err(e) => {
                let quoted = format!("\"{text}\"");
                prop_assert!(e.to_string().contains(&quoted));
            }
        }
    }
}
