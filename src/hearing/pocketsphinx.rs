//! The PocketSphinx recogniser, loaded when first needed, so that the
//! program builds and runs where it is missing and says so. Both
//! generations are taken: 5prealpha with sphinxbase (Debian 12's
//! `libpocketsphinx3`), tried first, as the margins were measured with it;
//! then 5.x, one library of its own (`libpocketsphinx.so.5`). The few
//! functions used are declared here from each generation's headers; each
//! call checks what it is given and what comes back.

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::path::{Path, PathBuf};

use libloading::{Library, Symbol};
use zweibrett_core::hearing::Guess;

/// The library files tried, newest name first.
const POCKETSPHINX: &[&str] = &["libpocketsphinx.so.3", "libpocketsphinx.so"];
const SPHINXBASE: &[&str] = &["libsphinxbase.so.3", "libsphinxbase.so"];
/// The newer PocketSphinx's library file, which stands alone.
const POCKETSPHINX_5: &[&str] = &["libpocketsphinx.so.5"];

/// The environment variable naming a PocketSphinx library file to load
/// instead of the installed ones (a build of one's own, of either
/// generation).
pub const LIBRARY_VARIABLE: &str = "ZWEIBRETT_POCKETSPHINX";

/// Where Debian's `pocketsphinx-en-us` puts the US English model.
pub(crate) const DEBIAN_MODEL: &str = "/usr/share/pocketsphinx/model/en-us/en-us";

/// Why the recogniser cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum RecogniserError {
    /// The library is not installed.
    #[error(
        "the speech recogniser is not installed ({0}); on Debian: apt-get install libpocketsphinx3 pocketsphinx-en-us"
    )]
    NoLibrary(String),
    /// The acoustic model is not installed.
    #[error("no acoustic model at {0}; on Debian: apt-get install pocketsphinx-en-us")]
    NoModel(PathBuf),
    /// The library lacks a function this program needs.
    #[error("the speech recogniser lacks {0}: neither 5prealpha nor 5.x?")]
    NoFunction(&'static str),
    /// The recogniser refused to start or to take the grammar or a word.
    #[error("the speech recogniser refused {0}")]
    Refused(String),
}

/// Which generation of PocketSphinx was loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generation {
    /// 5prealpha, with sphinxbase.
    Prealpha,
    /// 5.x, one library.
    Five,
}

/// The generation of PocketSphinx this machine has, loaded as listening
/// would load it, or why there is none; no model is read.
pub(crate) fn installed() -> Result<Generation, RecogniserError> {
    Api::load().map(|api| api.generation)
}

impl std::fmt::Display for Generation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Generation::Prealpha => "5prealpha",
            Generation::Five => "5.x",
        })
    }
}

type CmdLnParseR =
    unsafe extern "C" fn(*mut c_void, *const c_void, i32, *mut *mut c_char, i32) -> *mut c_void;
type ConfigParseJson = unsafe extern "C" fn(*mut c_void, *const c_char) -> *mut c_void;
type ConfigFree = unsafe extern "C" fn(*mut c_void) -> c_int;
type PsArgs = unsafe extern "C" fn() -> *const c_void;
type PsInit = unsafe extern "C" fn(*mut c_void) -> *mut c_void;
type PsFree = unsafe extern "C" fn(*mut c_void) -> c_int;
type PsAddWord = unsafe extern "C" fn(*mut c_void, *const c_char, *const c_char, c_int) -> c_int;
type PsLookupWord = unsafe extern "C" fn(*mut c_void, *const c_char) -> *mut c_char;
type PsSegIter = unsafe extern "C" fn(*mut c_void) -> *mut c_void;
type PsSegNext = unsafe extern "C" fn(*mut c_void) -> *mut c_void;
type PsSegWord = unsafe extern "C" fn(*mut c_void) -> *const c_char;
type PsSegFrames = unsafe extern "C" fn(*mut c_void, *mut c_int, *mut c_int);
type PsSegFree = unsafe extern "C" fn(*mut c_void);
/// `ps_set_jsgf_string` (5prealpha), `ps_add_jsgf_string` (5.x).
type PsAddJsgf = unsafe extern "C" fn(*mut c_void, *const c_char, *const c_char) -> c_int;
/// `ps_set_search` (5prealpha), `ps_activate_search` (5.x).
type PsActivate = unsafe extern "C" fn(*mut c_void, *const c_char) -> c_int;
type PsStartUtt = unsafe extern "C" fn(*mut c_void) -> c_int;
type PsProcessRaw = unsafe extern "C" fn(*mut c_void, *const i16, usize, c_int, c_int) -> c_int;
type PsEndUtt = unsafe extern "C" fn(*mut c_void) -> c_int;
type PsGetHyp = unsafe extern "C" fn(*mut c_void, *mut i32) -> *const c_char;

