//! The hall on the full screen: every board on a line of its own, those
//! waiting for the arbiter first, the board chosen marked with `▶` and
//! drawn in the focus style (never by colour alone), the board opened
//! with its score under the list, what happened below, and the input
//! line. Up and Down choose a board and say it; Enter opens it, or carries
//! out what is typed, as line mode reads it. The terminal cursor stands on
//! the board chosen, or on the input line while something is typed.
//! Nothing moves by itself, in either layout: the screen is drawn when a
//! source brings news or a key is pressed, and every line is shown whole,
//! wrapped at the window's edge.

use std::io;
use std::time::Instant;

use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};

use super::terminal::{self, FullScreen};
use super::theme::Theme;
use crate::braille::BrailleHall;
use crate::driver::{Driven, Next, Woke};
use crate::notation::pack::HallSentence;
use crate::session::hall::{Answer, HallHost, HallLine};
use crate::speech::{Announce, Priority, Utterance};
use crate::ui::line::hall::say_line;

/// How many of the newest lines of what happened are kept.
const KEPT: usize = 200;

/// The hall's screen.
pub struct HallScreen<'a> {
    host: HallHost,
    theme: Theme,
    speech: &'a dyn Announce,
    display: Option<BrailleHall>,
    /// The board chosen, by its index in the hall: it stays chosen when
    /// the listing puts it elsewhere (a board that calls goes first).
    chosen: Option<usize>,
    /// The board opened, by its index in the hall.
    opened: Option<usize>,
    /// What happened, oldest first.
    log: Vec<String>,
    /// What is being typed.
    typed: String,
    changed: bool,
    quit: bool,
}

impl<'a> HallScreen<'a> {
    /// The screen of `host`.
    pub fn new(
        host: HallHost,
        theme: Theme,
        speech: &'a dyn Announce,
        display: Option<BrailleHall>,
    ) -> HallScreen<'a> {
        HallScreen {
            host,
            theme,
            speech,
            display,
            chosen: None,
            opened: None,
            log: Vec::new(),
            typed: String::new(),
            changed: true,
            quit: false,
        }
    }

    /// Shows, says and puts on the display each line.
    fn tell(&mut self, lines: Vec<HallLine>) {
        for line in lines {
            let text = say_line(&line, self.speech, self.display.as_mut());
            self.log.push(text);
        }
        let over = self.log.len().saturating_sub(KEPT);
        self.log.drain(..over);
        self.changed = true;
    }

    fn chosen_board(&self) -> Option<usize> {
        let listed = self.host.hall().listed();
        self.chosen
            .filter(|board| listed.contains(board))
            .or_else(|| listed.first().copied())
    }

    /// Chooses the board `by` places on, and says it.
    fn choose(&mut self, by: isize) {
        let listed = self.host.hall().listed();
        let Some(board) = self.chosen_board() else {
            return;
        };
        let here = listed.iter().position(|&b| b == board).unwrap_or(0);
        let at = here.saturating_add_signed(by).min(listed.len() - 1);
        self.chosen = Some(listed[at]);
        self.typed.clear();
        if let Some(board) = self.chosen_board() {
            let said = self.host.summary(board).said;
            let said = crate::printable::printable(&said).into_owned();
            self.speech.announce(Utterance::new(said, Priority::Answer));
        }
        self.changed = true;
    }

    /// Enter: what is typed carried out, else the board chosen opened.
    fn enter(&mut self) {
        let typed = std::mem::take(&mut self.typed);
        if typed.trim().is_empty() {
            if let Some(board) = self.chosen_board() {
                self.opened = Some(board);
                let lines = self.host.open(board);
                self.tell(lines);
            }
            return;
        }
        match self.host.answer(&typed) {
            Answer::Quit => self.quit = true,
            Answer::Lines(lines) => {
                if let Some(number) = typed.trim().trim_start_matches('#').parse().ok()
                    && let Some(board) = self.host.hall().numbered(number)
                {
                    self.opened = Some(board);
                    self.chosen = Some(board);
                }
                self.tell(lines);
            }
        }
    }

    fn key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('c') if control => self.quit = true,
            KeyCode::Up => self.choose(-1),
            KeyCode::Down => self.choose(1),
            KeyCode::PageUp => self.choose(-10),
            KeyCode::PageDown => self.choose(10),
            KeyCode::Home if self.typed.is_empty() => self.choose(isize::MIN / 2),
            KeyCode::End if self.typed.is_empty() => self.choose(isize::MAX / 2),
            KeyCode::Enter => self.enter(),
            KeyCode::Esc => {
                self.opened = None;
                self.typed.clear();
            }
            KeyCode::F(1) => {
                let keys = self.host.words().plain(HallSentence::Keys);
                self.tell(vec![HallLine::answer(keys)]);
            }
            KeyCode::Backspace => {
                self.typed.pop();
            }
            KeyCode::Char(c) if !control && self.typed.chars().count() < 80 => self.typed.push(c),
            _ => return,
        }
        self.changed = true;
    }

    /// Draws the screen and places the cursor.
    fn view(&self, frame: &mut ratatui::Frame) {
        let area = frame.area();
        let width = usize::from(area.width.max(1));
        // Rows a line takes once wrapped at the window's edge: every line
        // is shown whole, for a screen reader and for large letters.
        let rows = |text: &str| text.chars().count().max(1).div_ceil(width);
        let words = self.host.words();
        let hall = self.host.hall();
        let listed = hall.listed();
        let mut texts: Vec<(String, ratatui::style::Style)> = Vec::new();
        let title = words.counted(HallSentence::Title, listed.len() as u64, &[]);
        texts.push((title, self.theme.heading));
        let mut chosen_row = None;
        let chosen = self.chosen_board();
        for &board in &listed {
            let summary = words.summary(&hall.boards()[board].view);
            if Some(board) == chosen {
                chosen_row = Some(texts.iter().map(|(t, _)| rows(t)).sum::<usize>());
                texts.push((format!("▶ {summary}"), self.theme.focus));
            } else {
                texts.push((format!("  {summary}"), self.theme.text));
            }
        }
        if let Some(board) = self.opened {
            texts.push((String::new(), self.theme.text));
            for line in self.host.open(board) {
                texts.push((line.text, self.theme.text));
            }
        }
        texts.push((String::new(), self.theme.text));
        texts.push((words.plain(HallSentence::Happened), self.theme.heading));
        // The newest of what happened that fits, above the input line.
        let height = usize::from(area.height.saturating_sub(1));
        let mut used: usize = texts.iter().map(|(t, _)| rows(t)).sum();
        let mut newest = Vec::new();
        for text in self.log.iter().rev() {
            if used + rows(text) > height {
                break;
            }
            used += rows(text);
            newest.push((text.clone(), self.theme.text));
        }
        texts.extend(newest.into_iter().rev());
        let lines: Vec<Line> = texts
            .into_iter()
            .map(|(text, style)| Line::styled(text, style))
            .collect();
        let body = Rect {
            height: area.height.saturating_sub(1),
            ..area
        };
        frame.render_widget(
            Paragraph::new(lines)
                .style(self.theme.background)
                .wrap(Wrap { trim: false }),
            body,
        );
        let input = Rect {
            y: area.y + area.height.saturating_sub(1),
            height: 1.min(area.height),
            ..area
        };
        frame.render_widget(
            Paragraph::new(format!("> {}", self.typed)).style(self.theme.text),
            input,
        );
        match chosen_row {
            Some(row) if self.typed.is_empty() && row < height => {
                frame.set_cursor_position((area.x, area.y + row as u16));
            }
            _ => {
                let column = 2 + self.typed.chars().count() as u16;
                frame.set_cursor_position((
                    area.x + column.min(area.width.saturating_sub(1)),
                    input.y,
                ));
            }
        }
    }
}

