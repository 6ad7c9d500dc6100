//! Whether the user's own screen reader speaks: Orca or Fenrir running for
//! this user, Speakup in the kernel, BRLTTY on the machine with a speech
//! driver (a braille-only BRLTTY speaks nothing, and the program keeps its
//! own voice and its boards for a reader who also sees a little). Then the
//! program does not speak itself ([`Backend::Reader`]): two voices saying
//! every line, one over the other, help nobody. Over SSH the reader runs
//! on the user's own computer (NVDA, JAWS, VoiceOver) where it cannot be
//! seen; the program asks once, in the pack's language, and remembers.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use super::settings::Backend;
use crate::notation::VoicePack;
use crate::notation::pack::{LineSentence, ScreenSentence};

/// The environment variable that says which screen reader speaks, or
/// `none`, instead of looking.
pub const READER_VARIABLE: &str = "ZWEIBRETT_SCREEN_READER";

/// A screen reader found running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundReader(pub String);

/// The screen readers found by their process name, for this user (Orca,
/// Fenrir) or for the machine (BRLTTY, speechd-up for Speakup).
const READER_PROCESSES: &[(&str, bool)] = &[
    ("orca", true),
    ("fenrir", false),
    ("fenrir-daemon", false),
    ("brltty", false),
    ("speechd-up", false),
];

/// The screen reader running beside the program, if one is; the
/// environment variable decides first.
pub fn running_reader() -> Option<FoundReader> {
    match std::env::var(READER_VARIABLE) {
        Ok(name) if name.eq_ignore_ascii_case("none") => return None,
        Ok(name) if !name.is_empty() => return Some(FoundReader(name)),
        _ => {}
    }
    // Looked for already on a thread of its own, if the program asked.
    let early = EARLY.lock().map(|mut e| e.take()).unwrap_or(None);
    if let Some(found) = early.and_then(|thread| thread.join().ok()) {
        return found;
    }
    look()
}

/// The search of [`running_reader`] while it has not started.
static EARLY: std::sync::Mutex<Option<std::thread::JoinHandle<Option<FoundReader>>>> =
    std::sync::Mutex::new(None);

/// Starts looking for a running screen reader on a thread of its own, so
/// that the answer is there when the speech settles: a search of every
/// process takes a millisecond on a busy desktop, and the program's first
/// answer need not wait for it.
pub fn look_early() {
    if std::env::var_os(READER_VARIABLE).is_some() {
        return;
    }
    if let Ok(mut early) = EARLY.lock()
        && early.is_none()
    {
        *early = std::thread::Builder::new()
            .name("zweibrett-reader".into())
            .spawn(look)
            .ok();
    }
}

/// Speakup in the kernel, or a screen reader's process.
fn look() -> Option<FoundReader> {
    if Path::new("/sys/accessibility/speakup").exists() {
        return Some(FoundReader("speakup".into()));
    }
    let own = unsafe { libc::getuid() };
    for dir in process_dirs() {
        let Ok(comm) = std::fs::read_to_string(dir.join("comm")) else {
            continue;
        };
        let name = comm.trim();
        let Some((_, own_only)) = READER_PROCESSES.iter().find(|(n, _)| *n == name) else {
            continue;
        };
        if *own_only && owner(&dir) != Some(own) {
            continue;
        }
        if name == "brltty" && !brltty_speaks(&dir) {
            continue;
        }
        return Some(FoundReader(name.to_string()));
    }
    None
}

/// Whether the BRLTTY of the process folder `dir` speaks: a speech driver
/// other than `no` named on its command line, or in the configuration
/// file it reads. Left unnamed, BRLTTY's autodetection tries only
/// synthesizers that answer on a port; a software voice must be named.
fn brltty_speaks(dir: &Path) -> bool {
    let Ok(cmdline) = std::fs::read(dir.join("cmdline")) else {
        return false;
    };
    let args: Vec<String> = cmdline
        .split(|b| *b == 0)
        .filter(|a| !a.is_empty())
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    let (driver, file) = brltty_options(&args);
    let driver = driver.or_else(|| {
        let file = file.unwrap_or_else(|| "/etc/brltty.conf".to_string());
        let text = std::fs::read_to_string(file).ok()?;
        configured_speech_driver(&text)
    });
    driver.is_some_and(|d| d != "no" && d != "auto")
}

/// The speech driver and the configuration file named on BRLTTY's command
/// line (`-s DRIVER`, `--speech-driver=DRIVER`, `-f FILE`,
/// `--configuration-file=FILE`); the last one given counts, as in BRLTTY.
fn brltty_options(args: &[String]) -> (Option<String>, Option<String>) {
    let (mut driver, mut file) = (None, None);
    let mut words = args.iter().skip(1);
    while let Some(word) = words.next() {
        let value = |short: &str, long: &str| -> Option<String> {
            if word == short || word == long {
                return words.clone().next().cloned();
            }
            if let Some(v) = word.strip_prefix(&format!("{long}=")) {
                return Some(v.to_string());
            }
            word.strip_prefix(short)
                .filter(|v| !v.is_empty() && !word.starts_with("--"))
                .map(str::to_string)
        };
        if let Some(v) = value("-s", "--speech-driver") {
            driver = Some(v);
        } else if let Some(v) = value("-f", "--configuration-file") {
            file = Some(v);
        }
    }
    (driver, file)
}

