//! The tutor over the protocol, spoken to as an editor does: the hint writes nothing and names a
//! technique, applied steps place only true digits (and in a pencil-mark grid never remove a
//! solution digit), inlay hints agree with `explain`'s rating, the code lens stands in where
//! the client has no inlay hints, the outline and folds cover every puzzle, semantic tokens
//! cover every cell, and a burst of edits with inlay-hint requests in between is answered.

mod lsp_client;

use lsp_client::{apply_text_edits, range, Lsp};
use serde_json::{json, Value};
use sudoku_lsp::analysis::analyze;
use sudoku_lsp::analysis::tutor::technique_phrase;
use sudoku_lsp::config::Config;
use sudoku_lsp::logic::Technique;

/// The sample of top1465 puzzles (hard ones, which the tests never saw written as grids).
const TOP: &str = include_str!("../fixtures/sets/top1465.txt");

/// The pencil-mark grids of the layouts fixture (the first is top1465 #1 with every mark).
const PENCIL: &str = include_str!("../fixtures/layouts/pencil-marks.sudoku");

/// VS Code's client capabilities, as the extension's protocol test records them.
const VSCODE_CAPS: &str =
    include_str!("../editors/vscode/test/fixtures/vscode-client-capabilities.json");

fn top(n: usize) -> Vec<&'static str> {
    TOP.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .take(n)
        .collect()
}

/// The unique solution of the first puzzle of `text`.
fn solution(text: &str) -> Vec<u8> {
    let a = analyze(text, &Config::default());
    a.reports[0].solution.clone().expect("one solution")
}

async fn started(caps: Value) -> Lsp {
    let mut lsp = Lsp::start(json!({})).await;
    lsp.initialize(caps, None).await;
    lsp
}

/// The code action titled `prefix...` at a position, if offered.
/// The document symbols of `uri`, as the outline asks for them.
async fn document_symbols(lsp: &mut Lsp, uri: &str) -> Value {
    lsp.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    )
    .await
}

async fn action(lsp: &mut Lsp, uri: &str, line: u64, col: u64, prefix: &str) -> Option<Value> {
    let actions = lsp.code_actions(uri, line, col).await;
    actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"].as_str().unwrap().starts_with(prefix))
        .cloned()
}

