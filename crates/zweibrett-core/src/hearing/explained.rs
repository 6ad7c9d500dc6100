//! Whether a guess accounts for all that was said. A recogniser bound to a
//! grammar can fit a short phrase to a long utterance by calling the rest
//! silence or noise ("Zeit" for "Bauer Felix zwei Felix drei", "Anna drei"
//! for "Läufer Anna drei" with its first word lost); the frames it gave to
//! silence are looked at, against the room's own floor, and speech found
//! there means the guess explains only part of the utterance.

use super::decision::{Guess, Heard};
use super::grammar::{Grammar, Said};
use super::voice_activity::FRAME;

/// The loudest frames' energy is taken at this share of the frames, so
/// that one click does not set the scale.
const LOUD_SHARE: f64 = 0.95;

/// Frames at the edge of a word that may still be that word: the
/// recogniser's boundaries are not exact.
const EDGE_FRAMES: usize = 3;

/// A run of this many frames above the room's floor is speech (30 ms):
/// shorter than any word.
const SPEECH_RUN: usize = 3;

/// A frame this many times louder (in energy) than the room's floor is
/// above it: 10 dB.
const ABOVE_FLOOR: f64 = 10.0;

/// A frame this many times quieter than the loud frames is no speech
/// whatever the floor (40 dB), so that the faintest breath in a dead-quiet
/// room is not taken for a word; a word damped by 30 dB still counts.
const BELOW_LOUD: f64 = 10_000.0;

/// The least energy of a speech frame on the 16-bit scale (RMS 30).
const LEAST_ENERGY: f64 = 900.0;

/// Whether `samples` hold speech where the words a shorter phrase lacks
/// would be said: before the first word (`before`), after the last
/// (`after`) or between words (`between`), the words lying at `words`
/// (frames, in order). Measured against the room's own floor (the
/// quietest fifth of the frames), so that noise alone is not speech and
/// a damped word is.
pub fn speech_where_missing(
    samples: &[i16],
    words: &[(usize, usize)],
    missing: super::grammar::Missing,
    loudness: Loudness,
) -> bool {
    let (Some(first), Some(last)) = (words.first(), words.last()) else {
        return false;
    };
    let speech = speech_frames(samples, words, loudness);
    let mut places: Vec<(usize, usize)> = Vec::new();
    if missing.before {
        places.push((0, first.0.saturating_sub(EDGE_FRAMES)));
    }
    if missing.after {
        places.push((last.1 + 1 + EDGE_FRAMES, speech.len()));
    }
    if missing.between {
        for pair in words.windows(2) {
            places.push((
                pair[0].1 + 1 + EDGE_FRAMES,
                pair[1].0.saturating_sub(EDGE_FRAMES),
            ));
        }
    }
    places.into_iter().any(|(from, to)| {
        let mut run = 0;
        speech
            .iter()
            .take(to.min(speech.len()))
            .skip(from)
            .any(|&loud| {
                run = if loud { run + 1 } else { 0 };
                run >= SPEECH_RUN
            })
    })
}

/// How loud a room and its speech are: what a frame must reach to be
/// speech, taken from the utterance as it was heard (before any quiet is
/// put around it for the recogniser).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Loudness {
    /// The least energy of a frame of speech: the room's floor (the
    /// quietest fifth of the frames) times [`ABOVE_FLOOR`], at most
    /// [`BELOW_LOUD`] under the loud frames, and at least [`LEAST_ENERGY`].
    speech: f64,
    /// How far the loud frames stand above the room's floor, in decibels.
    above_floor_db: f64,
}

/// A room whose floor comes within this many decibels of the loud frames
/// is noisy: the recogniser's scores are less sure there.
const NOISY_DB: f64 = 25.0;

impl Loudness {
    /// The loudness of the utterance `samples`.
    pub fn of(samples: &[i16]) -> Loudness {
        let mut sorted = energies(samples);
        if sorted.is_empty() {
            return Loudness {
                speech: f64::INFINITY,
                above_floor_db: 0.0,
            };
        }
        sorted.sort_by(f64::total_cmp);
        let floor = sorted[(sorted.len() - 1) / 5];
        let loud = sorted[((sorted.len() - 1) as f64 * LOUD_SHARE) as usize];
        Loudness {
            speech: (floor * ABOVE_FLOOR)
                .max(loud / BELOW_LOUD)
                .max(LEAST_ENERGY),
            above_floor_db: 10.0 * ((loud + 1.0) / (floor + 1.0)).log10(),
        }
    }

