//! Embeds the recorded word clips of every voice pack (`voices/ID/clips/`)
//! in the program, so that a fresh machine speaks without any installed
//! files, and warns of every word a pack can say that has no clip.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

// The same reading of a pack's words as the program's.
#[allow(dead_code)]
#[path = "crates/zweibrett-core/src/notation/pack/spoken.rs"]
mod spoken;

/// How many missing words a warning names before it only counts.
const NAMED: usize = 40;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let voices = Path::new(&root).join("voices");
    println!("cargo:rerun-if-changed=voices");
    println!("cargo:rerun-if-changed=crates/zweibrett-core/src/notation/pack/spoken.rs");
    let mut packs: Vec<_> = std::fs::read_dir(&voices)
        .expect("voices/ exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    packs.sort();
    let mut out = String::from(
        "/// One clip: its name (the word's clip name) and its WAV bytes.\n\
         pub type Clip = (&'static str, &'static [u8]);\n\
         /// The embedded clip sets: (pack id, clips).\n\
         pub static EMBEDDED: &[(&str, &[Clip])] = &[\n",
    );
    for pack in packs {
        let id = pack.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = voices.join(&id).join("clips");
        println!("cargo:rerun-if-changed={}", pack.display());
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut clips: Vec<_> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "wav"))
            .collect();
        clips.sort();
        let names: BTreeSet<String> = clips
            .iter()
            .map(|c| c.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        warn_of_missing_clips(&pack, &id, &names);
        if clips.is_empty() {
            continue;
        }
        writeln!(out, "    ({id:?}, &[").unwrap();
        for (clip, name) in clips.iter().zip(&names) {
            writeln!(
                out,
                "        ({name:?}, include_bytes!({:?})),",
                clip.display().to_string()
            )
            .unwrap();
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("clips.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
    commit(Path::new(&root));
}

/// The commit the program is built from, for `--version` and bug reports
/// (`ZWEIBRETT_COMMIT`): git's short name of it, or "unknown" outside a
/// git checkout (a published crate). Built again when the checkout moves
/// to another commit.
fn commit(root: &Path) {
    let git = root.join(".git");
    let head = git.join("HEAD");
    if let Ok(text) = std::fs::read_to_string(&head) {
        println!("cargo:rerun-if-changed={}", head.display());
        if let Some(reference) = text.trim().strip_prefix("ref: ") {
            for path in [git.join(reference), git.join("packed-refs")] {
                if path.exists() {
                    println!("cargo:rerun-if-changed={}", path.display());
                }
            }
        }
    }
    let named = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_hexdigit()));
    println!(
        "cargo:rustc-env=ZWEIBRETT_COMMIT={}",
        named.as_deref().unwrap_or("unknown")
    );
}

/// Warns of the words a pack can say that have no clip: the built-in voice
/// would leave them out.
fn warn_of_missing_clips(pack: &Path, id: &str, clips: &BTreeSet<String>) {
    let Ok(text) = std::fs::read_to_string(pack) else {
        return;
    };
    let Ok(table) = text.parse::<toml::Table>() else {
        println!("cargo:warning=voices/{id}.toml is not valid TOML; its clips are not checked");
        return;
    };
    let said = spoken::said_words(&table);
    let missing: Vec<&str> = said
        .iter()
        .filter(|(name, _)| !clips.contains(*name))
        .map(|(_, word)| word.as_str())
        .collect();
    if missing.is_empty() {
        return;
    }
    let mut named: Vec<&str> = missing.iter().take(NAMED).copied().collect();
    if missing.len() > NAMED {
        named.push("…");
    }
    let count = match missing.len() {
        1 => format!("1 word of voices/{id}.toml has"),
        n => format!("{n} words of voices/{id}.toml have"),
    };
    println!(
        "cargo:warning=voices/{id}/clips: {count} no clip \
         (scripts/make-clips {id} records them): {}",
        named.join(", ")
    );
}
