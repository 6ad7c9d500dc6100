//! A corpus of spoken moves made here: positions from random games, one
//! legal move each, said by espeak-ng in several voices and speeds, in the
//! `fide` and `en` packs, in the short and the long form.

use std::path::{Path, PathBuf};
use std::process::Command;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Move, Position};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::say::{Form, say};

/// One recording of the corpus.
#[derive(Clone, Debug)]
pub struct Recording {
    pub position: Chess,
    pub fen: String,
    pub said: Move,
    pub pack: &'static str,
    pub form: Form,
    pub voice: String,
    pub speed: u32,
    pub text: String,
    pub wav: PathBuf,
}

/// The espeak-ng voices and variants each pack is said in.
fn voices(pack: &str) -> &'static [&'static str] {
    match pack {
        "en" => &["en-us", "en-us+m3", "en-us+f2", "en-us+klatt", "en-us+m7"],
        _ => &["de", "de+m3", "de+f2", "de+klatt", "de+m7"],
    }
}

const SPEEDS: &[u32] = &[130, 155, 180];

/// `count` positions from random games of up to 80 half-moves, each with
/// one random legal move; the same for the same seed.
pub fn positions(count: usize, seed: u64) -> Vec<(Chess, Move)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut found = Vec::with_capacity(count);
    while found.len() < count {
        let mut position = Chess::default();
        let plies = rng.random_range(0..80);
        for _ in 0..plies {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.random_range(0..legal.len())];
            position.play_unchecked(m);
        }
        let legal = position.legal_moves();
        if legal.is_empty() {
            continue;
        }
        let m = legal[rng.random_range(0..legal.len())];
        found.push((position, m));
    }
    found
}

/// Says every position's move in both packs and forms, into WAV files in
/// `dir`, and lists them. Runs espeak-ng on two threads.
pub fn generate(dir: &Path, count: usize, seed: u64) -> Vec<Recording> {
    std::fs::create_dir_all(dir).unwrap();
    let mut recordings = Vec::new();
    for (i, (position, m)) in positions(count, seed).into_iter().enumerate() {
        for pack_id in ["fide", "en"] {
            let pack = VoicePack::builtin(pack_id);
            for (f, form) in [Form::Short, Form::Long].into_iter().enumerate() {
                let voices = voices(pack_id);
                let voice = voices[(i + f) % voices.len()].to_string();
                let speed = SPEEDS[(i / voices.len() + f) % SPEEDS.len()];
                let text = say(&pack, &position, m, form);
                let wav = dir.join(format!("{i:03}-{pack_id}-{f}.wav"));
                recordings.push(Recording {
                    fen: Fen::from_position(&position, EnPassantMode::Legal).to_string(),
                    position: position.clone(),
                    said: m,
                    pack: pack_id,
                    form,
                    voice,
                    speed,
                    text,
                    wav,
                });
            }
        }
    }
    let halves: Vec<Vec<Recording>> = vec![
        recordings.iter().step_by(2).cloned().collect(),
        recordings.iter().skip(1).step_by(2).cloned().collect(),
    ];
    std::thread::scope(|s| {
        for half in &halves {
            s.spawn(move || {
                for r in half {
                    let pack = VoicePack::builtin(r.pack);
                    let status = Command::new("espeak-ng")
                        .args(["-v", &r.voice, "-s", &r.speed.to_string(), "-w"])
                        .arg(&r.wav)
                        .arg(pack.pronounced(&r.text))
                        .status()
                        .expect("espeak-ng runs");
                    assert!(status.success(), "espeak-ng failed on {}", r.text);
                }
            });
        }
    });
    recordings
}

/// `each` applied to the two halves of `items` on two threads, the
/// answers in the order of the items: a corpus heard on both cores, a
/// recogniser on each.
pub fn in_two_halves<T: Sync, R: Send>(
    items: &[T],
    each: impl Fn(&[T]) -> Vec<R> + Sync,
) -> Vec<R> {
    let half = items.len().div_ceil(2).max(1);
    std::thread::scope(|s| {
        let jobs: Vec<_> = items
            .chunks(half)
            .map(|chunk| s.spawn(|| each(chunk)))
            .collect();
        jobs.into_iter().flat_map(|j| j.join().unwrap()).collect()
    })
}

/// The move in UCI, for messages.
pub fn uci(position: &Chess, m: Move) -> String {
    UciMove::from_move(m, position.castles().mode()).to_string()
}

/// Writes each recording's outcome and details to the file the variable
/// `dump` names, if set; then fails, listing them, when any is `wrong`.
pub fn dump_and_refuse_wrong<O: std::fmt::Debug + PartialEq>(
    outcomes: &[(O, String)],
    wrong: &O,
    dump: &str,
) {
    if let Some(path) = std::env::var_os(dump) {
        let lines: Vec<String> = outcomes
            .iter()
            .map(|(o, d)| format!("{o:?}\t{d}"))
            .collect();
        std::fs::write(path, lines.join("\n")).unwrap();
    }
    let wrong: Vec<&String> = outcomes
        .iter()
        .filter(|(o, _)| o == wrong)
        .map(|(_, d)| d)
        .collect();
    assert!(wrong.is_empty(), "heard as something not said:\n{wrong:#?}");
}

/// Prints a table of outcomes: right at once, asked with the move offered,
/// not heard, wrong, and the count, a row for each pack and `column`.
pub fn print_table(column: &str, table: &std::collections::BTreeMap<(String, String), [usize; 4]>) {
    eprintln!("pack  {column:8} right  asked(with it)  not heard  wrong  of");
    for ((pack, kind), row) in table {
        let all: usize = row.iter().sum();
        eprintln!(
            "{pack:5} {kind:8} {:3} ({:4.1} %)  {:3}  {:3}  {:3}  {all}",
            row[0],
            100.0 * row[0] as f64 / all as f64,
            row[1],
            row[2],
            row[3]
        );
    }
}
