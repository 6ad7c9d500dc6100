//! The game host: one game, whichever front end shows it. It owns the
//! [`GameSession`] (the game, its journal, the clock's schedule, the
//! dead-position search), the joined seats, the listener, the transcript
//! and the voice behind it, and it decides what is shown and said, to
//! whom and when. Line mode and the full screen are views of it: they
//! hand it what the user typed ([`Request`]), wake it when a producer
//! rings ([`super::wake`]) or its [`GameHost::deadline`] passes, and
//! render the [`Shown`] it gives back.
//!
//! Every request waits while a command waits for the disk, so that it
//! acts on the game as that command leaves it; it is timed when it was
//! typed, not when it is got round to.

mod board;
mod listening;
mod opening;
mod respond;
mod saying;
mod seats;
use seats::refused_only;
mod shown;

#[cfg(test)]
mod board_clock_tests;
#[cfg(test)]
mod board_tests;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::time::Duration;

use super::wake::Bell;
use super::{CarriedOut, GameSession, Report, SessionError};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::game::{Command, EventKind, Game};
use crate::notation::pack::LineSentence;
use crate::seat::{SeatEvent, SeatServer};
use crate::table::SpokenStatus;
use crate::transcript::Transcript;
use crate::utterance::{Earcon, Priority, Utterance};
use crate::voice::{Announce, VoiceNotice};
use zweibrett_core::braille::Urgency;
use zweibrett_core::seat::SeatRole;

pub use listening::{Listened, Listening};
pub use shown::{Kind, Shown};

/// How long leaving the game waits for a dead-position search still
/// running (5.2.2): a result it proves is in the PGN, not left behind.
pub const RULING_WAIT: Duration = Duration::from_secs(10);

/// The clock's last seconds, when each number it says is urgent.
const LAST_SECONDS: Duration = Duration::from_secs(10);

/// What a front end hands the host: what its user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// A line typed (line mode, the full screen's input line), or why it
    /// could not be read.
    Line(Result<String, crate::lines::LineFault>),
    /// A key's command for the game (the press, the time, a draw offer).
    Command(Command),
    /// A key's question about the position.
    Ask(zweibrett_core::analysis::Question),
    /// Write the PGN beside the journal.
    Save,
    /// Start or stop listening (the listening key).
    Listen,
    /// The pause key: the clock paused while it runs, restarted while it
    /// is paused or not yet started (6.11), as the game stands when the
    /// host carries it out.
    PauseOrResume,
}

/// Something waiting for the host's turn, with when it came.
#[derive(Debug)]
enum Waiting {
    /// What the user asked for.
    Request(Request),
    /// What happened at a seat.
    Seat(SeatEvent),
    /// What the listener heard.
    Heard(Listened),
    /// What the electronic board's line read.
    Board(crate::board::BoardEvent),
}

/// The voice a host speaks through: any output, boxed, behind the
/// transcript.
pub type Voice = Box<dyn Announce>;

