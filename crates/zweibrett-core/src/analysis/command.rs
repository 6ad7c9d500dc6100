//! Reading what the user types while going through a game: command words,
//! squares as "e4" or in the pack's words ("Eva vier"), files and ranks.

use std::time::Duration;

use shakmaty::{Color, File, Rank, Role, Square};

use super::questions::{Question, Whose};
use crate::notation::fold::fold;
use crate::notation::pack::CommandWords;
use crate::notation::{Lexicon, Meaning};

/// Something the user asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play the next move.
    Next,
    /// Take the last move back.
    Back,
    /// Go to the start.
    Start,
    /// Go to the end of the line.
    End,
    /// Go to move N of the main line, after White's or Black's move.
    GoTo(u32, Color),
    /// Enter variation N (from 1) of the next move.
    Variation(usize),
    /// Leave the variation.
    Leave,
    /// Ask a question about the position.
    Ask(Question),
    /// List the games of the file, a page (from 1) at a time.
    Games(usize),
    /// Find games by a player's name or the event.
    Find(String),
    /// Go on with what was being read: the next page of the last list of
    /// games, or the next moves of the score.
    More,
    /// Read the score from the position on the board: the next moves of
    /// the line walked, numbered, a few at a time; `more` reads on.
    Score,
    /// Open game N.
    Game(usize),
    /// Ask the engine.
    Eval,
    /// Ask the engine after every move (`true`) or only on request.
    Follow(bool),
    /// Say the engine's evaluations with their figure and search depth
    /// (`true`: "plus zero point five, depth twenty"), or in words only.
    EvalFigures(bool),
    /// Ask the engine what the side not to move would play, were it its
    /// move: the threat.
    Threat,
    /// Say which moves the file's games played at the position on the
    /// board, how often and how they scored: the opening explorer.
    Explore,
    /// Keep the game open, with the moves the user tried as variations,
    /// in the file of saved games beside the file.
    Save,
    /// Say what the score's tags tell of the game: players, ratings,
    /// event, site, date, round, time control, opening, how it ended.
    Tags,
    /// Say each player's game in figures: accuracy, longest thinks, moves
    /// short of time.
    Summary,
    /// Hand the position's FEN over to paste (to the terminal's clipboard
    /// where it takes it, and to a file) and say the position short: side
    /// to move, castling rights, material; with `true` (`fen full`), say
    /// the FEN itself.
    Fen(bool),
    /// Say the clock time and the time spent at the last move.
    Clock,
    /// Say the clock after every move (`true`) or only on request.
    ClockEachMove(bool),
    /// Replay moves one after another: the last `last` moves of the line,
    /// or (`None`) the rest of the line from here; at `pace` when given.
    Replay {
        /// How many of the moves just played.
        last: Option<usize>,
        /// The time between moves.
        pace: Option<Duration>,
    },
    /// The time between moves of a replay from now on.
    Pace(Duration),
    /// A pace that could not be read, as typed.
    NotAPace(String),
    /// Learning from mistakes: the engine pass and its list.
    Mistakes(MistakesCommand),
    /// Say the commands.
    Help,
    /// Leave the program.
    Quit,
    /// Not understood, as typed.
    Unknown(String),
    /// A square, file or rank that could not be read, as typed.
    NotASquare(String),
}

/// What is asked of the mistakes of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MistakesCommand {
    /// Start the engine pass, or while it runs say how far it got, or once
    /// done list the mistakes and go to the first.
    Find,
    /// How far the pass got.
    Progress,
    /// The engine's move at the listed mistake.
    Best,
    /// The next listed mistake.
    Next,
    /// The previous listed mistake.
    Previous,
}

/// All pieces of a kind (`knights`), or one side's (`knights white`).
fn role_of(role: Role, rest: &str) -> Option<Question> {
    let side = match fold(rest).as_str() {
        "" => None,
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => return None,
    };
    Some(Question::Role(role, side))
}

