//! Writes a voice pack's pronunciation dictionary for listening: every
//! word a recogniser needs for the pack, in the phones of the US English
//! acoustic model. An English word is taken from the model's own
//! dictionary when it is there; every other word is said by espeak-ng in
//! the pack's language (as the pack's `[pronounce]` table spells it) and
//! its sounds are mapped to phones. The lines of
//! `voices/ID/hear-extra.dict` follow as further pronunciations of their
//! words: the ways speakers say a word that espeak-ng does not (German
//! "David" as "Dafit").
//!
//! `cargo run -p zweibrett-core --example hear_dict -- fide CMUDICT > voices/fide/hear.dict`
//! (`scripts/make-dict` runs it for every pack).

use std::collections::BTreeMap;
use std::process::{Command, ExitCode};

use zweibrett_core::hearing::grammar::vocabulary;
use zweibrett_core::hearing::phones::{Mnemonics, arpabet};
use zweibrett_core::notation::VoicePack;

fn entries(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .map(|(w, p)| (w.to_string(), p.trim().to_string()))
        .collect()
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap_or_else(|| "fide".to_string());
    let english = args
        .next()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_default();
    let english = entries(&english);
    let extra = std::fs::read_to_string(format!("voices/{id}/hear-extra.dict")).unwrap_or_default();
    let mut more: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in extra
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
    {
        if let Some((word, phones)) = line.split_once(' ') {
            more.entry(word.to_string())
                .or_default()
                .push(phones.trim().to_string());
        }
    }
    let pack = VoicePack::builtin(&id);
    let language = pack.language.to_ascii_lowercase();
    let (voice, kind) = match language.split('-').next() {
        Some("en") => ("en-us".to_string(), Mnemonics::English),
        Some(other) => (other.to_string(), Mnemonics::Other),
        None => return ExitCode::FAILURE,
    };
    println!("# The words of the \"{id}\" pack in the phones of the US English model.");
    println!("# Made by scripts/make-dict; further pronunciations go in hear-extra.dict.");
    for (word, spelling) in vocabulary(&pack) {
        let phones = if let Some(p) = english.get(&word).filter(|_| kind == Mnemonics::English) {
            p.clone()
        } else {
            let said = pack.pronounced(&spelling);
            let out = Command::new("espeak-ng")
                .args(["-q", "-x", "--sep= ", "-v", &voice, &said])
                .output();
            let Ok(out) = out else {
                eprintln!("hear_dict: espeak-ng cannot be run");
                return ExitCode::FAILURE;
            };
            match arpabet(&String::from_utf8_lossy(&out.stdout), kind) {
                Ok(phones) => phones.join(" "),
                Err(e) => {
                    eprintln!("hear_dict: {id}: {word} ({said}): {e}");
                    return ExitCode::FAILURE;
                }
            }
        };
        println!("{word} {phones}");
        for phones in more.get(&word).into_iter().flatten() {
            println!("{word} {phones}");
        }
    }
    ExitCode::SUCCESS
}
