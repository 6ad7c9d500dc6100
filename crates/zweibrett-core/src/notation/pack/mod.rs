//! Voice packs: the words a game is announced in (FIDE Laws, Appendix D.2.1).
//!
//! A pack is one TOML file in `voices/`. It names the files, ranks, pieces,
//! castlings and the words for capture, check, mate, en passant and
//! promotion; the sentences said around moves (questions, reasons); and the
//! other spellings a player may type. Packs are validated when loaded: a
//! missing word, an unknown key or a word given two meanings is an error that
//! names the file, the key and the line.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::OnceLock;

use shakmaty::{CastlingSide, Color, File, Rank, Role, Square};

mod check;
mod clock;
mod command_line;
mod command_table;
mod commands;
mod dates;
mod error;
mod key;
mod language;
mod phrases;
mod pronounce;
mod raw;
mod sections;
mod sentences;
pub mod spoken;
mod wanted;

use crate::notation::piece_letters::{PieceLetters, TypedLetters, UnknownLetters};
use check::{Checker, accept_meaning, check_answers, check_phrases};
pub use check::{fill, placeholders};
pub use clock::{ClockPhrases, ClockProblem, ClockSection, LargeWords, UnitWords};
pub use command_line::CommandLineSection;
pub use command_table::{
    AFTER_AN_ANALYSIS_COMMAND, ANALYSIS_COMMANDS, CommandEntry, GAME_COMMANDS, Part, Users,
    command_keys, game_command, spoken_commands,
};
pub use commands::CommandWords;
pub use dates::YearWords;
use dates::{check_numbered, check_years};
pub use error::{DuplicateWord, PackError};
pub use key::Key;
pub use language::{LanguageTag, LanguageTagError, choose_voice};
pub use phrases::{AnswerWords, MoveWords, Phrases};
use raw::{RawPack, SpellingList};
pub use sections::HallSentence;
pub use sections::SeatScreenSentence;
pub use sections::SeatSentence;
pub use sections::{
    AnalysisSentence, AuditSentence, BrowseSentence, CommandLineSentence, DoctorSentence,
    GameSentence, HelpSentence, LineSentence, ScreenSentence, SetupSentence, SpeechSentence,
};
use sentences::Fallback;
pub use sentences::{PluralRule, Sentence, SentenceKey, Sentences};
pub use wanted::{Argument, Wanted};

/// The packs shipped inside the program, as `(id, TOML text)`.
pub const BUILTIN: &[(&str, &str)] = &[
    ("fide", include_str!("../../../voices/fide.toml")),
    ("pt", include_str!("../../../voices/pt.toml")),
    ("es", include_str!("../../../voices/es.toml")),
    ("en", include_str!("../../../voices/en.toml")),
];

/// The id of the default pack: the German words of Appendix D.2.1.
pub const DEFAULT_ID: &str = "fide";

/// The shipped pack of each language a locale names, by its ISO 639
/// code: the pack whose language that is.
const LOCALE_PACKS: &[(&str, &str)] = &[("de", "fide"), ("pt", "pt"), ("es", "es"), ("en", "en")];

/// The shipped pack of a POSIX locale's language (`de_DE.UTF-8` is
/// `fide`, `pt_PT` is `pt`); `None` for `C`, `POSIX` and a language no
/// pack speaks.
pub fn pack_of_locale(locale: &str) -> Option<&'static str> {
    let language = locale.split(['_', '.', '@', '-']).next()?;
    LOCALE_PACKS
        .iter()
        .find(|(code, _)| code.eq_ignore_ascii_case(language))
        .map(|(_, id)| *id)
}

