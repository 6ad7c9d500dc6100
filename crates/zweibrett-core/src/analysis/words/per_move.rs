//! What is said about one move besides the move (its clock time, the time
//! spent, the evaluation the score gives), and the words of replays and
//! searches.

use std::time::Duration;

use super::{AnalysisSentence, AnalysisWords, sentences};
use crate::analysis::command::{LEAST_PACE, MOST_PACE};
use crate::analysis::engine::Score;
use crate::analysis::replay::Played;
use crate::record::game_search::SearchError;

/// What is said with each move played besides the move itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EachMove {
    /// The mover's clock and the time spent, from the score.
    pub clock: bool,
    /// The evaluation the score gives (`[%eval]`).
    pub eval: bool,
}

impl Default for EachMove {
    /// The clock on request only; the score's evaluations with each move.
    fn default() -> EachMove {
        EachMove {
            clock: false,
            eval: true,
        }
    }
}

impl AnalysisWords {
    /// The clock time after the move and the time spent on it, each only
    /// when the score gives it.
    pub fn times(&self, p: &Played) -> Vec<String> {
        let mut parts = Vec::new();
        if let Some(clock) = p.clock {
            parts.push(self.phrase(
                AnalysisSentence::Clock,
                &[("time", &self.clock.exact(clock.as_secs()))],
            ));
        }
        if let Some(spent) = p.spent {
            parts.push(self.phrase(
                AnalysisSentence::Spent,
                &[("time", &self.clock.exact(spent.as_secs()))],
            ));
        }
        parts
    }

    /// The answer to `clock`: the last move with its clock time and the
    /// time spent, or why there are none.
    pub fn clock_at(&self, last: Option<&Played>) -> String {
        let Some(p) = last else {
            return self.phrase(AnalysisSentence::NoLast, &[]);
        };
        let mut parts = vec![self.numbered(p)];
        let times = self.times(p);
        if times.is_empty() {
            parts.push(self.phrase(AnalysisSentence::NoClock, &[]));
        }
        parts.extend(times);
        sentences(&parts)
    }

    /// The evaluation a score gives: "in the score: White is better, about
    /// one pawn".
    pub fn recorded_eval(&self, score: Score) -> String {
        self.phrase(
            AnalysisSentence::RecordedEval,
            &[("eval", &self.verdict(score))],
        )
    }

    /// Seconds as the pack writes them: "2", "0.5" in English, "0,5" in
    /// the other languages.
    fn seconds(&self, pace: Duration) -> String {
        let tenths = (pace.as_millis() + 50) / 100;
        let text = if tenths.is_multiple_of(10) {
            (tenths / 10).to_string()
        } else {
            format!("{}.{}", tenths / 10, tenths % 10)
        };
        if self.pack.language.starts_with("en") {
            text
        } else {
            text.replace('.', ",")
        }
    }

    /// The pace of replays: "replays go at 2 seconds a move".
    pub fn pace(&self, pace: Duration) -> String {
        // Only exactly one second takes the singular.
        let n = if pace == Duration::from_secs(1) { 1 } else { 2 };
        self.phrase_count(
            AnalysisSentence::Pace,
            n,
            &[("seconds", &self.seconds(pace))],
        )
    }

    /// A pace that cannot be read, with what can.
    pub fn not_a_pace(&self, text: &str) -> String {
        self.phrase(
            AnalysisSentence::NotAPace,
            &[
                ("text", text),
                ("least", &self.seconds(LEAST_PACE)),
                ("most", &self.seconds(MOST_PACE)),
            ],
        )
    }

    /// The start of a replay of `n` moves.
    pub fn replaying(&self, n: usize) -> String {
        self.phrase_count(
            AnalysisSentence::Replaying,
            n as u64,
            &[("n", &self.clock.number(n as u64, None))],
        )
    }

    /// Why what follows `find` (`command`, in the pack's word) cannot be
    /// looked for.
    pub fn search_error(&self, error: &SearchError, command: &str) -> String {
        use AnalysisSentence as A;
        match error {
            SearchError::Empty => self.phrase(A::FindWhat, &[("command", command)]),
            SearchError::Missing(word) => {
                // A tag's name read in English is named in the pack's word.
                let lower = word.to_lowercase();
                let local = self.pack.command_words().word(&lower);
                let word = if local == lower { word.as_str() } else { local };
                self.phrase(A::FindNeeds, &[("word", word)])
            }
            SearchError::NotADate(text) => self.phrase(A::FindNotADate, &[("text", text)]),
            SearchError::NotAnEco(text) => self.phrase(A::FindNotAnEco, &[("text", text)]),
            SearchError::NotARating(text) => self.phrase(A::FindNotARating, &[("text", text)]),
            SearchError::NotAResult(text) => self.phrase(A::FindNotAResult, &[("text", text)]),
        }
    }

    /// How many games a search for `name` found.
    pub fn found(&self, n: usize, name: &str) -> String {
        self.phrase_count(
            AnalysisSentence::Found,
            n as u64,
            &[("n", &self.games_count(n)), ("name", name)],
        )
    }
}
