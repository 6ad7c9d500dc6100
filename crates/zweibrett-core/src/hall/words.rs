//! The hall's events and boards in the voice pack's words.

use shakmaty::{Color, Position};

use super::board::{BoardView, Seat};
use super::follow::{Hall, HallEvent, HallNews, SourceFault, Subject};
use crate::game::GameWords;
use crate::notation::pack::{HallSentence, Sentences};
use crate::notation::piece_letters::PieceLetters;
use crate::notation::{Form, VoicePack, say};
use crate::record::pgn_write::{ArbiterCall, clock_text};

/// More new moves than this at once are counted, not read out: a hall
/// that comes to a board late hears where it stands, not its game.
const MOVES_READ: usize = 4;

/// The words of the hall in one voice pack, as shown or as said.
pub struct HallWords<'a> {
    pack: &'a VoicePack,
    words: GameWords,
    /// The pack's piece letters, that moves are shown in (C.4).
    letters: PieceLetters,
    /// Moves in the pack's spoken words alone (said), or numbered in its
    /// letters beside them (shown): SAN read aloud is noise to the ear.
    spoken: bool,
}

impl<'a> HallWords<'a> {
    /// The hall's words in `pack`.
    pub fn new(pack: &'a VoicePack) -> HallWords<'a> {
        HallWords {
            pack,
            words: GameWords::from_pack(pack).unwrap_or_else(|_| GameWords::english()),
            letters: PieceLetters::of_pack(pack),
            spoken: false,
        }
    }

    /// The hall's words in `pack` as they are said: each move in the
    /// pack's spoken words, without its number and SAN.
    pub fn spoken(pack: &'a VoicePack) -> HallWords<'a> {
        HallWords {
            spoken: true,
            ..HallWords::new(pack)
        }
    }

    fn sentences(&self) -> &Sentences<HallSentence> {
        self.pack.hall_sentences()
    }

    /// A sentence of the hall, its placeholders filled.
    pub fn say(&self, key: HallSentence, values: &[(&str, &str)]) -> String {
        self.sentences().say(key, values)
    }

    /// A sentence of the hall with nothing to fill in.
    pub fn plain(&self, key: HallSentence) -> String {
        self.say(key, &[])
    }

    /// A counted sentence of the hall.
    pub fn counted(&self, key: HallSentence, n: u64, values: &[(&str, &str)]) -> String {
        let count = n.to_string();
        let mut all = values.to_vec();
        all.push(("count", &count));
        self.sentences().say_count(key, n, &all)
    }

    /// "board 12", or the players of a board without a number.
    pub fn board_name(&self, view: &BoardView) -> String {
        match view.number {
            Some(n) => self.say(HallSentence::BoardNumbered, &[("number", &n.to_string())]),
            None => self.say(
                HallSentence::BoardUnnumbered,
                &[("white", &view.white.name), ("black", &view.black.name)],
            ),
        }
    }

    fn elo(&self, seat: &Seat) -> String {
        seat.elo
            .as_deref()
            .map(|elo| self.say(HallSentence::Elo, &[("elo", elo)]))
            .unwrap_or_default()
    }

    /// The clocks noted after each side's last move.
    pub fn clocks(&self, view: &BoardView) -> String {
        let time = |i: usize| {
            view.clocks[i]
                .map(clock_text)
                .unwrap_or_else(|| self.plain(HallSentence::ClockUnknown))
        };
        self.say(
            HallSentence::Clocks,
            &[
                ("white_side", self.pack.side(Color::White)),
                ("white", &time(0)),
                ("black_side", self.pack.side(Color::Black)),
                ("black", &time(1)),
            ],
        )
    }

    /// Where the board stands: what waits for the arbiter, the result, or
    /// whose turn it is.
    pub fn state(&self, view: &BoardView) -> String {
        if let Some(call) = view.call {
            let what = match call {
                ArbiterCall::Divergence => self.plain(HallSentence::WhatDivergence),
                ArbiterCall::Claim => self.plain(HallSentence::WhatClaim),
            };
            return self.say(HallSentence::Awaiting, &[("what", &what)]);
        }
        match view.result {
            Some(result) => self.say(HallSentence::Over, &[("result", self.words.result(result))]),
            None => self.say(
                HallSentence::ToMove,
                &[("side", self.pack.side(view.to_move()))],
            ),
        }
    }

    /// "12... Sf6": the last move with its number, in the pack's letters;
    /// said, the pack's words for it.
    fn last_move(&self, view: &BoardView) -> Option<String> {
        let (_, san) = view.moves.last()?;
        if self.spoken {
            return self.moves_from(view, view.moves.len() - 1).pop();
        }
        let number = view.number_of(view.moves.len() - 1);
        Some(format!("{number} {}", self.letters.from_english(san)))
    }

    /// The board in one sentence: players, move, clocks, state.
    pub fn summary(&self, view: &BoardView) -> String {
        let progress = match self.last_move(view) {
            Some(last) => self.say(
                HallSentence::Progress,
                &[
                    (
                        "number",
                        &view.number_of(view.moves.len() - 1).number.to_string(),
                    ),
                    ("last", &last),
                ],
            ),
            None => self.plain(HallSentence::NoMove),
        };
        self.say(
            HallSentence::Seen,
            &[
                ("board", &self.board_name(view)),
                ("white", &view.white.name),
                ("white_elo", &self.elo(&view.white)),
                ("black", &view.black.name),
                ("black_elo", &self.elo(&view.black)),
                ("progress", &progress),
                ("clocks", &self.clocks(view)),
                ("state", &self.state(view)),
            ],
        )
    }

    /// The half-moves of `view` from `from` on, numbered, each in SAN and
    /// in the pack's words; said, in the words alone.
    fn moves_from(&self, view: &BoardView, from: usize) -> Vec<String> {
        let mut position = view.start.clone();
        let mut said = Vec::new();
        for (i, (m, san)) in view.moves.iter().enumerate() {
            if i >= from {
                let words = say(self.pack, &position, *m, Form::Short);
                if self.spoken {
                    said.push(words);
                } else {
                    let san = self.letters.from_english(san);
                    said.push(format!("{} {san}: {words}", view.number_of(i)));
                }
            }
            position.play_unchecked(*m);
        }
        said
    }

    /// The whole score of the board, numbered; said, each full move's
    /// number and its half-moves in words ("1 Eva vier, Eva fünf; 2 …"),
    /// since a voice reads "1." as an ordinal.
    pub fn score(&self, view: &BoardView) -> String {
        let moves: Vec<String> = if self.spoken {
            let words = self.moves_from(view, 0);
            let mut full: Vec<String> = Vec::new();
            for (i, said) in words.into_iter().enumerate() {
                let number = view.number_of(i);
                if number.color == Color::White || full.is_empty() {
                    full.push(format!("{} {said}", number.number));
                } else if let Some(last) = full.last_mut() {
                    last.push_str(", ");
                    last.push_str(&said);
                }
            }
            full
        } else {
            view.moves
                .iter()
                .enumerate()
                .map(|(i, (_, san))| {
                    format!("{} {}", view.number_of(i), self.letters.from_english(san))
                })
                .collect()
        };
        let moves = if moves.is_empty() {
            self.plain(HallSentence::NoMove)
        } else if self.spoken {
            moves.join("; ")
        } else {
            moves.join(", ")
        };
        self.say(
            HallSentence::Score,
            &[("board", &self.board_name(view)), ("moves", &moves)],
        )
    }

    /// Each player's own score where it differs, when it does (D.2.9).
    pub fn own_scores(&self, view: &BoardView) -> Option<String> {
        (!view.own_scores.is_empty()).then(|| {
            self.say(
                HallSentence::OwnScores,
                &[
                    ("board", &self.board_name(view)),
                    ("scores", &view.own_scores.join("; ")),
                ],
            )
        })
    }

    /// `event` in words; `sources` names the hall's sources.
    pub fn event(&self, hall: &Hall, sources: &[String], event: &HallEvent) -> String {
        let source = match &event.subject {
            Subject::Source(i) => sources.get(*i).cloned().unwrap_or_default(),
            Subject::Board(_) => String::new(),
        };
        let Subject::Board(i) = event.subject else {
            return self.source_event(&source, &event.news);
        };
        let Some(view) = hall.boards().get(i).map(|b| &b.view) else {
            return String::new();
        };
        let board = self.board_name(view);
        let result = || {
            view.result
                .map(|r| self.words.result(r).to_string())
                .unwrap_or_default()
        };
        match &event.news {
            HallNews::Seen => self.summary(view),
            HallNews::Moved(from) => {
                let moves = self.moves_from(view, *from);
                if moves.len() > MOVES_READ {
                    let last = self.last_move(view).unwrap_or_default();
                    self.counted(
                        HallSentence::MovedMany,
                        moves.len() as u64,
                        &[("board", &board), ("last", &last)],
                    )
                } else {
                    self.say(
                        HallSentence::Moved,
                        &[("board", &board), ("moves", &moves.join("; "))],
                    )
                }
            }
            HallNews::Divergence => self.say(HallSentence::Divergence, &[("board", &board)]),
            HallNews::Claim => self.say(HallSentence::Claim, &[("board", &board)]),
            HallNews::CallSettled => self.say(HallSentence::CallSettled, &[("board", &board)]),
            HallNews::Flag => self.say(
                HallSentence::Flag,
                &[
                    ("board", &board),
                    ("side", self.pack.side(view.to_move())),
                    ("result", &result()),
                ],
            ),
            HallNews::Result => self.say(
                HallSentence::Result,
                &[("board", &board), ("result", &result())],
            ),
            HallNews::Stalled(minutes) => {
                self.counted(HallSentence::Stalled, *minutes, &[("board", &board)])
            }
            HallNews::Fault(_) | HallNews::Back => self.source_event(&board, &event.news),
        }
    }

    fn source_event(&self, source: &str, news: &HallNews) -> String {
        match news {
            HallNews::Fault(SourceFault::Unreadable(reason)) => self.say(
                HallSentence::SourceGone,
                &[("source", source), ("reason", reason)],
            ),
            HallNews::Fault(SourceFault::NotPgn(reason)) => self.say(
                HallSentence::SourceNotPgn,
                &[("source", source), ("reason", reason)],
            ),
            HallNews::Fault(SourceFault::TooLarge(kb)) => self.say(
                HallSentence::SourceTooLarge,
                &[("source", source), ("most", &kb.to_string())],
            ),
            HallNews::Fault(SourceFault::Slow(seconds)) => self.say(
                HallSentence::SourceSlow,
                &[("source", source), ("seconds", &seconds.to_string())],
            ),
            _ => self.say(HallSentence::SourceBack, &[("source", source)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::clock::Instant;
    use crate::record::pgn_game::Game;

    fn view(text: &str) -> BoardView {
        BoardView::of(&Game::parse(text, 1).unwrap())
    }

    #[test]
    fn a_board_and_its_news_are_said_in_the_packs_words() {
        let pack = VoicePack::fide();
        let words = HallWords::new(&pack);
        let mut hall = Hall::new(Duration::from_secs(600));
        let first = view(
            "[Board \"3\"]\n[White \"Lima\"]\n[Black \"Paz\"]\n[WhiteElo \"2011\"]\n[Result \"*\"]\n\n\
             1. e4 {[%clk 1:29:50]} *\n",
        );
        let seen = hall.take(0, vec![first], Instant::ZERO);
        let said = words.event(&hall, &[], &seen[0]);
        assert_eq!(
            said,
            "Brett 3: Lima (2011) gegen Paz, Zug 1, zuletzt 1. e4, Uhren Weiß 1:29:50, Schwarz nicht notiert, Schwarz am Zug."
        );
        let next = view(
            "[Board \"3\"]\n[White \"Lima\"]\n[Black \"Paz\"]\n[Result \"*\"]\n[ArbiterCall \"Divergence\"]\n\n\
             1. e4 e5 2. Nf3 *\n",
        );
        let events = hall.take(0, vec![next], Instant(Duration::from_secs(9)));
        let said: Vec<String> = events.iter().map(|e| words.event(&hall, &[], e)).collect();
        // The moves first, then the divergence they led to.
        assert!(said[0].starts_with("Brett 3: 1... e5: "), "{}", said[0]);
        assert!(said[0].contains("2. Sf3: Springer"), "{}", said[0]);
        assert_eq!(
            said[1],
            "Brett 3: die Bretter weichen ab; der Schiedsrichter wird gerufen."
        );
        // Said: the moves in words alone, the last move too.
        let spoken = HallWords::spoken(&pack);
        let said = spoken.event(&hall, &[], &events[0]);
        assert!(!said.contains("e5") && !said.contains("Sf3"), "{said}");
        assert!(
            said.starts_with("Brett 3: ") && said.contains("; Springer"),
            "{said}"
        );
        let summary = spoken.summary(&hall.boards()[0].view);
        assert!(summary.contains("zuletzt Springer"), "{summary}");
        assert!(!summary.contains("Sf3"), "{summary}");
        let score = spoken.score(&hall.boards()[0].view);
        assert!(
            score.ends_with(": 1 Eva vier, Eva fünf; 2 Springer Felix drei"),
            "{score}"
        );
    }
}
