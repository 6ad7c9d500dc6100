//! One game read from its PGN text: tags, the main line, variations,
//! comments, clock times (`[%clk]`) and annotation glyphs (NAGs).
//!
//! Every move is checked against the rules while reading, and anything wrong
//! is reported with the line it stands on. (The streaming index uses
//! `pgn-reader`, which passes over unreadable tokens in silence; here the
//! reader must say where a game is broken, so the move text is read by hand.)

use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Move, Position};

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
}

/// Where and why a game could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct GameError {
    /// Line in the file, from 1.
    pub line: u64,
    /// What is wrong, naming the token.
    pub problem: GameProblem,
}

/// What is wrong with a game's text, naming the token at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameProblem {
    /// A tag line that is not `[Name "value"]`.
    #[error("unreadable tag {0}")]
    UnreadableTag(String),
    /// A `{` comment never closed.
    #[error("unterminated comment")]
    UnterminatedComment,
    /// A `(` before the first move it could be an alternative to.
    #[error("a variation before any move")]
    VariationBeforeMove,
    /// A `)` without its `(`.
    #[error("a variation closed that was never opened")]
    VariationNeverOpened,
    /// A `(` without its `)` at the end of the game.
    #[error("a variation is not closed")]
    VariationNotClosed,
    /// A result token inside a variation.
    #[error("result {0} inside a variation")]
    ResultInVariation(String),
    /// The tags of the next game before this one's result.
    #[error("tags of another game before this one ended")]
    TagsInMoves,
    /// A `$n` or `!?` that is no annotation glyph.
    #[error("unreadable annotation {0}")]
    UnreadableAnnotation(String),
    /// An annotation glyph before the first move.
    #[error("annotation {0} before any move")]
    AnnotationBeforeMove(String),
    /// A token that is no SAN move (Appendix C).
    #[error("unreadable move {0}")]
    UnreadableMove(String),
    /// A SAN move not legal in its position (Art. 3).
    #[error("illegal move {0}")]
    IllegalMove(String),
    /// A `FEN` tag that cannot be read.
    #[error("unreadable FEN {0}")]
    UnreadableFen(String),
    /// A `FEN` tag of a position that cannot arise (Art. 3).
    #[error("impossible position in FEN {0}")]
    ImpossibleFen(String),
    /// What the file's streaming reader found, in its own words.
    #[error("{0}")]
    Unreadable(String),
}

struct Frame {
    nodes: Vec<Node>,
    after: Chess,
    before_last: Chess,
    pending: Option<String>,
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
        let mut line = first_line;
        let err = |line: u64, problem: GameProblem| Err(GameError { line, problem });
        let mut rest = text;
        let mut tags = Vec::new();
        // Tag section.
        loop {
            let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\u{feff}']);
            if let Some(after) = trimmed.strip_prefix('\n') {
                line += 1;
                rest = after;
                continue;
            }
            if !trimmed.starts_with('[') {
                rest = trimmed;
                break;
            }
            let end = trimmed.find('\n').unwrap_or(trimmed.len());
            match parse_tag(&trimmed[..end]) {
                Some(tag) => tags.push(tag),
                None => {
                    return err(
                        line,
                        GameProblem::UnreadableTag(trimmed[..end].trim().to_string()),
                    );
                }
            }
            rest = &trimmed[end..];
        }
        let start = start_position(&tags).map_err(|problem| GameError { line, problem })?;
        let mut lines = Lines {
            main: Frame {
                nodes: Vec::new(),
                after: start.clone(),
                before_last: start.clone(),
                pending: None,
            },
            open: Vec::new(),
        };
        let mut result = None;
        let mut chars = rest.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '\n' => line += 1,
                ' ' | '\t' | '\r' | '.' => {}
                '{' => {
                    let Some(len) = rest[i + 1..].find('}') else {
                        return err(line, GameProblem::UnterminatedComment);
                    };
                    let body = &rest[i + 1..i + 1 + len];
                    line += body.matches('\n').count() as u64;
                    while chars.peek().is_some_and(|(j, _)| *j <= i + 1 + len) {
                        chars.next();
                    }
                    attach_comment(lines.current_mut(), body);
                }
                ';' | '%' => {
                    while chars.peek().is_some_and(|(_, c)| *c != '\n') {
                        chars.next();
                    }
                }
                '(' => {
                    let frame = lines.current();
                    if frame.nodes.is_empty() {
                        return err(line, GameProblem::VariationBeforeMove);
                    }
                    let before = frame.before_last.clone();
                    lines.open.push(Frame {
                        nodes: Vec::new(),
                        after: before.clone(),
                        before_last: before,
                        pending: None,
                    });
                }
                ')' => {
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
                _ => {
                    let end = rest[i..]
                        .find(|c: char| c.is_whitespace() || "{}();".contains(c))
                        .map_or(rest.len(), |n| i + n);
                    let token = &rest[i..end];
                    while chars.peek().is_some_and(|(j, _)| *j < end) {
                        chars.next();
                    }
                    if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                        if lines.in_variation() {
                            return err(line, GameProblem::ResultInVariation(token.to_string()));
                        }
                        result = Some(token.to_string());
                        break;
                    }
                    if token.starts_with('[') && !lines.in_variation() {
                        return err(line, GameProblem::TagsInMoves);
                    }
                    read_token(lines.current_mut(), token)
                        .map_err(|problem| GameError { line, problem })?;
                }
            }
        }
        if lines.in_variation() {
            return err(line, GameProblem::VariationNotClosed);
        }
        let main = lines.main;
        let mut moves = main.nodes;
        let intro = match moves.first_mut() {
            Some(first) => first.before.take(),
            None => main.pending,
        };
        Ok(Game {
            tags,
            start,
            intro,
            moves,
            result: result.unwrap_or_else(|| "*".to_string()),
        })
    }
}

