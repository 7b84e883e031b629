//! Front-end latency: `cargo bench -p tla-sema --bench analyze`.
//!
//! Loads, parses and analyses a generated 1,000-line specification that extends a two-module
//! library of its own, many times, and prints the time per full analysis. (Once the standard
//! modules are embedded, the closure will include them too.)

use std::time::{Duration, Instant};
use tla_sema::{ModuleSource, SourceFile};

struct Library;

impl ModuleSource for Library {
    fn find_module(&mut self, name: &str) -> Option<SourceFile> {
        let text = match name {
            "BaseLib" => "---- MODULE BaseLib ----\nCONSTANT Nodes, Values\nNone == CHOOSE v : v \\notin Values\nPair(a, b) == <<a, b>>\n====\n".to_string(),
            "MidLib" => "---- MODULE MidLib ----\nEXTENDS BaseLib\nSwap(p) == <<p[2], p[1]>>\nAll(S, P(_)) == \\A s \\in S : P(s)\n====\n".to_string(),
            _ => return None,
        };
        Some(SourceFile { path: format!("{name}.tla"), text })
    }
}

/// About 1,000 lines: declarations, then definitions in the style of real specifications.
fn generated_spec() -> String {
    let mut text = String::from("---- MODULE Big ----\nEXTENDS MidLib\nVARIABLES state, msgs, log, round\nvars == <<state, msgs, log, round>>\n");
    let mut n_lines = 4;
    let mut idx = 0;
    while n_lines < 1_000 {
        text.push_str(&format!(
            "Action{idx}(n) ==\n  /\\ n \\in Nodes\n  /\\ state[n] = \"idle\"\n  /\\ \\E v \\in Values :\n       /\\ msgs' = msgs \\cup {{[type |-> \"req\", from |-> n, val |-> v]}}\n       /\\ log' = [log EXCEPT ![n] = Pair(v, None)]\n  /\\ LET r == round IN round' = IF r = r THEN r ELSE r\n  /\\ UNCHANGED state\n\n"
        ));
        n_lines += 9;
        idx += 1;
    }
    text.push_str("Next == \\E n \\in Nodes : ");
    let actions: Vec<String> = (0..idx).map(|i| format!("Action{i}(n)")).collect();
    text.push_str(&actions.join(" \\/ "));
    text.push_str("\nSpec == [][Next]_vars\n====\n");
    text
}

fn main() {
    let text = generated_spec();
    let n_lines = text.lines().count();
    let mut rounds = 0u32;
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(2) || rounds == 0 {
        let root = SourceFile { path: "Big.tla".to_string(), text: text.clone() };
        let spec = tla_sema::load_specification("Big", root, &mut Library);
        assert!(spec.errors.is_empty(), "{:?}", spec.errors);
        let analysis = tla_sema::analyze(std::hint::black_box(&spec));
        assert!(!analysis.has_errors(), "{:?}", analysis.diagnostics.first());
        rounds += 1;
    }
    let per_round = start.elapsed().as_secs_f64() / rounds as f64;
    println!(
        "analyze: {n_lines}-line spec with a 2-module closure, {rounds} rounds: {:.2} ms per load + parse + analysis",
        per_round * 1e3
    );
}