/// How a generation's settings are made.
#[derive(Clone, Copy)]
enum Settings {
    /// From arguments, as on a command line (5prealpha).
    Arguments(CmdLnParseR, PsArgs),
    /// From `name: value` pairs (5.x).
    Pairs(ConfigParseJson),
}

/// The loaded libraries and the functions taken from them.
struct Api {
    generation: Generation,
    settings: Settings,
    config_free: ConfigFree,
    ps_init: PsInit,
    ps_free: PsFree,
    ps_add_word: PsAddWord,
    ps_lookup_word: PsLookupWord,
    ps_add_jsgf: PsAddJsgf,
    ps_activate: PsActivate,
    ps_start_utt: PsStartUtt,
    ps_process_raw: PsProcessRaw,
    ps_end_utt: PsEndUtt,
    ps_get_hyp: PsGetHyp,
    ps_seg_iter: PsSegIter,
    ps_seg_next: PsSegNext,
    ps_seg_word: PsSegWord,
    ps_seg_frames: PsSegFrames,
    ps_seg_free: PsSegFree,
    // Kept open while the functions above are in use.
    _libraries: Vec<Library>,
}

fn open(names: &[&str]) -> Result<Library, RecogniserError> {
    let mut last = String::new();
    for name in names {
        // SAFETY: the library's initialisers only set up its own state.
        match unsafe { Library::new(name) } {
            Ok(lib) => return Ok(lib),
            Err(e) => last = e.to_string(),
        }
    }
    Err(RecogniserError::NoLibrary(last))
}

/// The function `name` of `lib`, declared as `T`; the caller names the
/// generation whose headers declare it so.
fn function<T: Copy>(lib: &Library, name: &'static str) -> Result<T, RecogniserError> {
    let symbol = format!("{name}\0");
    // SAFETY: each type above is the function's declaration in the
    // headers of the generation it is taken for.
    let found: Symbol<'_, T> =
        unsafe { lib.get(symbol.as_bytes()) }.map_err(|_| RecogniserError::NoFunction(name))?;
    Ok(*found)
}

fn has(lib: &Library, name: &str) -> bool {
    let symbol = format!("{name}\0");
    // SAFETY: only looked up, never called through this type.
    unsafe { lib.get::<unsafe extern "C" fn()>(symbol.as_bytes()) }.is_ok()
}

impl Api {
    fn load() -> Result<Api, RecogniserError> {
        if let Some(path) = std::env::var_os(LIBRARY_VARIABLE).filter(|p| !p.is_empty()) {
            let name = path.to_string_lossy().into_owned();
            let lib = open(&[name.as_str()])?;
            if has(&lib, "ps_add_jsgf_string") {
                return Api::five(lib);
            }
            return Api::prealpha(open(SPHINXBASE)?, lib);
        }
        match open(SPHINXBASE) {
            Ok(sphinxbase) => Api::prealpha(sphinxbase, open(POCKETSPHINX)?),
            // No sphinxbase: the newer generation, if anything.
            Err(missing) => match open(POCKETSPHINX_5) {
                Ok(lib) => Api::five(lib),
                Err(_) => Err(missing),
            },
        }
    }

    fn prealpha(sphinxbase: Library, pocketsphinx: Library) -> Result<Api, RecogniserError> {
        let (b, p) = (&sphinxbase, &pocketsphinx);
        let settings = Settings::Arguments(function(b, "cmd_ln_parse_r")?, function(p, "ps_args")?);
        let config_free = function(b, "cmd_ln_free_r")?;
        let (add_jsgf, activate) = ("ps_set_jsgf_string", "ps_set_search");
        Api::with(
            p,
            Generation::Prealpha,
            settings,
            config_free,
            add_jsgf,
            activate,
        )
        .map(|api| api.keeping(vec![pocketsphinx, sphinxbase]))
    }

