//! The part every model-driven agent shares once it has asked for a complete module: sanitise the
//! reply into a candidate, run the checks in order, send the first failing check's real output back
//! to the model, and stop when a candidate passes every check or the repair rounds run out.
//!
//! A repair request is the conversation that produced the first candidate, then the latest
//! candidate as the assistant's turn (rendered as the two requested blocks, or the raw reply when it
//! held no module), then the feedback. Earlier failed rounds are not repeated, so the context stays
//! bounded.
//!
//! When the rounds run out, the agent hands back the *best* candidate: the one that passed the most
//! checks in order (a check the driver reports unavailable counts as passed), the later one among
//! equals. A provider error during repair also ends the run with the best candidate so far.

use bench_llm::{ChatMessage, ChatResponse, ChatRole, ProviderError};

use crate::agent_inputs::{system_and_user_messages, ModelCallSettings, RepairSettings};
use crate::agent_protocol::{
    fail_command, protocol_violation, record_model_call, AgentCommand, AgentEvent,
    AgentFailureKind, AgentOutcome, CallPurpose, CheckerKind, CheckerReport, CheckerRequest,
    CheckerRunRecord, CheckerVerdict, StopReason, TranscriptSummary,
};
use crate::prompt_templates::{
    fenced_block, fill_template, output_format, TemplateError, REPAIR_NO_CFG_TEMPLATE,
    REPAIR_NO_MODULE_TEMPLATE, REPAIR_TEMPLATE,
};
use crate::reply_sanitiser::{sanitise_reply, SanitiseOptions, SanitisedReply};

/// A sanitised reply that holds a module.
#[derive(Clone, Debug)]
struct Candidate {
    /// 0 for the first full model, `k` for repair round `k`.
    round: u32,
    sanitised: SanitisedReply,
    module_text: String,
}

#[derive(Clone, Debug)]
enum LoopState {
    /// Waiting for a reply that should hold a complete module.
    AwaitingModel { purpose: CallPurpose },
    /// Waiting for the report of `checks[stage]` on the current candidate.
    AwaitingChecker { stage: usize },
    /// Finished or failed.
    Done,
}

/// Candidate generation, checking and repair, as a state machine driven by its owner agent.
#[derive(Clone, Debug)]
pub(crate) struct CandidateLoop {
    module_name: String,
    model: ModelCallSettings,
    repair: RepairSettings,
    base_messages: Vec<ChatMessage>,
    state: LoopState,
    current: Option<Candidate>,
    /// The best candidate so far and the number of checks it passed.
    best: Option<(usize, Candidate)>,
    /// The transcript of the whole agent run; owners record their own calls here too.
    pub(crate) transcript: TranscriptSummary,
}

impl CandidateLoop {
    pub(crate) fn new(
        module_name: String,
        model: ModelCallSettings,
        repair: RepairSettings,
    ) -> CandidateLoop {
        CandidateLoop {
            module_name,
            model,
            repair,
            base_messages: Vec::new(),
            state: LoopState::Done,
            current: None,
            best: None,
            transcript: TranscriptSummary::default(),
        }
    }

    pub(crate) fn model(&self) -> &ModelCallSettings {
        &self.model
    }

    /// Asks for the first complete module with `messages`.
    pub(crate) fn request_first_model(
        &mut self,
        messages: Vec<ChatMessage>,
        purpose: CallPurpose,
    ) -> AgentCommand {
        self.base_messages = messages.clone();
        self.state = LoopState::AwaitingModel { purpose };
        AgentCommand::CallModel { request: self.model.request(messages) }
    }

    /// Starts the loop with a filled prompt template as the one user message, or fails when the
    /// template could not be filled; `agent_description` names the agent in the failure message.
    pub(crate) fn request_first_model_from_prompt(
        &mut self,
        user_text: Result<String, TemplateError>,
        agent_description: &str,
    ) -> AgentCommand {
        match user_text {
            Ok(user_text) => self.request_first_model(
                system_and_user_messages(user_text),
                CallPurpose::InitialModel,
            ),
            Err(error) => self.fail(
                AgentFailureKind::PromptTemplate { error: error.to_string() },
                format!("the {agent_description} prompt could not be filled: {error}"),
            ),
        }
    }

