//! The language server over an in-memory pipe, spoken to as an editor does: initialize with
//! each encoding, diagnostics on a grid with box-drawing separators, incremental edits, hover,
//! code actions, watched files, hostile messages, shutdown.

mod lsp_client;

use std::time::Duration;

use lsp_client::{apply_text_edits, utf16_col, Lsp};
use serde_json::{json, Value};

/// A known puzzle with one solution, written with box-drawing separators so that UTF-8 and
/// UTF-16 columns differ.
const PUZZLE: &str = "\
# box drawing ║ separators
5 3 . │ . 7 . │ . . .
6 . . │ 1 9 5 │ . . .
. 9 8 │ . . . │ . 6 .
──────┼───────┼──────
8 . . │ . 6 . │ . . 3
4 . . │ 8 . 3 │ . . 1
7 . . │ . 2 . │ . . 6
──────┼───────┼──────
. 6 . │ . . . │ 2 8 .
. . . │ 4 1 9 │ . . 5
. . . │ . 8 . │ . 7 9
";

const SOLUTION: [&str; 9] = [
    "534678912",
    "672195348",
    "198342567",
    "859761423",
    "426853791",
    "713924856",
    "961537284",
    "287419635",
    "345286179",
];

/// The puzzle text with every `.` replaced by its solution digit.
fn solved_text() -> String {
    let mut out = String::new();
    let mut row = 0;
    for line in PUZZLE.lines() {
        if line.starts_with('#') || line.starts_with('─') {
            out.push_str(line);
        } else {
            let digits: Vec<char> = SOLUTION[row].chars().collect();
            let mut col = 0;
            for ch in line.chars() {
                if ch.is_ascii_digit() || ch == '.' {
                    out.push(digits[col]);
                    col += 1;
                } else {
                    out.push(ch);
                }
            }
            row += 1;
        }
        out.push('\n');
    }
    out
}

/// Row 1 with a second 7 in r1c9: a duplicate in row 1 (and nowhere else).
fn with_duplicate() -> String {
    PUZZLE.replacen("5 3 . │ . 7 . │ . . .", "5 3 . │ . 7 . │ . . 7", 1)
}

/// The range (line, start col, end col) of the `nth` cell (0-based) of a grid line, in UTF-16
/// or UTF-8 columns.
fn cell_range(text: &str, line: usize, nth: usize, utf8: bool) -> (u64, u64, u64) {
    let l = text.lines().nth(line).unwrap();
    let (byte, _) = l
        .char_indices()
        .filter(|(_, c)| c.is_ascii_digit() || *c == '.')
        .nth(nth)
        .unwrap();
    let col = if utf8 {
        byte as u64
    } else {
        utf16_col(l, byte)
    };
    (line as u64, col, col + 1)
}

fn range_of(d: &Value) -> (u64, u64, u64) {
    let r = &d["range"];
    assert_eq!(r["start"]["line"], r["end"]["line"], "{d}");
    (
        r["start"]["line"].as_u64().unwrap(),
        r["start"]["character"].as_u64().unwrap(),
        r["end"]["character"].as_u64().unwrap(),
    )
}

