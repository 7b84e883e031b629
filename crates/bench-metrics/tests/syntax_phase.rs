//! Data-driven tests of the syntax phase: each folder of `test_data/syntax` holds a module, the
//! entry points the cfg would give (`entry`), and the expected result as JSON (`expected.json`,
//! refreshed with `UPDATE_EXPECT=1`). The task reference models must score 1.0.

use bench_metrics::{evaluate_syntax, EntryPoints};
use std::path::{Path, PathBuf};
use tla_sema::{ModuleSource, SourceFile};

struct EmbeddedModules;

impl ModuleSource for EmbeddedModules {
    fn find_module(&mut self, name: &str) -> Option<SourceFile> {
        let module = tla_modules::embedded_module(name)?;
        Some(SourceFile { path: format!("{name}.tla"), text: module.text.to_string() })
    }
}

fn parse_entry(text: &str) -> EntryPoints {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["InitNext", init, next] => {
            EntryPoints::InitNext { init: init.to_string(), next: next.to_string() }
        }
        ["Specification", spec] => EntryPoints::Specification(spec.to_string()),
        _ => EntryPoints::Conventional,
    }
}

fn check(case: &Path) {
    let module_file = std::fs::read_dir(case)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.extension().is_some_and(|ext| ext == "tla"))
        .unwrap();
    let text = std::fs::read_to_string(&module_file).unwrap();
    let name = module_file.file_stem().unwrap().to_string_lossy().into_owned();
    let entry = parse_entry(&std::fs::read_to_string(case.join("entry")).unwrap_or_default());
    let result = evaluate_syntax(&name, &text, &entry, &mut EmbeddedModules);
    let json = serde_json::to_string_pretty(&result).unwrap() + "\n";
    expect_test::expect_file![case.join("expected.json")].assert_eq(&json);
}

#[test]
fn syntax_phase_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/syntax");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 6);
    for case in cases {
        check(&case);
    }
}

/// The committed tasks (every folder of `tasks/` with a `task.toml`) and their model modules.
fn task_modules() -> Vec<(String, String)> {
    let tasks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
    let tasks = bench_tasks::load_all_tasks(&tasks).expect("the committed tasks load");
    assert!(tasks.len() >= 11, "the benchmark's eleven tasks are committed");
    tasks.into_iter().map(|task| (task.id, task.model_module_name)).collect()
}

#[test]
fn task_reference_models_score_full_marks() {
    let tasks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
    let mut n_checked = 0;
    let task_modules = task_modules();
    for (task, module) in &task_modules {
        let reference = tasks.join(task).join("reference");
        let text = std::fs::read_to_string(reference.join(format!("{module}.tla"))).unwrap();
        let cfg = std::fs::read_to_string(reference.join(format!("{module}.cfg"))).unwrap();
        // The reference cfgs name a SPECIFICATION.
        let spec_name = cfg
            .split_whitespace()
            .skip_while(|word| *word != "SPECIFICATION")
            .nth(1)
            .expect("reference cfg names a SPECIFICATION");
        let result = evaluate_syntax(
            module,
            &text,
            &EntryPoints::Specification(spec_name.to_string()),
            &mut EmbeddedModules,
        );
        assert_eq!(result.score, 1.0, "{task}: {result:#?}");
        assert!(result.actions.len() >= 3, "{task}: {:?}", result.actions);
        n_checked += 1;
    }
    assert_eq!(n_checked, task_modules.len());
}

/// Negative controls: each reference model with one action broken scores strictly lower on
/// syntax, and exactly that action fails.
#[test]
fn broken_variants_of_the_reference_models_fail_exactly_the_broken_action() {
    let tasks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
    for (task, module) in task_modules() {
        let reference = tasks.join(&task).join("reference");
        let text = std::fs::read_to_string(reference.join(format!("{module}.tla"))).unwrap();
        let cfg = std::fs::read_to_string(reference.join(format!("{module}.cfg"))).unwrap();
        let spec_name = cfg
            .split_whitespace()
            .skip_while(|word| *word != "SPECIFICATION")
            .nth(1)
            .unwrap()
            .to_string();
        let entry = EntryPoints::Specification(spec_name);
        let clean = evaluate_syntax(&module, &text, &entry, &mut EmbeddedModules);
        // The first action after Init.
        let target = clean.actions[1].name.clone();
        let start = tla_syntax::definition_starts(&text)
            .into_iter()
            .find(|start| start.name == target)
            .unwrap();
        let equals = start.offset as usize + text[start.offset as usize..].find("==").unwrap() + 2;
        let variants = [
            ("syntax error", format!("{} (", &text[..equals])),
            ("undefined operator", format!("{} NotDefinedAnywhere /\\ ", &text[..equals])),
        ];
        for (kind, head) in variants {
            let broken = format!("{head}{}", &text[equals..]);
            let result = evaluate_syntax(&module, &broken, &entry, &mut EmbeddedModules);
            assert!(result.score < 1.0, "{task} {kind}: {result:#?}");
            assert!(!result.whole_module_passes, "{task} {kind}");
            for action in &result.actions {
                assert_eq!(action.passes, action.name != target, "{task} {kind}: {action:?}");
            }
        }
    }
}
