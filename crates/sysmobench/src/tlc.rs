//! `sysmobench tlc`: model checking with TLC's command line, output and exit codes.
//!
//! This module is the IO edge of the checker: it reads the spec and cfg files, runs the front
//! end, builds the model, runs [`tla_check::check`] and prints TLC's messages. The pipeline is
//! also available as [`model_check`] for the benchmark's phases, which need TLC's verdict as
//! data rather than printed.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tla_check::report::{self, Message, SourceIndex, StatePrinter};
use tla_check::{CheckEvent, CheckOptions, CheckReport, EventReply, Limits};
use tla_eval::EvalSettings;
use tla_values::Interner;

use crate::progress::{CoverageTicks, ProgressSchedule};
use crate::sany::FileSystemModules;
use crate::tlc_warnings::WarningLog;

/// What a `tlc` run was asked to do.
#[derive(Clone, Debug)]
pub struct TlcOptions {
    pub spec: PathBuf,
    pub config: Option<PathBuf>,
    pub workers: usize,
    /// `-deadlock`: do not report deadlocks.
    pub deadlock_off: bool,
    pub seed: u64,
    pub tool_mode: bool,
    pub library_folders: Vec<PathBuf>,
    pub max_set_size: Option<usize>,
    pub max_states: Option<u64>,
    pub max_seconds: Option<u64>,
    pub max_memory_mb: Option<u64>,
    pub allow_file_reads: bool,
    pub allow_environment: bool,
    /// `--interpret-only`: evaluate every formula with the interpreter, none compiled.
    pub interpret_only: bool,
    /// Check the safety part and skip temporal properties (which need the liveness checker).
    pub skip_liveness: bool,
    /// `-simulate [num=N]`: random simulation of N traces instead of model checking.
    pub simulate: Option<u64>,
    /// `-depth D`: the length of simulated traces.
    pub depth: u64,
    /// In simulation, record evaluation errors per action and go on (for the runtime metric).
    pub keep_going: bool,
    /// The root module's text, when the caller has it already (the file is then not read).
    pub spec_text: Option<String>,
    /// The cfg text, when the caller has it already.
    pub config_text: Option<String>,
    /// `--itf FILE`: write the counterexample, if any, as JSON in the Informal Trace Format.
    pub itf_path: Option<PathBuf>,
    /// `-nowarning`: leave out TLC's warnings.
    pub no_warnings: bool,
    /// `-continue`: go on after an invariant violation.
    pub continue_after_violation: bool,
    /// `-dump dot[,actionlabels] FILE`: write the state graph as GraphViz, and whether edges
    /// carry action names.
    pub dump_dot: Option<(PathBuf, bool)>,
    /// `-coverage N`: print coverage statistics at the end of the run, and with every so many
    /// progress reports while it runs (see `progress::CoverageTicks`).
    pub coverage_minutes: Option<u64>,
    /// `--coverage-json FILE`: write the coverage as JSON.
    pub coverage_json: Option<PathBuf>,
    /// `--progress-interval-ms MS` (not in the usage text; for tests): the time between two
    /// progress reports instead of TLC's (3 s, then a minute). With 0, every point where the
    /// checker can report is a report, so periodic output can be tested without waiting.
    pub progress_interval: Option<Duration>,
}

impl TlcOptions {
    pub fn new(spec: PathBuf) -> TlcOptions {
        TlcOptions {
            spec,
            config: None,
            workers: 1,
            deadlock_off: false,
            seed: 0,
            tool_mode: false,
            library_folders: Vec::new(),
            max_set_size: None,
            max_states: None,
            max_seconds: None,
            max_memory_mb: None,
            allow_file_reads: false,
            allow_environment: false,
            interpret_only: false,
            skip_liveness: false,
            simulate: None,
            depth: 100,
            keep_going: false,
            spec_text: None,
            config_text: None,
            itf_path: None,
            no_warnings: false,
            continue_after_violation: false,
            dump_dot: None,
            coverage_minutes: None,
            coverage_json: None,
            progress_interval: None,
        }
    }

    /// Whether the run collects coverage.
    pub fn collects_coverage(&self) -> bool {
        self.coverage_minutes.is_some() || self.coverage_json.is_some()
    }
}

