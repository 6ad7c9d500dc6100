//! Round trip of moves phrased as people and speech recognisers phrase
//! them: for positions of seeded random games and of positions rich in
//! castlings, captures and promotions, every legal move is said in every
//! pack, then wrapped in chatter, phrased with castling words, with the
//! captured piece named, with recogniser spellings, with promotion words;
//! each must read back as exactly that move, or a question offering it.
//! And a move described with the wrong piece, or a captured piece that is
//! not on the square, is refused: never read as another move. The test
//! command plays 20 random games; `make test-long` (or
//! `PHRASED_ROUND_TRIP_GAMES`) plays 60.

use crate::common;

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position, Role, Square, fen::Fen};
use zweibrett_core::notation::pack::BUILTIN;
use zweibrett_core::notation::{Form, Lexicon, PieceLetters, Reading, VoicePack, read_move, say};

/// Positions where castling, en passant, promotion and captures of every
/// kind are legal, besides the start position.
const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 8",
    "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
    "1r2k1r1/P1P3PP/8/8/8/8/p1p3pp/1R2K1R1 b - - 0 1",
    "r1bqkbnr/pp1ppppp/2n5/3PN3/B7/8/PPP2PPP/RNBQK2R w KQkq - 0 1",
];

/// Words said around a move, before and after it, in each pack's language.
fn chatter(pack: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match pack {
        "fide" => (
            &[
                "ich spiele",
                "mein Zug:",
                "äh,",
                "also ich ziehe",
                "ähm",
                "jetzt",
            ],
            &["bitte", ", fertig", "danke", ""],
        ),
        "en" => (
            &[
                "I play",
                "my move is",
                "uh,",
                "um",
                "let's play",
                "I'll play",
                "so",
            ],
            &["please", ", done", ""],
        ),
        "pt" => (
            &["eu jogo", "o meu lance é", "então,", "jogo"],
            &["por favor", ", pronto", "obrigado", ""],
        ),
        _ => (
            &["juego", "yo juego", "mi jugada es", "eh,", "bueno,"],
            &["por favor", ", listo", "gracias", ""],
        ),
    }
}

/// Castling said in words, by side, in each pack's language.
fn castling_words(pack: &str, side: CastlingSide) -> &'static [&'static str] {
    let short = side == CastlingSide::KingSide;
    match (pack, short) {
        ("fide", true) => &[
            "kleine Rochade",
            "Rochade kurz",
            "kurz rochieren",
            "ich rochiere kurz",
        ],
        ("fide", false) => &[
            "große Rochade",
            "Rochade lang",
            "lang rochieren",
            "ich rochiere lang",
        ],
        ("en", true) => &[
            "castles kingside",
            "castle kingside",
            "short castling",
            "I castle short",
        ],
        ("en", false) => &[
            "castles queenside",
            "castle queenside",
            "long castling",
            "I castle long",
        ],
        ("pt", true) => &["roque pequeno", "pequeno roque", "roque menor"],
        ("pt", false) => &["roque grande", "grande roque", "roque maior"],
        (_, true) => &["enroque corto", "enroco corto"],
        (_, false) => &["enroque largo", "enroco largo"],
    }
}

/// Castling with no side said.
fn castling_alone(pack: &str) -> &'static [&'static str] {
    match pack {
        "fide" => &["Rochade", "ich rochiere"],
        "en" => &["castles", "I castle"],
        "pt" => &["roque"],
        _ => &["enroque"],
    }
}

/// Promotion words put between the destination and the piece.
fn promotion_words(pack: &str) -> &'static [&'static str] {
    match pack {
        "fide" => &["wird", "wird eine", "und wird", "Umwandlung", "wird zur"],
        "en" => &[
            "becomes a",
            "promotes to",
            "promotes to a",
            "and promotes to",
        ],
        "pt" => &["promove a", "e promove a", "promove para"],
        _ => &["corona", "promociona a", "y corona", "se convierte en"],
    }
}

/// What a speech recogniser writes for some words of the packs: each word
/// may be replaced by any of its spellings here.
const RECOGNISED: &[(&str, &[&str])] = &[
    ("vier", &["für", "4"]),
    ("eins", &["ein", "1"]),
    ("sechs", &["sex", "6"]),
    ("sieben", &["siebn", "7"]),
    ("Eva", &["Ewa", "e"]),
    ("David", &["Dawid", "d"]),
    ("Cesar", &["Zäsar", "c"]),
    ("Felix", &["Felics", "f", "eff"]),
    ("Gustav", &["g", "Gustaf"]),
    ("Bella", &["b", "Bela"]),
    ("four", &["for", "4"]),
    ("eight", &["ate", "8"]),
    ("one", &["won", "1"]),
    ("two", &["too", "2"]),
    ("three", &["tree", "3"]),
    ("Knight", &["night", "horse"]),
];

