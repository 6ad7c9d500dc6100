//! The two-board game of FIDE Laws Appendix D: two boards, two scores, and
//! the protocol announce → correct → press → repeat (D.2.1–D.2.8), with the
//! results, claims and penalties of Art. 5, 6.9, 7.5 and 9.
//!
//! Pure: a [`Game`] is driven by [`Command`]s, each handed in with the
//! [`Instant`] it happened at, and answers with [`Event`]s for the shell to
//! show and speak. The same commands at the same instants always give the
//! same game, which is what the journal relies on to rebuild it.
//!
//! Everything the game says is in the voice pack's words: the moves
//! (D.2.1) and the sentences of its `[game]` table (refusals, claims,
//! rulings, results). Notes on the score stay in English, as PGN has them.

mod adjourn;
mod answer;
mod chess960;
mod claims;
mod clock_laws;
mod command;
mod event;
mod illegal;
mod official_clock;
mod policy;
mod protocol;
mod question;
mod reads_as;
pub mod rules;
mod settle;
mod setup;
mod takeback;
mod touch;
mod verdict;
pub mod words;

#[cfg(test)]
mod tests;

use shakmaty::{Chess, Color, Move, Position};

use crate::clock::schedule::ClockSettings;
use crate::clock::words::{ClockWords, Unit};
use crate::clock::{ChessClock, ClockEvent, Instant, speak};
use crate::game::words::GameSentence;
use crate::notation::{Lexicon, VoicePack};
use crate::utterance::{Earcon, Moment, Priority, Utterance};

pub use answer::{Answer, read_answer};
pub use claims::ClaimRecord;
pub use clock_laws::{MOST_CLOCK_SECONDS, MOST_TIME_ADDED_SECONDS, QuickplayDecision};
pub use command::{ClaimKind, Command};
pub use event::{Event, EventKind, Played, Step};
pub use illegal::IllegalPosition;
pub use official_clock::OfficialTimes;
pub use policy::{SpeechPolicy, SpeechProfile};
pub use question::CheckmateQuestion;
pub use rules::{Forfeit, GameResult, Outcome, Termination};
pub use setup::{
    EventRules, Impaired, Pairing, PositionProblem, Press, Repetition, Role, Setup, SetupError,
    Side,
};
pub use touch::TouchRuling;
pub use words::GameWords;

/// The two-board game.
pub struct Game {
    setup: Setup,
    pack: VoicePack,
    lexicon: Lexicon,
    words: ClockWords,
    sentences: GameWords,
    clock_settings: ClockSettings,
    /// The clock announcements as configured, before the speech policy
    /// fills in what the configuration leaves open.
    configured_clock: ClockSettings,
    speech_profile: SpeechProfile,
    clock: ChessClock,
    /// The starting position.
    start: Chess,
    /// The game's position: the moves as announced.
    position: Chess,
    moves: Vec<Played>,
    /// Position keys, one per position from the start (9.2.2).
    keys: Vec<u64>,
    /// Each player's own board (D.1), White's then Black's.
    boards: [Chess; 2],
    /// Each player's own score as SAN, White's then Black's (D.2.7).
    scores: [Vec<String>; 2],
    step: Step,
    diverging: bool,
    /// The game's clock follows an official clock read through the
    /// electronic board (6.1): set by its first reading.
    official: bool,
    offer: Option<Color>,
    /// The standing offer was made before its maker's move and goes with
    /// that move on the score (9.1.2.2).
    offer_with_next_move: bool,
    illegal: [u32; 2],
    /// An illegal move typed for the side to move in a role that records
    /// the board (assistant, arbiter): its mover and text. Refused as a
    /// move, it is what `illegal` rules on once it was completed on the
    /// board (7.5.1), until a move is announced.
    illegal_typed: Option<(Color, String)>,
    /// Whether each player has completed a move (pressed the clock after
    /// it) in this game; a take-back does not undo it (7.5.1).
    completed: [bool; 2],
    /// Time the arbiter gave or took (6.10.2, 7.5.5, 9.5.3): kept through
    /// a take-back, which restores the clocks (D.2.9).
    penalties: Vec<illegal::Penalty>,
    /// The clock was paused because the boards diverged (6.11.1, D.2.9).
    arbiter_pause: bool,
    /// Clock presses that completed a move, never taken back: the next
    /// move of A.5.4 is counted by them.
    presses: usize,
    /// The announced move written with a claim (9.2.1, 9.3.1), which
    /// cannot be corrected; its index in `moves`.
    claimed_move: Option<usize>,
    /// The correct claim that ended the game, as recorded (9.2.1).
    claim_record: Option<claims::ClaimRecord>,
    /// The sighted player's touched piece, reported (D.2.10.5, Art. 4).
    touch: Option<touch::Touch>,
    /// An illegal position reported under A.5.4, waiting for the next move.
    illegal_position: Option<illegal::Watch>,
    sealed: Option<Move>,
    /// What an adjournment holds besides the sealed move (Guidelines I).
    adjournment: adjourn::Adjournment,
    /// Which players confirmed the result (8.7), White then Black.
    confirmed: [bool; 2],
    /// Notes waiting for the next move (touched pieces).
    pending: Vec<String>,
    /// Requests and claims of Guidelines III waiting for the arbiter.
    quickplay: clock_laws::Quickplay,
    /// What the announced move's position decides, standing only when
    /// the move stands: at the press (D.2.8).
    provisional: Option<Outcome>,
    /// The latest proof that a side cannot checkmate: the ply and FEN of
    /// its position, and White's and Black's part (5.2.2). Later positions
    /// of the same game inherit it.
    proof: Option<question::Proof>,
    /// The program's own question still waiting for its answer: which of
    /// several moves a typed text meant (D.2.1).
    asked: Option<answer::Asked>,
    /// The question the command being carried out has just asked: its
    /// choices, its words and the board they are moves on.
    just_asked: Option<(Vec<Move>, String, Chess)>,
    /// The move an answer picked, for the command that asked to take
    /// when it reads its text again.
    answered: Option<Move>,
    /// What is said as the game opens, before any command: the control.
    opening: Vec<Event>,
    /// The moment of the game, and the half-moves and step it was counted
    /// at.
    moment: (Moment, (usize, Step)),
    events: Vec<Event>,
}

