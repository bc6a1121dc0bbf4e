//! The alphabet of a puzzle and what each character of a cell means under it: the public
//! [`Alphabet`], the lookup [`Table`] the readers read cells through (built once per alphabet and
//! shared through a [`TableCache`], so a collection of a million one-liners does not scan its
//! alphabet for every cell), and the `invalid-symbol` finding for a character that is no cell.

use std::rc::Rc;
use std::sync::{Arc, OnceLock};

use super::lines::is_blank;
use super::Puzzle;
use crate::finding::{Code, Finding, Severity};
use crate::text::TextRange;

/// The symbols of a puzzle in value order: `symbols[d - 1]` writes digit `d`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    /// Shared: a collection's million puzzles hold one or two alphabets between them.
    pub symbols: Arc<[char]>,
}

/// The widest default alphabet.
const DEFAULT_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

impl Alphabet {
    /// The alphabet of `symbols`, in value order.
    pub fn new(symbols: &[char]) -> Self {
        Alphabet {
            symbols: symbols.into(),
        }
    }

    /// `1`-`9` then `A`-`Z`, the first `n` of them (built once per `n`).
    pub fn default_for(n: usize) -> Self {
        static DEFAULTS: OnceLock<Vec<Arc<[char]>>> = OnceLock::new();
        let all = DEFAULTS.get_or_init(|| {
            (0..=DEFAULT_SYMBOLS.len())
                .map(|k| DEFAULT_SYMBOLS.chars().take(k).collect())
                .collect()
        });
        let symbols = all
            .get(n)
            .or(all.last())
            .map_or_else(|| Arc::from([]), Arc::clone);
        Alphabet { symbols }
    }

    /// The digit a symbol stands for (letters case-insensitive), or `None`.
    pub fn value_of(&self, ch: char) -> Option<u8> {
        self.symbols
            .iter()
            .position(|&s| s == ch || s.eq_ignore_ascii_case(&ch))
            .map(|i| i as u8 + 1)
    }

    /// [`Alphabet::value_of`] of every ASCII character, 0 for none (a table for a caller
    /// reading many characters, such as a row's recorded solution).
    pub fn ascii_values(&self) -> [u8; 128] {
        let mut ascii = [0u8; 128];
        // In reverse, so that the first symbol a character matches wins, as in `value_of`.
        for (i, &s) in self.symbols.iter().enumerate().rev() {
            if s.is_ascii() && i < 255 {
                ascii[s.to_ascii_lowercase() as usize] = i as u8 + 1;
                ascii[s.to_ascii_uppercase() as usize] = i as u8 + 1;
            }
        }
        ascii
    }

    /// The character that writes digit `d` (1-based); `?` when out of range.
    pub fn symbol(&self, d: u8) -> char {
        self.symbols
            .get((d as usize).wrapping_sub(1))
            .copied()
            .unwrap_or('?')
    }

    /// Writes a grid's values on one line in this alphabet (`.` for an empty cell).
    pub fn line(&self, values: &[u8]) -> String {
        if self.symbols.iter().all(char::is_ascii) {
            // Every alphabet but the rarest: one byte a cell through a table, no encoding.
            let mut table = [b'?'; 256];
            table[0] = b'.';
            for (i, &ch) in self.symbols.iter().enumerate().take(255) {
                table[i + 1] = ch as u8;
            }
            let bytes: Vec<u8> = values.iter().map(|&v| table[v as usize]).collect();
            return String::from_utf8(bytes).unwrap_or_default();
        }
        values
            .iter()
            .map(|&v| if v == 0 { '.' } else { self.symbol(v) })
            .collect()
    }
}

/// What one cell's text stands for.
pub(super) enum CellText {
    /// A symbol: the digit it writes.
    Given(u8),
    /// A blank (`.`, `0` when it is no symbol, ...): an empty cell.
    Blank,
    /// Neither: an `invalid-symbol`, read as an empty cell.
    Invalid,
}

/// A character's meaning in a puzzle, looked up in a table built once per alphabet: a symbol
/// of its alphabet first (so `0` or `x` may be symbols), then a blank, else invalid. The table
/// spares the 2-million-line collection a scan of the alphabet for every cell.
pub(super) struct Table {
    /// The code of each ASCII character: a digit, [`T_BLANK`] or [`T_INVALID`].
    ascii: [u8; 128],
    /// Symbols outside ASCII, which are rare: looked up by scanning.
    other: Vec<(char, u8)>,
}

/// The codes in [`Table::ascii`] that are no digit (digits stop at 35, the widest alphabet).
const T_BLANK: u8 = 254;
const T_INVALID: u8 = 255;

