//! Going through games line by line: commands on standard input, one line
//! per answer on standard output, each also spoken. The engine, when asked,
//! answers later; other commands go on meanwhile. A replay says its moves
//! as the time passes, and any line stops it.

use std::io::Write;
use std::time::Instant;

use crate::braille::{BrailleAnalysis, BrailleSettings};
use crate::driver::{Driven, Driver, Ended, Next, Typed, Woke};
use crate::notation::Lexicon;
use crate::session::analysis::{AnalysisSession, Shown};
use crate::speech::{Announce, Priority, Utterance};
use crate::typed::read_analysis_line;

/// Prints a sentence on its own line and hands it to the speech output;
/// what a PGN file put in it (tags, comments, names) is made printable.
fn tell(speech: &dyn Announce, text: &str) {
    let text = crate::printable::printable(text).into_owned();
    write_line(&text);
    speech.announce(Utterance::new(text, Priority::Answer));
}

/// Prints a sentence on its own line, made printable.
fn print_line(text: &str) {
    write_line(&crate::printable::printable(text));
}

/// Writes a printable line to standard output at once.
fn write_line(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The user said `quit`: leave at once.
    Quit,
    /// The input ended: what is still being said may be finished.
    EndOfInput,
}

/// Tells what the session shows, line by line; `Some` when the user quit.
fn show(speech: &dyn Announce, shown: Vec<Shown>) -> Option<Ending> {
    show_as(speech, shown, Priority::Answer)
}

/// The same, steps said at `priority`: a step's lines are printed one by
/// one and said as one, as the full screen says them.
pub(crate) fn show_as(
    speech: &dyn Announce,
    shown: Vec<Shown>,
    priority: Priority,
) -> Option<Ending> {
    for s in shown {
        match s {
            Shown::Step(lines) => {
                lines.iter().for_each(|l| print_line(l));
                let said = crate::printable::printable(&lines.join(" ")).into_owned();
                speech.announce(Utterance::new(said, priority));
            }
            Shown::Say(line) => tell(speech, &line),
            Shown::Copy {
                text,
                said,
                clipboard,
            } => tell(
                speech,
                &crate::ui::clipboard::offered(&text, said, &clipboard),
            ),
            Shown::Quit => return Some(Ending::Quit),
            // Carried out by the session before it is shown.
            Shown::Evaluate { .. } => {}
        }
    }
    None
}

/// What a typed line comes to: read in the pack's command words or in
/// English ones, as the full screen reads it, and carried out.
pub(crate) fn answer(
    session: &mut AnalysisSession,
    lexicon: &Lexicon,
    text: &str,
    at: Instant,
) -> Vec<Shown> {
    let command = read_analysis_line(lexicon, session.words().pack.command_words(), text);
    session.handle(&command, at)
}

/// Runs the session on standard input lines until `quit` or the end of
/// input; a pending engine answer is awaited (within its time) at the end.
pub fn run_plain(
    mut session: AnalysisSession,
    first: Vec<String>,
    speech: &dyn Announce,
    braille: BrailleSettings,
) -> Ending {
    show(speech, first.into_iter().map(Shown::Say).collect());
    // The words of every pack are gathered while the first answer is
    // heard: only a typed command needs them.
    let pack = session.words().pack.clone();
    let gathering = Some(std::thread::spawn(move || Lexicon::with_pack(&pack)));
    // One channel: the lines typed, the engine's and the followed file's
    // rings, the ending signals; it is waited on until the next deadline.
    let mut driver = Driver::lines();
    session.waker().connect_like(driver.bell());
    driver.take_braille(braille);
    let display = BrailleAnalysis::new(braille, &session.words().pack);
    // A replay goes on a pace after each move has been said whole.
    if let Some(waker) = speech.waker() {
        waker.connect_like(driver.bell());
        session.pace_by_speech(true);
    }
    let mut lines = Lines {
        session,
        speech,
        display,
        gathering,
        lexicon: None,
        input_open: true,
        ending: Ending::Quit,
    };
    let Ok(ended) = driver.drive(&mut lines);
    match ended {
        Ended::Signal => Ending::Quit,
        Ended::Left => lines.ending,
    }
}

