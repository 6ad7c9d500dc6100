//! The journal on disk: replay, a torn last line, corruption, the latest
//! unfinished game; and a session that journals before it applies.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use shakmaty::Color;

use super::journal::{self, Journal, JournalFileError, latest_unfinished};
use super::{GameSession, Report};
use crate::clock::Instant;
use crate::clock::schedule::ClockSettings;
use crate::game::{Command, EventKind, Game, Press, Repetition, Setup, Side};
use crate::journal::replay;
use crate::notation::VoicePack;
use crate::record::journal::{JournalError, last_instant};

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

/// A new game's session, journalled in `dir`; and where its journal is.
fn journalled(dir: &std::path::Path) -> (GameSession, PathBuf) {
    let game = Game::new(setup(), VoicePack::fide()).unwrap();
    let journal = Journal::create(dir, &setup(), SystemTime::now()).unwrap();
    let path = journal.path().to_path_buf();
    let session = GameSession::new(
        game,
        Some(journal),
        Duration::ZERO,
        ClockSettings::default(),
    );
    (session, path)
}

/// Plays and journals `commands` 1.5 s apart through a session; returns
/// the game and where its journal is.
fn played(dir: &std::path::Path, commands: &[Command]) -> (GameSession, PathBuf) {
    let (mut session, path) = journalled(dir);
    for (i, c) in commands.iter().enumerate() {
        let at = Instant::from_millis(1500 * (i as u64 + 1));
        session.enter_and_wait(c, at).unwrap();
    }
    (session, path)
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
    let (game, path) = played(&d, &opening());
    let loaded = journal::load(&path).unwrap();
    assert!(!loaded.torn);
    assert_eq!(loaded.entries.len(), opening().len());
    let uci: Vec<Option<&str>> = loaded.entries.iter().map(|e| e.uci.as_deref()).collect();
    assert_eq!(uci[0], Some("e2e4"));
    assert_eq!(uci[4], Some("c7c5"), "the correction as read");
    assert_eq!(uci[1], None);
    let again = replay(&path, &loaded, None).unwrap();
    assert_eq!(again.moves(), game.game().moves());
    assert_eq!(again.step(), game.game().step());
    for c in [Color::White, Color::Black] {
        assert_eq!(again.board(c), game.game().board(c));
        assert_eq!(again.score(c), game.game().score(c));
        let at = last_instant(&loaded);
        assert_eq!(
            again.clock().remaining(c, at),
            game.game().clock().remaining(c, at)
        );
    }
    assert_eq!(last_instant(&loaded), Instant::from_millis(13_500));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn torn_last_line_is_dropped_and_cut_before_appending() {
    let d = dir("torn");
    let (game, path) = played(&d, &opening());
    drop(game);
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
    let game = replay(&path, &loaded, None).unwrap();
    let mut journal = Journal::reopen(&path, &loaded).unwrap();
    journal
        .append(
            &game,
            Instant::from_secs(16),
            &Command::Press,
            SystemTime::now(),
        )
        .unwrap();
    let loaded = journal::load(&path).unwrap();
    assert!(!loaded.torn);
    assert_eq!(loaded.entries.len(), opening().len() + 1);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn corruption_is_reported_with_its_line_number() {
    let d = dir("corrupt");
    let (_, path) = played(&d, &opening());
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[3] = "{\"t_ms\":oops}";
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    match journal::load(&path) {
        Err(JournalFileError::Journal(JournalError::Corrupt { line, .. })) => assert_eq!(line, 4),
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
    finished.push(Command::Resign(Some(Side::Black)));
    let (game, _second) = played(&d, &finished);
    assert!(game.game().outcome().is_some());
    assert_eq!(latest_unfinished(&d).unwrap(), Some(first));
    std::thread::sleep(Duration::from_millis(20));
    let (_, third) = played(&d, &opening());
    assert_eq!(latest_unfinished(&d).unwrap(), Some(third));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_session_labels_moves_and_says_when_the_game_ends() {
    let game = Game::new(setup(), VoicePack::fide()).unwrap();
    let mut session = GameSession::new(game, None, Duration::ZERO, ClockSettings::default());
    let reports = session
        .enter_and_wait(&Command::Move("e4".into()), Instant::from_secs(1))
        .unwrap();
    let announced = reports.iter().find_map(|r| match r {
        Report::Event { event, label } if event.kind == EventKind::Announced => label.clone(),
        _ => None,
    });
    assert_eq!(announced.as_deref(), Some("1. e4"));
    assert_eq!(session.pause_if_running(), Some(Command::Pause));
    let reports = session
        .enter_and_wait(&Command::Resign(Some(Side::White)), Instant::from_secs(2))
        .unwrap();
    assert_eq!(reports.last(), Some(&Report::Ended));
    assert_eq!(session.pause_if_running(), None);
}

#[test]
fn a_running_clock_is_due_to_be_recorded_every_tick() {
    let game = Game::new(setup(), VoicePack::fide()).unwrap();
    let mut session = GameSession::new(game, None, Duration::ZERO, ClockSettings::default());
    assert_eq!(session.tick_due(Instant::from_secs(1)), None, "not started");
    session
        .enter_and_wait(&Command::Move("e4".into()), Instant::from_secs(1))
        .unwrap();
    assert_eq!(
        session.tick_due(Instant::from_millis(1_200)),
        Some(Command::Tick)
    );
    assert_eq!(session.tick_due(Instant::from_millis(1_400)), None);
    assert_eq!(
        session.tick_due(Instant::from_millis(1_700)),
        Some(Command::Tick)
    );
}

#[test]
fn the_time_line_never_runs_back() {
    let d = dir("monotonic");
    let (mut session, path) = journalled(&d);
    session
        .enter_and_wait(&Command::Move("e4".into()), Instant::from_secs(2))
        .unwrap();
    session
        .enter_and_wait(&Command::Tick, Instant::from_millis(2_600))
        .unwrap();
    // A line read just before the tick, carried out just after it.
    session
        .enter_and_wait(&Command::Press, Instant::from_millis(2_590))
        .unwrap();
    let loaded = journal::load(&path).unwrap();
    let times: Vec<u64> = loaded.entries.iter().map(|e| e.t_ms).collect();
    assert_eq!(times, [2_000, 2_600, 2_600]);
    let _ = std::fs::remove_dir_all(&d);
}

/// A locked position (Black to move): after b6 neither side can mate.
fn locked_session() -> GameSession {
    let setup = Setup {
        fen: Some("kb6/bpp2p1p/2P5/1P6/8/8/5P1P/5K2 b - - 0 1".into()),
        repetition: Repetition::Off,
        press: Press::Auto,
        ..setup()
    };
    let game = Game::new(setup, VoicePack::fide()).unwrap();
    GameSession::new(game, None, Duration::ZERO, ClockSettings::default())
}

#[test]
fn the_dead_position_search_answers_off_the_announcements_path() {
    let mut session = locked_session();
    let reports = session
        .enter_and_wait(&Command::Move("b6".into()), Instant::from_secs(1))
        .unwrap();
    assert!(
        !reports.contains(&Report::Ended),
        "announced, not yet ruled"
    );
    let answer = session
        .await_ruling(Duration::from_secs(30))
        .expect("the search proves the position dead");
    assert!(matches!(answer, Command::CannotCheckmate { ply: 1, .. }));
    let reports = session
        .enter_and_wait(&answer, Instant::from_secs(2))
        .unwrap();
    assert!(reports.contains(&Report::Ended));
    assert_eq!(session.ruling_due(), None);
    assert_eq!(session.await_ruling(Duration::from_millis(10)), None);
}

#[test]
fn a_resumed_game_asks_about_its_last_position_again() {
    let mut game = locked_session();
    game.enter_and_wait(&Command::Move("b6".into()), Instant::from_secs(1))
        .unwrap();
    // A session over the game as a journal left it, without the answer.
    let setup = game.game().setup().clone();
    let mut replayed = Game::new(setup, VoicePack::fide()).unwrap();
    replayed.apply(&Command::Move("b6".into()), Instant::from_secs(1));
    let mut session = GameSession::new(
        replayed,
        None,
        Duration::from_secs(1),
        ClockSettings::default(),
    );
    let answer = session.await_ruling(Duration::from_secs(30));
    assert!(matches!(
        answer,
        Some(Command::CannotCheckmate { ply: 1, .. })
    ));
}

#[test]
fn a_command_is_carried_out_once_its_line_is_written_at_the_instant_entered() {
    let d = dir("settle");
    let (mut session, path) = journalled(&d);
    session
        .enter(&Command::Move("e4".into()), Instant::from_secs(2))
        .unwrap();
    // Entered, not yet carried out: the game waits for the disk.
    assert!(session.has_pending());
    session
        .enter(&Command::Press, Instant::from_millis(2_200))
        .unwrap();
    let mut settled = Vec::new();
    while session.has_pending() {
        settled.extend(session.carried_out().unwrap());
        std::thread::sleep(Duration::from_millis(1));
    }
    let done: Vec<(&Command, Instant)> = settled.iter().map(|s| (&s.command, s.at)).collect();
    assert_eq!(
        done,
        [
            (&Command::Move("e4".into()), Instant::from_secs(2)),
            (&Command::Press, Instant::from_millis(2_200)),
        ]
    );
    assert_eq!(session.game().moves().len(), 1);
    let loaded = journal::load(&path).unwrap();
    let times: Vec<u64> = loaded.entries.iter().map(|e| e.t_ms).collect();
    assert_eq!(times, [2_000, 2_200]);
    assert_eq!(loaded.entries[0].uci.as_deref(), Some("e2e4"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn no_clock_reading_is_queued_behind_a_command_waiting_for_the_disk() {
    let d = dir("tick-skipped");
    let (mut session, _path) = journalled(&d);
    session
        .enter_and_wait(&Command::Move("e4".into()), Instant::from_secs(1))
        .unwrap();
    session
        .enter(&Command::Move("e5".into()), Instant::from_secs(2))
        .unwrap();
    assert_eq!(session.tick_due(Instant::from_secs(3)), None);
    session.wait_carried_out().unwrap();
    assert_eq!(session.tick_due(Instant::from_secs(3)), Some(Command::Tick));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_refused_command_is_named_and_not_carried_out() {
    let full = std::path::Path::new("/dev/full");
    if !full.exists() {
        eprintln!("note: no /dev/full here; skipped");
        return;
    }
    let d = dir("refused");
    let (session, path) = journalled(&d);
    drop(session);
    let device = std::fs::OpenOptions::new().append(true).open(full).unwrap();
    let journal = Journal::writing_into(device, &path).unwrap();
    let game = Game::new(setup(), VoicePack::fide()).unwrap();
    let mut session = GameSession::new(
        game,
        Some(journal),
        Duration::ZERO,
        ClockSettings::default(),
    );
    let refused = session.enter_and_wait(&Command::Move("e4".into()), Instant::from_secs(1));
    let Err(e) = refused else {
        panic!("{refused:?}")
    };
    assert!(e.to_string().starts_with("cannot record e4: "), "{e}");
    assert!(session.game().moves().is_empty(), "not carried out");
    assert!(!session.has_pending());
    let said = e.say(VoicePack::fide().line_sentences());
    assert!(said.starts_with("e4 kann nicht ins Protokoll"), "{said}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_countdown_number_is_dropped_when_it_cannot_begin_before_the_next() {
    let setup = Setup {
        time: "15".into(),
        press: Press::Auto,
        repetition: Repetition::Off,
        ..Setup::default()
    };
    let game = Game::new(setup, VoicePack::fide()).unwrap();
    let mut session = GameSession::new(game, None, Duration::ZERO, ClockSettings::default());
    session
        .enter_and_wait(&Command::Move("e4".into()), Instant::from_secs(0))
        .unwrap();
    // Black's clock runs from 0 s: nine seconds left at 6 s.
    let mut last = None;
    for ms in (100..=6_000).step_by(100) {
        if let Some(Report::Notice(said)) = session.notice(Instant::from_millis(ms)) {
            last = Some(said);
        }
    }
    let nine = last.expect("the countdown reached nine");
    assert_eq!(nine.text, "neun");
    let due = session.time_line().moment(Instant::from_secs(6));
    assert_eq!(nine.stale_at, Some(due + Duration::from_millis(500)));
}
