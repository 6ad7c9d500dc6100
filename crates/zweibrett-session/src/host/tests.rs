//! The host in process, with a real journal in a directory of the test's
//! own and the time injected: woken by its producers' rings, never by a
//! sleep.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, SystemTime};

use super::{GameHost, Kind, Request, Shown, Urgency};
use crate::clock::Instant;
use crate::clock::schedule::ClockSettings;
use crate::game::{Command, Game, Press, Repetition, Setup};
use crate::notation::VoicePack;
use crate::record::journal;
use crate::transcript::Transcript;
use crate::voice::Recorder;
use crate::wake::{Bell, Wake};
use crate::{GameSession, Journal};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("zweibrett-host-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn setup(fen: Option<&str>) -> Setup {
    Setup {
        time: "600".into(),
        repetition: Repetition::Off,
        press: Press::Auto,
        fen: fen.map(String::from),
        ..Setup::default()
    }
}

/// A host of a new game journalled in `dir`, saying what it says to the
/// recorder, its producers ringing the channel returned.
fn journalled(dir: &Path, fen: Option<&str>) -> (GameHost, Recorder, Receiver<Wake<()>>) {
    let game = Game::new(setup(fen), VoicePack::fide()).unwrap();
    let journal = Journal::create(dir, &setup(fen), SystemTime::now()).unwrap();
    hosted(GameSession::new(
        game,
        Some(journal),
        Duration::ZERO,
        ClockSettings::default(),
    ))
}

fn hosted(session: GameSession) -> (GameHost, Recorder, Receiver<Wake<()>>) {
    let heard = Recorder::default();
    let said = Transcript::nowhere(session.time_line(), Some(Box::new(heard.clone()) as _));
    let host = GameHost::new(session, said, None, None);
    let (tx, rx) = channel();
    host.connect(&Bell::on(tx));
    (host, heard, rx)
}

/// A host of a new game whose journal, held at `path`, is written into
/// `disk` (a device that refuses writes, a disk that holds its syncs).
fn written_into(
    disk: impl crate::writer::Disk,
    path: &Path,
) -> (GameHost, Recorder, Receiver<Wake<()>>) {
    let journal = Journal::writing_into(disk, path).unwrap();
    let game = Game::new(setup(None), VoicePack::fide()).unwrap();
    hosted(GameSession::new(
        game,
        Some(journal),
        Duration::ZERO,
        ClockSettings::default(),
    ))
}

/// A host of a new game of `setup` journalled nowhere, saying what it says
/// to the recorder.
fn unjournalled(setup: Setup) -> (GameHost, Recorder) {
    let game = Game::new(setup, VoicePack::fide()).unwrap();
    let heard = Recorder::default();
    let voice = Some(Box::new(heard.clone()) as super::Voice);
    let mut host = GameHost::unrecorded(game, ClockSettings::default(), Instant::ZERO, voice);
    host.keep_files_in(&files_of_test());
    (host, heard)
}

