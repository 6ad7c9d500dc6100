//! The signals that end a session from outside: SIGTERM (a shutdown, `kill`),
//! SIGHUP (the terminal window closed, an ssh connection lost), SIGINT
//! (Ctrl-C where the terminal sends it) and SIGQUIT.
//!
//! A signal sets a flag here and rings the channel every mode's driver
//! waits on: the mode wakes, leaves as the user's `quit` would (a running
//! clock paused and journalled, so it stops where it stood, 6.11), gives
//! the terminal back, and the program ends with status 128 + the signal's
//! number, as a shell reports a process ended by that signal. A second signal of the same kind ends the program
//! at once, for a loop that could not answer the first.

use std::io::Write as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};

/// The signals that end a session.
pub(crate) const ENDING: [i32; 4] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT];

struct Received {
    /// Set by the first signal; a second one then ends the program.
    any: Arc<AtomicBool>,
    /// The number of the last signal received.
    which: Arc<AtomicUsize>,
}

static RECEIVED: OnceLock<Option<Received>> = OnceLock::new();

/// Starts watching for the [`ENDING`] signals, instead of being ended by
/// them at once; called once more it does nothing. A signal that cannot be
/// watched keeps its usual effect.
pub(crate) fn watch() {
    RECEIVED.get_or_init(|| {
        let any = Arc::new(AtomicBool::new(false));
        let which = Arc::new(AtomicUsize::new(0));
        for signal in ENDING {
            // Registered first, so the first signal finds the flag unset.
            let second = signal_hook::flag::register_conditional_default(signal, Arc::clone(&any));
            let first = signal_hook::flag::register_usize(
                signal,
                Arc::clone(&which),
                usize::try_from(signal).unwrap_or(0),
            )
            .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&any)));
            if second.is_err() || first.is_err() {
                return None;
            }
        }
        Some(Received { any, which })
    });
}

/// Rings `waker` at each [`ENDING`] signal, from a thread of its own, so
/// that a front end blocked on its one channel wakes and leaves; the flag
/// of [`watch`] still says which signal came.
pub(crate) fn ring_on_signal(waker: crate::session::wake::Waker) {
    watch();
    let Ok(mut signals) = signal_hook::iterator::Signals::new(ENDING) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                waker.wake(crate::session::wake::Source::Signal);
            }
        });
}

/// The signal received since `watch`, if one was: the session should
/// be left as `quit` leaves it.
pub fn requested() -> Option<i32> {
    let received = RECEIVED.get()?.as_ref()?;
    if !received.any.load(Ordering::SeqCst) {
        return None;
    }
    i32::try_from(received.which.load(Ordering::SeqCst))
        .ok()
        .filter(|&signal| signal > 0)
}

/// The exit status of a program ended by `signal`: 128 + its number.
pub fn exit_status(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(u8::MAX)
}

/// The exit status when the reader of standard output has gone
/// (`zweibrett analyse games.pgn | head -1`): 128 + SIGPIPE, what a shell
/// reports for a program ended by a closed pipe.
pub(crate) const CLOSED_OUTPUT_STATUS: u8 = 141;

/// The exit status when standard output or error cannot be written for
/// any other reason (a full disk, a terminal gone): `EX_IOERR` of
/// sysexits.h.
pub(crate) const OUTPUT_FAILED_STATUS: u8 = 74;

/// Makes a closed standard output or error end the program quietly with
/// `CLOSED_OUTPUT_STATUS`: the reader has all it wanted, and there is
/// nowhere left to say anything. The standard library ignores SIGPIPE
/// (a seat's socket or the engine's pipe closing must not end a game) and
/// turns a failed `println!` into a panic; this hook catches exactly that
/// panic and passes every other one on. After an ending signal, printing
/// that fails for any reason ends the program with the signal's status.
pub fn end_quietly_on_closed_output() {
    let broken = std::io::Error::from_raw_os_error(libc::EPIPE).to_string();
    let earlier = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        let printing = message.starts_with("failed printing to stdout")
            || message.starts_with("failed printing to stderr");
        if printing && let Some(signal) = requested() {
            // A closed window (SIGHUP) takes the terminal with it: the
            // session is already left, and there is nobody to tell.
            std::process::exit(i32::from(exit_status(signal)));
        }
        if printing && message.ends_with(&broken) {
            std::process::exit(i32::from(CLOSED_OUTPUT_STATUS));
        }
        if printing {
            // A full disk or a terminal gone (ENOSPC, EIO): said on the
            // other stream where it still can be, never a backtrace. The
            // journal already holds every move.
            let stream = if message.starts_with("failed printing to stdout") {
                "standard output"
            } else {
                "standard error"
            };
            let why = message.rsplit(": ").next().unwrap_or(message);
            let mut err = std::io::stderr();
            let _ = writeln!(err, "zweibrett: cannot write to {stream}: {why}");
            std::process::exit(i32::from(OUTPUT_FAILED_STATUS));
        }
        earlier(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_is_128_and_the_signal() {
        assert_eq!(exit_status(SIGHUP), 129);
        assert_eq!(exit_status(SIGTERM), 143);
    }
}
