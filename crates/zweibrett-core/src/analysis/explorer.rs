//! The opening explorer over a file's own games: at a position, which moves
//! the games played there, how often, and how they ended.
//!
//! The file's games are walked once, each for its first [`PLIES`]
//! half-moves, and every position two games or more reached is kept with
//! the moves played from it (the opening tree); a position only one game
//! reached is found from the move that led into it, whose game is then
//! read. The tree is a sorted table of fixed-size records, so a position
//! is looked up by halving the table where it lies (on disk), without
//! reading it whole.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, Role, Square};

/// The half-moves of each game walked: its first twenty moves, where
/// games share their openings.
pub const PLIES: usize = 40;

/// A position's key in the tree: the top 48 bits of its Zobrist hash,
/// which counts the side to move, castling rights and a capture en
/// passant that can be played, as the Laws' repetition does (9.2.2).
pub fn position_hash(position: &Chess) -> u64 {
    position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0 >> 16
}

/// A move in 16 bits, as UCI writes it: from-square, to-square and the
/// piece promoted to; castling as the king's two-square step.
pub fn move_code(m: Move) -> u16 {
    match UciMove::from_move(m, CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => u16::from(from) | (u16::from(to) << 6) | (promotion.map_or(0, |r| r as u16) << 12),
        // A drop or a null move never reaches the tree: standard chess.
        _ => 0,
    }
}

/// The move `code` stands for in `position`, if it is legal there.
pub fn move_of(code: u16, position: &Chess) -> Option<Move> {
    let square = |bits: u16| Square::new(u32::from(bits & 63));
    let promotion = match code >> 12 {
        0 => None,
        r => Some(Role::try_from(r as u32).ok()?),
    };
    UciMove::Normal {
        from: square(code),
        to: square(code >> 6),
        promotion,
    }
    .to_move(position)
    .ok()
}

/// How the games that played a move ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Won by White.
    pub white: u32,
    /// Drawn.
    pub draws: u32,
    /// Won by Black.
    pub black: u32,
    /// Not finished, or with no result written.
    pub unfinished: u32,
}

impl Tally {
    /// One game that ended with the result token `result`.
    pub fn of(result: &str) -> Tally {
        let mut tally = Tally::default();
        match result.trim() {
            "1-0" => tally.white = 1,
            "0-1" => tally.black = 1,
            "1/2-1/2" | "½-½" => tally.draws = 1,
            _ => tally.unfinished = 1,
        }
        tally
    }

    /// The games counted.
    pub fn games(&self) -> u64 {
        u64::from(self.white)
            + u64::from(self.draws)
            + u64::from(self.black)
            + u64::from(self.unfinished)
    }

    fn add(&mut self, other: Tally) {
        self.white = self.white.saturating_add(other.white);
        self.draws = self.draws.saturating_add(other.draws);
        self.black = self.black.saturating_add(other.black);
        self.unfinished = self.unfinished.saturating_add(other.unfinished);
    }

    /// White's wins, the draws and Black's wins in whole percent of the
    /// finished games, rounded so that they add up to a hundred; `None`
    /// when no game was finished.
    pub fn percent(&self) -> Option<[u32; 3]> {
        let finished = u64::from(self.white) + u64::from(self.draws) + u64::from(self.black);
        if finished == 0 {
            return None;
        }
        let share = |n: u32| (u64::from(n) * 100 + finished / 2) / finished;
        let white = share(self.white);
        let black = share(self.black);
        let draws = 100u64.saturating_sub(white + black);
        Some([white as u32, draws as u32, black as u32])
    }
}

/// One game's passage through a position: the position and the move
/// played there (its key), the game's number and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Passage {
    /// [`position_hash`] shifted up 16 bits, with the [`move_code`] below.
    pub key: u64,
    /// The game's number in the file.
    pub game: u32,
    /// How the game ended.
    pub tally: Tally,
}

/// A move played from a position of the tree, with how its games ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeMove {
    /// [`position_hash`] shifted up 16 bits, with the [`move_code`] below.
    pub key: u64,
    /// The games that played it.
    pub tally: Tally,
    /// The first game of the file that played it (the only one when the
    /// tally counts one).
    pub game: u32,
}

/// The bytes of a [`TreeMove`] in a kept tree.
pub const RECORD_BYTES: usize = 28;

impl TreeMove {
    /// The position's [`position_hash`].
    pub fn position(&self) -> u64 {
        self.key >> 16
    }

    /// The move's [`move_code`].
    pub fn code(&self) -> u16 {
        (self.key & 0xffff) as u16
    }

