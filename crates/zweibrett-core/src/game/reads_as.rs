//! What a command's text reads as, before the game carries it out: the
//! journal records it beside the text, so that a resumed game can tell
//! whether the reader of today still reads the text as the same move.

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use super::{Command, Game, Step};
use crate::notation::{Reading, read_move};

impl Game {
    /// The move `command`'s text reads as now, in UCI, on the board it is
    /// read on: the mover's own board for a move (D.2.1), the position
    /// before the announced move for a correction (D.2.8), the repeating
    /// player's board for a repetition, the game's position for a sealed
    /// move. `None` for a command without a move, or a text that reads as
    /// no single legal move.
    pub fn reads_as(&self, command: &Command) -> Option<String> {
        let text = match command {
            Command::Move(text) | Command::Repeat(text) | Command::Seal(text) => text,
            Command::Correct(text) => text,
            _ => return None,
        };
        let board: Chess = match command {
            Command::Move(_) | Command::Repeat(_) => self.board(self.position().turn()).clone(),
            Command::Correct(_) => {
                if *self.step() != Step::Announced {
                    return None;
                }
                let mut before = self.start().clone();
                let played = self.moves();
                for p in played.iter().take(played.len().saturating_sub(1)) {
                    before.play_unchecked(p.mv);
                }
                before
            }
            _ => self.position().clone(),
        };
        let lexicon = crate::notation::Lexicon::with_pack(self.pack());
        match read_move(&lexicon, self.pack(), &board, text) {
            Reading::Move(m) => {
                Some(UciMove::from_move(m, shakmaty::CastlingMode::Standard).to_string())
            }
            _ => None,
        }
    }
}
