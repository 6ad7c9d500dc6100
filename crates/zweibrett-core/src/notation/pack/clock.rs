//! The `[clock]` section of a pack: number words, time units and the
//! sentences of the talking clock (Appendix D.2.6.1), checked when the pack
//! loads; errors name file, key and line.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use toml::Spanned;

use super::check::{Checker, placeholders};
use super::error::PackError;

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

/// How thousands or millions are said: "eintausend", "{n}tausend", and
/// what joins them to the rest ("mil e quinhentos", "mil oitocentos").
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LargeWords {
    /// One of them alone: "eintausend", "mil", "one thousand".
    pub one: String,
    /// Several, `{n}` standing for how many: "{n}tausend", "{n} mil".
    pub many: String,
    /// Number words that replace the counting word before it, by number
    /// (0 to 99): "ein" (hunderteintausend), "veintiún".
    #[serde(default)]
    pub forms: BTreeMap<String, String>,
    /// Said between them and a rest: "", " ".
    pub join: String,
    /// Said instead of `join` before a rest under a hundred or of one
    /// digit and zeros ("dois mil e vinte", "mil e quinhentos"); `join`
    /// when left out.
    #[serde(default)]
    pub join_short: Option<String>,
}

/// The sentences of the talking clock; `{name}` placeholders are filled in.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockPhrases {
    /// A player's time left: `{side}`, `{time}`.
    pub left: String,
    /// A number of the last ten seconds' countdown that names whose clock
    /// counts down (D.2.6.1): `{side}`, `{number}`.
    pub countdown: String,
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
    /// Said when the clock is set up: `{control}` (the whole time control,
    /// [`ClockPhrases::period_moves`] and the rest), `{time}` (the first
    /// period's time), `{press}`.
    pub ready: String,
    /// A period with a move count (Art. 6.3.1): `{time}`, `{moves}`.
    pub period_moves: String,
    /// Said between two periods of a control: ", then ".
    pub then: String,
    /// An increment (Glossary "incremento", 6.3.1), added before each move
    /// from move `{number}`: `{time}`, `{number}`.
    pub increment: String,
    /// A delay (6.3.2, delay mode) from move `{number}`: `{time}`, `{number}`.
    pub delay: String,
    /// A cumulative (Bronstein) delay from move `{number}`: `{time}`,
    /// `{number}`.
    pub cumulative: String,
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

/// The `[clock]` section, checked.
#[derive(Clone, Debug)]
pub struct ClockSection {
    /// Number words from 0 to 99.
    pub numbers: Vec<String>,
    /// The hundreds said alone: "hundert", "zweihundert" …
    pub hundreds: Vec<String>,
    /// The hundreds before a rest: "hundert", "zweihundert" …
    pub hundreds_before: Vec<String>,
    /// Said between the hundreds and the rest.
    pub hundreds_join: String,
    /// Said between the parts of a time.
    pub join: String,
    /// Thousands, when the pack says them; numbers from 1000 up are
    /// written in digits without.
    pub thousand: Option<LargeWords>,
    /// Millions, when the pack says them (and thousands).
    pub million: Option<LargeWords>,
    /// Said between the whole seconds and their decimals ("point",
    /// "Komma"): an increment of 2.5 seconds.
    pub decimal_point: String,
    /// Hours.
    pub hour: UnitWords,
    /// Minutes.
    pub minute: UnitWords,
    /// Seconds.
    pub second: UnitWords,
    /// Moves completed (D.2.10.4).
    pub moves: UnitWords,
    /// The sentences.
    pub phrases: ClockPhrases,
}

/// What is wrong with a value of the `[clock]` table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockProblem {
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
    "thousand",
    "million",
    "decimal_point",
    "hour",
    "minute",
    "second",
    "move",
    "phrases",
];

