//! What `make install` installs besides the program: the completions of
//! three shells and the man page, made from the command line's own
//! definition, so every subcommand and option is in them.

use crate::common;

fn generated(what: &str) -> String {
    let home = common::empty_home("generated");
    let out = common::quiet_zweibrett(&home)
        .args(["generate", what])
        .output()
        .unwrap();
    assert!(out.status.success(), "{what}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completions_name_every_subcommand_and_option() {
    for (shell, starts) in [
        ("bash", "_zweibrett()"),
        ("zsh", "#compdef zweibrett"),
        ("fish", "complete -c zweibrett"),
    ] {
        let text = generated(shell);
        assert!(text.contains(starts), "{shell}: {}", &text[..200]);
        for word in ["analyse", "resume", "config", "join", "--config", "--plain"] {
            assert!(text.contains(word), "{shell} lacks {word}");
        }
    }
}

/// `--voice`, `--theme` and `--time` complete the packs, the themes and
/// the named time controls, not file names; a pack or theme of one's own
/// is still taken.
#[test]
fn completions_offer_packs_themes_and_time_controls() {
    let fish = generated("fish");
    // One `complete` command per option, its values on lines of their own.
    let line_of = |option: &str, subcommand: &str| {
        fish.split("\ncomplete -c ")
            .find(|c| {
                c.contains(&format!("-l {option} "))
                    && c.contains(&format!("__fish_zweibrett_using_subcommand {subcommand}\""))
            })
            .unwrap_or_else(|| panic!("no --{option} for {subcommand} in the fish completions"))
            .to_string()
    };
    let voice = line_of("voice", "play");
    for pack in ["fide", "pt", "es", "en"] {
        assert!(voice.contains(pack), "{voice}");
    }
    assert!(line_of("theme", "play").contains("high-contrast"));
    assert!(line_of("time", "play").contains("standard-120"));
    for shell in ["bash", "zsh"] {
        let text = generated(shell);
        assert!(text.contains("high-contrast"), "{shell}");
        assert!(text.contains("standard-120"), "{shell}");
    }
    let home = common::empty_home("generated-own");
    let out = common::quiet_zweibrett(&home)
        .args(["say", "--voice", "mine", "e4"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no voice pack named \"mine\""), "{stderr}");
}

#[test]
fn the_man_page_has_the_options_files_and_exit_statuses() {
    let page = generated("man");
    assert!(page.contains(".TH zweibrett 1"), "{page}");
    for section in [
        ".SH OPTIONS",
        ".SH SUBCOMMANDS",
        ".SH FILES",
        ".SH EXIT STATUS",
    ] {
        assert!(page.contains(section), "no {section}");
    }
    assert!(page.contains("ZWEIBRETT_CONFIG"));
}

#[test]
fn generating_needs_no_usable_configuration() {
    let home = common::empty_home("generated-broken");
    let dir = home.join("config/zweibrett");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), "voise = 1\n").unwrap();
    let out = common::quiet_zweibrett(&home)
        .args(["generate", "fish"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
}

/// `generate man --to DIR` writes a page for every subcommand, so that
/// each page the top one's SUBCOMMANDS section names is there, and the top
/// page's ENVIRONMENT names every variable the program reads.
#[test]
fn every_page_the_man_page_names_is_written_and_every_variable_listed() {
    let home = common::empty_home("generated-pages");
    let dir = home.join("man1");
    let out = common::quiet_zweibrett(&home)
        .args(["generate", "man", "--to"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let listed = String::from_utf8_lossy(&out.stdout).into_owned();
    let top = std::fs::read_to_string(dir.join("zweibrett.1")).unwrap();
    assert_eq!(top, generated("man"), "the same top page either way");
    let mut pages = vec![dir.join("zweibrett.1")];
    let mut checked = 0;
    while let Some(page) = pages.pop() {
        let text = std::fs::read_to_string(&page)
            .unwrap_or_else(|e| panic!("{}: {e}; written: {listed}", page.display()));
        assert!(listed.contains(&page.display().to_string()), "{listed}");
        // Each page it names as NAME(1) under SUBCOMMANDS.
        if let Some((_, subs)) = text.split_once(".SH SUBCOMMANDS") {
            let subs = subs.split(".SH ").next().unwrap();
            for line in subs.lines().filter(|l| l.ends_with("(1)")) {
                let name = line.trim_end_matches("(1)").replace("\\-", "-");
                pages.push(dir.join(format!("{name}.1")));
            }
        }
        checked += 1;
    }
    assert!(checked >= 19, "{checked} pages: {listed}");
    let init = std::fs::read_to_string(dir.join("zweibrett-config-init.1")).unwrap();
    assert!(init.contains(".TH zweibrett-config-init 1"), "{init}");
    for variable in [
        "ZWEIBRETT_CONFIG",
        "ZWEIBRETT_SCREEN_READER",
        "ZWEIBRETT_LABELS",
        "ZWEIBRETT_POCKETSPHINX",
        "LC_ALL",
        "LANG",
        "XDG_CONFIG_HOME",
        "SPEECHD_ADDRESS",
        "BRLAPI_HOST",
        "CONTROLVT",
        "STY",
        "NO_COLOR",
        "SSH_CONNECTION",
    ] {
        let environment = top.split(".SH ENVIRONMENT").nth(1).unwrap();
        assert!(environment.contains(variable), "{variable}");
    }
}
