//! Learning from mistakes in an analysis session: the engine pass over the
//! game open (or its kept results), the list of the moves that lost most,
//! going from one to the next, and a move tried in place of the game's.

use std::path::Path;

use shakmaty::{Chess, Move, Position};

use super::Shown;
use crate::notation::Lexicon;
use crate::notation::read::{Reading, read_move};
use crate::pass::{Kept, Pass, PassEnd, cache_files, confirm_depth, keep, look_up};
use zweibrett_core::analysis::command::MistakesCommand;
use zweibrett_core::analysis::engine::Evaluation;
use zweibrett_core::analysis::mistakes::{Judged, Valued, compare, judge, known_comparison};
use zweibrett_core::analysis::pass_record::{PassKey, PassRecord};
use zweibrett_core::analysis::session::Session;
use zweibrett_core::analysis::summary::summarise;
use zweibrett_core::analysis::words::{AnalysisSentence, AnalysisWords};
use zweibrett_core::game::rules::position_key;

/// A move tried at a listed mistake, waiting for the engine's value.
struct Trying {
    /// The position after the tried move, which the engine is asked about.
    after: Chess,
    /// The position before it.
    before: Chess,
    /// The move tried.
    tried: Move,
    /// Which listed mistake it was tried at.
    index: usize,
}

/// The pass, the list and the move tried, for one game of the file.
#[derive(Default)]
pub struct Learning {
    /// The game they are for.
    game: Option<usize>,
    pass: Option<(Pass, PassKey)>,
    /// The listed mistakes, worst first, once the pass is done.
    list: Option<Vec<Judged>>,
    /// The value of each position of the main line, once the pass is done.
    values: Option<Vec<Option<Valued>>>,
    at: Option<usize>,
    trying: Option<Trying>,
    /// Rung as the engine pass goes on.
    waker: crate::wake::Waker,
    /// The depth the pass searches every position to.
    depth: u32,
}

/// The main line of the game open: its start and moves.
fn main_line(session: &Session) -> (Chess, Vec<Move>) {
    let game = session.replay().game();
    (game.start.clone(), game.moves.iter().map(|n| n.m).collect())
}

/// The key of the game's pass with the engine named `engine`, and what
/// the kept passes hold for it.
fn kept_pass(session: &Session, engine: &str, depth: u32) -> (PassKey, Kept) {
    let (start, moves) = main_line(session);
    // A pass kept without its mistakes confirmed, or confirmed less deep,
    // is another pass.
    let engine = format!("{engine}, confirmed at depth {}", confirm_depth(depth));
    let key = PassKey::of(&start, &moves, &engine, depth);
    let kept = look_up(&cache_files(&session.index().path), &key, &start, &moves);
    (key, kept)
}

/// The number of the move at each position of the line, and the last.
fn move_numbers(start: &Chess, moves: &[Move]) -> (Vec<u32>, u32) {
    let mut pos = start.clone();
    let mut numbers = Vec::with_capacity(moves.len());
    for &m in moves {
        numbers.push(pos.fullmoves().get());
        pos.play_unchecked(m);
    }
    let last = numbers.last().copied().unwrap_or(0);
    (numbers, last)
}

impl Learning {
    /// Learning that rings `waker` as its engine pass goes on, whose pass
    /// searches to `depth`.
    pub fn ringing(waker: &crate::wake::Waker, depth: u32) -> Learning {
        Learning {
            waker: waker.clone(),
            depth,
            ..Learning::default()
        }
    }

    /// Forgets everything when another game was opened.
    fn follow_game(&mut self, session: &Session) {
        if self.game != Some(session.number()) {
            *self = Learning {
                game: Some(session.number()),
                waker: self.waker.clone(),
                depth: self.depth,
                ..Learning::default()
            };
        }
    }

