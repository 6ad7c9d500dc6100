//! The sound device: plays one rendered sound at a time through `cpal`.
//!
//! The output stream is opened once and paused between sounds, so a new
//! announcement reaches the device within one callback; a device that
//! cannot pause has its stream closed instead and opened again when needed.
//! The audio callback never waits: it only tries the lock and plays silence
//! when it cannot have it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample, StreamConfig};

use super::wav::{Sound, interpolate};

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
}

struct Shared {
    track: Mutex<Track>,
    playing: AtomicBool,
    /// The stream reported an error; it is opened anew for the next sound.
    broken: AtomicBool,
}

/// The sound output.
pub struct Player {
    device: cpal::Device,
    config: StreamConfig,
    format: SampleFormat,
    stream: Option<cpal::Stream>,
    shared: Arc<Shared>,
    /// When the last sound ended, to let the device play out its buffer.
    ended: Option<Instant>,
    /// When the sound playing must have ended: a device that stops calling
    /// back (unplugged headphones) must not keep the voice busy for ever.
    deadline: Option<Instant>,
}

impl Player {
    /// Opens the default output device, ready to play.
    pub fn open() -> Result<Player, AudioError> {
        let host = cpal::default_host();
        let device = host.default_output_device().ok_or(AudioError::NoDevice)?;
        let supported = device
            .default_output_config()
            .map_err(|e| AudioError::Device(e.to_string()))?;
        let mut player = Player {
            device,
            config: supported.config(),
            format: supported.sample_format(),
            stream: None,
            shared: Arc::new(Shared {
                track: Mutex::new(Track::default()),
                playing: AtomicBool::new(false),
                broken: AtomicBool::new(false),
            }),
            ended: None,
            deadline: None,
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
            self.stream = None;
        }
        self.deadline = Some(Instant::now() + sound.duration() + Duration::from_secs(1));
        self.ended = None;
        {
            let mut track = lock(&self.shared.track);
            track.samples = Arc::new(sound.samples.clone());
            track.pos = 0.0;
            track.step = f64::from(sound.rate) / f64::from(self.config.sample_rate);
            track.gain = gain;
            track.fresh = true;
        }
        self.shared
            .playing
            .store(!sound.samples.is_empty(), Ordering::Release);
        if self.stream.is_none() {
            self.stream = self.build().ok();
        }
        if let Some(stream) = &self.stream
            && stream.play().is_err()
        {
            self.stream = None;
            self.shared.playing.store(false, Ordering::Release);
        }
    }

    /// Stops at once.
    pub fn stop(&mut self) {
        self.shared.playing.store(false, Ordering::Release);
        self.rest();
    }

    /// Whether a sound is still being handed to the device.
    pub fn is_playing(&self) -> bool {
        self.shared.playing.load(Ordering::Acquire) && !self.overdue()
    }

    fn overdue(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() > d)
    }

    /// Pauses the stream once the sound is over, so an idle program does
    /// not keep the device busy.
    pub fn rest(&mut self) {
        if self.is_playing() {
            return;
        }
        self.ended.get_or_insert_with(Instant::now);
        if let Some(stream) = &self.stream
            && stream.pause().is_err()
        {
            // The device cannot pause (ALSA's file and null plugins): close
            // the stream, once what was played has left its buffer.
            self.play_out();
            self.stream = None;
        }
    }

    /// Sends the instant each sound's first sample is handed to the device.
    pub fn set_monitor(&mut self, monitor: Sender<Instant>) {
        lock(&self.shared.track).monitor = Some(monitor);
    }

    /// Waits until the device has had time to play the end of the last
    /// sound from its buffer.
    fn play_out(&mut self) {
        const TAIL: Duration = Duration::from_millis(150);
        if let Some(ended) = self.ended.take() {
            let waited = ended.elapsed();
            if waited < TAIL {
                std::thread::sleep(TAIL - waited);
            }
        }
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
        let stream = self
            .device
            .build_output_stream(
                self.config,
                move |data: &mut [T], _| fill(&shared, data, channels),
                // Only note it: the callback thread must not wait.
                move |_| on_error.broken.store(true, Ordering::Release),
                None,
            )
            .map_err(|e| AudioError::Device(e.to_string()))?;
        Ok(stream)
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        if !self.is_playing() {
            self.ended.get_or_insert_with(Instant::now);
            self.play_out();
        }
    }
}

/// The audio callback: the next frames of the track, or silence.
fn fill<T: SizedSample + FromSample<f32>>(shared: &Shared, data: &mut [T], channels: usize) {
    let silence = T::from_sample(0.0f32);
    let track = match shared.track.try_lock() {
        Ok(track) if shared.playing.load(Ordering::Acquire) => Some(track),
        _ => None,
    };
    let Some(mut track) = track else {
        data.fill(silence);
        return;
    };
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
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
