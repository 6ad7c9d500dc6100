//! The phrases one word away from a move heard: what the player may have
//! said instead when the recogniser's best differs from it by a file, a
//! rank, a piece or the capture word. A recogniser's list of its best
//! guesses is no guarantee against them: the phrase said may be missing
//! from it altogether ("Turm Bella drei" heard as "Turm Anna drei", then
//! "Turm Eva drei"). So each is fitted to the utterance on its own, and a
//! move is taken at once only when it leads every one of them (D.2.9: a
//! wrong move would be carried by the other board and the score).

use super::decision::{Heard, MOST_CHOICES};
use super::grammar::{Grammar, Phrase, Said};

/// Whether `a` and `b` differ by exactly one word: one put for another,
/// one more or one fewer.
pub fn one_word_apart(a: &[String], b: &[String]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => short.iter().zip(long).filter(|(x, y)| x != y).count() == 1,
        1 => {
            // The first word where they part is the one more in `long`.
            let at = short
                .iter()
                .zip(long)
                .position(|(x, y)| x != y)
                .unwrap_or(short.len());
            short[at..] == long[at + 1..]
        }
        _ => false,
    }
}

/// The phrases of `grammar` one word away from `words` that mean other
/// than `said`, in the grammar's order.
pub fn neighbours<'g>(grammar: &'g Grammar, said: Said, words: &[String]) -> Vec<&'g Phrase> {
    grammar
        .phrases()
        .iter()
        .filter(|p| p.said != said && one_word_apart(&p.words, words))
        .collect()
}

/// What a move heard as `said`, fitted alone to the utterance with
/// `score`, is heard as once each of its neighbours has been fitted alone
/// to the same utterance (`fitted`, each meaning with its score): taken
/// when it leads every one of them by `take`. Otherwise it is asked about
/// alone, the legal neighbours that came within `take` offered after it,
/// nearest first; or, when one of them fits better, the nearest are
/// offered together, best first.
pub fn against_neighbours(said: Said, score: i32, fitted: &[(Said, i32)], take: i32) -> Heard {
    let mut near: Vec<(Said, i32)> = fitted
        .iter()
        .copied()
        .filter(|&(other, other_score)| other != said && score.saturating_sub(other_score) < take)
        .collect();
    if near.is_empty() {
        return Heard::Said(said);
    }
    near.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    let better = near[0].1 > score;
    let mut offered: Vec<Said> = Vec::new();
    for (other, _) in near {
        if !matches!(other, Said::Illegal(_)) && !offered.contains(&other) {
            offered.push(other);
        }
    }
    if better && !offered.is_empty() {
        offered.truncate(MOST_CHOICES - 1);
        // The move the searches heard stays among those offered, where
        // its fit places it.
        let at = offered
            .iter()
            .position(|&other| fitted_score(fitted, other) < score)
            .unwrap_or(offered.len());
        offered.insert(at, said);
        return Heard::Ask(offered);
    }
    offered.truncate(MOST_CHOICES - 1);
    Heard::Confirm(said, offered)
}

/// The best score `fitted` gives `said`.
fn fitted_score(fitted: &[(Said, i32)], said: Said) -> i32 {
    fitted
        .iter()
        .filter(|&&(s, _)| s == said)
        .map(|&(_, score)| score)
        .max()
        .unwrap_or(i32::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hearing::grammar::spoken_words;
    use crate::notation::VoicePack;
    use crate::notation::read::tests::position;
    use shakmaty::Chess;

    fn words(text: &str) -> Vec<String> {
        spoken_words(text)
    }

    #[test]
    fn one_word_put_for_another_added_or_left_out() {
        let a = words("Turm Anna drei");
        assert!(one_word_apart(&a, &words("Turm Bella drei")));
        assert!(one_word_apart(&a, &words("Turm Anna vier")));
        assert!(one_word_apart(&a, &words("Dame Anna drei")));
        assert!(one_word_apart(&a, &words("Turm schlägt Anna drei")));
        assert!(one_word_apart(&a, &words("Anna drei")));
        assert!(one_word_apart(&a, &words("Turm Anna drei Schach")));
        assert!(!one_word_apart(&a, &a));
        assert!(!one_word_apart(&a, &words("Turm Bella vier")));
        assert!(!one_word_apart(&a, &words("drei")));
        assert!(!one_word_apart(&a, &words("Turm Anna eins Anna drei")));
        assert!(!one_word_apart(&a, &words("Anna Turm drei")));
    }

    #[test]
    fn a_rook_move_has_the_other_files_ranks_and_pieces_for_neighbours() {
        // White rooks on a1 and h1 side by side on the first rank, a
        // knight on b1: "Turm Anna drei" is one word from "Turm Bella
        // drei"? Not legal (the knight's file); from "Turm Anna vier",
        // legal, and "Springer Anna drei", legal.
        let pack = VoicePack::fide();
        let chess = position("4k3/8/8/8/8/8/8/RN2K2R w - - 0 1");
        let legal = Grammar::of_position(&pack, &chess);
        let with_illegal = legal.with_illegal(&pack, &chess);
        let best = legal.phrase("turm anna drei").unwrap();
        let texts: Vec<&str> = neighbours(&with_illegal, best.said, &best.words)
            .iter()
            .map(|p| p.text.as_str())
            .collect();
        for expected in [
            "Turm Anna vier",
            "Springer Anna drei",
            "Turm Bella drei",
            "Turm Anna zwei",
            "König Anna drei",
        ] {
            assert!(texts.contains(&expected), "{expected} in {texts:?}");
        }
        assert!(!texts.contains(&"Turm Anna drei"));
        assert!(!texts.contains(&"Turm Bella vier"));
        // The same move in its long form is not a neighbour: it means the
        // same.
        assert!(!texts.contains(&"Turm Anna eins Anna drei"));
    }

    #[test]
    fn taken_only_clear_of_every_neighbour() {
        let pack = VoicePack::fide();
        let chess = Chess::default();
        let g = Grammar::of_position(&pack, &chess);
        let said = |w: &str| g.phrase(w).unwrap().said;
        let (e4, e3, d4) = (said("eva vier"), said("eva drei"), said("david vier"));
        assert_eq!(
            against_neighbours(e4, -1000, &[(e3, -3000), (d4, -2600)], 1500),
            Heard::Said(e4)
        );
        assert_eq!(
            against_neighbours(e4, -1000, &[(e3, -3000), (d4, -2400)], 1500),
            Heard::Confirm(e4, vec![d4])
        );
        // A neighbour fitting better: the nearest are offered together,
        // in the order of their fit, the move the searches heard among them.
        assert_eq!(
            against_neighbours(
                e4,
                -1000,
                &[(e3, -800), (d4, -1100), (Said::Illegal(3), -700)],
                1500
            ),
            Heard::Ask(vec![e3, e4, d4])
        );
        assert_eq!(
            against_neighbours(e4, -1000, &[(e3, -800), (d4, -900)], 1500),
            Heard::Ask(vec![e3, d4, e4])
        );
        // Only a move not legal here fits better: asked about alone.
        assert_eq!(
            against_neighbours(e4, -1000, &[(Said::Illegal(3), -900)], 1500),
            Heard::Confirm(e4, Vec::new())
        );
        assert_eq!(against_neighbours(e4, -1000, &[], 1500), Heard::Said(e4));
    }
}
