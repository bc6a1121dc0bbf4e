//! The `sarif` format: one SARIF 2.1.0 log, which GitHub code scanning and other viewers read.
//!
//! ```json
//! {"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0",
//!  "runs":[{"tool":{"driver":{"name":"sudoku-lsp","version":"0.1.0","rules":[
//!            {"id":"encoding","shortDescription":{"text":"..."},
//!             "defaultConfiguration":{"level":"error"}}, ...]}},
//!           "columnKind":"unicodeCodePoints",
//!           "results":[{"ruleId":"duplicate-digit","ruleIndex":5,"level":"error",
//!                       "message":{"text":"..."},"locations":[...],
//!                       "relatedLocations":[...],"fixes":[...]}]}]}
//! ```
//!
//! One rule per code, in `Code::ALL` order (a result's `ruleIndex`). Lines and columns are
//! 1-based, columns in Unicode code points; an end is the position just after the range.
//! Information is a `note`. The results of every file go into the one run, written as they come,
//! so a long run is streamed like every other format.

use serde::Serialize;

use super::position::Locator;
use crate::finding::{Code, Edit, Finding, Fix, Related, Severity};
use crate::text::TextRange;

/// The schema the log names.
const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// What closes the log after the last result.
pub const FOOTER: &str = "]}]}\n";

/// SARIF's name for a severity.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

#[derive(Serialize)]
struct Text<'a> {
    text: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Rule {
    id: &'static str,
    short_description: Text<'static>,
    default_configuration: Configuration,
}

#[derive(Serialize)]
struct Configuration {
    level: &'static str,
}