    /// Whether the room's own noise comes near the speech (within
    /// [`NOISY_DB`]).
    pub fn is_noisy(&self) -> bool {
        self.above_floor_db < NOISY_DB
    }
}

/// Each frame's energy (mean square, on the 16-bit scale).
fn energies(samples: &[i16]) -> Vec<f64> {
    samples
        .chunks(FRAME)
        .map(|f| f.iter().map(|&s| f64::from(s) * f64::from(s)).sum::<f64>() / f.len() as f64)
        .collect()
}

/// Which frames of `samples` hold speech at `loudness`. After the last
/// word only a new rise counts (6 dB over the quietest frame since), so
/// that a hall's echo of the last word is not taken for another word.
fn speech_frames(samples: &[i16], words: &[(usize, usize)], loudness: Loudness) -> Vec<bool> {
    let energies = energies(samples);
    let end = words.last().map_or(energies.len(), |w| w.1 + 1);
    let mut quietest = f64::INFINITY;
    energies
        .iter()
        .enumerate()
        .map(|(i, &e)| {
            if i < end {
                return e >= loudness.speech;
            }
            quietest = quietest.min(e);
            e >= loudness.speech && e >= quietest * 4.0
        })
        .collect()
}

/// How many frames of speech lie outside the words at `words` (first and
/// last frame of each, in order), the words' edges aside: what a guess
/// gave to silence or noise that was speech. A guess that drops a word
/// ("Anna drei" for "Läufer Anna drei") leaves that word's frames here.
pub fn speech_outside(samples: &[i16], words: &[(usize, usize)], loudness: Loudness) -> usize {
    if words.is_empty() {
        return 0;
    }
    speech_frames(samples, words, loudness)
        .iter()
        .enumerate()
        .filter(|&(i, &loud)| {
            loud && !words
                .iter()
                .any(|&(a, b)| i + EDGE_FRAMES >= a && i <= b + EDGE_FRAMES)
        })
        .count()
}

/// The least spread, in decibels, between the loud frames (the tenth
/// loudest) and the quiet ones (the tenth quietest) of an utterance that
/// holds speech: words rise and fall by syllables, steady noise does not.
/// Measured on the test corpora: speech in brown noise at 5 dB spreads
/// over 15 dB or more, noise alone under 7.
const SPEECH_SPREAD_DB: f64 = 10.0;

/// Whether `samples` rise and fall as speech does, rather than stay as
/// steady as a fan, a hum or a hall's murmur.
pub fn varies_like_speech(samples: &[i16]) -> bool {
    let mut levels: Vec<f64> = samples
        .chunks(FRAME)
        .filter(|f| f.len() == FRAME)
        .map(|f| {
            let energy = f.iter().map(|&s| f64::from(s) * f64::from(s)).sum::<f64>() / FRAME as f64;
            10.0 * (energy + 1.0).log10()
        })
        .collect();
    if levels.len() < 10 {
        return false;
    }
    levels.sort_by(f64::total_cmp);
    let at = |share: f64| levels[((levels.len() - 1) as f64 * share) as usize];
    at(0.9) - at(0.1) >= SPEECH_SPREAD_DB
}

/// The shortest and longest pitch period looked for, in samples at 8 kHz:
/// 400 Hz down to 70 Hz, every voice a player speaks in.
const SHORTEST_PERIOD: usize = 20;
const LONGEST_PERIOD: usize = 114;
/// The window a frame's pitch is looked for in, at 8 kHz: 30 ms.
const PITCH_WINDOW: usize = 240;
/// How alike a window and itself one period on must be for the frame to
/// be voiced (normalised correlation).
const VOICED_LIKENESS: f64 = 0.5;
/// Frames more than this below the loudest (in energy) are not looked at:
/// the quiet between words.
const VOICED_BELOW_LOUDEST: f64 = 1_000.0;
/// The fewest voiced frames (10 ms) in an utterance that holds a word:
/// every move, command and answer has a vowel; a cough, a click, a chair
/// scraping or a fan has none.
pub const LEAST_VOICED_FRAMES: usize = 6;

