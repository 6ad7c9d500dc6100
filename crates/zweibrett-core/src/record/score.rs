//! The score for the visually impaired player to read (D.2.7): as plain
//! text and in Unicode braille, one move (White's and Black's half-moves)
//! per line.
//!
//! Braille conventions, after the braille chess notation used in the UK
//! (files as letters, ranks as "lower" digits so that a square is two cells
//! and needs no number sign):
//! - files a–h: the braille letters ⠁⠃⠉⠙⠑⠋⠛⠓;
//! - ranks 1–8: the lower-cell digits ⠂⠆⠒⠲⠢⠖⠶⠦;
//! - pieces: capital sign ⠠ and the letter (K ⠠⠅, Q ⠠⠟, R ⠠⠗, B ⠠⠃,
//!   N ⠠⠝), so that a bishop is never read as the b-file;
//! - capture ⠭ (x), check ⠐⠖ (the Unified English Braille plus), mate ⠸⠹
//!   (UEB #), promotion ⠐⠶ (UEB =), castling ⠕⠤⠕ and ⠕⠤⠕⠤⠕;
//! - move numbers: the number sign ⠼ and the usual upper digits, then a
//!   space; a move Black opens a line with is preceded by ⠤⠤ (a dash).
//!
//! These are this program's reading of the conventions; they are listed
//! here so a reader can check them against their own code.

use std::fmt::Write as _;

use shakmaty::Color;

use super::pgn_write::clock_text;
use crate::game::Game;
use crate::notation::MoveNumber;

/// One line per move number: "1. e4 (1:29:58) e5 (1:29:50)", with the
/// announcement words, and notes.
pub fn plain(game: &Game) -> String {
    let mut out = String::new();
    for (number, pair) in pairs(game) {
        let mut line = format!("{number}.");
        for p in pair.into_iter().flatten() {
            let _ = write!(line, " {}", p.san);
            if let Some(clk) = p.clk {
                let _ = write!(line, " ({})", clock_text(clk));
            }
            if p.offer {
                line.push_str(" (=)");
            }
            for c in &p.comments {
                let _ = write!(line, " [{c}]");
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(o) = game.outcome() {
        let _ = writeln!(out, "{} {}", o.result.pgn(), o.termination.describe());
    }
    out
}

/// The moves of the game as braille, one move number per line.
pub fn braille(game: &Game) -> String {
    let mut out = String::new();
    for (number, pair) in pairs(game) {
        let mut line = format!("⠼{} ", digits(number));
        let [white, black] = pair;
        match white {
            Some(p) => line.push_str(&san_to_braille(&p.san)),
            None => line.push_str("⠤⠤"),
        }
        if let Some(p) = black {
            line.push(' ');
            line.push_str(&san_to_braille(&p.san));
        }
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(o) = game.outcome() {
        let result = match o.result {
            crate::game::Result::WhiteWins => "⠼⠁⠤⠼⠚",
            crate::game::Result::BlackWins => "⠼⠚⠤⠼⠁",
            crate::game::Result::Draw => "⠼⠁⠌⠃⠤⠼⠁⠌⠃",
        };
        out.push_str(result);
        out.push('\n');
    }
    out
}

type Pair<'a> = [Option<&'a crate::game::Played>; 2];

/// The moves grouped by move number.
fn pairs(game: &Game) -> Vec<(u32, Pair<'_>)> {
    let mut out: Vec<(u32, Pair<'_>)> = Vec::new();
    for (i, p) in game.moves().iter().enumerate() {
        let number = MoveNumber::after(game.start(), i).number;
        match p.by {
            Color::White => out.push((number, [Some(p), None])),
            Color::Black => match out.last_mut() {
                Some((n, pair)) if *n == number && pair[1].is_none() => pair[1] = Some(p),
                _ => out.push((number, [None, Some(p)])),
            },
        }
    }
    out
}

/// Upper braille digits (after the number sign).
fn digits(n: u32) -> String {
    const UPPER: [char; 10] = ['⠚', '⠁', '⠃', '⠉', '⠙', '⠑', '⠋', '⠛', '⠓', '⠊'];
    n.to_string()
        .chars()
        .map(|c| UPPER[c.to_digit(10).unwrap_or(0) as usize])
        .collect()
}

/// One SAN move in braille.
pub fn san_to_braille(san: &str) -> String {
    let body = san.trim_end_matches(['+', '#']);
    let mut out = String::new();
    if body.starts_with("O-O-O") {
        out.push_str("⠕⠤⠕⠤⠕");
    } else if body.starts_with("O-O") {
        out.push_str("⠕⠤⠕");
    } else {
        for c in body.chars() {
            let cell = match c {
                'K' => "⠠⠅",
                'Q' => "⠠⠟",
                'R' => "⠠⠗",
                'B' => "⠠⠃",
                'N' => "⠠⠝",
                'a' => "⠁",
                'b' => "⠃",
                'c' => "⠉",
                'd' => "⠙",
                'e' => "⠑",
                'f' => "⠋",
                'g' => "⠛",
                'h' => "⠓",
                '1' => "⠂",
                '2' => "⠆",
                '3' => "⠒",
                '4' => "⠲",
                '5' => "⠢",
                '6' => "⠖",
                '7' => "⠶",
                '8' => "⠦",
                'x' => "⠭",
                '=' => "⠐⠶",
                _ => "",
            };
            out.push_str(cell);
        }
    }
    if san.ends_with('#') {
        out.push_str("⠸⠹");
    } else if san.ends_with('+') {
        out.push_str("⠐⠖");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_as_text_and_braille_one_move_per_line() {
        use crate::clock::Instant;
        use crate::game::{Command, Press, Repetition, Setup};
        use crate::notation::VoicePack;
        let setup = Setup {
            time: "600".into(),
            repetition: Repetition::Off,
            press: Press::Auto,
            ..Setup::default()
        };
        let mut g = Game::new(setup, VoicePack::fide()).unwrap();
        for (i, m) in ["f3", "e5", "g4", "Qh4#"].iter().enumerate() {
            g.apply(
                &Command::Move((*m).into()),
                Instant::from_secs(i as u64 + 1),
            );
        }
        assert_eq!(
            plain(&g),
            "1. f3 (0:10:00) e5 (0:09:59)\n2. g4 (0:09:59) Qh4# (0:09:58)\n0-1 checkmate\n"
        );
        assert_eq!(braille(&g), "⠼⠁ ⠋⠒ ⠑⠢\n⠼⠃ ⠛⠲ ⠠⠟⠓⠲⠸⠹\n⠼⠚⠤⠼⠁\n");
    }

    #[test]
    fn moves_in_braille() {
        assert_eq!(san_to_braille("e4"), "⠑⠲");
        assert_eq!(san_to_braille("Nf3"), "⠠⠝⠋⠒");
        assert_eq!(san_to_braille("Bxc6+"), "⠠⠃⠭⠉⠖⠐⠖");
        assert_eq!(san_to_braille("exd8=Q#"), "⠑⠭⠙⠦⠐⠶⠠⠟⠸⠹");
        assert_eq!(san_to_braille("O-O-O"), "⠕⠤⠕⠤⠕");
        assert_eq!(digits(12), "⠁⠃");
    }
}
