//! Standard input read line by line on its own thread, so that a shell can
//! wait for a line and keep its clocks and engine going meanwhile. Each
//! line is stamped with the instant it was read: a command counts from
//! when it was entered, not from when it was got round to.

use std::io::BufRead;
use std::sync::mpsc::{self, Receiver};
use std::time::Instant;

/// Something read from the user, and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entered<T> {
    /// What was read, as `read` made it.
    pub value: T,
    /// When the line was read.
    pub at: Instant,
}

/// Reads standard input on its own thread, each line turned by `read`; the
/// channel closes when the input ends or fails, or nobody listens.
pub fn stdin_lines<T, F>(read: F) -> Receiver<Entered<T>>
where
    T: Send + 'static,
    F: Fn(String) -> T + Send + 'static,
{
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let entered = Entered {
                at: Instant::now(),
                value: read(line),
            };
            if tx.send(entered).is_err() {
                break;
            }
        }
    });
    rx
}