/// The result of a `tlc` run: TLC's messages and exit code.
pub struct TlcRun {
    pub messages: Vec<Message>,
    pub exit_code: i32,
    /// The simulation's report, for `-simulate` runs that got as far as simulating.
    pub simulation: Option<tla_check::SimulationReport>,
    /// The search's report (every state it found), handed back rather than freed here so that
    /// a caller about to exit can leave the memory to the system: freeing a million states
    /// one by one takes a noticeable part of a run.
    pub search: Option<CheckReport>,
}

/// How many traces `-simulate` without `num=` runs (TLC runs until stopped).
pub const DEFAULT_SIMULATION_TRACES: u64 = 1000;

pub fn run(args: &[String]) -> ExitCode {
    let options = match crate::tlc_flags::parse_arguments(args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println_out!("{}", crate::tlc_flags::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            println_err!("sysmobench tlc: {message}\n{}", crate::tlc_flags::USAGE);
            return ExitCode::from(1);
        }
    };
    let tool_mode = options.tool_mode;
    let printed = Arc::new(Mutex::new(()));
    let printer = {
        let printed = printed.clone();
        Arc::new(move |line: &str| {
            let _guard = printed.lock();
            println_out!("{line}");
        }) as Arc<dyn Fn(&str) + Send + Sync>
    };
    let emit: Emitter = Arc::new(move |messages: &[Message]| {
        let text =
            if tool_mode { report::render_tool(messages) } else { report::render_plain(messages) };
        let _guard = printed.lock();
        print_out!("{text}");
    });
    let result = model_check(&options, printer, emit.clone());
    emit(&result.messages);
    // The process ends here: its states go back to the system with it.
    std::mem::forget(result.search);
    ExitCode::from(result.exit_code.clamp(0, 255) as u8)
}

/// Receives messages to print as soon as they are known.
pub type Emitter = Arc<dyn Fn(&[Message]) + Send + Sync>;

