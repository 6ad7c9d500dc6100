//! One analysis session, whichever front end shows it: the file's games
//! and the game open (the core's [`Session`]), the engine's process, and
//! whether the engine follows every move. Commands come in with the instant
//! they were entered; what comes out is what to show and say.
//!
//! Deciding what to say never waits on the engine: a request becomes
//! [`Shown::Evaluate`], which a front end carries out when it can (line
//! mode at once, through [`AnalysisSession::handle`]; the full screen from
//! its shell, so that its update stays free of processes).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};

use shakmaty::{Chess, Position};

mod explore;
pub mod learning;
mod saved;

use crate::config::{OutOfRange, Ranges};
use crate::engine::{Engine, find_engine};
use crate::live::{FileNews, LiveFile};
use crate::record::pgn_index::GameIndex;
use learning::Learning;
use zweibrett_core::analysis::command::{Command, LEAST_PACE, MOST_PACE};
use zweibrett_core::analysis::engine::Report;
use zweibrett_core::analysis::live::Following;
use zweibrett_core::analysis::replay::Replay;
use zweibrett_core::analysis::session::DEFAULT_PACE;
use zweibrett_core::analysis::session::{Reply, Session};
use zweibrett_core::analysis::words::{AnalysisSentence, AnalysisWords, EachMove};
use zweibrett_core::game::rules::position_key;

/// How the engine is used.
#[derive(Clone, Debug)]
pub struct EngineSettings {
    /// The engine asked for on the command line; else `stockfish` on PATH.
    pub path: Option<PathBuf>,
    /// Thinking time per request.
    pub think: Duration,
    /// How long past the thinking time before the engine is declared not
    /// answering.
    pub grace: Duration,
    /// The depth the mistakes pass searches every position to; a mistake
    /// it finds is confirmed deeper ([`crate::pass::confirm_depth`]).
    pub pass_depth: u32,
}

impl Default for EngineSettings {
    /// `stockfish` if found, a second per request, two seconds' grace.
    fn default() -> EngineSettings {
        EngineSettings {
            path: None,
            think: Duration::from_secs(1),
            grace: Duration::from_secs(2),
            pass_depth: DEFAULT_PASS_DEPTH,
        }
    }
}

/// The depth the mistakes pass searches every position to, unless set:
/// with each mistake confirmed eight deeper (at 22), a move a deeper
/// search finds sound is not listed.
pub const DEFAULT_PASS_DEPTH: u32 = 14;

/// The shallowest pass allowed: below it a piece left en prise is missed.
pub const LEAST_PASS_DEPTH: u32 = 6;

/// The `[analysis]` section of the configuration.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AnalysisSettings {
    /// Say the clock time and the time spent after each move.
    pub clock_after_move: bool,
    /// Say the score's evaluation after each move.
    pub eval_after_move: bool,
    /// Seconds between the moves of a replay.
    pub replay_pace: f64,
    /// The depth the mistakes pass searches every position to.
    pub mistakes_depth: u32,
}

impl Default for AnalysisSettings {
    /// The clock on request, the score's evaluations with each move, two
    /// seconds between replayed moves.
    fn default() -> AnalysisSettings {
        AnalysisSettings {
            clock_after_move: false,
            eval_after_move: true,
            replay_pace: DEFAULT_PACE.as_secs_f64(),
            mistakes_depth: DEFAULT_PASS_DEPTH,
        }
    }
}

impl AnalysisSettings {
    /// What is said with each move.
    pub fn each_move(&self) -> EachMove {
        EachMove {
            clock: self.clock_after_move,
            eval: self.eval_after_move,
        }
    }

    /// The time between replayed moves (checked by [`Ranges`]).
    pub fn pace(&self) -> Duration {
        Duration::try_from_secs_f64(self.replay_pace).unwrap_or(DEFAULT_PACE)
    }
}

