//! Robustness: reading and validating a cfg file must return (never panic, never hang) on any
//! input. Every prefix and every single-token deletion of every fixture is fed back in, and so
//! are pathological inputs.

use std::path::Path;

use tla_cfg::{dump, parse_config, validate, CfgErrorKind, SpecNames, MAX_SET_NESTING};

fn fixture_texts() -> Vec<String> {
    let mut texts = Vec::new();
    for group in ["parse", "validate"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data").join(group);
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|ext| ext == "cfg") {
                texts.push(std::fs::read_to_string(path).unwrap());
            }
        }
    }
    assert!(texts.len() > 100);
    texts
}

fn exercise(text: &str, names: &SpecNames) {
    let parsed = parse_config(text);
    let _ = dump(&parsed);
    if let Some(error) = &parsed.error {
        let _ = error.tlc_report();
        let _ = error.to_diagnostic();
    }
    for error in validate(&parsed.config, names) {
        let _ = error.tlc_report();
        let _ = error.to_diagnostic();
    }
}

#[test]
fn every_prefix_and_token_deletion_is_read_without_panic() {
    let names = SpecNames::default();
    let mut inputs = 0;
    for text in fixture_texts() {
        for token in tla_cfg::lexer::tokenize(&text).tokens {
            let (start, end) = (token.span.start as usize, token.span.end as usize);
            exercise(&text[..start], &names);
            let mut deleted = String::with_capacity(text.len());
            deleted.push_str(&text[..start]);
            deleted.push_str(&text[end..]);
            exercise(&deleted, &names);
            inputs += 2;
        }
        for (idx, _) in text.char_indices() {
            exercise(&text[..idx], &names);
            inputs += 1;
        }
    }
    assert!(inputs > 5_000, "{inputs} inputs");
}

#[test]
fn deep_nesting_is_a_clean_error() {
    let text = format!("CONSTANT N = {}1{}", "{".repeat(50_000), "}".repeat(50_000));
    let parsed = parse_config(&text);
    assert_eq!(parsed.error.map(|error| error.kind), Some(CfgErrorKind::NestingTooDeep));

    let depth = MAX_SET_NESTING - 1;
    let text = format!("CONSTANT N = {}1{}", "{".repeat(depth), "}".repeat(depth));
    let parsed = parse_config(&text);
    assert_eq!(parsed.error, None);
    let _ = dump(&parsed);
    let _ = validate(&parsed.config, &SpecNames::default());
}

#[test]
fn odd_inputs_do_not_panic() {
    let names = SpecNames::default();
    for text in [
        "\u{0}",
        "\"",
        "(*",
        "\\",
        "\\*",
        "<1>",
        "<",
        "CONSTANT \"x\" = \"",
        "CONSTANT N = \"\\q\"",
        "CONSTANT ! ! ! = 1",
        "CONSTANT N(",
        "CONSTANT N({",
        "CONSTANT N = {,}",
        "\r\r\n\n\r",
        "é",
        "CONSTANT N = 99999999999999999999999999999999",
    ] {
        exercise(text, &names);
    }
    let long = "INVARIANT ".to_string() + &"Inv ".repeat(200_000);
    let parsed = parse_config(&long);
    assert_eq!(parsed.config.invariants.len(), 200_000);
}