/// How many frames (10 ms) of `samples` are voiced: the sound repeats
/// itself at a pitch between 70 and 400 Hz, as a vowel does and noise
/// does not. The sound is differenced first, which turns the rumble of
/// brown noise, itself alike at every short lag, into noise that is not.
pub fn voiced_frames(samples: &[i16]) -> usize {
    voiced_up_to(samples, usize::MAX)
}

/// Whether at least `enough` frames of `samples` are voiced (see
/// [`voiced_frames`]), looked for loudest first and no further.
pub fn voiced_at_least(samples: &[i16], enough: usize) -> bool {
    voiced_up_to(samples, enough) >= enough
}

/// [`voiced_frames`], counting no further than `enough`, the loudest
/// frames first: a word's vowels are its loudest frames, so that an
/// utterance holding speech is known after a few.
fn voiced_up_to(samples: &[i16], enough: usize) -> usize {
    // Differenced, then halved to 8 kHz by adding pairs (a low-pass).
    let low: Vec<f64> = samples
        .windows(2)
        .map(|w| f64::from(w[1]) - f64::from(w[0]))
        .collect::<Vec<_>>()
        .chunks_exact(2)
        .map(|p| p[0] + p[1])
        .collect();
    let span = PITCH_WINDOW + LONGEST_PERIOD;
    if low.len() < span {
        return 0;
    }
    let energy = |from: usize| {
        low[from..from + PITCH_WINDOW]
            .iter()
            .map(|x| x * x)
            .sum::<f64>()
    };
    let mut frames: Vec<(usize, f64)> = (0..=low.len() - span)
        .step_by(FRAME / 2)
        .map(|s| (s, energy(s)))
        .collect();
    frames.sort_by(|a, b| b.1.total_cmp(&a.1));
    let loudest = frames.first().map_or(0.0, |f| f.1);
    if loudest <= 0.0 {
        return 0;
    }
    let voiced = |&(start, e): &(usize, f64)| {
        let window = &low[start..start + PITCH_WINDOW];
        (SHORTEST_PERIOD..=LONGEST_PERIOD).any(|lag| {
            let later = &low[start + lag..start + lag + PITCH_WINDOW];
            let across: f64 = window.iter().zip(later).map(|(a, b)| a * b).sum();
            let later_energy: f64 = later.iter().map(|x| x * x).sum();
            across > VOICED_LIKENESS * (e * later_energy).sqrt()
        })
    };
    frames
        .iter()
        .take_while(|(_, e)| *e * VOICED_BELOW_LOUDEST >= loudest)
        .filter(|f| voiced(f))
        .take(enough)
        .count()
}

/// Whether `samples` may hold a word: they rise and fall as speech does
/// ([`varies_like_speech`]) and hold a voice ([`voiced_frames`]).
pub fn holds_speech(samples: &[i16]) -> bool {
    varies_like_speech(samples) && voiced_up_to(samples, LEAST_VOICED_FRAMES) >= LEAST_VOICED_FRAMES
}

/// The least sound, in frames of 10 ms, heard before a move's first word
/// when a longer phrase has words before it: a sound that starts less than
/// this before the word (a late push to talk, a recording cut short) may
/// have lost those words, however loud what is left of them.
pub const LEAD_IN_FRAMES: usize = 15;

