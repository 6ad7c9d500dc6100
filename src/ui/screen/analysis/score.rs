//! The score on the analysis screen: the whole game, each variation in
//! parentheses after the move it replaces, the variation being walked
//! opened with "(*" and the current move marked with ">", so that the
//! place shows in text as well as in colour.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, Position};

use super::AnalysisState;
use super::view::{glyph, row};
use crate::notation::pack::BrowseSentence;
use crate::notation::{MoveNumber, PieceLetters};
use crate::record::pgn_game::Node;
use crate::ui::screen::theme::Theme;

/// The whole score as tokens: "1. e4", "e5", …, each variation in
/// parentheses after the move it replaces, the one being walked opened
/// with "(*"; also the index of the current move (or of the start).
pub(super) fn score_tokens(state: &AnalysisState) -> (Vec<String>, usize) {
    let replay = state.session.replay();
    let game = replay.game();
    let path = replay.path();
    let mut score = ScoreTokens {
        letters: PieceLetters::of_pack(&state.session.words().pack),
        tokens: vec![state.browse(BrowseSentence::ScoreStart, &[])],
        current: 0,
        played: replay.played(),
        open: None,
    };
    score.line(&game.moves, game.start.clone(), Some(&path));
    (score.tokens, score.current)
}

/// The tokens of a score being written, and where the current move is.
struct ScoreTokens {
    /// The pack's piece letters, which the score is written in.
    letters: PieceLetters,
    tokens: Vec<String>,
    current: usize,
    /// How many moves of the line walked are on the board.
    played: usize,
    /// The parenthesis that opens a variation, put before its first move.
    open: Option<&'static str>,
}

impl ScoreTokens {
    /// Writes `line` from `pos`; `path` is the way on to the line walked
    /// when `line` lies on it (empty: `line` is the line walked).
    fn line(&mut self, line: &[Node], mut pos: Chess, path: Option<&[(usize, usize)]>) {
        let mut numbered = true;
        let walked = path.is_some_and(<[_]>::is_empty);
        if walked && self.played == 0 {
            // The start of the line walked: the token before its first move.
            self.current = self.tokens.len() - 1;
        }
        for (i, node) in line.iter().enumerate() {
            let number = MoveNumber::of(&pos);
            let san = self
                .letters
                .from_english(&SanPlus::from_move(pos.clone(), node.m).to_string());
            let glyphs: String = node.nags.iter().map(|&n| glyph(n)).collect();
            let open = self.open.take().unwrap_or_default();
            self.tokens
                .push(if number.color == Color::White || numbered {
                    format!("{open}{number} {san}{glyphs}")
                } else {
                    format!("{open}{san}{glyphs}")
                });
            if walked && i + 1 == self.played {
                self.current = self.tokens.len() - 1;
            }
            numbered = false;
            for (v, variation) in node.variations.iter().enumerate() {
                let on_path = path
                    .and_then(|p| p.split_first())
                    .filter(|((at, which), _)| *at == i && *which == v)
                    .map(|(_, rest)| rest);
                // The parentheses go with the moves, so that a line is never
                // broken between a parenthesis and its move.
                self.open = Some(if on_path.is_some() { "(*" } else { "(" });
                self.line(variation, pos.clone(), on_path);
                self.open = None;
                if let Some(last) = self.tokens.last_mut() {
                    last.push(')');
                }
                numbered = true;
            }
            pos.play_unchecked(node.m);
        }
    }
}

/// The score in `area`, wrapped, the current move marked with `>` and
/// highlighted, scrolled so that it shows.
pub(super) fn score(state: &AnalysisState, theme: &Theme, frame: &mut Frame, area: Rect) {
    let (tokens, current) = score_tokens(state);
    let width = area.width as usize;
    let mut lines: Vec<Vec<(String, bool)>> = vec![Vec::new()];
    let mut used = 0;
    let mut current_line = 0;
    for (i, token) in tokens.iter().enumerate() {
        let marked = i == current;
        // The mark of the current move goes after a variation's parenthesis:
        // "(*>2... d6".
        let text = if marked {
            let open = token.len() - token.trim_start_matches(['(', '*']).len();
            format!(" {}>{}", &token[..open], &token[open..])
        } else {
            format!(" {token}")
        };
        let len = text.chars().count();
        if used + len > width && used > 0 {
            lines.push(Vec::new());
            used = 0;
        }
        if marked {
            current_line = lines.len() - 1;
        }
        used += len;
        lines
            .last_mut()
            .expect("one line at least")
            .push((text, marked));
    }
    let rows = area.height as usize;
    let top = current_line.saturating_sub(rows.saturating_sub(1) / 2);
    let top = top.min(lines.len().saturating_sub(rows));
    for (i, spans) in lines.iter().skip(top).take(rows).enumerate() {
        let line = Line::from(
            spans
                .iter()
                .map(|(text, marked)| {
                    let style = if *marked {
                        theme
                            .focus
                            .add_modifier(Modifier::REVERSED | Modifier::BOLD)
                    } else {
                        theme.text
                    };
                    Span::styled(text.clone(), style)
                })
                .collect::<Vec<_>>(),
        );
        frame.render_widget(Paragraph::new(line), row(area, i as u16));
    }
}
