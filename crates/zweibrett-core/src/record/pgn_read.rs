//! Reading a score from PGN (Art. 8, Appendix C): the tags, the main line's
//! SAN moves, and the clock readings `[%clk h:mm:ss]` in comments.
//! Variations are skipped. The tokens are read as the analysis's game
//! reader reads them ([`super::pgn_text`]); each move that can be played is
//! kept in standard SAN, and from the first that cannot, the moves are kept
//! as written: whether each can be played is for the reader of the score to
//! find, with its ply.

use std::io::Read;
use std::time::Duration;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position};

use super::pgn_game::{GameError, GameProblem, MOST_GAME_MOVES, split_commands};
use super::pgn_index::text;
use super::pgn_san::SanReader;
use super::pgn_text::{Lexeme, MoveText, read_tags, start_position};
use crate::notation::san::normalise;

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
    /// What was read but not kept, with its line: the main line after a
    /// null move.
    pub left_out: Vec<GameError>,
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

    /// The position the game starts from: its `FEN` tag's (Chess960
    /// castling included), or the standard one.
    pub fn start(&self) -> Result<Chess, GameProblem> {
        start_position(&self.tags)
    }

    /// Plays the main line from `start`; the first move that cannot be
    /// played is reported with its ply.
    pub fn play(&self, start: &Chess) -> Result<Vec<Move>, IllegalSan> {
        let mut position = start.clone();
        let mut reader = SanReader::new();
        let mut moves = Vec::new();
        for (i, written) in self.moves.iter().enumerate() {
            let m = reader
                .read(&position, &written.san)
                .map_err(|_| IllegalSan {
                    ply: i + 1,
                    san: written.san.clone(),
                })?
                .m;
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
        l.starts_with('[') && l.contains(']') && l.contains('"')
    }) || text.contains('{')
}

/// Reads the first game of a PGN text; `None` when there is none. A text
/// broken where it cannot be read on (an unclosed comment, a tag that is
/// no tag) is an error of kind `InvalidData` holding the [`GameError`].
pub fn read_pgn(text: &str) -> std::io::Result<Option<PgnScore>> {
    let first = |reader| {
        first_score(text, reader)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    };
    let (score, reader) = first(SanReader::new())?;
    match reader.read_again() {
        Some(again) => Ok(first(again)?.0),
        None => Ok(score),
    }
}

/// Reads the first game from any reader; `None` when there is none.
pub fn read_pgn_from(mut source: impl Read) -> std::io::Result<Option<PgnScore>> {
    let mut bytes = Vec::new();
    source.read_to_end(&mut bytes)?;
    read_pgn(&text(bytes))
}

/// The time of a `[%clk h:mm:ss]` command in a comment, read as the
/// analysis reader reads it (the last valid one counts).
pub fn clock_in_comment(comment: &str) -> Option<Duration> {
    split_commands(comment).1
}

/// The first game of `text` read with `reader`, returned with what it found
/// of the game's letters.
fn first_score(
    text: &str,
    mut reader: SanReader,
) -> Result<(Option<PgnScore>, SanReader), GameError> {
    let section = read_tags(text, 1)?;
    let mut score = PgnScore {
        tags: section.tags,
        ..PgnScore::default()
    };
    // The position is followed while the moves can be played.
    let mut position = start_position(&score.tags).ok();
    let mut depth = 0usize;
    let mut ended = false;
    let mut seen = !score.tags.is_empty();
    let mut tokens = MoveText::new(section.rest, section.line);
    while let Some(lexeme) = tokens.next_lexeme() {
        let (line, lexeme) = lexeme?;
        seen = true;
        match lexeme {
            Lexeme::Open => depth += 1,
            Lexeme::Close => depth = depth.saturating_sub(1),
            Lexeme::Result(_) if depth == 0 => break,
            Lexeme::Tag if depth == 0 => break,
            Lexeme::Comment(body) if depth == 0 && !ended => {
                if let Some(last) = score.moves.last_mut()
                    && let Some(clock) = clock_in_comment(body)
                {
                    last.clock = Some(clock);
                }
            }
            Lexeme::Null(token) if depth == 0 && !ended => {
                ended = true;
                score.left_out.push(GameError {
                    line,
                    problem: GameProblem::NullMoveInMainLine(token.to_string()),
                });
            }
            Lexeme::Move(_) if score.moves.len() >= MOST_GAME_MOVES => {
                return Err(GameError {
                    line,
                    problem: GameProblem::TooManyMoves {
                        most: MOST_GAME_MOVES,
                    },
                });
            }
            Lexeme::Move(san) if depth == 0 && !ended => {
                let read = position
                    .as_ref()
                    .and_then(|p| reader.read(p, san).ok().map(|read| (p.clone(), read)));
                let written = match read {
                    Some((before, read)) => {
                        let mut after = before.clone();
                        after.play_unchecked(read.m);
                        position = Some(after);
                        if read.as_written {
                            san.to_string()
                        } else {
                            SanPlus::from_move(before, read.m).to_string()
                        }
                    }
                    None => {
                        position = None;
                        normalise(san)
                    }
                };
                score.moves.push(PgnMove {
                    san: written,
                    clock: None,
                });
            }
            _ => {}
        }
    }
    Ok((seen.then_some(score), reader))
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
        fn both_readers_read_the_same_main_line(
            text in "(e4|e5|Nf3|Nc6|Sf3|Cc6|Bb5|Lb5|a6|0-0|O-O|d4|exd4|Qxd4|Dxd4|\\(|\\)|--|Z0|\\{c\\}|;x\n|\n%x\n|\\$1|!\\?|±|=| |\n|1\\.|½-½|1–0|\\*){0,40}"
        ) {
            if let (Ok(Some(score)), Ok(game)) = (read_pgn(&text), super::super::pgn_game::Game::parse(&text, 1)) {
                let start = score.start().unwrap();
                prop_assert_eq!(&start, &game.start);
                if game.left_out.is_empty() {
                    let moves: Vec<Move> = game.moves.iter().map(|n| n.m).collect();
                    prop_assert_eq!(score.play(&start).unwrap(), moves);
                }
            }
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
