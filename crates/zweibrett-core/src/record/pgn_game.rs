//! One game read from its PGN text: tags, the main line, variations,
//! comments, clock times (`[%clk]`) and annotation glyphs (NAGs).
//!
//! Every move is checked against the rules while reading, and anything wrong
//! is reported with the line it stands on and the token. (The streaming
//! index uses `pgn-reader`, which passes over unreadable tokens in silence;
//! here the reader must say where a game is broken, so the move text is read
//! with the tokens of [`super::pgn_text`], which the score reader shares.)

use std::time::Duration;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Move, Position};

pub use super::pgn_error::{GameError, GameProblem};
use super::pgn_san::SanReader;
pub use super::pgn_text::is_chess960_variant;
use super::pgn_text::{Lexeme, MoveText, read_tags, start_position};
use crate::evaluation::{MOST_CENTIPAWNS, MOST_MATE_MOVES, Score};
use crate::notation::MoveNumber;

/// The longest text of one game read, in bytes: the most heavily
/// annotated games in print take a small part of it. A longer one is
/// refused before it is read, so that memory stays in proportion.
pub const MOST_GAME_BYTES: u64 = 8 * 1024 * 1024;

/// The most half-moves read in one game, variations included. The 75-move
/// rule (9.6.2) ends every game under the Laws before about 17,700
/// half-moves; a longer text is no game, and is refused.
pub const MOST_GAME_MOVES: usize = 100_000;

/// The most variations open one inside another. Annotators nest a few
/// levels; a text nested thousands deep is no annotation, and the tree
/// it would make could not be gone through or let go of without running
/// out of stack.
pub const MOST_VARIATION_DEPTH: usize = 200;

/// Refuses a game whose text has more than [`MOST_GAME_BYTES`] bytes;
/// `line` is its first line, for the message.
pub fn check_length(bytes: u64, line: u64) -> Result<(), GameError> {
    if bytes > MOST_GAME_BYTES {
        return Err(GameError {
            line,
            problem: GameProblem::TextTooLong {
                bytes,
                most: MOST_GAME_BYTES,
            },
        });
    }
    Ok(())
}

/// A move of the game with what the score says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The move as written in the file ("Nf3+").
    pub san: String,
    /// The move itself, legal in the position before it.
    pub m: Move,
    /// Annotation glyphs: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, …
    pub nags: Vec<u8>,
    /// A comment before the move (the start of a variation), without
    /// `[%…]` commands.
    pub before: Option<String>,
    /// The comment after the move, without `[%…]` commands.
    pub comment: Option<String>,
    /// The mover's clock after the move (`[%clk 0:03:00]`).
    pub clock: Option<Duration>,
    /// The time the mover spent on the move (`[%emt 0:00:12]`).
    pub spent: Option<Duration>,
    /// The evaluation written after the move (`[%eval 0.25]`,
    /// `[%eval #-3]`), from White's point of view.
    pub eval: Option<Score>,
    /// Variations: other moves instead of this one, each a line of moves.
    pub variations: Vec<Vec<Node>>,
}

/// A game: its tags, its start position and its tree of moves.
#[derive(Clone, Debug)]
pub struct Game {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The start position (the `FEN` tag, or the standard one).
    pub start: Chess,
    /// A comment before the first move of the main line.
    pub intro: Option<String>,
    /// The main line.
    pub moves: Vec<Node>,
    /// The result token ("1-0", "0-1", "1/2-1/2", "*").
    pub result: String,
    /// What was read but could not be kept, each with its line: the rest
    /// of a variation after a null move, the main line after one.
    pub left_out: Vec<GameError>,
    /// Where the moves break off, when the game was read up to a fault
    /// ([`Game::parse_up_to_fault`]): the main line holds the moves before
    /// it.
    pub fault: Option<Fault>,
}

/// Where a game read up to its fault breaks off: what is wrong, and the
/// move at which it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The line and the problem, naming the token.
    pub error: GameError,
    /// The move number of the position where the text could not be read
    /// on (1 for White's and Black's first moves).
    pub number: u32,
    /// The side to move there.
    pub color: Color,
}