impl Ranges for AnalysisSettings {
    fn out_of_range(&self) -> Option<OutOfRange> {
        // NaN lies in no range: it is refused as out of range too.
        if !(LEAST_PASS_DEPTH..=crate::pass::MOST_DEPTH).contains(&self.mistakes_depth) {
            return Some(OutOfRange {
                key: "mistakes_depth".to_string(),
                value: self.mistakes_depth.to_string(),
                allowed: format!("from {LEAST_PASS_DEPTH} to {}", crate::pass::MOST_DEPTH),
            });
        }
        let (least, most) = (LEAST_PACE.as_secs_f64(), MOST_PACE.as_secs_f64());
        if (least..=most).contains(&self.replay_pace) {
            return None;
        }
        Some(OutOfRange {
            key: "replay_pace".to_string(),
            value: self.replay_pace.to_string(),
            allowed: format!("from {least} to {most}"),
        })
    }
}

/// What a command or the engine gives the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Where a step through the game led, said together; of several steps
    /// at once (a key held down) a screen may say only the last.
    Step(Vec<String>),
    /// An answer.
    Say(String),
    /// The engine is to be asked about `position` (see
    /// [`AnalysisSession::evaluate`]).
    Evaluate {
        /// The position.
        position: Box<Chess>,
        /// The user asked (else the engine follows the moves).
        asked: bool,
    },
    /// Text for the user to paste (a FEN): a front end hands it to the
    /// terminal's clipboard where it can, and says `said`, with
    /// `clipboard` after it when it did.
    Copy {
        /// What is to be pasted.
        text: String,
        /// What to say.
        said: String,
        /// What to add when the text went to the clipboard.
        clipboard: String,
    },
    /// The user leaves.
    Quit,
}

/// The engine, started on the first request; after it stops answering, the
/// next request starts a fresh one.
struct EngineSlot {
    settings: EngineSettings,
    running: Option<Engine>,
    tried: bool,
    /// The engine named could not be started: its path.
    failed: Option<PathBuf>,
    /// The engine's process ended: it is not started again.
    gone: bool,
    /// Its end is yet to be said.
    gone_unsaid: bool,
    /// The request pending was the user's (not the engine following the
    /// moves).
    asked: bool,
    /// The request pending asks for the threat: the position on the board
    /// with the other side to move, by its key.
    threat: Option<u64>,
    /// The engine following the moves was not asked about the position on
    /// the board while a tried move's verdict was awaited.
    follow_deferred: bool,
}

/// An analysis session: the game gone through, the engine and its
/// following.
pub struct AnalysisSession {
    session: Session,
    engine: EngineSlot,
    follow: bool,
    learning: Learning,
    explorer: explore::Explorer,
    /// The words of moves, made when the user first types a move (one of
    /// their own, or one tried at a listed mistake).
    lexicon: Option<crate::notation::Lexicon>,
    /// A file followed as it grows, and the game followed in it.
    live: Option<Live>,
    /// Rung by the engine, the followed file and the engine pass.
    waker: crate::wake::Waker,
    /// When the voice has said the replay's last move whole: the next
    /// comes a pace after that.
    said_until: Option<Receiver<Instant>>,
}

/// What came by itself by a moment, as [`AnalysisSession::wake`] gives it.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Came {
    /// Said as moves, whole and never cut off by what follows: a
    /// replay's next move, a followed game's new ones.
    pub moves: Vec<Shown>,
    /// Said as answers: the engine's, the engine pass's findings.
    pub answers: Vec<Shown>,
}

/// A followed file: its watch, the game followed, and the file's name as
/// said.
struct Live {
    file: LiveFile,
    following: Following,
    name: String,
}

impl From<Session> for AnalysisSession {
    /// The session with the engine's default settings.
    fn from(session: Session) -> AnalysisSession {
        AnalysisSession::new(session, EngineSettings::default())
    }
}

