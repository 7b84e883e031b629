//! The basic modeling agent (task prompt and sources in, one request for the whole module) and the
//! trace learning agent (task prompt and sampled traces in, no code). Both then run the shared
//! candidate loop: with `RepairSettings::max_rounds == 0` they make exactly one call.

use crate::agent_inputs::{ModelCallSettings, RepairSettings, SourceText, TaskBrief, TraceText};
use crate::agent_protocol::{Agent, AgentCommand, AgentEvent, AgentFailureKind};
use crate::candidate_loop::CandidateLoop;
use crate::prompt_templates::{
    fill_template, output_format, render_source_files, BASIC_TEMPLATE, TRACE_LEARNING_TEMPLATE,
};
use crate::trace_sampling::render_traces;

/// The Basic Modeling Agent (`basic`, and `basic --repair K`).
#[derive(Clone, Debug)]
pub struct BasicAgent {
    brief: TaskBrief,
    sources: Vec<SourceText>,
    candidate_loop: CandidateLoop,
    started: bool,
}

impl BasicAgent {
    /// An agent for `brief` reading `sources`, calling `model`, repairing as `repair` says.
    pub fn new(
        brief: TaskBrief,
        sources: Vec<SourceText>,
        model: ModelCallSettings,
        repair: RepairSettings,
    ) -> BasicAgent {
        let candidate_loop = CandidateLoop::new(brief.module_name.clone(), model, repair);
        BasicAgent { brief, sources, candidate_loop, started: false }
    }

    fn start(
        brief: &TaskBrief,
        sources: &[SourceText],
        candidate_loop: &mut CandidateLoop,
    ) -> AgentCommand {
        if sources.is_empty() {
            return candidate_loop.fail(
                AgentFailureKind::MissingInput { input: "source files".to_owned() },
                "the basic agent needs at least one source file".to_owned(),
            );
        }
        let user_text = fill_template(
            BASIC_TEMPLATE,
            &[
                ("task_prompt", brief.task_prompt.trim()),
                ("sources", &render_source_files(sources)),
                ("output_format", &output_format(&brief.module_name)),
            ],
        );
        candidate_loop.request_first_model_from_prompt(user_text, "basic")
    }
}

impl Agent for BasicAgent {
    fn agent_name(&self) -> &'static str {
        "basic"
    }

    fn step(&mut self, event: AgentEvent) -> AgentCommand {
        let (brief, sources) = (&self.brief, &self.sources);
        self.candidate_loop.step_after_start(&mut self.started, event, |candidate_loop| {
            BasicAgent::start(brief, sources, candidate_loop)
        })
    }
}

/// How the trace learning agent shows traces.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TraceLearningSettings {
    /// How many traces the corpus holds (stated in the prompt).
    pub corpus_size: usize,
    /// Each trace is cut to its first this many events.
    pub max_events_per_trace: usize,
}

/// The Trace Learning Agent (`trace-learning`): sampled traces in, no code.
#[derive(Clone, Debug)]
pub struct TraceLearningAgent {
    brief: TaskBrief,
    traces: Vec<TraceText>,
    settings: TraceLearningSettings,
    candidate_loop: CandidateLoop,
    started: bool,
}

impl TraceLearningAgent {
    /// An agent for `brief` reading `traces` (already sampled, see
    /// [`crate::sample_trace_indices`]).
    pub fn new(
        brief: TaskBrief,
        traces: Vec<TraceText>,
        settings: TraceLearningSettings,
        model: ModelCallSettings,
        repair: RepairSettings,
    ) -> TraceLearningAgent {
        let candidate_loop = CandidateLoop::new(brief.module_name.clone(), model, repair);
        TraceLearningAgent { brief, traces, settings, candidate_loop, started: false }
    }

    fn start(
        brief: &TaskBrief,
        traces: &[TraceText],
        settings: &TraceLearningSettings,
        candidate_loop: &mut CandidateLoop,
    ) -> AgentCommand {
        if traces.is_empty() {
            return candidate_loop.fail(
                AgentFailureKind::MissingInput { input: "traces".to_owned() },
                "the trace learning agent needs at least one trace".to_owned(),
            );
        }
        let corpus_size = settings.corpus_size.max(traces.len());
        let user_text = fill_template(
            TRACE_LEARNING_TEMPLATE,
            &[
                ("task_prompt", brief.task_prompt.trim()),
                ("trace_count", &traces.len().to_string()),
                ("corpus_size", &corpus_size.to_string()),
                ("traces", &render_traces(traces, settings.max_events_per_trace)),
                ("output_format", &output_format(&brief.module_name)),
            ],
        );
        candidate_loop.request_first_model_from_prompt(user_text, "trace learning")
    }
}

impl Agent for TraceLearningAgent {
    fn agent_name(&self) -> &'static str {
        "trace-learning"
    }

    fn step(&mut self, event: AgentEvent) -> AgentCommand {
        let (brief, traces, settings) = (&self.brief, &self.traces, &self.settings);
        self.candidate_loop.step_after_start(&mut self.started, event, |candidate_loop| {
            TraceLearningAgent::start(brief, traces, settings, candidate_loop)
        })
    }
}