fn attach_comment(frame: &mut Frame, body: &str) {
    let (text, clock) = split_commands(body);
    match frame.nodes.last_mut() {
        Some(node) => {
            if clock.is_some() {
                node.clock = clock;
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

/// Splits a comment into its words and its clock command; other `[%…]`
/// commands (evaluations, arrows) are left out.
pub fn split_commands(body: &str) -> (Option<String>, Option<Duration>) {
    let mut text = String::new();
    let mut clock = None;
    let mut rest = body;
    while let Some(open) = rest.find("[%") {
        text.push_str(&rest[..open]);
        let Some(close) = rest[open..].find(']') else {
            rest = "";
            break;
        };
        let command = &rest[open + 2..open + close];
        if let Some(value) = command.strip_prefix("clk") {
            clock = parse_clock(value.trim()).or(clock);
        }
        rest = &rest[open + close + 1..];
    }
    text.push_str(rest);
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    ((!words.is_empty()).then_some(words), clock)
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

fn read_token(frame: &mut Frame, token: &str) -> Result<(), GameProblem> {
    if let Some(n) = token.strip_prefix('$') {
        let nag: u8 = n
            .parse()
            .map_err(|_| GameProblem::UnreadableAnnotation(token.to_string()))?;
        return add_nag(frame, nag, token);
    }
    // A move number, possibly glued to the move: "12." "12...Nf6".
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let token = if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    };
    if token.is_empty() {
        return Ok(());
    }
    let glyph_at = token.find(['!', '?']).unwrap_or(token.len());
    let (san, glyph) = token.split_at(glyph_at);
    if !san.is_empty() {
        play(frame, san)?;
    }
    if !glyph.is_empty() {
        let nag = match glyph {
            "!" => 1,
            "?" => 2,
            "!!" => 3,
            "??" => 4,
            "!?" => 5,
            "?!" => 6,
            _ => return Err(GameProblem::UnreadableAnnotation(glyph.to_string())),
        };
        add_nag(frame, nag, glyph)?;
    }
    Ok(())
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

fn play(frame: &mut Frame, san: &str) -> Result<(), GameProblem> {
    let parsed: SanPlus = san
        .parse()
        .map_err(|_| GameProblem::UnreadableMove(san.to_string()))?;
    let m = parsed
        .san
        .to_move(&frame.after)
        .map_err(|_| GameProblem::IllegalMove(san.to_string()))?;
    let before = frame.after.clone();
    frame.after.play_unchecked(m);
    frame.before_last = before;
    frame.nodes.push(Node {
        san: san.to_string(),
        m,
        nags: Vec::new(),
        before: frame.pending.take(),
        comment: None,
        clock: None,
        variations: Vec::new(),
    });
    Ok(())
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::with_capacity(value.len());
    let mut escaped = false;
    for c in value.chars() {
        if escaped || c != '\\' {
            out.push(c);
            escaped = false;
        } else {
            escaped = true;
        }
    }
    Some((name.to_string(), out))
}

/// Whether a `Variant` tag names Chess960 (Guidelines II), as public
/// collections spell it: "Chess960", "chess 960", "Fischerandom",
/// "Fischer Random".
pub fn is_chess960_variant(variant: &str) -> bool {
    let folded: String = variant
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    folded.contains("960") || folded.contains("fischerandom") || folded.contains("fischerrandom")
}

/// The position a game starts from: its `FEN` tag, Chess960 castling when
/// its `Variant` tag or its castling rights say so; else the usual one.
pub(crate) fn start_position(tags: &[(String, String)]) -> Result<Chess, GameProblem> {
    let Some((_, fen)) = tags.iter().find(|(n, _)| n == "FEN") else {
        return Ok(Chess::default());
    };
    let chess960 = tags
        .iter()
        .any(|(n, v)| n == "Variant" && is_chess960_variant(v));
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|_| GameProblem::UnreadableFen(fen.clone()))?;
    // Castling rights only Chess960 can have make it Chess960 untagged.
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(parsed.as_setup())
    };
    parsed
        .into_position(mode)
        .map_err(|_| GameProblem::ImpossibleFen(fen.clone()))
}