    /// The record as it is kept: little-endian, fixed size.
    pub fn to_bytes(&self) -> [u8; RECORD_BYTES] {
        let mut out = [0; RECORD_BYTES];
        out[..8].copy_from_slice(&self.key.to_le_bytes());
        let t = &self.tally;
        for (i, n) in [t.white, t.draws, t.black, t.unfinished, self.game]
            .into_iter()
            .enumerate()
        {
            out[8 + 4 * i..12 + 4 * i].copy_from_slice(&n.to_le_bytes());
        }
        out
    }

    /// The record kept as `bytes` ([`TreeMove::to_bytes`]).
    pub fn from_bytes(bytes: &[u8; RECORD_BYTES]) -> TreeMove {
        let word = |i: usize| {
            let at = 8 + 4 * i;
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let mut key = [0; 8];
        key.copy_from_slice(&bytes[..8]);
        TreeMove {
            key: u64::from_le_bytes(key),
            tally: Tally {
                white: word(0),
                draws: word(1),
                black: word(2),
                unfinished: word(3),
            },
            game: word(4),
        }
    }
}

/// Adds to `out` game `game`'s passages through its first [`PLIES`]
/// positions, from `start` by `moves`, which end with `result`. A position
/// the game reached twice counts once, with the move first played there.
pub fn passages(
    start: &Chess,
    moves: impl IntoIterator<Item = Move>,
    result: &str,
    game: u32,
    out: &mut Vec<Passage>,
) {
    let tally = Tally::of(result);
    let mut position = start.clone();
    let mut seen: Vec<u64> = Vec::with_capacity(PLIES);
    for m in moves.into_iter().take(PLIES) {
        let hash = position_hash(&position);
        if !seen.contains(&hash) {
            seen.push(hash);
            out.push(Passage {
                key: (hash << 16) | u64::from(move_code(m)),
                game,
                tally,
            });
        }
        position.play_unchecked(m);
    }
}

/// Reads a game's start and the first [`PLIES`] moves of its main line;
/// variations, comments and what follows are skipped.
struct OpeningVisitor;

/// A game's start and the moves read so far, played on `position`.
struct Opening {
    start: Chess,
    position: Chess,
    moves: Vec<Move>,
}

impl Visitor for OpeningVisitor {
    /// The start position, `None` when the game is left out.
    type Tags = Option<Chess>;
    type Movetext = Opening;
    type Output = Option<(Chess, Vec<Move>)>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Option<Chess>> {
        ControlFlow::Continue(Some(Chess::default()))
    }

