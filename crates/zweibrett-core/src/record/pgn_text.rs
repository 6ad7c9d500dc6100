//! PGN as files write it, read the same way by both readers of PGN (the
//! analysis's game reader and the score reader of the audit): tag pairs,
//! also several on a line or with the moves after them; the move text cut
//! into tokens with their lines; results written `1-0`, `½-½` or with a
//! dash other than the hyphen; annotation glyphs as `$n`, `!?` or Unicode
//! signs; null moves. The moves themselves are read by
//! [`super::pgn_san::SanReader`].

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

use super::pgn_error::{GameError, GameProblem};

/// The tag pairs at the head of a game, and where its move text starts.
pub struct TagSection<'a> {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The text after the last tag.
    pub rest: &'a str,
    /// The line `rest` starts on.
    pub line: u64,
}

/// Reads the tag pairs at the head of `text`, whose first line is
/// `first_line`: one or several on a line, the moves possibly on the line
/// of the last one; blank lines and `%` lines between them are passed over.
pub fn read_tags(text: &str, first_line: u64) -> Result<TagSection<'_>, GameError> {
    let mut line = first_line;
    let mut rest = text;
    let mut tags = Vec::new();
    let mut at_line_start = true;
    loop {
        let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\u{feff}']);
        if let Some(after) = trimmed.strip_prefix('\n') {
            line += 1;
            rest = after;
            at_line_start = true;
            continue;
        }
        if at_line_start && trimmed.starts_with('%') {
            rest = trimmed.find('\n').map_or("", |n| &trimmed[n..]);
            continue;
        }
        if !trimmed.starts_with('[') {
            return Ok(TagSection {
                tags,
                rest: trimmed,
                line,
            });
        }
        let Some((tag, after)) = read_tag(trimmed) else {
            let end = trimmed.find('\n').unwrap_or(trimmed.len());
            return Err(GameError {
                line,
                problem: GameProblem::UnreadableTag(trimmed[..end].trim().to_string()),
            });
        };
        tags.push(tag);
        rest = after;
        at_line_start = false;
    }
}

/// One tag pair `[Name "value"]` at the start of `text`, and the text after
/// it. The value may hold `\"` and `\\`; a tag ends on its line.
fn read_tag(text: &str) -> Option<((String, String), &str)> {
    let inner = text.strip_prefix('[')?.trim_start_matches([' ', '\t']);
    let name_end = inner.find(|c: char| c.is_whitespace() || c == '"')?;
    let name = &inner[..name_end];
    if name.is_empty() {
        return None;
    }
    let value_text = inner[name_end..]
        .trim_start_matches([' ', '\t'])
        .strip_prefix('"')?;
    let mut value = String::new();
    let mut escaped = false;
    let mut close = None;
    for (i, c) in value_text.char_indices() {
        match c {
            '\n' => return None,
            _ if escaped => {
                value.push(c);
                escaped = false;
            }
            '\\' => escaped = true,
            '"' => {
                close = Some(i);
                break;
            }
            _ => value.push(c),
        }
    }
    let after = value_text[close? + 1..].trim_start_matches([' ', '\t', '\r']);
    match after.strip_prefix(']') {
        Some(after) => Some(((name.to_string(), value), after)),
        None => inner_quotes(name, value_text),
    }
}

/// A tag whose value holds quotes left unescaped, `[Event "LA CC Handicap
/// Tour "C""]`, read as other PGN readers read it: the value runs to the
/// last quote before the `]` that ends the line. Only a tag alone on its
/// line is read so, where that is the one thing it can mean.
fn inner_quotes<'a>(name: &str, value_text: &'a str) -> Option<((String, String), &'a str)> {
    let end = super::tag_quotes::inner_value_end(value_text.as_bytes())?;
    let line_end = value_text.find('\n').unwrap_or(value_text.len());
    let value = value_text[..end]
        .replace("\\\"", "\"")
        .replace("\\\\", "\\");
    Some(((name.to_string(), value), &value_text[line_end..]))
}

/// The start position a game's tags give: the `FEN` tag's (with `SetUp`
/// or without), Chess960 castling when the `Variant` tag says so or the
/// castling rights can only be Chess960's (X-FEN, Shredder-FEN); the
/// standard position otherwise.
pub fn start_position(tags: &[(String, String)]) -> Result<Chess, GameProblem> {
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
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(parsed.as_setup())
    };
    parsed
        .into_position(mode)
        .map_err(|_| GameProblem::ImpossibleFen(fen.clone()))
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

