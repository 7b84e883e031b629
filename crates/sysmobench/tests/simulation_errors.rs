//! Evaluation errors under `-simulate`: TLC's simulator names an invariant that fails to
//! evaluate ("Evaluating invariant X failed."), lists no positions and exits 76, as the
//! breadth-first search does (golden case `eval_error_invariant_successor`). TLC's random walk
//! differs from ours, so only the shape of the report is compared, not the trace.

use std::path::Path;
use std::process::Command;

#[test]
fn a_failing_invariant_is_named_in_simulation_too() {
    let case =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tlc/eval_error_invariant_successor");
    let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .current_dir(&case)
        .args(["tlc", "-simulate", "num=20", "-depth", "10", "-seed", "1"])
        .args(["-config", "Counters.cfg", "Counters.tla"])
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(76), "{stdout}");
    assert!(
        stdout.contains("Error: Evaluating invariant Ratio failed.\nThe second argument of \\div is 0.\nError: The behavior up to this point is:"),
        "{stdout}"
    );
    assert!(!stdout.contains("nested\nexpressions"), "{stdout}");
    // The trace ends in the failing state: a + b >= 3 with b = 1.
    let last_state = stdout.split("\n\n").filter(|block| block.contains("/\\ a = ")).last();
    let last_state = last_state.unwrap_or_default();
    assert!(last_state.contains("/\\ b = 1") && !last_state.contains("/\\ a = 0"), "{stdout}");
}
