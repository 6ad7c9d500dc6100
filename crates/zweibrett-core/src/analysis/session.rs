//! A session of analysis: a file's index, the game open, and what each
//! command does to them, as sentences to show and say. The line shell and a
//! full-screen screen both drive it; the engine stays with the shell.

use std::time::{Duration, Instant};

use shakmaty::{Chess, Position};

use super::command::{Command, MistakesCommand};
use super::questions::{Question, ask};
use super::replay::{Played, Replay, Step};
use super::words::{AnalysisWords, EachMove};
use crate::analysis::words::AnalysisSentence;
use crate::record::game_search::Search;
use crate::record::pgn_game::{Game, GameError, GameProblem};
use crate::record::pgn_index::{GameEntry, GameIndex, IndexProblem};

/// Games listed at a time.
pub const PAGE: usize = 20;

/// The time between the moves of a replay unless the user sets another.
pub const DEFAULT_PACE: Duration = Duration::from_secs(2);

/// A replay under way: moves still to play, the time between them, and
/// when the next is due (`None` before the first, which comes at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    left: usize,
    pace: Duration,
    due: Option<Instant>,
    /// The last move is still being said: the pace starts when it ends.
    being_said: bool,
}

/// What the shell should do after a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Show and say these sentences, in order.
    Say(Vec<String>),
    /// Ask the engine about this position.
    Evaluate(Box<Chess>),
    /// Ask the engine about this position, the position on the board with
    /// the other side to move, and say its best move as the threat.
    Threat(Box<Chess>),
    /// A move of the user's own was played (the sentence says the step);
    /// the engine may be asked about the position after it.
    Tried(String, Box<Chess>),
    /// Keep the game open ([`Replay::game`]), with the user's own moves as
    /// variations, in the file of saved games.
    Save,
    /// Say what the file's games played at the position reached from this
    /// start by these moves (the way to the position on the board).
    Explore(Box<Chess>, Vec<shakmaty::Move>),
    /// Say the evaluation the score gives (the sentence); the engine may
    /// be asked about the position as well.
    Recorded(String, Box<Chess>),
    /// Ask the engine after every move from now on (`true`), or only on
    /// request; say the sentence.
    Follow(bool, String),
    /// Something asked of the mistakes of the game, which the engine
    /// pass answers.
    Mistakes(MistakesCommand),
    /// Each player's game in figures, for which the engine pass's values
    /// are wanted where they are known.
    Summary,
    /// The position's FEN, to be handed over to paste, and the position
    /// said short; the FEN is said itself when there is none.
    Fen(String, Option<String>),
    /// Leave.
    Quit,
}

/// Why no game of the file could be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The file holds no game.
    #[error("the file holds no game")]
    Empty,
    /// The game asked for does not exist.
    #[error("there is no game {0}; the file holds {1}")]
    NoSuchGame(usize, usize),
    /// The game asked for is broken.
    #[error("game {0}, {1}")]
    Broken(usize, GameError),
    /// Every game is broken; the first broken game and where.
    #[error("no game of the file can be read; the first is game {0}, {1}")]
    AllBroken(usize, GameError),
    /// The file could not be read again.
    #[error(transparent)]
    Unreadable(ReadError),
}

