//! What changed on the boards of the round, from one look at a source to
//! the next.

use std::time::Duration;

use super::board::BoardView;
use crate::clock::Instant;
use crate::record::pgn_write::ArbiterCall;

/// What an event is about: one board, or a source (a file, a folder, an
/// address) and every board it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    /// The board at this index of [`Hall::boards`].
    Board(usize),
    /// The source at this index of the hall's sources.
    Source(usize),
}

/// Why a source gives nothing new, said once until it answers again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceFault {
    /// It is gone or cannot be read (the system's or the server's reason).
    Unreadable(String),
    /// What it gave is no PGN that can be read.
    NotPgn(String),
    /// It is longer than the bound, in kilobytes: nothing past it is read.
    TooLarge(u64),
    /// It did not answer within this many seconds.
    Slow(u64),
}

impl SourceFault {
    /// Whether `other` is the same kind of fault: a reason that changes
    /// its words is not said again.
    fn same_kind(&self, other: &SourceFault) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// What happened, for the arbiter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HallNews {
    /// The boards diverge and the audit waits for the arbiter (D.2.9).
    Divergence,
    /// A claim or request waits for the arbiter (III.4, III.5).
    Claim,
    /// The game ended on time (6.9).
    Flag,
    /// The game ended.
    Result,
    /// No move for this many minutes while the game goes on.
    Stalled(u64),
    /// The source gives nothing new.
    Fault(SourceFault),
    /// The source answers again.
    Back,
    /// Nothing waits for the arbiter any more.
    CallSettled,
    /// A board seen for the first time.
    Seen,
    /// New half-moves, from this index of the board's moves on (an index
    /// before the end of what was seen: the score was corrected there).
    Moved(usize),
}

impl HallNews {
    /// How urgent: the arbiter's calls first, then the clocks and
    /// results, the sources, and the moves last.
    pub fn urgency(&self) -> u8 {
        match self {
            HallNews::Divergence => 0,
            HallNews::Claim => 1,
            HallNews::Flag => 2,
            HallNews::Result => 3,
            HallNews::Stalled(_) => 4,
            HallNews::Fault(_) => 5,
            HallNews::Back | HallNews::CallSettled => 6,
            HallNews::Seen => 7,
            HallNews::Moved(_) => 8,
        }
    }
}

/// Orders `events` the most urgent board or source first, and within one
/// board what was seen and moved before the rest, urgent first: a board's
/// move before the divergence or the result it led to.
pub fn urgent_first(events: &mut Vec<HallEvent>) {
    let key = |event: &HallEvent| {
        let same = || events.iter().filter(|e| e.subject == event.subject);
        let most = same().map(|e| e.news.urgency()).min().unwrap_or(u8::MAX);
        let first = events.iter().position(|e| e.subject == event.subject);
        let within = match event.news {
            HallNews::Seen | HallNews::Moved(_) => 0,
            ref news => 1 + news.urgency(),
        };
        (most, first, within)
    };
    let keys: Vec<_> = events.iter().map(key).collect();
    let mut keyed: Vec<_> = keys.into_iter().zip(std::mem::take(events)).collect();
    keyed.sort_by_key(|(key, _)| *key);
    events.extend(keyed.into_iter().map(|(_, e)| e));
}

/// One event of the hall.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HallEvent {
    /// About what.
    pub subject: Subject,
    /// What.
    pub news: HallNews,
}

/// A board followed.
#[derive(Clone, Debug)]
pub struct Followed {
    /// Which source gives it.
    pub source: usize,
    /// How it stands.
    pub view: BoardView,
    /// Which of its source's games with the same key it is, in the
    /// source's order: a file of several games between the same players
    /// without board numbers gives several boards, not one overwritten.
    nth: usize,
    /// When it last changed (a move, a call, a result).
    changed: Instant,
    /// The stall was said since that change.
    stall_said: bool,
}

/// Every board of the round, as its sources last gave them.
#[derive(Clone, Debug)]
pub struct Hall {
    faults: Vec<Option<SourceFault>>,
    boards: Vec<Followed>,
    stall_after: Duration,
}

impl Hall {
    /// A hall that says a board in play with no change for
    /// `stall_after`; its sources are numbered as they come.
    pub fn new(stall_after: Duration) -> Hall {
        Hall {
            faults: Vec::new(),
            boards: Vec::new(),
            stall_after,
        }
    }

    /// Every board seen, in the order first seen.
    pub fn boards(&self) -> &[Followed] {
        &self.boards
    }

