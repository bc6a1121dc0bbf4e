//! Puzzle files written in other notations than `.sudoku`: delimited tables (CSV/TSV), bank
//! lines (`<hex id> <cells> [<rating>]`), SadMan/SudoCue `.sdk`, `.sdm` and `.sdx`, Simple
//! Sudoku `.ss`, OpenSudoku XML and HoDoKu library lines. Each reader turns
//! its notation into the same [`ParsedFile`] the `.sudoku` reader gives, every cell keeping
//! the range of its bytes in the source, so every check, hover and fix works unchanged.
//!
//! Which reader reads a file: its extension when it names a format ([`Format::of_path`]),
//! else what the text looks like ([`detect`]); `--from` overrides both. Before any of them,
//! [`not_a_puzzle_file`] turns away what is plainly something else (JSON, HTML, XML, images,
//! binary files) with one finding. docs/formats.md is the contract.

mod bank;
mod build;
mod hodoku;
mod opensudoku;
mod sdk;
mod sdx;
mod sniff;
mod ss;
mod table;
#[cfg(test)]
mod tests;

use std::path::Path;

use super::reader::Reader;
use super::src::Src;
use super::{Directive, ParsedFile};
use crate::text::TextRange;

pub use hodoku::FIELDS as HODOKU_FIELDS;
pub use sniff::not_a_puzzle_file;
pub use table::{columns_of, has_puzzle_header, CsvColumns, SolutionSlot, TableStream};

/// A notation a puzzle file can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The `.sudoku` format (docs/format.md): grids, one-liners, pencil marks, directives.
    Sudoku,
    /// A delimited table: `,`, `;` or tab between fields, RFC 4180 quoting.
    Csv,
    /// Bank lines: `<hex id> <cells> [<rating>]`.
    Bank,
    /// SadMan/SudoCue `.sdk`: `#X` metadata lines, an optional `[Puzzle]` line, a grid.
    Sdk,
    /// SadMan `.sdm`: one puzzle a line.
    Sdm,
    /// SudoCue `.sdx`: a game in progress, rows of space-separated tokens.
    Sdx,
    /// Simple Sudoku `.ss`: a boxed grid, then `I` (placed) and `E` (removed candidate) lines.
    Ss,
    /// OpenSudoku XML: games in folders, plain or with notes and editable cells.
    OpenSudoku,
    /// HoDoKu library lines: `:TTTT:d:cells:deleted:eliminations:extra`.
    Hodoku,
}

impl Format {
    /// Every format, in the order `--from` lists them.
    pub const ALL: [Format; 9] = [
        Format::Sudoku,
        Format::Csv,
        Format::Bank,
        Format::Sdk,
        Format::Sdm,
        Format::Sdx,
        Format::Ss,
        Format::OpenSudoku,
        Format::Hodoku,
    ];

    /// The name `--from` and the docs use.
    pub fn name(self) -> &'static str {
        match self {
            Format::Sudoku => "sudoku",
            Format::Csv => "csv",
            Format::Bank => "bank",
            Format::Sdk => "sdk",
            Format::Sdm => "sdm",
            Format::Sdx => "sdx",
            Format::Ss => "ss",
            Format::OpenSudoku => "opensudoku",
            Format::Hodoku => "hodoku",
        }
    }

    /// The format a name stands for, any case (`tsv` is read as `csv`; the delimiter is found
    /// in the text): what `--from` and the `[files]` table of `sudoku-lsp.toml` accept.
    pub fn from_name(name: &str) -> Option<Format> {
        let name = name.to_ascii_lowercase();
        match name.as_str() {
            "tsv" => Some(Format::Csv),
            _ => Format::ALL.into_iter().find(|f| f.name() == name),
        }
    }

    /// The format an extension names (`sudoku`, `csv`, `tsv`, `sdk`, `sdm`, `sdx`, `ss`,
    /// `opensudoku`), or `None`: then the text decides ([`detect`]).
    pub fn of_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "sudoku" => Some(Format::Sudoku),
            "csv" | "tsv" => Some(Format::Csv),
            "sdk" => Some(Format::Sdk),
            "sdm" => Some(Format::Sdm),
            "sdx" => Some(Format::Sdx),
            "ss" => Some(Format::Ss),
            "opensudoku" => Some(Format::OpenSudoku),
            _ => None,
        }
    }

    /// Whether `path` has a `.tsv` extension (tab-delimited whatever the first line holds).
    fn is_tsv(path: Option<&Path>) -> bool {
        path.and_then(|p| p.extension())
            .is_some_and(|e| e.eq_ignore_ascii_case("tsv"))
    }
}

