use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Piece, Position, Role, Square};

use super::dgt::{ClockReading, ClockSide, Command, Decoder, Message, Sensed, encode};
use super::*;

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn shown(position: &Chess) -> Placement {
    Placement::of_board(position.board())
}

/// What a hand does on the board.
#[derive(Clone, Copy, Debug)]
enum Hand {
    Lift(Square),
    Place(Square, Piece),
}

/// The hands' work for a move: chains of actions, each in its order, the
/// chains interleaved in any order a person may use.
fn chains(position: &Chess, m: Move, slide: bool, pawn_first: bool) -> Vec<Vec<Hand>> {
    let turn = position.turn();
    let mut chains = Vec::new();
    let carry = |from: Square, to: Square, piece: Piece, via: Option<Square>| {
        let mut chain = vec![Hand::Lift(from)];
        if let Some(via) = via {
            chain.extend([Hand::Place(via, piece), Hand::Lift(via)]);
        }
        chain.push(Hand::Place(to, piece));
        chain
    };
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let via = slide
                .then(|| shakmaty::attacks::between(from, to).first())
                .flatten()
                .filter(|_| capture.is_none());
            let mut chain = match promotion {
                Some(new) if pawn_first => {
                    let mut chain = carry(from, to, turn.pawn(), None);
                    chain.extend([Hand::Lift(to), Hand::Place(to, new.of(turn))]);
                    chain
                }
                Some(new) => carry(from, to, new.of(turn), None),
                None => carry(from, to, role.of(turn), via),
            };
            if capture.is_some() {
                // The piece taken is lifted before the capturing one is
                // placed there.
                chains.push(vec![Hand::Lift(to)]);
                chain = chain.clone();
            }
            chains.push(chain);
        }
        Move::EnPassant { from, to } => {
            chains.push(carry(from, to, turn.pawn(), None));
            chains.push(vec![Hand::Lift(Square::from_coords(
                to.file(),
                from.rank(),
            ))]);
        }
        Move::Castle { king, rook } => {
            let side = m.castling_side().unwrap();
            let king_to = side.king_to(turn);
            let via = slide
                .then(|| shakmaty::attacks::between(king, king_to).first())
                .flatten();
            chains.push(carry(king, king_to, turn.king(), via));
            chains.push(carry(rook, side.rook_to(turn), turn.rook(), None));
        }
        Move::Put { .. } => unreachable!(),
    }
    chains
}

/// Every order of the chains' actions in which a piece is only placed on
/// an empty square.
fn orders(start: &Placement, chains: &[Vec<Hand>]) -> Vec<Vec<Hand>> {
    fn walk(
        board: &Placement,
        chains: &[Vec<Hand>],
        next: &mut Vec<usize>,
        done: &mut Vec<Hand>,
        out: &mut Vec<Vec<Hand>>,
    ) {
        if next
            .iter()
            .zip(chains)
            .all(|(&at, chain)| at == chain.len())
        {
            out.push(done.clone());
            return;
        }
        for which in 0..chains.len() {
            let Some(&hand) = chains[which].get(next[which]) else {
                continue;
            };
            let mut after = board.clone();
            match hand {
                Hand::Lift(square) => {
                    if after.get(square) == Sensed::Empty {
                        continue;
                    }
                    after.set(square, Sensed::Empty);
                }
                Hand::Place(square, piece) => {
                    if after.get(square) != Sensed::Empty {
                        continue;
                    }
                    after.set(square, Sensed::Piece(piece));
                }
            }
            next[which] += 1;
            done.push(hand);
            walk(&after, chains, next, done, out);
            done.pop();
            next[which] -= 1;
        }
    }
    let mut out = Vec::new();
    walk(
        start,
        chains,
        &mut vec![0; chains.len()],
        &mut Vec::new(),
        &mut out,
    );
    out
}

fn apply(board: &mut Placement, hand: Hand) {
    match hand {
        Hand::Lift(square) => board.set(square, Sensed::Empty),
        Hand::Place(square, piece) => board.set(square, Sensed::Piece(piece)),
    }
}

/// Plays every order of the hands for `m` and checks that only `m` is ever
/// read as made, and that it is read at the end.
fn every_order_reads_the_move(position: &Chess, m: Move) -> Result<(), String> {
    for slide in [false, true] {
        for pawn_first in [false, true] {
            let start = shown(position);
            for order in orders(&start, &chains(position, m, slide, pawn_first)) {
                let mut board = start.clone();
                let mut last = Recognition::AsInGame;
                for &hand in &order {
                    apply(&mut board, hand);
                    last = recognise(position, &board);
                    if let Recognition::Moved(other) = last
                        && other != m
                    {
                        return Err(format!("{order:?} read {other:?} on the way to {m:?}"));
                    }
                }
                match last {
                    Recognition::Moved(read) | Recognition::Settling(read) if read == m => {}
                    other => return Err(format!("{order:?} for {m:?} ended as {other:?}")),
                }
            }
        }
    }
    Ok(())
}

