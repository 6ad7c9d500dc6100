//! Scores for every reader (D.2.7, Appendix C): `zweibrett score` as text
//! in each language's letters and in figurines, in braille and as BRF;
//! `save brf` in line mode; the PGN file keeps standard SAN.

use crate::common;

use std::time::Duration;

use common::Sandbox;

const LIMIT: Duration = Duration::from_secs(60);

const OPERA: &str = "[Event \"Paris\"]\n[White \"Morphy\"]\n[Black \"Allies\"]\n[Result \"1-0\"]\n\n\
    1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n\
    8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n\
    14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n\n\
    [Event \"Second\"]\n[Result \"*\"]\n\n1. d4 Nf6 *\n";

fn sandbox_with_opera(name: &str) -> (Sandbox, String) {
    let sandbox = Sandbox::new(name);
    let file = sandbox.home.join("opera.pgn");
    std::fs::write(&file, OPERA).unwrap();
    let path = file.display().to_string();
    (sandbox, path)
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn a_score_in_each_packs_letters_and_in_figurines() {
    let (sandbox, file) = sandbox_with_opera("score-letters");
    let line_11 = |args: &[&str]| {
        let mut all = vec!["score", file.as_str()];
        all.extend_from_slice(args);
        let out = sandbox.run(&all, LIMIT);
        assert!(out.status.success(), "{args:?}: {out:?}");
        // The heading's three lines and a blank line come first.
        stdout(&out).lines().nth(14).unwrap_or_default().to_string()
    };
    assert_eq!(line_11(&[]), "11. Bxb5+ Nbd7");
    assert_eq!(
        line_11(&["--letters", "english", "--voice", "es"]),
        "11. Bxb5+ Nbd7"
    );
    assert_eq!(
        line_11(&["--letters", "pack", "--voice", "fide"]),
        "11. Lxb5+ Sbd7"
    );
    assert_eq!(
        line_11(&["--letters", "pack", "--voice", "pt"]),
        "11. Bxb5+ Cbd7"
    );
    assert_eq!(
        line_11(&["--letters", "pack", "--voice", "es"]),
        "11. Axb5+ Cbd7"
    );
    assert_eq!(
        line_11(&["--letters", "pack", "--voice", "en"]),
        "11. Bxb5+ Nbd7"
    );
    assert_eq!(line_11(&["--letters", "figurine"]), "11. ♗xb5+ ♘bd7");
    let out = sandbox.run(
        &["score", &file, "--letters", "pack", "--voice", "pt"],
        LIMIT,
    );
    let text = stdout(&out);
    assert!(text.contains("\n16. Db8+ Cxb8\n17. Td8#\n1-0\n"), "{text}");
    let out = sandbox.run(&["score", &file, "--game", "2"], LIMIT);
    assert_eq!(
        stdout(&out),
        "unbekannt gegen unbekannt\nTurnier: Second\nohne Ergebnis\n\n1. d4 Nf6\n"
    );
    // The heading in the pack's words: players, event, result.
    let out = sandbox.run(&["score", &file, "--voice", "en"], LIMIT);
    assert!(
        stdout(&out).starts_with("Morphy against Allies\nevent: Paris\nWhite wins\n\n1. e4 e5\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_score_in_braille_and_as_brf_for_an_embosser() {
    let (sandbox, file) = sandbox_with_opera("score-braille");
    let out = sandbox.run(&["score", &file, "--braille"], LIMIT);
    assert!(out.status.success(), "{out:?}");
    let braille = stdout(&out);
    let lines: Vec<&str> = braille.lines().collect();
    assert_eq!(lines.len(), 22, "{braille}");
    // The heading in uncontracted braille: "Morphy gegen Allies",
    // "Turnier: Paris", "Weiß gewinnt", then a blank line.
    assert_eq!(lines[0], "⠠⠍⠕⠗⠏⠓⠽ ⠛⠑⠛⠑⠝ ⠠⠁⠇⠇⠊⠑⠎");
    assert_eq!(lines[1], "⠠⠞⠥⠗⠝⠊⠑⠗⠒ ⠠⠏⠁⠗⠊⠎");
    assert_eq!(lines[2], "⠠⠺⠑⠊⠎⠎ ⠛⠑⠺⠊⠝⠝⠞");
    assert_eq!(lines[3], "");
    assert_eq!(lines[5], "⠆ ⠎⠋⠒ ⠙⠖");
    assert_eq!(lines[14], "⠂⠂ ⠇⠸⠃⠢ ⠎⠃⠙⠶");
    assert_eq!(lines[15], "⠂⠆ ⠕⠤⠕⠤⠕ ⠗⠙⠦");
    assert_eq!(lines[20], "⠂⠶ ⠗⠙⠦⠜⠍");
    assert_eq!(lines[21], "⠼⠁⠤⠼⠚");

    let brf = sandbox.home.join("opera.brf");
    let out = sandbox.run(
        &["score", &file, "--brf", &brf.display().to_string()],
        LIMIT,
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(stdout(&out), "", "the BRF goes to the file only");
    let text = std::fs::read_to_string(&brf).unwrap();
    // One page of 25 lines: the heading, the moves, blank lines, and the
    // page number at the right margin of the last.
    let page: Vec<&str> = text.split_terminator("\r\n").collect();
    assert_eq!(page.len(), 25, "{text}");
    assert_eq!(page[0], ",MORPHY GEGEN ,ALLIES");
    assert_eq!(page[3], "");
    assert_eq!(&page[4..6], ["1 E4 E5", "2 SF3 D6"]);
    assert_eq!(&page[20..22], ["17 RD8>M", "#A-#J"]);
    assert!(page[22..24].iter().all(|l| l.is_empty()));
    assert_eq!(page[24], format!("{:>40}", "#A"));
    assert!(!text.contains('\u{c}'), "one page, no form feed");
    assert!(text.is_ascii());
    assert!(text.split("\r\n").all(|l| l.len() <= 40));

    // A narrow note-taker: no line longer than its width.
    let out = sandbox.run(&["score", &file, "--brf", "-", "--width", "12"], LIMIT);
    let narrow = stdout(&out);
    assert!(narrow.split("\r\n").all(|l| l.len() <= 12), "{narrow}");
    assert!(narrow.contains("12 O-O-O RD8\r\n"), "{narrow}");
}

#[test]
fn wrong_files_games_and_widths_are_refused_with_what_was_wrong() {
    let (sandbox, file) = sandbox_with_opera("score-wrong");
    let out = sandbox.run(&["score", &file, "--game", "3"], LIMIT);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("has no game 3; it has 2"), "{err}");

    let bad = sandbox.home.join("bad.pgn");
    std::fs::write(&bad, "[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
    let out = sandbox.run(&["score", &bad.display().to_string()], LIMIT);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 1, line 3: illegal move Ke3"), "{err}");

    let out = sandbox.run(&["score", &file, "--width", "8"], LIMIT);
    assert_eq!(out.status.code(), Some(2));
    let out = sandbox.run(&["score", &file, "--letters", "klingon"], LIMIT);
    assert_eq!(out.status.code(), Some(2));
    let missing = sandbox.home.join("missing.pgn");
    let out = sandbox.run(&["score", &missing.display().to_string()], LIMIT);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn line_mode_saves_brf_prints_the_score_in_the_packs_letters_and_the_pgn_keeps_san() {
    let sandbox = Sandbox::new("score-save-brf");
    let named = sandbox.home.join("mine.brf");
    // Moves typed in German letters; the PGN keeps SAN, the score is in
    // the letters asked for.
    let input = format!(
        "f3\ne5\ng4\nDh4\nsave brf\nsave brf {}\nspeichern Punktschrift\nsave druck\npgn\nscore\n\
         Partieformular pack\nscore figurine\nscore runes\n",
        named.display()
    );
    let out = sandbox.run_with_input(
        &[
            "--plain",
            "--speech",
            "none",
            "play",
            "--voice",
            "fide",
            "--repetition",
            "off",
            "--press",
            "auto",
        ],
        &input,
        LIMIT,
    );
    let text = stdout(&out);
    let beside = text
        .lines()
        .filter_map(|l| l.strip_prefix("saved: "))
        .map(std::path::PathBuf::from)
        .filter(|p| p.extension().is_some_and(|e| e == "brf"))
        .collect::<Vec<_>>();
    // The third in the pack's word for the braille score.
    assert_eq!(beside.len(), 3, "{text}");
    assert_eq!(beside[1], named);
    for path in &beside {
        let brf = std::fs::read_to_string(path).unwrap();
        assert_eq!(
            brf,
            "1 F3 E5\r\n2 G4 QH4>M\r\n#J-#A\r\n",
            "{}",
            path.display()
        );
    }
    assert!(
        text.contains("speichern: „druck“ ist nicht pgn (die PGN-Datei) oder Punktschrift"),
        "{text}"
    );
    assert!(text.contains("2... Qh4# {"), "the PGN: {text}");
    // The lines are typed in real time: a loaded machine may take a second
    // over them, which the clocks rightly count.
    let (scores, clocks) = clocks_apart(&text);
    assert!(
        clocks.len() >= 12 && clocks.iter().all(|c| (90 * 60 + 28..=91 * 60).contains(c)),
        "every clock is within two seconds of its time with the increments: {clocks:?}"
    );
    assert!(
        scores.contains("2. g4 (clock) Qh4# (clock)"),
        "the score: {text}"
    );
    assert!(
        scores.contains("2. g4 (clock) Dh4# (clock)"),
        "German letters: {text}"
    );
    assert!(
        scores.contains("2. g4 (clock) ♕h4# (clock)"),
        "figurines: {text}"
    );
    assert!(
        text.contains("Partieformular: „runes“ ist nicht englisch, deutsch"),
        "{text}"
    );
}

#[test]
fn a_brf_of_several_pages_is_numbered_page_by_page() {
    let (sandbox, file) = sandbox_with_opera("score-pages");
    let out = sandbox.run(
        &[
            "score", &file, "--brf", "-", "--lines", "8", "--width", "30", "--voice", "en",
        ],
        LIMIT,
    );
    assert!(out.status.success(), "{out:?}");
    let text = stdout(&out);
    let pages: Vec<&str> = text.split('\u{c}').collect();
    // Heading (3), blank, 17 moves, result: 22 lines, 7 a page: 4 pages.
    assert_eq!(pages.len(), 4, "{text}");
    let mut body = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let lines: Vec<&str> = page.split_terminator("\r\n").collect();
        assert_eq!(lines.len(), 8, "page {}: {lines:?}", i + 1);
        let number = format!("#{}", char::from(b'A' + i as u8));
        assert_eq!(lines[7], format!("{number:>30}"), "page {}", i + 1);
        assert!(lines.iter().all(|l| l.len() <= 30 && l.is_ascii()));
        body.extend_from_slice(&lines[..7]);
    }
    assert_eq!(
        &body[..6],
        [
            ",MORPHY AGAINST ,ALLIES",
            "EVENT3 ,PARIS",
            ",WHITE WINS",
            "",
            "1 E4 E5",
            "2 SF3 D6"
        ]
    );
    assert_eq!(body[21], "#A-#J");
    assert!(body[22..].iter().all(|l| l.is_empty()));
}

/// `text` with each clock reading "(H:MM:SS)" written "(clock)", and the
/// readings in seconds.
fn clocks_apart(text: &str) -> (String, Vec<u64>) {
    let mut rest = text;
    let (mut out, mut clocks) = (String::new(), Vec::new());
    while let Some(open) = rest.find('(') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let reading = after.split_once(')').and_then(|(inside, _)| {
            let parts: Vec<u64> = inside
                .split(':')
                .map(|p| p.parse().ok().filter(|_| !p.is_empty() && p.len() <= 2))
                .collect::<Option<_>>()?;
            let [h, m, s] = parts[..] else { return None };
            Some((inside.len(), h * 3600 + m * 60 + s))
        });
        match reading {
            Some((len, seconds)) => {
                out.push_str("(clock)");
                clocks.push(seconds);
                rest = &after[len + 1..];
            }
            None => {
                out.push('(');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    (out, clocks)
}
