//! `sysmobench tlc` against recorded outputs of the real TLC.
//!
//! Each folder under `tests/data/tlc` is a spec we wrote, its cfg, the extra flags, and what
//! TLC 2.20 (tla2tools 1.8.0 line) printed and returned (see the folder's README). The check
//! runs our command on the folder, masks what legitimately varies between runs (times, paths,
//! the banner, fingerprint statistics) in both outputs, and compares them line for line, and
//! the exit codes. `known-differences.txt` lists the cases known not to match yet, with the
//! reason; the test fails when one of them starts matching, so the list stays true.

use std::path::{Path, PathBuf};
use std::process::Command;

fn data_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tlc")
}

/// `2026-11-30 20:31:18` → `<TIME>`, wherever it occurs.
fn mask_timestamps(line: &str) -> String {
    let bytes = line.as_bytes();
    let shape = b"dddd-dd-dd dd:dd:dd";
    let mut out = String::new();
    let mut index = 0;
    while index < bytes.len() {
        let fits = bytes.len() - index >= shape.len()
            && shape.iter().zip(&bytes[index..]).all(|(expected, actual)| match expected {
                b'd' => actual.is_ascii_digit(),
                other => other == actual,
            });
        if fits {
            out.push_str("<TIME>");
            index += shape.len();
        } else {
            let ch = line[index..].chars().next().unwrap_or(' ');
            out.push(ch);
            index += ch.len_utf8();
        }
    }
    out
}

/// Drops `(123 s/min)`-style rates.
fn drop_rates(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find(" (") {
        let (before, after) = rest.split_at(open);
        let Some(close) = after.find(')') else { break };
        let inside = &after[2..close];
        out.push_str(before);
        if !(inside.ends_with(" s/min") || inside.ends_with(" ds/min")) {
            out.push_str(&after[..=close]);
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

fn mask(output: &str) -> Vec<String> {
    output
        .lines()
        .filter(|line| {
            !line.starts_with("TLC2 Version")
                && !line.starts_with("sysmobench tlc")
                && !line.starts_with("Running breadth-first search")
        })
        .map(|line| {
            if let Some(path) = line.strip_prefix("Parsing file ") {
                let path = path.split(" (").next().unwrap_or(path);
                let name = path.rsplit('/').next().unwrap_or(path);
                return format!("Parsing file {name}");
            }
            if line.starts_with("Finished in ") {
                return "Finished in <DURATION>".to_string();
            }
            if line.starts_with("Finished checking temporal properties in ") {
                return "Finished checking temporal properties in <DURATION>".to_string();
            }
            if line.starts_with("  calculated (optimistic):  val = ")
                || line.starts_with("  based on the actual fingerprints:  val = ")
            {
                return line.split(" = ").next().unwrap_or(line).to_string() + " = <PROBABILITY>";
            }
            drop_rates(&mask_timestamps(line))
        })
        .collect()
}

fn known_differences() -> Vec<String> {
    let text =
        std::fs::read_to_string(data_folder().join("known-differences.txt")).unwrap_or_default();
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect()
}

/// Runs one case; returns a description of what differs, if anything.
fn check(case: &Path) -> Option<String> {
    let cfg = std::fs::read_dir(case)
        .unwrap()
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .find(|path| path.extension().is_some_and(|extension| extension == "cfg"))
        .expect("every case has a cfg file");
    let spec = cfg.with_extension("tla");
    let args = std::fs::read_to_string(case.join("args")).unwrap_or_default();
    let mut command = Command::new(env!("CARGO_BIN_EXE_sysmobench"));
    command.current_dir(case).arg("tlc").args(["-workers", "1"]);
    command.args(args.split_whitespace());
    command.arg("-config").arg(cfg.file_name().unwrap()).arg(spec.file_name().unwrap());
    let output = command.output().expect("the binary runs");
    let actual_exit = output.status.code().unwrap_or(-1);
    let expected_exit: i32 =
        std::fs::read_to_string(case.join("expected.exit")).unwrap().trim().parse().unwrap();
    let expected = mask(&std::fs::read_to_string(case.join("expected.out")).unwrap());
    let actual = mask(&String::from_utf8_lossy(&output.stdout));
    if actual_exit != expected_exit {
        return Some(format!("exit code {actual_exit}, TLC {expected_exit}"));
    }
    if actual != expected {
        let line = actual
            .iter()
            .zip(&expected)
            .position(|(a, e)| a != e)
            .unwrap_or(actual.len().min(expected.len()));
        return Some(format!(
            "output differs from line {}:\n  ours: {:?}\n  TLC:  {:?}",
            line + 1,
            actual.get(line),
            expected.get(line)
        ));
    }
    None
}

#[test]
fn outputs_and_exit_codes_match_recorded_tlc() {
    let known = known_differences();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(data_folder())
        .unwrap()
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 30, "the golden cases are missing");
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().to_string();
        let difference = check(case);
        let listed = known.contains(&name);
        match (difference, listed) {
            (None, true) => failures
                .push(format!("{name}: matches TLC now; remove it from known-differences.txt")),
            (Some(difference), false) => failures.push(format!("{name}: {difference}")),
            _ => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from TLC:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn masking_keeps_what_matters() {
    assert_eq!(mask_timestamps("at 2026-11-30 20:31:18."), "at <TIME>.");
    assert_eq!(
        drop_rates("7 states generated (665 s/min), 7 distinct (665 ds/min), x (y)"),
        "7 states generated, 7 distinct, x (y)"
    );
    assert_eq!(
        mask("Parsing file /tmp/a/Naturals.tla (jar:file:/x!/y)\nline"),
        vec!["Parsing file Naturals.tla", "line"]
    );
}
