//! The standalone talking clock (Appendix D.2.6.1): a chess clock for a
//! visually impaired player at a physical board, driven by single keys or by
//! lines on standard input, speaking every event.
//!
//! This is the shell around the pure clock: it reads the real monotonic
//! clock, waits for input with a timeout that ends at the next due
//! announcement or flag fall, and hands utterances to an [`Announce`].

use std::io::Write;
use std::time::Duration;

use crate::clock::schedule::{ClockSettings, Schedule};
use crate::clock::words::ClockWords;
use crate::clock::{ChessClock, ClockError, Instant, TimeControl, speak};
use crate::driver::{Driven, Driver, Next, Woke};
use crate::notation::pack::{CommandWords, fill};
use crate::session::lines::read_lines;
use crate::speech::{Announce, Finished, Priority, SpeechOutput, Utterance};

/// What the user asked of the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Press the clock for the player to move (Art. 6.2.1); the first press
    /// starts White's clock (Art. 6.6).
    Press,
    /// Say the time (D.2.10.4).
    Time,
    /// Pause the clock (Art. 6.11).
    Pause,
    /// Restart a paused clock (Art. 6.11.3).
    Resume,
    /// Pause when running, restart when paused.
    TogglePause,
    /// Leave (with confirmation when keys are used).
    Quit,
    /// Leave at once.
    QuitNow,
    /// Say the commands.
    Help,
    /// Anything else, as typed.
    Unknown(String),
}

/// Reads one line of plain mode in the pack's command words (`words`) or
/// the English ones.
pub fn parse_typed_line(words: &CommandWords, line: &str) -> Command {
    let word = line.trim_end_matches(['\r', '\n']);
    if word.trim().is_empty() {
        return Command::Press;
    }
    let tokens: Vec<&str> = word.split_whitespace().collect();
    let typed = match words.read(&tokens) {
        Some((key, used)) if used == tokens.len() => key.to_string(),
        _ => word.trim().to_lowercase(),
    };
    match typed.as_str() {
        "press" | "space" => Command::Press,
        "time" | "t" => Command::Time,
        "pause" | "p" => Command::Pause,
        "resume" | "r" => Command::Resume,
        "quit" | "q" | "exit" => Command::QuitNow,
        "help" | "?" | "h" => Command::Help,
        _ => Command::Unknown(word.trim().to_string()),
    }
}

/// The talking clock: the pure clock and schedule, a vocabulary, and where
/// announcements go.
pub struct TalkingClock<A: Announce> {
    clock: ChessClock,
    schedule: Schedule,
    words: ClockWords,
    out: A,
    epoch: std::time::Instant,
    keys: bool,
    quitting: bool,
    /// The pack's command words, named by help in plain mode.
    commands: CommandWords,
    /// What the clock has been brought to: a command typed earlier is
    /// carried out at this moment, never before it.
    ticked: Instant,
}

impl<A: Announce> TalkingClock<A> {
    /// A clock for `control`; time is counted from `epoch`. With `keys`,
    /// quitting asks for confirmation and help names the keys.
    pub fn new(
        control: TimeControl,
        words: ClockWords,
        settings: ClockSettings,
        out: A,
        epoch: std::time::Instant,
        keys: bool,
    ) -> TalkingClock<A> {
        TalkingClock {
            clock: ChessClock::new(control),
            schedule: Schedule::new(settings),
            words,
            out,
            epoch,
            keys,
            quitting: false,
            commands: CommandWords::default(),
            ticked: Instant::default(),
        }
    }

    /// The clock with the pack's command words, which plain mode's help
    /// names.
    pub fn with_commands(mut self, commands: CommandWords) -> Self {
        self.commands = commands;
        self
    }

    /// Says what the clock is set to, the whole control with its increment
    /// or delay (D.2.6.1, 6.3.1), and how to start it.
    pub fn greet(&self) {
        let first = self.clock.control().period(0).time;
        let text = fill(
            &self.words.phrases.ready,
            &[
                ("control", &self.words.control(self.clock.control())),
                ("time", &self.words.time_left(first)),
                ("press", &self.key_names()[0]),
            ],
        );
        self.say(text, Priority::Answer);
    }

    /// Runs on what `driver` reads until quit, until the input ends or
    /// until an ending signal ([`crate::signals`]); returns the clock as it
    /// was left. Each command counts from when it was entered.
    pub fn run(mut self, driver: &mut Driver<Command>) -> ChessClock {
        let Ok(_) = driver.drive(&mut self);
        // What was announced last is heard before the program ends.
        self.out.finish_speaking();
        self.clock
    }

