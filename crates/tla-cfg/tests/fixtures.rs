//! Data-driven tests over `test_data/`:
//! - every `parse/*.cfg` is parsed and its dump compared with the snapshot beside it
//!   (`NAME.dump`; `UPDATE_EXPECT=1 cargo test -p tla-cfg` refreshes snapshots);
//! - every `validate/*.cfg` is parsed, validated against `validate/V.tla` (described below as
//!   data) and the errors compared with `NAME.errors`;
//! - both are compared with the real TLC's recorded verdicts in `tlc-verdicts.tsv` (TLC 2.20,
//!   rev 4c54d98; see `record-tlc-verdicts.sh`).

use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use tla_cfg::{
    dump, parse_config, validate, CheckMoment, DeclaredConstant, DefinedName, ModuleDefinitions,
    SpecNames, ValidationError,
};

fn test_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data")
}

fn fixtures(group: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(test_data().join(group))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "cfg"))
        .collect();
    paths.sort();
    paths
}

/// `validate/V.tla` as the semantic layer would describe it.
fn v_names() -> SpecNames {
    let definition = |name: &str, arity: usize, value: Option<&str>| DefinedName {
        name: name.to_string(),
        arity,
        constant_value: value.map(str::to_string),
    };
    let definitions = vec![
        definition("Init", 0, None),
        definition("Next", 0, None),
        definition("Spec", 0, None),
        definition("Inv", 0, None),
        definition("Inv2", 1, None),
        definition("Bad", 0, None),
        definition("ConstTrue", 0, Some("TRUE")),
        definition("ConstFalse", 0, Some("FALSE")),
        // TLC does not pre-evaluate a definition whose body is a numeral (observed: `INVARIANT
        // ConstNum` fails at run time, not as a configuration error).
        definition("ConstNum", 0, None),
        definition("Constr", 0, None),
        definition("ActConstr", 0, None),
        definition("View", 0, None),
        definition("Alias", 0, None),
        definition("Post", 0, None),
        definition("PostTrue", 0, Some("TRUE")),
        definition("Sym", 0, Some("{}")),
        definition("Prop", 0, None),
    ];
    SpecNames {
        constants: vec![
            DeclaredConstant { name: "N".into(), arity: 0 },
            DeclaredConstant { name: "M".into(), arity: 0 },
            DeclaredConstant { name: "F".into(), arity: 1 },
        ],
        definitions: definitions.clone(),
        has_variables: true,
        modules: vec![
            ModuleDefinitions { name: "Naturals".into(), definitions: Vec::new() },
            ModuleDefinitions { name: "V".into(), definitions },
        ],
    }
}

fn render_errors(errors: &[ValidationError]) -> String {
    let mut out = String::new();
    for error in errors {
        let code = error.kind.code();
        let exit = error.exit_code().map_or("none".to_string(), |code| code.to_string());
        let _ = writeln!(
            out,
            "{code} {} {:?} exit {exit} @{:?}\n  {}",
            code.name,
            error.moment,
            error.span,
            error.tlc_report().replace('\n', "\n  ")
        );
    }
    if out.is_empty() {
        out.push_str("(no errors)\n");
    }
    out
}

#[test]
fn parse_snapshots() {
    let paths = fixtures("parse");
    assert!(paths.len() >= 60, "{} parse fixtures", paths.len());
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let parsed = parse_config(&text);
        expect_test::expect_file![path.with_extension("dump")].assert_eq(&dump(&parsed));
    }
}

#[test]
fn validation_snapshots() {
    let names = v_names();
    let paths = fixtures("validate");
    assert!(paths.len() >= 60, "{} validation fixtures", paths.len());
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let parsed = parse_config(&text);
        assert_eq!(parsed.error, None, "{}", path.display());
        let errors = validate(&parsed.config, &names);
        expect_test::expect_file![path.with_extension("errors")].assert_eq(&render_errors(&errors));
    }
}

/// One row of `tlc-verdicts.tsv`.
struct Verdict {
    exit: i32,
    class: String,
    message: String,
}

fn recorded_verdicts() -> HashMap<String, Verdict> {
    let text = std::fs::read_to_string(test_data().join("tlc-verdicts.tsv")).unwrap();
    assert!(text.starts_with("# Real TLC verdicts") && text.contains("rev: 4c54d98"));
    let mut verdicts = HashMap::new();
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.splitn(4, '\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        verdicts.insert(
            fields[0].to_string(),
            Verdict {
                exit: fields[1].parse().unwrap(),
                class: fields[2].to_string(),
                message: fields[3].replace("\\n", "\n").trim_end().to_string(),
            },
        );
    }
    verdicts
}

fn fixture_key(group: &str, path: &Path) -> String {
    format!("{group}/{}", path.file_stem().unwrap().to_str().unwrap())
}

#[test]
fn parse_verdicts_match_tlc() {
    let verdicts = recorded_verdicts();
    for path in fixtures("parse") {
        let key = fixture_key("parse", &path);
        let verdict = verdicts.get(&key).unwrap_or_else(|| panic!("no TLC verdict for {key}"));
        let parsed = parse_config(&std::fs::read_to_string(&path).unwrap());
        if verdict.class == "accepted" {
            assert_eq!(parsed.error, None, "{key}: TLC accepts this file");
            continue;
        }
        let error = parsed.error.unwrap_or_else(|| panic!("{key}: TLC rejects this file"));
        assert_eq!(error.exit_code(), verdict.exit, "{key}");
        assert_eq!(error.kind.java_exception(), verdict.class, "{key}");
        assert_eq!(error.message.trim_end(), verdict.message, "{key}");
    }
}

#[test]
fn validation_verdicts_match_tlc() {
    let verdicts = recorded_verdicts();
    let names = v_names();
    for path in fixtures("validate") {
        let key = fixture_key("validate", &path);
        let verdict = verdicts.get(&key).unwrap_or_else(|| panic!("no TLC verdict for {key}"));
        let parsed = parse_config(&std::fs::read_to_string(&path).unwrap());
        let errors = validate(&parsed.config, &names);
        let at_startup = errors.iter().find(|error| error.moment == CheckMoment::Startup);
        let after = errors.iter().find(|error| error.moment == CheckMoment::AfterChecking);
        let configuration_verdict = verdict.exit == 151
            || (verdict.exit == 255 && verdict.class != "java.lang.IllegalArgumentException");
        if !configuration_verdict {
            // TLC got past the configuration (0: no error; 12: a violation; 75: run time).
            assert!(at_startup.is_none(), "{key}: TLC accepts this config: {at_startup:?}");
            if verdict.exit == 0 {
                assert!(after.is_none(), "{key}: TLC accepts this config: {after:?}");
            }
            continue;
        }
        let error = at_startup
            .or(after)
            .unwrap_or_else(|| panic!("{key}: TLC rejects this config: {}", verdict.message));
        assert_eq!(error.exit_code(), Some(verdict.exit), "{key}");
        let class = error.java_exception.unwrap_or("-");
        assert_eq!(class, verdict.class, "{key}");
        assert_eq!(error.message, verdict.message, "{key}");
    }
}
