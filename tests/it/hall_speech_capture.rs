//! A round heard in the hall in real time: four boards of a folder move
//! faster than their news can be said, one diverges (D.2.9), one flags
//! (6.9), two end; the hall speaks through a speech-dispatcher of the
//! test's own that plays into a PulseAudio null sink (paced as a sound
//! card is), and speech-dispatcher's own log tells when each text began,
//! ended or was cut off. Every call for the arbiter and every result is
//! heard whole, a call before anything that came after it; a board's move
//! is never said once the same board has newer news, nor after it waited
//! longer than the routine age limit.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use common::Sandbox;
use common::capture::{Printed, SpeechServer, seconds_heard};
use common::hall::write_whole;
use common::speechd_log::{Spoken, spoken, table};
use zweibrett_core::notation::VoicePack;

/// The half-moves every board plays, in turn.
const MOVES: [&str; 24] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8",
];

/// How long a move's news may wait before it is not worth saying: the
/// speech settings' routine age limit, and a little for the log.
const PASSING_LIFE: f64 = 8.5;

/// One board as its live PGN stands.
struct Board {
    number: u32,
    played: usize,
    call: bool,
    result: &'static str,
    termination: Option<&'static str>,
}

impl Board {
    fn pgn(&self) -> String {
        let call = if self.call {
            "[ArbiterCall \"Divergence\"]\n"
        } else {
            ""
        };
        let termination = self
            .termination
            .map(|t| format!("[Termination \"{t}\"]\n"))
            .unwrap_or_default();
        format!(
            "[Round \"4\"]\n[Board \"{n}\"]\n[White \"Weiss {n}\"]\n[Black \"Schwarz {n}\"]\n\
             [Result \"{r}\"]\n{termination}{call}\n{moves} {r}\n",
            n = self.number,
            r = self.result,
            moves = MOVES[..self.played].join(" "),
        )
    }

    fn write(&self, round: &Path) {
        write_whole(
            &round.join(format!("board{}.pgn", self.number)),
            &self.pgn(),
        );
    }
}

/// What happens at each step of the round, a step every 0.5 to 1.4 s.
enum Step {
    Move(usize),
    Diverge(usize),
    Settle(usize),
    End(usize, &'static str),
    Flag(usize),
}

fn script() -> Vec<Step> {
    use Step::*;
    vec![
        Move(0),
        Move(1),
        Move(2),
        Move(3),
        Move(0),
        Move(1),
        Diverge(1),
        Move(2),
        Move(3),
        Move(0),
        End(0, "1-0"),
        Move(2),
        Move(3),
        Settle(1),
        Move(2),
        Move(3),
        Move(1),
        Flag(2),
        Move(3),
        Move(1),
        Move(3),
        End(1, "1/2-1/2"),
        Move(3),
    ]
}

fn pause(step: usize) -> Duration {
    Duration::from_millis([900, 500, 1400, 700, 1100, 600][step % 6])
}

/// A line the hall printed, when (seconds since midnight UTC), and the
/// board it is news of.
struct Line {
    at: f64,
    text: String,
    board: Option<u32>,
}

impl Line {
    fn of(printed: Printed) -> Line {
        Line {
            board: board_of(&printed.text),
            at: printed.at,
            text: printed.text,
        }
    }

    /// A call for the arbiter or a flag.
    fn is_call(&self) -> bool {
        ["wird gerufen", "Reklamation wartet", "Fallblättchen"]
            .iter()
            .any(|w| self.text.contains(w))
    }

    /// A result or a flag: the board's last news.
    fn is_last(&self) -> bool {
        self.text.contains("ist beendet") || self.text.contains("Fallblättchen")
    }

