//! Adapting the acoustic model to one player's voice: the moves the player
//! said at enrolment go through the training tools of Debian's
//! `sphinxtrain` (features by `sphinx_fe`, statistics by `bw`, the
//! transform by `mllr_solve`), and the MLLR transform they make is kept
//! per user and pack, and used by default from then on.
//!
//! The tools run in a folder of their own that is removed after; their
//! output is kept only to name what went wrong.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use zweibrett_core::hearing::Grammar;
use zweibrett_core::hearing::acoustic::{
    FeatureSettings, MOST_TRANSFORM_BYTES, ModelFileError, check_transform,
    mixture_weights_of_sendump,
};
use zweibrett_core::hearing::enrolment::{FEWEST_PROMPTS, Prompt, transcript};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::wav::Sound;

use super::{DEBIAN_MODEL, MOST_UNEXPLAINED_FRAMES, RATE, Recogniser, dictionary_of};

/// Why no adaptation was made, or one kept cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AdaptError {
    /// A training tool is not installed.
    #[error("{tool} is not installed; on Debian: apt-get install {package}")]
    Missing {
        /// The tool.
        tool: &'static str,
        /// The package that brings it.
        package: &'static str,
    },
    /// A tool ran and failed.
    #[error("{tool} failed: {why}")]
    Failed {
        /// The tool.
        tool: &'static str,
        /// Its last words.
        why: String,
    },
    /// A file of the acoustic model cannot be used.
    #[error("the acoustic model's {file}: {why}")]
    Model {
        /// The file.
        file: &'static str,
        /// Why.
        why: ModelFileError,
    },
    /// Too few recordings to adapt from.
    #[error("{0} recordings; at least {FEWEST_PROMPTS} are needed")]
    TooFew(usize),
    /// A word said has no pronunciation in the pack.
    #[error(transparent)]
    Hearing(#[from] super::HearingError),
    /// A transform kept from an earlier enrolment is not one the model
    /// takes.
    #[error("the adaptation {0} cannot be used: {1}")]
    BadTransform(PathBuf, String),
    /// A folder or file could not be written or read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// One move said at enrolment: the recogniser's words for what was asked,
/// and the sound, 16 kHz.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The words asked for.
    pub words: Vec<String>,
    /// What the player said.
    pub samples: Vec<i16>,
}

/// A training tool, and the package that brings it.
struct Tool {
    name: &'static str,
    package: &'static str,
}

const FEATURES: Tool = Tool {
    name: "sphinx_fe",
    package: "sphinxbase-utils",
};
const MODEL_TEXT: Tool = Tool {
    name: "pocketsphinx_mdef_convert",
    package: "pocketsphinx",
};
const COUNTS: Tool = Tool {
    name: "bw",
    package: "sphinxtrain",
};
const SOLVE: Tool = Tool {
    name: "mllr_solve",
    package: "sphinxtrain",
};

/// Where the training tools live besides the search path: Debian keeps
/// them out of it.
const TOOL_FOLDERS: &[&str] = &[
    "/usr/lib/sphinxtrain",
    "/usr/libexec/sphinxtrain",
    "/usr/local/libexec/sphinxtrain",
    "/usr/local/lib/sphinxtrain",
];

impl Tool {
    fn path(&self) -> Result<PathBuf, AdaptError> {
        let on_path = std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
            .unwrap_or_default();
        on_path
            .into_iter()
            .chain(TOOL_FOLDERS.iter().map(PathBuf::from))
            .map(|dir| dir.join(self.name))
            .find(|p| p.is_file())
            .ok_or(AdaptError::Missing {
                tool: self.name,
                package: self.package,
            })
    }

    /// Runs the tool in `dir` with `args`; its output is looked at only
    /// when it fails.
    fn run(&self, dir: &Path, args: &[&str]) -> Result<(), AdaptError> {
        let output = Command::new(self.path()?)
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .output()?;
        if output.status.success() {
            return Ok(());
        }
        let said = String::from_utf8_lossy(&output.stderr).into_owned()
            + &String::from_utf8_lossy(&output.stdout);
        let last: Vec<&str> = said
            .lines()
            .filter(|l| l.contains("ERROR") || l.contains("FATAL"))
            .collect();
        let why = match last.as_slice() {
            [] => output.status.to_string(),
            lines => lines[lines.len().saturating_sub(2)..].join("; "),
        };
        Err(AdaptError::Failed {
            tool: self.name,
            why,
        })
    }
}

/// What enrolment lacks: the tools missing, by name, and the packages
/// that hold them, each once; both empty when enrolment can work.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MissingTools {
    /// The tools not found.
    pub tools: Vec<&'static str>,
    /// The Debian packages to install, each named once.
    pub packages: Vec<&'static str>,
}