/// One game's host; see the module's description.
pub struct GameHost {
    session: GameSession,
    speech: Transcript<Voice>,
    /// The status line as it reaches the ear: said when it is new.
    spoken: SpokenStatus,
    /// What the commands since the last prompt did.
    last_kinds: Vec<EventKind>,
    /// A request or a command was carried out: the prompt follows once
    /// nothing more waits for the disk.
    prompt_owed: bool,
    seats: Option<SeatServer>,
    listener: Option<Box<dyn Listening>>,
    /// The sighted player's electronic board, when the game follows one.
    board: Option<board::Following>,
    /// Requests, seat events and utterances heard, in the order they came,
    /// each on the game's time line.
    waiting: VecDeque<(Waiting, Instant)>,
    /// Why the game stopped, when the journal failed.
    stopped: Option<String>,
    /// Why the game waits before it starts (the deafblind player's
    /// braille display not there yet): every command is refused with it.
    awaiting: Option<String>,
    /// The user is leaving: no prompt follows the clock's pause.
    leaving: bool,
    /// The user asked to leave: what waits is not taken until the front
    /// end leaves or stays ([`GameHost::stay`]).
    leave_asked: bool,
    /// A resignation typed, waiting for the yes that confirms it (5.1.2):
    /// a resigned game cannot be taken back.
    resign_asked: Option<crate::game::Command>,
    /// The part of the help `more` says next.
    help_next: usize,
    /// What to show, since the front end last took it.
    shown: Vec<Shown>,
    /// The computer's clock as the front end last gave it: time is
    /// injected, so that a test drives the host without sleeping.
    clock: std::time::Instant,
    /// Until when nothing else starts to speak after the echo of the
    /// player's own move, so that the opponent's announcement is heard.
    quiet_until: Option<Instant>,
    /// Where a change of the voice is kept for later games: the
    /// configuration file in use; none, for a game that keeps nothing.
    voice_config: Option<std::path::PathBuf>,
    /// Writes the voice's level into `voice_config`, once there was a
    /// change to keep.
    voice_keeper: Option<crate::kept_voice::VoiceKeeper>,
    /// The clock's notices held back until then.
    held: Vec<Utterance>,
    /// The user's screen reader speaks for the program.
    screen_reader: bool,
    /// The player reads everything the program says on a braille display.
    display_reader: bool,
    /// A request of the user's is being answered: what is said in answer
    /// is read before what waits its turn.
    answering: bool,
}

impl GameHost {
    /// The host of `session`, saying everything through `speech`, with
    /// seats joining through `seats` and listening through `listener`.
    pub fn new(
        session: GameSession,
        speech: Transcript<Voice>,
        seats: Option<SeatServer>,
        listener: Option<Box<dyn Listening>>,
    ) -> GameHost {
        let epoch = session.time_line().moment(Instant::ZERO);
        GameHost {
            session,
            speech,
            spoken: SpokenStatus::default(),
            last_kinds: Vec::new(),
            prompt_owed: false,
            seats,
            listener,
            board: None,
            waiting: VecDeque::new(),
            stopped: None,
            awaiting: None,
            leaving: false,
            leave_asked: false,
            resign_asked: None,
            help_next: 0,
            shown: Vec::new(),
            quiet_until: None,
            held: Vec::new(),
            voice_config: None,
            voice_keeper: None,
            screen_reader: false,
            display_reader: false,
            answering: false,
            // The time line's start: the front end gives every later
            // moment, and none is read here.
            clock: epoch,
        }
    }