/// Line mode's view of an analysis session, as the driver drives it.
struct Lines<'a> {
    session: AnalysisSession,
    speech: &'a dyn Announce,
    display: Option<BrailleAnalysis>,
    /// The words of every pack, being gathered.
    gathering: Option<std::thread::JoinHandle<Lexicon>>,
    lexicon: Option<Lexicon>,
    input_open: bool,
    /// How the session ends, once it leaves.
    ending: Ending,
}

impl Lines<'_> {
    /// Tells what the session shows; leaves when the user quit.
    fn show(&mut self, shown: Vec<Shown>) -> Next {
        match show(self.speech, shown) {
            Some(ending) => {
                self.ending = ending;
                Next::Leave
            }
            None => Next::Wait,
        }
    }

    /// A typed line: any line stops a replay under way, where it is, and
    /// does no more; else it is read as a command and carried out.
    fn typed(&mut self, typed: Typed, at: Instant) -> Next {
        if self.session.is_replaying() {
            let said = self.session.stop_replay();
            return self.show(said);
        }
        let text = match typed {
            Ok(text) => text,
            Err(fault) => {
                tell(self.speech, &fault.say(&self.session.words().pack));
                return Next::Wait;
            }
        };
        let gathering = &mut self.gathering;
        let pack = &self.session.words().pack;
        let lexicon =
            self.lexicon
                .get_or_insert_with(|| match gathering.take().map(|t| t.join()) {
                    Some(Ok(gathered)) => gathered,
                    // A panic there is the same bug as one here.
                    Some(Err(panic)) => std::panic::resume_unwind(panic),
                    None => Lexicon::with_pack(pack),
                });
        let said = answer(&mut self.session, lexicon, &text, at);
        self.show(said)
    }
}

impl Driven for Lines<'_> {
    type Input = Typed;
    type Fault = std::convert::Infallible;

    fn settle(&mut self, now: Instant) -> Result<Next, Self::Fault> {
        let came = self.session.wake(now);
        if !came.moves.is_empty() {
            // A replayed or followed move is said whole, one after the
            // other, and a replay hears when it ended.
            show_as(self.speech, came.moves, Priority::Move);
            self.session.saying_moves(self.speech.when_quiet());
        }
        if self.show(came.answers) == Next::Leave {
            return Ok(Next::Leave);
        }
        // A followed file is said as it grows until a signal ends it.
        let working =
            self.session.is_busy() || self.session.is_replaying() || self.session.is_following();
        if !self.input_open && !working {
            self.ending = Ending::EndOfInput;
            return Ok(Next::Leave);
        }
        Ok(Next::Wait)
    }

    fn deadline(&self) -> Option<Instant> {
        self.session.deadline(Instant::now())
    }

    fn take(&mut self, woke: Woke<Typed>, _now: Instant) -> Next {
        match woke {
            Woke::Input(typed, at) => self.typed(typed, at),
            Woke::InputEnded => {
                self.input_open = false;
                Next::Wait
            }
            Woke::Braille(input) => {
                let Some(shown) = &mut self.display else {
                    return Next::Wait;
                };
                let (commands, change) = shown.input(input, &self.session.words().pack);
                if let Some(change) = change {
                    tell(self.speech, &change);
                }
                for command in commands {
                    let said = self.session.handle(&command, Instant::now());
                    if self.show(said) == Next::Leave {
                        return Next::Leave;
                    }
                }
                Next::Wait
            }
            // What rang is taken when the driver settles.
            Woke::Rang(_) | Woke::Due => Next::Wait,
        }
    }

    fn braille_line(&mut self, cells: usize) -> Option<zweibrett_core::braille::Window> {
        let display = self.display.as_mut()?;
        Some(display.line(self.session.replay(), &self.session.words().pack, cells))
    }
}