/// How a file is to be read: its format, and for a table the delimiter its extension fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    pub format: Format,
    /// `Some(b'\t')` for a `.tsv` file; `None`: found from the first line.
    pub delimiter: Option<u8>,
    /// True when an extension or `--from` chose the format, false when the text did: only an
    /// unchosen format is checked for not being a puzzle file at all, so a `.sudoku` file reads
    /// exactly as it always has.
    pub chosen: bool,
}

impl Reading {
    /// The `.sudoku` reading, as chosen by a `.sudoku` extension.
    pub const SUDOKU: Reading = Reading {
        format: Format::Sudoku,
        delimiter: None,
        chosen: true,
    };

    /// How to read the file at `path` (stdin: `None`) whose text is `text`: `from` (the
    /// command line's `--from`) when given, else the extension, else [`detect`].
    pub fn decide(from: Option<Format>, path: Option<&Path>, text: &str) -> Reading {
        let delimiter = Format::is_tsv(path).then_some(b'\t');
        match from.or_else(|| path.and_then(Format::of_path)) {
            Some(format) => Reading {
                format,
                delimiter,
                chosen: true,
            },
            None => Reading {
                format: detect(text),
                delimiter,
                chosen: false,
            },
        }
    }
}

/// The format of a text whose name does not say (another extension, stdin), tried in the order
/// docs/formats.md gives: an `<opensudoku` XML root, a delimited table whose header names a
/// puzzle column, bank lines, HoDoKu library lines, else `.sudoku`.
pub fn detect(text: &str) -> Format {
    if opensudoku::looks_like_opensudoku(text) {
        Format::OpenSudoku
    } else if table::has_puzzle_header(text) {
        Format::Csv
    } else if bank::looks_like_bank(text) {
        Format::Bank
    } else if hodoku::looks_like_hodoku(text) {
        Format::Hodoku
    } else {
        Format::Sudoku
    }
}

/// Reads `text` as `reading` says. Never fails: what cannot be read becomes a finding, as in
/// [`super::parse`].
pub fn parse_as(text: &str, reading: Reading) -> ParsedFile {
    match reading.format {
        Format::Sudoku | Format::Sdm => super::parse(text),
        Format::Csv => table::parse(text, reading.delimiter),
        Format::Bank => bank::parse(text),
        Format::Sdk => sdk::parse(text),
        Format::Sdx => sdx::parse(text),
        Format::Ss => ss::parse(text),
        Format::OpenSudoku => opensudoku::parse(text),
        Format::Hodoku => hodoku::parse(text),
    }
}

/// A directive made from a field of another format (a CSV column, an `.sdk` `#A` line): `value`
/// is the text at `value_range`, `range` the field as written.
fn field_directive(text: &str, key: &str, range: TextRange, value_range: TextRange) -> Directive {
    Directive {
        key: key.to_string(),
        value: text
            .get(value_range.as_range())
            .unwrap_or("")
            .trim()
            .to_string(),
        range,
        value_range,
    }
}

/// A `@meta KEY VALUE` directive: a field the format carries that `.sudoku` has no key for.
fn meta_directive(key: &str, value: &str, range: TextRange) -> Directive {
    Directive {
        key: "meta".to_string(),
        value: format!("{} {}", key.trim(), value.trim()),
        range,
        value_range: range,
    }
}

/// Whether `value` names one of the five levels (`easy` ... `extreme`, any case): a declared
/// level; any other value is kept as metadata.
fn is_our_level(value: &str) -> bool {
    crate::logic::Level::ALL
        .iter()
        .any(|l| l.as_str().eq_ignore_ascii_case(value.trim()))
}

/// A reader over a whole text, for the readers of this module.
fn reader(text: &str) -> Reader<'_> {
    Reader::start(Src::whole(text))
}