/// The moves `side` made before `start`, by its move number (see
/// [`Game::moves_before_start`]).
fn moves_before(start: &Chess, side: Color) -> u32 {
    let number = start.fullmoves().get().saturating_sub(1);
    let white_moved_this_number = start.turn() == Color::Black;
    match side {
        Color::White => number + u32::from(white_moved_this_number),
        Color::Black => number,
    }
}

fn idx(color: Color) -> usize {
    usize::from(color == Color::Black)
}

impl Game {
    /// A new game for `setup`, with moves announced in `pack`'s words.
    pub fn new(setup: Setup, mut pack: VoicePack) -> std::result::Result<Game, SetupError> {
        let control = setup.time_control()?;
        pack.type_letters(&setup.piece_letters)?;
        let words = ClockWords::from_pack(&pack)?;
        let sentences = GameWords::of_pack_or_english(&pack);
        let lexicon = Lexicon::with_pack(&pack);
        let start = setup.start_position()?;
        let mut game = Game {
            setup,
            pack,
            lexicon,
            words,
            sentences,
            clock_settings: ClockSettings::default(),
            configured_clock: ClockSettings::default(),
            speech_profile: SpeechProfile::default(),
            // A game from a position counts its moves for the time control
            // from the position's move number (6.3.1, Guidelines I.5).
            clock: ChessClock::after_moves(
                control,
                start.turn(),
                [
                    moves_before(&start, Color::White),
                    moves_before(&start, Color::Black),
                ],
            ),
            position: start.clone(),
            moves: Vec::new(),
            keys: vec![rules::position_key(&start)],
            boards: [start.clone(), start.clone()],
            start,
            scores: [Vec::new(), Vec::new()],
            step: Step::Enter,
            diverging: false,
            official: false,
            offer: None,
            offer_with_next_move: false,
            illegal: [0, 0],
            illegal_typed: None,
            completed: [false, false],
            penalties: Vec::new(),
            arbiter_pause: false,
            presses: 0,
            claimed_move: None,
            claim_record: None,
            touch: None,
            illegal_position: None,
            sealed: None,
            adjournment: adjourn::Adjournment::default(),
            confirmed: [false, false],
            pending: Vec::new(),
            quickplay: clock_laws::Quickplay::default(),
            provisional: None,
            proof: None,
            asked: None,
            just_asked: None,
            answered: None,
            opening: Vec::new(),
            moment: (Moment::next(), (0, Step::Enter)),
            events: Vec::new(),
        };
        // The default announcements, completed by the speech policy.
        game.set_clock_settings(ClockSettings::default());

        // The talking clock names the whole control as the game opens
        // (D.2.6.1, 6.1).
        let control = game.words.control(game.clock.control());
        let mut text = game.tell(GameSentence::TimeControlNamed, &[("control", &control)]);
        // The moves counted before the position, said so that a wrong move
        // number in the FEN can be corrected (`setmoves`, 6.10.2).
        let completed = game.clock.completed_moves();
        if completed > 0 {
            let moves = game.words.count(u64::from(completed), Unit::Move);
            text.push(' ');
            text.push_str(&game.tell(GameSentence::MovesBeforeStart, &[("moves", &moves)]));
        }
        game.opening.push(Event {
            kind: EventKind::Clock,
            utterance: Utterance::new(text, Priority::Answer),
        });
        // A position already decided ends the game before any move (5.1.1,
        // 5.2.1, 5.2.2); `opening` hands over what is said. The usual
        // starting position never is, and costs no search.
        let given = game.setup.fen.is_some();
        if let Some(outcome) = given.then(|| rules::decided(&game.start, 1)).flatten() {
            game.over(outcome);
        } else {
            // Then the start is said, with who is to move (6.6): the words
            // of the first step, so the prompt need not say them again.
            let side = game.side(game.start.turn()).to_string();
            let text = game.tell(GameSentence::GameBegins, &[("side", &side)]);
            game.opening.push(Event {
                kind: EventKind::Begins,
                utterance: Utterance::new(text, Priority::Answer),
            });
        }
        Ok(game)
    }

