//! Tests of fetching and verification for the `local`, `git` and `crate` providers.
//!
//! They are hermetic: the git tests create their own repository and mirror folder, and the crate
//! tests use a scratch cargo home, either pre-populated or filled by a stub `cargo` script.

#![cfg(test)]

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use crate::{
    cached_task_sources, fetch_task_sources, load_task, sha256_hex_of_bytes,
    source_fetching::SourceFileProblem,
    task_loading_tests::{local_source_section, write_fixture_task, FIXTURE_SOURCE_TEXT},
    test_directories::TestDirectory,
    FetchConfig, FetchErrorKind, SourceProvider,
};

fn test_config(scratch: &TestDirectory) -> FetchConfig {
    FetchConfig {
        cache_directory: scratch.path().join("cache"),
        cargo_program: PathBuf::from("cargo"),
        cargo_home: scratch.path().join("cargo-home"),
        git_program: PathBuf::from("git"),
        git_mirror_directory: None,
        apt_get_program: PathBuf::from("apt-get"),
    }
}

fn git(directory: &Path, arguments: &[&str]) -> String {
    let output = Command::new("git")
        .args([
            "-c",
            "user.name=Test",
            "-c",
            "user.email=test@example.invalid",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(arguments)
        .current_dir(directory)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env_remove("GIT_DIR")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "git {arguments:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

/// Creates a repository holding `src/lock.rs`, clones it bare to `<scratch>/<bare_path>` and
/// returns the commit.
fn create_upstream_repository(scratch: &TestDirectory, bare_path: &str) -> String {
    scratch.write("work/src/lock.rs", FIXTURE_SOURCE_TEXT);
    let work = scratch.path().join("work");
    git(&work, &["init", "--quiet"]);
    git(&work, &["add", "."]);
    git(&work, &["commit", "--quiet", "-m", "upstream"]);
    scratch.write("work/src/later.rs", "// a later commit\n");
    let commit = git(&work, &["rev-parse", "HEAD"]);
    git(&work, &["add", "."]);
    git(&work, &["commit", "--quiet", "-m", "later"]);
    let bare = scratch.path().join(bare_path);
    std::fs::create_dir_all(bare.parent().unwrap()).unwrap();
    git(
        scratch.path(),
        &["clone", "--quiet", "--bare", work.to_str().unwrap(), bare.to_str().unwrap()],
    );
    commit
}

fn git_source_section(url: &str, commit: &str) -> String {
    local_source_section().replace(
        "provider = \"local\"\npath = \"upstream\"",
        &format!("provider = \"git\"\nurl = \"{url}\"\ncommit = \"{commit}\""),
    )
}

#[test]
fn local_sources_are_verified_in_place() {
    let scratch = TestDirectory::new("fetch-local");
    let task = load_task(&write_fixture_task(&scratch, "lock", &local_source_section())).unwrap();
    let fetched = fetch_task_sources(&task, &test_config(&scratch)).unwrap();
    assert_eq!(fetched.root, task.directory.join("upstream"));
    assert_eq!(fetched.files[0].line_count, 2);
    assert_eq!(fetched.line_count(), 2);
}

#[test]
fn files_for_the_harness_only_are_fetched_but_not_counted_as_the_models() {
    let scratch = TestDirectory::new("fetch-harness-only");
    let extra = "package raft\n\nfunc helper() {}\n";
    let section = local_source_section()
        + &format!(
            "\n[[source.files]]\npath = \"src/helper.go\"\nrole = \"Build only.\"\nsha256 = \"{}\"\ngiven_to_model = false\n",
            sha256_hex_of_bytes(extra.as_bytes())
        );
    scratch.write("lock/upstream/src/helper.go", extra);
    let task = load_task(&write_fixture_task(&scratch, "lock", &section)).unwrap();
    let fetched = fetch_task_sources(&task, &test_config(&scratch)).unwrap();
    let files: Vec<(&str, usize, bool)> = fetched
        .files
        .iter()
        .map(|file| (file.path.as_str(), file.line_count, file.given_to_model))
        .collect();
    assert_eq!(files, [("src/lock.rs", 2, true), ("src/helper.go", 3, false)]);
    assert_eq!(fetched.line_count(), 2);
}

#[test]
fn hash_mismatches_and_missing_files_are_all_reported() {
    let scratch = TestDirectory::new("fetch-mismatch");
    let section = local_source_section()
        + &format!(
            "\n[[source.files]]\npath = \"src/absent.rs\"\nrole = \"Missing.\"\nsha256 = \"{}\"\n",
            sha256_hex_of_bytes(b"")
        );
    let task_directory = write_fixture_task(&scratch, "lock", &section);
    scratch.write("lock/upstream/src/lock.rs", "fn lock() { /* patched */ }\n");
    let task = load_task(&task_directory).unwrap();
    let error = fetch_task_sources(&task, &test_config(&scratch)).unwrap_err();
    let FetchErrorKind::Verification { problems } = &*error.kind else { panic!("{error}") };
    assert_eq!(problems.len(), 2);
    assert!(
        matches!(&problems[0], SourceFileProblem::HashMismatch { path, .. } if path == "src/lock.rs")
    );
    assert!(
        matches!(&problems[1], SourceFileProblem::Missing { path, .. } if path == "src/absent.rs")
    );
    let message = error.to_string();
    assert!(message.starts_with("task `lock` (local "), "{message}");
    assert!(message.contains("2 pinned file(s) failed verification"), "{message}");
    assert!(message.contains("missing `src/absent.rs`"), "{message}");
    assert!(
        message.contains(&format!("but task.toml pins {}", task.source.files[0].sha256)),
        "{message}"
    );
}

#[test]
fn git_sources_come_from_the_mirror_and_then_from_the_cache() {
    let scratch = TestDirectory::new("fetch-git-mirror");
    let commit = create_upstream_repository(&scratch, "mirror/owner/name.git");
    let section = git_source_section("https://example.invalid/owner/name.git", &commit);
    let task = load_task(&write_fixture_task(&scratch, "lock", &section)).unwrap();
    let mut config = test_config(&scratch);
    config.git_mirror_directory = Some(scratch.path().join("mirror"));

    let fetched = fetch_task_sources(&task, &config).unwrap();
    let expected_root = config.cache_directory.join("sources/git/owner+name").join(&commit);
    assert_eq!(fetched.root, expected_root);
    assert_eq!(std::fs::read_to_string(&fetched.files[0].location).unwrap(), FIXTURE_SOURCE_TEXT);

    // With the mirror gone, the verified cache still serves the task, without running git.
    std::fs::remove_dir_all(scratch.path().join("mirror")).unwrap();
    config.git_program = PathBuf::from("/nonexistent/git");
    assert_eq!(fetch_task_sources(&task, &config).unwrap(), fetched);
    assert_eq!(cached_task_sources(&task, &config.cache_directory), Some(fetched));
}

#[test]
fn git_sources_come_from_the_url_without_a_mirror() {
    let scratch = TestDirectory::new("fetch-git-url");
    let commit = create_upstream_repository(&scratch, "remote/owner/name.git");
    let url = scratch.path().join("remote/owner/name.git").display().to_string();
    let task = load_task(&write_fixture_task(&scratch, "lock", &git_source_section(&url, &commit)))
        .unwrap();
    let fetched = fetch_task_sources(&task, &test_config(&scratch)).unwrap();
    assert_eq!(std::fs::read_to_string(&fetched.files[0].location).unwrap(), FIXTURE_SOURCE_TEXT);
}

#[test]
fn a_git_commit_that_does_not_exist_is_named() {
    let scratch = TestDirectory::new("fetch-git-missing");
    create_upstream_repository(&scratch, "mirror/owner/name.git");
    let absent_commit = "0123456789abcdef0123456789abcdef01234567";
    let section = git_source_section("https://example.invalid/owner/name", absent_commit);
    let task = load_task(&write_fixture_task(&scratch, "lock", &section)).unwrap();
    let mut config = test_config(&scratch);
    config.git_mirror_directory = Some(scratch.path().join("mirror"));
    let error = fetch_task_sources(&task, &config).unwrap_err();
    let message = error.to_string();
    assert!(matches!(*error.kind, FetchErrorKind::CommitNotFound { .. }), "{message}");
    assert!(
        message.contains(absent_commit) && message.contains("mirror/owner/name.git"),
        "{message}"
    );
}

#[test]
fn crate_sources_are_found_in_the_cargo_home() {
    let scratch = TestDirectory::new("fetch-crate-home");
    scratch.write(
        "cargo-home/registry/src/index.example-0123/lockcrate-1.2.3/Cargo.toml",
        "[package]\n",
    );
    scratch.write(
        "cargo-home/registry/src/index.example-0123/lockcrate-1.2.3/src/lock.rs",
        FIXTURE_SOURCE_TEXT,
    );
    let section = local_source_section().replace(
        "provider = \"local\"\npath = \"upstream\"",
        "provider = \"crate\"\ncrate = \"lockcrate\"\nversion = \"1.2.3\"",
    );
    let task = load_task(&write_fixture_task(&scratch, "lock", &section)).unwrap();
    assert_eq!(
        task.source.provider,
        SourceProvider::Crate { name: "lockcrate".into(), version: "1.2.3".into() }
    );
    let mut config = test_config(&scratch);
    // The crate is already unpacked, so cargo must not run.
    config.cargo_program = PathBuf::from("/nonexistent/cargo");
    let fetched = fetch_task_sources(&task, &config).unwrap();
    assert_eq!(fetched.root, config.cache_directory.join("sources/crates/lockcrate-1.2.3"));
}

#[cfg(unix)]
#[test]
fn crate_sources_are_downloaded_by_cargo_fetch_into_cargo_home() {
    let scratch = TestDirectory::new("fetch-crate-stub");
    // A stand-in for cargo that checks it was asked to fetch and unpacks into $CARGO_HOME.
    let stub = scratch.write(
        "bin/cargo",
        &format!(
            "#!/bin/sh\nset -e\n[ \"$1\" = fetch ] || exit 3\ngrep -q 'lockcrate = {{ version = \"=1.2.3\"' \"$3\" || exit 4\n\
             d=\"$CARGO_HOME/registry/src/mirror-abc/lockcrate-1.2.3\"\nmkdir -p \"$d/src\"\n: > \"$d/Cargo.toml\"\n\
             printf '{}' > \"$d/src/lock.rs\"\n",
            FIXTURE_SOURCE_TEXT.replace('\n', "\\n")
        ),
    );
    Command::new("chmod").arg("+x").arg(&stub).status().unwrap();
    let section = local_source_section().replace(
        "provider = \"local\"\npath = \"upstream\"",
        "provider = \"crate\"\ncrate = \"lockcrate\"\nversion = \"1.2.3\"",
    );
    let task = load_task(&write_fixture_task(&scratch, "lock", &section)).unwrap();
    let mut config = test_config(&scratch);
    config.cargo_program = stub;
    let fetched = fetch_task_sources(&task, &config).unwrap();
    assert_eq!(std::fs::read_to_string(&fetched.files[0].location).unwrap(), FIXTURE_SOURCE_TEXT);
    assert!(config.cargo_home.join("registry/src/mirror-abc/lockcrate-1.2.3").is_dir());
}

#[test]
fn a_failing_cargo_is_reported_with_its_command() {
    let scratch = TestDirectory::new("fetch-crate-fail");
    let section = local_source_section().replace(
        "provider = \"local\"\npath = \"upstream\"",
        "provider = \"crate\"\ncrate = \"lockcrate\"\nversion = \"1.2.3\"",
    );
    let task = load_task(&write_fixture_task(&scratch, "lock", &section)).unwrap();
    let mut config = test_config(&scratch);
    config.cargo_program = PathBuf::from("/nonexistent/cargo");
    let message = fetch_task_sources(&task, &config).unwrap_err().to_string();
    assert!(
        message.starts_with("task `lock` (crate lockcrate 1.2.3): cannot run `cargo`"),
        "{message}"
    );
}

/// Fetches the pinned sources of every committed task through the real `cargo` and `git`, which
/// needs the network (or a cargo mirror and `SYSMOBENCH_GIT_MIRROR`); run with
/// `RUN_SLOW_TESTS=1`.
#[test]
fn the_committed_tasks_fetch_and_verify() {
    if std::env::var_os("RUN_SLOW_TESTS").is_none() {
        return;
    }
    let tasks_directory = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
    let tasks = crate::load_all_tasks(&tasks_directory).unwrap();
    let scratch = TestDirectory::new("fetch-committed");
    let config = FetchConfig::from_environment(scratch.path().join("cache"));
    for task in &tasks {
        let fetched = fetch_task_sources(task, &config).unwrap_or_else(|error| panic!("{error}"));
        let summary = crate::summarize_task(task, Some(&config.cache_directory));
        assert_eq!(summary.source_line_count, Some(fetched.line_count()), "{}", task.id);
        eprintln!("{}: {} files, {} lines", task.id, fetched.files.len(), fetched.line_count());
    }
}
