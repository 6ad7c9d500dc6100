//! What `pieces` answers, pasted after `board white` or `board black`,
//! reads as the same board (D.2.9): in every pack, for random positions
//! reached by random legal moves.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Color, Position};

use crate::analysis::{AnalysisWords, Question, Whose, ask};
use crate::audit::read_board;
use crate::notation::VoicePack;
use crate::notation::pack::BUILTIN;

const POSITIONS: usize = 200;

/// A position after up to 120 random legal half-moves.
fn random_position(rng: &mut ChaCha8Rng) -> Chess {
    let mut position = Chess::default();
    for _ in 0..rng.random_range(0..120) {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        position.play_unchecked(m);
    }
    position
}

#[test]
fn every_packs_pieces_answer_reads_back_as_the_same_board() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7a77);
    let packs: Vec<VoicePack> = BUILTIN
        .iter()
        .map(|(id, _)| VoicePack::builtin(id))
        .collect();
    for _ in 0..POSITIONS {
        let position = random_position(&mut rng);
        for pack in &packs {
            let words = AnalysisWords::from_pack(pack).unwrap();
            let all = words.answer(&ask(&position, None, &Question::Pieces(Whose::Both)));
            let read = read_board(pack, &all).unwrap_or_else(|e| panic!("{}: {all}: {e}", pack.id));
            assert_eq!(&read, position.board(), "{}: {all}", pack.id);
            // One side's answer reads as that side's pieces alone.
            for color in Color::ALL {
                let one =
                    words.answer(&ask(&position, None, &Question::Pieces(Whose::Side(color))));
                let read =
                    read_board(pack, &one).unwrap_or_else(|e| panic!("{}: {one}: {e}", pack.id));
                assert_eq!(
                    read,
                    position
                        .board()
                        .clone()
                        .into_iter()
                        .filter(|(_, p)| p.color == color)
                        .collect(),
                    "{}: {one}",
                    pack.id
                );
            }
        }
    }
}
