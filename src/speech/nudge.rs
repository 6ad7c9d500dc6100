//! Waking the speech thread when something it waits for happened on
//! another thread: the system engine began, ended or refused a text, was
//! set up, or the sound device took the last of a sound. The speech thread
//! then waits on its one channel until the next thing is due, and never
//! looks again on a timer.

use std::sync::Arc;

/// Rings the speech thread. Cheap to clone and to ring; ringing never
/// waits, so the audio callback and the engine's callbacks may ring.
#[derive(Clone)]
pub(super) struct Nudge(Arc<dyn Fn() + Send + Sync>);

impl Nudge {
    /// A nudge that calls `ring`.
    pub(super) fn new(ring: impl Fn() + Send + Sync + 'static) -> Nudge {
        Nudge(Arc::new(ring))
    }

    /// Wakes whoever waits.
    pub(super) fn ring(&self) {
        (self.0)();
    }
}

impl std::fmt::Debug for Nudge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Nudge")
    }
}
