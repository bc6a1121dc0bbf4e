//! `sudoku-lsp completions SHELL` and `sudoku-lsp man`: the generated scripts and pages work
//! (bash completes from the script, `man` renders the page) and follow the options.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_sudoku-lsp");

/// Runs the binary; returns the exit code, stdout and stderr.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
}

/// What bash offers after `line` (which ends where the cursor is), with the generated script.
fn bash_completes(line: &str) -> Vec<String> {
    let (code, script, _) = run(&["completions", "bash"]);
    assert_eq!(code, 0);
    let words: Vec<&str> = line.split(' ').collect();
    let program = format!(
        "{script}\nCOMP_WORDS=({words})\nCOMP_CWORD={cword}\nCOMP_LINE='{line}'\n\
         COMP_POINT=${{#COMP_LINE}}\n_sudoku_lsp sudoku-lsp '{cur}' '{prev}'\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        words = words
            .iter()
            .map(|w| format!("'{w}'"))
            .collect::<Vec<_>>()
            .join(" "),
        cword = words.len() - 1,
        cur = words[words.len() - 1],
        prev = words[words.len() - 2],
    );
    let out = Command::new("bash")
        .args(["--norc", "-c", &program])
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn bash_completes_subcommands_options_and_formats() {
    let subcommands = bash_completes("sudoku-lsp ");
    for sub in ["check", "solve", "explain", "server", "completions", "man"] {
        assert!(
            subcommands.contains(&sub.to_string()),
            "{sub}: {subcommands:?}"
        );
    }
    assert_eq!(bash_completes("sudoku-lsp check --form"), ["--format"]);
    assert_eq!(
        bash_completes("sudoku-lsp check --format "),
        ["human", "github", "json", "sarif", "gitlab"]
    );
    let selects = bash_completes("sudoku-lsp check --extend-s");
    assert_eq!(selects, ["--extend-select"]);
    let (_, script, _) = run(&["completions", "bash"]);
    assert!(
        script.ends_with("    complete -F _sudoku_lsp -o bashdefault -o default sudoku-lsp\nfi\n")
    );
}

#[test]
fn zsh_and_fish_scripts_name_the_options() {
    let (code, zsh, _) = run(&["completions", "zsh"]);
    assert_eq!(code, 0);
    assert!(zsh.starts_with("#compdef sudoku-lsp\n"), "{zsh}");
    assert!(zsh.contains("'*--select=[Report only these codes"), "{zsh}");
    assert!(
        zsh.contains("--format=[Output format]:FORMAT:((human"),
        "{zsh}"
    );
    let (code, fish, _) = run(&["completions", "fish"]);
    assert_eq!(code, 0);
    assert!(
        fish.contains(
            "complete -c sudoku-lsp -n \"__fish_sudoku_lsp_using_subcommand check\" -l ignore"
        ),
        "{fish}"
    );
    let (code, _, err) = run(&["completions", "tcsh"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'tcsh'"), "{err}");
}

#[test]
fn man_pages_render_with_every_option() {
    let (code, page, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(page.contains(".TH sudoku-lsp 1 "), "{page}");
    assert!(page.contains("sudoku\\-lsp\\-check(1)"), "{page}");
    let (code, check, _) = run(&["man", "check"]);
    assert_eq!(code, 0);
    assert!(check.contains(".TH sudoku-lsp-check 1 "), "{check}");
    for option in [
        "\\-\\-select",
        "\\-\\-extend\\-select",
        "\\-\\-statistics",
        "sarif",
    ] {
        assert!(check.contains(option), "{option}");
    }
    // groff renders it to text without a warning.
    let rendered = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-z"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(check.as_bytes())?;
            child.wait_with_output()
        })
        .expect("groff runs");
    assert!(rendered.status.success());
    assert_eq!(String::from_utf8_lossy(&rendered.stderr), "");
    let (code, _, err) = run(&["man", "frobnicate"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "sudoku-lsp: error: no subcommand `frobnicate`; known ones: check, solve, explain, \
         server, completions, man, generate, transform, fmt, convert, help\n"
    );
}
