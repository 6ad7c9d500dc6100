//! The worked examples of the Braille Chess Code (BAUK, 2015) that could be
//! found, each a test, and the signs chosen where none was found.

use super::*;
use crate::record::score::{Score, ScoredMove};
use shakmaty::Color;

/// A move as the code writes it after its move number: "⠆ ⠎⠋⠒".
fn numbered(number: u32, san: &str) -> String {
    format!("{} {}", move_number(number), move_cells(san))
}

#[test]
fn code_1_3_move_number_is_a_lower_number_without_numeric_indicator() {
    // 2.♘f3
    assert_eq!(numbered(2, "Nf3"), "⠆ ⠎⠋⠒");
}

#[test]
fn code_1_4_a_pawn_move_with_check() {
    // "6. e4+." — the code's example ends with the print full stop (⠲),
    // which a score has not.
    assert_eq!(format!("{}⠲", numbered(6, "e4+")), "⠖ ⠑⠲⠜⠏⠲");
}

#[test]
fn code_1_4_a_knight_move_before_a_bracket() {
    // "8. ♘e4)": the move before the bracket.
    assert_eq!(numbered(8, "Ne4"), "⠦ ⠎⠑⠲");
}

#[test]
fn code_3_piece_moves_captures_checks_and_departures() {
    for (san, cells) in [
        ("Rf4", "⠗⠋⠲"),
        ("d5", "⠙⠢"),
        ("cxd5", "⠉⠰⠙⠢"),
        ("Rxf4+", "⠗⠸⠋⠲"),
        ("Nce5", "⠎⠉⠑⠢"),
        ("Nb1c3", "⠎⠃⠂⠉⠒"),
        ("N1c3", "⠎⠂⠉⠒"),
        ("Re8#", "⠗⠑⠦⠜⠍"),
    ] {
        assert_eq!(move_cells(san), cells, "{san}");
    }
}

#[test]
fn pieces_have_no_capital_sign_and_the_bishop_is_never_the_b_file() {
    assert_eq!(move_cells("Ke2"), "⠅⠑⠆");
    assert_eq!(move_cells("Qd1"), "⠟⠙⠂");
    assert_eq!(move_cells("Bb5"), "⠇⠃⠢");
    assert_eq!(move_cells("b5"), "⠃⠢");
    assert_eq!(move_cells("Nf3+"), "⠎⠘⠋⠒");
    assert_eq!(move_cells("Bxf7#"), "⠇⠰⠋⠶⠜⠍");
}

#[test]
fn signs_of_this_program_where_the_code_was_not_found() {
    // Castling, promotion, a checking pawn capture.
    assert_eq!(move_cells("O-O"), "⠕⠤⠕");
    assert_eq!(move_cells("O-O-O+"), "⠕⠤⠕⠤⠕⠜⠏");
    assert_eq!(move_cells("0-0#"), "⠕⠤⠕⠜⠍");
    assert_eq!(move_cells("e8=Q"), "⠑⠦⠟");
    assert_eq!(move_cells("e8=N+"), "⠑⠦⠎⠜⠏");
    assert_eq!(move_cells("exd8=Q#"), "⠑⠰⠙⠦⠟⠜⠍");
    assert_eq!(move_cells("exd6+"), "⠑⠸⠙⠖");
    assert_eq!(move_cells("exd6 e.p."), "⠑⠰⠙⠖");
    assert_eq!(move_cells("Nf3!?"), "⠎⠋⠒", "annotation glyphs are left out");
    assert_eq!(move_number(12), "⠂⠆");
    assert_eq!(move_number(100), "⠂⠴⠴");
    assert_eq!(result_cells("1/2-1/2"), Some("⠼⠁⠌⠃⠤⠼⠁⠌⠃"));
    assert_eq!(result_cells("*"), None);
}

fn scored(number: u32, by: Color, san: &str) -> ScoredMove {
    ScoredMove {
        number,
        by,
        san: san.into(),
        clk: None,
        offer: false,
        comments: Vec::new(),
        variations: Vec::new(),
    }
}

#[test]
fn black_opening_a_line_has_dots_3_6_and_lines_keep_to_the_width() {
    let score = Score {
        heading: Vec::new(),
        moves: vec![
            scored(30, Color::Black, "Kxe7"),
            scored(31, Color::White, "Nb1c3+"),
            scored(31, Color::Black, "exd1=Q#"),
        ],
        result: Some("0-1".into()),
        termination: None,
        after_result: Vec::new(),
    };
    let wide = score.braille(40);
    assert_eq!(wide, "⠒⠴ ⠤⠅⠰⠑⠶\n⠒⠂ ⠎⠃⠂⠘⠉⠒ ⠑⠰⠙⠂⠟⠜⠍\n⠼⠚⠤⠼⠁\n");
    let narrow = score.braille(12);
    assert_eq!(narrow, "⠒⠴ ⠤⠅⠰⠑⠶\n⠒⠂ ⠎⠃⠂⠘⠉⠒\n⠑⠰⠙⠂⠟⠜⠍\n⠼⠚⠤⠼⠁\n");
    assert!(narrow.lines().all(|l| l.chars().count() <= 12));
    // The text score numbers a line that starts with Black's move so.
    let text = score.text(crate::record::score::PieceSigns::Letters(
        crate::notation::PieceLetters::English,
    ));
    assert!(
        text.starts_with("30... Kxe7\n31. Nb1c3+ exd1=Q#\n"),
        "{text}"
    );
}

