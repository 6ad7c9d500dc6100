//! The words of analysis: every answer, step and evaluation put into the
//! active voice pack's sentences, read from its `[analysis]` table and
//! checked when loaded.

mod answer;

use std::collections::BTreeMap;

use shakmaty::{Chess, Color, Move, Piece, Position};

use super::engine::{Evaluation, Score};
use super::replay::{Played, Step};
use crate::clock::words::ClockWords;
use crate::notation::pack::{BUILTIN, VoicePack, fill, placeholders};
use crate::notation::{Form, say};
use crate::record::pgn_index::GameEntry;

/// Every sentence of the `[analysis]` table with the placeholders it may use.
pub const KEYS: &[(&str, &[&str])] = &[
    ("move", &["number", "side", "move"]),
    ("clock", &["time"]),
    ("comment", &["text"]),
    ("alternatives", &["moves"]),
    ("start", &[]),
    ("at_start", &[]),
    ("end_of_game", &["result"]),
    ("end_of_variation", &[]),
    ("back", &["move"]),
    ("entered", &["n", "move"]),
    ("no_variation", &[]),
    ("left", &["move"]),
    ("not_in_variation", &[]),
    ("no_such_move", &["number"]),
    ("white_wins", &[]),
    ("black_wins", &[]),
    ("draw", &[]),
    ("unfinished", &[]),
    ("piece", &["piece", "side"]),
    ("on_square", &["square", "piece"]),
    ("empty", &[]),
    ("side_pieces", &["side", "list"]),
    ("and", &[]),
    ("none", &[]),
    ("placed", &["piece", "square"]),
    ("attacked", &["square", "piece", "attackers", "defenders"]),
    ("controlled", &["square", "white", "black"]),
    ("moves", &["piece", "square", "moves"]),
    ("no_moves", &["piece", "square"]),
    ("nothing_on", &["square"]),
    ("not_a_diagonal", &["from", "to"]),
    ("material", &["white", "black", "balance"]),
    ("even", &[]),
    ("ahead", &["side", "n"]),
    ("turn", &["side", "number"]),
    ("last", &["move"]),
    ("last_capture", &["move", "piece"]),
    ("no_last", &[]),
    (
        "game",
        &["number", "white", "black", "event", "date", "result"],
    ),
    ("no_games", &["name"]),
    ("more", &["n", "command"]),
    ("no_such_game", &["number"]),
    ("broken", &["number", "line", "problem"]),
    ("eval_equal", &[]),
    ("eval_slight", &["side"]),
    ("eval_better", &["side", "pawns"]),
    ("eval_winning", &["side", "pawns"]),
    ("eval_mate", &["side", "n"]),
    ("best_line", &["moves"]),
    ("pawns_one", &[]),
    ("pawns_many", &["n"]),
    ("engine_thinking", &[]),
    ("engine_silent", &[]),
    ("no_engine", &[]),
    ("engine_follows", &[]),
    ("engine_on_request", &[]),
    ("help", &[]),
    ("unknown", &["text"]),
    ("not_a_square", &["text"]),
];

/// Why a pack's `[analysis]` table was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}, key {key}: {problem}")]
pub struct AnalysisWordsError {
    /// The pack's file.
    pub file: String,
    /// The key holding the bad value.
    pub key: String,
    /// What is wrong.
    pub problem: String,
}

/// A voice pack's analysis vocabulary, checked.
#[derive(Clone, Debug)]
pub struct AnalysisWords {
    phrases: BTreeMap<String, String>,
    nags: BTreeMap<u8, String>,
    /// Number and time words, from the pack's `[clock]` table.
    pub clock: ClockWords,
    /// The pack for pieces, squares and moves.
    pub pack: VoicePack,
}