    /// A board seen or moved.
    fn is_passing(&self) -> bool {
        self.board.is_some()
            && !self.is_call()
            && !self.is_last()
            && !self.text.contains("wartet mehr")
    }
}

/// A line as the hall says it: a move shown "Brett 1: 3. Lb5: Läufer
/// Bella fünf" is said "Brett 1: Läufer Bella fünf".
fn said_form(text: &str) -> String {
    match text.split_once(": ") {
        Some((board, rest)) if board.starts_with("Brett ") => {
            let moves: Vec<&str> = rest
                .split("; ")
                .map(|m| match m.split_once(": ") {
                    Some((numbered, words)) if numbered.contains(". ") => words,
                    _ => m,
                })
                .collect();
            format!("{board}: {}", moves.join("; "))
        }
        _ => text.to_string(),
    }
}

fn board_of(text: &str) -> Option<u32> {
    text.strip_prefix("Brett ")?
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// What the log says once nothing of the program's is being said and
/// nothing new came for a second: between the end of one text and the
/// queueing of the next, the log shows nothing open for a moment.
fn settled(server: &SpeechServer) -> Vec<Spoken> {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut quiet_since: Option<(Instant, usize)> = None;
    loop {
        let texts = spoken(&server.log());
        let open = texts
            .iter()
            .any(|t| t.ended.is_none() && t.cancelled.is_none());
        quiet_since = match quiet_since {
            _ if open => None,
            Some((since, count)) if count == texts.len() => Some((since, count)),
            _ => Some((Instant::now(), texts.len())),
        };
        let quiet = quiet_since.is_some_and(|(since, _)| since.elapsed() >= Duration::from_secs(1));
        if quiet || Instant::now() > deadline {
            return texts;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_round_heard_in_real_time_says_every_call_and_result_and_nothing_stale() {
    let sandbox = Sandbox::new("hall-realtime");
    let server = SpeechServer::start_paced(&sandbox);
    let round = sandbox.home.join("round");
    std::fs::create_dir_all(&round).unwrap();
    let mut boards: Vec<Board> = (1..=4)
        .map(|number| Board {
            number,
            played: 4,
            call: false,
            result: "*",
            termination: None,
        })
        .collect();
    for board in &boards {
        board.write(&round);
    }
    let round_arg = round.to_str().unwrap();
    let (mut child, mut stdin, printed) =
        server.run_printing(&sandbox, &["hall", "--voice", "fide", round_arg]);
    // The round goes on while the hall's opening is still being said.
    std::thread::sleep(Duration::from_secs(2));
    for (i, step) in script().into_iter().enumerate() {
        let b = match step {
            Step::Move(b) => {
                boards[b].played += 1;
                b
            }
            Step::Diverge(b) => {
                boards[b].call = true;
                b
            }
            Step::Settle(b) => {
                boards[b].call = false;
                boards[b].played += 1;
                b
            }
            Step::End(b, result) => {
                boards[b].result = result;
                b
            }
            Step::Flag(b) => {
                boards[b].result = "1-0";
                boards[b].termination = Some("time forfeit");
                b
            }
        };
        boards[b].write(&round);
        std::thread::sleep(pause(i));
    }
    // With the voice free again, one more move: said at once.
    std::thread::sleep(Duration::from_secs(1));
    settled(&server);
    boards[3].played += 1;
    boards[3].write(&round);
    std::thread::sleep(Duration::from_secs(1));
    let texts = settled(&server);
    writeln!(stdin, "Ende").unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the hall did not leave"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let lines: Vec<Line> = printed.try_iter().map(Line::of).collect();
    let pack = VoicePack::builtin("fide");
    let report = format!(
        "{}\nprinted:\n{}",
        table(&texts),
        lines
            .iter()
            .map(|l| format!("{:.2} {}\n", l.at - lines[0].at, l.text))
            .collect::<String>()
    );
    // speech-dispatcher logs local time: the zone's offset, in quarter
    // hours, from the first text (the opening line, said at once).
    let offset = ((texts[0].queued - lines[0].at) / 900.0).round() * 900.0;
    let said = |line: &Line| -> Option<&Spoken> {
        let words = pack.pronounced(&said_form(&line.text));
        texts
            .iter()
            .find(|t| t.text == words && t.queued >= line.at + offset - 0.5)
    };

    // Every call and every result was heard whole.
    let must: Vec<&Line> = lines
        .iter()
        .filter(|l| l.is_call() || l.is_last())
        .collect();
    assert_eq!(
        must.len(),
        4,
        "a divergence, a flag and two results:\n{report}"
    );
    for line in &must {
        assert!(
            said(line).is_some_and(Spoken::said_whole),
            "\"{}\" was not heard whole:\n{report}",
            line.text
        );
    }
    // A call begins before anything printed after it.
    for call in lines.iter().filter(|l| l.is_call()) {
        let begun = said(call)
            .and_then(Spoken::started)
            .unwrap_or_else(|| panic!("\"{}\" never began:\n{report}", call.text));
        for later in lines
            .iter()
            .filter(|l| l.at > call.at + 0.05 && !l.is_call())
        {
            if let Some(other) = said(later).and_then(Spoken::started) {
                assert!(
                    other >= begun,
                    "\"{}\" began before the call \"{}\":\n{report}",
                    later.text,
                    call.text
                );
            }
        }
    }
    // Nothing stale: a move's news is begun before the same board's next
    // news was printed, and within its life.
    let mut passing_said = 0;
    let mut passing = 0;
    for (i, line) in lines.iter().enumerate().filter(|(_, l)| l.is_passing()) {
        passing += 1;
        let Some(begun) = said(line).and_then(Spoken::started) else {
            continue;
        };
        passing_said += 1;
        let waited = begun - (line.at + offset);
        assert!(
            waited <= PASSING_LIFE,
            "\"{}\" was said {waited:.1} s after it was printed:\n{report}",
            line.text
        );
        // Newer: printed at a later look at the folder, not with it (a
        // move and the result it led to are said together).
        if let Some(newer) = lines[i + 1..]
            .iter()
            .find(|l| l.board == line.board && l.at > line.at + 0.1)
        {
            assert!(
                begun <= newer.at + offset + 0.05,
                "\"{}\" was said after the newer \"{}\":\n{report}",
                line.text,
                newer.text
            );
        }
    }
    let news = lines.iter().filter(|l| l.board.is_some()).count();
    let heard = seconds_heard(&server.heard());
    let span = lines.last().unwrap().at - lines[0].at;
    eprintln!(
        "{report}\nhall: {news} board lines printed in {span:.0} s, {heard:.1} s of speech heard \
         ({:.2} s per line printed); moves said {passing_said} of {passing}",
        heard / news as f64
    );
    // The move made with the voice free was said whole, at once: within
    // a look at the folder and the speech server's start.
    let last = lines.iter().rev().find(|l| l.is_passing()).unwrap();
    let heard_last = said(last).filter(|t| t.said_whole());
    let waited = heard_last
        .and_then(Spoken::started)
        .map(|b| b - (last.at + offset));
    assert!(
        waited.is_some_and(|w| w < 1.0),
        "\"{}\" was not said whole at once ({waited:?} s):\n{report}",
        last.text
    );
}
