//! The game's sentences in the voice pack's language: refusals, repetition
//! and correction (D.2.1, D.2.8), divergence (D.2.9), offers, claims and
//! rulings (Art. 5, 6, 7.5.5, 9), results, and the status line. They come
//! from the pack's `[game]` table, checked when the pack is loaded, so that
//! a player hears one language only.

use shakmaty::Color;

use super::{GameResult, Termination};
use crate::clock::{ClockError, TimeControlError, TwoWays};
pub use crate::notation::pack::GameSentence;
use crate::notation::pack::{AnalysisSentence, Sentences, VoicePack};

/// Why a pack's `[game]` sentences cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}, key game: the pack has no [game] table")]
pub struct GameWordsError {
    /// The pack's file.
    pub file: String,
}

/// A voice pack's sentences for the game, checked when the pack was loaded.
#[derive(Clone, Debug)]
pub struct GameWords {
    sides: [String; 2],
    /// "Weiß gewinnt", "Schwarz gewinnt", "Remis": a result said in words,
    /// never as the digits of "1/2-1/2", which a voice reads as numbers.
    results: [String; 3],
    sentences: Sentences<GameSentence>,
}

impl GameWords {
    /// Why a time control cannot be read (6.3.1), in the pack's words: the
    /// two readings when there are two, else that it is no time control
    /// and how one is typed.
    pub fn time_control_fault(&self, fault: &TimeControlError) -> String {
        match fault.two_ways.as_deref() {
            Some(TwoWays::PlusOrTag { minutes, seconds }) => self.say(
                GameSentence::TimePlusOrTag,
                &[("minutes", minutes), ("seconds", seconds)],
            ),
            Some(TwoWays::MinutesAndSeconds { minutes, seconds }) => self.say(
                GameSentence::TimeMinutesAndSeconds,
                &[("minutes", minutes), ("seconds", seconds)],
            ),
            None => self.say(
                GameSentence::TimeNotRead,
                &[("text", fault.input.trim()), ("problem", &fault.problem)],
            ),
        }
    }

    /// The `[game]` sentences of a pack, with its side words.
    pub fn from_pack(pack: &VoicePack) -> Result<GameWords, GameWordsError> {
        // The pack checked every key and placeholder when it was loaded.
        let sentences = pack
            .game_sentences()
            .ok_or_else(|| GameWordsError {
                file: pack.source_name(),
            })?
            .clone();
        let result = |key| {
            pack.analysis_section()
                .or_else(|| crate::notation::pack::english().analysis_section())
                .map_or_else(String::new, |a| a.sentences.say(key, &[]))
        };
        Ok(GameWords {
            sides: [
                pack.side(Color::White).to_string(),
                pack.side(Color::Black).to_string(),
            ],
            results: [
                result(AnalysisSentence::WhiteWins),
                result(AnalysisSentence::BlackWins),
                result(AnalysisSentence::Draw),
            ],
            sentences,
        })
    }

