//! What the people at the table are told of the game, above the rules:
//! whose board the user reads (D.1), answers to questions about that
//! board, the status sentence of each step (D.2.1–D.2.8) and the lines of
//! the arbiter's audit (D.2.9). It draws on the game, the audit and the
//! analysis, so it sits above all three. What a typed line asks for is
//! read in `typed`, a seat's view made in `seat` and the braille display's
//! cells in `braille`, the modules above this one.

#[cfg(test)]
mod pieces_read_back;

use shakmaty::{Board, ByColor, Color, Position};

use crate::analysis::{self, AnalysisWords, Question, Whose, ask};
use crate::audit::words::AuditWords;
use crate::audit::words::AuditWordsError;
use crate::audit::{MoveReader, Written, audit, read_board};
use crate::audit::{PieceListError, PieceListProblem};
use crate::game::words::GameSentence;
use crate::game::{EventKind, Game, Impaired, Role, Step};
use crate::notation::pack::LineSentence;
use crate::notation::{Lexicon, VoicePack};
use crate::utterance::{Priority, Utterance};

/// Whose board the user reads: the visually impaired player's (D.1), or
/// when both are, the board of the side to move.
pub fn user_side(game: &Game) -> Color {
    match game.setup().impaired {
        Impaired::White => Color::White,
        Impaired::Black => Color::Black,
        Impaired::Both => game.to_move(),
    }
}

/// The answer to `question` about the user's own board, in the voice
/// pack's words (English when the pack has no `[analysis]` words). "Mine"
/// is the user's side here, not the side to move. During a rated game a
/// question that computes chess is refused, with the article (11.3.1):
/// the refusal is the error, in the pack's words, for every seat.
pub fn answer(game: &Game, question: &Question) -> Result<String, String> {
    if game.setup().rated() && question.computes_chess() {
        return Err(game.words().say(GameSentence::NotInRatedGame, &[]));
    }
    let words =
        AnalysisWords::from_pack(game.pack()).unwrap_or_else(|_| AnalysisWords::builtin("en"));
    let me = user_side(game);
    let question = match question {
        Question::Pieces(Whose::Mine) => Question::Pieces(Whose::Side(me)),
        Question::Pieces(Whose::Opponent) => Question::Pieces(Whose::Side(!me)),
        other => other.clone(),
    };
    let played = game.moves();
    let last = played.last().map(|p| {
        let mut before = game.start().clone();
        for earlier in &played[..played.len() - 1] {
            before.play_unchecked(earlier.mv);
        }
        analysis::Played {
            number: before.fullmoves().get(),
            before,
            m: p.mv,
            color: p.by,
            nags: Vec::new(),
            before_comment: None,
            comment: None,
            clock: p.clk,
            spent: p.emt,
            eval: None,
            alternatives: Vec::new(),
        }
    });
    Ok(words.answer(&ask(game.board(me), last.as_ref(), &question)))
}

/// The colour's name as the status line says it.
pub fn colour_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A draw offer, an increment asked for or a claim waiting for an answer
/// (9.1.2, III.4, III.5), in the pack's words: what the opponent's seat
/// and the main seat's status line show until it is answered.
pub fn pending_line(game: &Game) -> Option<String> {
    let words = game.words();
    let said = |key, side: Color| Some(words.say(key, &[("side", words.side(side))]));
    if game.outcome().is_some() {
        return None;
    }
    if let Some(side) = game.quickplay_claimed() {
        return said(GameSentence::PendingClaim, side);
    }
    if let Some(side) = game.increment_requested() {
        return said(GameSentence::PendingIncrement, side);
    }
    game.pending_offer()
        .and_then(|side| said(GameSentence::PendingOffer, side))
}