    fn five(lib: Library) -> Result<Api, RecogniserError> {
        let settings = Settings::Pairs(function(&lib, "ps_config_parse_json")?);
        let config_free = function(&lib, "ps_config_free")?;
        let (add_jsgf, activate) = ("ps_add_jsgf_string", "ps_activate_search");
        Api::with(
            &lib,
            Generation::Five,
            settings,
            config_free,
            add_jsgf,
            activate,
        )
        .map(|api| api.keeping(vec![lib]))
    }

    /// The functions both generations share, from `p`.
    fn with(
        p: &Library,
        generation: Generation,
        settings: Settings,
        config_free: ConfigFree,
        add_jsgf: &'static str,
        activate: &'static str,
    ) -> Result<Api, RecogniserError> {
        Ok(Api {
            generation,
            settings,
            config_free,
            ps_init: function(p, "ps_init")?,
            ps_free: function(p, "ps_free")?,
            ps_add_word: function(p, "ps_add_word")?,
            ps_lookup_word: function(p, "ps_lookup_word")?,
            ps_add_jsgf: function(p, add_jsgf)?,
            ps_activate: function(p, activate)?,
            ps_start_utt: function(p, "ps_start_utt")?,
            ps_process_raw: function(p, "ps_process_raw")?,
            ps_end_utt: function(p, "ps_end_utt")?,
            ps_get_hyp: function(p, "ps_get_hyp")?,
            ps_seg_iter: function(p, "ps_seg_iter")?,
            ps_seg_next: function(p, "ps_seg_next")?,
            ps_seg_word: function(p, "ps_seg_word")?,
            ps_seg_frames: function(p, "ps_seg_frames")?,
            ps_seg_free: function(p, "ps_seg_free")?,
            _libraries: Vec::new(),
        })
    }

    fn keeping(mut self, libraries: Vec<Library>) -> Api {
        self._libraries = libraries;
        self
    }

    /// The decoder's settings: `pairs` of names and values, made the
    /// generation's way; null when refused.
    fn config(&self, pairs: &[(&str, &str)]) -> Result<*mut c_void, RecogniserError> {
        let config = match self.settings {
            Settings::Arguments(parse, args) => {
                let owned: Vec<CString> = pairs
                    .iter()
                    .flat_map(|(name, value)| [format!("-{name}"), value.to_string()])
                    .map(|a| cstring(&a))
                    .collect::<Result<_, _>>()?;
                let mut argv: Vec<*mut c_char> =
                    owned.iter().map(|a| a.as_ptr().cast_mut()).collect();
                let argc = i32::try_from(argv.len()).unwrap_or(0);
                // SAFETY: argv points at NUL-terminated strings that
                // outlive the call; the definitions come from the library.
                unsafe { parse(std::ptr::null_mut(), args(), argc, argv.as_mut_ptr(), 1) }
            }
            Settings::Pairs(parse) => {
                let text: Vec<String> = pairs
                    .iter()
                    .map(|(name, value)| {
                        // A number bare, as the library reads numbers
                        // only so; anything else a JSON string.
                        let value = match value.parse::<f64>() {
                            Ok(_) => (*value).to_string(),
                            Err(_) => serde_json::Value::String((*value).to_string()).to_string(),
                        };
                        format!("{name}: {value}")
                    })
                    .collect();
                let text = cstring(&text.join(", "))?;
                // SAFETY: the text outlives the call; a new config is made.
                unsafe { parse(std::ptr::null_mut(), text.as_ptr()) }
            }
        };
        if config.is_null() {
            return Err(RecogniserError::Refused("its settings".to_string()));
        }
        Ok(config)
    }
}

/// A recogniser with the acoustic model loaded: it decodes 16 kHz mono
/// speech against a grammar of phrases. Not shared between threads.
pub struct Decoder {
    api: Api,
    decoder: *mut c_void,
    config: *mut c_void,
    /// The grammars compiled so far, each under its own search name, the
    /// most recently used last: a grammar used again (the position's own,
    /// while the position stands) is switched to, not compiled again.
    searches: Vec<(String, String)>,
    /// Search names given so far.
    named: usize,
    /// Samples fed and not yet a whole frame step.
    pending: Vec<i16>,
}

/// Samples the decoder is given at a time: one frame step (10 ms). The
/// decoder's running mean of the sound moves on between the blocks it is
/// given, so that an utterance fed as it is said and one fed whole are
/// heard alike only when the blocks are the same.
const STEP: usize = 1600;

