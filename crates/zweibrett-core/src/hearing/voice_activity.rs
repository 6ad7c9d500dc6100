//! Where an utterance starts and ends in a stream of 16 kHz samples, by
//! its loudness against the room's: so that a player need only speak, and
//! the answer can follow the end of speech at once.

/// Samples per frame: 10 ms at 16 kHz.
pub const FRAME: usize = 160;

/// The detector's settings, in frames of 10 ms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Loud frames in a row that start an utterance.
    pub start_frames: usize,
    /// Quiet frames in a row that end it: the pause after a phrase.
    pub end_frames: usize,
    /// Frames kept from before the start, so that a soft first sound is
    /// not cut off.
    pub lead_frames: usize,
    /// The longest utterance; a longer one is ended there.
    pub most_frames: usize,
    /// How many times louder than the room a frame must be (in energy).
    pub above_room: f64,
    /// The least loudness that can be speech (RMS on the i16 scale), so
    /// that a silent room does not make every click an utterance.
    pub least_rms: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            start_frames: 4,
            end_frames: 40,
            lead_frames: 25,
            most_frames: 800,
            above_room: 6.0,
            least_rms: 120.0,
        }
    }
}

/// What a frame did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Activity {
    /// Nothing is being said.
    Quiet,
    /// An utterance goes on.
    Speaking,
    /// An utterance ended with this frame: its samples, the lead in front.
    Ended(Vec<i16>),
}

/// The detector: feed it samples, it says when an utterance has ended.
#[derive(Clone, Debug)]
pub struct VoiceActivity {
    settings: Settings,
    /// The energies of the last frames: the room is the quietest of them,
    /// so that pauses between words keep it low and a steady fan raises it.
    recent: std::collections::VecDeque<f64>,
    /// Samples not yet a whole frame.
    partial: Vec<i16>,
    /// The last frames while quiet, kept as the lead.
    lead: std::collections::VecDeque<Vec<i16>>,
    loud_run: usize,
    quiet_run: usize,
    utterance: Option<Vec<i16>>,
}

/// Frames over which the room's loudness is the least: 2 s.
const ROOM_FRAMES: usize = 200;

fn energy(frame: &[i16]) -> f64 {
    frame
        .iter()
        .map(|&s| f64::from(s) * f64::from(s))
        .sum::<f64>()
        / frame.len() as f64
}

impl VoiceActivity {
    /// A detector that has heard nothing yet.
    pub fn new(settings: Settings) -> Self {
        VoiceActivity {
            settings,
            recent: std::collections::VecDeque::with_capacity(ROOM_FRAMES),
            partial: Vec::with_capacity(FRAME),
            lead: std::collections::VecDeque::new(),
            loud_run: 0,
            quiet_run: 0,
            utterance: None,
        }
    }

    /// Whether an utterance is going on.
    pub fn is_speaking(&self) -> bool {
        self.utterance.is_some()
    }

    /// The utterance going on, as far as it has come, its lead in front:
    /// what a recogniser can hear while the speaker still speaks. The
    /// utterance when it ends begins with these samples.
    pub fn so_far(&self) -> Option<&[i16]> {
        self.utterance.as_deref()
    }

    /// Takes `samples`; returns each utterance that ended within them.
    pub fn feed(&mut self, samples: &[i16]) -> Vec<Vec<i16>> {
        let mut ended = Vec::new();
        for &s in samples {
            self.partial.push(s);
            if self.partial.len() == FRAME {
                let frame = std::mem::replace(&mut self.partial, Vec::with_capacity(FRAME));
                if let Activity::Ended(u) = self.frame(frame) {
                    ended.push(u);
                }
            }
        }
        ended
    }

    /// Ends the utterance going on, if any (the input has ended, or the
    /// player pressed the key again).
    pub fn finish(&mut self) -> Option<Vec<i16>> {
        let mut utterance = self.utterance.take()?;
        utterance.append(&mut self.partial);
        self.loud_run = 0;
        self.quiet_run = 0;
        Some(utterance)
    }

    /// Takes `samples` heard while nobody listens (push to talk, the key
    /// up): they tell the room's loudness and fill the lead, but start no
    /// utterance. A player who starts to speak as the key goes down keeps
    /// the first word: the next [`VoiceActivity::feed`] starts the
    /// utterance with the lead that was overheard.
    pub fn overhear(&mut self, samples: &[i16]) {
        if self.utterance.is_some() {
            return;
        }
        for &s in samples {
            self.partial.push(s);
            if self.partial.len() == FRAME {
                let frame = std::mem::replace(&mut self.partial, Vec::with_capacity(FRAME));
                let loud = self.weigh(&frame);
                self.loud_run = if loud { self.loud_run + 1 } else { 0 };
                self.keep_lead(frame);
            }
        }
    }

