//! The words of analysis: every answer, step and evaluation put into the
//! active voice pack's sentences, read from its `[analysis]` table and
//! checked when loaded.

mod answer;
mod engine;
mod explorer;
mod per_move;
mod structure;
mod tags;

pub use per_move::EachMove;

mod mistakes;

use shakmaty::{Chess, Move, Piece, Position};

use super::replay::{AtTheStart, Played, Step};
use crate::clock::words::{ClockWords, ClockWordsError};
use crate::notation::pack::{NumberedWords, Sentences, VoicePack};
use crate::notation::{Form, MoveNumber, say};

pub use crate::notation::pack::AnalysisSentence;

/// Why a pack's words cannot be used for analysis. The sentences
/// themselves were checked when the pack loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisWordsError {
    /// The pack has no `[analysis]` table.
    #[error("{file}, key analysis: the pack has no [analysis] table")]
    NoTable {
        /// The pack's file.
        file: String,
    },
    /// The pack's `[clock]` words, for numbers and times, cannot be used.
    #[error(transparent)]
    Clock(#[from] ClockWordsError),
}

/// A voice pack's analysis vocabulary, checked.
#[derive(Clone, Debug)]
pub struct AnalysisWords {
    phrases: Sentences<AnalysisSentence>,
    numbered: NumberedWords,
    /// Number and time words, from the pack's `[clock]` table.
    pub clock: ClockWords,
    /// The pack for pieces, squares and moves.
    pub pack: VoicePack,
}

impl AnalysisWords {
    /// Reads and checks the `[analysis]` (and `[clock]`) tables of a pack.
    pub fn from_pack(pack: &VoicePack) -> Result<AnalysisWords, AnalysisWordsError> {
        let clock = ClockWords::from_pack(pack)?;
        // The pack checked every key, placeholder and glyph when it was
        // loaded.
        let section = pack
            .analysis_section()
            .ok_or_else(|| AnalysisWordsError::NoTable {
                file: pack.source_name(),
            })?;
        let (phrases, numbered) = (section.sentences.clone(), section.numbered.clone());
        Ok(AnalysisWords {
            phrases,
            numbered,
            clock,
            pack: pack.clone(),
        })
    }

