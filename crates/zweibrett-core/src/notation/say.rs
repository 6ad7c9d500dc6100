//! Moves rendered as the words of a voice pack (Appendix D.2.1).
//!
//! Two forms: **short**, the piece and its destination with exactly the
//! disambiguation SAN needs ("Springer Bella David zwei"), and **long**, the
//! piece with its from- and to-square ("Springer Bella eins David zwei").
//! Both name the promotion piece (D.2.1) and end with check or mate.

use shakmaty::{CastlingSide, Chess, Move, Role, Square, san::San, san::SanPlus, san::Suffix};

use super::pack::VoicePack;

/// Which of the two spoken forms to render.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Form {
    /// Piece and destination, disambiguated as SAN would be.
    #[default]
    Short,
    /// Piece, from-square and to-square.
    Long,
}

/// The words announcing `m`, a legal move in `position` (D.2.1).
pub fn say(pack: &VoicePack, position: &Chess, m: Move, form: Form) -> String {
    let mut words: Vec<String> = Vec::with_capacity(10);
    if let Move::Castle { king, rook } = m {
        words.push(castling(pack, king, rook));
    } else {
        let (origin, destination) = match form {
            Form::Long => (m.from().map(|from| pack.square(from)), pack.square(m.to())),
            Form::Short => short_squares(pack, position, m),
        };
        if form == Form::Long || m.role() != Role::Pawn {
            words.push(pack.piece(m.role()).to_string());
        }
        words.extend(origin);
        landing(pack, m, destination, &mut words);
    }
    suffix(pack, position, m, &mut words);
    words.join(" ")
}

/// A move said from where it lands, for a list of one piece's moves whose
/// piece and square are said once before it: "takes Eva seven", "David
/// eight promotes to Queen check", or the castling.
pub fn say_landing(pack: &VoicePack, position: &Chess, m: Move) -> String {
    let mut words = Vec::with_capacity(6);
    match m {
        Move::Castle { king, rook } => words.push(castling(pack, king, rook)),
        _ => landing(pack, m, pack.square(m.to()), &mut words),
    }
    suffix(pack, position, m, &mut words);
    words.join(" ")
}

/// A move as it is written in SAN ("Nd5", "exd5", "Qxh7+", "e8=Q",
/// "O-O"), read in the pack's words without a position: what the text
/// says, piece, disambiguation, capture, square, promotion, check or mate.
/// `None` for text that is no SAN move.
pub fn say_written(pack: &VoicePack, text: &str) -> Option<String> {
    let san: SanPlus = text.parse().ok()?;
    let mut words: Vec<String> = Vec::with_capacity(8);
    match san.san {
        San::Castle(side) => words.push(pack.castle(side).to_string()),
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            if role != Role::Pawn {
                words.push(pack.piece(role).to_string());
            }
            words.extend(file.map(|f| pack.file(f).to_string()));
            words.extend(rank.map(|r| pack.rank(r).to_string()));
            if capture {
                words.push(pack.moves.capture.clone());
            }
            words.push(pack.square(to));
            if let Some(promoted) = promotion {
                words.push(pack.moves.promotion.clone());
                words.push(pack.piece(promoted).to_string());
            }
        }
        San::Put { .. } | San::Null => return None,
    }
    match san.suffix {
        Some(Suffix::Check) => words.push(pack.moves.check.clone()),
        Some(Suffix::Checkmate) => words.push(pack.moves.mate.clone()),
        None => {}
    }
    Some(words.join(" "))
}

/// The castling phrase: short when the rook stands on the king's right.
fn castling(pack: &VoicePack, king: Square, rook: Square) -> String {
    let side = match rook.file() > king.file() {
        true => CastlingSide::KingSide,
        false => CastlingSide::QueenSide,
    };
    pack.castle(side).to_string()
}

/// The capture word, the destination, en passant and the promotion.
fn landing(pack: &VoicePack, m: Move, destination: String, words: &mut Vec<String>) {
    if m.is_capture() {
        words.push(pack.moves.capture.clone());
    }
    words.push(destination);
    if m.is_en_passant() {
        words.push(pack.moves.en_passant.clone());
    }
    if let Some(promoted) = m.promotion() {
        words.push(pack.moves.promotion.clone());
        words.push(pack.piece(promoted).to_string());
    }
}

