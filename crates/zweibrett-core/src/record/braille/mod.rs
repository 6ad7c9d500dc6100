//! The braille score (D.2.7) in the Braille Chess Code of the Braille
//! Authority of the United Kingdom (BAUK), 2015 edition, as far as its
//! signs could be found; docs/scores.md lists the sources, the worked examples
//! this module is tested against, and the signs that are this program's
//! own choice.
//!
//! A game move is written without the dots-5-6 prefix that names pieces and
//! squares in running text (1.1), and its piece letter has no capital sign:
//! king ⠅ (k), queen ⠟ (q), rook ⠗ (r), bishop ⠇ (l), knight ⠎ (s). A square
//! is its file letter and its rank as a lower number (e4 ⠑⠲). A move number
//! is a lower number without the numeric indicator, then a space (1.3); a
//! line that starts with Black's move has dots 3-6 (⠤) before it (1.2).
//! Before the destination square stand the capture sign ⠰ (dots 5-6), the
//! check sign ⠘ (dots 4-5), or ⠸ (dots 4-5-6) for a capture that checks; a
//! pawn's advance that checks is followed by ⠜⠏ instead (the code's own
//! example "6. e4+."), and mate by ⠜⠍.
//!
//! The Spanish code (Comisión Braille Española, Documento técnico B 8) could
//! not be consulted, so every pack writes these signs.

pub mod brf;
pub mod text;

use super::score::Score;
use crate::game::Game;

/// The cells of a piece letter in a game move (no capital sign).
fn piece(letter: char) -> Option<&'static str> {
    Some(match letter {
        'K' => "⠅",
        'Q' => "⠟",
        'R' => "⠗",
        'B' => "⠇",
        'N' => "⠎",
        _ => return None,
    })
}

/// The braille letter of a file a–h.
fn file(letter: char) -> Option<char> {
    Some(match letter {
        'a' => '⠁',
        'b' => '⠃',
        'c' => '⠉',
        'd' => '⠙',
        'e' => '⠑',
        'f' => '⠋',
        'g' => '⠛',
        'h' => '⠓',
        _ => return None,
    })
}

/// A digit as a lower number (the cells of the upper digits one row down).
fn lower_digit(digit: char) -> Option<char> {
    Some(match digit {
        '1' => '⠂',
        '2' => '⠆',
        '3' => '⠒',
        '4' => '⠲',
        '5' => '⠢',
        '6' => '⠖',
        '7' => '⠶',
        '8' => '⠦',
        '9' => '⠔',
        '0' => '⠴',
        _ => return None,
    })
}

/// A move number as a lower number, without the numeric indicator (1.3).
pub fn move_number(number: u32) -> String {
    number.to_string().chars().filter_map(lower_digit).collect()
}

/// Capture ⠰ (dots 5-6) before the destination square.
const CAPTURE: &str = "⠰";
/// Check ⠘ (dots 4-5) before the destination square.
const CHECK: &str = "⠘";
/// A capture that checks ⠸ (dots 4-5-6) before the destination square.
const CAPTURE_CHECK: &str = "⠸";
/// Check after a move with no sign before its square.
const CHECK_AFTER: &str = "⠜⠏";
/// Mate after the move.
const MATE: &str = "⠜⠍";
/// Dots 3-6 before Black's move that opens a line (1.2).
const BLACK_FIRST: &str = "⠤";

/// One SAN move ("Nxf3+", "exd8=Q#", "O-O") as a game move in braille.
/// Characters that are no part of SAN (annotation glyphs) are left out.
pub fn move_cells(san: &str) -> String {
    let san = san.replace("e.p.", "");
    let mate = san.contains('#');
    let check = !mate && san.contains('+');
    let body: String = san
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '=' || *c == '-')
        .collect();
    let mut out = String::new();
    if body.starts_with("O-O") || body.starts_with("0-0") {
        let rooks = body.matches(['O', '0']).count();
        out.push_str(if rooks >= 3 {
            "⠕⠤⠕⠤⠕"
        } else {
            "⠕⠤⠕"
        });
        if check {
            out.push_str(CHECK_AFTER);
        }
    } else {
        let mut chars: Vec<char> = body.chars().filter(|c| *c != '-').collect();
        let promotion = match chars.iter().position(|c| *c == '=') {
            Some(i) => {
                let promoted = chars.get(i + 1).copied();
                chars.truncate(i);
                promoted
            }
            // "e8Q", written without the equals sign.
            None if chars.last().is_some_and(|c| piece(*c).is_some()) && chars.len() > 1 => {
                chars.pop()
            }
            None => None,
        };
        let mover = chars.first().copied().and_then(piece);
        if mover.is_some() {
            chars.remove(0);
        }
        let capture = chars.contains(&'x');
        chars.retain(|c| *c != 'x');
        // The destination is the last two characters; what comes before
        // them names the piece's file or rank of departure.
        let split = chars.len().saturating_sub(2);
        let (from, to) = chars.split_at(split);
        if let Some(p) = mover {
            out.push_str(p);
        }
        let cell = |c: &char| file(*c).or_else(|| lower_digit(*c));
        out.extend(from.iter().filter_map(cell));
        let pawn_advance = mover.is_none() && !capture;
        match (capture, check && !pawn_advance) {
            (true, true) => out.push_str(CAPTURE_CHECK),
            (true, false) => out.push_str(CAPTURE),
            (false, true) => out.push_str(CHECK),
            (false, false) => {}
        }
        out.extend(to.iter().filter_map(cell));
        if let Some(p) = promotion.and_then(piece) {
            out.push_str(p);
        }
        if check && pawn_advance {
            out.push_str(CHECK_AFTER);
        }
    }
    if mate {
        out.push_str(MATE);
    }
    out
}