/// What a word means when a player says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Meaning {
    /// A file, by its name (D.2.1: Anna … Hector).
    File(File),
    /// A rank, by its number word (D.2.1: eins … acht).
    Rank(Rank),
    /// A piece, by its name (D.2.1: Koenig … Bauer).
    Piece(Role),
    /// Castling on one side (D.2.1: Kurze / Lange Rochade).
    Castle(CastlingSide),
    /// Castling without the side said ("Rochade", "castles"): the move when
    /// only one castling is legal, a question when both are.
    Castling,
    /// The move captures.
    Capture,
    /// The move gives check.
    Check,
    /// The move gives mate.
    Mate,
    /// The capture is en passant (Art. 3.7.3.1).
    EnPassant,
    /// A promotion follows (Art. 3.7.5, D.2.1: the piece must be named).
    Promotion,
    /// A word that carries nothing ("nach", "to").
    Filler,
}

/// One spelling a pack accepts, with what it means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelling {
    /// The spelling as written in the pack.
    pub text: String,
    /// What the spelling stands for.
    pub meaning: Meaning,
}

/// A loaded and validated voice pack.
#[derive(Clone, Debug)]
pub struct VoicePack {
    /// Short id used on the command line and in configuration ("fide").
    pub id: String,
    /// Name to show and say.
    pub name: String,
    /// Language of the pack's sentences, a BCP 47 tag with its region
    /// ("de-DE"), checked when loaded; it chooses the system voice.
    pub language: String,
    files: [String; 8],
    ranks: [String; 8],
    pieces: [String; 6],
    /// Words for the parts of a move.
    pub moves: MoveWords,
    sides: [String; 2],
    /// Sentences said around moves.
    pub phrases: Phrases,
    /// Words that answer the program's own questions by a choice's place.
    pub answers: AnswerWords,
    spellings: Vec<Spelling>,
    /// How the pack's language picks singular or plural for a count.
    pub plural: PluralRule,
    /// The piece letters a player of this pack types (Appendix C.3): the
    /// pack's `piece_letters`, else its language's; a game's setup may
    /// name others.
    pub typed_letters: TypedLetters,
    clock: Option<ClockSection>,
    audit: Option<Sentences<AuditSentence>>,
    analysis: Option<AnalysisSection>,
    game: Option<Sentences<GameSentence>>,
    line: Sentences<LineSentence>,
    help: Sentences<HelpSentence>,
    screen: Sentences<ScreenSentence>,
    setup: Sentences<SetupSentence>,
    browse: Sentences<BrowseSentence>,
    speech: Sentences<SpeechSentence>,
    doctor: Sentences<DoctorSentence>,
    seat: Sentences<SeatSentence>,
    seat_screen: Sentences<SeatScreenSentence>,
    hall: Sentences<HallSentence>,
    command_line: CommandLineSection,
    /// Sentences the pack lacks, as "section.key", said in English.
    missing: Vec<String>,
    /// The pack's text, from which the words it says are listed when
    /// first asked for.
    text: std::sync::Arc<str>,
    /// Every word the pack can say, by clip name, once listed.
    said: OnceLock<BTreeMap<String, String>>,
    /// Pronunciations for the speech engines, by clip name.
    pronounce: BTreeMap<String, String>,
    commands: CommandWords,
}

/// The `[analysis]` section, checked: its sentences and the words of
/// annotation glyphs.
#[derive(Clone, Debug)]
pub struct AnalysisSection {
    /// The sentences of going through a game.
    pub sentences: Sentences<AnalysisSentence>,
    /// Its words by number: glyphs, days, years.
    pub numbered: NumberedWords,
}

/// The `[analysis]` section's words by number.
#[derive(Clone, Debug, Default)]
pub struct NumberedWords {
    /// Words for annotation glyphs, by glyph number.
    pub nags: BTreeMap<u8, String>,
    /// The day of the month as the date sentence wants it, by day.
    pub days: BTreeMap<u8, String>,
    /// How a year is said in hundreds, where the language does.
    pub years: Option<YearWords>,
}

