//! The two-board game line by line (plain mode), a view of the
//! [`GameSession`]: one command per line on standard input, one line per
//! event on standard output, and a prompt line saying whose turn it is and
//! at which step (D.2.1–D.2.8).

use std::io::Write;
use std::sync::mpsc::RecvTimeoutError;

use shakmaty::Color;

use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::game::{Command, EventKind};
use crate::notation::pack::LineSentence;
use crate::printable::{printable, printable_lines};
use crate::record::{pgn_write, score};
use crate::session::{GameSession, Report, SessionError, Settled, TICK};
use crate::speech::{Announce, Earcon, Priority, Transcript, Utterance};
use crate::table::{
    Line, SpokenStatus, answer, audit_lines, help, parse_typed_line, role_guide, status_line,
};
use crate::ui::lines::stdin_lines;

mod listening;
mod seats;

/// How long the loop waits for a typed line while seats may join, so that
/// a line from a seat is carried out soon after it was read.
const SEAT_POLL: std::time::Duration = std::time::Duration::from_millis(100);

/// How long leaving the game waits for a dead-position search still
/// running (5.2.2).
const RULING_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// How often the journal is asked about a command waiting for the disk:
/// its announcement follows the sync by no more than this.
const SETTLE_POLL: std::time::Duration = std::time::Duration::from_millis(5);

/// The plain-mode view of a game session, with where announcements go
/// besides standard output: the transcript, and the voice behind it.
pub struct PlainGame<A: Announce> {
    session: GameSession,
    speech: Transcript<A>,
    /// The prompt as it reaches the ear: said when it says something new.
    spoken: SpokenStatus,
    /// What the last command (or the opening) did, for the prompt after it.
    last_kinds: Vec<EventKind>,
    /// A typed command or a ruling has been carried out: the prompt
    /// follows once nothing more waits for the disk.
    prompt_owed: bool,
    /// Where seats join, if they may (`zweibrett join`).
    seats: Option<crate::seat::SeatServer>,
    /// What came from the seats and waits for a command to be on disk.
    seat_queue: std::collections::VecDeque<crate::seat::SeatEvent>,
    /// The listener for spoken moves, with the position its grammar is
    /// for.
    listener: Option<crate::hearing::game::GameListener>,
}

impl<A: Announce> PlainGame<A> {
    /// Shows `session`, speaking through `speech`: the transcript, with
    /// the voice behind it when speech is on.
    pub fn new(session: GameSession, speech: Transcript<A>) -> Self {
        PlainGame {
            session,
            speech,
            spoken: SpokenStatus::default(),
            last_kinds: Vec::new(),
            prompt_owed: false,
            seats: None,
            seat_queue: std::collections::VecDeque::new(),
            listener: None,
        }
    }

    /// The session shown.
    pub fn session(&self) -> &GameSession {
        &self.session
    }

    fn speak(&self, utterance: Utterance) {
        self.speech.announce(utterance);
        if let Some(failure) = self.speech.take_failure() {
            // Said once, and the game goes on: the journal is what must
            // not be lost.
            let words = self.session.words();
            let text = words.say(
                GameSentence::TranscriptFailed,
                &[("reason", &failure.to_string())],
            );
            println!("error: {}", printable(&text));
            self.speech.announce(Utterance::new(text, Priority::Urgent));
        }
    }

    /// Enters `command` at `at` into the session, waits until it is on
    /// disk and reports what happened. False when the journal cannot be
    /// written: the game stops rather than announce something that could
    /// be lost.
    pub fn command(&mut self, command: Command, at: Instant) -> bool {
        match self.session.enter_and_wait(&command, at) {
            Ok(reports) => {
                self.report(reports);
                true
            }
            Err(e) => {
                self.stopping(&e);
                false
            }
        }
    }

    /// Hands `command`, entered at `at`, to the session without waiting
    /// for the disk; [`PlainGame::settle`] reports it. False when the
    /// journal has stopped.
    fn submit(&mut self, command: Command, at: Instant) -> bool {
        match self.session.enter(&command, at) {
            Ok(()) => true,
            Err(e) => {
                self.stopping(&e);
                false
            }
        }
    }

    /// Says that the journal cannot be written and the game stops.
    fn stopping(&self, e: &SessionError) {
        let line = self.session.pack().line_sentences();
        let text = line.say(LineSentence::Stopping, &[("reason", &e.say(line))]);
        println!("error: {}", printable(&text));
        self.speak(Utterance::new(text, Priority::Urgent));
    }