    /// The moves `side` made before the starting position, by its move
    /// number: a game carried over from move 39 with White to move has 38
    /// moves of each player behind it (5.2.3, 6.3.1). A position numbered
    /// move 1 is a fresh start.
    pub fn moves_before_start(&self, side: Color) -> u32 {
        moves_before(&self.start, side)
    }

    /// Gives the game the configured clock announcements (the
    /// `[clock.white]` and `[clock.black]` sections), with the time after
    /// each press said where the configuration leaves it open as the
    /// speech policy decides (D.2.6.1, D.2.10.4).
    pub fn set_clock_settings(&mut self, settings: ClockSettings) {
        self.configured_clock = settings;
        let after_press = self.speech_policy().time_after_press();
        self.clock_settings = self
            .configured_clock
            .clone()
            .with_after_press_default(after_press);
    }

    /// Says as much as `profile` wants, unasked.
    pub fn set_speech_profile(&mut self, profile: SpeechProfile) {
        self.speech_profile = profile;
        self.set_clock_settings(self.configured_clock.clone());
    }

    /// Both players' time and the moves completed at `now`, as `time`
    /// answers (D.2.6.1), without it being a command of the game.
    pub fn time_said(&self, now: Instant) -> Utterance {
        speak::on_request(&self.words, &self.clock, now)
    }

    /// What is said unasked in this game: the role at the keyboard and
    /// the profile chosen.
    pub fn speech_policy(&self) -> SpeechPolicy {
        SpeechPolicy {
            role: self.setup.role,
            profile: self.speech_profile,
        }
    }

    /// The clock announcements the game makes.
    pub fn clock_settings(&self) -> &ClockSettings {
        &self.clock_settings
    }

    /// What the game says when it opens: the time control, whole (D.2.6.1);
    /// and a position already mate, stalemate or dead ends the game at once
    /// (5.1.1, 5.2.1, 5.2.2), its result said before any command. Empty
    /// after the first call or the first command.
    pub fn opening(&mut self) -> Vec<Event> {
        let mut said = std::mem::take(&mut self.opening);
        said.append(&mut self.events);
        self.stamped(said)
    }

    /// Whether the game is Chess960 (Guidelines II): its castling follows
    /// II.3, and castling is announced with where king and rook end up.
    pub fn is_chess960(&self) -> bool {
        self.start.castles().mode() == shakmaty::CastlingMode::Chess960
    }

    /// Carries out `command` at `now` and returns what happened, in order.
    /// A bare line while the game waits on its own question ("Welcher
    /// Springer: von Bella eins oder von Felix drei?") is first tried as
    /// the answer: the command that asked goes on with the move it picks
    /// (D.2.1).
    pub fn apply(&mut self, command: &Command, now: Instant) -> Vec<Event> {
        let events = self.apply_unstamped(command, now);
        self.stamped(events)
    }