fn with_code<'a>(diags: &'a [Value], code: &str) -> Vec<&'a Value> {
    diags.iter().filter(|d| d["code"] == code).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn initialize_negotiates_the_position_encoding() {
    let mut lsp = Lsp::start(json!({})).await;
    let init = lsp.initialize(json!({}), None).await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(init["capabilities"]["textDocumentSync"]["change"], 2);
    assert_eq!(init["capabilities"]["hoverProvider"], true);
    assert!(lsp.shutdown_exit().await);

    let mut lsp = Lsp::start(json!({})).await;
    let caps = json!({"general": {"positionEncodings": ["utf-32", "utf-8", "utf-16"]}});
    let init = lsp.initialize(caps, None).await;
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn duplicate_on_a_box_drawing_grid_in_both_encodings() {
    for utf8 in [false, true] {
        let mut lsp = Lsp::start(json!({})).await;
        let caps = if utf8 {
            json!({"general": {"positionEncodings": ["utf-8"]}})
        } else {
            json!({})
        };
        lsp.initialize(caps, None).await;
        let text = with_duplicate();
        let uri = "untitled:dup.sudoku";
        lsp.open(uri, &text, 1).await;
        let diags = lsp.diagnostics(uri, Some(1)).await;
        let dups = with_code(&diags, "duplicate-digit");
        let mut got: Vec<_> = dups.iter().map(|d| range_of(d)).collect();
        got.sort();
        let want = vec![cell_range(&text, 1, 4, utf8), cell_range(&text, 1, 8, utf8)];
        assert_eq!(got, want, "utf8={utf8}: {diags:?}");
        for d in &dups {
            assert_eq!(d["source"], "sudoku");
            assert_eq!(d["severity"], 1);
            let related = d["relatedInformation"].as_array().expect("related cell");
            assert_eq!(related.len(), 1);
            let other = &related[0]["location"]["range"];
            assert_eq!(other["start"]["line"], 1);
            assert_ne!(
                other["start"]["character"],
                d["range"]["start"]["character"]
            );
        }
        // Fixing the duplicate clears it.
        let (line, start, end) = cell_range(&text, 1, 8, utf8);
        lsp.change(
            uri,
            2,
            json!([{"range": lsp_client::range(line, start, line, end), "text": "."}]),
        )
        .await;
        let diags = lsp.diagnostics(uri, Some(2)).await;
        assert!(with_code(&diags, "duplicate-digit").is_empty(), "{diags:?}");
        assert!(lsp.shutdown_exit().await);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_incremental_edits_ends_on_the_last_version() {
    let mut lsp = Lsp::start(json!({})).await;
    lsp.initialize(json!({}), None).await;
    let uri = "untitled:burst.sudoku";
    let mut text = PUZZLE.to_string();
    lsp.open(uri, &text, 1).await;
    // Type 1..9 into r1c3 and delete it again, one change set per keystroke, without waiting.
    let (line, start, end) = cell_range(&text, 1, 2, false);
    let mut version = 1;
    for d in 1..=9 {
        for new in [d.to_string(), ".".to_string()] {
            version += 1;
            let edit = json!([{"range": lsp_client::range(line, start, line, end), "text": new}]);
            text = apply_text_edits(&text, edit.as_array().unwrap());
            lsp.change(uri, version, edit).await;
        }
    }
    // Two changes in one set, the second relative to the first: insert a line, then remove it.
    version += 1;
    let set = json!([
        {"range": lsp_client::range(0, 0, 0, 0), "text": "# added\n"},
        {"range": lsp_client::range(0, 0, 1, 0), "text": ""}
    ]);
    text = apply_text_edits(&text, &set.as_array().unwrap()[..1]);
    text = apply_text_edits(&text, &set.as_array().unwrap()[1..]);
    lsp.change(uri, version, set).await;
    assert_eq!(text, PUZZLE);
    let diags = lsp.diagnostics(uri, Some(version)).await;
    assert!(diags.is_empty(), "{diags:?}");
    // The server's text is the client's: filling in the solution gives the solution.
    let actions = lsp.code_actions(uri, 1, 0).await;
    let fill = find_action(&actions, "Fill in the solution");
    assert_eq!(apply_action(&text, fill, uri, None), solved_text());
    assert!(lsp.shutdown_exit().await);
}

fn find_action<'a>(actions: &'a Value, title: &str) -> &'a Value {
    actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == title)
        .unwrap_or_else(|| panic!("no action {title:?} in {actions}"))
}

