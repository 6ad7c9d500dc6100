//! The speech output: a thread that owns the voices and the sound device,
//! fed through a channel, plus the text feed that receives every
//! announcement as it is handed over.
//!
//! ```no_run
//! use zweibrett::notation::VoicePack;
//! use zweibrett::speech::{Announce, Priority, SpeechOutput, SpeechSettings, Utterance};
//!
//! let (speech, text) = SpeechOutput::start(SpeechSettings::default(), &VoicePack::fide());
//! speech.announce(Utterance::new("Springer Gustav eins Felix drei", Priority::Move));
//! for utterance in text.try_iter() {
//!     println!("{}", utterance.text); // the UI log, or plain mode's stdout
//! }
//! ```

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::audio::{AudioError, Player};
use super::clips::ClipVoice;
use super::queue::{Scheduler, Sink};
use super::settings::{Backend, SpeechSettings};
use super::system::SystemVoice;
use super::wav::Sound;
use super::{Announce, Earcon, Utterance, earcon};
use crate::notation::VoicePack;

/// Which voice is speaking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActiveVoice {
    /// The system engine is being connected or set up; the built-in voice
    /// speaks meanwhile.
    Starting,
    /// The system engine, by name.
    System(String),
    /// The built-in clip voice; why the system engine is not speaking, when
    /// it was asked for.
    Builtin(Option<String>),
    /// Nothing sounds; the reason is given.
    Silent(String),
}

enum Command {
    /// An utterance and the instant it was handed over.
    Say(Utterance, Instant),
    /// Answer at once with how long what remains should take to say, then
    /// again once nothing is said and nothing waits.
    Flush(Sender<Progress>),
    Monitor(Sender<Instant>),
}

/// What the speech thread answers a flush with.
enum Progress {
    /// What remains to be said should take about this long.
    Remaining(Duration),
    /// Nothing is said and nothing waits.
    Quiet,
}

/// Time allowed beyond the length of what remains to be said: the voice
/// may start late, and a system engine's speaking rate is only estimated.
const FINISH_MARGIN: Duration = Duration::from_secs(2);

/// The speech output; announcing never waits. Dropping it stops the speech
/// thread after what is being played has left the device.
pub struct SpeechOutput {
    commands: Sender<Command>,
    text: Sender<Utterance>,
    active: Arc<Mutex<ActiveVoice>>,
    done: Receiver<()>,
}

/// Every announcement as text, in the order it was handed over; the UI log
/// and plain mode's stdout read it.
pub struct TextFeed {
    receiver: Receiver<Utterance>,
}

impl TextFeed {
    /// The announcements that have arrived, without waiting.
    pub fn try_iter(&self) -> impl Iterator<Item = Utterance> + '_ {
        self.receiver.try_iter()
    }

    /// The next announcement, waiting at most `timeout`.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Utterance> {
        self.receiver.recv_timeout(timeout).ok()
    }
}

impl SpeechOutput {
    /// Starts the speech thread with these settings, speaking the words of
    /// `pack`. Returns at once: the system engine is connected on the
    /// thread, and the built-in voice takes over if it does not answer.
    pub fn start(settings: SpeechSettings, pack: &VoicePack) -> (SpeechOutput, TextFeed) {
        let (commands, command_rx) = mpsc::channel();
        let (text, receiver) = mpsc::channel();
        let (done_tx, done) = mpsc::channel();
        let active = Arc::new(Mutex::new(ActiveVoice::Starting));
        let thread_active = Arc::clone(&active);
        let pack = Arc::new(pack.clone());
        let spawned = std::thread::Builder::new()
            .name("zweibrett-speech".into())
            .spawn(move || {
                run(settings, &pack, command_rx, &thread_active);
                let _ = done_tx.send(());
            });
        if let Err(e) = spawned {
            *lock(&active) = ActiveVoice::Silent(format!("no speech thread: {e}"));
        }
        (
            SpeechOutput {
                commands,
                text,
                active,
                done,
            },
            TextFeed { receiver },
        )
    }

    /// Which voice speaks now.
    pub fn active_voice(&self) -> ActiveVoice {
        lock(&self.active).clone()
    }

