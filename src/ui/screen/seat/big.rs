//! Fitting the opponent's screen into any window: the last move in SAN as
//! large as it goes, the step in large text when it asks something of the
//! opponent, and everything else in plain lines. Each part has its shapes
//! from largest to smallest; parts shrink in a fixed order until all fit,
//! and at the smallest sizes the least needed parts are left out. A word
//! is never cut in half: big text breaks only at spaces, and a size in
//! which one word is wider than the window is not used.

use tui_big_text::PixelSize;

/// The sizes of big text, largest first, with the columns and lines one
/// character takes. Only block elements every terminal font has: the
/// sextant and octant sizes need characters many fonts lack.
pub const BIG_SIZES: [(PixelSize, u16, u16); 3] = [
    (PixelSize::Full, 8, 8),
    (PixelSize::HalfHeight, 8, 4),
    (PixelSize::Quadrant, 4, 4),
];

/// What a part of the screen is, in the order they are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// Whose turn it is.
    Turn,
    /// The last move in SAN ("12... Nf6").
    San,
    /// A draw offer, request or claim waiting for an answer (9.1.2).
    Pending,
    /// The last announcement in the pack's words.
    Words,
    /// The step, and what it asks.
    Status,
    /// Which key confirms the move to repeat.
    Hint,
    /// Both clocks.
    Clocks,
    /// The latest sentences of the game.
    Log,
}

/// How a part is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// In big glyphs of the size at this index of [`BIG_SIZES`], one
    /// string per row of glyphs.
    Big(usize, Vec<String>),
    /// In plain lines.
    Plain(Vec<String>),
}

impl Shape {
    /// Lines it takes.
    pub fn height(&self) -> u16 {
        let rows = |lines: &Vec<String>| u16::try_from(lines.len()).unwrap_or(u16::MAX);
        match self {
            Shape::Big(size, lines) => rows(lines).saturating_mul(BIG_SIZES[*size].2),
            Shape::Plain(lines) => rows(lines),
        }
    }
}

/// A part to fit: its text and whether it may be drawn big.
#[derive(Clone, Debug)]
pub struct Wanted {
    /// Which part.
    pub part: Part,
    /// Its text, or for the clocks and the log its lines.
    pub lines: Vec<String>,
    /// Drawn in big glyphs when there is room.
    pub big: bool,
}

/// The parts as drawn in `width` × `height`, top to bottom; parts left
/// out are missing. The SAN comes first in the fitting, so it is never
/// left out while it fits in one plain line.
pub fn fit(wanted: &[Wanted], width: u16, height: u16) -> Vec<(Part, Shape)> {
    let width = width.max(1);
    // Each part's shapes from largest to smallest, and which is chosen.
    let mut shapes: Vec<(Part, Vec<Shape>, usize)> = wanted
        .iter()
        .map(|w| (w.part, shapes_of(w, width), 0))
        .collect();
    let total = |shapes: &[(Part, Vec<Shape>, usize)]| -> u32 {
        shapes
            .iter()
            .map(|(_, s, at)| u32::from(s[*at].height()))
            .sum()
    };
    // Which part gives way first: the log down to two lines, the step and
    // then the move down to their smallest big size, the rest of the log,
    // the step to plain lines, the moves completed and the hint, and last
    // the move to a plain line.
    let order: [(Part, Stop); 11] = [
        (Part::Log, Stop::Lines(2)),
        (Part::Status, Stop::SmallestBig),
        (Part::Pending, Stop::SmallestBig),
        (Part::San, Stop::SmallestBig),
        (Part::Log, Stop::Lines(1)),
        (Part::Status, Stop::Last),
        (Part::Log, Stop::Last),
        (Part::Clocks, Stop::Last),
        (Part::Hint, Stop::Last),
        (Part::Pending, Stop::Last),
        (Part::San, Stop::Last),
    ];
    let mut given_way = Vec::new();
    for (part, stop) in order {
        let Some(i) = shapes.iter().position(|(p, _, _)| *p == part) else {
            continue;
        };
        while total(&shapes) > u32::from(height) {
            let (_, choices, at) = &shapes[i];
            let last = stop.index(choices);
            if *at >= last {
                break;
            }
            given_way.push((i, *at));
            shapes[i].2 += 1;
        }
    }
    // A step that gave more room than needed is taken back when it fits,
    // the latest first.
    for (i, at) in given_way.into_iter().rev() {
        let now = shapes[i].2;
        shapes[i].2 = at;
        if total(&shapes) > u32::from(height) {
            shapes[i].2 = now;
        }
    }
    // Still too tall: parts are left out, the least needed first; the
    // last one left out keeps the whole lines there is room for.
    let mut left_out = None;
    let leave_out = [
        Part::Log,
        Part::Words,
        Part::Clocks,
        Part::Turn,
        Part::Hint,
        Part::Status,
    ];
    for part in leave_out {
        if total(&shapes) <= u32::from(height) {
            break;
        }
        if let Some(i) = shapes.iter().position(|(p, _, _)| *p == part) {
            left_out = Some(shapes.remove(i));
        }
    }
    let room = u32::from(height).saturating_sub(total(&shapes));
    if let Some((part, choices, _)) = left_out.filter(|_| room > 0)
        && let Some(Shape::Plain(lines)) = choices.last()
    {
        let kept = lines[..lines.len().min(room as usize)].to_vec();
        let at = shapes
            .iter()
            .position(|(p, _, _)| *p > part)
            .unwrap_or(shapes.len());
        shapes.insert(at, (part, vec![Shape::Plain(kept)], 0));
    }
    shapes
        .into_iter()
        .map(|(part, mut choices, at)| (part, choices.swap_remove(at)))
        .collect()
}

