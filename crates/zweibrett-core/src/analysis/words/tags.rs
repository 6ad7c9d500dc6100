//! What the score says about a game besides its moves — the PGN tag pairs
//! (players, ratings, event, site, date, round, time control, opening, how
//! it ended) — in the pack's sentences, dates said as dates, and a tag the
//! score leaves unknown ("?") left out.

use super::{AnalysisSentence, AnalysisWords};
use crate::clock::TimeControl;
use crate::notation::pack::fill;
use crate::record::pgn_game::Game;
use crate::record::pgn_index::GameEntry;

/// A tag, the sentence that says it and that sentence's placeholder.
type Tagged = (&'static str, AnalysisSentence, &'static str);

const EVENT: Tagged = ("Event", AnalysisSentence::TagsEvent, "event");
const SITE: Tagged = ("Site", AnalysisSentence::TagsSite, "site");
const ROUND: Tagged = ("Round", AnalysisSentence::TagsRound, "round");
const ECO: Tagged = ("ECO", AnalysisSentence::TagsEco, "eco");
const ANNOTATOR: Tagged = ("Annotator", AnalysisSentence::TagsAnnotator, "name");

/// A tag's value, unless it is empty or unknown ("?", "????.??.??").
fn known(value: Option<&str>) -> Option<&str> {
    let value = value?.trim();
    (!value.is_empty() && !value.starts_with('?') && value != "-").then_some(value)
}

impl AnalysisWords {
    /// Everything the score's tags say about `game`, sentence by sentence;
    /// a tag that is missing or unknown is left out.
    pub fn tags(&self, game: &Game) -> String {
        let tag = |name: &str| known(game.tag(name));
        let mut said = vec![self.players(game)];
        said.extend(self.tag_sentences(game, &[EVENT, SITE]));
        said.extend(self.played_on(game));
        said.extend(self.tag_sentences(game, &[ROUND]));
        if let Some(control) = tag("TimeControl") {
            // A control PGN's grammar cannot read is said as written.
            let words = control
                .parse::<TimeControl>()
                .map_or_else(|_| control.to_string(), |c| self.clock.control(&c));
            said.push(self.phrase(AnalysisSentence::TagsTimeControl, &[("control", &words)]));
        }
        let opening: Vec<&str> = ["Opening", "Variation", "SubVariation"]
            .into_iter()
            .filter_map(tag)
            .collect();
        if !opening.is_empty() {
            said.push(self.phrase(
                AnalysisSentence::TagsOpening,
                &[("opening", &opening.join(", "))],
            ));
        }
        said.extend(self.tag_sentences(game, &[ECO, ANNOTATOR]));
        said.push(self.ended(game.tag("Result").unwrap_or("*"), tag("Termination")));
        said.join("; ")
    }

    /// The lines a score begins with (D.2.7): the players with their
    /// ratings; the event, site and round; the date said as a date; the
    /// result and how the game ended. Unknown tags are left out.
    pub fn heading(&self, game: &Game) -> Vec<String> {
        let mut lines = vec![self.players(game)];
        let place = self.tag_sentences(game, &[EVENT, SITE, ROUND]);
        if !place.is_empty() {
            lines.push(place.join("; "));
        }
        lines.extend(self.played_on(game));
        lines.push(self.ended(
            game.tag("Result").unwrap_or("*"),
            known(game.tag("Termination")),
        ));
        lines
    }

    /// "White against Black", each with their rating when the score gives
    /// one.
    fn players(&self, game: &Game) -> String {
        self.phrase(
            AnalysisSentence::TagsPlayers,
            &[
                (
                    "white",
                    &self.player(game.tag("White"), game.tag("WhiteElo")),
                ),
                (
                    "black",
                    &self.player(game.tag("Black"), game.tag("BlackElo")),
                ),
            ],
        )
    }

    /// The sentence of each of `tags` the score gives a value for.
    fn tag_sentences(&self, game: &Game, tags: &[Tagged]) -> Vec<String> {
        tags.iter()
            .filter_map(|&(name, key, placeholder)| {
                known(game.tag(name)).map(|value| self.phrase(key, &[(placeholder, value)]))
            })
            .collect()
    }

    /// "played on 2 January 2024", when the date is known at least by its
    /// year.
    fn played_on(&self, game: &Game) -> Option<String> {
        let date = self.date(known(game.tag("Date"))?)?;
        Some(self.phrase(AnalysisSentence::TagsDate, &[("date", &date)]))
    }