    /// The indices of the boards in the order they are listed: those
    /// waiting for the arbiter first, then those in play, then those over,
    /// each by number.
    pub fn listed(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.boards.len()).collect();
        order.sort_by_key(|&i| {
            let view = &self.boards[i].view;
            let rank = match (view.call, view.result) {
                (Some(ArbiterCall::Divergence), _) => 0,
                (Some(ArbiterCall::Claim), _) => 1,
                (None, None) => 2,
                (None, Some(_)) => 3,
            };
            (rank, view.number.unwrap_or(u32::MAX), i)
        });
        order
    }

    /// The board with number `number`.
    pub fn numbered(&self, number: u32) -> Option<usize> {
        self.boards
            .iter()
            .position(|b| b.view.number == Some(number))
    }

    /// Takes what `source` gives now, seen at `now`: its boards. What
    /// changed, the most urgent first.
    pub fn take(&mut self, source: usize, views: Vec<BoardView>, now: Instant) -> Vec<HallEvent> {
        let mut events = Vec::new();
        self.know(source);
        if self.faults[source].take().is_some() {
            events.push(HallEvent {
                subject: Subject::Source(source),
                news: HallNews::Back,
            });
        }
        let mut keys_seen: Vec<String> = Vec::new();
        for view in views {
            let key = view.key();
            let nth = keys_seen.iter().filter(|k| **k == key).count();
            let known = self
                .boards
                .iter()
                .position(|b| b.source == source && b.nth == nth && b.view.key() == key);
            keys_seen.push(key);
            let Some(i) = known else {
                let i = self.boards.len();
                let call = view.call;
                self.boards.push(Followed {
                    source,
                    view,
                    nth,
                    changed: now,
                    stall_said: false,
                });
                let mut news = vec![HallNews::Seen];
                news.extend(call.map(call_news));
                events.extend(news.into_iter().map(|news| HallEvent {
                    subject: Subject::Board(i),
                    news,
                }));
                continue;
            };
            let board = &mut self.boards[i];
            let mut news = Vec::new();
            let before = &board.view;
            let kept = before
                .moves
                .iter()
                .zip(&view.moves)
                .take_while(|(a, b)| a.1 == b.1)
                .count();
            if view.moves.len() > kept {
                news.push(HallNews::Moved(kept));
            }
            if view.call != before.call {
                news.push(view.call.map_or(HallNews::CallSettled, call_news));
            }
            if view.result.is_some() && view.result != before.result {
                news.push(if view.flag_fell() {
                    HallNews::Flag
                } else {
                    HallNews::Result
                });
            }
            let changed = !news.is_empty() || view.moves.len() != before.moves.len();
            board.view = view;
            if changed {
                board.changed = now;
                board.stall_said = false;
            }
            events.extend(news.into_iter().map(|news| HallEvent {
                subject: Subject::Board(i),
                news,
            }));
        }
        urgent_first(&mut events);
        events
    }

    /// `source` gives nothing new, for `fault`: said once, until it
    /// answers again; its boards stand as last seen.
    pub fn fault(&mut self, source: usize, fault: SourceFault) -> Vec<HallEvent> {
        self.know(source);
        let slot = &mut self.faults[source];
        if slot.as_ref().is_some_and(|f| f.same_kind(&fault)) {
            return Vec::new();
        }
        *slot = Some(fault.clone());
        vec![HallEvent {
            subject: Subject::Source(source),
            news: HallNews::Fault(fault),
        }]
    }

    /// Makes room for `source`.
    fn know(&mut self, source: usize) {
        if self.faults.len() <= source {
            self.faults.resize(source + 1, None);
        }
    }

    /// The boards in play that have not changed for the stall's length by
    /// `now`, each said once until it changes.
    pub fn tick(&mut self, now: Instant) -> Vec<HallEvent> {
        let mut events = Vec::new();
        for (i, board) in self.boards.iter_mut().enumerate() {
            let still = now.0.saturating_sub(board.changed.0);
            if board.view.result.is_none() && !board.stall_said && still >= self.stall_after {
                board.stall_said = true;
                events.push(HallEvent {
                    subject: Subject::Board(i),
                    news: HallNews::Stalled(still.as_secs() / 60),
                });
            }
        }
        events
    }

    /// When the next stall falls due, for the follower to wake then.
    pub fn next_stall(&self) -> Option<Instant> {
        self.boards
            .iter()
            .filter(|b| b.view.result.is_none() && !b.stall_said)
            .map(|b| Instant(b.changed.0 + self.stall_after))
            .min()
    }
}