/// Applies a code action's edit; with `version` it must be versioned for that version.
fn apply_action(text: &str, action: &Value, uri: &str, version: Option<i64>) -> String {
    let edit = &action["edit"];
    let edits = match version {
        Some(v) => {
            let change = &edit["documentChanges"][0];
            assert_eq!(change["textDocument"]["uri"], uri);
            assert_eq!(change["textDocument"]["version"], v);
            change["edits"].as_array().unwrap().clone()
        }
        None => edit["changes"][uri].as_array().unwrap().clone(),
    };
    apply_text_edits(text, &edits)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_shows_candidates_given_and_summary() {
    let mut lsp = Lsp::start(json!({})).await;
    lsp.initialize(json!({}), None).await;
    let uri = "untitled:hover.sudoku";
    lsp.open(uri, PUZZLE, 1).await;
    lsp.diagnostics(uri, Some(1)).await;

    // r1c3: row 1 holds 5 3 7, column 3 holds 8, box 1 holds 5 3 6 9 8.
    let (line, col, _) = cell_range(PUZZLE, 1, 2, false);
    let h = lsp.hover(uri, line, col).await;
    let value = h["contents"]["value"].as_str().unwrap();
    assert_eq!(value.lines().next(), Some("Candidates: 1 2 4"), "{value}");
    assert!(value.contains("r1c3"), "{value}");
    assert!(!value.contains("Solution"), "{value}");
    assert_eq!(h["range"]["start"]["character"], col);

    let (line, col, _) = cell_range(PUZZLE, 1, 0, false);
    let h = lsp.hover(uri, line, col).await;
    let value = h["contents"]["value"].as_str().unwrap();
    assert!(value.starts_with("Given 5 at r1c1"), "{value}");

    // On a separator line inside the puzzle: the summary.
    let h = lsp.hover(uri, 4, 2).await;
    let value = h["contents"]["value"].as_str().unwrap();
    assert!(
        value.contains("9x9") && value.contains("30 givens"),
        "{value}"
    );
    assert!(value.contains("one solution"), "{value}");

    // On the comment above it: nothing.
    assert_eq!(lsp.hover(uri, 0, 3).await, Value::Null);
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn code_actions_fill_and_fix_with_versioned_edits() {
    let mut lsp = Lsp::start(json!({})).await;
    let caps = json!({"workspace": {"workspaceEdit": {"documentChanges": true}}});
    lsp.initialize(caps, None).await;
    let uri = "untitled:actions.sudoku";
    lsp.open(uri, PUZZLE, 3).await;
    lsp.diagnostics(uri, Some(3)).await;

    let (line, col, _) = cell_range(PUZZLE, 1, 2, false);
    let actions = lsp.code_actions(uri, line, col).await;
    let fill = find_action(&actions, "Fill in the solution");
    assert_eq!(apply_action(PUZZLE, fill, uri, Some(3)), solved_text());
    // The title never names the digit unless showSolutions is on.
    let one = find_action(&actions, "Fill r1c3");
    let filled = apply_action(PUZZLE, one, uri, Some(3));
    assert!(
        filled.starts_with("# box drawing ║ separators\n5 3 4 │"),
        "{filled}"
    );

    // Quick fixes on the duplicate: clear either cell.
    let text = with_duplicate();
    lsp.change(uri, 4, json!([{"text": text}])).await;
    let diags = lsp.diagnostics(uri, Some(4)).await;
    assert_eq!(with_code(&diags, "duplicate-digit").len(), 2, "{diags:?}");
    let (line, col, _) = cell_range(&text, 1, 8, false);
    let actions = lsp.code_actions(uri, line, col).await;
    // No unique solution: nothing to fill in.
    assert!(actions
        .as_array()
        .unwrap()
        .iter()
        .all(|a| !a["title"].as_str().unwrap().starts_with("Fill")));
    let clear = find_action(&actions, "Clear r1c9");
    assert_eq!(clear["kind"], "quickfix");
    assert_eq!(apply_action(&text, clear, uri, Some(4)), PUZZLE);
    let clear_other = find_action(&actions, "Clear r1c5");
    assert!(apply_action(&text, clear_other, uri, Some(4)).contains("5 3 . │ . . . │ . . 7"));
    // `only` narrows the kinds.
    let only = lsp
        .request(
            "textDocument/codeAction",
            json!({
                "textDocument": {"uri": uri},
                "range": lsp_client::range(line, col, line, col),
                "context": {"diagnostics": [], "only": ["refactor"]}
            }),
        )
        .await;
    assert_eq!(only, json!([]));
    assert!(lsp.shutdown_exit().await);
}

/// A 6x6 puzzle with one solution whose boxes are assumed (`box-shape`, with a safe fix),
/// followed by a 9x9 one with a clash (`duplicate-digit`, with unsafe fixes).
const SIX_AND_CLASH: &str = "\
# boxes assumed
3.2...
....4.
4.....
.1...5
.5...4
...2..

55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
";

/// The code actions of `only` kinds over the whole of line `line`.
async fn actions_of(lsp: &mut Lsp, uri: &str, line: u64, only: Value) -> Value {
    lsp.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": lsp_client::range(line, 0, line, 1),
            "context": {"diagnostics": [], "only": only}
        }),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn safe_fixes_are_preferred_and_fixed_all_at_once() {
    let mut lsp = Lsp::start(json!({})).await;
    let init = lsp.initialize(json!({}), None).await;
    let kinds = &init["capabilities"]["codeActionProvider"]["codeActionKinds"];
    assert_eq!(
        kinds,
        &json!([
            "quickfix",
            "refactor.rewrite",
            "source.fixAll.sudoku",
            "refactor.hint"
        ])
    );
    let uri = "untitled:fixes.sudoku";
    lsp.open(uri, SIX_AND_CLASH, 1).await;
    let diags = lsp.diagnostics(uri, Some(1)).await;
    assert_eq!(with_code(&diags, "box-shape").len(), 1, "{diags:?}");
    assert_eq!(with_code(&diags, "duplicate-digit").len(), 2, "{diags:?}");

    // On the 6x6 puzzle: the safe fix is a preferred quick fix naming its diagnostic; filling
    // in is a rewrite, never preferred.
    let actions = lsp.code_actions(uri, 1, 1).await;
    let declare = find_action(&actions, "Declare `@box 2x3`");
    assert_eq!(declare["kind"], "quickfix");
    assert_eq!(declare["isPreferred"], true);
    assert_eq!(declare["diagnostics"][0]["code"], "box-shape");
    for title in ["Fill in the solution", "Fill r1c2"] {
        let fill = find_action(&actions, title);
        assert_eq!(fill["kind"], "refactor.rewrite", "{fill}");
        assert!(fill.get("isPreferred").is_none(), "{fill}");
        assert!(fill.get("diagnostics").is_none(), "{fill}");
    }
    let declared = apply_action(SIX_AND_CLASH, declare, uri, None);
    assert!(
        declared.starts_with("# boxes assumed\n@box 2x3\n3.2...\n"),
        "{declared}"
    );

    // On the clash: quick fixes, not preferred (clearing a given changes the puzzle).
    let actions = lsp.code_actions(uri, 8, 0).await;
    let clear = find_action(&actions, "Clear r1c1");
    assert_eq!(clear["kind"], "quickfix");
    assert!(clear.get("isPreferred").is_none(), "{clear}");
    assert_eq!(
        clear["diagnostics"][0]["code"], "duplicate-digit",
        "{clear}"
    );

    // Fixing everything, asked for by any kind that holds it: the safe fixes only.
    for only in ["source.fixAll.sudoku", "source.fixAll", "source"] {
        let all = actions_of(&mut lsp, uri, 8, json!([only])).await;
        let [fix_all] = all.as_array().unwrap().as_slice() else {
            panic!("{only}: {all}")
        };
        assert_eq!(fix_all["title"], "Fix all auto-fixable problems");
        assert_eq!(fix_all["kind"], "source.fixAll.sudoku");
        assert_eq!(apply_action(SIX_AND_CLASH, fix_all, uri, None), declared);
    }
    // Not offered unasked, nor for other kinds.
    let unasked = lsp.code_actions(uri, 1, 1).await;
    assert!(unasked
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["kind"] != "source.fixAll.sudoku"));
    for only in ["quickfix", "source.organizeImports", "refactor"] {
        let other = actions_of(&mut lsp, uri, 1, json!([only])).await;
        assert!(
            other
                .as_array()
                .unwrap()
                .iter()
                .all(|a| a["kind"] != "source.fixAll.sudoku"),
            "{only}: {other}"
        );
    }

    // Applied, the box-shape finding is gone, the clash stays, and nothing is left to fix.
    lsp.change(uri, 2, json!([{"text": declared}])).await;
    let diags = lsp.diagnostics(uri, Some(2)).await;
    assert!(with_code(&diags, "box-shape").is_empty(), "{diags:?}");
    assert_eq!(with_code(&diags, "duplicate-digit").len(), 2, "{diags:?}");
    let all = actions_of(&mut lsp, uri, 0, json!(["source.fixAll"])).await;
    assert_eq!(all, json!([]));
    assert!(lsp.shutdown_exit().await);
}