/// The result as Unified English Braille writes the print result: "1-0"
/// ⠼⠁⠤⠼⠚, "0-1" ⠼⠚⠤⠼⠁, "1/2-1/2" ⠼⠁⠌⠃⠤⠼⠁⠌⠃.
pub fn result_cells(result: &str) -> Option<&'static str> {
    match result {
        "1-0" => Some("⠼⠁⠤⠼⠚"),
        "0-1" => Some("⠼⠚⠤⠼⠁"),
        "1/2-1/2" | "½-½" => Some("⠼⠁⠌⠃⠤⠼⠁⠌⠃"),
        _ => None,
    }
}

/// The width of a braille line that embossers and braille note-takers
/// commonly take, in cells.
pub const BRAILLE_WIDTH: usize = 40;

/// The game's moves in braille, one move number per line (D.2.7).
pub fn of_game(game: &Game) -> String {
    score(&Score::of_game(game), BRAILLE_WIDTH)
}

impl Score {
    /// The score in braille, lines at most `width` cells.
    pub fn braille(&self, width: usize) -> String {
        score(self, width)
    }
}

/// The score in braille, one move number per line ("⠆ ⠎⠋⠒ ⠎⠉⠖"), the
/// result on a line of its own; lines longer than `width` cells are
/// broken between moves. The heading comes first in uncontracted braille,
/// then a blank line; a move's variations follow it in parentheses (⠐⠣
/// ⠐⠜), and its comments stand on lines of their own after its line.
pub fn score(score: &Score, width: usize) -> String {
    let mut lines = Vec::new();
    for line in &score.heading {
        lines.push(text::text_cells(line));
    }
    if !score.heading.is_empty() {
        lines.push(String::new());
    }
    for (number, pair) in score.pairs() {
        let mut line = format!("{} ", move_number(number));
        let mut notes = Vec::new();
        if pair[0].is_none() {
            line.push_str(BLACK_FIRST);
        }
        for (i, m) in pair.into_iter().flatten().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(&move_cells(&m.san));
            // A draw offer is marked (=) on every score (8.1.5).
            if m.offer {
                line.push(' ');
                line.push_str(&text::text_cells("(=)"));
            }
            for variation in &m.variations {
                line.push(' ');
                line.push_str(&variation_cells(variation));
            }
            notes.extend(m.comments.iter().map(|c| text::text_cells(c)));
        }
        lines.push(line);
        lines.extend(notes);
    }
    if let Some(cells) = score.result.as_deref().and_then(result_cells) {
        lines.push(cells.to_string());
    }
    let mut out = String::new();
    for line in lines {
        for part in wrap(&line, width) {
            out.push_str(&part);
            out.push('\n');
        }
    }
    out
}

/// A variation's moves ("30... Ke7", "31. Rf1") in parentheses: each move
/// number as a lower number, Black's first move after ⠤.
fn variation_cells(moves: &[String]) -> String {
    let mut words = Vec::with_capacity(moves.len() * 2);
    for m in moves {
        match m.split_once(' ') {
            Some((number, san)) => {
                let black = number.ends_with("...");
                let digits = number.trim_end_matches('.');
                let n = digits.parse::<u32>().unwrap_or(0);
                words.push(move_number(n));
                let cells = move_cells(san);
                words.push(if black {
                    format!("{BLACK_FIRST}{cells}")
                } else {
                    cells
                });
            }
            None => words.push(move_cells(m)),
        }
    }
    format!("⠐⠣{}⠐⠜", words.join(" "))
}

/// Breaks a line of cells between words so that no part is longer than
/// `width` cells; a word longer than that stands alone on its line.
fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let needed = current.chars().count() + usize::from(!current.is_empty());
        if !current.is_empty() && needed + word.chars().count() > width {
            parts.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    parts.push(current);
    parts
}

#[cfg(test)]
mod tests;
