//! `zweibrett enrol`: the player says about twenty moves, each given
//! aloud and on a line of its own, and listening adapts to that voice;
//! the adaptation is kept per user and pack and used by every game after
//! (see [`crate::hearing::adapt`]). `--forget` removes it.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use zweibrett_core::hearing::enrolment::{
    FEWEST_PROMPTS, MOST_PROMPTS, Prompt, prompts, prompts_grammar,
};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::pack::LineSentence;

use super::hear::EXIT_NO_RECOGNISER;
use super::speak::{Prepared, SpeechOptions, prepare};
use super::{EXIT_WRONG_INPUT, fail};
use crate::hearing::adapt::{Recorded, adapt, keep_transform, missing_tools, says, transform_path};
use crate::hearing::listen::Source;
use crate::hearing::{RATE, Recogniser, Utterances};
use crate::printable::printable;
use crate::speech::output::LEFT_TO_READER;
use crate::speech::{ActiveVoice, Announce, Priority, SpeechOutput, Utterance};

/// `zweibrett enrol`.
#[derive(Args, Debug)]
pub struct EnrolArgs {
    /// The voice pack whose words are said (fide, pt, es, en, or your
    /// own): the adaptation is kept for it.
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true, value_name = "PACK")]
    pub voice: Option<String>,
    /// How many moves to say, 5 to 60.
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::value_parser!(u16).range(5..=MOST_PROMPTS as i64))]
    pub count: u16,
    /// Print the moves to say, one a line, and do nothing else: for
    /// recording them with another program.
    #[arg(long)]
    pub prompts: bool,
    /// Hear this WAV file instead of the microphone: the moves said in
    /// order, a pause after each.
    #[arg(long, value_name = "FILE.wav")]
    pub listen_from: Option<PathBuf>,
    /// Remove the adaptation kept for the pack: listening goes back to
    /// the model as it came.
    #[arg(long, conflicts_with_all = ["prompts", "listen_from"])]
    pub forget: bool,
    #[command(flatten)]
    pub speech: SpeechOptions,
}

/// How long a move said may take, and must at least.
const LONGEST: usize = RATE as usize * 8;
const SHORTEST: usize = RATE as usize * 3 / 10;
/// How long the player is waited for after each move is given, and how
/// often it is given again before enrolment stops.
const WAIT: Duration = Duration::from_secs(12);
const TRIES: usize = 3;
/// The pause that ends a move said: longer than in a game, where a move
/// must be heard at once, so that a player who stops to think within a
/// move is not heard as two.
const PAUSE: Duration = Duration::from_secs(1);

/// The command's way of telling: each line printed and spoken, in the
/// pack's language.
struct Voice {
    pack: VoicePack,
    speech: SpeechOutput,
}

impl Voice {
    /// Prints and says `sentence`, and waits until it is said, so that
    /// the microphone does not take the program's voice for the player's.
    fn tell(&self, sentence: LineSentence, values: &[(&str, &str)]) {
        let line = self.pack.line_sentences().say(sentence, values);
        println!("{}", printable(&line));
        let length = line.chars().count();
        self.speech.announce(Utterance::new(line, Priority::Answer));
        self.speech.wait_until_quiet(Duration::from_secs(15));
        // A screen reader reads the line in its own time, which this
        // program cannot hear the end of: its pace is guessed (about
        // fourteen letters a second) so that the microphone does not take
        // it for the player.
        if self.speech.active_voice() == ActiveVoice::Silent(LEFT_TO_READER.to_string()) {
            let guess = Duration::from_millis(length as u64 * 70).min(Duration::from_secs(8));
            std::thread::sleep(guess);
        }
    }
}

