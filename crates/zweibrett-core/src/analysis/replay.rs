//! Walking through a game: next, previous, start, end, go to a move, enter
//! and leave variations. The position is always found by replaying the
//! moves from the start, so it can never drift from the score.

use std::time::Duration;

use shakmaty::{Chess, Color, Move, Position};

use super::engine::Score;
use crate::clock::control::{Bonus, TimeControl};
use crate::notation::MoveNumber;
use crate::record::pgn_game::{Game, Node};

/// A move just played on the way through the game, with what the score
/// says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The position before the move.
    pub before: Chess,
    /// The move.
    pub m: Move,
    /// Its move number (1 for White's and Black's first moves).
    pub number: u32,
    /// Who made it.
    pub color: Color,
    /// Annotation glyphs.
    pub nags: Vec<u8>,
    /// A comment before the move.
    pub before_comment: Option<String>,
    /// The comment after it.
    pub comment: Option<String>,
    /// The mover's clock after the move.
    pub clock: Option<Duration>,
    /// The time the mover spent on the move: the score's `[%emt]`, else
    /// the fall of the mover's clock since their last move plus the
    /// increment of the game's `TimeControl`.
    pub spent: Option<Duration>,
    /// The evaluation the score gives after the move (`[%eval]`), from
    /// White's point of view.
    pub eval: Option<Score>,
    /// Moves that could be played instead of the next move of this line
    /// (each the first move of a variation), in the position after this one.
    pub alternatives: Vec<Move>,
}

/// What a step through the game did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A move was played forward.
    Moved(Played),
    /// A move was taken back; the last move now on the board, if any.
    Back(Option<Played>),
    /// Nothing more in this line; the game's result when in the main line.
    EndOfLine(Option<String>),
    /// Already at the start of the game.
    AtStart,
    /// Went to the start: what the score says before the first move.
    Start(AtTheStart),
    /// Entered a variation and played its first move; its number from 1.
    Entered(usize, Played),
    /// No variation with that number branches off here.
    NoVariation,
    /// Left a variation; the last move now on the board, if any.
    Left(Option<Played>),
    /// Not in a variation.
    NotInVariation,
    /// The game has no moves at all.
    NoMoves,
    /// The main line has no such move.
    NoSuchMove(u32),
    /// A move was tried after the main line's last move, where it replaces
    /// none.
    AfterTheEnd,
}

/// A move the user played, as a node of the score: its SAN and nothing
/// else.
fn own_node(position: &Chess, m: Move) -> Node {
    Node {
        san: shakmaty::san::SanPlus::from_move(position.clone(), m).to_string(),
        m,
        nags: Vec::new(),
        before: None,
        comment: None,
        clock: None,
        spent: None,
        eval: None,
        variations: Vec::new(),
    }
}

/// What the score gives before its first move: the comment on the game,
/// and the variations that replace the first move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtTheStart {
    /// The comment before the first move, if any.
    pub intro: Option<String>,
    /// The first moves of the variations to the game's first move.
    pub alternatives: Vec<Move>,
    /// The starting position, in which those moves are played.
    pub position: Chess,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Branch {
    /// Index in the parent line of the move this variation replaces.
    at: usize,
    /// Which of that move's variations.
    variation: usize,
}

/// A game and a place in it: the main line or a variation, and how many of
/// its moves are on the board.
#[derive(Clone, Debug)]
pub struct Replay {
    game: Game,
    branches: Vec<Branch>,
    played: usize,
}

