//! The log of the game screen as drawn, and how Page Up, Page Down, Home
//! and End move through it. Pure: the view and the update both ask here
//! which lines show, so the line said is the line marked.
//!
//! The log follows its newest lines until a key moves the focus back;
//! then the focused line is at the top of the log area, marked "▶", and
//! every line is drawn two columns in. An answer longer than the area
//! (a score, the help in a narrow window) is shown from its first line,
//! never cut to its tail, with a mark that more follows.

use crate::printable::printable;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// The mark before the focused line.
const FOCUS_MARK: &str = "▶ ";
/// Columns taken by the mark, and by the room left for it on other lines.
const GUTTER: u16 = 2;

/// A line of the log: the entry (one thing said) and which of its
/// wrapped lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct LogPos {
    /// The entry, oldest first.
    pub entry: usize,
    /// The wrapped line within the entry.
    pub line: usize,
}

/// Where the log is read from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LogScroll {
    /// The line at the top of the log area while the user reads back;
    /// `None` while the log follows its newest lines.
    pub focus: Option<LogPos>,
    /// The first entry of the latest answer: one longer than the log area
    /// is shown from here.
    pub answer_from: usize,
}

/// One row of the log area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// Nothing (above the first line of a short log).
    Empty,
    /// A line of an entry; `focused` for the focused line.
    Text {
        /// The line as shown, with the gutter when reading back.
        text: String,
        /// The line has the focus.
        focused: bool,
    },
    /// The mark that the log goes on below.
    More,
}

/// Where a page step led: the new focus and what to say, or nothing to
/// move to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The focus moved here; say `said`.
    To {
        /// The new top of the log area.
        focus: LogPos,
        /// The focused entry from the focused line on.
        said: String,
    },
    /// The focus is already at the oldest line.
    AtOldest,
    /// The focus is already at the newest page.
    AtNewest,
    /// The log holds nothing.
    Empty,
}

/// An entry of the log as wrapped: by its index, its length (an entry
/// replaced is wrapped anew) and the width.
type WrapKey = (usize, usize, usize);

/// Each log entry as wrapped at the widths drawn, kept between frames: a
/// long entry is wrapped once, not on every frame or key.
#[derive(Debug, Default)]
pub struct WrapCache {
    kept: RefCell<HashMap<WrapKey, Rc<Vec<String>>>>,
    /// Entries wrapped so far, to show that a frame drawn again wraps
    /// nothing anew.
    wrapped: std::cell::Cell<usize>,
}

/// The most wrapped entries kept; past it the cache starts again.
const WRAPS_KEPT: usize = 4096;

impl WrapCache {
    /// How many times an entry was wrapped so far.
    #[cfg(test)]
    pub fn wrapped_so_far(&self) -> usize {
        self.wrapped.get()
    }

    fn get(&self, log: &[String], entry: usize, width: usize) -> Rc<Vec<String>> {
        let mut kept = self.kept.borrow_mut();
        if kept.len() >= WRAPS_KEPT {
            kept.clear();
        }
        let key = (entry, log[entry].len(), width);
        Rc::clone(kept.entry(key).or_insert_with(|| {
            self.wrapped.set(self.wrapped.get() + 1);
            Rc::new(super::view::wrap(&printable(&log[entry]), width))
        }))
    }
}

/// The log as wrapped at one width, wrapping each entry only when asked.
struct Wrapped<'a> {
    log: &'a [String],
    width: usize,
    cache: &'a WrapCache,
}

