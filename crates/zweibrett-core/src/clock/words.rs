//! The clock's vocabulary: number words, time units and the sentences of the
//! talking clock (Appendix D.2.6.1: a clock for visually impaired players
//! announces the time and the number of moves), read from a voice pack's
//! `[clock]` table and checked when loaded.

use std::time::Duration;

use super::control::{Bonus, TimeControl, fraction_digits};
use crate::notation::pack::{VoicePack, fill};

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

pub use crate::notation::pack::{ClockPhrases, LargeWords, UnitWords};

/// Whether `n` is one digit followed by zeros (500, 20 000).
fn round(n: u64) -> bool {
    let digits = n.to_string();
    digits[1..].bytes().all(|b| b == b'0')
}

/// A voice pack's clock vocabulary, checked.
#[derive(Clone, Debug)]
pub struct ClockWords {
    numbers: Vec<String>,
    hundreds: Vec<String>,
    hundreds_before: Vec<String>,
    hundreds_join: String,
    join: String,
    thousand: Option<LargeWords>,
    million: Option<LargeWords>,
    decimal_point: String,
    units: [UnitWords; 4],
    /// The sentences.
    pub phrases: ClockPhrases,
    sides: [String; 2],
}

/// Why a pack's words cannot be used for the clock. The `[clock]` table
/// itself was checked when the pack loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}, key clock: the pack has no [clock] table")]
pub struct ClockWordsError {
    /// The pack's file.
    pub file: String,
}