/// Reads one line; an empty line plays the next move.
pub fn parse_command(lexicon: &Lexicon, line: &str) -> Command {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let unknown = || Command::Unknown(line.to_string());
    let not_square = || Command::NotASquare(rest.to_string());
    let whose = |rest: &str| match fold(rest).as_str() {
        "" | "mine" | "my" | "own" => Some(Whose::Mine),
        "opponent" | "their" | "theirs" => Some(Whose::Opponent),
        "white" => Some(Whose::Side(Color::White)),
        "black" => Some(Whose::Side(Color::Black)),
        "all" | "both" => Some(Whose::Both),
        _ => None,
    };
    match word.to_lowercase().as_str() {
        "" | "n" | "next" if is_mistake(rest) => Command::Mistakes(MistakesCommand::Next),
        "b" | "p" | "back" | "previous" | "prev" if is_mistake(rest) => {
            Command::Mistakes(MistakesCommand::Previous)
        }
        // Anything after them but a mistake is not guessed at.
        "" | "n" | "next" if rest.is_empty() => Command::Next,
        "b" | "p" | "back" | "previous" | "prev" if rest.is_empty() => Command::Back,
        "n" | "next" | "b" | "p" | "back" | "previous" | "prev" => unknown(),
        "mistakes" | "mistake" => Command::Mistakes(MistakesCommand::Find),
        "progress" => Command::Mistakes(MistakesCommand::Progress),
        "best" => Command::Mistakes(MistakesCommand::Best),
        "start" | "home" => Command::Start,
        "end" => Command::End,
        "move" | "m" | "goto" => {
            let black = rest.ends_with("...") || rest.to_lowercase().ends_with("black");
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            match digits.parse() {
                Ok(n) => Command::GoTo(n, if black { Color::Black } else { Color::White }),
                Err(_) => unknown(),
            }
        }
        "variation" | "v" | "var" => match rest {
            "" => Command::Variation(1),
            n => n.parse().map_or_else(|_| unknown(), Command::Variation),
        },
        "leave" | "l" | "up" => Command::Leave,
        "square" | "s" | "what" => read_square(lexicon, rest)
            .map_or_else(not_square, |s| Command::Ask(Question::Square(s))),
        "attackers" | "attacks" | "a" => read_square(lexicon, rest)
            .map_or_else(not_square, |s| Command::Ask(Question::Attackers(s))),
        "moves" => {
            read_square(lexicon, rest).map_or_else(not_square, |s| Command::Ask(Question::Moves(s)))
        }
        "rank" | "r" => {
            read_rank(lexicon, rest).map_or_else(not_square, |r| Command::Ask(Question::Rank(r)))
        }
        "file" | "f" => {
            read_file(lexicon, rest).map_or_else(not_square, |f| Command::Ask(Question::File(f)))
        }
        "diagonal" | "d" => {
            let squares = read_squares(lexicon, rest);
            match squares.as_slice() {
                [a, b] => Command::Ask(Question::Diagonal(*a, *b)),
                _ => not_square(),
            }
        }
        "pieces" => whose(rest).map_or_else(unknown, |w| Command::Ask(Question::Pieces(w))),
        "kings" => role_of(Role::King, rest).map_or_else(unknown, Command::Ask),
        "queens" => role_of(Role::Queen, rest).map_or_else(unknown, Command::Ask),
        "rooks" => role_of(Role::Rook, rest).map_or_else(unknown, Command::Ask),
        "bishops" => role_of(Role::Bishop, rest).map_or_else(unknown, Command::Ask),
        "knights" => role_of(Role::Knight, rest).map_or_else(unknown, Command::Ask),
        "pawns" => role_of(Role::Pawn, rest).map_or_else(unknown, Command::Ask),
        "material" => Command::Ask(Question::Material),
        "turn" | "t" => Command::Ask(Question::Turn),
        "last" => Command::Ask(Question::Last),
        "games" | "list" => match rest {
            "" => Command::Games(1),
            n => n.parse().map_or_else(|_| unknown(), Command::Games),
        },
        "find" => Command::Find(rest.to_string()),
        "more" => Command::More,
        "score" => Command::Score,
        "game" | "g" => rest.parse().map_or_else(|_| unknown(), Command::Game),
        "eval" | "e" | "engine" => match rest.to_lowercase().as_str() {
            "" => Command::Eval,
            "auto" | "on" | "always" => Command::Follow(true),
            "off" | "manual" => Command::Follow(false),
            "figures" | "figure" | "numbers" | "depth" => Command::EvalFigures(true),
            "words" => Command::EvalFigures(false),
            _ => unknown(),
        },
        "threat" | "threats" => Command::Threat,
        "explore" | "explorer" | "tree" | "openings" => Command::Explore,
        "save" | "keep" => Command::Save,
        "clock" | "time" | "c" => match rest.to_lowercase().as_str() {
            "" => Command::Clock,
            "auto" | "on" | "always" => Command::ClockEachMove(true),
            "off" | "manual" => Command::ClockEachMove(false),
            _ => unknown(),
        },
        "tags" | "info" | "header" | "i" => Command::Tags,
        "summary" | "stats" => Command::Summary,
        "replay" => read_replay(rest),
        "pace" => match read_pace(rest) {
            Some(pace) => Command::Pace(pace),
            None => Command::NotAPace(rest.to_string()),
        },
        "position" | "diagram" => Command::Ask(Question::Position),
        "files" | "byfile" => Command::Ask(Question::ByFile),
        "structure" | "pawnstructure" => Command::Ask(Question::PawnStructure),
        "fen" => match rest.to_lowercase().as_str() {
            "" => Command::Fen(false),
            "full" | "all" => Command::Fen(true),
            _ => unknown(),
        },
        "help" | "h" | "?" => Command::Help,
        "quit" | "q" | "exit" => Command::Quit,
        _ => unknown(),
    }
}