    /// Waits until the voice is settled (the system engine set up, or given
    /// up for the built-in voice), at most `timeout`; returns the voice.
    /// Announcing need not wait for this: meanwhile the built-in voice
    /// speaks.
    pub fn wait_until_ready(&self, timeout: Duration) -> ActiveVoice {
        let deadline = Instant::now() + timeout;
        loop {
            let active = self.active_voice();
            if active != ActiveVoice::Starting || Instant::now() >= deadline {
                return active;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until everything announced so far has been said (or dropped),
    /// at most `timeout`; false if it took longer.
    pub fn wait_until_quiet(&self, timeout: Duration) -> bool {
        let (tx, rx) = mpsc::channel();
        if self.commands.send(Command::Flush(tx)).is_err() {
            return false;
        }
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(Progress::Quiet) => return true,
                Ok(Progress::Remaining(_)) => {}
                Err(_) => return false,
            }
        }
    }

    /// Lets what has been announced be said before the program ends, and
    /// waits no longer than that needs: not at all when nothing sounds
    /// (speech switched off, or no sound device), otherwise until nothing
    /// is said and nothing waits, at most the length of the utterances
    /// still to say plus a margin, and never more than `max`. True when
    /// everything was said.
    pub fn finish(&self, max: Duration) -> bool {
        let started = Instant::now();
        let (tx, rx) = mpsc::channel();
        if self.commands.send(Command::Flush(tx)).is_err() {
            return true;
        }
        match rx.recv_timeout(max) {
            Ok(Progress::Quiet) => true,
            Ok(Progress::Remaining(left)) => {
                let bound = (left + FINISH_MARGIN).min(max.saturating_sub(started.elapsed()));
                matches!(rx.recv_timeout(bound), Ok(Progress::Quiet))
            }
            Err(_) => false,
        }
    }

    /// The instant the first sample of each following sound is handed to
    /// the device, for measuring latency.
    pub fn audio_starts(&self) -> Receiver<Instant> {
        let (tx, rx) = mpsc::channel();
        let _ = self.commands.send(Command::Monitor(tx));
        rx
    }
}

impl Announce for SpeechOutput {
    fn announce(&self, utterance: Utterance) {
        let _ = self.text.send(utterance.clone());
        // The instant of hand-over, not of arrival on the speech thread:
        // the lines of one reply stay together even while it is busy.
        let _ = self.commands.send(Command::Say(utterance, Instant::now()));
    }
}

impl Drop for SpeechOutput {
    fn drop(&mut self) {
        // Closing the channel ends the thread; give it a moment to close
        // the device cleanly, but never hang on it.
        let (closed, _) = mpsc::channel();
        self.commands = closed;
        let _ = self.done.recv_timeout(Duration::from_secs(2));
    }
}

/// The voice in use, as the scheduler's sink.
enum Voice {
    Silent,
    Builtin {
        clips: ClipVoice,
        player: Player,
        settings: SpeechSettings,
    },
    System {
        engine: SystemVoice,
        /// For earcons, and for the built-in voice while the engine is
        /// being set up, when a sound device is there.
        player: Option<Player>,
        clips: ClipVoice,
        settings: SpeechSettings,
        /// Text to say once the earcon has played.
        after_earcon: Option<String>,
        /// The pack, whose `[pronounce]` table the engine reads by.
        pack: Arc<VoicePack>,
    },
}

impl Voice {
    fn builtin(settings: &SpeechSettings, pack: &VoicePack) -> Result<Voice, AudioError> {
        let player = Player::open()?;
        Ok(Voice::Builtin {
            clips: clip_voice(pack),
            player,
            settings: settings.clone(),
        })
    }

    fn failed(&mut self) -> bool {
        match self {
            Voice::System { engine, .. } => engine.failed(),
            _ => false,
        }
    }

    fn rest(&mut self) {
        match self {
            Voice::Builtin { player, .. }
            | Voice::System {
                player: Some(player),
                ..
            } => player.rest(),
            _ => {}
        }
    }

