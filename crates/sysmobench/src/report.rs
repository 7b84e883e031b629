//! `sysmobench rescore` and `sysmobench report`: the results database read back.
//!
//! `rescore` recomputes every finished attempt's score card from the module and cfg saved in its
//! folder (after a checker improvement), without any model call, and says which cards changed.
//! `report` groups a run's attempts into the leaderboard (`bench_metrics::leaderboard`) and prints
//! it as a table, Markdown, CSV or JSON. This module is the IO edge: the numbers come from
//! `bench-metrics`.

use bench_metrics::{
    leaderboard, render_leaderboard, AttemptSummary, AttemptUsage, CardScores, ReportFormat,
    WeightPreset,
};
use bench_runs::{AttemptRow, AttemptStatus, RunStore, UsageTotals};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const RESCORE_USAGE: &str = "\
usage: sysmobench rescore [RUN-ID] [--runs-dir DIR] [--weights paper|leaderboard] [--no-cascade]

Recomputes the score card of every finished attempt of the run (the latest run when no id is
given) from the module and cfg saved in its folder; no model is called. Prints how many cards
changed. The weights and cascade rule are the run's unless given here. Exit codes: 0 done, 1 no such run or store, 2 usage error.";

const REPORT_USAGE: &str = "\
usage: sysmobench report [RUN-ID] [--runs-dir DIR] [--format table|md|csv|json] [--pass-k K]

Prints the leaderboard of the run (the latest run when no id is given): one row per task, agent
and model with each phase's best and mean (± standard error) over the samples, pass@K (default
K = 1), calls, tokens, cost and model time. A failed attempt counts 0 in every phase; a phase that
was not evaluated is shown as n/e. Exit codes: 0 done, 1 no such run or store, 2 usage error.";

struct StoreArguments {
    run_id: Option<String>,
    runs_directory: PathBuf,
    format: ReportFormat,
    pass_k: usize,
    weights: Option<WeightPreset>,
    no_cascade: bool,
}

pub fn run_rescore(args: &[String]) -> ExitCode {
    let arguments = match parse_arguments(args, false) {
        Ok(Some(arguments)) => arguments,
        Ok(None) => return print_usage(RESCORE_USAGE),
        Err(message) => return usage_error("rescore", &message, RESCORE_USAGE),
    };
    finish("rescore", rescore(&arguments))
}

pub fn run_report(args: &[String]) -> ExitCode {
    let arguments = match parse_arguments(args, true) {
        Ok(Some(arguments)) => arguments,
        Ok(None) => return print_usage(REPORT_USAGE),
        Err(message) => return usage_error("report", &message, REPORT_USAGE),
    };
    finish("report", report(&arguments))
}

fn print_usage(usage: &str) -> ExitCode {
    println_out!("{usage}");
    ExitCode::SUCCESS
}

fn usage_error(command: &str, message: &str, usage: &str) -> ExitCode {
    println_err!("sysmobench {command}: {message}\n\n{usage}");
    ExitCode::from(2)
}

