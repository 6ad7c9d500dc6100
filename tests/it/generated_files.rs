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