/// The move as said, with some words spelled as a recogniser writes them.
fn recognised(text: &str, choices: &mut impl FnMut(usize) -> usize) -> String {
    text.split(' ')
        .map(|word| match RECOGNISED.iter().find(|(w, _)| *w == word) {
            Some((_, spellings)) if choices(2) == 1 => spellings[choices(spellings.len())],
            _ => word,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `reading` is `m` or a question offering it.
fn offers(reading: &Reading, m: Move) -> bool {
    match reading {
        Reading::Move(read) => *read == m,
        Reading::Ambiguous { candidates, .. } => candidates.contains(&m),
        _ => false,
    }
}

fn read(pack: &VoicePack, position: &Chess, text: &str) -> Reading {
    read_move(Lexicon::builtin(), pack, position, text)
}

fn fen(position: &Chess) -> String {
    Fen::from_position(position, shakmaty::EnPassantMode::Legal).to_string()
}

/// The move's capture phrased with the captured piece named: "Läufer
/// schlägt Springer Cesar sechs", with the from-square in the long form.
fn naming_the_captured(pack: &VoicePack, m: Move, captured: Role, form: Form) -> String {
    let mut words = vec![pack.piece(m.role()).to_string()];
    if form == Form::Long
        && let Some(from) = m.from()
    {
        words.push(pack.square(from));
    }
    words.push(pack.moves.capture.clone());
    words.push(pack.piece(captured).to_string());
    words.push(pack.square(m.to()));
    if let Some(promoted) = m.promotion() {
        words.push(pack.moves.promotion.clone());
        words.push(pack.piece(promoted).to_string());
    }
    words.join(" ")
}

/// Every phrasing of one legal move in one pack, each checked; `pick`
/// chooses among the variants. Returns how many texts were read.
fn check_move(
    pack: &VoicePack,
    position: &Chess,
    m: Move,
    pick: &mut impl FnMut(usize) -> usize,
) -> usize {
    let id = pack.id.as_str();
    let mut texts: Vec<(String, bool)> = Vec::new();
    let (before, after) = chatter(id);
    for form in [Form::Short, Form::Long] {
        let said = say(pack, position, m, form);
        let wrapped = format!(
            "{} {said} {}",
            before[pick(before.len())],
            after[pick(after.len())]
        );
        texts.push((wrapped, true));
        // A lone letter that is also a piece letter where the pack's
        // language is spoken ("d": the d-file or the Spanish dama) may be
        // asked about; the move must be among the choices.
        let heard = recognised(&said, pick);
        let letters = PieceLetters::of_pack(pack);
        let clear = !heard.split(' ').any(|w| {
            let mut chars = w.chars();
            matches!((chars.next(), chars.next()), (Some(c), None)
                if [PieceLetters::English, letters]
                    .iter()
                    .any(|l| l.role(c.to_ascii_uppercase()).is_some()))
        });
        texts.push((heard, clear));
    }
    if let Move::Castle { king, rook } = m {
        let side = CastlingSide::from_king_side(king < rook);
        let words = castling_words(id, side);
        texts.push((words[pick(words.len())].to_string(), true));
        let alone = castling_alone(id);
        let both = position
            .legal_moves()
            .iter()
            .filter(|c| c.is_castle())
            .count()
            > 1;
        texts.push((alone[pick(alone.len())].to_string(), !both));
    }
    if let Some(captured) = m.capture() {
        texts.push((naming_the_captured(pack, m, captured, Form::Long), true));
        texts.push((naming_the_captured(pack, m, captured, Form::Short), false));
    }
    if let (Some(promoted), Some(from)) = (m.promotion(), m.from()) {
        let words = promotion_words(id);
        let text = format!(
            "{} {} {} {}",
            pack.square(from),
            pack.square(m.to()),
            words[pick(words.len())],
            pack.piece(promoted)
        );
        texts.push((text, true));
    }
    for (text, exact) in &texts {
        let reading = read(pack, position, text);
        let fine = if *exact {
            reading == Reading::Move(m)
        } else {
            offers(&reading, m)
        };
        assert!(
            fine,
            "{id}: \"{text}\" in {} read as {reading:?}, expected {m:?}",
            fen(position)
        );
    }
    texts.len()
}

/// Descriptions of moves that cannot be made: a piece named that cannot go
/// where another can, a captured piece that is not on the square. Each must
/// be refused, never read as a move. Returns how many were read.
fn check_wrong_pieces(pack: &VoicePack, position: &Chess) -> usize {
    let legal = position.legal_moves();
    let mut checked = 0;
    for m in &legal {
        let to = m.to();
        if m.is_castle() {
            continue;
        }
        for role in [
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ] {
            let can = |r: Role| {
                legal
                    .iter()
                    .any(|c| c.role() == r && c.to() == to && !c.is_castle())
            };
            // "König Gustav eins" is castling where castling is legal.
            let castles = role == Role::King && legal.iter().any(|c| c.is_castle());
            if can(role) || role == m.role() || castles {
                continue;
            }
            let text = format!("{} {}", pack.piece(role), pack.square(to));
            let reading = read(pack, position, &text);
            assert!(
                matches!(reading, Reading::Illegal { .. }),
                "{}: \"{text}\" in {} read as {reading:?}",
                pack.id,
                fen(position)
            );
            checked += 1;
        }
        if let Some(captured) = m.capture() {
            for wrong in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ] {
                if wrong == captured {
                    continue;
                }
                let text = naming_the_captured(pack, *m, wrong, Form::Long);
                let reading = read(pack, position, &text);
                assert!(
                    matches!(reading, Reading::Illegal { .. }),
                    "{}: \"{text}\" in {} read as {reading:?}",
                    pack.id,
                    fen(position)
                );
                checked += 1;
            }
        }
    }
    checked
}

fn packs() -> Vec<VoicePack> {
    BUILTIN
        .iter()
        .map(|(id, _)| VoicePack::builtin(id))
        .collect()
}

fn start(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

const GAMES: u64 = 60;
const MAX_PLIES: usize = 60;

#[test]
fn every_move_phrased_as_people_say_it_reads_back() {
    common::lowest_priority();
    let packs = packs();
    let games = common::sample("PHRASED_ROUND_TRIP_GAMES", 20, GAMES as usize) as u64;
    let mut texts = 0;
    let mut wrong = 0;
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut position = start(STARTS[seed as usize % STARTS.len()]);
        for _ in 0..MAX_PLIES {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            for pack in &packs {
                for &m in &legal {
                    texts += check_move(pack, &position, m, &mut |n| rng.random_range(0..n));
                }
                wrong += check_wrong_pieces(pack, &position);
            }
            let m = legal[rng.random_range(0..legal.len())];
            position.play_unchecked(m);
        }
    }
    assert!(
        texts > 1_600 * games as usize,
        "only {texts} phrasings read in {games} games"
    );
    eprintln!("phrased round trip: {texts} phrasings read back, {wrong} wrong pieces refused");
}

fn position_after(start_index: usize, plies: &[usize]) -> Chess {
    let mut position = start(STARTS[start_index % STARTS.len()]);
    for &choice in plies {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        position.play_unchecked(legal[choice % legal.len()]);
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_phrased_move_reads_back_and_a_wrong_piece_is_refused(
        start_index in 0..STARTS.len(),
        plies in prop::collection::vec(any::<usize>(), 0..40),
        pack in 0..BUILTIN.len(),
        choice in any::<usize>(),
        picks in prop::collection::vec(any::<usize>(), 64),
    ) {
        let pack = VoicePack::builtin(BUILTIN[pack].0);
        let position = position_after(start_index, &plies);
        let legal = position.legal_moves();
        prop_assume!(!legal.is_empty());
        let m = legal[choice % legal.len()];
        let mut next = picks.into_iter().cycle();
        check_move(&pack, &position, m, &mut |n| next.next().unwrap_or(0) % n);
        check_wrong_pieces(&pack, &position);
    }
}

#[test]
fn the_square_of_a_capture_is_where_the_named_piece_stands() {
    // En passant: the captured pawn stands beside the destination, and
    // "schlägt Bauer" still names it.
    let position = start(STARTS[2]);
    let m = Move::EnPassant {
        from: Square::E5,
        to: Square::D6,
    };
    assert!(position.is_legal(m));
    let fide = VoicePack::builtin("fide");
    assert_eq!(
        read(&fide, &position, "Bauer Eva fünf schlägt Bauer David sechs"),
        Reading::Move(m)
    );
}