/// The editor's `select`, `extendSelect` and `ignore` settings choose codes as `check`'s flags
/// do: `ignore` hides a code, `extendSelect` turns on one that is off by default, and an
/// unknown code in a list is left out while the others still apply.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn editor_settings_select_codes_as_the_command_line_does() {
    let settings = json!({
        "ignore": ["duplicate-digit"],
        "extendSelect": ["redundant-given", "no-such-code"],
    });
    let mut lsp = Lsp::start(settings).await;
    let caps = json!({"workspace": {"configuration": true}});
    lsp.initialize(caps, None).await;
    lsp.next_matching(|m| m["method"] == "workspace/configuration")
        .await;
    // The answer may be applied after the first analysis of a document opened now; the
    // document is analysed again then.
    lsp.open("untitled:sound.sudoku", PUZZLE, 1).await;
    lsp.next_matching(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == "untitled:sound.sudoku"
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().filter(|d| d["code"] == "redundant-given").count() == 22)
    })
    .await;
    let clash = PUZZLE.replacen("5 3 .", "5 3 5", 1);
    lsp.open("untitled:clash.sudoku", &clash, 1).await;
    let diags = lsp.diagnostics("untitled:clash.sudoku", Some(1)).await;
    assert!(with_code(&diags, "duplicate-digit").is_empty(), "{diags:?}");
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn editor_settings_show_solutions_and_cap_diagnostics() {
    let mut lsp = Lsp::start(json!({"maxDiagnostics": 1})).await;
    let caps = json!({"workspace": {"configuration": true}});
    lsp.initialize(caps, Some(json!({"showSolutions": true})))
        .await;
    let uri = "untitled:settings.sudoku";
    // The configuration the client answers (maxDiagnostics 1) arrives after `initialized`;
    // wait for the server to ask before opening.
    lsp.next_matching(|m| m["method"] == "workspace/configuration")
        .await;
    lsp.open(uri, PUZZLE, 1).await;
    lsp.diagnostics(uri, Some(1)).await;
    let (line, col, _) = cell_range(PUZZLE, 1, 2, false);
    let actions = lsp.code_actions(uri, line, col).await;
    find_action(&actions, "Fill r1c3 with 4");
    let h = lsp.hover(uri, line, col).await;
    assert!(h["contents"]["value"]
        .as_str()
        .unwrap()
        .ends_with("Solution: 4"));

    lsp.change(uri, 2, json!([{"text": with_duplicate()}]))
        .await;
    let diags = lsp.diagnostics(uri, Some(2)).await;
    assert_eq!(diags.len(), 2, "{diags:?}");
    assert_eq!(diags[1]["severity"], 3);
    // The file has two duplicate-digit findings (and maybe more about the same clash).
    let message = diags[1]["message"].as_str().unwrap();
    let more: usize = message.split(' ').next().unwrap().parse().unwrap();
    assert!(more >= 1 && message.contains(" not shown"), "{message}");
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workspace_scan_watched_files_and_close_fallback() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("a.sudoku"), with_duplicate()).unwrap();
    std::fs::write(root.join("good.sudoku"), PUZZLE).unwrap();
    std::fs::create_dir(root.join("ignored")).unwrap();
    std::fs::write(root.join("ignored/b.sudoku"), with_duplicate()).unwrap();
    std::fs::write(root.join(".gitignore"), "ignored/\n").unwrap();
    // The project configuration `check` reads: an excluded folder, and a severity override in
    // a sub-folder.
    std::fs::write(root.join("sudoku-lsp.toml"), "exclude = [\"drafts\"]\n").unwrap();
    std::fs::create_dir(root.join("drafts")).unwrap();
    std::fs::write(root.join("drafts/d.sudoku"), with_duplicate()).unwrap();
    std::fs::create_dir(root.join("relaxed")).unwrap();
    std::fs::write(
        root.join("relaxed/sudoku-lsp.toml"),
        "[severity]\nduplicate-digit = \"warning\"\n",
    )
    .unwrap();
    std::fs::write(root.join("relaxed/r.sudoku"), with_duplicate()).unwrap();
    let uri_of = |name: &str| format!("file://{}/{name}", root.display());

    let mut lsp = Lsp::start(json!({})).await;
    let caps = json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}});
    let folders = json!([{"uri": format!("file://{}", root.display()), "name": "ws"}]);
    lsp.initialize_with(caps, None, folders).await;
    let reg = lsp
        .next_matching(|m| m["method"] == "client/registerCapability")
        .await;
    assert_eq!(
        reg["params"]["registrations"][0]["method"],
        "workspace/didChangeWatchedFiles"
    );

    let a = lsp.diagnostics(&uri_of("a.sudoku"), None).await;
    assert_eq!(with_code(&a, "duplicate-digit").len(), 2, "{a:?}");
    assert!(lsp
        .diagnostics(&uri_of("good.sudoku"), None)
        .await
        .is_empty());

    // Created on disk: checked.
    std::fs::write(root.join("c.sudoku"), with_duplicate()).unwrap();
    lsp.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri_of("c.sudoku"), "type": 1}]}),
    )
    .await;
    let c = lsp.diagnostics(&uri_of("c.sudoku"), None).await;
    assert_eq!(with_code(&c, "duplicate-digit").len(), 2);

    // Open a file, break it in the editor only, close it: back to what the disk says.
    lsp.open(&uri_of("good.sudoku"), PUZZLE, 1).await;
    lsp.diagnostics(&uri_of("good.sudoku"), Some(1)).await;
    lsp.change(
        &uri_of("good.sudoku"),
        2,
        json!([{"text": with_duplicate()}]),
    )
    .await;
    let open = lsp.diagnostics(&uri_of("good.sudoku"), Some(2)).await;
    assert_eq!(with_code(&open, "duplicate-digit").len(), 2);
    lsp.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri_of("good.sudoku")}}),
    )
    .await;
    let closed = lsp.diagnostics(&uri_of("good.sudoku"), None).await;
    assert!(closed.is_empty(), "{closed:?}");

    // Deleted: cleared.
    std::fs::remove_file(root.join("a.sudoku")).unwrap();
    lsp.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri_of("a.sudoku"), "type": 3}]}),
    )
    .await;
    assert!(lsp.diagnostics(&uri_of("a.sudoku"), None).await.is_empty());

    // The ignored file was never published.
    for skipped in ["ignored/b.sudoku", "drafts/d.sudoku"] {
        assert!(
            lsp.seen()
                .iter()
                .all(|m| m["params"]["uri"] != uri_of(skipped)),
            "{skipped} was published"
        );
    }
    // A file outside the workspace is cleared on close.
    lsp.open("untitled:x.sudoku", &with_duplicate(), 1).await;
    lsp.diagnostics("untitled:x.sudoku", Some(1)).await;
    lsp.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": "untitled:x.sudoku"}}),
    )
    .await;
    assert!(lsp.diagnostics("untitled:x.sudoku", None).await.is_empty());
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workspace_folders_added_are_checked_and_removed_are_cleared() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    for folder in ["one", "two"] {
        std::fs::create_dir(root.join(folder)).unwrap();
        std::fs::write(root.join(folder).join("p.sudoku"), with_duplicate()).unwrap();
    }
    let folder =
        |name: &str| json!({"uri": format!("file://{}/{name}", root.display()), "name": name});
    let file = |name: &str| format!("file://{}/{name}/p.sudoku", root.display());

    let mut lsp = Lsp::start(json!({})).await;
    let init = lsp
        .initialize_with(json!({}), None, json!([folder("one")]))
        .await;
    assert_eq!(
        init["capabilities"]["workspace"]["workspaceFolders"]["changeNotifications"],
        true
    );
    let one = lsp.diagnostics(&file("one"), None).await;
    assert_eq!(with_code(&one, "duplicate-digit").len(), 2, "{one:?}");

    lsp.notify(
        "workspace/didChangeWorkspaceFolders",
        json!({"event": {"added": [folder("two")], "removed": [folder("one")]}}),
    )
    .await;
    let two = lsp.diagnostics(&file("two"), None).await;
    assert_eq!(with_code(&two, "duplicate-digit").len(), 2, "{two:?}");
    assert!(lsp.diagnostics(&file("one"), None).await.is_empty());
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_messages_leave_the_server_answering() {
    let mut lsp = Lsp::start(json!({})).await;
    lsp.initialize(json!({}), None).await;
    let uri = "untitled:hostile.sudoku";
    lsp.open(uri, PUZZLE, 1).await;
    lsp.diagnostics(uri, Some(1)).await;

    // An inverted range and a range far past the end: the change set is ignored whole, even the
    // valid change before the bad one, and the document is out of sync: the user is told, its
    // diagnostics are taken back, and no edit is offered on text the server no longer has.
    lsp.change(
        uri,
        2,
        json!([
            {"range": lsp_client::range(1, 0, 1, 1), "text": "9"},
            {"range": lsp_client::range(3, 4, 1, 0), "text": "x"}
        ]),
    )
    .await;
    lsp.change(
        uri,
        3,
        json!([{"range": lsp_client::range(500, 0, 501, 0), "text": "x"}]),
    )
    .await;
    // Unknown documents, malformed parameters, unknown methods, malformed JSON.
    lsp.change(
        "untitled:nobody.sudoku",
        1,
        json!([{"range": lsp_client::range(0, 0, 0, 0), "text": "x"}]),
    )
    .await;
    lsp.notify("textDocument/didChange", json!({"textDocument": 7}))
        .await;
    lsp.notify("textDocument/didOpen", json!([])).await;
    lsp.notify("sudoku/unknownNotification", json!({})).await;
    let unknown = lsp.request_raw("sudoku/unknownMethod", json!({})).await;
    assert_eq!(unknown["error"]["code"], -32601);
    let bad = lsp
        .request_raw("textDocument/hover", json!({"nonsense": true}))
        .await;
    assert_eq!(bad["error"]["code"], -32602);
    lsp.send_body("{\"jsonrpc\": 2.0, \"id\"").await;
    let parse_error = lsp.next_matching(|m| m["error"]["code"] == -32700).await;
    assert_eq!(parse_error["id"], Value::Null);
    assert_eq!(lsp.hover("untitled:nobody.sudoku", 0, 0).await, Value::Null);
    // Positions past the end clamp.
    let h = lsp.hover(uri, 9999, 9999).await;
    assert!(h.is_null() || h["contents"].is_object());
    let actions = lsp.code_actions(uri, 9999, 9999).await;
    assert!(actions.is_null());
    let warning = lsp
        .next_matching(|m| m["method"] == "window/showMessage")
        .await;
    assert_eq!(warning["params"]["type"], 2);
    assert!(warning["params"]["message"]
        .as_str()
        .unwrap()
        .contains("could not apply an edit to hostile.sudoku (change 1 has an inverted range"));
    assert!(lsp.diagnostics(uri, None).await.is_empty());
    assert!(lsp.code_actions(uri, 1, 4).await.is_null());
    // An edit by range is ignored while out of sync; the whole text brings the document back.
    lsp.change(
        uri,
        4,
        json!([{"range": lsp_client::range(0, 0, 0, 0), "text": "x"}]),
    )
    .await;
    lsp.change(uri, 5, json!([{"text": PUZZLE}])).await;
    lsp.diagnostics(uri, Some(5)).await;
    assert!(lsp.seen().iter().all(|m| m["params"]["version"] != 4));

    // Filling the text the client sent whole gives the solution.
    let actions = lsp.code_actions(uri, 1, 4).await;
    assert_eq!(
        apply_action(
            PUZZLE,
            find_action(&actions, "Fill in the solution"),
            uri,
            None
        ),
        solved_text()
    );

    // A 2 MB single line and random binary-looking text get diagnostics like any file.
    let long: String = "123456789".repeat(2 * 1024 * 1024 / 9);
    lsp.open("untitled:long.sudoku", &long, 1).await;
    let d = lsp.diagnostics("untitled:long.sudoku", Some(1)).await;
    assert!(!d.is_empty());
    let mut seed = 0x2545_f491_u32;
    let noise: String = (0..20_000)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            char::from_u32(seed % 0x3000).unwrap_or('\u{fffd}')
        })
        .collect();
    lsp.open("untitled:noise.sudoku", &noise, 1).await;
    let d = lsp.diagnostics("untitled:noise.sudoku", Some(1)).await;
    assert!(!d.is_empty());
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exit_without_shutdown_is_not_clean() {
    let mut lsp = Lsp::start(json!({})).await;
    lsp.initialize(json!({}), None).await;
    lsp.notify("exit", Value::Null).await;
    let clean = tokio::time::timeout(Duration::from_secs(10), lsp.join())
        .await
        .expect("server ends on exit");
    assert!(!clean);
}

