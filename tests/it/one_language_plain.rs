//! Line mode speaks one language: with the `fide` (German), `pt` and `es`
//! packs, a game driven through the commands typed in the pack's own words
//! (as the arbiter and as the player), the game resumed, and a game gone
//! through with `analyse` print and say no English word after the line
//! prefixes. A list of English words that are not words of the language
//! tested finds what slipped through.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common;

use common::plain::{data_dir, journal_of, zweibrett};

/// English words that are no words of German, Portuguese or Spanish.
const ENGLISH: &[&str] = &[
    "the",
    "is",
    "not",
    "move",
    "moves",
    "clock",
    "clocks",
    "press",
    "game",
    "games",
    "white",
    "black",
    "type",
    "square",
    "piece",
    "pieces",
    "repeat",
    "offer",
    "draw",
    "resign",
    "help",
    "saved",
    "resumed",
    "completed",
    "cannot",
    "with",
    "and",
    "or",
    "needs",
    "needed",
    "of",
    "to",
    "on",
    "by",
    "time",
    "confirm",
    "correct",
    "claim",
    "threefold",
    "fifty",
    "accept",
    "decline",
    "resume",
    "save",
    "board",
    "command",
    "commands",
    "your",
    "you",
    "own",
    "questions",
    "any",
    "notation",
    "first",
    "then",
    "only",
    "side",
    "after",
    "quit",
    "file",
    "rank",
    "paused",
    "shows",
    "colon",
    "find",
    "last",
    "next",
    "back",
    "end",
    "variation",
    "engine",
    "are",
    "has",
    "have",
    "there",
    "this",
    "that",
    "which",
    "for",
    "from",
    "at",
    "but",
    "if",
    "when",
    "all",
    "can",
    "must",
    "half",
    "seconds",
    "minutes",
    "yes",
    "left",
    "right",
    "touched",
    "sealed",
    "note",
    "error",
    "journal",
    "stopping",
    "written",
    "unknown",
    "understood",
    "both",
    "none",
    "nothing",
    "empty",
    "missing",
    "sentences",
    "lacks",
    "english",
    "words",
    "word",
    "work",
    "too",
    "again",
    "flag",
    "knights",
    "kings",
    "queens",
    "rooks",
    "bishops",
    "pawns",
    "attackers",
    "diagonal",
    "uphold",
    "stand",
    "align",
    "seal",
    "unseal",
    "score",
    "braille",
    "audit",
    "takeback",
    "illegal",
    "agree",
    "refuse",
    "quickplay",
    "increment",
    "mine",
    "opponent",
    "leave",
    "turn",
    "more",
    "eval",
    "whatever",
    "wrong",
];

/// Words of the tested language that the list above has too.
fn shared(voice: &str) -> &'static [&'static str] {
    match voice {
        // Braille is a name in every language.
        "fide" => &["pause", "start", "material", "end", "notation", "braille"],
        "pt" => &["diagonal", "material", "a", "no", "braille"],
        _ => &["diagonal", "material", "no", "braille"],
    }
}

/// Names of files (D.2.1) and players that are not English either way.
/// The program's own command to resume is named by the pack's word for it
/// (zweibrett fortsetzen), which is typed as it is heard.
const NAMES: &[&str] = &[
    "anna", "bella", "cesar", "david", "eva", "felix", "gustav", "hector",
];

/// The English words of `text`: words made of letters only, so that moves
/// in SAN, FEN, clock readings and paths are left out.
fn english_words(voice: &str, text: &str) -> Vec<String> {
    let english: BTreeSet<&str> = ENGLISH.iter().copied().collect();
    text.split(|c: char| c.is_whitespace() || ",;:.!?()[]\"«»'".contains(c))
        .filter(|w| !w.is_empty() && w.chars().all(char::is_alphabetic))
        .map(str::to_lowercase)
        .filter(|w| english.contains(w.as_str()))
        .filter(|w| !shared(voice).contains(&w.as_str()) && !NAMES.contains(&w.as_str()))
        .collect()
}