    /// Whether `frame` is loud against the room, the room then learning
    /// of it.
    fn weigh(&mut self, frame: &[i16]) -> bool {
        let e = energy(frame);
        let least = self.settings.least_rms * self.settings.least_rms;
        let room = self.recent.iter().copied().fold(f64::INFINITY, f64::min);
        let room = if room.is_finite() {
            room
        } else {
            least / self.settings.above_room
        };
        let loud = e > least && e > room * self.settings.above_room;
        if self.recent.len() == ROOM_FRAMES {
            self.recent.pop_front();
        }
        self.recent.push_back(e.max(1.0));
        loud
    }

    /// Keeps `frame` as the newest of the lead.
    fn keep_lead(&mut self, frame: Vec<i16>) {
        self.lead.push_back(frame);
        while self.lead.len() > self.settings.lead_frames + self.settings.start_frames {
            self.lead.pop_front();
        }
    }

    fn frame(&mut self, frame: Vec<i16>) -> Activity {
        let loud = self.weigh(&frame);
        if let Some(utterance) = &mut self.utterance {
            utterance.extend_from_slice(&frame);
            self.quiet_run = if loud { 0 } else { self.quiet_run + 1 };
            let too_long = utterance.len() >= self.settings.most_frames * FRAME;
            if self.quiet_run >= self.settings.end_frames || too_long {
                let done = self.utterance.take().unwrap_or_default();
                self.quiet_run = 0;
                self.loud_run = 0;
                return Activity::Ended(done);
            }
            return Activity::Speaking;
        }
        self.loud_run = if loud { self.loud_run + 1 } else { 0 };
        self.keep_lead(frame);
        if self.loud_run >= self.settings.start_frames {
            let utterance: Vec<i16> = self.lead.drain(..).flatten().collect();
            self.utterance = Some(utterance);
            self.quiet_run = 0;
            return Activity::Speaking;
        }
        Activity::Quiet
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(ms: usize, amplitude: f64) -> Vec<i16> {
        (0..ms * 16)
            .map(|i| (amplitude * (i as f64 * 0.2).sin()) as i16)
            .collect()
    }

    #[test]
    fn a_word_between_silences_is_one_utterance_with_its_lead() {
        let mut vad = VoiceActivity::new(Settings::default());
        assert!(vad.feed(&tone(500, 20.0)).is_empty());
        assert!(vad.feed(&tone(700, 6000.0)).is_empty());
        assert!(vad.is_speaking());
        let ended = vad.feed(&tone(1000, 20.0));
        assert_eq!(ended.len(), 1);
        // 700 ms of speech, 250 ms of lead, 400 ms of the pause.
        let ms = ended[0].len() / 16;
        assert!((1250..=1450).contains(&ms), "{ms}");
        assert!(!vad.is_speaking());
    }

    #[test]
    fn what_is_overheard_starts_nothing_but_leads_what_follows() {
        let mut vad = VoiceActivity::new(Settings::default());
        vad.overhear(&tone(500, 20.0));
        // The first 100 ms of a word, said as the key goes down.
        vad.overhear(&tone(100, 6000.0));
        assert!(!vad.is_speaking());
        assert_eq!(vad.finish(), None);
        vad.feed(&tone(400, 6000.0));
        assert!(vad.is_speaking());
        let ended = vad.feed(&tone(1000, 20.0));
        assert_eq!(ended.len(), 1);
        // The word's first 100 ms are in the utterance, after the room's
        // quiet: 190 ms of lead, 500 ms of the word, 400 ms of the pause.
        let ms = ended[0].len() / 16;
        assert!((1050..=1150).contains(&ms), "{ms}");
        let first_loud = ended[0].iter().position(|s| s.abs() > 1000).unwrap() / 16;
        assert!((150..=200).contains(&first_loud), "{first_loud}");
    }

    #[test]
    fn a_click_is_not_speech() {
        let mut vad = VoiceActivity::new(Settings::default());
        vad.feed(&tone(300, 10.0));
        vad.feed(&tone(20, 9000.0));
        vad.feed(&tone(2000, 10.0));
        assert!(!vad.is_speaking());
        assert_eq!(vad.finish(), None);
    }

    #[test]
    fn a_loud_room_raises_the_bar() {
        let mut vad = VoiceActivity::new(Settings::default());
        // A fan comes on: heard for a moment, then it is the room, and
        // the same fan a little louder is not speech.
        vad.feed(&tone(3000, 1500.0));
        assert!(!vad.is_speaking());
        vad.feed(&tone(500, 2000.0));
        assert!(!vad.is_speaking());
        vad.feed(&tone(300, 9000.0));
        assert!(vad.is_speaking());
    }

    #[test]
    fn finishing_gives_what_was_said_so_far() {
        let mut vad = VoiceActivity::new(Settings::default());
        vad.feed(&tone(200, 10.0));
        vad.feed(&tone(300, 7000.0));
        let said = vad.finish().unwrap();
        assert!(said.len() >= 300 * 16);
        assert!(!vad.is_speaking());
    }
}
