//! Who plays, who is visually impaired, and how the protocol runs (D.1,
//! D.2.4, D.2.10).

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::clock::TimeControl;
use crate::clock::control::TimeControlError;
use crate::notation::pack::LineSentence;

/// Why a game cannot be set up as given.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// A word that names no side.
    #[error("not a side: {0}")]
    NotASide(String),
    /// A word that names no role at the keyboard.
    #[error("not a role: {0}; it may be player, assistant or arbiter")]
    NotARole(String),
    /// The time control is neither a preset nor a PGN tag (6.1).
    #[error("{0}")]
    TimeControl(#[from] TimeControlError),
    /// The starting position's FEN cannot be read.
    #[error("the FEN cannot be read: {0}")]
    Fen(#[from] shakmaty::fen::ParseFenError),
    /// The FEN reads, but is no legal starting position (Art. 3; for
    /// Chess960, Guidelines II.2): every problem found.
    #[error("the FEN is no legal position: {}", PositionProblem::english(.0))]
    Position(Vec<PositionProblem>),
    /// The voice pack lacks the clock's words (D.2.6.1).
    #[error("{0}")]
    ClockWords(#[from] crate::clock::words::ClockWordsError),
    /// A language named for the typed piece letters has none known.
    #[error("piece_letters: {0}")]
    PieceLetters(#[from] crate::notation::UnknownLetters),
}

/// Why a position is no legal starting position (Art. 3; 3.8 for
/// castling, 3.7.3 for en passant), as the pack says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionProblem {
    /// No piece at all.
    EmptyBoard,
    /// A side has no king.
    MissingKing,
    /// A side has more than one king.
    TooManyKings,
    /// A pawn on the first or last rank.
    PawnsOnBackRank,
    /// Castling rights the kings and rooks do not allow (3.8.2.1).
    CastlingRights,
    /// An en passant square no pawn can take on (3.7.3.1).
    EnPassantSquare,
    /// The side not to move is in check.
    OppositeCheck,
    /// A check no last move could have given.
    ImpossibleCheck,
    /// More pieces than promotion can give.
    TooMuchMaterial,
    /// Anything else the rules do not allow.
    Other,
}

impl PositionProblem {
    /// Every problem of a position shakmaty refused.
    pub fn of(error: &shakmaty::PositionError<shakmaty::Chess>) -> Vec<PositionProblem> {
        use shakmaty::PositionErrorKinds as K;
        let kinds = error.kinds();
        let found: Vec<PositionProblem> = [
            (K::EMPTY_BOARD, PositionProblem::EmptyBoard),
            (K::MISSING_KING, PositionProblem::MissingKing),
            (K::TOO_MANY_KINGS, PositionProblem::TooManyKings),
            (K::PAWNS_ON_BACKRANK, PositionProblem::PawnsOnBackRank),
            (K::INVALID_CASTLING_RIGHTS, PositionProblem::CastlingRights),
            (K::INVALID_EP_SQUARE, PositionProblem::EnPassantSquare),
            (K::OPPOSITE_CHECK, PositionProblem::OppositeCheck),
            (K::IMPOSSIBLE_CHECK, PositionProblem::ImpossibleCheck),
            (K::TOO_MUCH_MATERIAL, PositionProblem::TooMuchMaterial),
        ]
        .into_iter()
        .filter(|(k, _)| kinds.contains(*k))
        .map(|(_, p)| p)
        .collect();
        if found.is_empty() {
            vec![PositionProblem::Other]
        } else {
            found
        }
    }

    /// The pack's words for the problem.
    pub fn key(self) -> LineSentence {
        match self {
            PositionProblem::EmptyBoard => LineSentence::FenEmptyBoard,
            PositionProblem::MissingKing => LineSentence::FenMissingKing,
            PositionProblem::TooManyKings => LineSentence::FenTooManyKings,
            PositionProblem::PawnsOnBackRank => LineSentence::FenPawnsOnBackRank,
            PositionProblem::CastlingRights => LineSentence::FenCastlingRights,
            PositionProblem::EnPassantSquare => LineSentence::FenEpSquare,
            PositionProblem::OppositeCheck => LineSentence::FenOppositeCheck,
            PositionProblem::ImpossibleCheck => LineSentence::FenImpossibleCheck,
            PositionProblem::TooMuchMaterial => LineSentence::FenTooMuchMaterial,
            PositionProblem::Other => LineSentence::FenOther,
        }
    }

    fn english(problems: &[PositionProblem]) -> String {
        let en = crate::notation::VoicePack::builtin("en");
        problems
            .iter()
            .map(|p| en.line_sentences().say(p.key(), &[]))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// The part of a FEN that cannot be read, as the pack names it.
fn fen_part(error: &shakmaty::fen::ParseFenError) -> LineSentence {
    use shakmaty::fen::ParseFenError as E;
    match error {
        E::InvalidBoard | E::InvalidPocket => LineSentence::FenPartBoard,
        E::InvalidTurn => LineSentence::FenPartTurn,
        E::InvalidCastling => LineSentence::FenPartCastling,
        E::InvalidEpSquare => LineSentence::FenPartEp,
        E::InvalidHalfmoveClock => LineSentence::FenPartClock,
        E::InvalidFullmoves => LineSentence::FenPartMoves,
        _ => LineSentence::FenPartOther,
    }
}

impl SetupError {
    /// The error in the pack's words, where the pack has them: a time
    /// control that cannot be read, a FEN that cannot be read or is no
    /// legal position.
    pub fn say(&self, pack: &crate::notation::VoicePack) -> String {
        let line = pack.line_sentences();
        match self {
            SetupError::Fen(e) => {
                let part = line.say(fen_part(e), &[]);
                line.say(LineSentence::FenUnreadable, &[("part", &part)])
            }
            SetupError::Position(problems) => {
                let words: Vec<String> = problems.iter().map(|p| line.say(p.key(), &[])).collect();
                line.say(LineSentence::FenIllegal, &[("problems", &words.join("; "))])
            }
            // 6.3.1: the two readings of a control, or how one is typed.
            SetupError::TimeControl(e) => {
                crate::game::GameWords::of_pack_or_english(pack).time_control_fault(e)
            }
            other => other.to_string(),
        }
    }
}

/// A player by colour, as commands and the journal name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The player of the white pieces.
    White,
    /// The player of the black pieces.
    Black,
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl std::str::FromStr for Side {
    type Err = SetupError;
    fn from_str(text: &str) -> Result<Side, SetupError> {
        match text.trim().to_lowercase().as_str() {
            "white" | "w" | "weiss" | "weiß" | "brancas" | "blancas" => Ok(Side::White),
            "black" | "b" | "schwarz" | "pretas" | "negras" => Ok(Side::Black),
            other => Err(SetupError::NotASide(other.to_string())),
        }
    }
}

/// Which player is visually impaired (D.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Impaired {
    /// White is visually impaired.
    #[default]
    White,
    /// Black is visually impaired.
    Black,
    /// Both players are.
    Both,
}

impl Impaired {
    /// Whether `color` is visually impaired.
    pub fn includes(self, color: Color) -> bool {
        matches!(
            (self, color),
            (Impaired::Both, _) | (Impaired::White, Color::White) | (Impaired::Black, Color::Black)
        )
    }
}

/// How the opponent repeats an announced move (D.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Repetition {
    /// The repetition is entered as a move and must be the same move.
    #[default]
    Strict,
    /// One key confirms the announced move.
    Quick,
    /// No repetition is recorded; the opponent's board follows the press.
    Off,
}

impl Repetition {
    /// The name the command line, the configuration and the journal use.
    pub fn name(self) -> &'static str {
        match self {
            Repetition::Strict => "strict",
            Repetition::Quick => "quick",
            Repetition::Off => "off",
        }
    }
}

/// How the clock is pressed after an announcement (D.2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Press {
    /// A separate command presses the clock; until then the move may be
    /// corrected (D.2.8).
    #[default]
    Separate,
    /// The press follows the announcement at once.
    Auto,
}

