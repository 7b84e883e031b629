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
            .filter(|line| line.contains("states generated"))
            // "... generated at <time>.": the time is not a random choice.
            .map(|line| line.split(" at ").next().unwrap_or(line))
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
