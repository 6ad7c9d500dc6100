//! Going through games line by line: commands on standard input, one line
//! per answer on standard output, each also spoken. The engine, when asked,
//! answers later; other commands go on meanwhile. A replay says its moves
//! as the time passes, and any line stops it.

use crate::braille::{BrailleAnalysis, BrailleSettings};
use std::io::Write;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Instant;

use crate::notation::Lexicon;
use crate::session::lines::{LineFault, read_lines};
use crate::session::review::{AnalysisSession, Shown};
use crate::session::wake::{Bell, Source, Wake};
use crate::speech::{Announce, Priority, Utterance};
use crate::table::read_analysis_line;

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
    let mut gathering = Some(std::thread::spawn(move || Lexicon::with_pack(&pack)));
    let mut lexicon: Option<Lexicon> = None;
    // One channel: the lines typed, the engine's and the followed file's
    // rings, the ending signals; it is waited on until the next deadline.
    let (tx, events) = mpsc::channel::<Wake<Result<String, LineFault>>>();
    let bell = Bell::on(tx.clone());
    session.waker().connect_like(&bell);
    crate::signals::ring_on_signal(bell.waker());
    let (mut display, said) = BrailleAnalysis::open(braille, &bell.waker(), &session.words().pack);
    if let Some(said) = said {
        tell(speech, &said);
    }
    std::thread::spawn(move || {
        read_lines(std::io::stdin().lock(), |line| {
            tx.send(Wake::Input(line, Instant::now())).is_ok()
        });
        let _ = tx.send(Wake::InputEnded);
    });
    let mut input_open = true;
    // A replay goes on a pace after each move has been said whole.
    if let Some(waker) = speech.waker() {
        waker.connect_like(&bell);
        session.pace_by_speech(true);
    }
    let mut said_until: Option<mpsc::Receiver<Instant>> = None;
    loop {
        // A followed game's moves are said whole, one after the other.
        let said = session.poll(Instant::now());
        show_as(speech, said, Priority::Move);
        if let Some(quiet) = &said_until {
            match quiet.try_recv() {
                Ok(at) => {
                    session.replay_said(at);
                    said_until = None;
                }
                Err(mpsc::TryRecvError::Disconnected) => {
                    session.replay_said(Instant::now());
                    said_until = None;
                }
                Err(mpsc::TryRecvError::Empty) => {}
            }
        }
        // A replay goes on as time passes, never waiting for a line.
        let said = session.replay_due(Instant::now());
        if !said.is_empty() {
            show_as(speech, said, Priority::Move);
            said_until = speech.when_quiet();
        }
        if crate::signals::requested().is_some() {
            return Ending::Quit;
        }
        // A followed file is said as it grows until a signal ends it.
        let working = session.is_busy() || session.is_replaying() || session.is_following();
        if !input_open && !working {
            return Ending::EndOfInput;
        }
        if let Some(display) = &mut display {
            display.refresh(session.replay(), &session.words().pack);
        }
        let now = Instant::now();
        let woke = match session.deadline(now) {
            Some(due) => events.recv_timeout(due.saturating_duration_since(now)),
            None => events.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        let (typed, at) = match woke {
            Ok(Wake::Input(typed, at)) => (typed, at),
            Ok(Wake::Rang(Source::Signal)) => return Ending::Quit,
            Ok(Wake::Rang(Source::Braille)) => {
                let Some(shown) = &mut display else {
                    continue;
                };
                let (commands, change) = shown.keys(&session.words().pack);
                if let Some(change) = change {
                    tell(speech, &change);
                }
                for command in commands {
                    let said = session.handle(&command, Instant::now());
                    if let Some(ending) = show(speech, said) {
                        return ending;
                    }
                }
                continue;
            }
            Ok(Wake::Rang(_)) | Err(RecvTimeoutError::Timeout) => continue,
            Ok(Wake::InputEnded) | Err(RecvTimeoutError::Disconnected) => {
                input_open = false;
                continue;
            }
        };
        // Any line stops a replay under way, where it is, and does no more.
        if session.is_replaying() {
            let said = session.stop_replay();
            show(speech, said);
            continue;
        }
        let text = match typed {
            Ok(text) => text,
            Err(fault) => {
                tell(speech, &fault.say(&session.words().pack));
                continue;
            }
        };
        let lexicon = lexicon.get_or_insert_with(|| match gathering.take().map(|t| t.join()) {
            Some(Ok(gathered)) => gathered,
            // A panic there is the same bug as one here.
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            None => Lexicon::with_pack(&session.words().pack),
        });
        let said = answer(&mut session, lexicon, &text, at);
        if let Some(ending) = show(speech, said) {
            return ending;
        }
    }
}
