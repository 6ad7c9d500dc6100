//! A streaming index of a PGN file: where each game starts (byte offset and
//! line), who played it, where, when and how it ended. The file is read once
//! with `pgn-reader`, skipping the move text, and never held in memory whole,
//! so databases of millions of games can be listed and searched by name. A blank line inside a game (after its opening comment,
//! as pgn-extract writes) does not split it.

use std::cell::RefCell;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::OnceLock;

use pgn_reader::{RawTag, Reader, Visitor};

use super::pgn_text::result_token;

use super::game_search::{FoldedTags, GameTags, Search};

/// One game of the file as the index knows it: its place and its tags.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameEntry {
    /// The game's number in the file, from 1.
    pub number: usize,
    /// Byte offset of the game's first tag (or first move) in the file.
    pub offset: u64,
    /// Length in bytes up to the next game.
    pub length: u64,
    /// Line of the game's first tag, from 1.
    pub line: u64,
    /// The `White` tag.
    pub white: String,
    /// The `Black` tag.
    pub black: String,
    /// The `Event` tag.
    pub event: String,
    /// The `Date` tag.
    pub date: String,
    /// The `Result` tag.
    pub result: String,
    /// The `Site` tag.
    pub site: String,
    /// The `Round` tag.
    pub round: String,
    /// The `ECO` tag: the opening's code in the Encyclopaedia of Chess
    /// Openings.
    pub eco: String,
    /// The `Opening` tag, and the `Variation` tag after a comma.
    pub opening: String,
    /// The `WhiteElo` tag, when it is a number.
    pub white_elo: Option<u16>,
    /// The `BlackElo` tag, when it is a number.
    pub black_elo: Option<u16>,
}

impl GameEntry {
    /// The tags a search compares as written.
    fn tags(&self) -> GameTags<'_> {
        GameTags {
            date: &self.date,
            eco: &self.eco,
            result: &self.result,
            round: &self.round,
            white_elo: self.white_elo,
            black_elo: self.black_elo,
        }
    }

    /// The names a search compares, folded.
    fn folded(&self) -> FoldedTags {
        FoldedTags::new(
            &self.white,
            &self.black,
            &self.event,
            &self.site,
            &self.opening,
        )
    }
}

/// A game the reader could not get through, reported and left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexProblem {
    /// The game's number in the file.
    pub number: usize,
    /// The line the game starts on.
    pub line: u64,
    /// What went wrong.
    pub problem: String,
}

/// The index of a PGN file.
#[derive(Clone, Debug, Default)]
pub struct GameIndex {
    /// The file indexed.
    pub path: PathBuf,
    /// The games, in file order.
    pub games: Vec<GameEntry>,
    /// Games that could not be read at all (an unterminated comment).
    pub problems: Vec<IndexProblem>,
    /// Each game's tags folded once, at the first search, so that a
    /// search folds only what is typed.
    folded: OnceLock<Vec<FoldedTags>>,
}

/// Bytes kept of a game's end: enough for its result and what may follow.
const TAIL: usize = 64;

/// The longest comment the reader supports; its buffer is four times this.
const COMMENT_BYTES: usize = 1 << 16;

/// Bytes of what was read kept for counting lines: more than the reader's
/// buffer (the most it reads ahead of a game's start) and a game's tail.
const KEEP: usize = 8 * COMMENT_BYTES;

/// Counts the lines of what `pgn-reader` consumes. The reader reads ahead,
/// so the last bytes read are kept in a window until the next game start is
/// known; each byte is copied once and counted once.
#[derive(Default)]
struct LineCounter {
    /// Bytes read so far.
    read: u64,
    /// The last bytes read, the first of them at `window_start`.
    window: Vec<u8>,
    window_start: u64,
    /// Line ends before `counted_to`.
    lines: u64,
    counted_to: u64,
    /// The last bytes before the offset last asked for: the end of the
    /// game before it.
    tail: Vec<u8>,
}