struct Frame {
    nodes: Vec<Node>,
    after: Chess,
    before_last: Chess,
    pending: Option<String>,
    /// After a null move: the rest of the line is left out.
    ended: bool,
}

impl Frame {
    fn new(position: Chess, ended: bool) -> Frame {
        Frame {
            nodes: Vec::new(),
            after: position.clone(),
            before_last: position,
            pending: None,
            ended,
        }
    }
}

/// The main line and the variations open inside it, innermost last: the
/// main line is always there, so no lookup of the current line can fail.
struct Lines {
    main: Frame,
    open: Vec<Frame>,
}

impl Lines {
    /// The line the next move or comment belongs to.
    fn current(&self) -> &Frame {
        self.open.last().unwrap_or(&self.main)
    }

    /// The line the next move or comment belongs to, to change.
    fn current_mut(&mut self) -> &mut Frame {
        self.open.last_mut().unwrap_or(&mut self.main)
    }

    /// Whether a variation is open.
    fn in_variation(&self) -> bool {
        !self.open.is_empty()
    }
}

impl Game {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Reads the first game in `text`, whose first line is line
    /// `first_line` of its file.
    pub fn parse(text: &str, first_line: u64) -> Result<Game, GameError> {
        Game::read(text, first_line, false)
    }

    /// Reads the first game in `text` as far as it can be read: a fault in
    /// the move text (an illegal or unreadable move, a variation never
    /// closed …) ends the main line before it and is kept in
    /// [`Game::fault`]. What leaves nothing to go through (broken tags, a
    /// FEN that cannot be read, a text or game past the bounds) is still an
    /// error.
    pub fn parse_up_to_fault(text: &str, first_line: u64) -> Result<Game, GameError> {
        Game::read(text, first_line, true)
    }

    fn read(text: &str, first_line: u64, up_to_fault: bool) -> Result<Game, GameError> {
        check_length(text.len() as u64, first_line)?;
        let (game, reader) = Game::parse_with(text, first_line, SanReader::new(), up_to_fault)?;
        match reader.read_again() {
            Some(again) => Ok(Game::parse_with(text, first_line, again, up_to_fault)?.0),
            None => Ok(game),
        }
    }

    /// Reads the first game in `text` with `reader`, which is returned with
    /// what it found of the game's letters.
    fn parse_with(
        text: &str,
        first_line: u64,
        mut reader: SanReader,
        up_to_fault: bool,
    ) -> Result<(Game, SanReader), GameError> {
        let section = read_tags(text, first_line)?;
        let tags = section.tags;
        let start = start_position(&tags).map_err(|problem| GameError {
            line: section.line,
            problem,
        })?;
        let mut lines = Lines {
            main: Frame::new(start.clone(), false),
            open: Vec::new(),
        };
        let mut left_out = Vec::new();
        let mut tokens = MoveText::new(section.rest, section.line);
        let read = read_moves(&mut lines, &mut tokens, &mut reader, &mut left_out);
        let (result, fault) = match read {
            Ok(result) => (result, None),
            // A text past the bounds is no game to go through.
            Err(error)
                if up_to_fault && !matches!(error.problem, GameProblem::TooManyMoves { .. }) =>
            {
                let at = MoveNumber::of(&lines.current().after);
                let fault = Fault {
                    error,
                    number: at.number,
                    color: at.color,
                };
                (None, Some(fault))
            }
            Err(error) => return Err(error),
        };
        let main = lines.main;
        let mut moves = main.nodes;
        let intro = match moves.first_mut() {
            Some(first) => first.before.take(),
            None => main.pending,
        };
        let game = Game {
            tags,
            start,
            intro,
            moves,
            result: result.unwrap_or_else(|| "*".to_string()),
            left_out,
            fault,
        };
        Ok((game, reader))
    }
}

