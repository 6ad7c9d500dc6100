//! A game through plain mode killed with SIGKILL at 50 seeded random
//! moments: every resume has every move announced before the kill, and
//! clocks within one second of where they stood.

use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::common;

use common::plain::Running as Run;

use shakmaty::{Chess, Position, san::SanPlus};
use zweibrett_core::game::rules;

const KILLS: usize = 50;

/// A small seeded generator (xorshift64*), so the test repeats exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A long game of seeded random legal moves that never ends the game.
fn script(rng: &mut Rng, plies: usize) -> Vec<String> {
    let mut position = Chess::default();
    let mut keys = vec![rules::position_key(&position)];
    let mut sans = Vec::new();
    while sans.len() < plies {
        let moves: Vec<_> = position
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut after = position.clone();
                after.play_unchecked(*m);
                let key = rules::position_key(&after);
                let n = keys.iter().filter(|k| **k == key).count() + 1;
                n < 3 && after.halfmoves() < 140 && rules::decided(&after, n).is_none()
            })
            .collect();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        sans.push(SanPlus::from_move_and_play_unchecked(&mut position, m).to_string());
        keys.push(rules::position_key(&position));
    }
    sans
}

/// The sum of both clocks in a "clocks:" line, in seconds.
fn clock_sum(line: &str) -> f64 {
    let parse = |t: &str| {
        let parts: Vec<f64> = t.split(':').map(|p| p.parse().unwrap()).collect();
        parts[0] * 3600.0 + parts[1] * 60.0 + parts[2]
    };
    // "clocks: Weiß 1:30:00.0 Schwarz 1:30:00.0, …": the side names are
    // the pack's, the two readings are the first two times.
    let times: Vec<&str> = line
        .split([' ', ','])
        .filter(|w| w.contains(':') && w.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    parse(times[0]) + parse(times[1])
}

/// Notes the moves an output line announces.
fn note_move(line: &str, printed: &mut Vec<String>) {
    let announced = line.strip_prefix("announced: ");
    let corrected = line.strip_prefix("corrected: ");
    if let Some(rest) = announced.or(corrected) {
        let san = rest.split(' ').nth(1).unwrap().trim_end_matches(':');
        if corrected.is_some() {
            printed.pop();
        }
        printed.push(san.to_string());
    }
}

/// Reads lines up to the next prompt; None when the program is gone.
fn until_prompt(run: &Run, printed: &mut Vec<String>, seen: &mut Vec<String>) -> Option<String> {
    loop {
        match run.lines.recv_timeout(Duration::from_secs(10)) {
            Ok(line) => {
                note_move(&line, printed);
                if line.starts_with("> ") {
                    return Some(line);
                }
                seen.push(line);
            }
            Err(RecvTimeoutError::Timeout) => panic!("no prompt within 10 s"),
            Err(RecvTimeoutError::Disconnected) => return None,
        }
    }
}

/// Whether the last run said there is no unfinished game to resume.
fn nothing_to_resume(data: &std::path::Path) -> bool {
    let said = std::fs::read_to_string(data.join("stderr.log")).unwrap_or_default();
    said.contains("keine unbeendete Partie")
}

/// The one journal in the games folder under `data`.
fn only_journal(data: &std::path::Path) -> std::path::PathBuf {
    let games = data.join("zweibrett").join("games");
    let journals: Vec<_> = std::fs::read_dir(&games)
        .unwrap_or_else(|e| panic!("{}: {e}", games.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    assert_eq!(journals.len(), 1, "one journal: {journals:?}");
    journals[0].clone()
}

#[test]
fn killed_games_resume_with_every_announced_move_and_their_clocks() {
    let data = std::env::temp_dir().join(format!("zweibrett-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut rng = Rng(0x5eed_0005);
    let moves = script(&mut rng, 1200);
    let mut printed: Vec<String> = Vec::new();
    let mut expected_sum: Option<f64> = None;
    let mut max_error: f64 = 0.0;
    let started = Instant::now();
    let mut game_over = false;
    for kill in 0..=KILLS {
        let mut run = if kill == 0 {
            let args = [
                "play",
                "--role",
                "arbiter",
                "--time",
                "3600",
                "--repetition",
                "quick",
                "--press",
                "separate",
            ];
            Run::start(&data, &args)
        } else {
            Run::start(&data, &["resume"])
        };
        let mut seen = Vec::new();
        let mut before_resume = printed.clone();
        let mut prompt = until_prompt(&run, &mut before_resume, &mut seen);
        let mut ended_unseen = false;
        if prompt.is_none() && kill > 0 && nothing_to_resume(&data) {
            // The game ended (a dead position found by the exact search
            // after its prompt was read) before the kill: named by its
            // journal, it must open ended, with every move.
            let _ = run.child.wait();
            let journal = only_journal(&data);
            run = Run::start(&data, &["resume", journal.to_str().unwrap()]);
            seen.clear();
            prompt = until_prompt(&run, &mut before_resume, &mut seen);
            let ended = prompt
                .as_ref()
                .is_some_and(|p| p.contains("Partie beendet"));
            assert!(
                ended,
                "kill {kill}: not resumable, yet not over: {prompt:?}"
            );
            ended_unseen = true;
        }
        let Some(mut prompt) = prompt else {
            let status = run.child.wait();
            let said = std::fs::read_to_string(data.join("stderr.log")).unwrap_or_default();
            panic!("kill {kill}: no prompt; ended {status:?}; printed {seen:?}; stderr: {said}");
        };
        // The resumed game has every move announced before the kill.
        if kill > 0 {
            let line = seen
                .iter()
                .find(|l| l.starts_with("resumed: "))
                .expect("resumed line");
            let resumed: Vec<String> = line
                .split_once(": ")
                .unwrap()
                .1
                .split_once(": ")
                .map_or(vec![], |(_, m)| {
                    m.split_whitespace().map(String::from).collect()
                });
            assert!(
                resumed.starts_with(&printed),
                "kill {kill}: announced {printed:?}, resumed {resumed:?}"
            );
            printed = resumed;
        }
        let clocks = seen
            .iter()
            .find(|l| l.starts_with("clocks: "))
            .expect("clocks line");
        let sum = clock_sum(clocks);
        // A game that ended before the kill stopped its clocks then.
        if let Some(expected) = expected_sum.filter(|_| !ended_unseen) {
            let error = (sum - expected).abs();
            max_error = max_error.max(error);
            assert!(
                error < 1.0,
                "kill {kill}: clocks {sum} s, expected {expected} s"
            );
        }
        if kill == KILLS {
            let _ = run.child.kill();
            let _ = run.child.wait();
            break;
        }
        // Kill at a random moment within the next 0.2 to 1.7 seconds.
        let pid = run.child.id() as i32;
        let delay = Duration::from_millis(200 + rng.below(1500));
        let (killed_tx, killed_rx) = mpsc::channel();
        std::thread::spawn(move || {
            std::thread::sleep(delay);
            let at = Instant::now();
            // SAFETY: kill(2) on the child's process id.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            let _ = killed_tx.send(at);
        });
        let mut running_since: Option<Instant> = None;
        // The script ends where its own quick check sees no end; the game's
        // exact search may find the last position dead (Art. 5.2.2) first.
        let mut finished = false;
        loop {
            if prompt.contains("Partie beendet") {
                finished = true;
                break;
            }
            let command = if prompt.contains("drücken startet die Uhr") {
                "press".to_string()
            } else if prompt.contains("die Uhr ist angehalten") {
                "resume".to_string()
            } else if prompt.contains("Uhr drücken") {
                "press".to_string()
            } else if prompt.contains("bestätigen") {
                "confirm".to_string()
            } else if prompt.contains("Zug eingeben") {
                match moves.get(printed.len()) {
                    Some(m) if rng.below(10) > 0 => m.clone(),
                    _ => "time".to_string(),
                }
            } else {
                let last: Vec<&String> = seen.iter().rev().take(6).collect();
                panic!("unexpected prompt {prompt} after {last:?}");
            };
            let starts_clock = command == "resume" || prompt.contains("drücken startet");
            if starts_clock {
                running_since = Some(Instant::now());
            }
            if writeln!(run.stdin, "{command}").is_err() {
                break;
            }
            match until_prompt(&run, &mut printed, &mut seen) {
                Some(p) => prompt = p,
                None => break,
            }
            std::thread::sleep(Duration::from_millis(rng.below(40)));
        }
        let killed_at = killed_rx.recv().unwrap();
        let _ = run.child.wait();
        let ran = running_since.map_or(0.0, |t| {
            killed_at.saturating_duration_since(t).as_secs_f64()
        });
        expected_sum = Some(sum - ran);
        if finished {
            game_over = true;
            break;
        }
    }
    eprintln!(
        "{KILLS} kills, {} half-moves ({}), max clock error {max_error:.3} s, {:.1} s",
        printed.len(),
        if game_over {
            "the game ended"
        } else {
            "the game goes on"
        },
        started.elapsed().as_secs_f64()
    );
    assert!(
        printed.len() > 50,
        "the game went on: {} half-moves",
        printed.len()
    );
    let _ = std::fs::remove_dir_all(&data);
}
