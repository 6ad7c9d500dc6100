//! Following a game whose file grows, as tournament broadcasts publish
//! live games: each newer version of the game is compared with the last
//! one seen, and only what is new is said — the moves not yet said, a
//! correction upstream once, the result when the game ends. A move is
//! taken only once the text after it shows it written whole, so a file
//! caught in the middle of a write never has half a move said.

use super::replay::{Replay, Step};
use super::session::Session;
use super::words::AnalysisSentence;
use crate::record::pgn_game::{Game, GameError};
use crate::record::pgn_index::GameIndex;
use crate::record::pgn_text::result_token;

/// The part of a game's text that is written whole: a comment or tag
/// still open at the end is cut off with the move before it (its clock
/// time may be coming), and so is a last token nothing follows yet, unless
/// it is a result.
pub fn written_whole(text: &str) -> &str {
    let mut open = None;
    let mut closing = None;
    for (i, c) in text.char_indices() {
        match closing {
            Some(end) if c == end => {
                closing = None;
                open = None;
            }
            Some(_) => {}
            None => match c {
                '{' => (closing, open) = (Some('}'), Some(i)),
                '[' => (closing, open) = (Some(']'), Some(i)),
                ';' => (closing, open) = (Some('\n'), Some(i)),
                _ => {}
            },
        }
    }
    match open {
        Some(at) => without_last_token(text[..at].trim_end()),
        None if text.ends_with(char::is_whitespace) => text,
        None => {
            let last = text.rsplit(char::is_whitespace).next().unwrap_or(text);
            if result_token(last).is_some() {
                text
            } else {
                without_last_token(text)
            }
        }
    }
}

/// `text` without its last token, unless it ends in a bracket or brace,
/// which ends a token.
fn without_last_token(text: &str) -> &str {
    let boundary = |c: char| c.is_whitespace() || matches!(c, '}' | ')' | '(' | ']');
    if text.ends_with(boundary) {
        return text;
    }
    // The boundary may be a space of more than one byte (U+00A0, U+3000).
    match text.char_indices().rev().find(|&(_, c)| boundary(c)) {
        Some((at, c)) => &text[..at + c.len_utf8()],
        None => "",
    }
}

/// The game in `text`, whose first line is `first_line` of its file, read
/// as far as it is written whole and up to any fault.
pub fn read_written(text: &str, first_line: u64) -> Result<Game, GameError> {
    Game::parse_up_to_fault(written_whole(text), first_line)
}

/// A game followed as its file grows: its number in the file and the last
/// version of it taken.
#[derive(Clone, Debug)]
pub struct Following {
    number: usize,
    known: Game,
}

impl Following {
    /// Follows the game open in `session`, read from `file`: the board goes
    /// to its last move, which is said, and then that it is followed.
    pub fn start(session: &mut Session, file: &str) -> (Following, Vec<String>) {
        let mut said = Vec::new();
        if !session.replay.game().moves.is_empty() {
            let step = session.replay.end();
            said.push(session.words.step_with(&step, session.each_move()));
        }
        let number = session.number;
        said.push(session.words.phrase(
            AnalysisSentence::FollowStart,
            &[("number", &number.to_string()), ("file", file)],
        ));
        let known = session.replay.game().clone();
        (Following { number, known }, said)
    }

    /// The number of the game followed.
    pub fn number(&self) -> usize {
        self.number
    }

