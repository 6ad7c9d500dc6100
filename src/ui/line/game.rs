//! The two-board game line by line (line mode), a view of the
//! [`GameHost`]: each line read from standard input is handed to the
//! host, and each thing it shows is printed on one line after a label in
//! the pack's language that says what it is (`angesagt:`, `Antwort:`,
//! `Uhr:` …; English ones for scripts, see [`Labels`]); the prompt line
//! says whose turn it is and at which step. When the user's screen reader
//! speaks for the program, line mode prints instead what the program would
//! say, when it would say it, once and without labels.

use std::io::Write;

use crate::braille::{BrailleInput, BrailleSettings, HostBraille};
use crate::driver::{Driven, Driver, Next, Woke};
use crate::notation::pack::LineSentence;
use crate::printable::printable;
use crate::session::host::{GameHost, Kind, Request, Shown};
use crate::session::labels::Labels;

/// The line-mode view of a game host, printing to `out`.
pub struct PlainGame<W: Write = std::io::Stdout> {
    host: GameHost,
    out: W,
    labels: Labels,
    /// Whether a braille display is taken when the game runs.
    braille_setting: BrailleSettings,
    braille: HostBraille,
}

pub use crate::driver::Typed;

impl PlainGame {
    /// Shows `host`'s game on standard output.
    pub fn new(host: GameHost) -> Self {
        PlainGame::printing(host, std::io::stdout())
    }

    /// Runs the game until `quit`, the end of input or an ending signal
    /// ([`crate::signals`]), each of which leaves the game alike; `resumed`
    /// says where a resumed game stands first. False when the journal
    /// could not be written and the game stopped.
    pub fn run(mut self, resumed: bool) -> bool {
        let mut driver = Driver::lines();
        self.host.connect(driver.bell());
        driver.take_braille(self.braille_setting);
        self.braille = HostBraille::new(self.braille_setting, &mut self.host);
        if self.open(resumed) == Next::Wait {
            let Ok(_) = driver.drive(&mut self);
        }
        self.leave()
    }
}

impl<W: Write> PlainGame<W> {
    /// Shows `host`'s game, printing to `out`.
    pub fn printing(host: GameHost, out: W) -> Self {
        let labels = if host.screen_reader() {
            Labels::bare(host.game().pack())
        } else {
            Labels::for_pack(host.game().pack())
        };
        PlainGame {
            host,
            out,
            labels,
            braille_setting: BrailleSettings::default(),
            braille: HostBraille::default(),
        }
    }

    /// Shows the game on a braille display too, as `setting` asks.
    pub fn with_braille(mut self, setting: BrailleSettings) -> Self {
        self.braille_setting = setting;
        self
    }

    /// Prints and says a note of the program's own.
    fn note(&mut self, text: String) {
        if !self.host.screen_reader() {
            let _ = writeln!(
                self.out,
                "{}",
                printable(&line(&self.labels, &Kind::Note, &text))
            );
        }
        self.host.say(crate::utterance::Utterance::new(
            text,
            crate::utterance::Priority::Answer,
        ));
        self.render();
    }

    /// The host shown, for the parity test that drives both views.
    #[cfg(test)]
    pub(crate) fn host(&mut self) -> &mut GameHost {
        &mut self.host
    }

    /// Opens the game and prints what it says first.
    pub fn open(&mut self, resumed: bool) -> Next {
        self.host.open(resumed);
        self.render()
    }

    /// Carries out the braille display's keys; a display taken, refused,
    /// lost or back is said, and the game goes on without it.
    fn braille_input(&mut self, input: BrailleInput) {
        if let Some(said) = self.braille.input(input, &mut self.host) {
            self.note(said);
        }
    }

    /// Leaves the game as [`GameHost::leave`] does and prints what it
    /// said; false when the journal could not be written.
    pub fn leave(mut self) -> bool {
        let kept = self.host.leave(std::time::Instant::now());
        self.render();
        kept
    }

