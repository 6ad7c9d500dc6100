//! Embeds the recorded word clips of every voice pack (`voices/ID/clips/`)
//! and their word lists in the program, so that a fresh machine speaks
//! without any installed files.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let voices = Path::new(&root).join("voices");
    println!("cargo:rerun-if-changed=voices");
    let mut packs: Vec<_> = std::fs::read_dir(&voices)
        .expect("voices/ exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("words.txt").is_file() && p.join("clips").is_dir())
        .collect();
    packs.sort();
    let mut out = String::from(
        "/// One clip: its name (the folded word) and its WAV bytes.\n\
         pub type Clip = (&'static str, &'static [u8]);\n\
         /// The embedded clip sets: (pack id, word list, clips).\n\
         pub static EMBEDDED: &[(&str, &str, &[Clip])] = &[\n",
    );
    for pack in packs {
        let id = pack.file_name().unwrap().to_string_lossy().into_owned();
        println!("cargo:rerun-if-changed={}", pack.join("clips").display());
        println!(
            "cargo:rerun-if-changed={}",
            pack.join("words.txt").display()
        );
        let mut clips: Vec<_> = std::fs::read_dir(pack.join("clips"))
            .expect("clips/ is readable")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "wav"))
            .collect();
        clips.sort();
        writeln!(
            out,
            "    ({id:?}, include_str!({:?}), &[",
            pack.join("words.txt").display().to_string()
        )
        .unwrap();
        for clip in clips {
            let name = clip.file_stem().unwrap().to_string_lossy().into_owned();
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
}
