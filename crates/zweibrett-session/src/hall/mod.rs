//! `zweibrett hall`: the arbiter's view of every board of a round. The
//! sources are followed on threads of their own ([`sources`]); the hall
//! takes what they found when its front end wakes, and gives the lines to
//! show and say, the most urgent first. A typed line opens a board, lists
//! them all, or leaves.

pub mod sources;

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use zweibrett_core::clock::Instant as GameInstant;
use zweibrett_core::hall::{Hall, HallEvent, HallNews, HallWords, Subject, urgent_first};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::pack::HallSentence;
use zweibrett_core::utterance::{Priority, Topic};

pub use sources::{Found, SourceSpec, SpecError};

use crate::wake::Waker;

/// How the hall follows its sources.
#[derive(Clone, Debug)]
pub struct HallOptions {
    /// The sources.
    pub sources: Vec<SourceSpec>,
    /// A board in play with no change for this long is said.
    pub stall_after: Duration,
    /// How often files and folders are looked at.
    pub look_every: Duration,
    /// How often an address is asked.
    pub poll_every: Duration,
}

impl HallOptions {
    /// `sources` followed at the usual pace, a board said after
    /// `stall_after` without a change.
    pub fn new(sources: Vec<SourceSpec>, stall_after: Duration) -> HallOptions {
        HallOptions {
            sources,
            stall_after,
            look_every: sources::LOOK_EVERY,
            poll_every: sources::POLL_EVERY,
        }
    }
}

/// How a line of the hall weighs for the arbiter, and so how it is heard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// A call for the arbiter (D.2.9, III.4) or a flag (6.9): said before
    /// anything else, cutting off all but a line being said.
    Call,
    /// A result, a stalled board, a source failing or back: never dropped
    /// for another board's news.
    News,
    /// A board seen or moved: passing news, dropped unsaid when the same
    /// board has newer news or it waited too long to be said.
    Passing,
    /// A board seen or moved while the arbiter has new moves only shown:
    /// on the lines and the display, not said.
    Shown,
    /// An answer to what the arbiter typed or pressed.
    Answer,
}

impl Weight {
    /// The speech priority a line of this weight is said at.
    pub fn priority(self) -> Priority {
        match self {
            Weight::Call => Priority::Urgent,
            Weight::News => Priority::Move,
            Weight::Passing | Weight::Shown => Priority::Routine,
            Weight::Answer => Priority::Answer,
        }
    }
}

/// A line the hall shows and says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HallLine {
    /// The words shown: moves in SAN beside their spoken words.
    pub text: String,
    /// The words said: moves in spoken words alone.
    pub said: String,
    /// How it weighs.
    pub weight: Weight,
    /// The board or source it is news of; `None` for an answer.
    pub about: Option<Topic>,
}

impl HallLine {
    /// An answer to the arbiter, said as shown.
    pub fn answer(text: String) -> HallLine {
        HallLine::answer_said(text.clone(), text)
    }

    /// An answer to the arbiter, shown as `text` and said as `said`.
    pub fn answer_said(text: String, said: String) -> HallLine {
        HallLine {
            text,
            said,
            weight: Weight::Answer,
            about: None,
        }
    }

    /// What the hall says of `event`, one of `batch` (what one settle
    /// brought): shown as `text`, said as `said`, new moves said when
    /// `moves_said`.
    fn of(
        event: &HallEvent,
        batch: &[HallEvent],
        moves_said: bool,
        text: String,
        said: String,
    ) -> HallLine {
        let passing = |news: &HallNews| matches!(news, HallNews::Seen | HallNews::Moved(_));
        let weight = match event.news {
            HallNews::Divergence | HallNews::Claim | HallNews::Flag => Weight::Call,
            HallNews::Result
            | HallNews::Stalled(_)
            | HallNews::Fault(_)
            | HallNews::Back
            | HallNews::CallSettled => Weight::News,
            // A move that led to a call or a result is news too, never
            // dropped: said before the result, after the call (which goes
            // before anything).
            HallNews::Moved(_)
                if batch
                    .iter()
                    .any(|e| e.subject == event.subject && !passing(&e.news)) =>
            {
                Weight::News
            }
            HallNews::Seen | HallNews::Moved(_) if moves_said => Weight::Passing,
            HallNews::Seen | HallNews::Moved(_) => Weight::Shown,
        };
        // Boards and sources are numbered apart: even and odd.
        let about = match event.subject {
            Subject::Board(i) => Topic(2 * i as u64),
            Subject::Source(i) => Topic(2 * i as u64 + 1),
        };
        HallLine {
            text,
            said,
            weight,
            about: Some(about),
        }
    }
}