impl AnalysisSession {
    /// The session over `session`, asking the engine of `engine` when
    /// needed; no engine is started before the first request.
    pub fn new(session: Session, engine: EngineSettings) -> AnalysisSession {
        let depth = engine.pass_depth;
        let waker = crate::wake::Waker::default();
        AnalysisSession {
            session,
            engine: EngineSlot {
                settings: engine,
                running: None,
                tried: false,
                failed: None,
                gone: false,
                gone_unsaid: false,
                asked: false,
                threat: None,
                follow_deferred: false,
            },
            follow: false,
            learning: Learning::ringing(&waker, depth),
            explorer: explore::Explorer::default(),
            lexicon: None,
            live: None,
            waker,
            said_until: None,
        }
    }

    /// What came by itself by `now`: a replay's next move when it is due
    /// (a pace after the voice said the last one whole, when the voice
    /// paces it), a followed file's news, the engine's answer or its
    /// silence, the engine pass's end, the opening tree built. Every view calls this when woken.
    pub fn wake(&mut self, now: Instant) -> Came {
        if let Some(quiet) = &self.said_until {
            match quiet.try_recv() {
                Ok(ended) => {
                    self.session.replay_said(ended);
                    self.said_until = None;
                }
                // A voice that went away says nothing more: go on now.
                Err(TryRecvError::Disconnected) => {
                    self.session.replay_said(now);
                    self.said_until = None;
                }
                Err(TryRecvError::Empty) => {}
            }
        }
        let mut moves = self.poll_live();
        moves.extend(self.replay_due(now));
        let mut answers = Vec::new();
        if let Some(report) = self.poll_engine(now) {
            answers.extend(self.report(&report));
        }
        answers.extend(self.learning.poll(&mut self.session));
        answers.extend(self.explorer.poll(&self.session));
        Came { moves, answers }
    }

    /// The voice is saying the moves [`AnalysisSession::wake`] gave;
    /// `quiet` tells when it has said them whole (`None`: a voice that
    /// cannot tell, and the replay goes on a pace after the move).
    pub fn saying_moves(&mut self, quiet: Option<Receiver<Instant>>) {
        if quiet.is_some() {
            self.said_until = quiet;
        }
    }

    /// What rings the front end when the engine answers, a followed file
    /// changes or the engine pass goes on: connect it to the front end's
    /// channel.
    pub fn waker(&self) -> &crate::wake::Waker {
        &self.waker
    }