fn random_position(seed: u64, plies: usize) -> Chess {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Chess::default();
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        position.play_unchecked(m);
    }
    position
}

const SPECIAL: [&str; 5] = [
    // Both sides may castle either way.
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 9",
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 4 9",
    // En passant both ways, and a promotion with and without a capture.
    "rn1qkbnr/pP3ppp/8/2pPp3/8/8/PPP2PPP/RNBQKBNR w KQkq c6 0 6",
    "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
    "1n2k3/P1P5/8/8/8/8/1p6/R3K3 w Q - 0 1",
];

#[test]
fn every_special_move_is_read_in_every_order_of_the_hands() {
    for fen in SPECIAL {
        let position = position(fen);
        for m in position.legal_moves() {
            every_order_reads_the_move(&position, m).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_legal_move_of_a_game_is_read_in_every_order_of_the_hands(
        seed in any::<u64>(),
        plies in 0usize..80,
    ) {
        let position = random_position(seed, plies);
        for m in position.legal_moves() {
            every_order_reads_the_move(&position, m).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn random_hands_never_read_a_move_the_board_does_not_show(
        seed in any::<u64>(),
        plies in 0usize..60,
        hands in proptest::collection::vec((0u8..64, 0u8..13), 1..12),
    ) {
        let position = random_position(seed, plies);
        let mut board = shown(&position);
        for (field, code) in hands {
            let square = Orientation::Normal.square(field);
            board.set(square, Sensed::from_code(code).unwrap());
            match recognise(&position, &board) {
                Recognition::AsInGame => prop_assert_eq!(&board, &shown(&position)),
                Recognition::Moved(m) | Recognition::Settling(m) => {
                    prop_assert!(position.is_legal(m));
                    let mut after = position.clone();
                    after.play_unchecked(m);
                    prop_assert_eq!(&board, &shown(&after));
                }
                Recognition::Promoting { from, to } => {
                    prop_assert_eq!(board.get(from), Sensed::Empty);
                    prop_assert_eq!(board.get(to), Sensed::Piece(position.turn().pawn()));
                }
                Recognition::OnTheWay => {}
                Recognition::NotTheGame(differences) => {
                    prop_assert!(!differences.is_empty());
                    for difference in differences {
                        prop_assert_eq!(board.get(difference.square), difference.shown);
                    }
                }
            }
        }
    }

    #[test]
    fn a_message_reads_back_as_itself_after_any_noise(
        noise in proptest::collection::vec(any::<u8>(), 0..40),
        field in 0u8..64,
        code in 0u8..16,
        seconds in (0u32..36_000, 0u32..36_000),
        status in (any::<bool>(), any::<bool>(), proptest::option::of(any::<bool>())),
        serial in "[0-9]{5}",
        version in (0u8..128, 0u8..128),
    ) {
        let mut dump = [Sensed::Empty; 64];
        for (at, slot) in dump.iter_mut().enumerate() {
            *slot = Sensed::from_code(((at as u8) ^ code) % 13).unwrap();
        }
        let messages = vec![
            Message::FieldUpdate { field, now: Sensed::from_code(code).unwrap() },
            Message::BoardDump(Box::new(dump)),
            Message::Clock(ClockReading {
                left: ClockSide { seconds: seconds.0, flag: status.0 },
                right: ClockSide { seconds: seconds.1, flag: false },
                running: status.1,
                left_to_move: status.2,
                battery_low: status.0,
            }),
            Message::SerialNumber(serial),
            Message::Version(version.0, version.1),
        ];
        let mut bytes = noise;
        for message in &messages {
            bytes.extend(encode(message));
        }
        let mut decoder = Decoder::new();
        // Read in two pieces, as a serial line delivers them.
        let cut = bytes.len() / 3;
        let mut read = decoder.push(&bytes[..cut]);
        read.extend(decoder.push(&bytes[cut..]));
        prop_assert!(read.len() >= messages.len());
        prop_assert_eq!(&read[read.len() - messages.len()..], &messages[..]);
    }
}

#[test]
fn a_rook_placed_for_castling_waits_for_its_king() {
    let position = position(SPECIAL[0]);
    let mut board = shown(&position);
    board.set(Square::H1, Sensed::Empty);
    assert_eq!(recognise(&position, &board), Recognition::OnTheWay);
    board.set(Square::F1, Sensed::Piece(Color::White.rook()));
    let rook_move = Move::Normal {
        role: Role::Rook,
        from: Square::H1,
        capture: None,
        to: Square::F1,
        promotion: None,
    };
    assert_eq!(
        recognise(&position, &board),
        Recognition::Settling(rook_move)
    );
    board.set(Square::E1, Sensed::Empty);
    assert_eq!(recognise(&position, &board), Recognition::OnTheWay);
    board.set(Square::G1, Sensed::Piece(Color::White.king()));
    assert_eq!(
        recognise(&position, &board),
        Recognition::Moved(Move::Castle {
            king: Square::E1,
            rook: Square::H1
        })
    );
}

#[test]
fn a_pawns_single_step_settles_and_a_knights_move_is_made_at_once() {
    let position = Chess::default();
    let mut board = shown(&position);
    board.set(Square::E2, Sensed::Empty);
    board.set(Square::E3, Sensed::Piece(Color::White.pawn()));
    assert!(matches!(
        recognise(&position, &board),
        Recognition::Settling(_)
    ));
    board.set(Square::E3, Sensed::Empty);
    board.set(Square::E4, Sensed::Piece(Color::White.pawn()));
    assert!(matches!(recognise(&position, &board), Recognition::Moved(m) if m.to() == Square::E4));

    let mut board = shown(&position);
    board.set(Square::G1, Sensed::Empty);
    board.set(Square::F3, Sensed::Piece(Color::White.knight()));
    assert!(matches!(recognise(&position, &board), Recognition::Moved(m) if m.to() == Square::F3));
}

#[test]
fn a_pawn_left_on_the_last_rank_asks_for_its_piece() {
    let position = position(SPECIAL[4]);
    let mut board = shown(&position);
    board.set(Square::C7, Sensed::Empty);
    board.set(Square::C8, Sensed::Piece(Color::White.pawn()));
    assert_eq!(
        recognise(&position, &board),
        Recognition::Promoting {
            from: Square::C7,
            to: Square::C8
        }
    );
    board.set(Square::C8, Sensed::Piece(Color::White.knight()));
    assert!(matches!(
        recognise(&position, &board),
        Recognition::Moved(Move::Normal {
            promotion: Some(Role::Knight),
            ..
        })
    ));
}

#[test]
fn a_board_knocked_over_names_every_square_that_differs() {
    let position = Chess::default();
    let mut board = shown(&position);
    board.set(Square::E2, Sensed::Empty);
    board.set(Square::D7, Sensed::Empty);
    board.set(Square::D5, Sensed::Piece(Color::White.queen()));
    let Recognition::NotTheGame(differences) = recognise(&position, &board) else {
        panic!("not read as a strange board");
    };
    let squares: Vec<Square> = differences.iter().map(|d| d.square).collect();
    assert_eq!(squares, vec![Square::E2, Square::D5, Square::D7]);
    assert_eq!(differences[0].in_game, Sensed::Piece(Color::White.pawn()));
    assert_eq!(differences[0].shown, Sensed::Empty);
}

#[test]
fn a_turned_board_is_known_from_the_starting_position() {
    let start = shown(&Chess::default());
    let normal = start.fields(Orientation::Normal);
    let turned = start.fields(Orientation::Turned);
    assert_eq!(normal[0], Sensed::Piece(Color::Black.rook()));
    assert_eq!(normal[4], Sensed::Piece(Color::Black.king()));
    assert_eq!(turned[3], Sensed::Piece(Color::White.king()));
    assert_eq!(orientation_of(&normal, &start), Some(Orientation::Normal));
    assert_eq!(orientation_of(&turned, &start), Some(Orientation::Turned));
    assert_eq!(orientation_of(&[Sensed::Empty; 64], &start), None);
    for field in 0..64 {
        for orientation in [Orientation::Normal, Orientation::Turned] {
            assert_eq!(orientation.field(orientation.square(field)), field);
        }
    }
    assert_eq!(Orientation::Normal.square(0), Square::A8);
    assert_eq!(Orientation::Normal.square(63), Square::H1);
}

#[test]
fn commands_and_noise_are_what_the_protocol_says() {
    assert_eq!(Command::SendBoard.byte(), 0x42);
    assert_eq!(Command::UpdateNice.byte(), 0x4b);
    for byte in 0..=255u8 {
        if let Some(command) = Command::from_byte(byte) {
            assert_eq!(command.byte(), byte);
        }
    }
    let mut decoder = Decoder::new();
    // A field update, a message far too long, then a version.
    let mut bytes = vec![0x8e, 0x00, 0x05, 12, 1];
    bytes.extend([0x8f, 0x7f, 0x7f, 1, 2, 3]);
    bytes.extend([0x93, 0x00, 0x05, 1, 2]);
    let read = decoder.push(&bytes);
    assert_eq!(
        read,
        vec![
            Message::FieldUpdate {
                field: 12,
                now: Sensed::Piece(Color::White.pawn())
            },
            Message::Version(1, 2)
        ]
    );
    assert_eq!(decoder.noise().skipped_bytes, 6);
    // A clock with no clock connected, and a clock's acknowledgement.
    assert_eq!(
        decoder.push(&encode(&Message::NoClock)),
        vec![Message::NoClock]
    );
    assert_eq!(
        decoder.push(&encode(&Message::ClockAck)),
        vec![Message::ClockAck]
    );
}
