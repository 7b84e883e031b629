//! Robustness: the parser must return (never panic, never hang) on any input. Every prefix and
//! every single-token deletion of every fixture is fed back in, and so are pathological inputs.

use std::path::Path;

fn fixture_texts() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/sany");
    let mut texts = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "tla") {
            texts.push(std::fs::read_to_string(path).unwrap());
        }
    }
    assert!(texts.len() > 100);
    texts
}

#[test]
fn every_prefix_and_token_deletion_parses_without_panic() {
    let mut n_inputs = 0;
    for text in fixture_texts() {
        let tokens = tla_syntax::lexer::lex(&text).tokens;
        for token in &tokens {
            let cut = token.span.start as usize;
            let _ = tla_syntax::parse_module(&text[..cut]);
            let mut deleted = String::with_capacity(text.len());
            deleted.push_str(&text[..token.span.start as usize]);
            deleted.push_str(&text[token.span.end as usize..]);
            let _ = tla_syntax::parse_module(&deleted);
            n_inputs += 2;
        }
        for (idx, _) in text.char_indices() {
            let _ = tla_syntax::parse_module(&text[..idx]);
            n_inputs += 1;
        }
    }
    assert!(n_inputs > 10_000);
}

#[test]
fn deep_nesting_is_a_clean_error() {
    for (open, close) in
        [("(", ")"), ("{", "}"), ("<<", ">>"), ("[", "]"), ("IF TRUE THEN ", " ELSE 1")]
    {
        let depth = 5_000;
        let text = format!(
            "---- MODULE Deep ----\nFoo == {}1{}\n====\n",
            open.repeat(depth),
            close.repeat(depth)
        );
        let parsed = tla_syntax::parse_module(&text);
        assert_eq!(parsed.diagnostics.len(), 1, "{open}: {:?}", parsed.diagnostics);
        assert!(
            parsed.diagnostics[0].message.contains("nested"),
            "{open}: {}",
            parsed.diagnostics[0].message
        );
    }
}

#[test]
fn long_flat_inputs_parse() {
    let body = (0..2_000).map(|i| format!("x{i}")).collect::<Vec<_>>().join(" + ");
    let text = format!("---- MODULE Flat ----\nFoo == {body}\n====\n");
    let parsed = tla_syntax::parse_module(&text);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    // Absurdly long chains are refused cleanly rather than building a tree too deep to walk.
    let body = (0..50_000).map(|i| format!("x{i}")).collect::<Vec<_>>().join(" + ");
    let text = format!("---- MODULE Flat ----\nFoo == {body}\n====\n");
    let parsed = tla_syntax::parse_module(&text);
    assert!(
        parsed.diagnostics[0].message.contains("nested too deeply"),
        "{:?}",
        parsed.diagnostics
    );
}

#[test]
fn arbitrary_bytes_do_not_panic() {
    // A small deterministic generator over bytes that matter to the lexer.
    let alphabet: &[u8] = b"-=MODULE ()[]{}<>\\/*:_|'\"!@#.,~^+01aZ\n\t\xe2\x88\xa7";
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..2_000 {
        let mut bytes = b"---- MODULE R ----\n".to_vec();
        for _ in 0..64 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            bytes.push(alphabet[(state % alphabet.len() as u64) as usize]);
        }
        let text = String::from_utf8_lossy(&bytes);
        let _ = tla_syntax::parse_module(&text);
    }
}

#[test]
fn regressions_found_by_fuzzing() {
    // An unterminated string ending inside a multi-byte character.
    for text in ["---- MODULE M ----\nFoo == \"é", "---- MODULE M ----\nFoo == \"\u{1F600}\n===="]
    {
        let parsed = tla_syntax::parse_module(text);
        assert!(!parsed.diagnostics.is_empty());
    }
}