/// The text edits of a code action's workspace edit (either form).
fn edits_of(action: &Value) -> Vec<Value> {
    let edit = &action["edit"];
    if let Some(dc) = edit["documentChanges"].as_array() {
        return dc[0]["edits"].as_array().unwrap().clone();
    }
    let changes = edit["changes"].as_object().unwrap();
    changes.values().next().unwrap().as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hint_names_a_technique_and_writes_nothing() {
    let mut lsp = started(serde_json::from_str(VSCODE_CAPS).unwrap()).await;
    let text = format!("{}\n", top(1)[0]);
    let uri = "untitled:hint.sudoku";
    lsp.open(uri, &text, 1).await;
    lsp.diagnostics(uri, Some(1)).await;
    let hint = action(&mut lsp, uri, 0, 3, "Hint: next step")
        .await
        .unwrap();
    assert_eq!(hint["kind"], "refactor.hint");
    assert!(hint.get("edit").is_none(), "{hint}");
    let command = &hint["command"];
    assert_eq!(command["command"], "sudoku.hint");
    let step = lsp
        .request(
            "workspace/executeCommand",
            json!({"command": "sudoku.hint", "arguments": command["arguments"]}),
        )
        .await;
    // The message and the marks reach the client before the answer (Emacs 28 leaves whatever
    // follows an answer unread until the server writes again).
    let before_answer = lsp.seen().split_last().unwrap().1;
    assert!(
        before_answer
            .iter()
            .any(|m| m["method"] == "window/showMessage"),
        "{before_answer:?}"
    );
    assert!(
        before_answer.iter().any(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["diagnostics"]
                    .as_array()
                    .is_some_and(|d| d.iter().any(|d| d["code"] == "hint"))
        }),
        "{before_answer:?}"
    );
    let technique = step["technique"].as_str().unwrap();
    assert!(!technique.is_empty());
    // The default nudge names the technique (as words) and where, not the digit.
    let message = step["message"].as_str().unwrap();
    let t = Technique::ALL.iter().find(|t| t.id() == technique).unwrap();
    assert!(
        message.contains(&technique_phrase(*t)),
        "{message} / {technique}"
    );
    assert!(!message.contains(':'), "{message}");
    let shown = lsp
        .next_matching(|m| m["method"] == "window/showMessage")
        .await;
    assert_eq!(shown["params"]["message"], message);
    // The cells that prove it are marked with hint diagnostics on the same version.
    let diags = lsp.diagnostics(uri, Some(1)).await;
    let hints: Vec<&Value> = diags.iter().filter(|d| d["code"] == "hint").collect();
    assert_eq!(hints.len(), step["cells"].as_array().unwrap().len());
    assert!(hints
        .iter()
        .all(|d| d["severity"] == 4 && d["message"] == message));
    assert!(!lsp
        .seen()
        .iter()
        .any(|m| m["method"] == "workspace/applyEdit"));
    // The next edit takes them away.
    lsp.change(uri, 2, json!([{"text": text.clone()}])).await;
    let diags = lsp.diagnostics(uri, Some(2)).await;
    assert!(diags.iter().all(|d| d["code"] != "hint"), "{diags:?}");
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_hint_says_the_whole_step() {
    let mut lsp = Lsp::start(json!({"hints": "full"})).await;
    lsp.initialize(
        json!({"workspace": {"configuration": true}}),
        Some(json!({"hints": "full"})),
    )
    .await;
    let text = format!("{}\n", top(2)[1]);
    let uri = "untitled:full.sudoku";
    lsp.open(uri, &text, 1).await;
    let step = lsp
        .request(
            "workspace/executeCommand",
            json!({"command": "sudoku.hint", "arguments": [{"uri": uri, "position": {"line": 0, "character": 0}}]}),
        )
        .await;
    let message = step["message"].as_str().unwrap();
    let explanation = step["explanation"].as_str().unwrap();
    assert!(message.ends_with(&format!(": {explanation}")), "{message}");
    assert!(lsp.shutdown_exit().await);
}

/// The filled cells of a one-liner.
fn filled(line: &str) -> usize {
    line.bytes()
        .filter(|b| b.is_ascii_digit() && *b != b'0')
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_applied_steps_place_only_true_digits() {
    let mut lsp = started(json!({"workspace": {"workspaceEdit": {"documentChanges": true}}})).await;
    for (k, puzzle) in top(3).into_iter().enumerate() {
        let uri = format!("untitled:apply{k}.sudoku");
        let mut text = format!("{puzzle}\n");
        let truth = solution(&text);
        lsp.open(&uri, &text, 1).await;
        for version in 2..7 {
            let applied = action(&mut lsp, &uri, 0, 0, "Apply next step: r")
                .await
                .unwrap();
            assert_eq!(applied["kind"], "refactor.rewrite");
            let before = filled(&text);
            text = apply_text_edits(&text, &edits_of(&applied));
            assert!(filled(&text) > before, "{applied}");
            for (cell, b) in text.bytes().take(81).enumerate() {
                if b.is_ascii_digit() {
                    assert_eq!(b - b'0', truth[cell], "cell {cell} after {applied}");
                }
            }
            lsp.change(&uri, version, json!([{"text": text.clone()}]))
                .await;
        }
        // Its diagnostics are still right: the puzzle still has exactly one solution.
        let diags = lsp.diagnostics(&uri, Some(6)).await;
        assert!(diags.is_empty(), "{diags:?}");
    }
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_apply_command_sends_the_edit() {
    let mut lsp = started(json!({})).await;
    let text = format!("{}\n", top(1)[0]);
    let uri = "untitled:command.sudoku";
    lsp.open(uri, &text, 1).await;
    let title = action(&mut lsp, uri, 0, 0, "Apply next step")
        .await
        .unwrap()["title"]
        .clone();
    let answer = lsp
        .request(
            "workspace/executeCommand",
            json!({"command": "sudoku.applyNextStep", "arguments": [{"uri": uri, "position": {"line": 0, "character": 0}}]}),
        )
        .await;
    assert_eq!(answer["title"], title);
    let request = lsp
        .next_matching(|m| m["method"] == "workspace/applyEdit")
        .await;
    let edits = request["params"]["edit"]["changes"][uri]
        .as_array()
        .unwrap();
    assert_eq!(edits.len(), 1);
    assert!(lsp.shutdown_exit().await);
}

/// The first pencil-mark grid of the fixture (top1465 #1) with its title.
fn pencil_grid() -> String {
    PENCIL
        .split("\n\n")
        .find(|p| p.contains("@title top1465 #1"))
        .unwrap()
        .to_string()
        + "\n"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_steps_in_a_pencil_mark_grid_keep_every_solution_digit_and_the_columns() {
    let mut lsp = started(json!({})).await;
    let plain = format!("{}\n", top(1)[0]);
    let truth = solution(&plain);
    let mut text = pencil_grid();
    let uri = "untitled:pencil.sudoku";
    lsp.open(uri, &text, 1).await;
    for version in 2..8 {
        let applied = action(&mut lsp, uri, 2, 3, "Apply next step: r")
            .await
            .unwrap();
        text = apply_text_edits(&text, &edits_of(&applied));
        let parsed = sudoku_lsp::syntax::parse(&text);
        let p = &parsed.puzzles[0];
        let marks = p.candidates().unwrap();
        for cell in 0..81 {
            let d = truth[cell];
            assert!(
                p.givens[cell] == d || (p.givens[cell] == 0 && marks[cell] & (1 << (d - 1)) != 0),
                "{} lost {d} after {}:\n{text}",
                p.shape.cell_name(cell),
                applied["title"]
            );
        }
        // Columns stay aligned: every line of the grid is as wide as the frame.
        let widths: Vec<usize> = text
            .lines()
            .skip(1)
            .filter(|l| !l.is_empty())
            .map(|l| l.chars().count())
            .collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{text}");
        lsp.change(uri, version, json!([{"text": text.clone()}]))
            .await;
    }
    let diags = lsp.diagnostics(uri, Some(7)).await;
    assert!(diags.is_empty(), "{diags:?}");
    assert!(lsp.shutdown_exit().await);
}

/// A file of `n` top1465 puzzles, then one with no solution and one with several.
fn collection(n: usize) -> String {
    let mut text = String::new();
    for p in top(n) {
        text.push_str(p);
        text.push('\n');
    }
    text.push_str("11.");
    text.push_str(&".".repeat(78));
    text.push('\n');
    text.push_str(&".".repeat(81));
    text.push('\n');
    text
}

/// `level · score` of each puzzle of `text`, as `sudoku-lsp explain --format json` rates it.
fn explained_levels(text: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("levels.sudoku");
    std::fs::write(&path, text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-lsp"))
        .args(["explain", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    doc["files"][0]["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            format!(
                "{} \u{b7} {}",
                p["level"].as_str().unwrap_or("-"),
                p["score"]
            )
        })
        .collect()
}

fn labels(hints: &Value) -> Vec<(u64, String)> {
    hints
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["position"]["line"].as_u64().unwrap(),
                h["label"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn inlay_hints_rate_as_explain_does_and_only_in_range() {
    let mut lsp = started(serde_json::from_str(VSCODE_CAPS).unwrap()).await;
    let n = 6;
    let text = collection(n);
    let uri = "untitled:levels.sudoku";
    lsp.open(uri, &text, 1).await;
    let hints = lsp
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": range(0, 0, n as u64 + 2, 0)}),
        )
        .await;
    let mut want: Vec<(u64, String)> = explained_levels(&text)[..n]
        .iter()
        .enumerate()
        .map(|(i, label)| (i as u64, label.clone()))
        .collect();
    want.push((n as u64, "no solution".into()));
    want.push((n as u64 + 1, "several solutions".into()));
    assert_eq!(labels(&hints), want);
    assert_eq!(hints[0]["position"]["character"], 81);
    assert_eq!(hints[0]["paddingLeft"], true);
    // Only the puzzles in the range asked for.
    let some = lsp
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": range(2, 0, 3, 81)}),
        )
        .await;
    assert_eq!(labels(&some), want[2..4].to_vec());
    // The outline shows the level once it is known, and one symbol per puzzle.
    let symbols = document_symbols(&mut lsp, uri).await;
    let symbols = symbols.as_array().unwrap();
    assert_eq!(symbols.len(), n + 2);
    let level = want[0].1.split(' ').next().unwrap();
    assert_eq!(symbols[0]["detail"], format!("9x9 \u{b7} {level}"));
    assert_eq!(symbols[n + 1]["detail"], "9x9");
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_without_inlay_hints_gets_code_lenses() {
    let mut lsp = Lsp::start(json!({})).await;
    let init = lsp.initialize(json!({}), None).await;
    assert_eq!(
        init["capabilities"]["codeLensProvider"]["resolveProvider"],
        true
    );
    assert_eq!(init["capabilities"]["inlayHintProvider"], true);
    let text = collection(2);
    let uri = "untitled:lens.sudoku";
    lsp.open(uri, &text, 1).await;
    let lenses = lsp
        .request(
            "textDocument/codeLens",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    let lenses = lenses.as_array().unwrap().clone();
    assert_eq!(lenses.len(), 4);
    assert_eq!(lenses[2]["command"]["title"], "no solution");
    assert!(lenses[0].get("command").is_none_or(Value::is_null));
    let resolved = lsp.request("codeLens/resolve", lenses[0].clone()).await;
    assert_eq!(resolved["command"]["title"], explained_levels(&text)[0]);
    assert!(lsp.shutdown_exit().await);

    // VS Code shows inlay hints: no code lens.
    let mut lsp = Lsp::start(json!({})).await;
    let caps = serde_json::from_str(VSCODE_CAPS).unwrap();
    let init = lsp.initialize(caps, None).await;
    assert!(init["capabilities"].get("codeLensProvider").is_none());
    assert!(lsp.shutdown_exit().await);
}

/// A file of every kind: a header paragraph, a grid with a comment, one-liners, a pencil grid.
fn mixed() -> String {
    format!(
        "# A mixed file\n@title Mixed\n@author someone\n\n\
         @title The classic\n\
         5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n\
         ------+-------+------\n\
         8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1  # a comment\n7 . . | . 2 . | . . 6\n\
         ------+-------+------\n\
         . 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n\n\
         {}\n{}  hard\n\n{}",
        top(2)[0],
        top(2)[1],
        pencil_grid()
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn symbols_and_folds_cover_every_puzzle() {
    let mut lsp = started(serde_json::from_str(VSCODE_CAPS).unwrap()).await;
    let text = mixed();
    let uri = "untitled:mixed.sudoku";
    lsp.open(uri, &text, 1).await;
    let symbols = document_symbols(&mut lsp, uri).await;
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    // The one-liners inherit the file's @title; the grids have their own.
    assert_eq!(names, ["The classic", "Mixed", "Mixed", "top1465"]);
    let folds = lsp
        .request(
            "textDocument/foldingRange",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    let spans: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    let first = text.lines().position(|l| l.starts_with("5 3")).unwrap() as u64;
    let pencil = text.lines().position(|l| l.starts_with(".---")).unwrap() as u64;
    assert_eq!(spans, [(0, 2), (first, first + 10), (pencil, pencil + 12)]);
    assert!(lsp.shutdown_exit().await);
}

/// Semantic tokens decoded to (line, start, length, type name).
fn decode(data: &Value, legend: &[Value]) -> Vec<(u64, u64, u64, String)> {
    let data: Vec<u64> = data
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let (mut line, mut col) = (0, 0);
    data.chunks(5)
        .map(|t| {
            if t[0] > 0 {
                col = 0;
            }
            line += t[0];
            col += t[1];
            (
                line,
                col,
                t[2],
                legend[t[3] as usize].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn semantic_tokens_cover_every_cell() {
    let mut lsp = Lsp::start(json!({})).await;
    let init = lsp.initialize(json!({}), None).await;
    let legend = init["capabilities"]["semanticTokensProvider"]["legend"]["tokenTypes"]
        .as_array()
        .unwrap()
        .clone();
    let text = mixed().replacen("6 . . | 1 9 5", "6 . ? | 1 9 5", 1);
    let uri = "untitled:tokens.sudoku";
    lsp.open(uri, &text, 1).await;
    let full = lsp
        .request(
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": uri}}),
        )
        .await;
    let tokens = decode(&full["data"], &legend);
    let analysis = analyze(&text, &Config::default());
    let index = sudoku_lsp::text::LineIndex::new(&text);
    let mut cells = 0;
    for p in &analysis.file.puzzles {
        for r in p.cells.iter() {
            let lc = index.line_col(&text, r.start, sudoku_lsp::text::ColumnUnit::Utf16);
            let t = tokens
                .iter()
                .find(|t| t.0 == u64::from(lc.line) && t.1 == u64::from(lc.col))
                .unwrap_or_else(|| panic!("no token at {lc:?}"));
            let kind = match &text[r.as_range()] {
                "." => "variable",
                "?" => "invalid",
                s if s.len() > 1 => "parameter",
                _ => "number",
            };
            assert_eq!(t.3, kind, "{lc:?}");
            cells += 1;
        }
    }
    assert_eq!(cells, 4 * 81);
    let kinds = |kind: &str| tokens.iter().filter(|t| t.3 == kind).count();
    // `# A mixed file`, `# a comment` and the pencil grid's title's `#1, ...`; four
    // directives; separators in every grid row.
    assert_eq!(kinds("comment"), 3);
    assert_eq!((kinds("keyword"), kinds("string")), (4, 4));
    assert!(kinds("operator") > 20);
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_says_why_a_cell_is_what_it_is() {
    let mut lsp = started(json!({})).await;
    let text = format!("{}\n", top(1)[0]);
    let uri = "untitled:hover.sudoku";
    lsp.open(uri, &text, 1).await;
    // r1c2, empty; r1c1 holds 4 and r1c5 holds 3.
    let h = lsp.hover(uri, 0, 1).await;
    let value = h["contents"]["value"].as_str().unwrap();
    let lines: Vec<&str> = value.lines().collect();
    assert!(lines[0].starts_with("Candidates: "), "{value}");
    assert!(lines[2].starts_with("Settled at step "), "{value}");
    assert!(lines.contains(&"- 3: r1c5"), "{value}");
    assert!(lines.iter().any(|l| l.starts_with("- 4: r1c1")), "{value}");
    assert!(!value.contains("Solution"), "{value}");
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_edits_with_inlay_hints_in_between() {
    let mut lsp = started(serde_json::from_str(VSCODE_CAPS).unwrap()).await;
    let text = collection(40);
    let uri = "untitled:burst.sudoku";
    lsp.open(uri, &text, 1).await;
    let line = top(40)[10];
    let col = line.find(|c: char| c.is_ascii_digit()).unwrap() as u64;
    let digit = &line[col as usize..col as usize + 1];
    let mut ids = Vec::new();
    for i in 0..20u64 {
        let version = 2 + i as i64;
        let new = if i % 2 == 0 { "." } else { digit };
        lsp.change(
            uri,
            version,
            json!([{"range": range(10, col, 10, col + 1), "text": new}]),
        )
        .await;
        let id = 1000 + i;
        ids.push(id);
        lsp.send(
            json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/inlayHint",
            "params": {"textDocument": {"uri": uri}, "range": range(0, 0, 50, 0)}}),
        )
        .await;
    }
    lsp.diagnostics(uri, Some(21)).await;
    for id in ids {
        let reply = lsp.next_matching(|m| m["id"] == id).await;
        match reply.get("error") {
            // A reply to a text that changed meanwhile.
            Some(e) => assert_eq!(e["code"], -32801, "{reply}"),
            None => assert!(reply["result"].is_array(), "{reply}"),
        }
    }
    let hints = lsp
        .request(
            "textDocument/inlayHint",
            json!({"textDocument": {"uri": uri}, "range": range(0, 0, 50, 0)}),
        )
        .await;
    assert_eq!(hints.as_array().unwrap().len(), 42);
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_has_one_symbol_per_row_named_by_its_id() {
    let mut lsp = started(serde_json::from_str(VSCODE_CAPS).unwrap()).await;
    let text = include_str!("../fixtures/formats/csv/bank-with-ids.csv");
    let uri = "untitled:bank.csv";
    lsp.open(uri, text, 1).await;
    let symbols = document_symbols(&mut lsp, uri).await;
    let symbols = symbols.as_array().unwrap();
    let rows = text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .count();
    assert_eq!(symbols.len(), rows, "{symbols:?}");
    assert_eq!(symbols[0]["name"], "a1");
    // Each symbol sits on its row (line 0 is the header).
    for (i, s) in symbols.iter().enumerate() {
        assert_eq!(s["selectionRange"]["start"]["line"], i as u64 + 1, "{s}");
    }
    assert!(lsp.shutdown_exit().await);
}