impl<'a> Wrapped<'a> {
    fn new(log: &'a [String], width: u16, cache: &'a WrapCache) -> Wrapped<'a> {
        Wrapped {
            log,
            width: usize::from(width.max(1)),
            cache,
        }
    }

    fn lines(&mut self, entry: usize) -> Rc<Vec<String>> {
        self.cache.get(self.log, entry, self.width)
    }

    fn count(&mut self, entry: usize) -> usize {
        self.lines(entry).len()
    }

    /// `n` lines before `pos`, or the first line.
    fn back(&mut self, mut pos: LogPos, mut n: usize) -> LogPos {
        while n > 0 {
            if pos.line > 0 {
                let step = pos.line.min(n);
                pos.line -= step;
                n -= step;
            } else if pos.entry == 0 {
                break;
            } else {
                pos.entry -= 1;
                pos.line = self.count(pos.entry) - 1;
                n -= 1;
            }
        }
        pos
    }

    /// `n` lines after `pos`, or the last line.
    fn forward(&mut self, mut pos: LogPos, mut n: usize) -> LogPos {
        while n > 0 {
            let left = self.count(pos.entry) - 1 - pos.line;
            if left > 0 {
                let step = left.min(n);
                pos.line += step;
                n -= step;
            } else if pos.entry + 1 >= self.log.len() {
                break;
            } else {
                pos.entry += 1;
                pos.line = 0;
                n -= 1;
            }
        }
        pos
    }

    /// The last line of the log.
    fn last(&mut self) -> LogPos {
        let entry = self.log.len() - 1;
        LogPos {
            entry,
            line: self.count(entry) - 1,
        }
    }

    /// Up to `n` lines from `pos` on, each with its position.
    fn from(&mut self, pos: LogPos, n: usize) -> Vec<(LogPos, String)> {
        let mut out = Vec::new();
        let mut at = pos;
        while out.len() < n && at.entry < self.log.len() {
            let lines = self.lines(at.entry);
            let wanted = n - out.len();
            for (line, text) in lines.iter().enumerate().skip(at.line).take(wanted) {
                out.push((
                    LogPos {
                        entry: at.entry,
                        line,
                    },
                    text.clone(),
                ));
            }
            at = LogPos {
                entry: at.entry + 1,
                line: 0,
            };
        }
        out
    }

    /// Lines after `pos` that are not on the rows from it.
    fn more_after(&mut self, pos: LogPos, rows: usize) -> bool {
        self.from(pos, rows + 1).len() > rows
    }
}

/// The rows of a log area `width` × `height` showing `log` as `scroll`
/// says.
pub fn rows(
    log: &[String],
    wraps: &WrapCache,
    scroll: &LogScroll,
    width: u16,
    height: u16,
) -> Vec<Row> {
    let height = usize::from(height);
    if height == 0 || log.is_empty() {
        return vec![Row::Empty; height];
    }
    match scroll.focus {
        Some(focus) => from_focus(log, wraps, focus, width, height),
        None => following(log, wraps, scroll.answer_from, width, height),
    }
}

/// The rows while reading back: from the focused line on, two columns in.
fn from_focus(
    log: &[String],
    wraps: &WrapCache,
    focus: LogPos,
    width: u16,
    height: usize,
) -> Vec<Row> {
    let mut wrapped = Wrapped::new(log, reading_width(width), wraps);
    let more = wrapped.more_after(focus, height);
    let shown = if more { height - 1 } else { height };
    let mut rows: Vec<Row> = wrapped
        .from(focus, shown)
        .into_iter()
        .map(|(pos, text)| {
            let focused = pos == focus;
            let gutter = if focused { FOCUS_MARK } else { "  " };
            Row::Text {
                text: format!("{gutter}{text}"),
                focused,
            }
        })
        .collect();
    if more {
        rows.push(Row::More);
    }
    rows.resize(height, Row::Empty);
    rows
}

/// The rows while following the log: the newest lines, bottom aligned,
/// unless the latest answer is longer than the area: then its head.
fn following(
    log: &[String],
    wraps: &WrapCache,
    answer_from: usize,
    width: u16,
    height: usize,
) -> Vec<Row> {
    let mut wrapped = Wrapped::new(log, width, wraps);
    if answer_from < log.len() {
        let head = LogPos {
            entry: answer_from,
            line: 0,
        };
        if wrapped.more_after(head, height) {
            let mut rows: Vec<Row> = wrapped
                .from(head, height - 1)
                .into_iter()
                .map(|(_, text)| Row::Text {
                    text,
                    focused: false,
                })
                .collect();
            rows.push(Row::More);
            return rows;
        }
    }
    let last = wrapped.last();
    let top = wrapped.back(last, height - 1);
    let mut rows: Vec<Row> = wrapped
        .from(top, height)
        .into_iter()
        .map(|(_, text)| Row::Text {
            text,
            focused: false,
        })
        .collect();
    let empty = height - rows.len();
    rows.splice(0..0, std::iter::repeat_n(Row::Empty, empty));
    rows
}

