//! Tests of `task.toml` parsing and validation, on task folders built in scratch space.

#![cfg(test)]

use std::path::{Path, PathBuf};

use expect_test::{expect, Expect};

use crate::{
    load_all_tasks, load_task, sha256_hex_of_bytes, summarize_task,
    test_directories::TestDirectory, AgentKind, HarnessBuild, SourceProvider, SystemKind,
};

pub(crate) const FIXTURE_SOURCE_TEXT: &str = "fn lock() {}\nfn unlock() {}\n";

/// The `[source]` section of a local-provider fixture whose one file is `FIXTURE_SOURCE_TEXT`.
pub(crate) fn local_source_section() -> String {
    format!(
        "[source]\nprovider = \"local\"\npath = \"upstream\"\n\n[[source.files]]\npath = \"src/lock.rs\"\nrole = \"The lock.\"\nsha256 = \"{}\"\n",
        sha256_hex_of_bytes(FIXTURE_SOURCE_TEXT.as_bytes())
    )
}

/// Writes a complete task folder `<root>/<id>/` whose `[source]` section is `source_section`
/// and returns the folder.
pub(crate) fn write_fixture_task(root: &TestDirectory, id: &str, source_section: &str) -> PathBuf {
    let task_toml = format!(
        r#"schema_version = 1
id = "{id}"

[system]
name = "Fixture lock"
kind = "concurrent"
language = "rust"
description = """
A lock used by tests.
It has two functions."""

{source_section}
[prompts]
basic = "prompts/basic.md"
code_translation = "prompts/code-translation.md"
trace_learning = "prompts/trace-learning.md"

[model]
module = "lock"

[invariants]
file = "invariants.toml"

[traces]
directory = "traces"
manifest = "traces/manifest.toml"

[reference]
module = "reference/lock.tla"
config = "reference/lock.cfg"
"#
    );
    root.write(&format!("{id}/task.toml"), &task_toml);
    root.write(&format!("{id}/upstream/src/lock.rs"), FIXTURE_SOURCE_TEXT);
    for prompt in ["basic", "code-translation", "trace-learning"] {
        root.write(&format!("{id}/prompts/{prompt}.md"), "Model the lock.\n");
    }
    root.write(
        &format!("{id}/invariants.toml"),
        "[[invariant]]\nname = \"MutualExclusion\"\nkind = \"safety\"\nstatement = \"s\"\ndescription = \"d\"\nexample = \"e\"\n",
    );
    root.write(&format!("{id}/reference/lock.tla"), "---- MODULE lock ----\n====\n");
    root.write(&format!("{id}/reference/lock.cfg"), "INIT Init\n");
    root.path().join(id)
}

/// Loads the fixture after `edit` rewrote its task.toml and compares the error message.
fn check_load_error(edit: impl Fn(String) -> String, expected: Expect) {
    let root = TestDirectory::new("load-error");
    let task_directory = write_fixture_task(&root, "lock", &local_source_section());
    let manifest_path = task_directory.join("task.toml");
    let edited = edit(std::fs::read_to_string(&manifest_path).unwrap());
    std::fs::write(&manifest_path, edited).unwrap();
    let error = load_task(&task_directory).unwrap_err().to_string();
    let shown = error.replace(&root.path().display().to_string(), "$ROOT");
    expected.assert_eq(&shown);
}

#[test]
fn loads_a_complete_local_task() {
    let root = TestDirectory::new("load-ok");
    let task_directory = write_fixture_task(&root, "lock", &local_source_section());
    let task = load_task(&task_directory).unwrap();
    assert_eq!(task.id, "lock");
    assert_eq!(task.system.kind, SystemKind::Concurrent);
    assert_eq!(task.system.description, "A lock used by tests. It has two functions.");
    assert_eq!(
        task.source.provider,
        SourceProvider::Local { path: task_directory.join("upstream") }
    );
    assert_eq!(task.source.files[0].path, "src/lock.rs");
    assert_eq!(
        task.prompts.path(AgentKind::TraceLearning),
        task_directory.join("prompts/trace-learning.md")
    );
    assert_eq!(task.model_module_name, "lock");
    assert_eq!(task.invariant_templates.len(), 1);
    assert!(task.trace_corpus.manifest.is_none());
    let summary = summarize_task(&task, Some(Path::new("/nonexistent-cache")));
    // A local source is "cached" in place, so its lines are counted without fetching.
    assert_eq!(summary.source_line_count, Some(2));
    assert_eq!((summary.trace_count, summary.invariant_count), (0, 1));
}

