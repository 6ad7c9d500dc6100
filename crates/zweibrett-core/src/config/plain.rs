//! The TOML reader's and serde's messages in words a screen reader can
//! read: where a syntax error is (line and column, not a drawing of the
//! line with a caret under it), and what a value must be ("a whole
//! number", not `i32`).

use std::ops::Range;

/// The line and column (both from 1, the column in characters) of the
/// byte `at` of `text`.
pub fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// A syntax error's place and message: "line 1, column 8: unclosed
/// table, expected `]`".
pub fn syntax(text: &str, message: &str, span: Option<Range<usize>>) -> String {
    let message = crate::printable::one_line(&message.trim());
    match span {
        Some(span) => {
            let (line, column) = line_and_column(text, span.start);
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// serde's "invalid type: string "fast", expected i32" as "needs a whole
/// number, not the text "fast""; any other message as it is.
pub fn value_message(message: &str) -> String {
    let message = message.trim();
    let rest = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "));
    let Some((found, expected)) = rest.and_then(|r| r.rsplit_once(", expected ")) else {
        return message.to_string();
    };
    match found_words(found) {
        Some(found) => format!("needs {}, not {found}", expected_words(expected)),
        None => format!("needs {}", expected_words(expected)),
    }
}

/// What serde says was expected, in words.
fn expected_words(expected: &str) -> String {
    match expected.trim() {
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number".to_string(),
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number, 0 or more".to_string(),
        "f32" | "f64" => "a number".to_string(),
        "a boolean" => "true or false".to_string(),
        "a string" | "a borrowed string" | "a character" | "char" | "string only" => {
            "a text in quotes".to_string()
        }
        "a sequence" => "a list in brackets, [ ]".to_string(),
        "a map" => "a section".to_string(),
        other if other.starts_with("struct ") => "a section".to_string(),
        other => other.to_string(),
    }
}

/// What serde says it found, in words; `None` for what only names
/// serde's own kinds ("unit variant").
fn found_words(found: &str) -> Option<String> {
    let found = found.trim();
    let quoted = |s: &str| s.trim_matches('`').to_string();
    if let Some(text) = found.strip_prefix("string ") {
        return Some(format!("the text {text}"));
    }
    if let Some(n) = found.strip_prefix("floating point ") {
        return Some(format!("the number {}", quoted(n)));
    }
    if let Some(n) = found.strip_prefix("integer ") {
        return Some(format!("the whole number {}", quoted(n)));
    }
    if let Some(b) = found.strip_prefix("boolean ") {
        return Some(quoted(b));
    }
    match found {
        "sequence" => Some("a list".to_string()),
        "map" => Some("a section".to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_its_line_and_column_in_characters() {
        assert_eq!(line_and_column("a = 1\n[sp", 9), (2, 4));
        assert_eq!(line_and_column("ä = 1", 4), (1, 4));
        assert_eq!(line_and_column("", 0), (1, 1));
        assert_eq!(line_and_column("x", 99), (1, 2));
    }

    #[test]
    fn a_syntax_error_is_said_without_a_drawing() {
        let text = "[speech\nrate = 3\n";
        let error = toml::from_str::<toml::Table>(text).unwrap_err();
        let said = syntax(text, error.message(), error.span());
        assert!(said.starts_with("line 1, column 8: "), "{said}");
        assert!(!said.contains('|') && !said.contains('^'), "{said}");
    }

    #[test]
    fn no_rust_type_name_is_said() {
        assert_eq!(
            value_message("invalid type: string \"fast\", expected i32"),
            "needs a whole number, not the text \"fast\""
        );
        assert_eq!(
            value_message("invalid type: floating point `3.5`, expected u32"),
            "needs a whole number, 0 or more, not the number 3.5"
        );
        assert_eq!(
            value_message("invalid type: integer `1`, expected a boolean"),
            "needs true or false, not the whole number 1"
        );
        assert_eq!(
            value_message("invalid type: integer `3`, expected a string"),
            "needs a text in quotes, not the whole number 3"
        );
        assert_eq!(
            value_message("invalid type: unit variant, expected string only"),
            "needs a text in quotes"
        );
        assert_eq!(
            value_message("unknown variant `loud`, expected one of `a`, `b`"),
            "unknown variant `loud`, expected one of `a`, `b`"
        );
    }
}