/// The screen on its terminal, as the driver drives it.
struct OnTerminal<'s, 'a, B: Backend> {
    terminal: &'s mut Terminal<B>,
    screen: &'s mut HallScreen<'a>,
}

impl<B: Backend> Driven for OnTerminal<'_, '_, B> {
    type Input = Event;
    type Fault = B::Error;

    fn settle(&mut self, now: Instant) -> Result<Next, B::Error> {
        let lines = self.screen.host.settle(now);
        if !lines.is_empty() {
            self.screen.tell(lines);
        }
        if self.screen.changed {
            self.screen.changed = false;
            let screen = &*self.screen;
            FullScreen::draw(self.terminal, |frame| screen.view(frame))?;
        }
        Ok(if self.screen.quit {
            Next::Leave
        } else {
            Next::Wait
        })
    }

    fn deadline(&self) -> Option<Instant> {
        self.screen.host.deadline()
    }

    fn take(&mut self, woke: Woke<Event>, _now: Instant) -> Next {
        match woke {
            Woke::Input(Event::Key(key), _) => self.screen.key(key),
            Woke::Input(Event::Resize(..), _) => self.screen.changed = true,
            Woke::InputEnded => return Next::Leave,
            Woke::Braille(input) => {
                let pack = self.screen.host.pack().clone();
                if let Some(display) = &mut self.screen.display
                    && let Some(change) = display.input(input, &pack)
                {
                    self.screen.tell(vec![HallLine::answer(change)]);
                }
            }
            Woke::Input(..) | Woke::Rang(_) | Woke::Due => {}
        }
        if self.screen.quit {
            Next::Leave
        } else {
            Next::Wait
        }
    }

    fn braille_line(&mut self, cells: usize) -> Option<zweibrett_core::braille::Window> {
        Some(self.screen.display.as_ref()?.line(cells))
    }
}

/// Runs the hall on the full screen until the arbiter leaves, the
/// terminal is gone or an ending signal comes; `start` starts the hall
/// with the driver's waker.
pub fn run(
    start: impl FnOnce(&crate::session::wake::Waker) -> HallHost,
    look: super::game::shell::Look,
    speech: &dyn Announce,
) -> io::Result<()> {
    let _quiet = crate::speech::quiet_stderr(None).ok();
    let mut full = FullScreen::enter()?;
    let mut driver = terminal::key_driver();
    driver.take_braille(look.braille);
    let host = start(&driver.bell().waker());
    let display = BrailleHall::new(look.braille, host.pack());
    let mut screen = HallScreen::new(host, look.theme, speech, display);
    let opened = screen.host.opened();
    screen.tell(vec![opened]);
    let mut on = OnTerminal {
        terminal: &mut full.terminal,
        screen: &mut screen,
    };
    driver.drive(&mut on)?;
    drop(full);
    Ok(())
}