    /// About how long saying `utterance` takes in this voice.
    fn length(&self, utterance: &Utterance) -> Duration {
        match self {
            Voice::Silent => Duration::ZERO,
            Voice::Builtin {
                clips, settings, ..
            } => render(utterance, clips, settings, 16_000).duration(),
            // A system engine says roughly twelve characters a second; the
            // earcon takes under half a second.
            Voice::System { .. } => {
                Duration::from_millis(500 + 80 * utterance.text.chars().count() as u64)
            }
        }
    }

    fn set_monitor(&mut self, monitor: Sender<Instant>) {
        match self {
            Voice::Builtin { player, .. }
            | Voice::System {
                player: Some(player),
                ..
            } => player.set_monitor(monitor),
            _ => {}
        }
    }
}

/// The sound of an utterance in the built-in voice: earcon, pause, words.
pub fn render(
    utterance: &Utterance,
    clips: &ClipVoice,
    settings: &SpeechSettings,
    rate: u32,
) -> Sound {
    let words = clips
        .render_at(
            &utterance.text,
            settings.word_gap(),
            settings.builtin_speed(),
        )
        .sound;
    let mut samples = match utterance.earcon.filter(|_| settings.earcons) {
        Some(e) if !words.samples.is_empty() => {
            let mut s = earcon::sound(e, words.rate).samples;
            s.resize(s.len() + words.rate as usize / 10, 0.0);
            s
        }
        Some(e) => earcon::sound(e, words.rate).samples,
        None => Vec::new(),
    };
    samples.extend_from_slice(&words.samples);
    Sound {
        rate: words.rate,
        samples,
    }
    .resampled(rate)
}

impl Sink for Voice {
    fn start(&mut self, utterance: &Utterance) {
        match self {
            Voice::Silent => {}
            Voice::Builtin {
                clips,
                player,
                settings,
            } => {
                // Rendered at the device's rate, so the callback only copies.
                let sound = render(utterance, clips, settings, player.rate());
                player.play(&sound, settings.gain());
            }
            Voice::System {
                engine,
                player: Some(player),
                clips,
                settings,
                after_earcon,
                ..
            } if !engine.ready() => {
                // Speaking at once in the built-in voice beats waiting for
                // the engine to list its voices.
                *after_earcon = None;
                let sound = render(utterance, clips, settings, player.rate());
                player.play(&sound, settings.gain());
            }
            Voice::System {
                engine,
                player,
                settings,
                after_earcon,
                pack,
                ..
            } => {
                *after_earcon = None;
                match (utterance.earcon.filter(|_| settings.earcons), player) {
                    (Some(e), Some(player)) => {
                        engine.stop();
                        let tone = earcon::sound(e, player.rate());
                        player.play(&tone, settings.gain());
                        *after_earcon = Some(utterance.text.clone());
                    }
                    _ => engine.speak(&pack.pronounced(&utterance.text)),
                }
            }
        }
    }

    fn stop(&mut self) {
        match self {
            Voice::Silent => {}
            Voice::Builtin { player, .. } => player.stop(),
            Voice::System {
                engine,
                player,
                after_earcon,
                ..
            } => {
                *after_earcon = None;
                if let Some(player) = player {
                    player.stop();
                }
                engine.stop();
            }
        }
    }

