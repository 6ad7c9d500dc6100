//! The sound device: plays one rendered sound at a time through `cpal`.
//!
//! The output stream is opened at start-up, so that a device that fails
//! fails then, and started by the first sound. Between sounds it plays
//! silence; once a sound has left the device's buffer and nothing has
//! been played for [`IDLE`], the stream is closed, and it is opened again
//! by the next sound. A device that takes samples faster than it plays
//! them (ALSA's `null` and `file` plugins: no sound card behind them)
//! has its stream closed as soon as the sound is over, since its stream
//! would take a whole core while open, paused or not. A stream is never
//! paused: some devices cannot pause, and some that claim to keep
//! polling while paused.
//!
//! Nothing on the way to the first sample waits: a new sound replaces the
//! one playing within one callback, and one that interrupts another does
//! not wait for the other to leave the device. The audio callback never
//! waits either: it only tries the lock and plays silence when it cannot
//! have it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample, StreamConfig};

use super::nudge::Nudge;
use super::wav::{Sound, interpolate};

/// How long an open stream is kept with nothing to play: sounds that
/// follow one another closely (a move, its repetition, the answers of
/// someone stepping through a game) find it open.
pub const IDLE: Duration = Duration::from_secs(3);

/// The least silence handed to the device after a sound before it counts
/// as played out: more than its buffer holds (cpal asks ALSA for two
/// periods), so that the sound's last samples have been heard.
const TAIL: Duration = Duration::from_millis(200);

/// How long a device that stopped calling back is waited for after a
/// sound, before its stream is closed anyway.
const STALLED: Duration = Duration::from_secs(1);

/// Why the sound device cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AudioError {
    /// No output device at all.
    #[error("no sound output device")]
    NoDevice,
    /// The device refused a stream.
    #[error("the sound device refused to play: {0}")]
    Device(String),
}

impl AudioError {
    /// The fault in the words of `pack`; the sound system's own words,
    /// where it gives any, in brackets.
    pub fn say(&self, pack: &crate::notation::VoicePack) -> String {
        use crate::notation::pack::DoctorSentence as D;
        let words = pack.doctor_sentences();
        match self {
            AudioError::NoDevice => words.say(D::SoundNoDevice, &[]),
            AudioError::Device(why) => words.say(D::SoundRefused, &[("why", why)]),
        }
    }
}

/// What the callback plays.
#[derive(Default)]
struct Track {
    samples: Arc<Vec<f32>>,
    /// Position in `samples`, fractional: the track's rate differs from the
    /// device's.
    pos: f64,
    /// How far `pos` moves per device frame.
    step: f64,
    gain: f32,
    /// Whether the first sample has yet to be handed to the device.
    fresh: bool,
    /// Told the instant the first sample of each track is handed over.
    monitor: Option<Sender<Instant>>,
    /// How the device has taken the silence after the sound.
    after: PlayOut,
    /// The most frames the device has asked for at once.
    period: usize,
    /// Rung when the sound has been handed over, and again when it has
    /// been played out.
    nudge: Option<Nudge>,
}

/// The silence handed to the device since the sound ended, which tells
/// when the sound has been heard and whether the device plays in real
/// time.
#[derive(Clone, Copy, Default)]
struct PlayOut {
    /// Frames of silence handed over.
    frames: usize,
    /// When the first of them was.
    since: Option<Instant>,
    /// When there were enough for the sound to have left the buffer.
    done: Option<Instant>,
    /// Whether the device took them much faster than it could play
    /// them: it has no sound card behind it.
    unpaced: bool,
}

impl Track {
    /// Notes `frames` of silence handed to a device of `rate` after the
    /// sound.
    fn note_silence(&mut self, frames: usize, rate: u32) {
        let now = Instant::now();
        let tail = tail_frames(rate, self.period);
        let after = &mut self.after;
        let since = *after.since.get_or_insert(now);
        after.frames = after.frames.saturating_add(frames);
        if after.done.is_none() && after.frames >= tail {
            after.done = Some(now);
            // A device in real time takes the tail in three quarters of
            // its length at least: the buffer holds under a quarter.
            let took = now.saturating_duration_since(since).as_secs_f64();
            after.unpaced = took * 4.0 < tail as f64 / f64::from(rate.max(1));
            if let Some(nudge) = &self.nudge {
                nudge.ring();
            }
        }
    }
}