/// A result as PGN files write it, in the standard's spelling: `1-0`,
/// `0-1`, `1/2-1/2`, `*`; also `½-½` and an en or em dash for the hyphen.
pub fn result_token(token: &str) -> Option<&'static str> {
    let hyphenated = token.replace(['–', '—', '−'], "-");
    match hyphenated.as_str() {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "1/2-1/2" | "½-½" | "½" => Some("1/2-1/2"),
        "*" => Some("*"),
        _ => None,
    }
}

/// Whether a token is a null move, a move that passes the turn, as chess
/// programs write it: `--`, `Z0`, `0000`, `@@@@`.
pub fn is_null_move(token: &str) -> bool {
    matches!(token, "--" | "Z0" | "0000" | "@@@@")
}

/// The annotation glyphs (NAGs) and the signs written for them, the longer
/// signs first so that `!!` is not read as `!` twice.
const GLYPHS: [(&str, u8); 32] = [
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("+/-", 16),
    ("-/+", 17),
    ("+/=", 14),
    ("=/+", 15),
    ("+-", 18),
    ("-+", 19),
    ("+−", 18),
    ("−+", 19),
    ("+=", 14),
    ("=+", 15),
    ("=∞", 44),
    ("!", 1),
    ("?", 2),
    ("□", 7),
    ("=", 10),
    ("∞", 13),
    ("⩲", 14),
    ("⩱", 15),
    ("±", 16),
    ("∓", 17),
    ("⨀", 22),
    ("⊙", 22),
    ("↑", 36),
    ("→", 40),
    ("⇆", 132),
    ("⊕", 138),
    ("∆", 140),
    ("N", 146),
];

/// The annotation glyphs a text of signs stands for ("!?" → 5, "±" → 16,
/// "!⩲" → 1 and 14); `None` when some part of it is no glyph.
pub fn glyphs(signs: &str) -> Option<Vec<u8>> {
    let mut rest = signs;
    let mut nags = Vec::new();
    while !rest.is_empty() {
        let (sign, nag) = GLYPHS.iter().find(|(sign, _)| rest.starts_with(sign))?;
        nags.push(*nag);
        rest = &rest[sign.len()..];
    }
    (!nags.is_empty()).then_some(nags)
}