/// The candidates of a cell counted independently of the server: the alphabet minus every
/// symbol in the cell's row, column and box.
fn expected_candidates(
    rows: &[Vec<char>],
    r: usize,
    c: usize,
    box_rows: usize,
    box_cols: usize,
) -> String {
    let alphabet = "123456789ABCDEFG";
    let n = rows.len();
    let (br, bc) = (r / box_rows * box_rows, c / box_cols * box_cols);
    let mut seen: std::collections::HashSet<char> = rows[r].iter().copied().collect();
    seen.extend(rows.iter().map(|row| row[c]));
    seen.extend(
        rows[br..br + box_rows]
            .iter()
            .flat_map(|row| row[bc..bc + box_cols].iter().copied()),
    );
    let open: Vec<String> = alphabet
        .chars()
        .take(n)
        .filter(|s| !seen.contains(s))
        .map(String::from)
        .collect();
    if open.is_empty() {
        "Candidates: none".to_string()
    } else {
        format!("Candidates: {}", open.join(" "))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_candidates_on_a_16x16_grid_match_an_independent_count() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/ok/sixteen.sudoku"
    ))
    .unwrap();
    // Grid lines and the cells of each, with their columns (UTF-16 = chars here).
    let grid: Vec<(usize, Vec<(usize, char)>)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.starts_with('-') && !l.trim().is_empty())
        .map(|(i, l)| {
            let cells = l
                .chars()
                .enumerate()
                .filter(|(_, c)| *c != ' ' && *c != '|')
                .collect();
            (i, cells)
        })
        .collect();
    assert_eq!(grid.len(), 16);
    let rows: Vec<Vec<char>> = grid
        .iter()
        .map(|(_, cells)| cells.iter().map(|&(_, c)| c).collect())
        .collect();
    let mut lsp = Lsp::start(json!({})).await;
    lsp.initialize(json!({}), None).await;
    let uri = "untitled:sixteen.sudoku";
    lsp.open(uri, &text, 1).await;
    lsp.diagnostics(uri, Some(1)).await;
    let mut checked = 0;
    for (r, (line, cells)) in grid.iter().enumerate() {
        for (c, &(col, ch)) in cells.iter().enumerate() {
            if ch != '.' || (r + c) % 3 != 0 {
                continue;
            }
            let h = lsp.hover(uri, *line as u64, col as u64).await;
            let value = h["contents"]["value"].as_str().unwrap();
            assert_eq!(
                value.lines().next().unwrap(),
                expected_candidates(&rows, r, c, 4, 4),
                "r{}c{}",
                r + 1,
                c + 1
            );
            assert!(value.contains(&format!("r{}c{}", r + 1, c + 1)));
            checked += 1;
        }
    }
    assert!(checked > 20);
    assert!(lsp.shutdown_exit().await);
}

