//! `zweibrett serve`: the live PGN of every game of a round over HTTP, for
//! a broadcast to poll (as DGT LiveChess and Lichess broadcasts poll one
//! URL for the round) and for `zweibrett hall` on another machine.
//!
//! Read-only and bounded: only `GET` and `HEAD`, no request body, a
//! request's head at most [`MOST_HEAD_BYTES`] and read within
//! [`HEAD_WITHIN`], at most as many connections at once as asked (a
//! connection past them is closed at once), each for at most
//! [`CONNECTION_LIFE`]. The games are the `.pgn` files of the folders and
//! the files named, each at most [`MOST_GAME_BYTES`]; they are looked at
//! again at most every [`LOOK_EVERY`] however often they are asked for,
//! and a file is read again only when it changed.

use std::convert::Infallible;
use std::hash::{Hash, Hasher};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};

use crate::live::Stamp;
use crate::outside::Bound;

/// The longest game file served: a game's live PGN is a few kilobytes.
pub const MOST_GAME_BYTES: u64 = 1024 * 1024;
/// The most games served from one round.
pub const MOST_GAMES: usize = 1000;
/// The longest request head read (hyper's least buffer).
pub const MOST_HEAD_BYTES: usize = 8192;
/// How long a request's head may take to come.
pub const HEAD_WITHIN: Duration = Duration::from_secs(5);
/// How long one connection is kept at most.
pub const CONNECTION_LIFE: Duration = Duration::from_secs(120);
/// The files are looked at again at most this often.
pub const LOOK_EVERY: Duration = Duration::from_millis(200);
/// The connections served at once unless asked otherwise.
pub const CONNECTIONS: u16 = 64;

/// The path of the round's PGN.
pub const ROUND_PATH: &str = "/round.pgn";
/// The folder of the single games' PGN.
pub const GAMES_PATH: &str = "/games/";

/// What is served: the folders and files of the round.
#[derive(Clone, Debug)]
pub struct Served {
    /// Folders (every `.pgn` file in them) and files.
    pub paths: Vec<PathBuf>,
    /// How many connections at once.
    pub connections: usize,
}

/// One game file as last read.
#[derive(Clone, Debug)]
struct GameFile {
    path: PathBuf,
    name: String,
    stamp: Stamp,
    text: String,
    board: Option<u32>,
}

/// The round as last looked at.
#[derive(Debug, Default)]
struct Round {
    looked: Option<Instant>,
    files: Vec<GameFile>,
    text: Bytes,
    tag: String,
}

/// The round's games, looked at when asked for.
#[derive(Debug)]
pub struct RoundFiles {
    served: Served,
    round: Mutex<Round>,
}

impl RoundFiles {
    /// The round of `served`, not yet looked at.
    pub fn new(served: Served) -> RoundFiles {
        RoundFiles {
            served,
            round: Mutex::new(Round::default()),
        }
    }

    /// The round's PGN and its entity tag, looked at again when last
    /// looked at more than [`LOOK_EVERY`] ago.
    pub fn round(&self) -> (Bytes, String, usize) {
        let mut round = self
            .round
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if round.looked.is_none_or(|at| at.elapsed() >= LOOK_EVERY) {
            self.look(&mut round);
        }
        (round.text.clone(), round.tag.clone(), round.files.len())
    }