/// Where a part stops giving way at one step of the fitting.
#[derive(Clone, Copy, Debug)]
enum Stop {
    /// At its smallest big size, or plain when it has none.
    SmallestBig,
    /// At the shape of at most this many lines.
    Lines(u16),
    /// At its last shape.
    Last,
}

impl Stop {
    fn index(self, choices: &[Shape]) -> usize {
        let last = choices.len() - 1;
        match self {
            Stop::Last => last,
            Stop::SmallestBig => choices
                .iter()
                .rposition(|s| matches!(s, Shape::Big(..)))
                .unwrap_or(0),
            Stop::Lines(n) => choices.iter().position(|s| s.height() <= n).unwrap_or(last),
        }
    }
}

/// A part's shapes, largest first.
fn shapes_of(wanted: &Wanted, width: u16) -> Vec<Shape> {
    let mut shapes = Vec::new();
    match wanted.part {
        Part::Log => {
            // The newest lines, wrapped; four, then fewer, then none.
            let wrapped: Vec<String> = wanted.lines.iter().flat_map(|l| wrap(l, width)).collect();
            for n in (0..=wrapped.len().min(4)).rev() {
                shapes.push(Shape::Plain(wrapped[wrapped.len() - n..].to_vec()));
            }
        }
        // Without the moves completed, then without the hint.
        Part::Clocks | Part::Hint => {
            let lines: Vec<String> = wanted.lines.iter().flat_map(|l| wrap(l, width)).collect();
            let fewer = if wanted.part == Part::Clocks {
                wanted
                    .lines
                    .iter()
                    .take(2)
                    .flat_map(|l| wrap(l, width))
                    .collect()
            } else {
                Vec::new()
            };
            shapes.push(Shape::Plain(lines));
            shapes.push(Shape::Plain(fewer));
        }
        _ => {
            let text = wanted.lines.join(" ");
            if wanted.big {
                for (size, (_, w, _)) in BIG_SIZES.iter().enumerate() {
                    if let Some(rows) = wrap_whole(&text, width / w) {
                        shapes.push(Shape::Big(size, rows));
                    }
                }
            }
            let plain: Vec<String> = wanted.lines.iter().flat_map(|l| wrap(l, width)).collect();
            shapes.push(Shape::Plain(plain));
        }
    }
    shapes
}

/// `text` broken at spaces into rows of at most `width` characters;
/// `None` when a word is longer than that, so no word is cut.
pub fn wrap_whole(text: &str, width: u16) -> Option<Vec<String>> {
    let width = usize::from(width);
    if width == 0 {
        return None;
    }
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for word in text.split_whitespace() {
        let len = word.chars().count();
        if len > width {
            return None;
        }
        let used = row.chars().count();
        if used > 0 && used + 1 + len > width {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push(' ');
        }
        row.push_str(word);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    Some(rows)
}

/// `text` broken at spaces into lines of at most `width` characters; a
/// word longer than a whole line is broken, as nothing else can show it.
pub fn wrap(text: &str, width: u16) -> Vec<String> {
    let width = usize::from(width.max(1));
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > width {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(word.drain(..width).collect());
        }
        if word.is_empty() {
            continue;
        }
        let len = line.chars().count();
        if len > 0 && len + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.extend(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wanted(part: Part, text: &str, big: bool) -> Wanted {
        Wanted {
            part,
            lines: vec![text.to_string()],
            big,
        }
    }

    #[test]
    fn words_are_never_cut_in_big_text() {
        assert_eq!(
            wrap_whole("12... Nf6", 5),
            Some(vec!["12...".to_string(), "Nf6".into()])
        );
        assert_eq!(wrap_whole("wiederholen", 5), None);
        assert_eq!(wrap("a wiederholen b", 5), ["a", "wiede", "rhole", "n b"]);
    }

    #[test]
    fn the_move_is_largest_when_there_is_room_and_plain_when_not() {
        let parts = [
            wanted(Part::San, "12... Nf6", true),
            wanted(Part::Status, "Schwarz: wiederholen", true),
        ];
        let large = fit(&parts, 300, 80);
        assert!(
            matches!(large[0], (Part::San, Shape::Big(0, _))),
            "{large:?}"
        );
        let tiny = fit(&parts, 20, 4);
        assert_eq!(tiny[0].0, Part::San, "{tiny:?}");
        assert!(tiny.iter().map(|(_, s)| s.height()).sum::<u16>() <= 4);
        let one = fit(&parts, 20, 1);
        assert_eq!(
            one,
            vec![(Part::San, Shape::Plain(vec!["12... Nf6".into()]))]
        );
    }
}
