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
    /// move or the move intended with a draw claim (9.2.1.1, 9.3.1); an
    /// answer to the game's own question, as the move it picks. `None`
    /// for a command without a move, or a text that reads as no single
    /// legal move.
    pub fn reads_as(&self, command: &Command) -> Option<String> {
        // A bare line answering the game's own question reads as the move
        // it picks.
        if let Command::Move(text) = command
            && let Some(uci) = self.answer_reads_as(text)
        {
            return Some(uci);
        }
        let text = match command {
            Command::Move(text) | Command::Repeat(text) | Command::Seal(text) => text,
            Command::Correct(text) => text,
            Command::Claim {
                intended: Some(text),
                ..
            } => text,
            _ => return None,
        };
        let board = self.board_for(command)?;
        match read_move(self.lexicon(), self.pack(), &board, text) {
            // Chess960 castling as the king onto its rook, so that replay
            // reads it back the same (Guidelines II.3).
            Reading::Move(m) => Some(UciMove::from_move(m, board.castles().mode()).to_string()),
            _ => None,
        }
    }

    /// Whether the move `uci` is legal on the board `command` is read on
    /// (see [`Game::reads_as`]): a journal that records a move that could
    /// not be played there has been changed by hand. True for a command
    /// read on no board.
    pub fn is_legal_for(&self, command: &Command, uci: &str) -> bool {
        let Some(board) = self.board_for(command) else {
            return true;
        };
        uci.parse::<UciMove>()
            .is_ok_and(|m| m.to_move(&board).is_ok())
    }

    /// The board `command`'s text is read on; `None` for a command without
    /// a move, or a correction with nothing announced to correct.
    fn board_for(&self, command: &Command) -> Option<Chess> {
        Some(match command {
            Command::Move(_) | Command::Repeat(_) => self.board(self.position().turn()).clone(),
            Command::Correct(_) => {
                if !matches!(self.step(), Step::Announced(_)) {
                    return None;
                }
                let mut before = self.start().clone();
                let played = self.moves();
                for p in played.iter().take(played.len().saturating_sub(1)) {
                    before.play_unchecked(p.mv);
                }
                before
            }
            Command::Seal(_) | Command::Claim { .. } => self.position().clone(),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::clock::Instant;
    use crate::game::{ClaimKind, Command, Game, Press, Repetition, Setup};
    use crate::notation::VoicePack;

    #[test]
    fn each_text_reads_on_the_board_it_is_read_on() {
        let setup = Setup {
            time: "600".into(),
            repetition: Repetition::Strict,
            press: Press::Separate,
            ..Setup::default()
        };
        let mut g = Game::new(setup, VoicePack::fide()).unwrap();
        let mv = |t: &str| Command::Move(t.into());
        assert_eq!(
            g.reads_as(&mv("Springer Felix drei")).as_deref(),
            Some("g1f3")
        );
        assert_eq!(g.reads_as(&mv("Ke2")), None, "no legal move");
        assert_eq!(g.reads_as(&Command::Press), None);
        assert_eq!(
            g.reads_as(&Command::Correct("d4".into())),
            None,
            "nothing to correct"
        );
        g.apply(&mv("e4"), Instant::from_secs(1));
        // Corrected on the position before the announced move.
        assert_eq!(
            g.reads_as(&Command::Correct("d4".into())).as_deref(),
            Some("d2d4")
        );
        g.apply(&Command::Press, Instant::from_secs(2));
        // Black repeats on Black's own board, where e2 still stands.
        assert_eq!(
            g.reads_as(&Command::Repeat("e4".into())).as_deref(),
            Some("e2e4")
        );
        let claim = Command::Claim {
            kind: ClaimKind::Threefold,
            intended: Some("Nf6".into()),
        };
        assert_eq!(g.reads_as(&claim).as_deref(), Some("g8f6"));
    }
}
