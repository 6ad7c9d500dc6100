//! What `find` looks for in a file of games: names in either order, any
//! tag by its name, years and dates and their ranges, results, ECO codes
//! and rating ranges, each criterion read from what the user typed (the
//! command's words already in English) and all of them met by a game
//! found.

use crate::notation::fold::fold;

use super::pgn_text::result_token;

/// The tags of one game a search compares as they are written (the index
/// keeps them): the date, the code, the result, the round and the ratings.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameTags<'a> {
    /// The `Date` tag.
    pub date: &'a str,
    /// The `ECO` tag.
    pub eco: &'a str,
    /// The `Result` tag.
    pub result: &'a str,
    /// The `Round` tag.
    pub round: &'a str,
    /// The `WhiteElo` tag, when a number.
    pub white_elo: Option<u16>,
    /// The `BlackElo` tag, when a number.
    pub black_elo: Option<u16>,
}

/// A tag the index keeps, searched by words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The `White` tag.
    White,
    /// The `Black` tag.
    Black,
    /// `White` or `Black`.
    Player,
    /// The `Event` tag.
    Event,
    /// The `Site` tag.
    Site,
    /// The `Opening` tag, with `Variation`.
    Opening,
}

/// One thing a game found must have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// Words typed without a tag's name: each the start of a word of one
    /// player's name or of the event, in any order ("Magnus Carlsen" finds
    /// "Carlsen, Magnus").
    Names(Vec<String>),
    /// All the words, each the start of a word, in one tag the index
    /// keeps.
    Words(Field, Vec<String>),
    /// The round, or a part of it ("3" finds "3" and "3.1").
    Round(String),
    /// An ECO code between these two, inclusive ("C40" is 240).
    Eco(u16, u16),
    /// A date between these two, inclusive: the game's date, as far as it
    /// is known, lies wholly inside ([`DateBound`]).
    Dates(DateBound, DateBound),
    /// The result, as PGN writes it (`1-0`, `0-1`, `1/2-1/2`, `*`).
    Result(&'static str),
    /// Both players rated between these two, inclusive.
    Rating(u16, u16),
    /// All the words in another tag, by its name as PGN writes it (read
    /// from the file, as the index does not keep it).
    Tag(String, Vec<String>),
}

/// A day as `(year, month, day)`.
pub type DateBound = (u16, u8, u8);

/// What `find` was given, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Search {
    /// Everything a game found must have.
    pub criteria: Vec<Criterion>,
}

/// Why a search cannot be read; nothing is looked for then.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// Nothing to look for.
    #[error("nothing to look for")]
    Empty,
    /// A tag's name with nothing after it ("find eco").
    #[error("{0} needs what to look for")]
    Missing(String),
    /// Not a year, a date or a range of them.
    #[error("not a date: {0}")]
    NotADate(String),
    /// Not an ECO code (A00 to E99), a part of one or a range.
    #[error("not an ECO code: {0}")]
    NotAnEco(String),
    /// Not a rating or a range of ratings.
    #[error("not a rating: {0}")]
    NotARating(String),
    /// Not a result.
    #[error("not a result: {0}")]
    NotAResult(String),
}

/// The words that name what follows them, in English.
const KEYWORDS: &[&str] = &[
    "white", "black", "player", "event", "site", "round", "eco", "opening", "date", "year",
    "result", "rating", "elo", "tag",
];

/// The English words that may stand before what is looked for; a pack
/// gives its own words for them in its `[commands]` table.
pub fn keywords() -> &'static [&'static str] {
    KEYWORDS
}

