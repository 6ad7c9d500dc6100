//! Text from outside the program made safe to print on a terminal.
//!
//! A PGN tag, a comment, a player's name, a `touched` note or a mistyped
//! command may carry control characters: an escape sequence in a PGN tag
//! can retitle the window, clear the screen or move the cursor that a
//! screen reader follows, and a newline in a name can forge a line of
//! plain mode that scripts read. Every piece of outside text goes through
//! [`printable`] before it is shown or written into a line.
//!
//! Line breaks and tabs become one space each, so the words on either side
//! stay apart and the text stays on its line. Every other control character
//! (C0, DEL, C1 with ESC among them) and every bidirectional override or
//! isolate becomes U+FFFD, the replacement character: one visible sign,
//! named by screen readers, that something was there and was not passed
//! on. It cannot be mistaken for anything the user typed, as caret or
//! backslash notation could.

use std::borrow::Cow;

/// Shown instead of a control character that is not a line break or tab.
pub const REPLACEMENT: char = '\u{FFFD}';

/// Whether `c` must not reach a terminal as it is: a control character
/// (C0, DEL, C1), a line or paragraph separator, a bidirectional
/// embedding, override, isolate or mark (U+202A–202E, U+2066–2069,
/// U+200E, U+200F, U+061C), or a character that takes no room and so
/// hides in a name (U+200B–200D, U+2060–2064, U+FEFF).
pub fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}')
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}')
        || matches!(c, '\u{061C}' | '\u{FEFF}')
}

/// `text` safe to print: line breaks and tabs as a space, every other
/// unprintable character (see [`is_unprintable`]) as U+FFFD. Ordinary
/// text, in any script, comes back unchanged and unallocated.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unprintable) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match c {
                '\n' | '\r' | '\t' | '\u{0B}' | '\u{0C}' | '\u{2028}' | '\u{2029}' => ' ',
                c if is_unprintable(c) => REPLACEMENT,
                c => c,
            })
            .collect(),
    )
}

/// Several lines of the program's own making, with outside text in them,
/// safe to print: each line as [`printable`] makes it, the line breaks
/// between them kept. For text that is a single line, use [`printable`],
/// so that a line break from outside cannot forge a line.
pub fn printable_lines(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && is_unprintable(c)) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<Cow<'_, str>> = text.split('\n').map(printable).collect();
    Cow::Owned(lines.join("\n"))
}

/// A parser's message of several lines (the line, a caret under the
/// fault) on one, its lines joined by " | ": a screen reader or a braille
/// display reads one line whole.
pub fn one_line(message: &impl std::fmt::Display) -> String {
    message.to_string().trim_end().replace('\n', " | ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_message_of_several_lines_is_read_on_one() {
        assert_eq!(
            one_line(&"line 2\n  |\n2 | [speech\n"),
            "line 2 |   | | 2 | [speech"
        );
    }

    #[test]
    fn an_escape_sequence_is_shown_not_carried_out() {
        let tag = "Open\u{1b}]0;pwned\u{07}\u{1b}[2J";
        assert_eq!(printable(tag), "Open\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J");
    }

    #[test]
    fn zero_width_characters_and_bidi_marks_are_shown_as_a_mark() {
        assert_eq!(
            printable("Ann\u{200B}a \u{200F}B\u{FEFF}"),
            "Ann\u{FFFD}a \u{FFFD}B\u{FFFD}"
        );
    }

    #[test]
    fn line_breaks_and_tabs_become_spaces() {
        assert_eq!(printable("A\nB\r\nC\tD"), "A B  C D");
        assert_eq!(printable("A\u{2028}B"), "A B");
    }

    #[test]
    fn c1_del_and_bidi_overrides_are_replaced() {
        assert_eq!(printable("a\u{9b}b\u{7f}c"), "a\u{FFFD}b\u{FFFD}c");
        assert_eq!(printable("\u{202E}evil\u{2066}"), "\u{FFFD}evil\u{FFFD}");
    }

    #[test]
    fn lines_keep_their_breaks_and_lose_their_escapes() {
        assert_eq!(printable_lines("a\u{1b}[2J\nb\r\n"), "a\u{FFFD}[2J\nb \n");
        assert!(matches!(printable_lines("a\nb\n"), Cow::Borrowed(_)));
    }

    #[test]
    fn ordinary_text_is_borrowed() {
        let text = "Jürgen Müller – Иванов – 王 ♔ e4!?";
        assert!(matches!(printable(text), Cow::Borrowed(t) if t == text));
    }

    proptest! {
        #[test]
        fn the_output_never_holds_an_unprintable_character(text in any::<String>()) {
            let shown = printable(&text);
            prop_assert!(!shown.chars().any(is_unprintable));
            prop_assert_eq!(shown.chars().count(), text.chars().count());
        }

        #[test]
        fn text_without_control_characters_comes_back_unchanged(
            chars in proptest::collection::vec(
                any::<char>().prop_filter("printable", |&c| !is_unprintable(c)),
                0..64,
            )
        ) {
            let text: String = chars.into_iter().collect();
            prop_assert_eq!(printable(&text), text.as_str());
            prop_assert_eq!(printable_lines(&text), text.as_str());
        }

        #[test]
        fn ordinary_text_comes_back_unchanged(
            text in "[a-zA-Z0-9 .,;:!?()\\[\\]\"'äöüßÄÖÜéèçñãõ«»–—абвгдежзЖЩЯ王国象棋♔♕♖♗♘♙]*"
        ) {
            prop_assert_eq!(printable(&text), text.as_str());
        }
    }
}
