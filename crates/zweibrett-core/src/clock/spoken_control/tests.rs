//! The reading of time controls as people say them.

use super::*;

fn read(text: &str) -> String {
    match TimeControl::from_words(text) {
        Ok(tc) => tc.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn controls_as_people_say_them() {
    let cases = [
        ("90 min + 30 s", "5400+30"),
        ("90 minutes plus 30 seconds", "5400+30"),
        ("15 plus 10", "900+10"),
        ("5 min", "300"),
        ("1 h 30 min + 30 s", "5400+30"),
        ("1 hour and 30 minutes", "5400"),
        ("90m+30s", "5400+30"),
        ("3 min + 2 s", "180+2"),
        ("an hour", "3600"),
        (
            "40 moves in 90 min, then 30 min, plus 30 s",
            "40/5400+30:1800+30",
        ),
        (
            "90 min for 40 moves then 30 min with 30 s per move",
            "40/5400:1800+30",
        ),
        ("15 min with 10 s increment", "900+10"),
        ("5 minutes, a delay of 5 seconds per move", "300d5"),
        ("10 min, 5 s delay", "600d5"),
        ("90 min and 30 s", "5430"),
        ("4 min 5 s for 40 moves, then 3 min", "40/245:180"),
        ("15 minutos mais 10 segundos", "900+10"),
        ("15 minutos más 10 segundos por jugada", "900+10"),
        ("90 Minuten plus 30 Sekunden", "5400+30"),
        // "And" joins the units of one time in every pack's language, as
        // the refusal of "90 Minuten 30 Sekunden" tells the player to write.
        ("90 Minuten und 30 Sekunden", "5430"),
        ("90 minutos y 30 segundos", "5430"),
        ("90 minutos e 30 segundos", "5430"),
        ("1 Stunde und 30 Minuten plus 30 Sekunden", "5400+30"),
        ("90 Minuten und 30 Sekunden pro Zug", "5400+30"),
        ("15 Minuten mit 10 Sekunden pro Zug", "900+10"),
        ("1 Stunde 30 Minuten + 30 s", "5400+30"),
        (
            "40 Züge in 90 Minuten, dann 30 Minuten, plus 30 Sekunden pro Zug ab Zug 1",
            "40/5400+30:1800+30",
        ),
    ];
    for (text, tag) in cases {
        assert_eq!(read(text), tag, "{text}");
    }
}

#[test]
fn every_preset_description_reads_back_as_its_control() {
    for (name, tag, description) in crate::clock::control::PRESETS {
        assert_eq!(read(description), *tag, "{name}: {description}");
    }
}

#[test]
fn the_clock_words_description_reads_back() {
    let words = crate::clock::words::ClockWords::builtin("en");
    for tag in [
        "40/5400+30:1800+30",
        "40/7200:20/3600:900+30",
        "180+2",
        "40/5400+30:1800",
        "7200",
    ] {
        let tc: TimeControl = tag.parse().unwrap();
        let said = words.control(&tc);
        assert_eq!(read(&said), tag, "{said}");
    }
}

#[test]
fn what_could_mean_two_things_is_refused_with_both_readings() {
    let err = read("15 + 10");
    assert!(err.contains("15 minutes plus 10 seconds"), "{err}");
    assert!(err.contains("15 seconds plus 10 seconds"), "{err}");
    assert!(err.contains("15+10"), "{err}");
}

#[test]
fn minutes_and_seconds_alone_are_refused_with_both_readings() {
    let err = read("90 min 30 s");
    assert!(
        err.contains("90 minutes and 30 seconds for the game"),
        "{err}"
    );
    assert!(err.contains("90 minutes plus 30 seconds per move"), "{err}");
    assert_eq!(read("90 min 30 s, 10 s per move"), "5430+10");
}

#[test]
fn faults_name_the_part() {
    assert!(read("90").contains("needs a unit"));
    assert!(read("90 then 30 min").contains("the number 90 needs a unit"));
    assert!(read("90 parsecs").contains("\"parsecs\" is not understood"));
    assert!(read("90 min parsecs").contains("\"parsecs\" is not understood"));
    assert!(read("40 moves").contains("without a time"));
    assert!(
        read("30 s per move").contains("no time")
            || read("30 s per move").contains("before any time")
    );
    assert!(read("90 min + 30 s, plus 10 s").contains("two times per move"));
    assert!(read("45 min +").contains("after \"plus\" or \"with\" is missing"));
    assert!(read("45 min with, then 5 min").contains("is missing"));
    assert!(read("90 min + 0 s, plus 10 s").contains("two times per move"));
    // A joining word glued between digits is a slip or an exponent.
    for glued in ["1e9", "3and2", "90y30", "5plus3"] {
        assert!(
            read(glued).contains("is not understood"),
            "{glued}: {}",
            read(glued)
        );
    }
    // Units against their numbers are how people write.
    assert!(!read("3min+2s").contains("not understood"));
}

#[test]
fn looks_spoken_leaves_tags_and_names_alone() {
    assert!(!looks_spoken("40/5400+30:1800+30"));
    assert!(!looks_spoken("300d5"));
    assert!(looks_spoken("15 plus 10"));
    assert!(looks_spoken("90m"));
    assert!(looks_spoken("rapid"));
}

#[test]
fn a_control_that_gives_no_time_is_refused_however_it_is_written() {
    for text in ["0+0", "0d0", "0b0", "40/0+0:0"] {
        let e = TimeControl::named_or_parsed(text).unwrap_err();
        assert!(e.to_string().contains("no time at all"), "{text}: {e}");
    }
    // Time per move alone is a control: "0+5" gives five seconds a move.
    assert!(TimeControl::named_or_parsed("0+5").is_ok());
}

#[test]
fn a_control_has_at_most_eight_periods() {
    let eight = ["40/600"; 8].join(":");
    assert!(TimeControl::named_or_parsed(&eight).is_ok());
    let nine = ["40/600"; 9].join(":");
    let e = TimeControl::named_or_parsed(&nine).unwrap_err();
    assert!(
        e.to_string()
            .contains("9 periods; a time control has at most 8"),
        "{e}"
    );
}

#[test]
fn a_long_input_is_refused_and_never_quoted_whole() {
    for text in [
        "1".repeat(100_000),
        "40/5400:".repeat(10_000),
        format!("90 minutes {}", "and ".repeat(25_000)),
        "9".repeat(150),
        format!("90 min + {} s", "3".repeat(120)),
    ] {
        let e = TimeControl::named_or_parsed(&text).unwrap_err().to_string();
        // The explanation of what is accepted, and short quotes.
        assert!(
            e.chars().count() < 600,
            "{} characters: {e}",
            e.chars().count()
        );
    }
    let e = TimeControl::named_or_parsed(&"1".repeat(100_000))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("100000 characters long; a time control is at most 200"),
        "{e}"
    );
    assert_eq!(quoted("short"), "short");
    assert_eq!(quoted(&"x".repeat(41)), format!("{}…", "x".repeat(40)));
    assert_eq!(quoted(&"ü".repeat(40)), "ü".repeat(40));
}
