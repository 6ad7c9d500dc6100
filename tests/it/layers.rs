//! The structure of the four crates, held by a test: in the core and in
//! the program each module imports only from the modules below it (the
//! session, hearing and speech never from the screens); the core depends
//! on no sound, speech or terminal library and no per-user directory, the
//! session crate on no sound, speech or terminal library, so that the
//! rules and the game host can be tested, fuzzed and reused without them;
//! the look (themes and their contrast) depends on nothing but its file
//! format, and the core knows nothing of it.

use std::fs;
use std::path::{Path, PathBuf};

/// The core's modules, lowest first: a module may use itself and those
/// before it, never one after it.
const CORE: &[&str] = &[
    "printable",
    "utterance",
    "wav",
    "notation",
    "fault",
    "hearing",
    "config",
    "clock",
    "electronic_board",
    "audit",
    "game",
    "evaluation",
    "record",
    "analysis",
    "hall",
    "table",
    "seat",
    "typed",
    "braille",
];

/// The program's modules, lowest first. The session crate is below them
/// all (it cannot name them); the screens and the command line are on top.
const PROGRAM: &[&str] = &[
    "debug_log",
    "signals",
    "speech",
    "hearing",
    "braille",
    "driver",
    "ui",
    "config",
    "cli",
];

/// The crates' directories, from this one.
fn crate_dir(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    match name {
        "zweibrett" => root.to_path_buf(),
        other => root.join("crates").join(other),
    }
}

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// A module's own test files (`tests.rs`, `tests/…`): a test may drive its
/// module through a higher one (a game replayed from its journal, written
/// as PGN) without the module depending on it.
fn is_test_file(src: &Path, file: &Path) -> bool {
    file.strip_prefix(src)
        .unwrap()
        .components()
        .any(|c| c.as_os_str() == "tests" || c.as_os_str() == "tests.rs")
}

/// The top-level module a source file belongs to.
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next().unwrap();
    first
        .as_os_str()
        .to_string_lossy()
        .trim_end_matches(".rs")
        .to_string()
}

/// Where a module of `src` (in the order of `layers`) uses a higher one.
fn upward_uses(src: &Path, layers: &[&str], leave_out: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let module = module_of(src, file);
        if module == "lib" || leave_out.contains(&module.as_str()) || is_test_file(src, file) {
            continue;
        }
        let rank = layers
            .iter()
            .position(|m| *m == module)
            .unwrap_or_else(|| panic!("{module} is not placed in the layers"));
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for (at, _) in line.match_indices("crate::") {
                let used: String = line[at + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                match layers.iter().position(|m| *m == used) {
                    Some(r) if r > rank => wrong.push(format!(
                        "{}:{}: {module} uses {used}, a higher module",
                        file.display(),
                        n + 1
                    )),
                    _ => {}
                }
            }
        }
    }
    wrong
}