impl Table {
    pub(super) fn new(alphabet: &Alphabet) -> Table {
        let mut ascii = [T_INVALID; 128];
        for b in 0..128u8 {
            if is_blank(b as char) {
                ascii[b as usize] = T_BLANK;
            }
        }
        let mut other = Vec::new();
        for (i, &ch) in alphabet.symbols.iter().enumerate() {
            let v = (i + 1) as u8;
            if ch.is_ascii() {
                ascii[ch.to_ascii_lowercase() as usize] = v;
                ascii[ch.to_ascii_uppercase() as usize] = v;
            } else {
                other.push((ch, v));
            }
        }
        Table { ascii, other }
    }

    pub(super) fn get(&self, ch: char) -> CellText {
        let code = match self.ascii.get(ch as usize) {
            Some(&c) => c,
            None => self
                .other
                .iter()
                .find(|&&(s, _)| s == ch)
                .map_or(T_INVALID, |&(_, v)| v),
        };
        match code {
            T_BLANK => CellText::Blank,
            T_INVALID => CellText::Invalid,
            v => CellText::Given(v),
        }
    }

    pub(super) fn valid(&self, ch: char) -> bool {
        !matches!(self.get(ch), CellText::Invalid)
    }

    /// [`Table::get`] for a byte of a plain line (digits and dots, one byte a cell), which is
    /// always ASCII: straight through the table, with no character decoded.
    pub(super) fn get_byte(&self, b: u8) -> CellText {
        match self.ascii.get(b as usize).copied().unwrap_or(T_INVALID) {
            T_BLANK => CellText::Blank,
            T_INVALID => CellText::Invalid,
            v => CellText::Given(v),
        }
    }
}

/// The tables of the alphabets seen lately: a collection's million one-liners share one or two
/// alphabets, so each table is built once and handed out again.
#[derive(Default)]
pub(super) struct TableCache {
    tables: Vec<(Arc<[char]>, Rc<Table>)>,
}

impl TableCache {
    /// How many tables are kept; the oldest goes first.
    const KEPT: usize = 8;

    /// The lookup table of an alphabet, built once per alphabet.
    pub(super) fn get(&mut self, alphabet: &Alphabet) -> Rc<Table> {
        if let Some((_, t)) = self
            .tables
            .iter()
            .find(|(a, _)| Arc::ptr_eq(a, &alphabet.symbols) || **a == *alphabet.symbols)
        {
            return Rc::clone(t);
        }
        let t = Rc::new(Table::new(alphabet));
        if self.tables.len() >= Self::KEPT {
            self.tables.remove(0);
        }
        self.tables.push((alphabet.symbols.clone(), Rc::clone(&t)));
        t
    }
}

/// The `invalid-symbol` finding for a character of a one-liner that is no cell of its puzzle.
pub(super) fn invalid_symbol(p: &Puzzle, cell: usize, ch: char, range: TextRange) -> Finding {
    invalid_symbol_text(p, cell, &ch.to_string(), range, false)
}

/// The `invalid-symbol` finding for the text `written` of a cell that is no cell of its puzzle:
/// the expected symbols are listed, or the range of numbers when the row is `number`ed.
pub(super) fn invalid_symbol_text(
    p: &Puzzle,
    cell: usize,
    written: &str,
    range: TextRange,
    number: bool,
) -> Finding {
    let n = p.shape.size;
    let name = p.shape.cell_name(cell);
    let expected = if number {
        format!("a number from 1 to {n} or a blank")
    } else {
        let syms = &p.alphabet.symbols;
        let list = match (syms.first(), syms.last()) {
            (Some(a), Some(b))
                if syms.iter().collect::<String>()
                    == Alphabet::default_for(n).symbols.iter().collect::<String>() =>
            {
                format!("{a}-{b}")
            }
            _ => syms.iter().collect(),
        };
        format!("a symbol ({list}) or a blank (. 0 _ - x *)")
    };
    let shown: String = written.chars().take(8).collect();
    let mut f = Finding::new(
        Code::InvalidSymbol,
        range,
        format!("`{shown}` in {name} is not a cell of this {n}x{n} puzzle: expected {expected}; it is read as an empty cell"),
    )
    .in_puzzle(p.index);
    f.severity = Severity::Error;
    f
}

#[cfg(test)]
mod tests {
    use super::Alphabet;

    #[test]
    fn the_table_of_values_reads_every_ascii_character_as_value_of_does() {
        let alphabets = [
            Alphabet::default_for(9),
            Alphabet::default_for(25),
            Alphabet::new(&['a', 'B', 'c', 'd']),
            Alphabet::new(&['x', 'X', 'é', '☆']),
        ];
        for a in &alphabets {
            let values = a.ascii_values();
            for ch in (0..128u8).map(char::from) {
                let v = Some(values[ch as usize]).filter(|&v| v != 0);
                assert_eq!(v, a.value_of(ch), "{ch:?} in {:?}", a.symbols);
            }
        }
    }
}