    /// The step of an agent whose only work before the loop is `start`: the first event must
    /// be `Started`; every later event goes to the loop.
    pub(crate) fn step_after_start(
        &mut self,
        started: &mut bool,
        event: AgentEvent,
        start: impl FnOnce(&mut CandidateLoop) -> AgentCommand,
    ) -> AgentCommand {
        if std::mem::replace(started, true) {
            return self.step(event);
        }
        match event {
            AgentEvent::Started => start(self),
            other => self.stop_on_protocol_violation("started", &other),
        }
    }

    /// Fails the run (the owner found a problem before the loop started).
    pub(crate) fn fail(&mut self, kind: AgentFailureKind, message: String) -> AgentCommand {
        self.state = LoopState::Done;
        fail_command(kind, message, self.transcript.clone())
    }

    /// Stops for good after an event that does not fit the owner's state.
    pub(crate) fn stop_on_protocol_violation(
        &mut self,
        expected: &str,
        event: &AgentEvent,
    ) -> AgentCommand {
        self.state = LoopState::Done;
        protocol_violation(expected, event, self.transcript.clone())
    }

    /// Handles an event once the first complete module has been asked for.
    pub(crate) fn step(&mut self, event: AgentEvent) -> AgentCommand {
        match (self.state.clone(), event) {
            (LoopState::AwaitingModel { purpose }, AgentEvent::ModelReplied { reply }) => {
                self.transcript.model_calls.push(record_model_call(purpose.clone(), &reply));
                match reply {
                    Ok(response) => self.on_model_reply(&purpose, response),
                    Err(error) => self.on_provider_error(error),
                }
            }
            (LoopState::AwaitingChecker { stage }, AgentEvent::ToolFinished { report }) => {
                self.on_checker_report(stage, report)
            }
            (state, event) => {
                let expected = match state {
                    LoopState::AwaitingModel { .. } => "a model reply",
                    LoopState::AwaitingChecker { stage } => {
                        match self.repair.checks.get(stage).copied() {
                            Some(CheckerKind::Sany) => "a SANY report",
                            Some(CheckerKind::Tlc) => "a TLC report",
                            Some(CheckerKind::Simulate) => "a TLC simulation report",
                            None => "a checker report",
                        }
                    }
                    LoopState::Done => "nothing (the agent has finished)",
                };
                self.state = LoopState::Done;
                protocol_violation(expected, &event, self.transcript.clone())
            }
        }
    }

    fn on_model_reply(&mut self, purpose: &CallPurpose, response: ChatResponse) -> AgentCommand {
        let round = match purpose {
            CallPurpose::Repair { round } => *round,
            _ => 0,
        };
        let sanitised = sanitise_reply(
            &response.text,
            &SanitiseOptions {
                expected_module_name: self.module_name.clone(),
                rename_module_to_expected: self.repair.rename_module_to_expected,
            },
        );
        let Some(module_text) = sanitised.module_text.clone() else {
            if self.transcript.repair_rounds_used < self.repair.max_rounds {
                return self.request_repair_without_module(response.text);
            }
            return self.finish_with_best_or_fail(
                StopReason::RepairRoundsExhausted,
                AgentFailureKind::NoModuleInReply,
                "the model's reply contained no TLA+ module".to_owned(),
            );
        };
        let candidate = Candidate { round, sanitised, module_text };
        self.current = Some(candidate.clone());
        if self.repair.max_rounds == 0 {
            return self.finish_with(candidate, StopReason::SingleShot);
        }
        self.run_check(0)
    }

    fn on_provider_error(&mut self, error: ProviderError) -> AgentCommand {
        let message = format!("the model provider failed: {error}");
        self.finish_with_best_or_fail(
            StopReason::ProviderFailedDuringRepair,
            AgentFailureKind::ProviderFailed { error },
            message,
        )
    }

    /// Asks for `checks[stage]` on the current candidate, or finishes when every check passed.
    fn run_check(&mut self, stage: usize) -> AgentCommand {
        let Some(candidate) = self.current.clone() else {
            return self.fail(
                AgentFailureKind::ProtocolViolation {
                    expected: "a candidate".to_owned(),
                    received: "a check without one".to_owned(),
                },
                "internal error: a check was requested without a candidate".to_owned(),
            );
        };
        let Some(what) = self.repair.checks.get(stage).copied() else {
            return self.finish_with(candidate, StopReason::ChecksPassed);
        };
        let needs_cfg = matches!(what, CheckerKind::Tlc | CheckerKind::Simulate);
        let cfg_text = candidate.sanitised.cfg_text.clone();
        if needs_cfg && cfg_text.is_none() {
            self.transcript.checker_runs.push(CheckerRunRecord {
                candidate: candidate.round,
                what,
                verdict: CheckerVerdict::Failed,
                synthetic: true,
            });
            return self.on_cfg_missing(stage, what);
        }
        self.state = LoopState::AwaitingChecker { stage };
        AgentCommand::RunChecker {
            request: CheckerRequest {
                module_name: candidate
                    .sanitised
                    .module_name
                    .clone()
                    .unwrap_or_else(|| self.module_name.clone()),
                module_text: candidate.module_text,
                cfg_text: cfg_text.unwrap_or_default(),
                what,
            },
        }
    }

