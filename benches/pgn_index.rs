//! Indexing a large PGN file: generates at least 100 MB of random legal
//! games (seeded, in the temporary directory, kept for the next run),
//! indexes it in a child process to measure throughput and peak memory,
//! opens a game from the middle, compares the index with the smallest
//! `pgn-reader` program that collects the same tags (in the same run, the
//! file in the page cache), and times `pgn-extract` over the same file when
//! it is installed. Then whole processes, side by side in one run: the
//! first line of `zweibrett analyse` on a small file against the smallest
//! `pgn-reader` program that prints the first game's tags, and all of
//! `zweibrett analyse` on the large file (input closed at once) against
//! the smallest tag collector, each a process of its own.
//!
//! Run with `cargo bench --bench pgn_index`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use pgn_reader::{RawTag, Reader, Visitor};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, KnownOutcome, Outcome, Position};
use zweibrett_core::record::pgn_game::Game;
use zweibrett_core::record::pgn_index::GameIndex;

const TARGET_BYTES: u64 = 100 * 1024 * 1024;
const SEED: u64 = 20_240_315;
const CHILD: &str = "ZWEIBRETT_BENCH_INDEX";
/// Run as the smallest tag collector over the file named.
const BASELINE_CHILD: &str = "ZWEIBRETT_BENCH_BASELINE";
/// Run as the smallest program that prints the first game's tags.
const FIRST_CHILD: &str = "ZWEIBRETT_BENCH_FIRST";

