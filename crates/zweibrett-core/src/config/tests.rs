//! The configuration read, overlaid and refused with file, line and key.

use super::*;

#[derive(serde::Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Sample {
    a: u32,
    #[serde(default)]
    b: Option<String>,
}

#[test]
fn the_shipped_defaults_parse() {
    let table: toml::Table = toml::from_str(DEFAULT_TOML).unwrap();
    assert!(!table.is_empty());
    assert_eq!(Config::defaults().table, table);
}

#[test]
fn user_values_overlay_the_defaults_key_by_key() {
    let config = Config::with_user_text("voice = \"en\"\n[sample]\na = 3\n", "mine.toml").unwrap();
    assert_eq!(config.string("voice"), Some("en"));
    let sample: Sample = config.section("sample").unwrap();
    assert_eq!(sample.a, 3);
    assert_eq!(sample.b, None);
}

#[test]
fn a_bad_key_names_file_section_and_key() {
    let config = Config::with_user_text("[sample]\na = 3\nc = 1\n", "mine.toml").unwrap();
    let err = config.section::<Sample>("sample").unwrap_err().to_string();
    assert!(
        err.contains("mine.toml") && err.contains("[sample]") && err.contains('c'),
        "{err}"
    );
}

#[test]
fn broken_toml_is_refused_with_its_line() {
    let err = Config::with_user_text("voice = \n", "mine.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("mine.toml") && err.contains("line 1"), "{err}");
}

#[derive(serde::Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Speech {
    backend: String,
    rate: i32,
    volume: u32,
    #[serde(rename = "system_voice", alias = "voice", default)]
    voice: String,
    earcons: bool,
    system_timeout_ms: u64,
    routine_max_age_ms: u64,
    word_gap_ms: u64,
    profile: String,
    priority: String,
}

impl Ranges for Speech {
    fn out_of_range(&self) -> Option<OutOfRange> {
        OutOfRange::check("rate", self.rate, -100, 100)
            .or_else(|| OutOfRange::check("volume", self.volume, 0, 100))
    }
}

fn fault(text: &str) -> String {
    let config = Config::with_user_text(text, "config.toml").unwrap();
    config
        .check_top_level(&["clock", "speech", "ui", "game"], &["voice"])
        .and_then(|()| config.checked_section::<Speech>("speech").map(|_| ()))
        .and_then(|()| {
            config
                .checked_section::<crate::clock::schedule::ClockSettings>("clock")
                .map(|_| ())
        })
        .unwrap_err()
        .to_string()
}

#[test]
fn an_unknown_section_is_named_with_its_line_and_the_nearest_one() {
    assert_eq!(
        fault("voice = \"en\"\n\n[speach]\nrate = 1\n"),
        "config.toml, line 3: unknown section [speach] (did you mean `speech`?); \
         known: voice, clock, speech, ui, game"
    );
    let far = fault("[loudness]\n");
    assert!(
        far.starts_with("config.toml, line 1: unknown section [loudness]; known:"),
        "{far}"
    );
}

#[test]
fn an_unknown_key_is_named_with_its_line_and_the_nearest_one() {
    assert_eq!(
        fault("[speech]\nrate = 1\nvoise = \"en\"\n"),
        "config.toml, line 3: unknown key `voise` in [speech] (did you mean `voice`?); \
         known: backend, rate, volume, system_voice, voice, earcons, system_timeout_ms, \
         routine_max_age_ms, word_gap_ms, profile, priority"
    );
    let nested = fault("[clock.white]\ncountdown = true\nevery_minute = 5\n");
    assert!(
        nested.starts_with(
            "config.toml, line 3: unknown key `every_minute` in [clock.white] \
             (did you mean `every_minutes`?)"
        ),
        "{nested}"
    );
}

#[test]
fn a_wrong_type_names_key_file_and_line() {
    assert_eq!(
        fault("[speech]\nvolume = 50\nrate = \"x\"\n"),
        "config.toml, line 3: [speech] rate: needs a whole number, not the text \"x\""
    );
    let nested = fault("[clock.black]\n\nthresholds_minutes = [\"one\"]\n");
    assert!(
        nested.starts_with("config.toml, line 3: [clock] black.thresholds_minutes: needs"),
        "{nested}"
    );
    assert_eq!(
        fault("voice = 3\n"),
        "config.toml, line 1: voice must be a text in quotes"
    );
}

#[test]
fn a_number_out_of_range_names_key_line_and_range() {
    assert_eq!(
        fault("[speech]\nrate = 1000\n"),
        "config.toml, line 2: [speech] rate = 1000 is out of range; it may be from -100 to 100"
    );
    assert_eq!(
        fault("[speech]\nrate = 0\n\nvolume = 101\n"),
        "config.toml, line 4: [speech] volume = 101 is out of range; it may be from 0 to 100"
    );
    assert_eq!(
        fault("[speech]\nrate = 0\n[clock.black]\nevery_minutes = 100000\n"),
        "config.toml, line 4: [clock] black.every_minutes = 100000 is out of range; \
         it may be from 0 to 600"
    );
    // A number beyond the type's own range is a type fault on its line.
    let huge = fault("[speech]\nrate = 99999999999\n");
    assert!(
        huge.starts_with("config.toml, line 2: [speech] rate:"),
        "{huge}"
    );
}

#[test]
fn the_shipped_defaults_are_within_every_range() {
    let config = Config::defaults();
    config
        .checked_section::<crate::clock::schedule::ClockSettings>("clock")
        .unwrap();
    config
        .check_top_level(&["clock", "speech", "ui", "game"], &["voice"])
        .unwrap();
}