    /// The next instant something may be due: a mark or the flag. The flag
    /// falls once its instant has passed, hence the extra microsecond.
    fn next_wake(&self) -> Option<Instant> {
        let flag = self.clock.flag_due().map(|t| t + Duration::from_micros(1));
        match (self.schedule.next_due(&self.clock), flag) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Says the marks reached and the clock's events up to `now`.
    fn tick(&mut self, now: Instant) {
        if let Some(notice) = self.schedule.due(&self.clock, now) {
            self.out.announce(speak::notice(&self.words, &notice));
        }
        for event in self.clock.poll(now) {
            if let Some(u) = speak::event(&self.words, self.schedule.settings(), &event) {
                self.out.announce(u);
            }
        }
    }

    /// Brings the clock to `at`, never before what it was already brought
    /// to, saying what fell due; the clock's moment.
    fn bring_to(&mut self, at: std::time::Instant) -> Instant {
        let now = Instant(at.saturating_duration_since(self.epoch)).max(self.ticked);
        self.ticked = now;
        self.tick(now);
        now
    }

    /// Carries out one command; false to stop.
    fn handle(&mut self, command: Command, now: Instant) -> bool {
        if self.quitting {
            self.quitting = false;
            if command == Command::Quit {
                return false;
            }
        }
        let p = &self.words.phrases;
        let result = match command {
            Command::Press if !self.clock.is_started() => self.clock.start(now),
            Command::Press => self.clock.press(now),
            Command::Time => {
                self.out
                    .announce(speak::on_request(&self.words, &self.clock, now));
                Ok(())
            }
            Command::Pause => self.clock.pause(now),
            Command::Resume => self.clock.resume(now),
            Command::TogglePause if self.clock.is_paused() => self.clock.resume(now),
            Command::TogglePause => self.clock.pause(now),
            Command::Quit if self.keys => {
                self.quitting = true;
                let text = fill(&p.quit, &[("quit", &self.key_names()[4])]);
                self.say(text, Priority::Answer);
                Ok(())
            }
            Command::Quit | Command::QuitNow => return false,
            Command::Help => {
                let names = self.key_names();
                let text = fill(
                    &p.help,
                    &[
                        ("press", &names[0]),
                        ("time", &names[1]),
                        ("pause", &names[2]),
                        ("resume", &names[3]),
                        ("quit", &names[4]),
                        ("help", &names[5]),
                    ],
                );
                self.say(text, Priority::Answer);
                Ok(())
            }
            Command::Unknown(text) => {
                let help = self.key_names()[5].clone();
                let text = fill(&p.unknown, &[("text", &text), ("help", &help)]);
                self.say(text, Priority::Answer);
                Ok(())
            }
        };
        if let Err(e) = result {
            self.refused(e, now);
        }
        self.tick(now);
        true
    }

    /// Says why the clock refused, in the pack's words.
    fn refused(&mut self, error: ClockError, now: Instant) {
        let p = &self.words.phrases;
        let text = match error {
            ClockError::NotStarted => p.not_started.clone(),
            ClockError::Paused => p.paused.clone(),
            ClockError::Running => p.already_running.clone(),
            ClockError::NoSuchPly(_) => return,
        };
        self.tick(now);
        self.say(text, Priority::Answer);
    }

    fn say(&self, text: String, priority: Priority) {
        self.out.announce(Utterance::new(text, priority));
    }

    /// Names of the keys or commands, in the order press, time, pause,
    /// resume, quit, help.
    fn key_names(&self) -> [String; 6] {
        if self.keys {
            [
                self.words.phrases.space.clone(),
                "t".into(),
                "p".into(),
                "p".into(),
                "q".into(),
                "?".into(),
            ]
        } else {
            ["press", "time", "pause", "resume", "quit", "help"]
                .map(|key| self.commands.word(key).to_string())
        }
    }
}

impl<A: Announce> Driven for TalkingClock<A> {
    type Input = Command;
    type Fault = std::convert::Infallible;

    /// Says the marks reached and the clock's events by `now`.
    fn settle(&mut self, now: std::time::Instant) -> Result<Next, Self::Fault> {
        self.bring_to(now);
        Ok(Next::Wait)
    }

    /// The next instant something may be due: a mark or the flag.
    fn deadline(&self) -> Option<std::time::Instant> {
        self.next_wake().map(|due| self.epoch + due.0)
    }

    fn take(&mut self, woke: Woke<Command>, _now: std::time::Instant) -> Next {
        let (command, at) = match woke {
            Woke::Input(command, at) => (command, at),
            // The end of input leaves at once, as `quit` does.
            Woke::InputEnded => return Next::Leave,
            // The talking clock takes no braille display.
            Woke::Rang(_) | Woke::Braille(_) | Woke::Due => return Next::Wait,
        };
        let now = self.bring_to(at);
        if self.handle(command, now) {
            Next::Wait
        } else {
            Next::Leave
        }
    }
}

/// Prints each utterance as one line and hands it to the speech output; in
/// raw terminal mode the line ends with a carriage return too.
pub struct LinePrinter {
    raw: bool,
    speech: SpeechOutput,
}

impl LinePrinter {
    /// Prints what the program said about its own voice as `speech:`
    /// lines; the voice that still works has said it.
    fn show_voice_notices(&self) {
        let end = if self.raw { "\r\n" } else { "\n" };
        let mut out = std::io::stdout().lock();
        for notice in self.speech.take_notices() {
            let _ = write!(out, "speech: {}{end}", notice.text);
        }
        let _ = out.flush();
    }
}

impl Announce for LinePrinter {
    fn finish_speaking(&self) -> Finished {
        let finished = self.speech.finish_all();
        self.show_voice_notices();
        finished
    }

