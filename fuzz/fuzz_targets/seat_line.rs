//! Lines typed at a joined seat (D.2.11), in any role and pack, on
//! arbitrary text: reading and entering them never panics, and what a
//! seat is shown after each line reads back the same from its JSON.
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use zweibrett_core::clock::Instant;
use zweibrett_core::game::{Game, Impaired, Press, Repetition, Role, Setup};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::seat::{SeatRole, SeatView};
use zweibrett_core::typed::Line;
use zweibrett_core::typed::seat_line::seat_line;

const PACKS: [&str; 4] = ["fide", "pt", "es", "en"];
const ROLES: [SeatRole; 3] = [SeatRole::Opponent, SeatRole::Arbiter, SeatRole::Assistant];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let role = ROLES[usize::from(choice % 3)];
    // Reading a pack takes longer than a game of lines: each is read once.
    static READ: OnceLock<Vec<VoicePack>> = OnceLock::new();
    let packs = READ.get_or_init(|| PACKS.iter().map(|id| VoicePack::builtin(id)).collect());
    let pack = packs[usize::from(choice / 3 % 4)].clone();
    let setup = Setup {
        role: if choice & 0x80 == 0 {
            Role::Player
        } else {
            Role::Arbiter
        },
        impaired: Impaired::White,
        time: "600".into(),
        repetition: Repetition::Quick,
        press: Press::Auto,
        ..Setup::default()
    };
    let Ok(mut game) = Game::new(setup, pack) else {
        return;
    };
    game.opening();
    // Each line a second after the one before.
    for (n, typed) in text.lines().take(64).enumerate() {
        let now = Instant(Duration::from_secs(n as u64 + 1));
        if let Ok(Line::Game(command)) = seat_line(&game, role, typed) {
            game.apply(&command, now);
        }
        let view = SeatView::of(&game, now);
        let json = serde_json::to_string(&view).expect("a view is written");
        let back: SeatView = serde_json::from_str(&json).expect("a view reads back");
        assert_eq!(back, view);
    }
});
