//! Drawing the setup form. One line per field: `>` marks the focused one
//! (also in reverse video), `!` an invalid one with its fault beside it, so
//! nothing depends on colour. The terminal cursor goes to the typing point
//! of the focused text field, or to the start of the focused choice or
//! button.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use super::{FIELDS, Field, Kind, SetupForm};
use crate::notation::pack::SetupSentence;
use crate::ui::screen::theme::Theme;

/// Columns before the label: the focus mark, the fault mark and a space.
const MARKS: u16 = 3;
/// The least width of the label column ("Repetition of moves" and a space).
const LABEL: u16 = 21;
/// The first field's line, right under the title, so that the whole form
/// fits 80 by 24.
const FIRST_ROW: u16 = 1;
/// Lines below the fields: the focused field's fault (two lines) and the
/// keys (two lines), so that the whole form fits 80 by 24.
const BELOW: u16 = 4;
impl SetupForm {
    /// Width of the label column: the longest label in the pack's language
    /// and a space, at least [`LABEL`].
    fn label_width(&self) -> u16 {
        FIELDS
            .iter()
            .map(|f| Span::raw(self.label(*f)).width() + 1)
            .max()
            .map_or(LABEL, |w| LABEL.max(u16::try_from(w).unwrap_or(u16::MAX)))
    }

    /// The smallest area, in columns and lines, the form can be drawn in.
    pub fn min_size() -> (u16, u16) {
        (64, FIRST_ROW + FIELDS.len() as u16 + BELOW)
    }

    /// The two lines below the fields where the focused field's fault is
    /// shown, in the form drawn in `area`.
    pub fn fault_area(&self, area: Rect) -> Rect {
        Rect {
            y: area.y + FIRST_ROW + FIELDS.len() as u16,
            height: 2,
            ..area
        }
    }

    /// Draws the form in `area` and puts the terminal cursor on the focused
    /// field.
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let (min_w, min_h) = SetupForm::min_size();
        if area.width < min_w || area.height < min_h {
            let text = self.say(
                SetupSentence::TooSmall,
                &[
                    ("columns", &min_w.to_string()),
                    ("lines", &min_h.to_string()),
                ],
            );
            frame.render_widget(
                Paragraph::new(text)
                    .style(theme.warning)
                    .wrap(Wrap { trim: true }),
                area,
            );
            frame.set_cursor_position(Position::new(area.x, area.y));
            return;
        }
        let mut lines = vec![Line::styled(
            self.say(SetupSentence::Title, &[]),
            theme.heading,
        )];
        for field in FIELDS {
            lines.push(self.field_line(field, theme));
        }
        frame.render_widget(Paragraph::new(lines).style(theme.text), area);

        let below = self.fault_area(area);
        if let Some(fault) = self.fault(self.focus) {
            let text = format!("! {}: {fault}", self.label(self.focus));
            frame.render_widget(
                Paragraph::new(text)
                    .style(theme.warning)
                    .wrap(Wrap { trim: true }),
                below,
            );
        }
        let keys = Rect {
            y: area.bottom() - 2,
            height: 2,
            ..area
        };
        frame.render_widget(
            Paragraph::new(self.say(SetupSentence::Keys, &[]))
                .style(theme.text)
                .wrap(Wrap { trim: true }),
            keys,
        );
        frame.set_cursor_position(self.cursor(area));
    }

    /// One field's line: marks, label, value and fault.
    fn field_line(&self, field: Field, theme: &Theme) -> Line<'static> {
        let focused = field == self.focus;
        let fault = self.fault(field);
        let marks = format!(
            "{}{} ",
            if focused { '>' } else { ' ' },
            if fault.is_some() { '!' } else { ' ' }
        );
        let label = self.label(field);
        let width = usize::from(self.label_width());
        let body = match field.kind() {
            Kind::Button => format!("[ {label} ]"),
            Kind::Text | Kind::TextOrPreset | Kind::TypedTime => {
                format!("{label:<width$}[{}]", self.value(field))
            }
            Kind::Choice => format!("{label:<width$}< {} >", self.value(field)),
        };
        let style = if focused { theme.focus } else { theme.text };
        let mut spans = vec![Span::styled(
            marks,
            if fault.is_some() {
                theme.warning
            } else {
                style
            },
        )];
        // A selected value is underlined as well as named when spoken, so
        // that it can be seen that typing replaces it.
        let value = self.value(field);
        match body.rfind(&format!("[{value}]")) {
            Some(at) if focused && self.selected && !value.is_empty() => {
                let (label, rest) = body.split_at(at + 1);
                let (value, close) = rest.split_at(rest.len() - 1);
                spans.push(Span::styled(label.to_string(), style));
                spans.push(Span::styled(
                    value.to_string(),
                    style.add_modifier(Modifier::UNDERLINED),
                ));
                spans.push(Span::styled(close.to_string(), style));
            }
            _ => spans.push(Span::styled(body, style)),
        }
        if let Some(fault) = fault {
            spans.push(Span::styled(format!("  {fault}"), theme.warning));
        }
        Line::from(spans)
    }

    /// Where the terminal cursor goes: the typing point of a text field,
    /// the start of a choice's value or of the button's words.
    fn cursor(&self, area: Rect) -> Position {
        let y = area.y + FIRST_ROW + self.focus.position() as u16 - 1;
        let value_x = area.x + MARKS + self.label_width();
        let x = match self.focus.kind() {
            Kind::Button => area.x + MARKS + 2,
            Kind::Choice => value_x + 2,
            Kind::Text | Kind::TextOrPreset | Kind::TypedTime => {
                let before = self
                    .text_input(self.focus)
                    .map_or(0, |input| Span::raw(input.before_caret()).width());
                (value_x + 1).saturating_add(u16::try_from(before).unwrap_or(u16::MAX))
            }
        };
        Position::new(x.min(area.right() - 1), y)
    }
}
