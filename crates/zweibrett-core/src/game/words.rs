//! The game's sentences in the voice pack's language: refusals, repetition
//! and correction (D.2.1, D.2.8), divergence (D.2.9), offers, claims and
//! rulings (Art. 5, 6, 7.5.5, 9), results, and the status line. They come
//! from the pack's `[game]` table, checked when the pack is loaded, so that
//! a player hears one language only.

use std::collections::BTreeMap;

use shakmaty::Color;

use super::Termination;
use crate::clock::ClockError;
use crate::notation::pack::{VoicePack, fill};

/// Every key of the `[game]` table with the placeholders its sentence may
/// use.
pub const KEYS: &[(&str, &[&str])] = &[
    // Refusals of a move out of turn (D.2.1–D.2.8).
    ("over_refused", &["result"]),
    ("adjourned_refused", &[]),
    ("press_first", &[]),
    ("must_repeat", &["side", "move"]),
    ("must_confirm", &["side", "move"]),
    ("diverged_refused", &[]),
    // The steps of a move.
    ("nothing_to_correct", &[]),
    ("correction", &["move"]),
    ("clock_not_started", &[]),
    ("nothing_to_press", &[]),
    ("press_refused", &["reason"]),
    ("pause_refused", &["reason"]),
    ("resume_refused", &["reason"]),
    ("nothing_to_repeat", &[]),
    ("nothing_to_confirm", &[]),
    ("repeated", &["move"]),
    ("diverged", &["announced", "repeated"]),
    ("again", &["number", "side", "move"]),
    ("no_move_yet", &[]),
    ("boards_agree", &[]),
    ("agree_again", &[]),
    ("only_plies", &["count"]),
    ("taken_back", &["count", "side"]),
    // Why the clock refused (Art. 6).
    ("reason_not_started", &[]),
    ("reason_paused", &[]),
    ("reason_running", &[]),
    ("reason_flag", &[]),
    ("reason_no_time", &[]),
    ("reason_no_record", &["count"]),
    // Offers, claims and rulings (Art. 9, 5.1.2, 6.9, 6.10.2, 7.5.5).
    ("offer_waiting", &[]),
    ("offers", &["side"]),
    ("accepted", &[]),
    ("no_offer_to_accept", &[]),
    ("no_offer_to_decline", &[]),
    ("declined", &["side"]),
    ("claim_not_now", &[]),
    ("rule_threefold", &[]),
    ("rule_fifty", &[]),
    ("claim_correct", &["side", "rule"]),
    ("claim_incorrect", &["side", "rule", "opponent", "time"]),
    ("minute", &[]),
    ("minutes", &["n"]),
    ("resigns", &["side"]),
    ("no_flag", &[]),
    ("flag_fallen", &["side"]),
    ("touched", &["side"]),
    ("touched_note", &["side", "note"]),
    ("second_illegal", &["side"]),
    ("illegal", &["side", "opponent", "time"]),
    ("clock_adjusted", &["side", "time"]),
    // Adjournment (Guidelines I).
    ("seal_not_now", &[]),
    (
        "envelope",
        &[
            "white_side",
            "black_side",
            "white",
            "black",
            "fen",
            "white_used",
            "black_used",
            "side",
            "number",
            "offer",
        ],
    ),
    ("envelope_offer", &["side"]),
    ("no_sealed", &[]),
    // The end of the game (Art. 5, 6.9, 7.5.5, 9.6).
    ("over", &["termination", "result"]),
    ("checkmate", &[]),
    ("stalemate", &[]),
    ("dead_position", &[]),
    ("agreement", &[]),
    ("fivefold_repetition", &[]),
    ("seventy_five_moves", &[]),
    ("threefold_claim", &[]),
    ("fifty_move_claim", &[]),
    ("resignation", &[]),
    ("flag_fall", &[]),
    ("illegal_moves", &[]),
    // The status line: whose turn and which step (D.2.1–D.2.8).
    ("status_diverged", &[]),
    ("status_start", &["side"]),
    ("status_enter", &["side"]),
    ("status_announced", &["side"]),
    ("status_repeat", &["side"]),
    ("status_adjourned", &[]),
    ("status_over", &["result"]),
    ("status_paused", &["status"]),
    ("to_move", &["side"]),
];

/// The placeholders a `[game]` sentence may use; `None` for a key the table
/// does not have.
pub fn allowed(key: &str) -> Option<&'static [&'static str]> {
    KEYS.iter().find(|(k, _)| *k == key).map(|(_, a)| *a)
}

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
    sentences: BTreeMap<&'static str, String>,
}

impl GameWords {
    /// The `[game]` sentences of a pack, with its side words.
    pub fn from_pack(pack: &VoicePack) -> Result<GameWords, GameWordsError> {
        let table = pack.game_table().ok_or_else(|| GameWordsError {
            file: pack.source_name(),
        })?;
        // The pack checked every key and placeholder when it was loaded.
        let sentences = KEYS
            .iter()
            .filter_map(|(key, _)| table.get(*key).map(|text| (*key, text.clone())))
            .collect::<BTreeMap<_, _>>();
        Ok(GameWords {
            sides: [
                pack.side(Color::White).to_string(),
                pack.side(Color::Black).to_string(),
            ],
            sentences,
        })
    }