/// `heard`, unless it is a move whose words another phrase of `grammar`
/// holds with more words, and `samples` hold speech where those words
/// would be, or the sound heard (from frame `sound_from` of `samples`, the
/// quiet put before it aside) starts too near its first word to know
/// ([`LEAD_IN_FRAMES`]): then the player is asked, with the legal moves
/// that hold its words, or about it alone. A move is never taken from part
/// of what was said ("Anna drei" out of "Läufer Anna drei" with its first
/// word lost).
pub fn unless_words_lost(
    grammar: &Grammar,
    heard: Heard,
    guesses: &[Guess],
    samples: &[i16],
    loudness: Loudness,
    sound_from: usize,
) -> Heard {
    let said = match &heard {
        Heard::Said(said @ (Said::Move(_) | Said::Command(_) | Said::Repetition)) => *said,
        _ => return heard,
    };
    // The best-scoring guess of that meaning, where its words lie.
    let Some((phrase, guess)) = guesses
        .iter()
        .filter_map(|g| grammar.phrase(&g.words).map(|p| (p, g)))
        .filter(|(p, _)| p.said == said)
        .max_by_key(|(_, g)| g.score)
    else {
        return heard;
    };
    let missing = grammar.missing_around(said, &phrase.words);
    if !missing.any() {
        return heard;
    }
    let cut_before = missing.before
        && guess
            .frames
            .first()
            .is_none_or(|&(first, _)| first < sound_from + LEAD_IN_FRAMES);
    if guess.frames.len() == phrase.words.len()
        && !cut_before
        && !speech_where_missing(samples, &guess.frames, missing, loudness)
    {
        return heard;
    }
    let holding = grammar.moves_holding(said, &phrase.words);
    if holding.is_empty() {
        Heard::Confirm(said, Vec::new())
    } else {
        Heard::Ask(std::iter::once(said).chain(holding).take(3).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hearing::grammar::Missing;
    use crate::notation::VoicePack;
    use shakmaty::Chess;

    /// `frames` frames of faint noise, loud (a tone) where `loud` says,
    /// each span scaled by its gain.
    fn sound(loud: &[(usize, usize, f64)], frames: usize) -> Vec<i16> {
        (0..frames * FRAME)
            .map(|i| {
                let f = i / FRAME;
                match loud.iter().find(|&&(a, b, _)| (a..=b).contains(&f)) {
                    Some(&(_, _, gain)) => ((i as f64 * 0.3).sin() * 8000.0 * gain) as i16,
                    None => (i % 3) as i16,
                }
            })
            .collect()
    }

    fn before() -> Missing {
        Missing {
            before: true,
            ..Missing::default()
        }
    }

    #[test]
    fn a_word_before_the_words_heard_is_found_even_damped() {
        // "Läufer" at 30 dB down, then "Anna drei".
        let s = sound(&[(10, 40, 0.03), (50, 80, 1.0), (81, 110, 1.0)], 130);
        let loudness = Loudness::of(&s);
        assert!(speech_where_missing(
            &s,
            &[(50, 80), (81, 110)],
            before(),
            loudness
        ));
        // Nothing before: nothing found.
        let s = sound(&[(50, 80, 1.0), (81, 110, 1.0)], 130);
        assert!(!speech_where_missing(
            &s,
            &[(50, 80), (81, 110)],
            before(),
            Loudness::of(&s)
        ));
    }

    #[test]
    fn an_echo_after_the_last_word_is_not_a_word() {
        // The last word, then its echo dying away by halves.
        let mut s = sound(&[(20, 60, 1.0)], 120);
        for f in 61..100 {
            let gain = 0.5f64.powi((f - 60) as i32);
            for (i, sample) in s
                .iter_mut()
                .enumerate()
                .take((f + 1) * FRAME)
                .skip(f * FRAME)
            {
                *sample = ((i as f64 * 0.3).sin() * 8000.0 * gain) as i16;
            }
        }
        let after = Missing {
            after: true,
            ..Missing::default()
        };
        assert!(!speech_where_missing(
            &s,
            &[(20, 60)],
            after,
            Loudness::of(&s)
        ));
        assert_eq!(speech_outside(&s, &[(20, 60)], Loudness::of(&s)), 0);
        // A new word after it is.
        let s = sound(&[(20, 60, 1.0), (80, 100, 0.5)], 120);
        assert!(speech_where_missing(
            &s,
            &[(20, 60)],
            after,
            Loudness::of(&s)
        ));
    }

    #[test]
    fn speech_left_outside_the_words_is_counted() {
        let s = sound(&[(10, 40, 1.0), (50, 80, 1.0)], 100);
        let loudness = Loudness::of(&s);
        assert_eq!(speech_outside(&s, &[(10, 40), (50, 80)], loudness), 0);
        // The first word given to silence: all its frames.
        assert_eq!(speech_outside(&s, &[(50, 80)], loudness), 31);
        assert_eq!(speech_outside(&s, &[], loudness), 0);
    }

    #[test]
    fn steady_noise_is_no_speech_and_words_are() {
        let words = sound(&[(10, 40, 1.0), (50, 80, 0.5)], 100);
        assert!(varies_like_speech(&words));
        let hum: Vec<i16> = (0..100 * FRAME)
            .map(|i| ((i as f64 * 0.2).sin() * 3000.0) as i16)
            .collect();
        assert!(!varies_like_speech(&hum));
        assert!(!varies_like_speech(&[]));
        assert!(!varies_like_speech(&vec![0; 100 * FRAME]));
    }

    #[test]
    fn a_voice_is_voiced_and_noise_bursts_are_not() {
        let rate = 16_000.0;
        // A vowel: a pitch of 120 Hz and its harmonics, rising and falling.
        let vowel: Vec<i16> = (0..8_000)
            .map(|i| {
                let t = i as f64 / rate;
                let swell = (std::f64::consts::PI * i as f64 / 8_000.0).sin();
                let v: f64 = (1..8)
                    .map(|h| (2.0 * std::f64::consts::PI * 120.0 * h as f64 * t).sin() / h as f64)
                    .sum();
                (v * swell * 6000.0) as i16
            })
            .collect();
        assert!(voiced_frames(&vowel) >= 30, "{}", voiced_frames(&vowel));
        assert!(holds_speech(&vowel));
        // A burst of noise, quickly up and slowly down (a cough), and
        // brown noise (a rumble): never voiced.
        let mut state = 12345u64;
        let mut white = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) as f64 / (1u64 << 31) as f64) - 0.5
        };
        let burst: Vec<i16> = (0..4_800)
            .map(|i| {
                let envelope = if i < 500 {
                    i as f64 / 500.0
                } else {
                    (-(i as f64 - 500.0) / 1500.0).exp()
                };
                (white() * envelope * 20000.0) as i16
            })
            .collect();
        assert!(!holds_speech(&burst));
        assert!(
            voiced_frames(&burst) < LEAST_VOICED_FRAMES,
            "{}",
            voiced_frames(&burst)
        );
        let mut level = 0.0;
        let brown: Vec<i16> = (0..16_000)
            .map(|_| {
                level = (level + white() * 400.0) * 0.999;
                level as i16
            })
            .collect();
        assert!(
            voiced_frames(&brown) < LEAST_VOICED_FRAMES,
            "{}",
            voiced_frames(&brown)
        );
        assert_eq!(voiced_frames(&[]), 0);
        assert_eq!(voiced_frames(&vec![0; 16_000]), 0);
    }

    #[test]
    fn a_noisy_room_is_known_by_its_floor() {
        let quiet = sound(&[(10, 40, 1.0)], 100);
        assert!(!Loudness::of(&quiet).is_noisy());
        let noisy: Vec<i16> = quiet
            .iter()
            .enumerate()
            .map(|(i, &s)| s.saturating_add(((i * 7919) % 4000) as i16 - 2000))
            .collect();
        assert!(Loudness::of(&noisy).is_noisy());
    }

    #[test]
    fn a_move_from_part_of_what_was_said_is_asked_not_taken() {
        let pack = VoicePack::fide();
        let fen = "4k3/8/8/8/8/8/P7/2B1K3 w - - 0 1";
        let position: Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let grammar = Grammar::of_position(&pack, &position);
        let a3 = grammar.phrase("anna drei").unwrap().said;
        let ba3 = grammar.phrase("laufer anna drei").unwrap().said;
        let guess = Guess {
            words: "anna drei".to_string(),
            score: -1000,
            frames: vec![(50, 80), (81, 110)],
            raw: None,
        };
        let lost = sound(&[(10, 40, 0.1), (50, 80, 1.0), (81, 110, 1.0)], 130);
        let heard = unless_words_lost(
            &grammar,
            Heard::Said(a3),
            std::slice::from_ref(&guess),
            &lost,
            Loudness::of(&lost),
            0,
        );
        assert_eq!(heard, Heard::Ask(vec![a3, ba3]));
        // Silence before the words: taken.
        let clean = sound(&[(50, 80, 1.0), (81, 110, 1.0)], 130);
        let heard = unless_words_lost(
            &grammar,
            Heard::Said(a3),
            std::slice::from_ref(&guess),
            &clean,
            Loudness::of(&clean),
            0,
        );
        assert_eq!(heard, Heard::Said(a3));
        // The same sound cut to start just before the words (a late push
        // to talk): what was before them is not known.
        let heard = unless_words_lost(
            &grammar,
            Heard::Said(a3),
            &[guess],
            &clean,
            Loudness::of(&clean),
            45,
        );
        assert_eq!(heard, Heard::Ask(vec![a3, ba3]));
    }
}