impl Search {
    /// Reads what follows `find`: tags' names, each with the words after
    /// it up to the next name, and, without a name, years and ranges of
    /// them, results, ECO codes and names.
    pub fn parse(text: &str) -> Result<Search, SearchError> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let mut criteria = Vec::new();
        let mut names = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            let token = tokens[i];
            let key = token.to_lowercase();
            if !KEYWORDS.contains(&key.as_str()) {
                i += 1;
                match bare(token)? {
                    Some(criterion) => criteria.push(criterion),
                    None => names.extend(words(token)),
                }
                continue;
            }
            let end = tokens[i + 1..]
                .iter()
                .position(|t| KEYWORDS.contains(&t.to_lowercase().as_str()))
                .map_or(tokens.len(), |p| i + 1 + p);
            let value = &tokens[i + 1..end];
            i = end;
            if value.is_empty() {
                return Err(SearchError::Missing(token.to_string()));
            }
            let joined = value.join(" ");
            let all_words = || {
                let all: Vec<String> = value.iter().flat_map(|v| words(v)).collect();
                // Punctuation alone is nothing to look for.
                match all.is_empty() {
                    true => Err(SearchError::Missing(token.to_string())),
                    false => Ok(all),
                }
            };
            let criterion = match key.as_str() {
                "white" => Criterion::Words(Field::White, all_words()?),
                "black" => Criterion::Words(Field::Black, all_words()?),
                "player" => Criterion::Words(Field::Player, all_words()?),
                "event" => Criterion::Words(Field::Event, all_words()?),
                "site" => Criterion::Words(Field::Site, all_words()?),
                "opening" => Criterion::Words(Field::Opening, all_words()?),
                "round" => Criterion::Round(joined.trim().to_string()),
                "eco" => {
                    let (lo, hi) = eco_range(&joined.replace(' ', ""))
                        .ok_or_else(|| SearchError::NotAnEco(joined.clone()))?;
                    Criterion::Eco(lo, hi)
                }
                "date" | "year" => {
                    let (lo, hi) = date_range(&joined.replace(' ', ""))
                        .ok_or_else(|| SearchError::NotADate(joined.clone()))?;
                    Criterion::Dates(lo, hi)
                }
                "result" => Criterion::Result(
                    result_word(&joined).ok_or_else(|| SearchError::NotAResult(joined.clone()))?,
                ),
                "rating" | "elo" => {
                    let (lo, hi) = rating_range(&joined.replace(' ', ""))
                        .ok_or_else(|| SearchError::NotARating(joined.clone()))?;
                    Criterion::Rating(lo, hi)
                }
                // "tag", then the tag's name, then the words.
                _ => match value {
                    [name] => return Err(SearchError::Missing(name.to_string())),
                    [name, rest @ ..] => Criterion::Tag(
                        name.to_string(),
                        rest.iter().flat_map(|v| words(v)).collect(),
                    ),
                    [] => unreachable!("an empty value was refused above"),
                },
            };
            criteria.push(criterion);
        }
        if !names.is_empty() {
            criteria.insert(0, Criterion::Names(names));
        }
        if criteria.is_empty() {
            return Err(SearchError::Empty);
        }
        Ok(Search { criteria })
    }

    /// The names of the tags the index does not keep that this search
    /// needs, each once.
    pub fn other_tags(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for c in &self.criteria {
            if let Criterion::Tag(name, _) = c
                && !names.iter().any(|n| n.eq_ignore_ascii_case(name))
            {
                names.push(name);
            }
        }
        names
    }

    /// Whether `game` meets every criterion; `folded` is the game's
    /// [`FoldedTags`], `other` gives the value of a tag the index does not
    /// keep.
    pub fn matches<'a>(
        &self,
        game: &GameTags<'_>,
        folded: &FoldedTags,
        other: impl Fn(&str) -> Option<&'a str>,
    ) -> bool {
        self.criteria.iter().all(|c| match c {
            Criterion::Names(w) => [&folded.white, &folded.black, &folded.event]
                .iter()
                .any(|f| has_all(f, w)),
            Criterion::Words(field, w) => match field {
                Field::White => has_all(&folded.white, w),
                Field::Black => has_all(&folded.black, w),
                Field::Player => has_all(&folded.white, w) || has_all(&folded.black, w),
                Field::Event => has_all(&folded.event, w),
                Field::Site => has_all(&folded.site, w),
                Field::Opening => has_all(&folded.opening, w),
            },
            Criterion::Round(round) => {
                let r = game.round.trim();
                r == round
                    || r.strip_prefix(round.as_str())
                        .is_some_and(|rest| rest.starts_with('.'))
            }
            Criterion::Eco(lo, hi) => eco(game.eco).is_some_and(|e| (*lo..=*hi).contains(&e)),
            Criterion::Dates(lo, hi) => {
                game_dates(game.date).is_some_and(|(first, last)| *lo <= first && last <= *hi)
            }
            Criterion::Result(r) => result_token(game.result.trim()) == Some(*r),
            Criterion::Rating(lo, hi) => [game.white_elo, game.black_elo]
                .iter()
                .all(|e| e.is_some_and(|e| (*lo..=*hi).contains(&e))),
            Criterion::Tag(name, w) => other(name).is_some_and(|v| has_all(&fold_words(v), w)),
        })
    }
}

