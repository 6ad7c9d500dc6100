//! A real BRLTTY daemon for the braille tests: started by the test with
//! its virtual display driver (`vr`) serving a socket of the test's, no
//! screen and no speech, and BrlAPI on a loopback port of its own. The test
//! is the display: it says how many cells it has, reads back every line
//! BRLTTY writes to it, and presses its keys.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// One cell shown: its dots 1 to 6 as a Unicode braille pattern, and
/// whether dots 7 and 8 underline it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The cells with dots 1 to 8, as Unicode braille patterns.
    pub cells: String,
}

impl Shown {
    /// The cells without dots 7 and 8, trailing blanks cut.
    pub fn text(&self) -> String {
        let text: String = self
            .cells
            .chars()
            .map(|c| char::from_u32(0x2800 + ((c as u32 - 0x2800) & 0x3F)).unwrap())
            .collect();
        text.trim_end_matches('⠀').replace('⠀', " ")
    }

    /// Which cells carry dots 7 and 8.
    pub fn underlined(&self) -> Vec<usize> {
        self.cells
            .chars()
            .enumerate()
            .filter(|(_, c)| (*c as u32 - 0x2800) & 0xC0 == 0xC0)
            .map(|(i, _)| i)
            .collect()
    }

    /// Whether the cell at `i` has dot 7 alone of the two.
    pub fn dot_seven(&self, i: usize) -> bool {
        self.cells
            .chars()
            .nth(i)
            .is_some_and(|c| (c as u32 - 0x2800) & 0xC0 == 0x40)
    }
}

/// The text table BRLTTY gives the reader's letters by: its German one.
pub const TEXT_TABLE: &str = "de";

