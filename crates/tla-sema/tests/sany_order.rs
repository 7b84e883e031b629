//! The order of variables SANY's `getVariableDecls()` gives, and TLC prints states in, checked
//! against recorded TLC output: each folder under `tests/data/sany_order` holds a root module
//! `Main.tla` (and the user modules it uses; the standard ones come embedded) and
//! `expected.txt`, the variables in the order TLC printed the initial state (see the README
//! there for the TLC version and how the cases were made).
//!
//! `SANY_ORDER_SPEC=/path/to/Spec.tla cargo test -p tla-sema --test sany_order -- --ignored
//! --nocapture` prints the computed order for any specification (modules from the spec's
//! folder, then the embedded ones), one variable a line between `BEGIN ORDER <path>` and
//! `END ORDER`; several paths may be given, separated like `PATH`. That is how the order is
//! compared with a live TLC.

use std::path::{Path, PathBuf};
use tla_sema::sany_order::sany_variable_order;
use tla_sema::{ModuleSource, SourceFile};

/// Modules from the specification's folder, then the embedded standard ones.
struct FolderThenEmbeddedModules {
    folder: PathBuf,
}

impl ModuleSource for FolderThenEmbeddedModules {
    fn find_module(&mut self, name: &str) -> Option<SourceFile> {
        let path = self.folder.join(format!("{name}.tla"));
        if let Ok(text) = std::fs::read_to_string(&path) {
            return Some(SourceFile { path: path.display().to_string(), text });
        }
        let embedded = tla_modules::embedded_module(name)?;
        Some(SourceFile { path: format!("{name}.tla"), text: embedded.text.to_string() })
    }
}

fn variable_order_of(root_path: &Path) -> Vec<String> {
    match try_variable_order_of(root_path) {
        Ok(order) => order,
        Err(message) => panic!("{message}"),
    }
}

fn try_variable_order_of(root_path: &Path) -> Result<Vec<String>, String> {
    let folder = root_path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let root_name = root_path.file_stem().and_then(|stem| stem.to_str()).unwrap_or("Main");
    let text = std::fs::read_to_string(root_path)
        .map_err(|error| format!("cannot read {}: {error}", root_path.display()))?;
    let mut source = FolderThenEmbeddedModules { folder };
    let spec = tla_sema::load_specification(
        root_name,
        SourceFile { path: root_path.display().to_string(), text },
        &mut source,
    );
    if !spec.errors.is_empty() {
        return Err(format!("{}: loading failed: {:?}", root_path.display(), spec.errors));
    }
    Ok(sany_variable_order(&spec))
}

#[test]
fn recorded_tlc_orders() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sany_order");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&data)
        .expect("tests/data/sany_order exists")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.join("Main.tla").is_file())
        .collect();
    cases.sort();
    assert!(cases.len() >= 5, "expected recorded cases in {}", data.display());
    let mut failures = Vec::new();
    for case in &cases {
        let expected_text = std::fs::read_to_string(case.join("expected.txt")).unwrap_or_default();
        let expected: Vec<&str> = expected_text.lines().filter(|line| !line.is_empty()).collect();
        let actual = variable_order_of(&case.join("Main.tla"));
        if actual != expected {
            failures.push(format!(
                "{}:\n  TLC:  {expected:?}\n  ours: {actual:?}",
                case.file_name().unwrap_or_default().to_string_lossy()
            ));
        }
    }
    assert!(failures.is_empty(), "orders differ from TLC's:\n{}", failures.join("\n"));
}

#[test]
fn a_module_without_variables_has_none() {
    let root = SourceFile {
        path: "Empty.tla".into(),
        text: "---- MODULE Empty ----\nEXTENDS Naturals\nX == 1\n====\n".into(),
    };
    let mut source = FolderThenEmbeddedModules { folder: PathBuf::from("/nonexistent") };
    let spec = tla_sema::load_specification("Empty", root, &mut source);
    assert!(sany_variable_order(&spec).is_empty());
}

#[test]
fn java_string_hash_code_matches_java() {
    use tla_sema::sany_order::java_string_hash_code;
    // Values of Java's "...".hashCode().
    assert_eq!(java_string_hash_code(""), 0);
    assert_eq!(java_string_hash_code("a"), 97);
    assert_eq!(java_string_hash_code("Hello"), 69_609_650);
    assert_eq!(java_string_hash_code("polygenelubricants"), i32::MIN);
}

/// Prints the order for each specification named in `SANY_ORDER_SPEC` (`.tla` paths, separated
/// like `PATH`).
#[test]
#[ignore]
fn print_order_of_specs_from_environment() {
    let Some(paths) = std::env::var_os("SANY_ORDER_SPEC") else {
        return;
    };
    for path in std::env::split_paths(&paths) {
        let order = match try_variable_order_of(&path) {
            Ok(order) => order,
            Err(message) => {
                println!("FAILED {message}");
                continue;
            }
        };
        println!("BEGIN ORDER {}", path.display());
        for name in order {
            println!("{name}");
        }
        println!("END ORDER");
    }
}
