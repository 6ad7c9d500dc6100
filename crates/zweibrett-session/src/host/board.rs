//! The host's side of the sighted player's electronic board: the line's
//! events taken in the order they came, the follower's commands entered
//! at the moment the board showed them, and what it says said to the
//! table.

use super::{GameHost, Kind, Waiting};
use crate::board::{BoardEvent, BoardFault, BoardLine, ClockFollower, Follow, Follower};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::utterance::Priority;

/// The electronic board a game follows: its line (none in the game-flow
/// tests, which hand the host its events) and the follower.
pub(super) struct Following {
    pub(super) line: Option<BoardLine>,
    pub(super) follower: Follower,
    /// The official clock plugged into the board, if it has one.
    pub(super) clock: ClockFollower,
}

impl GameHost {
    /// Follows the sighted player's electronic board through `line`; with
    /// `None`, only the events handed to [`GameHost::hand_board`].
    pub fn follow_board(&mut self, line: Option<BoardLine>) {
        let checked = self.session.game().moves().len();
        self.board = Some(Following {
            line,
            follower: Follower::new(checked),
            clock: ClockFollower::default(),
        });
    }

    /// Follows a DGT board on the serial line `port` ([`crate::board::AUTO`]:
    /// the first line a board answers on), read on a thread of its own;
    /// what it finds or fails to find is said in the game.
    pub fn follow_board_on(&mut self, port: String) {
        let line = BoardLine::start(
            port,
            crate::board::Dgt::boxed,
            crate::wake::Waker::default(),
        );
        self.follow_board(Some(line));
    }

    /// Takes `event` as if the board's line had read it at `at`: for the
    /// game-flow tests, which have no serial line.
    pub fn hand_board(&mut self, event: BoardEvent, at: std::time::Instant) {
        self.clock = self.clock.max(at);
        let at = self.session.instant(at);
        self.waiting.push_back((Waiting::Board(event), at));
        self.pump();
    }

    /// Takes what the board's line has read into the waiting queue.
    pub(super) fn serve_board(&mut self) {
        let Some(line) = self.board.as_ref().and_then(|b| b.line.as_ref()) else {
            return;
        };
        let events = line.take();
        for (event, read) in events {
            let at = self.session.instant(read);
            self.waiting.push_back((Waiting::Board(event), at));
        }
    }

    /// One event of the board's line.
    pub(super) fn board_event(&mut self, event: BoardEvent, at: Instant) {
        let Some(following) = self.board.as_mut() else {
            return;
        };
        let game = self.session.game();
        let follows = match event {
            BoardEvent::Found(identity) => {
                following.follower.reconnected();
                // The clock may be plugged in the other way round now.
                following.clock = ClockFollower::default();
                // Who it is, short and behind any move: its serial
                // number is for the doctor and the debug log.
                log::debug!("board found: {identity:?}");
                vec![Follow::Say(
                    game.sentence(GameSentence::BoardFound, &[("maker", &identity.maker)]),
                    Priority::Answer,
                )]
            }
            BoardEvent::Shows(fields) => following.follower.shows(fields, at, game),
            BoardEvent::Fault(fault) => {
                let key = match fault {
                    BoardFault::NotThere => GameSentence::BoardNotThere,
                    BoardFault::Busy => GameSentence::BoardBusy,
                    BoardFault::NotAllowed => GameSentence::BoardNotAllowed,
                    BoardFault::Silent => GameSentence::BoardSilent,
                    BoardFault::Lost => GameSentence::BoardLost,
                    BoardFault::Other(_) => GameSentence::BoardFailed,
                };
                // Moves are typed from now: said, but never over a move.
                vec![Follow::Say(game.sentence(key, &[]), Priority::Move)]
            }
            BoardEvent::Clock(reading) => following.clock.reads(reading, at, game),
            BoardEvent::NoClock => following.clock.gone(game),
        };
        self.board_follows(follows);
    }

    /// Whether the board's follower has something due by now; done if so.
    pub(super) fn board_due(&mut self) -> bool {
        let now = self.now();
        let Some(following) = self.board.as_mut() else {
            return false;
        };
        let game = self.session.game();
        if following.follower.deadline(game).is_none_or(|at| at > now) {
            return false;
        }
        let follows = following.follower.due(now, game);
        let any = !follows.is_empty();
        self.board_follows(follows);
        any
    }

    /// The next moment the board's follower must look again.
    pub(super) fn board_deadline(&self) -> Option<Instant> {
        let following = self.board.as_ref()?;
        following.follower.deadline(self.session.game())
    }

    fn board_follows(&mut self, follows: Vec<Follow>) {
        for follow in follows {
            match follow {
                Follow::Enter(command, at) => self.enter(&command, at),
                Follow::Say(text, priority) => self.show_said(Kind::Note, text, priority),
            }
        }
    }
}
