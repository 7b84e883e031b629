//! `sysmobench tlc -simulate`: a simulation run and TLC's messages for it, including the
//! progress reports (and coverage blocks) printed while it runs and the order TLC prints its
//! last report in (after the summary when the run found an error, before it otherwise).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tla_check::report::{self, Message, SourceIndex, StatePrinter};
use tla_check::{EventReply, SimulationEvent, SimulationProgress, TraceLengths};

use crate::progress::{CoverageTicks, ProgressReports, ProgressSchedule};
use crate::tlc::{now_text, Emitter, TlcOptions};
use crate::tlc_coverage::{coverage_output, periodic_block, CoveredRun};

/// `-simulate`: TLC's messages and exit code for a simulation run.
pub(crate) fn run_simulation(
    model: &tla_check::Model,
    options: &TlcOptions,
    traces: u64,
    sources: &Arc<SourceIndex>,
    variable_order: &[String],
    emit: Emitter,
) -> (Vec<Message>, i32, tla_check::SimulationReport) {
    let progress = Arc::new(Mutex::new(ProgressReports::new(
        Instant::now(),
        ProgressSchedule::SIMULATION.with_interval(options.progress_interval),
        options.coverage_minutes.map(CoverageTicks::simulation),
    )));
    let event_progress = progress.clone();
    let event_sources = sources.clone();
    let event_emit = emit.clone();
    let initial_states_reported = Arc::new(AtomicBool::new(false));
    let reported = initial_states_reported.clone();
    let events = Arc::new(move |event: SimulationEvent<'_>| {
        match event {
            SimulationEvent::InitialStatesComputed(distinct) => {
                reported.store(true, Ordering::Relaxed);
                event_emit(&initial_states_messages(distinct));
            }
            SimulationEvent::Progress(counts) => {
                let due = event_progress.lock().ok().and_then(|mut p| p.simulation_due(&counts));
                if let Some(due) = due {
                    event_emit(&[due.message]);
                    if due.with_coverage {
                        return EventReply::CoverageSnapshot;
                    }
                }
            }
            SimulationEvent::Coverage(snapshot) => {
                event_emit(&periodic_block(&snapshot, &event_sources))
            }
        }
        EventReply::Continue
    });
    let simulation_options = tla_check::SimulationOptions {
        traces,
        depth: options.depth,
        seed: options.seed,
        workers: options.workers,
        keep_going: options.keep_going,
        max_duration: options.max_seconds.map(Duration::from_secs),
        coverage: options.collects_coverage(),
        events: Some(events),
    };
    let started = Instant::now();
    let report = tla_check::simulate(model, &simulation_options);
    if !initial_states_reported.load(Ordering::Relaxed) {
        emit(&initial_states_messages(report.initial_states));
    }
    let hir = model.evaluator.hir();
    let printer = StatePrinter::new(hir, variable_order);
    let initial_label = match (&model.init_name, model.init.first()) {
        (Some(name), Some(init)) => {
            format!("<{name} {}>", sources.location_text(&tla_eval::Location::of(init)))
        }
        _ => "<Initial predicate>".to_string(),
    };
    // TLC's simulator prints its traces from the states it kept.
    let (mut messages, _) = report::verdict_messages(
        &report.verdict,
        &report.actions,
        sources,
        &printer,
        &report::no_step_replay,
        &initial_label,
    );
    // TLC's last progress report (its timer thread is woken when the simulation ends), with
    // the coverage when that report is one that prints it.
    let last_report = {
        let counts = SimulationProgress {
            states_generated: report.states_generated,
            traces: report.traces,
            trace_lengths: TraceLengths::of(&report.trace_lengths, options.depth),
        };
        let due = match progress.lock() {
            Ok(mut reports) => reports.simulation_final(&counts),
            Err(_) => ProgressReports::new(started, ProgressSchedule::SIMULATION, None)
                .simulation_final(&counts),
        };
        let mut last = vec![due.message];
        if let (true, Some(coverage)) = (due.with_coverage, report.coverage.as_ref()) {
            last.extend(tla_check::coverage_report::coverage_messages(
                coverage,
                model,
                &report.actions,
                sources,
                &now_text(),
                started.elapsed(),
            ));
        }
        last
    };
    let found_error = !matches!(report.verdict, tla_check::Verdict::Success);
    if !found_error {
        messages.extend(last_report.iter().cloned());
    }
    messages.extend(coverage_output(
        options,
        model,
        sources,
        CoveredRun {
            coverage: report.coverage.as_ref(),
            actions: &report.actions,
            verdict: &report.verdict,
            duration: started.elapsed(),
            mode: "simulate",
        },
    ));
    messages.push(Message::info(
        2199,
        format!("The number of states generated: {}", report.states_generated),
    ));
    messages.push(Message::info(
        2199,
        format!("Simulation using seed {} and aril 0", options.seed as i64),
    ));
    if found_error {
        messages.extend(last_report);
    }
    if report.timed_out {
        messages.push(Message::error(
            report::code::LIMIT_REACHED,
            "The simulation was stopped by the time limit before all traces were generated.",
        ));
        return (messages, 152, report);
    }
    let exit_code = report::exit_code(&report.verdict);
    (messages, exit_code, report)
}

/// TLC's two lines once the initial states are known.
fn initial_states_messages(distinct: u64) -> [Message; 2] {
    [
        Message::info(2269, format!("Computed {distinct} initial states...")),
        report::initial_states_message(distinct, distinct, &now_text()),
    ]
}
