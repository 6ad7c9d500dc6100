//! The two-board game line by line (plain mode): one command per line on
//! standard input, one line per event on standard output, and a prompt line
//! saying whose turn it is and at which step (D.2.1–D.2.8).
//!
//! Every command is written to the journal and flushed to disk before the
//! game carries it out, so nothing announced can be lost. The clock is read
//! twice a second while it runs; each reading is journalled too, so a
//! resumed game knows the clocks to within half a second.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, SystemTime};

use shakmaty::{Color, Position};

use crate::clock::schedule::{ClockSettings, Schedule};
use crate::clock::words::ClockWords;
use crate::clock::{Instant, speak};
use crate::game::words::GameSentence;
use crate::game::{Command, Event, EventKind, Game};
use crate::notation::Lexicon;
use crate::record::journal::Journal;
use crate::record::{pgn_write, score};
use crate::speech::{Announce, Priority, Utterance};
use crate::ui::game_line::{HELP, Line, answer, audit_lines, parse_line, status_line};

/// How often the running clock is read and journalled.
pub const TICK: Duration = Duration::from_millis(500);

/// The plain-mode game: the pure game, its journal, and where
/// announcements go besides standard output.
pub struct PlainGame<A: Announce> {
    game: Game,
    journal: Journal,
    speech: Option<A>,
    epoch: std::time::Instant,
    /// The game's time line at `epoch` (a resumed game continues it).
    offset: Duration,
    /// When the time left is announced (D.2.6.1).
    schedule: Schedule,
    words: Option<ClockWords>,
    /// Squares in the pack's words, for questions.
    lexicon: Lexicon,
}

impl<A: Announce> PlainGame<A> {
    /// Runs `game`, journalled in `journal`, with time counted on from
    /// `offset` (zero for a new game); the time left is announced as
    /// `settings` say.
    pub fn new(
        game: Game,
        journal: Journal,
        speech: Option<A>,
        offset: Duration,
        settings: ClockSettings,
    ) -> Self {
        let words = ClockWords::from_pack(game.pack()).ok();
        let lexicon = Lexicon::with_pack(game.pack());
        PlainGame {
            game,
            journal,
            speech,
            epoch: std::time::Instant::now(),
            offset,
            schedule: Schedule::new(settings),
            words,
            lexicon,
        }
    }

    /// Announces the time left when a mark of the schedule is reached.
    fn notices(&mut self) {
        let now = self.now();
        let Some(words) = &self.words else { return };
        if let Some(notice) = self.schedule.due(self.game.clock(), now) {
            let utterance = speak::notice(words, &notice);
            println!("clock: {}", utterance.text);
            if let Some(speech) = &self.speech {
                speech.announce(utterance);
            }
        }
    }

    fn now(&self) -> Instant {
        Instant(self.offset + self.epoch.elapsed())
    }

    /// Journals `command`, then carries it out and reports what happened.
    /// False when the journal cannot be written: the game stops rather
    /// than announce something that could be lost.
    pub fn command(&mut self, command: Command) -> bool {
        let now = self.now();
        if let Err(e) = self.journal.append(now, &command, SystemTime::now()) {
            println!("error: the game cannot be recorded ({e}); stopping");
            return false;
        }
        let events = self.game.apply(&command, now);
        self.report(&events);
        true
    }

    /// Prints and speaks `events`.
    pub fn report(&self, events: &[Event]) {
        let mut out = std::io::stdout().lock();
        for event in events {
            let _ = writeln!(out, "{}", self.event_line(event));
        }
        let _ = out.flush();
        if let Some(speech) = &self.speech {
            for event in events {
                speech.announce(event.utterance.clone());
            }
        }
    }

    fn event_line(&self, event: &Event) -> String {
        let text = &event.utterance.text;
        match &event.kind {
            EventKind::Announced | EventKind::Corrected => {
                let n = self.game.moves().len();
                let p = &self.game.moves()[n - 1];
                let label = if event.kind == EventKind::Announced {
                    "announced"
                } else {
                    "corrected"
                };
                format!(
                    "{label}: {} {}: {text}",
                    move_label(&self.game, n - 1),
                    p.san
                )
            }
            EventKind::ClockSwitched(c) => {
                let words = self.game.words();
                let to_move = words.say(GameSentence::ToMove, &[("side", words.side(*c))]);
                format!("clock: {text} ({to_move})")
            }
            EventKind::Repeated => format!("repeated: {text}"),
            EventKind::Diverged => format!("divergence: {text}"),
            EventKind::Agreed => format!("agreed: {text}"),
            EventKind::Clock => format!("clock: {text}"),
            EventKind::Answer => format!("answer: {text}"),
            EventKind::Offer => format!("offer: {text}"),
            EventKind::Ruling => format!("ruling: {text}"),
            EventKind::Over(o) => format!("result: {} {text}", o.result.pgn()),
        }
    }

