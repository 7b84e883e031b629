//! The Code Translation Agent (`code-translation`): one call per source region (see
//! [`crate::translation_regions`]) translating that code to TLA+ fragments, then one call that
//! assembles the fragments into a complete module with `Init`, `Next` and `Spec`, then the shared
//! repair rounds.
//!
//! Each translation call is independent (system message and one user message with the task prompt
//! for context, the file's outline and the region), so their order does not change their content.
//! The assembly call sees every fragment, labelled with its region.

use bench_llm::{ChatResponse, ProviderError};

use crate::agent_inputs::{
    system_and_user_messages, ModelCallSettings, RepairSettings, SourceText, TaskBrief,
};
use crate::agent_protocol::{
    record_model_call, Agent, AgentCommand, AgentEvent, AgentFailureKind, CallPurpose,
};
use crate::candidate_loop::CandidateLoop;
use crate::prompt_templates::{
    fence_language_for_path, fenced_block, fill_template, output_format, ASSEMBLE_TEMPLATE,
    TRANSLATE_REGION_TEMPLATE,
};
use crate::reply_sanitiser::extract_fragment;
use crate::source_regions::{file_outline, translation_regions, SourceRegion};

/// How the code is cut into translation calls.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TranslationSettings {
    /// Consecutive functions of a file are grouped into one call up to this many characters; 0
    /// means one call per function.
    pub max_region_chars: usize,
}

impl Default for TranslationSettings {
    fn default() -> TranslationSettings {
        TranslationSettings { max_region_chars: 2_000 }
    }
}

#[derive(Clone, Debug)]
enum TranslationPhase {
    NotStarted,
    /// Waiting for the fragment of `regions[region_idx]`.
    Translating {
        region_idx: usize,
    },
    /// The assembly request was sent; the candidate loop runs the rest.
    Assembling,
}

/// The Code Translation Agent.
#[derive(Clone, Debug)]
pub struct CodeTranslationAgent {
    brief: TaskBrief,
    sources: Vec<SourceText>,
    regions: Vec<SourceRegion>,
    fragments: Vec<String>,
    phase: TranslationPhase,
    candidate_loop: CandidateLoop,
}

impl CodeTranslationAgent {
    /// An agent for `brief` translating `sources` region by region.
    pub fn new(
        brief: TaskBrief,
        sources: Vec<SourceText>,
        translation: TranslationSettings,
        model: ModelCallSettings,
        repair: RepairSettings,
    ) -> CodeTranslationAgent {
        let regions = translation_regions(&sources, translation.max_region_chars);
        let candidate_loop = CandidateLoop::new(brief.module_name.clone(), model, repair);
        CodeTranslationAgent {
            brief,
            sources,
            regions,
            fragments: Vec::new(),
            phase: TranslationPhase::NotStarted,
            candidate_loop,
        }
    }

    /// Fails for good: later events go to the finished candidate loop and are refused.
    fn fail(&mut self, kind: AgentFailureKind, message: String) -> AgentCommand {
        self.phase = TranslationPhase::Assembling;
        self.candidate_loop.fail(kind, message)
    }

    /// The regions this agent will translate, one call each.
    pub fn regions(&self) -> &[SourceRegion] {
        &self.regions
    }

