//! `zweibrett --version`: the version and the commit it was built from,
//! and which optional parts this build and this machine have, one line
//! each, for a bug report. `-V` says the version alone.

/// The lines after the program's name.
pub fn long_version() -> String {
    let system_speech = if cfg!(target_os = "linux") {
        "speech-dispatcher's own client (libspeechd)"
    } else {
        "the platform's speech through the tts crate"
    };
    let braille = match crate::braille::library() {
        Ok(()) => "BrlAPI, BRLTTY's library, is installed".to_string(),
        Err(e) => format!("no BrlAPI: {e}"),
    };
    let listening = match crate::hearing::pocketsphinx::installed() {
        Ok(generation) => format!("PocketSphinx {generation} is installed"),
        Err(e) => format!("no PocketSphinx: {e}"),
    };
    let engine = match crate::engine::find_engine(None) {
        Some(path) => format!("stockfish at {}", path.display()),
        None => "no stockfish on PATH".to_string(),
    };
    format!(
        "{} (commit {})\nsystem speech: {system_speech}\nbraille: {braille}\nlistening: {listening}\nengine: {engine}",
        env!("CARGO_PKG_VERSION"),
        env!("ZWEIBRETT_COMMIT"),
    )
}