/// The log up to the opening of its results: the schema, the tool and its rules.
pub fn header() -> String {
    let rules: Vec<Rule> = Code::ALL
        .into_iter()
        .map(|code| Rule {
            id: code.as_str(),
            short_description: Text {
                text: code.description(),
            },
            default_configuration: Configuration {
                level: level(code.default_severity()),
            },
        })
        .collect();
    let driver = serde_json::json!({
        "name": env!("CARGO_PKG_NAME"),
        "version": env!("CARGO_PKG_VERSION"),
        "rules": rules,
    });
    format!(
        "{{\"$schema\":\"{SCHEMA}\",\"version\":\"2.1.0\",\"runs\":[{{\"tool\":{{\"driver\":{driver}}},\
         \"columnKind\":\"unicodeCodePoints\",\"results\":["
    )
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'static str,
    rule_index: usize,
    level: &'static str,
    message: Text<'a>,
    locations: [Location<'a>; 1],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<Properties>,
}

/// The result's property bag: which puzzle of the file it is about.
#[derive(Serialize)]
struct Properties {
    puzzle: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Text<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation<'a> {
    artifact_location: ArtifactLocation<'a>,
    region: Region,
}

#[derive(Serialize)]
struct ArtifactLocation<'a> {
    uri: std::borrow::Cow<'a, str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix<'a> {
    description: Text<'a>,
    artifact_changes: [ArtifactChange<'a>; 1],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange<'a> {
    artifact_location: ArtifactLocation<'a>,
    replacements: Vec<Replacement<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement<'a> {
    deleted_region: Region,
    inserted_content: Text<'a>,
}

/// A path as a URI reference: relative paths stay relative (to the folder `check` ran in),
/// absolute ones become `file://` URIs; bytes outside the unreserved set and `/` are
/// percent-encoded, so `:` never reads as a scheme and spaces or `<stdin>` stay valid.
pub fn uri_of(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    if path.starts_with('/') {
        out.push_str("file://");
    }
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Renders the findings of one file as results, comma-separated; returns how many.
pub fn render_findings(
    out: &mut String,
    path: &str,
    locator: &mut Locator<'_>,
    findings: &[Finding],
) -> usize {
    let uri = uri_of(path);
    for (i, f) in findings.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let result = result(&uri, locator, f);
        // Serializing plain strings and numbers cannot fail.
        if let Ok(s) = serde_json::to_string(&result) {
            out.push_str(&s);
        }
    }
    findings.len()
}

/// One finding as a result.
fn result<'a>(uri: &'a str, locator: &mut Locator<'_>, f: &'a Finding) -> SarifResult<'a> {
    let location = Location {
        id: None,
        physical_location: physical(uri, locator, f.range),
        message: None,
    };
    let related = |(i, r): (usize, &'a Related)| Location {
        id: Some(i),
        physical_location: match &r.elsewhere {
            // A line of another file: its first column to the line's start.
            Some(e) => PhysicalLocation {
                artifact_location: ArtifactLocation {
                    uri: uri_of(&e.path).into(),
                },
                region: Region {
                    start_line: e.line,
                    start_column: 1,
                    end_line: e.line,
                    end_column: 1,
                },
            },
            None => physical(uri, locator, r.range),
        },
        message: Some(Text { text: &r.message }),
    };
    let related_locations = f.related.iter().enumerate().map(related).collect();
    SarifResult {
        rule_id: f.code.as_str(),
        rule_index: f.code as usize,
        level: level(f.severity),
        message: Text { text: &f.message },
        locations: [location],
        related_locations,
        fixes: f
            .fixes
            .iter()
            .map(|fix| sarif_fix(uri, locator, fix))
            .collect(),
        properties: f.puzzle.map(|puzzle| Properties { puzzle }),
    }
}

fn physical<'a>(uri: &'a str, locator: &mut Locator<'_>, range: TextRange) -> PhysicalLocation<'a> {
    PhysicalLocation {
        artifact_location: ArtifactLocation { uri: uri.into() },
        region: region(locator, range),
    }
}

/// A byte range as a 1-based region; the end column is the one just after the range.
fn region(locator: &mut Locator<'_>, range: TextRange) -> Region {
    let (start, end) = locator.locate_range(range);
    Region {
        start_line: start.line + 1,
        start_column: start.col + 1,
        end_line: end.line + 1,
        end_column: end.col + 1,
    }
}

fn sarif_fix<'a>(uri: &'a str, locator: &mut Locator<'_>, fix: &'a Fix) -> SarifFix<'a> {
    let replacement = |e: &'a Edit| Replacement {
        deleted_region: region(locator, e.range),
        inserted_content: Text { text: &e.new_text },
    };
    SarifFix {
        description: Text { text: &fix.title },
        artifact_changes: [ArtifactChange {
            artifact_location: ArtifactLocation { uri: uri.into() },
            replacements: fix.edits.iter().map(replacement).collect(),
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Applicability;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri_of("puzzles/a b.sudoku"), "puzzles/a%20b.sudoku");
        assert_eq!(uri_of("a:b.sudoku"), "a%3Ab.sudoku");
        assert_eq!(uri_of("<stdin>"), "%3Cstdin%3E");
        assert_eq!(uri_of("/x/é.sudoku"), "file:///x/%C3%A9.sudoku");
    }

    #[test]
    fn a_result_with_related_places_and_a_fix() {
        let text = "# é\n5...5....\n";
        let first = text.find('5').unwrap();
        let second = text.rfind('5').unwrap();
        let mut info = Finding::new(Code::BoxShape, TextRange::new(0, 1), "i");
        info.severity = Severity::Info;
        let findings = [
            Finding::new(
                Code::DuplicateDigit,
                TextRange::new(second, second + 1),
                "5 twice",
            )
            .in_puzzle(0)
            .with_related(vec![Related {
                elsewhere: None,
                message: "r1c1 has 5".into(),
                range: TextRange::new(first, first + 1),
            }])
            .with_fix(Fix {
                title: "Clear r1c5".into(),
                edits: vec![Edit {
                    range: TextRange::new(second, second + 1),
                    new_text: ".".into(),
                }],
                applicability: Applicability::Unsafe,
            }),
            info,
        ];
        let mut out = String::new();
        let n = render_findings(&mut out, "a.sudoku", &mut Locator::new(text), &findings);
        assert_eq!(n, 2);
        let region = |l, c, e| serde_json::json!({"startLine": l, "startColumn": c, "endLine": l, "endColumn": e});
        let at =
            |region| serde_json::json!({"artifactLocation": {"uri": "a.sudoku"}, "region": region});
        let got: serde_json::Value = serde_json::from_str(&format!("[{out}]")).unwrap();
        assert_eq!(
            got,
            serde_json::json!([
                {"ruleId": "duplicate-digit", "ruleIndex": 5, "level": "error",
                 "message": {"text": "5 twice"},
                 "locations": [{"physicalLocation": at(region(2, 5, 6))}],
                 "relatedLocations": [{"id": 0, "physicalLocation": at(region(2, 1, 2)),
                                       "message": {"text": "r1c1 has 5"}}],
                 "fixes": [{"description": {"text": "Clear r1c5"},
                            "artifactChanges": [{"artifactLocation": {"uri": "a.sudoku"},
                                                 "replacements": [{"deletedRegion": region(2, 5, 6),
                                                                   "insertedContent": {"text": "."}}]}]}],
                 "properties": {"puzzle": 0}},
                {"ruleId": "box-shape", "ruleIndex": 17, "level": "note",
                 "message": {"text": "i"},
                 "locations": [{"physicalLocation": at(region(1, 1, 2))}]}
            ])
        );
    }

    #[test]
    fn the_header_lists_one_rule_per_code() {
        let doc: serde_json::Value =
            serde_json::from_str(&format!("{}{FOOTER}", header())).unwrap();
        let rules = doc["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .unwrap();
        assert_eq!(rules.len(), Code::ALL.len());
        assert_eq!(
            rules[17],
            serde_json::json!({"id": "box-shape",
                               "shortDescription": {"text": Code::BoxShape.description()},
                               "defaultConfiguration": {"level": "note"}})
        );
        assert_eq!(doc["runs"][0]["columnKind"], "unicodeCodePoints");
        assert_eq!(doc["runs"][0]["results"], serde_json::json!([]));
    }
}