impl VoicePack {
    /// The built-in pack with this id, if there is one. Reading a user's
    /// own pack from a file is the session's (`zweibrett_session::packs`).
    pub fn builtin_named(id: &str) -> Option<VoicePack> {
        let (_, text) = BUILTIN.iter().find(|(builtin, _)| *builtin == id)?;
        Some(
            VoicePack::read(text, &format!("voices/{id}.toml"), Reading::Shipped)
                .unwrap_or_else(|e| panic!("built-in voice pack is invalid: {e}")),
        )
    }

    /// A built-in pack. Panics only if a shipped pack is broken, which the
    /// test suite rules out.
    pub fn builtin(id: &str) -> VoicePack {
        VoicePack::builtin_named(id).unwrap_or_else(|| panic!("no built-in voice pack {id}"))
    }

    /// The default pack, FIDE's German words.
    pub fn fide() -> VoicePack {
        VoicePack::builtin(DEFAULT_ID)
    }

    /// Reads a pack from TOML text; `file` names it in error messages. A
    /// sentence the pack lacks is said in English (see
    /// [`VoicePack::missing_sentences`]).
    pub fn from_toml(text: &str, file: &str) -> Result<VoicePack, PackError> {
        VoicePack::read(text, file, Reading::Outside)
    }

    /// Reads a pack as `reading` says. The English pack is read only when
    /// a sentence is missing, which no built-in pack is.
    fn read(text: &str, file: &str, reading: Reading) -> Result<VoicePack, PackError> {
        let english = reading != Reading::English;
        let syntax = |mut e: toml::de::Error| {
            e.set_input(Some(text));
            PackError::Syntax {
                file: file.to_string(),
                message: crate::printable::one_line(&e),
            }
        };
        // Parsed once: the pronounced words are looked for in the document
        // before it is read into the pack's fields.
        let document = toml::de::DeTable::parse(text).map_err(syntax)?;
        let pronounced_said = match reading {
            Reading::Outside => Some(pronounce::said_of_pronounced(document.get_ref())),
            Reading::Shipped | Reading::English => None,
        };
        let raw = RawPack::deserialize(toml::de::Deserializer::from(document)).map_err(syntax)?;
        let mut check = Checker::new(text, file);
        let id = check.word("id", &raw.id)?;
        let language =
            LanguageTag::parse(raw.language.get_ref()).map_err(|e| PackError::Invalid {
                file: file.to_string(),
                key: "language".to_string(),
                line: check.line(raw.language.span().start),
                problem: e.to_string(),
            })?;
        let files = raw.files;
        let file_words = [
            &files.a, &files.b, &files.c, &files.d, &files.e, &files.f, &files.g, &files.h,
        ];
        for (i, word) in file_words.iter().enumerate() {
            let key = format!("files.{}", File::new(i as u32).char());
            check.meaning(&key, word, Meaning::File(File::new(i as u32)))?;
        }
        let ranks = raw.ranks;
        let rank_words = [
            &ranks.r1, &ranks.r2, &ranks.r3, &ranks.r4, &ranks.r5, &ranks.r6, &ranks.r7, &ranks.r8,
        ];
        for (i, word) in rank_words.iter().enumerate() {
            let key = format!("ranks.{}", i + 1);
            check.meaning(&key, word, Meaning::Rank(Rank::new(i as u32)))?;
        }
        let pieces = raw.pieces;
        let piece_words = [
            (&pieces.pawn, Role::Pawn),
            (&pieces.knight, Role::Knight),
            (&pieces.bishop, Role::Bishop),
            (&pieces.rook, Role::Rook),
            (&pieces.queen, Role::Queen),
            (&pieces.king, Role::King),
        ];
        for (word, role) in piece_words {
            let key = format!("pieces.{}", role_key(role));
            check.meaning(&key, word, Meaning::Piece(role))?;
        }
        let moves_line = check.line(raw.moves.span().start);
        let moves = raw.moves.into_inner();
        for (key, meaning) in MOVE_KEYS {
            let word = move_word(&moves, key);
            check.plain_meaning(&format!("moves.{key}"), word, moves_line, *meaning)?;
        }
        let phrases_line = check.line(raw.phrases.span().start);
        let phrases = raw.phrases.into_inner();
        check_phrases(&phrases, file, phrases_line)?;
        let answers_line = check.line(raw.answers.span().start);
        let answers = raw.answers.into_inner();
        check_answers(&answers, file, answers_line)?;
        let plural = raw.plural;
        // The pack's own language's letters are read in either case.
        let own = [PieceLetters::of_language(&language.to_string())];
        let typed_letters = match &raw.piece_letters {
            None => TypedLetters::of(&own),
            Some(letters) => {
                let names: Vec<String> = match letters.get_ref() {
                    raw::RawLetters::One(name) => vec![name.clone()],
                    raw::RawLetters::Many(names) => names.clone(),
                };
                TypedLetters::named(&names)
                    .map_err(|e| PackError::Invalid {
                        file: file.to_string(),
                        key: "piece_letters".to_string(),
                        line: check.line(letters.span().start),
                        problem: e.to_string(),
                    })?
                    .and(&own)
            }
        };
        let clock = match &raw.clock {
            Some(table) => Some(clock::check_clock(table, &check)?),
            None => None,
        };
        let mut missing = Vec::new();
        // Each section of sentences: the pack's own, English for what it lacks.
        macro_rules! section {
            ($raw:expr, $field:ident, $skip:expr) => {{
                let fallback = match english {
                    true => Fallback::English {
                        english: || crate::notation::pack::english().$field(),
                        missing: &mut missing,
                    },
                    false => Fallback::None,
                };
                Sentences::check_skipping($raw.as_ref(), &check, plural, $skip, fallback)?
            }};
        }
        let game = Some(section!(raw.game, game_section, &[]));
        let audit = Some(section!(raw.audit, audit_section, &[]));
        let numbered = match (&raw.analysis, english) {
            (Some(table), _) => {
                let table = table.get_ref();
                NumberedWords {
                    nags: check_numbered(
                        table.get("nags"),
                        ("nags", "glyph number"),
                        1..=255,
                        &check,
                    )?,
                    days: check_numbered(table.get("days"), ("days", "day"), 1..=31, &check)?,
                    years: check_years(table.get("years"), &check)?,
                }
            }
            (None, true) => self::english().analysis_numbered().clone(),
            (None, false) => NumberedWords::default(),
        };
        let analysis = Some(AnalysisSection {
            sentences: section!(raw.analysis, analysis_sentences, &["nags", "days", "years"]),
            numbered,
        });
        let line = section!(raw.line, line_sentences, &[]);
        let help = section!(raw.help, help_sentences, &[]);
        let screen = section!(raw.screen, screen_sentences, &[]);
        let setup = section!(raw.setup, setup_sentences, &[]);
        let browse = section!(raw.browse, browse_sentences, &[]);
        let speech = section!(raw.speech, speech_sentences, &[]);
        let doctor = section!(raw.doctor, doctor_sentences, &[]);
        let seat = section!(raw.seat, seat_sentences, &[]);
        let seat_screen = section!(raw.seat_screen, seat_screen_sentences, &[]);
        let hall = section!(raw.hall, hall_sentences, &[]);
        let command_line = CommandLineSection {
            sentences: section!(
                raw.command_line,
                command_line_sentences,
                &["texts", "value_names"]
            ),
            texts: command_line::check_words(raw.command_line.as_ref(), "texts", &check)?,
            value_names: command_line::check_words(
                raw.command_line.as_ref(),
                "value_names",
                &check,
            )?,
        };
        let pronounce = pronounce::check(&raw.pronounce, pronounced_said.as_ref(), &check)?;

        let mut spellings = Vec::new();
        let spoken = file_words
            .iter()
            .map(|w| w.get_ref())
            .zip((0..8).map(|i| Meaning::File(File::new(i))))
            .chain(
                rank_words
                    .iter()
                    .map(|w| w.get_ref())
                    .zip((0..8).map(|i| Meaning::Rank(Rank::new(i)))),
            )
            .chain(
                piece_words
                    .iter()
                    .map(|(w, r)| (w.get_ref(), Meaning::Piece(*r))),
            )
            .chain(MOVE_KEYS.iter().map(|(k, m)| (move_word(&moves, k), *m)));
        for (text, meaning) in spoken {
            spellings.push(Spelling {
                text: text.clone(),
                meaning,
            });
        }
        let accept = raw.accept;
        let groups: [(&str, &SpellingList); 4] = [
            ("files", &accept.files),
            ("ranks", &accept.ranks),
            ("pieces", &accept.pieces),
            ("moves", &accept.moves),
        ];
        for (group, list) in groups {
            for (name, words) in list {
                let key = format!("accept.{group}.{name}");
                let meaning = accept_meaning(group, name).ok_or_else(|| PackError::Invalid {
                    file: file.to_string(),
                    key: key.clone(),
                    line: words.first().map_or(1, |w| check.line(w.span().start)),
                    problem: format!("\"{name}\" is not a {group} key"),
                })?;
                for word in words {
                    check.meaning(&key, word, meaning)?;
                    spellings.push(Spelling {
                        text: word.get_ref().clone(),
                        meaning,
                    });
                }
            }
        }
        for word in &accept.filler {
            check.meaning("accept.filler", word, Meaning::Filler)?;
            spellings.push(Spelling {
                text: word.get_ref().clone(),
                meaning: Meaning::Filler,
            });
        }
        // Checked last, against every word the move reader knows.
        let commands = CommandWords::check(raw.commands.as_ref(), &check)?;

        Ok(VoicePack {
            id,
            name: raw.name,
            language: language.to_string(),
            files: file_words.map(|w| w.get_ref().clone()),
            ranks: rank_words.map(|w| w.get_ref().clone()),
            pieces: [
                pieces.pawn.into_inner(),
                pieces.knight.into_inner(),
                pieces.bishop.into_inner(),
                pieces.rook.into_inner(),
                pieces.queen.into_inner(),
                pieces.king.into_inner(),
            ],
            moves,
            sides: [raw.sides.white, raw.sides.black],
            phrases,
            answers,
            spellings,
            plural,
            typed_letters,
            clock,
            audit,
            analysis,
            game,
            line,
            help,
            screen,
            setup,
            browse,
            speech,
            doctor,
            seat,
            seat_screen,
            hall,
            command_line,
            missing,
            text: text.into(),
            said: OnceLock::new(),
            pronounce,
            commands,
        })
    }

