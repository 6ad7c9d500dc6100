//! Is a screen reader running? Then the screen-reader layout is the
//! default: no boards, nothing redrawn on its own, the newest announcement
//! just above the input line.
//!
//! Linux only: a process named after a known screen reader (Orca, Fenrir,
//! BRLTTY for braille displays), or the Speakup kernel module loaded.

use std::path::Path;

/// Process names of screen readers and braille drivers.
pub const SCREEN_READERS: [&str; 3] = ["orca", "fenrir", "brltty"];

/// True when `comm` (a process name as in `/proc/PID/comm`) is a screen
/// reader's.
pub fn is_screen_reader(comm: &str) -> bool {
    let comm = comm.trim();
    SCREEN_READERS.contains(&comm)
}

/// True when a screen reader seems to run. Cheap: one short read per
/// process, no command lines or environments.
pub fn screen_reader_running() -> bool {
    if Path::new("/sys/module/speakup").exists() {
        return true;
    }
    crate::speech::reader::process_dirs().any(|dir| {
        std::fs::read_to_string(dir.join("comm")).is_ok_and(|comm| is_screen_reader(&comm))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screen_readers_are_known_by_name() {
        assert!(is_screen_reader("orca\n"));
        assert!(is_screen_reader("brltty"));
        assert!(!is_screen_reader("orcaslicer"));
        assert!(!is_screen_reader("bash"));
    }
}
