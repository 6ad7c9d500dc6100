//! The board cursor of the analysis screen: F8 turns it on and off; while
//! it is on, the arrows walk the board square by square, a piece's letter
//! in the pack's language jumps to the next piece of that kind (with Shift
//! the one before), a digit to that rank, Enter asks the moves of the
//! piece under it and Space who attacks and defends the square. Each step
//! says the square and what stands on it.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use shakmaty::{Rank, Role, Square};

use super::{AnalysisState, Effect};
use crate::analysis::board_cursor::{BoardCursor, Direction};
use crate::analysis::questions::Question;
use crate::analysis::words::AnalysisSentence;
use crate::analysis::{Command, Played};
use crate::notation::VoicePack;
use crate::notation::piece_letters::PieceLetters;

/// The letter that jumps to a piece of `role` in `pack`'s language: its
/// symbol, and for the pawn, which has none, the first letter of its name.
pub fn letter(pack: &VoicePack, role: Role) -> Option<char> {
    PieceLetters::of_pack(pack)
        .letter(role)
        .or_else(|| pack.piece(role).chars().next())
        .map(|c| c.to_lowercase().next().unwrap_or(c))
}

/// The letters of all six pieces, king first, as the help gives them.
pub fn letters(pack: &VoicePack) -> String {
    Role::ALL
        .iter()
        .rev()
        .filter_map(|&r| letter(pack, r))
        .map(String::from)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Turns the cursor on, on the last move's square (else the first rank's
/// king's square of the side at the foot), or off.
pub fn toggle(state: &mut AnalysisState) -> Vec<Effect> {
    let words = state.session.words();
    if state.cursor.take().is_some() {
        let said = words.phrase(AnalysisSentence::CursorOff, &[]);
        return vec![state.say(said)];
    }
    let replay = state.session.replay();
    let square = replay.last().map_or(
        match state.orientation {
            shakmaty::Color::White => Square::E1,
            shakmaty::Color::Black => Square::E8,
        },
        |p: Played| p.m.to(),
    );
    let cursor = BoardCursor::at(square);
    let said = words.phrase(
        AnalysisSentence::CursorOn,
        &[("square", &cursor.said(&replay.position(), words))],
    );
    state.cursor = Some(cursor);
    vec![state.say(said)]
}

/// One square towards `direction`, or at the edge that it is the edge.
pub fn step(state: &mut AnalysisState, direction: Direction) -> Vec<Effect> {
    let Some(cursor) = state.cursor.as_mut() else {
        return Vec::new();
    };
    let moved = cursor.step(direction, state.orientation);
    said_where(state, moved)
}

/// The square and what stands there, or (`false`) that the cursor could
/// not go.
fn said_where(state: &mut AnalysisState, went: bool) -> Vec<Effect> {
    let Some(cursor) = state.cursor else {
        return Vec::new();
    };
    let words = state.session.words();
    let here = cursor.said(&state.session.replay().position(), words);
    let said = if went {
        here
    } else {
        format!(
            "{}. {here}",
            words.phrase(AnalysisSentence::CursorEdge, &[])
        )
    };
    vec![state.step(said)]
}

/// The moves of the piece under the cursor (`moves`), or who attacks and
/// defends its square, as the typed questions answer them.
pub fn ask(state: &mut AnalysisState, moves: bool) -> Vec<Effect> {
    let Some(cursor) = state.cursor else {
        return Vec::new();
    };
    let question = if moves {
        Question::Moves(cursor.square)
    } else {
        Question::Attackers(cursor.square)
    };
    let shown = state.session.command(&Command::Ask(question));
    state.show(shown)
}

/// A letter or a digit while the cursor is on: `None` for any other key,
/// which then does what it does without the cursor.
pub fn key(state: &mut AnalysisState, key: KeyEvent) -> Option<Vec<Effect>> {
    let KeyCode::Char(c) = key.code else {
        return None;
    };
    if key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
    {
        return None;
    }
    if let Some(rank) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
        state.cursor.as_mut()?.to_rank(Rank::new(rank - 1));
        return Some(said_where(state, true));
    }
    let back = c.is_uppercase() || key.modifiers.contains(KeyModifiers::SHIFT);
    let lower = c.to_lowercase().next()?;
    let pack = &state.session.words().pack;
    // Kings first, as the help lists them.
    let role = Role::ALL
        .into_iter()
        .rev()
        .find(|&r| letter(pack, r) == Some(lower));
    let Some(role) = role else {
        // Nothing is typed while the cursor is on; a key it does not take
        // is passed over in silence rather than typed unseen.
        return Some(Vec::new());
    };
    let position = state.session.replay().position();
    let orientation = state.orientation;
    let found = state
        .cursor
        .as_mut()?
        .next_piece(&position, role, back, orientation);
    if !found {
        let said = state
            .session
            .words()
            .phrase(AnalysisSentence::CursorNoPiece, &[]);
        return Some(vec![state.say(said)]);
    }
    Some(said_where(state, true))
}