    /// The game words of a built-in pack; panics only if a shipped pack is
    /// broken, which the tests rule out.
    pub fn builtin(id: &str) -> GameWords {
        GameWords::from_pack(&VoicePack::builtin(id)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The pack's game words, or the English ones for a pack written
    /// without a `[game]` table.
    pub fn of_pack_or_english(pack: &VoicePack) -> GameWords {
        GameWords::from_pack(pack).unwrap_or_else(|_| GameWords::builtin("en"))
    }

    /// The sentence under `key` with its placeholders filled.
    pub fn say(&self, key: &str, values: &[(&str, &str)]) -> String {
        let text = self
            .sentences
            .get(key)
            .unwrap_or_else(|| panic!("no game sentence {key}"));
        fill(text, values)
    }

    /// The name of a side in the pack's words.
    pub fn side(&self, color: Color) -> &str {
        &self.sides[usize::from(color == Color::Black)]
    }

    /// Why the game ended, in the pack's words (Art. 5, 6.9, 7.5.5, 9).
    pub fn termination(&self, termination: Termination) -> String {
        let key = match termination {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead_position",
            Termination::Agreement => "agreement",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::SeventyFiveMoves => "seventy_five_moves",
            Termination::ThreefoldClaim => "threefold_claim",
            Termination::FiftyMoveClaim => "fifty_move_claim",
            Termination::Resignation => "resignation",
            Termination::FlagFall => "flag_fall",
            Termination::IllegalMoves => "illegal_moves",
        };
        self.say(key, &[])
    }

    /// Why the clock refused, in the pack's words (Art. 6).
    pub fn clock_refusal(&self, error: &ClockError) -> String {
        match error {
            ClockError::NotStarted => self.say("reason_not_started", &[]),
            ClockError::Paused => self.say("reason_paused", &[]),
            ClockError::Running => self.say("reason_running", &[]),
            ClockError::FlagFallen(_) => self.say("reason_flag", &[]),
            ClockError::NoTimeLeft => self.say("reason_no_time", &[]),
            ClockError::NoSuchPly(ply) => {
                self.say("reason_no_record", &[("count", &ply.to_string())])
            }
        }
    }

    /// A penalty's time in whole minutes: "2 minutes" (7.5.5, 9.5.3).
    pub fn minutes(&self, minutes: u64) -> String {
        match minutes {
            1 => self.say("minute", &[]),
            n => self.say("minutes", &[("n", &n.to_string())]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pack::{BUILTIN, PackError};

    #[test]
    fn every_builtin_pack_has_every_game_sentence() {
        for (id, _) in BUILTIN {
            let pack = VoicePack::builtin(id);
            let table = pack.game_table().expect("a [game] table");
            for (key, _) in KEYS {
                let text = table
                    .get(*key)
                    .unwrap_or_else(|| panic!("{id}: no game.{key}"));
                assert!(!text.trim().is_empty(), "{id}: game.{key} is empty");
            }
            assert_eq!(table.len(), KEYS.len(), "{id}: keys beyond the list");
            GameWords::from_pack(&pack).unwrap();
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
        let text = fide.replacen("no_flag = ", "# no_flag = ", 1);
        let err = VoicePack::from_toml(&text, "x.toml").unwrap_err();
        let PackError::Invalid { key, line, .. } = &err else {
            panic!("{err}");
        };
        assert_eq!(key, "game.no_flag");
        assert_eq!(*line, line_of(&text, "[game]"));
        assert!(err.to_string().starts_with("x.toml, line"), "{err}");
    }

    #[test]
    fn a_pack_without_game_sentences_speaks_english() {
        let fide = include_str!("../../../../voices/fide.toml");
        let cut = fide.find("\n# The game's sentences").unwrap();
        let pack = VoicePack::from_toml(&fide[..cut], "x.toml").unwrap();
        assert!(GameWords::from_pack(&pack).is_err());
        let words = GameWords::of_pack_or_english(&pack);
        assert_eq!(words.say("no_flag", &[]), "No flag has fallen.");
    }

    #[test]
    fn sentences_in_the_packs_languages() {
        let de = GameWords::builtin("fide");
        assert_eq!(
            de.say(
                "must_repeat",
                &[("side", de.side(Color::Black)), ("move", "Eva vier")]
            ),
            "Schwarz muss zuerst den Zug Eva vier wiederholen."
        );
        assert_eq!(de.minutes(2), "2 Minuten");
        let en = GameWords::builtin("en");
        assert_eq!(
            en.say("press_first", &[]),
            "Press the clock first, or correct the move."
        );
        assert_eq!(en.termination(Termination::FlagFall), "flag fall");
        let pt = GameWords::builtin("pt");
        assert_eq!(pt.side(Color::White), "Brancas");
        let es = GameWords::builtin("es");
        assert!(es.say("agreement", &[]).contains("tablas"));
    }
}