fn main() {
    if let Ok(path) = std::env::var(CHILD) {
        index_in_child(Path::new(&path));
        return;
    }
    if let Ok(path) = std::env::var(BASELINE_CHILD) {
        println!("{} games", baseline(Path::new(&path)));
        return;
    }
    if let Ok(path) = std::env::var(FIRST_CHILD) {
        first_game_line(Path::new(&path));
        return;
    }
    // `cargo bench` passes --bench; `cargo test --all-targets` does not, and
    // a test run has no business writing 100 MB.
    if !std::env::args().any(|a| a == "--bench") {
        println!("pgn_index: run with `cargo bench --bench pgn_index`");
        return;
    }
    let path = std::env::temp_dir().join(format!("zweibrett-bench-{SEED}.pgn"));
    if std::fs::metadata(&path)
        .map(|m| m.len() >= TARGET_BYTES)
        .unwrap_or(false)
    {
        println!("using {} from an earlier run", path.display());
    } else {
        let started = Instant::now();
        let games = generate(&path);
        println!(
            "generated {games} random legal games in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    }
    let size = std::fs::metadata(&path).unwrap().len();
    println!("file: {:.1} MB", size as f64 / 1e6);

    let child = Command::new(std::env::current_exe().unwrap())
        .env(CHILD, &path)
        .output()
        .expect("the benchmark runs itself as a child");
    print!("{}", String::from_utf8_lossy(&child.stdout));

    whole_processes(&path);

    if let Some(extract) = find("pgn-extract") {
        let started = Instant::now();
        let status = Command::new(&extract)
            .args(["-s", "-o", "/dev/null"])
            .arg(&path)
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        let secs = started.elapsed().as_secs_f64();
        println!(
            "pgn-extract full pass: {secs:.2} s, {:.0} MB/s ({status})",
            size as f64 / 1e6 / secs
        );
    } else {
        println!("pgn-extract is not installed; no comparison");
    }
}

/// The tags the index keeps, as the smallest program collects them.
#[derive(Default)]
struct BaselineTags {
    white: String,
    black: String,
    event: String,
    date: String,
    result: String,
}

/// The smallest `pgn-reader` program that lists the same tags: no offsets,
/// no lines, no check of where a game ends.
struct BaselineVisitor;

impl Visitor for BaselineVisitor {
    type Tags = BaselineTags;
    type Movetext = ();
    type Output = BaselineTags;

    fn begin_tags(&mut self) -> ControlFlow<BaselineTags, BaselineTags> {
        ControlFlow::Continue(BaselineTags::default())
    }

    fn tag(
        &mut self,
        tags: &mut BaselineTags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<BaselineTags> {
        let slot = match name {
            b"White" => &mut tags.white,
            b"Black" => &mut tags.black,
            b"Event" => &mut tags.event,
            b"Date" => &mut tags.date,
            b"Result" => &mut tags.result,
            _ => return ControlFlow::Continue(()),
        };
        *slot = value.decode_utf8_lossy().into_owned();
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: BaselineTags) -> ControlFlow<BaselineTags, ()> {
        ControlFlow::Break(tags)
    }

    fn end_game(&mut self, _movetext: ()) -> BaselineTags {
        BaselineTags::default()
    }
}

/// The baseline's pass over `path`: the number of games.
fn baseline(path: &Path) -> usize {
    let mut reader = Reader::new(File::open(path).unwrap());
    let mut games = Vec::new();
    while let Some(tags) = reader.read_game(&mut BaselineVisitor).unwrap() {
        games.push(tags);
    }
    games.len()
}

/// The best of `ROUNDS` timings of the index and of the baseline, taken in
/// turn over the file in the page cache, and their ratio.
fn compare_with_baseline(path: &Path) {
    const ROUNDS: usize = 5;
    let (mut index_best, mut baseline_best) = (f64::MAX, f64::MAX);
    let (mut indexed, mut listed) = (0, 0);
    for _ in 0..ROUNDS {
        let started = Instant::now();
        indexed = GameIndex::build(path).unwrap().games.len();
        index_best = index_best.min(started.elapsed().as_secs_f64());
        let started = Instant::now();
        listed = baseline(path);
        baseline_best = baseline_best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "index {index_best:.3} s ({indexed} games), minimal pgn-reader visitor \
         {baseline_best:.3} s ({listed} games), best of {ROUNDS}: ratio {:.2}",
        index_best / baseline_best
    );
}

fn index_in_child(path: &Path) {
    let size = std::fs::metadata(path).unwrap().len();
    let started = Instant::now();
    let index = GameIndex::build(path).unwrap();
    let secs = started.elapsed().as_secs_f64();
    println!(
        "indexed {} games in {secs:.2} s: {:.0} MB/s, {:.0} games/s",
        index.games.len(),
        size as f64 / 1e6 / secs,
        index.games.len() as f64 / secs
    );
    let started = Instant::now();
    let stretched = zweibrett_session::games_file::index(path).unwrap();
    let secs = started.elapsed().as_secs_f64();
    assert_eq!(
        stretched.games, index.games,
        "stretches give the one-pass index"
    );
    println!(
        "indexed in stretches on {} processors in {secs:.3} s: {:.0} MB/s",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        size as f64 / 1e6 / secs,
    );
    let middle = index.get(index.games.len() / 2).unwrap();
    let started = Instant::now();
    let text = index.read_text(middle).unwrap();
    let game = Game::parse(&text, middle.line).unwrap();
    println!(
        "opened game {} (line {}, {} moves) in {:.2} ms",
        middle.number,
        middle.line,
        game.moves.len(),
        started.elapsed().as_secs_f64() * 1e3
    );
    let found = Instant::now();
    let hits = index
        .search(&zweibrett_core::record::game_search::Search::parse("Spieler 4711").unwrap())
        .unwrap()
        .len();
    println!(
        "found {hits} games by name in {:.1} ms",
        found.elapsed().as_secs_f64() * 1e3
    );
    println!(
        "peak memory of the indexing process: {} (VmHWM)",
        peak_memory()
    );
    compare_with_baseline(path);
}

fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l[6..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

/// The smallest program's first line: the first game's tags.
fn first_game_line(path: &Path) {
    let mut reader = Reader::new(File::open(path).unwrap());
    if let Some(tags) = reader.read_game(&mut BaselineVisitor).unwrap() {
        println!(
            "Game 1: {} - {}; {}; {}; {}",
            tags.white, tags.black, tags.event, tags.date, tags.result
        );
    }
}

/// A command run as a user runs it: a home of its own (no configuration),
/// no terminal.
fn user_command(program: &Path, home: &Path) -> Command {
    let mut command = Command::new(program);
    command
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .stderr(std::process::Stdio::null());
    command
}

/// Milliseconds from starting `command` to the end of its first line on
/// standard output; its input stays open, so it is still waiting then.
fn first_line_ms(mut command: Command) -> f64 {
    use std::io::Read;
    command
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    let started = Instant::now();
    let mut child = command.spawn().unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut byte = [0u8; 1];
    while out.read(&mut byte).unwrap() == 1 && byte[0] != b'\n' {}
    let ms = started.elapsed().as_secs_f64() * 1e3;
    let _ = child.kill();
    let _ = child.wait();
    ms
}

/// Seconds from starting `command` to its end, its input closed.
fn whole_secs(mut command: Command) -> f64 {
    command
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null());
    let started = Instant::now();
    let status = command.status().unwrap();
    assert!(status.success(), "{command:?}: {status}");
    started.elapsed().as_secs_f64()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn ninetieth(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() * 9 / 10]
}

/// The first line on a small file and the whole run on `big`, zweibrett
/// and the smallest program taken in turn.
fn whole_processes(big: &Path) {
    const FIRST_ROUNDS: usize = 60;
    const WHOLE_ROUNDS: usize = 7;
    let home = std::env::temp_dir().join(format!("zweibrett-bench-home-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let small = home.join("small.pgn");
    // Four games, about 3 KB: what a club's round file holds.
    std::fs::write(&small, SMALL_GAME.repeat(4)).unwrap();
    let zweibrett = Path::new(env!("CARGO_BIN_EXE_zweibrett"));
    let itself = std::env::current_exe().unwrap();
    let analyse = |file: &Path, speech: &[&str]| {
        let mut command = user_command(zweibrett, &home);
        command.arg("analyse").arg(file).arg("--plain").args(speech);
        command
    };
    let (mut minimal, mut silent, mut speaking) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..FIRST_ROUNDS {
        let mut command = user_command(&itself, &home);
        command.env(FIRST_CHILD, &small);
        minimal.push(first_line_ms(command));
        silent.push(first_line_ms(analyse(&small, &["--speech", "none"])));
        speaking.push(first_line_ms(analyse(&small, &[])));
    }
    println!(
        "first line on a {}-byte file, median (90th percentile) of {FIRST_ROUNDS} processes each: \
         minimal pgn-reader program {:.2} ms ({:.2}), zweibrett analyse --speech none {:.2} ms \
         ({:.2}), zweibrett analyse with speech {:.2} ms ({:.2})",
        SMALL_GAME.len() * 4,
        median(minimal.clone()),
        ninetieth(minimal),
        median(silent.clone()),
        ninetieth(silent),
        median(speaking.clone()),
        ninetieth(speaking),
    );
    let (mut collector, mut whole) = (Vec::new(), Vec::new());
    for _ in 0..WHOLE_ROUNDS {
        let mut command = user_command(&itself, &home);
        command.env(BASELINE_CHILD, big);
        collector.push(whole_secs(command));
        whole.push(whole_secs(analyse(big, &["--speech", "none"])));
    }
    let (collector_best, whole_best) = (
        collector.iter().copied().fold(f64::MAX, f64::min),
        whole.iter().copied().fold(f64::MAX, f64::min),
    );
    println!(
        "whole process on the large file, best (median) of {WHOLE_ROUNDS}: minimal tag collector \
         {collector_best:.3} s ({:.3}), zweibrett analyse {whole_best:.3} s ({:.3}): ratio {:.2} \
         ({:.2})",
        median(collector.clone()),
        median(whole.clone()),
        whole_best / collector_best,
        median(whole) / median(collector),
    );
    let _ = std::fs::remove_dir_all(&home);
}

/// A small file as a club prints it: one game of 40 moves with its tags.
const SMALL_GAME: &str = "[Event \"Club championship\"]\n[Site \"Hamburg\"]\n\
[Date \"2024.01.02\"]\n[Round \"3\"]\n[White \"Anna Schmidt\"]\n[Black \"Bernd Weber\"]\n\
[Result \"1-0\"]\n[WhiteElo \"1850\"]\n[BlackElo \"1790\"]\n[ECO \"C65\"]\n\
[TimeControl \"5400+30\"]\n\n\
1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Nxe4 5. d4 Nd6 6. Bxc6 dxc6 7. dxe5 Nf5 \
8. Qxd8+ Kxd8 9. Nc3 Ke8 10. h3 h5 11. Bf4 Be7 12. Rad1 Be6 13. Ng5 Rh6 14. g3 Bxg5 \
15. Bxg5 Rg6 16. h4 f6 17. exf6 gxf6 18. Bf4 Nxh4 19. f3 Rd8 20. Kf2 Rxd1 21. Nxd1 Nf5 \
22. Rh1 Bxa2 23. Rxh5 Be6 24. g4 Nd6 25. Rh7 Nf7 26. Ne3 Kd8 27. Nf5 c5 28. Ng7 Bd7 \
29. Rh8+ Ke7 30. Nf5+ Bxf5 31. gxf5 Rg5 32. Rh7 Rxf5 33. Rxf7+ Kxf7 34. Bxc7 Ke6 \
35. Ke3 Rb5 36. b3 Ra5 37. Bb8 Ra3 38. Kd3 Kd5 39. c4+ Kc6 40. Ke4 Rxb3 1-0\n\n";

fn find(name: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&paths)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// Writes random legal games until the file holds `TARGET_BYTES`.
fn generate(path: &Path) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut out = BufWriter::new(File::create(path).unwrap());
    let mut written = 0u64;
    let mut games = 0u64;
    while written < TARGET_BYTES {
        games += 1;
        let mut text = format!(
            "[Event \"Random {}\"]\n[Site \"?\"]\n[Date \"2024.{:02}.{:02}\"]\n[Round \"{games}\"]\n\
             [White \"Spieler {}\"]\n[Black \"Spieler {}\"]\n",
            games % 97,
            rng.random_range(1..=12),
            rng.random_range(1..=28),
            rng.random_range(0..10_000),
            rng.random_range(0..10_000),
        );
        let mut pos = Chess::default();
        let mut moves = String::new();
        let plies = rng.random_range(20..160);
        let mut clock = [600u32, 600];
        for ply in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.random_range(0..legal.len())];
            let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
            if ply % 2 == 0 {
                moves.push_str(&format!("{}. ", ply / 2 + 1));
            }
            let side = usize::from(pos.turn() == Color::White);
            clock[side] = clock[side].saturating_sub(rng.random_range(0..20));
            let c = clock[side];
            moves.push_str(&format!(
                "{san} {{ [%clk 0:{:02}:{:02}] }} ",
                c / 60,
                c % 60
            ));
        }
        let result = match pos.outcome() {
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => "1-0",
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::Black,
            }) => "0-1",
            Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
            Outcome::Unknown => "*",
        };
        text.push_str(&format!("[Result \"{result}\"]\n\n{moves}{result}\n\n"));
        out.write_all(text.as_bytes()).unwrap();
        written += text.len() as u64;
    }
    out.flush().unwrap();
    games
}