/// Grammars kept compiled at most: the position's, its wider one with the
/// illegal moves, and those of the searches after the first and of
/// questions.
const KEPT_SEARCHES: usize = 8;

fn cstring(text: &str) -> Result<CString, RecogniserError> {
    CString::new(text).map_err(|_| RecogniserError::Refused(format!("a text with a NUL: {text:?}")))
}

impl Decoder {
    /// A recogniser with the acoustic model at `model` and a dictionary
    /// of no words: the pack's words come with [`Decoder::add_words`].
    pub fn new(model: &Path) -> Result<Decoder, RecogniserError> {
        Decoder::adapted(model, None)
    }

    /// A recogniser as [`Decoder::new`] makes it, with the model's means
    /// and variances moved by the MLLR transform at `transform` (one
    /// player's voice, made by enrolment and checked before).
    pub fn adapted(model: &Path, transform: Option<&Path>) -> Result<Decoder, RecogniserError> {
        Decoder::made(model, transform, &[])
    }

    /// A recogniser as [`Decoder::adapted`] makes it that hears each
    /// utterance on its own, with the mean of its own sound
    /// ([`Decoder::decode_whole`]): the same samples decoded twice give
    /// the same score, so that one phrase's fit and another's, each
    /// aligned to the utterance alone, can be set side by side.
    pub fn aligning(model: &Path, transform: Option<&Path>) -> Result<Decoder, RecogniserError> {
        // The best path of the one phrase is all that is asked: no
        // lattice after it.
        Decoder::made(model, transform, &[("cmn", "batch"), ("bestpath", "no")])
    }

    fn made(
        model: &Path,
        transform: Option<&Path>,
        settings: &[(&str, &str)],
    ) -> Result<Decoder, RecogniserError> {
        if !model.join("mdef").is_file() {
            return Err(RecogniserError::NoModel(model.to_path_buf()));
        }
        let api = Api::load()?;
        let model = model
            .to_str()
            .ok_or_else(|| RecogniserError::NoModel(model.to_path_buf()))?;
        let transform = match transform {
            Some(path) => Some(path.to_str().ok_or_else(|| {
                RecogniserError::Refused(format!("the transform {}", path.display()))
            })?),
            None => None,
        };
        let mut pairs = vec![
            ("hmm", model),
            ("logfn", "/dev/null"),
            ("beam", "1e-100"),
            ("wbeam", "1e-80"),
            ("pbeam", "1e-100"),
        ];
        match api.generation {
            Generation::Prealpha => pairs.push(("remove_silence", "no")),
            // 5.x has no detector of speech inside the decoder to turn
            // off; its lattice search after the first pass took two
            // minutes over the loop of sounds that chatter is heard as.
            Generation::Five => pairs.push(("bestpath", "no")),
        }
        if let Some(transform) = transform {
            pairs.push(("mllr", transform));
        }
        for &(name, value) in settings {
            if !pairs.iter().any(|&(n, _)| n == name) {
                pairs.push((name, value));
            }
        }
        let config = api.config(&pairs)?;
        // One decoder is made at a time: two made at once on two threads
        // were seen to deadlock inside the library's reading of the model
        // files (both waiting on the C library's list of open files).
        static MAKING: std::sync::Mutex<()> = std::sync::Mutex::new(());
        let making = MAKING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // SAFETY: config is a valid one, made by the library.
        let decoder = unsafe { (api.ps_init)(config) };
        drop(making);
        if decoder.is_null() {
            // SAFETY: config is ours and no decoder holds it.
            unsafe { (api.config_free)(config) };
            return Err(RecogniserError::Refused("the acoustic model".to_string()));
        }
        Ok(Decoder {
            api,
            decoder,
            config,
            searches: Vec::new(),
            named: 0,
            pending: Vec::with_capacity(STEP),
        })
    }

    /// Which generation of PocketSphinx this decoder is.
    pub fn generation(&self) -> Generation {
        self.api.generation
    }