/// The cells BRLTTY's text table [`TEXT_TABLE`] gives `text`, dots 7 and
/// 8 aside, as [`Shown::text`] reads them: what a line of words shows.
pub fn cells(text: &str) -> String {
    let mut translate = Command::new("brltty-trtxt")
        .args(["-6", "-i", TEXT_TABLE, "-o", "unicode"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("brltty-trtxt runs (BRLTTY's package has it)");
    writeln!(translate.stdin.take().unwrap(), "{text}").unwrap();
    let out = translate.wait_with_output().unwrap();
    assert!(out.status.success(), "brltty-trtxt translates {text:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end_matches('\n')
        .replace('⠀', " ")
}

/// BRLTTY running with a virtual display of `cells` cells.
pub struct Brltty {
    daemon: Child,
    display: UnixStream,
    lines: Receiver<Shown>,
    /// `BRLAPI_HOST` for the program.
    pub host: String,
    dir: PathBuf,
}

/// Whether BRLTTY is installed; [`super::cannot_run`] says so when not.
pub fn installed() -> bool {
    let found = Command::new("brltty")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if !found {
        super::cannot_run("BRLTTY is not installed (scripts/setup installs it)");
    }
    found
}

/// A loopback port free now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A BrlAPI host where nothing answers yet, for a BRLTTY started there
/// later ([`Brltty::start_at`]).
pub fn free_host() -> String {
    // BrlAPI's port is 4101 plus the number after the host's colon.
    format!("127.0.0.1:{}", free_port() - 4101)
}

impl Brltty {
    /// Starts BRLTTY and connects the display to it.
    pub fn start(name: &str, cells: usize) -> Brltty {
        Brltty::start_at(name, cells, &free_host())
    }

    /// Starts BRLTTY with BrlAPI at `host` (as `BRLAPI_HOST` says it), and
    /// connects the display to it: BRLTTY started again where it was.
    pub fn start_at(name: &str, cells: usize, host: &str) -> Brltty {
        let host = host.to_string();
        let dir =
            std::env::temp_dir().join(format!("zweibrett-brltty-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let socket = dir.join("display.sock");
        let daemon = Command::new("brltty")
            .current_dir(&dir)
            .args(["-n", "-e", "-q", "-Z", "-M", "10", "-x", "no", "-s", "no"])
            .args(["-b", "vr", "-f", "/dev/null", "-t", TEXT_TABLE])
            .arg(format!("--braille-device=server:{}", socket.display()))
            .arg(format!("--writable-directory={}", dir.display()))
            .arg(format!("--updatable-directory={}", dir.display()))
            .arg(format!(
                "--preferences-file={}",
                dir.join("prefs").display()
            ))
            .arg(format!("--api-parameters=host={host},auth=none"))
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(dir.join("brltty.log")).unwrap())
            .spawn()
            .expect("brltty starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        let display = loop {
            if let Ok(stream) = UnixStream::connect(&socket) {
                break stream;
            }
            assert!(
                Instant::now() < deadline,
                "BRLTTY made no display socket: {}",
                std::fs::read_to_string(dir.join("brltty.log")).unwrap_or_default()
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let mut writer = display.try_clone().unwrap();
        writeln!(writer, "cells {cells}").unwrap();
        let reader = BufReader::new(display.try_clone().unwrap());
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { break };
                if let Some(cells) = line.strip_prefix("Braille \"") {
                    let cells = cells.trim_end_matches('"').split('|').map(cell).collect();
                    if tx.send(Shown { cells }).is_err() {
                        break;
                    }
                }
            }
        });
        let brltty = Brltty {
            daemon,
            display,
            lines,
            host,
            dir,
        };
        // BRLTTY shows its own line first: the display is live.
        brltty.until(|_| true, Duration::from_secs(20));
        brltty
    }

    /// Presses a key of the display: a BRLTTY command (`FwinLt`, `LnDn`,
    /// `Route 5`). The virtual driver reads one command each time its
    /// socket has something: press the next once this one has shown.
    pub fn press(&self, command: &str) {
        writeln!(&self.display, "{command}").unwrap();
    }

    /// The first line shown that `wanted` takes, waiting up to `limit`;
    /// fails naming the lines seen.
    pub fn until(&self, wanted: impl Fn(&Shown) -> bool, limit: Duration) -> Shown {
        let mut seen = Vec::new();
        self.within(wanted, limit, &mut seen).unwrap_or_else(|| {
            panic!("the display never showed the line wanted; it showed {seen:#?}")
        })
    }

    /// The first line shown that `wanted` takes, waiting up to `limit`;
    /// none then, the lines seen meanwhile added to `seen`.
    pub fn within(
        &self,
        wanted: impl Fn(&Shown) -> bool,
        limit: Duration,
        seen: &mut Vec<String>,
    ) -> Option<Shown> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(shown) if wanted(&shown) => return Some(shown),
                Ok(shown) => seen.push(shown.text()),
                Err(_) => return None,
            }
        }
    }

    /// The line showing `text` at its start, waiting up to five seconds.
    pub fn showing(&self, text: &str) -> Shown {
        self.until(|s| s.text().starts_with(text), Duration::from_secs(5))
    }

    /// The line on the display now: the last one written once nothing new
    /// has come for half a second.
    pub fn current(&self) -> Shown {
        let mut last = None;
        while let Ok(shown) = self.lines.recv_timeout(Duration::from_millis(500)) {
            last = Some(shown);
        }
        last.expect("the display shows a line")
    }

    /// Stops BRLTTY at once, as a crash would.
    pub fn kill(&mut self) {
        let _ = self.daemon.kill();
        let _ = self.daemon.wait();
    }

    /// Stops BRLTTY where it stands (SIGSTOP), as a hung daemon would
    /// be: its socket takes connections and requests and answers none.
    pub fn freeze(&self) {
        self.signal("STOP");
    }

    /// Lets a frozen BRLTTY go on (SIGCONT).
    pub fn thaw(&self) {
        self.signal("CONT");
    }

    fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args(["-s", name, &self.daemon.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "SIG{name} was not sent to BRLTTY");
    }

    /// Lines shown and not yet read, dropped.
    pub fn forget_shown(&self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// The program on the full screen under tmux, 120 by 40, in an empty
    /// home named `name` and with this daemon's display: `zweibrett
    /// --speech none` and `args`. The home, for the caller to remove.
    pub fn full_screen(&self, name: &str, args: &str) -> (super::tmux::Tmux, PathBuf) {
        let home = super::empty_home(name);
        let (config, data) = (home.join(".config"), home.join(".local/share"));
        let host = PathBuf::from(&self.host);
        let none = std::path::Path::new("none");
        let env = [
            ("HOME", home.as_path()),
            ("XDG_CONFIG_HOME", config.as_path()),
            ("XDG_DATA_HOME", data.as_path()),
            ("ZWEIBRETT_SCREEN_READER", none),
            ("BRLAPI_HOST", host.as_path()),
            ("BRLAPI_AUTH", none),
        ];
        let command = format!(
            "{} --speech none {args}; sleep 30",
            env!("CARGO_BIN_EXE_zweibrett")
        );
        let screen = super::tmux::Tmux::start(name, 120, 40, &env, &command)
            .expect("tmux is needed for this test; the README's test command installs it");
        (screen, home)
    }
}

/// The cell for a list of dots ("1237"), as a Unicode braille pattern.
fn cell(dots: &str) -> char {
    let bits = dots
        .chars()
        .filter_map(|d| d.to_digit(10))
        .filter(|d| (1..=8).contains(d))
        .fold(0u32, |bits, d| bits | 1 << (d - 1));
    char::from_u32(0x2800 + bits).unwrap()
}

impl Drop for Brltty {
    fn drop(&mut self) {
        let _ = self.daemon.kill();
        let _ = self.daemon.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
