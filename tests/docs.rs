//! `sudoku-lsp completions SHELL` and `sudoku-lsp man`: the generated scripts and pages work
//! (bash completes from the script, `man` renders the page) and follow the options. And the
//! written docs say what is true: the README's examples print what the binary prints, its codes
//! table and rating.md's technique table are the code's, every command has its section, links
//! between the docs resolve, and no doc holds a session log.

use std::path::{Path, PathBuf};
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
         server, completions, man, generate, transform, fmt, convert, render, help\n"
    );
}

// ---------------------------------------------------------------------------------------------
// The written docs.

/// The crate's folder: the README's examples run from it.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The README and every Markdown file of `docs/`.
fn doc_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The text outside fenced code blocks, line by line.
fn prose_lines(text: &str) -> Vec<&str> {
    let mut inside = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            inside = !inside;
        } else if !inside {
            out.push(line);
        }
    }
    out
}

/// The anchor GitHub gives a heading: lower case, punctuation other than `-` and `_` dropped,
/// spaces as `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    prose_lines(text)
        .into_iter()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|l| slug(l.trim_start_matches('#')))
        .collect()
}

/// The targets of the inline links `[text](target)` in `line`.
fn link_targets(line: &str) -> Vec<&str> {
    line.match_indices("](")
        .filter_map(|(i, _)| {
            let rest = &line[i + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

#[test]
fn links_between_the_docs_resolve() {
    let mut checked = 0;
    for file in doc_files() {
        let text = read(&file);
        for line in prose_lines(&text) {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
                let dest = if path.is_empty() {
                    file.clone()
                } else {
                    file.parent().unwrap().join(path)
                };
                assert!(dest.exists(), "{}: no {target}", file.display());
                if !anchor.is_empty() && dest.extension().is_some_and(|e| e == "md") {
                    assert!(
                        anchors(&read(&dest)).iter().any(|a| a == anchor),
                        "{}: no heading for {target}",
                        file.display()
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 40, "only {checked} links found");
}

#[test]
fn no_doc_holds_a_session_log() {
    for file in doc_files() {
        let text = read(&file).to_lowercase();
        for (n, line) in text.lines().enumerate() {
            let words: Vec<&str> = line
                .split(|c: char| !c.is_alphanumeric() && c != '-')
                .collect();
            let diary = words.windows(2).any(|w| {
                w[1] == "session"
                    && ["th", "st", "nd", "rd"]
                        .iter()
                        .any(|end| w[0].ends_with(end))
            });
            assert!(
                !diary && !line.contains("session by session"),
                "{}:{}: {line}",
                file.display(),
                n + 1
            );
        }
    }
}

/// The rows of the first Markdown table after `heading` whose first cell is a code span:
/// each row's cells, trimmed, the code span's backticks dropped.
fn table_after(text: &str, heading: &str) -> Vec<Vec<String>> {
    let start = text.find(heading).unwrap_or_else(|| panic!("no {heading}"));
    text[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect()
}

#[test]
fn the_readme_lists_every_code_in_order_with_its_default() {
    use sudoku_lsp::finding::Code;
    let rows = table_after(&read(&root().join("README.md")), "## The `.sudoku` format");
    let listed: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str()))
        .collect();
    let want: Vec<(&str, String)> = Code::ALL
        .iter()
        .map(|c| {
            let severity = c.default_severity().as_str();
            let default = if c.on_by_default() {
                severity.to_string()
            } else {
                format!("off ({severity} when on)")
            };
            (c.as_str(), default)
        })
        .collect();
    let want: Vec<(&str, &str)> = want.iter().map(|(c, d)| (*c, d.as_str())).collect();
    assert_eq!(listed, want);
    let format_md = read(&root().join("docs/format.md"));
    for code in Code::ALL {
        assert!(
            format_md.contains(&format!("| `{}` |", code.as_str())),
            "docs/format.md has no row for {code}"
        );
    }
}

#[test]
fn rating_md_lists_the_ladder_as_the_engine_has_it() {
    use sudoku_lsp::logic::Technique;
    let rows = table_after(&read(&root().join("docs/rating.md")), "## Techniques");
    let listed: Vec<Vec<String>> = rows.into_iter().map(|r| r[..4].to_vec()).collect();
    let want: Vec<Vec<String>> = Technique::ALL
        .iter()
        .map(|t| {
            vec![
                t.id().to_string(),
                t.name().to_string(),
                t.level().as_str().to_string(),
                t.score().to_string(),
            ]
        })
        .collect();
    assert_eq!(listed, want);
}

#[test]
fn every_command_has_its_section_in_the_readme_and_its_path_in_architecture_md() {
    use clap::CommandFactory;
    let readme = read(&root().join("README.md"));
    let architecture = read(&root().join("docs/architecture.md"));
    let commands = sudoku_lsp::cli::args::Cli::command();
    let names: Vec<&str> = commands.get_subcommands().map(|c| c.get_name()).collect();
    assert!(names.len() >= 9, "{names:?}");
    for name in names {
        assert!(
            readme
                .lines()
                .any(|l| l.starts_with("### `sudoku-lsp ")
                    && l.contains(&format!("sudoku-lsp {name}"))),
            "README.md has no section for `{name}`"
        );
        assert!(
            architecture.contains(&format!("**`{name}`"))
                || architecture.contains(&format!(", `{name}`**")),
            "docs/architecture.md does not follow `{name}`"
        );
    }
}

/// Each README example: a `$ sudoku-lsp ...` line in a `text` block and the lines shown after
/// it, up to the next `$` line or the block's end.
fn readme_examples() -> Vec<(String, Vec<String>)> {
    let readme = read(&root().join("README.md"));
    let mut examples: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_text = false;
    // Whether the last example is still being shown (its block has not ended).
    let mut open = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_text = line == "```text" && !in_text;
            open = false;
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ sudoku-lsp ") {
            examples.push((command.to_string(), Vec::new()));
            open = true;
        } else if let (true, Some((_, shown))) = (open, examples.last_mut()) {
            shown.push(line.trim_end().to_string());
        }
    }
    examples
}

/// The README's examples print what it shows, in that order (a `...` line stands for lines
/// left out). An example on paths this repository does not hold (`puzzles/`) is not run.
#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let mut ran = 0;
    for (command, shown) in readme_examples() {
        // `> FILE` sends stdout away: only stderr is shown then.
        let (command, stdout_away) = match command.split_once(" > ") {
            Some((c, _)) => (c.to_string(), true),
            None => (command, false),
        };
        let args: Vec<&str> = command.split_whitespace().collect();
        let missing = args
            .iter()
            .filter(|a| !a.starts_with('-') && (a.contains('/') || a.ends_with(".sudoku")))
            .any(|a| !root().join(a).exists());
        if missing {
            continue;
        }
        let out = Command::new(BIN)
            .args(&args)
            .current_dir(root())
            .env("NO_COLOR", "1")
            .env_remove("RUST_LOG")
            .env_remove("SUDOKU_LSP_LOG")
            .output()
            .expect("the binary runs");
        let mut printed = String::from_utf8_lossy(&out.stderr).into_owned();
        if !stdout_away {
            printed = String::from_utf8_lossy(&out.stdout).into_owned() + &printed;
        }
        let mut lines = printed.lines().map(str::trim_end);
        for want in shown.iter().filter(|l| l.trim() != "...") {
            assert!(
                lines.any(|l| l == want),
                "`sudoku-lsp {command}` does not print, in the README's order:\n{want}\n\nit prints:\n{printed}"
            );
        }
        ran += 1;
    }
    assert!(ran >= 8, "only {ran} README examples ran");
}
