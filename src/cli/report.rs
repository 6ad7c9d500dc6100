//! `zweibrett doctor --report`: what a bug report needs after the
//! doctor's own lines: the version and the optional parts, the system,
//! the terminal, the locale and what the configuration changes, with the
//! user's home folder written `~`, so that it can be pasted into a report
//! as it is. It is for the people who
//! read reports, so its labels are English; the doctor's lines above it
//! stay in the pack's language.

use zweibrett_core::config::Marks;

/// The report's lines.
pub fn lines(config: Option<&crate::config::Config>) -> Vec<String> {
    let mut lines = vec!["--- bug report ---".to_string()];
    lines.push(format!("zweibrett {}", super::version::long_version()));
    lines.push(format!("system: {}", system()));
    lines.push(format!("terminal: {}", terminal()));
    let locale = crate::config::locale().unwrap_or_else(|| "not set".to_string());
    lines.push(format!("locale: {locale}"));
    match config {
        Some(config) => {
            let changed = changed(config);
            if changed.is_empty() {
                lines.push("configuration: the shipped defaults".to_string());
            } else {
                lines.push(format!("configuration: {}", changed.join("; ")));
            }
        }
        None => lines.push("configuration: cannot be read (see above)".to_string()),
    }
    lines
        .iter()
        .flat_map(|l| l.lines().map(str::to_string).collect::<Vec<_>>())
        .map(|l| private(&l))
        .collect()
}

/// `line` as a report shows it: the home folder written `~`.
pub fn private(line: &str) -> String {
    hidden(line, std::env::var("HOME").ok().as_deref())
}

/// The distribution, the kernel and the machine.
fn system() -> String {
    let release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
    let name = release
        .lines()
        .find_map(|l| l.strip_prefix("PRETTY_NAME="))
        .map_or("unknown", |n| n.trim_matches('"'))
        .to_string();
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease")
        .map_or_else(|_| "unknown".to_string(), |k| k.trim().to_string());
    format!("{name}, kernel {kernel}, {}", std::env::consts::ARCH)
}

/// The terminal: its type and colours, its size, and the multiplexer or
/// remote shell it is reached through.
fn terminal() -> String {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let mut parts = vec![format!(
        "TERM={}",
        var("TERM").unwrap_or_else(|| "not set".to_string())
    )];
    if let Some(colours) = var("COLORTERM") {
        parts.push(format!("COLORTERM={colours}"));
    }
    if var("NO_COLOR").is_some() {
        parts.push("NO_COLOR".to_string());
    }
    if let Ok((columns, rows)) = crossterm::terminal::size() {
        parts.push(format!("{columns}x{rows}"));
    }
    if var("TMUX").is_some() {
        parts.push("in tmux".to_string());
    }
    if var("STY").is_some() {
        parts.push("in GNU screen".to_string());
    }
    if var("SSH_CONNECTION").is_some() {
        parts.push("over ssh".to_string());
    }
    parts.join(", ")
}

/// Each value the configuration changes, with where it came from.
fn changed(config: &crate::config::Config) -> Vec<String> {
    let marks = Marks {
        heading: String::new(),
        file: "file".to_string(),
        locale: "locale".to_string(),
    };
    let mut section = String::new();
    let mut changed = Vec::new();
    for line in config.shown(&marks).lines() {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = format!("[{name}] ");
        } else if let Some((setting, from)) = line.split_once("  # ") {
            changed.push(format!("{section}{setting} ({from})"));
        }
    }
    changed
}

/// `line` with the home folder written `~`: in a path, where it is
/// followed by a slash or ends a word.
fn hidden(line: &str, home: Option<&str>) -> String {
    let Some(home) = home
        .map(|h| h.trim_end_matches('/'))
        .filter(|h| !h.is_empty())
    else {
        return line.to_string();
    };
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(home) {
        let after = &rest[at + home.len()..];
        let whole = after.is_empty() || after.starts_with(['/', ' ', ')', ',', ';', ':']);
        out.push_str(&rest[..at]);
        out.push_str(if whole { "~" } else { home });
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_home_folder_is_written_as_a_tilde() {
        let line = "games folder: /home/anna/.local/share/zweibrett/games";
        assert_eq!(
            hidden(line, Some("/home/anna")),
            "games folder: ~/.local/share/zweibrett/games"
        );
        assert_eq!(
            hidden("/home/annabel/x", Some("/home/anna")),
            "/home/annabel/x"
        );
        assert_eq!(hidden("/root/x", Some("/")), "/root/x");
        assert_eq!(hidden("in /root: x", Some("/root/")), "in ~: x");
    }

    #[test]
    fn only_what_the_configuration_changes_is_reported() {
        let config = crate::config::Config::with_user_text("[speech]\nrate = 20\n", "c.toml")
            .unwrap()
            .with_locale(Some("es_ES.UTF-8"));
        assert_eq!(
            changed(&config),
            ["voice = \"es\" (locale)", "[speech] rate = 20 (file)"]
        );
        assert!(changed(&crate::config::Config::defaults()).is_empty());
    }
}
