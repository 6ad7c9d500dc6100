//! The game's live PGN: rewritten after every change of the game (a move,
//! a clock's reading after it, a divergence, a result), whole or not at
//! all, beside the journal and in the round's folder that a broadcast
//! polls, renamed into place but not put on disk (the journal keeps the
//! game; a crash may lose only the newest copy). The writing is done on a
//! thread of its own, so that the game
//! never waits on the disk; while a write is under way, newer texts
//! replace older ones and only the newest is written next.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};

/// The live PGN's writer. The thread ends when this is dropped, after the
/// last text handed over is written.
pub struct LivePgn {
    texts: Sender<String>,
    failures: Receiver<LiveFailure>,
    /// The text last handed over: the same text is not written twice.
    last: String,
}

/// A copy of the live PGN that could not be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveFailure {
    /// The file.
    pub path: PathBuf,
    /// Why, as the system says it.
    pub reason: String,
}

/// Where one copy goes and how it is written.
#[derive(Clone, Debug)]
pub struct LiveCopy {
    /// The file.
    pub path: PathBuf,
    /// The game's own file, its user's alone; a round's copy is written
    /// keeping the permissions its folder's files have, for the broadcast
    /// to read.
    pub private: bool,
}

impl LivePgn {
    /// A writer of `copies`, starting its thread.
    pub fn start(copies: Vec<LiveCopy>) -> LivePgn {
        let (texts, wanted) = mpsc::channel::<String>();
        let (failed, failures) = mpsc::channel();
        let _ = std::thread::Builder::new()
            .name("live pgn".into())
            .spawn(move || {
                let mut said: Vec<LiveFailure> = Vec::new();
                while let Ok(mut text) = wanted.recv() {
                    // Only the newest text matters.
                    if let Some(newest) = wanted.try_iter().last() {
                        text = newest;
                    }
                    for copy in &copies {
                        let written = if copy.private {
                            crate::files::publish(&copy.path, text.as_bytes())
                        } else {
                            let new = !copy.path.exists();
                            crate::files::publish(&copy.path, text.as_bytes()).and_then(|()| {
                                // A round's copy is for the broadcast: a
                                // server of another user may read it. Later
                                // writes keep what it has.
                                if new {
                                    use std::os::unix::fs::PermissionsExt;
                                    let readable = std::fs::Permissions::from_mode(0o644);
                                    std::fs::set_permissions(&copy.path, readable)?;
                                }
                                Ok(())
                            })
                        };
                        match written {
                            Ok(()) => said.retain(|f| f.path != copy.path),
                            Err(e) => {
                                let failure = LiveFailure {
                                    path: copy.path.clone(),
                                    reason: e.to_string(),
                                };
                                // Each fault once, until the file is written again.
                                if !said.contains(&failure) {
                                    said.retain(|f| f.path != copy.path);
                                    said.push(failure.clone());
                                    let _ = failed.send(failure);
                                }
                            }
                        }
                    }
                }
            });
        LivePgn {
            texts,
            failures,
            last: String::new(),
        }
    }

    /// Hands `text` over to be written, unless it is the text last handed
    /// over; never waits.
    pub fn keep(&mut self, text: String) {
        if text != self.last {
            self.last.clone_from(&text);
            let _ = self.texts.send(text);
        }
    }

    /// The copies that could not be written since last asked, each fault
    /// once; never waits.
    pub fn failures(&self) -> Vec<LiveFailure> {
        self.failures.try_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;
    use std::time::{Duration, Instant};

    fn eventually(mut what: impl FnMut() -> bool) -> bool {
        let until = Instant::now() + Duration::from_secs(10);
        while Instant::now() < until {
            if what() {
                return true;
            }
            std::thread::park_timeout(Duration::from_millis(10));
        }
        false
    }

    #[test]
    fn the_newest_text_reaches_both_copies_and_a_copy_that_cannot_be_written_is_said_once() {
        let dir = crate::test_files::fresh_dir("live-pgn");
        let own = dir.join("game.pgn");
        let round = dir.join("round").join("board-3.pgn");
        let blocked = dir.join("blocked");
        std::fs::write(&blocked, "a file where a folder should be").unwrap();
        let mut live = LivePgn::start(vec![
            LiveCopy {
                path: own.clone(),
                private: true,
            },
            LiveCopy {
                path: round.clone(),
                private: false,
            },
            LiveCopy {
                path: blocked.join("board-3.pgn"),
                private: false,
            },
        ]);
        for n in 1..=50 {
            live.keep(format!("[Event \"Live\"]\n\n{n}. e4 *\n"));
        }
        let newest = "[Event \"Live\"]\n\n50. e4 *\n";
        assert!(eventually(
            || std::fs::read_to_string(&own).ok().as_deref() == Some(newest)
        ));
        assert!(eventually(|| std::fs::read_to_string(&round)
            .ok()
            .as_deref()
            == Some(newest)));
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&own), 0o600, "the game's own copy is its user's");
        assert!(
            eventually(|| mode(&round) == 0o644),
            "the round's copy is for the broadcast"
        );
        let mut failures = Vec::new();
        assert!(eventually(|| {
            failures.extend(live.failures());
            !failures.is_empty()
        }));
        live.keep("[Event \"Live\"]\n\n1. d4 *\n".into());
        assert!(eventually(|| std::fs::read_to_string(&own)
            .unwrap()
            .contains("d4")));
        failures.extend(live.failures());
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert_eq!(failures[0].path, blocked.join("board-3.pgn"));
        drop(live);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