    /// The spoken name of a file (D.2.1).
    pub fn file(&self, file: File) -> &str {
        &self.files[usize::from(file)]
    }

    /// The spoken number of a rank (D.2.1).
    pub fn rank(&self, rank: Rank) -> &str {
        &self.ranks[usize::from(rank)]
    }

    /// The spoken name of a piece (D.2.1).
    pub fn piece(&self, role: Role) -> &str {
        &self.pieces[usize::from(role) - 1]
    }

    /// The spoken name of a side.
    pub fn side(&self, color: Color) -> &str {
        &self.sides[usize::from(color == Color::Black)]
    }

    /// A square as two words, file then rank: "Eva vier".
    pub fn square(&self, square: Square) -> String {
        format!("{} {}", self.file(square.file()), self.rank(square.rank()))
    }

    /// The castling phrase for a side (D.2.1).
    pub fn castle(&self, side: CastlingSide) -> &str {
        match side {
            CastlingSide::KingSide => &self.moves.castle_short,
            CastlingSide::QueenSide => &self.moves.castle_long,
        }
    }

    /// Every spelling the pack accepts, spoken words first.
    pub fn spellings(&self) -> &[Spelling] {
        &self.spellings
    }

    /// How messages name where the pack came from: its file in `voices/`
    /// for a built-in pack, else its id.
    pub fn source_name(&self) -> String {
        if BUILTIN.iter().any(|(id, _)| *id == self.id) {
            format!("voices/{}.toml", self.id)
        } else {
            format!("voice pack \"{}\"", self.id)
        }
    }