/// The frames of silence that play a sound out: [`TAIL`], and at least
/// four of the device's periods.
fn tail_frames(rate: u32, period: usize) -> usize {
    let tail = (TAIL.as_secs_f64() * f64::from(rate)) as usize;
    tail.max(period.saturating_mul(4))
}

struct Shared {
    track: Mutex<Track>,
    playing: AtomicBool,
    /// The stream reported an error; it is opened anew for the next sound.
    broken: AtomicBool,
    /// Told, without waiting, when a sound has been played out: closing
    /// the device waits for it.
    played_out: SyncSender<()>,
}

/// The sound output.
pub struct Player {
    device: cpal::Device,
    config: StreamConfig,
    format: SampleFormat,
    stream: Option<cpal::Stream>,
    /// Whether the stream has been started: one opened and not started
    /// does not call back, and costs nothing.
    started: bool,
    shared: Arc<Shared>,
    /// When the speech thread first found the last sound over.
    ended: Option<Instant>,
    /// When the sound playing must have ended: a device that stops calling
    /// back (unplugged headphones) must not keep the voice busy for ever.
    deadline: Option<Instant>,
    /// Hears when a sound has been played out.
    heard: Receiver<()>,
}

/// Where the stream stands after a sound, as the speech thread sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rest {
    /// A sound is playing, or no stream is running.
    Nothing,
    /// The sound's end is still in the device's buffer.
    PlayingOut,
    /// Heard; the stream waits for the next sound until `IDLE` is over.
    Idle(Instant),
    /// To be closed now.
    Close,
}

impl Player {
    /// Opens the default output device, ready to play.
    pub fn open() -> Result<Player, AudioError> {
        #[cfg(target_os = "linux")]
        super::alsa_quiet::on_this_thread();
        let host = cpal::default_host();
        let device = host.default_output_device().ok_or(AudioError::NoDevice)?;
        let supported = device
            .default_output_config()
            .map_err(|e| AudioError::Device(e.to_string()))?;
        let (played_out, heard) = mpsc::sync_channel(1);
        let mut player = Player {
            device,
            config: supported.config(),
            format: supported.sample_format(),
            stream: None,
            started: false,
            shared: Arc::new(Shared {
                track: Mutex::new(Track::default()),
                playing: AtomicBool::new(false),
                broken: AtomicBool::new(false),
                played_out,
            }),
            ended: None,
            deadline: None,
            heard,
        };
        // Open the stream now: a device that fails, fails here, at start-up.
        player.stream = Some(player.build()?);
        Ok(player)
    }

    /// The device's sample rate.
    pub fn rate(&self) -> u32 {
        self.config.sample_rate
    }

    /// Starts playing a sound at a gain, replacing what plays.
    pub fn play(&mut self, sound: &Sound, gain: f32) {
        let stuck = self.shared.playing.load(Ordering::Acquire) && self.overdue();
        if stuck || self.shared.broken.swap(false, Ordering::AcqRel) {
            self.close();
        }
        self.deadline = Some(Instant::now() + sound.duration() + Duration::from_secs(1));
        self.ended = None;
        // What was heard of an earlier sound says nothing of this one.
        while self.heard.try_recv().is_ok() {}
        {
            let mut track = lock(&self.shared.track);
            track.samples = Arc::new(sound.samples.clone());
            track.pos = 0.0;
            track.step = f64::from(sound.rate) / f64::from(self.config.sample_rate);
            track.gain = gain;
            track.fresh = true;
            track.after = PlayOut::default();
        }
        self.shared
            .playing
            .store(!sound.samples.is_empty(), Ordering::Release);
        if self.stream.is_none() {
            self.stream = self.build().ok();
        }
        if let Some(stream) = &self.stream {
            if stream.play().is_err() {
                self.close();
                self.shared.playing.store(false, Ordering::Release);
            } else {
                self.started = true;
            }
        }
    }

    /// Stops at once: the device plays silence from its next callback, and
    /// the next sound starts without waiting for it.
    pub fn stop(&mut self) {
        self.shared.playing.store(false, Ordering::Release);
    }

    /// Whether a sound is still being handed to the device.
    pub fn is_playing(&self) -> bool {
        self.shared.playing.load(Ordering::Acquire) && !self.overdue()
    }

