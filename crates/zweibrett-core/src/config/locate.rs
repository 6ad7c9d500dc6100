//! Where a key stands in the user's file, and which known key a misspelt
//! one most likely means: what turns a refusal into one the user can act
//! on at once ("line 3: unknown key `voise`; did you mean `voice`?").

use toml::de::{DeTable, DeValue};

/// The line (counting from 1) of the key at `path` (section, then keys) in
/// `text`, if the text holds it.
pub fn line_of(text: &str, path: &[&str]) -> Option<usize> {
    let document = DeTable::parse(text).ok()?;
    let mut table = document.get_ref();
    let mut start = None;
    for (i, name) in path.iter().enumerate() {
        let (key, value) = table
            .iter()
            .find(|(key, _)| key.get_ref().as_ref() == *name)?;
        start = Some(key.span().start);
        if i + 1 < path.len() {
            table = match value.get_ref() {
                DeValue::Table(inner) => inner,
                _ => return None,
            };
        }
    }
    start.map(|at| line_at(text, at))
}

/// The line (counting from 1) of a byte offset.
pub fn line_at(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// Every key path below `path` in `text` whose value is not a table, in
/// the order written, relative to `path`.
pub fn leaves_below(text: &str, path: &[&str]) -> Vec<Vec<String>> {
    let Ok(document) = DeTable::parse(text) else {
        return Vec::new();
    };
    let mut table = document.get_ref();
    for name in path {
        match table
            .iter()
            .find(|(key, _)| key.get_ref().as_ref() == *name)
            .map(|(_, value)| value.get_ref())
        {
            Some(DeValue::Table(inner)) => table = inner,
            _ => return Vec::new(),
        }
    }
    let mut leaves = Vec::new();
    collect_leaves(table, &mut Vec::new(), &mut leaves);
    leaves
}

fn collect_leaves(table: &DeTable<'_>, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut keys: Vec<_> = table.iter().collect();
    keys.sort_by_key(|(key, _)| key.span().start);
    for (key, value) in keys {
        prefix.push(key.get_ref().to_string());
        match value.get_ref() {
            DeValue::Table(inner) => collect_leaves(inner, prefix, out),
            _ => out.push(prefix.clone()),
        }
        prefix.pop();
    }
}

/// The path below `section` of the first key named `name` in `text`, the
/// shallowest first: where an unknown key reported by name was written.
pub fn find_key(text: &str, section: &str, name: &str) -> Option<Vec<String>> {
    leaves_below(text, &[section])
        .into_iter()
        .chain(tables_below(text, section))
        .filter(|path| path.last().is_some_and(|last| last == name))
        .min_by_key(Vec::len)
}

/// The paths of the tables below `section` (for an unknown sub-table such
/// as `[clock.whyte]`).
fn tables_below(text: &str, section: &str) -> Vec<Vec<String>> {
    let Ok(document) = DeTable::parse(text) else {
        return Vec::new();
    };
    let Some(DeValue::Table(table)) = document
        .get_ref()
        .iter()
        .find(|(key, _)| key.get_ref().as_ref() == section)
        .map(|(_, value)| value.get_ref())
    else {
        return Vec::new();
    };
    table
        .iter()
        .filter(|(_, value)| matches!(value.get_ref(), DeValue::Table(_)))
        .map(|(key, _)| vec![key.get_ref().to_string()])
        .collect()
}

/// The known word closest to `word` when it is a likely slip: at most two
/// edits away, and fewer than half its letters.
pub fn closest<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (edits(word, k), *k))
        .filter(|(n, k)| *n <= 2 && *n * 2 < k.chars().count().max(word.chars().count()))
        .min_by_key(|(n, _)| *n)
        .map(|(_, k)| k)
}

/// The number of single-letter insertions, deletions, substitutions and
/// swaps of neighbours that turn `a` into `b`.
fn edits(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![(0..=b.len()).collect::<Vec<_>>()];
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (rows[i - 1][j] + 1)
                .min(row[j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(rows[i - 2][j - 2] + 1);
            }
        }
        rows.push(row);
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "voice = \"en\"\n\n[speech]\nrate = 5\n\n[clock.white]\nevery_minutes = 3\n";

    #[test]
    fn keys_are_found_on_their_lines() {
        assert_eq!(line_of(TEXT, &["voice"]), Some(1));
        assert_eq!(line_of(TEXT, &["speech"]), Some(3));
        assert_eq!(line_of(TEXT, &["speech", "rate"]), Some(4));
        assert_eq!(line_of(TEXT, &["clock", "white", "every_minutes"]), Some(7));
        assert_eq!(line_of(TEXT, &["speech", "volume"]), None);
    }

    #[test]
    fn leaves_and_keys_by_name_are_found_below_a_section() {
        assert_eq!(
            leaves_below(TEXT, &["clock"]),
            vec![vec!["white".to_string(), "every_minutes".to_string()]]
        );
        assert_eq!(
            find_key(TEXT, "clock", "every_minutes"),
            Some(vec!["white".to_string(), "every_minutes".to_string()])
        );
        assert_eq!(
            find_key(TEXT, "clock", "white"),
            Some(vec!["white".to_string()])
        );
    }

    #[test]
    fn a_near_key_is_suggested_and_a_far_one_is_not() {
        let known = ["backend", "rate", "volume", "voice", "earcons"];
        assert_eq!(closest("voise", &known), Some("voice"));
        assert_eq!(closest("vioce", &known), Some("voice"));
        assert_eq!(closest("raet", &known), Some("rate"));
        assert_eq!(closest("loudness", &known), None);
        assert_eq!(closest("x", &known), None);
    }
}
