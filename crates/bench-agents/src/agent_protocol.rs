//! The closed vocabulary between an agent and its driver: the events an agent is fed, the commands
//! it answers with, and what it hands back when it is done.
//!
//! An agent never performs IO. The driver (the `run` command) loops: it feeds
//! [`AgentEvent::Started`], performs the returned [`AgentCommand`] (asks the model, runs a checker),
//! feeds the result back as the next event, and stops at [`AgentCommand::Finish`] or
//! [`AgentCommand::Fail`].

use bench_llm::{ChatRequest, ChatResponse, ProviderError};

use crate::reply_sanitiser::SanitisationNote;

/// A strategy that turns a task into a TLA+ module and cfg, one event at a time.
pub trait Agent: Send {
    /// The agent's name as spelled on the command line (`basic`, `code-translation`, ...).
    fn agent_name(&self) -> &'static str;

    /// Consumes one event and says what the driver must do next. Never panics; an event that does
    /// not fit the agent's state yields [`AgentCommand::Fail`] with
    /// [`AgentFailureKind::ProtocolViolation`].
    fn step(&mut self, event: AgentEvent) -> AgentCommand;
}

/// Everything that can happen to an agent. Closed: the driver has nothing else to report.
// Events are passed one at a time and never stored in bulk, so boxing the reply would only cost the
// driver an allocation and a less direct pattern.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum AgentEvent {
    /// The first event of every run.
    Started,
    /// The answer to the last [`AgentCommand::CallModel`].
    ModelReplied {
        /// The reply, or the provider error the driver gave up on (after its own retries).
        reply: Result<ChatResponse, ProviderError>,
    },
    /// The answer to the last [`AgentCommand::RunChecker`].
    ToolFinished {
        /// What the checker said.
        report: CheckerReport,
    },
}

/// What the driver must do next.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "command", rename_all = "kebab-case")]
pub enum AgentCommand {
    /// Send this request to the model and feed back [`AgentEvent::ModelReplied`].
    CallModel {
        /// The full request, messages included.
        request: ChatRequest,
    },
    /// Run a checker on a candidate model and feed back [`AgentEvent::ToolFinished`].
    RunChecker {
        /// What to check and how.
        request: CheckerRequest,
    },
    /// The agent is done; score this.
    Finish {
        /// The chosen module and cfg with their history.
        outcome: Box<AgentOutcome>,
    },
    /// The agent could not produce a module.
    Fail {
        /// Why, with the history so far.
        failure: Box<AgentFailure>,
    },
}

/// A request to check one candidate module.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CheckerRequest {
    /// The module name the text declares (the file is `<module_name>.tla`).
    pub module_name: String,
    /// The complete module text.
    pub module_text: String,
    /// The TLC configuration. Always present for [`CheckerKind::Tlc`] and
    /// [`CheckerKind::Simulate`]; may be empty for [`CheckerKind::Sany`].
    pub cfg_text: String,
    /// Which checker to run.
    pub what: CheckerKind,
}

/// The checkers an agent may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CheckerKind {
    /// The front end: parsing, name resolution and level checking, as SANY.
    Sany,
    /// Exhaustive model checking on the cfg, deadlock checking on.
    Tlc,
    /// Random simulation on the cfg, for models whose state space is too big to exhaust.
    Simulate,
}

impl CheckerKind {
    /// The name shown to the model and in transcripts.
    pub fn display_name(self) -> &'static str {
        match self {
            CheckerKind::Sany => "SANY",
            CheckerKind::Tlc => "TLC",
            CheckerKind::Simulate => "TLC simulation",
        }
    }
}

/// The driver's account of one checker run.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CheckerReport {
    /// Which checker ran.
    pub what: CheckerKind,
    /// Whether the candidate passed.
    pub verdict: CheckerVerdict,
    /// The checker's own output, verbatim: SANY's messages, TLC's error with its trace, a timeout
    /// message. This is what goes back to the model.
    pub output: String,
}

/// The outcome class of a checker run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CheckerVerdict {
    /// No error.
    Passed,
    /// An error the model should fix (a timeout is a failure too, with its message as output).
    Failed,
    /// The checker could not run for reasons unrelated to the model (not built yet, missing tool).
    /// The agent skips this check and records that it did.
    Unavailable,
}

/// What a successful agent hands back.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AgentOutcome {
    /// The module name the text declares (which may differ from the task's expected name; see the
    /// notes).
    pub module_name: Option<String>,
    /// The complete module text to score.
    pub module_text: String,
    /// The cfg to score with, if the agent produced one.
    pub cfg_text: Option<String>,
    /// What the sanitiser changed to get `module_text` and `cfg_text` from the chosen reply.
    pub sanitisation_notes: Vec<SanitisationNote>,
    /// The history of the run.
    pub transcript: TranscriptSummary,
}

/// What a failed agent hands back.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AgentFailure {
    /// The class of failure.
    pub kind: AgentFailureKind,
    /// A lowercase sentence for people.
    pub message: String,
    /// The history up to the failure.
    pub transcript: TranscriptSummary,
}