#[test]
fn loads_every_task_of_a_folder_sorted_and_skips_other_folders() {
    let root = TestDirectory::new("load-all");
    write_fixture_task(&root, "zeta", &local_source_section());
    write_fixture_task(&root, "alpha", &local_source_section());
    root.write("notes/readme.md", "not a task");
    // Files shared by several harnesses live next to the task folders, without a task.toml.
    root.write("harness-common/recorder.rs", "//! Shared.\n");
    let tasks = load_all_tasks(root.path()).unwrap();
    let ids: Vec<&str> = tasks.iter().map(|task| task.id.as_str()).collect();
    assert_eq!(ids, ["alpha", "zeta"]);
}

#[test]
fn reports_syntax_errors_with_the_file() {
    check_load_error(
        |text| text.replace("[model]", "[model\n"),
        expect![[r#"
            task folder `$ROOT/lock`: `$ROOT/lock/task.toml` does not match the task schema: TOML parse error at line 26, column 7
               |
            26 | [model
               |       ^
            unclosed table, expected `]`"#]],
    );
}

#[test]
fn reports_unknown_keys() {
    check_load_error(
        |text| text.replace("[model]\n", "[model]\nmodul = \"x\"\n"),
        expect![[r#"
            task folder `$ROOT/lock`: `$ROOT/lock/task.toml` does not match the task schema: TOML parse error at line 27, column 1
               |
            27 | modul = "x"
               | ^^^^^
            unknown field `modul`, expected `module`"#]],
    );
}

#[test]
fn reports_bad_field_values() {
    check_load_error(
        |text| text.replace("kind = \"concurrent\"", "kind = \"parallel\""),
        expect!["task folder `$ROOT/lock`: `system.kind`: must be `concurrent` or `distributed`, found `parallel`"],
    );
    check_load_error(
        |text| text.replace("id = \"lock\"", "id = \"other\""),
        expect!["task folder `$ROOT/lock`: `id`: `other` differs from the folder name `lock`"],
    );
    check_load_error(
        |text| text.replace("sha256 = \"", "sha256 = \"Z"),
        expect!["task folder `$ROOT/lock`: `source.files[0].sha256`: `Zb2573b8d17947a1db673ccfab4157075c6cdc80b24e75b78ba173edba0adb8be` must be 64 lowercase hex digits"],
    );
    check_load_error(
        |text| text.replace("path = \"src/lock.rs\"", "path = \"../lock.rs\""),
        expect!["task folder `$ROOT/lock`: `source.files[0].path`: `../lock.rs` must be a relative path with `/` separators and no `..`"],
    );
    check_load_error(
        |text| text.replace("module = \"lock\"", "module = \"spin\""),
        expect!["task folder `$ROOT/lock`: `reference.module`: the reference module file must be named `spin.tla` to match `model.module`"],
    );
}

#[test]
fn reports_provider_keys_that_are_missing_or_foreign() {
    check_load_error(
        |text| {
            text.replace(
                "provider = \"local\"\npath = \"upstream\"",
                "provider = \"crate\"\ncrate = \"ostd\"",
            )
        },
        expect!["task folder `$ROOT/lock`: `source.version`: is required by provider `crate`"],
    );
    check_load_error(
        |text| text.replace("provider = \"local\"\npath = \"upstream\"", "provider = \"crate\"\ncrate = \"ostd\"\nversion = \"^0.19\""),
        expect!["task folder `$ROOT/lock`: `source.version`: `^0.19` must be an exact version such as `0.19.0` (no ranges)"],
    );
    check_load_error(
        |text| text.replace("provider = \"local\"", "provider = \"git\"\ncommit = \"abc\""),
        expect!["task folder `$ROOT/lock`: `source.path`: is not used by provider `git` (it takes url and commit)"],
    );
    check_load_error(
        |text| {
            text.replace("provider = \"local\"\npath = \"upstream\"", "provider = \"git\"\nurl = \"u\"\ncommit = \"abc\"")
        },
        expect!["task folder `$ROOT/lock`: `source.commit`: `abc` must be a full commit hash: 40 lowercase hex digits"],
    );
}

#[test]
fn reports_missing_files_and_bad_templates() {
    let root = TestDirectory::new("missing-files");
    let task_directory = write_fixture_task(&root, "lock", &local_source_section());
    std::fs::remove_file(task_directory.join("prompts/basic.md")).unwrap();
    let error = load_task(&task_directory).unwrap_err().to_string();
    assert!(
        error.contains("`prompts.basic` names `")
            && error.ends_with("basic.md`, which does not exist"),
        "{error}"
    );

    let task_directory =
        write_fixture_task(&root, "other", &local_source_section().replace("lock.rs", "other.rs"));
    std::fs::write(task_directory.join("invariants.toml"), "[[invariant]]\nname = \"X\"\n")
        .unwrap();
    let error = load_task(&task_directory).unwrap_err().to_string();
    assert!(
        error.contains("invariant templates") && error.contains("missing field `kind`"),
        "{error}"
    );
}

#[test]
fn the_committed_tasks_load() {
    let tasks_directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
    if !tasks_directory.is_dir() {
        return;
    }
    let tasks = load_all_tasks(&tasks_directory).unwrap_or_else(|error| panic!("{error}"));
    for task in &tasks {
        assert!(!task.invariant_templates.is_empty(), "{}", task.id);
        for agent in AgentKind::ALL {
            let prompt = std::fs::read_to_string(task.prompts.path(agent)).unwrap();
            assert!(
                prompt.contains(&format!("MODULE {}", task.model_module_name)),
                "{} {}",
                task.id,
                agent.as_str()
            );
        }
        let reference = std::fs::read_to_string(&task.reference_model.module_path).unwrap();
        assert!(
            reference.starts_with(&format!("---- MODULE {} ----", task.model_module_name)),
            "{}",
            task.id
        );
        let config = std::fs::read_to_string(&task.reference_model.config_path).unwrap();
        for template in &task.invariant_templates {
            assert!(
                config.contains(&template.name),
                "{}: {} not checked by the reference cfg",
                task.id,
                template.name
            );
            assert!(
                reference.contains(&format!("{} ==", template.name)),
                "{}: {} not defined",
                task.id,
                template.name
            );
        }
    }
}

#[test]
fn loads_the_harness_section_and_rejects_empty_corpus_parameters() {
    let harness = "\n[harness]\ndirectory = \"harness\"\nversion = \"1\"\nthreads = 3\noperations_per_thread = 12\nseeds = 20\n";
    let root = TestDirectory::new("load-harness");
    let task_directory = write_fixture_task(&root, "lock", &local_source_section());
    root.write("lock/harness/Cargo.toml", "[package]\nname = \"lock-trace-harness\"\n");
    let manifest_path = task_directory.join("task.toml");
    let text = std::fs::read_to_string(&manifest_path).unwrap();
    std::fs::write(&manifest_path, format!("{text}{harness}")).unwrap();
    let task = load_task(&task_directory).unwrap();
    let location = task.trace_harness.unwrap();
    assert_eq!(location.directory, task_directory.join("harness"));
    assert_eq!(
        (
            location.version.as_str(),
            location.threads,
            location.operations_per_thread,
            location.seeds
        ),
        ("1", 3, 12, 20)
    );
    std::fs::write(&manifest_path, format!("{text}{}", harness.replace("seeds = 20", "seeds = 0")))
        .unwrap();
    let error = load_task(&task_directory).unwrap_err().to_string();
    assert!(error.contains("harness.seeds"), "{error}");
}

/// One `shared_files` value of `[harness]` and what loading the fixture task must give: the
/// resolved files (relative to the scratch root) or the error message.
struct SharedHarnessFilesCase {
    /// The TOML line added to `[harness]` (empty: the key is absent).
    shared_files_line: &'static str,
    expected: Result<&'static [&'static str], &'static str>,
}

const SHARED_HARNESS_FILES_CASES: &[SharedHarnessFilesCase] = &[
    SharedHarnessFilesCase { shared_files_line: "", expected: Ok(&[]) },
    SharedHarnessFilesCase {
        shared_files_line: r#"shared_files = ["../harness-common/recorder.rs", "../harness-common/workload.rs"]"#,
        expected: Ok(&["harness-common/recorder.rs", "harness-common/workload.rs"]),
    },
    SharedHarnessFilesCase {
        shared_files_line: r#"shared_files = ["shared/recorder.rs"]"#,
        expected: Ok(&["lock/shared/recorder.rs"]),
    },
    SharedHarnessFilesCase {
        shared_files_line: r#"shared_files = ["../harness-common/recorder.rs", "../harness-common/missing.rs"]"#,
        expected: Err("task folder `$ROOT/lock`: `harness.shared_files[1]` names `$ROOT/harness-common/missing.rs`, which does not exist"),
    },
    SharedHarnessFilesCase {
        shared_files_line: r#"shared_files = ["../harness-common/recorder.rs", "shared/recorder.rs"]"#,
        expected: Err("task folder `$ROOT/lock`: `harness.shared_files[1]`: `shared/recorder.rs` has the same file name as `harness.shared_files[0]`; both would be copied to `$ROOT/lock/harness/src/recorder.rs`"),
    },
    SharedHarnessFilesCase {
        shared_files_line: r#"shared_files = ["../harness-common/main.rs"]"#,
        expected: Err("task folder `$ROOT/lock`: `harness.shared_files[0]`: `../harness-common/main.rs` would replace `$ROOT/lock/harness/src/main.rs` of the harness template; remove one of them"),
    },
    SharedHarnessFilesCase {
        shared_files_line: r#"shared_files = ["/harness-common/recorder.rs"]"#,
        expected: Err("task folder `$ROOT/lock`: `harness.shared_files[0]`: `/harness-common/recorder.rs` must be a relative path to a file, with `/` separators and `..` only at its start"),
    },
    SharedHarnessFilesCase {
        shared_files_line: r#"shared_files = ["../harness-common/../harness-common/recorder.rs"]"#,
        expected: Err("task folder `$ROOT/lock`: `harness.shared_files[0]`: `../harness-common/../harness-common/recorder.rs` must be a relative path to a file, with `/` separators and `..` only at its start"),
    },
    SharedHarnessFilesCase {
        shared_files_line: r#"shared_files = [".."]"#,
        expected: Err("task folder `$ROOT/lock`: `harness.shared_files[0]`: `..` must be a relative path to a file, with `/` separators and `..` only at its start"),
    },
];

#[test]
fn resolves_and_validates_the_shared_harness_files() {
    for case in SHARED_HARNESS_FILES_CASES {
        let root = TestDirectory::new("shared-harness-files");
        let task_directory = write_fixture_task(&root, "lock", &local_source_section());
        root.write("lock/harness/Cargo.toml", "[package]\nname = \"lock-trace-harness\"\n");
        root.write("lock/harness/src/main.rs", "//! Main.\nmod recorder;\n");
        root.write("lock/shared/recorder.rs", "//! Task-local copy.\n");
        for shared in ["recorder.rs", "workload.rs", "main.rs"] {
            root.write(&format!("harness-common/{shared}"), "//! Shared.\n");
        }
        let manifest_path = task_directory.join("task.toml");
        let text = std::fs::read_to_string(&manifest_path).unwrap();
        let harness = format!(
            "\n[harness]\ndirectory = \"harness\"\nversion = \"1\"\nthreads = 3\noperations_per_thread = 12\nseeds = 20\n{}\n",
            case.shared_files_line
        );
        std::fs::write(&manifest_path, format!("{text}{harness}")).unwrap();
        let loaded =
            load_task(&task_directory).map(|task| task.trace_harness.unwrap().shared_files);
        match (loaded, case.expected) {
            (Ok(shared_files), Ok(expected)) => {
                let expected: Vec<PathBuf> =
                    expected.iter().map(|relative| root.path().join(relative)).collect();
                assert_eq!(shared_files, expected, "{}", case.shared_files_line);
            }
            (Err(error), Err(expected)) => {
                let shown = error.to_string().replace(&root.path().display().to_string(), "$ROOT");
                assert_eq!(shown, expected, "{}", case.shared_files_line);
            }
            (loaded, _) => panic!("{}: unexpected {loaded:?}", case.shared_files_line),
        }
    }
}

/// One `build`/`classpath` combination of `[harness]`, the files of the harness template and
/// what loading must give: the build, or the error with the scratch root shown as `$ROOT`.
struct HarnessBuildCase {
    lines: &'static str,
    template_files: &'static [&'static str],
    expected: Result<fn() -> HarnessBuild, &'static str>,
}

const HARNESS_BUILD_CASES: &[HarnessBuildCase] = &[
    HarnessBuildCase {
        lines: "",
        template_files: &["Cargo.toml"],
        expected: Ok(|| HarnessBuild::Cargo),
    },
    HarnessBuildCase {
        lines: "build = \"cargo\"",
        template_files: &["Cargo.toml"],
        expected: Ok(|| HarnessBuild::Cargo),
    },
    HarnessBuildCase {
        lines: "build = \"java\"\nclasspath = [\"/usr/share/java/a.jar\", \"/opt/b.jar\"]",
        template_files: &["src/TraceHarness.java"],
        expected: Ok(|| HarnessBuild::Java {
            classpath: vec![PathBuf::from("/usr/share/java/a.jar"), PathBuf::from("/opt/b.jar")],
        }),
    },
    HarnessBuildCase {
        lines: "build = \"java\"",
        template_files: &["Cargo.toml"],
        expected: Err("task folder `$ROOT/lock`: `harness.directory` names `$ROOT/lock/harness/src/TraceHarness.java`, which does not exist"),
    },
    HarnessBuildCase {
        lines: "build = \"java\"\nclasspath = [\"lib/a.jar\"]",
        template_files: &["src/TraceHarness.java"],
        expected: Err("task folder `$ROOT/lock`: `harness.classpath[0]`: `lib/a.jar` must be an absolute path without `:`"),
    },
    HarnessBuildCase {
        lines: "build = \"java\"\nclasspath = [\"/a.jar:/b.jar\"]",
        template_files: &["src/TraceHarness.java"],
        expected: Err("task folder `$ROOT/lock`: `harness.classpath[0]`: `/a.jar:/b.jar` must be an absolute path without `:`"),
    },
    HarnessBuildCase {
        lines: "classpath = [\"/usr/share/java/a.jar\"]",
        template_files: &["Cargo.toml"],
        expected: Err("task folder `$ROOT/lock`: `harness.classpath`: is only allowed with `build = \"java\"`"),
    },
    HarnessBuildCase {
        lines: "build = \"make\"",
        template_files: &["Cargo.toml"],
        expected: Err("task folder `$ROOT/lock`: `harness.build`: `make` is not a harness build; expected `cargo`, `java` or `go`"),
    },
    HarnessBuildCase {
        lines: "build = \"go\"\ngo_package = \"example.org/lock/v2\"",
        template_files: &["main.go"],
        expected: Ok(|| HarnessBuild::Go { package: "example.org/lock/v2".to_owned() }),
    },
    HarnessBuildCase {
        lines: "build = \"go\"",
        template_files: &["main.go"],
        expected: Err("task folder `$ROOT/lock`: `harness.go_package`: `build = \"go\"` needs the import path of the fetched files"),
    },
    HarnessBuildCase {
        lines: "go_package = \"example.org/lock/v2\"",
        template_files: &["Cargo.toml"],
        expected: Err("task folder `$ROOT/lock`: `harness.go_package`: is only for `build = \"go\"`"),
    },
    HarnessBuildCase {
        lines: "build = \"go\"\ngo_package = \"example.org/../lock\"",
        template_files: &["main.go"],
        expected: Err("task folder `$ROOT/lock`: `harness.go_package`: `example.org/../lock` must be a Go import path such as `go.etcd.io/raft/v3`"),
    },
    HarnessBuildCase {
        lines: "build = \"go\"\ngo_package = \"example.org/lock\"\nclasspath = [\"/a.jar\"]",
        template_files: &["main.go"],
        expected: Err("task folder `$ROOT/lock`: `harness.classpath`: is only allowed with `build = \"java\"`"),
    },
];

#[test]
fn loads_the_harness_build_and_checks_its_files_and_class_path() {
    for case in HARNESS_BUILD_CASES {
        let root = TestDirectory::new("harness-build");
        let task_directory = write_fixture_task(&root, "lock", &local_source_section());
        for file in case.template_files {
            root.write(&format!("lock/harness/{file}"), "");
        }
        let manifest_path = task_directory.join("task.toml");
        let text = std::fs::read_to_string(&manifest_path).unwrap();
        let harness = format!(
            "\n[harness]\ndirectory = \"harness\"\nversion = \"1\"\nthreads = 3\noperations_per_thread = 2\nseeds = 4\n{}\n",
            case.lines
        );
        std::fs::write(&manifest_path, format!("{text}{harness}")).unwrap();
        let loaded =
            load_task(&task_directory).map(|task| task.trace_harness.unwrap().build).map_err(
                |error| error.to_string().replace(&root.path().display().to_string(), "$ROOT"),
            );
        match case.expected {
            Ok(build) => assert_eq!(loaded, Ok(build()), "{}", case.lines),
            Err(message) => assert_eq!(loaded, Err(message.to_owned()), "{}", case.lines),
        }
    }
}

#[test]
fn a_go_harness_needs_main_go_and_takes_shared_files_next_to_it() {
    let root = TestDirectory::new("harness-go");
    let task_directory = write_fixture_task(&root, "lock", &local_source_section());
    root.write("lock/harness/Cargo.toml", "[package]\nname = \"lock-trace-harness\"\n");
    root.write("harness-common/recorder.go", "package main\n");
    let manifest_path = task_directory.join("task.toml");
    let text = std::fs::read_to_string(&manifest_path).unwrap();
    let harness = "\n[harness]\ndirectory = \"harness\"\nbuild = \"go\"\ngo_package = \"example.org/lock\"\nversion = \"1\"\nthreads = 3\noperations_per_thread = 4\nseeds = 20\nshared_files = [\"../harness-common/recorder.go\"]\n";
    std::fs::write(&manifest_path, format!("{text}{harness}")).unwrap();
    let error = load_task(&task_directory).unwrap_err().to_string();
    assert!(error.contains("harness/main.go"), "{error}");

    root.write("lock/harness/main.go", "package main\n");
    let location = load_task(&task_directory).unwrap().trace_harness.unwrap();
    assert_eq!(location.shared_files, vec![root.path().join("harness-common/recorder.go")]);
    root.write("lock/harness/recorder.go", "package main\n");
    let error = load_task(&task_directory).unwrap_err().to_string();
    assert!(error.contains("would replace"), "{error}");
}

#[test]
fn source_files_may_be_for_the_harness_only_but_not_all_of_them() {
    let root = TestDirectory::new("given-to-model");
    let harness_only = format!(
        "{}\n[[source.files]]\npath = \"src/extra.rs\"\nrole = \"Built by the harness.\"\nsha256 = \"{}\"\ngiven_to_model = false\n",
        local_source_section(),
        sha256_hex_of_bytes(b"")
    );
    let task_directory = write_fixture_task(&root, "lock", &harness_only);
    let task = load_task(&task_directory).unwrap();
    let given: Vec<bool> = task.source.files.iter().map(|file| file.given_to_model).collect();
    assert_eq!(given, [true, false]);

    let none_given = harness_only.replacen("sha256 = \"", "given_to_model = false\nsha256 = \"", 1);
    std::fs::write(
        task_directory.join("task.toml"),
        std::fs::read_to_string(task_directory.join("task.toml"))
            .unwrap()
            .replace(&harness_only, &none_given),
    )
    .unwrap();
    let error = load_task(&task_directory).unwrap_err().to_string();
    assert!(error.contains("at least one file must be given to the model"), "{error}");
}

/// One `shared_gopath` line of `[harness]` (with the template file it needs) and what loading
/// must give: the resolved folder, or the error with the fixture root shown as `$ROOT`.
struct SharedGoPathCase {
    lines: &'static str,
    template_file: &'static str,
    expected: Result<Option<&'static str>, &'static str>,
}

const SHARED_GO_PATH_CASES: &[SharedGoPathCase] = &[
    SharedGoPathCase {
        lines: "build = \"go\"\ngo_package = \"example.org/lock\"",
        template_file: "main.go",
        expected: Ok(None),
    },
    SharedGoPathCase {
        lines: "build = \"go\"\ngo_package = \"example.org/lock\"\nshared_gopath = \"../harness-common/stand-ins\"",
        template_file: "main.go",
        expected: Ok(Some("harness-common/stand-ins")),
    },
    SharedGoPathCase {
        lines: "build = \"go\"\ngo_package = \"example.org/lock\"\nshared_gopath = \"../harness-common/no-src\"",
        template_file: "main.go",
        expected: Err("task folder `$ROOT/lock`: `harness.shared_gopath` names `$ROOT/harness-common/no-src/src`, which does not exist"),
    },
    SharedGoPathCase {
        lines: "build = \"go\"\ngo_package = \"example.org/lock\"\nshared_gopath = \"/harness-common/stand-ins\"",
        template_file: "main.go",
        expected: Err("task folder `$ROOT/lock`: `harness.shared_gopath`: `/harness-common/stand-ins` must be a relative path to a folder, with `/` separators and `..` only at its start"),
    },
    SharedGoPathCase {
        lines: "shared_gopath = \"../harness-common/stand-ins\"",
        template_file: "Cargo.toml",
        expected: Err("task folder `$ROOT/lock`: `harness.shared_gopath`: is only for `build = \"go\"`"),
    },
];

#[test]
fn a_shared_gopath_is_a_folder_with_src_and_only_for_go_harnesses() {
    for case in SHARED_GO_PATH_CASES {
        let root = TestDirectory::new("harness-gopath");
        let task_directory = write_fixture_task(&root, "lock", &local_source_section());
        root.write(&format!("lock/harness/{}", case.template_file), "");
        root.write("harness-common/stand-ins/src/example.org/dep/dep.go", "package dep\n");
        root.write("harness-common/no-src/dep.go", "package dep\n");
        let manifest_path = task_directory.join("task.toml");
        let text = std::fs::read_to_string(&manifest_path).unwrap();
        let harness = format!(
            "\n[harness]\ndirectory = \"harness\"\nversion = \"1\"\nthreads = 3\noperations_per_thread = 2\nseeds = 4\n{}\n",
            case.lines
        );
        std::fs::write(&manifest_path, format!("{text}{harness}")).unwrap();
        let loaded = load_task(&task_directory)
            .map(|task| task.trace_harness.unwrap().shared_gopath)
            .map_err(|error| {
                error.to_string().replace(&root.path().display().to_string(), "$ROOT")
            });
        match case.expected {
            Ok(expected) => {
                assert_eq!(loaded, Ok(expected.map(|it| root.path().join(it))), "{}", case.lines)
            }
            Err(message) => assert_eq!(loaded, Err(message.to_owned()), "{}", case.lines),
        }
    }
}