/// Runs the whole TLC pipeline on files. `printer` receives `Print` output as it happens;
/// `emit` receives the messages printed before checking starts (so they appear in order).
pub fn model_check(
    options: &TlcOptions,
    printer: Arc<dyn Fn(&str) + Send + Sync>,
    emit: Emitter,
) -> TlcRun {
    let finish = |mut messages: Vec<Message>, exit_code: i32, report: Option<CheckReport>| {
        messages.push(Message::info(
            report::code::FINISHED,
            format!("Finished in {} at ({})", elapsed_text(report.as_ref()), now_text()),
        ));
        TlcRun { messages, exit_code, simulation: None, search: report }
    };
    let mut root = options.spec.clone();
    if root.extension().is_none() {
        root.set_extension("tla");
    }
    let root_dir = root.parent().map(Path::to_path_buf).unwrap_or_default();
    let root_name =
        root.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
    let config_path = options.config.clone().unwrap_or_else(|| root.with_extension("cfg"));
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let workers_text = if options.workers == 1 {
        "1 worker".to_string()
    } else {
        format!("{} workers", options.workers)
    };
    emit(&[
        Message::info(
            2262,
            format!(
                "sysmobench tlc {} (TLC2 Version 2.20 output format)",
                env!("CARGO_PKG_VERSION")
            ),
        ),
        Message::info(
            2187,
            format!(
                "Running {} seed {} with {workers_text} on {cores} cores ({} {}).",
                if options.simulate.is_some() {
                    "Random Simulation with"
                } else {
                    "breadth-first search Model-Checking with fp 0 and"
                },
                options.seed as i64,
                std::env::consts::OS,
                std::env::consts::ARCH
            ),
        ),
    ]);

    // TLC reads the cfg file first.
    let config_text =
        match options.config_text.clone().map_or_else(|| std::fs::read_to_string(&config_path), Ok)
        {
            Ok(text) => text,
            Err(error) => {
                let error = tla_cfg::CfgError::reading_file(
                    &config_path.display().to_string(),
                    &error.to_string(),
                );
                return finish(vec![raw_error(&error.tlc_report())], error.exit_code(), None);
            }
        };
    let parsed = tla_cfg::parse_config(&config_text);
    if let Some(error) = &parsed.error {
        return finish(vec![raw_error(&error.tlc_report())], error.exit_code(), None);
    }
    let config = parsed.config;

    // The front end.
    let root_text = match options
        .spec_text
        .clone()
        .map_or_else(|| std::fs::read(&root), |text| Ok(text.into_bytes()))
    {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => {
            return finish(
                vec![Message::error(
                    1000,
                    format!("Cannot find source file for module {root_name}."),
                )],
                150,
                None,
            )
        }
    };
    let mut folders = vec![root_dir];
    folders.extend(options.library_folders.iter().cloned());
    let mut source = FileSystemModules::new(folders, root_text.clone(), true);
    let display_root = std::fs::canonicalize(&root).unwrap_or_else(|_| root.clone());
    let root_source =
        tla_sema::SourceFile { path: display_root.display().to_string(), text: root_text };
    let spec = tla_sema::load_specification(&root_name, root_source, &mut source);
    let mut front: Vec<Message> = Vec::new();
    front.push(Message::info(2220, "Starting SANY..."));
    // SANY parses breadth first from the root.
    for file in tla_sema::intern_order::parse_order(&spec) {
        let file = &spec.files[file];
        front.push(Message::info(0, format!("Parsing file {}", file.source.path)));
    }
    let sany_failed = |mut front: Vec<Message>, text: String| {
        if !text.is_empty() {
            front.push(Message::info(0, text.trim_end().to_string() + "\n\n"));
        }
        front.push(Message::info(
            report::code::MODEL_CHECKING_STARTED,
            format!("Starting... ({})", now_text()),
        ));
        front.push(Message::error(1000, "Parsing or semantic analysis failed."));
        front
    };
    if !spec.errors.is_empty() {
        let text = crate::sany::report_text(&spec);
        let messages = sany_failed(front, text);
        return finish(strip_tool_only(messages, options.tool_mode), 150, None);
    }
    let analysis = tla_sema::analyze(&spec);
    for module in &analysis.analysed_modules {
        front.push(Message::info(0, format!("Semantic processing of module {module}")));
    }
    let mut diagnostics: Vec<(usize, tla_diagnostics::Diagnostic)> = spec.diagnostics.clone();
    diagnostics
        .extend(analysis.diagnostics.iter().map(|found| (found.file, found.diagnostic.clone())));
    let (errors, warnings): (Vec<_>, Vec<_>) =
        diagnostics.into_iter().partition(|(_, found)| found.is_error());
    if !warnings.is_empty() {
        let text =
            crate::sany::semantic_block_text(&spec, "Semantic errors", "Warnings", &warnings);
        front.push(Message::info(0, text));
    }
    if !errors.is_empty() {
        let text = crate::sany::semantic_block_text(&spec, "Semantic errors", "Errors", &errors);
        front.push(Message::info(0, text));
    }
    for module in crate::sany::linted_modules(&spec, &analysis.analysed_modules) {
        front.push(Message::info(0, format!("Linting of module {module}")));
    }
    if !errors.is_empty() {
        let messages = sany_failed(front, String::new());
        return finish(strip_tool_only(messages, options.tool_mode), 150, None);
    }
    front.push(Message::info(2219, "SANY finished."));
    front.push(Message::info(
        report::code::MODEL_CHECKING_STARTED,
        format!("Starting... ({})", now_text()),
    ));
    emit(&strip_tool_only(front, options.tool_mode));

    let hir = match tla_sema::lower::lower(&spec, &|module, name| {
        tla_modules::embedded_module(module).is_some_and(|embedded| embedded.is_builtin(name))
    }) {
        Ok(hir) => hir,
        Err(error) => return finish(vec![Message::error(1000, error.message)], 255, None),
    };
    let texts: Vec<String> = spec.files.iter().map(|file| file.source.text.clone()).collect();
    let variable_order = tla_sema::sany_order::sany_variable_order(&spec);

    // The cfg file against the spec.
    let names = spec_names(&hir);
    let validation = tla_cfg::validate(&config, &names);
    if let Some(error) =
        validation.iter().find(|error| error.moment == tla_cfg::CheckMoment::Startup)
    {
        if let Some(exit_code) = error.exit_code() {
            return finish(vec![raw_error(&error.tlc_report())], exit_code, None);
        }
    }

    if let Some(size) = options.max_set_size {
        tla_values::set_max_set_size(size);
    }
    let interner = Interner::new();
    tla_check::intern_config_names(&config, &interner);
    // Then the spec's names in TLC's first-seen order (tokens, then string literals).
    let is_embedded = |file: &tla_sema::loader::LoadedFile| {
        file.source.path.ends_with(crate::sany::EMBEDDED_SUFFIX)
    };
    for name in tla_sema::intern_order::tlc_intern_order(&spec, &is_embedded) {
        interner.intern(&name);
    }
    let sources = Arc::new(SourceIndex::new(&hir, &texts));
    let warnings = Arc::new(WarningLog::new(!options.no_warnings, options.tool_mode));
    let settings = EvalSettings {
        run_configuration: tla_eval::RunConfiguration {
            mode: if options.simulate.is_some() { "simulate" } else { "bfs" }.to_string(),
            check_deadlock: config.check_deadlock() && !options.deadlock_off,
            workers: options.workers as u32,
            seed: options.seed as i64,
            depth: options.depth as i64,
            traces: options.simulate.unwrap_or(0) as i64,
        },
        printer: WarningLog::evaluator_printer(warnings.clone(), printer),
        allow_environment: options.allow_environment,
        allow_file_reads: options.allow_file_reads,
        compile_formulas: !options.interpret_only,
        warner: WarningLog::evaluator_warner(warnings.clone(), sources.clone(), emit.clone()),
        locator: Some({
            let sources = sources.clone();
            Arc::new(move |location| sources.location_text(location))
        }),
    };
    let mut model =
        match tla_check::build_model(hir, &config, interner, settings, options.deadlock_off) {
            Ok(model) => model,
            Err(error) => {
                return finish(vec![Message::error(1000, error.message)], error.exit_code, None)
            }
        };
    let hir = model.evaluator.hir();
    model.variable_order = variable_order
        .iter()
        .filter_map(|name| hir.variables.iter().position(|declared| &declared.name == name))
        .collect();
    if model.variable_order.len() != hir.variables.len() {
        model.variable_order = (0..hir.variables.len()).collect();
    }
    emit(&symmetry_set_warning(&model, &sources, &warnings));
    if let Some(messages) = check_assumptions(&model, &sources) {
        return finish(messages, 10, None);
    }
    emit(&constant_invariant_warnings(&model, &warnings));
    emit(&state_level_property_warnings(&model, &warnings));
    if !model.temporal_properties.is_empty() && options.skip_liveness {
        emit(&[Message::info(
            1000,
            format!(
                "Warning: the temporal properties {} are not checked (--skip-liveness).",
                model.temporal_properties.join(", ")
            ),
        )]);
    }
    if let Some(traces) = options.simulate {
        let (messages, exit_code, simulation) = crate::tlc_simulation::run_simulation(
            &model,
            options,
            traces,
            &sources,
            &variable_order,
            emit.clone(),
        );
        let mut run = finish(messages, exit_code, None);
        run.simulation = Some(simulation);
        return run;
    }
    let check_liveness = !model.liveness_properties.is_empty() && !options.skip_liveness;
    if check_liveness {
        emit(&tla_check::liveness::preamble_messages(
            &model,
            config.specification.as_ref().map(|entry| entry.name.name.as_str()),
            &sources,
            options.tool_mode,
        ));
    }
    let memory_probe: Arc<dyn Fn() -> u64 + Send + Sync> = Arc::new(resident_memory_bytes);
    emit(&[Message::info(report::code::COMPUTING_INIT, "Computing initial states...")]);
    let event_emit = emit.clone();
    let progress = Mutex::new(crate::progress::ProgressReports::new(
        std::time::Instant::now(),
        ProgressSchedule::BREADTH_FIRST.with_interval(options.progress_interval),
        options.coverage_minutes.map(CoverageTicks::breadth_first),
    ));
    let event_sources = sources.clone();
    let events = Arc::new(move |event: CheckEvent<'_>| {
        match event {
            CheckEvent::InitialStatesProgress(count) => {
                event_emit(&[Message::info(2269, format!("Computed {count} initial states..."))])
            }
            CheckEvent::InitialStatesComputed { generated, distinct } => {
                event_emit(&[report::initial_states_message(generated, distinct, &now_text())])
            }
            CheckEvent::Progress(statistics) => {
                let due = progress
                    .lock()
                    .ok()
                    .and_then(|mut reports| reports.due(&statistics, &now_text()));
                if let Some(due) = due {
                    event_emit(&[due.message]);
                    if due.with_coverage {
                        return EventReply::CoverageSnapshot;
                    }
                }
            }
            CheckEvent::Coverage(snapshot) => {
                event_emit(&crate::tlc_coverage::periodic_block(&snapshot, &event_sources))
            }
        }
        EventReply::Continue
    });
    let check_options = CheckOptions {
        workers: options.workers,
        seed: options.seed,
        limits: Limits {
            max_distinct_states: options.max_states,
            max_duration: options.max_seconds.map(Duration::from_secs),
            max_memory_bytes: options.max_memory_mb.map(|mb| mb * 1024 * 1024),
            memory_probe: Some(memory_probe),
        },
        record_graph: check_liveness || options.dump_dot.is_some(),
        continue_after_violation: options.continue_after_violation,
        events: Some(events),
        coverage: options.collects_coverage(),
    };
    let check_report = tla_check::check(&model, &check_options);
    let coverage = crate::tlc_coverage::coverage_output(
        options,
        &model,
        &sources,
        crate::tlc_coverage::CoveredRun {
            coverage: check_report.coverage.as_ref(),
            actions: &check_report.actions,
            verdict: &check_report.verdict,
            duration: check_report.duration,
            mode: "bfs",
        },
    );
    let mut printer = StatePrinter::new(hir, &variable_order);
    if let Some(message) =
        write_itf(options, check_report.verdict.trace(), &check_report.actions, &printer, &sources)
    {
        emit(&[message]);
    }
    if let (Some((path, action_labels)), Some(graph)) = (&options.dump_dot, &check_report.graph) {
        let text_of = |state: &[tla_values::Value]| printer.trace_state_text(state, state);
        let dot =
            tla_check::dot::graph_to_dot(graph, &check_report.actions, &text_of, *action_labels);
        if let Err(error) = std::fs::write(path, dot) {
            emit(&[Message::info(
                1000,
                format!("Warning: could not write {}: {error}", path.display()),
            )]);
        }
    }
    if let Some(alias) = model.alias {
        let evaluator = model.evaluator.clone();
        printer.alias =
            Some(Box::new(move |state: &[tla_values::Value], next: &[tla_values::Value]| {
                let worker = tla_eval::WorkerContext::new(0, 0);
                let ctx = tla_eval::Ctx::transition(state, next, &worker);
                let value = evaluator.eval_definition(alias, &ctx).ok()?;
                let record = tla_values::convert::to_record(&value).ok()??;
                Some(
                    record
                        .names()
                        .iter()
                        .zip(record.values())
                        .map(|(name, value)| (name.text().to_string(), value.clone()))
                        .collect(),
                )
            }));
    }
    if let (true, Some(graph)) = (check_liveness, &check_report.graph) {
        let check = tla_check::liveness::check_liveness(&model, graph, &check_report.actions);
        let mut messages = tla_check::liveness::liveness_messages(
            &check,
            &check_report,
            &sources,
            &printer,
            options.tool_mode,
            &now_text(),
        );
        // A violated property or an evaluation error ends the run: coverage, statistics (with
        // the outdegree only after an evaluation error, as TLC prints them) and TLC's exit code.
        let ending = match check.verdict {
            tla_check::liveness::LivenessVerdict::Satisfied => None,
            tla_check::liveness::LivenessVerdict::Violated { .. } => Some((13, false)),
            tla_check::liveness::LivenessVerdict::PrefixViolated { .. } => Some((12, false)),
            tla_check::liveness::LivenessVerdict::EvaluationError { .. } => Some((255, true)),
            tla_check::liveness::LivenessVerdict::Failed { message } => {
                messages.push(Message::error(
                    1000,
                    format!("Checking the temporal properties failed: {message}"),
                ));
                return finish(messages, 255, Some(check_report));
            }
        };
        if let Some((exit, with_outdegree)) = ending {
            messages.extend(coverage);
            messages.extend(report::statistics_messages(
                &check_report,
                options.tool_mode,
                &now_text(),
                with_outdegree,
            ));
            return finish(messages, exit, Some(check_report));
        }
        emit(&messages);
    }
    let replay = |from: &[tla_values::Value], to: &[tla_values::Value]| {
        warnings.capturing(|| tla_check::replay_step(&model, &check_report.actions, from, to))
    };
    let messages = report::run_messages(
        &check_report,
        &sources,
        &printer,
        &replay,
        options.tool_mode,
        &now_text(),
        coverage,
    );
    let exit_code = report::exit_code(&check_report.verdict);
    finish(messages, exit_code, Some(check_report))
}