    /// The host of `session` as a game runs it: its transcript in the file
    /// named, else beside the journal, in front of `output` (`None`:
    /// speech off); the seats offered; listening through `listener`.
    pub fn start<A: Announce + 'static>(
        session: GameSession,
        transcript: Option<&std::path::Path>,
        output: Option<A>,
        listener: Option<Box<dyn Listening>>,
    ) -> GameHost {
        let path =
            transcript.map_or_else(|| session.transcript_path(), std::path::Path::to_path_buf);
        let voice = output.map(|o| Box::new(o) as Voice);
        let said = Transcript::open(&path, session.time_line(), voice);
        let seats = crate::seat::server::offer_seats(&session);
        let mut host = GameHost::new(session, said, seats, listener);
        // A change of the voice is kept where the configuration is read.
        host.voice_config = crate::config::config_source()
            .file()
            .map(std::path::Path::to_path_buf);
        host
    }

    /// A host of `game` journalled nowhere, its time line standing at
    /// `now`, what it says handed to `voice` and written nowhere: for the
    /// game-flow tests and the benchmarks of the views.
    pub fn unrecorded(
        game: crate::game::Game,
        clock: crate::clock::schedule::ClockSettings,
        now: Instant,
        voice: Option<Voice>,
    ) -> GameHost {
        let session = GameSession::new(game, None, now.0, clock);
        let said = Transcript::nowhere(session.time_line(), voice);
        GameHost::new(session, said, None, None)
    }

    /// Connects every producer of the game to `bell`: the journal's
    /// writer, the search, the seats, the listener and the voice ring it
    /// when they have something.
    pub fn connect(&self, bell: &Bell) {
        self.session.connect(bell);
        if let Some(seats) = &self.seats {
            seats.waker().connect_like(bell);
        }
        if let Some(listener) = &self.listener {
            listener.waker().connect_like(bell);
        }
        if let Some(waker) = self.speech.waker() {
            waker.connect_like(bell);
        }
        if let Some(line) = self.board.as_ref().and_then(|b| b.line.as_ref()) {
            line.waker().connect_like(bell);
        }
    }

    /// The game session.
    pub fn session(&self) -> &GameSession {
        &self.session
    }

    /// The game, for the views that show it: the board, the clocks, the
    /// moves and the words of its pack. A view changes it only through a
    /// [`Request`].
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// Writes the files of a game journalled nowhere into `dir`.
    pub fn keep_files_in(&mut self, dir: &std::path::Path) {
        self.session.keep_files_in(dir);
    }

    /// Why the game stopped, when the journal could not be written.
    pub fn stopped(&self) -> Option<&str> {
        self.stopped.as_deref()
    }

    /// Whether the opponent sits at a joined seat of their own (D.2.11).
    pub fn opponent_seated(&self) -> bool {
        self.seated(crate::seat::SeatRole::Opponent)
    }

    /// Whether a seat of `role` has joined.
    pub fn seated(&self, role: crate::seat::SeatRole) -> bool {
        self.seats.as_ref().is_some_and(|s| s.has(role))
    }

    /// Whether nothing waits: no command for the disk, no request, no
    /// event of a seat, nothing heard.
    pub fn idle(&self) -> bool {
        !self.session.has_pending() && self.waiting.is_empty()
    }

    /// Takes `outcome` as if the listener had heard it at `at`: for the
    /// game's tests, which have no recogniser.
    pub fn hand_heard(&mut self, outcome: Listened, at: std::time::Instant) {
        self.clock = self.clock.max(at);
        let at = self.session.instant(at);
        self.waiting.push_back((Waiting::Heard(outcome), at));
        self.pump();
    }

    /// What to show since last asked, in order.
    pub fn take_shown(&mut self) -> Vec<Shown> {
        std::mem::take(&mut self.shown)
    }

    /// When the host must be woken even if nothing rings: the next
    /// reading of a running clock (and the announcements due with it), or
    /// the moment a command has waited for the disk too long. `None`:
    /// only a ring or a request can change anything.
    pub fn deadline(&self) -> Option<std::time::Instant> {
        if self.stopped.is_some() {
            return None;
        }
        if self.session.has_pending() {
            return self.session.slow_write_due();
        }
        let line = self.session.time_line();
        let held = self.quiet_until.filter(|_| !self.held.is_empty());
        [self.session.next_tick(), held, self.board_deadline()]
            .into_iter()
            .flatten()
            .min()
            .map(|at| line.moment(at))
    }

    /// Takes `request`, made at `at` on the computer's clock, and does
    /// what can be done by then.
    pub fn request(&mut self, request: Request, at: std::time::Instant) {
        self.clock = self.clock.max(at);
        let at = self.session.instant(at);
        self.waiting.push_back((Waiting::Request(request), at));
        self.pump();
    }

    /// A producer rang, or the deadline passed: does what is due by
    /// `now`, the computer's clock.
    pub fn wake(&mut self, now: std::time::Instant) {
        self.clock = self.clock.max(now);
        self.pump();
    }

    /// The game's time line at the last moment the front end gave.
    pub fn now(&self) -> Instant {
        self.session.instant(self.clock)
    }

    /// Holds the game before it starts for what `why` says (the deafblind
    /// player's braille display not there yet): said aloud for the people
    /// at the board, shown at the seats, and every command refused with
    /// it until [`GameHost::start_awaited`]. A game already started (a move
    /// made, the clock started) is not held: `why` is said, and it goes
    /// on.
    pub fn await_start(&mut self, why: String) {
        let game = self.session.game();
        let started = !game.moves().is_empty() || game.clock().is_started();
        let over = game.outcome().is_some();
        self.at_seats(&why);
        self.show_said(Kind::Note, why.clone(), Priority::Urgent);
        if !started && !over {
            self.awaiting = Some(why);
        }
    }

    /// The game held by [`GameHost::await_start`] may start; `said` (the
    /// display's coming) is shown at the seats.
    pub fn start_awaited(&mut self, said: &str) {
        if self.awaiting.take().is_some() {
            self.at_seats(said);
        }
    }

    /// Whether the game is held before it starts.
    pub fn awaiting(&self) -> bool {
        self.awaiting.is_some()
    }

    /// Says `utterance` through the transcript, for a front end's own
    /// sentences (a key's help, the log read back); the game is not
    /// changed.
    pub fn say(&mut self, utterance: Utterance) {
        self.say_shown(utterance, true);
    }

    /// Whether the running clock shows ten seconds or less: what the
    /// clock says then must be heard at once.
    fn in_last_seconds(&self) -> bool {
        let clock = self.session.game().clock();
        clock
            .running()
            .is_some_and(|r| clock.remaining(r.side, self.now()) <= LAST_SECONDS)
    }

    /// Says `utterance`; beside a screen reader it is also shown as said
    /// unless `as_said` is false: text shown line by line and said in one
    /// breath is read by the reader from its lines.
    fn say_shown(&mut self, utterance: Utterance, as_said: bool) {
        log::debug!(
            target: "host",
            "said ({:?}): {:?}",
            utterance.priority,
            utterance.text
        );
        if self.screen_reader && as_said || self.display_reader {
            // A time threshold, a flag fall and the clock's count in its
            // last ten seconds are heard at once too (D.2.6.1); the count's
            // next step makes the one before obsolete.
            let urgency = if utterance.priority == Priority::Urgent
                || matches!(
                    utterance.earcon,
                    Some(Earcon::TimeThreshold | Earcon::FlagFall)
                ) {
                Urgency::Urgent
            } else if utterance.priority == Priority::Routine && self.in_last_seconds() {
                Urgency::Count
            } else if utterance.priority == Priority::Answer && self.answering {
                Urgency::Answer
            } else {
                Urgency::InTurn
            };
            // A move's announcement: the latest move with these words.
            let played = (utterance.earcon == Some(Earcon::Move))
                .then(|| {
                    let moves = self.session.game().moves();
                    moves.iter().rposition(|p| p.words == utterance.text)
                })
                .flatten();
            self.shown.push(Shown::Said {
                text: utterance.text.clone(),
                urgency,
                listed: !as_said,
                played,
            });
        }
        self.speech.announce(utterance);
        self.transcript_failure();
    }

    /// Shows `text` on the braille display as said, without saying it:
    /// what a screen reader already reads from the screen in other words.
    /// Marked as listed, so that no front end prints it for the reader.
    fn show_on_display(&mut self, text: String) {
        self.shown.push(Shown::Said {
            text,
            urgency: Urgency::InTurn,
            listed: true,
            played: None,
        });
    }

    /// Keeps a change of the voice made during the game in the
    /// configuration file at `path`, for later games (a game started with
    /// [`GameHost::start`] keeps it in the configuration file in use).
    pub fn keep_voice_in(&mut self, path: std::path::PathBuf) {
        self.voice_config = Some(path);
    }

    /// The user's screen reader speaks for the program: everything the
    /// program would say is also shown as [`Shown::Said`], when it would
    /// be said, so that a front end prints it once for the reader.
    pub fn speak_through_screen_reader(&mut self) {
        self.screen_reader = true;
    }

    /// The player reads on a braille display everything the program says
    /// (the deafblind profile): everything said is also shown as
    /// [`Shown::Said`], listings included, for the display to keep.
    pub fn show_everything_said(&mut self) {
        self.display_reader = true;
    }

    /// Whether the user's screen reader speaks for the program.
    pub fn screen_reader(&self) -> bool {
        self.screen_reader
    }

    /// Everything that can be done without waiting, in order: what the
    /// journal has written, what the seats and the listener brought, the
    /// time left when due, a running clock's reading, the search's
    /// ruling, the prompt, and the next request once nothing waits for
    /// the disk.
    fn pump(&mut self) {
        while self.stopped.is_none() {
            self.take_carried_out();
            if self.stopped.is_some() {
                return;
            }
            self.journal_displaced();
            self.voice_notices();
            self.release_held();
            self.serve_seats();
            self.serve_listener();
            self.serve_board();
            self.notice();
            if self.session.has_pending() {
                if self.session.slow_write(self.clock) {
                    let text = self.line_say(LineSentence::JournalSlow);
                    self.show_said(Kind::Note, text, Priority::Answer);
                }
                if self.session.has_carried_out() {
                    continue;
                }
                return;
            }
            if let Some(command) = self.session.ruling_due() {
                let now = self.now();
                self.enter(&command, now);
                continue;
            }
            if self.prompt_owed && !self.leaving {
                self.prompt_owed = false;
                self.show_prompt();
            }
            // What was typed before now comes before the clock's next
            // reading, which would otherwise be journalled ahead of it.
            let next = if self.leave_asked {
                None
            } else {
                self.waiting.pop_front()
            };
            match next {
                Some((Waiting::Request(request), at)) => {
                    self.answering = true;
                    self.respond(request, at);
                    self.answering = false;
                }
                Some((Waiting::Seat(event), _)) => self.seat_event(event),
                Some((Waiting::Heard(outcome), at)) => self.heard(outcome, at),
                Some((Waiting::Board(event), at)) => self.board_event(event, at),
                None => {
                    if self.board_due() {
                        continue;
                    }
                    let now = self.now();
                    match self.session.tick_due(now) {
                        Some(tick) => self.enter(&tick, now),
                        None => return,
                    }
                }
            }
        }
    }

    /// Says at once that the journal's file was deleted or replaced
    /// during the game, and that it is written back with every move.
    fn journal_displaced(&mut self) {
        let Some(displaced) = self.session.journal_displaced() else {
            return;
        };
        let file = self
            .session
            .journal_path()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let sentence = match displaced {
            crate::journal::Displaced::Removed => LineSentence::JournalRemoved,
            crate::journal::Displaced::Replaced => LineSentence::JournalReplaced,
        };
        let text = self
            .session
            .game()
            .pack()
            .line_sentences()
            .say(sentence, &[("file", &file)]);
        self.show_said(Kind::Note, text, Priority::Answer);
    }

    /// Enters `command` at `at`: journalled first, carried out once on
    /// disk, by a later [`GameHost::take_carried_out`].
    fn enter(&mut self, command: &Command, at: Instant) {
        self.enter_from(command, at, None);
    }

    /// Enters `command`, typed at the joined `seat` when one typed it.
    fn enter_from(&mut self, command: &Command, at: Instant, seat: Option<SeatRole>) {
        if self.stopped.is_some() {
            return;
        }
        if let Some(why) = self.awaiting.clone() {
            if seat.is_some() {
                self.at_seats(&why);
            }
            return self.refuse(why);
        }
        if let Err(e) = self.session.enter_from(command, at, seat) {
            self.stop(&e);
        }
    }

    /// Shows and says what every command the journal has written did.
    fn take_carried_out(&mut self) {
        match self.session.carried_out() {
            Ok(done) => self.show_carried_out(done),
            Err(e) => self.stop(&e),
        }
    }

    fn show_carried_out(&mut self, done: Vec<CarriedOut>) {
        for CarriedOut {
            command,
            reports,
            seat,
            ..
        } in done
        {
            let said = !reports.is_empty();
            // What a seat typed and the game refused is answered at that
            // seat alone: it never disturbs the player (D.2.11).
            if let Some(role) = seat
                && refused_only(&reports)
            {
                self.answer_seat(role, &reports);
                continue;
            }
            self.report(reports);
            match command {
                Command::Tick => {}
                Command::CannotCheckmate { .. } => self.prompt_owed |= said,
                // The digits beside the spoken answer, except beside a
                // screen reader, which would read the time twice.
                Command::Time | Command::TimeOf(_) => {
                    if !self.screen_reader {
                        self.show(Kind::Clocks, self.clocks_line());
                    }
                    self.prompt_owed = true;
                }
                _ => self.prompt_owed = true,
            }
        }
    }

    /// The game's live PGN, as it stands, to its writer; a copy that cannot
    /// be written is shown and said once, and the game goes on: the
    /// journal, not the broadcast, is what keeps the game.
    fn keep_live(&mut self) {
        for failure in self.session.keep_live() {
            let line = self.session.game().pack().line_sentences();
            let path = failure.path.display().to_string();
            let text = line.say(
                LineSentence::LiveNotWritten,
                &[("path", &path), ("reason", &failure.reason)],
            );
            self.show_said(Kind::Error, text, Priority::Routine);
        }
    }

    /// The journal cannot be written: said at once, and the game stops
    /// rather than announce something that could be lost.
    fn stop(&mut self, e: &SessionError) {
        let line = self.session.game().pack().line_sentences();
        let text = line.say(LineSentence::Stopping, &[("reason", &e.say(line))]);
        self.show_said(Kind::Error, text.clone(), Priority::Urgent);
        self.stopped = Some(text);
        self.waiting.clear();
    }

    /// The time left, announced when a mark of the schedule is reached
    /// (D.2.6.1).
    fn notice(&mut self) {
        let now = self.now();
        if let Some(notice) = self.session.notice(now) {
            self.report(vec![notice]);
        }
    }

    /// Shows and says `reports`; the seats see each of them, and the
    /// game's end writes the PGN and closes the seats.
    fn report(&mut self, reports: Vec<Report>) {
        let mut ended = false;
        let policy = self.session.game().speech_policy();
        let kinds: Vec<EventKind> = reports
            .iter()
            .filter_map(|r| match r {
                Report::Event { event, .. } => Some(event.kind.clone()),
                _ => None,
            })
            .collect();
        for report in reports {
            match report {
                Report::Event { event, label } => {
                    self.last_kinds.push(event.kind.clone());
                    let kind = Kind::of_event(&event.kind, label);
                    self.at_seats(&event.utterance.text);
                    self.show(kind, event.utterance.text.clone());
                    if policy.says_event(&event.kind, &kinds) {
                        // The game's answer to what the user entered comes
                        // once the journal has it, after the request.
                        let was = self.answering;
                        self.answering |= event.kind == EventKind::Answer;
                        self.say(event.utterance);
                        self.answering = was;
                    }
                    if event.kind == EventKind::Announced {
                        self.quiet_after_own_move();
                    }
                }
                Report::Notice(utterance) => {
                    self.at_seats(&utterance.text);
                    self.show(Kind::Notice, utterance.text.clone());
                    if utterance.priority != Priority::Urgent && self.keeping_quiet() {
                        self.held.push(utterance);
                    } else {
                        self.say(utterance);
                    }
                }
                Report::Ended => ended = true,
            }
        }
        self.keep_live();
        if ended {
            self.save();
            self.show_seats();
            if let Some(outcome) = self.session.game().outcome() {
                self.close_seats(outcome.result.pgn());
            }
        }
    }

    /// After the announcement of the keyboard player's own move, nothing
    /// else starts to speak for as long as the speech policy keeps quiet.
    fn quiet_after_own_move(&mut self) {
        let own = self.session.game().moves().last().map(|p| p.by);
        let quiet = self.session.game().speech_policy().quiet_after_own_move();
        if own.is_some() && own == self.session.game().keyboard_player() && !quiet.is_zero() {
            self.quiet_until = Some(self.now() + quiet);
        }
    }

    /// Whether the silence after the player's own move lasts.
    fn keeping_quiet(&self) -> bool {
        self.quiet_until.is_some_and(|until| self.now() < until)
    }

    /// Says the notices held back, once the silence is over.
    fn release_held(&mut self) {
        if !self.keeping_quiet() {
            self.quiet_until = None;
            for utterance in std::mem::take(&mut self.held) {
                self.say(utterance);
            }
        }
    }

    /// Shows a line of `kind`.
    fn show(&mut self, kind: Kind, text: String) {
        self.shown.push(Shown::Line { kind, text });
    }

    /// Shows a line of `kind` and says it with `priority`.
    fn show_said(&mut self, kind: Kind, text: String, priority: Priority) {
        self.show(kind, text.clone());
        self.say(Utterance::new(text, priority));
    }

    /// Shows a refusal and says it with the earcon of something not
    /// understood: nothing was done.
    fn refuse(&mut self, text: String) {
        self.show(Kind::Answer, text.clone());
        let said = Utterance::new(text, Priority::Answer);
        self.say(said.with_earcon(Earcon::NotUnderstood));
    }

    /// A transcript that cannot be written is said once, and the game
    /// goes on: the journal is what must not be lost.
    fn transcript_failure(&mut self) {
        if let Some(failure) = self.speech.take_failure() {
            let text = self.session.game().words().say(
                GameSentence::TranscriptFailed,
                &[("reason", &failure.to_string())],
            );
            self.show(Kind::Error, text.clone());
            if self.screen_reader || self.display_reader {
                self.shown.push(Shown::Said {
                    text: text.clone(),
                    urgency: Urgency::Urgent,
                    listed: false,
                    played: None,
                });
            }
            self.speech.announce(Utterance::new(text, Priority::Urgent));
        }
    }

    /// What the voice said about itself (a change of voice, speech lost).
    fn voice_notices(&mut self) {
        for VoiceNotice { text, detail, .. } in self.speech.voice_notices() {
            self.shown.push(Shown::Voice { text, detail });
        }
        let failures = self
            .voice_keeper
            .as_ref()
            .map(crate::kept_voice::VoiceKeeper::failures)
            .unwrap_or_default();
        for why in failures {
            self.voice_not_kept(&why);
        }
    }

    /// Says that a change of voice holds for this game only, and why.
    fn voice_not_kept(&mut self, why: &str) {
        let text = self
            .session
            .game()
            .pack()
            .line_sentences()
            .say(LineSentence::VoiceNotKept, &[("why", why)]);
        self.show_said(Kind::Answer, text, Priority::Answer);
    }

    /// Waits until the voice's level handed over is in the configuration
    /// file, saying why if it cannot be kept.
    pub(crate) fn finish_keeping_voice(&mut self) {
        // A later change starts a keeper of its own.
        let failures = self
            .voice_keeper
            .take()
            .map(|mut keeper| keeper.finish())
            .unwrap_or_default();
        for why in failures {
            self.voice_not_kept(&why);
        }
    }

    fn line_say(&self, key: LineSentence) -> String {
        self.session.game().pack().line_sentences().say(key, &[])
    }

    /// Shows the prompt, whose turn and which step, and says it when it
    /// says something new since the last one said.
    fn show_prompt(&mut self) {
        let status = self.status();
        self.shown.push(Shown::Prompt(status.clone()));
        let kinds = std::mem::take(&mut self.last_kinds);
        if self.session.game().speech_policy().says_prompt()
            && let Some(utterance) = self.spoken.to_say_status(status, &kinds)
        {
            self.say(utterance);
        }
        self.show_seats();
    }

    /// Whose turn and which step (D.2.1–D.2.8); while the opponent enters
    /// their move at their own seat, that (D.2.11).
    pub fn status(&self) -> String {
        self.opponent_seated()
            .then(|| zweibrett_core::typed::seat_line::opponent_enters(self.session.game()))
            .flatten()
            .unwrap_or_else(|| crate::table::status_line(self.session.game()))
    }
}
