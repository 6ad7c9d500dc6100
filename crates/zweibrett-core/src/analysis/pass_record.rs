//! The engine pass over a game, written down so that a second look needs no
//! engine: one record per game, keyed by the game's start and moves, the
//! engine and the depth, closed by a checksum. A record that does not read
//! back exactly (cut short, edited, a move that is not legal) is refused as
//! a whole, never trusted in part.
//!
//! ```text
//! zweibrett-pass 1
//! game 6c62272e07bb0142 41
//! engine /usr/games/stockfish
//! depth 12
//! v 35 e2e4
//! v -1000 -
//! end 0123456789abcdef
//! ```

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode, Move, Position};

use super::mistakes::{CAP, Valued, read_uci, uci_text};

/// The first line of every record.
const HEADER: &str = "zweibrett-pass 1";

/// What identifies a pass: the game, the engine and the depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassKey {
    /// A hash of the start position and every move of the main line.
    pub game: u64,
    /// The number of moves of the main line.
    pub moves: usize,
    /// The engine, as it was named (its path).
    pub engine: String,
    /// The search depth.
    pub depth: u32,
}

impl PassKey {
    /// The key of the main line `moves` from `start`, analysed by `engine`
    /// to `depth`.
    pub fn of(start: &Chess, moves: &[Move], engine: &str, depth: u32) -> PassKey {
        let mut text = Fen::from_position(start, EnPassantMode::Legal).to_string();
        for &m in moves {
            text.push(' ');
            text.push_str(&uci_text(m));
        }
        PassKey {
            game: fnv(text.as_bytes()),
            moves: moves.len(),
            engine: engine.replace(['\n', '\r'], " "),
            depth,
        }
    }
}

/// A finished pass: the value of every position of the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassRecord {
    /// What the pass was over.
    pub key: PassKey,
    /// The value of each position, from the start to after the last move.
    pub values: Vec<Valued>,
}

/// Why a file of records cannot be trusted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordFault {
    /// A line is not what a record holds there.
    #[error("line {0} cannot be read")]
    Unreadable(usize),
    /// A record's checksum does not match its lines.
    #[error("the record ending on line {0} does not match its checksum")]
    Checksum(usize),
    /// A record ends before its checksum.
    #[error("the file ends inside a record")]
    CutShort,
}

impl PassRecord {
    /// The record as lines of text, checksum last.
    pub fn write(&self) -> String {
        self.raw().write()
    }

    /// The record with its best moves as text.
    pub fn raw(&self) -> RawRecord {
        RawRecord {
            key: self.key.clone(),
            values: self
                .values
                .iter()
                .map(|v| (v.white, v.best.map_or_else(|| "-".to_string(), uci_text)))
                .collect(),
        }
    }
}

/// Every record in `text`. Best moves are read in the positions of the
/// game they are for, so they are kept as text until [`read_records`]'s
/// caller knows the game: see [`RawRecord::for_game`].
pub fn read_records(text: &str) -> Result<Vec<RawRecord>, RecordFault> {
    let mut records = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((at, line)) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        if line != HEADER {
            return Err(RecordFault::Unreadable(at + 1));
        }
        let mut body = format!("{line}\n");
        let mut next = |body: &mut String| -> Result<(usize, &str), RecordFault> {
            let (at, line) = lines.next().ok_or(RecordFault::CutShort)?;
            if !line.starts_with("end ") {
                body.push_str(line);
                body.push('\n');
            }
            Ok((at + 1, line))
        };
        let (at, game) = next(&mut body)?;
        let bad = |at: usize| RecordFault::Unreadable(at);
        let mut words = game.strip_prefix("game ").ok_or(bad(at))?.split(' ');
        let hash = u64::from_str_radix(words.next().ok_or(bad(at))?, 16).map_err(|_| bad(at))?;
        let moves: usize = words.next().and_then(|w| w.parse().ok()).ok_or(bad(at))?;
        let (at, engine) = next(&mut body)?;
        let engine = engine.strip_prefix("engine ").ok_or(bad(at))?.to_string();
        let (at, depth) = next(&mut body)?;
        let depth: u32 = depth
            .strip_prefix("depth ")
            .and_then(|d| d.parse().ok())
            .ok_or(bad(at))?;
        let mut values = Vec::new();
        loop {
            let (at, line) = next(&mut body)?;
            if let Some(sum) = line.strip_prefix("end ") {
                let sum = u64::from_str_radix(sum, 16).map_err(|_| bad(at))?;
                if sum != fnv(body.as_bytes()) {
                    return Err(RecordFault::Checksum(at));
                }
                break;
            }
            let mut words = line.strip_prefix("v ").ok_or(bad(at))?.split(' ');
            let white: i32 = words
                .next()
                .and_then(|w| w.parse().ok())
                .filter(|w: &i32| w.abs() <= CAP)
                .ok_or(bad(at))?;
            let best = words.next().ok_or(bad(at))?.to_string();
            if words.next().is_some() {
                return Err(bad(at));
            }
            values.push((white, best));
        }
        records.push(RawRecord {
            key: PassKey {
                game: hash,
                moves,
                engine,
                depth,
            },
            values,
        });
    }
    Ok(records)
}