/// Writes the counterexample as ITF when `--itf` asked for it; a message when that failed.
fn write_itf(
    options: &TlcOptions,
    trace: Option<&[tla_check::TraceStep]>,
    actions: &[tla_eval::Action],
    printer: &StatePrinter,
    sources: &SourceIndex,
) -> Option<Message> {
    let (path, trace) = (options.itf_path.as_ref()?, trace?);
    let label = |action: &tla_eval::Action| report::action_label(action, sources);
    let description = format!("counterexample of {}", options.spec.display());
    let document =
        tla_check::itf::trace_to_itf(trace, &printer.variables, actions, &label, &description);
    let text = serde_json::to_string_pretty(&document).unwrap_or_default();
    match std::fs::write(path, text + "\n") {
        Ok(()) => None,
        Err(error) => Some(Message::info(
            1000,
            format!("Warning: could not write the trace to {}: {error}", path.display()),
        )),
    }
}

/// TLC's warning for each invariant that mentions no variable and is simply TRUE.
fn constant_invariant_warnings(model: &tla_check::Model, warnings: &WarningLog) -> Vec<Message> {
    let worker = tla_eval::WorkerContext::new(0, 0);
    let ctx = tla_eval::Ctx::constant(&worker);
    model
        .invariants
        .iter()
        .filter(|invariant| model.evaluator.is_precomputed(invariant.def))
        .filter(|invariant| {
            matches!(model.evaluator.eval_definition(invariant.def, &ctx), Ok(tla_values::Value::Bool(true)))
        })
        .filter_map(|invariant| {
            warnings.message(
                CONSTANT_INVARIANT_WARNING,
                &format!(
                    "The invariant {} is a constant-level formula (i.e., it contains no variables, primes, or temporal operators) and evaluates to TRUE. To assert constant-level formulas in your spec, use ASSUME ConstInv, or to give the assumption a name such as YourAssumption, use ASSUME YourAssumption == ConstInv.",
                    invariant.name
                ),
            )
        })
        .collect()
}

