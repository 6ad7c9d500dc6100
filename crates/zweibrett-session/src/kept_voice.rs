//! The voice's rate and volume kept in the configuration file, on a thread
//! of its own: a change of voice is answered at once, a slow or full disk
//! never holds up the game or its clock, and of a burst of changes only
//! the latest level is written. A level that cannot be kept comes back as
//! a notice, with a ring, for the host to say.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

use zweibrett_core::utterance::VoiceLevel;

use crate::wake::{Ringing, Source, Waker};

/// The thread that writes the voice's level into one configuration file.
pub struct VoiceKeeper {
    levels: Option<Sender<VoiceLevel>>,
    /// Why a level could not be kept, one per failed write.
    failures: Receiver<String>,
    thread: Option<JoinHandle<()>>,
}

impl VoiceKeeper {
    /// Starts keeping levels in the file at `path`; `waker` is rung when
    /// one cannot be kept. A thread that cannot be started is an error.
    pub fn start(path: PathBuf, waker: &Waker) -> std::io::Result<VoiceKeeper> {
        let (levels, to_keep) = mpsc::channel::<VoiceLevel>();
        let (failed, failures) = mpsc::channel();
        let tell = Ringing::new(failed, waker, Source::Voice);
        let thread = std::thread::Builder::new()
            .name("voice level".into())
            .spawn(move || {
                while let Ok(mut level) = to_keep.recv() {
                    // Only the latest of the levels waiting matters.
                    while let Ok(later) = to_keep.try_recv() {
                        level = later;
                    }
                    if let Err(e) = crate::config::keep_voice_level(&path, level) {
                        tell.send(e.to_string());
                    }
                }
            })?;
        Ok(VoiceKeeper {
            levels: Some(levels),
            failures,
            thread: Some(thread),
        })
    }

    /// Hands `level` over to be written; returns at once.
    pub fn keep(&self, level: VoiceLevel) {
        if let Some(levels) = &self.levels {
            let _ = levels.send(level);
        }
    }

    /// Why levels could not be kept, since the last call.
    pub fn failures(&self) -> Vec<String> {
        self.failures.try_iter().collect()
    }

    /// Waits until every level handed over is written, as the program
    /// ends; returns why any could not be.
    pub fn finish(&mut self) -> Vec<String> {
        drop(self.levels.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        self.failures()
    }
}

impl Drop for VoiceKeeper {
    fn drop(&mut self) {
        // The last level is written before the program goes.
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latest_level_is_kept_and_a_file_that_is_not_toml_comes_back_as_a_failure() {
        let dir = std::env::temp_dir().join(format!("zweibrett-kept-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        std::fs::write(&path, "# mine\n[game]\ntraining = false\n").unwrap();
        let mut keeper = VoiceKeeper::start(path.clone(), &Waker::default()).unwrap();
        for rate in [10, 20, 30] {
            keeper.keep(VoiceLevel { rate, volume: 70 });
        }
        assert!(keeper.finish().is_empty());
        let kept = std::fs::read_to_string(&path).unwrap();
        assert!(
            kept.starts_with("# mine\n[game]\ntraining = false\n"),
            "{kept}"
        );
        assert!(kept.contains("rate = 30\nvolume = 70"), "{kept}");

        std::fs::write(&path, "[speech\n").unwrap();
        let mut keeper = VoiceKeeper::start(path.clone(), &Waker::default()).unwrap();
        keeper.keep(VoiceLevel {
            rate: 0,
            volume: 80,
        });
        let failures = keeper.finish();
        assert_eq!(failures.len(), 1, "{failures:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[speech\n");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
