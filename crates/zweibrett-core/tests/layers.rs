//! The core's structure, held by a test: each module imports only from the
//! modules below it, and the crate depends on no sound, speech or terminal
//! library, so the rules can be tested, fuzzed and reused without them.

use std::fs;
use std::path::{Path, PathBuf};

/// The core's modules, lowest first: a module may use itself and those
/// before it, never one after it.
const LAYERS: &[&str] = &[
    "printable",
    "utterance",
    "wav",
    "theme",
    "contrast",
    "notation",
    "hearing",
    "config",
    "clock",
    "audit",
    "game",
    "evaluation",
    "record",
    "analysis",
    "table",
];

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

#[test]
fn every_module_uses_only_the_modules_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut wrong = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        if module == "lib" || is_test_file(&src, file) {
            continue;
        }
        let rank = LAYERS
            .iter()
            .position(|m| *m == module)
            .unwrap_or_else(|| panic!("{module} is not placed in LAYERS"));
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for (at, _) in line.match_indices("crate::") {
                let used: String = line[at + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                match LAYERS.iter().position(|m| *m == used) {
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
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_core_depends_on_no_sound_speech_or_terminal_library() {
    let manifest =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let manifest: toml::Table = toml::from_str(&manifest).unwrap();
    for section in ["dependencies", "dev-dependencies"] {
        let Some(deps) = manifest.get(section).and_then(|d| d.as_table()) else {
            continue;
        };
        for banned in ["cpal", "tts", "ratatui", "crossterm", "directories"] {
            assert!(!deps.contains_key(banned), "[{section}] has {banned}");
        }
    }
}