/// Whose turn it is and which step of the protocol the game is at
/// (D.2.1–D.2.8), with what to do next, in the pack's words; plain mode's
/// prompt and the full screen's status line.
pub fn status_line(game: &Game) -> String {
    let words = game.words();
    let clock = game.clock();
    // While the boards diverge the arbiter's settlement restarts the
    // clock (6.11.1, D.2.9), not a resume.
    let paused =
        clock.is_started() && clock.is_paused() && game.outcome().is_none() && !game.diverging();
    let who = [("side", words.side(game.to_move()))];
    let step = match game.step() {
        Step::Enter if game.diverging() => words.say(GameSentence::StatusDiverged, &[]),
        Step::Enter if !clock.is_started() => words.say(GameSentence::StatusStart, &who),
        // The player at the keyboard types the sighted opponent's move as
        // it is announced to them (D.2.1).
        Step::Enter
            if game.setup().role == Role::Player
                && !game.setup().impaired.includes(game.to_move()) =>
        {
            words.say(GameSentence::StatusHeard, &who)
        }
        Step::Enter => words.say(GameSentence::StatusEnter, &who),
        Step::Announced(_) if game.awaits_touch_ruling() => {
            words.say(GameSentence::TouchRulingFirst, &[])
        }
        Step::Announced(_) => words.say(GameSentence::StatusAnnounced, &who),
        Step::Repeat(_) => words.say(GameSentence::StatusRepeat, &who),
        Step::Adjourned => words.say(GameSentence::StatusAdjourned, &[]),
        Step::Over(o) => words.say(
            GameSentence::StatusOver,
            &[("result", words.result(o.result))],
        ),
    };
    if paused {
        words.say(GameSentence::StatusPaused, &[("status", &step)])
    } else {
        step
    }
}

/// What the person at the keyboard types for each half-move, in the
/// pack's words: the first line of `help` (D.2.7, D.2.10, D.2.9).
pub fn role_guide(game: &Game) -> String {
    let key = match game.setup().role {
        Role::Player => GameSentence::RoleGuidePlayer,
        Role::Assistant => GameSentence::RoleGuideAssistant,
        Role::Arbiter => GameSentence::RoleGuideArbiter,
    };
    game.words().say(key, &[])
}

/// The status line as it reaches the ear: after each command the step
/// that follows is said as well as shown (D.2.1–D.2.8), but only when it
/// says something new since the last one said: after an answer to a
/// question or a refused command the same step is not said again. The
/// start of the game (who is to move) and a result say the step
/// themselves, so the status line after them is not said either.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpokenStatus {
    last: Option<String>,
}

impl SpokenStatus {
    /// The status line of `game` to say after a command whose events were
    /// of `kinds`, or `None` when it would say nothing new.
    pub fn to_say<'a>(
        &mut self,
        game: &Game,
        kinds: impl IntoIterator<Item = &'a EventKind>,
    ) -> Option<Utterance> {
        self.to_say_status(status_line(game), kinds)
    }

    /// The same for a status line the shell words itself (the opponent
    /// entering a move at their own seat).
    pub fn to_say_status<'a>(
        &mut self,
        status: String,
        kinds: impl IntoIterator<Item = &'a EventKind>,
    ) -> Option<Utterance> {
        let said_already = kinds
            .into_iter()
            .any(|k| matches!(k, EventKind::Begins | EventKind::Over(_)));
        if said_already || self.last.as_deref() == Some(status.as_str()) {
            self.last = Some(status);
            return None;
        }
        self.last = Some(status.clone());
        Some(Utterance::new(status, Priority::Answer))
    }
}

