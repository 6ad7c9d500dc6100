//! The newer PocketSphinx (5.x, one library without sphinxbase) hears as
//! the 5prealpha Debian 12 ships does: the program finds it, `doctor`
//! names it, and no spoken move of a corpus is heard as another move with
//! it. `scripts/setup` builds it from its source release for this test.

use crate::common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::hear_corpus::{generate, print_table, uci};
use zweibrett::hearing::Recogniser;
use zweibrett::hearing::pocketsphinx::{Generation, LIBRARY_VARIABLE};
use zweibrett_core::hearing::{Grammar, Heard, Said};
use zweibrett_core::notation::VoicePack;

/// The test's own name, for running its corpus in a process of its own.
const THIS_TEST: &str =
    "hear_generations::the_newer_generation_is_found_named_and_never_hears_a_wrong_move";

/// The library `scripts/setup` builds, kept in the user's cache by version.
fn newer_library() -> Option<PathBuf> {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cache"));
    let path = cache.join("zweibrett-tests/pocketsphinx-5.1.1/libpocketsphinx.so.5");
    if path.is_file() {
        return Some(path);
    }
    common::cannot_run(&format!(
        "{} is not built (ZWEIBRETT_SETUP_TEST=1 scripts/setup)",
        path.display()
    ));
    None
}

#[test]
fn the_newer_generation_is_found_named_and_never_hears_a_wrong_move() {
    common::lowest_priority();
    if std::env::var_os(LIBRARY_VARIABLE).is_some() {
        hear_the_corpus();
        return;
    }
    let Some(library) = newer_library() else {
        return;
    };
    let home = common::empty_home("generations");
    let doctor = common::quiet_zweibrett(&home)
        .env(LIBRARY_VARIABLE, &library)
        .args(["doctor", "--voice", "en"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&doctor.stdout).into_owned();
    assert!(
        said.contains("ok: listening: PocketSphinx 5.x and its US English model are installed"),
        "{said}"
    );
    let plain = common::quiet_zweibrett(&home)
        .env_remove(LIBRARY_VARIABLE)
        .args(["doctor", "--voice", "en"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&plain.stdout).into_owned();
    assert!(
        said.contains("ok: listening: PocketSphinx 5prealpha"),
        "{said}"
    );

    // The recogniser reads the variable in this process: the corpus is
    // heard in a process of its own, so no other test sees it.
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([THIS_TEST, "--exact", "--nocapture", "--test-threads", "1"])
        .env(LIBRARY_VARIABLE, &library)
        .output()
        .unwrap();
    println!("{}", String::from_utf8_lossy(&out.stdout));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every recording of the corpus heard by the newer library.
fn hear_the_corpus() {
    let dir = tempfile::tempdir().unwrap();
    let recordings = generate(
        dir.path(),
        common::sample("HEAR_GENERATIONS_POSITIONS", 6, 30),
        0x9e5,
    );
    let mut recognisers: BTreeMap<&str, Recogniser> = BTreeMap::new();
    let mut table: BTreeMap<(String, String), [usize; 4]> = BTreeMap::new();
    let mut wrong = Vec::new();
    for r in &recordings {
        let pack = VoicePack::builtin(r.pack);
        let recogniser = recognisers
            .entry(r.pack)
            .or_insert_with(|| Recogniser::for_pack(&pack).expect("PocketSphinx 5.x loads"));
        assert_eq!(recogniser.generation(), Generation::Five);
        let sound = zweibrett_core::wav::read(&std::fs::read(&r.wav).unwrap()).unwrap();
        let samples = zweibrett::hearing::samples_of(&sound);
        let grammar = Grammar::of_position(&pack, &r.position);
        let hearing = recogniser.hear_in(&r.position, &grammar, &samples).unwrap();
        let outcome = match &hearing.heard {
            Heard::Said(Said::Move(m)) if *m == r.said => 0,
            Heard::Said(Said::Move(_)) => 3,
            Heard::Ask(choices) if choices.contains(&Said::Move(r.said)) => 1,
            Heard::Confirm(said, _) if *said == Said::Move(r.said) => 1,
            _ => 2,
        };
        if outcome == 3 {
            wrong.push(format!(
                "\"{}\" ({}): {:?}",
                r.text,
                uci(&r.position, r.said),
                hearing.guesses
            ));
        }
        let form = format!("{:?}", r.form).to_lowercase();
        table.entry((r.pack.to_string(), form)).or_default()[outcome] += 1;
    }
    print_table("form", &table);
    assert!(wrong.is_empty(), "heard as another move by 5.x: {wrong:#?}");
}