impl Replay {
    /// A game at its start position.
    pub fn new(game: Game) -> Replay {
        Replay {
            game,
            branches: Vec::new(),
            played: 0,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// How many moves of the line being walked are on the board.
    pub fn played(&self) -> usize {
        self.played
    }

    /// How deep in variations the board is (0: the main line).
    pub fn depth(&self) -> usize {
        self.branches.len()
    }

    /// The way from the main line to the line being walked: for each
    /// variation entered, the index in its outer line of the move it
    /// replaces, and which of that move's variations it is (from 0).
    pub fn path(&self) -> Vec<(usize, usize)> {
        self.branches.iter().map(|b| (b.at, b.variation)).collect()
    }

    /// The line being walked (the main line or a variation) and the
    /// position before its first move, for showing the score.
    pub fn line(&self) -> (&[Node], Chess) {
        let mut line: &[Node] = &self.game.moves;
        let mut pos = self.game.start.clone();
        for b in &self.branches {
            for node in &line[..b.at] {
                pos.play_unchecked(node.m);
            }
            line = &line[b.at].variations[b.variation];
        }
        (line, pos)
    }

    /// The way from the game's start to the position on the board: the
    /// start position and the moves played, a variation's after the moves
    /// of its outer lines before it.
    pub fn way_here(&self) -> (Chess, Vec<Move>) {
        let mut line: &[Node] = &self.game.moves;
        let mut moves = Vec::new();
        for b in &self.branches {
            moves.extend(line[..b.at].iter().map(|node| node.m));
            line = &line[b.at].variations[b.variation];
        }
        moves.extend(line[..self.played].iter().map(|node| node.m));
        (self.game.start.clone(), moves)
    }

    /// The position on the board.
    pub fn position(&self) -> Chess {
        let (line, mut pos) = self.line();
        for node in &line[..self.played] {
            pos.play_unchecked(node.m);
        }
        pos
    }

    /// The last move on the board, if any (a variation's start counts the
    /// moves before it).
    pub fn last(&self) -> Option<Played> {
        if self.played > 0 {
            return Some(self.played_at(self.played - 1));
        }
        let mut outer = self.clone();
        let branch = outer.branches.pop()?;
        outer.played = branch.at;
        outer.last()
    }

    fn played_at(&self, index: usize) -> Played {
        let (line, mut pos) = self.line();
        for node in &line[..index] {
            pos.play_unchecked(node.m);
        }
        self.node_played(line, index, pos)
    }

    /// Move `index` of `line`, played from `before`, as a step onto it.
    fn node_played(&self, line: &[Node], index: usize, before: Chess) -> Played {
        let node = &line[index];
        let alternatives = line
            .get(index + 1)
            .map(|next| next.variations.iter().map(|v| v[0].m).collect())
            .unwrap_or_default();
        let at = MoveNumber::of(&before);
        Played {
            number: at.number,
            color: at.color,
            before,
            m: node.m,
            nags: node.nags.clone(),
            before_comment: node.before.clone(),
            comment: node.comment.clone(),
            clock: node.clock,
            spent: node.spent.or_else(|| self.spent_by_clock(index, at.number)),
            eval: node.eval,
            alternatives,
        }
    }

    /// The line at `depth` variations deep along the branches walked.
    fn line_at(&self, depth: usize) -> &[Node] {
        let mut line: &[Node] = &self.game.moves;
        for b in &self.branches[..depth] {
            line = &line[b.at].variations[b.variation];
        }
        line
    }

    /// The move `back` half-moves before move `index` of the line walked,
    /// across the start of variations into the lines they branch from.
    fn earlier(&self, index: usize, back: usize) -> Option<&Node> {
        let (mut depth, mut at, mut back) = (self.branches.len(), index, back);
        loop {
            if at >= back {
                return self.line_at(depth).get(at - back);
            }
            // The variation's first move stands where the move it
            // replaces stood in the outer line.
            back -= at;
            depth = depth.checked_sub(1)?;
            at = self.branches[depth].at;
        }
    }

    /// The time spent on move `index` (the mover's move `number`) from
    /// the mover's clock readings: the reading before (at the mover's first
    /// move, the time control's first period) less the reading after, plus
    /// the increment and the time a new period added. `None` without both
    /// readings, or when they make no sense together.
    fn spent_by_clock(&self, index: usize, number: u32) -> Option<Duration> {
        let now = self.line_at(self.branches.len()).get(index)?.clock?;
        let control = self
            .game
            .tags
            .iter()
            .find(|(name, _)| name == "TimeControl")
            .and_then(|(_, value)| value.parse::<TimeControl>().ok());
        let before = match self.earlier(index, 2) {
            Some(node) => node.clock?,
            None => control.as_ref()?.period(0).time,
        };
        let (mut added, mut bonus) = (Duration::ZERO, Duration::ZERO);
        if let Some(control) = &control {
            // The mover's moves completed before this one.
            let done = number.saturating_sub(self.game.start.fullmoves().get());
            let (period, into) = control.period_after(done);
            if period > 0 && into == 0 && done > 0 {
                added = control.period(period).time;
            }
            if let Bonus::Increment(d) = control.period(period).bonus {
                bonus = d;
            }
        }
        (before + added + bonus).checked_sub(now)
    }

    /// Plays the next move of the line.
    pub fn forward(&mut self) -> Step {
        let (line, _) = self.line();
        if line.is_empty() && self.branches.is_empty() {
            Step::NoMoves
        } else if self.played < line.len() {
            self.played += 1;
            Step::Moved(self.played_at(self.played - 1))
        } else if self.branches.is_empty() {
            Step::EndOfLine(Some(self.game.result.clone()))
        } else {
            Step::EndOfLine(None)
        }
    }

    /// Takes the last move back; back from a variation's first move (or
    /// its start) leaves it, so that the next move is the outer line's.
    pub fn back(&mut self) -> Step {
        if self.played > 1 || (self.played == 1 && self.branches.is_empty()) {
            self.played -= 1;
            Step::Back(self.last())
        } else if let Some(branch) = self.branches.pop() {
            self.played = branch.at;
            Step::Left(self.last())
        } else {
            Step::AtStart
        }
    }

    /// Goes to the start of the game, out of every variation.
    pub fn start(&mut self) -> Step {
        self.branches.clear();
        self.played = 0;
        self.at_the_start(self.game.intro.clone())
    }

    /// The start of the main line, with the variations to its first move.
    fn at_the_start(&self, intro: Option<String>) -> Step {
        Step::Start(AtTheStart {
            intro,
            alternatives: self.alternatives(),
            position: self.game.start.clone(),
        })
    }

    /// Goes to the end of the line being walked.
    pub fn end(&mut self) -> Step {
        let (line, _) = self.line();
        let len = line.len();
        if len == 0 {
            return if self.branches.is_empty() {
                Step::NoMoves
            } else {
                Step::EndOfLine(None)
            };
        }
        self.played = len;
        Step::Moved(self.played_at(len - 1))
    }

    /// Goes to move `number` of the main line: after White's move, or after
    /// Black's when `color` is Black.
    pub fn go_to(&mut self, number: u32, color: Color) -> Step {
        let start = &self.game.start;
        let first = start.fullmoves().get();
        let black_starts = start.turn() == Color::Black;
        let ply = (i64::from(number) - i64::from(first)) * 2 + i64::from(color == Color::Black)
            - i64::from(black_starts)
            + 1;
        if ply < 1 || ply as usize > self.game.moves.len() {
            return Step::NoSuchMove(number);
        }
        self.branches.clear();
        self.played = ply as usize;
        Step::Moved(self.played_at(self.played - 1))
    }

    /// Goes to the main line after its first `ply` moves (0: the start).
    pub fn go_to_ply(&mut self, ply: usize) -> Step {
        if ply > self.game.moves.len() {
            return Step::NoSuchMove(ply.div_ceil(2) as u32);
        }
        self.branches.clear();
        self.played = ply;
        match ply {
            0 => self.at_the_start(None),
            _ => Step::Moved(self.played_at(ply - 1)),
        }
    }

    /// Enters variation `number` (from 1) of the next move: plays its first
    /// move instead of the line's.
    pub fn enter(&mut self, number: usize) -> Step {
        let (line, _) = self.line();
        let Some(next) = line.get(self.played) else {
            return Step::NoVariation;
        };
        if number == 0 || number > next.variations.len() {
            return Step::NoVariation;
        }
        self.branches.push(Branch {
            at: self.played,
            variation: number - 1,
        });
        self.played = 1;
        Step::Entered(number, self.played_at(0))
    }

    /// Plays `m`, a legal move in the position on the board, as the user
    /// tries it: the line's next move when it is that one, the first move
    /// of a variation that begins with it, else a new variation of the next
    /// move, kept in the game (at the end of a variation, the variation
    /// goes on with it). After the main line's last move there is no move
    /// to put it in place of: [`Step::AfterTheEnd`].
    pub fn play(&mut self, m: Move) -> Step {
        let position = self.position();
        let played = self.played;
        let (line, _) = self.line();
        if let Some(next) = line.get(played) {
            if next.m == m {
                return self.forward();
            }
            let existing = next
                .variations
                .iter()
                .position(|v| v.first().is_some_and(|n| n.m == m));
            if let Some(i) = existing {
                return self.enter(i + 1);
            }
            let variations = &mut self.line_mut()[played].variations;
            variations.push(vec![own_node(&position, m)]);
            let number = variations.len();
            return self.enter(number);
        }
        if self.branches.is_empty() {
            return Step::AfterTheEnd;
        }
        self.line_mut().push(own_node(&position, m));
        self.forward()
    }

    /// The line being walked, to add to it.
    fn line_mut(&mut self) -> &mut Vec<Node> {
        let mut line = &mut self.game.moves;
        for b in &self.branches {
            line = &mut line[b.at].variations[b.variation];
        }
        line
    }

    /// Leaves the variation, back to where it branched off (before the move
    /// it replaces).
    pub fn leave(&mut self) -> Step {
        match self.branches.pop() {
            Some(branch) => {
                self.played = branch.at;
                Step::Left(self.last())
            }
            None => Step::NotInVariation,
        }
    }

    /// How many moves of the line walked are still to come.
    pub fn to_come(&self) -> usize {
        self.line().0.len() - self.played
    }

    /// Takes back up to `n` moves of the line walked (never out of a
    /// variation), without saying them; returns how many were taken back.
    pub fn rewind(&mut self, n: usize) -> usize {
        let n = n.min(self.played);
        self.played -= n;
        n
    }

    /// The moves of the line walked still to come after the position on
    /// the board, each as it would be played.
    pub fn still_to_come(&self) -> Vec<Played> {
        let (line, _) = self.line();
        let mut pos = self.position();
        (self.played..line.len())
            .map(|index| {
                let played = self.node_played(line, index, pos.clone());
                pos.play_unchecked(line[index].m);
                played
            })
            .collect()
    }

    /// The game's result when the line walked is the main line, which
    /// ends with it; `None` in a variation.
    pub fn line_result(&self) -> Option<&str> {
        self.branches
            .is_empty()
            .then_some(self.game.result.as_str())
    }

    /// Variations that branch off before the next move: their first moves.
    pub fn alternatives(&self) -> Vec<Move> {
        let (line, _) = self.line();
        line.get(self.played)
            .map(|next| next.variations.iter().map(|v| v[0].m).collect())
            .unwrap_or_default()
    }
    /// Whether the board shows the last move of the main line (or the
    /// start of a game without moves).
    pub fn at_end_of_game(&self) -> bool {
        self.branches.is_empty() && self.played == self.game.moves.len()
    }

    /// Every move of the main line as a step forward onto it, with the
    /// time spent on each; walked once.
    pub fn main_line_played(&self) -> Vec<Played> {
        // Times spent are read along the line walked: the main line's.
        let walked;
        let main = if self.branches.is_empty() {
            self
        } else {
            walked = Replay::new(self.game.clone());
            &walked
        };
        let line = &main.game.moves;
        let mut pos = main.game.start.clone();
        let mut played = Vec::with_capacity(line.len());
        for (index, node) in line.iter().enumerate() {
            played.push(main.node_played(line, index, pos.clone()));
            pos.play_unchecked(node.m);
        }
        played
    }

    /// Move `index` (from 0) of the main line, as a step forward onto it.
    pub fn main_line_move(&self, index: usize) -> Option<Played> {
        if index >= self.game.moves.len() {
            return None;
        }
        let main = Replay::new(self.game.clone());
        Some(main.played_at(index))
    }

    /// The same place in `game`, a later version of this game whose first
    /// `unchanged` main-line moves are this one's: the place is kept when
    /// it lies within them, else the board goes to the last of them.
    pub fn with_game(&self, game: Game, unchanged: usize) -> Replay {
        let kept = match self.branches.first() {
            Some(branch) => branch.at < unchanged,
            None => self.played <= unchanged,
        };
        let mut replay = Replay::new(game);
        replay.branches = self.branches.clone();
        replay.played = self.played;
        if !kept || !replay.place_fits() {
            replay.branches.clear();
            replay.played = unchanged.min(replay.game.moves.len());
        }
        replay
    }

    /// Whether every variation entered, and the moves played in the
    /// innermost line, are in the game.
    fn place_fits(&self) -> bool {
        let mut line: &[Node] = &self.game.moves;
        for b in &self.branches {
            match line
                .get(b.at)
                .and_then(|node| node.variations.get(b.variation))
            {
                Some(variation) => line = variation,
                None => return false,
            }
        }
        self.played <= line.len()
    }

    /// The same game at the end of its main line.
    pub fn at_end(game: Game) -> Replay {
        let played = game.moves.len();
        Replay {
            game,
            branches: Vec::new(),
            played,
        }
    }
}