/// What a typed line comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Lines to show and say.
    Lines(Vec<HallLine>),
    /// The arbiter leaves the hall.
    Quit,
}

/// The hall as its front ends show it.
pub struct HallHost {
    hall: Hall,
    pack: VoicePack,
    /// The sources' names, by their index in the hall.
    names: Vec<String>,
    index: HashMap<String, usize>,
    found: Receiver<Found>,
    /// The hall's own time starts here.
    started: std::time::Instant,
    sources: usize,
    /// Whether new moves are said, or only shown.
    moves_said: bool,
}

impl HallHost {
    /// Starts following every source of `options`; `waker` rings when one
    /// found something.
    pub fn start(options: HallOptions, pack: VoicePack, waker: &Waker) -> HallHost {
        let (tx, found) = mpsc::channel();
        let mut paths = Vec::new();
        for source in &options.sources {
            match source {
                SourceSpec::Path(path) => paths.push(path.clone()),
                SourceSpec::Address(address) => {
                    sources::follow_address(address.clone(), tx.clone(), waker, options.poll_every);
                }
            }
        }
        if !paths.is_empty() {
            sources::follow_paths(paths, tx, waker, options.look_every);
        }
        HallHost {
            hall: Hall::new(options.stall_after),
            pack,
            names: Vec::new(),
            index: HashMap::new(),
            found,
            started: std::time::Instant::now(),
            sources: options.sources.len(),
            moves_said: true,
        }
    }

    /// The hall's pure state.
    pub fn hall(&self) -> &Hall {
        &self.hall
    }