    /// The moment of the game now: it grows whenever a move is announced,
    /// made, repeated, corrected or taken back, so that what was said for
    /// an earlier one can be dropped unsaid once it is obsolete.
    pub fn moment(&self) -> Moment {
        self.moment.0
    }

    /// `events`, each belonging to the moment the game is at after them.
    fn stamped(&mut self, mut events: Vec<Event>) -> Vec<Event> {
        let marks = (self.moves().len(), self.step.clone());
        if marks != self.moment.1 {
            self.moment = (Moment::next(), marks);
        }
        for event in &mut events {
            event.utterance.moment.get_or_insert(self.moment.0);
        }
        events
    }

    fn apply_unstamped(&mut self, command: &Command, now: Instant) -> Vec<Event> {
        self.poll_clock(now);
        let goes_on;
        let command = match command {
            Command::Move(text) => match self.answer_question(text) {
                answer::Answered::GoesOn(asked) => {
                    goes_on = asked;
                    &goes_on
                }
                answer::Answered::Refused => {
                    self.poll_clock(now);
                    return std::mem::take(&mut self.events);
                }
                answer::Answered::NoAnswer => command,
            },
            _ => command,
        };
        // Only what changes nothing on the boards leaves a question standing.
        if !matches!(
            command,
            Command::Tick
                | Command::OfficialClock(_)
                | Command::Time
                | Command::TimeOf(_)
                | Command::Again(_)
                | Command::CannotCheckmate { .. }
        ) {
            self.asked = None;
        }
        self.carry_out(command, now);
        self.answered = None;
        if let Some((candidates, question, board)) = self.just_asked.take() {
            self.asked = Some(answer::Asked {
                candidates,
                question,
                board,
                command: command.clone(),
            });
        }
        self.poll_clock(now);
        std::mem::take(&mut self.events)
    }

    /// Carries out one command, its events gathered in `events`.
    fn carry_out(&mut self, command: &Command, now: Instant) {
        match command {
            Command::Move(text) => self.enter(text, now),
            Command::Correct(text) => self.correct(text, now),
            Command::Press => self.press(now),
            Command::Repeat(text) => self.repeat(text, now),
            Command::Confirm => self.confirm(now),
            Command::Executed(uci) => self.executed(uci, now),
            Command::OfficialClock(times) => self.official_clock(*times, now),
            Command::Again(side) => self.again(side.map(Color::from)),
            // The player hears their own clock, as a talking clock says
            // one time; the assistant and the arbiter both (D.2.10.4).
            Command::Time => {
                let u = match self.keyboard_player() {
                    Some(own) if self.setup.role == Role::Player => {
                        speak::one_side(&self.words, &self.clock, own, false, now)
                    }
                    _ => speak::on_request(&self.words, &self.clock, now),
                };
                self.push(EventKind::Answer, u);
            }
            Command::TimeOf(side) => {
                let u = speak::one_side(&self.words, &self.clock, (*side).into(), true, now);
                self.push(EventKind::Answer, u);
            }
            Command::Offer => self.offer_draw(None),
            Command::Accept => self.accept(None),
            Command::Decline => self.decline(None),
            Command::OfferBy(side) => self.offer_draw(Some((*side).into())),
            Command::AcceptBy(side) => self.accept(Some((*side).into())),
            Command::DeclineBy(side) => self.decline(Some((*side).into())),
            Command::Claim { kind, intended } => self.claim(*kind, intended.as_deref(), now),
            Command::Resign(side) => self.resign(side.map(Color::from)),
            Command::Flag => self.claim_flag(now),
            Command::Touched(note) => self.touched(note.as_deref()),
            Command::TouchRuling(ruling) => self.touch_ruling(*ruling, now),
            Command::IllegalPosition(report) => self.illegal_position(*report, now),
            Command::Pause => {
                if let Err(e) = self.clock.pause(now) {
                    let reason = self.sentences.clock_refusal(&e);
                    self.answer(&self.tell(GameSentence::PauseRefused, &[("reason", &reason)]));
                }
            }
            // At the time of resumption, the responder absent (I.9.2).
            Command::Resume if self.step == Step::Adjourned => self.resume_adjourned(now),
            Command::Resume => {
                if let Err(e) = self.clock.resume(now) {
                    let reason = self.sentences.clock_refusal(&e);
                    self.answer(&self.tell(GameSentence::ResumeRefused, &[("reason", &reason)]));
                }
            }
            Command::Illegal(side) => self.illegal_move((*side).into(), now),
            Command::AddTime { side, seconds } => self.add_time((*side).into(), *seconds, now),
            Command::TakeBack(ply) => self.take_back(*ply, now),
            Command::Retrace => self.retrace(now),
            Command::Undo => self.undo(now),
            Command::Align => self.align(now),
            Command::Seal(text) => self.seal(text, now),
            Command::Unseal => self.unseal(now),
            Command::Resumption(text) => self.set_resumption(text),
            Command::Forfeit { side, reason } => self.forfeit((*side).into(), *reason, now),
            Command::Sign(side) => self.confirm_result(side.map(Color::from)),
            Command::Tick => {}
            Command::SetTime { side, seconds } => self.set_time((*side).into(), *seconds, now),
            Command::SetMoves { side, moves } => self.set_moves((*side).into(), *moves, now),
            Command::SetControl(text) => self.set_control(text, now),
            Command::BothFlags => self.both_flags(now),
            Command::RequestIncrement => self.request_increment(now),
            Command::DecideIncrement(agreed) => self.decide_increment(*agreed, now),
            Command::QuickplayClaim => self.quickplay_claim(now),
            Command::DecideQuickplay(decision) => self.decide_quickplay(*decision, now),
            Command::CannotCheckmate { ply, fen, sides } => {
                self.cannot_checkmate(*ply, fen, sides, now);
            }
        }
    }