/// Why one game of the file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The game's text is broken at a line.
    #[error(transparent)]
    Broken(#[from] GameError),
    /// The index knows no game of that number.
    #[error("no game {0}")]
    NoSuchGame(usize),
    /// The file could not be read again.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Half-moves said at a time when the score is read: four whole moves.
const SCORE_PART: usize = 8;

/// What `more` goes on with.
#[derive(Clone, Debug)]
enum Reading {
    /// The last list of games asked for (by name, or all) and its page.
    Games(Option<String>, usize),
    /// The score being read: the moves not yet said, and how the line
    /// ends.
    Score {
        /// The moves still to say.
        rest: Vec<Played>,
        /// Said after the last of them.
        end: String,
    },
}

/// A file's games and the one being gone through.
pub struct Session {
    pub(super) index: GameIndex,
    pub(super) number: usize,
    pub(super) replay: Replay,
    pub(super) words: AnalysisWords,
    /// What `more` goes on with.
    reading: Option<Reading>,
    /// What is said with each move besides the move.
    pub(super) each: EachMove,
    /// The engine's evaluations are said with their figure and depth.
    figures: bool,
    /// The time between the moves of a replay.
    pace: Duration,
    /// The replay under way, if any.
    run: Option<Run>,
    /// Replays wait for the voice ([`Session::pace_by_speech`]).
    paced_by_speech: bool,
    /// The user played moves of their own not yet saved.
    pub(super) own_moves: bool,
    /// Another game was asked for while own moves were unsaved: asked
    /// again, it opens without them.
    pub(super) leaving_for: Option<usize>,
}

impl Session {
    /// Opens game `wanted` of `index`, or the first game that can be read;
    /// also returns what to say first: each broken game skipped, then the
    /// game opened.
    pub fn open(
        index: GameIndex,
        words: AnalysisWords,
        wanted: Option<usize>,
    ) -> Result<(Session, Vec<String>), OpenError> {
        let mut said = Vec::new();
        // A file of several games says first how many it holds.
        let count = index.games.len() + index.problems.len();
        if count > 1 {
            said.push(words.phrase_count(
                AnalysisSentence::FileGames,
                count as u64,
                &[("n", &words.games_count(count))],
            ));
        }
        for problem in &index.problems {
            said.push(words.phrase(
                AnalysisSentence::Broken,
                &[
                    ("number", &problem.number.to_string()),
                    ("line", &problem.line.to_string()),
                    ("problem", &problem.problem),
                ],
            ));
        }
        let opened = match wanted {
            Some(n) => {
                let count = index.games.len() + index.problems.len();
                let Some(entry) = index.games.iter().find(|g| g.number == n) else {
                    return Err(match index.problems.iter().find(|p| p.number == n) {
                        Some(p) => Broken(n, index_problem(p)),
                        None => OpenError::NoSuchGame(n, count),
                    });
                };
                let game = read(&index, entry.number).map_err(|e| match e {
                    ReadError::Broken(e) => Broken(n, e),
                    other => OpenError::Unreadable(other),
                })?;
                (n, game)
            }
            None => {
                if index.games.is_empty() && index.problems.is_empty() {
                    return Err(OpenError::Empty);
                }
                let mut found = None;
                let mut first_broken = None;
                // A game read up to its fault opens when no game is whole.
                let mut first_partial = None;
                for entry in &index.games {
                    match read(&index, entry.number) {
                        Ok(game) if game.fault.is_none() => {
                            found = Some((entry.number, game));
                            break;
                        }
                        Ok(game) => {
                            if let Some(fault) = &game.fault {
                                said.push(broken(&words, entry.number, &fault.error));
                            }
                            first_partial.get_or_insert((entry.number, game));
                        }
                        Err(ReadError::Broken(e)) => {
                            said.push(broken(&words, entry.number, &e));
                            first_broken.get_or_insert((entry.number, e));
                        }
                        Err(other) => return Err(OpenError::Unreadable(other)),
                    }
                }
                let found = found.or_else(|| {
                    let (n, game) = first_partial?;
                    // Said again when the game opens.
                    said.retain(|line| *line != opened_broken(&words, n, &game));
                    Some((n, game))
                });
                match (found, first_broken) {
                    (Some(found), _) => found,
                    // A file of one game says where that game is broken.
                    (None, Some((n, e))) if index.games.len() + index.problems.len() == 1 => {
                        return Err(Broken(n, e));
                    }
                    (None, Some((n, e))) => return Err(OpenError::AllBroken(n, e)),
                    (None, None) => match index.problems.first() {
                        Some(p) if index.problems.len() == 1 => {
                            return Err(Broken(p.number, index_problem(p)));
                        }
                        Some(p) => return Err(OpenError::AllBroken(p.number, index_problem(p))),
                        None => return Err(OpenError::Empty),
                    },
                }
            }
        };
        let (number, game) = opened;
        let left_out = left_out_and_fault(&game);
        let mut session = Session {
            index,
            number,
            replay: Replay::new(game),
            words,
            reading: None,
            each: EachMove::default(),
            figures: false,
            pace: DEFAULT_PACE,
            run: None,
            paced_by_speech: false,
            own_moves: false,
            leaving_for: None,
        };
        said.push(session.heading());
        // What the reader passed over is said, never dropped in silence.
        for e in &left_out {
            said.push(broken(&session.words, number, e));
        }
        if let Step::Start(start) = session.replay.start() {
            said.extend(session.words.at_the_start(&start));
        }
        Ok((session, said))
    }

    /// Whether the engine's evaluations are said with their figure and
    /// depth.
    pub fn figures(&self) -> bool {
        self.figures
    }

    /// The number of the game open.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The game being gone through, and the place in it.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The words in use.
    pub fn words(&self) -> &AnalysisWords {
        &self.words
    }

    /// The index of the file.
    pub fn index(&self) -> &GameIndex {
        &self.index
    }

    fn heading(&self) -> String {
        let entry = self.index.get(self.number).cloned().unwrap_or_default();
        self.words.entry(&entry)
    }

    /// What is said with each move besides the move.
    pub fn each_move(&self) -> EachMove {
        self.each
    }

    /// Says `each` with every move from now on.
    pub fn set_each_move(&mut self, each: EachMove) {
        self.each = each;
    }

    /// The time between the moves of a replay.
    pub fn pace(&self) -> Duration {
        self.pace
    }

    /// Sets the time between the moves of a replay.
    pub fn set_pace(&mut self, pace: Duration) {
        self.pace = pace;
    }

    /// Whether a replay is under way.
    pub fn is_replaying(&self) -> bool {
        self.run.is_some()
    }

    /// When the replay under way says its next move, as seen at `now`
    /// (`now` itself for a replay not yet begun); `None` without one.
    pub fn replay_next(&self, now: Instant) -> Option<Instant> {
        self.run
            .as_ref()
            .filter(|run| !run.being_said)
            .map(|run| run.due.unwrap_or(now))
    }

    /// Paces replays by the voice: after each move the replay waits until
    /// [`Session::replay_said`] tells that its words were said, then the
    /// pace, so that every move is heard whole at any pace.
    pub fn pace_by_speech(&mut self, on: bool) {
        self.paced_by_speech = on;
    }

    /// The voice finished saying the replay's last move at `ended`: the
    /// next comes a pace later.
    pub fn replay_said(&mut self, ended: Instant) {
        if let Some(run) = self.run.as_mut().filter(|run| run.being_said) {
            run.being_said = false;
            run.due = Some(ended + run.pace);
        }
    }

    /// The next move of the replay under way, if it is due at `now`: the
    /// step said, and at the last move the end of the replay.
    pub fn replay_due(&mut self, now: Instant) -> Vec<String> {
        let Some(run) = self.run.as_mut() else {
            return Vec::new();
        };
        let due = *run.due.get_or_insert(now);
        if run.being_said || now < due {
            return Vec::new();
        }
        run.left -= 1;
        // The next move waits a full pace from now, even after a pause,
        // or from the end of its words when the voice paces the replay.
        run.due = Some(now + run.pace);
        run.being_said = self.paced_by_speech;
        let finished = run.left == 0;
        let step = self.replay.forward();
        let mut said = vec![self.words.step_with(&step, self.each)];
        if finished || !matches!(step, Step::Moved(_)) {
            self.run = None;
            said.push(self.words.phrase(AnalysisSentence::ReplayDone, &[]));
        }
        said
    }

    /// Stops the replay under way where it is, and says so; `None` when
    /// none was under way.
    pub fn stop_replay(&mut self) -> Option<String> {
        self.run
            .take()
            .map(|_| self.words.phrase(AnalysisSentence::ReplayStopped, &[]))
    }

    /// Starts a replay: of the last `last` moves of the line walked (taken
    /// back first), or of the rest of the line.
    fn start_replay(&mut self, last: Option<usize>, pace: Option<Duration>) -> Reply {
        let n = match last {
            Some(n) => self.replay.rewind(n),
            None => self.replay.to_come(),
        };
        if n == 0 {
            return Reply::Say(vec![
                self.words.phrase(AnalysisSentence::NothingToReplay, &[]),
            ]);
        }
        self.run = Some(Run {
            left: n,
            pace: pace.unwrap_or(self.pace),
            due: None,
            being_said: false,
        });
        Reply::Say(vec![self.words.replaying(n)])
    }

    /// Carries out one command; any command stops a replay under way.
    pub fn handle(&mut self, command: &Command) -> Reply {
        self.run = None;
        let each = self.each;
        let say = |s: String| Reply::Say(vec![s]);
        let step = |session: &mut Session, f: fn(&mut Replay) -> Step| {
            let step = f(&mut session.replay);
            say(session.words.step_with(&step, each))
        };
        match command {
            Command::Next => match self.fault_reached() {
                Some(fault) => say(fault),
                None => step(self, Replay::forward),
            },
            Command::Back => step(self, Replay::back),
            Command::Start => step(self, Replay::start),
            Command::End => step(self, Replay::end),
            Command::Leave => step(self, Replay::leave),
            Command::GoTo(n, color) => {
                let step = self.replay.go_to(*n, *color);
                say(self.words.step_with(&step, each))
            }
            Command::Variation(n) => {
                let step = self.replay.enter(*n);
                say(self.words.step_with(&step, each))
            }
            Command::Clock => say(self.words.clock_at(self.replay.last().as_ref())),
            Command::Tags => say(self.words.tags(self.replay.game())),
            Command::ClockEachMove(on) => {
                self.each.clock = *on;
                let key = if *on {
                    AnalysisSentence::ClockEachMove
                } else {
                    AnalysisSentence::ClockOnRequest
                };
                say(self.words.phrase(key, &[]))
            }
            Command::Replay { last, pace } => self.start_replay(*last, *pace),
            Command::Pace(pace) => {
                self.pace = *pace;
                say(self.words.pace(*pace))
            }
            Command::NotAPace(text) => say(self.words.not_a_pace(text)),
            Command::Ask(question) => say(self.answer(question)),
            Command::Games(page) => self.list(None, *page),
            // Nothing to look for: the command is said with what it wants.
            Command::Find(name) if name.trim().is_empty() => say(self.words.phrase(
                AnalysisSentence::FindWhat,
                &[("command", self.command_word("find"))],
            )),
            Command::Find(name) => self.list(Some(name.clone()), 1),
            Command::More => match self.reading.take() {
                Some(Reading::Games(name, page)) => self.list(name, page + 1),
                Some(Reading::Score { rest, end }) => self.read_score(rest, end),
                None => self.list(None, 1),
            },
            Command::Score => {
                let rest = self.replay.still_to_come();
                let end = self.words.end_of_line(self.replay.line_result());
                self.read_score(rest, end)
            }
            Command::Game(n) if self.own_moves && self.leaving_for != Some(*n) => {
                // Moves of the user's own are never dropped unasked.
                self.leaving_for = Some(*n);
                let commands = self.words.pack.command_words();
                let again = format!("{} {n}", commands.word("game"));
                say(self.words.phrase(
                    AnalysisSentence::OwnMovesUnsaved,
                    &[("save", commands.word("save")), ("again", &again)],
                ))
            }
            Command::Game(n) => self.open_game(*n),
            Command::Eval => {
                let position = Box::new(self.replay.position());
                match self.replay.last().and_then(|p| p.eval) {
                    Some(score) => Reply::Recorded(self.words.recorded_eval(score), position),
                    None => Reply::Evaluate(position),
                }
            }
            Command::Follow(on) => {
                // `eval off` silences every evaluation said unasked, the
                // score's own `[%eval]` with the engine's.
                self.each.eval = *on;
                let key = if *on {
                    AnalysisSentence::EngineFollows
                } else {
                    AnalysisSentence::EngineOnRequest
                };
                Reply::Follow(*on, self.words.phrase(key, &[]))
            }
            Command::EvalFigures(on) => {
                self.figures = *on;
                let key = if *on {
                    AnalysisSentence::EvalFiguresOn
                } else {
                    AnalysisSentence::EvalFiguresOff
                };
                say(self.words.phrase(key, &[]))
            }
            Command::Threat => {
                let position = self.replay.position();
                match position.clone().swap_turn() {
                    // In check, the threat is already on the board.
                    Err(_) if position.is_check() => say(self.words.phrase(
                        AnalysisSentence::ThreatInCheck,
                        &[("side", self.words.pack.side(position.turn()))],
                    )),
                    Err(_) => say(self.words.phrase(AnalysisSentence::NoThreat, &[])),
                    Ok(other_to_move) => Reply::Threat(Box::new(other_to_move)),
                }
            }
            Command::Save => Reply::Save,
            Command::Explore => {
                let (start, moves) = self.replay.way_here();
                Reply::Explore(Box::new(start), moves)
            }
            Command::Mistakes(asked) => Reply::Mistakes(*asked),
            Command::Summary => Reply::Summary,
            Command::Fen(full) => {
                let position = self.replay.position();
                let fen =
                    shakmaty::fen::Fen::from_position(&position, shakmaty::EnPassantMode::Legal)
                        .to_string();
                let short = (!full).then(|| self.words.position_short(&position));
                Reply::Fen(fen, short)
            }
            Command::Help => say(self.words.phrase(AnalysisSentence::Help, &[])),
            Command::Quit => Reply::Quit,
            Command::Unknown(text) => say(self
                .words
                .phrase(AnalysisSentence::Unknown, &[("text", text)])),
            Command::NotASquare(text) => say(self
                .words
                .phrase(AnalysisSentence::NotASquare, &[("text", text)])),
        }
    }

    /// Goes to the main line after its first `ply` moves and says where.
    pub fn go_to_ply(&mut self, ply: usize) -> String {
        let step = self.replay.go_to_ply(ply);
        self.words.step(&step)
    }

    /// The answer to a question about the position on the board.
    pub fn answer(&self, question: &Question) -> String {
        let last = self.replay.last();
        let answer = ask(&self.replay.position(), last.as_ref(), question);
        self.words.answer(&answer)
    }

    /// A page of the games found by `name` (all games when `None`), and
    /// how to hear the next.
    fn list(&mut self, name: Option<String>, page: usize) -> Reply {
        let games: Vec<&GameEntry> = match &name {
            Some(name) => match self.find(name) {
                Ok(games) => games,
                Err(said) => return Reply::Say(vec![said]),
            },
            None => self.index.games.iter().collect(),
        };
        if let (Some(name), true) = (&name, games.is_empty()) {
            return Reply::Say(vec![
                self.words
                    .phrase(AnalysisSentence::NoGames, &[("name", name)]),
            ]);
        }
        let mut said = self.page(&games, page);
        if said.is_empty() && page > 1 {
            // Past the end of the list: said, and the list stays where it was.
            return Reply::Say(vec![self.words.phrase(
                AnalysisSentence::NoMoreGames,
                &[("command", self.command_word("games"))],
            )]);
        }
        if let (Some(name), 1) = (&name, page.max(1)) {
            said.insert(0, self.words.found(games.len(), name));
        }
        self.reading = Some(Reading::Games(name, page.max(1)));
        Reply::Say(said)
    }

    /// The next part of the score being read, and what `more` then goes on
    /// with; at the end of the line, how it ends.
    fn read_score(&mut self, moves: Vec<Played>, end: String) -> Reply {
        // Whole moves: a part that starts with Black's move ends with one.
        let take = match moves.first() {
            Some(first) if first.color == shakmaty::Color::Black => SCORE_PART - 1,
            _ => SCORE_PART,
        }
        .min(moves.len());
        let (part, rest) = moves.split_at(take);
        let mut said = Vec::new();
        if !part.is_empty() {
            said.push(self.words.score_part(part));
        }
        match rest.first() {
            Some(next) => said.push(self.words.phrase(
                AnalysisSentence::ScoreGoesOn,
                &[
                    (
                        "number",
                        &self.words.clock.number(u64::from(next.number), None),
                    ),
                    ("command", self.command_word("more")),
                ],
            )),
            None => said.push(end.clone()),
        }
        self.reading = Some(Reading::Score {
            rest: rest.to_vec(),
            end,
        });
        Reply::Say(vec![super::words::sentences(&said)])
    }

    /// The games `text` finds ([`Search`]), or what is said when it
    /// cannot be read or the file cannot be searched.
    pub fn find(&self, text: &str) -> Result<Vec<&GameEntry>, String> {
        let text = super::command::find_in_english(self.words.pack.command_words(), text);
        let search = Search::parse(&text)
            .map_err(|e| self.words.search_error(&e, self.command_word("find")))?;
        self.index.search(&search).map_err(|e| {
            self.words.phrase(
                AnalysisSentence::FindUnreadable,
                &[("error", &e.to_string())],
            )
        })
    }

    /// How the pack says the command `english` ("more" is "mehr" in
    /// German), so that a sentence names what the user can type.
    fn command_word(&self, english: &'static str) -> &str {
        self.words.pack.command_words().word(english)
    }

    /// One page of a list of games, and how to hear the next.
    fn page(&self, games: &[&GameEntry], page: usize) -> Vec<String> {
        let start = (page.max(1) - 1) * PAGE;
        let mut said: Vec<String> = games
            .iter()
            .skip(start)
            .take(PAGE)
            .map(|g| self.listed(g))
            .collect();
        let left = games.len().saturating_sub(start + PAGE);
        if left > 0 {
            said.push(self.words.phrase_count(
                AnalysisSentence::More,
                left as u64,
                &[
                    ("n", &self.words.games_count(left)),
                    ("command", self.command_word("more")),
                ],
            ));
        }
        said
    }

    fn open_game(&mut self, n: usize) -> Reply {
        if self.index.get(n).is_none() && !self.index.problems.iter().any(|p| p.number == n) {
            return Reply::Say(vec![
                self.words
                    .phrase(AnalysisSentence::NoSuchGame, &[("number", &n.to_string())]),
            ]);
        }
        match read(&self.index, n) {
            Ok(game) => {
                self.number = n;
                self.own_moves = false;
                self.leaving_for = None;
                let left_out = left_out_and_fault(&game);
                self.replay = Replay::new(game);
                let mut said = vec![self.heading()];
                said.extend(left_out.iter().map(|e| broken(&self.words, n, e)));
                if let Step::Start(start) = self.replay.start() {
                    said.extend(self.words.at_the_start(&start));
                }
                Reply::Say(said)
            }
            Err(ReadError::Broken(e)) => Reply::Say(vec![broken(&self.words, n, &e)]),
            Err(other) => Reply::Say(vec![other.to_string()]),
        }
    }
}

use OpenError::Broken;

impl Session {
    /// Ends the replay under way, if any, unsaid: a command does.
    pub(super) fn end_replay(&mut self) {
        self.run = None;
    }

    /// Game `n` of the file, read again up to its fault (the one open is
    /// not touched).
    pub fn read_game(&self, n: usize) -> Result<Game, ReadError> {
        read(&self.index, n)
    }
}

/// Reads game `n`: the game, or where it is broken, or why the file failed.
fn read(index: &GameIndex, n: usize) -> Result<Game, ReadError> {
    if let Some(p) = index.problems.iter().find(|p| p.number == n) {
        return Err(index_problem(p).into());
    }
    let entry = index.get(n).ok_or(ReadError::NoSuchGame(n))?;
    // A game too long to be one is refused before its text is read.
    crate::record::pgn_game::check_length(entry.length, entry.line)?;
    let text = index.read_text(entry)?;
    Ok(Game::parse_up_to_fault(&text, entry.line)?)
}

/// What is said of a game's text when it opens: what was left out, then
/// where its moves break off.
fn left_out_and_fault(game: &Game) -> Vec<GameError> {
    let mut said = game.left_out.clone();
    said.extend(game.fault.iter().map(|f| f.error.clone()));
    said
}

/// What is said of a game read up to its fault when it is passed over.
fn opened_broken(words: &AnalysisWords, n: usize, game: &Game) -> String {
    match &game.fault {
        Some(fault) => broken(words, n, &fault.error),
        None => String::new(),
    }
}

/// A game the index could not get through, as a broken game.
fn index_problem(p: &IndexProblem) -> GameError {
    GameError {
        line: p.line,
        problem: GameProblem::Unreadable(p.problem.clone()),
    }
}

fn broken(words: &AnalysisWords, n: usize, e: &GameError) -> String {
    words.phrase(
        AnalysisSentence::Broken,
        &[
            ("number", &n.to_string()),
            ("line", &e.line.to_string()),
            ("problem", &words.fault_reason(e)),
        ],
    )
}