/// With `duplicate-puzzle` turned on, the workspace scan reports a puzzle that repeats one of
/// an earlier file (in path order), naming where the first is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workspace_scan_reports_duplicate_puzzles_across_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(
        root.join("sudoku-lsp.toml"),
        "[severity]\nduplicate-puzzle = \"warning\"\n",
    )
    .unwrap();
    std::fs::write(root.join("a.sudoku"), format!("# first\n{PUZZLE}")).unwrap();
    std::fs::write(root.join("b.sudoku"), PUZZLE).unwrap();
    let uri_of = |name: &str| format!("file://{}/{name}", root.display());
    let mut lsp = Lsp::start(json!({})).await;
    let folders = json!([{"uri": format!("file://{}", root.display()), "name": "ws"}]);
    lsp.initialize_with(json!({}), None, folders).await;
    let b = lsp.diagnostics(&uri_of("b.sudoku"), None).await;
    let found = with_code(&b, "duplicate-puzzle");
    assert_eq!(found.len(), 1, "{b:?}");
    let message = found[0]["message"].as_str().unwrap();
    let first = format!("{}:3 (an identical copy)", root.join("a.sudoku").display());
    assert!(message.ends_with(&first), "{message}");
    // The related information points at the first copy: a.sudoku, line 3 (0-based 2).
    let related = &found[0]["relatedInformation"][0]["location"];
    assert_eq!(related["uri"], uri_of("a.sudoku"), "{related}");
    assert_eq!(related["range"]["start"]["line"], 2, "{related}");
    let a = lsp.diagnostics(&uri_of("a.sudoku"), None).await;
    assert!(with_code(&a, "duplicate-puzzle").is_empty(), "{a:?}");
    assert!(lsp.shutdown_exit().await);
}