    /// Adds words with their phones ("SH P R IH NG AH"); a word already
    /// there is left as it is.
    pub fn add_words<'a>(
        &mut self,
        words: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<(), RecogniserError> {
        for (word, phones) in words {
            let (w, p) = (cstring(word)?, cstring(phones)?);
            // SAFETY: the decoder is valid; the string outlives the call;
            // the answer is freed by the library's own allocator's user
            // (ckd_free is free), and only its being there is looked at.
            let known = unsafe { (self.api.ps_lookup_word)(self.decoder, w.as_ptr()) };
            if !known.is_null() {
                // SAFETY: allocated by the library with malloc.
                unsafe { libc::free(known.cast()) };
                continue;
            }
            // SAFETY: the decoder is valid; both strings outlive the call.
            let id = unsafe { (self.api.ps_add_word)(self.decoder, w.as_ptr(), p.as_ptr(), 1) };
            if id < 0 {
                return Err(RecogniserError::Refused(format!(
                    "the word {word} ({phones})"
                )));
            }
        }
        Ok(())
    }

    /// Makes `jsgf` the grammar that the next utterances are decoded with:
    /// compiled the first time, switched to after.
    pub fn set_grammar(&mut self, jsgf: &str) -> Result<(), RecogniserError> {
        if let Some(i) = self.searches.iter().position(|(text, _)| text == jsgf) {
            let kept = self.searches.remove(i);
            let name = cstring(&kept.1)?;
            self.searches.push(kept);
            // SAFETY: the decoder is valid; the name outlives the call.
            if unsafe { (self.api.ps_activate)(self.decoder, name.as_ptr()) } < 0 {
                return Err(RecogniserError::Refused("the grammar".to_string()));
            }
            return Ok(());
        }
        // A new name, or the least recently used one's (which frees it).
        let name = if self.searches.len() >= KEPT_SEARCHES {
            self.searches.remove(0).1
        } else {
            self.named += 1;
            format!("said{}", self.named)
        };
        let (c_name, text) = (cstring(&name)?, cstring(jsgf)?);
        // SAFETY: the decoder is valid; both strings outlive the calls.
        let ok = unsafe {
            (self.api.ps_add_jsgf)(self.decoder, c_name.as_ptr(), text.as_ptr()) >= 0
                && (self.api.ps_activate)(self.decoder, c_name.as_ptr()) >= 0
        };
        if !ok {
            return Err(RecogniserError::Refused("the grammar".to_string()));
        }
        self.searches.push((jsgf.to_string(), name));
        Ok(())
    }

    /// Decodes one utterance. Fed in blocks, as live: the cepstral mean
    /// carries over from the utterances before, which measured better on
    /// the test corpora than each utterance's own mean.
    pub fn decode(&mut self, samples: &[i16]) -> Result<Option<Guess>, RecogniserError> {
        self.start()?;
        self.feed(samples)?;
        self.finish()
    }

    /// Hears `samples` as the next part of the utterance going on: the
    /// search goes on with them at once, so that little is left to do when
    /// the speaker stops.
    pub fn feed(&mut self, samples: &[i16]) -> Result<(), RecogniserError> {
        let mut samples = samples;
        if !self.pending.is_empty() {
            let wanted = (STEP - self.pending.len()).min(samples.len());
            self.pending.extend_from_slice(&samples[..wanted]);
            samples = &samples[wanted..];
            if self.pending.len() < STEP {
                return Ok(());
            }
            let block = std::mem::take(&mut self.pending);
            self.process(&block)?;
            self.pending = block;
            self.pending.clear();
        }
        let whole = samples.len() / STEP * STEP;
        for block in samples[..whole].chunks(STEP) {
            self.process(block)?;
        }
        self.pending.extend_from_slice(&samples[whole..]);
        Ok(())
    }

    /// Gives the decoder `block`.
    fn process(&mut self, block: &[i16]) -> Result<(), RecogniserError> {
        // SAFETY: the pointer and length are those of a live slice.
        let n =
            unsafe { (self.api.ps_process_raw)(self.decoder, block.as_ptr(), block.len(), 0, 0) };
        if n < 0 {
            return Err(RecogniserError::Refused("the sound".to_string()));
        }
        Ok(())
    }

    /// Starts an utterance, to be fed with [`Decoder::feed`] and ended
    /// with [`Decoder::end_placed`].
    pub fn start(&mut self) -> Result<(), RecogniserError> {
        self.pending.clear();
        // SAFETY: the decoder is valid.
        if unsafe { (self.api.ps_start_utt)(self.decoder) } < 0 {
            return Err(RecogniserError::Refused(
                "to start an utterance".to_string(),
            ));
        }
        Ok(())
    }

