//! Words in contracted braille, for a reader who asked for it: the core
//! only asks for the cells; the program makes them (with liblouis and the
//! pack's language table). Without it words go to BRLTTY as text, for the
//! reader's own text table.

use std::borrow::Cow;
use std::sync::Arc;

/// A way to write words in contracted braille.
pub trait Contraction: std::fmt::Debug + Send + Sync {
    /// `words` in contracted braille, one Unicode braille pattern a cell
    /// and a blank pattern between words; `None` when they cannot be
    /// written so, and go as text instead.
    fn contract(&self, words: &str) -> Option<String>;
}

/// How words reach the display: as text for the reader's own text table
/// (the default), or in contracted braille.
#[derive(Clone, Debug, Default)]
pub struct Words(Option<Arc<dyn Contraction>>);

impl Words {
    /// Words in contracted braille, made by `by`.
    pub fn contracted(by: Arc<dyn Contraction>) -> Words {
        Words(Some(by))
    }

    /// Whether words are contracted.
    pub fn is_contracted(&self) -> bool {
        self.0.is_some()
    }

    /// The cells of `words`: their contracted braille, or the words
    /// themselves for the reader's text table.
    pub fn cells<'a>(&self, words: &'a str) -> Cow<'a, str> {
        match self.0.as_ref().and_then(|c| c.contract(words)) {
            Some(cells) => Cow::Owned(cells),
            None => Cow::Borrowed(words),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A contraction of two words only, as a table with few entries.
    #[derive(Debug)]
    struct Short;

    impl Contraction for Short {
        fn contract(&self, words: &str) -> Option<String> {
            let cells: Option<Vec<&str>> = words
                .split(' ')
                .map(|w| match w {
                    "und" => Some("⠈⠥"),
                    "Zug" => Some("⠵⠥⠛"),
                    _ => None,
                })
                .collect();
            Some(cells?.join("⠀"))
        }
    }

    #[test]
    fn words_go_as_text_unless_contracted_and_as_text_where_they_cannot_be() {
        assert_eq!(Words::default().cells("Zug und Zug"), "Zug und Zug");
        let short = Words::contracted(Arc::new(Short));
        assert!(short.is_contracted());
        assert_eq!(short.cells("Zug und Zug"), "⠵⠥⠛⠀⠈⠥⠀⠵⠥⠛");
        assert_eq!(short.cells("Remis"), "Remis");
    }
}