    /// Each player's game in figures; accuracy from the pass when it was
    /// made this time or is kept for the engine at `engine`.
    pub fn summary(&mut self, session: &Session, engine: Option<&Path>) -> Vec<Shown> {
        self.follow_game(session);
        // The pass made this time, else one kept for this engine.
        let kept: Option<Vec<Option<Valued>>> = match (&self.values, engine) {
            (None, Some(engine)) => {
                match kept_pass(session, &engine.to_string_lossy(), self.depth).1 {
                    Kept::Found(values) => Some(values.into_iter().map(Some).collect()),
                    Kept::Damaged(_) | Kept::Missing => None,
                }
            }
            _ => None,
        };
        let values = self.values.as_deref().or(kept.as_deref());
        let game = session.replay().game();
        let players = summarise(game, values);
        let words = session.words();
        let names = [
            words.player(game.tag("White"), None),
            words.player(game.tag("Black"), None),
        ];
        let analyse = words.pack.command_words().word("mistakes");
        vec![Shown::Say(words.summary(
            &players,
            [&names[0], &names[1]],
            analyse,
        ))]
    }

    /// Whether the engine pass is running.
    pub fn is_running(&self) -> bool {
        self.pass.as_ref().is_some_and(|(p, _)| p.is_running())
    }

    /// Carries out `asked` for the game open in `session`; the pass uses
    /// the engine at `engine` (none found: `None`).
    pub fn command(
        &mut self,
        asked: MistakesCommand,
        session: &mut Session,
        engine: Option<&Path>,
    ) -> Vec<Shown> {
        self.follow_game(session);
        let words = session.words();
        let say = |key: AnalysisSentence| vec![Shown::Say(words.phrase(key, &[]))];
        match asked {
            MistakesCommand::Find => {
                if session.replay().game().moves.is_empty() {
                    return say(AnalysisSentence::MistakesNoMoves);
                }
                if self.list.is_some() {
                    return self.listed(session);
                }
                if self.is_running() {
                    return vec![self.progress(session)];
                }
                self.start(session, engine)
            }
            MistakesCommand::Progress => match (&self.pass, &self.list) {
                (Some(_), _) if self.is_running() => vec![self.progress(session)],
                // The pass is over: said as done, with how much it judged.
                (_, Some(_)) => {
                    let judged = main_line(session).1.len();
                    vec![Shown::Say(words.phrase(
                        AnalysisSentence::PassDone,
                        &[("n", &words.clock.number(judged as u64, None))],
                    ))]
                }
                _ => say(AnalysisSentence::NoMistakesYet),
            },
            MistakesCommand::Best => match self.current() {
                Some(judged) => vec![Shown::Say(words.best_move(&judged.before, judged.best))],
                None => say(AnalysisSentence::NoMistakesYet),
            },
            MistakesCommand::Next | MistakesCommand::Previous => {
                let Some(list) = &self.list else {
                    return say(AnalysisSentence::NoMistakesYet);
                };
                let forward = asked == MistakesCommand::Next;
                let to = match (self.at, forward) {
                    (None, _) => Some(0),
                    (Some(i), true) => Some(i + 1).filter(|&i| i < list.len()),
                    (Some(i), false) => i.checked_sub(1),
                };
                match to {
                    Some(i) if i < list.len() => self.go_to(session, i),
                    // Back from the first: it is the first, not the end.
                    _ if !forward => say(AnalysisSentence::MistakesFirst),
                    _ => say(AnalysisSentence::MistakesEnd),
                }
            }
        }
    }

    /// The listed mistake gone to last, if any.
    fn current(&self) -> Option<&Judged> {
        self.list.as_ref()?.get(self.at?)
    }

