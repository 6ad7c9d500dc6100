//! What a seat and the game say to each other: one JSON object per line
//! over the seat's socket. The seat asks to join in a role; the game
//! welcomes it (or refuses it, saying why in the pack's words), then sends
//! what the seat shows whenever it changes and every sentence the game
//! says; the seat sends the lines its user types.

use std::sync::mpsc;

use serde::{Deserialize, Serialize};
use zweibrett_core::game::Side;
use zweibrett_core::seat::{SeatRole, SeatView};

/// The version of this protocol, carried by every request to join: a
/// seat of another release is refused with a sentence saying so, rather
/// than misreading what the game sends.
pub const PROTOCOL_VERSION: u32 = 1;

/// From a seat to the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToGame {
    /// The first message: the seat asks to join in `role`.
    Join {
        /// The role asked for.
        role: SeatRole,
        /// The protocol's version the seat speaks; a request without one
        /// is of a release before versions, and is refused.
        #[serde(default)]
        version: u32,
    },
    /// A line the seat's user typed: a move, a repetition, a command.
    Line {
        /// The line as typed.
        text: String,
    },
    /// The seat leaves; the game goes on.
    Leave,
}

/// From the game to a seat.
// A view is the common message and goes straight to the socket as JSON;
// boxing it would only add an allocation per message.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ToSeat {
    /// The seat has joined.
    Welcome {
        /// Its role.
        role: SeatRole,
        /// The side the seat types for, when the role has one (the
        /// opponent's colour).
        side: Option<Side>,
        /// The game's voice pack, by name: the seat shows everything in
        /// its language.
        voice: String,
    },
    /// The seat may not join, and why, in the pack's words.
    Refused {
        /// Why.
        reason: String,
    },
    /// What the seat shows, whenever it changes.
    View(SeatView),
    /// A sentence the game said or showed (an announcement, an answer, a
    /// refusal of what this seat typed), in the pack's words.
    Said {
        /// The sentence.
        text: String,
    },
    /// The game has ended or its process has left: the seat closes.
    Closed {
        /// Why, in the pack's words.
        reason: String,
    },
}

/// A joined seat's end of its link to the game, once welcomed: what the
/// seat sends and what comes from the game, as channels, so that the
/// seat's screen never waits on the socket.
pub struct SeatLink {
    /// The role the game welcomed.
    pub role: SeatRole,
    /// The side the seat types for, if any.
    pub side: Option<Side>,
    /// The game's voice pack, by name.
    pub voice: String,
    /// Lines to the game.
    pub to_game: mpsc::Sender<ToGame>,
    /// What comes from the game; disconnected when the game is gone.
    pub from_game: mpsc::Receiver<ToSeat>,
    /// Rung after each message from the game, and when the game is gone,
    /// so that the seat's front end blocks on one channel.
    pub waker: crate::wake::Waker,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_one_json_object_each_and_read_back() {
        let join = ToGame::Join {
            role: SeatRole::Opponent,
            version: PROTOCOL_VERSION,
        };
        let text = serde_json::to_string(&join).unwrap();
        assert_eq!(text, r#"{"kind":"join","role":"opponent","version":1}"#);
        let old: ToGame = serde_json::from_str(r#"{"kind":"join","role":"opponent"}"#).unwrap();
        assert_eq!(
            old,
            ToGame::Join {
                role: SeatRole::Opponent,
                version: 0
            }
        );
        assert_eq!(serde_json::from_str::<ToGame>(&text).unwrap(), join);
        let said = ToSeat::Said {
            text: "e vier".into(),
        };
        let text = serde_json::to_string(&said).unwrap();
        assert_eq!(serde_json::from_str::<ToSeat>(&text).unwrap(), said);
    }
}
