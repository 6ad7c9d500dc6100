//! The clock's vocabulary: number words, time units and the sentences of the
//! talking clock (Appendix D.2.6.1: a clock for visually impaired players
//! announces the time and the number of moves), read from a voice pack's
//! `[clock]` table and checked when loaded.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::notation::pack::{VoicePack, fill, placeholders};

/// A unit a number is said with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Hours of thinking time.
    Hour,
    /// Minutes of thinking time.
    Minute,
    /// Seconds of thinking time.
    Second,
    /// Moves completed (D.2.10.4).
    Move,
}

/// How one unit is said: singular, plural, and number forms that agree with
/// the noun ("veintiún minutos", "duas horas").
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitWords {
    /// The singular with its number: "eine Minute".
    pub one: String,
    /// The plural, `{n}` standing for the number: "{n} Minuten".
    pub many: String,
    /// Number words that replace the counting word before this noun, by
    /// number (0 to 99).
    #[serde(default)]
    pub forms: BTreeMap<String, String>,
}

/// The sentences of the talking clock; `{name}` placeholders are filled in.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockPhrases {
    /// A player's time left: `{side}`, `{time}`.
    pub left: String,
    /// One player's part of the answer to a request: `{side}`, `{left}`, `{used}`.
    pub status: String,
    /// The answer to a request (D.2.10.4): `{white}`, `{black}`, `{moves}`.
    pub request: String,
    /// After a press, the mover's time left: `{side}`, `{time}`.
    pub pressed: String,
    /// A period's time was added (Art. 6.3.2): `{side}`, `{time}`.
    pub period_added: String,
    /// A flag fell (Art. 6.9): `{side}`.
    pub flag_fall: String,
    /// Said when the clock is set up: `{time}`, `{press}`.
    pub ready: String,
    /// The clock was started (Art. 6.6): `{side}`.
    pub started: String,
    /// The clock was paused (Art. 6.11).
    pub paused: String,
    /// The clock was restarted: `{side}`.
    pub resumed: String,
    /// A restart was asked of a running clock.
    pub already_running: String,
    /// Something was asked of a clock not yet started.
    pub not_started: String,
    /// A restart was asked with no time left: `{side}`.
    pub no_time: String,
    /// The name of the space bar, the key that presses the clock.
    pub space: String,
    /// The list of commands: `{press}`, `{time}`, `{pause}`, `{resume}`,
    /// `{quit}`, `{help}`.
    pub help: String,
    /// Asks to confirm quitting: `{quit}`.
    pub quit: String,
    /// A command not understood: `{text}`, `{help}`.
    pub unknown: String,
}

/// A voice pack's clock vocabulary, checked.
#[derive(Clone, Debug)]
pub struct ClockWords {
    numbers: Vec<String>,
    hundreds: Vec<String>,
    hundreds_before: Vec<String>,
    hundreds_join: String,
    join: String,
    units: [UnitWords; 4],
    /// The sentences.
    pub phrases: ClockPhrases,
    sides: [String; 2],
}

/// Why a pack's `[clock]` table was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}, key {key}: {problem}")]
pub struct ClockWordsError {
    /// The pack's file.
    pub file: String,
    /// The key holding the bad value.
    pub key: String,
    /// What is wrong.
    pub problem: ClockWordsProblem,
}

/// What is wrong with a value of the `[clock]` table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockWordsProblem {
    /// The pack has no `[clock]` table.
    #[error("the pack has no [clock] table")]
    NoTable,
    /// A key the table does not have.
    #[error("unknown key")]
    UnknownKey,
    /// A key the table needs.
    #[error("missing")]
    Missing,
    /// The value is not of the right shape; the TOML reader's words.
    #[error("{0}")]
    Shape(String),
    /// A list of number words of the wrong length.
    #[error("{needed} words are needed, {given} are given")]
    Count {
        /// How many the list must hold.
        needed: usize,
        /// How many it holds.
        given: usize,
    },
    /// An empty word.
    #[error("the word is empty")]
    EmptyWord,
    /// An empty sentence.
    #[error("the phrase is empty")]
    EmptyPhrase,
    /// A plural without `{n}`.
    #[error("the plural must hold {{n}} where the number goes")]
    PluralWithoutNumber,
    /// A number form outside 0 to 99.
    #[error("a form is for a number from 0 to 99")]
    FormOutOfRange,
    /// A placeholder the sentence cannot have.
    #[error("unknown placeholder {{{name}}}; this phrase may use: {allowed}")]
    UnknownPlaceholder {
        /// The placeholder found.
        name: String,
        /// The placeholders allowed, written out.
        allowed: String,
    },
}

