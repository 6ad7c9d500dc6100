//! The words and signs of a time control as people write it: numbers in
//! digits or English words, units, and the small words between them.

use super::SpokenControlError;
use crate::clock::control::quoted;

/// Drops a name before a colon, as in "FIDE rapid: 15 minutes, …".
pub(super) fn strip_label(text: &str) -> &str {
    match text.split_once(':') {
        Some((label, rest)) if !label.chars().any(|c| c.is_ascii_digit()) => rest,
        _ => text,
    }
}

/// A number in thousandths, as written.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Number {
    pub(super) thousandths: u64,
    pub(super) written: String,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Token {
    Number(Number),
    Word(String),
    /// "+" as a sign.
    PlusSign,
    /// A comma or a semicolon.
    Comma,
}

/// Splits the text into numbers (digits or English number words), words,
/// plus signs and commas.
pub(super) fn tokens(text: &str) -> Result<Vec<Token>, SpokenControlError> {
    let mut raw = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len()
                && (chars[i].is_ascii_digit()
                    || (chars[i] == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
            {
                i += 1;
            }
            let written: String = chars[start..i].iter().collect();
            raw.push(Token::Number(digits(&written)?));
            continue;
        }
        if c.is_alphabetic() {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphabetic()
                    || (chars[i] == '-' && chars.get(i + 1).is_some_and(|c| c.is_alphabetic())))
            {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let word = word.to_lowercase();
            // A joining word between digits with no space ("1e9", "3and2")
            // is a typing slip or a number's exponent, never a control:
            // only units are written against their numbers.
            let glued = start > 0
                && chars[start - 1].is_ascii_digit()
                && chars.get(i).is_some_and(char::is_ascii_digit);
            if glued && is_connective(&word) {
                return Err(SpokenControlError::NotUnderstood(quoted(text)));
            }
            raw.push(Token::Word(word));
            continue;
        }
        match c {
            '+' => raw.push(Token::PlusSign),
            ',' | ';' => raw.push(Token::Comma),
            // A full stop after an abbreviation or at the end.
            '.' => {}
            c if c.is_whitespace() => {}
            c => return Err(SpokenControlError::NotUnderstood(c.to_string())),
        }
        i += 1;
    }
    Ok(number_words(raw))
}

/// Digits with up to three decimals, as thousandths.
pub(super) fn digits(written: &str) -> Result<Number, SpokenControlError> {
    let (whole, frac) = written.split_once('.').unwrap_or((written, ""));
    if frac.len() > 3 {
        return Err(SpokenControlError::NotUnderstood(quoted(written)));
    }
    let whole: u64 = whole
        .parse()
        .ok()
        .filter(|w| *w <= 1_000_000)
        .ok_or_else(|| SpokenControlError::TooLong(quoted(written)))?;
    let frac: u64 = format!("{frac:0<3}").parse().unwrap_or(0);
    Ok(Number {
        thousandths: whole * 1000 + frac,
        written: written.to_string(),
    })
}

/// The value of an English number word below a hundred.
pub(super) fn small_number_word(word: &str) -> Option<u64> {
    const ONES: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    let value = |w: &str| -> Option<u64> {
        ONES.iter()
            .position(|o| *o == w)
            .map(|n| n as u64)
            .or_else(|| {
                TENS.iter()
                    .position(|t| *t == w)
                    .map(|n| 20 + 10 * n as u64)
            })
    };
    match word.split_once('-') {
        Some((tens, ones)) => {
            let (t, o) = (value(tens)?, value(ones)?);
            (t >= 20 && t % 10 == 0 && (1..10).contains(&o)).then_some(t + o)
        }
        None => value(word),
    }
}