/// Which of the two sets of rules for rapid and blitz the event's
/// regulations apply (A.6, B.4). Standard games are played under neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum EventRules {
    /// The Competition Rules (A.4, B.2): an arbiter for at most three games,
    /// who records each game; the Laws apply as in standard play.
    #[default]
    Competition,
    /// Otherwise (A.5, B.3): no change of the clock setting after ten moves
    /// each (A.5.1), an illegal move claimed or called only before the
    /// opponent's next move (A.5.2), flags claimed or seen by the arbiter
    /// (A.5.3, A.5.5), both kings in check or a pawn on the last rank drawn
    /// after the next move (A.5.4).
    A5,
}

/// Who types at the keyboard (D.2.7, D.2.10, D.2.9): the steps of each
/// half-move that are typed, and whose act a command without a side is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The visually impaired player alone, with the program as recording
    /// device and clock (D.2.7, D.2.6.1): their own move and the
    /// opponent's move as they heard it (their repetition, D.2.1), one
    /// text per half-move.
    #[default]
    Player,
    /// The visually impaired player's assistant (D.2.10), or the sighted
    /// player's (D.2.11): relays both players' moves, one text per
    /// half-move; the time is said only on request (D.2.10.4).
    Assistant,
    /// The arbiter, or anyone keeping both boards: the whole protocol,
    /// announcement, press and repetition on two boards and two scores,
    /// and the audit of D.2.9.
    Arbiter,
}