/// A game's tags as a search compares them: each word folded ([`fold`]),
/// words apart by one space.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FoldedTags {
    white: String,
    black: String,
    event: String,
    site: String,
    opening: String,
}

impl FoldedTags {
    /// The tags White, Black, Event, Site and Opening of a game, folded.
    pub fn new(white: &str, black: &str, event: &str, site: &str, opening: &str) -> FoldedTags {
        FoldedTags {
            white: fold_words(white),
            black: fold_words(black),
            event: fold_words(event),
            site: fold_words(site),
            opening: fold_words(opening),
        }
    }
}

/// The folded words of `text`, one space apart.
fn fold_words(text: &str) -> String {
    words(text).join(" ")
}

/// The folded words of `text`, split where a letter or digit stops.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .map(fold)
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether every word of `wanted` begins a word of `folded` ("carl"
/// finds "Carlsen", "4" finds "Player 40" but not "Player 14").
fn has_all(folded: &str, wanted: &[String]) -> bool {
    wanted
        .iter()
        .all(|w| folded.split(' ').any(|word| word.starts_with(w.as_str())))
}

/// A criterion recognised without a tag's name: a result, a year or a
/// range of years, an ECO code or a range of them; what begins with four
/// digits and is no date is refused, not looked for as a name.
fn bare(token: &str) -> Result<Option<Criterion>, SearchError> {
    if let Some(r) = result_word(token) {
        return Ok(Some(Criterion::Result(r)));
    }
    // A year of the second or third millennium, alone or followed by a
    // month or a range; other numbers ("Player 39999") are names.
    let year_like = token
        .get(..4)
        .is_some_and(|y| y.bytes().all(|b| b.is_ascii_digit()) && y.starts_with(['1', '2']))
        && token[4..]
            .chars()
            .next()
            .is_none_or(|c| matches!(c, '.' | '/' | '-' | '–' | '—'));
    if year_like {
        let (lo, hi) = date_range(token).ok_or_else(|| SearchError::NotADate(token.to_string()))?;
        return Ok(Some(Criterion::Dates(lo, hi)));
    }
    let eco_like = token
        .chars()
        .next()
        .is_some_and(|c| matches!(c.to_ascii_uppercase(), 'A'..='E'))
        && token
            .get(1..2)
            .is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit()));
    if eco_like && let Some((lo, hi)) = eco_range(token) {
        return Ok(Some(Criterion::Eco(lo, hi)));
    }
    Ok(None)
}

/// An ECO code (`C41`) as a number: the letter's hundreds and the two
/// digits.
fn eco(code: &str) -> Option<u16> {
    let code = code.trim();
    let mut chars = code.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let hundreds = match letter {
        'A'..='E' => (letter as u16 - 'A' as u16) * 100,
        _ => return None,
    };
    let digits: String = chars.collect();
    if digits.len() != 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(hundreds + digits.parse::<u16>().ok()?)
}

/// The codes an ECO code, a part of one or a range of them stands for:
/// `C41`, `C4` (C40 to C49), `C` (C00 to C99), `C40-C45`.
fn eco_range(text: &str) -> Option<(u16, u16)> {
    let text = text.replace(['–', '—'], "-");
    if let Some((a, b)) = text.split_once('-') {
        let (lo, _) = eco_range(a)?;
        let (_, hi) = eco_range(b)?;
        return (lo <= hi).then_some((lo, hi));
    }
    match text.len() {
        3 => eco(&text).map(|e| (e, e)),
        2 => eco(&format!("{text}0")).map(|e| (e, e + 9)),
        1 => eco(&format!("{text}00")).map(|e| (e, e + 99)),
        _ => None,
    }
}

