//! zweibrett's sessions, whichever front end shows them, with no terminal
//! and no audio: the game host ([`host`]) around one [`GameSession`] (the
//! game, its journal and the schedule of clock announcements), the
//! journal's writer and lock, the dead-position search, the engine's
//! process and the analysis session, the seats' protocol and server, the
//! transcript in front of whatever voice the program speaks with, and the
//! loading of the configuration and the voice packs.
//!
//! A game's command comes in with the instant it was entered (a line
//! typed, a key pressed) and goes to the journal's writer; the session
//! never waits for the disk. Once its line is on disk the game carries it
//! out at that instant, and it comes back from [`GameSession::carried_out`] as
//! [`Report`]s for the host to show and say.

// The core's modules by their names, inside this crate only: they are
// public under the core's name.
use zweibrett_core::{clock, fault, game, notation, printable, record, table, typed, utterance};

pub mod config;
pub mod engine;
pub mod explorer;
pub mod files;
pub mod games_file;
pub mod hall;
pub mod host;
pub mod journal;
pub mod kept_voice;
pub use journal::unfinished;
pub mod analysis;
pub mod board;
pub mod broadcast;
pub mod labels;
pub mod lines;
pub mod live;
pub mod lock;
pub mod outside;
pub mod packs;
pub mod pass;
mod pending;
pub use analysis::learning;
pub mod search;
pub mod seat;
pub mod serve;
pub mod transcript;
pub mod voice;
pub mod wake;
pub mod writer;

#[cfg(test)]
mod test_files;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::clock::schedule::{ClockSettings, Schedule};
use crate::clock::words::ClockWords;
use crate::clock::{Instant, speak};
use crate::fault::SystemFault;
use crate::game::{Command, Event, EventKind, Game, Setup};
use crate::notation::VoicePack;
use crate::notation::pack::{LineSentence, Sentences};
use crate::record::braille::brf;
use crate::record::pgn_write;
use crate::utterance::Utterance;

pub use journal::{Journal, JournalFileError};
pub use pending::CarriedOut;
use pending::Pending;
pub use search::DeadPositionSearch;

/// How often a running clock is read and journalled, so that a resumed
/// game knows the clocks to within this much.
pub const TICK: Duration = Duration::from_millis(500);

/// How long a command may wait for the disk before the front end says
/// that the game is still being saved.
pub const SLOW_WRITE: Duration = Duration::from_secs(1);

/// Why the game session stops or cannot do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The journal cannot be written: the game stops rather than announce
    /// something that could be lost, and the command is not in it.
    #[error("cannot record {command}: {source}")]
    Record {
        /// The command refused, as typed ("e5") or by its name ("press").
        command: String,
        /// What failed.
        source: Box<JournalFileError>,
    },
    /// The PGN or BRF file cannot be written.
    #[error("cannot write {path}: {source}")]
    Save {
        /// The PGN file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
}

impl SessionError {
    /// The error in the words of `line`, the `[line]` sentences of the
    /// game's pack ("cannot record e5: No space left on device").
    pub fn say(&self, line: &Sentences<LineSentence>) -> String {
        match self {
            SessionError::Record { command, source } => line.say(
                LineSentence::CannotRecord,
                &[("command", command), ("reason", &source.reason(line))],
            ),
            SessionError::Save { path, source } => SystemFault::at(path, source, line),
        }
    }
}

