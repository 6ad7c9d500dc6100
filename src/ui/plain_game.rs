//! The two-board game line by line (plain mode): one command per line on
//! standard input, one line per event on standard output, and a prompt line
//! saying whose turn it is and at which step (D.2.1–D.2.8).
//!
//! Every command is written to the journal and flushed to disk before the
//! game carries it out, so nothing announced can be lost. The clock is read
//! twice a second while it runs; each reading is journalled too, so a
//! resumed game knows the clocks to within half a second.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, SystemTime};

use shakmaty::{ByColor, Color, Position};

use crate::audit::words::AuditWords;
use crate::audit::{MoveReader, Written, audit, read_board};
use crate::clock::schedule::{ClockSettings, Schedule};
use crate::clock::words::ClockWords;
use crate::clock::{Instant, speak};
use crate::game::{ClaimKind, Command, Event, EventKind, Game, Side, Step};
use crate::notation::Lexicon;
use crate::record::journal::Journal;
use crate::record::{pgn_write, score};
use crate::speech::{Announce, Priority, Utterance};

/// How often the running clock is read and journalled.
pub const TICK: Duration = Duration::from_millis(500);

/// What a line of plain mode asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A command for the game.
    Game(Command),
    /// Print the PGN.
    Pgn,
    /// Write the PGN file beside the journal.
    Save,
    /// Print the plain-text score.
    Score,
    /// Print the braille score.
    Braille,
    /// Audit the two boards and scores the program keeps (D.2.9).
    Audit,
    /// What a player's own board shows, as FEN or a piece list in words;
    /// audited against the scores at once (D.2.9).
    BoardShows(Color, String),
    /// Say the commands.
    Help,
    /// Leave; the game can be resumed.
    Quit,
    /// Nothing (an empty line).
    Nothing,
    /// A line that cannot be a command.
    Wrong(String),
}

fn side(word: Option<&str>) -> Result<Option<Side>, String> {
    word.map(str::parse).transpose()
}

/// Reads one line of plain mode; anything that is not a command word is a
/// move.
pub fn parse_line(line: &str) -> Line {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, Some(r.trim()).filter(|r| !r.is_empty())),
        None => (line, None),
    };
    let need = |what: &str| Line::Wrong(format!("{word} needs {what}"));
    let game = |c: Command| Line::Game(c);
    match word.to_lowercase().as_str() {
        "" => Line::Nothing,
        "correct" => rest.map_or(need("a move"), |m| game(Command::Correct(m.into()))),
        "press" => game(Command::Press),
        "repeat" => rest.map_or(need("a move"), |m| game(Command::Repeat(m.into()))),
        "confirm" | "ok" => game(Command::Confirm),
        "time" => game(Command::Time),
        "again" => match side(rest) {
            Ok(s) => game(Command::Again(s)),
            Err(e) => Line::Wrong(e),
        },
        "offer" => game(Command::Offer),
        "accept" => game(Command::Accept),
        "decline" => game(Command::Decline),
        "claim" => {
            let Some(rest) = rest else {
                return need("threefold or fifty");
            };
            let (kind, intended) = match rest.split_once(char::is_whitespace) {
                Some((k, m)) => (k, Some(m.trim().to_string())),
                None => (rest, None),
            };
            let kind = match kind.to_lowercase().as_str() {
                "threefold" | "repetition" | "3" => ClaimKind::Threefold,
                "fifty" | "50" => ClaimKind::FiftyMoves,
                _ => return need("threefold or fifty"),
            };
            game(Command::Claim { kind, intended })
        }
        "resign" => match side(rest) {
            Ok(Some(s)) => game(Command::Resign(s)),
            Ok(None) => need("white or black"),
            Err(e) => Line::Wrong(e),
        },
        "flag" => game(Command::Flag),
        "touched" => game(Command::Touched(rest.map(String::from))),
        "pause" => game(Command::Pause),
        "resume" => game(Command::Resume),
        "illegal" => match side(rest) {
            Ok(Some(s)) => game(Command::Illegal(s)),
            Ok(None) => need("white or black"),
            Err(e) => Line::Wrong(e),
        },
        "addtime" => {
            let mut parts = rest.unwrap_or("").split_whitespace();
            match (
                parts.next().map(str::parse::<Side>),
                parts.next().map(str::parse::<i64>),
            ) {
                (Some(Ok(side)), Some(Ok(seconds))) => game(Command::AddTime { side, seconds }),
                _ => need("white or black and seconds"),
            }
        }
        "takeback" => match rest.map(str::parse::<usize>) {
            Some(Ok(ply)) => game(Command::TakeBack(ply)),
            None => game(Command::Retrace),
            _ => need("the number of half-moves to keep"),
        },
        "align" => game(Command::Align),
        "seal" => rest.map_or(need("a move"), |m| game(Command::Seal(m.into()))),
        "unseal" => game(Command::Unseal),
        "pgn" => Line::Pgn,
        "save" => Line::Save,
        "score" => Line::Score,
        "braille" => Line::Braille,
        "audit" => Line::Audit,
        "board" => {
            let Some(rest) = rest else {
                return need("white or black and what the board shows");
            };
            let Some((who, shows)) = rest.split_once(char::is_whitespace) else {
                return need("what the board shows, as FEN or pieces in words");
            };
            match who.parse::<Side>() {
                Ok(side) => Line::BoardShows(side.into(), shows.trim().to_string()),
                Err(e) => Line::Wrong(e),
            }
        }
        "help" | "?" => Line::Help,
        "quit" | "exit" => Line::Quit,
        _ => game(Command::Move(line.to_string())),
    }
}