/// TLC's warning (message 2300) about the operands of the `SYMMETRY` definition it takes for
/// sets of fewer than two elements, named by their source text.
fn symmetry_set_warning(
    model: &tla_check::Model,
    sources: &SourceIndex,
    warnings: &WarningLog,
) -> Vec<Message> {
    if model.symmetry_too_small.is_empty() {
        return Vec::new();
    }
    let names: Vec<String> = model
        .symmetry_too_small
        .iter()
        .map(|location| sources.text_without_spaces(location))
        .collect();
    let text = tla_check::symmetry::setup::too_small_warning(&names);
    warnings.message(SYMMETRY_SET_TOO_SMALL_WARNING, &text).into_iter().collect()
}

/// TLC's warning (message 2255) for each `PROPERTY` that is a state predicate as a whole: it is
/// checked on the initial states only.
fn state_level_property_warnings(model: &tla_check::Model, warnings: &WarningLog) -> Vec<Message> {
    let elsewhere = |name: &str| {
        model.property_invariants.iter().any(|property| property.name == name)
            || model.implied_actions.iter().any(|implied| implied.name == name)
            || model.liveness_properties.iter().any(|(property, _)| property == name)
            || model.implied_inits.iter().filter(|implied| implied.name == name).count() > 1
    };
    let mut warned: Vec<&str> = Vec::new();
    let mut messages = Vec::new();
    for implied in &model.implied_inits {
        let name = implied.name.as_str();
        if implied.predicate.level != tla_sema::hir::STATE_LEVEL
            || elsewhere(name)
            || warned.contains(&name)
        {
            continue;
        }
        warned.push(name);
        let text = format!(
            "The formula {name} is a state-level formula, but it was used as a PROPERTY (or PROPERTIES), where a temporal formula is typically expected. State-level formulas used as PROPERTY or PROPERTIES are only checked in the initial state. To verify that the formula {name} holds in all states of every behavior, use INVARIANT {name} instead. Alternatively, applying the \"always\" temporal operator (\u{25a1}) to the state-level formula {name} changes it into a temporal formula, asserting that {name} holds in all states of every behavior. See https://explain.tlapl.us/invariants-and-properties for additional details."
        );
        messages.extend(warnings.message(STATE_LEVEL_PROPERTY_WARNING, &text));
    }
    messages
}

