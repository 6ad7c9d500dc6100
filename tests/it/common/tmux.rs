//! The full screen driven as a person would, through tmux: keys sent with
//! `send-keys`, the screen read with `capture-pane`, the cursor with
//! `display-message`. Each terminal runs on its own tmux server, so tests
//! never meet each other or a user's sessions.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// One program running in a tmux pane: the first pane of a window of a
/// given size, or a pane split off it.
pub struct Tmux {
    socket: String,
    /// The pane, by its id ("%0").
    target: String,
    /// Whether this pane's window started the server, which ends with it.
    owns_server: bool,
}

impl Tmux {
    /// Starts `command` (a shell command line) with `env` set, in a window
    /// of `columns` × `lines`. `None` when tmux is not installed.
    pub fn start(
        name: &str,
        columns: u16,
        lines: u16,
        env: &[(&str, &Path)],
        command: &str,
    ) -> Option<Tmux> {
        let socket = format!("zweibrett-{name}-{}", std::process::id());
        let mut tmux = Command::new("tmux");
        tmux.args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", &columns.to_string(), "-y", &lines.to_string()]);
        for (key, value) in env {
            tmux.arg("-e").arg(format!("{key}={}", value.display()));
        }
        tmux.args(["-e", "TERM=xterm-256color", command]);
        match tmux.status() {
            Ok(status) if status.success() => {
                // The first pane by its id, so that a split never takes
                // its place as the target.
                let first = Command::new("tmux")
                    .args(["-L", &socket, "display-message", "-p", "#{pane_id}"])
                    .output()
                    .expect("tmux runs");
                Some(Tmux {
                    target: String::from_utf8_lossy(&first.stdout).trim().to_string(),
                    socket,
                    owns_server: true,
                })
            }
            Ok(status) => panic!("tmux new-session failed: {status}"),
            Err(_) => None,
        }
    }

    /// The program as a user in `home` starts it, with `args` (a shell
    /// command line's arguments), in a window of 140 × 45: its
    /// configuration and games under `home`. Panics without tmux, which
    /// the README's test command installs.
    pub fn zweibrett(name: &str, home: &Path, args: &str) -> Tmux {
        let (config, data) = (home.join(".config"), home.join(".local/share"));
        let command = format!(
            "{} {args} ; sleep 30",
            env!("CARGO_BIN_EXE_zweibrett").replace(' ', "\\ ")
        );
        let env = [
            ("HOME", home),
            ("XDG_CONFIG_HOME", config.as_path()),
            ("XDG_DATA_HOME", data.as_path()),
            ("ZWEIBRETT_LABELS", Path::new("english")),
            ("ZWEIBRETT_SCREEN_READER", Path::new("none")),
        ];
        Tmux::start(name, 140, 45, &env, &command)
            .expect("tmux is needed for this test; the README's test command installs it")
    }

    /// Splits this pane side by side and runs `command` (a shell command
    /// line) with `env` set in the new pane, on the right: a second
    /// terminal at the same table. The pane ends with this window.
    pub fn split(&self, env: &[(&str, &Path)], command: &str) -> Tmux {
        let mut args: Vec<String> = ["split-window", "-h", "-d", "-P", "-F", "#{pane_id}", "-t"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        args.push(self.target.clone());
        for (key, value) in env {
            args.push("-e".into());
            args.push(format!("{key}={}", value.display()));
        }
        args.extend(["-e".into(), "TERM=xterm-256color".into(), command.into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let pane = self.tmux(&args).trim().to_string();
        assert!(
            pane.starts_with('%'),
            "tmux split-window gave no pane: {pane:?}"
        );
        Tmux {
            socket: self.socket.clone(),
            target: pane,
            owns_server: false,
        }
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Sends keys in tmux's names (`Enter`, `F7`, `C-q`, `BTab`, …).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", self.target.as_str()];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// Types `text` literally.
    pub fn type_text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", &self.target, "-l", text]);
    }

    /// Pastes `text` as a terminal's paste does, line ends sent as Enter.
    pub fn paste(&self, text: &str) {
        let file = std::env::temp_dir().join(format!(
            "{}-{}.paste",
            self.socket,
            self.target.trim_start_matches('%')
        ));
        std::fs::write(&file, text).unwrap();
        let path = file.to_str().expect("a temporary path in UTF-8");
        self.tmux(&["load-buffer", "-b", "paste", path]);
        self.tmux(&["paste-buffer", "-b", "paste", "-t", &self.target]);
        let _ = std::fs::remove_file(file);
    }

    /// The screen now, one string per line.
    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", &self.target])
    }

    /// The screen now with `capture-pane`'s `flags` added (`-e`: with its
    /// colours and attributes as escape sequences).
    pub fn capture(&self, flags: &[&str]) -> String {
        let mut args = vec!["capture-pane", "-p", "-t", self.target.as_str()];
        args.extend_from_slice(flags);
        self.tmux(&args)
    }

    /// The cursor's column and line, from 0.
    pub fn cursor(&self) -> (u16, u16) {
        let out = self.tmux(&[
            "display-message",
            "-p",
            "-t",
            &self.target,
            "#{cursor_x},#{cursor_y}",
        ]);
        let (x, y) = out.trim().split_once(',').expect("x,y");
        (x.parse().unwrap(), y.parse().unwrap())
    }

    /// The line the cursor is on.
    pub fn cursor_line(&self) -> String {
        let (_, y) = self.cursor();
        self.screen()
            .lines()
            .nth(y as usize)
            .unwrap_or("")
            .to_string()
    }

    /// Waits until the screen shows `text`, and returns the screen; fails
    /// the test with the last screen after `limit`.
    pub fn wait_for(&self, text: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            if start.elapsed() > limit {
                panic!("\"{text}\" did not appear within {limit:?}; the screen:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Writes from now on every byte the program in the pane sends to its
    /// terminal into `to`, escape sequences and all.
    pub fn record(&self, to: &Path) {
        let command = format!("cat >> '{}'", to.display());
        self.tmux(&["pipe-pane", "-o", "-t", &self.target, &command]);
    }

    /// A value of tmux's about the window, by its format
    /// (`#{alternate_on}`, `#{pane_pid}`).
    pub fn format(&self, format: &str) -> String {
        self.tmux(&["display-message", "-p", "-t", &self.target, format])
            .trim()
            .to_string()
    }

    /// True while the program still runs in the window.
    pub fn is_running(&self) -> bool {
        Command::new("tmux")
            .args(["-L", &self.socket, "has-session"])
            .status()
            .is_ok_and(|s| s.success())
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        if !self.owns_server {
            return;
        }
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}
