//! `sysmobench run`: puts agents in front of tasks, many times, and stores everything.
//!
//! A run is every combination of the given tasks, models and samples for one agent. Each
//! combination is an attempt with its own folder (`<runs>/<run>/<task>/<agent>/<model>/sample-<n>/`:
//! the model calls, the extracted module and cfg, checker outputs, the score card) and a row in the
//! results database (`<runs>/results.sqlite`). Model calls go through the provider crate's
//! response cache and are recorded with their usage the moment they return, so a run killed at
//! any moment resumes with `--resume` without repeating a finished call or losing usage. This
//! module is the IO edge: agents decide, this loop acts.

use crate::task_commands::resolve_tasks_directory;
use bench_agents::{
    Agent, AgentCommand, AgentEvent, AgentName, BasicAgent, CodeTranslationAgent, ExternalAgent,
    ModelCallSettings, ReferenceAgent, RepairSettings, SanitiseOptions, SourceText, TaskBrief,
    TraceLearningAgent, TraceLearningSettings, TraceText, TranslationSettings,
};
use bench_llm::{
    find_dotenv_file, system_clock, thread_sleeper, CallRecorder, Client, ClientConfig, ModelName,
    ModelSettings, ModelSettingsFile, ModelSettingsTable, NetworkConfig, NetworkProvider,
    PriceFile, PriceTable, Provider, ProviderEnvironment, ReplayProvider, ResponseCache,
    ResponseSource, RetryPolicy, TokenUsage, UreqTransport,
};
use bench_metrics::WeightPreset;
use bench_runs::{attempt_folder, AttemptKey, AttemptRow, CallRecord, RunStore, UsageTotals};
use bench_tasks::{cached_task_sources, default_cache_directory, load_task, FetchedSources, Task};
use serde_json::json;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const USAGE: &str = "\
usage: sysmobench run --task TASK... --agent AGENT [--model MODEL...] [--samples K] [--seed S]
                      [--repair K] [--concurrency N] [--runs-dir DIR] [--run-id ID] [--dry-run]
                      [--replay FILE] [--spec FILE.tla] [--tasks-dir DIR] [--cache DIR]
                      [--models-file FILE.toml] [--prices-file FILE.toml]
                      [--weights paper|leaderboard] [--no-cascade]
       sysmobench run --resume [RUN-ID] [--runs-dir DIR] [--concurrency N]

AGENT is basic, code-translation, trace-learning, reference or external (which scores --spec).
Models are named provider/model (openai/gpt-5, anthropic/..., openai-api/<server>/<model>, ...);
keys come from the environment or a .env file. --task and --model may be repeated or
comma-separated. --replay answers model calls from a recording instead of the network.
Each attempt's files are under the runs folder (default: runs); the results database is
<runs>/results.sqlite. A killed run continues with --resume (the latest run when no id is given).
Exit codes: 0 when every attempt finished or failed cleanly (per-attempt failures are recorded),
1 when the run could not be set up, 2 on a usage error.";

/// Everything that defines a run; stored with it so that `--resume` needs no flags.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct RunPlan {
    project_version: String,
    tasks: Vec<String>,
    agent: String,
    models: Vec<String>,
    samples: u32,
    seed: u64,
    repair_rounds: u32,
    tasks_directory: PathBuf,
    cache_directory: Option<PathBuf>,
    replay: Option<PathBuf>,
    external_spec: Option<PathBuf>,
    /// A models file layered over the built-in model settings.
    #[serde(default)]
    models_file: Option<PathBuf>,
    /// A price file layered over the built-in prices.
    #[serde(default)]
    prices_file: Option<PathBuf>,
    /// The weight preset of the overall score (`paper` or `leaderboard`).
    #[serde(default = "paper_weights")]
    weights: String,
    /// Whether a later phase scores 0 once an earlier one failed.
    #[serde(default = "cascade_by_default")]
    cascade: bool,
    /// SHA-256 of each task's `task.toml`, as loaded when the run was planned.
    task_hashes: Vec<(String, String)>,
    /// Each model's settings (temperature, output limit, ...) as resolved when the run was planned.
    #[serde(default)]
    model_settings: Vec<(String, ModelSettings)>,
}