impl Role {
    /// The role of a game recorded before roles were: the whole protocol.
    pub fn before_roles() -> Role {
        Role::Arbiter
    }

    /// The role's name as the command line, the configuration, the
    /// journal and the PGN write it.
    pub fn name(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Assistant => "assistant",
            Role::Arbiter => "arbiter",
        }
    }

    /// How the clock is pressed when nothing else is said: right after
    /// the announcement for the player and the assistant, who type one
    /// text per half-move; a press of its own for the arbiter, so that a
    /// slip of the tongue can be corrected first (D.2.8).
    pub fn press(self) -> Press {
        match self {
            Role::Player | Role::Assistant => Press::Auto,
            Role::Arbiter => Press::Separate,
        }
    }

    /// The press the game uses: the one `chosen` (on the command line, in
    /// the form, in the configuration), else the role's own
    /// ([`Role::press`]).
    pub fn press_or(self, chosen: Option<Press>) -> Press {
        chosen.unwrap_or(self.press())
    }

    /// Whether this role enters the opponent's repetition as a step of its
    /// own (D.2.1): only the arbiter, who keeps both boards. The player at
    /// the keyboard types the opponent's move as they heard it, which is
    /// their repetition, and the assistant relays both moves.
    pub fn enters_repetition(self) -> bool {
        self == Role::Arbiter
    }

    /// The repetition the game uses when `chosen` is asked for: the one
    /// chosen for the arbiter, none for the other roles.
    pub fn repetition(self, chosen: Repetition) -> Repetition {
        if self.enters_repetition() {
            chosen
        } else {
            Repetition::Off
        }
    }

    /// Whether `chosen` can be asked of this role: a repetition as a step
    /// (strict or quick) only of the arbiter.
    pub fn takes_repetition(self, chosen: Repetition) -> bool {
        self.enters_repetition() || chosen == Repetition::Off
    }
}

impl std::str::FromStr for Role {
    type Err = SetupError;
    fn from_str(text: &str) -> Result<Role, SetupError> {
        [Role::Player, Role::Assistant, Role::Arbiter]
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| SetupError::NotARole(text.trim().to_string()))
    }
}