    fn busy(&mut self) -> bool {
        match self {
            Voice::Silent => false,
            Voice::Builtin { player, .. } => player.is_playing(),
            Voice::System {
                engine,
                player,
                after_earcon,
                pack,
                ..
            } => {
                if player.as_ref().is_some_and(Player::is_playing) {
                    return true;
                }
                if let Some(text) = after_earcon.take()
                    && !text.trim().is_empty()
                {
                    engine.speak(&pack.pronounced(&text));
                }
                engine.busy()
            }
        }
    }
}

/// The speech thread.
fn run(
    settings: SpeechSettings,
    pack: &Arc<VoicePack>,
    commands: Receiver<Command>,
    active: &Mutex<ActiveVoice>,
) {
    let mut voice = open_voice(&settings, pack, active);
    if let Voice::System { .. } = voice {
        *lock(active) = ActiveVoice::Starting;
    }
    let mut scheduler = Scheduler::new(settings.routine_max_age());
    let mut waiting: Vec<Sender<Progress>> = Vec::new();
    loop {
        // Poll often while something plays, to start the next at once.
        let settling = matches!(&voice, Voice::System { engine, .. } if !engine.ready());
        let wait = if !scheduler.is_idle() {
            Duration::from_millis(5)
        } else if settling {
            Duration::from_millis(50)
        } else {
            Duration::from_secs(1)
        };
        match commands.recv_timeout(wait) {
            Ok(Command::Say(utterance, at)) => scheduler.offer(utterance, at, &mut voice),
            Ok(Command::Flush(tx)) => {
                let left = scheduler
                    .speaking()
                    .into_iter()
                    .chain(scheduler.pending())
                    .map(|u| voice.length(u))
                    .sum();
                let _ = tx.send(Progress::Remaining(left));
                waiting.push(tx);
            }
            Ok(Command::Monitor(tx)) => voice.set_monitor(tx),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => break,
        }
        if voice.failed() {
            let reason = "the system speech engine stopped answering".to_string();
            // Close the sound device before opening it again.
            drop(std::mem::replace(&mut voice, Voice::Silent));
            voice = fallback(&settings, pack, reason, active);
            scheduler.restart(&mut voice);
        }
        scheduler.tick(Instant::now(), &mut voice);
        if let Voice::System { engine, .. } = &voice {
            *lock(active) = if engine.ready() {
                ActiveVoice::System(engine.name())
            } else {
                ActiveVoice::Starting
            };
        }
        if scheduler.is_idle() {
            voice.rest();
            for tx in waiting.drain(..) {
                let _ = tx.send(Progress::Quiet);
            }
        }
    }
    // Let the last words finish before the device closes.
    let deadline = Instant::now() + Duration::from_millis(1500);
    while voice.busy() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn open_voice(
    settings: &SpeechSettings,
    pack: &Arc<VoicePack>,
    active: &Mutex<ActiveVoice>,
) -> Voice {
    match settings.backend {
        Backend::None => {
            *lock(active) = ActiveVoice::Silent("speech is switched off".into());
            Voice::Silent
        }
        Backend::Builtin => fallback(settings, pack, String::new(), active),
        Backend::System => match SystemVoice::connect(settings, &pack.language) {
            Ok(engine) => Voice::System {
                engine,
                player: Player::open().ok(),
                clips: clip_voice(pack),
                settings: settings.clone(),
                after_earcon: None,
                pack: Arc::clone(pack),
            },
            Err(reason) => fallback(settings, pack, reason.to_string(), active),
        },
    }
}

/// The built-in voice, or silence when there is no sound device.
fn fallback(
    settings: &SpeechSettings,
    pack: &VoicePack,
    reason: String,
    active: &Mutex<ActiveVoice>,
) -> Voice {
    match Voice::builtin(settings, pack) {
        Ok(voice) => {
            *lock(active) = ActiveVoice::Builtin((!reason.is_empty()).then_some(reason));
            voice
        }
        Err(e) => {
            let why = if reason.is_empty() {
                e.to_string()
            } else {
                format!("{reason}; {e}")
            };
            *lock(active) = ActiveVoice::Silent(why);
            Voice::Silent
        }
    }
}

/// The built-in voice for a pack. The words it has no clip for are said
/// on stderr, once: it leaves them out.
fn clip_voice(pack: &VoicePack) -> ClipVoice {
    let clips = ClipVoice::for_pack(pack);
    static TOLD: std::sync::Once = std::sync::Once::new();
    let missing = clips.missing_words(pack);
    if !missing.is_empty() {
        TOLD.call_once(|| eprintln!("note: {}", missing_note(pack, &missing)));
    }
    clips
}

/// What is said of the words of a pack the built-in voice has no clip for.
pub fn missing_note(pack: &VoicePack, missing: &[String]) -> String {
    let quoted: Vec<String> = missing.iter().map(|w| format!("\"{w}\"")).collect();
    format!(
        "the built-in voice leaves out {} of {} that it has no recording of: {}",
        match missing.len() {
            1 => "1 word".to_string(),
            n => format!("{n} words"),
        },
        pack.source_name(),
        quoted.join(", ")
    )
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The earcon for a name given on the command line.
pub fn earcon_named(name: &str) -> Option<Earcon> {
    Earcon::ALL.into_iter().find(|e| e.name() == name)
}
