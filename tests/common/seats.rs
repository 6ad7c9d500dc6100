//! A table of two terminals for the seats' tests: the program as a shell
//! command line, the user's directories with a runtime directory of their
//! own, and the running game's socket there.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The program as a shell command line, its window kept open a while
/// after it ends so that its last screen can be read.
pub fn program(args: &str) -> String {
    format!(
        "{} {args} ; sleep 30",
        env!("CARGO_BIN_EXE_zweibrett").replace(' ', "\\ ")
    )
}

/// The user's directories under `home`, the runtime one (where a game's
/// socket is) the user's alone.
pub fn environment(home: &Path) -> Vec<(&'static str, PathBuf)> {
    let run = home.join("run");
    std::fs::create_dir_all(&run).unwrap();
    std::fs::set_permissions(&run, std::fs::Permissions::from_mode(0o700)).unwrap();
    vec![
        ("HOME", home.to_path_buf()),
        ("XDG_CONFIG_HOME", home.join(".config")),
        ("XDG_DATA_HOME", home.join(".local/share")),
        ("XDG_RUNTIME_DIR", run),
    ]
}

/// The socket of the one game running for the user of `home`.
pub fn game_socket(home: &Path) -> PathBuf {
    std::fs::read_dir(home.join("run/zweibrett"))
        .expect("the game's runtime directory")
        .flatten()
        .next()
        .expect("the game's socket")
        .path()
}