    /// A player's name, or the word for one the score does not name; with
    /// a rating when one is given.
    pub fn player(&self, name: Option<&str>, elo: Option<&str>) -> String {
        let name = known(name).map_or_else(
            || self.phrase(AnalysisSentence::UnknownPlayer, &[]),
            str::to_string,
        );
        match known(elo).filter(|e| e.parse::<u32>().is_ok_and(|n| n > 0)) {
            Some(elo) => self.phrase(AnalysisSentence::Rated, &[("name", &name), ("elo", elo)]),
            None => name,
        }
    }

    /// The result, and how the game ended when the `Termination` tag says
    /// more than that it ended normally.
    fn ended(&self, result: &str, termination: Option<&str>) -> String {
        let result = self.result(result.trim());
        let key = match termination.map(|t| t.to_lowercase()) {
            None => return result,
            Some(t) => match t.as_str() {
                "normal" => return result,
                "time forfeit" | "time" => Some(AnalysisSentence::EndedOnTime),
                "abandoned" => Some(AnalysisSentence::EndedAbandoned),
                "adjudication" => Some(AnalysisSentence::EndedAdjudication),
                "rules infraction" => Some(AnalysisSentence::EndedRulesInfraction),
                "death" => Some(AnalysisSentence::EndedDeath),
                "emergency" => Some(AnalysisSentence::EndedEmergency),
                "unterminated" => Some(AnalysisSentence::EndedUnterminated),
                _ => None,
            },
        };
        // A termination in a tool's own words is said as written.
        let how = key.map_or_else(
            || termination.unwrap_or_default().to_string(),
            |k| self.phrase(k, &[]),
        );
        self.phrase(
            AnalysisSentence::TagsEnded,
            &[("result", &result), ("how", &how)],
        )
    }

    /// A PGN date ("2024.01.02", "2024.01.??", "2024.??.??") said as a
    /// date in the pack's words, with the preposition its precision wants
    /// ("am zweiten November achtzehnhundertachtundfünfzig", "im Mai
    /// zweitausendvierundzwanzig", "im Jahr 1851" said in words); `None`
    /// when not even the year is known.
    pub fn date(&self, pgn: &str) -> Option<String> {
        let mut parts = pgn.trim().split(['.', '-', '/']);
        let year = parts.next().filter(|y| y.len() == 4)?.parse::<u16>().ok()?;
        let month = parts.next().and_then(|m| m.parse::<u32>().ok());
        let day = parts.next().and_then(|d| d.parse::<u8>().ok());
        let month_word = month
            .filter(|m| (1..=12).contains(m))
            .map(|m| self.month(m));
        let year = self.year(year);
        Some(match (month_word, day.filter(|d| (1..=31).contains(d))) {
            (Some(month), Some(day)) => self.phrase(
                AnalysisSentence::DateFull,
                &[("day", &self.day(day)), ("month", &month), ("year", &year)],
            ),
            (Some(month), None) => self.phrase(
                AnalysisSentence::DateMonth,
                &[("month", &month), ("year", &year)],
            ),
            (None, _) => self.phrase(AnalysisSentence::DateYear, &[("year", &year)]),
        })
    }

    /// The day of the month as the pack's date sentence says it; the number
    /// in words where the pack has no word for it.
    fn day(&self, day: u8) -> String {
        self.numbered
            .days
            .get(&day)
            .cloned()
            .unwrap_or_else(|| self.clock.number(u64::from(day), None))
    }

    /// A year in words: in hundreds where the pack says it so
    /// ("eighteen fifty-eight"), else as a number.
    fn year(&self, year: u16) -> String {
        let Some(years) = &self.numbered.years else {
            return self.clock.number(u64::from(year), None);
        };
        match years.form(year) {
            Some((sentence, century, rest)) => fill(
                sentence,
                &[
                    ("century", &self.clock.number(u64::from(century), None)),
                    ("rest", &self.clock.number(u64::from(rest), None)),
                ],
            ),
            None => self.clock.number(u64::from(year), None),
        }
    }

    /// A count of games in words. "Partie" and "partida" are feminine, as
    /// the hour is: the hour's forms of the numbers agree with them ("duas
    /// partidas").
    pub fn games_count(&self, n: usize) -> String {
        self.clock
            .number(n as u64, Some(crate::clock::words::Unit::Hour))
    }

    /// The name of month `m` (1 to 12).
    fn month(&self, m: u32) -> String {
        use AnalysisSentence as A;
        let key = [
            A::January,
            A::February,
            A::March,
            A::April,
            A::May,
            A::June,
            A::July,
            A::August,
            A::September,
            A::October,
            A::November,
            A::December,
        ][(m - 1) as usize];
        self.phrase(key, &[])
    }