/// A token of the move text, as the readers need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lexeme<'a> {
    /// A comment's text, `{…}` or `;` to the end of the line.
    Comment(&'a str),
    /// `(`: a variation begins.
    Open,
    /// `)`: a variation ends.
    Close,
    /// An annotation glyph; the text is the token it came from.
    Glyph(u8, &'a str),
    /// A result, in the standard's spelling.
    Result(&'static str),
    /// A null move, as written.
    Null(&'a str),
    /// A move, as written, move number and glyphs cut off.
    Move(&'a str),
    /// A `[` in the move text: the tags of the next game.
    Tag,
}

/// The move text of a game cut into tokens, each with its line.
pub struct MoveText<'a> {
    text: &'a str,
    at: usize,
    line: u64,
    pending: Vec<(u64, Lexeme<'a>)>,
}

impl<'a> MoveText<'a> {
    /// The tokens of `text`, whose first line is `line`.
    pub fn new(text: &'a str, line: u64) -> MoveText<'a> {
        MoveText {
            text,
            at: 0,
            line,
            pending: Vec::new(),
        }
    }

    /// The line the reader has reached.
    pub fn line(&self) -> u64 {
        self.line
    }

    fn at_line_start(&self) -> bool {
        self.text[..self.at]
            .trim_end_matches([' ', '\t', '\r'])
            .ends_with('\n')
            || self.text[..self.at].trim().is_empty()
    }

    /// The next token, or where the text is broken.
    pub fn next_lexeme(&mut self) -> Option<Result<(u64, Lexeme<'a>), GameError>> {
        if let Some(pending) = self.pending.pop() {
            return Some(Ok(pending));
        }
        loop {
            let rest = &self.text[self.at..];
            let c = rest.chars().next()?;
            let line = self.line;
            match c {
                '\n' => {
                    self.line += 1;
                    self.at += 1;
                }
                c if c.is_whitespace() || c == '.' || c == '\u{feff}' => {
                    self.at += c.len_utf8();
                }
                '{' => {
                    let Some(len) = rest[1..].find('}') else {
                        self.at = self.text.len();
                        return Some(Err(GameError {
                            line,
                            problem: GameProblem::UnterminatedComment,
                        }));
                    };
                    let body = &rest[1..1 + len];
                    self.line += body.matches('\n').count() as u64;
                    self.at += len + 2;
                    return Some(Ok((line, Lexeme::Comment(body))));
                }
                ';' | '%' => {
                    let escape = c == '%' && self.at_line_start();
                    if c == ';' || escape {
                        let len = rest.find('\n').unwrap_or(rest.len());
                        self.at += len;
                        if c == ';' {
                            return Some(Ok((line, Lexeme::Comment(rest[1..len].trim()))));
                        }
                    } else if let Some(found) = self.word(line).transpose() {
                        return Some(found);
                    }
                }
                '(' => {
                    self.at += 1;
                    return Some(Ok((line, Lexeme::Open)));
                }
                ')' => {
                    self.at += 1;
                    return Some(Ok((line, Lexeme::Close)));
                }
                _ => {
                    if let Some(found) = self.word(line).transpose() {
                        return Some(found);
                    }
                }
            }
        }
    }

    /// Reads the token at the reader's place; `Ok(None)` for one that says
    /// nothing (a move number, "e.p.").
    fn word(&mut self, line: u64) -> Result<Option<(u64, Lexeme<'a>)>, GameError> {
        let rest = &self.text[self.at..];
        // A stray `}` is a token of its own, so the reader always moves on.
        let first = rest.chars().next().map_or(0, char::len_utf8);
        let len = rest
            .find(|c: char| c.is_whitespace() || "{}();".contains(c))
            .unwrap_or(rest.len())
            .max(first);
        let token = &rest[..len];
        self.at += len;
        let fault = |problem| GameError { line, problem };
        if token.starts_with('[') {
            return Ok(Some((line, Lexeme::Tag)));
        }
        if let Some(result) = result_token(token) {
            return Ok(Some((line, Lexeme::Result(result))));
        }
        if let Some(n) = token.strip_prefix('$') {
            let nag: u8 = n
                .parse()
                .map_err(|_| fault(GameProblem::UnreadableAnnotation(token.to_string())))?;
            return Ok(Some((line, Lexeme::Glyph(nag, token))));
        }
        // A move number, possibly glued to the move: "12." "12...Nf6".
        let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let token = if digits == token.len() && !is_null_move(token) {
            ""
        } else if digits > 0 && token[digits..].starts_with('.') {
            token[digits..].trim_start_matches('.')
        } else {
            token
        };
        // "e.p." written apart from its capture, maybe with a glyph after.
        let token = ["e.p.", "e.p", "ep.", "ep"]
            .iter()
            .find_map(|ep| token.strip_prefix(ep))
            .unwrap_or(token);
        if token.is_empty() {
            return Ok(None);
        }
        if is_null_move(token) {
            return Ok(Some((line, Lexeme::Null(token))));
        }
        if let Some(nags) = glyphs(token) {
            for nag in nags.into_iter().rev() {
                self.pending.push((line, Lexeme::Glyph(nag, token)));
            }
            return Ok(self.pending.pop());
        }
        // The move, then glyphs glued to it ("Nf3!?", "e4⩲"); "e.p." glued
        // to a capture stays with the move, which reads it.
        let san_end = token
            .char_indices()
            .find(|&(i, c)| {
                let in_san = c.is_ascii_alphanumeric() || "-=+#@".contains(c);
                let in_ep = c == '.' && token[..i].contains('x');
                !(in_san || in_ep)
            })
            .map_or(token.len(), |(i, _)| i);
        let (san, signs) = token.split_at(san_end);
        if san.is_empty() {
            return Err(fault(GameProblem::UnreadableMove(token.to_string())));
        }
        if !signs.is_empty() {
            let nags = glyphs(signs)
                .ok_or_else(|| fault(GameProblem::UnreadableAnnotation(signs.to_string())))?;
            for nag in nags.into_iter().rev() {
                self.pending.push((line, Lexeme::Glyph(nag, signs)));
            }
        }
        Ok(Some((line, Lexeme::Move(san))))
    }
}

impl<'a> Iterator for MoveText<'a> {
    type Item = Result<(u64, Lexeme<'a>), GameError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_lexeme()
    }
}