impl ClockWords {
    /// The clock words of a voice pack, checked when the pack loaded.
    pub fn from_pack(pack: &VoicePack) -> Result<ClockWords, ClockWordsError> {
        let section = pack.clock_section().ok_or_else(|| ClockWordsError {
            file: pack.source_name(),
        })?;
        let section = section.clone();
        Ok(ClockWords {
            numbers: section.numbers,
            hundreds: section.hundreds,
            hundreds_before: section.hundreds_before,
            hundreds_join: section.hundreds_join,
            join: section.join,
            thousand: section.thousand,
            million: section.million,
            decimal_point: section.decimal_point,
            units: [section.hour, section.minute, section.second, section.moves],
            phrases: section.phrases,
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
    /// Numbers of 1000 and more are given as digits unless the pack says
    /// thousands (and, from a million, millions).
    pub fn number(&self, n: u64, unit: Option<Unit>) -> String {
        let forms = unit.map(|u| &self.unit(u).forms);
        self.spelt(n, forms)
    }

    /// `n` in words, the counting words of its last two digits taken from
    /// `forms` where it has them.
    fn spelt(&self, n: u64, forms: Option<&std::collections::BTreeMap<String, String>>) -> String {
        let small = |k: u64| -> String {
            forms
                .and_then(|f| f.get(&k.to_string()).cloned())
                .unwrap_or_else(|| self.numbers[k as usize].clone())
        };
        match (n, &self.thousand, &self.million) {
            (0..=99, _, _) => small(n),
            (100..=999, _, _) => {
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
            (1_000..=999_999, Some(thousand), _) => self.large(n, 1_000, thousand, forms),
            (1_000_000..=999_999_999, Some(_), Some(million)) => {
                self.large(n, 1_000_000, million, forms)
            }
            _ => n.to_string(),
        }
    }

    /// `n`, at least `base`, as so many thousands or millions (`words`)
    /// and the rest in words.
    fn large(
        &self,
        n: u64,
        base: u64,
        words: &LargeWords,
        forms: Option<&std::collections::BTreeMap<String, String>>,
    ) -> String {
        let (many, rest) = (n / base, n % base);
        let head = if many == 1 {
            words.one.clone()
        } else {
            fill(&words.many, &[("n", &self.spelt(many, Some(&words.forms)))])
        };
        if rest == 0 {
            return head;
        }
        let join = match &words.join_short {
            Some(short) if rest < 100 || round(rest) => short,
            _ => &words.join,
        };
        format!("{head}{join}{}", self.spelt(rest, forms))
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

    /// A time exactly to the second, every part that is not zero said
    /// ("one hour, five minutes and thirty-two seconds"): a time read from a
    /// score, where no clock is running to make seconds stale.
    pub fn exact(&self, secs: u64) -> String {
        if secs == 0 {
            return self.count(0, Unit::Second);
        }
        let parts: Vec<String> = [
            (secs / 3600, Unit::Hour),
            (secs / 60 % 60, Unit::Minute),
            (secs % 60, Unit::Second),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, unit)| self.count(n, unit))
        .collect();
        parts.join(&self.join)
    }

    /// A stretch of thinking time as a time control names it: whole hours
    /// ("two hours"), else whole minutes up to ninety-nine ("ninety
    /// minutes"), else as the clock says a time.
    pub fn allotted(&self, time: Duration) -> String {
        let ms = time.as_millis() as u64;
        if !ms.is_multiple_of(1000) {
            return self.with_decimals(ms);
        }
        let secs = ms / 1000;
        let minutes = secs / 60;
        if secs > 0 && secs.is_multiple_of(3600) {
            self.count(secs / 3600, Unit::Hour)
        } else if secs.is_multiple_of(60) && (1..100).contains(&minutes) {
            self.count(minutes, Unit::Minute)
        } else {
            self.time(secs)
        }
    }

    /// A time with a part of a second, exactly as it was given (D.2.6.1:
    /// "2.5 seconds" is never said as three): the minutes as a time, then
    /// the seconds with their decimals digit by digit ("two point five
    /// seconds").
    fn with_decimals(&self, ms: u64) -> String {
        let whole = ms / 1000;
        let digits: Vec<String> = fraction_digits(ms)
            .bytes()
            .map(|d| self.number(u64::from(d - b'0'), None))
            .collect();
        let n = format!(
            "{} {} {}",
            self.number(whole % 60, Some(Unit::Second)),
            self.decimal_point,
            digits.join(" ")
        );
        let seconds = fill(&self.unit(Unit::Second).many, &[("n", &n)]);
        match whole - whole % 60 {
            0 => seconds,
            minutes => format!("{}{}{seconds}", self.time(minutes), self.join),
        }
    }

    /// The whole time control in words (Art. 6.3.1, D.2.6.1): every period,
    /// and the increment or delay with the move it is first given on
    /// ("ninety minutes for forty moves, then thirty minutes, thirty
    /// seconds per move from move one").
    pub fn control(&self, control: &TimeControl) -> String {
        let periods = control.periods();
        let bonus = |b: Bonus, from: u32| -> Option<String> {
            let phrase = match b {
                Bonus::None => return None,
                Bonus::Increment(_) => &self.phrases.increment,
                Bonus::Delay(_) => &self.phrases.delay,
                Bonus::Bronstein(_) => &self.phrases.cumulative,
            };
            Some(fill(
                phrase,
                &[
                    ("time", &self.allotted(b.per_move())),
                    ("number", &self.number(u64::from(from), None)),
                ],
            ))
        };
        let same_bonus = periods.iter().all(|p| p.bonus == periods[0].bonus);
        let mut parts = Vec::new();
        let mut first_move = 1;
        for period in periods {
            let time = self.allotted(period.time);
            let mut text = match period.moves {
                Some(n) => fill(
                    &self.phrases.period_moves,
                    &[
                        ("time", &time),
                        ("moves", &self.count(u64::from(n), Unit::Move)),
                    ],
                ),
                None => time,
            };
            if !same_bonus && let Some(b) = bonus(period.bonus, first_move) {
                text = format!("{text}, {b}");
            }
            parts.push(text);
            first_move += period.moves.unwrap_or(0);
        }
        let mut text = parts.join(&self.phrases.then);
        if same_bonus && let Some(b) = bonus(periods[0].bonus, 1) {
            text = format!("{text}, {b}");
        }
        text
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_and_millions_are_said_in_words() {
        let say = |pack: &str, n: u64| ClockWords::builtin(pack).number(n, None);
        assert_eq!(say("fide", 1858), "eintausendachthundertachtundfünfzig");
        assert_eq!(say("fide", 50_000), "fünfzigtausend");
        assert_eq!(say("fide", 101_000), "hunderteintausend");
        assert_eq!(say("fide", 2_000_001), "zwei Millionen eins");
        assert_eq!(say("en", 1_000), "one thousand");
        assert_eq!(
            say("en", 74_194),
            "seventy-four thousand one hundred ninety-four"
        );
        assert_eq!(say("es", 21_000), "veintiún mil");
        assert_eq!(say("es", 1_858), "mil ochocientos cincuenta y ocho");
        assert_eq!(say("es", 1_000_000), "un millón");
        assert_eq!(say("pt", 1_500), "mil e quinhentos");
        assert_eq!(say("pt", 2_020), "dois mil e vinte");
        assert_eq!(say("pt", 1_858), "mil oitocentos e cinquenta e oito");
        assert_eq!(say("pt", 1_500_000), "um milhão e quinhentos mil");
        assert_eq!(say("en", 1_000_000_000), "1000000000");
    }
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
        assert_eq!(de.number(1000, None), "eintausend");
        // A time read from a score keeps its seconds past the hour.
        assert_eq!(
            de.exact(3600 + 5 * 60 + 32),
            "eine Stunde fünf Minuten zweiunddreißig Sekunden"
        );
        assert_eq!(de.exact(7200 + 7), "zwei Stunden sieben Sekunden");
        assert_eq!(de.exact(0), "null Sekunden");
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
    fn d_2_6_1_a_part_of_a_second_is_said_exactly_never_rounded() {
        let tc = |t: &str| t.parse::<TimeControl>().unwrap();
        let en = words("en");
        assert_eq!(
            en.control(&tc("180+2.5")),
            "three minutes, two point five seconds per move from move one"
        );
        assert_eq!(
            en.allotted(Duration::from_millis(90_250)),
            "one minute thirty point two five seconds"
        );
        assert_eq!(
            en.allotted(Duration::from_millis(1_005)),
            "one point zero zero five seconds"
        );
        for (id, said) in [
            ("fide", "zwei Komma fünf Sekunden"),
            ("es", "dos coma cinco segundos"),
            ("pt", "dois vírgula cinco segundos"),
        ] {
            assert_eq!(
                words(id).allotted(Duration::from_millis(2_500)),
                said,
                "{id}"
            );
        }
    }

    #[test]
    fn the_control_is_named_whole_with_its_increment_from_move_one() {
        let tc = |t: &str| t.parse::<TimeControl>().unwrap();
        let en = words("en");
        assert_eq!(
            en.control(&tc("40/5400+30:1800+30")),
            "ninety minutes for forty moves, then thirty minutes, \
             thirty seconds per move from move one"
        );
        assert_eq!(
            en.control(&tc("40/7200:20/3600:900+30")),
            "two hours for forty moves, then one hour for twenty moves, \
             then fifteen minutes, thirty seconds per move from move sixty-one"
        );
        assert_eq!(
            en.control(&tc("180+2")),
            "three minutes, two seconds per move from move one"
        );
        assert_eq!(
            en.control(&tc("3000d30")),
            "fifty minutes, a delay of thirty seconds per move from move one"
        );
        assert_eq!(en.control(&tc("600")), "ten minutes");
        let de = words("fide");
        assert_eq!(
            de.control(&tc("40/5400+30:1800+30")),
            "neunzig Minuten für vierzig Züge, dann dreißig Minuten, \
             dreißig Sekunden pro Zug ab Zug eins"
        );
        for id in ["pt", "es"] {
            let text = words(id).control(&tc("40/5400+30:1800+30"));
            assert!(!text.contains('{'), "{id}: {text}");
        }
    }

    #[test]
    fn time_left_rounds_up_and_time_used_down() {
        let en = words("en");
        assert_eq!(en.time_left(Duration::from_millis(9_001)), "ten seconds");
        assert_eq!(en.time_left(Duration::from_millis(1)), "one second");
        assert_eq!(en.time_used(Duration::from_millis(9_999)), "nine seconds");
    }

    /// The error of loading the fide pack with one edit: key, problem and
    /// the whole message. The `[clock]` table is checked when the pack
    /// loads.
    struct Broken {
        key: String,
        problem: String,
        line: usize,
        message: String,
    }

    impl std::fmt::Display for Broken {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.message)
        }
    }

    fn broken(from: &str, to: &str) -> Broken {
        let text = include_str!("../../../../voices/fide.toml").replacen(from, to, 1);
        assert_ne!(text, include_str!("../../../../voices/fide.toml"), "{from}");
        let e = VoicePack::from_toml(&text, "voices/fide.toml").unwrap_err();
        let message = e.to_string();
        let crate::notation::pack::PackError::Invalid {
            key, problem, line, ..
        } = e
        else {
            panic!("{message}");
        };
        Broken {
            key,
            problem,
            line,
            message,
        }
    }

    #[test]
    fn errors_name_file_and_key() {
        let e = broken("\"neunundneunzig\",\n", "");
        assert_eq!(e.key, "clock.numbers");
        assert!(e.problem.contains("100"), "{e}");
        assert!(e.to_string().starts_with("voices/fide.toml, line"), "{e}");
        assert!(e.line > 1, "{e}");
        let e = broken("many = \"{n} Züge\"", "many = \"Züge\"");
        assert_eq!(e.key, "clock.move.many");
        let e = broken(
            "flag_fall = \"{side}: Zeit abgelaufen\"",
            "flag_fall = \"{wer}\"",
        );
        assert_eq!(e.key, "clock.phrases.flag_fall");
        assert!(e.problem.contains("{wer}"), "{e}");
        let e = broken("join = \" \"", "joint = \" \"");
        assert_eq!(e.key, "clock.joint");
        let e = broken(
            "[clock.minute]\n",
            "[clock.minute]\nforms = { 100 = \"x\" }\n",
        );
        assert_eq!(e.key, "clock.minute.forms.100");
        let e = broken("many = \"{n}tausend\"", "many = \"tausend\"");
        assert_eq!(e.key, "clock.thousand.many");
        let e = broken("forms = { \"1\" = \"ein\" }", "forms = { \"1\" = \" \" }");
        assert_eq!(e.key, "clock.thousand.forms.1");
        // Without the tables, thousands are said in digits.
        let text = include_str!("../../../../voices/en.toml");
        let cut = text.find("[clock.thousand]").unwrap();
        let end = text.find("[clock.hour]").unwrap();
        let text = format!("{}{}", &text[..cut], &text[end..]);
        let pack = VoicePack::from_toml(&text, "x.toml").unwrap();
        let words = ClockWords::from_pack(&pack).unwrap();
        assert_eq!(words.number(1858, None), "1858");
        let e = broken("paused = \"Uhr angehalten\"\n", "");
        assert_eq!(e.key, "clock.phrases");
        assert!(e.problem.contains("paused"), "{e}");
        let full = include_str!("../../../../voices/fide.toml");
        let cut = full.find("\n# Words for the talking clock").unwrap();
        // The sentences after the cut are said in English, so the German
        // pronunciations of their words go too.
        let text = full[..cut].replace("Remis = \"Remie\"\n", "");
        let pack = VoicePack::from_toml(&text, "x.toml").unwrap();
        let e = ClockWords::from_pack(&pack).unwrap_err();
        assert!(e.to_string().contains("no [clock] table"), "{e}");
    }
}