    /// A line of the games list: its number, the players, and the event,
    /// the date and the result where the score gives them.
    pub fn entry(&self, g: &GameEntry) -> String {
        let event = known(Some(&g.event)).unwrap_or_default();
        let date = known(Some(&g.date))
            .and_then(|d| self.date(d))
            .unwrap_or_default();
        let line = self.phrase(
            AnalysisSentence::Game,
            &[
                ("number", &g.number.to_string()),
                ("white", &self.player(Some(&g.white), None)),
                ("black", &self.player(Some(&g.black), None)),
                ("event", event),
                ("date", &date),
                ("result", &self.result(&g.result)),
            ],
        );
        // The parts left empty are dropped with their separators.
        line.split("; ")
            .filter(|part| !part.trim().is_empty())
            .collect::<Vec<_>>()
            .join("; ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(tags: &str) -> Game {
        Game::parse(&format!("{tags}\n\n1. e4 e5 1-0\n"), 1).unwrap()
    }

    #[test]
    fn every_tag_is_said_in_the_packs_words_and_unknown_ones_are_left_out() {
        let g = game(
            "[Event \"Tata Steel Masters\"]\n[Site \"Wijk aan Zee NED\"]\n\
             [Date \"2024.01.02\"]\n[Round \"3.4\"]\n[White \"Giri, Anish\"]\n\
             [Black \"?\"]\n[Result \"1-0\"]\n[WhiteElo \"2749\"]\n\
             [TimeControl \"40/7200:3600\"]\n[ECO \"C50\"]\n\
             [Opening \"Italian Game\"]\n[Termination \"time forfeit\"]",
        );
        let de = AnalysisWords::builtin("fide").tags(&g);
        assert!(de.starts_with("Giri, Anish, Wertung 2749 gegen unbekannt; Turnier: Tata Steel Masters; Ort: Wijk aan Zee NED; gespielt am zweiten Januar zweitausendvierundzwanzig; Runde 3.4; Bedenkzeit: "), "{de}");
        assert!(
            de.ends_with(
                "Eröffnung: Italian Game; ECO C50; Weiß gewinnt, durch Zeitüberschreitung"
            ),
            "{de}"
        );
        assert!(!de.contains('?'), "{de}");
        let pt = AnalysisWords::builtin("pt").tags(&g);
        assert!(
            pt.contains("jogada a dois de janeiro de dois mil e vinte e quatro"),
            "{pt}"
        );
        assert!(pt.contains("por tempo"), "{pt}");
        let en = AnalysisWords::builtin("en").tags(&game("[Result \"*\"]"));
        assert_eq!(en, "unknown against unknown; no result");
    }

    #[test]
    fn dates_are_said_as_far_as_they_are_known() {
        let w = AnalysisWords::builtin("es");
        assert_eq!(
            w.date("2024.03.15").unwrap(),
            "el quince de marzo de dos mil veinticuatro"
        );
        assert_eq!(
            w.date("2024.03.01").unwrap(),
            "el primero de marzo de dos mil veinticuatro"
        );
        assert_eq!(
            w.date("2024.03.??").unwrap(),
            "en marzo de dos mil veinticuatro"
        );
        assert_eq!(
            w.date("1851.??.??").unwrap(),
            "en mil ochocientos cincuenta y uno"
        );
        assert_eq!(w.date("????.??.??"), None);
        assert_eq!(w.date("2024.13.40").unwrap(), "en dos mil veinticuatro");
    }

    #[test]
    fn years_are_said_in_hundreds_where_the_language_does() {
        let de = AnalysisWords::builtin("fide");
        assert_eq!(
            de.date("1858.11.02").unwrap(),
            "am zweiten November achtzehnhundertachtundfünfzig"
        );
        assert_eq!(
            de.date("2024.05.??").unwrap(),
            "im Mai zweitausendvierundzwanzig"
        );
        assert_eq!(de.date("1900.??.??").unwrap(), "im Jahr neunzehnhundert");
        let en = AnalysisWords::builtin("en");
        assert_eq!(
            en.date("1858.11.02").unwrap(),
            "on the second of November eighteen fifty-eight"
        );
        assert_eq!(en.date("1905.??.??").unwrap(), "in nineteen oh five");
        assert_eq!(en.date("2008.??.??").unwrap(), "in two thousand eight");
        assert_eq!(
            en.date("2024.12.31").unwrap(),
            "on the thirty-first of December twenty twenty-four"
        );
        let pt = AnalysisWords::builtin("pt");
        assert_eq!(
            pt.date("1858.11.01").unwrap(),
            "a primeiro de novembro de mil oitocentos e cinquenta e oito"
        );
    }
}
