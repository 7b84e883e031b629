//! The `sysmobench` binary: one command line for the TLA+ toolchain and the benchmark harness.
//!
//! This is the edge of the system: it reads files, prints, and maps outcomes to exit codes.
//! Each subcommand lives in its own module and does its IO here, calling into pure libraries.

#[macro_use]
mod console;
mod agent_checkers;
mod eval;
mod progress;
mod report;
mod run;
mod sany;
mod task_commands;
mod tlc;
mod tlc_coverage;
mod tlc_flags;
mod tlc_simulation;
mod tlc_warnings;

use std::process::ExitCode;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "\
usage: sysmobench <command> [arguments]

commands:
  sany [-error-codes] [-human] [-no-community] [-lib DIR]... FILE.tla
        check a TLA+ module as SANY does: syntax, modules, names and levels
  tlc [-config FILE.cfg] [-workers N|auto] [-deadlock] [-tool] [-seed S] [--max-states N] ... FILE.tla
        model-check a spec as TLC does: same verdicts, counts, traces, output and exit codes
  run --task TASK... --agent AGENT [--model MODEL...] [--samples K] [--repair K] [--resume [ID]] [--dry-run]
        put an agent in front of tasks, store every attempt, resume a killed run
  rescore [RUN-ID] [--runs-dir DIR] [--weights paper|leaderboard] [--no-cascade]
        recompute the score cards of a stored run from its saved models (no model calls)
  report [RUN-ID] [--runs-dir DIR] [--format table|md|csv|json] [--pass-k K]
        print a run's leaderboard: phases, pass@K, tokens, cost and time per task, agent and model
  eval --task TASK --spec FILE.tla [--cfg FILE.cfg] [--weights paper|leaderboard] [--no-cascade] [--json]
        score a model of a task and print its score card
  tasks [--tasks-dir DIR] [--cache DIR] [--json]
        list the benchmark tasks: system, pinned source, lines, traces, invariants
  fetch <TASK...|all> [--tasks-dir DIR] [--cache DIR]
        fetch pinned task sources into the cache and verify their hashes (exit 1 on failure)
  traces --task TASK [--out DIR] [--tasks-dir DIR] [--cache DIR]
        regenerate a task's trace corpus with its harness and print the manifest summary
  help  print this message
  version
        print the version
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        print_err!("{USAGE}");
        return ExitCode::from(2);
    };
    match command.as_str() {
        "sany" => sany::run(&args[1..]),
        "tlc" => tlc::run(&args[1..]),
        "eval" => eval::run(&args[1..]),
        "run" => run::run(&args[1..]),
        "rescore" => report::run_rescore(&args[1..]),
        "report" => report::run_report(&args[1..]),
        "tasks" => task_commands::run_tasks(&args[1..]),
        "fetch" => task_commands::run_fetch(&args[1..]),
        "traces" => task_commands::run_traces(&args[1..]),
        "help" | "-h" | "--help" => {
            print_out!("{USAGE}");
            ExitCode::SUCCESS
        }
        "version" | "--version" | "-V" => {
            println_out!("sysmobench {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        other => {
            println_err!("sysmobench: unknown command `{other}`\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