impl AnalysisWords {
    /// Reads and checks the `[analysis]` (and `[clock]`) tables of a pack.
    pub fn from_pack(pack: &VoicePack) -> Result<AnalysisWords, AnalysisWordsError> {
        let file = if BUILTIN.iter().any(|(id, _)| *id == pack.id) {
            format!("voices/{}.toml", pack.id)
        } else {
            format!("voice pack \"{}\"", pack.id)
        };
        let err = |key: &str, problem: &str| AnalysisWordsError {
            file: file.clone(),
            key: format!("analysis.{key}"),
            problem: problem.to_string(),
        };
        let clock = ClockWords::from_pack(pack).map_err(|e| AnalysisWordsError {
            file: e.file,
            key: e.key,
            problem: e.problem,
        })?;
        let table = pack
            .analysis_table()
            .ok_or_else(|| err("", "the pack has no [analysis] table"))?;
        let mut phrases = BTreeMap::new();
        let mut nags = BTreeMap::new();
        for (key, value) in table {
            if key == "nags" {
                let Some(glyphs) = value.as_table() else {
                    return Err(err(key, "a table of glyph numbers is needed"));
                };
                for (n, word) in glyphs {
                    let k = format!("nags.{n}");
                    let n: u8 = n.parse().map_err(|_| err(&k, "a glyph number is needed"))?;
                    match word.as_str() {
                        Some(w) if !w.trim().is_empty() => nags.insert(n, w.to_string()),
                        _ => return Err(err(&k, "a word is needed")),
                    };
                }
                continue;
            }
            let Some((_, allowed)) = KEYS.iter().find(|(k, _)| k == key) else {
                return Err(err(key, "unknown key"));
            };
            let Some(text) = value.as_str() else {
                return Err(err(key, "a string is needed"));
            };
            if text.trim().is_empty() && !matches!(key.as_str(), "and") {
                return Err(err(key, "the sentence is empty"));
            }
            if let Some(name) = placeholders(text).find(|n| !allowed.contains(n)) {
                let list: Vec<String> = allowed.iter().map(|a| format!("{{{a}}}")).collect();
                return Err(err(
                    key,
                    &format!(
                        "unknown placeholder {{{name}}}; this sentence may use: {}",
                        list.join(" ")
                    ),
                ));
            }
            phrases.insert(key.clone(), text.to_string());
        }
        if let Some((missing, _)) = KEYS.iter().find(|(k, _)| !phrases.contains_key(*k)) {
            return Err(err(missing, "missing"));
        }
        Ok(AnalysisWords {
            phrases,
            nags,
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
    pub fn phrase(&self, key: &str, values: &[(&str, &str)]) -> String {
        let text = self
            .phrases
            .get(key)
            .unwrap_or_else(|| panic!("no sentence {key}"));
        fill(text, values)
    }

    /// The word for annotation glyph `nag`, if the pack has one.
    pub fn nag(&self, nag: u8) -> Option<&str> {
        self.nags.get(&nag).map(String::as_str)
    }

    /// Every sentence and glyph word of the table, for checks on the words.
    pub fn all_sentences(&self) -> impl Iterator<Item = &str> {
        self.phrases
            .values()
            .chain(self.nags.values())
            .map(String::as_str)
    }

    /// A piece with its side: "Springer von Weiß".
    pub fn piece(&self, piece: Piece) -> String {
        self.phrase(
            "piece",
            &[
                ("piece", self.pack.piece(piece.role)),
                ("side", self.pack.side(piece.color)),
            ],
        )
    }

    fn list(&self, items: Vec<String>) -> String {
        match items.len() {
            0 => self.phrase("none", &[]),
            1 => items[0].clone(),
            n => format!(
                "{} {} {}",
                items[..n - 1].join(", "),
                self.phrase("and", &[]),
                items[n - 1]
            ),
        }
    }

    /// A move as said after `before`: its number, the mover, the move, the
    /// glyphs, the clock time and the comments.
    pub fn played(&self, p: &Played) -> String {
        let mut parts = Vec::new();
        if let Some(text) = &p.before_comment {
            parts.push(self.phrase("comment", &[("text", text)]));
        }
        parts.push(self.phrase(
            "move",
            &[
                ("number", &self.clock.number(u64::from(p.number), None)),
                ("side", self.pack.side(p.color)),
                ("move", &say(&self.pack, &p.before, p.m, Form::Short)),
            ],
        ));
        parts.extend(p.nags.iter().filter_map(|&n| self.nag(n)).map(String::from));
        if let Some(clock) = p.clock {
            parts.push(self.phrase("clock", &[("time", &self.clock.time(clock.as_secs()))]));
        }
        if let Some(text) = &p.comment {
            parts.push(self.phrase("comment", &[("text", text)]));
        }
        if !p.alternatives.is_empty() {
            let mut after = p.before.clone();
            after.play_unchecked(p.m);
            parts.push(self.alternatives(&after, &p.alternatives));
        }
        sentences(&parts)
    }

    /// The variations that branch off before the next move.
    pub fn alternatives(&self, position: &Chess, moves: &[Move]) -> String {
        let said: Vec<String> = moves
            .iter()
            .map(|&m| say(&self.pack, position, m, Form::Short))
            .collect();
        self.phrase(
            "alternatives",
            &[("moves", &said.join(&format!(" {} ", self.pack.phrases.or)))],
        )
    }

    /// A result token in words.
    pub fn result(&self, result: &str) -> String {
        let key = match result {
            "1-0" => "white_wins",
            "0-1" => "black_wins",
            "1/2-1/2" => "draw",
            _ => "unfinished",
        };
        self.phrase(key, &[])
    }

    /// What a step through the game did.
    pub fn step(&self, step: &Step) -> String {
        let short = |p: &Played| say(&self.pack, &p.before, p.m, Form::Short);
        match step {
            Step::Moved(p) => self.played(p),
            Step::Back(Some(p)) => self.phrase("back", &[("move", &short(p))]),
            Step::Back(None) | Step::Left(None) => self.phrase("start", &[]),
            Step::EndOfLine(Some(result)) => {
                self.phrase("end_of_game", &[("result", &self.result(result))])
            }
            Step::EndOfLine(None) => self.phrase("end_of_variation", &[]),
            Step::AtStart => self.phrase("at_start", &[]),
            Step::Start(intro) => match intro {
                Some(text) => sentences(&[
                    self.phrase("start", &[]),
                    self.phrase("comment", &[("text", text)]),
                ]),
                None => self.phrase("start", &[]),
            },
            Step::Entered(n, p) => self.phrase(
                "entered",
                &[
                    ("n", &self.clock.number(*n as u64, None)),
                    ("move", &self.played(p)),
                ],
            ),
            Step::NoVariation => self.phrase("no_variation", &[]),
            Step::Left(Some(p)) => self.phrase("left", &[("move", &short(p))]),
            Step::NotInVariation => self.phrase("not_in_variation", &[]),
            Step::NoSuchMove(n) => self.phrase(
                "no_such_move",
                &[("number", &self.clock.number(u64::from(*n), None))],
            ),
        }
    }

    /// A line of the games list.
    pub fn entry(&self, g: &GameEntry) -> String {
        let unknown = |t: &str| {
            if t.is_empty() || t.starts_with('?') {
                "?".to_string()
            } else {
                t.to_string()
            }
        };
        self.phrase(
            "game",
            &[
                ("number", &g.number.to_string()),
                ("white", &unknown(&g.white)),
                ("black", &unknown(&g.black)),
                ("event", &unknown(&g.event)),
                ("date", &unknown(&g.date)),
                ("result", &self.result(&g.result)),
            ],
        )
    }

    /// A pawn count: "ein Bauer", "zwei Bauern".
    pub fn pawns(&self, n: u64) -> String {
        if n == 1 {
            self.phrase("pawns_one", &[])
        } else {
            self.phrase("pawns_many", &[("n", &self.clock.number(n, None))])
        }
    }

    /// An engine's evaluation and best line in plain words.
    pub fn evaluation(&self, e: &Evaluation) -> String {
        let verdict = match e.score {
            Score::Mate(n) => {
                let side = if n > 0 { Color::White } else { Color::Black };
                self.phrase(
                    "eval_mate",
                    &[
                        ("side", self.pack.side(side)),
                        ("n", &self.clock.number(n.unsigned_abs().into(), None)),
                    ],
                )
            }
            Score::Centipawns(cp) => {
                let side = self
                    .pack
                    .side(if cp > 0 { Color::White } else { Color::Black });
                let pawns = self.pawns(((cp.unsigned_abs() + 50) / 100).max(1).into());
                match cp.unsigned_abs() {
                    0..30 => self.phrase("eval_equal", &[]),
                    30..80 => self.phrase("eval_slight", &[("side", side)]),
                    80..300 => self.phrase("eval_better", &[("side", side), ("pawns", &pawns)]),
                    _ => self.phrase("eval_winning", &[("side", side), ("pawns", &pawns)]),
                }
            }
        };
        let mut pos = e.position.clone();
        let mut said = Vec::new();
        for &m in e.best_line.iter().take(5) {
            said.push(say(&self.pack, &pos, m, Form::Short));
            pos.play_unchecked(m);
        }
        if said.is_empty() {
            verdict
        } else {
            format!(
                "{verdict}. {}",
                self.phrase("best_line", &[("moves", &said.join(", "))])
            )
        }
    }
}

/// Sentences joined by full stops, without doubling one already there.
fn sentences(parts: &[String]) -> String {
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
