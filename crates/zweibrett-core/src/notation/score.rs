//! Reading a whole score: a list of moves as a player writes it (Art. 8,
//! Appendix C), in any notation the move reader accepts, with move numbers,
//! check marks, "e.p.", draw offers "(=)" and results.

use shakmaty::{Chess, Move, Position};

use super::lexicon::Lexicon;
use super::move_number::MoveNumber;
use super::pack::VoicePack;
use super::piece_letters::{PieceLetters, TypedLetters};
use super::read::{Reading, read_move_in};

/// A move of a score that could not be read or played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreError {
    /// The half-move, counted from 1, at which reading stopped.
    pub ply: usize,
    /// That half-move's number as the score writes it, counted from the
    /// start position's own (a game from a position starts at its FEN's).
    pub number: MoveNumber,
    /// The text of that move as written.
    pub text: String,
    /// What the move reader made of it.
    pub reading: Reading,
    /// The score's text after that move, as written: what follows a move
    /// that cannot be played is still part of the score (D.2.9).
    pub rest: String,
}

impl std::fmt::Display for ScoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match &self.reading {
            Reading::Move(_) => "",
            Reading::Ambiguous { question, .. } => question,
            Reading::Illegal { reason, .. } | Reading::Unrecognized { reason } => reason,
        };
        write!(f, "move {} \"{}\": {why}", self.number, self.text)
    }
}

impl std::error::Error for ScoreError {}

/// Most words one move may span ("Springer Gustav eins schlägt Felix drei
/// Schach" is seven).
const MAX_WORDS: usize = 9;

/// Reads the moves of a score from `start`, one after another.
pub fn read_score(
    lexicon: &Lexicon,
    pack: &VoicePack,
    start: &Chess,
    text: &str,
) -> Result<Vec<Move>, ScoreError> {
    match read_score_prefix(lexicon, pack, start, text) {
        (moves, None) => Ok(moves),
        (_, Some(error)) => Err(error),
    }
}