/// A record as read, its best moves still text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawRecord {
    /// What the pass was over.
    pub key: PassKey,
    /// Each position's value for White and the engine's move in UCI ("-":
    /// none).
    pub values: Vec<(i32, String)>,
}

impl RawRecord {
    /// The record as lines of text, checksum last.
    pub fn write(&self) -> String {
        let mut body = format!(
            "{HEADER}\ngame {:016x} {}\nengine {}\ndepth {}\n",
            self.key.game, self.key.moves, self.key.engine, self.key.depth
        );
        for (white, best) in &self.values {
            body.push_str(&format!("v {white} {best}\n"));
        }
        let sum = fnv(body.as_bytes());
        body.push_str(&format!("end {sum:016x}\n"));
        body
    }

    /// Whether this record is over the same game as `key`, whatever the
    /// engine and depth.
    pub fn same_game(&self, key: &PassKey) -> bool {
        self.key.game == key.game && self.key.moves == key.moves
    }

    /// The record for the main line `moves` from `start`; `None` when a
    /// best move is not legal where it stands or the count is wrong.
    pub fn for_game(&self, start: &Chess, moves: &[Move]) -> Option<PassRecord> {
        if self.values.len() != moves.len() + 1 {
            return None;
        }
        let mut pos = start.clone();
        let mut values = Vec::with_capacity(self.values.len());
        for (i, (white, best)) in self.values.iter().enumerate() {
            let best = match best.as_str() {
                "-" => None,
                text => Some(read_uci(&pos, text)?),
            };
            values.push(Valued {
                white: *white,
                best,
            });
            if let Some(&m) = moves.get(i) {
                pos.play_unchecked(m);
            }
        }
        Some(PassRecord {
            key: self.key.clone(),
            values,
        })
    }
}

/// The 64-bit FNV-1a hash: stable across builds and platforms, which a
/// key written to a file needs.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> (Chess, Vec<Move>) {
        let start = Chess::default();
        let e4 = read_uci(&start, "e2e4").unwrap();
        (start, vec![e4])
    }

    fn record() -> PassRecord {
        let (start, moves) = game();
        let mut after = start.clone();
        after.play_unchecked(moves[0]);
        PassRecord {
            key: PassKey::of(&start, &moves, "/usr/games/stockfish", 12),
            values: vec![
                Valued {
                    white: 30,
                    best: Some(moves[0]),
                },
                Valued {
                    white: -1000,
                    best: read_uci(&after, "e7e5"),
                },
            ],
        }
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let (start, moves) = game();
        let text = record().write();
        let read = read_records(&format!("{text}\n{text}")).unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].for_game(&start, &moves), Some(record()));
        assert_eq!(read[0].key, record().key);
    }

    #[test]
    fn a_changed_game_or_engine_has_another_key() {
        let (start, moves) = game();
        let key = PassKey::of(&start, &moves, "stockfish", 12);
        assert_ne!(key, PassKey::of(&start, &[], "stockfish", 12));
        assert_ne!(key, PassKey::of(&start, &moves, "other", 12));
        assert_ne!(key, PassKey::of(&start, &moves, "stockfish", 13));
        let d4 = read_uci(&start, "d2d4").unwrap();
        assert_ne!(key.game, PassKey::of(&start, &[d4], "stockfish", 12).game);
    }

    #[test]
    fn a_damaged_record_is_refused_whole() {
        let text = record().write();
        let edited = text.replace("v 30", "v 31");
        assert!(matches!(
            read_records(&edited),
            Err(RecordFault::Checksum(_))
        ));
        let cut = &text[..text.len() - 25];
        assert!(read_records(cut).is_err());
        assert!(read_records("garbage\n").is_err());
        assert_eq!(read_records("").unwrap(), []);
        // A best move that is not legal where it stands.
        let (start, moves) = game();
        let mut raw = read_records(&text).unwrap().remove(0);
        raw.values[0].1 = "e2e5".to_string();
        assert_eq!(raw.for_game(&start, &moves), None);
        raw.values.pop();
        assert_eq!(raw.for_game(&start, &moves), None);
    }
}
