//! The hall at a round's scale: 100 generated games written live into a
//! round's folder, as each game's `--live` copy is written (a new file
//! renamed over the old after every move), at tournament pace (each board
//! moves every 30 seconds on average: about three moves a second in the
//! hall) and ten times faster.
//!
//!     cargo bench --bench hall
//!
//! For each pace, `zweibrett hall --plain --speech none FOLDER` follows the
//! folder and `zweibrett serve` serves it while a broadcast polls
//! `/round.pgn` every second, whole (no `If-None-Match`: the worst case).
//! Measured over `ZWEIBRETT_BENCH_SECONDS` seconds (default 30):
//! - how long after a move was written the hall printed it (median, 90th
//!   percentile, the slowest): the target is under a second for every
//!   move;
//! - the CPU the hall and the server used, as a share of one core, from
//!   `/proc/PID/stat`: the target for the server polled every second is
//!   under 5 %.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::san::San;
use shakmaty::{Chess, Position};

const BOARDS: u32 = 100;
/// The mean time between two moves of one board at tournament pace.
const TOURNAMENT: Duration = Duration::from_secs(30);

/// One generated game: its position and its PGN's move text so far.
struct Board {
    number: u32,
    position: Chess,
    text: String,
    plies: usize,
}

impl Board {
    fn new(number: u32) -> Board {
        Board {
            number,
            position: Chess::default(),
            text: String::new(),
            plies: 0,
        }
    }

    /// Plays a random legal move; false when the game is over.
    fn play(&mut self, rng: &mut ChaCha8Rng) -> bool {
        let moves = self.position.legal_moves();
        if moves.is_empty() || self.plies >= 300 {
            return false;
        }
        let m = moves[rng.random_range(0..moves.len())];
        let san = San::from_move(&self.position, m).to_string();
        if self.plies.is_multiple_of(2) {
            self.text.push_str(&format!("{}. ", self.plies / 2 + 1));
        }
        let clock = 5400 - (self.plies as u64 * 20).min(5000);
        self.text.push_str(&format!(
            "{san} {{[%clk {}:{:02}:{:02}]}} ",
            clock / 3600,
            clock / 60 % 60,
            clock % 60
        ));
        self.position.play_unchecked(m);
        self.plies += 1;
        true
    }

    fn pgn(&self) -> String {
        format!(
            "[Event \"Bench\"]\n[Round \"1\"]\n[Board \"{n}\"]\n[White \"White {n}\"]\n[Black \"Black {n}\"]\n[Result \"*\"]\n\n{}*\n",
            self.text,
            n = self.number
        )
    }

    /// Written whole: a new file renamed over the old, as a game does.
    fn write(&self, folder: &Path) {
        let path = folder.join(format!("board-{}.pgn", self.number));
        let temporary = folder.join(format!(".board-{}.pgn.tmp", self.number));
        std::fs::write(&temporary, self.pgn()).unwrap();
        std::fs::rename(&temporary, &path).unwrap();
    }
}

/// The CPU time of a process so far, in seconds.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = fields.get(11..13).map_or(0.0, |f| {
        f.iter().filter_map(|t| t.parse::<f64>().ok()).sum()
    });
    // SAFETY: sysconf reads a constant of the system.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    ticks / per_second
}

fn program(data: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_zweibrett"));
    command
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .env("ZWEIBRETT_SCREEN_READER", "none");
    command
}

/// `zweibrett serve` on a free port: the process and its address.
fn serve(data: &Path, folder: &Path) -> (Child, String) {
    let mut child = program(data)
        .args(["serve", "--voice", "en", "--address", "127.0.0.1:0"])
        .arg(folder)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let start = first.find("http://").unwrap() + "http://".len();
    let address = first[start..].split('/').next().unwrap().to_string();
    (child, address)
}