    /// Reports every command the journal has written since the last look,
    /// with the prompt after a typed command once nothing more waits; says
    /// once when a command waits for the disk too long. False when the
    /// journal refused a command: it was not carried out, and the game
    /// stops.
    fn settle(&mut self) -> bool {
        let settled = match self.session.settle() {
            Ok(settled) => settled,
            Err(e) => {
                self.stopping(&e);
                return false;
            }
        };
        for Settled {
            command, reports, ..
        } in settled
        {
            let said = !reports.is_empty();
            self.report(reports);
            match command {
                Command::Tick => {}
                Command::CannotCheckmate { .. } => self.prompt_owed |= said,
                Command::Time => {
                    println!("{}", printable(&self.clocks_line()));
                    self.prompt_owed = true;
                }
                _ => self.prompt_owed = true,
            }
        }
        if self.session.slow_write() {
            let text = self
                .session
                .pack()
                .line_sentences()
                .say(LineSentence::JournalSlow, &[]);
            println!("note: {text}");
            self.speak(Utterance::new(text, Priority::Answer));
        }
        if self.prompt_owed && !self.session.has_pending() {
            self.pass_time(false);
            // A ruling due now comes before the prompt.
            if let Some(command) = self.session.ruling_due() {
                let now = self.session.now();
                return self.submit(command, now);
            }
            self.prompt_owed = false;
            self.show_voice_notices();
            self.show_prompt();
        }
        true
    }

    /// Prints and speaks what the game says as it opens: the time control
    /// (D.2.6.1), and the result of a position already decided (5.1.1,
    /// 5.2.1, 5.2.2).
    pub fn open(&mut self) {
        // A voice given up while the game was being set up is said first.
        self.show_voice_notices();
        // A user's pack that lacks sentences is said once, in its words.
        let pack = self.session.pack();
        let missing = pack.missing_sentences();
        if !missing.is_empty() {
            let text = pack.line_sentences().say_count(
                LineSentence::MissingSentences,
                missing.len() as u64,
                &[
                    ("count", &missing.len().to_string()),
                    ("keys", &missing.join(", ")),
                ],
            );
            println!("note: {}", printable(&text));
            self.speak(Utterance::new(text, Priority::Answer));
        }
        let reports = self.session.opening();
        self.report(reports);
    }

    /// Prints and speaks `reports`.
    fn report(&mut self, reports: Vec<Report>) {
        let mut out = std::io::stdout().lock();
        let mut said = Vec::new();
        // Said at the seats as well, once standard output is let go.
        let mut seen = Vec::new();
        let mut ended = false;
        for report in reports {
            match report {
                Report::Event { event, label } => {
                    self.last_kinds.push(event.kind.clone());
                    let line = self.event_line(&event.kind, label, &event.utterance.text);
                    let _ = writeln!(out, "{}", printable(&line));
                    seen.push(event.utterance.text.clone());
                    said.push(event.utterance);
                }
                Report::Notice(utterance) => {
                    let _ = writeln!(out, "clock: {}", printable(&utterance.text));
                    seen.push(utterance.text.clone());
                    said.push(utterance);
                }
                Report::Ended => {
                    let _ = out.flush();
                    self.save();
                    ended = true;
                }
            }
        }
        let _ = out.flush();
        drop(out);
        for text in seen {
            self.say_at_seats(&text);
        }
        if ended && let Some(outcome) = self.session.outcome() {
            self.show_seats();
            self.close_seats(outcome.result.pgn());
        }
        for utterance in said {
            self.speak(utterance);
        }
    }