    /// Prints what the host shows; [`Next::Leave`] when the user asked to
    /// leave.
    fn render(&mut self) -> Next {
        let out = &mut self.out;
        let labels = &self.labels;
        let reader = self.host.screen_reader();
        let shown = self.host.take_shown();
        self.braille.take(&shown, &self.host);
        let said: Vec<&str> = shown
            .iter()
            .filter_map(|s| match s {
                Shown::Said {
                    text,
                    listed: false,
                    ..
                } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        let mut next = Next::Wait;
        for item in &shown {
            match item {
                Shown::Line { kind, text } => {
                    // The reader hears what is said, once; a line that is
                    // not said is printed only when it answers the user.
                    if reader && (said.contains(&text.as_str()) || !answers_the_user(kind)) {
                        continue;
                    }
                    let _ = writeln!(out, "{}", printable(&line(labels, kind, text)));
                }
                Shown::Prompt(status) if !reader => {
                    let _ = writeln!(out, "> {}", printable(status));
                }
                Shown::Prompt(_) => {}
                Shown::Said {
                    text,
                    urgency,
                    listed: false,
                    ..
                } if reader => {
                    // The bell makes a screen reader or braille display
                    // mark the line that must be heard at once.
                    let bell = if urgency.is_urgent() { "\u{7}" } else { "" };
                    let _ = writeln!(out, "{bell}{}", printable(text));
                }
                Shown::Said { .. } => {}
                Shown::Voice { text, detail } => {
                    let _ = writeln!(
                        out,
                        "{}",
                        printable(&labels.line(LineSentence::LabelSpeech, text))
                    );
                    if !detail.is_empty() {
                        eprintln!("zweibrett: {}", printable(detail));
                    }
                }
                Shown::Leave => next = Next::Leave,
            }
        }
        let _ = out.flush();
        next
    }
}

impl<W: Write> Driven for PlainGame<W> {
    type Input = Typed;
    type Fault = std::convert::Infallible;

    fn settle(&mut self, _now: std::time::Instant) -> Result<Next, Self::Fault> {
        // What a step showed was printed as it came.
        Ok(match self.host.stopped() {
            Some(_) => Next::Leave,
            None => Next::Wait,
        })
    }

    fn braille_line(&mut self, cells: usize) -> Option<zweibrett_core::braille::Window> {
        self.braille.line(&self.host, cells, None)
    }

    fn deadline(&self) -> Option<std::time::Instant> {
        self.host.deadline()
    }

    /// Takes what woke line mode at `now`: a line, a ring, the deadline,
    /// or the end of input; prints what follows.
    fn take(&mut self, woke: Woke<Typed>, now: std::time::Instant) -> Next {
        match woke {
            Woke::Input(line, at) => self.host.request(Request::Line(line), at),
            Woke::Braille(input) => self.braille_input(input),
            Woke::Rang(_) | Woke::Due => self.host.wake(now),
            Woke::InputEnded => return Next::Leave,
        }
        match self.render() {
            _ if self.host.stopped().is_some() => Next::Leave,
            next => next,
        }
    }
}

/// Whether a line of `kind` answers something the user asked or did, and
/// is printed for a screen reader even when the program would not say it.
fn answers_the_user(kind: &Kind) -> bool {
    !matches!(
        kind,
        Kind::Announced(_)
            | Kind::Corrected(_)
            | Kind::Clock
            | Kind::Notice
            | Kind::Start
            | Kind::Repeated
            | Kind::Agreed
            | Kind::Heard
            | Kind::Seat
    )
}

/// A shown line as line mode prints it: after a label saying what it is.
pub fn line(labels: &Labels, kind: &Kind, text: &str) -> String {
    let key = match kind {
        Kind::Announced(san) => {
            let text = format!("{}: {text}", labels.san(san));
            return labels.line(LineSentence::LabelAnnounced, &text);
        }
        Kind::Corrected(san) => {
            let text = format!("{}: {text}", labels.san(san));
            return labels.line(LineSentence::LabelCorrected, &text);
        }
        Kind::Result(pgn) => {
            return labels.line(LineSentence::LabelResult, &format!("{pgn} {text}"));
        }
        Kind::Saved(path) => return labels.line(LineSentence::LabelSaved, path),
        Kind::Listing => return text.to_string(),
        Kind::Clock | Kind::Notice => LineSentence::LabelClock,
        Kind::Clocks => LineSentence::LabelClocks,
        Kind::Start => LineSentence::LabelStart,
        Kind::Repeated => LineSentence::LabelRepeated,
        Kind::Divergence => LineSentence::LabelDivergence,
        Kind::Agreed => LineSentence::LabelAgreed,
        Kind::Answer => LineSentence::LabelAnswer,
        Kind::Offer => LineSentence::LabelOffer,
        Kind::Ruling => LineSentence::LabelRuling,
        Kind::Audit => LineSentence::LabelAudit,
        Kind::Help => LineSentence::LabelHelp,
        Kind::Heard => LineSentence::LabelHeard,
        Kind::Seat => LineSentence::LabelSeat,
        Kind::Note => LineSentence::LabelNote,
        Kind::Error => LineSentence::LabelError,
    };
    labels.line(key, text)
}
