//! Line mode and the full screen are views of one host: the same script
//! of timed inputs, typed as line mode reads it and keyed as the full
//! screen reads it, gives the same transcript and the same journal. The
//! script holds moves, a refusal, help, the score, a move heard aloud, a
//! seat's move and offer, an arbiter seat's audit, and leaving at the end
//! of the input; a second one leaves while the dead-position search has
//! not answered.

use std::io::Write;
use std::os::unix::fs::DirBuilderExt;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, SystemTime};

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::clock::Instant;
use crate::clock::schedule::ClockSettings;
use crate::driver::{Driven, Typed, Woke};
use crate::game::{Game, Press, Repetition, Role, Setup};
use crate::notation::VoicePack;
use crate::record::journal;
use crate::session::host::GameHost;
use crate::session::host::Listened;
use crate::session::seat::{SeatRole, SeatServer};
use crate::session::wake::{Bell, Source, Wake};
use crate::session::{GameSession, Journal};
use crate::speech::{Recorder, Transcript};
use crate::ui::line::game::PlainGame;
use crate::ui::screen::game::shell::{Look, Shell};
use crate::ui::screen::settings::{Layout, Redraw};
use crate::ui::screen::theme::Theme;

mod analysis;

/// One step of the script, at a second of the game's time line.
#[derive(Clone)]
enum Step {
    /// A line typed at the main seat.
    Typed(u64, &'static str),
    /// A phrase heard said aloud, as the listener gives it.
    Heard(u64, &'static str),
    /// A seat of this role joins.
    Joins(SeatRole),
    /// The seat of this role types a line.
    AtSeat(SeatRole, &'static str),
}

/// Drives one view: what a step does there, and waking it at a ring.
trait View {
    fn host(&mut self) -> &mut GameHost;
    fn type_line(&mut self, line: &str, at: std::time::Instant);
    fn ring(&mut self, source: Source, now: std::time::Instant);
    fn leave(&mut self);
}

struct LineMode(Option<PlainGame<Vec<u8>>>);

impl View for LineMode {
    fn host(&mut self) -> &mut GameHost {
        self.0.as_mut().unwrap().host()
    }
    fn type_line(&mut self, line: &str, at: std::time::Instant) {
        let woke: Woke<Typed> = Woke::Input(Ok(line.to_string()), at);
        self.0.as_mut().unwrap().take(woke, at);
    }
    fn ring(&mut self, source: Source, now: std::time::Instant) {
        self.0.as_mut().unwrap().take(Woke::Rang(source), now);
    }
    fn leave(&mut self) {
        assert!(self.0.take().unwrap().leave());
    }
}

struct FullScreen(Shell);

impl View for FullScreen {
    fn host(&mut self) -> &mut GameHost {
        &mut self.0.state.host
    }
    fn type_line(&mut self, line: &str, at: std::time::Instant) {
        let key = |code| Woke::Input(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), at);
        let mut keys: Vec<_> = line.chars().map(|c| key(KeyCode::Char(c))).collect();
        keys.push(key(KeyCode::Enter));
        for key in keys {
            self.0.take(key, at);
        }
    }
    fn ring(&mut self, source: Source, now: std::time::Instant) {
        self.0.take(Woke::Rang(source), now);
    }
    fn leave(&mut self) {
        self.0.leave();
    }
}

fn setup(fen: Option<&str>) -> Setup {
    Setup {
        white: "Anna".into(),
        black: "Boris".into(),
        time: "600".into(),
        repetition: Repetition::Off,
        press: Press::Auto,
        fen: fen.map(String::from),
        role: Role::Player,
        ..Setup::default()
    }
}

/// A host journalled in `dir`, its seats' socket there too, speaking to
/// a recorder, its producers ringing the channel returned.
fn host_in(dir: &Path, fen: Option<&str>) -> (GameHost, Recorder, Receiver<Wake<()>>, PathBuf) {
    std::fs::DirBuilder::new()
        .mode(0o700)
        .recursive(true)
        .create(dir)
        .unwrap();
    let game = Game::new(setup(fen), VoicePack::fide()).unwrap();
    let journal = Journal::create(dir, &setup(fen), SystemTime::now()).unwrap();
    let path = journal.path().to_path_buf();
    let session = GameSession::new(
        game,
        Some(journal),
        Duration::ZERO,
        ClockSettings::default(),
    );
    let heard = Recorder::default();
    let said = Transcript::nowhere(session.time_line(), Some(Box::new(heard.clone()) as _));
    let seats = SeatServer::open_in(dir, &path, session.game().pack()).unwrap();
    let host = GameHost::new(session, said, Some(seats), None);
    let (tx, rx) = channel();
    host.connect(&Bell::on(tx));
    (host, heard, rx, path)
}

/// Rings `view` at each ring until its host is idle and `done` holds.
fn until(
    view: &mut dyn View,
    rings: &Receiver<Wake<()>>,
    now: std::time::Instant,
    done: &dyn Fn(&mut GameHost) -> bool,
) {
    while !(view.host().idle() && done(view.host())) {
        match rings.recv_timeout(Duration::from_secs(20)) {
            Ok(Wake::Rang(source)) => view.ring(source, now),
            other => panic!("no ring: {other:?}"),
        }
    }
}

/// Plays `script` through `view`: what was said, and the journal's
/// commands with their instants.
fn play(
    view: &mut dyn View,
    (heard, rings, journal_path, dir): (Recorder, Receiver<Wake<()>>, PathBuf, &Path),
    script: &[Step],
) -> (Vec<String>, Vec<(u64, crate::game::Command)>) {
    let mut seats: Vec<(SeatRole, UnixStream)> = Vec::new();
    let mut t = 0;
    for step in script {
        match step.clone() {
            Step::Typed(secs, line) => {
                t = secs;
                let at = view
                    .host()
                    .session()
                    .time_line()
                    .moment(Instant::from_secs(t));
                view.type_line(line, at);
            }
            Step::Heard(secs, text) => {
                t = secs;
                let at = view
                    .host()
                    .session()
                    .time_line()
                    .moment(Instant::from_secs(t));
                let outcome = Listened::Enter {
                    text: text.into(),
                    ended: at,
                };
                view.host().hand_heard(outcome, at);
            }
            Step::Joins(role) => {
                let socket = std::fs::read_dir(dir)
                    .unwrap()
                    .flatten()
                    .map(|e| e.path())
                    .find(|p| p.extension().is_some_and(|e| e == "sock"))
                    .expect("the seats' socket");
                let mut stream = UnixStream::connect(socket).unwrap();
                let join = format!(r#"{{"kind":"join","role":"{}","version":1}}"#, role.name());
                writeln!(stream, "{join}").unwrap();
                seats.push((role, stream));
                let now = view
                    .host()
                    .session()
                    .time_line()
                    .moment(Instant::from_secs(t));
                until(view, &rings, now, &|h: &mut GameHost| h.seated(role));
            }
            Step::AtSeat(role, line) => {
                let (_, stream) = seats.iter_mut().find(|(r, _)| *r == role).unwrap();
                let text = serde_json::to_string(&crate::session::seat::protocol::ToGame::Line {
                    text: line.into(),
                })
                .unwrap();
                let now = view
                    .host()
                    .session()
                    .time_line()
                    .moment(Instant::from_secs(t));
                // Rings left from the seat's joining are handled first, so
                // that the seat's ring waited for below is this line's,
                // however loaded the machine.
                while let Ok(Wake::Rang(source)) = rings.try_recv() {
                    view.ring(source, now);
                }
                writeln!(stream, "{text}").unwrap();
                // The line is read on the seat's own thread: its ring
                // comes, maybe after a ring of the journal's writer.
                loop {
                    match rings.recv_timeout(Duration::from_secs(20)) {
                        Ok(Wake::Rang(source)) => {
                            view.ring(source, now);
                            if source == Source::Seat {
                                break;
                            }
                        }
                        other => panic!("no ring: {other:?}"),
                    }
                }
            }
        }
        let now = view
            .host()
            .session()
            .time_line()
            .moment(Instant::from_secs(t));
        until(view, &rings, now, &|_| true);
    }
    view.leave();
    let bytes = std::fs::read(&journal_path).unwrap();
    let entries = journal::read(&bytes, &journal_path).unwrap().entries;
    let commands = entries.into_iter().map(|e| (e.t_ms, e.cmd)).collect();
    (heard.texts(), commands)
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("zweibrett-parity-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn look() -> Look {
    Look {
        layout: Layout::ScreenReader,
        theme: Theme::standard(),
        redraw: Redraw::OnChange,
        braille: crate::braille::BrailleSettings::default(),
    }
}

/// What a view said, what its journal holds, and where the journal is.
type Played = (Vec<String>, Vec<(u64, crate::game::Command)>, PathBuf);

/// The script through line mode and through the full screen.
fn both(name: &str, fen: Option<&str>, script: &[Step]) -> [Played; 2] {
    let d = dir(&format!("{name}-line"));
    let (host, heard, rings, path) = host_in(&d, fen);
    let mut plain = LineMode(Some(PlainGame::printing(host, Vec::new())));
    plain.0.as_mut().unwrap().open(false);
    let (said, journal) = play(&mut plain, (heard, rings, path.clone(), &d), script);
    let line = (scripted(said), journal, path);
    let d = dir(&format!("{name}-screen"));
    let (host, heard, rings, path) = host_in(&d, fen);
    let mut screen = FullScreen(Shell::new(host, &look(), (80, 24)));
    screen.0.open(false);
    let (said, journal) = play(&mut screen, (heard, rings, path.clone(), &d), script);
    [line, (scripted(said), journal, path)]
}

/// What a view said, less the notice that the game is still being saved:
/// the script's clock runs ahead of the real disk under the test, so on a
/// loaded machine the notice comes with one view's run and not the
/// other's. It has a test of its own (the host's slow disk).
fn scripted(said: Vec<String>) -> Vec<String> {
    let slow = VoicePack::fide()
        .line_sentences()
        .say(crate::notation::pack::LineSentence::JournalSlow, &[]);
    said.into_iter().filter(|text| *text != slow).collect()
}

#[test]
fn line_mode_and_the_full_screen_say_and_journal_the_same() {
    use Step::*;
    let script = [
        Typed(1, "e4"),
        Joins(SeatRole::Opponent),
        AtSeat(SeatRole::Opponent, "e5"),
        Typed(3, "Zeit"),
        Typed(4, "Kxe9"),
        Typed(5, "Hilfe"),
        Typed(6, "Partieformular"),
        Heard(8, "Springer Felix drei"),
        AtSeat(SeatRole::Opponent, "Sc6"),
        AtSeat(SeatRole::Opponent, "Remis anbieten"),
        Joins(SeatRole::Arbiter),
        AtSeat(SeatRole::Arbiter, "Prüfung"),
        Typed(12, "Lb5"),
    ];
    let [
        (line_said, line_journal, _),
        (screen_said, screen_journal, _),
    ] = both("script", None, &script);
    assert_eq!(line_said, screen_said);
    assert_eq!(line_journal, screen_journal);
    for expected in [
        "Eva vier",
        "Eva fünf",
        "Springer Felix drei",
        "Springer Cesar sechs",
        "Läufer Bella fünf",
    ] {
        assert!(
            line_said.iter().any(|t| t == expected),
            "{expected}: {line_said:#?}"
        );
    }
    assert!(
        line_said.iter().any(|t| t.contains("Remis")),
        "{line_said:#?}"
    );
    let moves = line_journal
        .iter()
        .filter(|(_, c)| matches!(c, crate::game::Command::Move(_)))
        .count();
    assert_eq!(
        moves, 6,
        "five moves and the refused Kxe9: {line_journal:?}"
    );
}

#[test]
fn leaving_while_the_search_runs_puts_its_ruling_in_the_pgn_on_both_views() {
    let fen = "kb6/bpp2p1p/2P5/1P6/8/8/5P1P/5K2 b - - 0 1";
    let script = [Step::Typed(1, "b6")];
    for (said, journal, path) in both("ruling", Some(fen), &script) {
        let pgn = std::fs::read_to_string(path.with_extension("pgn")).unwrap();
        assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
        assert!(said.iter().any(|t| t.contains("tote Stellung")), "{said:?}");
        assert!(
            journal
                .iter()
                .any(|(_, c)| matches!(c, crate::game::Command::CannotCheckmate { .. }))
        );
    }
}