    fn on_checker_report(&mut self, stage: usize, report: CheckerReport) -> AgentCommand {
        let expected_kind = self.repair.checks.get(stage).copied();
        if expected_kind != Some(report.what) {
            let expected =
                expected_kind.map_or("no checker report", |kind| kind.display_name()).to_owned();
            self.state = LoopState::Done;
            return fail_command(
                AgentFailureKind::ProtocolViolation {
                    expected: format!("a {expected} report"),
                    received: format!("a {} report", report.what.display_name()),
                },
                format!(
                    "the driver sent a {} report while the agent was waiting for a {expected} report",
                    report.what.display_name()
                ),
                self.transcript.clone(),
            );
        }
        self.transcript.checker_runs.push(CheckerRunRecord {
            candidate: self.current.as_ref().map_or(0, |candidate| candidate.round),
            what: report.what,
            verdict: report.verdict,
            synthetic: false,
        });
        match report.verdict {
            CheckerVerdict::Passed | CheckerVerdict::Unavailable => self.run_check(stage + 1),
            CheckerVerdict::Failed => self.on_check_failed(stage, report.what, &report.output),
        }
    }

    fn remember_if_best(&mut self, checks_passed: usize) {
        let Some(candidate) = self.current.clone() else { return };
        let is_better =
            self.best.as_ref().is_none_or(|(best_passed, _)| checks_passed >= *best_passed);
        if is_better {
            self.best = Some((checks_passed, candidate));
        }
    }

    fn on_check_failed(&mut self, stage: usize, what: CheckerKind, output: &str) -> AgentCommand {
        self.remember_if_best(stage);
        if self.transcript.repair_rounds_used >= self.repair.max_rounds {
            return self.finish_with_best_or_fail(
                StopReason::RepairRoundsExhausted,
                AgentFailureKind::NoModuleInReply,
                "the model's reply contained no TLA+ module".to_owned(),
            );
        }
        let round = self.transcript.repair_rounds_used + 1;
        let (diagnostics, truncation_remark) =
            shorten_diagnostics(output, self.repair.max_diagnostics_chars);
        let max_rounds = self.repair.max_rounds.to_string();
        let round_text = round.to_string();
        let feedback = fill_template(
            REPAIR_TEMPLATE,
            &[
                ("round", &round_text),
                ("max_rounds", &max_rounds),
                ("checker_name", what.display_name()),
                ("truncation_remark", &truncation_remark),
                ("diagnostics_block", &fenced_block(&diagnostics, "text")),
                ("module_name", &self.module_name),
                ("output_format", &output_format(&self.module_name)),
            ],
        );
        let feedback = match feedback {
            Ok(feedback) => feedback,
            Err(error) => {
                return self.fail(
                    AgentFailureKind::PromptTemplate { error: error.to_string() },
                    format!("the repair prompt could not be filled: {error}"),
                )
            }
        };
        let assistant_turn = self.current.as_ref().map_or_else(String::new, render_candidate);
        self.request_repair(round, assistant_turn, feedback)
    }

    /// The candidate has no cfg for a check that needs one: a failure of that check, repaired with
    /// its own message rather than a made-up checker output.
    fn on_cfg_missing(&mut self, stage: usize, what: CheckerKind) -> AgentCommand {
        self.remember_if_best(stage);
        if self.transcript.repair_rounds_used >= self.repair.max_rounds {
            return self.finish_with_best_or_fail(
                StopReason::RepairRoundsExhausted,
                AgentFailureKind::NoModuleInReply,
                "the model's reply contained no TLA+ module".to_owned(),
            );
        }
        let round = self.transcript.repair_rounds_used + 1;
        let feedback = fill_template(
            REPAIR_NO_CFG_TEMPLATE,
            &[
                ("round", &round.to_string()),
                ("max_rounds", &self.repair.max_rounds.to_string()),
                ("checker_name", what.display_name()),
                ("output_format", &output_format(&self.module_name)),
            ],
        );
        match feedback {
            Ok(feedback) => {
                let assistant_turn =
                    self.current.as_ref().map_or_else(String::new, render_candidate);
                self.request_repair(round, assistant_turn, feedback)
            }
            Err(error) => self.fail(
                AgentFailureKind::PromptTemplate { error: error.to_string() },
                format!("the repair prompt could not be filled: {error}"),
            ),
        }
    }

