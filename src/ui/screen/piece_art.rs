//! Pieces drawn with block characters, as large as their square allows:
//! three columns by two lines on a square of 5×2, growing to nine by five
//! on 11×5. Each piece is a bitmap, two of its dot rows to a line with
//! half blocks; white pieces are shaded and black pieces solid, as
//! figurines are hollow and filled, so that the shape gives the side in a
//! theme that draws both sides in one ink.

use shakmaty::{Color, Piece, Role};

/// Columns and lines of a piece drawn on a square `square` big (columns,
/// lines); `None` on a square of one line, where a piece is one cell.
pub fn drawn_size(square: (u16, u16)) -> Option<(u16, u16)> {
    let lines = square.1;
    (lines >= 2).then(|| (2 * lines - 1, lines))
}

/// Three columns by four dots of each piece, for the smallest drawing.
fn small_bitmap(role: Role) -> [&'static str; 4] {
    match role {
        Role::King => [".#.", "###", ".#.", "###"],
        Role::Queen => ["#.#", ".#.", "###", "###"],
        Role::Rook => ["#.#", "###", "###", "###"],
        Role::Bishop => [".#.", "##.", ".#.", "###"],
        Role::Knight => ["##.", ".##", ".#.", "###"],
        Role::Pawn => ["...", ".#.", ".#.", "###"],
    }
}

/// Five columns by six dots of each piece, scaled for larger drawings.
fn bitmap(role: Role) -> [&'static str; 6] {
    match role {
        Role::King => ["..#..", ".###.", "..#..", ".###.", ".###.", "#####"],
        Role::Queen => ["#.#.#", "#.#.#", ".###.", ".###.", ".###.", "#####"],
        Role::Rook => ["#.#.#", "#####", ".###.", ".###.", ".###.", "#####"],
        Role::Bishop => ["..#..", ".##..", ".#.#.", ".###.", "..#..", "#####"],
        Role::Knight => [".##..", "####.", "#.##.", "..##.", ".###.", "#####"],
        Role::Pawn => [".....", "..#..", ".###.", "..#..", ".###.", "#####"],
    }
}

/// Whether the dot at `column`, `row` of `piece` drawn `size` big
/// (columns, dot rows) is set: the small bitmap for three columns, the
/// large one scaled to the nearest dot for the rest.
fn dot(role: Role, size: (u16, u16), column: u16, row: u16) -> bool {
    if size.0 <= 3 {
        let rows = small_bitmap(role);
        return rows[usize::from(row.min(3))].as_bytes()[usize::from(column.min(2))] == b'#';
    }
    let rows = bitmap(role);
    // The source dot under the middle of each drawn one: symmetric.
    let nearest = |at: u16, of: u16, source: usize| {
        (2 * usize::from(at) + 1) * source / (2 * usize::from(of))
    };
    let (c, r) = (nearest(column, size.0, 5), nearest(row, size.1, 6));
    rows[r.min(5)].as_bytes()[c.min(4)] == b'#'
}

/// The lines of `piece` drawn `size` big (columns, lines, as
/// [`drawn_size`] gives).
pub fn drawn(piece: Piece, size: (u16, u16)) -> Vec<String> {
    let full = match piece.color {
        Color::White => '▒',
        Color::Black => '█',
    };
    let dots = (size.0, 2 * size.1);
    (0..size.1)
        .map(|line| {
            (0..size.0)
                .map(|column| {
                    let top = dot(piece.role, dots, column, 2 * line);
                    let bottom = dot(piece.role, dots, column, 2 * line + 1);
                    match (top, bottom) {
                        (true, true) => full,
                        (true, false) => '▀',
                        (false, true) => '▄',
                        (false, false) => ' ',
                    }
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    #[test]
    fn pieces_grow_with_their_square() {
        assert_eq!(drawn_size((3, 1)), None);
        assert_eq!(drawn_size((5, 2)), Some((3, 2)));
        assert_eq!(drawn_size((7, 3)), Some((5, 3)));
        assert_eq!(drawn_size((11, 5)), Some((9, 5)));
        let rook = drawn(piece(Color::Black, Role::Rook), (5, 3));
        assert_eq!(rook, ["█▄█▄█", " ███ ", "▄███▄"]);
        // White shaded, as a figurine is hollow.
        let rook = drawn(piece(Color::White, Role::Rook), (5, 3));
        assert_eq!(rook, ["▒▄▒▄▒", " ▒▒▒ ", "▄▒▒▒▄"]);
        let big = drawn(piece(Color::Black, Role::Rook), (9, 5));
        assert_eq!(big.len(), 5);
        assert!(big.iter().all(|l| l.chars().count() == 9));
        assert_eq!(big[4], "█████████", "the base");
    }

    #[test]
    fn every_piece_differs_from_every_other_at_every_size() {
        for size in [(3, 2), (5, 3), (7, 4), (9, 5)] {
            let mut seen = Vec::new();
            for role in Role::ALL {
                for color in Color::ALL {
                    let lines = drawn(piece(color, role), size);
                    assert!(!seen.contains(&lines), "{role:?} {color:?} at {size:?}");
                    seen.push(lines);
                }
            }
        }
    }
}