/// Reads and checks the `[clock]` table as written.
pub(super) fn check_clock(
    table: &Spanned<BTreeMap<String, Spanned<toml::Value>>>,
    checker: &Checker<'_>,
) -> Result<ClockSection, PackError> {
    let table_line = checker.line(table.span().start);
    let line_of = |key: &str| {
        let top = key.split(['.', '[']).next().unwrap_or(key);
        table
            .get_ref()
            .get(top)
            .map_or(table_line, |v| checker.line(v.span().start))
    };
    let err = |key: &str, problem: ClockProblem| PackError::Invalid {
        file: checker.file.to_string(),
        key: format!("clock.{key}"),
        line: line_of(key),
        problem: problem.to_string(),
    };
    let table = table.get_ref();
    if let Some(unknown) = table.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(err(unknown, ClockProblem::UnknownKey));
    }
    let get = |key: &str| -> Result<toml::Value, PackError> {
        table
            .get(key)
            .map(|v| v.get_ref().clone())
            .ok_or_else(|| err(key, ClockProblem::Missing))
    };
    fn read<T: DeserializeOwned>(
        value: toml::Value,
        key: &str,
        err: &dyn Fn(&str, ClockProblem) -> PackError,
    ) -> Result<T, PackError> {
        value
            .try_into()
            .map_err(|e: toml::de::Error| err(key, ClockProblem::Shape(e.message().to_string())))
    }
    let list = |key: &str, len: usize| -> Result<Vec<String>, PackError> {
        let words: Vec<String> = read(get(key)?, key, &err)?;
        if words.len() != len {
            return Err(err(
                key,
                ClockProblem::Count {
                    needed: len,
                    given: words.len(),
                },
            ));
        }
        if let Some(i) = words.iter().position(|w| w.trim().is_empty()) {
            return Err(err(&format!("{key}[{i}]"), ClockProblem::EmptyWord));
        }
        Ok(words)
    };
    let numbers = list("numbers", 100)?;
    let hundreds = list("hundreds", 9)?;
    let hundreds_before = list("hundreds_before", 9)?;
    let hundreds_join: String = read(get("hundreds_join")?, "hundreds_join", &err)?;
    let join: String = read(get("join")?, "join", &err)?;
    let decimal_point: String = read(get("decimal_point")?, "decimal_point", &err)?;
    if decimal_point.trim().is_empty() {
        return Err(err("decimal_point", ClockProblem::EmptyWord));
    }
    let unit = |key: &str| -> Result<UnitWords, PackError> {
        let words: UnitWords = read(get(key)?, key, &err)?;
        check_counted(&words.one, &words.many, &words.forms)
            .map_err(|(part, p)| err(&format!("{key}.{part}"), p))?;
        Ok(words)
    };
    let large = |key: &str| -> Result<Option<LargeWords>, PackError> {
        let Some(value) = table.get(key) else {
            return Ok(None);
        };
        let words: LargeWords = read(value.get_ref().clone(), key, &err)?;
        check_counted(&words.one, &words.many, &words.forms)
            .map_err(|(part, p)| err(&format!("{key}.{part}"), p))?;
        Ok(Some(words))
    };
    let (thousand, million) = (large("thousand")?, large("million")?);
    let (hour, minute, second, moves) = (
        unit("hour")?,
        unit("minute")?,
        unit("second")?,
        unit("move")?,
    );
    let phrases: ClockPhrases = read(get("phrases")?, "phrases", &err)?;
    check_phrases(&phrases).map_err(|(key, p)| err(&format!("phrases.{key}"), p))?;
    Ok(ClockSection {
        numbers,
        hundreds,
        hundreds_before,
        hundreds_join,
        join,
        thousand,
        million,
        decimal_point,
        hour,
        minute,
        second,
        moves,
        phrases,
    })
}

/// Checks the words of something counted (a unit, thousands): the
/// singular is not empty, the plural holds `{n}` and nothing else, each
/// number form is for a number from 0 to 99 and is not empty. The first
/// fault, with the key under the table it is at (`one`, `many`,
/// `forms.21`).
fn check_counted(
    one: &str,
    many: &str,
    forms: &BTreeMap<String, String>,
) -> Result<(), (String, ClockProblem)> {
    if one.trim().is_empty() {
        return Err(("one".into(), ClockProblem::EmptyWord));
    }
    if !many.contains("{n}") {
        return Err(("many".into(), ClockProblem::PluralWithoutNumber));
    }
    check_placeholders(many, &["n"]).map_err(|p| ("many".to_string(), p))?;
    for (n, word) in forms {
        match n.parse::<u32>() {
            Ok(v) if v < 100 && !word.trim().is_empty() => {}
            Ok(v) if v < 100 => return Err((format!("forms.{n}"), ClockProblem::EmptyWord)),
            _ => return Err((format!("forms.{n}"), ClockProblem::FormOutOfRange)),
        }
    }
    Ok(())
}

fn check_placeholders(text: &str, allowed: &[&str]) -> Result<(), ClockProblem> {
    for name in placeholders(text) {
        if !allowed.contains(&name) {
            let list: Vec<String> = allowed.iter().map(|a| format!("{{{a}}}")).collect();
            return Err(ClockProblem::UnknownPlaceholder {
                name: name.to_string(),
                allowed: list.join(" "),
            });
        }
    }
    Ok(())
}

fn check_phrases(p: &ClockPhrases) -> Result<(), (&'static str, ClockProblem)> {
    let table: [(&str, &String, &[&str]); 22] = [
        ("space", &p.space, &[]),
        ("left", &p.left, &["side", "time"]),
        ("countdown", &p.countdown, &["side", "number"]),
        ("status", &p.status, &["side", "left", "used"]),
        ("request", &p.request, &["white", "black", "moves"]),
        ("pressed", &p.pressed, &["side", "time"]),
        ("period_added", &p.period_added, &["side", "time"]),
        ("flag_fall", &p.flag_fall, &["side"]),
        ("ready", &p.ready, &["control", "time", "press"]),
        ("period_moves", &p.period_moves, &["time", "moves"]),
        ("then", &p.then, &[]),
        ("increment", &p.increment, &["time", "number"]),
        ("delay", &p.delay, &["time", "number"]),
        ("cumulative", &p.cumulative, &["time", "number"]),
        ("started", &p.started, &["side"]),
        ("paused", &p.paused, &[]),
        ("resumed", &p.resumed, &["side"]),
        ("already_running", &p.already_running, &[]),
        ("not_started", &p.not_started, &[]),
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
            return Err((key, ClockProblem::EmptyPhrase));
        }
        check_placeholders(text, allowed).map_err(|e| (key, e))?;
    }
    Ok(())
}