    fn event_line(&self, kind: &EventKind, label: Option<String>, text: &str) -> String {
        match kind {
            EventKind::Announced => format!("announced: {}: {text}", label.unwrap_or_default()),
            EventKind::Corrected => format!("corrected: {}: {text}", label.unwrap_or_default()),
            // Whose turn it is is the prompt's to say, once.
            EventKind::ClockSwitched(_) => format!("clock: {text}"),
            EventKind::Begins => format!("start: {text}"),
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

    /// Shows what the program said about its own voice (a change of
    /// voice, speech lost) as `speech:` lines; the voice that still works
    /// has said it, and the transcript has it. Why, in the engine's own
    /// words, goes to the error output.
    fn show_voice_notices(&self) {
        for notice in self.speech.voice_notices() {
            println!("speech: {}", printable(&notice.text));
            if !notice.detail.is_empty() {
                eprintln!("zweibrett: {}", printable(&notice.detail));
            }
        }
    }

    /// At the end of the input: lets everything announced be said before
    /// the program ends, within about the time it takes; a notice says
    /// when speech was cut.
    fn finish_speaking(&self) {
        self.speech.finish_speaking();
        self.show_voice_notices();
    }

    /// The prompt line: whose turn and which step.
    pub fn prompt(&self) -> String {
        format!("> {}", self.status())
    }

    /// Whose turn and which step; while the opponent enters their move at
    /// their own seat, that.
    fn status(&self) -> String {
        self.opponent_at_seat()
            .unwrap_or_else(|| status_line(&self.session))
    }

    /// Prints the prompt line, and says it when it says something new
    /// since the last one said (after an answer or a refusal it does not).
    fn show_prompt(&mut self) {
        println!("{}", printable(&self.prompt()));
        let kinds = std::mem::take(&mut self.last_kinds);
        let status = self.status();
        if let Some(utterance) = self.spoken.to_say_status(status, &kinds) {
            self.speak(utterance);
        }
        self.show_seats();
    }

    /// The clocks to a tenth of a second, for the screen and for checking.
    pub fn clocks_line(&self) -> String {
        let now = self.session.now();
        let clock = self.session.clock();
        let t = |c: Color| {
            let d = clock.remaining(c, now);
            format!("{}.{}", pgn_write::clock_text(d), d.subsec_millis() / 100)
        };
        let pack = self.session.pack();
        let line = pack.line_sentences();
        let paused = if clock.is_paused() {
            line.say(LineSentence::ClocksPaused, &[])
        } else {
            String::new()
        };
        let count = clock.completed_moves();
        let text = line.say_count(
            LineSentence::Clocks,
            u64::from(count),
            &[
                ("white_side", pack.side(Color::White)),
                ("white", &t(Color::White)),
                ("black_side", pack.side(Color::Black)),
                ("black", &t(Color::Black)),
                ("count", &count.to_string()),
                ("paused", &paused),
            ],
        );
        format!("clocks: {text}")
    }

    /// Audits both scores against both boards (D.2.9): the boards the
    /// program keeps, or for one player what that board is said to show.
    /// The ruling is printed and spoken; the arbiter then acts on it
    /// (`takeback`, `align`, `addtime`).
    fn audit(&self, shown: Option<(Color, String)>) {
        match audit_lines(&self.session, shown) {
            Ok(lines) => {
                for line in lines {
                    println!("audit: {}", printable(&line));
                    self.speak(Utterance::new(line, Priority::Answer));
                }
            }
            Err(e) => {
                let e = e.say(self.session.pack());
                println!("answer: {}", printable(&e.to_string()));
                let said = Utterance::new(e, Priority::Answer);
                self.speak(said.with_earcon(Earcon::NotUnderstood));
            }
        }
    }

    fn save(&self) {
        self.saved(self.session.save());
    }

    /// Writes the braille score as BRF (D.2.7).
    fn save_brf(&self, path: Option<&str>) {
        self.saved(self.session.save_brf(path.map(std::path::Path::new)));
    }

    /// Says where a file was saved, or why it was not.
    fn saved(&self, result: Result<std::path::PathBuf, crate::session::SessionError>) {
        match result {
            Ok(path) => println!("saved: {}", printable(&path.display().to_string())),
            Err(e) => {
                let text = self
                    .session
                    .pack()
                    .line_sentences()
                    .say(LineSentence::SaveFailed, &[("reason", &e.to_string())]);
                println!("error: {}", printable(&text));
            }
        }
    }

    /// Time passes: the time left announced when due, and a running clock
    /// recorded. False when the journal has stopped.
    fn pass_time(&mut self, tick: bool) -> bool {
        let now = self.session.now();
        let notice = self.session.notice(now);
        self.report(notice.into_iter().collect());
        if !tick {
            return true;
        }
        match self.session.tick_due(now) {
            Some(command) => self.submit(command, now),
            None => true,
        }
    }

    /// The dead-position search's answer, entered when it has come
    /// (5.2.2); reported, with the prompt when it said something, once it
    /// is on disk. False when the journal has stopped.
    fn rule(&mut self) -> bool {
        match self.session.ruling_due() {
            Some(command) => {
                let now = self.session.now();
                self.submit(command, now)
            }
            None => true,
        }
    }

    /// Runs until `quit`, the end of input or an ending signal
    /// ([`crate::signals`]), each of which leaves the game alike. False
    /// when the journal could not be written and the game stopped.
    pub fn run(mut self) -> bool {
        crate::signals::watch();
        let lines = stdin_lines(|line| line);
        self.show_prompt();
        loop {
            if crate::signals::requested().is_some() {
                break;
            }
            if !self.settle() {
                return false;
            }
            if self.session.has_pending() {
                // A command waits for the disk: the clock goes on, and the
                // lines typed meanwhile wait, each stamped when it was
                // read, so that they act on the game as it stands after it.
                std::thread::sleep(SETTLE_POLL);
                self.show_voice_notices();
                if !self.pass_time(true) {
                    return false;
                }
                continue;
            }
            if !self.serve_seats() || !self.serve_listener() {
                return false;
            }
            if self.session.has_pending() {
                continue;
            }
            let wait = if self.has_seats() || self.is_listening() {
                SEAT_POLL
            } else {
                TICK
            };
            let (line, read_at) = match lines.recv_timeout(wait) {
                Ok(read) => (read.value, read.at),
                Err(RecvTimeoutError::Timeout) => {
                    self.show_voice_notices();
                    if !self.pass_time(true) || !self.rule() {
                        return false;
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            };
            let at = self.session.instant(read_at);
            let line = match line {
                Ok(line) => parse_typed_line(self.session.pack(), self.session.lexicon(), &line),
                Err(fault) => {
                    // Said like a line that cannot be read; nothing was done.
                    let why = fault.say(self.session.pack());
                    println!("answer: {why}");
                    let said = Utterance::new(why, Priority::Answer);
                    self.speak(said.with_earcon(Earcon::NotUnderstood));
                    Line::Nothing
                }
            };
            match line {
                Line::Game(command) => {
                    // Reported, with the prompt, once it is on disk.
                    if !self.submit(command, at) {
                        return false;
                    }
                    continue;
                }
                Line::Pgn => print!("{}", printable_lines(&pgn_write::write(&self.session))),
                Line::Save => self.save(),
                Line::SaveBrf(path) => self.save_brf(path.as_deref()),
                Line::Score => print!("{}", printable_lines(&score::plain(&self.session))),
                Line::ScoreIn(pieces) => {
                    let signs = pieces.signs(self.session.pack());
                    print!(
                        "{}",
                        printable_lines(&score::plain_in(&self.session, signs))
                    );
                }
                Line::Braille => print!("{}", printable_lines(&score::braille(&self.session))),
                Line::Audit => self.audit(None),
                Line::BoardShows(player, shows) => self.audit(Some((player, shows))),
                Line::Ask(question) => {
                    let said = answer(&self.session, &question);
                    println!("answer: {}", printable(&said));
                    self.speak(Utterance::new(said, Priority::Answer));
                }
                Line::Help => {
                    let guide = role_guide(&self.session);
                    println!("help: {}", printable(&guide));
                    self.speak(Utterance::new(guide, Priority::Answer));
                    for text in help(self.session.pack()) {
                        println!("help: {}", printable(&text));
                    }
                }
                Line::Quit => break,
                Line::Listen => self.toggle_listening(),
                Line::Nothing => {}
                Line::Wrong(why) => {
                    // Heard as well as read: nothing was done.
                    let why = why.say(self.session.pack());
                    println!("answer: {}", printable(&why));
                    let said = Utterance::new(why, Priority::Answer);
                    self.speak(said.with_earcon(Earcon::NotUnderstood));
                }
            }
            self.pass_time(false);
            if !self.rule() {
                return false;
            }
            self.show_voice_notices();
            self.show_prompt();
        }
        // What still waits for the disk is written and reported first.
        match self.session.settle_all() {
            Ok(settled) => {
                for s in settled {
                    self.report(s.reports);
                }
            }
            Err(e) => {
                self.stopping(&e);
                return false;
            }
        }
        // The search still running for the last move answers before the
        // game is left, within its bound.
        while let Some(command) = self.session.await_ruling(RULING_WAIT) {
            let now = self.session.now();
            if !self.command(command, now) {
                return false;
            }
        }
        if let Some(pause) = self.session.pause_if_running() {
            let now = self.session.now();
            if !self.command(pause, now) {
                return false;
            }
        }
        self.finish_speaking();
        let _ = std::io::stdout().flush();
        true
    }
}