/// Why an agent failed.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum AgentFailureKind {
    /// The model provider failed (after the driver's retries) before any usable module existed.
    ProviderFailed {
        /// The provider's error.
        error: ProviderError,
    },
    /// The model never replied with a TLA+ module (and no repair round was left).
    NoModuleInReply,
    /// The driver fed an event the agent was not waiting for.
    ProtocolViolation {
        /// What the agent was waiting for.
        expected: String,
        /// What it got.
        received: String,
    },
    /// A required input was empty (no source files, no traces, no spec text).
    MissingInput {
        /// Which input.
        input: String,
    },
    /// A prompt template could not be filled (a bug in this crate).
    PromptTemplate {
        /// The template error.
        error: String,
    },
}

/// The history of a run, small enough to store with every attempt. Full prompts and replies are the
/// driver's to record: it sees every request and response.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TranscriptSummary {
    /// Every model call, in order.
    pub model_calls: Vec<ModelCallRecord>,
    /// Every checker run, in order.
    pub checker_runs: Vec<CheckerRunRecord>,
    /// Repair rounds used (model calls made to fix a candidate).
    pub repair_rounds_used: u32,
    /// Which candidate was handed back: 0 for the first full model, `k` for the one from repair
    /// round `k`. `None` when the agent made no candidate from a reply.
    pub chosen_candidate: Option<u32>,
    /// Why the agent stopped.
    pub stop_reason: Option<StopReason>,
}

/// One model call in a transcript.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ModelCallRecord {
    /// Why the agent made the call.
    pub purpose: CallPurpose,
    /// The request hash (see `bench_llm::request_hash`), to find the call in a recording.
    pub request_hash: Option<String>,
    /// Input tokens as reported.
    pub input_tokens: Option<u64>,
    /// Output tokens as reported.
    pub output_tokens: Option<u64>,
    /// Cost in US dollars as computed by the client.
    pub cost_usd: Option<f64>,
    /// Why the provider stopped generating.
    pub finish_reason: Option<String>,
    /// The provider error, when the call failed.
    pub error: Option<String>,
}

/// Why an agent called the model.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "purpose", rename_all = "kebab-case")]
pub enum CallPurpose {
    /// The first request for a complete module.
    InitialModel,
    /// Code translation: one source region to TLA+ fragments.
    TranslateRegion {
        /// 1-based index of the region.
        region_number: u32,
        /// The region's label, e.g. `src/sync/spin.rs: SpinLock::lock`.
        region_label: String,
    },
    /// Code translation: assembling the fragments into a module.
    AssembleModel,
    /// A repair round.
    Repair {
        /// 1-based round number.
        round: u32,
    },
}

/// One checker run in a transcript.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CheckerRunRecord {
    /// The candidate checked (0 = first model, k = repair round k).
    pub candidate: u32,
    /// The checker.
    pub what: CheckerKind,
    /// Its verdict. A check the agent failed by itself (no cfg to run TLC on) is recorded as
    /// failed with `synthetic` set.
    pub verdict: CheckerVerdict,
    /// True when the agent decided the verdict without running the checker (no cfg).
    pub synthetic: bool,
}

/// Why an agent stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StopReason {
    /// No repair was asked for: the first candidate is the answer.
    SingleShot,
    /// The candidate passed every check.
    ChecksPassed,
    /// Repair rounds ran out; the best candidate is the answer.
    RepairRoundsExhausted,
    /// The provider failed during repair; the best candidate so far is the answer.
    ProviderFailedDuringRepair,
    /// The agent made no model call (reference, external).
    NoModelCall,
    /// The agent failed.
    Failed,
}

/// Turns an event into a short description for protocol-violation messages.
pub(crate) fn describe_event(event: &AgentEvent) -> String {
    match event {
        AgentEvent::Started => "started".to_owned(),
        AgentEvent::ModelReplied { reply: Ok(_) } => "a model reply".to_owned(),
        AgentEvent::ModelReplied { reply: Err(_) } => "a provider error".to_owned(),
        AgentEvent::ToolFinished { report } => {
            format!("a {} report", report.what.display_name())
        }
    }
}

/// A model call record from a reply.
pub(crate) fn record_model_call(
    purpose: CallPurpose,
    reply: &Result<ChatResponse, ProviderError>,
) -> ModelCallRecord {
    match reply {
        Ok(response) => ModelCallRecord {
            purpose,
            request_hash: Some(response.request_hash.clone()),
            input_tokens: response.usage.map(|usage| usage.input_tokens),
            output_tokens: response.usage.map(|usage| usage.output_tokens),
            cost_usd: response.cost_usd,
            finish_reason: response.finish_reason.clone(),
            error: None,
        },
        Err(error) => ModelCallRecord {
            purpose,
            request_hash: None,
            input_tokens: None,
            output_tokens: None,
            cost_usd: None,
            finish_reason: None,
            error: Some(error.to_string()),
        },
    }
}

/// Builds the terminal failure command.
pub(crate) fn fail_command(
    kind: AgentFailureKind,
    message: String,
    mut transcript: TranscriptSummary,
) -> AgentCommand {
    transcript.stop_reason = Some(StopReason::Failed);
    AgentCommand::Fail { failure: Box::new(AgentFailure { kind, message, transcript }) }
}

/// The failure for an event that does not fit the agent's state.
pub(crate) fn protocol_violation(
    expected: &str,
    event: &AgentEvent,
    transcript: TranscriptSummary,
) -> AgentCommand {
    let received = describe_event(event);
    fail_command(
        AgentFailureKind::ProtocolViolation {
            expected: expected.to_owned(),
            received: received.clone(),
        },
        format!("the driver sent {received} while the agent was waiting for {expected}"),
        transcript,
    )
}