    /// The game words of a built-in pack; panics only if a shipped pack is
    /// broken, which the tests rule out.
    pub fn builtin(id: &str) -> GameWords {
        GameWords::from_pack(&VoicePack::builtin(id)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The English game words, from the English pack read once for the
    /// whole program (a score written in English needs no new reading).
    pub fn english() -> GameWords {
        GameWords::from_pack(crate::notation::pack::english()).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The pack's game words, or the English ones for a pack written
    /// without a `[game]` table.
    pub fn of_pack_or_english(pack: &VoicePack) -> GameWords {
        GameWords::from_pack(pack).unwrap_or_else(|_| GameWords::english())
    }

    /// The sentence under `key` with its placeholders filled.
    pub fn say(&self, key: GameSentence, values: &[(&str, &str)]) -> String {
        self.sentences.say(key, values)
    }

    /// The sentence under `key` in the form the count `n` wants (singular
    /// or plural, by the pack's rule), with its placeholders filled.
    pub fn say_count(&self, key: GameSentence, n: u64, values: &[(&str, &str)]) -> String {
        self.sentences.say_count(key, n, values)
    }

    /// A result in the pack's words ("Schwarz gewinnt", "Remis"), as it is
    /// said and shown during a game; PGN and the score keep "0-1".
    pub fn result(&self, result: GameResult) -> &str {
        match result {
            GameResult::WhiteWins => &self.results[0],
            GameResult::BlackWins => &self.results[1],
            GameResult::Draw => &self.results[2],
        }
    }

    /// The name of a side in the pack's words.
    pub fn side(&self, color: Color) -> &str {
        &self.sides[usize::from(color == Color::Black)]
    }

    /// Why the game ended, in the pack's words (Art. 5, 6.9, 7.5.5, 9).
    pub fn termination(&self, termination: Termination) -> String {
        let key = match termination {
            Termination::Checkmate => GameSentence::Checkmate,
            Termination::Stalemate => GameSentence::Stalemate,
            Termination::DeadPosition => GameSentence::DeadPosition,
            Termination::Agreement => GameSentence::Agreement,
            Termination::FivefoldRepetition => GameSentence::FivefoldRepetition,
            Termination::SeventyFiveMoves => GameSentence::SeventyFiveMoves,
            Termination::ThreefoldClaim => GameSentence::ThreefoldClaim,
            Termination::FiftyMoveClaim => GameSentence::FiftyMoveClaim,
            Termination::Resignation => GameSentence::Resignation,
            Termination::FlagFall => GameSentence::FlagFall,
            Termination::IllegalMoves => GameSentence::IllegalMoves,
            Termination::ArbiterDecision => GameSentence::ArbiterDecision,
            Termination::IllegalPosition => GameSentence::IllegalPositionDraw,
            Termination::Forfeit(reason) => {
                let why = self.forfeit_reason(reason);
                return self.say(GameSentence::DeclaredLost, &[("reason", &why)]);
            }
        };
        self.say(key, &[])
    }

    /// Why the arbiter declared the game lost, with its article (12.9.6).
    pub fn forfeit_reason(&self, reason: super::rules::Forfeit) -> String {
        use super::rules::Forfeit;
        let key = match reason {
            Forfeit::LateArrival => GameSentence::ForfeitLate,
            Forfeit::Device => GameSentence::ForfeitDevice,
            Forfeit::Refusal => GameSentence::ForfeitRefusal,
            Forfeit::Penalty => GameSentence::ForfeitPenalty,
        };
        self.say(key, &[])
    }

    /// Why the clock refused, in the pack's words (Art. 6).
    pub fn clock_refusal(&self, error: &ClockError) -> String {
        match error {
            ClockError::NotStarted => self.say(GameSentence::ReasonNotStarted, &[]),
            ClockError::Paused => self.say(GameSentence::ReasonPaused, &[]),
            ClockError::Running => self.say(GameSentence::ReasonRunning, &[]),

            ClockError::NoSuchPly(ply) => {
                self.say(GameSentence::ReasonNoRecord, &[("count", &ply.to_string())])
            }
        }
    }

    /// A penalty's time in whole minutes: "2 minutes" (7.5.5, 9.5.3).
    pub fn minutes(&self, minutes: u64) -> String {
        self.say_count(
            GameSentence::Minutes,
            minutes,
            &[("n", &minutes.to_string())],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pack::{BUILTIN, PackError, SentenceKey};

    #[test]
    fn every_builtin_pack_has_every_game_sentence() {
        for (id, text) in BUILTIN {
            let pack = VoicePack::builtin(id);
            let words = GameWords::from_pack(&pack).unwrap();
            for key in GameSentence::ALL {
                let text = words.say(*key, &[]);
                assert!(
                    !text.trim().is_empty(),
                    "{id}: game.{} is empty",
                    key.name()
                );
            }
            let table: toml::Table = toml::from_str(text).unwrap();
            let game = table["game"].as_table().expect("a [game] table");
            assert_eq!(
                game.len(),
                GameSentence::ALL.len(),
                "{id}: keys beyond the list"
            );
        }
    }

    fn line_of(text: &str, start: &str) -> usize {
        text.lines().position(|l| l.starts_with(start)).unwrap() + 1
    }

    #[test]
    fn a_broken_placeholder_names_file_key_and_line() {
        let fide = include_str!("../../../../voices/fide.toml");
        let text = fide.replacen(
            "offers = \"{side} bietet Remis an.\"",
            "offers = \"{seite} bietet Remis an.\"",
            1,
        );
        assert_ne!(text, fide);
        match VoicePack::from_toml(&text, "broken.toml").unwrap_err() {
            PackError::Invalid {
                file,
                key,
                line,
                problem,
            } => {
                assert_eq!(file, "broken.toml");
                assert_eq!(key, "game.offers");
                assert_eq!(line, line_of(&text, "offers = "));
                assert!(problem.contains("{seite}"), "{problem}");
            }
            other => panic!("expected an invalid sentence, got {other}"),
        }
    }

    #[test]
    fn a_missing_or_unknown_sentence_names_file_key_and_line() {
        let fide = include_str!("../../../../voices/fide.toml");
        let text = fide.replacen("no_flag = ", "no_flags = ", 1);
        let err = VoicePack::from_toml(&text, "x.toml").unwrap_err();
        let PackError::Invalid { key, line, .. } = &err else {
            panic!("{err}");
        };
        assert_eq!(key, "game.no_flags");
        assert_eq!(*line, line_of(&text, "no_flags = "));
        assert!(err.to_string().starts_with("x.toml, line"), "{err}");
        // A missing sentence is said in English and listed.
        let text = fide.replacen("no_flag = ", "# no_flag = ", 1);
        let pack = VoicePack::from_toml(&text, "x.toml").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pack.missing_sentences(), ["game.no_flag"]);
        let words = GameWords::from_pack(&pack).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(words.say(GameSentence::NoFlag, &[]), "No flag has fallen.");
    }

    #[test]
    fn a_pack_without_game_sentences_speaks_english() {
        let fide = include_str!("../../../../voices/fide.toml");
        let cut = fide.find("\n# The game's sentences").unwrap();
        let pack = VoicePack::from_toml(&fide[..cut], "x.toml").unwrap();
        let words = GameWords::of_pack_or_english(&pack);
        assert_eq!(words.say(GameSentence::NoFlag, &[]), "No flag has fallen.");
    }

    #[test]
    fn sentences_in_the_packs_languages() {
        let de = GameWords::builtin("fide");
        assert_eq!(
            de.say(
                GameSentence::MustRepeat,
                &[("side", de.side(Color::Black)), ("move", "Eva vier")]
            ),
            "Schwarz muss zuerst den Zug Eva vier wiederholen."
        );
        assert_eq!(de.minutes(2), "2 Minuten");
        let en = GameWords::builtin("en");
        assert_eq!(
            en.say(GameSentence::PressFirst, &[]),
            "Press the clock first, or correct the move."
        );
        assert_eq!(en.termination(Termination::FlagFall), "flag fall");
        let pt = GameWords::builtin("pt");
        assert_eq!(pt.side(Color::White), "Brancas");
        let es = GameWords::builtin("es");
        assert!(es.say(GameSentence::Agreement, &[]).contains("tablas"));
    }

    #[test]
    fn counted_sentences_take_the_form_of_their_count() {
        let en = GameWords::builtin("en");
        assert_eq!(en.minutes(1), "1 minute");
        assert_eq!(en.minutes(3), "3 minutes");
        let one = en.say_count(GameSentence::OnlyPlies, 1, &[("count", "1")]);
        assert_eq!(one, "There is only one half-move.");
        let none = en.say_count(GameSentence::OnlyPlies, 0, &[("count", "0")]);
        assert_eq!(none, "There are only 0 half-moves.");
        // European Portuguese: zero is plural.
        let pt = GameWords::builtin("pt");
        assert_eq!(pt.minutes(1), "1 minuto");
        assert_eq!(pt.minutes(0), "0 minutos");
        let de = GameWords::builtin("fide");
        assert_eq!(de.minutes(1), "1 Minute");
    }

    #[test]
    fn a_counted_sentence_is_checked_in_each_form() {
        let fide = include_str!("../../../../voices/fide.toml");
        let text = fide.replacen(
            "only_plies = { one = \"Es gibt nur einen Halbzug.\"",
            "only_plies = { one = \"Es gibt nur {anzahl} Halbzug.\"",
            1,
        );
        assert_ne!(text, fide);
        let err = VoicePack::from_toml(&text, "x.toml").unwrap_err();
        let PackError::Invalid { key, line, .. } = &err else {
            panic!("{err}");
        };
        assert_eq!(key, "game.only_plies");
        assert_eq!(*line, line_of(&text, "only_plies = "));
        let text = fide.replacen("only_plies = { one = ", "only_plies = { eins = ", 1);
        let err = VoicePack::from_toml(&text, "x.toml").unwrap_err();
        assert!(err.to_string().contains("game.only_plies"), "{err}");
    }

    #[test]
    fn a_control_read_two_ways_is_refused_in_the_packs_words_and_its_advice_reads() {
        use crate::clock::TimeControl;
        let read = |text: &str| TimeControl::from_words(text).unwrap().to_string();
        for (voice, typed, first, second) in [
            (
                "fide",
                "90 Minuten 30 Sekunden",
                "90 Minuten und 30 Sekunden",
                "90 Minuten plus 30 Sekunden",
            ),
            (
                "es",
                "90 minutos 30 segundos",
                "90 minutos y 30 segundos",
                "90 minutos más 30 segundos",
            ),
            (
                "pt",
                "90 minutos 30 segundos",
                "90 minutos e 30 segundos",
                "90 minutos mais 30 segundos",
            ),
            ("en", "90 min 30 s", "90 min and 30 s", "90 min + 30 s"),
        ] {
            let words = GameWords::of_pack_or_english(&VoicePack::builtin(voice));
            let said = words.time_control_fault(&TimeControl::named_or_parsed(typed).unwrap_err());
            assert!(
                said.contains(first) && said.contains(second),
                "{voice}: {said}"
            );
            // What it advises reads as it says: the game's time, or plus
            // seconds per move.
            assert_eq!(read(first), "5430", "{voice}");
            assert_eq!(read(second), "5400+30", "{voice}");
        }
        let words = GameWords::of_pack_or_english(&VoicePack::builtin("fide"));
        let said = words.time_control_fault(&TimeControl::named_or_parsed("Quatsch").unwrap_err());
        assert!(said.starts_with("„Quatsch“ ist keine Bedenkzeit"), "{said}");
    }
}
