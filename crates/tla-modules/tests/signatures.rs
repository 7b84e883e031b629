//! Checks the embedded module texts against what they must agree on with the originals: they
//! parse without diagnostics, and their public shape (operators, arities, fixity, `LOCAL`s,
//! `EXTENDS`, `LOCAL INSTANCE`s and the parameters each public body mentions) equals the shape
//! recorded from the original modules in `signatures.tsv`. The table was derived once from the
//! originals with the `extract_signatures` example, so this test needs neither Java nor them.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use support::references::canonical;
use support::signature::{modules_signature, parse_table, SignatureRow};
use tla_modules::{all_modules, embedded_module, ModuleOrigin};

fn recorded_table() -> Vec<SignatureRow> {
    let text = include_str!("../signatures.tsv");
    parse_table(text).expect("signatures.tsv is well formed")
}

fn our_table() -> Vec<SignatureRow> {
    let texts: Vec<(String, String)> = all_modules()
        .iter()
        .map(|module| (format!("{}.tla", module.name), module.text.to_string()))
        .collect();
    modules_signature(&texts).unwrap_or_else(|message| panic!("{message}"))
}

/// What must agree: every column, except the level parameters of `LOCAL` operators, which no
/// user specification can observe.
fn comparable(row: &SignatureRow) -> SignatureRow {
    let mut row = row.clone();
    if row.local {
        row.level_parameters = "(local)".to_string();
    }
    row
}

fn rows_by_module(rows: &[SignatureRow]) -> BTreeMap<String, BTreeSet<SignatureRow>> {
    let mut by_module: BTreeMap<String, BTreeSet<SignatureRow>> = BTreeMap::new();
    for row in rows {
        by_module.entry(row.module.clone()).or_default().insert(comparable(row));
    }
    by_module
}

#[test]
fn every_embedded_module_parses_without_diagnostics() {
    for module in all_modules() {
        let parsed = tla_syntax::parse_module(module.text);
        assert!(
            parsed.diagnostics.is_empty(),
            "{}: {:?}",
            module.name,
            parsed.diagnostics.iter().map(|diagnostic| &diagnostic.message).collect::<Vec<_>>()
        );
        let tree = parsed.module.expect("a module");
        assert_eq!(tree.name.text, module.name, "module name differs from its file name");
    }
}

#[test]
fn embedded_modules_have_the_originals_signatures() {
    let expected = rows_by_module(&recorded_table());
    let actual = rows_by_module(&our_table());
    let mut report = String::new();
    for module in all_modules() {
        let empty = BTreeSet::new();
        let want = expected.get(module.name).unwrap_or(&empty);
        let have = actual.get(module.name).unwrap_or(&empty);
        for row in want.difference(have) {
            report.push_str(&format!("missing or different: {}\n", row.to_tsv()));
        }
        for row in have.difference(want) {
            report.push_str(&format!("not in the original:  {}\n", row.to_tsv()));
        }
    }
    assert!(report.is_empty(), "signature differences:\n{report}");
}

#[test]
fn the_table_and_the_embedded_modules_name_the_same_modules() {
    let in_table: BTreeSet<String> = recorded_table().into_iter().map(|row| row.module).collect();
    let embedded: BTreeSet<String> =
        all_modules().iter().map(|module| module.name.to_string()).collect();
    assert_eq!(in_table, embedded);
}

#[test]
fn builtin_operators_are_operators_of_their_module() {
    let defined: BTreeSet<(String, String)> = our_table()
        .into_iter()
        // A function definition can be built in too (Combinatorics' factorial[n \in Nat]).
        .filter(|row| row.kind == "operator" || row.kind == "function")
        .map(|row| (row.module, row.name))
        .collect();
    for module in all_modules() {
        for operator in module.builtin_operators {
            assert_eq!(canonical(operator), *operator, "{operator}: use the canonical spelling");
            assert!(
                defined.contains(&(module.name.to_string(), operator.to_string())),
                "{}: {operator} is marked built in but not defined there",
                module.name
            );
        }
    }
}

#[test]
fn modules_are_found_by_name_and_listed_once() {
    let mut seen = BTreeSet::new();
    for module in all_modules() {
        assert!(seen.insert(module.name), "{} listed twice", module.name);
        assert!(std::ptr::eq(embedded_module(module.name).unwrap(), module));
    }
    assert!(embedded_module("NoSuchModule").is_none());
    assert_eq!(embedded_module("Sequences").unwrap().origin, ModuleOrigin::Standard);
    assert_eq!(embedded_module("SequencesExt").unwrap().origin, ModuleOrigin::Community);
    let tlc = embedded_module("TLC").unwrap();
    assert!(tlc.is_builtin("Print") && tlc.is_builtin(":>"));
    assert!(!embedded_module("Bags").unwrap().is_builtin("SubBag"));
    let dyadic = embedded_module("DyadicRationals").unwrap();
    assert_eq!(dyadic.origin, ModuleOrigin::Community);
    assert!(dyadic.is_builtin("Reduce") && !dyadic.is_builtin("Add"));
    assert!(embedded_module("Combinatorics").unwrap().is_builtin("factorial"));
    assert!(embedded_module("QuorumTheorems").is_none(), "proof modules are not embedded");
}

#[test]
fn extends_and_instances_stay_among_embedded_modules() {
    for row in our_table() {
        if row.kind == "extends" || row.kind == "instance" {
            assert!(
                embedded_module(&row.name).is_some(),
                "{} refers to {}, which is not embedded",
                row.module,
                row.name
            );
        }
    }
}
