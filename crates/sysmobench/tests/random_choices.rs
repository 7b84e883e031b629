//! `RandomElement` under `-seed`: a breadth-first run's random choices, and a simulation's, are
//! the same for every number of workers and every repetition with the same seed, and change
//! with the seed (see "Random choices" in `docs/dev/checker.md`).

use std::process::Command;

mod support;

use support::Scratch;

/// A spec whose reachable states depend on every `RandomElement` draw: 200 initial states, each
/// followed by three random steps.
const SPEC: &str = "---- MODULE Draws ----
EXTENDS Naturals, TLC
VARIABLE x, n
Init == x \\in 1..200 /\\ n = 0
Next == n < 3 /\\ n' = n + 1 /\\ x' = (x * 7 + RandomElement(1..999)) % 100000
====
";

/// Runs `sysmobench tlc` with `args` and returns what identifies the run's random choices: the
/// explored graph (breadth first) or the generated-states line and the coverage's distinct-value
/// counts (simulation; the text block prints 0 distinct values there, as TLC does, so they are
/// read from the JSON form).
fn run(scratch: &Scratch, args: &[&str], dump: bool) -> String {
    let graph = scratch.path("graph.dot");
    let coverage = scratch.path("coverage.json");
    let mut all: Vec<&str> = vec!["tlc", "-deadlock"];
    all.extend_from_slice(args);
    if dump {
        all.extend_from_slice(&["-dump", "dot", &graph]);
    } else {
        all.extend_from_slice(&["--coverage-json", &coverage]);
    }
    all.extend_from_slice(&["-config", "Draws.cfg", "Draws.tla"]);
    let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .args(&all)
        .current_dir(&scratch.dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stdout));
    if dump {
        let mut lines: Vec<String> =
            std::fs::read_to_string(&graph).unwrap().lines().map(str::to_string).collect();
        lines.sort();
        lines.join("\n")
    } else {
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&coverage).unwrap()).unwrap();
        let generated = String::from_utf8_lossy(&output.stdout)
            .lines()
            // Not "Finished computing initial states: ... generated at <time>": it has a clock.
            .filter(|line| line.starts_with("The number of states generated"))
            .collect::<Vec<_>>()
            .join("\n");
        format!("{generated}\n{}", json["variables"])
    }
}

#[test]
fn random_element_is_reproducible_for_any_number_of_workers() {
    let scratch = Scratch::new("random-choices");
    scratch.write("Draws.tla", SPEC);
    scratch.write("Draws.cfg", "INIT Init\nNEXT Next\n");
    for (mode, dump) in [(&[][..], true), (&["-simulate", "num=150", "-depth", "5"][..], false)] {
        let with = |seed: &str, workers: &str| {
            let mut args = vec!["-seed", seed, "-workers", workers];
            args.extend_from_slice(mode);
            run(&scratch, &args, dump)
        };
        let reference = with("11", "1");
        assert!(!reference.is_empty());
        assert_eq!(with("11", "1"), reference, "{mode:?}: a repeated run differs");
        for workers in ["2", "3"] {
            assert_eq!(with("11", workers), reference, "{mode:?}: {workers} workers differ");
        }
        assert_ne!(with("12", "2"), reference, "{mode:?}: another seed draws the same");
    }
}

/// A violation deep in a spec that draws at every step: the trace's states are found again by
/// evaluating the steps once more (`stored_states.rs`), which must draw what the search drew.
/// A step drawn otherwise has another fingerprint and is not found, which cuts the trace short.
#[test]
fn a_trace_through_random_steps_is_found_again_whole() {
    let scratch = Scratch::new("random-trace");
    scratch.write(
        "Walk.tla",
        "---- MODULE Walk ----
EXTENDS Naturals, TLC
VARIABLE x, n
Init == x = 0 /\\ n = 0
Next == n < 9 /\\ n' = n + 1 /\\ x' \\in {(x * 7 + RandomElement(1..999)) % 1000, 1000 + n}
Short == n < 7
====
",
    );
    scratch.write("Walk.cfg", "INIT Init\nNEXT Next\nINVARIANT Short\n");
    let trace = |seed: &str, workers: &str| {
        let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
            .args(["tlc", "-seed", seed, "-workers", workers, "-config", "Walk.cfg", "Walk.tla"])
            .current_dir(&scratch.dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).to_string();
        assert_eq!(output.status.code(), Some(12), "{stdout}");
        let states: Vec<String> = stdout
            .lines()
            .skip_while(|line| !line.starts_with("State 1:"))
            .take_while(|line| !line.contains("states generated"))
            .map(str::to_string)
            .collect();
        states.join("\n")
    };
    let reference = trace("5", "1");
    for step in 1..=8 {
        assert!(
            reference.contains(&format!("State {step}:")),
            "state {step} missing:\n{reference}"
        );
    }
    assert!(reference.contains("/\\ n = 7"), "{reference}");
    assert_eq!(trace("5", "2"), reference, "2 workers print another trace");
    assert_ne!(trace("6", "1"), reference, "another seed draws the same");
}