    fn overdue(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() > d)
    }

    /// Called while nothing is to be played: closes the stream once the
    /// last sound has been heard and the device has been idle for
    /// [`IDLE`], or at once on a device with no sound card behind it.
    pub fn rest(&mut self) {
        if self.where_resting(Instant::now()) == Rest::Close {
            self.close();
        }
    }

    /// When [`Player::rest`] wants to be called, if nothing rings before:
    /// when a device that stopped calling back is given up, or when an
    /// idle stream is closed; `None` when the stream is closed or a sound
    /// plays. The end of the play-out rings the nudge.
    pub fn rest_due(&self) -> Option<Instant> {
        let now = Instant::now();
        match self.peek_resting(now) {
            Rest::Nothing => None,
            Rest::PlayingOut => Some(self.ended.unwrap_or(now) + STALLED),
            Rest::Close => Some(now),
            Rest::Idle(until) => Some(until),
        }
    }

    /// When the sound playing must have been handed over at the latest,
    /// while one plays: the end of a sound rings the nudge, a device that
    /// stopped calling back does not.
    pub fn due(&self) -> Option<Instant> {
        self.shared
            .playing
            .load(Ordering::Acquire)
            .then_some(self.deadline)
            .flatten()
    }

    /// Rings `nudge` when a sound has been handed over to the device and
    /// when it has been played out.
    pub(super) fn nudge_with(&mut self, nudge: Nudge) {
        lock(&self.shared.track).nudge = Some(nudge);
    }

    /// Where the stream stands, noting when the sound was first found over.
    fn where_resting(&mut self, now: Instant) -> Rest {
        if self.started && !self.is_playing() {
            self.ended.get_or_insert(now);
        }
        self.peek_resting(now)
    }

    fn peek_resting(&self, now: Instant) -> Rest {
        if self.stream.is_none() || !self.started || self.is_playing() {
            return Rest::Nothing;
        }
        if self.shared.broken.load(Ordering::Acquire) {
            return Rest::Close;
        }
        let after = lock(&self.shared.track).after;
        after_sound(after, self.ended.unwrap_or(now), now)
    }

    /// Closes the stream; the next sound opens it again.
    fn close(&mut self) {
        self.stream = None;
        self.started = false;
    }

    /// Sends the instant each sound's first sample is handed to the device.
    pub fn set_monitor(&mut self, monitor: Sender<Instant>) {
        lock(&self.shared.track).monitor = Some(monitor);
    }

    fn build(&self) -> Result<cpal::Stream, AudioError> {
        match self.format {
            SampleFormat::F32 => self.build_typed::<f32>(),
            SampleFormat::F64 => self.build_typed::<f64>(),
            SampleFormat::I16 => self.build_typed::<i16>(),
            SampleFormat::I32 => self.build_typed::<i32>(),
            SampleFormat::U16 => self.build_typed::<u16>(),
            SampleFormat::U8 => self.build_typed::<u8>(),
            other => Err(AudioError::Device(format!("unsupported format {other:?}"))),
        }
    }

    fn build_typed<T: SizedSample + FromSample<f32>>(&self) -> Result<cpal::Stream, AudioError> {
        let shared = Arc::clone(&self.shared);
        let on_error = Arc::clone(&self.shared);
        let channels = usize::from(self.config.channels.max(1));
        let rate = self.config.sample_rate;
        let stream = self
            .device
            .build_output_stream(
                self.config,
                move |data: &mut [T], _| {
                    // The device's own thread.
                    #[cfg(target_os = "linux")]
                    super::alsa_quiet::on_this_thread();
                    fill(&shared, data, channels, rate)
                },
                // Only note it: the callback thread must not wait.
                move |_| on_error.broken.store(true, Ordering::Release),
                None,
            )
            .map_err(|e| AudioError::Device(e.to_string()))?;
        Ok(stream)
    }
}

impl Drop for Player {
    /// Lets the last sound leave the device before its stream closes, at
    /// most [`STALLED`].
    fn drop(&mut self) {
        let until = Instant::now() + STALLED + TAIL;
        while self.where_resting(Instant::now()) == Rest::PlayingOut {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() || self.heard.recv_timeout(left).is_err() {
                break;
            }
        }
    }
}