/// Reads the move text of a game into `lines`: the result token, if the
/// text has one, or the first fault.
fn read_moves(
    lines: &mut Lines,
    tokens: &mut MoveText<'_>,
    reader: &mut SanReader,
    left_out: &mut Vec<GameError>,
) -> Result<Option<String>, GameError> {
    let mut result = None;
    let err = |line: u64, problem: GameProblem| Err(GameError { line, problem });
    let mut moves_read = 0usize;
    while let Some(lexeme) = tokens.next_lexeme() {
        let (line, lexeme) = lexeme?;
        match lexeme {
            Lexeme::Comment(body) => {
                if !lines.current().ended {
                    attach_comment(lines.current_mut(), body);
                }
            }
            Lexeme::Open => {
                let frame = lines.current();
                if frame.nodes.is_empty() && !frame.ended {
                    return err(line, GameProblem::VariationBeforeMove);
                }
                if lines.open.len() >= MOST_VARIATION_DEPTH {
                    return err(
                        line,
                        GameProblem::VariationsTooDeep {
                            most: MOST_VARIATION_DEPTH,
                        },
                    );
                }
                let ended = frame.ended;
                let before = frame.before_last.clone();
                lines.open.push(Frame::new(before, ended));
            }
            Lexeme::Close => {
                let Some(done) = lines.open.pop() else {
                    return err(line, GameProblem::VariationNeverOpened);
                };
                // A variation opens only after a move of its parent
                // line, and a line never loses moves, so the parent's
                // last move is there.
                if !done.nodes.is_empty()
                    && let Some(last) = lines.current_mut().nodes.last_mut()
                {
                    last.variations.push(done.nodes);
                }
            }
            Lexeme::Result(token) => {
                if lines.in_variation() {
                    return err(line, GameProblem::ResultInVariation(token.to_string()));
                }
                result = Some(token.to_string());
                break;
            }
            Lexeme::Tag => {
                if !lines.in_variation() {
                    return err(line, GameProblem::TagsInMoves);
                }
            }
            Lexeme::Glyph(nag, token) => {
                if !lines.current().ended {
                    add_nag(lines.current_mut(), nag, token)
                        .map_err(|problem| GameError { line, problem })?;
                }
            }
            Lexeme::Null(token) => {
                let in_variation = lines.in_variation();
                let frame = lines.current_mut();
                if !frame.ended {
                    frame.ended = true;
                    let problem = if in_variation {
                        GameProblem::NullMoveInVariation(token.to_string())
                    } else {
                        GameProblem::NullMoveInMainLine(token.to_string())
                    };
                    left_out.push(GameError { line, problem });
                }
            }
            Lexeme::Move(san) => {
                moves_read += 1;
                if moves_read > MOST_GAME_MOVES {
                    return err(
                        line,
                        GameProblem::TooManyMoves {
                            most: MOST_GAME_MOVES,
                        },
                    );
                }
                if !lines.current().ended {
                    play(lines.current_mut(), reader, san)
                        .map_err(|problem| GameError { line, problem })?;
                }
            }
        }
    }
    if lines.in_variation() {
        return err(tokens.line(), GameProblem::VariationNotClosed);
    }
    Ok(result)
}

fn attach_comment(frame: &mut Frame, body: &str) {
    let Annotations {
        text,
        clock,
        spent,
        eval,
    } = read_annotations(body);
    match frame.nodes.last_mut() {
        Some(node) => {
            if clock.is_some() {
                node.clock = clock;
            }
            if spent.is_some() {
                node.spent = spent;
            }
            if eval.is_some() {
                node.eval = eval;
            }
            if let Some(text) = text {
                node.comment = Some(join(node.comment.take(), text));
            }
        }
        None => {
            if let Some(text) = text {
                frame.pending = Some(join(frame.pending.take(), text));
            }
        }
    }
}

fn join(old: Option<String>, new: String) -> String {
    match old {
        Some(old) => format!("{old} {new}"),
        None => new,
    }
}

/// What a comment says: its words and the `[%…]` commands read from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    /// The words, without the commands; `None` when nothing is left.
    pub text: Option<String>,
    /// The mover's clock after the move (`[%clk]`).
    pub clock: Option<Duration>,
    /// The time spent on the move (`[%emt]`).
    pub spent: Option<Duration>,
    /// The evaluation (`[%eval]`), from White's point of view.
    pub eval: Option<Score>,
}

