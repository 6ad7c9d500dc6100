//! The language a pack speaks, as a BCP 47 tag with its region ("de-DE",
//! "pt-PT"), and the choice of a system voice by it.
//!
//! A pack's `language` picks the system voice: the voice of the same
//! language and region, else the same language without a region (the
//! language's main voice), else the same language in another region.
//! The choosing is pure, over whatever voices the engine lists.

use std::fmt;

/// A language tag as BCP 47 writes it, checked: a language, then
/// optionally a script, a region, variants and extensions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanguageTag {
    text: String,
    language: String,
    region: Option<String>,
    /// Subtags after the region (or the language): variants, extensions.
    rest: bool,
}

/// Why a language tag cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LanguageTagError {
    /// The tag is empty.
    #[error("the language tag is empty; write a language and region such as \"de-DE\"")]
    Empty,
    /// A subtag does not fit where it stands.
    #[error(
        "\"{tag}\" is not a language tag: \"{subtag}\" is not a {what}; write a language and region such as \"de-DE\""
    )]
    Subtag {
        /// The whole tag.
        tag: String,
        /// The subtag that does not fit.
        subtag: String,
        /// What was expected there.
        what: &'static str,
    },
}

impl LanguageTag {
    /// Reads a tag such as "de-DE", "pt", "en-GB-x-rp" or "es-419".
    /// Case does not matter.
    pub fn parse(text: &str) -> Result<LanguageTag, LanguageTagError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(LanguageTagError::Empty);
        }
        let wrong = |subtag: &str, what: &'static str| LanguageTagError::Subtag {
            tag: text.to_string(),
            subtag: subtag.to_string(),
            what,
        };
        let mut subtags = text.split(['-', '_']).peekable();
        let language = subtags.next().unwrap_or_default();
        // ISO 639 codes; BCP 47's longer registered languages are unused.
        if !(2..=3).contains(&language.len()) || !is_alpha(language) {
            return Err(wrong(language, "language of 2 or 3 letters"));
        }
        // A script ("Latn") may come before the region.
        if let Some(script) = subtags.peek()
            && script.len() == 4
            && is_alpha(script)
        {
            subtags.next();
        }
        let mut region = None;
        if let Some(next) = subtags.peek()
            && ((next.len() == 2 && is_alpha(next))
                || (next.len() == 3 && next.bytes().all(|b| b.is_ascii_digit())))
        {
            region = Some(next.to_ascii_uppercase());
            subtags.next();
        }
        let mut rest = false;
        let mut in_extension = false;
        // A singleton ("x") must be followed by its subtags.
        let mut open_singleton: Option<&str> = None;
        for subtag in subtags {
            rest = true;
            let alnum = !subtag.is_empty() && subtag.bytes().all(|b| b.is_ascii_alphanumeric());
            if in_extension {
                if !alnum || subtag.len() > 8 {
                    return Err(wrong(subtag, "extension of 1 to 8 letters or digits"));
                }
                open_singleton = None;
            } else if subtag.len() == 1 && alnum {
                in_extension = true;
                open_singleton = Some(subtag);
            } else {
                let variant = alnum
                    && ((5..=8).contains(&subtag.len())
                        || (subtag.len() == 4 && subtag.as_bytes()[0].is_ascii_digit()));
                if !variant {
                    return Err(wrong(
                        subtag,
                        if region.is_none() {
                            "region of 2 letters or 3 digits"
                        } else {
                            "variant of 5 to 8 letters or digits"
                        },
                    ));
                }
            }
        }
        if let Some(singleton) = open_singleton {
            return Err(wrong(
                singleton,
                "region of 2 letters or 3 digits, nor an extension with its subtags",
            ));
        }
        Ok(LanguageTag {
            text: text.to_string(),
            language: language.to_ascii_lowercase(),
            region,
            rest,
        })
    }

    /// The language, in lower case ("de").
    pub fn language(&self) -> &str {
        &self.language
    }

    /// The region, in upper case ("DE"), if the tag has one.
    pub fn region(&self) -> Option<&str> {
        self.region.as_deref()
    }

    /// How well a voice of this language serves a pack of `wanted`: 0 not
    /// at all; higher is better.
    fn fit(&self, wanted: &LanguageTag) -> u8 {
        if self.language != wanted.language {
            return 0;
        }
        match (&self.region, &wanted.region) {
            (Some(mine), Some(theirs)) if mine == theirs => {
                if self.rest {
                    4
                } else {
                    5
                }
            }
            // The language's main voice beats a voice of another region.
            (None, _) => {
                if self.rest {
                    2
                } else {
                    3
                }
            }
            (Some(_), None) => 2,
            (Some(_), Some(_)) => 1,
        }
    }
}

