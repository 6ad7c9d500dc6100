//! What grows with the game, the pack or the database: redrawing the full
//! screen of a long game (standard layout, nothing changed since the last
//! redraw), loading a large voice pack, searching the list of 40,000 games
//! by name, and reading one long typed word.
//!
//! Run with `cargo bench --bench growth`.

use std::hint::black_box;
use std::io::Cursor;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use shakmaty::san::San;
use shakmaty::{Chess, Position};
use zweibrett::game_screen::{GameScreen, Layout, Msg, Theme, update, view};
use zweibrett_core::clock::Instant;
use zweibrett_core::clock::schedule::ClockSettings;
use zweibrett_core::game::{Command, Game, Press, Repetition, Setup};
use zweibrett_core::notation::{Lexicon, VoicePack, read_move};
use zweibrett_core::record::game_search::Search;
use zweibrett_core::record::pgn_index::{GameIndex, index_reader};
use zweibrett_session::host::Request;

/// Half-moves of the long game: 150 moves each side.
const HALF_MOVES: usize = 300;

/// A random legal game of `HALF_MOVES` half-moves (or as long as one seed
/// gives before the game ends), as SAN.
fn long_game() -> Vec<String> {
    for seed in 0.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut position = Chess::default();
        let mut sans = Vec::new();
        while sans.len() < HALF_MOVES {
            let legal = position.legal_moves();
            if legal.is_empty() || position.is_insufficient_material() {
                break;
            }
            let m = legal[rng.random_range(0..legal.len())];
            sans.push(San::from_move(&position, m).to_string());
            position.play_unchecked(m);
        }
        if sans.len() == HALF_MOVES {
            return sans;
        }
    }
    unreachable!()
}

/// The game screen in the standard layout after as many half-moves of
/// `moves` as the game takes.
fn screen_after(moves: &[String]) -> GameScreen {
    let setup = Setup {
        white: "Anna".into(),
        black: "Boris".into(),
        time: "5400+30".into(),
        repetition: Repetition::Off,
        press: Press::Auto,
        ..Setup::default()
    };
    let game = Game::new(setup, VoicePack::fide()).unwrap();
    let mut screen = GameScreen::new(
        game,
        (Layout::Standard, Theme::standard()),
        ClockSettings::default(),
        Instant::ZERO,
        (140, 45),
        None,
    );
    let start = std::time::Instant::now();
    for san in moves {
        let request = Request::Command(Command::Move(san.clone()));
        screen.host.request(request, start);
        let shown = screen.host.take_shown();
        update(&mut screen, Msg::Shown(shown));
    }
    screen
}

fn redraw(c: &mut Criterion) {
    let moves = long_game();
    let mut group = c.benchmark_group("redraw");
    for length in [20, HALF_MOVES] {
        let screen = screen_after(&moves[..length]);
        let mut terminal = Terminal::new(TestBackend::new(140, 45)).unwrap();
        group.bench_function(format!("standard_{length}_half_moves"), |b| {
            b.iter(|| {
                terminal
                    .draw(|frame| view(black_box(&screen), frame))
                    .unwrap();
            })
        });
    }
    group.finish();
}

/// The English pack with `extra` more filler words, each of its own.
fn large_pack(extra: usize) -> String {
    let text = include_str!("../voices/en.toml");
    if extra == 0 {
        return text.to_string();
    }
    let words: Vec<String> = (0..extra)
        .map(|n| {
            let mut word = String::from("qz");
            let mut n = n;
            loop {
                word.push(char::from(b'a' + (n % 26) as u8));
                n /= 26;
                if n == 0 {
                    break;
                }
            }
            format!("\"{word}\"")
        })
        .collect();
    let filler = "filler = [";
    let at = text.find(filler).unwrap() + filler.len();
    // One word a line, as a long pack would be written.
    format!("{}{},\n{}", &text[..at], words.join(",\n"), &text[at..])
}

fn pack_load(c: &mut Criterion) {
    let mut group = c.benchmark_group("pack_load");
    group.sample_size(10);
    for extra in [0, 20_000] {
        let text = large_pack(extra);
        VoicePack::from_toml(&text, "large.toml").unwrap();
        group.bench_function(format!("en_plus_{extra}_words"), |b| {
            b.iter(|| VoicePack::from_toml(black_box(&text), "large.toml").unwrap())
        });
    }
    group.finish();
}

/// A PGN text of `games` short games between numbered players, with
/// codes, dates and ratings spread over their ranges.
fn database(games: usize) -> String {
    (1..=games)
        .map(|n| {
            format!(
                "[Event \"Vereinsmeisterschaft {}\"]\n[White \"Müller, Jürgen {n}\"]\n\
                 [Black \"Łukasz Ñúñez {}\"]\n[Date \"{}.{:02}.??\"]\n[Result \"1-0\"]\n\
                 [ECO \"{}{:02}\"]\n[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n\n\
                 1. e4 e5 2. Nf3 1-0\n\n",
                n % 50,
                n * 7,
                1850 + n % 175,
                1 + n % 12,
                ['A', 'B', 'C', 'D', 'E'][n % 5],
                (n / 5) % 100,
                1800 + n % 1000,
                1800 + (n * 3) % 1000,
            )
        })
        .collect()
}

fn search(c: &mut Criterion) {
    let text = database(100_000);
    let (games, problems) = index_reader(Cursor::new(text.as_bytes()), text.len() as u64).unwrap();
    assert!(problems.is_empty());
    let index = GameIndex::from_games(games);
    let mut group = c.benchmark_group("search");
    for wanted in [
        "m",
        "muller jurgen 39999",
        "Jurgen Muller 39999",
        "nunez",
        "eco C41",
        "C40-C45",
        "1858",
        "1850-1860",
        "rating 2500-2700",
        "Muller 1900 1-0",
    ] {
        let search = Search::parse(wanted).unwrap();
        assert!(!index.search(&search).unwrap().is_empty(), "{wanted}");
        let name: String = wanted
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '_' })
            .collect();
        group.bench_function(format!("100000_games_{name}"), |b| {
            b.iter(|| index.search(black_box(&search)).unwrap().len())
        });
    }
    group.finish();
}

fn long_word(c: &mut Criterion) {
    let pack = VoicePack::fide();
    let lexicon = Lexicon::builtin();
    let position = Chess::default();
    let mut group = c.benchmark_group("long_word");
    group.sample_size(10);
    for length in [1_000, 100_000] {
        let word = "e".repeat(length);
        group.bench_function(format!("{length}_letters"), |b| {
            b.iter(|| read_move(lexicon, &pack, &position, black_box(&word)))
        });
    }
    group.finish();
}

criterion_group!(benches, redraw, pack_load, search, long_word);
criterion_main!(benches);
