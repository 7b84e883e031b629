//! TLC's first-seen order of names (`tla_sema::intern_order`) against orders recorded from TLC.
//!
//! Each case in `tests/data/intern_order/cases.txt` is a set of modules and the order in which
//! the real TLC printed a set of the root module's string literals; a set prints in the rank
//! order of its strings, so the computed order must rank those strings the same way.

use std::collections::BTreeMap;

use tla_sema::intern_order::{
    escape_table_text, lexed_names_and_strings, parse_order, parse_standard_module_names,
    tlc_intern_order, STANDARD_MODULE_NAMES,
};
use tla_sema::loader::{load_specification, LoadedFile, ModuleSource, SourceFile};

const EMBEDDED: &str = " (embedded)";

struct Case {
    name: String,
    files: Vec<(String, String)>,
    tlc: Vec<String>,
}

fn read_cases() -> Vec<Case> {
    let text = include_str!("data/intern_order/cases.txt");
    let mut cases: Vec<Case> = Vec::new();
    let mut in_tlc = false;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("case: ") {
            cases.push(Case { name: name.to_string(), files: Vec::new(), tlc: Vec::new() });
            in_tlc = false;
            continue;
        }
        let Some(case) = cases.last_mut() else { continue };
        if let Some(module) = line.strip_prefix("file: ") {
            case.files.push((module.to_string(), String::new()));
        } else if line == "tlc:" {
            in_tlc = true;
        } else if in_tlc {
            if !line.is_empty() {
                case.tlc.push(line.replace("\\\"", "\"").replace("\\\\", "\\"));
            }
        } else if let Some((_, text)) = case.files.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    cases
}

struct CaseModules<'a> {
    files: &'a [(String, String)],
}

impl ModuleSource for CaseModules<'_> {
    fn find_module(&mut self, name: &str) -> Option<SourceFile> {
        if let Some((_, text)) = self.files.iter().find(|(module, _)| module == name) {
            return Some(SourceFile { path: format!("{name}.tla"), text: text.clone() });
        }
        let embedded = tla_modules::embedded_module(name)?;
        Some(SourceFile { path: format!("{name}.tla{EMBEDDED}"), text: embedded.text.to_string() })
    }
}

fn computed_order(files: &[(String, String)]) -> Vec<String> {
    let (root_name, root_text) = &files[0];
    let root = SourceFile { path: format!("{root_name}.tla"), text: root_text.clone() };
    let spec = load_specification(root_name, root, &mut CaseModules { files });
    assert!(spec.errors.is_empty(), "case does not load: {:?}", spec.errors);
    let is_embedded = |file: &LoadedFile| file.source.path.ends_with(EMBEDDED);
    tlc_intern_order(&spec, &is_embedded)
}

#[test]
fn string_sets_sort_as_recorded_from_tlc() {
    let cases = read_cases();
    assert!(cases.len() >= 5, "cases file lost its cases");
    let mut failures = Vec::new();
    for case in &cases {
        let order = computed_order(&case.files);
        let rank: BTreeMap<&str, usize> =
            order.iter().enumerate().map(|(rank, name)| (name.as_str(), rank)).collect();
        let mut ours = case.tlc.clone();
        ours.sort_by_key(|text| rank.get(text.as_str()).copied().unwrap_or(usize::MAX));
        if ours != case.tlc {
            failures.push(format!("{}:\n  ours: {ours:?}\n  TLC:  {:?}", case.name, case.tlc));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn sany_parses_extendees_before_instancees_depth_first_from_the_root() {
    let cases = read_cases();
    let case = cases
        .iter()
        .find(|case| case.name == "user_modules_extends_and_instance")
        .expect("the multi-module case");
    let (root_name, root_text) = &case.files[0];
    let root = SourceFile { path: format!("{root_name}.tla"), text: root_text.clone() };
    let spec = load_specification(root_name, root, &mut CaseModules { files: &case.files });
    let names: Vec<&str> =
        parse_order(&spec).iter().map(|&file| spec.files[file].expected_name.as_str()).collect();
    // What TLC printed as its "Parsing file" lines for this case.
    assert_eq!(names, ["R", "A", "B", "C", "D"]);
}

#[test]
fn lexing_keeps_tokens_and_strings_apart() {
    let text =
        "---- MODULE M ----\nEXTENDS Naturals \\* note\nx == \"a\\\"b\" (* c *) + 10\n====\n";
    let (names, strings) = lexed_names_and_strings(text);
    assert_eq!(names, ["M", "EXTENDS", "Naturals", "x", "==", "+", "10"]);
    assert_eq!(strings, ["a\"b"]);
}

#[test]
fn the_standard_module_table_reads_back_and_escapes_round_trip() {
    let table = parse_standard_module_names(STANDARD_MODULE_NAMES);
    for module in ["Naturals", "Integers", "Sequences", "FiniteSets", "TLC", "Bags", "TLCExt"] {
        let entry = table.get(module).unwrap_or_else(|| panic!("{module} missing"));
        assert_eq!(entry.names.first().map(String::as_str), Some(module));
    }
    let tricky = "tab\there\\ and\nnewline";
    let line = format!("X\tstring\t{}\n# comment\nbad line\n", escape_table_text(tricky));
    let parsed = parse_standard_module_names(&line);
    assert_eq!(parsed["X"].strings, [tricky]);
    assert!(parsed["X"].names.is_empty());
}