    /// When the front end must look again though nothing rings: the
    /// replay's next move, or the moment the engine's answer is overdue;
    /// `None` while nothing is due by time.
    pub fn deadline(&self, now: Instant) -> Option<Instant> {
        let engine = self.engine.running.as_ref().and_then(Engine::deadline);
        match (self.session.replay_next(now), engine) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Follows the game open as its file, `path`, grows: goes to the
    /// game's last move, says it, and from now on says each new move as it
    /// comes (see [`AnalysisSession::wake`]).
    pub fn follow_file(&mut self, path: &Path) -> Vec<Shown> {
        // A live game is heard with its clocks (`clock off` stops them).
        let mut each = self.session.each_move();
        each.clock = true;
        self.session.set_each_move(each);
        let name = path.display().to_string();
        let (following, said) = Following::start(&mut self.session, &name);
        let file = LiveFile::watch(path, following.number(), &self.waker);
        self.live = Some(Live {
            file,
            following,
            name,
        });
        said.into_iter().map(Shown::Say).collect()
    }

    /// Whether a file is followed (the session then goes on after the end
    /// of its input).
    pub fn is_following(&self) -> bool {
        self.live.is_some()
    }

    /// What the followed file brought since last asked; never waits.
    fn poll_live(&mut self) -> Vec<Shown> {
        let Some(live) = self.live.as_mut() else {
            return Vec::new();
        };
        let mut said = Vec::new();
        for news in live.file.news() {
            match news {
                FileNews::Changed { index, game } => {
                    said.extend(live.following.take(&mut self.session, index, *game));
                }
                FileNews::Gone => said.push(Following::gone(&self.session, &live.name)),
                FileNews::Back => said.push(Following::back(&self.session, &live.name)),
                FileNews::Refused => said.push(Following::refused(
                    &self.session,
                    &live.name,
                    crate::live::MOST_FOLLOWED_BYTES >> 20,
                )),
            }
        }
        said.into_iter().map(Shown::Say).collect()
    }

    /// The number of the game open.
    pub fn number(&self) -> usize {
        self.session.number()
    }

    /// The game being gone through, and the place in it.
    pub fn replay(&self) -> &Replay {
        self.session.replay()
    }

    /// The words in use.
    pub fn words(&self) -> &AnalysisWords {
        self.session.words()
    }

    /// The games `text` finds, by what `find` takes, or what is said when
    /// it cannot be read or the file cannot be searched.
    pub fn find(&self, text: &str) -> Result<Vec<&crate::record::pgn_index::GameEntry>, String> {
        self.session.find(text)
    }

    /// The index of the file.
    pub fn index(&self) -> &GameIndex {
        self.session.index()
    }

    /// A line of the list of games, marked when the game can be read only
    /// up to a fault.
    pub fn listed(&self, entry: &crate::record::pgn_index::GameEntry) -> String {
        self.session.listed(entry)
    }

    /// Whether the engine is asked after every move.
    pub fn follows(&self) -> bool {
        self.follow
    }

    /// Whether an engine request is waiting for its answer, the engine
    /// pass over the game is running, or the opening tree is being built
    /// for a question.
    pub fn is_busy(&self) -> bool {
        self.engine.running.as_ref().is_some_and(Engine::is_busy)
            || self.learning.is_running()
            || self.explorer.is_building()
    }

    /// Carries out `command`, entered at `entered`, engine requests
    /// included: nothing returned is [`Shown::Evaluate`].
    pub fn handle(&mut self, command: &Command, entered: Instant) -> Vec<Shown> {
        let mut shown = Vec::new();
        for s in self.command(command) {
            match s {
                Shown::Evaluate { position, asked } => {
                    shown.extend(self.evaluate(&position, asked, entered));
                }
                other => shown.push(other),
            }
        }
        shown
    }

    /// What `command` does to the game and says; engine requests are
    /// returned as [`Shown::Evaluate`], not carried out. Moves through the
    /// game are [`Shown::Step`]s.
    pub fn command(&mut self, command: &Command) -> Vec<Shown> {
        let stepping = matches!(
            command,
            Command::Next
                | Command::Back
                | Command::Start
                | Command::End
                | Command::GoTo(..)
                | Command::Variation(_)
                | Command::Leave
        );
        let mut own = None;
        if let Command::Unknown(text) = command {
            let pack = &self.session.words().pack;
            let lexicon = self
                .lexicon
                .get_or_insert_with(|| crate::notation::Lexicon::with_pack(pack));
            // At a listed mistake a move is judged against the game's.
            if let Some(shown) = self.learning.try_move(&self.session, lexicon, text) {
                return shown;
            }
            own = self.session.own_move(lexicon, text);
        }
        let before = self.session.replay().position();
        let reply = match own {
            Some(reply) => reply,
            None => self.session.handle(command),
        };
        match reply {
            Reply::Tried(said, position) => {
                // The engine says what it thinks of the move, when there
                // is one: no engine is no news.
                let mut shown = vec![Shown::Step(vec![said])];
                shown.extend(self.asking(*position, false));
                shown
            }
            Reply::Save => vec![self.save()],
            Reply::Say(lines) => {
                let mut shown = if stepping {
                    vec![Shown::Step(lines)]
                } else {
                    lines.into_iter().map(Shown::Say).collect()
                };
                let now = self.session.replay().position();
                if self.follow && now != before {
                    shown.extend(self.asking(now, false));
                }
                shown
            }
            Reply::Evaluate(position) => self.asking(*position, true),
            Reply::Recorded(sentence, position) => {
                let mut shown = vec![Shown::Say(sentence)];
                // The engine is asked too, as when it follows the moves: its
                // answer is said when it comes, and no engine is no news.
                shown.extend(self.asking(*position, false));
                shown
            }
            Reply::Follow(on, sentence) => {
                self.follow = on;
                let mut shown = vec![Shown::Say(sentence)];
                if on {
                    shown.extend(self.asking(self.session.replay().position(), false));
                }
                shown
            }
            Reply::Fen(fen, short) => vec![self.fen(fen, short)],
            Reply::Threat(other_to_move) => {
                self.engine.threat = Some(position_key(&other_to_move));
                self.asking(*other_to_move, true)
            }
            Reply::Summary => {
                let engine = find_engine(self.engine.settings.path.as_deref());
                self.learning.summary(&self.session, engine.as_deref())
            }
            Reply::Mistakes(asked) => {
                let engine = find_engine(self.engine.settings.path.as_deref());
                self.learning
                    .command(asked, &mut self.session, engine.as_deref())
            }
            Reply::Explore(start, moves) => {
                self.explorer
                    .ask(&self.session, (*start, moves), &self.waker)
            }
            Reply::Quit => vec![Shown::Quit],
        }
    }

    /// The FEN said and handed over: written to `position.fen` in the
    /// user's data folder, where it can be found when the terminal takes
    /// no clipboard sequence, and to the clipboard by the front end.
    fn fen(&self, fen: String, short: Option<String>) -> Shown {
        let words = self.session.words();
        let written = crate::config::user_data_dir()
            .ok_or_else(|| "no data folder".to_string())
            .and_then(|dir| {
                let path = dir.join("position.fen");
                std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                crate::files::write_whole_unwaited(&path, format!("{fen}\n").as_bytes())
                    .map(|()| path)
                    .map_err(|e| e.to_string())
            });
        let said = match (written, short) {
            // The position short; the FEN itself on request.
            (Ok(path), Some(short)) => {
                let commands = words.pack.command_words();
                let full = format!("{} {}", commands.word("fen"), commands.word("full"));
                let kept = words.phrase(
                    AnalysisSentence::FenKept,
                    &[("file", &path.display().to_string()), ("command", &full)],
                );
                format!("{short}. {kept}")
            }
            (Ok(path), None) => words.phrase(
                AnalysisSentence::FenCopied,
                &[("fen", &fen), ("file", &path.display().to_string())],
            ),
            (Err(reason), _) => words.phrase(
                AnalysisSentence::FenNotWritten,
                &[("fen", &fen), ("reason", &reason)],
            ),
        };
        Shown::Copy {
            text: fen,
            said,
            clipboard: words.phrase(AnalysisSentence::FenClipboard, &[]),
        }
    }

    /// Whether a replay is under way.
    pub fn is_replaying(&self) -> bool {
        self.session.is_replaying()
    }

    /// The replay's next move if it is due at `now`, said as a step (and
    /// the engine asked when it follows the moves).
    fn replay_due(&mut self, now: Instant) -> Vec<Shown> {
        let lines = self.session.replay_due(now);
        if lines.is_empty() {
            return Vec::new();
        }
        let mut shown = vec![Shown::Step(lines)];
        if self.follow {
            shown.extend(self.asking(self.session.replay().position(), false));
        }
        shown
    }

    /// Paces replays by the voice (see
    /// [`zweibrett_core::analysis::session::Session::pace_by_speech`]).
    pub fn pace_by_speech(&mut self, on: bool) {
        self.session.pace_by_speech(on);
    }

    /// Stops the replay under way, where it is, and says so.
    pub fn stop_replay(&mut self) -> Vec<Shown> {
        self.session
            .stop_replay()
            .map(Shown::Say)
            .into_iter()
            .collect()
    }

    /// What is said with each move, and the pace of replays, as configured.
    pub fn configure(&mut self, each: EachMove, pace: Duration) {
        self.session.set_each_move(each);
        self.session.set_pace(pace);
    }

    /// The request for `position`, unless the game is over on the board.
    fn asking(&self, position: Chess, asked: bool) -> Vec<Shown> {
        if position.is_game_over() {
            if asked {
                return vec![Shown::Say(self.words().pack.phrases.game_over.clone())];
            }
            return Vec::new();
        }
        vec![Shown::Evaluate {
            position: Box::new(position),
            asked,
        }]
    }

    /// Carries out a request a view was given as [`Shown::Evaluate`]:
    /// asks the engine about `position` at `now`, starting it on the first
    /// request, and says so (when the user `asked`, or the engine was
    /// following and none can be started). The one way every view asks
    /// the engine; its answer comes through [`AnalysisSession::wake`].
    pub fn evaluate(&mut self, position: &Chess, asked: bool, now: Instant) -> Vec<Shown> {
        // The engine following the moves waits for the verdict on a move
        // tried, which a new request would put aside; it is asked after.
        if !asked && self.learning.is_trying() {
            self.engine.follow_deferred = true;
            return Vec::new();
        }
        self.engine.asked = asked;
        // A request about another position replaces the threat asked for.
        if self.engine.threat != Some(position_key(position)) {
            self.engine.threat = None;
        }
        if self.ask_engine(position, now) {
            self.engine_asked(asked)
        } else {
            self.no_engine(asked)
        }
    }

    /// Sends `position` to the engine at `now`, starting the engine on the
    /// first request; `false` when no engine could be started.
    fn ask_engine(&mut self, position: &Chess, now: Instant) -> bool {
        let slot = &mut self.engine;
        if slot.running.is_none() && !slot.tried && !slot.gone {
            slot.tried = true;
            slot.running = find_engine(slot.settings.path.as_deref()).and_then(|p| {
                let started =
                    Engine::start(&p, slot.settings.think, slot.settings.grace, &self.waker).ok();
                slot.failed = started.is_none().then_some(p);
                started
            });
        }
        match slot.running.as_mut() {
            Some(engine) => {
                engine.request(position, now);
                true
            }
            None => false,
        }
    }

    /// What is said once the engine was asked (only when the user asked).
    fn engine_asked(&self, asked: bool) -> Vec<Shown> {
        if asked {
            vec![Shown::Say(
                self.words().phrase(AnalysisSentence::EngineThinking, &[]),
            )]
        } else {
            Vec::new()
        }
    }

    /// What is said when no engine could be started: when the user asked,
    /// or the engine was following, which it stops.
    fn no_engine(&mut self, asked: bool) -> Vec<Shown> {
        let follow = std::mem::take(&mut self.follow);
        if !(asked || follow) {
            return Vec::new();
        }
        let words = self.session.words();
        let said = match (&self.engine.failed, self.engine.gone) {
            (_, true) => words.phrase(AnalysisSentence::EngineDied, &[]),
            (Some(path), _) => words.phrase(
                AnalysisSentence::EngineFailed,
                &[("path", &path.display().to_string())],
            ),
            (None, false) => words.phrase(AnalysisSentence::NoEngine, &[]),
        };
        vec![Shown::Say(said)]
    }

    /// The engine's report on the pending request, once complete or given
    /// up at `now`. After it stops answering, the next request starts a
    /// fresh engine process.
    fn poll_engine(&mut self, now: Instant) -> Option<Report> {
        let engine = self.engine.running.as_mut()?;
        let report = engine.poll(now)?;
        if report == Report::NotAnswering {
            // An engine that ended is said once and not started again; one
            // that was only slow is started afresh on the next request.
            if engine.is_dead() {
                self.engine.gone = true;
                self.engine.gone_unsaid = true;
                self.follow = false;
            }
            self.engine.running = None;
            self.engine.tried = false;
        }
        Some(report)
    }

    /// What the engine's report says: about a move tried at a listed
    /// mistake, how it compares with the game's.
    pub fn report(&mut self, report: &Report) -> Vec<Shown> {
        let words = self.session.words();
        let text = match report {
            Report::Answer(evaluation) => {
                match self
                    .learning
                    .answer(words, evaluation, &self.session.replay().position())
                {
                    Some(verdict) => {
                        let mut shown = vec![Shown::Say(verdict)];
                        if std::mem::take(&mut self.engine.follow_deferred) && self.follow {
                            shown.extend(self.asking(self.session.replay().position(), false));
                        }
                        return shown;
                    }
                    // The threat asked for, while the board still shows the
                    // position it is a threat in.
                    None if self.engine.threat == Some(position_key(&evaluation.position)) => {
                        self.engine.threat = None;
                        self.engine.asked = false;
                        let here = self.session.replay().position().swap_turn().ok();
                        if here
                            .is_some_and(|p| position_key(&p) == position_key(&evaluation.position))
                        {
                            words.threat(evaluation)
                        } else {
                            let command = words.pack.command_words().word("threat");
                            words
                                .phrase(AnalysisSentence::EngineLeftBehind, &[("command", command)])
                        }
                    }
                    // An answer about a position the user has left is not said
                    // as if it were this one's: dropped, and when it was asked
                    // for, said to be.
                    None if position_key(&evaluation.position)
                        != position_key(&self.session.replay().position()) =>
                    {
                        if !std::mem::take(&mut self.engine.asked) {
                            return Vec::new();
                        }
                        let command = words.pack.command_words().word("eval");
                        words.phrase(AnalysisSentence::EngineLeftBehind, &[("command", command)])
                    }
                    None => words.evaluation_with(evaluation, self.session.figures()),
                }
            }
            Report::NotAnswering if std::mem::take(&mut self.engine.gone_unsaid) => {
                words.phrase(AnalysisSentence::EngineDied, &[])
            }
            Report::NotAnswering => words.phrase(AnalysisSentence::EngineSilent, &[]),
        };
        vec![Shown::Say(text)]
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn session() -> AnalysisSession {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/club.pgn");
        let index = GameIndex::build(&file).unwrap();
        let (session, _) = Session::open(index, AnalysisWords::builtin("en"), Some(2)).unwrap();
        let missing = EngineSettings {
            path: Some(PathBuf::from("/nonexistent/engine")),
            ..EngineSettings::default()
        };
        AnalysisSession::new(session, missing)
    }

    #[test]
    fn steps_are_said_together_and_answers_one_by_one() {
        let mut s = session();
        let shown = s.command(&Command::Next);
        assert!(matches!(shown.as_slice(), [Shown::Step(lines)] if !lines.is_empty()));
        assert_eq!(s.replay().played(), 1);
        assert_eq!(s.command(&Command::Quit), [Shown::Quit]);
    }

    #[test]
    fn a_request_is_returned_and_carried_out_only_by_handle() {
        let mut s = session();
        assert!(matches!(
            s.command(&Command::Eval).as_slice(),
            [Shown::Evaluate { asked: true, .. }]
        ));
        let said = s.handle(&Command::Eval, Instant::now());
        assert_eq!(
            said,
            [Shown::Say(
                "The engine /nonexistent/engine could not be started".to_string()
            )]
        );
    }

    #[test]
    fn following_without_an_engine_is_given_up_and_said() {
        let mut s = session();
        let said = s.handle(&Command::Follow(true), Instant::now());
        assert_eq!(said.len(), 2, "{said:?}");
        assert_eq!(
            said[1],
            Shown::Say("The engine /nonexistent/engine could not be started".to_string())
        );
        assert!(!s.follows());
        assert!(s.handle(&Command::Next, Instant::now()).len() == 1);
    }
}