fn finish(command: &str, outcome: Result<String, String>) -> ExitCode {
    match outcome {
        Ok(text) => {
            print_out!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            println_err!("sysmobench {command}: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_arguments(args: &[String], is_report: bool) -> Result<Option<StoreArguments>, String> {
    let mut arguments = StoreArguments {
        run_id: None,
        runs_directory: PathBuf::from("runs"),
        format: ReportFormat::Table,
        pass_k: 1,
        weights: None,
        no_cascade: false,
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value =
            |name: &str| iter.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--runs-dir" => arguments.runs_directory = PathBuf::from(value("--runs-dir")?),
            "--format" if is_report => {
                let name = value("--format")?;
                arguments.format =
                    ReportFormat::parse(&name).ok_or_else(|| format!("unknown format `{name}`"))?;
            }
            "--pass-k" if is_report => {
                let text = value("--pass-k")?;
                arguments.pass_k = text
                    .parse()
                    .ok()
                    .filter(|k| *k > 0)
                    .ok_or("--pass-k needs a positive number")?;
            }
            "--weights" if !is_report => {
                let name = value("--weights")?;
                let preset = WeightPreset::parse(&name)
                    .ok_or_else(|| format!("unknown weight preset `{name}`"))?;
                arguments.weights = Some(preset);
            }
            "--no-cascade" if !is_report => arguments.no_cascade = true,
            "-h" | "--help" => return Ok(None),
            other if !other.starts_with('-') && arguments.run_id.is_none() => {
                arguments.run_id = Some(other.to_string())
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    Ok(Some(arguments))
}

/// Opens the store and names the run: the one given, else the one in `LATEST`.
fn open_run(arguments: &StoreArguments) -> Result<(RunStore, String), String> {
    let database = arguments.runs_directory.join("results.sqlite");
    if !database.is_file() {
        return Err(format!("no results database at {}", database.display()));
    }
    let store = RunStore::open(&database).map_err(|error| error.to_string())?;
    let run_id = match &arguments.run_id {
        Some(run_id) => run_id.clone(),
        None => std::fs::read_to_string(arguments.runs_directory.join("LATEST"))
            .map(|text| text.trim().to_string())
            .map_err(|_| "no latest run: give a run id".to_string())?,
    };
    if store.run_config(&run_id).map_err(|error| error.to_string())?.is_none() {
        let known = store.run_ids().map_err(|error| error.to_string())?;
        return Err(format!(
            "no run `{run_id}` in {} (runs: {})",
            database.display(),
            known.join(", ")
        ));
    }
    Ok((store, run_id))
}

fn rescore(arguments: &StoreArguments) -> Result<String, String> {
    let (store, run_id) = open_run(arguments)?;
    let attempts = store.all_attempts(&run_id).map_err(|error| error.to_string())?;
    let config: serde_json::Value = store
        .run_config(&run_id)
        .map_err(|error| error.to_string())?
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let run_weights =
        config.get("weights").and_then(serde_json::Value::as_str).and_then(WeightPreset::parse);
    let weights = arguments.weights.or(run_weights).unwrap_or(WeightPreset::Paper);
    let run_cascade = config.get("cascade").and_then(serde_json::Value::as_bool).unwrap_or(true);
    let cascade = run_cascade && !arguments.no_cascade;
    let (mut rescored, mut changed, mut skipped) = (0, Vec::new(), Vec::new());
    for attempt in attempts.iter().filter(|attempt| attempt.status == AttemptStatus::Finished) {
        let label = attempt_label(attempt);
        let Some((module_name, module_text, cfg_text)) = saved_model(Path::new(&attempt.folder))
        else {
            skipped.push(label);
            continue;
        };
        let folder = Path::new(&attempt.folder);
        let card = crate::eval::score_model(
            &module_name,
            &module_text,
            cfg_text.as_deref(),
            folder,
            weights,
            cascade,
        );
        let card_json = card.to_json();
        let _ = std::fs::write(folder.join("score_card.json"), &card_json);
        store.finish_attempt(attempt.id, &card_json).map_err(|error| error.to_string())?;
        rescored += 1;
        if attempt.score_card_json.as_deref() != Some(card_json.as_str()) {
            changed.push(label);
        }
    }
    let mut res =
        format!("run {run_id}: rescored {rescored} attempt(s), {} changed\n", changed.len());
    for label in changed {
        res += &format!("  changed: {label}\n");
    }
    for label in skipped {
        res += &format!("  skipped (no saved module): {label}\n");
    }
    Ok(res)
}

fn attempt_label(attempt: &AttemptRow) -> String {
    let key = &attempt.key;
    format!("{} {} {} sample {}", key.task, key.agent, key.model, key.sample)
}

/// The module (`<name>.tla`, the only `.tla` file the run loop writes) and its cfg in `folder`.
fn saved_model(folder: &Path) -> Option<(String, String, Option<String>)> {
    let module_path = std::fs::read_dir(folder)
        .ok()?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .find(|path| path.extension().is_some_and(|ext| ext == "tla"))?;
    let module_name = module_path.file_stem()?.to_string_lossy().into_owned();
    let module_text = String::from_utf8_lossy(&std::fs::read(&module_path).ok()?).into_owned();
    let cfg_text = std::fs::read_to_string(module_path.with_extension("cfg")).ok();
    Some((module_name, module_text, cfg_text))
}

fn report(arguments: &StoreArguments) -> Result<String, String> {
    let (store, run_id) = open_run(arguments)?;
    let attempts = store.all_attempts(&run_id).map_err(|error| error.to_string())?;
    let usage: HashMap<i64, UsageTotals> =
        store.usage_by_attempt(&run_id).map_err(|error| error.to_string())?.into_iter().collect();
    let mut summaries = Vec::new();
    let mut unfinished = 0;
    for attempt in &attempts {
        let scores = match attempt.status {
            AttemptStatus::Finished => {
                attempt.score_card_json.as_deref().and_then(CardScores::from_score_card_json)
            }
            AttemptStatus::Failed => None,
            _ => {
                unfinished += 1;
                continue;
            }
        };
        let totals = usage.get(&attempt.id);
        summaries.push(AttemptSummary {
            task: attempt.key.task.clone(),
            agent: attempt.key.agent.clone(),
            model: attempt.key.model.clone(),
            scores,
            usage: totals.map_or_else(AttemptUsage::default, |totals| AttemptUsage {
                calls: totals.calls,
                input_tokens: totals.input_tokens,
                output_tokens: totals.output_tokens,
                cost_usd: totals.cost_usd,
                calls_without_price: totals.calls_without_price,
                model_time_ms: totals.model_time_ms,
            }),
        });
    }
    let board = leaderboard(&summaries, arguments.pass_k);
    let mut res = render_leaderboard(&board, arguments.format);
    if unfinished > 0 && arguments.format == ReportFormat::Table {
        res += &format!("({unfinished} attempt(s) of run {run_id} not finished: `sysmobench run --resume {run_id}`)\n");
    }
    Ok(res)
}
