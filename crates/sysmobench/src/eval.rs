//! `sysmobench eval`: scores one TLA+ model of a task and prints its score card.
//!
//! The phases are computed by `bench-metrics` from the native toolchain's results; this module
//! only reads the files, finds the task, and prints. The syntax and runtime phases are
//! evaluated; the conformance and invariant phases are reported as not evaluated (never as 0 or
//! 1) until trace validation and the invariant templates are wired to the checker.

use crate::sany::FileSystemModules;
use crate::task_commands::{load_named_task, resolve_tasks_directory};
use bench_metrics::{
    evaluate_runtime, evaluate_syntax, ActionObservation, EntryPoints, OverallScore, Phase,
    PhaseOutcome, RuntimeObservation, ScoreCard, SimulationSettings, WeightPreset,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
usage: sysmobench eval --task TASK --spec FILE.tla [--cfg FILE.cfg] [--weights paper|leaderboard]
                       [--no-cascade] [--json] [--tasks-dir DIR]

Scores a TLA+ model of TASK and prints its score card. The cfg defaults to the .cfg file next to
the spec with the same name. The module name must equal the file name, as for SANY.
Exit codes: 0 when the card was computed (whatever the scores), 1 when a file or the task could
not be read, 2 on a usage error.";

struct EvalOptions {
    task: String,
    spec: PathBuf,
    cfg: Option<PathBuf>,
    weights: WeightPreset,
    cascade: bool,
    json: bool,
    tasks_directory: Option<PathBuf>,
}

pub fn run(args: &[String]) -> ExitCode {
    let options = match parse_arguments(args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println_out!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            println_err!("sysmobench eval: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match evaluate(&options) {
        Ok(card) => {
            if options.json {
                println_out!("{}", card.to_json());
            } else {
                print_out!("{}", render_card(&options.task, &options.spec, &card));
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            println_err!("sysmobench eval: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_arguments(args: &[String]) -> Result<Option<EvalOptions>, String> {
    let mut task = None;
    let mut spec = None;
    let mut cfg = None;
    let mut weights = WeightPreset::Paper;
    let mut cascade = true;
    let mut json = false;
    let mut tasks_directory = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value =
            |name: &str| iter.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--task" => task = Some(value("--task")?),
            "--spec" => spec = Some(PathBuf::from(value("--spec")?)),
            "--cfg" => cfg = Some(PathBuf::from(value("--cfg")?)),
            "--weights" => {
                let name = value("--weights")?;
                weights = WeightPreset::parse(&name)
                    .ok_or_else(|| format!("unknown weight preset `{name}`"))?;
            }
            "--no-cascade" => cascade = false,
            "--json" => json = true,
            "--tasks-dir" => tasks_directory = Some(PathBuf::from(value("--tasks-dir")?)),
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    let task = task.ok_or("--task is required")?;
    let spec = spec.ok_or("--spec is required")?;
    Ok(Some(EvalOptions { task, spec, cfg, weights, cascade, json, tasks_directory }))
}

fn evaluate(options: &EvalOptions) -> Result<ScoreCard, String> {
    let tasks_directory = resolve_tasks_directory(options.tasks_directory.clone())?;
    let _task = load_named_task(&tasks_directory, &options.task)?;
    let text = std::fs::read(&options.spec)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .map_err(|error| format!("cannot read {}: {error}", options.spec.display()))?;
    let module_name = options
        .spec
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    let cfg_path = options.cfg.clone().unwrap_or_else(|| options.spec.with_extension("cfg"));
    let cfg_text = match std::fs::read_to_string(&cfg_path) {
        Ok(cfg_text) => Some(cfg_text),
        Err(_) if options.cfg.is_some() => {
            return Err(format!("cannot read {}", cfg_path.display()))
        }
        Err(_) => None,
    };
    let spec_folder = options.spec.parent().map(Path::to_path_buf).unwrap_or_default();
    let card = score_model(
        &module_name,
        &text,
        cfg_text.as_deref(),
        &spec_folder,
        options.weights,
        options.cascade,
    );
    Ok(card)
}

/// Scores one model: its module text, its cfg (if any) and the folder its imports are read from.
/// Conformance and invariants are not evaluated yet.
pub(crate) fn score_model(
    module_name: &str,
    module_text: &str,
    cfg_text: Option<&str>,
    spec_folder: &Path,
    weights: WeightPreset,
    cascade: bool,
) -> ScoreCard {
    let entry_points = cfg_text.map_or(EntryPoints::Conventional, entry_points_from_cfg);
    let mut source =
        FileSystemModules::new(vec![spec_folder.to_path_buf()], module_text.to_string(), true);
    let syntax = evaluate_syntax(module_name, module_text, &entry_points, &mut source);
    let details = serde_json::to_value(&syntax).unwrap_or(serde_json::Value::Null);
    let not_implemented =
        |what: &str| PhaseOutcome::NotEvaluated { reason: format!("not implemented yet ({what})") };
    let runtime = match cfg_text {
        Some(cfg_text) => {
            let settings = runtime_settings();
            let observation =
                simulate_for_runtime(module_name, module_text, cfg_text, spec_folder, settings);
            let result = evaluate_runtime(&observation, Some(settings));
            let details = serde_json::to_value(&result).unwrap_or(serde_json::Value::Null);
            PhaseOutcome::Evaluated { score: result.score, details }
        }
        None => PhaseOutcome::NotEvaluated { reason: "the model has no cfg file".to_string() },
    };
    let outcomes = vec![
        (Phase::Syntax, PhaseOutcome::Evaluated { score: syntax.score, details }),
        (Phase::Runtime, runtime),
        (Phase::Conformance, not_implemented("needs trace validation")),
        (Phase::Invariants, not_implemented("needs the model checker")),
    ];
    ScoreCard::new(outcomes, weights, cascade)
}

/// The runtime phase's simulation: traces, their depth and the seed, fixed so scores are
/// reproducible (the original benchmark's 20 runs of 50 traces of depth 50), and a time limit.
pub(crate) const RUNTIME_TRACES: u64 = 1000;
pub(crate) const RUNTIME_DEPTH: u64 = 50;
pub(crate) const RUNTIME_SEED: u64 = 0;
pub(crate) const RUNTIME_SECONDS: u64 = 60;

/// The runtime phase's simulation settings: the defaults above, each of which can be changed
/// with an environment variable (`SYSMOBENCH_RUNTIME_TRACES`, `_DEPTH`, `_SEED`, `_SECONDS`);
/// the settings used are recorded in the score card.
fn runtime_settings() -> SimulationSettings {
    let read = |name: &str, default: u64| {
        std::env::var(format!("SYSMOBENCH_RUNTIME_{name}"))
            .ok()
            .and_then(|text| text.parse::<u64>().ok())
            .unwrap_or(default)
    };
    SimulationSettings {
        traces: read("TRACES", RUNTIME_TRACES),
        depth: read("DEPTH", RUNTIME_DEPTH).max(1),
        seed: read("SEED", RUNTIME_SEED),
        time_limit_seconds: read("SECONDS", RUNTIME_SECONDS).max(1),
    }
}

/// Simulates the model with its cfg and reports what each action did.
fn simulate_for_runtime(
    module_name: &str,
    module_text: &str,
    cfg_text: &str,
    spec_folder: &Path,
    settings: SimulationSettings,
) -> RuntimeObservation {
    let mut options = crate::tlc::TlcOptions::new(spec_folder.join(format!("{module_name}.tla")));
    options.spec_text = Some(module_text.to_string());
    options.config_text = Some(cfg_text.to_string());
    options.simulate = Some(settings.traces);
    options.depth = settings.depth;
    options.seed = settings.seed;
    options.keep_going = true;
    options.workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    options.max_seconds = Some(settings.time_limit_seconds);
    let quiet_printer: std::sync::Arc<dyn Fn(&str) + Send + Sync> = std::sync::Arc::new(|_| {});
    let quiet_emit: crate::tlc::Emitter = std::sync::Arc::new(|_| {});
    let run = crate::tlc::model_check(&options, quiet_printer, quiet_emit);
    let Some(report) = run.simulation else {
        let reason = run
            .messages
            .iter()
            .find(|message| message.class == tla_check::report::CLASS_ERROR)
            .map_or_else(
                || format!("the model did not run (exit code {})", run.exit_code),
                |message| message.plain_text(),
            );
        return RuntimeObservation::CouldNotRun { reason };
    };
    let violation = match &report.verdict {
        tla_check::Verdict::Success => None,
        _ => run
            .messages
            .iter()
            .find(|message| message.class == tla_check::report::CLASS_ERROR)
            .map(|message| message.plain_text()),
    };
    let actions = report
        .actions
        .iter()
        .zip(&report.activity)
        .map(|(action, activity)| ActionObservation {
            name: action.name.clone(),
            enabled: activity.enabled,
            generated: activity.generated,
            errors: activity.errors,
            first_error: activity.first_error.as_ref().map(|error| error.message.clone()),
        })
        .collect();
    RuntimeObservation::Simulated {
        actions,
        traces: report.traces,
        states_generated: report.states_generated,
        timed_out: report.timed_out,
        violation,
    }
}

/// `INIT`/`NEXT` if the cfg names both, else `SPECIFICATION`, else the conventional names.
pub(crate) fn entry_points_from_cfg(cfg_text: &str) -> EntryPoints {
    let parsed = tla_cfg::parse_config(cfg_text);
    let config = parsed.config;
    match (&config.init, &config.next, &config.specification) {
        (Some(init), Some(next), _) => {
            EntryPoints::InitNext { init: init.name.name.clone(), next: next.name.name.clone() }
        }
        (_, _, Some(specification)) => EntryPoints::Specification(specification.name.name.clone()),
        _ => EntryPoints::Conventional,
    }
}

fn render_card(task: &str, spec: &Path, card: &ScoreCard) -> String {
    let mut res = format!("score card: task {task}, model {}\n\n", spec.display());
    for entry in &card.phases {
        let line = match &entry.outcome {
            PhaseOutcome::Evaluated { score, .. } => {
                format!("{:<12} {score:.3}", entry.phase.name())
            }
            PhaseOutcome::NotEvaluated { reason } => {
                format!("{:<12} not evaluated ({reason})", entry.phase.name())
            }
        };
        res.push_str(&line);
        res.push('\n');
    }
    if let Some(PhaseOutcome::Evaluated { details, .. }) =
        card.phases.first().map(|entry| &entry.outcome)
    {
        if let Some(actions) = details.get("actions").and_then(|actions| actions.as_array()) {
            res.push_str("\nsyntax, per action:\n");
            for action in actions {
                let name = action.get("name").and_then(|name| name.as_str()).unwrap_or("?");
                let passes =
                    action.get("passes").and_then(|passes| passes.as_bool()).unwrap_or(false);
                let reason = action
                    .get("reasons")
                    .and_then(|reasons| reasons.as_array())
                    .and_then(|reasons| reasons.first())
                    .and_then(|reason| reason.as_str())
                    .unwrap_or("");
                res.push_str(&format!(
                    "  {:<24} {}{}\n",
                    name,
                    if passes { "ok" } else { "fails" },
                    if passes { String::new() } else { format!(": {reason}") }
                ));
            }
        }
    }
    let overall = match &card.overall {
        OverallScore::Evaluated { score } => format!("{score:.3}"),
        OverallScore::NotEvaluated { missing_phases } => {
            let names: Vec<&str> = missing_phases.iter().map(|phase| phase.name()).collect();
            format!("not evaluated (missing: {})", names.join(", "))
        }
    };
    res.push_str(&format!(
        "\noverall ({:?} weights, cascade {}): {overall}\n",
        card.weights,
        if card.cascade { "on" } else { "off" }
    ));
    for reason in &card.reasons {
        res.push_str(&format!("  - {reason}\n"));
    }
    res
}