/// The line ends in `bytes`.
fn line_ends(bytes: &[u8]) -> u64 {
    // Counted a byte wide in runs of 255, which the compiler turns into
    // wide compares and adds; a count of whole words would not be.
    let mut runs = bytes.chunks_exact(255);
    let mut total = 0;
    for run in &mut runs {
        let ends = run
            .iter()
            .fold(0u8, |n, &c| n.wrapping_add(u8::from(c == b'\n')));
        total += u64::from(ends);
    }
    total + runs.remainder().iter().filter(|&&c| c == b'\n').count() as u64
}

impl LineCounter {
    /// Takes in bytes just read.
    fn take(&mut self, bytes: &[u8]) {
        // Emptied down to `KEEP` only once it holds eight times that: the
        // bytes kept are moved once per seven `KEEP` read, not once per one.
        if self.window.len() + bytes.len() > 8 * KEEP && self.window.len() > KEEP {
            // Bytes leaving the window are counted first; a game longer
            // than the window has not been asked for yet.
            let drop = self.window.len() - KEEP;
            let from = (self.counted_to.saturating_sub(self.window_start) as usize).min(drop);
            self.lines += line_ends(&self.window[from..drop]);
            self.window_start += drop as u64;
            self.counted_to = self.counted_to.max(self.window_start);
            self.window.drain(..drop);
        }
        self.window.extend_from_slice(bytes);
        self.read += bytes.len() as u64;
    }

    /// The line (from 1) of byte `offset`, which must not lie before the
    /// last offset asked for nor further back than the reader reads ahead.
    fn line_at(&mut self, offset: u64) -> u64 {
        let at = |o: u64| (o.saturating_sub(self.window_start) as usize).min(self.window.len());
        let (from, to) = (at(self.counted_to), at(offset));
        if from < to {
            self.lines += line_ends(&self.window[from..to]);
        }
        self.counted_to = self.counted_to.max(offset);
        self.tail.clear();
        self.tail
            .extend_from_slice(&self.window[to.saturating_sub(TAIL)..to]);
        self.lines + 1
    }
}

struct Counting<R> {
    inner: R,
    counter: Rc<RefCell<LineCounter>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counter.borrow_mut().take(&buf[..n]);
        Ok(n)
    }
}

/// Collects the tags the list shows and counts them; the move text is
/// skipped (the reader's fast path).
#[derive(Default)]
struct TagVisitor {
    /// Tags of the game read last.
    tags: usize,
}

impl Visitor for TagVisitor {
    type Tags = GameEntry;
    type Movetext = ();
    type Output = GameEntry;

    fn begin_tags(&mut self) -> ControlFlow<GameEntry, GameEntry> {
        self.tags = 0;
        ControlFlow::Continue(GameEntry::default())
    }

