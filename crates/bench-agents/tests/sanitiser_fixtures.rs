//! Data-driven tests of the reply sanitiser: every `test_data/sanitiser/<case>.reply` is a model
//! reply (bytes as received, so CRLF and BOM cases are real), `<case>.options.json` optionally
//! overrides the options (the expected module name is `spin` otherwise), and `<case>.expected` is
//! the snapshot of what was extracted and noted (`UPDATE_EXPECT=1 cargo test` refreshes it).

use std::path::{Path, PathBuf};

use bench_agents::{sanitise_reply, SanitiseOptions, SanitisedReply};

fn render(sanitised: &SanitisedReply) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "module_name: {}\n",
        sanitised.module_name.as_deref().unwrap_or("<none>")
    ));
    out.push_str("== module\n");
    out.push_str(sanitised.module_text.as_deref().unwrap_or("<none>\n"));
    out.push_str("== cfg\n");
    out.push_str(sanitised.cfg_text.as_deref().unwrap_or("<none>\n"));
    out.push_str("== notes\n");
    for note in &sanitised.notes {
        out.push_str(&serde_json::to_string(note).unwrap());
        out.push('\n');
    }
    out
}

fn reply_cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/sanitiser");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "reply"))
        .collect();
    cases.sort();
    cases
}

fn options_for(case: &Path) -> SanitiseOptions {
    match std::fs::read_to_string(case.with_extension("options.json")) {
        Ok(text) => serde_json::from_str(&text).unwrap(),
        Err(_) => SanitiseOptions {
            expected_module_name: "spin".to_owned(),
            rename_module_to_expected: false,
        },
    }
}

#[test]
fn sanitiser_fixtures() {
    let cases = reply_cases();
    assert!(cases.len() >= 25, "only {} fixtures", cases.len());
    for case in cases {
        let reply = String::from_utf8(std::fs::read(&case).unwrap()).unwrap();
        let sanitised = sanitise_reply(&reply, &options_for(&case));
        expect_test::expect_file![case.with_extension("expected")].assert_eq(&render(&sanitised));
    }
}

/// Every prefix of every fixture (a reply cut off at any character) is sanitised without panic,
/// and whatever module comes out starts with a module header.
#[test]
fn every_prefix_of_every_fixture_is_handled() {
    for case in reply_cases() {
        let reply = String::from_utf8(std::fs::read(&case).unwrap()).unwrap();
        let options = options_for(&case);
        for (cut_at, _) in reply.char_indices() {
            let sanitised = sanitise_reply(&reply[..cut_at], &options);
            if let Some(module_text) = &sanitised.module_text {
                assert!(module_text.contains("MODULE"), "{}: cut at {cut_at}", case.display());
            }
        }
    }
}

/// The task reference models and cfgs, fenced as we ask models to answer, come out byte for byte
/// with no notes; unfenced, the module still comes out whole.
#[test]
fn task_reference_models_pass_through_unchanged() {
    let tasks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
    let mut checked = 0;
    let committed = bench_tasks::load_all_tasks(&tasks).expect("the committed tasks load");
    assert!(committed.len() >= 11, "the benchmark's eleven tasks are committed");
    let task_modules: Vec<(String, String)> =
        committed.into_iter().map(|task| (task.id, task.model_module_name)).collect();
    for (task, module) in &task_modules {
        let reference = tasks.join(task).join("reference");
        let module_text = std::fs::read_to_string(reference.join(format!("{module}.tla"))).unwrap();
        let cfg_text = std::fs::read_to_string(reference.join(format!("{module}.cfg"))).unwrap();
        let options = SanitiseOptions {
            expected_module_name: module.to_owned(),
            rename_module_to_expected: false,
        };
        let reply =
            format!("Here is my model.\n\n```tla\n{module_text}```\n\n```cfg\n{cfg_text}```\n");
        let sanitised = sanitise_reply(&reply, &options);
        assert_eq!(sanitised.module_text.as_deref(), Some(module_text.as_str()), "{task}");
        assert_eq!(sanitised.cfg_text.as_deref(), Some(cfg_text.as_str()), "{task}");
        assert_eq!(
            sanitised.notes,
            vec![bench_agents::SanitisationNote::TextDropped { non_blank_lines: 1 }],
            "{task}"
        );
        let unfenced = sanitise_reply(&module_text, &options);
        assert_eq!(unfenced.module_text.as_deref(), Some(module_text.as_str()), "{task}");
        checked += 1;
    }
    assert_eq!(checked, task_modules.len());
}