fn poll(address: &str) -> usize {
    let Ok(mut stream) = TcpStream::connect(address) else {
        return 0;
    };
    let _ = write!(
        stream,
        "GET /round.pgn HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    );
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    answer.len()
}

/// The board and half-moves of a line the hall printed for moves:
/// "board 12: 23. Nf3: …; 23... Nc6: …".
fn moved(line: &str) -> Vec<(u32, usize)> {
    let Some((board, rest)) = line
        .strip_prefix("board ")
        .and_then(|rest| rest.split_once(": "))
    else {
        return Vec::new();
    };
    let Ok(board) = board.parse::<u32>() else {
        return Vec::new();
    };
    rest.split("; ")
        .filter_map(|said| {
            let (number, _) = said.split_once(' ')?;
            let (move_number, black) = match number.strip_suffix("...") {
                Some(n) => (n, true),
                None => (number.strip_suffix('.')?, false),
            };
            let move_number: usize = move_number.parse().ok()?;
            Some((board, (move_number - 1) * 2 + usize::from(black)))
        })
        .collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn run(name: &str, between: Duration, seconds: u64) {
    let data = std::env::temp_dir().join(format!(
        "zweibrett-bench-hall-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&data);
    let folder = data.join("round");
    std::fs::create_dir_all(&folder).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut boards: Vec<Board> = (1..=BOARDS).map(Board::new).collect();
    for board in &mut boards {
        for _ in 0..rng.random_range(0..20) {
            board.play(&mut rng);
        }
        board.write(&folder);
    }
    let (mut server, address) = serve(&data, &folder);
    let mut hall = program(&data)
        .args(["--plain", "--speech", "none", "hall", "--voice", "en"])
        .arg(&folder)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (tx, printed) = mpsc::channel();
    let stdout = hall.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    // Every board seen before the clock starts.
    let mut seen = 0;
    while seen < BOARDS {
        let (_, line) = printed
            .recv_timeout(Duration::from_secs(30))
            .expect("the hall sees the boards");
        if line.contains(" against ") {
            seen += 1;
        }
    }
    let polling = {
        let address = address.clone();
        std::thread::spawn(move || {
            let until = Instant::now() + Duration::from_secs(seconds);
            let mut bytes = 0;
            while Instant::now() < until {
                bytes += poll(&address);
                std::thread::sleep(Duration::from_secs(1));
            }
            bytes
        })
    };
    let hall_cpu = cpu_seconds(hall.id());
    let server_cpu = cpu_seconds(server.id());
    let started = Instant::now();
    let mut written: HashMap<(u32, usize), Instant> = HashMap::new();
    let mut next = Instant::now();
    // A move of a random board every `between / BOARDS` on average.
    let step = between / BOARDS;
    while started.elapsed() < Duration::from_secs(seconds) {
        let i = rng.random_range(0..boards.len());
        let board = &mut boards[i];
        if board.play(&mut rng) {
            board.write(&folder);
            written.insert((board.number, board.plies - 1), Instant::now());
        }
        let wait = step.mul_f64(rng.random_range(0.5..1.5));
        next += wait;
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
    }
    // What was written last has a second to be printed.
    std::thread::sleep(Duration::from_secs(1));
    let elapsed = started.elapsed().as_secs_f64();
    let hall_share = (cpu_seconds(hall.id()) - hall_cpu) / elapsed * 100.0;
    let server_share = (cpu_seconds(server.id()) - server_cpu) / elapsed * 100.0;
    let mut latencies = Vec::new();
    let mut counted = 0;
    while let Ok((at, line)) = printed.try_recv() {
        for key in moved(&line) {
            if let Some(wrote) = written.remove(&key) {
                latencies.push(at.saturating_duration_since(wrote));
            }
        }
        if line.contains(" new moves, the last ") {
            counted += 1;
        }
    }
    let missed = written.len();
    let bytes = polling.join().unwrap();
    latencies.sort();
    println!(
        "{name}: {} moves printed in {:.0} s ({:.1} a second), written to printed: median {:.0} ms, 90th {:.0} ms, slowest {:.0} ms; {missed} not printed one by one ({counted} lines of counted moves)",
        latencies.len(),
        elapsed,
        latencies.len() as f64 / elapsed,
        percentile(&latencies, 0.5).as_secs_f64() * 1000.0,
        percentile(&latencies, 0.9).as_secs_f64() * 1000.0,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
    );
    println!(
        "{name}: the hall used {hall_share:.2} % of one core; the server, polled every second for the whole round ({} kB a poll), {server_share:.2} %",
        bytes / 1024 / seconds.max(1) as usize
    );
    let _ = writeln!(hall.stdin.as_mut().unwrap(), "quit");
    let _ = hall.wait();
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&data);
}

fn main() {
    // `cargo bench` passes `--bench`; a filter may follow.
    let seconds = std::env::var("ZWEIBRETT_BENCH_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    run("tournament pace", TOURNAMENT, seconds);
    run("ten times faster", TOURNAMENT / 10, seconds);
}
