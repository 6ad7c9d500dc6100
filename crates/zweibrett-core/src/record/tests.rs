//! Journal tests: replay, a torn last line, corruption, the latest
//! unfinished game.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use shakmaty::Color;

use super::journal::{self, Journal, JournalError};
use crate::clock::Instant;
use crate::game::{Command, Game, Press, Repetition, Setup};
use crate::notation::VoicePack;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("zweibrett-journal-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn setup() -> Setup {
    Setup {
        time: "600".into(),
        repetition: Repetition::Quick,
        press: Press::Separate,
        ..Setup::default()
    }
}

/// Plays and journals `commands` 1.5 s apart; returns the game and journal.
fn played(dir: &std::path::Path, commands: &[Command]) -> (Game, Journal) {
    let mut game = Game::new(setup(), VoicePack::fide()).unwrap();
    let mut journal = Journal::create(dir, &setup(), SystemTime::now()).unwrap();
    for (i, c) in commands.iter().enumerate() {
        let at = Instant::from_millis(1500 * (i as u64 + 1));
        journal.append(at, c, SystemTime::now()).unwrap();
        game.apply(c, at);
    }
    (game, journal)
}

fn opening() -> Vec<Command> {
    let mv = |s: &str| Command::Move(s.into());
    vec![
        mv("e4"),
        Command::Press,
        Command::Confirm,
        mv("e5"),
        Command::Correct("c5".into()),
        Command::Press,
        Command::Confirm,
        mv("Nf3"),
        Command::Tick,
    ]
}

#[test]
fn replay_rebuilds_boards_scores_clocks_and_step() {
    let d = dir("replay");
    let (game, journal) = played(&d, &opening());
    let loaded = journal::load(journal.path()).unwrap();
    assert!(!loaded.torn);
    assert_eq!(loaded.entries.len(), opening().len());
    let again = journal::replay(journal.path(), &loaded).unwrap();
    assert_eq!(again.moves(), game.moves());
    assert_eq!(again.step(), game.step());
    for c in [Color::White, Color::Black] {
        assert_eq!(again.board(c), game.board(c));
        assert_eq!(again.score(c), game.score(c));
        let at = journal::last_instant(&loaded);
        assert_eq!(
            again.clock().remaining(c, at),
            game.clock().remaining(c, at)
        );
    }
    assert_eq!(journal::last_instant(&loaded), Instant::from_millis(13_500));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn torn_last_line_is_dropped_and_cut_before_appending() {
    let d = dir("torn");
    let (_, journal) = played(&d, &opening());
    let path = journal.path().to_path_buf();
    drop(journal);
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    f.write_all(br#"{"t_ms":15000,"wall_ms":1,"cmd":{"mo"#)
        .unwrap();
    drop(f);
    let loaded = journal::load(&path).unwrap();
    assert!(loaded.torn);
    assert_eq!(loaded.entries.len(), opening().len());
    let mut journal = Journal::reopen(&path, &loaded).unwrap();
    journal
        .append(Instant::from_secs(16), &Command::Press, SystemTime::now())
        .unwrap();
    let loaded = journal::load(&path).unwrap();
    assert!(!loaded.torn);
    assert_eq!(loaded.entries.len(), opening().len() + 1);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn corruption_is_reported_with_its_line_number() {
    let d = dir("corrupt");
    let (_, journal) = played(&d, &opening());
    let path = journal.path().to_path_buf();
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[3] = "{\"t_ms\":oops}";
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    match journal::load(&path) {
        Err(JournalError::Corrupt { line, .. }) => assert_eq!(line, 4),
        other => panic!("{other:?}"),
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn latest_unfinished_game_skips_finished_ones() {
    let d = dir("latest");
    let (_, first) = played(&d, &opening());
    std::thread::sleep(Duration::from_millis(20));
    let mut finished = opening();
    finished.push(Command::Resign(crate::game::Side::Black));
    let (game, second) = played(&d, &finished);
    assert!(game.outcome().is_some());
    assert_eq!(
        journal::latest_unfinished(&d).as_deref(),
        Some(first.path())
    );
    std::thread::sleep(Duration::from_millis(20));
    let (_, third) = played(&d, &opening());
    assert_eq!(
        journal::latest_unfinished(&d).as_deref(),
        Some(third.path())
    );
    let _ = second;
    let _ = std::fs::remove_dir_all(&d);
}