/// The text of a printed line after its prefix (`announced: 1. e4: …`,
/// `answer: …`); a prompt after its `>`.
fn after_prefix(line: &str) -> &str {
    let line = line.strip_prefix("> ").unwrap_or(line);
    match line.split_once(": ") {
        Some((prefix, rest)) if prefix.chars().all(|c| c.is_ascii_lowercase()) => rest,
        _ => line,
    }
}

/// Fails naming every line of `stdout` (and of the transcript `transcript`)
/// that has English words in it; the journal and file paths are left out.
fn no_english(voice: &str, what: &str, stdout: &str, transcript: Option<&Path>) {
    let mut found = Vec::new();
    for line in stdout.lines() {
        // The PGN and paths are the same in every language.
        if line.starts_with("journal: ") || line.starts_with("saved: ") || line.starts_with('[') {
            continue;
        }
        let words = english_words(voice, after_prefix(line));
        if !words.is_empty() {
            found.push(format!("{line}   ← {}", words.join(", ")));
        }
    }
    if let Some(path) = transcript {
        let text = std::fs::read_to_string(path).unwrap();
        for line in text.lines() {
            let said = line.splitn(3, '\t').nth(2).unwrap_or(line);
            let words = english_words(voice, said);
            if !words.is_empty() {
                found.push(format!("transcript: {said}   ← {}", words.join(", ")));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{voice}, {what}: English in\n{}\n\nall that was printed:\n{stdout}",
        found.join("\n")
    );
}

/// The commands of the pack's language, as each pack spells them.
struct Words {
    voice: &'static str,
    help: &'static str,
    time: &'static str,
    pieces: &'static str,
    square: &'static str,
    board: &'static str,
    correct: &'static str,
    press: &'static str,
    repeat: &'static str,
    confirm: &'static str,
    offer: &'static str,
    decline: &'static str,
    accept: &'static str,
    claim: &'static str,
    threefold: &'static str,
    fifty: &'static str,
    touched: &'static str,
    pause: &'static str,
    resume: &'static str,
    save: &'static str,
    resign: &'static str,
    white: &'static str,
    black: &'static str,
}

const PACKS: [Words; 3] = [
    Words {
        voice: "fide",
        help: "Hilfe",
        time: "Zeit",
        pieces: "Figuren",
        square: "Feld",
        board: "Brett",
        correct: "berichtigen",
        press: "drücken",
        repeat: "wiederholen",
        confirm: "bestätigen",
        offer: "Remis anbieten",
        decline: "ablehnen",
        accept: "annehmen",
        claim: "beanspruchen",
        threefold: "dreimalig",
        fifty: "fünfzig",
        touched: "berührt",
        pause: "Pause",
        resume: "weiter",
        save: "speichern",
        resign: "aufgeben",
        white: "weiß",
        black: "schwarz",
    },
    Words {
        voice: "pt",
        help: "ajuda",
        time: "tempo",
        pieces: "peças",
        square: "casa",
        board: "tabuleiro",
        correct: "corrigir",
        press: "carregar",
        repeat: "repetir",
        confirm: "confirmar",
        offer: "propor empate",
        decline: "recusar",
        accept: "aceitar",
        claim: "reclamar",
        threefold: "tripla",
        fifty: "cinquenta",
        touched: "tocou",
        pause: "pausa",
        resume: "retomar",
        save: "guardar",
        resign: "abandonar",
        white: "brancas",
        black: "pretas",
    },
    Words {
        voice: "es",
        help: "ayuda",
        time: "tiempo",
        pieces: "piezas",
        square: "casilla",
        board: "tablero",
        correct: "corregir",
        press: "pulsar",
        repeat: "repetir",
        confirm: "confirmar",
        offer: "ofrecer tablas",
        decline: "rechazar",
        accept: "aceptar",
        claim: "reclamar",
        threefold: "triple",
        fifty: "cincuenta",
        touched: "tocó",
        pause: "pausa",
        resume: "reanudar",
        save: "guardar",
        resign: "abandonar",
        white: "blancas",
        black: "negras",
    },
];

/// The arbiter's game: every command typed in the pack's words, with bad
/// moves, commands and squares among them.
fn arbiter_script(w: &Words) -> String {
    [
        w.help.to_string(),
        w.time.to_string(),
        w.pieces.to_string(),
        format!("{} {}", w.pieces, w.black),
        format!("{} e4", w.square),
        format!("{} x9", w.square),
        w.board.to_string(),
        format!("{} {} 8/8", w.board, w.white),
        "Kx9".to_string(),
        "xyzzy plugh".to_string(),
        w.repeat.to_string(),
        w.correct.to_string(),
        format!("{} {}", w.claim, "xyzzy"),
        "e4".to_string(),
        format!("{} d4", w.correct),
        w.press.to_string(),
        format!("{} d4", w.repeat),
        "Nf6".to_string(),
        w.press.to_string(),
        w.confirm.to_string(),
        w.offer.to_string(),
        w.decline.to_string(),
        "c4".to_string(),
        w.offer.to_string(),
        w.press.to_string(),
        w.confirm.to_string(),
        format!("{} {}", w.touched, "e7"),
        format!("{} {}", w.claim, w.threefold),
        format!("{} {}", w.claim, w.fifty),
        w.pause.to_string(),
        w.resume.to_string(),
        w.time.to_string(),
        w.save.to_string(),
        format!("{} {}", w.resign, "grau"),
        w.accept.to_string(),
    ]
    .join("\n")
        + "\n"
}

#[test]
fn the_arbiters_game_and_its_resumption_are_in_the_packs_language() {
    for w in &PACKS {
        let d = data_dir("one-language", &format!("arbiter-{}", w.voice));
        std::fs::create_dir_all(&d).unwrap();
        let transcript = d.join("said.txt");
        let out = zweibrett(&d)
            .args(["--transcript"])
            .arg(&transcript)
            .args(["play", "--role", "arbiter", "--voice", w.voice])
            .args(["--white", "Eva", "--black", "Bella"])
            .write_stdin(arbiter_script(w))
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{stdout}");
        no_english(w.voice, "the arbiter's game", &stdout, Some(&transcript));
        // Typed in the pack's words, the commands did what they say.
        assert!(
            stdout.lines().any(|l| l.starts_with("corrected: 1. d4")),
            "{stdout}"
        );
        assert!(stdout.lines().any(|l| l.starts_with("offer: ")), "{stdout}");
        assert!(stdout.lines().any(|l| l.starts_with("saved: ")), "{stdout}");
        assert!(
            stdout.lines().any(|l| l.starts_with("clocks: ")),
            "{stdout}"
        );

        // The same game once more, resumed before its end.
        let d2 = data_dir("one-language", &format!("resume-{}", w.voice));
        let first = zweibrett(&d2)
            .args(["play", "--role", "arbiter", "--voice", w.voice])
            .args(["--white", "Eva", "--black", "Bella"])
            .write_stdin(format!("e4\n{}\n{}\n", w.press, w.touched))
            .output()
            .unwrap();
        let first = String::from_utf8(first.stdout).unwrap();
        no_english(w.voice, "the game before it is resumed", &first, None);
        let journal = journal_of(&first);
        let out = zweibrett(&d2)
            .arg("resume")
            .arg(&journal)
            .write_stdin(format!("{}\n{} e4\n{}\n", w.help, w.repeat, w.time))
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{stdout}");
        no_english(w.voice, "the resumed game", &stdout, None);
    }
}

#[test]
fn the_players_game_is_in_the_packs_language() {
    for w in &PACKS {
        let d = data_dir("one-language", &format!("player-{}", w.voice));
        std::fs::create_dir_all(&d).unwrap();
        let transcript = d.join("said.txt");
        let script = [
            w.help.to_string(),
            "e4".to_string(),
            "e5".to_string(),
            w.time.to_string(),
            "Qh5".to_string(),
            format!("{} c5", w.square),
            "xyzzy".to_string(),
            format!("{} {}", w.offer, w.white),
            w.decline.to_string(),
            w.pause.to_string(),
            w.resume.to_string(),
            // Asked whether to resign; the word again confirms it.
            w.resign.to_string(),
            w.resign.to_string(),
        ]
        .join("\n")
            + "\n";
        let out = zweibrett(&d)
            .args(["--transcript"])
            .arg(&transcript)
            .args(["play", "--role", "player", "--voice", w.voice])
            .args(["--white", "Eva", "--black", "Bella"])
            .write_stdin(script)
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{stdout}");
        no_english(w.voice, "the player's game", &stdout, Some(&transcript));
        assert!(
            stdout.lines().any(|l| l.starts_with("result: 0-1")),
            "{stdout}"
        );
    }
}

/// A game with nothing English in its tags or comments.
const GAME: &str = "[Event \"Turnier\"]\n[Site \"Bella\"]\n[Date \"2024.03.15\"]\n\
[White \"Eva\"]\n[Black \"Anna\"]\n[Result \"1-0\"]\n\n\
1. e4 { [%clk 0:03:00] } 1... e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bc4 Nf6 4. Ng5 d5 \
5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. Nc3 1-0\n";

#[test]
fn going_through_a_game_is_in_the_packs_language() {
    for w in &PACKS {
        let d = data_dir("one-language", &format!("analyse-{}", w.voice));
        std::fs::create_dir_all(&d).unwrap();
        let pgn = d.join("partie.pgn");
        std::fs::write(&pgn, GAME).unwrap();
        let script = "n\nn\nn\nv\nl\nsquare x9\nattackers e5\nmoves b8\nlast\nmaterial\nt\nxyzzy\nend\nquit\n";
        let out = zweibrett(&d)
            .arg("analyse")
            .arg(&pgn)
            .args(["--voice", w.voice, "--engine", "/nonexistent/engine"])
            .write_stdin(script)
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{stdout}");
        no_english(w.voice, "analyse", &stdout, None);
    }
}

#[test]
fn a_pack_that_lacks_sentences_says_so_once_at_the_start() {
    let d = data_dir("one-language", "lacking");
    std::fs::create_dir_all(&d).unwrap();
    let fide = std::fs::read_to_string("voices/fide.toml").unwrap();
    let mine: String = fide
        .lines()
        .filter(|l| !l.starts_with("clocks_paused = ") && !l.starts_with("english = \""))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = d.join("mine.toml");
    std::fs::write(&path, mine).unwrap();
    let out = zweibrett(&d)
        .args(["play", "--role", "arbiter", "--voice"])
        .arg(&path)
        // The whole help, part after part: the English line ends it.
        .write_stdin(format!("Hilfe\n{}Zeit\n", "mehr\n".repeat(20)))
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    let notes: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("note: ") && l.contains("Sprachpaket"))
        .collect();
    assert_eq!(
        notes,
        [
            "note: Diesem Sprachpaket fehlen 2 Sätze, sie werden englisch gesagt: \
             line.clocks_paused, help.english"
        ],
        "{stdout}"
    );
    // The sentence it lacks is said in English.
    assert!(
        stdout.contains("help: The English command words work as well."),
        "{stdout}"
    );
}

/// The labels of line mode are the pack's own: a German game shows
/// `angesagt:`, `Uhren:`, `Antwort:` and no English label or word.
#[test]
fn line_mode_labels_its_lines_in_the_pack_s_language() {
    let d = data_dir("labels", "fide");
    let out = zweibrett(&d)
        .env_remove("ZWEIBRETT_LABELS")
        .args(["play", "--voice", "fide", "--role", "player"])
        .write_stdin("e4\ne5\nSf3\nSc6\nzeit\nxyz\nhilfe\nquit\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    for label in [
        "Partiedatei: ",
        "angesagt: 2. Sf3: ",
        "Uhren: ",
        "Antwort: ",
    ] {
        assert!(
            stdout.lines().any(|l| l.starts_with(label)),
            "no line starts with {label:?}:\n{stdout}"
        );
    }
    let mut found = Vec::new();
    for line in stdout.lines().filter(|l| !l.starts_with("Partiedatei: ")) {
        let words = english_words("fide", line);
        if !words.is_empty() {
            found.push(format!("{line}   ← {}", words.join(", ")));
        }
    }
    assert!(found.is_empty(), "English in\n{}", found.join("\n"));
}

/// With a screen reader running (here named by the environment, as the
/// detection would find it) the program speaks nothing itself and prints
/// each text it would have said once, in order, as a bare line: no label,
/// no prompt, no English; the urgent ones start with the bell.
#[test]
fn beside_a_screen_reader_each_text_is_one_bare_line_and_nothing_is_spoken() {
    let sandbox = common::Sandbox::new("reader-fide");
    let server = common::capture::SpeechServer::start_logging(&sandbox, 5);
    let (key, value) = server.env();
    let transcript = sandbox.home.join("said.txt");
    let out = sandbox
        .command(&["--plain", "play", "--voice", "fide", "--role", "player"])
        .args(["--time", "60+0", "--transcript"])
        .arg(&transcript)
        .env("ZWEIBRETT_SCREEN_READER", "orca")
        .env(key, &value)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            stdin.write_all("e4\ne5\nSf3\nSc6\nzeit\nxyz\nundo\nLc4\nquit\n".as_bytes())?;
            drop(stdin);
            child.wait_with_output()
        })
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    // Whether the game is rated first, then the journal's path, then only
    // texts.
    assert!(lines[0].starts_with("Eine gewertete Partie"), "{stdout}");
    assert!(lines[1].ends_with(".jsonl"), "{stdout}");
    let pack = zweibrett_core::notation::VoicePack::builtin("fide");
    use zweibrett_core::notation::pack::LineSentence as L;
    let labels: Vec<String> = [
        L::LabelAnnounced,
        L::LabelClock,
        L::LabelClocks,
        L::LabelAnswer,
        L::LabelStart,
        L::LabelNote,
    ]
    .into_iter()
    .map(|k| format!("{}: ", pack.line_sentences().say(k, &[])))
    .collect();
    for line in &lines[1..] {
        assert!(!line.starts_with("> "), "a prompt line: {line}");
        assert!(
            !labels.iter().any(|l| line.starts_with(l.as_str())),
            "a labelled line: {line}"
        );
        let words = english_words("fide", line);
        assert!(words.is_empty(), "English in {line}: {words:?}");
    }
    // Everything said is printed once, in the order it was said.
    let said: Vec<String> = std::fs::read_to_string(&transcript)
        .unwrap()
        .lines()
        .map(|l| l.splitn(3, '\t').nth(2).unwrap_or(l).to_string())
        .collect();
    assert!(said.len() >= 6, "{said:#?}");
    let mut rest = lines[1..].iter();
    for text in &said {
        assert!(
            rest.any(|l| l.trim_start_matches('\u{7}') == text),
            "{text:?} was not printed in order:\n{stdout}"
        );
        let times = lines
            .iter()
            .filter(|l| l.trim_start_matches('\u{7}') == text)
            .count();
        assert!(
            times <= said.iter().filter(|s| *s == text).count(),
            "{text:?} printed {times} times"
        );
    }
    // Nothing spoken: no client named zweibrett, no sound from the
    // built-in voice.
    assert!(
        !server.log().contains(":zweibrett:"),
        "the program spoke through speech-dispatcher"
    );
    let heard = std::fs::metadata(sandbox.capture()).map_or(0, |m| m.len());
    assert!(heard <= 44, "the built-in voice played {heard} bytes");
}
