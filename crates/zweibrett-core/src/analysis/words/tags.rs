//! What the score says about a game besides its moves — the PGN tag pairs
//! (players, ratings, event, site, date, round, time control, opening, how
//! it ended) — in the pack's sentences, dates said as dates, and a tag the
//! score leaves unknown ("?") left out.

use super::{AnalysisSentence, AnalysisWords};
use crate::clock::TimeControl;
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
    /// date in the pack's words; `None` when not even the year is known.
    pub fn date(&self, pgn: &str) -> Option<String> {
        let mut parts = pgn.trim().split(['.', '-', '/']);
        let year = parts.next().filter(|y| y.len() == 4)?.parse::<u32>().ok()?;
        let month = parts.next().and_then(|m| m.parse::<u32>().ok());
        let day = parts.next().and_then(|d| d.parse::<u32>().ok());
        let month_word = month
            .filter(|m| (1..=12).contains(m))
            .map(|m| self.month(m));
        let year = year.to_string();
        Some(match (month_word, day.filter(|d| (1..=31).contains(d))) {
            (Some(month), Some(day)) => self.phrase(
                AnalysisSentence::DateFull,
                &[
                    ("day", &day.to_string()),
                    ("month", &month),
                    ("year", &year),
                ],
            ),
            (Some(month), None) => self.phrase(
                AnalysisSentence::DateMonth,
                &[("month", &month), ("year", &year)],
            ),
            (None, _) => year,
        })
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
        assert!(de.starts_with("Giri, Anish, Wertung 2749 gegen unbekannt; Turnier: Tata Steel Masters; Ort: Wijk aan Zee NED; gespielt am 2. Januar 2024; Runde 3.4; Bedenkzeit: "), "{de}");
        assert!(
            de.ends_with(
                "Eröffnung: Italian Game; ECO C50; Weiß gewinnt, durch Zeitüberschreitung"
            ),
            "{de}"
        );
        assert!(!de.contains('?'), "{de}");
        let pt = AnalysisWords::builtin("pt").tags(&g);
        assert!(pt.contains("jogada em 2 de janeiro de 2024"), "{pt}");
        assert!(pt.contains("por tempo"), "{pt}");
        let en = AnalysisWords::builtin("en").tags(&game("[Result \"*\"]"));
        assert_eq!(en, "unknown against unknown; no result");
    }

    #[test]
    fn dates_are_said_as_far_as_they_are_known() {
        let w = AnalysisWords::builtin("es");
        assert_eq!(w.date("2024.03.15").unwrap(), "15 de marzo de 2024");
        assert_eq!(w.date("2024.03.??").unwrap(), "marzo de 2024");
        assert_eq!(w.date("1851.??.??").unwrap(), "1851");
        assert_eq!(w.date("????.??.??"), None);
        assert_eq!(w.date("2024.13.40").unwrap(), "2024");
    }
}
