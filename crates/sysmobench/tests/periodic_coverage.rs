//! TLC's periodic coverage (`-coverage N`): the coverage block printed with some of the progress
//! reports while a run goes on, besides the one at the end.
//!
//! `tests/data/coverage_periodic` holds what TLC 2.20 printed for runs long enough to report
//! (its progress reports are a minute apart). Our runs here use the hidden
//! `--progress-interval-ms 0`, which makes every point where the checker can report a report,
//! so they are fast and their output does not depend on time. What is compared is the shape:
//! which reports carry a coverage block (the same rule must explain TLC's recorded output and
//! ours), the lines of every block (the same as TLC's, counts aside), and that each of our
//! blocks is a consistent snapshot (its counts add up to the progress line before it).

use std::path::{Path, PathBuf};
use std::process::Command;

fn folder(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/coverage_periodic").join(name)
}

/// One item of a run's output: a progress report or a coverage block.
#[derive(Debug)]
enum Item {
    Progress(String),
    /// The block's lines after its header, up to its end line.
    Coverage(Vec<String>),
}

fn items(output: &str) -> Vec<Item> {
    let mut items = Vec::new();
    let mut block: Option<Vec<String>> = None;
    for line in output.lines() {
        if let Some(lines) = block.as_mut() {
            if line.starts_with("End of statistics") {
                items.push(Item::Coverage(block.take().unwrap_or_default()));
            } else {
                lines.push(line.to_string());
            }
        } else if line.starts_with("The coverage statistics at") {
            block = Some(Vec::new());
        } else if line.starts_with("Progress") {
            items.push(Item::Progress(line.to_string()));
        }
    }
    items
}

/// `P` for a progress report, `C` for a coverage block.
fn pattern(items: &[Item]) -> String {
    items
        .iter()
        .map(|item| match item {
            Item::Progress(_) => 'P',
            Item::Coverage(_) => 'C',
        })
        .collect()
}

/// A block's top-level lines (variables, `Init`, actions, invariants, constraints) without
/// their counts.
fn labels(block: &[String]) -> Vec<String> {
    block
        .iter()
        .filter(|line| line.starts_with('<'))
        .map(|line| match line.rfind(">: ") {
            Some(end) => line[..=end].to_string(),
            None => line.clone(),
        })
        .collect()
}

fn blocks(items: &[Item]) -> Vec<&Vec<String>> {
    items
        .iter()
        .filter_map(|item| match item {
            Item::Coverage(block) => Some(block),
            Item::Progress(_) => None,
        })
        .collect()
}

fn run_ours(case: &str, args: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .current_dir(folder(case))
        .arg("tlc")
        .args(args)
        .args(["-config", "Small.cfg", "Grid.tla"])
        .output()
        .expect("the binary runs");
    (output.status.code().unwrap_or(-1), String::from_utf8_lossy(&output.stdout).into_owned())
}

fn recorded(case: &str) -> String {
    std::fs::read_to_string(folder(case).join("expected.out")).expect("TLC's output is recorded")
}

/// The numbers of a line `<... >: a:b`.
fn numbers(line: &str) -> Option<(u64, u64)> {
    let (first, second) = line.rsplit_once(">: ")?.1.split_once(':')?;
    Some((first.parse().ok()?, second.parse().ok()?))
}

/// `12,345` in a progress line after `before`.
fn number_before(line: &str, after_text: &str) -> u64 {
    let end = line.find(after_text).expect("the progress line has the count");
    let start = line[..end].rfind(' ').map_or(0, |space| space + 1);
    line[start..end].replace(',', "").parse().expect("a number")
}

/// Breadth first, `-coverage 1`: TLC prints the coverage with every second report, from the
/// second (the first report comes 3 s after the start), and once at the end.
fn breadth_first_rule_holds(pattern: &str) -> bool {
    let Some(periodic) = pattern.strip_suffix('C') else { return false };
    let mut expected = String::new();
    let mut reports = 0;
    while expected.len() < periodic.len() {
        expected.push('P');
        if reports % 2 == 1 {
            expected.push('C');
        }
        reports += 1;
    }
    expected == periodic
}

