//! Text handed to the terminal's clipboard for the user to paste (a
//! position's FEN): the OSC 52 sequence, which most terminal emulators
//! take (xterm, kitty, WezTerm, foot, iTerm2, Windows Terminal; tmux with
//! `set-clipboard on`) and the others pass over unseen. It is written only
//! to a terminal that takes escape sequences: piped output, and a `dumb`
//! terminal, stay plain text.

use std::io::{IsTerminal, Write};

use crossterm::clipboard::CopyToClipboard;

/// Sends `text` to the clipboard of the terminal on standard output, when
/// standard output is one; whether it was sent.
pub fn offer(text: &str) -> bool {
    let mut out = std::io::stdout();
    if !out.is_terminal() || !crate::ui::screen::terminal::takes_escapes() {
        return false;
    }
    // A terminal that refuses the sequence loses nothing: the text is also
    // said and written to a file.
    crossterm::execute!(out, CopyToClipboard::to_clipboard_from(text)).is_ok()
        && out.flush().is_ok()
}

/// Offers `text` to the clipboard and returns what to say: `said`, with
/// `clipboard` after it when the text was sent.
pub fn offered(text: &str, said: String, clipboard: &str) -> String {
    if offer(text) {
        format!("{said}, {clipboard}")
    } else {
        said
    }
}
