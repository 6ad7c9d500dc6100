//! Which terminal BRLTTY gives the display to the program in. BrlAPI
//! names the terminal itself on a virtual console and in an X session;
//! inside tmux on a console it cannot (the program's terminal is a
//! pseudo-terminal), so the console tmux's client is on is named for it;
//! over ssh, or in a multiplexer away from the console, no terminal can be
//! named and the display is the program's while it runs.

use std::process::{Command, Stdio};

/// Where the display follows the program's terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// BrlAPI names the terminal itself: a virtual console, `CONTROLVT`,
    /// an X session.
    Own,
    /// Virtual console `n`, where tmux's client shows the program.
    Console(u32),
    /// No terminal of BRLTTY's can be named.
    Nowhere,
}

/// The virtual console a terminal device is: `/dev/tty3` is 3.
pub fn console_of(device: &str) -> Option<u32> {
    let n: u32 = device.strip_prefix("/dev/tty")?.parse().ok()?;
    (1..64).contains(&n).then_some(n)
}

/// Where the display can follow this process's terminal, from what
/// `env` (a variable's value by its name) and tmux's client tty
/// (`tmux_client`, asked only inside tmux) say, and the process's own
/// terminal device (`own`).
pub fn focus_from(
    env: impl Fn(&str) -> Option<String>,
    own: Option<String>,
    tmux_client: impl FnOnce() -> Option<String>,
) -> Focus {
    let set = |name: &str| env(name).is_some_and(|v| !v.is_empty());
    if set("CONTROLVT") || set("WINDOWPATH") {
        return Focus::Own;
    }
    if own.as_deref().and_then(console_of).is_some() {
        return Focus::Own;
    }
    if set("TMUX")
        && let Some(n) = tmux_client().as_deref().and_then(console_of)
    {
        return Focus::Console(n);
    }
    Focus::Nowhere
}

/// Where the display can follow this process's terminal.
pub fn focus() -> Focus {
    focus_from(
        |name| std::env::var(name).ok(),
        std::fs::read_link("/proc/self/fd/0")
            .ok()
            .map(|p| p.display().to_string()),
        tmux_client_tty,
    )
}

/// The terminal device of the tmux client showing this pane.
fn tmux_client_tty() -> Option<String> {
    let out = Command::new("tmux")
        .args(["display-message", "-p", "#{client_tty}"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let tty = String::from_utf8(out.stdout).ok()?;
    out.status.success().then(|| tty.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn a_console_a_tmux_client_on_one_and_nowhere() {
        assert_eq!(console_of("/dev/tty3"), Some(3));
        assert_eq!(console_of("/dev/pts/2"), None);
        assert_eq!(console_of("/dev/ttyS0"), None);
        assert_eq!(
            console_of("/dev/tty0"),
            None,
            "the current console is no one console"
        );
        let none = || None;
        assert_eq!(
            focus_from(env(&[("CONTROLVT", "2")]), None, none),
            Focus::Own
        );
        assert_eq!(
            focus_from(env(&[]), Some("/dev/tty4".into()), none),
            Focus::Own
        );
        let tmux = env(&[("TMUX", "/tmp/tmux-0/default,1,0")]);
        let pts = Some("/dev/pts/1".to_string());
        assert_eq!(
            focus_from(&tmux, pts.clone(), || Some("/dev/tty5".into())),
            Focus::Console(5)
        );
        assert_eq!(
            focus_from(&tmux, pts.clone(), || Some("/dev/pts/0".into())),
            Focus::Nowhere,
            "tmux over ssh"
        );
        assert_eq!(focus_from(env(&[]), pts, none), Focus::Nowhere, "ssh");
    }
}
