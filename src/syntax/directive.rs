//! `@key value` directives: reading them, checking their values, and the rating rule.

use super::src::Src;
use super::Directive;
use crate::finding::{Code, Finding};
use crate::grid::SIZES;
use crate::text::TextRange;

use super::lines::is_space;

/// The keys the format defines (docs/format.md#keys).
pub(super) const KEYS: [&str; 15] = [
    "title",
    "author",
    "source",
    "url",
    "date",
    "id",
    "tags",
    "level",
    "rating",
    "size",
    "box",
    "symbols",
    "solution",
    "allow",
    "candidates",
];

/// Reads a directive from a line whose body starts with `@`.
pub(super) fn read(text: Src<'_>, full: TextRange, body: TextRange) -> Directive {
    let s = text.get(body.as_range()).unwrap_or("");
    let after_at = s.get(1..).unwrap_or("");
    let key_len = after_at.find(is_space).unwrap_or(after_at.len());
    let key = after_at[..key_len].to_lowercase();
    let rest = &after_at[key_len..];
    let lead = rest.len() - rest.trim_start_matches(is_space).len();
    let value = rest.trim_matches(is_space);
    let value_start = body.start + 1 + key_len + lead;
    let value_range = TextRange::new(
        value_start.min(body.end),
        (value_start + value.len()).min(body.end),
    );
    Directive {
        key,
        value: value.to_string(),
        range: full,
        value_range,
    }
}

/// The range of `@key` in a directive's line.
pub(super) fn key_range(text: Src<'_>, d: &Directive) -> TextRange {
    let s = text.get(d.range.as_range()).unwrap_or("");
    let lead = s.len() - s.trim_start_matches(is_space).len();
    let rest = &s[lead..];
    let len = rest.find(is_space).unwrap_or(rest.len());
    TextRange::new(d.range.start + lead, d.range.start + lead + len)
}

/// The `unknown-directive` finding for a directive whose key this format does not define, or
/// whose value has no form its key accepts (`@size 7`, `@box 2-3`); `None` for a good one. A
/// value that is well formed but does not fit its puzzle is found later, when the puzzle's
/// size is known (see `settings.rs`).
pub(super) fn form_finding(text: Src<'_>, d: &Directive) -> Option<Finding> {
    match d.key.as_str() {
        "" => Some(Finding::new(
            Code::UnknownDirective,
            key_range(text, d),
            "a directive needs a key right after `@` (`@title`, `@size`, ...)",
        )),
        // `@meta NAME VALUE`: a field of another format that has no key here
        // (docs/formats.md#metadata).
        "meta" if d.value.split_whitespace().next().is_none() => Some(Finding::new(
            Code::UnknownDirective,
            key_range(text, d),
            "`@meta` takes a name and a value: `@meta NAME VALUE`",
        )),
        "meta" => None,
        k if !KEYS.contains(&k) => Some(Finding::new(
            Code::UnknownDirective,
            key_range(text, d),
            format!(
                "`@{k}` is not a directive of the .sudoku format (known: {})",
                KEYS.join(", ")
            ),
        )),
        "size" if size(&d.value).is_none() => Some(Finding::new(
            Code::UnknownDirective,
            d.value_range,
            format!(
                "`@size {}` is not understood: a size is 4, 6, 8, 9, 12, 16 or 25, written `9` or `9x9`; the size is read from the grid instead",
                d.value
            ),
        )),
        "box" if box_shape(&d.value).is_none() => Some(Finding::new(
            Code::UnknownDirective,
            d.value_range,
            format!(
                "`@box {}` is not understood: write the rows and columns of one box, e.g. `@box 2x3`, for a supported size; the default boxes are used",
                d.value
            ),
        )),
        "candidates" if !d.value.is_empty() => Some(Finding::new(
            Code::UnknownDirective,
            d.value_range,
            "`@candidates` takes no value: it marks the next puzzle as pencil marks; the value is ignored",
        )),
        "symbols" => symbols(&d.value).err().map(|why| {
            Finding::new(
                Code::UnknownDirective,
                d.value_range,
                format!("`@symbols {}` is not understood: {why}; the default symbols are used", d.value),
            )
        }),
        _ => None,
    }
}

/// Splits `6x6`, `2x3`, `2 x 3`, `2×3` into two numbers.
fn pair(v: &str) -> Option<(usize, usize)> {
    let v = v.trim_matches(is_space);
    let (a, b) = v.split_once(['x', 'X', '×', '*'])?;
    let a = a.trim_matches(is_space).parse().ok()?;
    let b = b.trim_matches(is_space).parse().ok()?;
    Some((a, b))
}

/// `@size`: `9`, `9x9`. `None` for anything that is not a supported size.
pub(super) fn size(v: &str) -> Option<usize> {
    let n = match pair(v) {
        Some((a, b)) if a == b => a,
        Some(_) => return None,
        None => v.trim_matches(is_space).parse().ok()?,
    };
    SIZES.contains(&n).then_some(n)
}