#[test]
fn breadth_first_coverage_comes_with_tlc_s_reports_and_adds_up() {
    let tlc = items(&recorded("bfs"));
    let tlc_pattern = pattern(&tlc);
    assert!(tlc_pattern.contains("PC"), "TLC's run printed a periodic block: {tlc_pattern}");
    assert!(breadth_first_rule_holds(&tlc_pattern), "TLC: {tlc_pattern}");

    let (exit, text) =
        run_ours("bfs", &["-deadlock", "-coverage", "1", "--progress-interval-ms", "0"]);
    assert_eq!(exit, 0, "{text}");
    let ours = items(&text);
    let our_pattern = pattern(&ours);
    assert!(our_pattern.matches('C').count() >= 3, "{our_pattern}");
    assert!(breadth_first_rule_holds(&our_pattern), "ours: {our_pattern}");

    // Every block has TLC's lines.
    let tlc_labels = labels(blocks(&tlc)[0]);
    for block in blocks(&tlc).into_iter().chain(blocks(&ours)) {
        assert_eq!(labels(block), tlc_labels);
    }
    // Each periodic block of ours is a snapshot between two batches: the initial states and
    // the actions' new states add up to the distinct states of the report before it, their
    // generated states to its generated states.
    for pair in ours.windows(2) {
        let (Item::Progress(progress), Item::Coverage(block)) = (&pair[0], &pair[1]) else {
            continue;
        };
        let counted: Vec<(u64, u64)> = block
            .iter()
            .filter(|line| line.starts_with("<Init") || line.starts_with("<Inc"))
            .filter_map(|line| numbers(line))
            .collect();
        assert_eq!(counted.len(), 4, "{block:?}");
        let distinct: u64 = counted.iter().map(|(new, _)| new).sum();
        let generated: u64 = counted.iter().map(|(_, generated)| generated).sum();
        assert_eq!(distinct, number_before(progress, " distinct states found"), "{progress}");
        assert_eq!(generated, number_before(progress, " states generated"), "{progress}");
    }
    // Reporting takes nothing from the counts: the last block is the one of a run without
    // periodic reports.
    let (_, plain) = run_ours("bfs", &["-deadlock", "-coverage", "1"]);
    assert_eq!(blocks(&ours).last(), blocks(&items(&plain)).last());
}

#[test]
fn simulation_coverage_comes_with_every_report_and_the_last_one_twice() {
    // TLC, -coverage 1: every report (one a minute) carries the coverage; when the simulation
    // ends, its last report does too, and then the summary prints it once more.
    let tlc = items(&recorded("simulate"));
    let tlc_pattern = pattern(&tlc);
    let every_report_with_coverage = |pattern: &str| {
        pattern.strip_suffix('C').is_some_and(|rest| rest.split("PC").all(str::is_empty))
    };
    assert!(tlc_pattern.len() >= 5, "TLC's run printed periodic blocks: {tlc_pattern}");
    assert!(every_report_with_coverage(&tlc_pattern), "TLC: {tlc_pattern}");

    let args = ["-deadlock", "-simulate", "num=6", "-depth", "20", "-seed", "3"];
    let (exit, text) = run_ours(
        "simulate",
        &[&args[..], &["-coverage", "1", "--progress-interval-ms", "0"]].concat(),
    );
    assert_eq!(exit, 0, "{text}");
    let ours = items(&text);
    // One report per trace, the last report, the summary.
    assert_eq!(pattern(&ours), format!("{}PCC", "PC".repeat(6)));
    let tlc_labels = labels(blocks(&tlc)[0]);
    for block in blocks(&tlc).into_iter().chain(blocks(&ours)) {
        assert_eq!(labels(block), tlc_labels);
    }
    // TLC's simulator prints 0 distinct values for every variable.
    assert!(blocks(&ours)[0]
        .iter()
        .filter(|line| line.starts_with("<x "))
        .all(|l| l.ends_with(": 0")));
    // Each block counts the traces finished before its report: the states generated by the
    // actions plus the initial state are the states checked.
    for pair in ours.windows(2) {
        let (Item::Progress(progress), Item::Coverage(block)) = (&pair[0], &pair[1]) else {
            continue;
        };
        let generated: u64 = block
            .iter()
            .filter(|line| line.starts_with("<Inc"))
            .filter_map(|line| numbers(line))
            .map(|(_, generated)| generated)
            .sum();
        assert_eq!(generated + 1, number_before(progress, " states checked"), "{progress}");
    }
    // The same for one and two workers (each report counts the traces finished so far, so
    // only the final blocks are compared).
    let (_, two) =
        run_ours("simulate", &[&args[..], &["-coverage", "1", "-workers", "2"]].concat());
    let (_, one) =
        run_ours("simulate", &[&args[..], &["-coverage", "1", "-workers", "1"]].concat());
    assert_eq!(blocks(&items(&one)).last(), blocks(&items(&two)).last());
}