/// Why the arbiter's audit cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// The voice pack lacks the audit's words.
    #[error("{0}")]
    Words(#[from] AuditWordsError),
    /// What the board is said to show cannot be read.
    #[error("{0}")]
    Board(#[from] PieceListError),
}

impl AuditError {
    /// The error in `pack`'s words.
    pub fn say(&self, pack: &VoicePack) -> String {
        let AuditError::Board(e) = self else {
            return self.to_string();
        };
        let line = pack.line_sentences();
        let square;
        let (key, values): (LineSentence, Vec<(&str, &str)>) = match &e.problem {
            PieceListProblem::NoSideFirst => (LineSentence::BoardNoSideFirst, vec![]),
            PieceListProblem::NotASide => (LineSentence::BoardNotASide, vec![]),
            PieceListProblem::NoSide => (LineSentence::BoardNoSide, vec![]),
            PieceListProblem::FileWithoutRank => (LineSentence::BoardFileWithoutRank, vec![]),
            PieceListProblem::NotPieceOrSquare(word) => {
                (LineSentence::BoardNotPieceOrSquare, vec![("word", word)])
            }
            PieceListProblem::NoSquare => (LineSentence::BoardNoSquare, vec![]),
            PieceListProblem::NoPiece => (LineSentence::BoardNoPiece, vec![]),
            PieceListProblem::Twice(s) => {
                square = s.to_string();
                (LineSentence::BoardTwice, vec![("square", &square)])
            }
            PieceListProblem::PawnOnEdge(s) => {
                square = s.to_string();
                (LineSentence::BoardPawnOnEdge, vec![("square", &square)])
            }
        };
        let problem = line.say(key, &values);
        line.say(
            LineSentence::BoardUnreadable,
            &[("text", &e.text), ("problem", &problem)],
        )
    }
}

/// The arbiter's audit of both scores against both boards (D.2.9): the
/// boards the program keeps, or for one player what that board is said to
/// show (FEN or pieces in words). The ruling, one line per finding; an
/// error when the board shown cannot be read.
pub fn audit_lines(game: &Game, shown: Option<(Color, String)>) -> Result<Vec<String>, AuditError> {
    audit_lines_beside(game, shown, None)
}

/// [`audit_lines`] beside an electronic board: what it shows is that
/// player's board (D.2.9), unless the arbiter says what a board shows.
pub fn audit_lines_beside(
    game: &Game,
    shown: Option<(Color, String)>,
    electronic: Option<(Color, Board)>,
) -> Result<Vec<String>, AuditError> {
    let pack = game.pack();
    let words = AuditWords::from_pack(pack)?;
    let mut boards = ByColor::new_with(|c| Some(game.board(c).board().clone()));
    if let Some((player, board)) = electronic {
        *boards.get_mut(player) = Some(board);
    }
    if let Some((player, text)) = shown {
        *boards.get_mut(player) = Some(read_board(pack, &text)?);
    }
    // The clock readings the program recorded after each move, with the
    // time the arbiter gave or took since: setting the clocks to them
    // keeps those rulings.
    let played = game.moves();
    let scores = ByColor::new_with(|c| {
        game.score(c)
            .iter()
            .enumerate()
            .map(|(ply, san)| Written {
                text: san.clone(),
                clock: played.get(ply).and_then(|p| {
                    let clk = p.clk?;
                    Some(game.reading_with_time_given(p.by, ply + 1, clk))
                }),
            })
            .collect::<Vec<_>>()
    });
    let lexicon = Lexicon::with_pack(pack);
    let reader = MoveReader {
        lexicon: &lexicon,
        pack,
    };
    let start = game.start();
    let ruling = audit(&reader, start, &scores, &boards);
    Ok(words.ruling(start, &ruling))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Instant;
    use crate::game::{Command, Press, Repetition, Setup, Side};
    use crate::notation::VoicePack;

    fn game(impaired: Impaired) -> Game {
        let setup = Setup {
            impaired,
            time: "600".into(),
            repetition: Repetition::Strict,
            press: Press::Separate,
            ..Setup::default()
        };
        Game::new(setup, VoicePack::fide()).unwrap()
    }

    #[test]
    fn the_user_reads_the_impaired_players_board() {
        let mut g = game(Impaired::Black);
        assert_eq!(user_side(&g), Color::Black);
        let mut both = game(Impaired::Both);
        assert_eq!(user_side(&both), Color::White);
        both.apply(&Command::Move("e4".into()), Instant::from_secs(1));
        both.apply(&Command::Press, Instant::from_secs(2));
        assert_eq!(user_side(&both), Color::Black, "the side to move");
        // Before Black repeats e4, Black's own board has no white pawn on e4.
        g.apply(&Command::Move("e4".into()), Instant::from_secs(1));
        let said = answer(&g, &Question::Pieces(Whose::Opponent)).unwrap();
        assert!(!said.contains("e4"), "{said}");
    }

    #[test]
    fn a_rated_game_refuses_what_computes_chess_and_a_training_game_answers_it() {
        let rated = game(Impaired::White);
        let training = Game::new(
            Setup {
                training: true,
                ..rated.setup().clone()
            },
            VoicePack::fide(),
        )
        .unwrap();
        let e2 = shakmaty::Square::E2;
        for question in [
            Question::Attackers(e2),
            Question::Moves(e2),
            Question::PawnStructure,
            Question::Position,
        ] {
            let refused = answer(&rated, &question).unwrap_err();
            assert!(refused.ends_with("(11.3.1)."), "{refused}");
            assert!(answer(&training, &question).is_ok(), "{question:?}");
        }
        for question in [
            Question::Square(e2),
            Question::Material,
            Question::Last,
            Question::Turn,
            Question::Pieces(Whose::Both),
        ] {
            assert!(answer(&rated, &question).is_ok(), "{question:?}");
        }
    }

    #[test]
    fn the_status_says_whose_turn_and_which_step() {
        let mut g = game(Impaired::White);
        assert_eq!(
            status_line(&g),
            "Weiß am Zug: Zug eingeben, oder drücken startet die Uhr"
        );
        g.apply(&Command::Move("e4".into()), Instant::from_secs(1));
        assert_eq!(
            status_line(&g),
            "Weiß: Uhr drücken oder den Zug berichtigen"
        );
        assert_eq!(colour_name(Color::Black), "Black");
    }

    #[test]
    fn the_start_is_said_and_each_new_step_once() {
        let mut g = game(Impaired::White);
        let mut spoken = SpokenStatus::default();
        let opening = g.opening();
        let begins = opening.last().unwrap();
        assert_eq!(begins.kind, EventKind::Begins);
        assert_eq!(begins.utterance.text, "Partie beginnt. Weiß am Zug.");
        // The start sentence stands for the first step.
        let kinds: Vec<EventKind> = opening.iter().map(|e| e.kind.clone()).collect();
        assert_eq!(spoken.to_say(&g, &kinds), None);
        let events = g.apply(&Command::Move("e4".into()), Instant::from_secs(1));
        let kinds: Vec<EventKind> = events.iter().map(|e| e.kind.clone()).collect();
        let said = spoken.to_say(&g, &kinds).unwrap();
        assert_eq!(said.text, "Weiß: Uhr drücken oder den Zug berichtigen");
        assert_eq!(said.priority, Priority::Answer);
        // A refused command and an answer leave the step as it was: not
        // said again.
        let refused = g.apply(&Command::Repeat("e4".into()), Instant::from_secs(2));
        assert_eq!(refused[0].kind, EventKind::Answer);
        assert_eq!(spoken.to_say(&g, [&refused[0].kind]), None);
        let time = g.apply(&Command::Time, Instant::from_secs(3));
        assert_eq!(spoken.to_say(&g, [&time[0].kind]), None);
        g.apply(&Command::Press, Instant::from_secs(4));
        assert_eq!(
            spoken.to_say(&g, []).map(|u| u.text).as_deref(),
            Some("Schwarz: Zug wiederholen oder bestätigen, dann ziehen")
        );
    }

    #[test]
    fn the_start_is_said_in_every_pack() {
        let expected = [
            ("fide", "Partie beginnt. Weiß am Zug."),
            ("en", "The game begins. White to move."),
            ("pt", "A partida começa. Jogam as Brancas."),
            ("es", "Comienza la partida. Juegan las Blancas."),
        ];
        for (id, sentence) in expected {
            let mut g = Game::new(Setup::default(), VoicePack::builtin(id)).unwrap();
            let opening = g.opening();
            assert_eq!(opening.last().unwrap().utterance.text, sentence, "{id}");
        }
    }

    /// D.2.9 with 6.10.2: the clocks the audit names keep the time the
    /// arbiter added after the last agreed move; following the audit does
    /// not undo the ruling.
    #[test]
    fn the_audits_clock_setting_keeps_the_arbiters_addition() {
        let setup = Setup {
            time: "600".into(),
            repetition: Repetition::Strict,
            press: Press::Separate,
            ..Setup::default()
        };
        let mut g = Game::new(setup, VoicePack::builtin("en")).unwrap();
        let mut t = 0;
        let mut run = |g: &mut Game, c: Command| {
            t += 1;
            g.apply(&c, Instant::from_secs(t));
        };
        for (mv, repeat) in [("e4", "e4"), ("e5", "e5")] {
            run(&mut g, Command::Move(mv.into()));
            run(&mut g, Command::Press);
            run(&mut g, Command::Repeat(repeat.into()));
        }
        run(
            &mut g,
            Command::AddTime {
                side: Side::Black,
                seconds: 30,
            },
        );
        run(&mut g, Command::Move("Nf3".into()));
        run(&mut g, Command::Press);
        run(&mut g, Command::Repeat("Nc3".into()));
        let lines = audit_lines(&g, None).unwrap().join(" ");
        // Black's reading after 1... e5 was 9:57; with the 30 s, 10:27.
        assert!(
            lines.contains(
                "The clocks are set: White nine minutes fifty-nine seconds, \
                 Black ten minutes twenty-seven seconds"
            ),
            "{lines}"
        );
    }

    #[test]
    fn the_audit_of_a_board_that_cannot_be_read_is_an_error() {
        let g = game(Impaired::White);
        assert!(!audit_lines(&g, None).unwrap().is_empty());
        assert!(audit_lines(&g, Some((Color::White, "nonsense here".into()))).is_err());
    }
}
