//! Names the commit the binary is built from, for `sudoku-lsp --version`
//! ("sudoku-lsp 0.1.0 (0123456789ab 2026-12-07)"), so a report or a rating can be traced back to
//! its source. `SUDOKU_LSP_COMMIT` (e.g. "0123456789ab 2026-12-07") overrides git; without git
//! (a source archive, a wheel built from the sdist) or inside another project's repository, the
//! version stands alone.

use std::path::PathBuf;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// True when the crate is the top of a git work tree: not a copy unpacked inside someone
/// else's repository, whose commit would say nothing about this source.
fn own_checkout() -> bool {
    let Some(top) = git(&["rev-parse", "--show-toplevel"]) else {
        return false;
    };
    let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    match (
        std::fs::canonicalize(top),
        std::fs::canonicalize(manifest_dir),
    ) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

fn main() {
    println!("cargo:rerun-if-env-changed=SUDOKU_LSP_COMMIT");
    let commit = match std::env::var("SUDOKU_LSP_COMMIT") {
        Ok(given) if !given.trim().is_empty() => Some(given.trim().to_string()),
        _ if !own_checkout() => None,
        _ => {
            // Built again when HEAD moves: HEAD itself (a checkout), the branch it names (a
            // commit) and packed-refs (where a branch may live after `git gc`).
            // Only files that exist: cargo runs a build script again on every build while a
            // file it watches is missing.
            let mut watched = Vec::new();
            if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
                watched.push(PathBuf::from(dir).join("HEAD"));
            }
            if let (Some(common), Some(branch)) = (
                git(&["rev-parse", "--git-common-dir"]),
                git(&["symbolic-ref", "-q", "HEAD"]),
            ) {
                watched.push(PathBuf::from(&common).join(branch));
                watched.push(PathBuf::from(&common).join("packed-refs"));
            }
            for file in watched.iter().filter(|f| f.is_file()) {
                println!("cargo:rerun-if-changed={}", file.display());
            }
            git(&[
                "log",
                "-1",
                "--no-show-signature",
                "--format=%h %cs",
                "--abbrev=12",
            ])
        }
    };
    let version = env!("CARGO_PKG_VERSION");
    let long = match commit {
        Some(commit) => format!("{version} ({commit})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=SUDOKU_LSP_LONG_VERSION={long}");
}