/// A date as typed, as far as it goes: `1858`, `1858.11`, `1858.11.02`
/// (dots, slashes or an ISO date's hyphens), as its first and last day.
fn date(text: &str) -> Option<(DateBound, DateBound)> {
    let parts: Vec<&str> = text.split(['.', '/', '-']).collect();
    let number = |t: &str, digits: usize| -> Option<u16> {
        (t.len() == digits && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    match parts.as_slice() {
        [y] => {
            let y = number(y, 4)?;
            Some(((y, 1, 1), (y, 12, 31)))
        }
        [y, m] => {
            let (y, m) = (number(y, 4)?, number(m, 2)? as u8);
            (1..=12).contains(&m).then_some(((y, m, 1), (y, m, 31)))
        }
        [y, m, d] => {
            let (y, m, d) = (number(y, 4)?, number(m, 2)? as u8, number(d, 2)? as u8);
            ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some(((y, m, d), (y, m, d)))
        }
        _ => None,
    }
}

/// A date, or a range of dates apart by a hyphen (`1850-1860`,
/// `2024.01-2024.06`), as its first and last day.
fn date_range(text: &str) -> Option<(DateBound, DateBound)> {
    let text = text.replace(['–', '—'], "-");
    if let Some(whole) = date(&text) {
        return Some(whole);
    }
    let (a, b) = text.split_once('-')?;
    let ((lo, _), (_, hi)) = (date(a)?, date(b)?);
    (lo <= hi).then_some((lo, hi))
}

/// The first and last day a game's `Date` tag can mean: `1858.??.??` is
/// any day of 1858; `None` without a year.
fn game_dates(tag: &str) -> Option<(DateBound, DateBound)> {
    let mut parts = tag.trim().split('.');
    let year: u16 = parts.next()?.parse().ok()?;
    let known = |p: Option<&str>, most: u8| {
        p.and_then(|p| p.parse::<u8>().ok())
            .filter(|n| (1..=most).contains(n))
    };
    match known(parts.next(), 12) {
        None => Some(((year, 1, 1), (year, 12, 31))),
        Some(m) => match known(parts.next(), 31) {
            None => Some(((year, m, 1), (year, m, 31))),
            Some(d) => Some(((year, m, d), (year, m, d))),
        },
    }
}

/// A rating (`2500`: that or more) or a range of them (`2400-2600`).
fn rating_range(text: &str) -> Option<(u16, u16)> {
    let text = text.replace(['–', '—'], "-");
    let rating = |t: &str| t.parse::<u16>().ok().filter(|r| *r <= 4000);
    match text.split_once('-') {
        Some((a, b)) => {
            let (lo, hi) = (rating(a)?, rating(b)?);
            (lo <= hi).then_some((lo, hi))
        }
        None => Some((rating(&text)?, u16::MAX)),
    }
}

/// A result as typed after `result`: as PGN writes it, or `draw`.
fn result_word(text: &str) -> Option<&'static str> {
    let text = text.trim();
    result_token(text).or_else(|| match text.to_lowercase().as_str() {
        "draw" | "=" => Some("1/2-1/2"),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's tags: the folded names and the rest as written.
    struct Game {
        folded: FoldedTags,
        date: String,
        eco: String,
        result: String,
    }

    fn game(white: &str, black: &str, date: &str, eco: &str, result: &str) -> Game {
        Game {
            folded: FoldedTags::new(white, black, "Olympiad 2010", "", ""),
            date: date.into(),
            eco: eco.into(),
            result: result.into(),
        }
    }

    impl Game {
        fn tags(&self) -> GameTags<'_> {
            GameTags {
                date: &self.date,
                eco: &self.eco,
                result: &self.result,
                round: "3.1",
                white_elo: Some(2826),
                black_elo: Some(2480),
            }
        }
    }

    fn found(query: &str, game: &Game) -> bool {
        let search = Search::parse(query).unwrap();
        search.matches(&game.tags(), &game.folded, |_| None)
    }

    #[test]
    fn names_match_in_either_order_and_without_accents() {
        let g = game("Carlsen, Magnus", "Müller, K.", "2010.09.21", "C41", "1-0");
        assert!(found("Magnus Carlsen", &g));
        assert!(found("carlsen", &g));
        assert!(found("muller", &g));
        assert!(!found("Magnus Muller", &g), "words in two names");
        assert!(found("white Carlsen", &g));
        assert!(!found("black Carlsen", &g));
        assert!(found("player Muller", &g));
    }

    #[test]
    fn years_results_and_codes_are_read_without_a_name() {
        let g = game("Carlsen, Magnus", "X", "2010.09.21", "C41", "1-0");
        assert!(found("2010", &g));
        assert!(!found("2011", &g));
        assert!(found("2005-2010", &g));
        assert!(found("1-0", &g), "a result, not the event's 2010");
        assert!(!found("0-1", &g));
        assert!(found("C41", &g));
        assert!(found("c4", &g));
        assert!(found("C40-C45", &g));
        assert!(!found("eco B", &g));
        assert!(found("Carlsen 2010 1-0 C41", &g));
    }

    #[test]
    fn dates_are_wholly_inside_what_is_asked() {
        let g = game("A", "B", "1858.??.??", "", "*");
        assert!(found("1858", &g));
        assert!(!found("date 1858.11", &g), "only the year is known");
        let g = game("A", "B", "1858.11.02", "", "*");
        assert!(found("date 1858.11", &g));
        assert!(found("year 1850-1860", &g));
        assert!(found("date 1858-11-02", &g));
        assert!(!found("date 1858.11.03", &g));
        let g = game("A", "B", "????.??.??", "", "*");
        assert!(!found("1858", &g));
    }

    #[test]
    fn ratings_and_rounds() {
        let g = game("A", "B", "2010.01.01", "", "*");
        assert!(found("rating 2400", &g));
        assert!(!found("rating 2500", &g), "Black is rated 2480");
        assert!(found("elo 2400-2900", &g));
        assert!(found("round 3", &g));
        assert!(found("round 3.1", &g));
        assert!(!found("round 31", &g));
    }

    #[test]
    fn other_tags_are_asked_for_by_name() {
        let s = Search::parse("tag TimeControl 40/7200").unwrap();
        assert_eq!(s.other_tags(), ["TimeControl"]);
        let g = game("A", "B", "", "", "*");
        let control = |n: &str| (n == "TimeControl").then_some("40/7200:3600");
        assert!(s.matches(&g.tags(), &g.folded, control));
        assert!(!s.matches(&g.tags(), &g.folded, |_| Some("300+2")));
        assert!(!s.matches(&g.tags(), &g.folded, |_| None));
    }

    #[test]
    fn every_tags_name_may_be_given_in_the_packs_words() {
        use crate::notation::pack::AFTER_AN_ANALYSIS_COMMAND;
        for word in keywords() {
            let a_games_word = matches!(*word, "white" | "black");
            assert!(
                a_games_word || AFTER_AN_ANALYSIS_COMMAND.contains(word),
                "{word}"
            );
        }
    }

    #[test]
    fn what_cannot_be_read_is_named() {
        assert_eq!(Search::parse(""), Err(SearchError::Empty));
        assert_eq!(Search::parse(" , "), Err(SearchError::Empty));
        assert_eq!(
            Search::parse("eco"),
            Err(SearchError::Missing("eco".into()))
        );
        assert_eq!(
            Search::parse("eco F12"),
            Err(SearchError::NotAnEco("F12".into()))
        );
        assert_eq!(
            Search::parse("year 18580"),
            Err(SearchError::NotADate("18580".into()))
        );
        assert_eq!(
            Search::parse("year 1860-1850"),
            Err(SearchError::NotADate("1860-1850".into()))
        );
        assert_eq!(
            Search::parse("Carlsen 2010.13"),
            Err(SearchError::NotADate("2010.13".into()))
        );
        // Numbers that are no year are names.
        assert_eq!(
            Search::parse("Spieler 39999 4711"),
            Ok(Search {
                criteria: vec![Criterion::Names(vec![
                    "spieler".into(),
                    "39999".into(),
                    "4711".into()
                ])]
            })
        );
        assert_eq!(
            Search::parse("rating strong"),
            Err(SearchError::NotARating("strong".into()))
        );
        assert_eq!(
            Search::parse("result won"),
            Err(SearchError::NotAResult("won".into()))
        );
        assert_eq!(
            Search::parse("tag Annotator"),
            Err(SearchError::Missing("Annotator".into()))
        );
    }
}
