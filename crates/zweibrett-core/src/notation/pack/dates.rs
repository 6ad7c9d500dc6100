//! The words a date is said in: `[analysis.days]`, the day of the month as
//! the pack's date sentence wants it ("zweiten", "second", "primero"), and
//! `[analysis.years]`, how a year is said where it is not said as a plain
//! number ("achtzehnhundertachtundfünfzig", "eighteen fifty-eight").

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use serde::Deserialize;

use super::PackError;
use super::check::{Checker, placeholders};

/// How the pack says a year in hundreds. A year outside every span is said
/// as a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct YearWords {
    /// The years said in hundreds, each span inclusive.
    pub spans: Vec<RangeInclusive<u16>>,
    /// "{century} {rest}": 1858, eighteen fifty-eight.
    pub hundreds: String,
    /// "{century} oh {rest}": 1905, when the last two digits are 1 to 9;
    /// `hundreds` when the pack has none.
    pub below_ten: Option<String>,
    /// "{century} hundred": 1900.
    pub round: String,
}

impl YearWords {
    /// The sentence year `year` is said with, and its two halves, or `None`
    /// when it is said as a number.
    pub fn form(&self, year: u16) -> Option<(&str, u16, u16)> {
        if !self.spans.iter().any(|span| span.contains(&year)) {
            return None;
        }
        let (century, rest) = (year / 100, year % 100);
        let sentence = match rest {
            0 => &self.round,
            1..=9 => self.below_ten.as_ref().unwrap_or(&self.hundreds),
            _ => &self.hundreds,
        };
        Some((sentence, century, rest))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawYears {
    spans: Vec<[u16; 2]>,
    hundreds: String,
    below_ten: Option<String>,
    round: String,
}

/// Checks `[analysis.years]`: spans of years from 1000 to 9999, each with
/// its start before its end, and sentences with exactly the placeholders
/// they fill.
pub(super) fn check_years(
    value: Option<&toml::Spanned<toml::Value>>,
    check: &Checker<'_>,
) -> Result<Option<YearWords>, PackError> {
    let Some(value) = value else {
        return Ok(None);
    };
    let invalid = |key: &str, problem: String| PackError::Invalid {
        file: check.file.to_string(),
        key: format!("analysis.years{key}"),
        line: check.line(value.span().start),
        problem,
    };
    let raw: RawYears = value
        .get_ref()
        .clone()
        .try_into()
        .map_err(|e: toml::de::Error| invalid("", e.message().to_string()))?;
    let mut spans = Vec::new();
    for [from, to] in raw.spans {
        if !(1000..=9999).contains(&from) || !(from..=9999).contains(&to) {
            return Err(invalid(
                ".spans",
                format!("{from} to {to} is not a span of years from 1000 to 9999"),
            ));
        }
        spans.push(from..=to);
    }
    let with = |key: &str, text: &str, wanted: &[&str]| {
        let used: Vec<&str> = placeholders(text).collect();
        let unknown = used.iter().any(|p| !wanted.contains(p));
        if unknown || !wanted.iter().all(|w| used.contains(w)) {
            return Err(invalid(
                &format!(".{key}"),
                format!("the sentence takes {}", wanted.join(" and ")),
            ));
        }
        Ok(text.to_string())
    };
    Ok(Some(YearWords {
        spans,
        hundreds: with("hundreds", &raw.hundreds, &["century", "rest"])?,
        below_ten: match raw.below_ten {
            Some(text) => Some(with("below_ten", &text, &["century", "rest"])?),
            None => None,
        },
        round: with("round", &raw.round, &["century"])?,
    }))
}

/// Words by number under `[analysis.<table>]` (glyphs, days), each number
/// (a `what`) in `numbers`, each word non-empty.
pub(super) fn check_numbered(
    value: Option<&toml::Spanned<toml::Value>>,
    (table, what): (&str, &str),
    numbers: RangeInclusive<u8>,
    check: &Checker<'_>,
) -> Result<BTreeMap<u8, String>, PackError> {
    let mut words = BTreeMap::new();
    let Some(value) = value else {
        return Ok(words);
    };
    let line = check.line(value.span().start);
    let invalid = |key: String, problem: String| PackError::Invalid {
        file: check.file.to_string(),
        key,
        line,
        problem,
    };
    let Some(entries) = value.get_ref().as_table() else {
        return Err(invalid(
            format!("analysis.{table}"),
            "a table of numbered words is needed".to_string(),
        ));
    };
    for (n, word) in entries {
        let key = format!("analysis.{table}.{n}");
        let number = n
            .parse::<u8>()
            .ok()
            .filter(|n| numbers.contains(n))
            .ok_or_else(|| {
                invalid(
                    key.clone(),
                    format!(
                        "a {what} from {} to {} is needed",
                        numbers.start(),
                        numbers.end()
                    ),
                )
            })?;
        match word.as_str() {
            Some(w) if !w.trim().is_empty() => words.insert(number, w.to_string()),
            _ => return Err(invalid(key, "a word is needed".to_string())),
        };
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn years(text: &str) -> Result<Option<YearWords>, PackError> {
        let value: toml::Spanned<toml::Value> = toml::from_str(text).unwrap();
        check_years(Some(&value), &Checker::new(text, "x.toml"))
    }

    #[test]
    fn a_year_in_a_span_is_said_in_hundreds_and_one_outside_as_a_number() {
        let words = years(
            "spans = [[1100, 1999], [2010, 2099]]\nhundreds = \"{century} {rest}\"\n\
             below_ten = \"{century} oh {rest}\"\nround = \"{century} hundred\"\n",
        )
        .unwrap()
        .unwrap();
        assert_eq!(words.form(1858), Some(("{century} {rest}", 18, 58)));
        assert_eq!(words.form(1905), Some(("{century} oh {rest}", 19, 5)));
        assert_eq!(words.form(1900), Some(("{century} hundred", 19, 0)));
        assert_eq!(words.form(2008), None);
        assert_eq!(words.form(2024), Some(("{century} {rest}", 20, 24)));
    }

    #[test]
    fn a_faulty_years_table_is_named() {
        let e = years("spans = [[1999, 1100]]\nhundreds = \"{century}\"\nround = \"{century}\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("analysis.years.spans") && e.contains("1999 to 1100"),
            "{e}"
        );
        let e = years("spans = [[1100, 1999]]\nhundreds = \"{year}\"\nround = \"{century}\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("analysis.years.hundreds"), "{e}");
        let e = years("spans = [[1100, 1999]]\nround = \"{century}\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("hundreds"), "{e}");
    }
}