struct RunArguments {
    plan: Option<RunPlan>,
    resume: Option<Option<String>>,
    runs_directory: PathBuf,
    run_id: Option<String>,
    concurrency: usize,
    dry_run: bool,
}

pub fn run(args: &[String]) -> ExitCode {
    let arguments = match parse_arguments(args) {
        Ok(Some(arguments)) => arguments,
        Ok(None) => {
            println_out!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            println_err!("sysmobench run: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match execute(arguments) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            println_err!("sysmobench run: {message}");
            ExitCode::FAILURE
        }
    }
}

fn parse_arguments(args: &[String]) -> Result<Option<RunArguments>, String> {
    let mut tasks = Vec::new();
    let mut agent = None;
    let mut models = Vec::new();
    let mut samples = 1;
    let mut seed = 0;
    let mut repair_rounds = 0;
    let mut concurrency = 1;
    let mut runs_directory = PathBuf::from("runs");
    let mut run_id = None;
    let mut dry_run = false;
    let mut replay = None;
    let mut external_spec = None;
    let mut tasks_directory = None;
    let mut cache_directory = None;
    let mut resume = None;
    let mut models_file = None;
    let mut prices_file = None;
    let mut weights = paper_weights();
    let mut cascade = true;
    let mut iter = args.iter().peekable();
    while let Some(arg) = iter.next() {
        let mut value =
            |name: &str| iter.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        let number = |name: &str, text: String| {
            text.parse::<u64>().map_err(|_| format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--task" => tasks.extend(value("--task")?.split(',').map(str::to_string)),
            "--model" => models.extend(value("--model")?.split(',').map(str::to_string)),
            "--agent" => agent = Some(value("--agent")?),
            "--samples" => samples = number("--samples", value("--samples")?)? as u32,
            "--seed" => seed = number("--seed", value("--seed")?)?,
            "--repair" => repair_rounds = number("--repair", value("--repair")?)? as u32,
            "--concurrency" => {
                concurrency = number("--concurrency", value("--concurrency")?)?.max(1) as usize
            }
            "--runs-dir" => runs_directory = PathBuf::from(value("--runs-dir")?),
            "--run-id" => run_id = Some(value("--run-id")?),
            "--dry-run" => dry_run = true,
            "--weights" => {
                weights = value("--weights")?;
                WeightPreset::parse(&weights)
                    .ok_or_else(|| format!("unknown weight preset `{weights}`"))?;
            }
            "--no-cascade" => cascade = false,
            "--replay" => replay = Some(PathBuf::from(value("--replay")?)),
            "--spec" => external_spec = Some(PathBuf::from(value("--spec")?)),
            "--tasks-dir" => tasks_directory = Some(PathBuf::from(value("--tasks-dir")?)),
            "--cache" => cache_directory = Some(PathBuf::from(value("--cache")?)),
            "--models-file" => models_file = Some(PathBuf::from(value("--models-file")?)),
            "--prices-file" => prices_file = Some(PathBuf::from(value("--prices-file")?)),
            "--resume" => {
                let id = iter.next_if(|next| !next.starts_with("--")).cloned();
                resume = Some(id);
            }
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if resume.is_some() {
        return Ok(Some(RunArguments {
            plan: None,
            resume,
            runs_directory,
            run_id,
            concurrency,
            dry_run,
        }));
    }
    let agent = agent.ok_or("--agent is required")?;
    let agent_name = AgentName::parse(&agent).ok_or_else(|| format!("unknown agent `{agent}`"))?;
    if tasks.is_empty() {
        return Err("--task is required".to_string());
    }
    if agent_name.calls_model() && models.is_empty() {
        return Err(format!("agent `{agent}` needs --model"));
    }
    if !agent_name.calls_model() {
        models = vec!["none".to_string()];
    }
    if agent_name == AgentName::External && external_spec.is_none() {
        return Err("agent `external` needs --spec".to_string());
    }
    for model in models.iter().filter(|model| *model != "none") {
        ModelName::parse(model).map_err(|error| format!("model `{model}`: {}", error.message))?;
    }
    let tasks_directory = resolve_tasks_directory(tasks_directory)?;
    let mut task_hashes = Vec::new();
    for task in &tasks {
        let text = std::fs::read(tasks_directory.join(task).join("task.toml")).map_err(|_| {
            format!("unknown task `{task}` (no task.toml under {})", tasks_directory.display())
        })?;
        task_hashes.push((task.clone(), bench_tasks::sha256_hex_of_bytes(&text)));
    }
    let (settings_table, _) = settings_and_prices(models_file.as_deref(), prices_file.as_deref())?;
    let model_settings = models
        .iter()
        .filter_map(|model| {
            ModelName::parse(model).ok().map(|name| (model.clone(), settings_table.resolve(&name)))
        })
        .collect();
    let plan = RunPlan {
        weights,
        cascade,
        model_settings,
        models_file,
        prices_file,
        project_version: env!("CARGO_PKG_VERSION").to_string(),
        tasks,
        agent,
        models,
        samples: samples.max(1),
        seed,
        repair_rounds,
        tasks_directory,
        cache_directory,
        replay,
        external_spec,
        task_hashes,
    };
    Ok(Some(RunArguments {
        plan: Some(plan),
        resume: None,
        runs_directory,
        run_id,
        concurrency,
        dry_run,
    }))
}

fn execute(arguments: RunArguments) -> Result<(), String> {
    std::fs::create_dir_all(&arguments.runs_directory).map_err(|error| {
        format!("cannot create {}: {error}", arguments.runs_directory.display())
    })?;
    let database = arguments.runs_directory.join("results.sqlite");
    let store = RunStore::open(&database).map_err(|error| error.to_string())?;
    let latest_file = arguments.runs_directory.join("LATEST");
    let (run_id, plan) = match (&arguments.plan, &arguments.resume) {
        (Some(plan), _) => {
            let run_id = arguments.run_id.clone().unwrap_or_else(new_run_id);
            (run_id, plan.clone())
        }
        (None, Some(id)) => {
            let run_id = match id {
                Some(id) => id.clone(),
                None => std::fs::read_to_string(&latest_file)
                    .map(|text| text.trim().to_string())
                    .map_err(|_| "no run to resume: give a run id".to_string())?,
            };
            let config = store.run_config(&run_id).map_err(|error| error.to_string())?;
            let config =
                config.ok_or_else(|| format!("no run `{run_id}` in {}", database.display()))?;
            let plan: RunPlan = serde_json::from_str(&config)
                .map_err(|error| format!("run `{run_id}`: {error}"))?;
            (run_id, plan)
        }
        (None, None) => return Err("nothing to run".to_string()),
    };
    let planned = plan_attempts(&plan, &run_id, &arguments.runs_directory);
    if arguments.dry_run {
        return print_dry_run(&plan, &run_id, &planned);
    }
    let config_json = serde_json::to_string_pretty(&plan).map_err(|error| error.to_string())?;
    store.create_run(&run_id, &config_json).map_err(|error| error.to_string())?;
    let _ = std::fs::write(&latest_file, &run_id);
    for (key, seed, folder) in &planned {
        store
            .plan_attempt(&run_id, key, *seed, &folder.display().to_string())
            .map_err(|error| error.to_string())?;
    }
    let pending = store.unfinished_attempts(&run_id).map_err(|error| error.to_string())?;
    let total = store.all_attempts(&run_id).map_err(|error| error.to_string())?.len();
    println_out!("run {run_id}: {} attempt(s) to do of {total}", pending.len());
    let client = if AgentName::parse(&plan.agent).is_some_and(AgentName::calls_model) {
        Some(Arc::new(build_client(&plan, &arguments.runs_directory, &run_id)?))
    } else {
        None
    };
    let queue = Mutex::new(pending.into_iter().collect::<VecDeque<_>>());
    let done = Mutex::new(total - queue.lock().map(|queue| queue.len()).unwrap_or(0));
    std::thread::scope(|scope| {
        for worker in 0..arguments.concurrency {
            let (queue, done, plan, client, database, run_id) =
                (&queue, &done, &plan, client.clone(), &database, &run_id);
            std::thread::Builder::new()
                .name(format!("run-worker-{worker}"))
                .stack_size(64 << 20)
                .spawn_scoped(scope, move || {
                    let Ok(store) = RunStore::open(database) else { return };
                    loop {
                        let next = queue.lock().ok().and_then(|mut queue| queue.pop_front());
                        let Some(attempt) = next else { return };
                        let line = run_attempt(plan, &attempt, &store, client.as_deref());
                        let usage = store
                            .usage_totals(run_id)
                            .map(|totals| usage_summary(&totals))
                            .unwrap_or_default();
                        let mut done = done.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                        *done += 1;
                        println_out!("[{}/{total}] {line}{usage}", *done);
                    }
                })
                .expect("worker thread starts");
        }
    });
    let totals = store.usage_totals(&run_id).map_err(|error| error.to_string())?;
    println_out!(
        "run {run_id} done: {} call(s) ({} over the network), {} input and {} output tokens, ${:.4}{}",
        totals.calls,
        totals.network_calls,
        totals.input_tokens,
        totals.output_tokens,
        totals.cost_usd,
        unpriced_calls(&totals)
    );
    println_out!(
        "results: {} (run {run_id}), files under {}",
        database.display(),
        arguments.runs_directory.join(&run_id).display()
    );
    Ok(())
}

/// The run's usage so far, for progress lines (empty for runs without model calls).
fn usage_summary(totals: &UsageTotals) -> String {
    if totals.calls == 0 {
        return String::new();
    }
    format!(
        " | run so far: {} call(s), {} in / {} out tokens, ${:.4}{}",
        totals.calls,
        totals.input_tokens,
        totals.output_tokens,
        totals.cost_usd,
        unpriced_calls(totals)
    )
}

fn unpriced_calls(totals: &UsageTotals) -> String {
    if totals.calls_without_price > 0 {
        format!(" (+{} call(s) without a known price)", totals.calls_without_price)
    } else {
        String::new()
    }
}

fn new_run_id() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    format!("run-{seconds}-{}", std::process::id())
}

/// Every (task, model, sample) with its seed and folder, in a fixed order.
fn plan_attempts(
    plan: &RunPlan,
    run_id: &str,
    runs_directory: &Path,
) -> Vec<(AttemptKey, u64, PathBuf)> {
    let mut res = Vec::new();
    for task in &plan.tasks {
        for model in &plan.models {
            for sample in 0..plan.samples {
                let key = AttemptKey {
                    task: task.clone(),
                    agent: plan.agent.clone(),
                    model: model.clone(),
                    sample,
                };
                let seed = derive_seed(plan.seed, &[task, model, &sample.to_string()]);
                let folder =
                    attempt_folder(runs_directory, run_id, task, &plan.agent, model, sample);
                res.push((key, seed, folder));
            }
        }
    }
    res
}

/// A per-attempt seed from the run's seed (FNV-1a over the parts), stable across platforms.
fn derive_seed(seed: u64, parts: &[&str]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64 ^ seed;
    for part in parts {
        for byte in part.bytes().chain([0]) {
            hash ^= byte as u64;
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

fn print_dry_run(
    plan: &RunPlan,
    run_id: &str,
    planned: &[(AttemptKey, u64, PathBuf)],
) -> Result<(), String> {
    println_out!("dry run {run_id}: agent {}, {} attempt(s)", plan.agent, planned.len());
    let (_, prices) = settings_and_prices(None, plan.prices_file.as_deref())?;
    let mut estimate = CostEstimate { prices, first_calls_usd: 0.0, attempts_without_price: 0 };
    for (key, seed, folder) in planned {
        let first_call = estimate.add_attempt(plan, key, *seed);
        println_out!(
            "  {} {} sample {} (seed {seed}){first_call} -> {}",
            key.task,
            key.model,
            key.sample,
            folder.display()
        );
    }
    if !AgentName::parse(&plan.agent).is_some_and(AgentName::calls_model) {
        println_out!("model calls: none");
        return Ok(());
    }
    let rounds = 1 + plan.repair_rounds as usize;
    println_out!(
        "model calls: {} to {} (code-translation adds one call per source region)",
        planned.len(),
        planned.len() * rounds
    );
    let unpriced = if estimate.attempts_without_price > 0 {
        format!(
            ", {} attempt(s) without a price or prompt left out",
            estimate.attempts_without_price
        )
    } else {
        String::new()
    };
    println_out!(
        "estimated cost: up to ${:.2} for the first calls, up to ${:.2} if every repair round is used{unpriced} \
         (4 characters a token; every reply at the model's output limit)",
        estimate.first_calls_usd,
        estimate.first_calls_usd * rounds as f64
    );
    Ok(())
}

/// An upper estimate of a run's cost from its first prompts, before any call is made.
struct CostEstimate {
    prices: PriceTable,
    first_calls_usd: f64,
    attempts_without_price: usize,
}

impl CostEstimate {
    /// Adds one attempt; returns a note on its first call for the attempt's line.
    fn add_attempt(&mut self, plan: &RunPlan, key: &AttemptKey, seed: u64) -> String {
        let Ok(model) = ModelName::parse(&key.model) else { return String::new() };
        let request =
            match build_agent(plan, key, seed).map(|mut agent| agent.step(AgentEvent::Started)) {
                Ok(AgentCommand::CallModel { request }) => request,
                Ok(_) => return String::new(),
                Err(message) => {
                    self.attempts_without_price += 1;
                    return format!(": cannot prepare the prompt: {message}");
                }
            };
        let characters: usize =
            request.messages.iter().map(|message| message.content.chars().count()).sum();
        let settings = plan
            .model_settings
            .iter()
            .find(|(name, _)| *name == key.model)
            .map(|(_, settings)| settings);
        let output_limit =
            settings.and_then(|settings| settings.max_output_tokens).unwrap_or(32_000);
        let usage = TokenUsage {
            input_tokens: characters.div_ceil(4) as u64,
            output_tokens: output_limit as u64,
            ..TokenUsage::default()
        };
        match self.prices.cost_usd(&model, &usage) {
            Some(cost) => {
                self.first_calls_usd += cost;
                format!(": first prompt ~{} tokens, up to ${cost:.3}", usage.input_tokens)
            }
            None => {
                self.attempts_without_price += 1;
                format!(": first prompt ~{} tokens, no known price", usage.input_tokens)
            }
        }
    }
}

fn paper_weights() -> String {
    "paper".to_string()
}

fn cascade_by_default() -> bool {
    true
}

/// The built-in model settings and prices with the user's files layered over them.
fn settings_and_prices(
    models_file: Option<&Path>,
    prices_file: Option<&Path>,
) -> Result<(ModelSettingsTable, PriceTable), String> {
    let mut settings = ModelSettingsTable::builtin();
    if let Some(path) = models_file {
        let layer = ModelSettingsFile::parse(&read_text(path)?)
            .map_err(|error| format!("{}: {}", path.display(), error.message))?;
        settings = settings.with_layer(layer);
    }
    let mut prices = PriceTable::builtin();
    if let Some(path) = prices_file {
        let layer = PriceFile::parse(&read_text(path)?)
            .map_err(|error| format!("{}: {}", path.display(), error.message))?;
        prices = prices.with_layer(layer);
    }
    Ok((settings, prices))
}

fn build_client(plan: &RunPlan, runs_directory: &Path, run_id: &str) -> Result<Client, String> {
    let environment =
        ProviderEnvironment::from_process_and_dotenv(find_dotenv_file(Path::new(".")).as_deref())
            .map_err(|error| error.message)?;
    let (model_settings, price_table) =
        settings_and_prices(plan.models_file.as_deref(), plan.prices_file.as_deref())?;
    let backend: Arc<dyn Provider> = match &plan.replay {
        Some(path) => {
            Arc::new(ReplayProvider::from_jsonl_file(path).map_err(|error| error.message)?)
        }
        None => {
            let transport = UreqTransport::new(environment.get("HTTPS_PROXY"))
                .map_err(|error| error.message)?;
            Arc::new(NetworkProvider::new(NetworkConfig {
                environment: environment.clone(),
                model_settings: model_settings.clone(),
                retry_policy: RetryPolicy::standard(),
                default_request_timeout: Duration::from_secs(600),
                max_in_flight_per_provider: 8,
                transport: Arc::new(transport),
                sleeper: thread_sleeper(),
                clock: system_clock(),
            }))
        }
    };
    let recorder = CallRecorder::append_to(
        runs_directory.join(run_id).join("calls.jsonl"),
        environment.secret_values(),
    )
    .map_err(|error| error.message)?;
    Ok(Client::new(
        ClientConfig {
            model_settings,
            price_table,
            response_cache: Some(ResponseCache::new(runs_directory.join("cache"))),
            call_recorder: Some(Arc::new(recorder)),
            clock: system_clock(),
        },
        backend,
    ))
}

/// Runs one attempt to its end and records it; returns the progress line.
fn run_attempt(
    plan: &RunPlan,
    attempt: &AttemptRow,
    store: &RunStore,
    client: Option<&Client>,
) -> String {
    let folder = PathBuf::from(&attempt.folder);
    let label = format!(
        "{} {} {} sample {}",
        attempt.key.task, attempt.key.agent, attempt.key.model, attempt.key.sample
    );
    let _ = store.mark_running(attempt.id);
    let _ = std::fs::create_dir_all(&folder);
    let outcome = build_agent(plan, &attempt.key, attempt.seed)
        .and_then(|agent| drive(agent, attempt, store, client, &folder));
    match outcome {
        Ok((module_name, module_text, cfg_text)) => {
            let _ = std::fs::write(folder.join(format!("{module_name}.tla")), &module_text);
            if let Some(cfg) = &cfg_text {
                let _ = std::fs::write(folder.join(format!("{module_name}.cfg")), cfg);
            }
            let card = crate::eval::score_model(
                &module_name,
                &module_text,
                cfg_text.as_deref(),
                &folder,
                WeightPreset::parse(&plan.weights).unwrap_or(WeightPreset::Paper),
                plan.cascade,
            );
            let card_json = card.to_json();
            let _ = std::fs::write(folder.join("score_card.json"), &card_json);
            let _ = store.finish_attempt(attempt.id, &card_json);
            let phases: Vec<String> = card
                .phases
                .iter()
                .filter_map(|entry| {
                    entry.outcome.score().map(|score| format!("{} {score:.3}", entry.phase.name()))
                })
                .collect();
            format!("{label}: {}", phases.join(", "))
        }
        Err(message) => {
            let _ = std::fs::write(folder.join("failure.txt"), &message);
            let _ = store.fail_attempt(attempt.id, &message);
            format!("{label}: failed: {message}")
        }
    }
}

fn build_agent(plan: &RunPlan, key: &AttemptKey, seed: u64) -> Result<Box<dyn Agent>, String> {
    let task =
        load_task(&plan.tasks_directory.join(&key.task)).map_err(|error| error.to_string())?;
    let agent_name = AgentName::parse(&plan.agent).ok_or("unknown agent")?;
    match agent_name {
        AgentName::Reference => {
            let module_text = read_text(&task.reference_model.module_path)?;
            let cfg_text = read_text(&task.reference_model.config_path)?;
            Ok(Box::new(ReferenceAgent::new(task.model_module_name.clone(), module_text, cfg_text)))
        }
        AgentName::External => {
            let spec = plan.external_spec.as_ref().ok_or("agent `external` needs --spec")?;
            let cfg = read_text(&spec.with_extension("cfg")).ok();
            let options = SanitiseOptions {
                expected_module_name: task.model_module_name.clone(),
                rename_module_to_expected: false,
            };
            Ok(Box::new(ExternalAgent::new(options, read_text(spec)?, cfg)))
        }
        _ => {
            let kind = agent_name.task_prompt_kind().ok_or("agent without a prompt")?;
            let brief = TaskBrief::from_task(
                &task,
                read_text(&task.directory.join(task.prompts.path(kind)))?,
            );
            let model = ModelName::parse(&key.model).map_err(|error| error.message)?;
            let mut settings = ModelCallSettings::with_defaults(model);
            settings.cache_discriminator = Some(format!("sample-{}", key.sample));
            let repair = RepairSettings::with_rounds(plan.repair_rounds);
            match agent_name {
                AgentName::TraceLearning => {
                    let corpus = task_traces(&task)?;
                    let sampled: Vec<TraceText> =
                        bench_agents::sample_trace_indices(corpus.len(), 3, seed)
                            .into_iter()
                            .filter_map(|idx| corpus.get(idx).cloned())
                            .collect();
                    let trace_settings = TraceLearningSettings {
                        corpus_size: corpus.len(),
                        max_events_per_trace: 200,
                    };
                    Ok(Box::new(TraceLearningAgent::new(
                        brief,
                        sampled,
                        trace_settings,
                        settings,
                        repair,
                    )))
                }
                AgentName::CodeTranslation => {
                    let sources = task_sources(plan, &task)?;
                    let translation = TranslationSettings::default();
                    Ok(Box::new(CodeTranslationAgent::new(
                        brief,
                        sources,
                        translation,
                        settings,
                        repair,
                    )))
                }
                _ => Ok(Box::new(BasicAgent::new(
                    brief,
                    task_sources(plan, &task)?,
                    settings,
                    repair,
                ))),
            }
        }
    }
}

fn read_text(path: &Path) -> Result<String, String> {
    std::fs::read(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .map_err(|error| format!("cannot read {}: {error}", path.display()))
}

/// The task's pinned sources, from the cache (`sysmobench fetch` puts them there).
fn task_sources(plan: &RunPlan, task: &Task) -> Result<Vec<SourceText>, String> {
    let cache = plan
        .cache_directory
        .clone()
        .or_else(default_cache_directory)
        .ok_or("no cache folder: set SYSMOBENCH_CACHE")?;
    let fetched = cached_task_sources(task, &cache).ok_or_else(|| {
        format!(
            "the sources of task `{}` are not fetched: run `sysmobench fetch {}`",
            task.id, task.id
        )
    })?;
    model_source_texts(&fetched)
}

/// The texts of the fetched files given to the model, in `task.toml` order; files fetched only
/// for the trace harness (`given_to_model = false`) are left out.
fn model_source_texts(fetched: &FetchedSources) -> Result<Vec<SourceText>, String> {
    fetched
        .files
        .iter()
        .filter(|file| file.given_to_model)
        .map(|file| {
            Ok(SourceText {
                path: file.path.clone(),
                role: file.role.clone(),
                text: read_text(&file.location)?,
            })
        })
        .collect()
}

fn task_traces(task: &Task) -> Result<Vec<TraceText>, String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&task.trace_corpus.directory)
        .map_err(|error| format!("no traces for task `{}`: {error}", task.id))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "ndjson"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let name = path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            Ok(TraceText { name, text: read_text(path)? })
        })
        .collect()
}

/// The agent loop: performs each command and feeds the result back.
fn drive(
    mut agent: Box<dyn Agent>,
    attempt: &AttemptRow,
    store: &RunStore,
    client: Option<&Client>,
    folder: &Path,
) -> Result<(String, String, Option<String>), String> {
    let mut event = AgentEvent::Started;
    let mut n_calls = 0;
    let mut n_checks = 0;
    // A bound on steps, so a misbehaving agent cannot loop forever.
    for _ in 0..1_000 {
        event = match agent.step(event) {
            AgentCommand::CallModel { request } => {
                let client = client.ok_or("this agent calls a model but the run has no client")?;
                n_calls += 1;
                let reply = client.complete(&request);
                let exchange = json!({
                    "request": &request,
                    "reply": reply.as_ref().map(|response| &response.text).map_err(|error| &error.message),
                });
                let _ = std::fs::write(
                    folder.join(format!("call-{n_calls:02}.json")),
                    exchange.to_string(),
                );
                if let Ok(response) = &reply {
                    let usage = response.usage.unwrap_or_default();
                    let record = CallRecord {
                        request_hash: response.request_hash.clone(),
                        model: attempt.key.model.clone(),
                        input_tokens: usage.input_tokens,
                        output_tokens: usage.output_tokens,
                        cached_input_tokens: usage.cached_input_tokens.unwrap_or(0),
                        reasoning_tokens: usage.reasoning_tokens.unwrap_or(0),
                        cost_usd: response.cost_usd,
                        source: match response.source {
                            ResponseSource::Network => "network",
                            ResponseSource::Cache => "cache",
                            ResponseSource::Replay => "replay",
                        }
                        .to_string(),
                        elapsed_ms: response.elapsed.as_millis() as u64,
                    };
                    let _ = store.record_call(attempt.id, &record);
                }
                AgentEvent::ModelReplied { reply }
            }
            AgentCommand::RunChecker { request } => {
                n_checks += 1;
                let report = crate::agent_checkers::run_checker(&request, folder);
                let _ = std::fs::write(
                    folder.join(format!("check-{n_checks:02}-{}.txt", request.what.display_name())),
                    &report.output,
                );
                AgentEvent::ToolFinished { report }
            }
            AgentCommand::Finish { outcome } => {
                let _ = std::fs::write(
                    folder.join("transcript.json"),
                    serde_json::to_string_pretty(&outcome.transcript).unwrap_or_default(),
                );
                let _ = std::fs::write(
                    folder.join("sanitisation.json"),
                    serde_json::to_string_pretty(&outcome.sanitisation_notes).unwrap_or_default(),
                );
                let module_name =
                    outcome.module_name.clone().unwrap_or_else(|| attempt.key.task.clone());
                return Ok((module_name, outcome.module_text, outcome.cfg_text));
            }
            AgentCommand::Fail { failure } => {
                let _ = std::fs::write(
                    folder.join("transcript.json"),
                    serde_json::to_string_pretty(&failure.transcript).unwrap_or_default(),
                );
                return Err(failure.message);
            }
        };
    }
    Err("the agent took more than 1,000 steps".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bench_tasks::FetchedSourceFile;

    #[test]
    fn the_model_sees_only_the_files_given_to_it() {
        let folder =
            std::env::temp_dir().join(format!("sysmobench-run-sources-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        let file = |name: &str, given_to_model: bool| {
            let location = folder.join(name);
            std::fs::write(&location, format!("text of {name}\n")).unwrap();
            FetchedSourceFile {
                path: name.to_owned(),
                role: format!("role of {name}"),
                location,
                line_count: 1,
                given_to_model,
            }
        };
        let fetched = FetchedSources {
            root: folder.clone(),
            files: vec![file("raft.go", true), file("util.go", false), file("log.go", true)],
        };
        let texts = model_source_texts(&fetched).unwrap();
        let _ = std::fs::remove_dir_all(&folder);
        let shown: Vec<(&str, &str, &str)> = texts
            .iter()
            .map(|text| (text.path.as_str(), text.role.as_str(), text.text.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                ("raft.go", "role of raft.go", "text of raft.go\n"),
                ("log.go", "role of log.go", "text of log.go\n"),
            ]
        );
    }
}