    /// Starts the pass, unless its results are kept.
    fn start(&mut self, session: &mut Session, engine: Option<&Path>) -> Vec<Shown> {
        let words = session.words();
        let (start, moves) = main_line(session);
        let engine_name = engine.map_or_else(String::new, |p| p.to_string_lossy().into_owned());
        let (key, kept) = kept_pass(session, &engine_name, self.depth);
        let mut said = Vec::new();
        match kept {
            Kept::Found(values) => {
                let values: Vec<Option<Valued>> = values.into_iter().map(Some).collect();
                self.list = Some(judge(&start, &moves, &values));
                self.values = Some(values);
                return self.listed(session);
            }
            Kept::Damaged(file) => said.push(Shown::Say(words.phrase(
                AnalysisSentence::PassCacheDamaged,
                &[("file", &file.display().to_string())],
            ))),
            Kept::Missing => {}
        }
        let Some(engine) = engine else {
            said.push(Shown::Say(words.phrase(AnalysisSentence::NoEngine, &[])));
            return said;
        };
        // A file that cannot be run is said at once, before any progress;
        // one that runs but fails its handshake is said when the pass ends.
        if !is_runnable(engine) {
            said.push(Shown::Say(words.phrase(
                AnalysisSentence::EngineFailed,
                &[("path", &engine_name)],
            )));
            return said;
        }
        let pass = Pass::start(engine, (&start, &moves), self.depth, &self.waker);
        self.pass = Some((pass, key));
        said.push(Shown::Say(words.phrase(
            AnalysisSentence::PassStarted,
            &[
                ("depth", &words.clock.number(self.depth.into(), None)),
                (
                    "confirm",
                    &words.clock.number(confirm_depth(self.depth).into(), None),
                ),
            ],
        )));
        said
    }

    /// "Analysis: move 24 of 60": the move being valued, of the last.
    fn progress(&self, session: &Session) -> Shown {
        let (start, moves) = main_line(session);
        let (numbers, last) = move_numbers(&start, &moves);
        let done = match (&self.pass, &self.list) {
            // Until the engine has answered once, it may yet fail to start:
            // no progress is said before that is known.
            (Some((pass, _)), _) if pass.is_running() && pass.valued() == 0 => {
                return Shown::Say(
                    session
                        .words()
                        .phrase(AnalysisSentence::EngineStarting, &[]),
                );
            }
            (Some((pass, _)), _) if pass.is_running() => pass.valued(),
            _ => numbers.len(),
        };
        let at = numbers
            .get(done.min(numbers.len().saturating_sub(1)))
            .copied()
            .unwrap_or(last);
        Shown::Say(
            session
                .words()
                .pass_progress(AnalysisSentence::PassProgress, at, last),
        )
    }

    /// The list said, and the first listed move gone to.
    fn listed(&mut self, session: &mut Session) -> Vec<Shown> {
        let words = session.words();
        let list = self.list.as_deref().unwrap_or_default();
        if list.is_empty() {
            return vec![Shown::Say(
                words.phrase(AnalysisSentence::MistakesNone, &[]),
            )];
        }
        let n = list.len() as u64;
        let mut said = vec![Shown::Say(words.phrase_count(
            AnalysisSentence::MistakesFound,
            n,
            &[("n", &words.clock.number(n, None))],
        ))];
        said.extend(list.iter().map(|j| Shown::Say(words.judged(j))));
        said.extend(self.go_to(session, 0));
        said
    }

    /// Goes to the position before listed mistake `index` and says it.
    fn go_to(&mut self, session: &mut Session, index: usize) -> Vec<Shown> {
        let Some(judged) = self.list.as_ref().and_then(|l| l.get(index)) else {
            return Vec::new();
        };
        let count = self.list.as_ref().map_or(0, Vec::len);
        let text = session.words().judged_at(judged, index + 1, count);
        let ply = judged.ply;
        // A move tried at the mistake left keeps its verdict coming: it is
        // said with the move's number when it comes.
        self.at = Some(index);
        session.go_to_ply(ply);
        vec![Shown::Step(vec![text])]
    }

