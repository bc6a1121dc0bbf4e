//! The language server's document and range formatting, spoken to as an editor does (in the
//! style of `tests/lsp.rs`): the capabilities, edits only on the lines that change and never on
//! a paragraph with a syntax error, positions in UTF-16, and a range that formats only the
//! paragraphs it touches.

mod lsp_client;

use lsp_client::{apply_text_edits, Lsp};
use serde_json::{json, Value};

/// The classic puzzle, one character a cell, and as the default style writes it.
const PLAIN: &str = include_str!("data/fmt/classic.before.sudoku");
const SPACED: &str = include_str!("data/fmt/classic.after.sudoku");

/// A paragraph with a typo (`?`): left as it is.
const TYPO: &str = "@title typo\n53..7...?\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";

/// The document: a careless grid, the typo, then the classic puzzle drawn with box-drawing
/// lines and no line ending at the end, so the last edit ends at a UTF-16 column that is not
/// its byte offset.
fn document() -> String {
    let boxed = SPACED
        .replace(" | ", " │ ")
        .replace("------+-------+------", "──────┼───────┼──────");
    format!(
        "@title   Second\n{PLAIN}\n\n\n{TYPO}\n# box drawing ║ separators\n{}",
        boxed.trim_end()
    )
}

async fn started(uri: &str, text: &str) -> Lsp {
    let mut lsp = Lsp::start(json!({})).await;
    let init = lsp.initialize(json!({}), None).await;
    assert_eq!(init["capabilities"]["documentFormattingProvider"], true);
    assert_eq!(
        init["capabilities"]["documentRangeFormattingProvider"],
        true
    );
    lsp.open(uri, text, 1).await;
    lsp
}

fn edits(result: &Value) -> Vec<Value> {
    result.as_array().expect("a list of edits").clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn document_formatting_edits_only_the_changed_lines() {
    let uri = "untitled:format.sudoku";
    let text = document();
    let mut lsp = started(uri, &text).await;
    let params = json!({
        "textDocument": {"uri": uri},
        "options": {"tabSize": 4, "insertSpaces": true},
    });
    let result = lsp.request("textDocument/formatting", params).await;
    let list = edits(&result);
    // One edit for the careless grid and its directive, one for the box-drawn grid; the blank
    // lines between become one blank line (a third edit); the typo's paragraph gets none.
    assert_eq!(list.len(), 3, "{result}");
    let typo_first_line = 13;
    for e in &list {
        let (start, end) = (&e["range"]["start"]["line"], &e["range"]["end"]["line"]);
        let inside =
            |l: &Value| (typo_first_line..typo_first_line + 10).contains(&l.as_u64().unwrap());
        assert!(!inside(start) || !inside(end), "{e}");
    }
    let last = &list[2]["range"]["end"];
    assert_eq!(last["line"], 35);
    assert_eq!(last["character"], 21, "a UTF-16 column: `│` is one unit");
    assert_eq!(
        apply_text_edits(&text, &list),
        format!("@title Second\n{SPACED}\n{TYPO}\n# box drawing ║ separators\n{SPACED}")
    );
    assert!(lsp.shutdown_exit().await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn range_formatting_formats_the_paragraphs_the_range_touches() {
    let uri = "untitled:range.sudoku";
    let text = document();
    let mut lsp = started(uri, &text).await;
    let params = json!({
        "textDocument": {"uri": uri},
        "range": lsp_client::range(30, 2, 31, 0),
        "options": {"tabSize": 4, "insertSpaces": true},
    });
    let result = lsp.request("textDocument/rangeFormatting", params).await;
    let list = edits(&result);
    assert_eq!(list.len(), 1, "{result}");
    let expected = text.replacen(&text[text.find("# box").unwrap()..], "", 1)
        + "# box drawing ║ separators\n"
        + SPACED;
    assert_eq!(apply_text_edits(&text, &list), expected);
    // The typo's paragraph: no edit at all.
    let params = json!({
        "textDocument": {"uri": uri},
        "range": lsp_client::range(14, 0, 15, 3),
        "options": {"tabSize": 4, "insertSpaces": true},
    });
    let result = lsp.request("textDocument/rangeFormatting", params).await;
    assert_eq!(result, json!([]));
    assert!(lsp.shutdown_exit().await);
}

/// A table (docs/formats.md): its findings at the cell's line and column, no formatting edits,
/// and the fill action writes its solution column.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_csv_document_is_checked_in_place_and_never_formatted() {
    let uri = "untitled:bank.csv";
    let sound = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let clash = ".................1.....2.3......425...6.......17....8.....7...64...6....9..8...11";
    let text = format!("id,puzzle,solution\nx1,{sound},\nx2,{clash},\n");
    let mut lsp = started(uri, &text).await;
    let diagnostics = lsp.diagnostics(uri, None).await;
    let at: Vec<(u64, u64)> = diagnostics
        .iter()
        .map(|d| {
            assert_eq!(d["code"], "duplicate-digit", "{d}");
            let s = &d["range"]["start"];
            (
                s["line"].as_u64().unwrap(),
                s["character"].as_u64().unwrap(),
            )
        })
        .collect();
    // `x2,` then the cells: r2c9 is cell 17, r9c8 and r9c9 the last two.
    assert_eq!(at, [(2, 3 + 17), (2, 3 + 79), (2, 3 + 80)]);
    let params = json!({
        "textDocument": {"uri": uri},
        "options": {"tabSize": 4, "insertSpaces": true},
    });
    let result = lsp.request("textDocument/formatting", params).await;
    assert!(edits(&result).is_empty(), "{result}");
    let actions = lsp.code_actions(uri, 1, 10).await;
    let fill = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"] == "Fill in the solution")
        .unwrap_or_else(|| panic!("{actions}"));
    let changes = fill["edit"]["changes"][uri].as_array().unwrap();
    let filled = apply_text_edits(&text, changes);
    assert!(
        filled.starts_with(&format!("id,puzzle,solution\nx1,{sound},953168742")),
        "{filled}"
    );
    assert!(lsp.shutdown_exit().await);
}
