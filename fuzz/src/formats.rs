//! The `formats` target: any bytes read as each of the other formats (CSV/TSV, bank lines,
//! `.sdk`, `.sdm`, `.sdx`, `.ss`, OpenSudoku XML, HoDoKu lines: every format but `.sudoku`) and
//! as a file whose format its text decides. No panic, no hang, the light
//! invariants of every analysis, every cell and solution slot a range of the text, and filling
//! in a table's solutions leaves text that reads again.

use sudoku_lsp::analysis::fill::fill_text;
use sudoku_lsp::analysis::{analyze_as, analyze_file};
use sudoku_lsp::syntax::formats::{Format, Reading};
use sudoku_lsp::Config;

use crate::{check_analysis, check_range};

pub fn formats(data: &[u8]) {
    let config = Config::default();
    let detected = analyze_file(data, None, None, &config);
    let text = String::from_utf8_lossy(data);
    if let Ok(t) = std::str::from_utf8(data) {
        if !t.starts_with('\u{feff}') {
            check_analysis(t, &detected);
        }
    }
    let readings = Format::ALL
        .into_iter()
        .filter(|&f| f != Format::Sudoku)
        .map(|format| (format, None))
        .chain([(Format::Csv, Some(b'\t'))]);
    for (format, delimiter) in readings {
        let reading = Reading {
            format,
            delimiter,
            chosen: true,
        };
        let a = analyze_as(&text, reading, &config);
        check_analysis(&text, &a);
        for p in &a.file.puzzles {
            assert_eq!(p.cells.len(), p.shape.cells(), "one range a cell");
            for r in p.cells.iter() {
                check_range(&text, r, "cell");
            }
            if let Some(pm) = &p.pencil {
                assert_eq!(pm.candidates.len(), p.shape.cells(), "one mark set a cell");
                assert!(
                    pm.placed.is_empty() || pm.placed.len() == p.shape.cells(),
                    "placed flags for every cell or none"
                );
            }
            if let Some(slot) = &p.slot {
                check_range(&text, slot.range, "solution slot");
                if let Some(end) = slot.header_end {
                    assert!(end <= text.len() && text.is_char_boundary(end));
                }
            }
        }
        let filled = fill_text(&text, &a);
        let again = analyze_as(&filled.text, reading, &config);
        check_analysis(&filled.text, &again);
    }
}