    /// The pack's language as a tag; `None` only when `language` was
    /// changed after loading to something that is not one.
    pub fn language_tag(&self) -> Option<LanguageTag> {
        LanguageTag::parse(&self.language).ok()
    }

    /// The pack's `[clock]` section, checked when loaded, for the clock's
    /// vocabulary; `None` for a pack without it.
    pub fn clock_section(&self) -> Option<&ClockSection> {
        self.clock.as_ref()
    }

    /// The pack's `[audit]` sentences, checked when loaded, for the words
    /// of the arbiter's audit (D.2.9); `None` for a pack without them.
    pub fn audit_sentences(&self) -> Option<&Sentences<AuditSentence>> {
        self.audit.as_ref()
    }

    /// The pack's `[analysis]` section, checked when loaded; `None` for a
    /// pack without it.
    pub fn analysis_section(&self) -> Option<&AnalysisSection> {
        self.analysis.as_ref()
    }

    /// The pack's `[game]` sentences, checked when loaded; `None` for a
    /// pack without them.
    pub fn game_sentences(&self) -> Option<&Sentences<GameSentence>> {
        self.game.as_ref()
    }
}

impl VoicePack {
    /// Makes the piece letters the player types those of the languages
    /// named (Appendix C.3), as `[game] piece_letters` names them: nothing
    /// keeps the pack's own and English; `"every"` alone adds every
    /// language's to those, and with languages beside it adds every
    /// language's to those languages' and English.
    pub fn type_letters(&mut self, names: &[impl AsRef<str>]) -> Result<(), UnknownLetters> {
        if names.is_empty() {
            return Ok(());
        }
        let letters = TypedLetters::named(names)?;
        let only_every = names
            .iter()
            .all(|n| n.as_ref().trim().eq_ignore_ascii_case("every"));
        self.typed_letters = if only_every {
            letters.and(&[PieceLetters::of_pack(self)])
        } else {
            letters
        };
        Ok(())
    }