/// The help text, one line.
pub const HELP: &str = "Commands: a move in any notation; correct MOVE; press; repeat MOVE; \
confirm; time; again [white|black]; offer; accept; decline; claim threefold|fifty [MOVE]; \
resign white|black; flag; touched [NOTE]; pause; resume; illegal white|black; \
addtime white|black SECONDS; takeback [HALFMOVES]; align; seal MOVE; unseal; score; braille; \
audit; board white|black FEN-OR-PIECES; pgn; save; help; quit.";

/// The plain-mode game: the pure game, its journal, and where
/// announcements go besides standard output.
pub struct PlainGame<A: Announce> {
    game: Game,
    journal: Journal,
    speech: Option<A>,
    epoch: std::time::Instant,
    /// The game's time line at `epoch` (a resumed game continues it).
    offset: Duration,
    /// When the time left is announced (D.2.6.1).
    schedule: Schedule,
    words: Option<ClockWords>,
}

impl<A: Announce> PlainGame<A> {
    /// Runs `game`, journalled in `journal`, with time counted on from
    /// `offset` (zero for a new game); the time left is announced as
    /// `settings` say.
    pub fn new(
        game: Game,
        journal: Journal,
        speech: Option<A>,
        offset: Duration,
        settings: ClockSettings,
    ) -> Self {
        let words = ClockWords::from_pack(game.pack()).ok();
        PlainGame {
            game,
            journal,
            speech,
            epoch: std::time::Instant::now(),
            offset,
            schedule: Schedule::new(settings),
            words,
        }
    }

    /// Announces the time left when a mark of the schedule is reached.
    fn notices(&mut self) {
        let now = self.now();
        let Some(words) = &self.words else { return };
        if let Some(notice) = self.schedule.due(self.game.clock(), now) {
            let utterance = speak::notice(words, &notice);
            println!("clock: {}", utterance.text);
            if let Some(speech) = &self.speech {
                speech.announce(utterance);
            }
        }
    }

    fn now(&self) -> Instant {
        Instant(self.offset + self.epoch.elapsed())
    }

    /// Journals `command`, then carries it out and reports what happened.
    /// False when the journal cannot be written: the game stops rather
    /// than announce something that could be lost.
    pub fn command(&mut self, command: Command) -> bool {
        let now = self.now();
        if let Err(e) = self.journal.append(now, &command, SystemTime::now()) {
            println!("error: the game cannot be recorded ({e}); stopping");
            return false;
        }
        let events = self.game.apply(&command, now);
        self.report(&events);
        true
    }

