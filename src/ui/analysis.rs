//! Going through games line by line: commands on standard input, one line
//! per answer on standard output, each also spoken. The engine, when asked,
//! answers later; other commands go on meanwhile.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::analysis::command::parse_command;
use crate::analysis::engine::Report;
use crate::analysis::session::{Reply, Session};
use crate::analysis::words::AnalysisSentence;
use crate::engine::{Engine, find_engine};
use crate::notation::Lexicon;
use shakmaty::Position;

use crate::speech::{Announce, Priority, Utterance};

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
}

/// Prints a sentence on its own line and hands it to the speech output.
fn tell(speech: &dyn Announce, text: &str) {
    {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
    speech.announce(Utterance::new(text, Priority::Answer));
}

/// How a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The user said `quit`: leave at once.
    Quit,
    /// The input ended: what is still being said may be finished.
    EndOfInput,
}

/// Runs the session on standard input lines until `quit` or the end of
/// input; a pending engine answer is awaited (within its time) at the end.
pub fn run_plain(
    mut session: Session,
    first: Vec<String>,
    engine: EngineSettings,
    speech: &dyn Announce,
) -> Ending {
    for line in &first {
        tell(speech, line);
    }
    let lexicon = Lexicon::with_pack(&session.words().pack);
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut running: Option<Engine> = None;
    let mut tried = false;
    let mut follow = false;
    let mut input_open = true;
    loop {
        if let Some(e) = running.as_mut()
            && let Some(report) = e.poll(Instant::now())
        {
            let words = session.words();
            match report {
                Report::Answer(eval) => tell(speech, &words.evaluation(&eval)),
                Report::NotAnswering => {
                    tell(speech, &words.phrase(AnalysisSentence::EngineSilent, &[]));
                    // The next request starts a fresh engine process.
                    running = None;
                    tried = false;
                }
            }
        }
        let busy = running.as_ref().is_some_and(Engine::is_busy);
        if !input_open {
            if busy {
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
            return Ending::EndOfInput;
        }
        let line = match rx.recv_timeout(Duration::from_millis(20)) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => {
                input_open = false;
                continue;
            }
        };
        let before = session.replay().position();
        let evaluate = match session.handle(&parse_command(&lexicon, &line)) {
            Reply::Say(lines) => {
                lines.iter().for_each(|l| tell(speech, l));
                let now = session.replay().position();
                (follow && now != before).then(|| (Box::new(now), false))
            }
            Reply::Quit => return Ending::Quit,
            Reply::Evaluate(position) => Some((position, true)),
            Reply::Follow(on, sentence) => {
                follow = on;
                tell(speech, &sentence);
                on.then(|| (Box::new(session.replay().position()), false))
            }
        };
        let Some((position, asked)) = evaluate else {
            continue;
        };
        if position.is_game_over() {
            if asked {
                tell(speech, &session.words().pack.phrases.game_over);
            }
            continue;
        }
        if running.is_none() && !tried {
            tried = true;
            running = find_engine(engine.path.as_deref())
                .and_then(|p| Engine::start(&p, engine.think, engine.grace).ok());
        }
        let words = session.words();
        match running.as_mut() {
            Some(e) => {
                e.request(&position, Instant::now());
                if asked {
                    tell(speech, &words.phrase(AnalysisSentence::EngineThinking, &[]));
                }
            }
            None if asked || follow => {
                tell(speech, &words.phrase(AnalysisSentence::NoEngine, &[]));
                follow = false;
            }
            None => {}
        }
    }
}
