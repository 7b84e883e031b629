//! Agents of the SysMoBench-rs harness: strategies that turn a task into a TLA+ module and cfg.
//!
//! Every agent is a sans-IO state machine ([`Agent::step`]): it takes an [`AgentEvent`] and answers
//! with an [`AgentCommand`] (call the model, run a checker, finish, fail). The driver in the
//! `sysmobench` binary performs the IO. Inputs (task prompt, source texts, sampled traces,
//! reference texts) are passed in as data, so agents are tested with scripted transcripts.
//!
//! The model's replies go through [`sanitise_reply`], which extracts the module and the cfg from
//! Markdown and prose and records every change as a [`SanitisationNote`].
//!
//! A driver is a loop; here with a model that always gives the same answer and checkers that
//! always pass:
//!
//! ```
//! use bench_agents::*;
//! use bench_llm::ModelName;
//!
//! # fn fake_model(request: &bench_llm::ChatRequest) -> bench_llm::ChatResponse {
//! #     bench_llm::ChatResponse {
//! #         text: "```tla\n---- MODULE spin ----\n====\n```\n```cfg\nINIT Init\nNEXT Next\n```".into(),
//! #         usage: None, cost_usd: None, finish_reason: None, provider_model_version: None,
//! #         request_hash: bench_llm::request_hash(request), source: bench_llm::ResponseSource::Replay,
//! #         attempts: 0, elapsed: std::time::Duration::ZERO, wire_exchange: None,
//! #     }
//! # }
//! let brief = TaskBrief {
//!     task_id: "spin".into(),
//!     module_name: "spin".into(),
//!     task_prompt: "Model the spin lock.".into(),
//! };
//! let sources = vec![SourceText { path: "spin.rs".into(), role: "the lock".into(), text: "fn lock() {}".into() }];
//! let model = ModelCallSettings::with_defaults(ModelName::parse("openai/gpt-5").unwrap());
//! let mut agent = BasicAgent::new(brief, sources, model, RepairSettings::with_rounds(2));
//! let mut event = AgentEvent::Started;
//! let outcome = loop {
//!     event = match agent.step(event) {
//!         AgentCommand::CallModel { request } => {
//!             // The driver calls `bench_llm::Client::complete(&request)` and records the call.
//!             AgentEvent::ModelReplied { reply: Ok(fake_model(&request)) }
//!         }
//!         AgentCommand::RunChecker { request } => {
//!             // The driver writes `<module_name>.tla` and the cfg, runs the checker, and reports
//!             // its output verbatim.
//!             AgentEvent::ToolFinished {
//!                 report: CheckerReport { what: request.what, verdict: CheckerVerdict::Passed, output: String::new() },
//!             }
//!         }
//!         AgentCommand::Finish { outcome } => break Ok(outcome),
//!         AgentCommand::Fail { failure } => break Err(failure),
//!     };
//! };
//! let outcome = outcome.unwrap();
//! assert_eq!(outcome.transcript.stop_reason, Some(StopReason::ChecksPassed));
//! assert_eq!(outcome.transcript.checker_runs.len(), 2); // SANY, then TLC
//! ```

mod agent_inputs;
mod agent_protocol;
mod candidate_loop;
mod code_translation_agent;
mod fixed_agents;
mod modeling_agents;
mod prompt_templates;
mod reply_sanitiser;
mod source_regions;
mod trace_sampling;

pub use crate::agent_inputs::{
    AgentName, ModelCallSettings, RepairSettings, SourceText, TaskBrief, TraceText,
};
pub use crate::agent_protocol::{
    Agent, AgentCommand, AgentEvent, AgentFailure, AgentFailureKind, AgentOutcome, CallPurpose,
    CheckerKind, CheckerReport, CheckerRequest, CheckerRunRecord, CheckerVerdict, ModelCallRecord,
    StopReason, TranscriptSummary,
};
pub use crate::code_translation_agent::{CodeTranslationAgent, TranslationSettings};
pub use crate::fixed_agents::{ExternalAgent, ReferenceAgent};
pub use crate::modeling_agents::{BasicAgent, TraceLearningAgent, TraceLearningSettings};
pub use crate::prompt_templates::{
    fence_language_for_path, fenced_block, fill_template, render_source_files,
    template_placeholders, TemplateError, PROMPT_FILES,
};
pub use crate::reply_sanitiser::{
    extract_fragment, sanitise_reply, SanitisationNote, SanitiseOptions, SanitisedReply,
};
pub use crate::source_regions::{
    file_outline, find_functions, translation_regions, FunctionSpan, SourceRegion,
};
pub use crate::trace_sampling::{render_traces, sample_trace_indices};