    fn hush(&self) {
        self.speech.hush();
    }

    fn adjust(&self, change: crate::speech::VoiceChange) -> Option<crate::speech::VoiceLevel> {
        self.speech.adjust(change)
    }

    fn announce(&self, utterance: Utterance) {
        self.show_voice_notices();
        {
            let mut out = std::io::stdout().lock();
            let end = if self.raw { "\r\n" } else { "\n" };
            let _ = write!(out, "{}{end}", utterance.text);
            let _ = out.flush();
        }
        self.speech.announce(utterance);
    }
}

/// Runs the clock on standard input lines (plain mode) until `quit` or the
/// end of input.
pub fn run_plain(
    control: TimeControl,
    (words, commands): (ClockWords, CommandWords),
    settings: ClockSettings,
    speech: SpeechOutput,
) {
    let typed = commands.clone();
    let mut driver = Driver::reading(move |send| {
        read_lines(std::io::stdin().lock(), |line| {
            send(match line {
                Ok(line) => parse_typed_line(&typed, &line),
                Err(fault) => Command::Unknown(fault.to_string()),
            })
        });
    });
    let printer = LinePrinter { raw: false, speech };
    talk(control, words, settings, printer, &mut driver, commands);
}

/// Greets, then runs the clock on what `driver` reads until quit.
fn talk(
    control: TimeControl,
    words: ClockWords,
    settings: ClockSettings,
    printer: LinePrinter,
    driver: &mut Driver<Command>,
    commands: CommandWords,
) {
    let keys = printer.raw;
    let clock = TalkingClock::new(
        control,
        words,
        settings,
        printer,
        std::time::Instant::now(),
        keys,
    )
    .with_commands(commands);
    clock.greet();
    clock.run(driver);
}

/// Runs the clock on single keys in raw terminal mode: space presses, t
/// asks the time, p pauses and restarts, q quits after confirmation, ?
/// helps. Lines are printed, nothing is redrawn.
pub fn run_keys(
    control: TimeControl,
    words: ClockWords,
    settings: ClockSettings,
    speech: SpeechOutput,
) -> std::io::Result<()> {
    let raw = RawMode::enter()?;
    let mut driver = Driver::reading(read_keys);
    let printer = LinePrinter { raw: true, speech };
    talk(
        control,
        words,
        settings,
        printer,
        &mut driver,
        CommandWords::default(),
    );
    raw.leave()
}

/// Raw mode for the single keys, left when dropped: when the clock ends,
/// on a panic (the hook leaves it before the message is written) and after
/// an ending signal.
struct RawMode;

impl RawMode {
    fn enter() -> std::io::Result<RawMode> {
        crossterm::terminal::enable_raw_mode()?;
        let earlier = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = crossterm::terminal::disable_raw_mode();
            earlier(info);
        }));
        Ok(RawMode)
    }

    /// Leaves raw mode, saying whether the terminal took it.
    fn leave(self) -> std::io::Result<()> {
        std::mem::forget(self);
        crossterm::terminal::disable_raw_mode()
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

/// Reads the clock's single keys, handing each command to `send` until
/// nobody listens or the user quits at once.
fn read_keys(send: &dyn Fn(Command) -> bool) {
    use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
    while let Ok(ev) = event::read() {
        let Event::Key(key) = ev else { continue };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        let command = match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => Command::QuitNow,
            KeyCode::Char(' ') | KeyCode::Enter => Command::Press,
            KeyCode::Char('t' | 'T') => Command::Time,
            KeyCode::Char('p' | 'P') => Command::TogglePause,
            KeyCode::Char('r' | 'R') => Command::Resume,
            KeyCode::Char('q' | 'Q' | 'y' | 'Y') => Command::Quit,
            KeyCode::Char('?' | 'h' | 'H') | KeyCode::F(1) => Command::Help,
            KeyCode::Char(c) => Command::Unknown(c.to_string()),
            _ => continue,
        };
        let stop = command == Command::QuitNow;
        if !send(command) || stop {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line in the English command words.
    fn parse_line(line: &str) -> Command {
        parse_typed_line(&CommandWords::default(), line)
    }

    #[test]
    fn plain_lines_become_commands() {
        assert_eq!(parse_line(""), Command::Press);
        assert_eq!(parse_line(" "), Command::Press);
        assert_eq!(parse_line("press"), Command::Press);
        assert_eq!(parse_line("TIME\r"), Command::Time);
        assert_eq!(parse_line("pause"), Command::Pause);
        assert_eq!(parse_line("resume"), Command::Resume);
        assert_eq!(parse_line("quit"), Command::QuitNow);
        assert_eq!(parse_line("?"), Command::Help);
        assert_eq!(parse_line("xyz"), Command::Unknown("xyz".into()));
    }
}