/// Joins runs of number words ("one hundred and twenty-one") into numbers.
pub(super) fn number_words(raw: Vec<Token>) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let Token::Word(w) = &raw[i] else {
            out.push(raw[i].clone());
            i += 1;
            continue;
        };
        let Some(mut value) = small_number_word(w) else {
            out.push(raw[i].clone());
            i += 1;
            continue;
        };
        let mut written = vec![w.clone()];
        i += 1;
        if matches!(raw.get(i), Some(Token::Word(h)) if h == "hundred") && (1..10).contains(&value)
        {
            value *= 100;
            written.push("hundred".into());
            i += 1;
            let and = matches!(raw.get(i), Some(Token::Word(a)) if a == "and");
            let after = if and { i + 1 } else { i };
            if let Some(Token::Word(rest)) = raw.get(after)
                && let Some(n) = small_number_word(rest).filter(|n| (1..100).contains(n))
            {
                value += n;
                written.push(rest.clone());
                i = after + 1;
            }
        } else if value >= 20
            && value % 10 == 0
            && let Some(Token::Word(ones)) = raw.get(i)
            && let Some(n) = small_number_word(ones).filter(|n| (1..10).contains(n))
        {
            value += n;
            written.push(ones.clone());
            i += 1;
        }
        out.push(Token::Number(Number {
            thousandths: value * 1000,
            written: written.join(" "),
        }));
    }
    out
}

/// The unit a word names, in seconds; moves are not a unit of time.
pub(super) fn unit_seconds(word: &str) -> Option<u64> {
    match word {
        "h" | "hr" | "hrs" | "hour" | "hours" | "hora" | "horas" | "std" | "stunde" | "stunden" => {
            Some(3600)
        }
        "m" | "min" | "mins" | "minute" | "minutes" | "minuto" | "minutos" | "minuten" => Some(60),
        "s" | "sec" | "secs" | "second" | "seconds" | "segundo" | "segundos" | "sek"
        | "sekunde" | "sekunden" => Some(1),
        _ => None,
    }
}

pub(super) fn is_moves(word: &str) -> bool {
    matches!(
        word,
        "move"
            | "moves"
            | "jogada"
            | "jogadas"
            | "lance"
            | "lances"
            | "jugada"
            | "jugadas"
            | "movimiento"
            | "movimientos"
            | "zug"
            | "züge"
            | "zügen"
    )
}

/// "And" in the packs' languages: it joins the units of one time ("1 hour
/// and 30 minutes") before it means "plus".
pub(super) fn is_and_word(word: &str) -> bool {
    matches!(word, "and" | "und" | "y" | "e")
}

/// "Plus" in words; "and" too, when it does not join hours and minutes.
pub(super) fn is_plus_word(word: &str) -> bool {
    matches!(
        word,
        "plus" | "mais" | "más" | "mas" | "and" | "e" | "y" | "und"
    )
}

/// Words that join the parts of a control rather than name an amount.
pub(super) fn is_connective(word: &str) -> bool {
    is_plus_word(word)
        || is_filler(word)
        || matches!(
            word,
            "then"
                | "depois"
                | "después"
                | "with"
                | "com"
                | "con"
                | "for"
                | "in"
                | "em"
                | "para"
                | "en"
                | "per"
                | "por"
                | "a"
                | "an"
                | "from"
                | "desde"
                | "delay"
                | "dann"
                | "mit"
                | "für"
                | "pro"
                | "je"
                | "ab"
        )
}

/// Words that carry no meaning of their own in a control.
pub(super) fn is_filler(word: &str) -> bool {
    matches!(
        word,
        "the"
            | "game"
            | "whole"
            | "rest"
            | "of"
            | "first"
            | "remaining"
            | "all"
            | "sudden"
            | "death"
            | "each"
            | "every"
            | "player"
            | "increment"
            | "o"
            | "jogo"
            | "partida"
            | "el"
            | "la"
            | "de"
            | "del"
            | "resto"
            | "cada"
            | "die"
            | "der"
            | "partie"
            | "spieler"
            | "inkrement"
            | "jeden"
    )
}

/// Whether "per move" (or its like) starts at `tokens[i]`.
pub(super) fn per_move_follows(tokens: &[Token], i: usize) -> bool {
    matches!(
        (tokens.get(i), tokens.get(i + 1)),
        (Some(Token::Word(p)), Some(Token::Word(m)))
            if matches!(p.as_str(), "per" | "a" | "each" | "por" | "every" | "pro" | "je") && is_moves(m)
    ) || matches!(tokens.get(i), Some(Token::Word(w)) if w == "increment")
}