/// Columns for the text of a line while reading back.
fn reading_width(width: u16) -> u16 {
    width.saturating_sub(GUTTER).max(1)
}

/// Where the area's top line is as it shows now.
struct Top {
    /// The line, or the head of its entry.
    pos: LogPos,
    /// The line is the first of its entry: the newest lines may start in
    /// the middle of one.
    whole: bool,
    /// The area shows the newest line.
    newest: bool,
}

fn current_top(
    log: &[String],
    wraps: &WrapCache,
    scroll: &LogScroll,
    width: u16,
    height: usize,
) -> Top {
    if let Some(focus) = scroll.focus {
        return Top {
            pos: focus,
            whole: true,
            newest: false,
        };
    }
    let mut wrapped = Wrapped::new(log, width, wraps);
    if scroll.answer_from < log.len() {
        let head = LogPos {
            entry: scroll.answer_from,
            line: 0,
        };
        if wrapped.more_after(head, height) {
            return Top {
                pos: head,
                whole: true,
                newest: false,
            };
        }
    }
    let last = wrapped.last();
    let top = wrapped.back(last, height.saturating_sub(1));
    Top {
        pos: LogPos {
            entry: top.entry,
            line: 0,
        },
        whole: top.line == 0,
        newest: true,
    }
}

/// What the focused line says: its entry from that line on.
fn said(wrapped: &mut Wrapped, focus: LogPos) -> String {
    wrapped.lines(focus.entry)[focus.line..].join(" ")
}

/// A page towards the oldest line.
pub fn page_up(
    log: &[String],
    wraps: &WrapCache,
    scroll: &LogScroll,
    width: u16,
    height: u16,
) -> Step {
    if log.is_empty() {
        return Step::Empty;
    }
    let height = usize::from(height.max(1));
    let Top {
        pos: top, whole, ..
    } = current_top(log, wraps, scroll, width, height);
    let mut wrapped = Wrapped::new(log, reading_width(width), wraps);
    // An entry whose head was hidden above the newest lines is shown
    // from its head first.
    let focus = if whole {
        wrapped.back(top, (height - 1).max(1))
    } else {
        top
    };
    if whole && focus == top {
        return Step::AtOldest;
    }
    // The focus goes to the first line of an entry where it can: the
    // next entry's, which shows again lines already seen rather than
    // skip any.
    let next = LogPos {
        entry: focus.entry + 1,
        line: 0,
    };
    let focus = if focus.line > 0 && next < top {
        next
    } else {
        focus
    };
    Step::To {
        focus,
        said: said(&mut wrapped, focus),
    }
}

/// A page towards the newest line; the last page ends with the newest
/// line at the foot of the area.
pub fn page_down(
    log: &[String],
    wraps: &WrapCache,
    scroll: &LogScroll,
    width: u16,
    height: u16,
) -> Step {
    if log.is_empty() {
        return Step::Empty;
    }
    let height = usize::from(height.max(1));
    let Top {
        pos: top, newest, ..
    } = current_top(log, wraps, scroll, width, height);
    let mut wrapped = Wrapped::new(log, reading_width(width), wraps);
    if newest || !wrapped.more_after(top, height) {
        return Step::AtNewest;
    }
    let last = wrapped.last();
    let last_page = wrapped.back(last, height - 1);
    let focus = wrapped.forward(top, (height - 1).max(1)).min(last_page);
    if focus <= top {
        return Step::AtNewest;
    }
    // The focus goes back to the first line of its entry where that is
    // still past the old top: lines are shown again rather than skipped.
    let head = LogPos {
        entry: focus.entry,
        line: 0,
    };
    let focus = if head > top { head } else { focus };
    Step::To {
        focus,
        said: said(&mut wrapped, focus),
    }
}