/// Why a new game cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// Its voice pack cannot be loaded.
    #[error(transparent)]
    Pack(#[from] crate::notation::PackError),
    /// The setup cannot make a game (time control, position).
    #[error(transparent)]
    Setup(#[from] crate::game::SetupError),
    /// There is no per-user data directory to keep the game in.
    #[error("no data directory for saved games")]
    NoDataDir,
    /// The journal cannot be created.
    #[error(transparent)]
    Journal(#[from] JournalFileError),
}

/// A new game from `setup`: its voice pack, the game, and its journal in
/// the per-user data directory.
pub fn start(setup: &Setup) -> Result<(Game, Journal, VoicePack), StartError> {
    let pack = crate::config::load_voice(&setup.voice)?;
    let game = Game::new(setup.clone(), pack.clone())?;
    let dir = journal::games_dir().ok_or(StartError::NoDataDir)?;
    let journal = Journal::create(&dir, setup, SystemTime::now())?;
    Ok((game, journal, pack))
}

/// Something for the front end to show and speak.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// The game did something. For a move announced or corrected,
    /// `label` is its number and SAN ("12... Nf6").
    Event {
        /// What happened.
        event: Event,
        /// The move's number and SAN, for a move.
        label: Option<String>,
    },
    /// The time left is announced (D.2.6.1).
    Notice(Utterance),
    /// The game ended just now; the PGN is to be written.
    Ended,
}

/// The game's time line against the computer's clock: where it stood at
/// one moment (a resumed game continues it). Everything said, journalled
/// or shown of a game is timed on it.
#[derive(Clone, Copy, Debug)]
pub struct TimeLine {
    epoch: std::time::Instant,
    offset: Duration,
}

impl TimeLine {
    /// A time line standing at `offset` now.
    pub fn starting_at(offset: Duration) -> TimeLine {
        TimeLine {
            epoch: std::time::Instant::now(),
            offset,
        }
    }

    /// The time line at the moment `at` of the computer's clock, in whole
    /// milliseconds, as the journal records it.
    pub fn instant(&self, at: std::time::Instant) -> Instant {
        let elapsed = at.saturating_duration_since(self.epoch);
        let whole = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
        Instant(self.offset + Duration::from_millis(whole))
    }

    /// The time line now.
    pub fn now(&self) -> Instant {
        self.instant(std::time::Instant::now())
    }

    /// The moment of the computer's clock at which the time line reaches
    /// `at` (the time line's start, for an instant before it).
    pub fn moment(&self, at: Instant) -> std::time::Instant {
        match at.0.checked_sub(self.offset) {
            Some(after) => self.epoch + after,
            None => self.epoch,
        }
    }
}

/// The game of a session: the pure game with the schedule of clock
/// announcements and the instant the running clock was last recorded.
pub struct GameSession {
    game: Game,
    journal: Option<Journal>,
    schedule: Schedule,
    words: Option<ClockWords>,
    last_tick: Instant,
    /// The instant of the last command applied: the time line never runs
    /// back, even when a line read earlier is carried out after a tick.
    last_entered: Instant,
    /// The game's time line (a resumed game continues it).
    time_line: TimeLine,
    /// The dead-position search, off the path of the announcements.
    search: DeadPositionSearch,
    /// Commands entered and not yet carried out, in order; the first is
    /// with the journal's writer when `writing`.
    pending: VecDeque<Pending>,
    /// Whether the first pending command's line is with the writer.
    writing: bool,
    /// Commands carried out and not yet returned by `carried_out`.
    done: Vec<CarriedOut>,
    /// A command the journal refused, returned after what was carried out
    /// before it.
    refusal: Option<SessionError>,
    /// The slow write has been said for the commands now pending.
    slow_said: bool,
    /// Where the files of a game journalled nowhere are written.
    files_dir: PathBuf,
    /// The live PGN, beside the journal and in the round's folder.
    live: Option<broadcast::LivePgn>,
}

/// Where a game's live PGN is kept: beside its journal, and the round's
/// copy its setup names.
fn live_copies(game: &Game, journal: Option<&Journal>) -> Vec<broadcast::LiveCopy> {
    let own = journal.map(|j| broadcast::LiveCopy {
        path: j.path().with_extension("pgn"),
        private: true,
    });
    let round = game
        .setup()
        .live_copy
        .clone()
        .map(|path| broadcast::LiveCopy {
            path,
            private: false,
        });
    own.into_iter().chain(round).collect()
}

impl GameSession {
    /// A session for `game`, journalled in `journal` (or nowhere, when
    /// `None`), its time line standing at `offset` now; the time left is
    /// announced as `clock` says.
    pub fn new(
        game: Game,
        journal: Option<Journal>,
        offset: Duration,
        clock: ClockSettings,
    ) -> GameSession {
        let mut game = game;
        // The configured announcements, with the role's default (D.2.10.4).
        game.set_clock_settings(clock.clone());
        let words = ClockWords::from_pack(game.pack()).ok();
        let live = live_copies(&game, journal.as_ref());
        let mut search = DeadPositionSearch::default();
        // A resumed game's last position may not have been answered yet.
        if let Some(question) = game.question() {
            search.ask(question);
        }
        GameSession {
            game,
            journal,
            schedule: Schedule::new(clock),
            words,
            last_tick: Instant(offset),
            last_entered: Instant(offset),
            time_line: TimeLine::starting_at(offset),
            search,
            pending: VecDeque::new(),
            writing: false,
            done: Vec::new(),
            refusal: None,
            slow_said: false,
            files_dir: PathBuf::new(),
            live: (!live.is_empty()).then(|| broadcast::LivePgn::start(live)),
        }
    }

    /// Hands the game's PGN as it stands to the live PGN's writer (never
    /// waiting on it); the copies that could not be written since, each
    /// said once.
    pub fn keep_live(&mut self) -> Vec<broadcast::LiveFailure> {
        let Some(live) = &mut self.live else {
            return Vec::new();
        };
        live.keep(pgn_write::write(&self.game));
        live.failures()
    }

    /// Writes the PGN and BRF of a game journalled nowhere into `dir`
    /// rather than the working directory.
    pub fn keep_files_in(&mut self, dir: &Path) {
        self.files_dir = dir.to_path_buf();
    }

    /// Where the file `name` of a game journalled nowhere goes.
    fn unjournalled(&self, name: &str) -> PathBuf {
        self.files_dir.join(name)
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game's time line at the moment `at` of the computer's clock:
    /// a line or key is stamped when it is read, not when it is processed.
    /// Whole milliseconds, as the journal records them, so that a replayed
    /// game shows to the millisecond the clocks the live game showed.
    pub fn instant(&self, at: std::time::Instant) -> Instant {
        self.time_line.instant(at)
    }

    /// The game's time line now.
    pub fn now(&self) -> Instant {
        self.time_line.now()
    }

    /// The game's time line, for what is timed on it outside the session
    /// (the transcript).
    pub fn time_line(&self) -> TimeLine {
        self.time_line
    }

    /// Where the transcript of what is said goes when no other file is
    /// named: beside the journal, with its own extension.
    pub fn transcript_path(&self) -> PathBuf {
        self.journal_path().map_or_else(
            || PathBuf::from("game.transcript"),
            |p| p.with_extension("transcript"),
        )
    }

    /// Where the journal is, when there is one.
    pub fn journal_path(&self) -> Option<&Path> {
        self.journal.as_ref().map(Journal::path)
    }

    /// True while the clock runs in a game not over.
    pub fn clock_running(&self) -> bool {
        let clock = self.game.clock();
        clock.is_started() && !clock.is_paused() && self.game.outcome().is_none()
    }

    /// Carries out a journalled `command` entered at `at`: what happened,
    /// and [`Report::Ended`] when it ended the game.
    fn apply(&mut self, command: &Command, at: Instant) -> Vec<Report> {
        let at = at.max(self.last_entered);
        self.last_entered = at;
        if *command == Command::Tick {
            self.last_tick = at;
        }
        let was_over = self.game.outcome().is_some();
        let events = self.game.apply(command, at);
        let mut reports: Vec<Report> = events
            .into_iter()
            .map(|event| {
                let label = matches!(event.kind, EventKind::Announced | EventKind::Corrected)
                    .then(|| self.game.last_move_label().unwrap_or_default());
                Report::Event { event, label }
            })
            .collect();
        if !was_over && self.game.outcome().is_some() {
            self.take_off_unfinished();
            reports.push(Report::Ended);
        }
        if let Some(question) = self.game.question() {
            self.search.ask(question);
        }
        reports
    }

    /// The search's answer to enter, when one has come that proves a side
    /// cannot checkmate (5.2.2): a [`Command::CannotCheckmate`], entered
    /// like any command, at the instant it is taken.
    pub fn ruling_due(&mut self) -> Option<Command> {
        self.search.answered()
    }

    /// Waits at most `limit` for an outstanding search to answer, when the
    /// user leaves: the ruling is not left behind.
    pub fn await_ruling(&mut self, limit: Duration) -> Option<Command> {
        self.search.wait(limit)
    }

    /// What the game says as it opens, before any command: the time
    /// control (D.2.6.1); a position already mate, stalemate or dead ends
    /// the game at once (5.1.1, 5.2.1, 5.2.2), with [`Report::Ended`] so
    /// that the PGN is written.
    pub fn opening(&mut self) -> Vec<Report> {
        let events = self.game.opening();
        let ended = events.iter().any(|e| matches!(e.kind, EventKind::Over(_)));
        let mut reports: Vec<Report> = events
            .into_iter()
            .map(|event| Report::Event { event, label: None })
            .collect();
        if ended {
            self.take_off_unfinished();
            reports.push(Report::Ended);
        }
        reports
    }

    /// The game is over: `resume` no longer offers it.
    fn take_off_unfinished(&self) {
        if let Some(path) = self.journal_path() {
            unfinished::remove(path);
        }
    }

    /// The time left, announced when a mark of the schedule is reached at
    /// `now` (D.2.6.1).
    pub fn notice(&mut self, now: Instant) -> Option<Report> {
        let words = self.words.as_ref()?;
        let notice = self.schedule.due(self.game.clock(), now)?;
        // Of the game's moment: a notice held back is not said after the
        // next move.
        let mut said = speak::notice(words, &notice).of_moment(self.game.moment());
        // A countdown number that cannot begin before the next is due is
        // skipped, not said a second late.
        if let Some(fresh) = notice.fresh_for() {
            said = said.until(self.time_line.moment(Instant(notice.due.0 + fresh)));
        }
        Some(Report::Notice(said))
    }

    /// A [`Command::Tick`] to enter when the clock runs and was last
    /// recorded [`TICK`] or more before `now`; from then on it counts as
    /// recorded. None while a command waits for the disk: it carries the
    /// time, and a reading is not queued behind it.
    pub fn tick_due(&mut self, now: Instant) -> Option<Command> {
        let due = self.pending.is_empty() && self.clock_running();
        (due && now.since(self.last_tick) >= TICK).then(|| {
            self.last_tick = now;
            Command::Tick
        })
    }

    /// When the running clock is next to be read and journalled; `None`
    /// while it stands or a command waits for the disk.
    pub fn next_tick(&self) -> Option<Instant> {
        (self.pending.is_empty() && self.clock_running()).then(|| Instant(self.last_tick.0 + TICK))
    }

    /// Connects the journal's writer and the dead-position search to
    /// `bell`: each rings it when it has something.
    pub fn connect(&self, bell: &wake::Bell) {
        if let Some(journal) = &self.journal {
            journal.waker().connect_like(bell);
        }
        self.search.waker().connect_like(bell);
    }

    /// What to enter when the user leaves, or when a game is resumed with
    /// its clock running: a pause, so that the clock stops where it stands
    /// rather than at the last reading (6.11).
    pub fn pause_if_running(&self) -> Option<Command> {
        self.clock_running().then_some(Command::Pause)
    }

    /// Writes the PGN beside the journal; where it went.
    pub fn save(&self) -> Result<PathBuf, SessionError> {
        let path = self.journal_path().map_or_else(
            || self.unjournalled("game.pgn"),
            |p| p.with_extension("pgn"),
        );
        crate::files::write_private(&path, pgn_write::write(&self.game).as_bytes())
            .map(|()| path.clone())
            .map_err(|source| SessionError::Save { path, source })
    }

    /// Writes the braille score as BRF (D.2.7), for an embosser or a
    /// braille note-taker: to `path`, or beside the journal.
    pub fn save_brf(&self, path: Option<&Path>) -> Result<PathBuf, SessionError> {
        let path = path.map_or_else(
            || {
                self.journal_path().map_or_else(
                    || self.unjournalled("game.brf"),
                    |p| p.with_extension("brf"),
                )
            },
            |named| match self.journal {
                Some(_) => named.to_path_buf(),
                None => self.files_dir.join(named),
            },
        );
        let cells = crate::record::braille::of_game(&self.game);
        brf::to_brf(&cells)
            .map_err(std::io::Error::other)
            .and_then(|text| crate::files::write_whole_unwaited(&path, text.as_bytes()))
            .map(|()| path.clone())
            .map_err(|source| SessionError::Save { path, source })
    }

    /// What a resumed game says first: how many half-moves it holds, each
    /// side's last move in the pack's words, and whose turn it is; for an
    /// adjourned game, who sealed and who must respond (Guidelines I.7,
    /// I.9). A started clock stands when a game is resumed (the host
    /// stops one the journal saw running, 6.11.1), so it says so and which
    /// word starts it again.
    pub fn resumed(&self) -> String {
        let said = self.resumed_moves();
        let paused = self.game.clock().is_started()
            && self.game.outcome().is_none()
            && !self.game.diverging()
            && *self.game.step() != crate::game::Step::Adjourned;
        if !paused {
            return said;
        }
        let pack = self.game.pack();
        let resume = pack.command_words().word("resume");
        let standing = pack
            .line_sentences()
            .say(LineSentence::ResumedPaused, &[("resume", resume)]);
        format!("{said} {standing}")
    }

    /// The moves part of `resumed`.
    fn resumed_moves(&self) -> String {
        let played = self.game.moves();
        let pack = self.game.pack();
        let line = pack.line_sentences();
        let side = |c: shakmaty::Color| pack.side(c).to_string();
        let to_move = side(self.game.to_move());
        if *self.game.step() == crate::game::Step::Adjourned {
            let sealer = self.game.to_move();
            return line.say_count(
                LineSentence::ResumedAdjourned,
                played.len() as u64,
                &[
                    ("count", &played.len().to_string()),
                    ("sealer", &side(sealer)),
                    ("responder", &side(!sealer)),
                ],
            );
        }
        match played {
            [] => line.say(LineSentence::ResumedEmpty, &[]),
            [only] => line.say(
                LineSentence::ResumedOne,
                &[
                    ("last_side", &side(only.by)),
                    ("words", &only.words),
                    ("side", &to_move),
                ],
            ),
            [.., before, last] => line.say_count(
                LineSentence::ResumedMoves,
                played.len() as u64,
                &[
                    ("count", &played.len().to_string()),
                    ("last_side", &side(last.by)),
                    ("words", &last.words),
                    ("other_side", &side(before.by)),
                    ("other", &before.words),
                    ("side", &to_move),
                ],
            ),
        }
    }
}