impl MissingTools {
    /// Whether every tool is there.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }
}

/// Which training tools are missing.
pub fn missing_tools() -> MissingTools {
    let missing: Vec<Tool> = [FEATURES, MODEL_TEXT, COUNTS, SOLVE]
        .into_iter()
        .filter(|t| t.path().is_err())
        .collect();
    let mut packages: Vec<&'static str> = missing.iter().map(|t| t.package).collect();
    packages.sort_unstable();
    packages.dedup();
    MissingTools {
        tools: missing.iter().map(|t| t.name).collect(),
        packages,
    }
}

/// The model's feature settings, with what adaptation needs of them worked
/// out and checked once: the length of each stream and the tied-state kind.
struct ModelSettings {
    settings: FeatureSettings,
    streams: Vec<usize>,
    tied: &'static str,
}

/// Reads and checks the model's `feat.params`.
fn feature_settings(model: &Path) -> Result<ModelSettings, AdaptError> {
    let text = std::fs::read_to_string(model.join("feat.params"))?;
    let checked = FeatureSettings::read(&text).and_then(|settings| {
        Ok(ModelSettings {
            streams: settings.streams()?,
            tied: settings.tied_states()?,
            settings,
        })
    });
    checked.map_err(|why| AdaptError::Model {
        file: "feat.params",
        why,
    })
}

/// The MLLR transform that moves the model towards the voice of
/// `recordings`, `pack`'s words said by one player; checked against the
/// model. Takes a few seconds.
pub fn adapt(pack: &VoicePack, recordings: &[Recorded]) -> Result<String, AdaptError> {
    if recordings.len() < FEWEST_PROMPTS {
        return Err(AdaptError::TooFew(recordings.len()));
    }
    let model = Path::new(DEBIAN_MODEL);
    let ModelSettings {
        settings,
        streams,
        tied,
    } = feature_settings(model)?;
    let dictionary = dictionary_of(pack)?;
    let work = tempfile::Builder::new()
        .prefix("zweibrett-adapt")
        .tempdir()?;
    let dir = work.path();
    let mut named = Vec::with_capacity(recordings.len());
    for (i, r) in recordings.iter().enumerate() {
        let name = format!("said{:02}", i + 1);
        let sound = Sound {
            rate: RATE,
            samples: r.samples.iter().map(|&s| f32::from(s) / 32768.0).collect(),
        };
        let file = std::fs::File::create(dir.join(format!("{name}.wav")))?;
        zweibrett_core::wav::write(&sound, std::io::BufWriter::new(file))?;
        named.push((name, r.words.clone()));
    }
    let names: String = named.iter().map(|(n, _)| format!("{n}\n")).collect();
    std::fs::write(dir.join("said.fileids"), names)?;
    std::fs::write(dir.join("said.transcription"), transcript(&named))?;
    let words: String = dictionary
        .entries()
        .iter()
        .map(|(w, p)| format!("{w} {p}\n"))
        .collect();
    std::fs::write(dir.join("said.dict"), words)?;
    let mixture_weights = match model.join("mixture_weights") {
        whole if whole.is_file() => whole,
        _ => {
            let sendump = std::fs::read(model.join("sendump"))?;
            let weights =
                mixture_weights_of_sendump(&sendump).map_err(|why| AdaptError::Model {
                    file: "sendump",
                    why,
                })?;
            std::fs::write(dir.join("mixture_weights"), weights)?;
            dir.join("mixture_weights")
        }
    };
    let in_model = |file: &str| model.join(file).to_string_lossy().into_owned();
    let rate = RATE.to_string();
    FEATURES.run(
        dir,
        &[
            "-argfile",
            &in_model("feat.params"),
            "-samprate",
            &rate,
            "-c",
            "said.fileids",
            "-di",
            ".",
            "-do",
            ".",
            "-ei",
            "wav",
            "-eo",
            "mfc",
            "-mswav",
            "yes",
        ],
    )?;
    MODEL_TEXT.run(dir, &["-text", &in_model("mdef"), "mdef.txt"])?;
    let mixture_weights = mixture_weights.to_string_lossy().into_owned();
    let mut counts = vec![
        "-moddeffn",
        "mdef.txt",
        "-ts2cbfn",
        tied,
        "-mixwfn",
        &mixture_weights,
        "-feat",
        &settings.feature,
        "-cmn",
        &settings.cmn,
        "-agc",
        &settings.agc,
        "-dictfn",
        "said.dict",
        "-ctlfn",
        "said.fileids",
        "-lsnfn",
        "said.transcription",
        "-cepdir",
        ".",
        "-accumdir",
        ".",
    ];
    let (means, variances, matrices, fillers) = (
        in_model("means"),
        in_model("variances"),
        in_model("transition_matrices"),
        in_model("noisedict"),
    );
    counts.extend([
        "-meanfn", &means, "-varfn", &variances, "-tmatfn", &matrices, "-fdictfn", &fillers,
    ]);
    if let Some(spec) = &settings.subvectors {
        counts.extend(["-svspec", spec]);
    }
    COUNTS.run(dir, &counts)?;
    SOLVE.run(
        dir,
        &[
            "-meanfn",
            &means,
            "-varfn",
            &variances,
            "-outmllrfn",
            "mllr_matrix",
            "-accumdir",
            ".",
        ],
    )?;
    let text = std::fs::read_to_string(dir.join("mllr_matrix"))?;
    check_transform(&text, &streams).map_err(|why| AdaptError::Failed {
        tool: SOLVE.name,
        why: why.to_string(),
    })?;
    Ok(text)
}