    /// One game's PGN by its file's name.
    fn game(&self, name: &str) -> Option<String> {
        self.round();
        let round = self
            .round
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        round
            .files
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.text.clone())
    }

    /// The names of the games served, in the round's order.
    fn names(&self) -> Vec<String> {
        self.round();
        let round = self
            .round
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        round.files.iter().map(|f| f.name.clone()).collect()
    }

    fn look(&self, round: &mut Round) {
        round.looked = Some(Instant::now());
        let mut files = Vec::new();
        for path in &self.served.paths {
            if path.is_dir() {
                let Ok(entries) = std::fs::read_dir(path) else {
                    continue;
                };
                let mut found: Vec<PathBuf> = entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| is_game_file(p))
                    .collect();
                found.sort();
                files.extend(found);
            } else {
                files.push(path.clone());
            }
        }
        files.truncate(MOST_GAMES);
        let mut read = Vec::with_capacity(files.len());
        for path in files {
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            let stamp = Stamp::of(&meta);
            if let Some(known) = round
                .files
                .iter()
                .find(|f| f.path == path && f.stamp == stamp)
            {
                read.push(known.clone());
                continue;
            }
            // A file past the bound, gone or no plain file is left out.
            let Ok(bytes) = crate::outside::read(&path, Bound::bytes(MOST_GAME_BYTES)) else {
                continue;
            };
            let Ok(text) = String::from_utf8(bytes) else {
                continue;
            };
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let board = board_tag(&text);
            read.push(GameFile {
                path,
                name,
                stamp,
                text,
                board,
            });
        }
        // A broadcast shows the games in the order of the boards.
        read.sort_by(|a, b| {
            (a.board.unwrap_or(u32::MAX), &a.name).cmp(&(b.board.unwrap_or(u32::MAX), &b.name))
        });
        let mut text = String::new();
        for file in &read {
            text.push_str(file.text.trim_end());
            text.push_str("\n\n");
        }
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut hasher);
        round.tag = format!("\"{}-{:016x}\"", text.len(), hasher.finish());
        round.text = Bytes::from(text);
        round.files = read;
    }
}

/// A `.pgn` file that is not a temporary one being written.
fn is_game_file(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    !name.starts_with('.')
        && path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        && path.is_file()
}

/// The `Board` tag of a game's text.
fn board_tag(text: &str) -> Option<u32> {
    text.lines()
        .take_while(|l| l.trim_start().starts_with('[') || l.trim().is_empty())
        .find_map(|l| {
            let rest = l.trim().strip_prefix("[Board ")?;
            rest.trim_end_matches(']')
                .trim()
                .trim_matches('"')
                .parse()
                .ok()
        })
}

type Answer = Response<Full<Bytes>>;

fn answer(status: StatusCode, content_type: &str, body: Bytes) -> Answer {
    let mut response = Response::new(Full::new(body));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    // Every poll gets the game as it stands; a page of a broadcast on
    // another site may read it.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    response
}

const PGN_TYPE: &str = "application/x-chess-pgn; charset=utf-8";
const TEXT_TYPE: &str = "text/plain; charset=utf-8";

/// The answer to one request.
pub fn respond<B>(round: &RoundFiles, request: &Request<B>) -> Answer {
    let head = request.method() == Method::HEAD;
    if request.method() != Method::GET && !head {
        let mut refused = answer(
            StatusCode::METHOD_NOT_ALLOWED,
            TEXT_TYPE,
            Bytes::from_static(b"only GET and HEAD\n"),
        );
        refused
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return refused;
    }
    let has_body = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .is_some_and(|l| l.as_bytes() != b"0")
        || request.headers().contains_key(header::TRANSFER_ENCODING);
    if has_body {
        return answer(
            StatusCode::PAYLOAD_TOO_LARGE,
            TEXT_TYPE,
            Bytes::from_static(b"no request body is read\n"),
        );
    }
    let path = request.uri().path();
    let mut response = if path == ROUND_PATH {
        let (text, tag, _) = round.round();
        let unchanged = request
            .headers()
            .get(header::IF_NONE_MATCH)
            .is_some_and(|asked| asked.as_bytes() == tag.as_bytes());
        let mut response = if unchanged {
            answer(StatusCode::NOT_MODIFIED, PGN_TYPE, Bytes::new())
        } else {
            answer(StatusCode::OK, PGN_TYPE, text)
        };
        if let Ok(tag) = HeaderValue::from_str(&tag) {
            response.headers_mut().insert(header::ETAG, tag);
        }
        response
    } else if let Some(name) = path.strip_prefix(GAMES_PATH) {
        match round.game(name) {
            Some(text) => answer(StatusCode::OK, PGN_TYPE, Bytes::from(text)),
            None => answer(
                StatusCode::NOT_FOUND,
                TEXT_TYPE,
                Bytes::from_static(b"no such game\n"),
            ),
        }
    } else if path == "/" {
        let mut index = format!("{ROUND_PATH}\n");
        for name in round.names() {
            index.push_str(&format!("{GAMES_PATH}{name}\n"));
        }
        answer(StatusCode::OK, TEXT_TYPE, Bytes::from(index))
    } else {
        answer(
            StatusCode::NOT_FOUND,
            TEXT_TYPE,
            Bytes::from_static(b"not here: /round.pgn is the round\n"),
        )
    };
    if head {
        let length = response.headers().get(header::CONTENT_LENGTH).cloned();
        *response.body_mut() = Full::new(Bytes::new());
        if let Some(length) = length {
            response
                .headers_mut()
                .insert(header::CONTENT_LENGTH, length);
        }
    }
    response
}

