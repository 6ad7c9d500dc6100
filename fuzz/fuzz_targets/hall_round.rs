//! A round's PGN as the hall reads it from a file or an address, on
//! arbitrary text bounded to 64 kB: never a panic; every board it gives
//! is said in words; a second look at the text cut short (a round caught
//! mid-write) gives events only about boards the hall knows, each said.
#![no_main]

use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use zweibrett_core::analysis::live::read_written;
use zweibrett_core::clock::Instant;
use zweibrett_core::hall::{BoardView, Hall, HallWords, Subject};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::record::pgn_index::{GameIndex, entry_text};

const MOST: usize = 64 * 1024;

fn boards(bytes: &[u8]) -> Vec<BoardView> {
    let Ok(index) = GameIndex::of_text(Path::new("round.pgn"), bytes) else {
        return Vec::new();
    };
    index
        .games
        .iter()
        .filter_map(|entry| read_written(&entry_text(bytes, entry), entry.line).ok())
        .map(|game| BoardView::of(&game))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    if data.len() > MOST {
        return;
    }
    // Loaded once: loading the pack for each input made a run forty times
    // slower.
    static PACK: OnceLock<VoicePack> = OnceLock::new();
    let pack = PACK.get_or_init(VoicePack::fide);
    let words = HallWords::new(pack);
    let mut hall = Hall::new(Duration::from_secs(60));
    let names = vec!["round".to_string()];
    let cut = &data[..data.len() / 2];
    for (at, bytes) in [(0, cut), (5, data)] {
        let events = hall.take(0, boards(bytes), Instant(Duration::from_secs(at)));
        for event in &events {
            if let Subject::Board(i) = event.subject {
                assert!(i < hall.boards().len());
            }
            assert!(!words.event(&hall, &names, event).is_empty());
        }
    }
    for board in hall.boards() {
        assert!(!words.summary(&board.view).is_empty());
        assert!(!words.score(&board.view).is_empty());
    }
    let _ = hall.tick(Instant(Duration::from_secs(120)));
});