/// A client that sends `shutdown` and `exit` without answering the server's own
/// `workspace/configuration` request (asked in `initialized`): the server still ends, once the
/// handler waiting for that answer has had its grace period.
#[tokio::test]
async fn the_server_ends_after_exit_when_its_own_request_is_never_answered() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (client, server) = tokio::io::duplex(1 << 16);
    let (sr, sw) = tokio::io::split(server);
    let handle = tokio::spawn(sudoku_lsp::lsp::serve(sr, sw));
    let (mut cr, mut cw) = tokio::io::split(client);
    // Whatever the server writes is read and dropped: nothing is ever answered.
    tokio::spawn(async move {
        let mut sink = vec![0u8; 1 << 16];
        while cr.read(&mut sink).await.is_ok_and(|n| n > 0) {}
    });
    let caps = json!({"workspace": {"configuration": true}});
    for msg in [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"processId": null, "rootUri": null, "capabilities": caps}}),
        json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
        json!({"jsonrpc": "2.0", "method": "exit"}),
    ] {
        let body = msg.to_string();
        let frame = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        cw.write_all(frame.as_bytes()).await.unwrap();
        // The server handles `initialized` before `shutdown` arrives.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let clean = tokio::time::timeout(Duration::from_secs(30), handle)
        .await
        .expect("the server ends after exit")
        .expect("the server task does not panic");
    assert!(clean, "shutdown came before exit");
}