    /// The analysis words of a built-in pack; panics only if a shipped pack
    /// is broken, which the tests rule out.
    pub fn builtin(id: &str) -> AnalysisWords {
        AnalysisWords::from_pack(&VoicePack::builtin(id)).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Sentence `key` with its placeholders filled in.
    pub fn phrase(&self, key: AnalysisSentence, values: &[(&str, &str)]) -> String {
        self.phrases.say(key, values)
    }

    /// Sentence `key` in the form the count `n` wants, placeholders filled.
    pub fn phrase_count(&self, key: AnalysisSentence, n: u64, values: &[(&str, &str)]) -> String {
        self.phrases.say_count(key, n, values)
    }

    /// The words for annotation glyph `$nag`: the pack's, or "annotation
    /// sign {n}" for a glyph the pack has no words for, so that no glyph is
    /// dropped unsaid; none for `$0`, the null annotation.
    pub fn nag(&self, nag: u8) -> Option<String> {
        if nag == 0 {
            return None;
        }
        Some(match self.numbered.nags.get(&nag) {
            Some(words) => words.clone(),
            None => self.phrase(
                AnalysisSentence::OtherGlyph,
                &[("n", &self.clock.number(u64::from(nag), None))],
            ),
        })
    }

    /// Every sentence and glyph word of the table, for checks on the words.
    pub fn all_sentences(&self) -> impl Iterator<Item = &str> {
        self.phrases
            .all()
            .chain(self.numbered.nags.values().map(String::as_str))
            .chain(self.numbered.days.values().map(String::as_str))
    }

    /// A piece with its side: "Springer von Weiß".
    pub fn piece(&self, piece: Piece) -> String {
        self.phrase(
            AnalysisSentence::Piece,
            &[
                ("piece", self.pack.piece(piece.role)),
                ("side", self.pack.side(piece.color)),
            ],
        )
    }

    fn list(&self, items: Vec<String>) -> String {
        match items.len() {
            0 => self.phrase(AnalysisSentence::None, &[]),
            1 => items[0].clone(),
            n => format!(
                "{} {} {}",
                items[..n - 1].join(", "),
                self.phrase(AnalysisSentence::And, &[]),
                items[n - 1]
            ),
        }
    }

    /// A move as said after `before`: its number, the mover, the move, the
    /// glyphs, the comments, and what [`EachMove::default`] adds.
    pub fn played(&self, p: &Played) -> String {
        self.played_with(p, EachMove::default())
    }

    /// The move alone: "twelve, Black: Knight Felix six".
    pub fn numbered(&self, p: &Played) -> String {
        self.phrase(
            AnalysisSentence::Move,
            &[
                ("number", &self.clock.number(u64::from(p.number), None)),
                ("side", self.pack.side(p.color)),
                ("move", &say(&self.pack, &p.before, p.m, Form::Short)),
            ],
        )
    }

    /// A move as said after `before`: its number, the mover, the move, the
    /// glyphs, the clock time and the evaluation when `each` asks for them,
    /// and the comments.
    pub fn played_with(&self, p: &Played, each: EachMove) -> String {
        let mut parts = Vec::new();
        if let Some(text) = &p.before_comment {
            parts.push(self.comment(text));
        }
        parts.push(self.numbered(p));
        parts.extend(p.nags.iter().filter_map(|&n| self.nag(n)));
        if each.clock {
            parts.extend(self.times(p));
        }
        if let (true, Some(score)) = (each.eval, p.eval) {
            parts.push(self.recorded_eval(score));
        }
        if let Some(text) = &p.comment {
            parts.push(self.comment(text));
        }
        if !p.alternatives.is_empty() {
            let mut after = p.before.clone();
            after.play_unchecked(p.m);
            parts.push(self.alternatives(&after, &p.alternatives));
        }
        sentences(&parts)
    }

    /// A part of the score read out, each whole move with its number once:
    /// "five: Eva four, Eva five; six, White: Knight Felix three".
    pub fn score_part(&self, moves: &[Played]) -> String {
        let said: Vec<(MoveNumber, String)> = moves
            .iter()
            .map(|p| {
                let number = MoveNumber {
                    number: p.number,
                    color: p.color,
                };
                (number, say(&self.pack, &p.before, p.m, Form::Short))
            })
            .collect();
        self.numbered_moves(&said)
    }

    /// How the line walked ends: the game's result (`result`, in the main
    /// line), or the end of a variation.
    pub fn end_of_line(&self, result: Option<&str>) -> String {
        match result {
            Some(result) => self.phrase(
                AnalysisSentence::EndOfGame,
                &[("result", &self.result(result))],
            ),
            None => self.phrase(AnalysisSentence::EndOfVariation, &[]),
        }
    }

    /// The variations that branch off before the next move, with its
    /// number and side: "variation: four, Black: David takes Eva five or
    /// Knight Felix six".
    pub fn alternatives(&self, position: &Chess, moves: &[Move]) -> String {
        let said: Vec<String> = moves
            .iter()
            .map(|&m| say(&self.pack, position, m, Form::Short))
            .collect();
        let at = MoveNumber::of(position);
        let numbered = self.phrase(
            AnalysisSentence::Move,
            &[
                ("number", &self.clock.number(u64::from(at.number), None)),
                ("side", self.pack.side(at.color)),
                ("move", &said.join(&format!(" {} ", self.pack.phrases.or))),
            ],
        );
        self.phrase(AnalysisSentence::Alternatives, &[("moves", &numbered)])
    }

    /// What the score says before its first move, each part a sentence:
    /// the comment on the game, and the variations to the first move.
    pub fn at_the_start(&self, start: &AtTheStart) -> Vec<String> {
        let mut parts: Vec<String> = start.intro.iter().map(|t| self.comment(t)).collect();
        if !start.alternatives.is_empty() {
            parts.push(self.alternatives(&start.position, &start.alternatives));
        }
        parts
    }

    /// A result token in words.
    pub fn result(&self, result: &str) -> String {
        let key = match result {
            "1-0" => AnalysisSentence::WhiteWins,
            "0-1" => AnalysisSentence::BlackWins,
            "1/2-1/2" => AnalysisSentence::Draw,
            _ => AnalysisSentence::Unfinished,
        };
        self.phrase(key, &[])
    }

    /// What a step through the game did, as [`EachMove::default`] says
    /// the moves.
    pub fn step(&self, step: &Step) -> String {
        self.step_with(step, EachMove::default())
    }

    /// What a step through the game did; a move played is said with what
    /// `each` asks for, a move gone back to with its number and side.
    pub fn step_with(&self, step: &Step, each: EachMove) -> String {
        match step {
            Step::Moved(p) => self.played_with(p, each),
            Step::Back(Some(p)) => {
                self.phrase(AnalysisSentence::Back, &[("move", &self.numbered(p))])
            }
            Step::Back(None) | Step::Left(None) => self.phrase(AnalysisSentence::Start, &[]),
            Step::EndOfLine(result) => self.end_of_line(result.as_deref()),
            Step::AtStart => self.phrase(AnalysisSentence::AtStart, &[]),
            Step::Start(start) => {
                let mut parts = vec![self.phrase(AnalysisSentence::Start, &[])];
                parts.extend(self.at_the_start(start));
                sentences(&parts)
            }
            Step::Entered(n, p) => self.phrase(
                AnalysisSentence::Entered,
                &[
                    ("n", &self.clock.number(*n as u64, None)),
                    ("move", &self.played_with(p, each)),
                ],
            ),
            Step::NoVariation => self.phrase(AnalysisSentence::NoVariation, &[]),
            Step::Left(Some(p)) => {
                self.phrase(AnalysisSentence::Left, &[("move", &self.numbered(p))])
            }
            Step::NotInVariation => self.phrase(AnalysisSentence::NotInVariation, &[]),
            Step::NoMoves => self.phrase(AnalysisSentence::NoMovesInGame, &[]),
            Step::NoSuchMove(n) => self.phrase(
                AnalysisSentence::NoSuchMove,
                &[("number", &self.clock.number(u64::from(*n), None))],
            ),
            Step::AfterTheEnd => self.phrase(AnalysisSentence::AfterTheEnd, &[]),
        }
    }

    /// A comment of the score, said: "comment: …", with every move it
    /// names ("Nd5 was best", "21...Qxh2+") in the words of the comment's
    /// own language where that is known for sure and a built-in pack
    /// speaks it ("Knight David five was best" in an English comment read
    /// with the German pack), else in the pack's: a comment is never
    /// half translated.
    pub fn comment(&self, text: &str) -> String {
        let pack = comment_pack(text, &self.pack);
        let text = moves_in_words(pack.unwrap_or(&self.pack), text);
        self.phrase(AnalysisSentence::Comment, &[("text", &text)])
    }
}

/// Sentences joined by full stops, without doubling one already there.
pub(super) fn sentences(parts: &[String]) -> String {
    let mut out = String::new();
    for part in parts {
        if !out.is_empty() {
            out.push_str(if out.ends_with(['.', '!', '?']) {
                " "
            } else {
                ". "
            });
        }
        out.push_str(part);
    }
    out
}

/// The built-in pack of a comment's language, when the comment is surely
/// in another language than `own`'s and a built-in pack speaks it; `None`
/// to say its moves in `own`'s words.
fn comment_pack(text: &str, own: &VoicePack) -> Option<&'static VoicePack> {
    use whatlang::{Detector, Lang};
    static PACKS: std::sync::OnceLock<Vec<(Lang, VoicePack)>> = std::sync::OnceLock::new();
    let packs = PACKS.get_or_init(|| {
        [
            (Lang::Deu, "fide"),
            (Lang::Eng, "en"),
            (Lang::Spa, "es"),
            (Lang::Por, "pt"),
        ]
        .into_iter()
        .map(|(lang, id)| (lang, VoicePack::builtin(id)))
        .collect()
    });
    let detector = Detector::with_allowlist(packs.iter().map(|(lang, _)| *lang).collect());
    let found = detector.detect(text).filter(whatlang::Info::is_reliable)?;
    let (_, pack) = packs.iter().find(|(lang, _)| *lang == found.lang())?;
    let language = |p: &VoicePack| p.language.split('-').next().unwrap_or_default().to_string();
    (language(pack) != language(own)).then_some(pack)
}