    /// Ends the utterance and gives the best path through the grammar:
    /// its words (an unfinished phrase when no path reached the grammar's
    /// end) and its score; none when nothing was heard.
    fn finish(&mut self) -> Result<Option<Guess>, RecogniserError> {
        if !self.pending.is_empty() {
            let last = std::mem::take(&mut self.pending);
            self.process(&last)?;
        }
        // SAFETY: the decoder is valid and an utterance was started.
        if unsafe { (self.api.ps_end_utt)(self.decoder) } < 0 {
            return Err(RecogniserError::Refused("to end the utterance".to_string()));
        }
        let mut score = 0i32;
        // SAFETY: the decoder is valid; the string is copied at once.
        let words = unsafe {
            let hyp = (self.api.ps_get_hyp)(self.decoder, &mut score);
            if hyp.is_null() {
                return Ok(None);
            }
            CStr::from_ptr(hyp).to_string_lossy().into_owned()
        };
        if words.trim().is_empty() {
            return Ok(None);
        }
        Ok(Some(Guess {
            words,
            score,
            frames: Vec::new(),
            raw: None,
        }))
    }

    /// The last utterance's best path, word by word: each word (none for
    /// silence and noise) with its first and last frame, counted from the
    /// utterance's start.
    pub fn segments(&mut self) -> Vec<(Option<String>, usize, usize)> {
        let mut segments = Vec::new();
        // SAFETY: the iterator comes from this decoder; each word is read
        // before the next step; ps_seg_next frees it at the end, else it
        // is freed here once.
        unsafe {
            let mut seg = (self.api.ps_seg_iter)(self.decoder);
            // Frames are counted over the decoder's life: the utterance's
            // first segment starts it.
            let mut base = None;
            while !seg.is_null() {
                let word = (self.api.ps_seg_word)(seg);
                let word = (!word.is_null())
                    .then(|| CStr::from_ptr(word).to_string_lossy().into_owned())
                    .filter(|w| !matches!(w.as_bytes().first(), Some(b'<' | b'[' | b'(' | b'+')));
                let (mut first, mut last) = (0, 0);
                (self.api.ps_seg_frames)(seg, &mut first, &mut last);
                let base = *base.get_or_insert(first);
                if let (Ok(f), Ok(l)) =
                    (usize::try_from(first - base), usize::try_from(last - base))
                {
                    segments.push((word, f, l));
                }
                seg = (self.api.ps_seg_next)(seg);
            }
            if !seg.is_null() {
                (self.api.ps_seg_free)(seg);
            }
        }
        segments
    }

    /// Decodes one whole utterance at once, with where its words lie: a
    /// decoder made by [`Decoder::aligning`] takes the mean of its sound
    /// from it alone, and nothing carries over to the next.
    pub fn decode_whole(&mut self, samples: &[i16]) -> Result<Option<Guess>, RecogniserError> {
        self.start()?;
        // SAFETY: the pointer and length are those of a live slice.
        let n = unsafe {
            (self.api.ps_process_raw)(self.decoder, samples.as_ptr(), samples.len(), 0, 1)
        };
        if n < 0 {
            return Err(RecogniserError::Refused("the sound".to_string()));
        }
        self.end_placed()
    }

    /// Decodes one utterance, with where its words lie.
    pub fn decode_placed(&mut self, samples: &[i16]) -> Result<Option<Guess>, RecogniserError> {
        self.start()?;
        self.feed(samples)?;
        self.end_placed()
    }

    /// Ends the utterance fed so far: the best path, with where its words
    /// lie.
    pub fn end_placed(&mut self) -> Result<Option<Guess>, RecogniserError> {
        let guess = self.finish()?;
        let segments = self.segments();
        Ok(guess.map(|mut g| {
            g.frames = segments
                .iter()
                .filter(|(w, _, _)| w.is_some())
                .map(|&(_, f, l)| (f, l))
                .collect();
            g
        }))
    }
}

impl Drop for Decoder {
    fn drop(&mut self) {
        // SAFETY: both are ours, freed once, the decoder first.
        unsafe {
            (self.api.ps_free)(self.decoder);
            (self.api.config_free)(self.config);
        }
    }
}

// The decoder is used by one thread at a time; it may move between them.
// SAFETY: pocketsphinx keeps no thread-local state for a decoder.
unsafe impl Send for Decoder {}