/// Where a game journalled nowhere keeps its PGN when it ends: a folder
/// of the test's own, not the working directory (the crate's sources).
pub(super) fn files_of_test() -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("zweibrett-host-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The computer's clock when `host`'s time line stands at `secs`.
fn moment(host: &GameHost, secs: u64) -> std::time::Instant {
    host.session().time_line().moment(Instant::from_secs(secs))
}

/// Wakes `host` at each ring until `done` holds.
fn until(
    host: &mut GameHost,
    rings: &Receiver<Wake<()>>,
    secs: u64,
    done: impl Fn(&GameHost) -> bool,
) {
    while !done(host) {
        let rang = rings.recv_timeout(Duration::from_secs(20));
        assert!(rang.is_ok(), "a producer rang");
        host.wake(moment(host, secs));
    }
}

/// The commands of the journal at `path`, with their instants in ms.
fn journalled_commands(path: &Path) -> Vec<(u64, Command)> {
    let bytes = std::fs::read(path).unwrap();
    journal::read(&bytes, path)
        .unwrap()
        .entries
        .into_iter()
        .filter(|e| e.cmd != Command::Tick)
        .map(|e| (e.t_ms, e.cmd))
        .collect()
}

#[test]
fn a_move_is_announced_once_on_disk_and_a_line_typed_meanwhile_acts_after_it() {
    let d = dir("order");
    let (mut host, heard, rings) = journalled(&d, None);
    host.open(false);
    heard.take();
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    host.request(Request::Line(Ok("e5".into())), moment(&host, 2));
    until(&mut host, &rings, 2, |h| {
        h.session().game().moves().len() == 2
    });
    let said = heard.texts();
    let e4 = said.iter().position(|t| t == "Eva vier").unwrap();
    let e5 = said.iter().position(|t| t == "Eva fünf").unwrap();
    assert!(e4 < e5, "{said:?}");
    let path = host.session().journal_path().unwrap().to_path_buf();
    assert_eq!(
        journalled_commands(&path),
        [
            (1000, Command::Move("e4".into())),
            (2000, Command::Move("e5".into()))
        ],
        "each timed when it was typed"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn nothing_is_due_while_the_clock_stands_and_a_running_clock_is_read_twice_a_second() {
    let game = Game::new(setup(None), VoicePack::fide()).unwrap();
    let mut host = GameHost::unrecorded(game, ClockSettings::default(), Instant::ZERO, None);
    host.keep_files_in(&files_of_test());
    host.open(false);
    assert_eq!(host.deadline(), None);
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    assert!(host.session().clock_running());
    let half = Duration::from_millis(500);
    assert_eq!(host.deadline(), Some(moment(&host, 1) + half));
    host.wake(moment(&host, 4));
    assert_eq!(host.deadline(), Some(moment(&host, 4) + half));
    host.request(Request::Line(Ok("pause".into())), moment(&host, 5));
    assert_eq!(host.deadline(), None, "a paused clock wakes nobody");
}

#[test]
fn leaving_waits_for_the_dead_position_ruling_and_the_pgn_holds_it() {
    let d = dir("ruling");
    let fen = "kb6/bpp2p1p/2P5/1P6/8/8/5P1P/5K2 b - - 0 1";
    let (mut host, heard, _rings) = journalled(&d, Some(fen));
    host.open(false);
    host.request(Request::Line(Ok("b6".into())), moment(&host, 1));
    let left = moment(&host, 10);
    assert!(host.leave(left));
    let said = heard.texts();
    assert!(said.iter().any(|t| t.contains("tote Stellung")), "{said:?}");
    let path = host.session().journal_path().unwrap().to_path_buf();
    let pgn = std::fs::read_to_string(path.with_extension("pgn")).unwrap();
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(
        journalled_commands(&path)
            .iter()
            .any(|(_, c)| matches!(c, Command::CannotCheckmate { .. })),
        "the ruling is journalled"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn leaving_carries_out_what_was_typed_up_to_quit() {
    let d = dir("quit");
    let (mut host, heard, _rings) = journalled(&d, None);
    host.open(false);
    for (t, line) in ["e4", "quit", "e5"].into_iter().enumerate() {
        host.request(Request::Line(Ok(line.into())), moment(&host, t as u64 + 1));
    }
    let left = moment(&host, 10);
    assert!(host.leave(left));
    assert_eq!(host.session().game().moves().len(), 1, "nothing after quit");
    assert!(
        host.session().game().clock().is_paused(),
        "the clock stops where it stands (6.11)"
    );
    let shown = host.take_shown();
    assert_eq!(shown.iter().filter(|s| **s == Shown::Leave).count(), 1);
    assert_eq!(heard.hushes(), 1, "what waited is dropped for the farewell");
    let last = heard.texts().pop().unwrap_or_default();
    assert!(
        last.contains("gespeichert"),
        "the farewell comes after: {last}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn input_that_ends_without_quit_lets_everything_be_said() {
    let d = dir("ended");
    let (mut host, heard, _rings) = journalled(&d, None);
    host.open(false);
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    let left = moment(&host, 10);
    assert!(host.leave(left));
    assert_eq!(heard.hushes(), 0, "a piped game is heard whole");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_journal_that_cannot_be_written_stops_the_game_and_says_why() {
    let full = Path::new("/dev/full");
    assert!(full.exists(), "this test needs /dev/full");
    let d = dir("full");
    std::fs::create_dir_all(&d).unwrap();
    let path = d.join("game.jsonl");
    std::fs::write(&path, "").unwrap();
    let device = std::fs::OpenOptions::new().append(true).open(full).unwrap();
    let (mut host, heard, rings) = written_into(device, &path);
    host.open(false);
    heard.take();
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    until(&mut host, &rings, 1, |h| h.stopped().is_some());
    assert!(host.session().game().moves().is_empty(), "not carried out");
    let said = heard.texts();
    assert!(said.iter().all(|t| t != "Eva vier"), "{said:?}");
    assert!(said[0].contains("e4 kann nicht ins Protokoll"), "{said:?}");
    assert!(
        host.take_shown()
            .iter()
            .any(|s| matches!(s, Shown::Line { kind: Kind::Error, text } if text.contains("e4")))
    );
    let left = moment(&host, 10);
    assert!(!host.leave(left), "a stopped game says so as it is left");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_line_that_cannot_be_read_is_refused_and_changes_nothing() {
    let (mut host, heard) = unjournalled(setup(None));
    host.open(false);
    heard.take();
    let fault = crate::lines::LineFault::NotText { number: 3 };
    host.request(Request::Line(Err(fault)), moment(&host, 1));
    host.request(Request::Line(Ok("Kxe9".into())), moment(&host, 2));
    assert!(host.session().game().moves().is_empty());
    let said = heard.texts();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(said[0].contains('3'), "{said:?}");
}

#[test]
fn the_player_hears_no_prompt_and_no_clock_notice_while_the_opponent_announces() {
    let player = Setup {
        role: crate::game::Role::Player,
        ..setup(None)
    };
    let (mut host, heard) = unjournalled(player);
    host.open(false);
    heard.take();
    // Black thinks long; at 302 White's own move, and Black's clock
    // reaches five minutes at 303, while Black announces the reply.
    for (secs, line) in [(1, "e4"), (300, "e5"), (302, "Nf3")] {
        host.request(Request::Line(Ok(line.into())), moment(&host, secs));
    }
    host.wake(moment(&host, 304));
    assert_eq!(
        heard.texts(),
        ["Eva vier", "Eva fünf", "Springer Felix drei"],
        "the moves only: no prompt, no time after the press"
    );
    assert_eq!(
        host.deadline(),
        Some(moment(&host, 304) + Duration::from_millis(500))
    );
    host.wake(moment(&host, 305));
    assert_eq!(
        heard.texts(),
        ["Schwarz: fünf Minuten"],
        "said once it is quiet"
    );
}

#[test]
fn beside_a_screen_reader_everything_said_is_shown_once_as_said_and_a_flag_is_urgent() {
    let (mut host, heard) = unjournalled(setup(None));
    host.speak_through_screen_reader();
    host.open(false);
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    host.request(Request::Line(Ok("e5".into())), moment(&host, 2));
    // White's ten minutes run out: the last second is heard as it comes
    // (a countdown number past its moment is not said at all).
    host.wake(moment(&host, 601) + Duration::from_millis(200));
    host.wake(moment(&host, 700));
    let said: Vec<(String, bool)> = said_as_voiced(&mut host, &heard)
        .into_iter()
        .map(|(text, urgent, _)| (text, urgent))
        .collect();
    assert!(said.iter().any(|(t, _)| t == "Eva vier"), "{said:?}");
    let flag = said
        .iter()
        .find(|(t, _)| t.contains("Zeit abgelaufen") || t.contains("Fallblättchen"))
        .unwrap_or_else(|| panic!("no flag fall in {said:?}"));
    assert!(flag.1, "the flag fall is urgent: {said:?}");
    let urgent = |text: &str| said.iter().find(|(t, _)| t == text).map(|(_, u)| *u);
    assert_eq!(
        urgent("Weiß: eins"),
        Some(true),
        "the last seconds ring: {said:?}"
    );
    assert_eq!(urgent("Weiß: zehn Minuten"), Some(false), "{said:?}");
    assert!(
        said.iter().filter(|(_, urgent)| *urgent).count() < said.len(),
        "the moves are not urgent"
    );
}

#[test]
fn beside_a_screen_reader_a_braille_reader_sees_saved_without_the_path_and_nothing_more_is_spoken()
{
    let d = dir("saved-braille");
    let (mut host, heard, _rings) = journalled(&d, None);
    host.speak_through_screen_reader();
    host.show_everything_said();
    host.open(false);
    heard.take();
    host.take_shown();
    host.request(Request::Line(Ok("speichern".into())), moment(&host, 1));
    let shown = host.take_shown();
    let line = shown.iter().find_map(|s| match s {
        Shown::Line {
            kind: Kind::Saved(path),
            text,
        } => Some((path.clone(), text.clone())),
        _ => None,
    });
    let (path, text) = line.unwrap_or_else(|| panic!("{shown:?}"));
    assert!(text.contains(&path), "the screen shows the path: {text}");
    // Listed: on the display, and not printed again for the reader.
    let on_display: Vec<(&str, bool)> = shown
        .iter()
        .filter_map(|s| match s {
            Shown::Said { text, listed, .. } => Some((text.as_str(), *listed)),
            _ => None,
        })
        .collect();
    assert_eq!(on_display, [("Gespeichert.", true)], "{shown:?}");
    assert!(heard.texts().is_empty(), "the reader reads the screen");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn for_a_braille_reader_everything_said_is_shown_listings_included() {
    let (mut host, heard) = unjournalled(setup(None));
    host.show_everything_said();
    host.open(false);
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    host.request(Request::Line(Ok("e5".into())), moment(&host, 2));
    host.request(Request::Line(Ok("score".into())), moment(&host, 3));
    let said: Vec<(String, bool)> = said_as_voiced(&mut host, &heard)
        .into_iter()
        .map(|(text, _, listed)| (text, listed))
        .collect();
    assert!(
        said.iter().any(|(t, listed)| *listed && t.contains("e4")),
        "the score, said in one breath, reaches the display too: {said:?}"
    );
}

#[test]
fn for_a_braille_reader_the_answer_to_a_typed_line_and_the_count_come_at_once() {
    let (mut host, _heard) = unjournalled(setup(None));
    host.show_everything_said();
    host.open(false);
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    host.request(Request::Line(Ok("e5".into())), moment(&host, 2));
    host.request(Request::Line(Ok("Qx9".into())), moment(&host, 3));
    let urgency_of = |shown: &[Shown], part: &str| {
        shown.iter().find_map(|s| match s {
            Shown::Said { text, urgency, .. } if text.contains(part) => Some(*urgency),
            _ => None,
        })
    };
    let shown = host.take_shown();
    assert_eq!(
        urgency_of(&shown, "Eva vier"),
        Some(Urgency::InTurn),
        "{shown:?}"
    );
    let answer = shown
        .iter()
        .rev()
        .find_map(|s| match s {
            Shown::Said { urgency, .. } => Some(*urgency),
            _ => None,
        })
        .expect("the typed line is answered");
    assert_eq!(answer, Urgency::Answer, "{shown:?}");
    host.wake(moment(&host, 601) + Duration::from_millis(200));
    let shown = host.take_shown();
    assert_eq!(
        urgency_of(&shown, "Weiß: eins"),
        Some(Urgency::Count),
        "{shown:?}"
    );
}

#[test]
fn a_game_awaiting_its_start_refuses_every_command_until_it_may_start() {
    let (mut host, _heard) = unjournalled(setup(None));
    host.open(false);
    host.await_start("Die Partie wartet auf die Braillezeile.".into());
    assert!(host.awaiting());
    host.take_shown();
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    assert!(
        host.game().moves().is_empty(),
        "no move while the game waits"
    );
    assert!(!host.game().clock().is_started());
    let shown = host.take_shown();
    assert!(
        shown.iter().any(
            |s| matches!(s, Shown::Line { kind: Kind::Answer, text } if text.contains("wartet"))
        ),
        "the refusal says why: {shown:?}"
    );
    host.start_awaited("Die Braillezeile zeigt die Partie, 40 Module.");
    assert!(!host.awaiting());
    host.request(Request::Line(Ok("e4".into())), moment(&host, 2));
    assert_eq!(host.game().moves().len(), 1);
    // Once started, the game is not held: what is said goes, the game too.
    host.await_start("Die Partie wartet auf die Braillezeile.".into());
    assert!(!host.awaiting());
}

/// What the host shows as said since last asked: each text, whether it is
/// urgent, and whether it is a listing; every text the voice was handed,
/// once, in order.
fn said_as_voiced(host: &mut GameHost, heard: &Recorder) -> Vec<(String, bool, bool)> {
    let said: Vec<(String, bool, bool)> = host
        .take_shown()
        .iter()
        .filter_map(|s| match s {
            Shown::Said {
                text,
                urgency,
                listed,
                ..
            } => Some((text.clone(), urgency.is_urgent(), *listed)),
            _ => None,
        })
        .collect();
    let voiced: Vec<String> = heard.take().into_iter().map(|u| u.text).collect();
    assert_eq!(
        said.iter().map(|(t, _, _)| t.clone()).collect::<Vec<_>>(),
        voiced,
        "every text the voice was handed, once, in order"
    );
    said
}

#[test]
fn the_voice_is_set_during_a_game_said_in_its_new_level_and_kept() {
    let d = dir("voice");
    std::fs::create_dir_all(&d).unwrap();
    let config = d.join("config.toml");
    std::fs::write(&config, "# mine\n[game]\ntraining = false\n").unwrap();
    let (mut host, heard) = unjournalled(setup(None));
    host.keep_voice_in(config.clone());
    host.open(false);
    heard.take();
    for (t, line) in ["schneller", "faster", "leiser"].into_iter().enumerate() {
        host.request(Request::Line(Ok(line.into())), moment(&host, t as u64 + 1));
    }
    assert_eq!(
        heard.texts(),
        [
            "Stimme: Tempo 10, Lautstärke 80.",
            "Stimme: Tempo 20, Lautstärke 80.",
            "Stimme: Tempo 20, Lautstärke 70."
        ]
    );
    // Written on the keeper's thread; leaving waits for it.
    host.finish_keeping_voice();
    let kept = std::fs::read_to_string(&config).unwrap();
    assert!(
        kept.starts_with("# mine\n[game]\ntraining = false\n"),
        "{kept}"
    );
    assert!(
        kept.contains("[speech]\nrate = 20\nvolume = 70\n"),
        "{kept}"
    );
    // A file that is not TOML is left alone, and the answer says so.
    std::fs::write(&config, "[speech\n").unwrap();
    host.request(Request::Line(Ok("lauter".into())), moment(&host, 5));
    assert_eq!(
        heard.texts(),
        ["Stimme: Tempo 20, Lautstärke 80."],
        "answered at once"
    );
    host.finish_keeping_voice();
    let said = heard.texts();
    assert!(
        said.first()
            .is_some_and(|s| s.starts_with("Die Stimme gilt nur für diese Partie")),
        "{said:?}"
    );
    assert_eq!(std::fs::read_to_string(&config).unwrap(), "[speech\n");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn without_a_voice_of_its_own_a_change_of_voice_says_why() {
    let game = Game::new(setup(None), VoicePack::fide()).unwrap();
    let mut host = GameHost::unrecorded(game, ClockSettings::default(), Instant::ZERO, None);
    host.keep_files_in(&files_of_test());
    host.open(false);
    host.take_shown();
    host.request(Request::Line(Ok("lauter".into())), moment(&host, 1));
    let shown = format!("{:?}", host.take_shown());
    assert!(shown.contains("keine eigene Stimme"), "{shown}");
}

#[test]
fn the_pause_key_pauses_a_running_clock_and_restarts_a_paused_one() {
    let (mut host, _heard) = unjournalled(setup(None));
    host.open(false);
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    assert!(host.game().clock().is_started() && !host.game().clock().is_paused());
    host.request(Request::PauseOrResume, moment(&host, 2));
    assert!(host.game().clock().is_paused(), "a running clock is paused");
    host.request(Request::PauseOrResume, moment(&host, 3));
    assert!(!host.game().clock().is_paused(), "a paused clock restarts");
}

#[test]
fn a_slow_disk_is_said_once_and_the_move_is_announced_when_it_is_written() {
    let d = dir("slow");
    std::fs::create_dir_all(&d).unwrap();
    let path = d.join("game.jsonl");
    std::fs::write(&path, "").unwrap();
    let file = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    let (release, gate) = channel();
    let disk = crate::writer::HeldDisk { file, gate };
    let (mut host, heard, rings) = written_into(disk, &path);
    host.open(false);
    heard.take();
    host.request(Request::Line(Ok("e4".into())), moment(&host, 1));
    // The disk holds the line: the host wakes at its deadline, says once
    // that the game is still being saved, and announces nothing yet.
    let due = host
        .deadline()
        .expect("the slow disk's moment is a deadline");
    assert!(due <= moment(&host, 2), "a second after the move was typed");
    host.wake(moment(&host, 2));
    host.wake(moment(&host, 3));
    let said = heard.texts();
    assert_eq!(
        said,
        ["Die Partie wird noch gespeichert …"],
        "said once, nothing announced"
    );
    assert!(host.session().game().moves().is_empty(), "not yet on disk");
    // The disk lets the line go: the move is announced as typed at 1 s.
    drop(release);
    until(&mut host, &rings, 3, |h| {
        h.session().game().moves().len() == 1
    });
    let said = heard.texts();
    assert!(said.iter().any(|t| t == "Eva vier"), "{said:?}");
    assert!(said.iter().all(|t| !t.contains("gespeichert")), "{said:?}");
    let _ = std::fs::remove_dir_all(&d);
}