    /// Prints and speaks `events`.
    pub fn report(&self, events: &[Event]) {
        let mut out = std::io::stdout().lock();
        for event in events {
            let _ = writeln!(out, "{}", self.event_line(event));
        }
        let _ = out.flush();
        if let Some(speech) = &self.speech {
            for event in events {
                speech.announce(event.utterance.clone());
            }
        }
    }

    fn event_line(&self, event: &Event) -> String {
        let text = &event.utterance.text;
        match &event.kind {
            EventKind::Announced | EventKind::Corrected => {
                let n = self.game.moves().len();
                let p = &self.game.moves()[n - 1];
                let label = if event.kind == EventKind::Announced {
                    "announced"
                } else {
                    "corrected"
                };
                format!(
                    "{label}: {} {}: {text}",
                    move_label(&self.game, n - 1),
                    p.san
                )
            }
            EventKind::ClockSwitched(c) => format!("clock: {text} ({} to move)", name(*c)),
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

    /// The prompt line: whose turn and which step.
    pub fn prompt(&self) -> String {
        let clock = self.game.clock();
        let paused = clock.is_started() && clock.is_paused() && self.game.outcome().is_none();
        let step = self.step_prompt();
        if paused {
            format!("{step} (the clock is paused: resume restarts it)")
        } else {
            step
        }
    }

    fn step_prompt(&self) -> String {
        let who = name(self.game.to_move());
        match self.game.step() {
            Step::Enter if self.game.diverging() => {
                "> the boards diverge: align or takeback".to_string()
            }
            Step::Enter if !self.game.clock().is_started() => {
                format!("> {who} to move: enter a move, or press to start the clock")
            }
            Step::Enter => format!("> {who} to move: enter a move"),
            Step::Announced => format!("> {who}: press the clock, or correct the move"),
            Step::Repeat => format!("> {who}: repeat or confirm the move, then move"),
            Step::Adjourned => "> adjourned: unseal to resume".to_string(),
            Step::Over(o) => format!("> game over, {}", o.result.pgn()),
        }
    }

    /// The clocks to a tenth of a second, for the screen and for checking.
    pub fn clocks_line(&self) -> String {
        let now = self.now();
        let clock = self.game.clock();
        let t = |c: Color| {
            let d = clock.remaining(c, now);
            format!("{}.{}", pgn_write::clock_text(d), d.subsec_millis() / 100)
        };
        format!(
            "clocks: White {} Black {}, {} moves completed{}",
            t(Color::White),
            t(Color::Black),
            clock.completed_moves(),
            if clock.is_paused() { ", paused" } else { "" }
        )
    }

    /// Audits both scores against both boards (D.2.9): the boards the
    /// program keeps, or for one player what that board is said to show.
    /// The ruling is printed and spoken; the arbiter then acts on it
    /// (`takeback`, `align`, `addtime`).
    fn audit(&self, shown: Option<(Color, String)>) {
        let pack = self.game.pack();
        let words = match AuditWords::from_pack(pack) {
            Ok(words) => words,
            Err(e) => return println!("error: {e}"),
        };
        let mut boards = ByColor::new_with(|c| Some(self.game.board(c).board().clone()));
        if let Some((player, text)) = shown {
            match read_board(pack, &text) {
                Ok(board) => *boards.get_mut(player) = Some(board),
                Err(e) => return println!("answer: {e}"),
            }
        }
        // The clock readings the program recorded after each move.
        let played = self.game.moves();
        let scores = ByColor::new_with(|c| {
            self.game
                .score(c)
                .iter()
                .enumerate()
                .map(|(ply, san)| Written {
                    text: san.clone(),
                    clock: played.get(ply).and_then(|p| p.clk),
                })
                .collect::<Vec<_>>()
        });
        let lexicon = Lexicon::with_pack(pack);
        let reader = MoveReader {
            lexicon: &lexicon,
            pack,
        };
        let start = self.game.start();
        let ruling = audit(&reader, start, &scores, &boards);
        for line in words.ruling(start, &ruling) {
            println!("audit: {line}");
            if let Some(speech) = &self.speech {
                speech.announce(Utterance::new(line, Priority::Answer));
            }
        }
    }

    /// The PGN file beside the journal.
    fn pgn_path(&self) -> PathBuf {
        self.journal.path().with_extension("pgn")
    }

    fn save(&self) {
        let path = self.pgn_path();
        match std::fs::write(&path, pgn_write::write(&self.game)) {
            Ok(()) => println!("saved: {}", path.display()),
            Err(e) => println!("error: cannot write {}: {e}", path.display()),
        }
    }

    /// Runs until `quit` or the end of input.
    pub fn run(mut self) {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::stdin().lock().lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        println!("{}", self.prompt());
        loop {
            let line = match rx.recv_timeout(TICK) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    self.notices();
                    let clock = self.game.clock();
                    if clock.is_started()
                        && !clock.is_paused()
                        && self.game.outcome().is_none()
                        && !self.command(Command::Tick)
                    {
                        return;
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            };
            let was_over = self.game.outcome().is_some();
            match parse_line(&line) {
                Line::Game(command) => {
                    let time = command == Command::Time;
                    if !self.command(command) {
                        return;
                    }
                    if time {
                        println!("{}", self.clocks_line());
                    }
                }
                Line::Pgn => print!("{}", pgn_write::write(&self.game)),
                Line::Save => self.save(),
                Line::Score => print!("{}", score::plain(&self.game)),
                Line::Braille => print!("{}", score::braille(&self.game)),
                Line::Audit => self.audit(None),
                Line::BoardShows(player, shows) => self.audit(Some((player, shows))),
                Line::Help => println!("help: {HELP}"),
                Line::Quit => break,
                Line::Nothing => {}
                Line::Wrong(why) => println!("answer: {why}"),
            }
            if !was_over && self.game.outcome().is_some() {
                self.save();
            }
            self.notices();
            println!("{}", self.prompt());
        }
        // Leaving stops the clock where it stands, so a resumed game starts
        // from this moment rather than the last reading.
        let clock = self.game.clock();
        if clock.is_started() && !clock.is_paused() && self.game.outcome().is_none() {
            self.command(Command::Pause);
        }
        let _ = std::io::stdout().flush();
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// "12." or "12..." for the half-move at index `i` of the game.
pub fn move_label(game: &Game, i: usize) -> String {
    let start = game.start();
    let first_black = usize::from(start.turn() == Color::Black);
    let n = i + first_black;
    let number = start.fullmoves().get() as usize + n / 2;
    if n % 2 == 0 {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_commands() {
        assert_eq!(parse_line("e4"), Line::Game(Command::Move("e4".into())));
        assert_eq!(
            parse_line("Springer Felix drei"),
            Line::Game(Command::Move("Springer Felix drei".into()))
        );
        assert_eq!(
            parse_line("correct d4"),
            Line::Game(Command::Correct("d4".into()))
        );
        assert_eq!(parse_line("  press "), Line::Game(Command::Press));
        assert_eq!(
            parse_line("claim threefold Nf3"),
            Line::Game(Command::Claim {
                kind: ClaimKind::Threefold,
                intended: Some("Nf3".into())
            })
        );
        assert_eq!(
            parse_line("addtime black -30"),
            Line::Game(Command::AddTime {
                side: Side::Black,
                seconds: -30
            })
        );
        assert_eq!(
            parse_line("again black"),
            Line::Game(Command::Again(Some(Side::Black)))
        );
        assert!(matches!(parse_line("claim"), Line::Wrong(_)));
        assert!(matches!(parse_line("illegal"), Line::Wrong(_)));
        assert_eq!(parse_line(""), Line::Nothing);
        assert_eq!(parse_line("quit"), Line::Quit);
    }
}