    /// Sentences this pack lacks, as "section.key": they are said in
    /// English. Empty for every built-in pack.
    pub fn missing_sentences(&self) -> &[String] {
        &self.missing
    }

    /// Line mode's command words in the pack's language.
    pub fn command_words(&self) -> &CommandWords {
        &self.commands
    }

    /// Line mode's own sentences.
    pub fn line_sentences(&self) -> &Sentences<LineSentence> {
        &self.line
    }

    /// What each command of a game does, and the forms of the help's
    /// lines.
    pub fn help_sentences(&self) -> &Sentences<HelpSentence> {
        &self.help
    }

    /// The full screen's sentences for a game.
    pub fn screen_sentences(&self) -> &Sentences<ScreenSentence> {
        &self.screen
    }

    /// The new game form's sentences.
    pub fn setup_sentences(&self) -> &Sentences<SetupSentence> {
        &self.setup
    }

    /// The full screen's sentences for going through games.
    pub fn browse_sentences(&self) -> &Sentences<BrowseSentence> {
        &self.browse
    }

    /// What the program says about its own voice.
    pub fn speech_sentences(&self) -> &Sentences<SpeechSentence> {
        &self.speech
    }

    /// The lines of `zweibrett doctor`.
    pub fn doctor_sentences(&self) -> &Sentences<DoctorSentence> {
        &self.doctor
    }

    /// What the game and a second seat say about the seats.
    pub fn seat_sentences(&self) -> &Sentences<SeatSentence> {
        &self.seat
    }

    /// The words of `zweibrett --help` and the program's texts in the
    /// pack's language.
    pub fn command_line(&self) -> &CommandLineSection {
        &self.command_line
    }

    /// The sentences of `[command_line]`, the words around `--help`.
    pub fn command_line_sentences(&self) -> &Sentences<CommandLineSentence> {
        &self.command_line.sentences
    }