    /// The hall's words, as shown.
    pub fn words(&self) -> HallWords<'_> {
        HallWords::new(&self.pack)
    }

    /// Board `board` in one sentence, shown and said.
    pub fn summary(&self, board: usize) -> HallLine {
        let view = &self.hall.boards()[board].view;
        HallLine::answer_said(
            self.words().summary(view),
            HallWords::spoken(&self.pack).summary(view),
        )
    }

    /// The voice pack.
    pub fn pack(&self) -> &VoicePack {
        &self.pack
    }

    /// What is said as the hall opens.
    pub fn opened(&self) -> HallLine {
        HallLine::answer(
            self.words()
                .counted(HallSentence::Opened, self.sources as u64, &[]),
        )
    }

    fn at(&self, now: std::time::Instant) -> GameInstant {
        GameInstant(now.saturating_duration_since(self.started))
    }

    fn source(&mut self, name: String) -> usize {
        if let Some(&i) = self.index.get(&name) {
            return i;
        }
        let i = self.names.len();
        self.names.push(name.clone());
        self.index.insert(name, i);
        i
    }

    /// Takes what the sources found and what fell due by `now`: the lines
    /// to show and say, the most urgent first.
    pub fn settle(&mut self, now: std::time::Instant) -> Vec<HallLine> {
        let at = self.at(now);
        let mut events: Vec<HallEvent> = Vec::new();
        while let Ok(found) = self.found.try_recv() {
            let source = self.source(found.source);
            events.extend(match found.news {
                Ok(boards) => self.hall.take(source, boards, at),
                Err(fault) => self.hall.fault(source, fault),
            });
        }
        events.extend(self.hall.tick(at));
        urgent_first(&mut events);
        let (shown, spoken) = (HallWords::new(&self.pack), HallWords::spoken(&self.pack));
        events
            .iter()
            .map(|event| {
                HallLine::of(
                    event,
                    &events,
                    self.moves_said,
                    shown.event(&self.hall, &self.names, event),
                    spoken.event(&self.hall, &self.names, event),
                )
            })
            .collect()
    }

    /// When a board's stall falls due, for the front end to wake then.
    pub fn deadline(&self) -> Option<std::time::Instant> {
        self.hall.next_stall().map(|due| self.started + due.0)
    }

    /// Whether `text` is one of the words of `key` (after commas), or one
    /// of the English `also`.
    fn is_word(&self, key: HallSentence, also: &[&str], text: &str) -> bool {
        let words = self.words().plain(key);
        words
            .split(',')
            .map(str::trim)
            .chain(also.iter().copied())
            .any(|w| !w.is_empty() && w.to_lowercase() == text.to_lowercase())
    }

    /// The first of the words of `key`: the one the help names.
    fn first_word(&self, key: HallSentence) -> String {
        let words = self.words().plain(key);
        words
            .split(',')
            .next()
            .unwrap_or_default()
            .trim()
            .to_string()
    }

    /// Every board, those waiting for the arbiter first.
    pub fn list(&self) -> Vec<HallLine> {
        let words = self.words();
        let listed = self.hall.listed();
        if listed.is_empty() {
            return vec![HallLine::answer(words.plain(HallSentence::NoBoards))];
        }
        listed.into_iter().map(|i| self.summary(i)).collect()
    }

    /// One board opened: where it stands (its clocks among it), its
    /// score, and each player's own score where it differs (D.2.9).
    pub fn open(&self, board: usize) -> Vec<HallLine> {
        let words = self.words();
        let view = &self.hall.boards()[board].view;
        let spoken = HallWords::spoken(&self.pack);
        let mut lines = vec![
            self.summary(board),
            HallLine::answer_said(words.score(view), spoken.score(view)),
        ];
        lines.extend(words.own_scores(view).map(HallLine::answer));
        lines
    }

    /// What the typed `text` comes to.
    pub fn answer(&mut self, text: &str) -> Answer {
        let text = text.trim();
        let words = self.words();
        if text.is_empty() || self.is_word(HallSentence::WordList, &["list", "boards"], text) {
            return Answer::Lines(self.list());
        }
        if self.is_word(HallSentence::WordQuit, &["quit", "q", "exit"], text) {
            return Answer::Quit;
        }
        if self.is_word(HallSentence::WordMoves, &["moves"], text) {
            self.moves_said = !self.moves_said;
            let said = if self.moves_said {
                HallSentence::MovesSaid
            } else {
                HallSentence::MovesShown
            };
            return Answer::Lines(vec![HallLine::answer(self.words().plain(said))]);
        }
        if self.is_word(HallSentence::WordHelp, &["help", "?"], text) {
            let help = words.say(
                HallSentence::Help,
                &[
                    ("list", &self.first_word(HallSentence::WordList)),
                    ("quit", &self.first_word(HallSentence::WordQuit)),
                    ("moves", &self.first_word(HallSentence::WordMoves)),
                ],
            );
            return Answer::Lines(vec![HallLine::answer(help)]);
        }
        let number = text.trim_start_matches('#');
        if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
            return Answer::Lines(
                match number.parse().ok().and_then(|n| self.hall.numbered(n)) {
                    Some(board) => self.open(board),
                    None => vec![HallLine::answer(
                        words.say(HallSentence::NoSuchBoard, &[("text", number)]),
                    )],
                },
            );
        }
        let shown: String = text.chars().take(40).collect();
        let help = self.first_word(HallSentence::WordHelp);
        Answer::Lines(vec![HallLine::answer(words.say(
            HallSentence::NotUnderstood,
            &[("text", &shown), ("help", &help)],
        ))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_that_led_to_a_result_is_news_and_other_moves_pass_or_are_shown() {
        let event = |subject, news| HallEvent { subject, news };
        let batch = vec![
            event(Subject::Board(1), HallNews::Moved(3)),
            event(Subject::Board(1), HallNews::Result),
            event(Subject::Board(2), HallNews::Moved(5)),
            event(Subject::Source(1), HallNews::Back),
        ];
        let line = |i: usize, moves_said| {
            HallLine::of(&batch[i], &batch, moves_said, String::new(), String::new())
        };
        assert_eq!(line(0, true).weight, Weight::News);
        assert_eq!(line(0, false).weight, Weight::News, "said with its result");
        assert_eq!(line(1, true).weight, Weight::News);
        assert_eq!(line(2, true).weight, Weight::Passing);
        assert_eq!(line(2, false).weight, Weight::Shown);
        assert_eq!(line(0, true).about, line(1, true).about);
        assert_ne!(line(0, true).about, line(2, true).about);
        assert_ne!(
            line(0, true).about,
            line(3, true).about,
            "board 1 and source 1"
        );
    }
}