#[test]
fn the_heading_comments_and_variations_are_in_the_braille_score() {
    let mut first = scored(1, Color::White, "e4");
    first.comments = vec!["Best by test".into()];
    let mut reply = scored(1, Color::Black, "c5");
    reply.variations = vec![vec!["1... e5".into(), "2. Nf3".into()]];
    let score = Score {
        heading: vec![
            "Anna gegen Boris".into(),
            "gespielt am 2. Januar 2024".into(),
        ],
        moves: vec![first, reply],
        result: None,
        termination: None,
        after_result: Vec::new(),
    };
    assert_eq!(
        score.braille(40),
        "⠠⠁⠝⠝⠁ ⠛⠑⠛⠑⠝ ⠠⠃⠕⠗⠊⠎\n\
         ⠛⠑⠎⠏⠊⠑⠇⠞ ⠁⠍ ⠼⠃⠲ ⠠⠚⠁⠝⠥⠁⠗ ⠼⠃⠚⠃⠙\n\
         \n\
         ⠂ ⠑⠲ ⠉⠢ ⠐⠣⠂ ⠤⠑⠢ ⠆ ⠎⠋⠒⠐⠜\n\
         ⠠⠃⠑⠎⠞ ⠃⠽ ⠞⠑⠎⠞\n"
    );
}

#[test]
fn a_brf_is_cut_into_numbered_pages_line_by_line() {
    use super::brf::{page_number, to_brf_pages};
    // Sixty lines of moves: three pages of 24 lines and a number each.
    let moves: Vec<ScoredMove> = (1..=60)
        .flat_map(|n| {
            [
                scored(n, Color::White, "Nf3"),
                scored(n, Color::Black, "Nf6"),
            ]
        })
        .collect();
    let score = Score {
        heading: Vec::new(),
        moves,
        result: Some("1/2-1/2".into()),
        termination: None,
        after_result: Vec::new(),
    };
    let brf = to_brf_pages(&score.braille(40), 40, 25).unwrap();
    let pages: Vec<&str> = brf.split('\u{c}').collect();
    assert_eq!(pages.len(), 3);
    for (i, page) in pages.iter().enumerate() {
        let lines: Vec<&str> = page.split_terminator("\r\n").collect();
        assert_eq!(lines.len(), 25, "page {}", i + 1);
        for line in &lines {
            assert!(line.len() <= 40, "{line:?}");
            assert!(
                line.chars()
                    .all(|c| c.is_ascii() && !c.is_ascii_lowercase()),
                "{line:?}"
            );
        }
        let number = page_number(i + 1);
        assert_eq!(lines[24], format!("{number:>40}"), "page {}", i + 1);
    }
    let first: Vec<&str> = pages[0].split_terminator("\r\n").collect();
    assert_eq!(first[0], "1 SF3 SF6");
    assert_eq!(first[23], "24 SF3 SF6");
    let last: Vec<&str> = pages[2].split_terminator("\r\n").collect();
    assert_eq!(last[0], "49 SF3 SF6");
    assert_eq!(last[12], "#A/B-#A/B", "the result after move 60");
    assert!(last[13..24].iter().all(|l| l.is_empty()));
    assert_eq!(page_number(10), "#AJ");
    assert_eq!(page_number(3), "#C");
}

#[test]
fn no_two_moves_of_a_position_share_their_cells_and_every_cell_is_six_dot() {
    use shakmaty::san::SanPlus;
    use shakmaty::{Chess, Position};
    // Positions along pseudo-random games, promotions and mates included.
    let mut seed: u64 = 0x2bd1_7ac3;
    let mut positions = 0;
    for _ in 0..60 {
        let mut position = Chess::default();
        for _ in 0..160 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut seen = std::collections::BTreeMap::new();
            for m in &moves {
                let san = SanPlus::from_move(position.clone(), *m).to_string();
                let cells = move_cells(&san);
                assert!(
                    cells
                        .chars()
                        .all(|c| ('\u{2801}'..='\u{283F}').contains(&c)),
                    "{san}: {cells}"
                );
                if let Some(other) = seen.insert(cells.clone(), san.clone()) {
                    panic!("{san} and {other} are both {cells} in {}", position.board());
                }
            }
            positions += 1;
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let pick = (seed >> 33) as usize % moves.len();
            position.play_unchecked(moves[pick]);
        }
    }
    assert!(positions > 3000, "{positions}");
}

#[test]
fn art_8_1_5_a_draw_offer_is_marked_on_the_braille_score_and_in_brf() {
    let mut offered = scored(20, Color::White, "Ke2");
    offered.offer = true;
    let score = Score {
        heading: Vec::new(),
        moves: vec![offered, scored(20, Color::Black, "Kd7")],
        result: None,
        termination: None,
        after_result: Vec::new(),
    };
    let cells = score.braille(40);
    assert_eq!(cells, "⠆⠴ ⠅⠑⠆ ⠐⠣⠐⠶⠐⠜ ⠅⠙⠶\n");
    let brf = brf::to_brf(&cells).unwrap();
    assert!(brf.contains("\"<\"7\">"), "{brf}");
}
