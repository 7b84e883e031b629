//! What the command-line tests share: scratch folders and a fixture task.
//!
//! Each test binary includes this module with `mod support;`, so not every binary uses every item.

#![allow(dead_code)]

use std::path::PathBuf;

use bench_tasks::sha256_hex_of_bytes;

/// The text of the fixture task's only source file.
pub const FIXTURE_SOURCE_TEXT: &str = "fn lock() {}\nfn unlock() {}\n";

/// A fresh folder under the system temporary folder, removed when dropped.
pub struct Scratch {
    pub dir: PathBuf,
}

impl Scratch {
    /// `name` must be unique within one test binary; the binary's name keeps binaries apart.
    pub fn new(name: &str) -> Scratch {
        let folder_name =
            format!("sysmobench-{}-{name}-{}", env!("CARGO_CRATE_NAME"), std::process::id());
        let dir = std::env::temp_dir().join(folder_name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch { dir }
    }

    /// Writes `text` at `relative`, creating the folders on the way.
    pub fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.dir.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    pub fn path(&self, relative: &str) -> String {
        self.dir.join(relative).display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Writes a minimal valid task `tasks/<id>/` (model module `lock`) whose `local` source is
/// `upstream/src/lock.rs`, so nothing is downloaded.
pub fn write_fixture_task(scratch: &Scratch, id: &str) {
    let task_toml = format!(
        r#"schema_version = 1
id = "{id}"

[system]
name = "Fixture lock"
kind = "concurrent"
language = "rust"
description = "A lock used by tests."

[source]
provider = "local"
path = "upstream"

[[source.files]]
path = "src/lock.rs"
role = "The lock."
sha256 = "{}"

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
"#,
        sha256_hex_of_bytes(FIXTURE_SOURCE_TEXT.as_bytes())
    );
    let root = format!("tasks/{id}");
    scratch.write(&format!("{root}/task.toml"), &task_toml);
    scratch.write(&format!("{root}/upstream/src/lock.rs"), FIXTURE_SOURCE_TEXT);
    for prompt in ["basic", "code-translation", "trace-learning"] {
        scratch.write(&format!("{root}/prompts/{prompt}.md"), "Model the lock.\n");
    }
    let invariant = |name: &str, kind: &str| {
        format!("[[invariant]]\nname = \"{name}\"\nkind = \"{kind}\"\nstatement = \"s\"\ndescription = \"d\"\nexample = \"e\"\n\n")
    };
    scratch.write(
        &format!("{root}/invariants.toml"),
        &(invariant("MutualExclusion", "safety") + &invariant("EventualRelease", "liveness")),
    );
    scratch.write(&format!("{root}/reference/lock.tla"), "---- MODULE lock ----\n====\n");
    scratch.write(&format!("{root}/reference/lock.cfg"), "INIT Init\n");
}