/// The oldest line.
pub fn oldest(log: &[String], wraps: &WrapCache, width: u16) -> Step {
    if log.is_empty() {
        return Step::Empty;
    }
    let focus = LogPos::default();
    let mut wrapped = Wrapped::new(log, reading_width(width), wraps);
    Step::To {
        focus,
        said: said(&mut wrapped, focus),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("line {i}")).collect()
    }

    fn texts(rows: &[Row]) -> Vec<String> {
        rows.iter()
            .map(|r| match r {
                Row::Empty => String::new(),
                Row::Text { text, .. } => text.clone(),
                Row::More => "more".into(),
            })
            .collect()
    }

    #[test]
    fn the_newest_lines_show_at_the_foot() {
        let scroll = LogScroll {
            focus: None,
            answer_from: 9,
        };
        assert_eq!(
            texts(&rows(&log(10), &WrapCache::default(), &scroll, 20, 3)),
            ["line 8", "line 9", "line 10"]
        );
        assert_eq!(
            texts(&rows(&log(1), &WrapCache::default(), &scroll, 20, 3)),
            ["", "", "line 1"]
        );
    }

    #[test]
    fn a_long_answer_shows_its_head_with_a_mark() {
        let scroll = LogScroll {
            focus: None,
            answer_from: 2,
        };
        assert_eq!(
            texts(&rows(&log(10), &WrapCache::default(), &scroll, 20, 4)),
            ["line 3", "line 4", "line 5", "more"]
        );
    }

    #[test]
    fn pages_go_back_and_forth_and_stop_at_the_ends() {
        let lines = log(10);
        let mut scroll = LogScroll {
            focus: None,
            answer_from: 9,
        };
        let mut seen = Vec::new();
        while let Step::To { focus, said } = page_up(&lines, &WrapCache::default(), &scroll, 20, 4)
        {
            scroll.focus = Some(focus);
            seen.push(said);
        }
        assert_eq!(seen, ["line 4", "line 1"]);
        assert_eq!(
            page_up(&lines, &WrapCache::default(), &scroll, 20, 4),
            Step::AtOldest
        );
        assert_eq!(
            texts(&rows(&lines, &WrapCache::default(), &scroll, 20, 4)),
            ["▶ line 1", "  line 2", "  line 3", "more"]
        );
        let mut seen = Vec::new();
        while let Step::To { focus, said } =
            page_down(&lines, &WrapCache::default(), &scroll, 20, 4)
        {
            scroll.focus = Some(focus);
            seen.push(said);
        }
        assert_eq!(seen, ["line 4", "line 7"]);
        assert_eq!(
            texts(&rows(&lines, &WrapCache::default(), &scroll, 20, 4)),
            ["▶ line 7", "  line 8", "  line 9", "  line 10"]
        );
        assert_eq!(
            page_down(&lines, &WrapCache::default(), &scroll, 20, 4),
            Step::AtNewest
        );
        assert_eq!(
            page_up(&[], &WrapCache::default(), &scroll, 20, 4),
            Step::Empty
        );
    }

    #[test]
    fn a_long_answer_is_reached_to_its_end_by_page_down() {
        let mut lines = log(3);
        lines.push("a b c d e f g h i j k l".into());
        let mut scroll = LogScroll {
            focus: None,
            answer_from: 3,
        };
        // Six columns: four for the text, two for the mark.
        let shown = texts(&rows(&lines, &WrapCache::default(), &scroll, 6, 3));
        assert_eq!(shown, ["a b c", "d e f", "more"]);
        let mut said = Vec::new();
        while let Step::To { focus, said: s } =
            page_down(&lines, &WrapCache::default(), &scroll, 6, 3)
        {
            scroll.focus = Some(focus);
            said.push(s);
        }
        assert_eq!(said, ["e f g h i j k l", "g h i j k l"]);
        assert_eq!(
            texts(&rows(&lines, &WrapCache::default(), &scroll, 6, 3)),
            ["▶ g h", "  i j", "  k l"]
        );
    }
}