    fn tag(
        &mut self,
        tags: &mut GameEntry,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<GameEntry> {
        self.tags += 1;
        let read = || super::tag_quotes::restore(text(value.decode().into_owned()));
        let elo = || read().trim().parse::<u16>().ok().filter(|&e| e > 0);
        let slot = match name {
            b"White" => &mut tags.white,
            b"Black" => &mut tags.black,
            b"Event" => &mut tags.event,
            b"Date" => &mut tags.date,
            b"Result" => &mut tags.result,
            b"Site" => &mut tags.site,
            b"Round" => &mut tags.round,
            b"ECO" => &mut tags.eco,
            b"WhiteElo" => {
                tags.white_elo = elo();
                return ControlFlow::Continue(());
            }
            b"BlackElo" => {
                tags.black_elo = elo();
                return ControlFlow::Continue(());
            }
            // The opening and its variation, in either order.
            b"Opening" | b"Variation" => {
                let value = read();
                tags.opening = match (tags.opening.is_empty(), name == b"Opening") {
                    (true, _) => value,
                    (false, true) => format!("{value}, {}", tags.opening),
                    (false, false) => format!("{}, {value}", tags.opening),
                };
                return ControlFlow::Continue(());
            }
            _ => return ControlFlow::Continue(()),
        };
        *slot = read();
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: GameEntry) -> ControlFlow<GameEntry, ()> {
        // The reader skips the move text on its fast path.
        ControlFlow::Break(tags)
    }

    fn end_game(&mut self, _movetext: ()) -> GameEntry {
        GameEntry::default()
    }
}

/// Whether `text`, the start of what follows a game, may be move text or
/// tags: a tag, a move number, a comment, a variation, a glyph, a result
/// or a move. Words such as "for" or "by" are none of these.
fn starts_like_movetext(text: &[u8]) -> bool {
    let token: Vec<u8> = text
        .iter()
        .copied()
        .take_while(|b| !b.is_ascii_whitespace())
        .take(16)
        .collect();
    match token.first() {
        None => true,
        Some(b'[' | b'{' | b'(' | b';' | b'$' | b'%' | b'*' | b'-' | b'0'..=b'9') => true,
        Some(_) => {
            let word = String::from_utf8_lossy(&token);
            let word = word.trim_end_matches(['+', '#', '!', '?', '.', ',']);
            word.parse::<shakmaty::san::SanPlus>().is_ok() || result_token(word).is_some()
        }
    }
}

/// Whether the text of a game ends with its result (`1-0`, `½-½`, `*` …).
fn ends_with_result(tail: &[u8]) -> bool {
    String::from_utf8_lossy(tail)
        .split_whitespace()
        .next_back()
        .is_some_and(|token| result_token(token).is_some())
}

/// Opens a PGN file to be indexed, with its size: a plain file only, as
/// a pipe nobody writes to would be waited on and a device such as
/// `/dev/zero` never ends.
pub fn open_plain(path: &Path) -> io::Result<(File, u64)> {
    let not_plain = || io::Error::other("not a plain file but a device, pipe or folder");
    // Looked at before opening, as opening a pipe waits for a writer.
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_plain());
    }
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_plain());
    }
    Ok((file, meta.len()))
}

impl GameIndex {
    /// Indexes the PGN file at `path` by streaming through it once. Only
    /// a plain file is read: a pipe nobody writes to would be waited on,
    /// and a device such as `/dev/zero` never ends.
    pub fn build(path: &Path) -> io::Result<GameIndex> {
        let (file, size) = open_plain(path)?;
        let (games, problems) = index_reader(file, size)?;
        Ok(GameIndex {
            path: path.to_path_buf(),
            problems,
            ..GameIndex::from_games(games)
        })
    }

    /// Indexes the text `bytes` read whole from the file at `path`, so that
    /// the index and the games' text are of one moment (a file that grows
    /// while it is followed); see [`entry_text`].
    pub fn of_text(path: &Path, bytes: &[u8]) -> io::Result<GameIndex> {
        let (games, problems) = index_reader(bytes, bytes.len() as u64)?;
        Ok(GameIndex {
            path: path.to_path_buf(),
            problems,
            ..GameIndex::from_games(games)
        })
    }

    /// The index of games already read (from [`index_reader`]), of no
    /// file; their names are folded at the first search.
    pub fn from_games(games: Vec<GameEntry>) -> GameIndex {
        GameIndex {
            games,
            ..GameIndex::default()
        }
    }

    /// The index of a file indexed in stretches, each from where the one
    /// before ends; `read(from, to)` gives the file's bytes in that range.
    /// `None` when they do not join as one pass would read the file (a
    /// stretch's last game not closed by its result, the next not
    /// beginning with a game at its first byte, or the two read again
    /// together giving other games): the file must then be read in one
    /// pass.
    pub fn from_parts(
        path: &Path,
        parts: Vec<IndexedPart>,
        mut read: impl FnMut(u64, u64) -> Option<Vec<u8>>,
    ) -> Option<GameIndex> {
        let joins = parts
            .windows(2)
            .all(|pair| pair[0].joins(&pair[1], &mut read));
        if !joins {
            return None;
        }
        let mut games = Vec::with_capacity(parts.iter().map(|p| p.games.len()).sum());
        let mut problems = Vec::new();
        let (mut numbers, mut lines) = (0, 0);
        for part in parts {
            let read = part.games.len() + part.problems.len();
            games.extend(part.games.into_iter().map(|mut game| {
                game.number += numbers;
                game.offset += part.start;
                game.line += lines;
                game
            }));
            problems.extend(part.problems.into_iter().map(|mut problem| {
                problem.number += numbers;
                problem.line += lines;
                problem
            }));
            numbers += read;
            lines += part.line_ends;
        }
        Some(GameIndex {
            path: path.to_path_buf(),
            problems,
            ..GameIndex::from_games(games)
        })
    }