/// Reads the moves of a score from `start` up to the first move that cannot
/// be read or played: the moves read, and that move's error if there is one.
pub fn read_score_prefix(
    lexicon: &Lexicon,
    pack: &VoicePack,
    start: &Chess,
    text: &str,
) -> (Vec<Move>, Option<ScoreError>) {
    let mut position = start.clone();
    let mut moves = Vec::new();
    // A written score is in one language's letters: the pack's own and
    // SAN's, not every language's a player may type at the board.
    let own = TypedLetters::of(&[PieceLetters::of_pack(pack)]);
    let segments: Vec<&str> = text.split(['\n', ',', ';']).collect();
    for (s, segment) in segments.iter().enumerate() {
        let tokens = tokens(segment);
        let mut i = 0;
        while i < tokens.len() {
            let token = tokens[i];
            if is_annotation(token) || is_move_number(token, position.fullmoves().get()) {
                i += 1;
                continue;
            }
            let token = strip_number_prefix(token);
            let mut found = None;
            let longest = (tokens.len() - i).min(MAX_WORDS);
            for len in (1..=longest).rev() {
                let group = &tokens[i..i + len];
                if group.len() > 1 && group.iter().filter(|t| names_square(t)).count() > 1 {
                    continue;
                }
                let text = if len == 1 {
                    token.to_string()
                } else {
                    std::iter::once(token)
                        .chain(group[1..].iter().copied())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                if let Reading::Move(m) = read_move_in(lexicon, pack, own, &position, &text) {
                    found = Some((m, len));
                    break;
                }
            }
            let Some((m, len)) = found else {
                // Report the words up to the next written square as one move.
                let end = (i + 1..tokens.len())
                    .find(|&j| names_square(tokens[j]) || is_annotation(tokens[j]))
                    .unwrap_or(tokens.len())
                    .min(i + MAX_WORDS);
                let end = if names_square(token) { i + 1 } else { end };
                let written = std::iter::once(token)
                    .chain(tokens[i + 1..end].iter().copied())
                    .collect::<Vec<_>>()
                    .join(" ");
                let error = ScoreError {
                    ply: moves.len() + 1,
                    number: MoveNumber::of(&position),
                    reading: read_move_in(lexicon, pack, own, &position, &written),
                    text: written,
                    rest: std::iter::once(tokens[end..].join(" "))
                        .chain(segments[s + 1..].iter().map(|t| t.trim().to_string()))
                        .filter(|t| !t.is_empty())
                        .collect::<Vec<_>>()
                        .join("\n"),
                };
                return (moves, Some(error));
            };
            position.play_unchecked(m);
            moves.push(m);
            i += len;
        }
    }
    (moves, None)
}

/// The words of a segment, with PGN comments and variations left out.
fn tokens(segment: &str) -> Vec<&str> {
    segment
        .split_whitespace()
        .filter(|t| !t.chars().all(|c| !c.is_alphanumeric() && c != '='))
        .collect()
}

/// Marks that are not moves: "e.p.", "(=)", results, "+", "!?", "$1".
fn is_annotation(token: &str) -> bool {
    let t = token.trim_matches(|c: char| matches!(c, '(' | ')'));
    matches!(
        t.to_ascii_lowercase().as_str(),
        "e.p." | "ep" | "e.p" | "=" | "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "+" | "#"
    ) || t.starts_with('$')
        || t.chars().all(|c| matches!(c, '!' | '?' | '+' | '#'))
}

/// A move number: "12.", "12...", or a bare "12" where move 12 is due.
fn is_move_number(token: &str, fullmove: u32) -> bool {
    let digits = token.trim_end_matches('.');
    !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && (digits.len() < token.len() || digits.parse() == Ok(fullmove))
}

/// "2.Cg1f3" → "Cg1f3".
fn strip_number_prefix(token: &str) -> &str {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() < token.len() && rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

/// Whether a token writes a square in algebraic form ("e4", "Nf3", "e2e4").
fn names_square(token: &str) -> bool {
    let chars: Vec<char> = token.chars().collect();
    chars
        .windows(2)
        .any(|w| ('a'..='h').contains(&w[0].to_ascii_lowercase()) && ('1'..='8').contains(&w[1]))
}

/// Plays a whole score from the initial position with the built-in words,
/// for tests and tools that only need the moves.
pub fn read_score_from_start(text: &str) -> Result<Vec<Move>, ScoreError> {
    read_score(
        Lexicon::builtin(),
        &VoicePack::fide(),
        &Chess::default(),
        text,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;

    fn sans(text: &str) -> Vec<String> {
        let moves = read_score_from_start(text).unwrap_or_else(|e| panic!("{e}"));
        let mut pos = Chess::default();
        moves
            .into_iter()
            .map(|m| {
                let san = San::from_move(&pos, m).to_string();
                pos.play_unchecked(m);
                san
            })
            .collect()
    }

    #[test]
    fn voice_words_and_algebraic_mix_in_one_score() {
        assert_eq!(
            sans("1. Eva vier, Eva fünf 2. Springer Gustav eins Felix drei Nc6 3 Lb5"),
            ["e4", "e5", "Nf3", "Nc6", "Bb5"]
        );
    }

    #[test]
    fn spaced_squares_are_separate_moves() {
        assert_eq!(sans("e4 e5 d4 exd4"), ["e4", "e5", "d4", "exd4"]);
    }

    #[test]
    fn an_unreadable_move_is_reported_with_its_ply_and_text() {
        let err = read_score_from_start("1. e4 e5 2. Nf3 Qh5 3. Sprnger Hector fünf").unwrap_err();
        assert_eq!(err.ply, 4);
        assert_eq!(err.text, "Qh5");
        assert!(matches!(err.reading, Reading::Illegal { .. }), "{err}");
        assert!(err.to_string().starts_with("move 2... \"Qh5\""), "{err}");
    }

    #[test]
    fn a_score_from_a_position_names_its_moves_by_the_fens_numbers() {
        use shakmaty::{CastlingMode, fen::Fen};
        let fen: Fen = "4k3/8/8/8/8/8/3P4/4K3 b - - 0 30".parse().unwrap();
        let start: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        let pack = VoicePack::fide();
        let lexicon = Lexicon::with_pack(&pack);
        let err = read_score(&lexicon, &pack, &start, "30... Ke7 31. d4 Qe6").unwrap_err();
        assert_eq!(err.ply, 3);
        assert!(err.to_string().starts_with("move 31... \"Qe6\""), "{err}");
    }
}