/// `text` with each word that is a move in SAN (English letters, or the
/// pack's own: "Sf3" in German) said in the pack's words; a move number
/// before it ("21.", "21...") and punctuation around it are kept.
pub fn moves_in_words(pack: &VoicePack, text: &str) -> String {
    let letters = crate::notation::PieceLetters::of_pack(pack);
    let said = |core: &str| {
        crate::notation::say_written(pack, core)
            .or_else(|| crate::notation::say_written(pack, &letters.to_english(core)))
    };
    text.split(' ')
        .map(|word| {
            let start = word
                .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '('))
                .unwrap_or(word.len());
            let end = word
                .rfind(|c: char| !matches!(c, '.' | ',' | ';' | ':' | '!' | '?' | ')'))
                .map_or(start, |i| {
                    i + word[i..].chars().next().map_or(1, char::len_utf8)
                });
            if start >= end {
                return word.to_string();
            }
            let core = &word[start..end];
            // Only what names a square or castles can be a move.
            let movelike = core.chars().any(|c| c.is_ascii_digit()) || core.contains("-O");
            match said(core).filter(|_| movelike) {
                Some(words) => {
                    let prefix = &word[..start];
                    let prefix = match prefix.trim_start_matches('(') {
                        "" => prefix.to_string(),
                        // "21.Nf3": the number is kept apart from the move.
                        _ => format!("{prefix} "),
                    };
                    format!("{prefix}{words}{}", &word[end..])
                }
                None => word.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod comment_tests {
    use super::*;

    #[test]
    fn moves_in_a_comment_are_said_in_the_packs_words() {
        let fide = VoicePack::fide();
        assert_eq!(
            moves_in_words(&fide, "Nd5 was best, not 21...Qxh2+ (or O-O)."),
            "Springer David fünf was best, not 21... Dame schlägt Hector zwei Schach \
             (or Kurze Rochade)."
        );
        assert_eq!(moves_in_words(&fide, "Sf3!"), "Springer Felix drei!");
        assert_eq!(
            moves_in_words(&VoicePack::builtin("en"), "A quiet Italian, and e4 e5."),
            "A quiet Italian, and Eva four Eva five."
        );
        let words = AnalysisWords::builtin("pt");
        assert_eq!(words.comment("Cf3"), "comentário: Springer Félix drei");
    }

    #[test]
    fn a_comment_in_another_language_says_its_moves_in_that_language() {
        let de = AnalysisWords::builtin("fide");
        assert_eq!(
            de.comment(
                "A serious mistake. Castling was the only move here: O-O and then Nd5 wins."
            ),
            "Kommentar: A serious mistake. Castling was the only move here: castles short and \
             then Knight David five wins."
        );
        let en = AnalysisWords::builtin("en");
        assert_eq!(
            en.comment("Ein schwerer Fehler, besser war hier Sf3 mit Vorteil für Weiß."),
            "comment: Ein schwerer Fehler, besser war hier Springer Felix drei mit Vorteil für Weiß."
        );
        // A comment in the pack's own language, or too short to tell,
        // takes the pack's words.
        assert_eq!(
            de.comment("Ein schwerer Fehler, besser war hier Nf3 mit Vorteil für Weiß."),
            "Kommentar: Ein schwerer Fehler, besser war hier Springer Felix drei mit Vorteil für Weiß."
        );
        assert_eq!(de.comment("Nf3!"), "Kommentar: Springer Felix drei!");
    }
}