    /// The index of a file read in one pass ([`index_part`] from its
    /// first byte).
    pub fn of_part(path: &Path, whole: IndexedPart) -> GameIndex {
        GameIndex {
            path: path.to_path_buf(),
            problems: whole.problems,
            ..GameIndex::from_games(whole.games)
        }
    }

    /// The game numbered `number` (from 1; unreadable games keep their
    /// numbers, so the file's order is kept).
    pub fn get(&self, number: usize) -> Option<&GameEntry> {
        let i = self
            .games
            .binary_search_by_key(&number, |g| g.number)
            .ok()?;
        self.games.get(i)
    }

    /// The games that meet every criterion of `search`, in file order;
    /// case, accents and punctuation do not matter ("muller" finds
    /// "Müller, K."). A tag the index does not keep is read from the file,
    /// whose failure is the error.
    pub fn search(&self, search: &Search) -> io::Result<Vec<&GameEntry>> {
        let other = self.other_tags(&search.other_tags())?;
        let folded = self
            .folded
            .get_or_init(|| self.games.iter().map(GameEntry::folded).collect());
        let value = |i: usize, name: &str| -> Option<&str> {
            other
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .and_then(|(_, values)| values.get(i))
                .and_then(|v| v.as_deref())
        };
        // Games put in after the index was built are folded as searched.
        let fresh;
        let folded = if folded.len() == self.games.len() {
            folded
        } else {
            fresh = self.games.iter().map(GameEntry::folded).collect::<Vec<_>>();
            &fresh
        };
        Ok(self
            .games
            .iter()
            .zip(folded)
            .enumerate()
            .filter(|(i, (game, folded))| {
                search.matches(&game.tags(), folded, |name| value(*i, name))
            })
            .map(|(_, (game, _))| game)
            .collect())
    }

    /// The values of the tags `names` (as PGN writes them, case aside) of
    /// every game, in the order of [`GameIndex::games`], read from the file.
    fn other_tags(&self, names: &[&str]) -> io::Result<Vec<(String, Vec<Option<String>>)>> {
        if names.is_empty() {
            return Ok(Vec::new());
        }
        let mut file = io::BufReader::new(File::open(&self.path)?);
        let mut found: Vec<(String, Vec<Option<String>>)> = names
            .iter()
            .map(|n| (n.to_string(), Vec::with_capacity(self.games.len())))
            .collect();
        let mut at = 0u64;
        let mut bytes = Vec::new();
        for game in &self.games {
            if game.offset != at {
                file.seek(SeekFrom::Start(game.offset))?;
            }
            bytes.clear();
            (&mut file).take(game.length).read_to_end(&mut bytes)?;
            at = game.offset + bytes.len() as u64;
            let tags = tag_lines(&bytes);
            for (name, values) in &mut found {
                values.push(
                    tags.iter()
                        .find(|(n, _)| n.eq_ignore_ascii_case(name))
                        .map(|(_, v)| v.clone()),
                );
            }
        }
        Ok(found)
    }

    /// The text of game `entry`, read from the file at its offset.
    pub fn read_text(&self, entry: &GameEntry) -> io::Result<String> {
        let mut file = File::open(&self.path)?;
        file.seek(SeekFrom::Start(entry.offset))?;
        let mut bytes = Vec::with_capacity(entry.length as usize);
        file.take(entry.length).read_to_end(&mut bytes)?;
        Ok(text(bytes))
    }
}