    /// The prompt line: whose turn and which step.
    pub fn prompt(&self) -> String {
        format!("> {}", status_line(&self.game))
    }

    /// The clocks to a tenth of a second, for the screen and for checking.
    pub fn clocks_line(&self) -> String {
        let now = self.now();
        let clock = self.game.clock();
        let t = |c: Color| {
            let d = clock.remaining(c, now);
            format!("{}.{}", pgn_write::clock_text(d), d.subsec_millis() / 100)
        };
        format!(
            "clocks: White {} Black {}, {} move{} completed{}",
            t(Color::White),
            t(Color::Black),
            clock.completed_moves(),
            if clock.completed_moves() == 1 {
                ""
            } else {
                "s"
            },
            if clock.is_paused() { ", paused" } else { "" }
        )
    }

    /// Audits both scores against both boards (D.2.9): the boards the
    /// program keeps, or for one player what that board is said to show.
    /// The ruling is printed and spoken; the arbiter then acts on it
    /// (`takeback`, `align`, `addtime`).
    fn audit(&self, shown: Option<(Color, String)>) {
        match audit_lines(&self.game, shown) {
            Ok(lines) => {
                for line in lines {
                    println!("audit: {line}");
                    if let Some(speech) = &self.speech {
                        speech.announce(Utterance::new(line, Priority::Answer));
                    }
                }
            }
            Err(e) => println!("answer: {e}"),
        }
    }

    /// The PGN file beside the journal.
    fn pgn_path(&self) -> PathBuf {
        self.journal.path().with_extension("pgn")
    }

    fn save(&self) {
        let path = self.pgn_path();
        match std::fs::write(&path, pgn_write::write(&self.game)) {
            Ok(()) => println!("saved: {}", path.display()),
            Err(e) => println!("error: cannot write {}: {e}", path.display()),
        }
    }

    /// Runs until `quit` or the end of input.
    pub fn run(mut self) {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        println!("{}", self.prompt());
        loop {
            let line = match rx.recv_timeout(TICK) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    self.notices();
                    let clock = self.game.clock();
                    if clock.is_started()
                        && !clock.is_paused()
                        && self.game.outcome().is_none()
                        && !self.command(Command::Tick)
                    {
                        return;
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            };
            let was_over = self.game.outcome().is_some();
            match parse_line(&self.lexicon, &line) {
                Line::Game(command) => {
                    let time = command == Command::Time;
                    if !self.command(command) {
                        return;
                    }
                    if time {
                        println!("{}", self.clocks_line());
                    }
                }
                Line::Pgn => print!("{}", pgn_write::write(&self.game)),
                Line::Save => self.save(),
                Line::Score => print!("{}", score::plain(&self.game)),
                Line::Braille => print!("{}", score::braille(&self.game)),
                Line::Audit => self.audit(None),
                Line::BoardShows(player, shows) => self.audit(Some((player, shows))),
                Line::Ask(question) => {
                    let said = answer(&self.game, &question);
                    println!("answer: {said}");
                    if let Some(speech) = &self.speech {
                        speech.announce(Utterance::new(said, Priority::Answer));
                    }
                }
                Line::Help => println!("help: {HELP}"),
                Line::Quit => break,
                Line::Nothing => {}
                Line::Wrong(why) => println!("answer: {why}"),
            }
            if !was_over && self.game.outcome().is_some() {
                self.save();
            }
            self.notices();
            println!("{}", self.prompt());
        }
        // Leaving stops the clock where it stands, so a resumed game starts
        // from this moment rather than the last reading.
        let clock = self.game.clock();
        if clock.is_started() && !clock.is_paused() && self.game.outcome().is_none() {
            self.command(Command::Pause);
        }
        let _ = std::io::stdout().flush();
    }
}

/// "12." or "12..." for the half-move at index `i` of the game.
pub fn move_label(game: &Game, i: usize) -> String {
    let start = game.start();
    let first_black = usize::from(start.turn() == Color::Black);
    let n = i + first_black;
    let number = start.fullmoves().get() as usize + n / 2;
    if n % 2 == 0 {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}
