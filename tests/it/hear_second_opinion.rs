//! `zweibrett hear --second-opinion`: Whisper asked beside the first
//! recogniser. A German move the first recogniser asks about is taken
//! when Whisper scores it clearly ahead; without the model installed the
//! command says where it looked and what installs it.

use crate::common;

use common::room_corpus::{Voice, synthesize};
use serde_json::Value;

/// `hear --json` of `wav` in `fen` (the fide pack), with the installed
/// model linked into `home`'s data folder when `second_opinion`.
fn heard(home: &std::path::Path, fen: &str, wav: &std::path::Path, second_opinion: bool) -> Value {
    let mut cmd = common::quiet_zweibrett(home);
    cmd.args(["hear", "--json", "--voice", "fide", "--fen", fen]);
    if second_opinion {
        cmd.arg("--second-opinion");
    }
    let output = cmd.arg(wav).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(stdout.trim()).unwrap_or_else(|_| {
        panic!(
            "not JSON: {stdout} {}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn a_german_move_asked_about_is_taken_when_whisper_hears_it_clearly_ahead() {
    let home = common::empty_home("hear-second-opinion");
    let models = home.join("data/zweibrett/models");
    std::fs::create_dir_all(&models).unwrap();
    std::os::unix::fs::symlink(common::whisper_model(), models.join("whisper-base")).unwrap();
    let fen = "r1k2qn1/pp3p1r/2n1N1p1/Pp1P1b2/Qb1P1BP1/1PP5/5P1P/R5KR b - - 1 30";
    let wav = home.join("turm.wav");
    let voice = Voice::Espeak {
        voice: "de+m5",
        pitch: 40,
        speed: 165,
    };
    synthesize(&voice, "Turm Hector sechs", &wav);
    let alone = heard(&home, fen, &wav, false);
    assert_ne!(alone["status"], "move", "{alone}");
    assert!(alone.get("second_opinion").is_none(), "{alone}");
    let both = heard(&home, fen, &wav, true);
    assert_eq!(both["status"], "move", "{both}");
    assert_eq!(both["uci"], "h7h6", "{both}");
    assert_eq!(
        both["second_opinion"]["phrase"], "Turm Hector sechs",
        "{both}"
    );
    assert_eq!(both["second_opinion"]["agrees"], true, "{both}");
    assert!(
        both["second_opinion"]["lead"].as_f64().unwrap() >= 0.3,
        "{both}"
    );
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn without_the_model_the_second_opinion_names_the_folder_and_the_setup() {
    let home = common::empty_home("hear-no-whisper");
    let wav = home.join("e4.wav");
    synthesize(&Voice::Flite("slt"), "Eva four", &wav);
    let output = common::quiet_zweibrett(&home)
        .args(["hear", "--voice", "en", "--second-opinion"])
        .arg(&wav)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("models/whisper-base"), "{stderr}");
    assert!(stderr.contains("scripts/setup"), "{stderr}");
    let _ = std::fs::remove_dir_all(&home);
}
