//! Tags whose value holds quotes left unescaped, `[Event "LA CC Handicap
//! Tour "C""]`, made readable for the index's PGN reader, which would end
//! the value at the second quote and take the rest for move text, cutting
//! the game in two. The inner quotes are replaced, byte for byte, by
//! [`INNER_QUOTE`], so that every offset in the file stays what it is; the
//! tag's value is given back with its quotes by [`restore`]. Only a tag
//! alone on its line, ending in `"]`, is read so, as the game reader reads
//! it (`pgn_text`): there it has one meaning.

use std::io::{self, Read};

/// The byte that stands for an inner quote while the index reads a tag:
/// a control character no tag value holds.
pub const INNER_QUOTE: u8 = 0x1f;

/// A reader of PGN bytes that hands them on with inner quotes of tags
/// replaced.
pub struct InnerQuotes<R> {
    inner: R,
    /// A tag line begun at the end of the last read, held back until its
    /// end comes.
    held: Vec<u8>,
    /// Whether the next byte handed on starts a line.
    at_line_start: bool,
    ended: bool,
}

impl<R: Read> InnerQuotes<R> {
    /// Reads `inner` through the filter.
    pub fn new(inner: R) -> InnerQuotes<R> {
        InnerQuotes {
            inner,
            held: Vec::new(),
            at_line_start: true,
            ended: false,
        }
    }
}

impl<R: Read> Read for InnerQuotes<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if buf.is_empty() {
                return Ok(0);
            }
            // The bytes held back come first.
            let mut n = self.held.len().min(buf.len());
            buf[..n].copy_from_slice(&self.held[..n]);
            self.held.drain(..n);
            if self.held.is_empty() && n < buf.len() && !self.ended {
                let got = self.inner.read(&mut buf[n..])?;
                self.ended = got == 0;
                n += got;
            }
            if n == 0 {
                return Ok(0);
            }
            let mut end = n;
            // A tag line cut by the end of this read is held back whole,
            // unless it fills the whole read.
            if !self.ended && buf[n - 1] != b'\n' {
                let start = memchr::memrchr(b'\n', &buf[..n]).map_or(0, |i| i + 1);
                let starts_line = start > 0 || self.at_line_start;
                if starts_line && buf[start] == b'[' && (start > 0 || n < buf.len()) {
                    let mut kept = buf[start..n].to_vec();
                    kept.extend_from_slice(&self.held);
                    self.held = kept;
                    end = start;
                }
            }
            if end == 0 {
                // Only a piece of a tag line came: read on to its end.
                continue;
            }
            mend_lines(&mut buf[..end], self.at_line_start);
            self.at_line_start = buf[end - 1] == b'\n';
            return Ok(end);
        }
    }
}

/// Replaces the inner quotes of every tag line in `text`, which ends at a
/// line's end or at the end of the file; `at_line_start` when its first
/// byte begins a line.
fn mend_lines(text: &mut [u8], at_line_start: bool) {
    let mut start = if at_line_start {
        0
    } else {
        match memchr::memmem::find(text, b"\n[") {
            Some(i) => i + 1,
            None => return,
        }
    };
    loop {
        let line_end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i);
        if text.get(start) == Some(&b'[') {
            mend(&mut text[start..line_end]);
        }
        if line_end >= text.len() {
            return;
        }
        // The next line that begins a tag.
        match memchr::memmem::find(&text[line_end..], b"\n[") {
            Some(i) => start = line_end + i + 1,
            None => return,
        }
    }
}

/// Replaces the inner quotes of one tag line, `[Name "va"l"ue"]`, when its
/// value would otherwise end before the line's `"]`.
fn mend(line: &mut [u8]) {
    let Some(open) = memchr::memchr(b'"', line) else {
        return;
    };
    let mut i = open + 1;
    let close = loop {
        match line.get(i) {
            None => return,
            Some(b'\\') => i += 2,
            Some(b'"') => break i,
            Some(_) => i += 1,
        }
    };
    let after = line[close + 1..]
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map(|p| close + 1 + p);
    if after.is_none_or(|a| line[a] == b']') {
        return;
    }
    let Some(last) = inner_value_end(&line[open + 1..]).map(|end| open + 1 + end) else {
        return;
    };
    let mut escaped = false;
    for b in &mut line[open + 1..last] {
        match *b {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b'"' => *b = INNER_QUOTE,
            _ => {}
        }
    }
}

/// Where the value of a tag with unescaped inner quotes ends: given the
/// text after the value's opening quote, the place of the last quote on
/// its line, when the line ends in `"]` (spaces aside) and no `]` stands
/// before it. `None` for any other line. The game reader and the index's
/// filter both read such a tag by it.
pub(super) fn inner_value_end(after_open: &[u8]) -> Option<usize> {
    let line_end = memchr::memchr(b'\n', after_open).unwrap_or(after_open.len());
    let line = &after_open[..line_end];
    let kept = line.len()
        - line
            .iter()
            .rev()
            .take_while(|b| matches!(b, b' ' | b'\t' | b'\r'))
            .count();
    let value = line[..kept].strip_suffix(b"]")?;
    let last = value.iter().rposition(|b| !matches!(b, b' ' | b'\t'))?;
    (value[last] == b'"' && !value[..last].contains(&b']')).then_some(last)
}

/// A tag value read through [`InnerQuotes`] with its inner quotes back.
pub fn restore(value: String) -> String {
    if value.as_bytes().contains(&INNER_QUOTE) {
        value.replace(char::from(INNER_QUOTE), "\"")
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` read through the filter in reads of `size` bytes.
    fn filtered(text: &str, size: usize) -> Vec<u8> {
        let mut reader = InnerQuotes::new(text.as_bytes());
        let mut out = Vec::new();
        let mut buf = vec![0; size];
        loop {
            let n = reader.read(&mut buf).unwrap();
            if n == 0 {
                return out;
            }
            out.extend_from_slice(&buf[..n]);
        }
    }

    #[test]
    fn inner_quotes_are_replaced_and_nothing_else_moves() {
        let text = "[Event \"LA CC Handicap Tour \"C\"\"]\n[Site \"a \\\"b\\\"\"]\n\
                    [White \"x\"] [Black \"y\"]\n\n1. e4 {say \"hi\"} *\n";
        // A read shorter than a tag line hands the line on as it stands;
        // the index's reader reads many kilobytes at a time.
        for size in [48, 64, 100, 4096] {
            let out = filtered(text, size);
            assert_eq!(out.len(), text.len(), "size {size}");
            let expected = text.replacen("Tour \"C\"\"", "Tour \u{1f}C\u{1f}\"", 1);
            assert_eq!(String::from_utf8(out).unwrap(), expected, "size {size}");
        }
        assert_eq!(restore("Tour \u{1f}C\u{1f}".into()), "Tour \"C\"");
    }

    #[test]
    fn a_line_that_is_no_single_tag_is_left_alone() {
        for text in [
            "[Event \"a\"b\"] [Site \"c\"]\n",
            "[Event \"a\"b\n",
            "[Event \"a\" ]\n",
            "1. e4 \"x\"y\"]\n",
        ] {
            assert_eq!(filtered(text, 5), text.as_bytes(), "{text}");
        }
    }
}