/// What follows `find` with every tag's name read in English, wherever it
/// stands ("Ergebnis" is `result`), and a draw as a result; the rest as
/// typed.
pub fn find_in_english(words: &CommandWords, text: &str) -> String {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    CommandWords::in_english(&tokens, |rest| {
        words.read_where(rest, |k| {
            crate::record::game_search::keywords().contains(&k) || k == "draw"
        })
    })
    .join(" ")
}

/// The shortest time between the moves of a replay.
pub const LEAST_PACE: Duration = Duration::from_millis(100);

/// The longest time between the moves of a replay.
pub const MOST_PACE: Duration = Duration::from_secs(60);

/// Reads `replay [N] [SECONDS]`: a whole number is how many of the last
/// moves; seconds are written with a unit ("2s", "0.5s") or a decimal
/// mark ("0.5", "1,5").
fn read_replay(rest: &str) -> Command {
    let (mut last, mut pace) = (None, None);
    for word in rest.split_whitespace() {
        let seconds = word.ends_with('s') || word.contains(['.', ',']);
        match word.parse::<usize>() {
            Ok(n) if !seconds && last.is_none() && n > 0 => last = Some(n),
            _ => match read_pace(word) {
                Some(p) if pace.is_none() => pace = Some(p),
                _ => return Command::NotAPace(word.to_string()),
            },
        }
    }
    Command::Replay { last, pace }
}

/// Reads seconds between the moves of a replay: "2", "0.5", "1,5", "2s",
/// "2 s", "2 sec"; `None` outside [`LEAST_PACE`]..=[`MOST_PACE`].
pub fn read_pace(text: &str) -> Option<Duration> {
    let text = text.trim().to_lowercase();
    let number = text
        .strip_suffix("seconds")
        .or_else(|| text.strip_suffix("sec"))
        .or_else(|| text.strip_suffix('s'))
        .unwrap_or(&text)
        .trim()
        .replace(',', ".");
    let seconds: f64 = number.parse().ok()?;
    if !seconds.is_finite() {
        return None;
    }
    let pace = Duration::try_from_secs_f64(seconds).ok()?;
    (LEAST_PACE..=MOST_PACE).contains(&pace).then_some(pace)
}

/// Whether the word after `next` or `previous` asks for a listed mistake.
fn is_mistake(rest: &str) -> bool {
    matches!(rest.to_lowercase().as_str(), "mistake" | "mistakes" | "m")
}

/// The files and ranks named in `text`, in order: "e4", "e 4", "Eva vier".
fn coordinates(lexicon: &Lexicon, text: &str) -> Vec<Result<File, Rank>> {
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',' || c == '-') {
        let chars: Vec<char> = word.chars().collect();
        if let [f @ 'a'..='h', r @ '1'..='8'] = chars.as_slice() {
            out.push(Ok(File::new(*f as u32 - 'a' as u32)));
            out.push(Err(Rank::new(*r as u32 - '1' as u32)));
            continue;
        }
        match chars.as_slice() {
            [f @ 'a'..='h'] => {
                out.push(Ok(File::new(*f as u32 - 'a' as u32)));
                continue;
            }
            [r @ '1'..='8'] => {
                out.push(Err(Rank::new(*r as u32 - '1' as u32)));
                continue;
            }
            _ => {}
        }
        for meaning in lexicon.exact(&fold(word)).unwrap_or_default() {
            match meaning {
                Meaning::File(f) => out.push(Ok(*f)),
                Meaning::Rank(r) => out.push(Err(*r)),
                _ => continue,
            }
            break;
        }
    }
    out
}

/// Every square named in `text`, a file followed by a rank.
pub fn read_squares(lexicon: &Lexicon, text: &str) -> Vec<Square> {
    let coords = coordinates(lexicon, text);
    let mut squares = Vec::new();
    let mut i = 0;
    while i + 1 < coords.len() {
        if let (Ok(f), Err(r)) = (coords[i], coords[i + 1]) {
            squares.push(Square::from_coords(f, r));
            i += 2;
        } else {
            return Vec::new();
        }
    }
    if i != coords.len() {
        return Vec::new();
    }
    squares
}

/// The one square named in `text`.
pub fn read_square(lexicon: &Lexicon, text: &str) -> Option<Square> {
    match read_squares(lexicon, text).as_slice() {
        [s] => Some(*s),
        _ => None,
    }
}

fn read_file(lexicon: &Lexicon, text: &str) -> Option<File> {
    match coordinates(lexicon, text).as_slice() {
        [Ok(f)] => Some(*f),
        _ => None,
    }
}

fn read_rank(lexicon: &Lexicon, text: &str) -> Option<Rank> {
    match coordinates(lexicon, text).as_slice() {
        [Err(r)] => Some(*r),
        _ => None,
    }
}