    fn tag(
        &mut self,
        start: &mut Option<Chess>,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        match name {
            b"FEN" => {
                *start = Fen::from_ascii(value.as_bytes())
                    .ok()
                    .and_then(|fen| fen.into_position(CastlingMode::Standard).ok());
            }
            b"Variant" => {
                let variant = String::from_utf8_lossy(value.as_bytes()).to_lowercase();
                if !matches!(variant.trim(), "" | "standard" | "chess" | "from position") {
                    *start = None;
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, start: Option<Chess>) -> ControlFlow<Self::Output, Opening> {
        match start {
            Some(start) => ControlFlow::Continue(Opening {
                position: start.clone(),
                start,
                moves: Vec::with_capacity(PLIES),
            }),
            None => ControlFlow::Break(None),
        }
    }

    fn san(&mut self, opening: &mut Opening, san: SanPlus) -> ControlFlow<Self::Output> {
        if opening.moves.len() >= PLIES {
            return ControlFlow::Continue(());
        }
        match san.san.to_move(&opening.position) {
            Ok(m) => {
                opening.position.play_unchecked(m);
                opening.moves.push(m);
                ControlFlow::Continue(())
            }
            // The moves before one that cannot be played are kept.
            Err(_) => ControlFlow::Break(Some((
                opening.start.clone(),
                std::mem::take(&mut opening.moves),
            ))),
        }
    }

    fn begin_variation(&mut self, _: &mut Opening) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, opening: Opening) -> Self::Output {
        Some((opening.start, opening.moves))
    }
}

/// The start and the first [`PLIES`] moves of the main line of the game
/// whose PGN text is `text` (its first game), up to a move that cannot be
/// played; `None` for a game of another variant than standard chess or a
/// start position that cannot be read.
pub fn opening_moves(text: &[u8]) -> Option<(Chess, Vec<Move>)> {
    Reader::new(text).read_game(&mut OpeningVisitor).ok()??
}

/// The opening tree of the games whose passages are `passages`: every
/// move played from a position two games or more reached, sorted by key.
pub fn gather(mut passages: Vec<Passage>) -> Vec<TreeMove> {
    passages.sort_unstable_by_key(|p| (p.key, p.game));
    let mut moves: Vec<TreeMove> = Vec::new();
    for p in passages {
        match moves.last_mut() {
            Some(last) if last.key == p.key => last.tally.add(p.tally),
            _ => moves.push(TreeMove {
                key: p.key,
                tally: p.tally,
                game: p.game,
            }),
        }
    }
    // A position one game reached is left out: it is found from the move
    // that led into it.
    let mut kept = Vec::with_capacity(moves.len());
    for group in moves.chunk_by(|a, b| a.position() == b.position()) {
        if group.iter().map(|m| m.tally.games()).sum::<u64>() >= 2 {
            kept.extend_from_slice(group);
        }
    }
    kept
}

/// The moves of the tree played from the position `hash`, from a table
/// sorted by key of `len` records, record `i` read by `read(i)`: found by
/// halving, so that a table on disk is read only where it lies.
pub fn moves_at<E>(
    hash: u64,
    len: u64,
    mut read: impl FnMut(u64) -> Result<TreeMove, E>,
) -> Result<Vec<TreeMove>, E> {
    let (mut low, mut high) = (0, len);
    while low < high {
        let middle = low + (high - low) / 2;
        if read(middle)?.position() < hash {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    let mut found = Vec::new();
    for i in low..len {
        let record = read(i)?;
        if record.position() != hash {
            break;
        }
        found.push(record);
    }
    Ok(found)
}

/// What the file's games did at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explored {
    /// Two games or more reached it: the moves they played, the most
    /// played first, each with how its games ended and its first game.
    Moves(Vec<(Move, Tally, u32)>),
    /// Only this game (its number) went the way that leads here: it is
    /// read to find whether it reached the position and what it played.
    OneGame(u32),
    /// No game of the file reaches the position this way.
    NoGame,
    /// The games still share the line here, past the half-moves the tree
    /// follows ([`PLIES`]).
    PastTheTree,
}

/// What the tree (`lookup`: the moves played from a position's hash) says
/// of the position reached from `start` by `moves`.
pub fn explore<E>(
    start: &Chess,
    moves: &[Move],
    mut lookup: impl FnMut(u64) -> Result<Vec<TreeMove>, E>,
) -> Result<Explored, E> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut position = start.clone();
    positions.push(position.clone());
    for &m in moves {
        position.play_unchecked(m);
        positions.push(position.clone());
    }
    let here = lookup(position_hash(&position))?;
    if !here.is_empty() {
        let mut found: Vec<(Move, Tally, u32)> = here
            .iter()
            .filter_map(|t| Some((move_of(t.code(), &position)?, t.tally, t.game)))
            .collect();
        found.sort_by_key(|(_, tally, game)| (std::cmp::Reverse(tally.games()), *game));
        return Ok(Explored::Moves(found));
    }
    // The last position of the way that the tree knows, and the move the
    // way played there.
    for (i, &m) in moves.iter().enumerate().rev() {
        let there = lookup(position_hash(&positions[i]))?;
        if there.is_empty() {
            continue;
        }
        let code = move_code(m);
        return Ok(match there.iter().find(|t| t.code() == code) {
            Some(t) if t.tally.games() == 1 => Explored::OneGame(t.game),
            // Two games went on here, yet the next position is not kept:
            // it lies past the tree.
            Some(_) => Explored::PastTheTree,
            None => Explored::NoGame,
        });
    }
    Ok(Explored::NoGame)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn line(text: &str) -> Vec<Move> {
        let mut position = Chess::default();
        text.split_whitespace()
            .map(|san| {
                let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
                position.play_unchecked(m);
                m
            })
            .collect()
    }

    fn tree(games: &[(&str, &str)]) -> Vec<TreeMove> {
        let mut all = Vec::new();
        for (n, (moves, result)) in games.iter().enumerate() {
            passages(
                &Chess::default(),
                line(moves),
                result,
                n as u32 + 1,
                &mut all,
            );
        }
        gather(all)
    }

    fn ask(tree: &[TreeMove], moves: &str) -> Explored {
        let lookup = |hash| moves_at::<()>(hash, tree.len() as u64, |i| Ok(tree[i as usize]));
        explore(&Chess::default(), &line(moves), lookup).unwrap()
    }

    #[test]
    fn moves_are_counted_by_position_with_their_results() {
        let games = [
            ("e4 e5 Nf3 Nc6 Bc4", "1-0"),
            ("e4 e5 Nf3 Nf6", "0-1"),
            ("e4 c5 Nf3", "1/2-1/2"),
            ("d4 d5", "*"),
            // Transposes into the first game's position after 2. Nf3.
            ("Nf3 Nc6 e4 e5 Bb5", "1-0"),
        ];
        let tree = tree(&games);
        let Explored::Moves(start) = ask(&tree, "") else {
            panic!()
        };
        let said: Vec<_> = start
            .iter()
            .map(|(m, t, _)| (m.to_string(), t.games()))
            .collect();
        assert_eq!(
            said,
            [
                ("e2-e4".to_string(), 3),
                ("d2-d4".into(), 1),
                ("Ng1-f3".into(), 1)
            ]
        );
        assert_eq!(
            start[0].1,
            Tally {
                white: 1,
                draws: 1,
                black: 1,
                unfinished: 0
            }
        );
        // After 1. e4 e5 2. Nf3 Nc6, reached in either order.
        let Explored::Moves(after) = ask(&tree, "e4 e5 Nf3 Nc6") else {
            panic!()
        };
        let games: Vec<u32> = after.iter().map(|(_, _, game)| *game).collect();
        assert_eq!(games, [1, 5]);
        // Only game 3 went 1... c5: its game is read to go on.
        assert_eq!(ask(&tree, "e4 c5"), Explored::OneGame(3));
        assert_eq!(ask(&tree, "e4 c5 Nf3"), Explored::OneGame(3));
        // Nobody played 1. c4.
        assert_eq!(ask(&tree, "c4"), Explored::NoGame);
        assert_eq!(ask(&tree, "c4 e5 Nc3"), Explored::NoGame);
    }

    #[test]
    fn a_line_two_games_share_past_the_tree_is_said_so() {
        let long = "Nf3 Nf6 Ng1 Ng8 ".repeat(6) + "e4 e5 d4";
        let tree = tree(&[(&long, "1-0"), (&long, "0-1")]);
        assert!(matches!(ask(&tree, "Nf3 Nf6 Ng1"), Explored::Moves(_)));
        assert_eq!(ask(&tree, &long), Explored::PastTheTree);
    }

    #[test]
    fn records_and_moves_keep_their_meaning() {
        let record = TreeMove {
            key: 0x1234_5678_9abc_def0,
            tally: Tally {
                white: 1,
                draws: 2,
                black: 3,
                unfinished: u32::MAX,
            },
            game: 100_000,
        };
        assert_eq!(TreeMove::from_bytes(&record.to_bytes()), record);
        let position: Chess = "k7/6P1/8/8/8/8/8/4K2R w K - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        for m in position.legal_moves() {
            assert_eq!(move_of(move_code(m), &position), Some(m), "{m}");
        }
        assert_eq!(move_of(0, &position), None);
    }

    #[test]
    fn a_games_opening_is_read_from_its_text_up_to_what_cannot_be_played() {
        let (start, moves) =
            opening_moves(b"[White \"A\"]\n\n1. e4 (1. d4 d5) 1... e5 {x} 2. Nf3 $1 Nc6 1-0\n")
                .unwrap();
        assert_eq!(start, Chess::default());
        assert_eq!(moves, line("e4 e5 Nf3 Nc6"));
        let from_fen = b"[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n";
        let (start, moves) = opening_moves(from_fen).unwrap();
        assert_ne!(start, Chess::default());
        assert_eq!(moves.len(), 2);
        // Kept up to the move that cannot be played.
        assert_eq!(opening_moves(b"1. e4 e5 2. Ke3 Nc6 *").unwrap().1.len(), 2);
        assert_eq!(opening_moves(b"[Variant \"Atomic\"]\n\n1. e4 *"), None);
        assert_eq!(opening_moves(b"[FEN \"not a position\"]\n\n1. e4 *"), None);
        let long = "Nf3 Nf6 Ng1 Ng8 ".repeat(20);
        assert_eq!(opening_moves(long.as_bytes()).unwrap().1.len(), PLIES);
    }

    #[test]
    fn percentages_add_up_to_a_hundred() {
        let t = Tally {
            white: 1,
            draws: 1,
            black: 1,
            unfinished: 5,
        };
        assert_eq!(t.percent(), Some([33, 34, 33]));
        assert_eq!(Tally::of("*").percent(), None);
        assert_eq!(Tally::of("1-0").percent(), Some([100, 0, 0]));
    }
}
