//! The guide can be walked by headings, as a screen reader's users walk a
//! page: no section runs on for more than a few hundred words, and a long
//! chapter opens with a contents list that names each of its sections and
//! leads to it.

use std::fs;
use std::path::{Path, PathBuf};

/// The most words a section may hold before the next heading. A table or
/// a list counts in full: it is read through all the same.
const MOST_WORDS_IN_A_SECTION: usize = 750;

/// A chapter this long opens with a contents list.
const CONTENTS_FROM_WORDS: usize = 1_200;

fn chapters() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    found.push(root.join("README.md"));
    found.sort();
    found
}

/// A heading: its level and its text.
struct Heading {
    level: usize,
    text: String,
}

/// The headings outside code blocks, and the words of each section (the
/// first one being the words before any heading).
fn sections(text: &str) -> (Vec<Heading>, Vec<usize>) {
    let mut headings = Vec::new();
    let mut words = vec![0];
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        let level = line.chars().take_while(|&c| c == '#').count();
        if !in_code && (1..=6).contains(&level) && line[level..].starts_with(' ') {
            headings.push(Heading {
                level,
                text: line[level + 1..].trim().to_string(),
            });
            words.push(0);
        } else {
            *words.last_mut().unwrap() += line.split_whitespace().count();
        }
    }
    (headings, words)
}

/// The anchor a Markdown renderer gives a heading: lower case, spaces as
/// hyphens, punctuation other than hyphens and underscores left out.
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|&c| c.is_alphanumeric() || c == '-' || c == '_' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The contents list after a line "Contents:", as (level, text, anchor).
fn contents(text: &str) -> Option<Vec<(usize, String, String)>> {
    let after = text.split_once("\nContents:\n")?.1;
    let entries = after
        .lines()
        .skip_while(|line| line.is_empty())
        .take_while(|line| line.trim_start().starts_with("- ["))
        .map(|line| {
            let level = if line.starts_with("  ") { 3 } else { 2 };
            let entry = line.trim_start().trim_start_matches("- [");
            let (name, link) = entry.rsplit_once("](#").expect("a link");
            (
                level,
                name.to_string(),
                link.trim_end_matches(')').to_string(),
            )
        })
        .collect();
    Some(entries)
}

#[test]
fn no_section_of_the_guide_runs_on_past_a_few_hundred_words() {
    let mut long = Vec::new();
    for path in chapters() {
        let text = fs::read_to_string(&path).unwrap();
        let (headings, words) = sections(&text);
        for (at, &count) in words.iter().enumerate() {
            if count > MOST_WORDS_IN_A_SECTION {
                let name = match at {
                    0 => "(before the first heading)".to_string(),
                    _ => headings[at - 1].text.clone(),
                };
                long.push(format!("{}: {name}: {count} words", path.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "sections too long to walk:\n{}",
        long.join("\n")
    );
}

#[test]
fn a_long_chapter_opens_with_contents_that_lead_to_each_section() {
    let mut wrong = Vec::new();
    for path in chapters() {
        let text = fs::read_to_string(&path).unwrap();
        let total = text.split_whitespace().count();
        let (headings, _) = sections(&text);
        let expected: Vec<(usize, String, String)> = headings
            .iter()
            .filter(|heading| heading.level == 2 || heading.level == 3)
            .map(|heading| (heading.level, heading.text.clone(), anchor(&heading.text)))
            .collect();
        match contents(&text) {
            None if total >= CONTENTS_FROM_WORDS && expected.len() > 2 => {
                wrong.push(format!("{}: {total} words, no contents", path.display()));
            }
            None => {}
            Some(listed) if listed != expected => {
                let lines: Vec<String> = expected
                    .iter()
                    .map(|(level, name, link)| {
                        let indent = if *level == 3 { "  " } else { "" };
                        format!("{indent}- [{name}](#{link})")
                    })
                    .collect();
                wrong.push(format!(
                    "{}: the contents do not match the headings; they would be:\n{}",
                    path.display(),
                    lines.join("\n")
                ));
            }
            Some(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn a_heading_is_told_from_text_and_its_anchor_is_the_renderers() {
    let (headings, words) = sections(
        "# Title\n\nsome words here\n\n```\n# not a heading\n```\n## The game's files\nmore\n",
    );
    assert_eq!(headings.len(), 2);
    assert_eq!(headings[1].text, "The game's files");
    assert_eq!(words, vec![0, 9, 1]);
    assert_eq!(
        anchor("What `config check` catches"),
        "what-config-check-catches"
    );
    assert_eq!(anchor("The game's files"), "the-games-files");
}

/// The anchors of a chapter's headings; a heading met again gets "-1",
/// "-2", as the renderer numbers them.
fn anchors(text: &str) -> Vec<String> {
    let (headings, _) = sections(text);
    let mut seen: Vec<String> = Vec::new();
    for heading in headings {
        let base = anchor(&heading.text);
        let again = seen
            .iter()
            .filter(|known| {
                **known == base
                    || known
                        .strip_prefix(&format!("{base}-"))
                        .is_some_and(|n| n.parse::<usize>().is_ok())
            })
            .count();
        seen.push(match again {
            0 => base,
            n => format!("{base}-{n}"),
        });
    }
    seen
}

/// The targets of the inline links of a text outside code blocks and code
/// spans: what stands between "](" and ")".
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let outside_spans: String = line
            .split('`')
            .enumerate()
            .filter(|(at, _)| at % 2 == 0)
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = outside_spans.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    targets
}

#[test]
fn every_link_between_chapters_leads_to_a_file_and_a_heading_that_exist() {
    let mut broken = Vec::new();
    for path in chapters() {
        let text = fs::read_to_string(&path).unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = match target.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (target.as_str(), None),
            };
            let linked = match file {
                "" => path.clone(),
                file => path.parent().unwrap().join(file),
            };
            if !linked.exists() {
                broken.push(format!("{}: {target}: no such file", path.display()));
                continue;
            }
            let Some(fragment) = fragment else { continue };
            let Ok(linked_text) = fs::read_to_string(&linked) else {
                continue;
            };
            if !anchors(&linked_text).iter().any(|known| known == fragment) {
                broken.push(format!("{}: {target}: no such heading", path.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links that lead nowhere:\n{}",
        broken.join("\n")
    );
}

#[test]
fn a_link_is_read_outside_code_and_a_heading_met_again_is_numbered() {
    assert_eq!(
        link_targets("see [a](b.md#c) and `[x](y)` or [d](#e)\n```\n[f](g)\n```\n"),
        vec!["b.md#c", "#e"]
    );
    assert_eq!(
        anchors("## Keys\n## Keys\n### Keys\n"),
        vec!["keys", "keys-1", "keys-2"]
    );
}