impl fmt::Display for LanguageTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn is_alpha(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_alphabetic())
}

/// Which of the voices an engine lists, by their language tags in the
/// engine's order, speaks `wanted` best: the same language and region
/// first, then the language without a region, then the language in
/// another region; the first listed among equals. `None` when no voice
/// speaks the language (the engine's default voice then speaks); tags
/// that cannot be read are passed over.
pub fn choose_voice<'a>(
    wanted: &LanguageTag,
    voices: impl IntoIterator<Item = &'a str>,
) -> Option<usize> {
    let mut best: Option<(usize, u8)> = None;
    for (i, tag) in voices.into_iter().enumerate() {
        let fit = LanguageTag::parse(tag).map_or(0, |t| t.fit(wanted));
        if fit > 0 && best.is_none_or(|(_, b)| fit > b) {
            best = Some((i, fit));
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(text: &str) -> LanguageTag {
        LanguageTag::parse(text).unwrap()
    }

    /// What speech-dispatcher 0.11 with espeak-ng 1.51 lists, in its order
    /// (a part of it).
    const LISTED: &[&str] = &[
        "af",
        "cmn",
        "de",
        "en-029",
        "en-GB",
        "en-GB-SCOTLAND",
        "en-GB-x-gbclan",
        "en-GB-x-rp",
        "en-US",
        "es",
        "es-419",
        "pt",
        "pt-BR",
    ];

    fn chosen(wanted: &str, voices: &[&str]) -> Option<&'static str> {
        choose_voice(&tag(wanted), voices.iter().copied()).map(|i| LISTED[i])
    }

    #[test]
    fn tags_with_and_without_a_region_are_read() {
        let t = tag("de-DE");
        assert_eq!((t.language(), t.region()), ("de", Some("DE")));
        assert_eq!(tag("pt").region(), None);
        assert_eq!(tag("es-419").region(), Some("419"));
        assert_eq!(tag("en_gb").region(), Some("GB"));
        assert_eq!(tag("sr-Latn-RS").region(), Some("RS"));
        assert_eq!(tag("en-GB-x-rp").region(), Some("GB"));
        assert_eq!(tag("de-DE").to_string(), "de-DE");
    }

    #[test]
    fn malformed_tags_say_which_subtag_is_wrong() {
        assert_eq!(LanguageTag::parse(" "), Err(LanguageTagError::Empty));
        for (text, subtag) in [
            ("deutsch-DE", "deutsch"),
            ("d", "d"),
            ("de-Deutschland", "Deutschland"),
            ("de-D", "D"),
            ("12-DE", "12"),
            ("de-DE-x", "x"),
            ("de--DE", ""),
        ] {
            match LanguageTag::parse(text) {
                Err(LanguageTagError::Subtag { subtag: s, .. }) => assert_eq!(s, subtag, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        let message = LanguageTag::parse("de-D").unwrap_err().to_string();
        assert!(
            message.contains("\"D\"") && message.contains("de-DE"),
            "{message}"
        );
    }

    #[test]
    fn the_voice_of_the_same_language_and_region_comes_first() {
        // Not "English (Caribbean)", the first English voice listed.
        assert_eq!(chosen("en-GB", LISTED), Some("en-GB"));
        assert_eq!(chosen("en-US", LISTED), Some("en-US"));
        assert_eq!(chosen("es-419", LISTED), Some("es-419"));
    }

    #[test]
    fn then_the_language_without_a_region_then_another_region() {
        assert_eq!(chosen("de-DE", LISTED), Some("de"));
        assert_eq!(chosen("pt-PT", LISTED), Some("pt"));
        assert_eq!(chosen("es-ES", LISTED), Some("es"));
        assert_eq!(chosen("en-AU", LISTED), Some("en-029"), "the first listed");
        let brazil_only = ["pt-BR", "de"];
        assert_eq!(
            choose_voice(&tag("pt-PT"), brazil_only.iter().copied()),
            Some(0)
        );
        // A bare tag takes the language's main voice.
        assert_eq!(chosen("pt", LISTED), Some("pt"));
        assert_eq!(chosen("en", &LISTED[..5]), Some("en-029"));
    }

    #[test]
    fn no_voice_of_the_language_leaves_the_default() {
        assert_eq!(chosen("fr-FR", LISTED), None);
        assert_eq!(choose_voice(&tag("de-DE"), []), None);
        assert_eq!(choose_voice(&tag("de-DE"), ["not a tag", "de-AT"]), Some(1));
    }
}