/// TLC's code of the warning about a state predicate used as a `PROPERTY`.
const STATE_LEVEL_PROPERTY_WARNING: u16 = 2255;
/// TLC's code of the warning about an invariant that is a constant, TRUE.
const CONSTANT_INVARIANT_WARNING: u16 = 2149;
const SYMMETRY_SET_TOO_SMALL_WARNING: u16 = 2300;

/// `ASSUME`s are checked before the state space is explored.
fn check_assumptions(model: &tla_check::Model, sources: &SourceIndex) -> Option<Vec<Message>> {
    let worker = tla_eval::WorkerContext::new(0, 0);
    let ctx = tla_eval::Ctx::constant(&worker);
    for assumption in &model.evaluator.hir().assumptions {
        let location = tla_eval::Location::of(&assumption.body);
        match model.evaluator.eval(&assumption.body, &tla_eval::Env::empty(), &ctx) {
            Ok(tla_values::Value::Bool(true)) => {}
            Ok(_) => {
                return Some(vec![Message::error(
                    report::code::ASSUMPTION_FALSE,
                    format!("Assumption {} is false.", sources.location_text(&location)),
                )])
            }
            Err(failure) => {
                return Some(vec![Message::error(
                    1000,
                    format!(
                        "Evaluating assumption {} failed.\n{}",
                        sources.location_text(&location),
                        report::failure_text(&failure)
                    ),
                )])
            }
        }
    }
    None
}