const KEYS: &[&str] = &[
    "numbers",
    "hundreds",
    "hundreds_before",
    "hundreds_join",
    "join",
    "hour",
    "minute",
    "second",
    "move",
    "phrases",
];

impl ClockWords {
    /// Reads and checks the `[clock]` table of a voice pack.
    pub fn from_pack(pack: &VoicePack) -> Result<ClockWords, ClockWordsError> {
        let file = pack.source_name();
        let err = |key: &str, problem: ClockWordsProblem| ClockWordsError {
            file: file.clone(),
            key: format!("clock.{key}"),
            problem,
        };
        let table = pack.clock_table().ok_or_else(|| ClockWordsError {
            file: file.clone(),
            key: "clock".to_string(),
            problem: ClockWordsProblem::NoTable,
        })?;
        if let Some(unknown) = table.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(err(unknown, ClockWordsProblem::UnknownKey));
        }
        let get = |key: &str| -> Result<toml::Value, ClockWordsError> {
            table
                .get(key)
                .cloned()
                .ok_or_else(|| err(key, ClockWordsProblem::Missing))
        };
        fn read<T: DeserializeOwned>(
            value: toml::Value,
            key: &str,
            err: &dyn Fn(&str, ClockWordsProblem) -> ClockWordsError,
        ) -> Result<T, ClockWordsError> {
            value.try_into().map_err(|e: toml::de::Error| {
                err(key, ClockWordsProblem::Shape(e.message().to_string()))
            })
        }
        let list = |key: &str, len: usize| -> Result<Vec<String>, ClockWordsError> {
            let words: Vec<String> = read(get(key)?, key, &err)?;
            if words.len() != len {
                return Err(err(
                    key,
                    ClockWordsProblem::Count {
                        needed: len,
                        given: words.len(),
                    },
                ));
            }
            if let Some(i) = words.iter().position(|w| w.trim().is_empty()) {
                return Err(err(&format!("{key}[{i}]"), ClockWordsProblem::EmptyWord));
            }
            Ok(words)
        };
        let numbers = list("numbers", 100)?;
        let hundreds = list("hundreds", 9)?;
        let hundreds_before = list("hundreds_before", 9)?;
        let hundreds_join: String = read(get("hundreds_join")?, "hundreds_join", &err)?;
        let join: String = read(get("join")?, "join", &err)?;
        let unit = |key: &str| -> Result<UnitWords, ClockWordsError> {
            let words: UnitWords = read(get(key)?, key, &err)?;
            if words.one.trim().is_empty() {
                return Err(err(&format!("{key}.one"), ClockWordsProblem::EmptyWord));
            }
            if !words.many.contains("{n}") {
                return Err(err(
                    &format!("{key}.many"),
                    ClockWordsProblem::PluralWithoutNumber,
                ));
            }
            check_placeholders(&words.many, &["n"]).map_err(|p| err(&format!("{key}.many"), p))?;
            for (n, word) in &words.forms {
                let k = format!("{key}.forms.{n}");
                match n.parse::<u32>() {
                    Ok(v) if v < 100 && !word.trim().is_empty() => {}
                    Ok(v) if v < 100 => return Err(err(&k, ClockWordsProblem::EmptyWord)),
                    _ => return Err(err(&k, ClockWordsProblem::FormOutOfRange)),
                }
            }
            Ok(words)
        };
        let units = [
            unit("hour")?,
            unit("minute")?,
            unit("second")?,
            unit("move")?,
        ];
        let phrases: ClockPhrases = read(get("phrases")?, "phrases", &err)?;
        check_phrases(&phrases).map_err(|(key, p)| err(&format!("phrases.{key}"), p))?;
        Ok(ClockWords {
            numbers,
            hundreds,
            hundreds_before,
            hundreds_join,
            join,
            units,
            phrases,
            sides: [
                pack.side(shakmaty::Color::White).to_string(),
                pack.side(shakmaty::Color::Black).to_string(),
            ],
        })
    }

    /// The clock words of a built-in pack; panics only if a shipped pack is
    /// broken, which the tests rule out.
    pub fn builtin(id: &str) -> ClockWords {
        ClockWords::from_pack(&VoicePack::builtin(id)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A number as a word, in the form its unit wants when one is given.
    /// Numbers of 1000 and more are given as digits.
    pub fn number(&self, n: u64, unit: Option<Unit>) -> String {
        let small = |k: u64| -> String {
            unit.and_then(|u| self.unit(u).forms.get(&k.to_string()).cloned())
                .unwrap_or_else(|| self.numbers[k as usize].clone())
        };
        match n {
            0..=99 => small(n),
            100..=999 => {
                let (h, rest) = ((n / 100) as usize - 1, n % 100);
                if rest == 0 {
                    self.hundreds[h].clone()
                } else {
                    format!(
                        "{}{}{}",
                        self.hundreds_before[h],
                        self.hundreds_join,
                        small(rest)
                    )
                }
            }
            _ => n.to_string(),
        }
    }

    /// A count with its unit, singular or plural: "eine Stunde",
    /// "dreiundzwanzig Züge".
    pub fn count(&self, n: u64, unit: Unit) -> String {
        let words = self.unit(unit);
        if n == 1 {
            words.one.clone()
        } else {
            fill(&words.many, &[("n", &self.number(n, Some(unit)))])
        }
    }

    /// A time as spoken on the clock, at the precision that matters: hours
    /// and minutes from ten minutes up, minutes and seconds below, seconds in
    /// the last minute. Parts that are zero are left out.
    pub fn time(&self, secs: u64) -> String {
        let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        let parts: Vec<String> = if secs >= 3600 {
            let mut p = vec![self.count(h, Unit::Hour)];
            if m > 0 {
                p.push(self.count(m, Unit::Minute));
            }
            p
        } else if secs >= 600 || (secs >= 60 && s == 0) {
            vec![self.count(secs / 60, Unit::Minute)]
        } else if secs >= 60 {
            vec![
                self.count(secs / 60, Unit::Minute),
                self.count(s, Unit::Second),
            ]
        } else {
            vec![self.count(secs, Unit::Second)]
        };
        parts.join(&self.join)
    }

    /// Time left, rounded up to the second as a clock display shows it: zero
    /// only once it is really gone.
    pub fn time_left(&self, left: Duration) -> String {
        self.time(left.as_millis().div_ceil(1000) as u64)
    }

    /// Time used, in whole seconds.
    pub fn time_used(&self, used: Duration) -> String {
        self.time(used.as_secs())
    }

    /// The name of a side, from the pack.
    pub fn side(&self, color: shakmaty::Color) -> &str {
        &self.sides[usize::from(color == shakmaty::Color::Black)]
    }

    fn unit(&self, unit: Unit) -> &UnitWords {
        &self.units[unit as usize]
    }
}

fn check_placeholders(text: &str, allowed: &[&str]) -> Result<(), ClockWordsProblem> {
    for name in placeholders(text) {
        if !allowed.contains(&name) {
            let list: Vec<String> = allowed.iter().map(|a| format!("{{{a}}}")).collect();
            return Err(ClockWordsProblem::UnknownPlaceholder {
                name: name.to_string(),
                allowed: list.join(" "),
            });
        }
    }
    Ok(())
}

fn check_phrases(p: &ClockPhrases) -> Result<(), (&'static str, ClockWordsProblem)> {
    let table: [(&str, &String, &[&str]); 17] = [
        ("space", &p.space, &[]),
        ("left", &p.left, &["side", "time"]),
        ("status", &p.status, &["side", "left", "used"]),
        ("request", &p.request, &["white", "black", "moves"]),
        ("pressed", &p.pressed, &["side", "time"]),
        ("period_added", &p.period_added, &["side", "time"]),
        ("flag_fall", &p.flag_fall, &["side"]),
        ("ready", &p.ready, &["time", "press"]),
        ("started", &p.started, &["side"]),
        ("paused", &p.paused, &[]),
        ("resumed", &p.resumed, &["side"]),
        ("already_running", &p.already_running, &[]),
        ("not_started", &p.not_started, &[]),
        ("no_time", &p.no_time, &["side"]),
        (
            "help",
            &p.help,
            &["press", "time", "pause", "resume", "quit", "help"],
        ),
        ("quit", &p.quit, &["quit"]),
        ("unknown", &p.unknown, &["text", "help"]),
    ];
    for (key, text, allowed) in table {
        if text.trim().is_empty() {
            return Err((key, ClockWordsProblem::EmptyPhrase));
        }
        check_placeholders(text, allowed).map_err(|e| (key, e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pack::BUILTIN;

    fn words(id: &str) -> ClockWords {
        ClockWords::builtin(id)
    }

    #[test]
    fn every_builtin_pack_has_valid_clock_words() {
        for (id, _) in BUILTIN {
            ClockWords::from_pack(&VoicePack::builtin(id)).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn german_numbers_and_times() {
        let de = words("fide");
        assert_eq!(de.number(21, None), "einundzwanzig");
        assert_eq!(de.number(58, None), "achtundfünfzig");
        assert_eq!(de.number(99, None), "neunundneunzig");
        assert_eq!(de.number(123, None), "hundertdreiundzwanzig");
        assert_eq!(de.number(200, None), "zweihundert");
        assert_eq!(de.time(72 * 60), "eine Stunde zwölf Minuten");
        assert_eq!(de.time(58 * 60 + 59), "achtundfünfzig Minuten");
        assert_eq!(de.time(2 * 3600), "zwei Stunden");
        assert_eq!(de.time(61), "eine Minute eine Sekunde");
        assert_eq!(de.time(5 * 60), "fünf Minuten");
        assert_eq!(de.time(0), "null Sekunden");
        assert_eq!(de.count(23, Unit::Move), "dreiundzwanzig Züge");
        assert_eq!(de.count(1, Unit::Move), "ein Zug");
        assert_eq!(de.number(1000, None), "1000");
    }

    #[test]
    fn spanish_numbers_agree_with_masculine_nouns() {
        let es = words("es");
        assert_eq!(es.number(21, None), "veintiuno");
        assert_eq!(es.number(16, None), "dieciséis");
        assert_eq!(es.number(45, None), "cuarenta y cinco");
        assert_eq!(es.number(100, None), "cien");
        assert_eq!(es.number(101, None), "ciento uno");
        assert_eq!(es.count(21, Unit::Minute), "veintiún minutos");
        assert_eq!(es.count(31, Unit::Move), "treinta y un movimientos");
        assert_eq!(es.count(121, Unit::Move), "ciento veintiún movimientos");
        assert_eq!(es.time(3600 + 12 * 60), "una hora y doce minutos");
    }

    #[test]
    fn portuguese_numbers_agree_with_feminine_hours() {
        let pt = words("pt");
        assert_eq!(pt.number(21, None), "vinte e um");
        assert_eq!(pt.number(16, None), "dezasseis");
        assert_eq!(pt.number(123, None), "cento e vinte e três");
        assert_eq!(pt.number(100, None), "cem");
        assert_eq!(pt.count(2, Unit::Hour), "duas horas");
        assert_eq!(pt.count(2, Unit::Minute), "dois minutos");
        assert_eq!(pt.time(2 * 3600 + 60), "duas horas e um minuto");
    }

    #[test]
    fn english_numbers() {
        let en = words("en");
        assert_eq!(en.number(21, None), "twenty-one");
        assert_eq!(en.number(40, None), "forty");
        assert_eq!(en.number(115, None), "one hundred fifteen");
        assert_eq!(en.time(90), "one minute thirty seconds");
    }

    #[test]
    fn time_left_rounds_up_and_time_used_down() {
        let en = words("en");
        assert_eq!(en.time_left(Duration::from_millis(9_001)), "ten seconds");
        assert_eq!(en.time_left(Duration::from_millis(1)), "one second");
        assert_eq!(en.time_used(Duration::from_millis(9_999)), "nine seconds");
    }

    fn broken(from: &str, to: &str) -> ClockWordsError {
        let text = include_str!("../../../../voices/fide.toml").replacen(from, to, 1);
        assert_ne!(text, include_str!("../../../../voices/fide.toml"), "{from}");
        let pack = VoicePack::from_toml(&text, "x.toml").unwrap();
        ClockWords::from_pack(&pack).unwrap_err()
    }

    #[test]
    fn errors_name_file_and_key() {
        let e = broken("\"neunundneunzig\",\n", "");
        assert_eq!(e.key, "clock.numbers");
        assert!(e.problem.to_string().contains("100"), "{e}");
        assert!(e.to_string().starts_with("voices/fide.toml"), "{e}");
        let e = broken("many = \"{n} Züge\"", "many = \"Züge\"");
        assert_eq!(e.key, "clock.move.many");
        let e = broken(
            "flag_fall = \"{side}: Zeit abgelaufen\"",
            "flag_fall = \"{wer}\"",
        );
        assert_eq!(e.key, "clock.phrases.flag_fall");
        assert!(e.problem.to_string().contains("{wer}"), "{e}");
        let e = broken("join = \" \"", "joint = \" \"");
        assert_eq!(e.key, "clock.joint");
        let e = broken(
            "[clock.minute]\n",
            "[clock.minute]\nforms = { 100 = \"x\" }\n",
        );
        assert_eq!(e.key, "clock.minute.forms.100");
        let e = broken("paused = \"Uhr angehalten\"\n", "");
        assert_eq!(e.key, "clock.phrases");
        assert!(e.problem.to_string().contains("paused"), "{e}");
        let full = include_str!("../../../../voices/fide.toml");
        let cut = full.find("\n# Words for the talking clock").unwrap();
        let pack = VoicePack::from_toml(&full[..cut], "x.toml").unwrap();
        let e = ClockWords::from_pack(&pack).unwrap_err();
        assert!(e.to_string().contains("no [clock] table"), "{e}");
    }
}
