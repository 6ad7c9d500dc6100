//! Time controls as people say and write them (Art. 6.3.1): "90 min + 30 s",
//! "15 plus 10", "1 h 30 min", "40 moves in 90 min, then 30 min, plus 30 s",
//! and the program's own English description of a control ("ninety minutes
//! for forty moves, then thirty minutes, thirty seconds per move from move
//! one").
//!
//! The reading never guesses. Numbers carry their units; a bare number is
//! minutes only before "plus" and seconds only after it, and "15 + 10" with
//! spaces, which could be minutes or the PGN tag's seconds, is refused
//! naming both readings; so is "90 min 30 s" alone, a time of minutes and
//! seconds or minutes plus seconds per move. "5 s delay" is the delay mode
//! of Art. 6.3.2. The pieces of a control are separated by commas or
//! "then": each piece with a time is a period; an increment next to a
//! period's time belongs to that period; an increment in a piece of its own
//! belongs to the period before it, except at the very end, where it is
//! given from the move it names ("from move 61"), or else from move one, to
//! every period (the FIDE way of Art. 6.3.1's increment).

use std::time::Duration;

mod tokens;

#[cfg(test)]
mod tests;

use super::control::{
    ACCEPTED, Bonus, Period, PeriodsError, TimeControl, TimeControlError, TwoWays, quoted,
};
use tokens::{
    Number, Token, is_and_word, is_connective, is_filler, is_moves, is_plus_word, per_move_follows,
    strip_label, tokens, unit_seconds,
};

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
    /// "90 min 30 s" alone: a time of minutes and seconds, or minutes plus
    /// seconds per move.
    #[error(
        "\"{minutes} min {seconds} s\" can be read two ways: {minutes} minutes and {seconds} \
         seconds for the game, or {minutes} minutes plus {seconds} seconds per move; write \
         \"{minutes} min and {seconds} s\" for the first, \"{minutes} min + {seconds} s\" for \
         the second"
    )]
    MinutesAndSeconds {
        /// The minutes as typed.
        minutes: String,
        /// The seconds as typed.
        seconds: String,
    },
    /// "Plus" or "with" and nothing after it.
    #[error("the time per move after \"plus\" or \"with\" is missing")]
    NothingAfterPlus,
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
    /// A preset by name (see [`PRESETS`]), else a PGN tag, else a control
    /// written as people say it ([`TimeControl::from_words`], Art. 6.3.1).
    /// A bare `N+M` keeps the tag's meaning, seconds. A text in words that
    /// cannot be read says why and, once, what is accepted.
    pub fn named_or_parsed(text: &str) -> Result<TimeControl, TimeControlError> {
        if let Some(control) = TimeControl::preset(text) {
            return Ok(control);
        }
        if let Some(long) = super::control::too_long(text.trim()) {
            return Err(TimeControlError {
                input: quoted(text),
                problem: long,
                two_ways: None,
            });
        }
        let tag_fault = match text.parse() {
            Ok(control) => return Ok(control),
            Err(e) => e,
        };
        // A text with a move count's slash is meant as a tag: its fault is
        // the tag's.
        if !looks_spoken(text) || text.contains('/') {
            return Err(tag_fault);
        }
        TimeControl::from_words(text).map_err(|e| TimeControlError {
            input: quoted(text),
            two_ways: match &e {
                SpokenControlError::TwoReadings { minutes, seconds } => {
                    Some(Box::new(TwoWays::PlusOrTag {
                        minutes: minutes.clone(),
                        seconds: seconds.clone(),
                    }))
                }
                SpokenControlError::MinutesAndSeconds { minutes, seconds } => {
                    Some(Box::new(TwoWays::MinutesAndSeconds {
                        minutes: minutes.clone(),
                        seconds: seconds.clone(),
                    }))
                }
                _ => None,
            },
            problem: match e {
                SpokenControlError::TwoReadings { .. }
                | SpokenControlError::MinutesAndSeconds { .. } => e.to_string(),
                _ => format!("{e}. {ACCEPTED}"),
            },
        })
    }

    /// Reads a time control written as people say it (see the module's
    /// documentation): Art. 6.3.1's periods, moves and increment in words.
    pub fn from_words(text: &str) -> Result<TimeControl, SpokenControlError> {
        let tokens = tokens(strip_label(text))?;
        Reader::default().read(&tokens)
    }
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
    /// Minutes joined to seconds without "and" ("90 min 30 s"), as typed.
    minutes_then_seconds: Option<(String, String)>,
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
                    if mark {
                        return Err(SpokenControlError::NothingAfterPlus);
                    }
                    self.end_piece()?;
                    mark = false;
                    moves_next = false;
                    i += 1;
                }
                Token::PlusSign => {
                    mark = true;
                    i += 1;
                }
                Token::Word(w) if matches!(w.as_str(), "then" | "depois" | "después" | "dann") => {
                    if mark {
                        return Err(SpokenControlError::NothingAfterPlus);
                    }
                    self.end_piece()?;
                    mark = false;
                    i += 1;
                }
                Token::Word(w) if matches!(w.as_str(), "with" | "com" | "con" | "mit") => {
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
                        return Err(SpokenControlError::NotUnderstood(quoted(w)));
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
                Token::Word(w) => return Err(SpokenControlError::NotUnderstood(quoted(w))),
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
        if mark {
            return Err(SpokenControlError::NothingAfterPlus);
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
            .filter(|_| n.thousandths.is_multiple_of(1000))
            .ok_or_else(|| SpokenControlError::NotUnderstood(quoted(&n.written)))?;
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
                        .ok_or_else(|| SpokenControlError::TooLong(quoted(&n.written)))?;
                    last_unit = unit;
                    had_unit = true;
                    i += 2;
                    // "1 hour 30 minutes", "1 hour and 30 minutes", in
                    // each language the packs speak ("90 Minuten und 30
                    // Sekunden").
                    let skip_and = matches!(tokens.get(i), Some(Token::Word(a)) if is_and_word(a));
                    let at = if skip_and { i + 1 } else { i };
                    if let (Some(Token::Number(more)), Some(Token::Word(u2))) =
                        (tokens.get(at), tokens.get(at + 1))
                        && unit_seconds(u2).is_some_and(|s| s < last_unit)
                        && !(skip_and && per_move_follows(tokens, at + 2))
                    {
                        if unit == 60 && unit_seconds(u2) == Some(1) && !skip_and {
                            self.minutes_then_seconds
                                .get_or_insert((n.written.clone(), more.written.clone()));
                        }
                        number = Some(more.clone());
                        i = at;
                    }
                }
                _ if !had_unit => {
                    // A bare number: minutes before "plus", seconds after.
                    if self.bare_minutes.as_ref() == Some(&n) && !mark {
                        millis = Some(n.thousandths * 60)
                            .filter(|m| *m <= 1_000_000_000)
                            .ok_or_else(|| SpokenControlError::TooLong(quoted(&n.written)))?;
                    } else if mark && (self.bare_minutes.is_some() || !self.periods.is_empty()) {
                        millis = n.thousandths;
                    } else if let Some(Token::Word(w)) = tokens.get(i + 1)
                        && !is_connective(w)
                    {
                        // "90 parsecs": the word is what is wrong.
                        return Err(SpokenControlError::NotUnderstood(quoted(w)));
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
        let mut delay = false;
        let mut from = None;
        loop {
            match (tokens.get(i), tokens.get(i + 1)) {
                (Some(Token::Word(p)), Some(Token::Word(m)))
                    if matches!(
                        p.as_str(),
                        "per" | "a" | "each" | "por" | "every" | "pro" | "je"
                    ) && is_moves(m) =>
                {
                    per_move = true;
                    i += 2;
                }
                (Some(Token::Word(f)), Some(Token::Word(m)))
                    if matches!(f.as_str(), "from" | "desde" | "ab") && is_moves(m) =>
                {
                    match tokens.get(i + 2) {
                        Some(Token::Number(n)) if n.thousandths % 1000 == 0 => {
                            from = u32::try_from(n.thousandths / 1000).ok();
                            per_move = true;
                            i += 3;
                        }
                        _ => return Err(SpokenControlError::NotUnderstood(quoted(m))),
                    }
                }
                (Some(Token::Word(w)), _) if w == "increment" => {
                    per_move = true;
                    i += 1;
                }
                // "5 s delay": delay mode (Art. 6.3.2).
                (Some(Token::Word(w)), _) if w == "delay" => {
                    per_move = true;
                    delay = true;
                    i += 1;
                }
                _ => break,
            }
        }
        if mark || per_move {
            self.extras.push(Extra {
                amount,
                delay,
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
        // "90 min 30 s" with nothing else may be either.
        if let Some((minutes, seconds)) = self.minutes_then_seconds.clone()
            && self.periods.len() == 1
            && self.extras.is_empty()
        {
            return Err(SpokenControlError::MinutesAndSeconds { minutes, seconds });
        }
        let last_piece = self.piece.saturating_sub(1);
        // Each period's time per move, `None` until one is given.
        let mut bonuses: Vec<Option<Bonus>> = vec![None; self.periods.len()];
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
                if bonus.is_some() {
                    return Err(SpokenControlError::TwoBonuses(index + 1));
                }
                *bonus = Some(if extra.amount.is_zero() {
                    // "Plus nothing" is no increment (Art. 6.3.1).
                    Bonus::None
                } else if extra.delay {
                    Bonus::Delay(extra.amount)
                } else {
                    Bonus::Increment(extra.amount)
                });
            }
        }
        let periods = self
            .periods
            .iter()
            .zip(bonuses)
            .map(|(p, bonus)| Period {
                moves: p.moves,
                time: p.time,
                bonus: bonus.unwrap_or(Bonus::None),
            })
            .collect();
        Ok(TimeControl::new(periods)?)
    }
}