    /// The full screen of a joined seat.
    pub fn seat_screen_sentences(&self) -> &Sentences<SeatScreenSentence> {
        &self.seat_screen
    }

    /// The `[hall]` section: what `zweibrett hall` says of every board of
    /// a round.
    pub fn hall_sentences(&self) -> &Sentences<HallSentence> {
        &self.hall
    }

    // The English pack is read strictly, so these sections are all there.
    fn game_section(&self) -> &Sentences<GameSentence> {
        self.game
            .as_ref()
            .unwrap_or_else(|| unreachable!("read with every section"))
    }

    fn audit_section(&self) -> &Sentences<AuditSentence> {
        self.audit
            .as_ref()
            .unwrap_or_else(|| unreachable!("read with every section"))
    }

    fn analysis_sentences(&self) -> &Sentences<AnalysisSentence> {
        match &self.analysis {
            Some(section) => &section.sentences,
            None => unreachable!("read with every section"),
        }
    }

    fn analysis_numbered(&self) -> &NumberedWords {
        match &self.analysis {
            Some(section) => &section.numbered,
            None => unreachable!("read with every section"),
        }
    }
}

/// How much of a pack's text is checked as it is read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// A user's own pack: everything; English lends the sentences it lacks.
    Outside,
    /// A shipped pack, which the test suite reads as [`Reading::Outside`]:
    /// its `[pronounce]` words are not looked for among its sentences again.
    Shipped,
    /// The English pack, shipped, which must have every sentence itself.
    English,
}

/// The English pack, which lends its sentences to a pack that lacks them.
pub fn english() -> &'static VoicePack {
    static ENGLISH: OnceLock<VoicePack> = OnceLock::new();
    ENGLISH.get_or_init(|| {
        let (_, text) = BUILTIN
            .iter()
            .find(|(id, _)| *id == "en")
            .unwrap_or_else(|| unreachable!("the English pack is built in"));
        VoicePack::read(text, "voices/en.toml", Reading::English)
            .unwrap_or_else(|e| panic!("built-in voice pack is invalid: {e}"))
    })
}

impl fmt::Display for Meaning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Meaning::File(file) => write!(f, "the {} file", file.char()),
            Meaning::Rank(rank) => write!(f, "rank {}", rank.char()),
            Meaning::Piece(role) => write!(f, "the {}", role_key(*role)),
            Meaning::Castle(CastlingSide::KingSide) => f.write_str("short castling"),
            Meaning::Castle(CastlingSide::QueenSide) => f.write_str("long castling"),
            Meaning::Castling => f.write_str("castling"),
            Meaning::Capture => f.write_str("a capture"),
            Meaning::Check => f.write_str("check"),
            Meaning::Mate => f.write_str("mate"),
            Meaning::EnPassant => f.write_str("en passant"),
            Meaning::Promotion => f.write_str("promotion"),
            Meaning::Filler => f.write_str("a filler word"),
        }
    }
}

/// The English key of a role as used in pack files ("knight").
pub fn role_key(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

pub(super) const MOVE_KEYS: &[(&str, Meaning)] = &[
    ("castle_short", Meaning::Castle(CastlingSide::KingSide)),
    ("castle_long", Meaning::Castle(CastlingSide::QueenSide)),
    ("capture", Meaning::Capture),
    ("check", Meaning::Check),
    ("mate", Meaning::Mate),
    ("en_passant", Meaning::EnPassant),
    ("promotion", Meaning::Promotion),
];

fn move_word<'a>(moves: &'a MoveWords, key: &str) -> &'a String {
    match key {
        "castle_short" => &moves.castle_short,
        "castle_long" => &moves.castle_long,
        "capture" => &moves.capture,
        "check" => &moves.check,
        "mate" => &moves.mate,
        "en_passant" => &moves.en_passant,
        _ => &moves.promotion,
    }
}

#[cfg(test)]
mod tests;
