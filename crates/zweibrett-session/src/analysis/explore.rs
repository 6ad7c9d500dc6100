//! The opening explorer in a session: the file's tree opened or built on
//! first asking, and each question answered at the position it was asked
//! about.

use shakmaty::{Chess, Move, Position};

use super::Shown;
use crate::explorer::{Opening, Stamp, open_or_build};
use zweibrett_core::analysis::explorer::{Explored, explore, position_hash};
use zweibrett_core::analysis::session::Session;
use zweibrett_core::analysis::words::AnalysisSentence;

/// The way to a position: the game's start and the moves played.
type Way = (Chess, Vec<Move>);

/// The file's opening tree and the question waiting for it.
#[derive(Default)]
pub struct Explorer {
    opening: Option<Opening>,
    /// Asked while the tree was being built: answered once it is, if the
    /// board is still there.
    asked: Option<Way>,
}

impl Explorer {
    /// Answers what the file's games played at the end of `way`, building
    /// the tree first when there is none of the file as it is now.
    pub fn ask(&mut self, session: &Session, way: Way, waker: &crate::wake::Waker) -> Vec<Shown> {
        let words = session.words();
        let index = session.index();
        let current = |stamp: &Stamp| {
            Stamp::of(&index.path, index.games.len()).is_ok_and(|now| now == *stamp)
        };
        match &self.opening {
            Some(Opening::Ready(_, stamp)) if !current(stamp) => self.opening = None,
            // A tree that could not be built is tried again.
            Some(Opening::Failed(_)) => self.opening = None,
            _ => {}
        }
        let opening = self
            .opening
            .get_or_insert_with(|| open_or_build(index, waker));
        let said = match opening {
            Opening::Ready(tree, _) => answer(session, &way, |hash| tree.moves_at(hash)),
            Opening::Building(..) if self.asked.is_some() => {
                words.phrase(AnalysisSentence::ExplorerStillBuilding, &[])
            }
            Opening::Building(..) => words.explorer_building(index.games.len()),
            Opening::Failed(reason) => {
                words.phrase(AnalysisSentence::ExplorerFailed, &[("reason", reason)])
            }
        };
        if matches!(opening, Opening::Building(..)) {
            self.asked = Some(way);
        }
        vec![Shown::Say(said)]
    }

    /// Whether the tree is being built for a question.
    pub fn is_building(&self) -> bool {
        matches!(self.opening, Some(Opening::Building(..))) && self.asked.is_some()
    }

    /// Takes in the built tree: answers the question waiting, at the
    /// position on the board if it is still the one asked about, else says
    /// the tree is ready.
    pub fn poll(&mut self, session: &Session) -> Vec<Shown> {
        let Some(Opening::Building(built, stamp)) = &self.opening else {
            return Vec::new();
        };
        let words = session.words();
        let records = match built.try_recv() {
            Err(std::sync::mpsc::TryRecvError::Empty) => return Vec::new(),
            Ok(Ok(records)) => records,
            Ok(Err(reason)) => {
                self.opening = Some(Opening::Failed(reason.clone()));
                self.asked = None;
                return vec![Shown::Say(
                    words.phrase(AnalysisSentence::ExplorerFailed, &[("reason", &reason)]),
                )];
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.opening = None;
                self.asked = None;
                return Vec::new();
            }
        };
        let tree = crate::explorer::Tree::Held(records);
        let said = match self.asked.take() {
            Some(way) if position_of(&way) == session.replay().position() => {
                answer(session, &way, |hash| tree.moves_at(hash))
            }
            Some(_) => {
                let command = words.pack.command_words().word("explore");
                words.phrase(AnalysisSentence::ExplorerReady, &[("command", command)])
            }
            None => String::new(),
        };
        self.opening = Some(Opening::Ready(tree, *stamp));
        if said.is_empty() {
            return Vec::new();
        }
        vec![Shown::Say(said)]
    }
}

fn position_of((start, moves): &Way) -> Chess {
    let mut position = start.clone();
    for &m in moves {
        position.play_unchecked(m);
    }
    position
}

/// What the tree (`lookup`) says of the end of `way`; a position only one
/// game reached is looked for in that game.
fn answer(
    session: &Session,
    way: &Way,
    lookup: impl FnMut(u64) -> std::io::Result<Vec<zweibrett_core::analysis::explorer::TreeMove>>,
) -> String {
    let words = session.words();
    let position = position_of(way);
    let failed =
        |reason: String| words.phrase(AnalysisSentence::ExplorerFailed, &[("reason", &reason)]);
    match explore(&way.0, &way.1, lookup) {
        Err(e) => failed(e.to_string()),
        Ok(Explored::Moves(moves)) => words.explored(&position, &moves),
        Ok(Explored::PastTheTree) => words.explored_past(),
        Ok(Explored::NoGame) => words.phrase(AnalysisSentence::ExplorerNoGame, &[]),
        Ok(Explored::OneGame(number)) => {
            let number = number as usize;
            let game = match session.read_game(number) {
                Ok(game) => game,
                Err(e) => return failed(e.to_string()),
            };
            let target = position_hash(&position);
            let mut at = game.start.clone();
            for node in &game.moves {
                if position_hash(&at) == target {
                    return one_game(session, number, &game, Some((&at, node.m)));
                }
                at.play_unchecked(node.m);
            }
            if position_hash(&at) == target {
                return one_game(session, number, &game, None);
            }
            words.phrase(AnalysisSentence::ExplorerNoGame, &[])
        }
    }
}

fn one_game(
    session: &Session,
    number: usize,
    game: &zweibrett_core::record::pgn_game::Game,
    next: Option<(&Chess, Move)>,
) -> String {
    let tag = |name| game.tag(name).unwrap_or("?");
    session
        .words()
        .explored_one(number, (tag("White"), tag("Black")), &game.result, next)
}