fn call_news(call: ArbiterCall) -> HallNews {
    match call {
        ArbiterCall::Divergence => HallNews::Divergence,
        ArbiterCall::Claim => HallNews::Claim,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::pgn_game::Game;

    fn view(board: u32, moves: &str, tags: &str) -> BoardView {
        let text = format!(
            "[Board \"{board}\"]\n[White \"W{board}\"]\n[Black \"B{board}\"]\n{tags}\n{moves}\n"
        );
        BoardView::of(&Game::parse(&text, 1).unwrap())
    }

    fn at(secs: u64) -> Instant {
        Instant(Duration::from_secs(secs))
    }

    fn news(events: &[HallEvent]) -> Vec<(Subject, HallNews)> {
        events
            .iter()
            .map(|e| (e.subject.clone(), e.news.clone()))
            .collect()
    }

    #[test]
    fn moves_calls_and_results_come_urgent_first_and_each_once() {
        let mut hall = Hall::new(Duration::from_secs(600));
        let first = hall.take(
            0,
            vec![
                view(1, "1. e4 *", "[Result \"*\"]"),
                view(2, "*", "[Result \"*\"]"),
            ],
            at(0),
        );
        assert_eq!(
            news(&first),
            vec![
                (Subject::Board(0), HallNews::Seen),
                (Subject::Board(1), HallNews::Seen)
            ]
        );
        let same = hall.take(
            0,
            vec![
                view(1, "1. e4 *", "[Result \"*\"]"),
                view(2, "*", "[Result \"*\"]"),
            ],
            at(5),
        );
        assert!(same.is_empty(), "{same:?}");
        let next = hall.take(
            0,
            vec![
                view(1, "1. e4 e5 2. Nf3 *", "[Result \"*\"]"),
                view(2, "1. d4 *", "[Result \"*\"]\n[ArbiterCall \"Divergence\"]"),
            ],
            at(10),
        );
        assert_eq!(
            news(&next),
            vec![
                (Subject::Board(1), HallNews::Moved(0)),
                (Subject::Board(1), HallNews::Divergence),
                (Subject::Board(0), HallNews::Moved(1)),
            ]
        );
        assert_eq!(
            hall.listed(),
            vec![1, 0],
            "the board waiting for the arbiter first"
        );
        let over = hall.take(
            0,
            vec![view(
                2,
                "1. d4 1-0",
                "[Result \"1-0\"]\n[Termination \"time forfeit\"]",
            )],
            at(20),
        );
        assert_eq!(
            news(&over),
            vec![
                (Subject::Board(1), HallNews::Flag),
                (Subject::Board(1), HallNews::CallSettled)
            ]
        );
    }

    #[test]
    fn a_fault_is_said_once_until_the_source_answers_and_a_stall_once_until_a_move() {
        let mut hall = Hall::new(Duration::from_secs(600));
        hall.take(0, vec![view(7, "1. e4 *", "[Result \"*\"]")], at(0));
        assert_eq!(hall.next_stall(), Some(at(600)));
        assert!(hall.tick(at(599)).is_empty());
        assert_eq!(
            news(&hall.tick(at(660))),
            vec![(Subject::Board(0), HallNews::Stalled(11))]
        );
        assert!(hall.tick(at(900)).is_empty());
        let gone = hall.fault(0, SourceFault::Unreadable("refused".into()));
        assert_eq!(gone.len(), 1);
        assert!(
            hall.fault(0, SourceFault::Unreadable("reset".into()))
                .is_empty()
        );
        assert_eq!(
            hall.fault(0, SourceFault::Slow(5)).len(),
            1,
            "another kind of fault is said"
        );
        let back = hall.take(0, vec![view(7, "1. e4 e5 *", "[Result \"*\"]")], at(1000));
        assert_eq!(
            news(&back),
            vec![
                (Subject::Source(0), HallNews::Back),
                (Subject::Board(0), HallNews::Moved(1))
            ]
        );
        assert_eq!(hall.next_stall(), Some(at(1600)));
        assert_eq!(hall.numbered(7), Some(0));
    }

    #[test]
    fn the_most_urgent_board_first_and_each_boards_news_in_its_order() {
        let event = |board, news| HallEvent {
            subject: Subject::Board(board),
            news,
        };
        let mut events = vec![
            event(1, HallNews::Moved(4)),
            event(2, HallNews::Moved(6)),
            event(2, HallNews::Divergence),
            event(3, HallNews::Seen),
            event(1, HallNews::Result),
        ];
        urgent_first(&mut events);
        assert_eq!(
            events,
            [
                event(2, HallNews::Moved(6)),
                event(2, HallNews::Divergence),
                event(1, HallNews::Moved(4)),
                event(1, HallNews::Result),
                event(3, HallNews::Seen),
            ]
        );
    }

    #[test]
    fn games_of_one_source_with_the_same_key_are_boards_of_their_own() {
        let mut hall = Hall::new(Duration::from_secs(600));
        let game = |moves: &str| view(0, moves, "[Result \"*\"]");
        let first = hall.take(0, vec![game("1. e4 *"), game("1. d4 *")], at(0));
        assert_eq!(first.len(), 2, "{first:?}");
        assert_eq!(hall.boards().len(), 2);
        let next = hall.take(0, vec![game("1. e4 e5 *"), game("1. d4 d5 *")], at(5));
        assert_eq!(
            news(&next),
            vec![
                (Subject::Board(0), HallNews::Moved(1)),
                (Subject::Board(1), HallNews::Moved(1)),
            ]
        );
    }
}