    /// Takes a newer version of the file (`index`) and of the game followed
    /// in it, and says what is new. A version with fewer moves and none
    /// different (the file caught while rewritten, or a move taken back) is
    /// kept for later: nothing is said until a move differs. When the board
    /// shows the game's last move, it goes on with the new moves; else
    /// each is said as new and the board stays.
    pub fn take(&mut self, session: &mut Session, index: GameIndex, game: Game) -> Vec<String> {
        session.index = index;
        let (old, new) = (&self.known.moves, &game.moves);
        let same = old.iter().zip(new).take_while(|(a, b)| a.m == b.m).count();
        if same == new.len() && new.len() < old.len() {
            return Vec::new();
        }
        let words = &session.words;
        let view = Replay::at_end(game.clone());
        let mut said = Vec::new();
        if same < old.len()
            && let Some(first) = view.main_line_move(same)
        {
            said.push(words.phrase(
                AnalysisSentence::FollowCorrected,
                &[
                    ("number", &words.clock.number(u64::from(first.number), None)),
                    ("side", words.pack.side(first.color)),
                ],
            ));
        }
        let showing = session.number == self.number;
        let along = showing && session.replay.at_end_of_game();
        if showing {
            session.replay = if along {
                view.clone()
            } else {
                session.replay.with_game(game.clone(), same)
            };
        }
        for played in (same..new.len()).filter_map(|i| view.main_line_move(i)) {
            let text = words.step_with(&Step::Moved(played), session.each_move());
            said.push(if along {
                text
            } else {
                words.phrase(AnalysisSentence::FollowNewMove, &[("move", &text)])
            });
        }
        if game.result != self.known.result && game.result != "*" {
            said.push(words.step(&Step::EndOfLine(Some(game.result.clone()))));
        }
        if let Some(fault) = &game.fault
            && self.known.fault.as_ref() != Some(fault)
        {
            said.push(words.fault(fault));
        }
        self.known = game;
        said
    }

    /// That the followed file is gone, said once until it is back.
    pub fn gone(session: &Session, file: &str) -> String {
        session
            .words
            .phrase(AnalysisSentence::FollowGone, &[("file", file)])
    }

    /// That the followed file is no plain file of at most `most_mb`
    /// megabytes, and is not read while so.
    pub fn refused(session: &Session, file: &str, most_mb: u64) -> String {
        session.words.phrase(
            AnalysisSentence::FollowRefused,
            &[("file", file), ("most", &most_mb.to_string())],
        )
    }

    /// That the followed file is back.
    pub fn back(session: &Session, file: &str) -> String {
        session
            .words
            .phrase(AnalysisSentence::FollowBack, &[("file", file)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_taken_once_something_follows_it() {
        assert_eq!(written_whole("1. e4 e5 2. Nf"), "1. e4 e5 2. ");
        assert_eq!(written_whole("1. e4 e5 2. Nf3"), "1. e4 e5 2. ");
        assert_eq!(written_whole("1. e4 e5 2. Nf3 "), "1. e4 e5 2. Nf3 ");
        assert_eq!(
            written_whole("1. e4 e5 2. Nf3 Nc6 1-0"),
            "1. e4 e5 2. Nf3 Nc6 1-0"
        );
        assert_eq!(written_whole("1. e4 e5 1/2"), "1. e4 e5 ");
        assert_eq!(written_whole("1. e4 e5 *"), "1. e4 e5 *");
    }

    #[test]
    fn a_space_of_several_bytes_ends_a_token_whole() {
        assert_eq!(written_whole("1\u{2003}0\u{0}1"), "1\u{2003}");
        assert_eq!(written_whole("1. e4\u{a0}e5"), "1. e4\u{a0}");
        assert_eq!(written_whole("1.\u{3000}e4"), "1.\u{3000}");
    }

    #[test]
    fn a_move_whose_comment_is_still_open_waits_for_its_clock() {
        assert_eq!(written_whole("1. e4 {[%clk 1:40:5"), "1. ");
        assert_eq!(
            written_whole("1. e4 {[%clk 1:40:57]} e5{"),
            "1. e4 {[%clk 1:40:57]} "
        );
        assert_eq!(
            written_whole("[Event \"Live\"]\n[White \"Carl"),
            "[Event \"Live\"]"
        );
        assert_eq!(written_whole("1. e4 (1. d4) {"), "1. e4 (1. d4)");
    }

    #[test]
    fn a_half_written_game_reads_as_its_whole_moves() {
        let game = read_written(
            "[Event \"Live\"]\n\n1. e4 {[%clk 1:40:57]} 1... e5 {[%clk 1:4",
            1,
        )
        .unwrap();
        assert_eq!(game.moves.len(), 1);
        assert_eq!(game.result, "*");
        assert!(game.moves[0].clock.is_some());
    }
}
