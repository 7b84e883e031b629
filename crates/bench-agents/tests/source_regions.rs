//! Tests of the code translation agent's region splitting on fixtures written to trip a naive
//! brace matcher (`test_data/source_regions`): literals and comments holding braces, lifetimes
//! and labels next to character literals, raw strings, nested functions, trait declarations,
//! test modules and Go receivers.

use std::path::Path;

use bench_agents::{file_outline, find_functions, translation_regions, SourceText};

fn fixture(name: &str) -> SourceText {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/source_regions").join(name);
    SourceText {
        path: name.to_owned(),
        role: "fixture".to_owned(),
        text: std::fs::read_to_string(path).unwrap(),
    }
}

fn describe_functions(source: &SourceText) -> String {
    find_functions(&source.path, &source.text)
        .iter()
        .map(|function| {
            let text = &source.text[function.start..function.end];
            let first_line = source.text[..function.start].lines().count() + 1;
            format!(
                "{} (line {first_line}): {:?}\n",
                function.qualified_name,
                text.lines().next().unwrap_or("")
            )
        })
        .collect()
}

#[test]
fn rust_functions() {
    let source = fixture("tricky.rs");
    expect_test::expect![[r#"
        Lock::new (line 24): "    /// Creates a lock."
        Lock::lock (line 30): "    /// Spins until the lock is taken."
        Guardian::name (line 45): "    fn name(&self) -> &str { \"guardian\" }"
        Wrapper::drop (line 49): "    fn drop(&mut self) { let _ = \"{\"; }"
        free_function (line 58): "fn free_function() -> u32 { 7 }"
    "#]]
    .assert_eq(&describe_functions(&source));
}

#[test]
fn go_functions() {
    let source = fixture("server.go");
    expect_test::expect![[r#"
        raft.becomeLeader (line 10): "// becomeLeader makes r the leader."
        stepFollower (line 20): "func stepFollower(r *raft, m string) error {"
    "#]]
    .assert_eq(&describe_functions(&source));
}

#[test]
fn outline_elides_bodies_and_tests() {
    let source = fixture("tricky.rs");
    expect_test::expect_file!["../test_data/source_regions/tricky.outline.rs"]
        .assert_eq(&file_outline(&source.path, &source.text));
}

#[test]
fn regions_group_functions_by_size() {
    let sources = vec![
        fixture("tricky.rs"),
        fixture("server.go"),
        SourceText {
            path: "notes.txt".to_owned(),
            role: "not code".to_owned(),
            text: "plain text\n".to_owned(),
        },
    ];
    let describe = |max_region_chars| -> String {
        translation_regions(&sources, max_region_chars)
            .iter()
            .map(|region| {
                format!("[{}] {} ({} chars)\n", region.file_index, region.label, region.text.len())
            })
            .collect()
    };
    expect_test::expect![[r#"
        [0] tricky.rs: Lock::new (142 chars)
        [0] tricky.rs: Lock::lock (399 chars)
        [0] tricky.rs: Guardian::name (42 chars)
        [0] tricky.rs: Wrapper::drop (40 chars)
        [0] tricky.rs: free_function (32 chars)
        [1] server.go: raft.becomeLeader (120 chars)
        [1] server.go: stepFollower (90 chars)
        [2] notes.txt (whole file) (11 chars)
    "#]]
    .assert_eq(&describe(0));
    expect_test::expect![[r#"
        [0] tricky.rs: Lock::new (142 chars)
        [0] tricky.rs: Lock::lock (399 chars)
        [0] tricky.rs: Guardian::name, Wrapper::drop, free_function (116 chars)
        [1] server.go: raft.becomeLeader, stepFollower (211 chars)
        [2] notes.txt (whole file) (11 chars)
    "#]]
    .assert_eq(&describe(400));
}

/// Every prefix of every fixture scans without panic (unterminated literals and comments).
#[test]
fn prefixes_never_panic() {
    for name in ["tricky.rs", "server.go"] {
        let source = fixture(name);
        for (cut_at, _) in source.text.char_indices() {
            let prefix = &source.text[..cut_at];
            let _ = file_outline(&source.path, prefix);
            for function in find_functions(&source.path, prefix) {
                assert!(function.start <= function.body.0 && function.body.1 == function.end);
                assert!(function.end <= prefix.len());
            }
        }
    }
}
