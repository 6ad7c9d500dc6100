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
