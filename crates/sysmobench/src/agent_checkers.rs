//! The checkers a run's agents call on their candidates (`RunChecker`): the front end, as
//! `sysmobench sany` reports it, and the model checker, exhaustive or by simulation, as
//! `sysmobench tlc` prints it. What goes back to the model is the tool's own text. Each model
//! checker run is bounded (time, states, memory), so one candidate cannot hold up a run; a run
//! that reaches a bound fails with TLC's message saying which one.

use std::path::Path;
use std::sync::{Arc, Mutex};

use bench_agents::{CheckerKind, CheckerReport, CheckerRequest, CheckerVerdict};
use tla_check::report;

use crate::sany::FileSystemModules;

/// Bounds of one model checker run for an agent.
const CHECK_SECONDS: u64 = 60;
const CHECK_DISTINCT_STATES: u64 = 2_000_000;
const CHECK_MEMORY_MB: u64 = 4096;
/// The simulation an agent's `Simulate` check runs: traces, their depth and a fixed seed, so a
/// repair round sees reproducible feedback.
const SIMULATION_TRACES: u64 = 1_000;
const SIMULATION_DEPTH: u64 = 100;
const SIMULATION_SEED: u64 = 1;

/// Runs the requested check on a candidate written (for modules it extends) next to `folder`.
pub(crate) fn run_checker(request: &CheckerRequest, folder: &Path) -> CheckerReport {
    match request.what {
        CheckerKind::Sany => front_end(request, folder),
        CheckerKind::Tlc | CheckerKind::Simulate => model_checker(request, folder),
    }
}

fn front_end(request: &CheckerRequest, folder: &Path) -> CheckerReport {
    let CheckerRequest { module_name, module_text, .. } = request;
    let mut source = FileSystemModules::new(vec![folder.to_path_buf()], module_text.clone(), true);
    let root =
        tla_sema::SourceFile { path: format!("{module_name}.tla"), text: module_text.clone() };
    let spec = tla_sema::load_specification(module_name, root, &mut source);
    let output = crate::sany::report_text(&spec);
    let verdict = if output.is_empty() { CheckerVerdict::Passed } else { CheckerVerdict::Failed };
    CheckerReport { what: CheckerKind::Sany, verdict, output }
}

fn model_checker(request: &CheckerRequest, folder: &Path) -> CheckerReport {
    let CheckerRequest { module_name, module_text, cfg_text, what } = request;
    let mut options = crate::tlc::TlcOptions::new(folder.join(format!("{module_name}.tla")));
    options.spec_text = Some(module_text.clone());
    options.config_text = Some(cfg_text.clone());
    options.workers = 1;
    options.max_seconds = Some(CHECK_SECONDS);
    options.max_states = Some(CHECK_DISTINCT_STATES);
    options.max_memory_mb = Some(CHECK_MEMORY_MB);
    if *what == CheckerKind::Simulate {
        options.simulate = Some(SIMULATION_TRACES);
        options.depth = SIMULATION_DEPTH;
        options.seed = SIMULATION_SEED;
    }
    // The output as `sysmobench tlc` prints it: messages and `Print` lines in order.
    let output = Arc::new(Mutex::new(String::new()));
    let printer = {
        let output = output.clone();
        Arc::new(move |line: &str| {
            let mut text = output.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            text.push_str(line);
            text.push('\n');
        }) as Arc<dyn Fn(&str) + Send + Sync>
    };
    let emit: crate::tlc::Emitter = {
        let output = output.clone();
        Arc::new(move |messages: &[report::Message]| {
            let mut text = output.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            text.push_str(&report::render_plain(messages));
        })
    };
    let run = crate::tlc::model_check(&options, printer, emit.clone());
    emit(&run.messages);
    let output = output.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone();
    let verdict = if run.exit_code == 0 { CheckerVerdict::Passed } else { CheckerVerdict::Failed };
    CheckerReport { what: *what, verdict, output }
}