    /// Takes in what the pass found; once it ends, says so and lists what
    /// it found.
    pub fn poll(&mut self, session: &mut Session) -> Vec<Shown> {
        let Some((pass, key)) = self.pass.as_mut() else {
            return Vec::new();
        };
        let Some(end) = pass.poll() else {
            return Vec::new();
        };
        if self.game != Some(session.number()) {
            self.pass = None;
            return Vec::new();
        }
        let (start, moves) = main_line(session);
        let values = pass.values().to_vec();
        let words = session.words();
        let mut said = Vec::new();
        match end {
            PassEnd::Finished => {
                let record = PassRecord {
                    key: key.clone(),
                    values: values.iter().flatten().copied().collect(),
                };
                // Not kept, a pass is only made again next time.
                keep(&cache_files(&session.index().path), &record);
            }
            PassEnd::Stopped(at) if at > 0 => {
                let (numbers, last) = move_numbers(&start, &moves);
                let n = numbers.get(at).copied().unwrap_or(last);
                said.push(Shown::Say(words.pass_progress(
                    AnalysisSentence::PassStopped,
                    n,
                    last,
                )));
            }
            // An engine that ends before valuing any position never
            // started: nothing is judged.
            PassEnd::NotStarted | PassEnd::Stopped(_) => {
                let path = key.engine.clone();
                self.pass = None;
                return vec![Shown::Say(
                    words.phrase(AnalysisSentence::EngineFailed, &[("path", &path)]),
                )];
            }
        }
        self.list = Some(judge(&start, &moves, &values));
        self.values = Some(values);
        said.extend(self.listed(session));
        said
    }

    /// Reads `text` as a move tried at the listed mistake on the board:
    /// `None` when no listed mistake is on the board or `text` is no move.
    /// A move whose worth the pass knows is judged at once; another is
    /// handed to the engine.
    pub fn try_move(
        &mut self,
        session: &Session,
        lexicon: &Lexicon,
        text: &str,
    ) -> Option<Vec<Shown>> {
        self.follow_game(session);
        let index = self.at?;
        let position = session.replay().position();
        if position != self.current()?.before {
            return None;
        }
        let words = session.words();
        let judged = self.list.as_ref()?.get(index)?;
        let tried = match read_move(lexicon, &words.pack, &position, text) {
            Reading::Move(m) => m,
            Reading::Ambiguous { question, .. } => return Some(vec![Shown::Say(question)]),
            Reading::Illegal { reason, .. } => return Some(vec![Shown::Say(reason)]),
            Reading::Unrecognized { .. } => return None,
        };
        if let Some(comparison) = known_comparison(judged, tried) {
            return Some(vec![Shown::Say(
                words.comparison(comparison, &position, tried, false),
            )]);
        }
        let mut after = position.clone();
        after.play_unchecked(tried);
        self.trying = Some(Trying {
            after: after.clone(),
            before: position,
            tried,
            index,
        });
        Some(vec![Shown::Evaluate {
            position: Box::new(after),
            asked: true,
        }])
    }

    /// Whether the engine is asked about a move tried and its verdict is
    /// still to come.
    pub fn is_trying(&self) -> bool {
        self.trying.is_some()
    }

    /// The verdict on a tried move, when `evaluation` is the engine's
    /// answer about it: with the move's number and side when the board
    /// (`here`) has left the position it was tried in.
    pub fn answer(
        &mut self,
        words: &AnalysisWords,
        evaluation: &Evaluation,
        here: &Chess,
    ) -> Option<String> {
        let trying = self.trying.take_if(|t| t.after == evaluation.position)?;
        let judged = self.list.as_ref()?.get(trying.index)?;
        let mover = trying.before.turn();
        let value = Valued {
            white: zweibrett_core::analysis::mistakes::white_value(evaluation.score),
            best: None,
        }
        .for_side(mover);
        let comparison = compare(value, judged.value_after);
        let moved_on = position_key(here) != position_key(&trying.before);
        Some(words.comparison(comparison, &trying.before, trying.tried, moved_on))
    }
}

/// Whether `path` is a file the system may run: an engine that is not is
/// said to fail before the pass starts.
#[cfg(unix)]
fn is_runnable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Whether `path` is a file: elsewhere the system decides what it may run.
#[cfg(not(unix))]
fn is_runnable(path: &Path) -> bool {
    path.is_file()
}