/// `@box RxC`: rows and columns of a box whose area is a supported size.
pub(super) fn box_shape(v: &str) -> Option<(usize, usize)> {
    let (r, c) = pair(v)?;
    (r >= 1 && c >= 1 && r.checked_mul(c).is_some_and(|n| SIZES.contains(&n))).then_some((r, c))
}

/// `@symbols`: the alphabet in value order, spaces and commas ignored, letters upper-cased.
/// The error says what is wrong, for the message.
pub(super) fn symbols(v: &str) -> Result<Vec<char>, String> {
    let mut out: Vec<char> = Vec::new();
    for ch in v.chars().filter(|&c| !is_space(c) && c != ',') {
        if matches!(ch, '.' | '|' | '#' | '│' | '┃' | '║') {
            return Err(format!(
                "`{ch}` cannot be a symbol: it is a blank or a separator"
            ));
        }
        let ch = ch.to_ascii_uppercase();
        if out.contains(&ch) {
            return Err(format!("`{ch}` is listed twice"));
        }
        if out.len() > 25 {
            break;
        }
        out.push(ch);
    }
    if SIZES.contains(&out.len()) {
        Ok(out)
    } else {
        Err(format!(
            "it lists {} symbols; a puzzle has 4, 6, 8, 9, 12, 16 or 25",
            if out.len() > 25 {
                "more than 25".to_string()
            } else {
                out.len().to_string()
            }
        ))
    }
}

/// Finds a rating in a one-liner's trailing field: the first whitespace-separated token that is
/// either `KEY=VALUE` / `KEY:VALUE` with a rating key (`rating`, `r`, `se`, `er`, `ep`, `ed`,
/// `diff`, `difficulty`, any case) and a non-empty value, or a bare decimal number below 100,
/// optionally `/`-separated (`11.9`, `11.9/11.9/10.5`, the Sudoku Explainer triple). Bare
/// integers are taken as ids or counters, and `id=2` is not a rating. Returns the range of the
/// rating value.
pub(super) fn rating_in(text: Src<'_>, trailing: TextRange) -> Option<TextRange> {
    let s = text.get(trailing.as_range())?;
    let tokens = tokens(s);
    for (start, tok) in tokens {
        if let Some(i) = tok.find(['=', ':']) {
            let key = tok[..i].to_ascii_lowercase();
            let value = &tok[i + 1..];
            if !value.is_empty()
                && matches!(
                    key.as_str(),
                    "rating" | "r" | "se" | "er" | "ep" | "ed" | "diff" | "difficulty"
                )
            {
                let vs = trailing.start + start + i + 1;
                return Some(TextRange::new(vs, vs + value.len()));
            }
        } else if tok.split('/').all(is_small_number) {
            let ts = trailing.start + start;
            return Some(TextRange::new(ts, ts + tok.len()));
        }
    }
    None
}

/// The whitespace-separated tokens of a trailing field with their byte offsets in it. Token
/// starts come from `char_indices`, so a multi-byte space (U+3000, NBSP) cannot shift them off a
/// character boundary.
fn tokens(s: &str) -> Vec<(usize, &str)> {
    let mut start = None;
    let mut tokens = Vec::new();
    for (i, ch) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
        match (is_space(ch), start) {
            (true, Some(st)) => {
                tokens.push((st, &s[st..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    tokens
}

/// Finds a declared level in a one-liner's trailing field (docs/format.md): the first token
/// `level=NAME` (or `level:NAME`, any case; any NAME, so that an unknown one can be reported),
/// else the first bare token for which `is_level` holds (a level name, or a name the
/// configuration maps). Returns the range of the name.
pub fn level_in(
    text: Src<'_>,
    trailing: TextRange,
    is_level: impl Fn(&str) -> bool,
) -> Option<TextRange> {
    let s = text.get(trailing.as_range())?;
    let tokens = tokens(s);
    let at = |start: usize, len: usize| {
        let vs = trailing.start + start;
        TextRange::new(vs, vs + len)
    };
    let keyed = tokens.iter().find_map(|&(start, tok)| {
        let i = tok.find(['=', ':'])?;
        let value = &tok[i + 1..];
        (tok[..i].eq_ignore_ascii_case("level") && !value.is_empty())
            .then(|| at(start + i + 1, value.len()))
    });
    keyed.or_else(|| {
        tokens
            .iter()
            .find(|&&(_, tok)| is_level(tok))
            .map(|&(start, tok)| at(start, tok.len()))
    })
}

/// `11.9`, `0.5`, `7.0`: at most two integer digits and a decimal part. A bare integer is
/// more often a counter or an id (`Puzzle 2`) than a rating, so it needs a rating key.
fn is_small_number(s: &str) -> bool {
    let Some((int, frac)) = s.split_once('.') else {
        return false;
    };
    (1..=2).contains(&int.len())
        && int.bytes().all(|b| b.is_ascii_digit())
        && !frac.is_empty()
        && frac.bytes().all(|b| b.is_ascii_digit())
}