/// The tags at the head of a game's text, name and value: the lines
/// `[Name "value"]` before its first other line.
fn tag_lines(bytes: &[u8]) -> Vec<(String, String)> {
    let game = text(bytes.to_vec());
    let mut tags = Vec::new();
    for line in game.lines().map(str::trim).skip_while(|l| l.is_empty()) {
        let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
            break;
        };
        let Some((name, value)) = inner.split_once(char::is_whitespace) else {
            continue;
        };
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or(value);
        // PGN escapes a quote and a backslash inside a value.
        let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
        tags.push((name.to_string(), value));
    }
    tags
}

/// The text of game `entry` in `bytes`, the whole file it was indexed
/// from ([`GameIndex::of_text`]).
pub fn entry_text(bytes: &[u8], entry: &GameEntry) -> String {
    let start = usize::try_from(entry.offset)
        .unwrap_or(usize::MAX)
        .min(bytes.len());
    let end = usize::try_from(entry.offset.saturating_add(entry.length))
        .unwrap_or(usize::MAX)
        .min(bytes.len());
    text(bytes[start..end].to_vec())
}

/// Text from a PGN file: UTF-8, or else Latin-1, which older databases
/// use (every byte is then the character of the same number).
pub fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| char::from(b)).collect())
}

/// Indexes PGN text from any reader of `size` bytes: the games and the
/// problems met.
pub fn index_reader<R: Read>(
    source: R,
    size: u64,
) -> io::Result<(Vec<GameEntry>, Vec<IndexProblem>)> {
    let part = index_part(source, 0, size)?;
    Ok((part.games, part.problems))
}

/// A stretch of a PGN file indexed on its own, from a byte where a game
/// begins: a large file is indexed in such parts at once, one a processor,
/// and the parts joined ([`GameIndex::from_parts`]). Its games' offsets,
/// lines and numbers count from the stretch's own start.
#[derive(Clone, Debug, Default)]
pub struct IndexedPart {
    /// Byte of the file where the stretch begins.
    pub start: u64,
    /// Its games.
    pub games: Vec<GameEntry>,
    /// Its problems.
    pub problems: Vec<IndexProblem>,
    /// How many line ends it holds.
    pub line_ends: u64,
    /// Whether its last game's text ends with a result, so that the next
    /// stretch cannot hold more of its moves.
    pub ended: bool,
}

impl IndexedPart {
    /// Whether nothing of the next stretch can belong to this one's last
    /// game: that game is read whole and ends with its result.
    fn closed(&self) -> bool {
        let last_game = self.games.last().map_or(0, |g| g.number);
        let last_problem = self.problems.last().map_or(0, |p| p.number);
        self.ended && last_game > last_problem
    }

    /// Whether the stretch begins with a game read whole from its first
    /// byte, as where the file was cut.
    fn opens_with_a_game(&self) -> bool {
        self.games
            .first()
            .is_some_and(|g| g.number == 1 && g.offset == 0)
    }

    /// Whether `next`, the stretch after this one, begins where one pass
    /// would begin a game. `read` gives bytes of the file: the stretch
    /// around the cut, from this one's last game to the end of `next`'s
    /// first, is read again in one pass and must give the same two games
    /// (a broken tag before the cut can run on into the next game's tags).
    fn joins(
        &self,
        next: &IndexedPart,
        read: &mut impl FnMut(u64, u64) -> Option<Vec<u8>>,
    ) -> bool {
        let (Some(last), Some(first)) = (self.games.last(), next.games.first()) else {
            return false;
        };
        if !(self.closed() && next.opens_with_a_game()) {
            return false;
        }
        let from = self.start + last.offset;
        let Some(around) = read(from, next.start + first.length) else {
            return false;
        };
        let Ok(both) = index_part(around.as_slice(), from, around.len() as u64) else {
            return false;
        };
        let tags = |g: &GameEntry| {
            (
                g.white.clone(),
                g.black.clone(),
                g.event.clone(),
                g.date.clone(),
                g.result.clone(),
            )
        };
        both.problems.is_empty()
            && both.games.len() == 2
            && both.games[1].offset == next.start - from
            && tags(&both.games[0]) == tags(last)
            && tags(&both.games[1]) == tags(first)
    }
}