/// Binds `address`: an error (the address in use, not this machine's)
/// comes before anything is served.
pub fn bind(address: SocketAddr) -> std::io::Result<TcpListener> {
    let listener = TcpListener::bind(address)?;
    listener.set_nonblocking(true)?;
    Ok(listener)
}

/// Serves `round` on `listener` until the process ends, on one thread.
pub fn serve(listener: TcpListener, round: RoundFiles) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    let connections = round.served.connections.max(1);
    let round = Arc::new(round);
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let slots = Arc::new(tokio::sync::Semaphore::new(connections));
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            // Past the bound, a connection is closed unanswered.
            let Ok(slot) = slots.clone().try_acquire_owned() else {
                drop(stream);
                continue;
            };
            let round = round.clone();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |request: Request<Incoming>| {
                    let answer = respond(&round, &request);
                    async move { Ok::<_, Infallible>(answer) }
                });
                let connection = hyper::server::conn::http1::Builder::new()
                    .max_buf_size(MOST_HEAD_BYTES)
                    .header_read_timeout(HEAD_WITHIN)
                    .timer(hyper_util::rt::TokioTimer::new())
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
                let _ = tokio::time::timeout(CONNECTION_LIFE, connection).await;
                drop(slot);
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(path: &str) -> Request<()> {
        Request::builder().uri(path).body(()).unwrap()
    }

    #[test]
    fn the_round_is_every_game_in_board_order_and_a_poll_of_the_same_round_is_not_modified() {
        let dir = crate::test_files::fresh_dir("serve-round");
        std::fs::write(
            dir.join("board-10.pgn"),
            "[Board \"10\"]\n[Result \"*\"]\n\n1. d4 *\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("board-2.pgn"),
            "[Board \"2\"]\n[Result \"*\"]\n\n1. e4 *\n",
        )
        .unwrap();
        std::fs::write(dir.join(".board-3.pgn.1-0.tmp"), "half").unwrap();
        std::fs::write(dir.join("notes.txt"), "not a game").unwrap();
        let round = RoundFiles::new(Served {
            paths: vec![dir.clone()],
            connections: 4,
        });
        let first = respond(&round, &get(ROUND_PATH));
        assert_eq!(first.status(), StatusCode::OK);
        let tag = first.headers()[header::ETAG].clone();
        let (text, _, games) = round.round();
        assert_eq!(games, 2);
        let text = String::from_utf8(text.to_vec()).unwrap();
        assert!(
            text.find("1. e4").unwrap() < text.find("1. d4").unwrap(),
            "{text}"
        );
        let again = Request::builder()
            .uri(ROUND_PATH)
            .header(header::IF_NONE_MATCH, tag)
            .body(())
            .unwrap();
        assert_eq!(respond(&round, &again).status(), StatusCode::NOT_MODIFIED);
        assert_eq!(
            respond(&round, &get("/games/board-2.pgn")).status(),
            StatusCode::OK
        );
        assert_eq!(
            respond(&round, &get("/games/../../etc/passwd")).status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            respond(&round, &get("/elsewhere")).status(),
            StatusCode::NOT_FOUND
        );
        let post = Request::builder()
            .method(Method::POST)
            .uri(ROUND_PATH)
            .body(())
            .unwrap();
        assert_eq!(
            respond(&round, &post).status(),
            StatusCode::METHOD_NOT_ALLOWED
        );
        let with_body = Request::builder()
            .uri(ROUND_PATH)
            .header(header::CONTENT_LENGTH, "5")
            .body(())
            .unwrap();
        assert_eq!(
            respond(&round, &with_body).status(),
            StatusCode::PAYLOAD_TOO_LARGE
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