/// Where the transform for `pack_id` is kept: `hearing/ID.mllr` in the
/// per-user data directory.
pub(crate) fn transform_path(pack_id: &str) -> Option<PathBuf> {
    crate::session::config::user_data_dir()
        .map(|dir| dir.join("hearing").join(format!("{pack_id}.mllr")))
}

/// Keeps `text`, a checked transform, as the one for `pack_id`, whole or
/// not at all, readable by its user alone.
pub(crate) fn keep_transform(pack_id: &str, text: &str) -> Result<PathBuf, AdaptError> {
    let path = transform_path(pack_id).ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::NotFound, "no home folder to keep it in")
    })?;
    if let Some(dir) = path.parent() {
        crate::files::private_dir(dir)?;
    }
    crate::files::write_private(&path, text.as_bytes())?;
    Ok(path)
}

/// The transform kept for `pack_id`, checked against the model: none when
/// no enrolment was made; an error naming the file when it cannot be used.
pub(crate) fn kept_transform(pack_id: &str) -> Result<Option<PathBuf>, AdaptError> {
    let Some(path) = transform_path(pack_id).filter(|p| p.exists()) else {
        return Ok(None);
    };
    let bad = |why: String| AdaptError::BadTransform(path.clone(), why);
    let text = crate::files::read_text(&path, MOST_TRANSFORM_BYTES as u64)
        .map_err(|e| bad(e.to_string()))?;
    let streams = feature_settings(Path::new(DEBIAN_MODEL))
        .map_err(|e| bad(e.to_string()))?
        .streams;
    check_transform(&text, &streams).map_err(|e| bad(e.to_string()))?;
    Ok(Some(path))
}

/// The recogniser for `pack`: adapted to the player when `adapt` and an
/// enrolment kept a transform for the pack; beside it, why a transform
/// kept was not used (it cannot be read, or the recogniser refused it).
pub(crate) fn recogniser_for(
    pack: &VoicePack,
    adapt: bool,
) -> Result<(super::Recogniser, Option<String>), super::HearingError> {
    let kept = if adapt {
        kept_transform(&pack.id)
    } else {
        Ok(None)
    };
    match kept {
        Ok(None) => Ok((super::Recogniser::for_pack(pack)?, None)),
        Err(why) => Ok((super::Recogniser::for_pack(pack)?, Some(why.to_string()))),
        Ok(Some(path)) => match super::Recogniser::adapted(pack, Some(&path)) {
            Ok(recogniser) => Ok((recogniser, None)),
            Err(super::HearingError::Recogniser(why)) => {
                let plain = super::Recogniser::for_pack(pack)?;
                Ok((plain, Some(format!("{}: {why}", path.display()))))
            }
            Err(other) => Err(other),
        },
    }
}

/// Whether `samples` say `prompt`: among all the moves given, the
/// recogniser fits them best, and leaves no more speech unexplained than
/// a move taken in a game may. Lenient on purpose: the voices enrolment
/// is for are those the model hears worst, and the moves given differ
/// from one another far more than the moves of a position do.
pub fn says(
    recogniser: &mut Recogniser,
    grammar: &Grammar,
    prompt: &Prompt,
    samples: &[i16],
) -> bool {
    let Ok(hearing) = recogniser.hear(grammar, samples) else {
        return true;
    };
    let best = hearing.guesses.iter().max_by_key(|g| g.score);
    let meaning = best.and_then(|g| grammar.phrase(&g.words)).map(|p| p.said);
    meaning == Some(prompt.said) && hearing.unexplained < MOST_UNEXPLAINED_FRAMES
}