    fn translation_request(&mut self, region_idx: usize) -> AgentCommand {
        let Some(region) = self.regions.get(region_idx) else {
            return self.assembly_request();
        };
        let Some(source) = self.sources.get(region.file_index) else {
            return self.fail(
                AgentFailureKind::MissingInput { input: "source file of a region".to_owned() },
                "internal error: a region points to no source file".to_owned(),
            );
        };
        let fence_language = fence_language_for_path(&source.path);
        let user_text = fill_template(
            TRANSLATE_REGION_TEMPLATE,
            &[
                ("task_prompt", self.brief.task_prompt.trim()),
                ("file_path", &source.path),
                ("file_role", source.role.trim().trim_end_matches('.')),
                (
                    "file_outline_block",
                    &fenced_block(&file_outline(&source.path, &source.text), fence_language),
                ),
                ("region_number", &(region_idx + 1).to_string()),
                ("region_count", &self.regions.len().to_string()),
                ("region_label", &region.label),
                ("region_block", &fenced_block(&region.text, fence_language)),
            ],
        );
        match user_text {
            Ok(user_text) => {
                self.phase = TranslationPhase::Translating { region_idx };
                let messages = system_and_user_messages(user_text);
                AgentCommand::CallModel { request: self.candidate_loop.model().request(messages) }
            }
            Err(error) => self.fail(
                AgentFailureKind::PromptTemplate { error: error.to_string() },
                format!("the translation prompt could not be filled: {error}"),
            ),
        }
    }

    fn assembly_request(&mut self) -> AgentCommand {
        let fragments: Vec<String> = self
            .regions
            .iter()
            .zip(&self.fragments)
            .map(|(region, fragment)| {
                format!("### {}\n\n{}", region.label, fenced_block(fragment, "tla"))
            })
            .collect();
        let user_text = fill_template(
            ASSEMBLE_TEMPLATE,
            &[
                ("task_prompt", self.brief.task_prompt.trim()),
                ("fragments", &fragments.join("\n\n")),
                ("output_format", &output_format(&self.brief.module_name)),
            ],
        );
        match user_text {
            Ok(user_text) => {
                self.phase = TranslationPhase::Assembling;
                self.candidate_loop.request_first_model(
                    system_and_user_messages(user_text),
                    CallPurpose::AssembleModel,
                )
            }
            Err(error) => self.fail(
                AgentFailureKind::PromptTemplate { error: error.to_string() },
                format!("the assembly prompt could not be filled: {error}"),
            ),
        }
    }

    fn on_fragment(
        &mut self,
        region_idx: usize,
        reply: Result<ChatResponse, ProviderError>,
    ) -> AgentCommand {
        let region_label =
            self.regions.get(region_idx).map_or_else(String::new, |region| region.label.clone());
        let purpose = CallPurpose::TranslateRegion {
            region_number: u32::try_from(region_idx + 1).unwrap_or(u32::MAX),
            region_label,
        };
        self.candidate_loop.transcript.model_calls.push(record_model_call(purpose, &reply));
        match reply {
            Ok(response) => {
                self.fragments.push(extract_fragment(&response.text));
                self.translation_request(region_idx + 1)
            }
            Err(error) => {
                let message = format!("the model provider failed during translation: {error}");
                self.fail(AgentFailureKind::ProviderFailed { error }, message)
            }
        }
    }
}

impl Agent for CodeTranslationAgent {
    fn agent_name(&self) -> &'static str {
        "code-translation"
    }

    fn step(&mut self, event: AgentEvent) -> AgentCommand {
        match (self.phase.clone(), event) {
            (TranslationPhase::NotStarted, AgentEvent::Started) => {
                if self.sources.is_empty() {
                    return self.fail(
                        AgentFailureKind::MissingInput { input: "source files".to_owned() },
                        "the code translation agent needs at least one source file".to_owned(),
                    );
                }
                self.translation_request(0)
            }
            (TranslationPhase::NotStarted, event) => {
                self.phase = TranslationPhase::Assembling;
                self.candidate_loop.stop_on_protocol_violation("started", &event)
            }
            (TranslationPhase::Translating { region_idx }, AgentEvent::ModelReplied { reply }) => {
                self.on_fragment(region_idx, reply)
            }
            (TranslationPhase::Translating { .. }, event) => {
                self.phase = TranslationPhase::Assembling;
                self.candidate_loop.stop_on_protocol_violation("a model reply", &event)
            }
            (TranslationPhase::Assembling, event) => self.candidate_loop.step(event),
        }
    }
}