#[test]
fn every_module_of_the_core_uses_only_the_modules_below_it() {
    let wrong = upward_uses(&crate_dir("zweibrett-core").join("src"), CORE, &[]);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_session_hearing_and_speech_never_use_the_screens() {
    // `main` only calls the command line.
    let wrong = upward_uses(&crate_dir("zweibrett").join("src"), PROGRAM, &["main"]);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The dependencies of the crate `name`, as its manifest lists them.
fn dependencies(name: &str) -> Vec<(String, String)> {
    let manifest = fs::read_to_string(crate_dir(name).join("Cargo.toml")).unwrap();
    let manifest: toml::Table = toml::from_str(&manifest).unwrap();
    let mut found = Vec::new();
    for section in ["dependencies", "dev-dependencies"] {
        if let Some(deps) = manifest.get(section).and_then(|d| d.as_table()) {
            found.extend(deps.keys().map(|k| (section.to_string(), k.clone())));
        }
    }
    found
}

#[test]
fn the_session_depends_on_no_sound_speech_or_terminal_library() {
    for (section, dep) in dependencies("zweibrett-session") {
        assert!(
            ![
                "cpal",
                "tts",
                "ratatui",
                "crossterm",
                "speech-dispatcher",
                "tui-big-text"
            ]
            .contains(&dep.as_str()),
            "[{section}] of the session crate has {dep}"
        );
        assert!(
            [
                "zweibrett-core",
                // The round served over HTTP, and polled by the hall.
                "bytes",
                "http-body-util",
                "hyper",
                "hyper-util",
                "tokio",
                "ureq",
                "directories",
                "libc",
                "log",
                "notify",
                "serde",
                "serde_json",
                "serialport",
                "shakmaty",
                "thiserror"
            ]
            .contains(&dep.as_str()),
            "[{section}] of the session crate has {dep}: is it free of sound, speech and terminal?"
        );
    }
}

#[test]
fn the_core_depends_on_no_sound_speech_or_terminal_library() {
    for (section, dep) in dependencies("zweibrett-core") {
        for banned in ["cpal", "tts", "ratatui", "crossterm", "directories"] {
            assert_ne!(dep, banned, "[{section}] of the core has {banned}");
        }
    }
}

#[test]
fn the_look_depends_only_on_its_file_format_and_the_core_not_on_it() {
    for (section, dep) in dependencies("zweibrett-look") {
        assert!(
            ["serde", "thiserror", "toml"].contains(&dep.as_str()),
            "[{section}] of the look has {dep}: it reads theme files and computes contrast, no more"
        );
    }
    for (section, dep) in dependencies("zweibrett-core") {
        assert_ne!(
            dep, "zweibrett-look",
            "[{section}] of the core has the look"
        );
    }
}

/// The sibling modules a source file names through `super::` (or through
/// its folder's full path), by file stem.
fn siblings_named(text: &str, folder: &str) -> Vec<String> {
    let mut named = Vec::new();
    for prefix in ["super::".to_string(), format!("crate::{folder}::")] {
        for (at, _) in text.match_indices(&prefix) {
            let name: String = text[at + prefix.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            named.push(name);
        }
    }
    named
}

/// In the core and the session crate, no two files of one folder import
/// each other: a type both need lives in a file of its own, or the one is
/// the other's child.
#[test]
fn no_two_files_of_a_folder_import_each_other() {
    let mut wrong = Vec::new();
    for krate in ["zweibrett-core", "zweibrett-session", "zweibrett-look"] {
        let src = crate_dir(krate).join("src");
        let mut files = Vec::new();
        sources(&src, &mut files);
        // Each folder's files other than mod.rs and the tests, by stem.
        let mut by_folder: std::collections::BTreeMap<PathBuf, Vec<(String, String)>> =
            Default::default();
        for file in &files {
            let mut stem = file.file_stem().unwrap().to_string_lossy().into_owned();
            let mut folder = file.parent().unwrap().to_path_buf();
            if stem == "lib" || is_test_file(&src, file) || (stem == "mod" && folder == src) {
                continue;
            }
            // A folder's `mod.rs` is that module, a member of the folder above.
            if stem == "mod" {
                stem = folder.file_name().unwrap().to_string_lossy().into_owned();
                folder = folder.parent().unwrap().to_path_buf();
            }
            let mut text = fs::read_to_string(file).unwrap();
            // A file's own tests may drive it through its neighbours.
            if let Some(at) = text.find("#[cfg(test)]\nmod tests {") {
                text.truncate(at);
            }
            by_folder.entry(folder).or_default().push((stem, text));
        }
        for (folder, members) in &by_folder {
            let name = folder.file_name().unwrap().to_string_lossy().into_owned();
            let stems: Vec<&str> = members.iter().map(|(s, _)| s.as_str()).collect();
            let uses = |text: &str| -> Vec<String> {
                siblings_named(text, &name)
                    .into_iter()
                    .filter(|n| stems.contains(&n.as_str()))
                    .collect()
            };
            for (a, a_text) in members {
                for (b, b_text) in members {
                    if a < b && uses(a_text).contains(b) && uses(b_text).contains(a) {
                        wrong.push(format!(
                            "{}: {a} and {b} import each other",
                            folder.display()
                        ));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
