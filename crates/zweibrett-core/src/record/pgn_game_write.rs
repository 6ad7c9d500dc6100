//! Writing a game read from a PGN file back as PGN, with everything the
//! reader kept: its tags, the comment before its first move, every move in
//! SAN written anew from its position, glyphs, comments, clock times and
//! evaluations, and its variations, the user's own tried moves among them.
//! What is written reads back as the same tree of moves.

use std::fmt::Write;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Position};

use super::pgn_game::{Game, Node};
use super::pgn_write::{clock_text, tag_value};
use crate::evaluation::Score;

/// Columns a line of move text is wrapped at, between tokens.
const WIDTH: usize = 79;

/// `game` as one PGN game: its tags in their order, a blank line, the move
/// text wrapped at [`WIDTH`] columns, and the result.
pub fn write_game(game: &Game) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        let _ = writeln!(out, "[{name} \"{}\"]", tag_value(value));
    }
    out.push('\n');
    let mut tokens = Vec::new();
    if let Some(intro) = &game.intro {
        tokens.push(comment(intro));
    }
    write_line(&mut tokens, &game.start, &game.moves);
    let result = game.result.trim();
    tokens.push(if result.is_empty() { "*" } else { result }.to_string());
    let mut column = 0;
    for token in tokens {
        if column > 0 && column + 1 + token.chars().count() > WIDTH {
            out.push('\n');
            column = 0;
        } else if column > 0 {
            out.push(' ');
            column += 1;
        }
        column += token.chars().count();
        out.push_str(&token);
    }
    out.push_str("\n\n");
    out
}

/// A comment's text braced; a closing brace inside, which would end it,
/// becomes a parenthesis.
fn comment(text: &str) -> String {
    format!("{{ {} }}", text.replace('}', ")"))
}

/// The tokens of `line` played from `start`, its variations after the
/// moves they replace.
fn write_line(tokens: &mut Vec<String>, start: &Chess, line: &[Node]) {
    let mut position = start.clone();
    // Black's move is numbered at the start of a line and after anything
    // that stands between it and White's.
    let mut numbered = true;
    for node in line {
        if let Some(before) = &node.before {
            tokens.push(comment(before));
            numbered = true;
        }
        let number = position.fullmoves().get();
        let mut token = match position.turn() {
            Color::White => format!("{number}. "),
            Color::Black if numbered => format!("{number}... "),
            Color::Black => String::new(),
        };
        let before = position.clone();
        token.push_str(&SanPlus::from_move_and_play_unchecked(&mut position, node.m).to_string());
        tokens.push(token);
        tokens.extend(node.nags.iter().map(|nag| format!("${nag}")));
        numbered = false;
        let mut commands = Vec::new();
        if let Some(clock) = node.clock {
            commands.push(format!("[%clk {}]", clock_text(clock)));
        }
        if let Some(spent) = node.spent {
            commands.push(format!("[%emt {}]", clock_text(spent)));
        }
        if let Some(eval) = node.eval {
            commands.push(format!("[%eval {}]", eval_text(eval)));
        }
        let text: Vec<String> = node.comment.iter().cloned().chain(commands).collect();
        if !text.is_empty() {
            tokens.push(comment(&text.join(" ")));
            numbered = true;
        }
        for variation in &node.variations {
            let mut inner = Vec::new();
            write_line(&mut inner, &before, variation);
            if let Some(first) = inner.first_mut() {
                first.insert(0, '(');
            }
            if let Some(last) = inner.last_mut() {
                last.push(')');
            }
            tokens.extend(inner);
            numbered = true;
        }
    }
}

/// An evaluation as `[%eval]` writes it: pawns with two decimals, or `#`
/// and the moves to mate.
fn eval_text(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => {
            let sign = if cp < 0 { "-" } else { "" };
            let cp = cp.unsigned_abs();
            format!("{sign}{}.{:02}", cp / 100, cp % 100)
        }
        Score::Mate(n) => format!("#{n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree of moves with what each node keeps, for comparing.
    fn tree(line: &[Node]) -> Vec<String> {
        line.iter()
            .map(|n| {
                let variations: Vec<String> =
                    n.variations.iter().map(|v| tree(v).join(" ")).collect();
                format!(
                    "{} {:?} {:?} {:?} {:?} {:?} {:?} [{}]",
                    n.m,
                    n.nags,
                    n.before,
                    n.comment,
                    n.clock,
                    n.spent,
                    n.eval,
                    variations.join(" | ")
                )
            })
            .collect()
    }

    #[test]
    fn a_game_written_reads_back_as_the_same_tree() {
        let text = "[Event \"Club \\\"A\\\"\"]\n[White \"A\"]\n[Black \"B\"]\n\n\
            { An intro } 1. e4 { [%clk 1:30:10] [%eval 0.3] } 1... e5 $1 $14 \
            2. Nf3 { [%emt 0:01:40] a note } 2... Nc6 (2... d6 { Philidor } 3. d4 \
            (3. Bc4 Be7) 3... exd4) ({ or } 2... Nf6 3. Nxe5 { [%eval #-3] }) \
            3. Bb5 { a plain note } a6 1-0\n";
        let game = Game::parse(text, 1).unwrap();
        let written = write_game(&game);
        let again = Game::parse(&written, 1).unwrap();
        assert_eq!(again.tags, game.tags, "{written}");
        assert_eq!(again.intro, game.intro);
        assert_eq!(tree(&again.moves), tree(&game.moves), "{written}");
        assert_eq!(again.result, "1-0");
        assert!(
            written.lines().all(|l| l.chars().count() <= WIDTH),
            "{written}"
        );
        assert!(written.contains("2... Nc6 (2... d6"), "{written}");
        // A closing brace in a comment, which would end it, is written as a
        // parenthesis.
        let mut braced = game.clone();
        braced.moves[4].comment = Some("with } brace".into());
        let again = Game::parse(&write_game(&braced), 1).unwrap();
        assert_eq!(again.moves[4].comment.as_deref(), Some("with ) brace"));
        // From a position set up, Black to move.
        let fen = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 (31. e3 Ke6) *\n";
        let game = Game::parse(fen, 1).unwrap();
        let written = write_game(&game);
        assert!(
            written.contains("30... Kd7 31. e4 (31. e3 Ke6) *"),
            "{written}"
        );
        assert_eq!(
            tree(&Game::parse(&written, 1).unwrap().moves),
            tree(&game.moves)
        );
    }

    #[test]
    fn evaluations_are_written_as_the_score_reads_them() {
        assert_eq!(eval_text(Score::Centipawns(30)), "0.30");
        assert_eq!(eval_text(Score::Centipawns(-125)), "-1.25");
        assert_eq!(eval_text(Score::Centipawns(-5)), "-0.05");
        assert_eq!(eval_text(Score::Mate(-3)), "#-3");
    }
}
