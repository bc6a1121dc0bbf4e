//! Random bytes and random edits of valid files: the reader never panics, and every range it
//! returns is in bounds, ordered and on character boundaries. A tiny xorshift generator with
//! fixed seeds keeps the runs reproducible without a dependency.

use super::*;

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const SEEDS: &[&str] = &[
    "# comment\n@title T\n@source s\n8..|...|...\n..3|6..|...\n.7.|.9.|2..\n---+---+---\n.5.|..7|...\n...|.45|7..\n...|1..|.3.\n---+---+---\n..1|...|.68\n..8|5..|.1.\n.9.|...|4..\n\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......  # 17\n52...6.........7.13...........4..8..6......5...........418.........3..2...87.....  ED=11.9\n",
    "╔═══╤═══╗\r\n║ 1 2 │ 3 4 ║\r\n║ 3 4 │ 1 2 ║\r\n╟───┼───╢\r\n║ 2 1 │ 4 3 ║\r\n║ 4 3 │ 2 . ║\r\n╚═══╧═══╝\r\n",
    "@size 16\n@box 4x4\n10 . 3 16 . . . . . . . . . . . 1\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n\n@symbols ABCDEF\n@box 3x2\nABCDEF\n......\n\n1234341221434321 r=1\n",
    ".---------.---------.\n| 1  234 | 34   2  |\n| 34 2   | 1    34 |\n:---------+---------:\n| 2  134 | 0    1  |\n| 4  1   | 23   .  |\n'---------'---------'\n\n@candidates\n1...12341234123412341234123412341234123412341234123412341234...4\n",
    "@allow multiple-solutions\n\n123456\n456123\n231564\n564231\n312645\n645312\n// not a comment here\n@bogus\n",
];

/// Characters that matter to the reader, plus a few multi-byte ones.
const ALPHABET: &[char] = &[
    '1', '2', '9', '0', 'A', 'g', 'Z', '.', '-', '_', 'x', '*', '|', ',', '+', '=', ':', ' ', '\t',
    '\n', '\r', '#', '/', '@', '─', '║', '│', '═', 'é', '𝄞', '\u{feff}', '\u{3000}', '\u{a0}',
];

fn check_range(text: &str, r: TextRange, what: &str) {
    assert!(r.start <= r.end, "{what}: inverted {r:?}");
    assert!(r.end <= text.len(), "{what}: {r:?} past {}", text.len());
    assert!(
        text.is_char_boundary(r.start) && text.is_char_boundary(r.end),
        "{what}: {r:?} splits a character"
    );
}

/// Parses and checks every invariant of the result.
fn check(text: &str) {
    let f = parse(text);
    for (i, p) in f.puzzles.iter().enumerate() {
        let n = p.shape.size;
        assert_eq!(p.index, i);
        assert_eq!(p.cells.len(), n * n);
        assert_eq!(p.givens.len(), n * n);
        assert_eq!(p.numbered_rows.len(), n);
        assert_eq!(p.alphabet.symbols.len(), n);
        assert_eq!(p.shape.box_rows * p.shape.box_cols, n);
        assert!(p.givens.iter().all(|&v| (v as usize) <= n));
        for c in p.cells.iter() {
            check_range(text, c, "cell");
        }
        check_range(text, p.first_line, "first_line");
        check_range(text, p.range, "range");
        if let Some(t) = p.trailing {
            check_range(text, t, "trailing");
        }
        for d in &p.directives.all {
            check_range(text, d.range, "directive");
            check_range(text, d.value_range, "directive value");
        }
    }
    for x in &f.findings {
        check_range(text, x.range, x.code.as_str());
        for r in &x.related {
            check_range(text, r.range, "related");
        }
        if let Some(i) = x.puzzle {
            assert!(i < f.puzzles.len());
        }
    }
}

#[test]
fn random_edits_of_valid_files_never_panic() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for round in 0..4000 {
        let seed = SEEDS[round % SEEDS.len()];
        let mut chars: Vec<char> = seed.chars().collect();
        let edits = 1 + rng.below(6);
        for _ in 0..edits {
            let at = rng.below(chars.len() + 1);
            match rng.below(5) {
                0 => chars.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
                1 if at < chars.len() => {
                    let end = (at + 1 + rng.below(12)).min(chars.len());
                    chars.drain(at..end);
                }
                2 if at < chars.len() => chars[at] = ALPHABET[rng.below(ALPHABET.len())],
                3 => {
                    let from = rng.below(chars.len());
                    let end = (from + rng.below(40)).min(chars.len());
                    let piece: Vec<char> = chars[from..end].to_vec();
                    chars.splice(at..at, piece);
                }
                _ => {
                    let c = char::from_u32(rng.next() as u32 % 0x3000).unwrap_or('?');
                    chars.insert(at, c);
                }
            }
        }
        let text: String = chars.into_iter().collect();
        check(&text);
    }
}

const ASCII: &[u8] = b" .123456789|-+\n\r#@x\tAG0,";

#[test]
fn random_bytes_never_panic() {
    let mut rng = XorShift(0xD1B5_4A32_D192_ED03);
    for _ in 0..3000 {
        let len = rng.below(300);
        // Half the inputs are drawn from ASCII so that some of them decode.
        let ascii = rng.below(2) == 0;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let b = rng.next() as u8;
                if ascii {
                    ASCII[b as usize % ASCII.len()]
                } else {
                    b
                }
            })
            .collect();
        match decode(&bytes) {
            Ok((text, skip)) => {
                assert!(skip == 0 || skip == 3);
                check(text);
            }
            Err(f) => assert_eq!(f.code, crate::finding::Code::Encoding),
        }
    }
}

#[test]
fn huge_inputs_stay_linear() {
    // A single 2 MB line and many short lines: each must parse quickly, whatever they hold.
    let line: String = "123456789.".repeat(200_000);
    let start = std::time::Instant::now();
    check(&line);
    let spaced: String = "1 2 . ".repeat(350_000);
    check(&spaced);
    let lines: String = "1234\n".repeat(200_000);
    check(&lines);
    let noise: String = "hello world\n".repeat(50_000);
    let f = parse(&noise);
    assert_eq!(
        f.findings
            .iter()
            .filter(|f| f.code == crate::finding::Code::UnrecognizedLine)
            .count(),
        1001,
        "the first thousand are listed, then one summary"
    );
    // Generous even for a debug build on a loaded machine; quadratic behaviour takes minutes.
    assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
}
