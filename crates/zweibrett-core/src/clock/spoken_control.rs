//! Time controls as people say and write them (Art. 6.3.1): "90 min + 30 s",
//! "15 plus 10", "1 h 30 min", "40 moves in 90 min, then 30 min, plus 30 s",
//! and the program's own English description of a control ("ninety minutes
//! for forty moves, then thirty minutes, thirty seconds per move from move
//! one").
//!
//! The reading never guesses. Numbers carry their units; a bare number is
//! minutes only before "plus" and seconds only after it, and "15 + 10" with
//! spaces, which could be minutes or the PGN tag's seconds, is refused
//! naming both readings. The pieces of a control are separated by commas or
//! "then": each piece with a time is a period; an increment next to a
//! period's time belongs to that period; an increment in a piece of its own
//! belongs to the period before it, except at the very end, where it is
//! given from the move it names ("from move 61"), or else from move one, to
//! every period (the FIDE way of Art. 6.3.1's increment).

use std::time::Duration;

use super::control::{Bonus, Period, PeriodsError, TimeControl};

/// Why a time control written in words cannot be read (Art. 6.3.1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpokenControlError {
    /// A word or sign that is no part of a time control.
    #[error("\"{0}\" is not understood")]
    NotUnderstood(String),
    /// A number with nothing saying whether it counts hours, minutes,
    /// seconds or moves.
    #[error("the number {0} needs a unit: hours, minutes, seconds or moves")]
    NoUnit(String),
    /// "15 + 10" with spaces: minutes and seconds as people say it, or a
    /// PGN tag of seconds.
    #[error(
        "\"{minutes} + {seconds}\" can be read two ways: {minutes} minutes plus {seconds} seconds \
         per move, or, as the PGN tag {minutes}+{seconds} is read, {minutes} seconds plus \
         {seconds} seconds per move; write \"{minutes} min + {seconds} s\" or \"{minutes} plus \
         {seconds}\" for the first, \"{minutes}+{seconds}\" without spaces for the second"
    )]
    TwoReadings {
        /// The first number as typed.
        minutes: String,
        /// The second number as typed.
        seconds: String,
    },
    /// No time for any period.
    #[error("it names no time for the game")]
    NoTime,
    /// A number of moves with no time to make them in.
    #[error("{0} moves are named without a time for them")]
    MovesWithoutTime(u32),
    /// An increment with no period to belong to.
    #[error("the time per move comes before any time for the game")]
    BonusWithoutPeriod,
    /// Two increments for one period.
    #[error("period {0} is given two times per move")]
    TwoBonuses(usize),
    /// "From move N" where no period starts.
    #[error("no period starts at move {0}")]
    NoPeriodAtMove(u32),
    /// A number too large for a game.
    #[error("{0} is longer than a game can be")]
    TooLong(String),
    /// The periods do not make a control (Art. 6.3.1).
    #[error(transparent)]
    Periods(#[from] PeriodsError),
}

/// Whether a text is meant as words rather than as a PGN tag or a preset's
/// name: it has a space, a comma or a letter other than the tag's `d` and
/// `b` marks.
pub fn looks_spoken(text: &str) -> bool {
    let text = text.trim();
    text.contains(char::is_whitespace)
        || text.contains(',')
        || text
            .chars()
            .any(|c| c.is_alphabetic() && c != 'd' && c != 'b')
}

impl TimeControl {
    /// Reads a time control written as people say it (see the module's
    /// documentation): Art. 6.3.1's periods, moves and increment in words.
    pub fn from_words(text: &str) -> Result<TimeControl, SpokenControlError> {
        let tokens = tokens(strip_label(text))?;
        Reader::default().read(&tokens)
    }
}

/// Drops a name before a colon, as in "FIDE rapid: 15 minutes, …".
fn strip_label(text: &str) -> &str {
    match text.split_once(':') {
        Some((label, rest)) if !label.chars().any(|c| c.is_ascii_digit()) => rest,
        _ => text,
    }
}

/// A number in thousandths, as written.
#[derive(Clone, Debug, PartialEq)]
struct Number {
    thousandths: u64,
    written: String,
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Number(Number),
    Word(String),
    /// "+" as a sign.
    PlusSign,
    /// A comma or a semicolon.
    Comma,
}