/// Indexes the `length` bytes of `source`, a stretch of a file that begins
/// at byte `start` (see [`IndexedPart`]).
pub fn index_part<R: Read>(source: R, start: u64, length: u64) -> io::Result<IndexedPart> {
    let size = length;
    let counter = Rc::new(RefCell::new(LineCounter::default()));
    let counting = Counting {
        inner: super::tag_quotes::InnerQuotes::new(source),
        counter: Rc::clone(&counter),
    };
    let mut reader = Reader::build(counting)
        .set_supported_comment_length(COMMENT_BYTES)
        .finish();
    let mut games: Vec<GameEntry> = Vec::new();
    let mut problems = Vec::new();
    let mut visitor = TagVisitor::default();
    // Whether the last thing read was a game (not a problem). `pgn-reader`
    // ends a game's move text at a blank line, which pgn-extract writes
    // after a game's opening comment, so moves without tags after a game
    // whose text has not reached its result are that game's.
    let mut after_game = false;
    loop {
        if !reader.has_more()? {
            break;
        }
        let offset = counter.borrow().read - reader.buffer().len() as u64;
        let line = counter.borrow_mut().line_at(offset);
        let number = games.len() + problems.len() + 1;
        // Whether the game before ended with its result is asked only of
        // moves without tags after a game: rare, and not free.
        let previous_ended = || ends_with_result(&counter.borrow().tail);
        // Lines between games that are neither tags nor moves, such as the
        // mail headers some engines' collections keep between games, are
        // passed over, not counted as games of their own.
        let not_moves = !starts_like_movetext(reader.buffer());
        match reader.read_game(&mut visitor) {
            Ok(Some(_)) if after_game && visitor.tags == 0 && !previous_ended() => {}
            Ok(Some(_)) | Err(_) if visitor.tags == 0 && not_moves => {}
            Ok(Some(mut entry)) => {
                after_game = true;
                entry.number = number;
                entry.offset = offset;
                entry.line = line;
                games.push(entry);
            }
            Ok(None) => break,
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                after_game = false;
                problems.push(IndexProblem {
                    number,
                    line,
                    problem: e.to_string(),
                });
            }
            Err(e) => return Err(e),
        }
    }
    let ends: Vec<u64> = games
        .iter()
        .skip(1)
        .map(|g| g.offset)
        .chain([size])
        .collect();
    for (game, end) in games.iter_mut().zip(ends) {
        game.length = end.saturating_sub(game.offset);
    }
    // The end of the stretch: its line ends, and how its last game ends.
    let mut counter = counter.borrow_mut();
    let end = counter.read;
    let line_ends = counter.line_at(end) - 1;
    Ok(IndexedPart {
        start,
        games,
        problems,
        line_ends,
        ended: ends_with_result(&counter.tail),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_stay_right_past_the_kept_window() {
        // Games of every length up to longer than the window, so that the
        // window is emptied between two game starts and in mid-game.
        let mut text = String::new();
        let mut starts = Vec::new();
        for n in 0..60 {
            starts.push(text.matches('\n').count() as u64 + 1);
            let comment = "x".repeat(200);
            let moves = "1. e4 e5\n".repeat(n * n * 20);
            text.push_str(&format!(
                "[White \"W{n}\"]\n[Black \"B{n}\"]\n\n{{ {comment} }}\n{moves}1-0\n\n"
            ));
        }
        assert!(text.len() > 4 * KEEP);
        let (games, problems) = index_reader(text.as_bytes(), text.len() as u64).unwrap();
        assert!(problems.is_empty());
        let lines: Vec<u64> = games.iter().map(|g| g.line).collect();
        assert_eq!(lines, starts);
        for game in &games {
            let at = game.offset as usize;
            assert!(text[at..].starts_with("[White"), "{}", game.number);
        }
    }

    #[test]
    fn line_ends_are_counted_in_runs_and_the_rest() {
        for len in [0usize, 1, 254, 255, 256, 1000] {
            let bytes: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 0 { b'\n' } else { b'a' })
                .collect();
            assert_eq!(line_ends(&bytes), len.div_ceil(3) as u64, "{len}");
        }
    }
}
