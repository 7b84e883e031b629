//! Agents that make no model call: `reference` hands back the task's reference model (gold
//! validation: it must score full marks), `external` hands back a spec someone else wrote (any
//! outside agent or a person), sanitised like a model reply so a Markdown answer pasted into a file
//! works too.

use crate::agent_protocol::{
    fail_command, protocol_violation, Agent, AgentCommand, AgentEvent, AgentFailureKind,
    AgentOutcome, StopReason, TranscriptSummary,
};
use crate::reply_sanitiser::{sanitise_reply, SanitiseOptions};

fn no_call_transcript() -> TranscriptSummary {
    TranscriptSummary { stop_reason: Some(StopReason::NoModelCall), ..TranscriptSummary::default() }
}

/// The agents here take exactly one event, `Started`.
fn check_single_start(finished: bool, event: &AgentEvent) -> Option<AgentCommand> {
    if finished {
        Some(protocol_violation("nothing (the agent has finished)", event, no_call_transcript()))
    } else if *event != AgentEvent::Started {
        Some(protocol_violation("started", event, no_call_transcript()))
    } else {
        None
    }
}

/// Hands back the task's reference module and cfg, unchanged.
#[derive(Clone, Debug)]
pub struct ReferenceAgent {
    module_name: String,
    module_text: String,
    cfg_text: String,
    finished: bool,
}

impl ReferenceAgent {
    /// An agent returning these texts (read by the driver from `task.reference_model`).
    pub fn new(module_name: String, module_text: String, cfg_text: String) -> ReferenceAgent {
        ReferenceAgent { module_name, module_text, cfg_text, finished: false }
    }
}

impl Agent for ReferenceAgent {
    fn agent_name(&self) -> &'static str {
        "reference"
    }

    fn step(&mut self, event: AgentEvent) -> AgentCommand {
        let violation = check_single_start(self.finished, &event);
        self.finished = true;
        if let Some(violation) = violation {
            return violation;
        }
        AgentCommand::Finish {
            outcome: Box::new(AgentOutcome {
                module_name: Some(self.module_name.clone()),
                module_text: self.module_text.clone(),
                cfg_text: Some(self.cfg_text.clone()),
                sanitisation_notes: Vec::new(),
                transcript: no_call_transcript(),
            }),
        }
    }
}

/// Hands back a user's spec file, sanitised; a cfg given separately wins over one found in the
/// file (and the notes about the file's cfg are then dropped).
#[derive(Clone, Debug)]
pub struct ExternalAgent {
    options: SanitiseOptions,
    spec_file_text: String,
    cfg_text: Option<String>,
    finished: bool,
}

impl ExternalAgent {
    /// An agent returning the module in `spec_file_text` (a `.tla` file, or a Markdown answer) with
    /// `cfg_text` if given.
    pub fn new(
        options: SanitiseOptions,
        spec_file_text: String,
        cfg_text: Option<String>,
    ) -> ExternalAgent {
        ExternalAgent { options, spec_file_text, cfg_text, finished: false }
    }
}

impl Agent for ExternalAgent {
    fn agent_name(&self) -> &'static str {
        "external"
    }

    fn step(&mut self, event: AgentEvent) -> AgentCommand {
        let violation = check_single_start(self.finished, &event);
        self.finished = true;
        if let Some(violation) = violation {
            return violation;
        }
        let mut sanitised = sanitise_reply(&self.spec_file_text, &self.options);
        let Some(module_text) = sanitised.module_text.take() else {
            return fail_command(
                AgentFailureKind::NoModuleInReply,
                "the spec file holds no TLA+ module (no `---- MODULE name ----` line)".to_owned(),
                no_call_transcript(),
            );
        };
        let cfg_text = match &self.cfg_text {
            Some(cfg_text) => {
                sanitised.notes.retain(|note| !note.is_about_cfg());
                Some(cfg_text.clone())
            }
            None => sanitised.cfg_text,
        };
        AgentCommand::Finish {
            outcome: Box::new(AgentOutcome {
                module_name: sanitised.module_name,
                module_text,
                cfg_text,
                sanitisation_notes: sanitised.notes,
                transcript: no_call_transcript(),
            }),
        }
    }
}