/// Splits the text into numbers (digits or English number words), words,
/// plus signs and commas.
fn tokens(text: &str) -> Result<Vec<Token>, SpokenControlError> {
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
            raw.push(Token::Word(word.to_lowercase()));
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
fn digits(written: &str) -> Result<Number, SpokenControlError> {
    let (whole, frac) = written.split_once('.').unwrap_or((written, ""));
    if frac.len() > 3 {
        return Err(SpokenControlError::NotUnderstood(written.to_string()));
    }
    let whole: u64 = whole
        .parse()
        .ok()
        .filter(|w| *w <= 1_000_000)
        .ok_or_else(|| SpokenControlError::TooLong(written.to_string()))?;
    let frac: u64 = format!("{frac:0<3}").parse().unwrap_or(0);
    Ok(Number {
        thousandths: whole * 1000 + frac,
        written: written.to_string(),
    })
}

/// The value of an English number word below a hundred.
fn small_number_word(word: &str) -> Option<u64> {
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
fn number_words(raw: Vec<Token>) -> Vec<Token> {
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
fn unit_seconds(word: &str) -> Option<u64> {
    match word {
        "h" | "hr" | "hrs" | "hour" | "hours" | "hora" | "horas" => Some(3600),
        "m" | "min" | "mins" | "minute" | "minutes" | "minuto" | "minutos" => Some(60),
        "s" | "sec" | "secs" | "second" | "seconds" | "segundo" | "segundos" => Some(1),
        _ => None,
    }
}

fn is_moves(word: &str) -> bool {
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
    )
}

/// "Plus" in words; "and" too, when it does not join hours and minutes.
fn is_plus_word(word: &str) -> bool {
    matches!(word, "plus" | "mais" | "más" | "mas" | "and" | "e" | "y")
}

/// Words that carry no meaning of their own in a control.
fn is_filler(word: &str) -> bool {
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
    )
}

/// An increment or delay as read, before it is given to its periods.
#[derive(Clone, Copy, Debug)]
struct Extra {
    amount: Duration,
    delay: bool,
    /// "From move N".
    from: Option<u32>,
    /// Which piece (between commas) it was in.
    piece: usize,
    /// Whether that piece also holds a period's time.
    beside_time: bool,
}

/// A period as read: its time, moves, and the piece it was in.
#[derive(Clone, Copy, Debug)]
struct Draft {
    time: Duration,
    moves: Option<u32>,
    piece: usize,
}

#[derive(Default)]
struct Reader {
    periods: Vec<Draft>,
    extras: Vec<Extra>,
    /// Moves read in the current piece before its time.
    pending_moves: Option<u32>,
    piece: usize,
    /// Whether the current piece has a period's time yet.
    piece_has_time: bool,
    /// A bare number read as minutes, waiting for "plus".
    bare_minutes: Option<Number>,
}

impl Reader {
    fn read(mut self, tokens: &[Token]) -> Result<TimeControl, SpokenControlError> {
        self.bare_pair(tokens)?;
        let mut i = 0;
        // The mark before an amount: "with" or "plus" make it time per move.
        let mut mark = false;
        let mut moves_next = false;
        while i < tokens.len() {
            match &tokens[i] {
                Token::Comma => {
                    self.end_piece()?;
                    mark = false;
                    moves_next = false;
                    i += 1;
                }
                Token::PlusSign => {
                    mark = true;
                    i += 1;
                }
                Token::Word(w) if w == "then" || w == "depois" || w == "después" => {
                    self.end_piece()?;
                    mark = false;
                    i += 1;
                }
                Token::Word(w) if w == "with" || w == "com" || w == "con" => {
                    mark = true;
                    i += 1;
                }
                Token::Word(w) if is_plus_word(w) => {
                    mark = true;
                    i += 1;
                }
                Token::Word(w) if matches!(w.as_str(), "for" | "in" | "em" | "para" | "en") => {
                    moves_next = true;
                    i += 1;
                }
                Token::Word(w)
                    if (w == "a"
                        || w == "an"
                        || w == "um"
                        || w == "uma"
                        || w == "un"
                        || w == "una")
                        && matches!(tokens.get(i + 1), Some(Token::Word(u)) if unit_seconds(u).is_some()) =>
                {
                    let one = Number {
                        thousandths: 1000,
                        written: w.clone(),
                    };
                    i = self.amount(tokens, i, one, mark)?;
                    mark = false;
                    moves_next = false;
                }
                Token::Word(w) if w == "a" || w == "an" || w == "um" || w == "un" || w == "una" => {
                    i += 1;
                }
                Token::Word(w) if w == "delay" => {
                    // "a delay of five seconds per move".
                    i += 1;
                    if matches!(tokens.get(i), Some(Token::Word(o)) if o == "of") {
                        i += 1;
                    }
                    let Some(Token::Number(n)) = tokens.get(i) else {
                        return Err(SpokenControlError::NotUnderstood(w.clone()));
                    };
                    let before = self.extras.len();
                    i = self.amount(tokens, i, n.clone(), true)?;
                    if let Some(extra) = self.extras.get_mut(before) {
                        extra.delay = true;
                    }
                    mark = false;
                    moves_next = false;
                }
                Token::Word(w) if is_filler(w) => i += 1,
                Token::Word(w) => return Err(SpokenControlError::NotUnderstood(w.clone())),
                Token::Number(n) => {
                    let next = tokens.get(i + 1);
                    if let Some(Token::Word(m)) = next
                        && is_moves(m)
                    {
                        self.moves(n)?;
                        i += 2;
                    } else if moves_next
                        && !matches!(next, Some(Token::Word(u)) if unit_seconds(u).is_some())
                    {
                        self.moves(n)?;
                        i += 1;
                    } else {
                        i = self.amount(tokens, i, n.clone(), mark)?;
                    }
                    mark = false;
                    moves_next = false;
                }
            }
        }
        self.end_piece()?;
        self.finish()
    }

    /// "15 plus 10" is minutes and seconds; "15 + 10" could be either.
    fn bare_pair(&mut self, tokens: &[Token]) -> Result<(), SpokenControlError> {
        if let [Token::Number(a), joint, Token::Number(b)] = tokens {
            match joint {
                Token::PlusSign => {
                    return Err(SpokenControlError::TwoReadings {
                        minutes: a.written.clone(),
                        seconds: b.written.clone(),
                    });
                }
                Token::Word(w) if is_plus_word(w) => self.bare_minutes = Some(a.clone()),
                _ => {}
            }
        }
        Ok(())
    }

    fn moves(&mut self, n: &Number) -> Result<(), SpokenControlError> {
        let count = u32::try_from(n.thousandths / 1000)
            .ok()
            .filter(|_| n.thousandths % 1000 == 0)
            .ok_or_else(|| SpokenControlError::NotUnderstood(n.written.clone()))?;
        if self.piece_has_time
            && let Some(period) = self.periods.last_mut()
            && period.moves.is_none()
        {
            period.moves = Some(count);
        } else {
            self.pending_moves = Some(count);
        }
        Ok(())
    }

    /// An amount of time starting at `tokens[i]`: number and unit, more
    /// numbers and smaller units joined to it ("1 h 30 min"), then "per
    /// move" or "from move N". Returns the index after it.
    fn amount(
        &mut self,
        tokens: &[Token],
        mut i: usize,
        first: Number,
        mark: bool,
    ) -> Result<usize, SpokenControlError> {
        let mut millis: u64 = 0;
        let mut last_unit = u64::MAX;
        let mut number = Some(first);
        let mut had_unit = false;
        while let Some(n) = number.take() {
            match tokens.get(i + 1) {
                Some(Token::Word(u)) if unit_seconds(u).is_some_and(|s| s < last_unit) => {
                    let unit = unit_seconds(u).unwrap_or(1);
                    millis = n
                        .thousandths
                        .checked_mul(unit)
                        .and_then(|m| m.checked_add(millis))
                        .filter(|m| *m <= 1_000_000_000)
                        .ok_or_else(|| SpokenControlError::TooLong(n.written.clone()))?;
                    last_unit = unit;
                    had_unit = true;
                    i += 2;
                    // "1 hour 30 minutes", "1 hour and 30 minutes".
                    let skip_and = matches!(tokens.get(i), Some(Token::Word(a)) if a == "and");
                    let at = if skip_and { i + 1 } else { i };
                    if let (Some(Token::Number(more)), Some(Token::Word(u2))) =
                        (tokens.get(at), tokens.get(at + 1))
                        && unit_seconds(u2).is_some_and(|s| s < last_unit)
                        && !(skip_and && per_move_follows(tokens, at + 2))
                    {
                        number = Some(more.clone());
                        i = at;
                    }
                }
                _ if !had_unit => {
                    // A bare number: minutes before "plus", seconds after.
                    if self.bare_minutes.as_ref() == Some(&n) && !mark {
                        millis = n.thousandths * 60;
                    } else if mark && self.bare_minutes.is_some() {
                        millis = n.thousandths;
                    } else if mark && !self.periods.is_empty() {
                        millis = n.thousandths;
                    } else {
                        return Err(SpokenControlError::NoUnit(n.written.clone()));
                    }
                    i += 1;
                }
                _ => {}
            }
        }
        let amount = Duration::from_millis(millis);
        // "per move", "a move", "each move", "from move N", "increment".
        let mut per_move = false;
        let mut from = None;
        loop {
            match (tokens.get(i), tokens.get(i + 1)) {
                (Some(Token::Word(p)), Some(Token::Word(m)))
                    if matches!(p.as_str(), "per" | "a" | "each" | "por" | "every")
                        && is_moves(m) =>
                {
                    per_move = true;
                    i += 2;
                }
                (Some(Token::Word(f)), Some(Token::Word(m)))
                    if matches!(f.as_str(), "from" | "desde") && is_moves(m) =>
                {
                    match tokens.get(i + 2) {
                        Some(Token::Number(n)) if n.thousandths % 1000 == 0 => {
                            from = u32::try_from(n.thousandths / 1000).ok();
                            per_move = true;
                            i += 3;
                        }
                        _ => return Err(SpokenControlError::NotUnderstood(m.clone())),
                    }
                }
                (Some(Token::Word(w)), _) if w == "increment" => {
                    per_move = true;
                    i += 1;
                }
                _ => break,
            }
        }
        if mark || per_move {
            self.extras.push(Extra {
                amount,
                delay: false,
                from,
                piece: self.piece,
                beside_time: self.piece_has_time,
            });
        } else {
            self.periods.push(Draft {
                time: amount,
                moves: self.pending_moves.take(),
                piece: self.piece,
            });
            self.piece_has_time = true;
        }
        Ok(i)
    }

    fn end_piece(&mut self) -> Result<(), SpokenControlError> {
        if let Some(moves) = self.pending_moves.take() {
            // "90 minutes, for 40 moves": the moves of the period before.
            match self.periods.last_mut() {
                Some(period) if period.moves.is_none() => period.moves = Some(moves),
                _ => return Err(SpokenControlError::MovesWithoutTime(moves)),
            }
        }
        self.piece += 1;
        self.piece_has_time = false;
        Ok(())
    }

    /// Gives each increment to its periods and makes the control.
    fn finish(self) -> Result<TimeControl, SpokenControlError> {
        if self.periods.is_empty() {
            return Err(SpokenControlError::NoTime);
        }
        let last_piece = self.piece.saturating_sub(1);
        let mut bonuses: Vec<Bonus> = vec![Bonus::None; self.periods.len()];
        // The first move of each period.
        let mut starts = Vec::new();
        let mut first = 1u32;
        for p in &self.periods {
            starts.push(first);
            first = first.saturating_add(p.moves.unwrap_or(0));
        }
        for extra in &self.extras {
            // The period the increment is written with: the last one begun
            // at or before its piece.
            let own = self
                .periods
                .iter()
                .rposition(|p| p.piece <= extra.piece)
                .ok_or(SpokenControlError::BonusWithoutPeriod)?;
            let alone_at_end = !extra.beside_time && extra.piece == last_piece;
            let from_period = match extra.from {
                Some(n) => starts
                    .iter()
                    .position(|s| *s == n)
                    .filter(|p| *p <= own)
                    .ok_or(SpokenControlError::NoPeriodAtMove(n))?,
                None if alone_at_end => 0,
                None => own,
            };
            for (index, bonus) in bonuses
                .iter_mut()
                .enumerate()
                .take(own + 1)
                .skip(from_period)
            {
                if *bonus != Bonus::None {
                    return Err(SpokenControlError::TwoBonuses(index + 1));
                }
                *bonus = if extra.amount.is_zero() {
                    // "Plus nothing" is no increment (Art. 6.3.1).
                    Bonus::None
                } else if extra.delay {
                    Bonus::Delay(extra.amount)
                } else {
                    Bonus::Increment(extra.amount)
                };
            }
        }
        let periods = self
            .periods
            .iter()
            .zip(bonuses)
            .map(|(p, bonus)| Period {
                moves: p.moves,
                time: p.time,
                bonus,
            })
            .collect();
        Ok(TimeControl::new(periods)?)
    }
}

/// Whether "per move" (or its like) starts at `tokens[i]`.
fn per_move_follows(tokens: &[Token], i: usize) -> bool {
    matches!(
        (tokens.get(i), tokens.get(i + 1)),
        (Some(Token::Word(p)), Some(Token::Word(m)))
            if matches!(p.as_str(), "per" | "a" | "each" | "por" | "every") && is_moves(m)
    ) || matches!(tokens.get(i), Some(Token::Word(w)) if w == "increment")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> String {
        match TimeControl::from_words(text) {
            Ok(tc) => tc.to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn controls_as_people_say_them() {
        let cases = [
            ("90 min + 30 s", "5400+30"),
            ("90 minutes plus 30 seconds", "5400+30"),
            ("15 plus 10", "900+10"),
            ("5 min", "300"),
            ("1 h 30 min + 30 s", "5400+30"),
            ("1 hour and 30 minutes", "5400"),
            ("90m+30s", "5400+30"),
            ("3 min + 2 s", "180+2"),
            ("an hour", "3600"),
            (
                "40 moves in 90 min, then 30 min, plus 30 s",
                "40/5400+30:1800+30",
            ),
            (
                "90 min for 40 moves then 30 min with 30 s per move",
                "40/5400:1800+30",
            ),
            ("15 min with 10 s increment", "900+10"),
            ("5 minutes, a delay of 5 seconds per move", "300d5"),
            ("15 minutos mais 10 segundos", "900+10"),
            ("15 minutos más 10 segundos por jugada", "900+10"),
        ];
        for (text, tag) in cases {
            assert_eq!(read(text), tag, "{text}");
        }
    }

    #[test]
    fn every_preset_description_reads_back_as_its_control() {
        for (name, tag, description) in super::super::control::PRESETS {
            assert_eq!(read(description), *tag, "{name}: {description}");
        }
    }

    #[test]
    fn the_clock_words_description_reads_back() {
        let words = super::super::words::ClockWords::builtin("en");
        for tag in [
            "40/5400+30:1800+30",
            "40/7200:20/3600:900+30",
            "180+2",
            "40/5400+30:1800",
            "7200",
        ] {
            let tc: TimeControl = tag.parse().unwrap();
            let said = words.control(&tc);
            assert_eq!(read(&said), tag, "{said}");
        }
    }

    #[test]
    fn what_could_mean_two_things_is_refused_with_both_readings() {
        let err = read("15 + 10");
        assert!(err.contains("15 minutes plus 10 seconds"), "{err}");
        assert!(err.contains("15 seconds plus 10 seconds"), "{err}");
        assert!(err.contains("15+10"), "{err}");
    }

    #[test]
    fn faults_name_the_part() {
        assert!(read("90").contains("needs a unit"));
        assert!(read("90 min parsecs").contains("\"parsecs\" is not understood"));
        assert!(read("40 moves").contains("without a time"));
        assert!(
            read("30 s per move").contains("no time")
                || read("30 s per move").contains("before any time")
        );
        assert!(read("90 min + 30 s, plus 10 s").contains("two times per move"));
    }

    #[test]
    fn looks_spoken_leaves_tags_and_names_alone() {
        assert!(!looks_spoken("40/5400+30:1800+30"));
        assert!(!looks_spoken("300d5"));
        assert!(looks_spoken("15 plus 10"));
        assert!(looks_spoken("90m"));
        assert!(looks_spoken("rapid"));
    }
}
