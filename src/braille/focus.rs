//! Which terminal BRLTTY gives the display to the program in. BrlAPI
//! names the terminal itself on a virtual console and in an X session;
//! inside tmux or GNU screen on a console it cannot (the program's
//! terminal is a pseudo-terminal), so the console the multiplexer's
//! client is on is named for it: tmux names it (`client_tty`), and GNU
//! screen's server holds it open, the attached terminal being where it
//! draws. Over ssh, or in a multiplexer away from the console, no
//! terminal can be named and the display is the program's while it runs.

use std::process::{Command, Stdio};

/// Where the display follows the program's terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// BrlAPI names the terminal itself: a virtual console, `CONTROLVT`,
    /// an X session.
    Own,
    /// Virtual console `n`, where the tmux or GNU screen client shows the
    /// program.
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
/// `env` (a variable's value by its name) says, the process's own
/// terminal device (`own`), and the multiplexer's client terminal:
/// `client` is asked only inside tmux or GNU screen, with the
/// multiplexer it is in.
pub fn focus_from(
    env: impl Fn(&str) -> Option<String>,
    own: Option<String>,
    client: impl FnOnce(Multiplexer) -> Option<String>,
) -> Focus {
    let set = |name: &str| env(name).is_some_and(|v| !v.is_empty());
    if set("CONTROLVT") || set("WINDOWPATH") {
        return Focus::Own;
    }
    if own.as_deref().and_then(console_of).is_some() {
        return Focus::Own;
    }
    let multiplexer = if set("TMUX") {
        Some(Multiplexer::Tmux)
    } else {
        env("STY")
            .as_deref()
            .and_then(screen_server)
            .map(Multiplexer::Screen)
    };
    if let Some(multiplexer) = multiplexer
        && let Some(n) = client(multiplexer).as_deref().and_then(console_of)
    {
        return Focus::Console(n);
    }
    Focus::Nowhere
}

/// The terminal multiplexer the program runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Multiplexer {
    /// tmux (`TMUX` is set).
    Tmux,
    /// GNU screen, whose server has this process id (`STY` is
    /// `PID.NAME`).
    Screen(u32),
}

/// The server's process id in GNU screen's `STY` (`12345.pts-0.host`).
fn screen_server(sty: &str) -> Option<u32> {
    sty.split_once('.')?.0.parse().ok().filter(|&pid| pid > 1)
}

/// Where the display can follow this process's terminal.
pub fn focus() -> Focus {
    focus_from(
        |name| std::env::var(name).ok(),
        std::fs::read_link("/proc/self/fd/0")
            .ok()
            .map(|p| p.display().to_string()),
        |multiplexer| match multiplexer {
            Multiplexer::Tmux => tmux_client_tty(),
            Multiplexer::Screen(pid) => screen_display_tty(pid),
        },
    )
}

/// The terminal GNU screen's server `pid` draws on: the one terminal
/// device among its open files (a window's own terminal is a master,
/// `/dev/ptmx`, there). None when it shows on several terminals at once
/// or on none: then no one terminal is the focus.
fn screen_display_tty(pid: u32) -> Option<String> {
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).ok()?;
    let mut ttys: Vec<String> = fds
        .filter_map(|fd| std::fs::read_link(fd.ok()?.path()).ok())
        .map(|target| target.display().to_string())
        .filter(|target| is_terminal_device(target))
        .collect();
    ttys.sort();
    ttys.dedup();
    match ttys.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// Whether `path` is a terminal a client can sit on: a console or a
/// pseudo-terminal's slave.
fn is_terminal_device(path: &str) -> bool {
    let numbered = |rest: &str| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
    path.strip_prefix("/dev/tty").is_some_and(numbered)
        || path.strip_prefix("/dev/pts/").is_some_and(numbered)
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
        let none = |_| None;
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
            focus_from(&tmux, pts.clone(), |m| {
                assert_eq!(m, Multiplexer::Tmux);
                Some("/dev/tty5".into())
            }),
            Focus::Console(5)
        );
        assert_eq!(
            focus_from(&tmux, pts.clone(), |_| Some("/dev/pts/0".into())),
            Focus::Nowhere,
            "tmux over ssh"
        );
        let screen = env(&[("STY", "18984.tst")]);
        assert_eq!(
            focus_from(&screen, pts.clone(), |m| {
                assert_eq!(m, Multiplexer::Screen(18984));
                Some("/dev/tty2".into())
            }),
            Focus::Console(2)
        );
        assert_eq!(
            focus_from(&screen, pts.clone(), |_| Some("/dev/pts/3".into())),
            Focus::Nowhere,
            "GNU screen over ssh"
        );
        assert_eq!(
            focus_from(env(&[("STY", "garbage")]), pts.clone(), |_| {
                panic!("no server to ask")
            }),
            Focus::Nowhere
        );
        assert_eq!(focus_from(env(&[]), pts, none), Focus::Nowhere, "ssh");
    }

    #[test]
    fn terminal_devices_are_consoles_and_pseudo_terminal_slaves() {
        assert!(is_terminal_device("/dev/tty3"));
        assert!(is_terminal_device("/dev/pts/12"));
        assert!(!is_terminal_device("/dev/ptmx"));
        assert!(!is_terminal_device("/dev/tty"));
        assert!(!is_terminal_device("/dev/ttyS0"));
        assert!(!is_terminal_device("/dev/null"));
        assert!(!is_terminal_device("socket:[24140]"));
        assert_eq!(screen_server("18984.pts-0.host"), Some(18984));
        assert_eq!(screen_server("1.x"), None);
        assert_eq!(screen_server("abc.x"), None);
    }
}