/// Runs `zweibrett enrol`.
pub fn run(args: &EnrolArgs) -> ExitCode {
    let Prepared { pack, speech, .. } = match prepare(args.voice.as_deref(), &args.speech) {
        Ok(p) => p,
        Err(e) => return fail(&e.to_string(), e.exit_code()),
    };
    let chosen = prompts(&pack, usize::from(args.count));
    if args.prompts {
        for prompt in &chosen {
            println!("{}", printable(&prompt.text));
        }
        return ExitCode::SUCCESS;
    }
    let (output, _text) = SpeechOutput::start(speech, &pack);
    let voice = Voice {
        pack: pack.clone(),
        speech: output,
    };
    if args.forget {
        return forget(&voice);
    }
    let missing = missing_tools();
    if !missing.is_empty() {
        let reason = format!(
            "{} (apt-get install {})",
            missing.tools.join(", "),
            missing.packages.join(" ")
        );
        voice.tell(LineSentence::EnrolFailed, &[("reason", &reason)]);
        return ExitCode::from(EXIT_NO_RECOGNISER);
    }
    let source = match &args.listen_from {
        Some(file) => Source::File(file.clone()),
        None => Source::Microphone,
    };
    let live = matches!(source, Source::Microphone);
    let heard = Utterances::start(source, PAUSE);
    let recorded = match record(&voice, &chosen, heard, live) {
        Ok(recorded) => recorded,
        Err(reason) => {
            voice.tell(LineSentence::EnrolFailed, &[("reason", &reason)]);
            return ExitCode::from(EXIT_WRONG_INPUT);
        }
    };
    voice.tell(LineSentence::EnrolAdapting, &[]);
    let kept = adapt(&pack, &recorded).and_then(|text| keep_transform(&pack.id, &text));
    match kept {
        Ok(path) => {
            let count = recorded.len().to_string();
            voice.tell(LineSentence::EnrolDone, &[("count", &count)]);
            let label = voice
                .pack
                .line_sentences()
                .say(LineSentence::LabelSaved, &[]);
            println!("{label} {}", path.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            voice.tell(LineSentence::EnrolFailed, &[("reason", &e.to_string())]);
            ExitCode::from(EXIT_WRONG_INPUT)
        }
    }
}

/// Gives each move and hears it said. A move not heard, heard too short
/// or too long to be one, or heard as something else (another of the
/// moves, chatter, a cough) is given again, up to [`TRIES`] times from the
/// microphone; then, or at once from a file (where the next recording is
/// the next move's), it is left out. Too few moves left is a failure.
fn record(
    voice: &Voice,
    chosen: &[Prompt],
    mut heard: Utterances,
    live: bool,
) -> Result<Vec<Recorded>, String> {
    let count = chosen.len().to_string();
    voice.tell(LineSentence::EnrolStart, &[("count", &count)]);
    // Without the recogniser nothing is checked; the training tools then
    // fail on their own, with their reason.
    let mut checking = Recogniser::for_pack(&voice.pack).ok();
    let grammar = prompts_grammar(chosen);
    let mut recorded = Vec::with_capacity(chosen.len());
    for (i, prompt) in chosen.iter().enumerate() {
        let number = (i + 1).to_string();
        voice.tell(
            LineSentence::EnrolPrompt,
            &[
                ("number", &number),
                ("count", &count),
                ("move", &prompt.text),
            ],
        );
        let tries = if live { TRIES } else { 1 };
        let mut said = None;
        for _ in 0..tries {
            if live {
                heard.forget();
            }
            let next = match heard.next(WAIT) {
                Ok(next) => next,
                // A file that ended leaves the moves it did not reach out.
                Err(_) if !live => break,
                Err(why) => return Err(why.say(voice.pack.line_sentences())),
            };
            let again = match next {
                Some(samples) if (SHORTEST..=LONGEST).contains(&samples.len()) => {
                    if checking
                        .as_mut()
                        .is_none_or(|r| says(r, &grammar, prompt, &samples))
                    {
                        said = Some(samples);
                        break;
                    }
                    LineSentence::EnrolNotThat
                }
                _ => LineSentence::EnrolAgain,
            };
            if live {
                voice.tell(again, &[("move", &prompt.text)]);
            }
        }
        match said {
            Some(samples) => recorded.push(Recorded {
                words: prompt.words.clone(),
                samples,
            }),
            None => voice.tell(LineSentence::EnrolSkipped, &[("move", &prompt.text)]),
        }
    }
    if recorded.len() < FEWEST_PROMPTS {
        let (count, least) = (recorded.len().to_string(), FEWEST_PROMPTS.to_string());
        return Err(voice.pack.line_sentences().say(
            LineSentence::EnrolTooFew,
            &[("count", &count), ("least", &least)],
        ));
    }
    Ok(recorded)
}

/// Removes the pack's adaptation, if one was kept.
fn forget(voice: &Voice) -> ExitCode {
    let Some(path) = transform_path(&voice.pack.id).filter(|p| p.exists()) else {
        voice.tell(LineSentence::EnrolNone, &[]);
        return ExitCode::SUCCESS;
    };
    match std::fs::remove_file(&path) {
        Ok(()) => {
            voice.tell(LineSentence::EnrolForgotten, &[]);
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("{}: {e}", path.display()), EXIT_WRONG_INPUT),
    }
}