/// Everything fixed when a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Who is visually impaired.
    pub impaired: Impaired,
    /// Whether an assistant relays moves and keeps the score (D.2.10).
    pub assistant: bool,
    /// Who types at the keyboard; a journal written before roles were
    /// replays as the arbiter's whole protocol.
    #[serde(default = "Role::before_roles")]
    pub role: Role,
    /// The time control as a PGN `TimeControl` tag or a preset name.
    pub time: String,
    /// The voice pack's id.
    pub voice: String,
    /// How moves are repeated.
    pub repetition: Repetition,
    /// How the clock is pressed.
    pub press: Press,
    /// The PGN `Event` tag.
    pub event: String,
    /// The PGN `Site` tag.
    pub site: String,
    /// The date the game started, `YYYY.MM.DD`.
    pub date: String,
    /// A starting position other than the usual one, as FEN (PGN `SetUp`
    /// and `FEN` tags); for adjourned games carried over and for training.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Which rules for rapid and blitz the event applies (A.6, B.4).
    #[serde(default)]
    pub rules: EventRules,
    /// The event announces Guidelines III for games without increment
    /// (III.2.1): the quickplay finish, with its claims (III.4, III.5).
    #[serde(default)]
    pub quickplay_finish: bool,
    /// The game is Chess960 (Guidelines II): castling follows II.3. A FEN
    /// whose castling rights only Chess960 can have makes it Chess960 too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chess960: bool,
    /// The languages whose piece letters the moves are typed in besides
    /// SAN's English (Appendix C.3), as language subtags or `every`;
    /// empty for the voice pack's own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub piece_letters: Vec<String>,
    /// A training game: every question about the position is answered.
    /// Otherwise the game is rated, and during play the device gives only
    /// what a scoresheet and the player's own board give (11.3.1): a
    /// journal without the field is a rated game's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub training: bool,
    /// Where the game stands in its tournament: the round, the board and
    /// the players' ratings, for the PGN a broadcast reads.
    #[serde(default, skip_serializing_if = "Pairing::is_unknown")]
    pub pairing: Pairing,
    /// Where the game's live PGN is kept for the round's broadcast,
    /// besides the copy beside the journal: kept in the journal, so that a
    /// resumed game goes on writing it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub live_copy: Option<std::path::PathBuf>,
}

/// A game's place in its tournament, as the pairing list gives it: the
/// PGN tags `Round`, `Board`, `WhiteElo` and `BlackElo` that a broadcast
/// sorts and shows the round's games by.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The round, as the PGN `Round` tag writes it ("3", "3.1"); empty
    /// when not given.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub round: String,
    /// The board number in the round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// White's rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_elo: Option<u32>,
    /// Black's rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_elo: Option<u32>,
}

impl Pairing {
    /// Whether nothing of the pairing is known (a game outside a
    /// tournament).
    pub fn is_unknown(&self) -> bool {
        *self == Pairing::default()
    }
}

impl Setup {
    /// Whether the game is rated: everything but a training game. During
    /// a rated game no question that computes chess is answered (11.3.1).
    pub fn rated(&self) -> bool {
        !self.training
    }

    /// The time control, read from its tag or preset name.
    pub fn time_control(&self) -> Result<TimeControl, SetupError> {
        Ok(TimeControl::named_or_parsed(&self.time)?)
    }

    /// The starting position: the usual one or the one given as FEN, its
    /// castling rights read as X-FEN or Shredder-FEN. The position's
    /// castling mode is Chess960 when the setup says so, or when the FEN's
    /// castling rights can only be those of Chess960 (Guidelines II.3).
    pub fn start_position(&self) -> Result<shakmaty::Chess, SetupError> {
        use shakmaty::CastlingMode;
        let Some(text) = &self.fen else {
            let mode = CastlingMode::from_chess960(self.chess960);
            return shakmaty::Setup::initial()
                .position(mode)
                .map_err(|e| SetupError::Position(PositionProblem::of(&e)));
        };
        let fen: shakmaty::fen::Fen = text.trim().parse()?;
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::detect(fen.as_setup())
        };
        fen.into_position(mode)
            .map_err(|e| SetupError::Position(PositionProblem::of(&e)))
    }
}

impl Default for Setup {
    /// Anonymous players, White visually impaired, no assistant, the
    /// arbiter's whole protocol, the standard time control, the FIDE words,
    /// strict repetition, a separate clock press.
    fn default() -> Setup {
        Setup {
            white: "White".into(),
            black: "Black".into(),
            impaired: Impaired::White,
            assistant: false,
            role: Role::Arbiter,
            time: "standard".into(),
            voice: crate::notation::pack::DEFAULT_ID.into(),
            repetition: Repetition::Strict,
            press: Press::Separate,
            event: "?".into(),
            site: "?".into(),
            date: "????.??.??".into(),
            fen: None,
            rules: EventRules::Competition,
            quickplay_finish: false,
            chess960: false,
            piece_letters: Vec::new(),
            training: false,
            pairing: Pairing::default(),
            live_copy: None,
        }
    }
}