/// Where a running stream stands at `now`, its sound over since `ended`
/// and the silence after it handed over as `after` says.
fn after_sound(after: PlayOut, ended: Instant, now: Instant) -> Rest {
    match after.done {
        Some(_) if after.unpaced => Rest::Close,
        Some(_) => {
            let until = ended + IDLE;
            if now >= until {
                Rest::Close
            } else {
                Rest::Idle(until)
            }
        }
        // The device stopped calling back: nothing more will be heard.
        None if now.saturating_duration_since(ended) >= STALLED => Rest::Close,
        None => Rest::PlayingOut,
    }
}

/// The audio callback: the next frames of the track, or silence.
fn fill<T: SizedSample + FromSample<f32>>(
    shared: &Shared,
    data: &mut [T],
    channels: usize,
    rate: u32,
) {
    let silence = T::from_sample(0.0f32);
    let Ok(mut track) = shared.track.try_lock() else {
        data.fill(silence);
        return;
    };
    let frames = data.len() / channels;
    track.period = track.period.max(frames);
    if !shared.playing.load(Ordering::Acquire) {
        data.fill(silence);
        let before = track.after.done;
        track.note_silence(frames, rate);
        if before.is_none() && track.after.done.is_some() {
            let _ = shared.played_out.try_send(());
        }
        return;
    }
    let len = track.samples.len() as f64;
    for frame in data.chunks_mut(channels) {
        let value = if track.pos < len {
            let v = interpolate(&track.samples, track.pos) * track.gain;
            track.pos += track.step;
            v
        } else {
            0.0
        };
        frame.fill(T::from_sample(value));
    }
    if track.fresh {
        track.fresh = false;
        if let Some(monitor) = &track.monitor {
            let _ = monitor.send(Instant::now());
        }
    }
    if track.pos >= len {
        shared.playing.store(false, Ordering::Release);
        if let Some(nudge) = &track.nudge {
            nudge.ring();
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands silence to a track as a device would: `frames` at a time,
    /// `pause` apart, until it is played out.
    fn play_out(rate: u32, frames: usize, pause: Duration) -> PlayOut {
        let mut track = Track::default();
        while track.after.done.is_none() {
            track.period = track.period.max(frames);
            track.note_silence(frames, rate);
            std::thread::sleep(pause);
        }
        track.after
    }

    #[test]
    fn a_device_in_real_time_plays_the_tail_out() {
        // 10 ms periods at 16 kHz, one each 10 ms: a sound card.
        let after = play_out(16_000, 160, Duration::from_millis(10));
        assert!(!after.unpaced);
        assert!(after.frames >= tail_frames(16_000, 160));
        let took = after.done.unwrap() - after.since.unwrap();
        assert!(took >= Duration::from_millis(150), "{took:?}");
    }

    #[test]
    fn a_device_without_a_card_is_found_out_at_once() {
        // The same periods taken as fast as they come: ALSA's null device.
        let after = play_out(16_000, 160, Duration::ZERO);
        assert!(after.unpaced);
    }

    #[test]
    fn a_stream_is_kept_for_the_next_sound_then_closed() {
        let ended = Instant::now();
        let heard = play_out(16_000, 160, Duration::from_millis(10));
        let at = |ms: u64| ended + Duration::from_millis(ms);
        assert_eq!(
            after_sound(PlayOut::default(), ended, at(100)),
            Rest::PlayingOut
        );
        assert_eq!(after_sound(heard, ended, at(300)), Rest::Idle(ended + IDLE));
        assert_eq!(
            after_sound(heard, ended, at(2_999)),
            Rest::Idle(ended + IDLE)
        );
        assert_eq!(after_sound(heard, ended, at(3_000)), Rest::Close);
    }

    #[test]
    fn a_stream_without_a_card_is_closed_once_the_sound_is_over() {
        let ended = Instant::now();
        let heard = play_out(16_000, 160, Duration::ZERO);
        assert_eq!(after_sound(heard, ended, ended), Rest::Close);
    }

    #[test]
    fn a_device_that_stopped_calling_back_is_given_up() {
        let ended = Instant::now();
        let silent = PlayOut::default();
        assert_eq!(
            after_sound(silent, ended, ended + STALLED - Duration::from_millis(1)),
            Rest::PlayingOut
        );
        assert_eq!(after_sound(silent, ended, ended + STALLED), Rest::Close);
    }

    #[test]
    fn the_tail_outlasts_the_buffer() {
        // cpal's buffer is two periods; a long period lengthens the tail.
        assert_eq!(tail_frames(48_000, 256), 9_600);
        assert_eq!(tail_frames(48_000, 4_096), 16_384);
    }
}
