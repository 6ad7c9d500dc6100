//! The program as a client of speech-dispatcher, read from the server's own
//! log at level 5: it names itself `zweibrett`, speaks at priority `text`
//! so that a screen reader on the same server is never cut off, lists no
//! voices before its first text (a list the server builds slowly, and
//! the program would wait on before its first word). How soon that word
//! is heard with every core busy is measured by `cargo bench --bench
//! first_word`.

use crate::common;

use std::process::Stdio;
use std::time::Duration;

use common::Sandbox;
use common::capture::SpeechServer;

/// The lines a client sent, as the server logs them (`17:DATA:|SPEAK`),
/// for the client whose name has `name` as its middle part.
fn client_lines(log: &str, name: &str) -> Vec<String> {
    let data = |l: &str| {
        let (_, rest) = l.split_once("speechd:")?;
        let (fd, command) = rest.trim().split_once(":DATA:|")?;
        Some((fd.to_string(), command.trim().to_string()))
    };
    let wanted = format!(":{name}:");
    let Some(fd) = log
        .lines()
        .filter_map(data)
        .find(|(_, c)| c.starts_with("SET SELF CLIENT_NAME") && c.contains(&wanted))
        .map(|(fd, _)| fd)
    else {
        return Vec::new();
    };
    log.lines()
        .filter_map(data)
        .filter(|(f, _)| *f == fd)
        .map(|(_, c)| c)
        .collect()
}

#[test]
fn the_program_is_its_own_client_at_text_priority_and_sends_its_text_first() {
    let sandbox = Sandbox::new("speechd-client");
    let server = SpeechServer::start_logging(&sandbox, 5);
    let before = server.heard().len();
    let out = server
        .speak(&sandbox, "Eva vier")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("the program starts");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("gesprochen von der Sprachausgabe des Systems (speech-dispatcher, de-DE)"),
        "{stderr}"
    );
    let heard = server.heard_when_quiet(Duration::from_millis(300), Duration::from_secs(10));
    assert!(heard.len() > before, "the system voice said nothing");
    let lines = client_lines(&server.log(), "zweibrett");
    assert!(
        !lines.is_empty(),
        "no client named zweibrett:\n{}",
        server.log()
    );
    let first_text = lines
        .iter()
        .position(|l| l.eq_ignore_ascii_case("speak"))
        .expect("the program sent a text");
    let before_text = &lines[..first_text];
    assert!(
        before_text.iter().any(|l| l == "SET SELF PRIORITY TEXT"),
        "{before_text:#?}"
    );
    assert!(
        !lines
            .iter()
            .any(|l| l.starts_with("SET SELF PRIORITY IMPORTANT")),
        "{lines:#?}"
    );
    assert!(
        !before_text
            .iter()
            .any(|l| l.to_uppercase().starts_with("LIST SYNTHESIS_VOICES")),
        "{before_text:#?}"
    );
    assert!(
        before_text.iter().any(|l| l == "SET SELF LANGUAGE de-DE"),
        "{before_text:#?}"
    );
}