/// Splits a comment into its words and its clock command; other `[%…]`
/// commands (evaluations, arrows) are left out.
pub fn split_commands(body: &str) -> (Option<String>, Option<Duration>) {
    let read = read_annotations(body);
    (read.text, read.clock)
}

/// Reads a comment: its words, and its `[%clk]`, `[%emt]` and `[%eval]`
/// commands (the last valid one of each counts); other commands (arrows,
/// highlighted squares) are left out.
pub fn read_annotations(body: &str) -> Annotations {
    let mut read = Annotations::default();
    let mut text = String::new();
    let mut rest = body;
    while let Some(open) = rest.find("[%") {
        text.push_str(&rest[..open]);
        let Some(close) = rest[open..].find(']') else {
            rest = "";
            break;
        };
        let command = &rest[open + 2..open + close];
        if let Some(value) = command.strip_prefix("clk") {
            read.clock = parse_clock(value.trim()).or(read.clock);
        } else if let Some(value) = command.strip_prefix("emt") {
            read.spent = parse_clock(value.trim()).or(read.spent);
        } else if let Some(value) = command.strip_prefix("eval") {
            read.eval = parse_eval(value.trim()).or(read.eval);
        }
        rest = &rest[open + close + 1..];
    }
    text.push_str(rest);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    read.text = (!words.is_empty()).then_some(words);
    read
}

/// Reads an `[%eval]` value: pawns ("0.25", "-1.5") or a mate ("#3",
/// "#-2"), optionally followed by ",depth"; from White's point of view.
/// Beyond the engine reader's limits a value is read as the limit.
pub fn parse_eval(text: &str) -> Option<Score> {
    let value = text.split(',').next()?.trim();
    if let Some(mate) = value.strip_prefix('#') {
        let n: i64 = mate.parse().ok()?;
        let most = i64::from(MOST_MATE_MOVES);
        return Some(Score::Mate(n.clamp(-most, most) as i32));
    }
    let pawns: f64 = value.parse().ok()?;
    if !pawns.is_finite() {
        return None;
    }
    let most = f64::from(MOST_CENTIPAWNS);
    Some(Score::Centipawns(
        (pawns * 100.0).round().clamp(-most, most) as i32,
    ))
}

/// Reads `h:mm:ss` or `h:mm:ss.f` as a duration.
pub fn parse_clock(text: &str) -> Option<Duration> {
    let mut parts = text.split(':');
    let h: u64 = parts.next()?.parse().ok()?;
    let m: u64 = parts.next()?.parse().ok()?;
    let s: f64 = parts.next()?.parse().ok()?;
    if parts.next().is_some() || m >= 60 || !(0.0..60.0).contains(&s) {
        return None;
    }
    // A reading of more hours than a duration holds is no reading.
    let whole = h.checked_mul(3600)?.checked_add(m * 60)?;
    Some(Duration::from_secs(whole) + Duration::from_secs_f64(s))
}

fn add_nag(frame: &mut Frame, nag: u8, token: &str) -> Result<(), GameProblem> {
    match frame.nodes.last_mut() {
        Some(node) => {
            node.nags.push(nag);
            Ok(())
        }
        None => Err(GameProblem::AnnotationBeforeMove(token.to_string())),
    }
}

fn play(frame: &mut Frame, reader: &mut SanReader, san: &str) -> Result<(), GameProblem> {
    let read = reader.read(&frame.after, san)?;
    let before = frame.after.clone();
    // A move read after making its text standard is kept in standard SAN.
    let written = if read.as_written {
        san.to_string()
    } else {
        SanPlus::from_move(before.clone(), read.m).to_string()
    };
    frame.after.play_unchecked(read.m);
    frame.before_last = before;
    frame.nodes.push(Node {
        san: written,
        m: read.m,
        nags: Vec::new(),
        before: frame.pending.take(),
        comment: None,
        clock: None,
        spent: None,
        eval: None,
        variations: Vec::new(),
    });
    Ok(())
}
