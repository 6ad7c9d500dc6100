//! Reading a score from PGN (Art. 8, Appendix C): the tags, the main line's
//! SAN moves, and the clock readings `[%clk h:mm:ss]` in comments.
//! Variations are skipped. Moves are kept as written; whether each can be
//! played is for the reader of the score to find, with its ply.

use std::io::Read;

use super::pgn_game::split_commands;
use std::ops::ControlFlow;
use std::time::Duration;

use pgn_reader::{RawComment, RawTag, Reader, Skip, Visitor};
use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

/// One move of a PGN score, as written, with the clock reading after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The SAN text, check marks included.
    pub san: String,
    /// The mover's time left after the move, from `[%clk]`.
    pub clock: Option<Duration>,
}

/// The first game of a PGN text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnScore {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Vec<PgnMove>,
}

/// A SAN move that cannot be played where it stands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("half-move {ply}, \"{san}\", cannot be played")]
pub struct IllegalSan {
    /// The half-move, counted from 1.
    pub ply: usize,
    /// The move as written.
    pub san: String,
}

impl PgnScore {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position the game starts from: the `FEN` tag (with `SetUp`), its
    /// castling rights as Chess960 has them where the `Variant` tag or the
    /// rights themselves say so; the usual position without one.
    pub fn start(&self) -> Result<Chess, super::pgn_game::GameProblem> {
        super::pgn_game::start_position(&self.tags)
    }

    /// Plays the main line from `start`; the first move that cannot be
    /// played is reported with its ply.
    pub fn play(&self, start: &Chess) -> Result<Vec<Move>, IllegalSan> {
        let mut position = start.clone();
        let mut moves = Vec::new();
        for (i, written) in self.moves.iter().enumerate() {
            let illegal = || IllegalSan {
                ply: i + 1,
                san: written.san.clone(),
            };
            let san: San = written
                .san
                .trim_end_matches(['+', '#'])
                .parse()
                .map_err(|_| illegal())?;
            let m = san.to_move(&position).map_err(|_| illegal())?;
            position.play_unchecked(m);
            moves.push(m);
        }
        Ok(moves)
    }
}

/// Whether a text looks like PGN rather than a plain move list: it has a tag
/// pair or a comment.
pub fn looks_like_pgn(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim();
        l.starts_with('[') && l.ends_with(']') && l.contains('"')
    }) || text.contains('{')
}

/// Reads the first game of a PGN text; `None` when there is none.
pub fn read_pgn(text: &str) -> std::io::Result<Option<PgnScore>> {
    read_pgn_from(text.as_bytes())
}

/// Reads the first game from any reader; `None` when there is none.
pub fn read_pgn_from(source: impl Read) -> std::io::Result<Option<PgnScore>> {
    Reader::new(source).read_game(&mut Collect)
}

/// The time of a `[%clk h:mm:ss]` command in a comment, read as the
/// analysis reader reads it (the last valid one counts).
pub fn clock_in_comment(comment: &str) -> Option<Duration> {
    split_commands(comment).1
}

struct Collect;

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = PgnScore;
    type Output = PgnScore;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(PgnScore {
            tags,
            moves: Vec::new(),
        })
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        movetext.moves.push(PgnMove {
            san: san_plus.to_string(),
            clock: None,
        });
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        movetext: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        if let Some(last) = movetext.moves.last_mut()
            && let Some(clock) = clock_in_comment(&String::from_utf8_lossy(comment.as_bytes()))
        {
            last.clock = Some(clock);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        movetext
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const GAME: &str = "[Event \"Club\"]\n[White \"Ana\"]\n\n\
        1. e4 { [%clk 1:29:50] } 1... e5 {[%clk 1:29:40]} 2. Nf3 (2. f4 exf4) Nc6 \
        { a comment [%clk 1:28:00.5] } 3. Bb5 a6 *\n";

    #[test]
    fn tags_moves_and_clocks_are_read_and_variations_skipped() {
        let score = read_pgn(GAME).unwrap().unwrap();
        assert_eq!(score.tag("White"), Some("Ana"));
        let sans: Vec<&str> = score.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(score.moves[0].clock, Some(Duration::from_secs(5390)));
        assert_eq!(score.moves[2].clock, None);
        assert_eq!(score.moves[3].clock, Some(Duration::from_millis(5_280_500)));
        assert_eq!(score.play(&Chess::default()).unwrap().len(), 6);
    }

    #[test]
    fn an_illegal_san_is_reported_with_its_ply() {
        let score = read_pgn("1. e4 e5 2. Ke3 Nc6 *").unwrap().unwrap();
        let err = score.play(&Chess::default()).unwrap_err();
        assert_eq!(
            err,
            IllegalSan {
                ply: 3,
                san: "Ke3".to_string()
            }
        );
    }

    #[test]
    fn clock_readings_out_of_range_are_ignored() {
        assert_eq!(clock_in_comment("[%clk 0:61:00]"), None);
        assert_eq!(clock_in_comment("[%clk 1:02]"), None);
        assert_eq!(
            clock_in_comment("[%clk 0:00:07]"),
            Some(Duration::from_secs(7))
        );
        assert!(looks_like_pgn(GAME));
        assert!(!looks_like_pgn("1. e4 e5 2. Nf3"));
    }

    #[test]
    fn both_readers_read_a_comment_clock_alike() {
        // Hours past what a duration holds are no reading, not a panic.
        assert_eq!(clock_in_comment("[%clk 18446744073709551615:00:00]"), None);
        for comment in ["[%clk 1:29:50] good", "x [%clk 0:00:07.5]", "[%eval 0.3]"] {
            assert_eq!(
                clock_in_comment(comment),
                super::split_commands(comment).1,
                "{comment}"
            );
        }
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,300}") {
            if let Ok(Some(score)) = read_pgn(&text) {
                let _ = score.play(&Chess::default());
            }
            let _ = clock_in_comment(&text);
        }

        #[test]
        fn pgn_like_text_never_panics(text in "[\\[\\]{}()\"a-h1-8NBRQKx+#=O\\-. %clk:0-9\n]{0,200}") {
            if let Ok(Some(score)) = read_pgn(&text) {
                let _ = score.play(&Chess::default());
            }
            let _ = clock_in_comment(&text);
        }
    }
}
