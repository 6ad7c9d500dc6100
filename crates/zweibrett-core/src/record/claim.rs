//! The record of a correct draw claim (9.2.1, 9.3.1): the intended move,
//! written on the score and not made, and for a repetition where the same
//! position stood before, for the score, the PGN and the spoken score.

use crate::game::words::GameSentence;
use crate::game::{ClaimKind, Game, GameWords};
use crate::notation::MoveNumber;

/// The record of the claim that ended `game`, in `words`, each SAN as
/// `write` writes it: the intended move, written and not made (9.2.1,
/// 9.3.1), and for a repetition where the same position stood before.
pub fn claim_lines(game: &Game, words: &GameWords, write: &dyn Fn(&str) -> String) -> Vec<String> {
    let Some(claim) = game.claim_record() else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    if let Some((number, san)) = &claim.intended {
        let article = match claim.kind {
            ClaimKind::Threefold => "9.2.1",
            ClaimKind::FiftyMoves => "9.3.1",
        };
        let mv = format!("{number} {}", write(san));
        lines.push(words.say(
            GameSentence::ClaimIntended,
            &[("move", &mv), ("article", article)],
        ));
    }
    if !claim.stood_after.is_empty() {
        let places: Vec<String> = claim
            .stood_after
            .iter()
            .map(|&ply| match ply.checked_sub(1) {
                None => words.say(GameSentence::ClaimAtStart, &[]),
                Some(index) => {
                    let number = MoveNumber::after(game.start(), index);
                    let san = game.moves().get(index).map_or("", |p| p.san.as_str());
                    let mv = format!("{number} {}", write(san));
                    words.say(GameSentence::ClaimAfterMove, &[("move", &mv)])
                }
            })
            .collect();
        lines.push(words.say(
            GameSentence::ClaimStoodBefore,
            &[("places", &places.join(", "))],
        ));
    }
    lines
}
