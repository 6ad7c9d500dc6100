//! The opening explorer's readers on arbitrary bytes: a game's opening
//! read from its text (never a panic, every move legal, at most the
//! half-moves the tree follows), and records read from a damaged kept
//! tree (any 28 bytes are a record; a lookup in unsorted records ends).
#![no_main]

use libfuzzer_sys::fuzz_target;
use shakmaty::Position;
use zweibrett_core::analysis::explorer::{
    PLIES, RECORD_BYTES, TreeMove, explore, gather, moves_at, opening_moves, passages,
};

fuzz_target!(|data: &[u8]| {
    // Bounded as the index bounds a game's text.
    let data = &data[..data.len().min(1 << 16)];
    if let Some((start, moves)) = opening_moves(data) {
        assert!(moves.len() <= PLIES);
        let mut position = start.clone();
        for &m in &moves {
            assert!(position.is_legal(m), "{m} is not legal");
            position.play_unchecked(m);
        }
        let mut all = Vec::new();
        passages(&start, moves.iter().copied(), "1-0", 1, &mut all);
        passages(&start, moves.iter().copied(), "0-1", 2, &mut all);
        let tree = gather(all);
        let lookup = |hash| moves_at::<()>(hash, tree.len() as u64, |i| Ok(tree[i as usize]));
        let _ = explore(&start, &moves, lookup);
    }
    let records: Vec<TreeMove> = data
        .chunks_exact(RECORD_BYTES)
        .map(|c| TreeMove::from_bytes(c.try_into().unwrap()))
        .collect();
    let lookup = |hash| moves_at::<()>(hash, records.len() as u64, |i| Ok(records[i as usize]));
    let _ = explore(&shakmaty::Chess::default(), &[], lookup);
});
