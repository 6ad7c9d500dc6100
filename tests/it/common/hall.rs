//! A round's live games as the hall tests write them: one board's PGN,
//! and the file written whole, as a game writes its live copy (a new file
//! renamed over the old).

use std::path::Path;

/// Board `number`'s live PGN in round 2: players "White N" and "Black N",
/// `moves` so far, waiting for the arbiter over a divergence when `call`.
pub fn live_board(number: u32, moves: &str, call: bool) -> String {
    let call = if call {
        "[ArbiterCall \"Divergence\"]\n"
    } else {
        ""
    };
    format!(
        "[Round \"2\"]\n[Board \"{number}\"]\n[White \"White {number}\"]\n\
         [Black \"Black {number}\"]\n[Result \"*\"]\n{call}\n{moves} *\n"
    )
}

/// Writes `text` to `path` whole: a temporary file renamed over it.
pub fn write_whole(path: &Path, text: &str) {
    let temporary = path.with_extension("tmp");
    std::fs::write(&temporary, text).unwrap();
    std::fs::rename(&temporary, path).unwrap();
}