/// Messages only `-tool` mode shows (the SANY start and end markers).
fn strip_tool_only(messages: Vec<Message>, tool_mode: bool) -> Vec<Message> {
    if tool_mode {
        return messages;
    }
    messages.into_iter().filter(|message| !matches!(message.code, 2220 | 2219)).collect()
}

/// A message whose text already carries TLC's "Error: " prefix.
fn raw_error(text: &str) -> Message {
    let text = text.strip_prefix("Error: ").unwrap_or(text);
    Message::error(1000, text)
}

fn spec_names(hir: &tla_sema::hir::Hir) -> tla_cfg::SpecNames {
    use tla_sema::hir::Entity;
    let definition_name = |def: u32| {
        let definition = hir.definition(def);
        tla_cfg::DefinedName {
            name: definition.name.clone(),
            arity: definition.parameters.len() - definition.instance_parameters,
            constant_value: None,
        }
    };
    tla_cfg::SpecNames {
        constants: hir
            .constants
            .iter()
            .map(|constant| tla_cfg::DeclaredConstant {
                name: constant.name.clone(),
                arity: constant.arity,
            })
            .collect(),
        definitions: hir
            .root_scope
            .iter()
            .filter_map(|(name, entity)| match entity {
                Entity::Definition(def) => {
                    Some(tla_cfg::DefinedName { name: name.clone(), ..definition_name(*def) })
                }
                _ => None,
            })
            .collect(),
        has_variables: !hir.variables.is_empty(),
        modules: hir
            .module_scopes
            .iter()
            .map(|(module, definitions)| tla_cfg::ModuleDefinitions {
                name: module.clone(),
                definitions: definitions
                    .iter()
                    .map(|(name, def)| tla_cfg::DefinedName {
                        name: name.clone(),
                        ..definition_name(*def)
                    })
                    .collect(),
            })
            .collect(),
    }
}

fn elapsed_text(report: Option<&CheckReport>) -> String {
    let millis = report.map(|report| report.duration.as_millis()).unwrap_or(0);
    if millis < 1000 {
        format!("{millis}ms")
    } else {
        format!("{:02}s", millis / 1000)
    }
}

/// The wall-clock time as TLC prints it (`2026-11-30 20:31:18`), in UTC.
pub(crate) fn now_text() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs())
        .unwrap_or(0);
    let days = seconds / 86_400;
    let (hour, minute, second) = ((seconds / 3600) % 24, (seconds / 60) % 60, seconds % 60);
    let (year, month, day) = civil_from_days(days as i64);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02}")
}

/// Days since 1970-01-01 to a calendar date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// The process's resident memory, from `/proc/self/statm` (0 where unavailable).
fn resident_memory_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|text| text.split_whitespace().nth(1).and_then(|pages| pages.parse::<u64>().ok()))
        .map(|pages| pages * 4096)
        .unwrap_or(0)
}