/// The `speech-driver` a BRLTTY configuration file names, if any.
fn configured_speech_driver(text: &str) -> Option<String> {
    text.lines()
        .rev()
        .map(|line| line.split('#').next().unwrap_or(""))
        .find_map(|line| {
            let mut words = line.split_whitespace();
            (words.next() == Some("speech-driver")).then(|| words.next().map(str::to_string))?
        })
}

/// The folder of each process in `/proc`; its other entries (`cpuinfo`,
/// `self` …) are left out before anything in them is opened.
pub fn process_dirs() -> impl Iterator<Item = PathBuf> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| {
            entry
                .file_name()
                .to_str()
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(|entry| entry.path())
}

/// The user id a process runs as.
fn owner(dir: &Path) -> Option<u32> {
    let status = std::fs::read_to_string(dir.join("status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("Uid:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Where the answer to the question asked over SSH is kept.
fn remembered_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "zweibrett")
        .map(|d| d.config_dir().join("screen-reader"))
}

/// The voice to use when the configuration leaves it to the program
/// ([`Backend::Auto`]): the screen reader's when one is running, or when
/// the user said so over SSH; the system voice otherwise.
pub fn resolve(backend: Backend, pack: &VoicePack) -> Backend {
    if backend != Backend::Auto {
        return backend;
    }
    // Looked for, and asked, once in a run.
    static SETTLED: std::sync::OnceLock<Backend> = std::sync::OnceLock::new();
    *SETTLED.get_or_init(|| settle_auto(pack))
}

fn settle_auto(pack: &VoicePack) -> Backend {
    if running_reader().is_some() {
        return Backend::Reader;
    }
    let over_ssh = std::env::var_os("SSH_CONNECTION").is_some();
    if over_ssh && std::env::var_os(READER_VARIABLE).is_none() {
        let remembered = remembered_path();
        if let Some(answer) = remembered
            .as_deref()
            .and_then(|p| std::fs::read_to_string(p).ok())
        {
            return if answer.trim() == "yes" {
                Backend::Reader
            } else {
                Backend::System
            };
        }
        if std::io::stdin().is_terminal()
            && std::io::stdout().is_terminal()
            && let Some(yes) = ask(pack)
        {
            if let Some(path) = remembered {
                let _ = path.parent().map(std::fs::create_dir_all);
                let _ = std::fs::write(path, if yes { "yes\n" } else { "no\n" });
            }
            return if yes {
                Backend::Reader
            } else {
                Backend::System
            };
        }
    }
    Backend::System
}

/// Asks whether a screen reader on the user's own computer reads this
/// terminal; `None` when no answer could be read.
fn ask(pack: &VoicePack) -> Option<bool> {
    let question = pack
        .line_sentences()
        .say(LineSentence::AskScreenReader, &[]);
    let screen = pack.screen_sentences();
    let yes = screen.say(ScreenSentence::YesLetters, &[]).to_lowercase();
    let no = screen.say(ScreenSentence::NoLetters, &[]).to_lowercase();
    let mut out = std::io::stdout();
    let stdin = std::io::stdin();
    for _ in 0..3 {
        let _ = writeln!(out, "{question}");
        let _ = out.flush();
        let mut line = String::new();
        if stdin.lock().read_line(&mut line).ok()? == 0 {
            return None;
        }
        match line.trim().to_lowercase().chars().next() {
            Some(c) if c == 'y' || yes.contains(c) => return Some(true),
            Some(c) if c == 'n' || no.contains(c) => return Some(false),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn brlttys_speech_driver_and_file_are_read_from_its_command_line() {
        let read = |line| brltty_options(&args(line));
        assert_eq!(
            read("brltty -n -s no -b vr -f /dev/null"),
            (Some("no".into()), Some("/dev/null".into()))
        );
        assert_eq!(read("brltty -s en"), (Some("en".into()), None));
        assert_eq!(read("brltty -ssd"), (Some("sd".into()), None));
        assert_eq!(
            read("brltty --speech-driver=en -s no"),
            (Some("no".into()), None)
        );
        assert_eq!(
            read("brltty --configuration-file=/etc/mine.conf"),
            (None, Some("/etc/mine.conf".into()))
        );
        assert_eq!(
            read("brltty -b vr --braille-device=server:/tmp/x"),
            (None, None)
        );
    }

    #[test]
    fn a_configuration_names_its_speech_driver_or_leaves_it_to_autodetection() {
        let shipped =
            "# speech\n#speech-driver\tauto\t# autodetect\n#speech-driver\ten\t# eSpeak-NG\n";
        assert_eq!(configured_speech_driver(shipped), None);
        assert_eq!(
            configured_speech_driver("braille-driver vr\nspeech-driver en # eSpeak-NG\n"),
            Some("en".into())
        );
        assert_eq!(
            configured_speech_driver("speech-driver\tsd\nspeech-driver no\n"),
            Some("no".into())
        );
    }
}