    /// The game's sentences in the pack's words.
    pub fn words(&self) -> &GameWords {
        &self.sentences
    }

    /// The words the game reads moves and squares in: its pack's.
    pub fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }

    /// The setup the game was started with.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The player whose acts a command without a side stands for: the
    /// visually impaired player, when the player or their assistant is at
    /// the keyboard and only one player is impaired. The arbiter names
    /// the side.
    pub fn keyboard_player(&self) -> Option<Color> {
        if self.setup.role == Role::Arbiter {
            return None;
        }
        match self.setup.impaired {
            Impaired::White => Some(Color::White),
            Impaired::Black => Some(Color::Black),
            Impaired::Both => None,
        }
    }

    /// How the opponent's repetition is entered (D.2.1). Only the arbiter,
    /// who keeps both boards, enters it as a step of its own. The player
    /// at the keyboard types the opponent's move as they heard it, which
    /// is their repetition, and the assistant relays both moves; for them
    /// the opponent's board follows the press.
    pub fn repetition(&self) -> Repetition {
        self.setup.role.repetition(self.setup.repetition)
    }

    /// The voice pack.
    pub fn pack(&self) -> &VoicePack {
        &self.pack
    }

    /// The protocol step.
    pub fn step(&self) -> &Step {
        &self.step
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.step {
            Step::Over(o) => Some(o),
            _ => None,
        }
    }

    /// The starting position.
    pub fn start(&self) -> &Chess {
        &self.start
    }

    /// The game's position (the moves as announced).
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// A player's own board (D.1).
    pub fn board(&self, player: Color) -> &Chess {
        &self.boards[idx(player)]
    }

    /// A player's own score as SAN moves, that player's and the
    /// opponent's, in order (D.2.7).
    pub fn score(&self, player: Color) -> &[String] {
        &self.scores[idx(player)]
    }

    /// The correct claim that ended the game, with its intended move and
    /// where the position stood before (9.2.1, 9.3.1).
    pub fn claim_record(&self) -> Option<&ClaimRecord> {
        self.claim_record.as_ref()
    }

    /// The moves of the game as announced, with clock readings.
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// "12... Nf6": the number and SAN of the last move announced (Art.
    /// 8.1), as reports and seats label it; `None` before the first move.
    pub fn last_move_label(&self) -> Option<String> {
        let last = self.moves.last()?;
        let number = crate::notation::MoveNumber::after(&self.start, self.moves.len() - 1);
        Some(format!("{number} {}", last.san))
    }

    /// Whether the two boards are marked as diverging (D.2.9).
    pub fn diverging(&self) -> bool {
        self.diverging
    }

    /// The clock.
    pub fn clock(&self) -> &ChessClock {
        &self.clock
    }

    /// The player whose turn it is in the protocol: the mover until the
    /// press, then the opponent (who repeats, then moves).
    pub fn to_move(&self) -> Color {
        match self.step {
            Step::Announced(_) => !self.position.turn(),
            _ => self.position.turn(),
        }
    }

    /// A draw offer waiting for an answer, and who made it.
    pub fn pending_offer(&self) -> Option<Color> {
        self.offer
    }

    /// Completed illegal moves recorded against each player (7.5.5).
    pub fn illegal_moves(&self, player: Color) -> u32 {
        self.illegal[idx(player)]
    }

    /// The sealed move's announcement stays hidden; this tells only whether
    /// one is sealed (Guidelines I.1).
    pub fn has_sealed_move(&self) -> bool {
        self.sealed.is_some()
    }

    fn push(&mut self, kind: EventKind, utterance: Utterance) {
        self.events.push(Event { kind, utterance });
    }

    fn answer(&mut self, text: &str) {
        self.push(
            EventKind::Answer,
            Utterance::new(text.to_string(), Priority::Answer).with_earcon(Earcon::NotUnderstood),
        );
    }

    fn say(&mut self, kind: EventKind, text: String, priority: Priority) {
        self.push(kind, Utterance::new(text, priority));
    }

    /// Reads the clock up to `now` and reports what it did; a flag fall is
    /// ruled on at once where the arbiter watches the game (A.4, B.2).
    fn poll_clock(&mut self, now: Instant) {
        let mut fallen = false;
        for event in self.clock.poll(now) {
            fallen |= matches!(event, ClockEvent::FlagFall(_));
            let kind = match event {
                ClockEvent::Started => EventKind::ClockSwitched(self.clock.first_to_move()),
                ClockEvent::MoveCompleted { side, .. } => EventKind::ClockSwitched(!side),
                _ => EventKind::Clock,
            };
            // The first clock started is the side to move's (6.6), Black's
            // in a game from a position with Black to move.
            // A clock started or restarted is said without whose turn it
            // is: the prompt that follows says it.
            let said = match event {
                ClockEvent::Started | ClockEvent::Resumed { .. } => Some(Utterance::new(
                    self.tell(GameSentence::ClockRuns, &[]),
                    Priority::Answer,
                )),
                _ => speak::event(&self.words, &self.clock_settings, &event),
            };
            if let Some(u) = said {
                self.push(kind, u);
            }
        }
        if fallen {
            self.flag_noticed(now);
        }
    }

    fn over(&mut self, outcome: Outcome) {
        self.step = Step::Over(outcome);
        self.offer = None;
        self.offer_with_next_move = false;
        self.provisional = None;
        let result = self.sentences.result(outcome.result);
        let flag = self.clock.flag().map(|f| f.side);
        let text = match (outcome.termination, flag) {
            // One sentence: whose flag, and the result (6.9).
            (Termination::FlagFall, Some(side)) => self.tell(
                GameSentence::FlagFallen,
                &[("side", self.side(side)), ("result", result)],
            ),
            _ => self.tell(
                GameSentence::Over,
                &[
                    (
                        "termination",
                        &self.sentences.termination(outcome.termination),
                    ),
                    ("result", result),
                ],
            ),
        };
        self.push(
            EventKind::Over(outcome),
            Utterance::new(text, Priority::Urgent),
        );
    }

    /// The game over? Refuses with a message when it is.
    fn refuse_if_over(&mut self) -> bool {
        if let Step::Over(o) = self.step {
            let text = self.tell(
                GameSentence::OverRefused,
                &[("result", self.sentences.result(o.result))],
            );
            self.answer(&text);
            return true;
        }
        false
    }

    /// A sentence of the pack's `[game]` table, filled in, for what the
    /// session says about the game (the electronic board's state).
    pub fn sentence(&self, key: GameSentence, values: &[(&str, &str)]) -> String {
        self.tell(key, values)
    }

    /// A sentence of the pack's `[game]` table, filled in.
    fn tell(&self, key: GameSentence, values: &[(&str, &str)]) -> String {
        self.sentences.say(key, values)
    }

    /// A sentence around a count, in the form the count wants, filled in.
    fn tell_count(&self, key: GameSentence, n: usize, values: &[(&str, &str)]) -> String {
        self.sentences.say_count(key, n as u64, values)
    }

    /// A side in the pack's words, for what is said.
    fn side(&self, color: Color) -> &str {
        self.sentences.side(color)
    }
}