/// Check or mate, after the move.
fn suffix(pack: &VoicePack, position: &Chess, m: Move, words: &mut Vec<String>) {
    match SanPlus::from_move(position.clone(), m).suffix {
        Some(Suffix::Check) => words.push(pack.moves.check.clone()),
        Some(Suffix::Checkmate) => words.push(pack.moves.mate.clone()),
        None => {}
    }
}

/// The short form's origin hint and destination: SAN's own disambiguation,
/// spoken.
fn short_squares(pack: &VoicePack, position: &Chess, m: Move) -> (Option<String>, String) {
    match San::from_move(position, m) {
        San::Normal { file, rank, to, .. } => {
            let hint = match (file, rank) {
                (Some(f), Some(r)) => Some(format!("{} {}", pack.file(f), pack.rank(r))),
                (Some(f), None) => Some(pack.file(f).to_string()),
                (None, Some(r)) => Some(pack.rank(r).to_string()),
                (None, None) => None,
            };
            (hint, pack.square(to))
        }
        _ => (None, pack.square(m.to())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen, uci::UciMove};

    fn position_and_move(fen: &str, uci: &str) -> (Chess, Move) {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        (pos, m)
    }

    fn spoken(fen: &str, uci: &str, form: Form) -> String {
        let (pos, m) = position_and_move(fen, uci);
        say(&VoicePack::fide(), &pos, m, form)
    }

    #[test]
    fn a_written_move_is_read_in_the_packs_words_without_a_position() {
        let fide = VoicePack::fide();
        assert_eq!(say_written(&fide, "Nd5").unwrap(), "Springer David fünf");
        assert_eq!(
            say_written(&fide, "exd5").unwrap(),
            "Eva schlägt David fünf"
        );
        assert_eq!(
            say_written(&fide, "Qxh7#").unwrap(),
            "Dame schlägt Hector sieben Schachmatt"
        );
        assert_eq!(
            say_written(&fide, "e8=Q+").unwrap(),
            "Eva acht Umwandlung in Dame Schach"
        );
        assert_eq!(say_written(&fide, "O-O").unwrap(), "Kurze Rochade");
        assert_eq!(say_written(&fide, "Rad1").unwrap(), "Turm Anna David eins");
        assert_eq!(say_written(&fide, "was"), None);
        assert_eq!(say_written(&fide, "best"), None);
    }

    #[test]
    fn a_move_said_from_where_it_lands_keeps_capture_promotion_and_check() {
        let landing = |fen: &str, uci: &str| {
            let (pos, m) = position_and_move(fen, uci);
            say_landing(&VoicePack::fide(), &pos, m)
        };
        let promotion = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            landing(promotion, "b7b8q"),
            "Bella acht Umwandlung in Dame Schach"
        );
        let capture = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(landing(capture, "e4d5"), "schlägt David fünf");
        let castling = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        assert_eq!(landing(castling, "e1g1"), "Kurze Rochade");
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn pawn_and_piece_moves() {
        assert_eq!(spoken(START, "e2e4", Form::Short), "Eva vier");
        assert_eq!(spoken(START, "e2e4", Form::Long), "Bauer Eva zwei Eva vier");
        assert_eq!(spoken(START, "g1f3", Form::Short), "Springer Felix drei");
        assert_eq!(
            spoken(START, "g1f3", Form::Long),
            "Springer Gustav eins Felix drei"
        );
    }

    #[test]
    fn disambiguation_is_exactly_what_san_needs() {
        // Knights on b1 and f3 can both reach d2: SAN Nbd2.
        let fen = "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
        assert_eq!(
            spoken(fen, "b1d2", Form::Short),
            "Springer Bella David zwei"
        );
        // Rooks on a1 and a5 can both reach a3: SAN R1a3.
        let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(spoken(fen, "a1a3", Form::Short), "Turm eins Anna drei");
    }

    #[test]
    fn captures_en_passant_promotion_check_and_mate() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(
            spoken(fen, "e5d6", Form::Short),
            "Eva schlägt David sechs en passant"
        );
        let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            spoken(fen, "b7b8n", Form::Short),
            "Bella acht Umwandlung in Springer"
        );
        assert_eq!(
            spoken(fen, "b7b8q", Form::Long),
            "Bauer Bella sieben Bella acht Umwandlung in Dame Schach"
        );
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        assert_eq!(
            spoken(fen, "a1a8", Form::Short),
            "Turm Anna acht Schachmatt"
        );
    }

    #[test]
    fn both_castlings() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(spoken(fen, "e1g1", Form::Short), "Kurze Rochade");
        assert_eq!(spoken(fen, "e1c1", Form::Long), "Lange Rochade");
    }
}