    fn request_repair_without_module(&mut self, raw_reply: String) -> AgentCommand {
        let round = self.transcript.repair_rounds_used + 1;
        let feedback = fill_template(
            REPAIR_NO_MODULE_TEMPLATE,
            &[
                ("round", &round.to_string()),
                ("max_rounds", &self.repair.max_rounds.to_string()),
                ("module_name", &self.module_name),
                ("output_format", &output_format(&self.module_name)),
            ],
        );
        match feedback {
            Ok(feedback) => self.request_repair(round, raw_reply, feedback),
            Err(error) => self.fail(
                AgentFailureKind::PromptTemplate { error: error.to_string() },
                format!("the repair prompt could not be filled: {error}"),
            ),
        }
    }

    fn request_repair(
        &mut self,
        round: u32,
        assistant_turn: String,
        feedback: String,
    ) -> AgentCommand {
        self.transcript.repair_rounds_used = round;
        let mut messages = self.base_messages.clone();
        messages.push(ChatMessage { role: ChatRole::Assistant, content: assistant_turn });
        messages.push(ChatMessage { role: ChatRole::User, content: feedback });
        self.state = LoopState::AwaitingModel { purpose: CallPurpose::Repair { round } };
        AgentCommand::CallModel { request: self.model.request(messages) }
    }

    fn finish_with_best_or_fail(
        &mut self,
        stop_reason: StopReason,
        failure_kind: AgentFailureKind,
        failure_message: String,
    ) -> AgentCommand {
        match self.best.clone() {
            Some((_, best)) => self.finish_with(best, stop_reason),
            None => match self.current.clone() {
                // A single-shot run never checks; its candidate is the answer.
                Some(current) => self.finish_with(current, stop_reason),
                None => self.fail(failure_kind, failure_message),
            },
        }
    }

    fn finish_with(&mut self, candidate: Candidate, stop_reason: StopReason) -> AgentCommand {
        self.state = LoopState::Done;
        let mut transcript = self.transcript.clone();
        transcript.chosen_candidate = Some(candidate.round);
        transcript.stop_reason = Some(stop_reason);
        AgentCommand::Finish {
            outcome: Box::new(AgentOutcome {
                module_name: candidate.sanitised.module_name.clone(),
                module_text: candidate.module_text,
                cfg_text: candidate.sanitised.cfg_text.clone(),
                sanitisation_notes: candidate.sanitised.notes,
                transcript,
            }),
        }
    }
}

/// The candidate as the two requested blocks, for the assistant's turn of a repair request.
fn render_candidate(candidate: &Candidate) -> String {
    let mut rendered = fenced_block(&candidate.module_text, "tla");
    if let Some(cfg_text) = &candidate.sanitised.cfg_text {
        rendered.push_str("\n\n");
        rendered.push_str(&fenced_block(cfg_text, "cfg"));
    }
    rendered
}

/// Cuts `output` to at most `max_chars` characters by removing its middle, and says so.
pub(crate) fn shorten_diagnostics(output: &str, max_chars: usize) -> (String, String) {
    let output = output.trim_end();
    if output.is_empty() {
        return ("(the checker printed nothing)".to_owned(), String::new());
    }
    let total_chars = output.chars().count();
    if total_chars <= max_chars {
        return (output.to_owned(), String::new());
    }
    let head_chars = max_chars / 2;
    let tail_chars = max_chars - head_chars;
    let omitted = total_chars - head_chars - tail_chars;
    let head: String = output.chars().take(head_chars).collect();
    let tail: String = output.chars().skip(total_chars - tail_chars).collect();
    (
        format!("{head}\n[... {omitted} characters omitted ...]\n{tail}"),
        format!(" (shortened: {omitted} characters omitted from the middle)"),
    )
}
