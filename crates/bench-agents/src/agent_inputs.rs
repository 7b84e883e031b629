//! The data an agent starts from. The driver reads files (prompt, sources, traces, reference model)
//! and passes their texts here; agents never touch the file system.

use bench_llm::{ChatMessage, ChatRequest, ChatRole, GenerationSettings, ModelName};
use bench_tasks::{AgentKind, Task};

use crate::agent_protocol::CheckerKind;

/// What every model-driven agent knows about the task.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TaskBrief {
    /// The task id (`spin`).
    pub task_id: String,
    /// The module name the model must write (`---- MODULE <module_name> ----`).
    pub module_name: String,
    /// The task's own prompt for this agent (the text of `tasks/<id>/prompts/<agent>.md`).
    pub task_prompt: String,
}

impl TaskBrief {
    /// The brief of `task`, with the text of its prompt file for the agent (read by the caller
    /// from `task.prompts.path(agent)`).
    pub fn from_task(task: &Task, task_prompt: String) -> TaskBrief {
        TaskBrief {
            task_id: task.id.clone(),
            module_name: task.model_module_name.clone(),
            task_prompt,
        }
    }
}

/// One source file given to the model.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SourceText {
    /// The upstream path (`src/sync/spin.rs`); its extension decides the fence language and the
    /// region scanner.
    pub path: String,
    /// What the file is for, from `task.toml`.
    pub role: String,
    /// The file's text.
    pub text: String,
}

/// One recorded trace given to the trace learning agent.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TraceText {
    /// The trace's file name (`trace-07.ndjson`).
    pub name: String,
    /// The trace's text, one JSON event per line.
    pub text: String,
}

/// Which model to call and how.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ModelCallSettings {
    /// The model, `provider/model`.
    pub model: ModelName,
    /// Settings sent with every request (unset fields are filled by the client from the models
    /// file).
    pub generation: GenerationSettings,
    /// Put on every request so that repeated samples of the same attempt do not share a cached
    /// response, e.g. `"sample-2"`.
    pub cache_discriminator: Option<String>,
}

impl ModelCallSettings {
    /// Settings with the provider's defaults and no discriminator.
    pub fn with_defaults(model: ModelName) -> ModelCallSettings {
        ModelCallSettings {
            model,
            generation: GenerationSettings {
                temperature: None,
                top_p: None,
                max_output_tokens: None,
                reasoning_effort: None,
                seed: None,
            },
            cache_discriminator: None,
        }
    }

    /// A request with these settings.
    pub(crate) fn request(&self, messages: Vec<ChatMessage>) -> ChatRequest {
        ChatRequest {
            model: self.model.clone(),
            messages,
            settings: self.generation.clone(),
            cache_discriminator: self.cache_discriminator.clone(),
        }
    }
}

/// How a model-driven agent checks and repairs its candidates.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RepairSettings {
    /// Repair rounds allowed (`--repair K`); 0 means one shot, no checker runs.
    pub max_rounds: u32,
    /// The checks a candidate must pass, in order; the first failing one is reported to the model.
    pub checks: Vec<CheckerKind>,
    /// Checker output longer than this (in characters) is cut in the middle before it goes to the
    /// model, keeping its head and tail.
    pub max_diagnostics_chars: usize,
    /// Rename a module with another name to the expected one (see
    /// [`crate::SanitiseOptions::rename_module_to_expected`]).
    pub rename_module_to_expected: bool,
}

impl RepairSettings {
    /// One shot: no checks, no repair.
    pub fn single_shot() -> RepairSettings {
        RepairSettings::with_rounds(0)
    }

    /// `rounds` repair rounds with SANY then TLC, diagnostics capped at 12,000 characters.
    pub fn with_rounds(rounds: u32) -> RepairSettings {
        RepairSettings {
            max_rounds: rounds,
            checks: vec![CheckerKind::Sany, CheckerKind::Tlc],
            max_diagnostics_chars: 12_000,
            rename_module_to_expected: false,
        }
    }
}

/// The system message and one user message.
pub(crate) fn system_and_user_messages(user_text: String) -> Vec<ChatMessage> {
    vec![
        ChatMessage {
            role: ChatRole::System,
            content: crate::prompt_templates::SYSTEM_PROMPT.to_owned(),
        },
        ChatMessage { role: ChatRole::User, content: user_text },
    ]
}

/// The agents, as named on the command line (`--agent basic`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AgentName {
    /// [`crate::BasicAgent`].
    Basic,
    /// [`crate::CodeTranslationAgent`].
    CodeTranslation,
    /// [`crate::TraceLearningAgent`].
    TraceLearning,
    /// [`crate::ReferenceAgent`].
    Reference,
    /// [`crate::ExternalAgent`].
    External,
}

impl AgentName {
    /// Every agent, in the order they are documented.
    pub const ALL: [AgentName; 5] = [
        AgentName::Basic,
        AgentName::CodeTranslation,
        AgentName::TraceLearning,
        AgentName::Reference,
        AgentName::External,
    ];

    /// The command-line spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            AgentName::Basic => "basic",
            AgentName::CodeTranslation => "code-translation",
            AgentName::TraceLearning => "trace-learning",
            AgentName::Reference => "reference",
            AgentName::External => "external",
        }
    }

    /// Parses the command-line spelling.
    pub fn parse(text: &str) -> Option<AgentName> {
        AgentName::ALL.into_iter().find(|name| name.as_str() == text)
    }

    /// Which of the task's prompt files the agent reads (`None` for agents without a model call).
    pub fn task_prompt_kind(self) -> Option<AgentKind> {
        match self {
            AgentName::Basic => Some(AgentKind::Basic),
            AgentName::CodeTranslation => Some(AgentKind::CodeTranslation),
            AgentName::TraceLearning => Some(AgentKind::TraceLearning),
            AgentName::Reference | AgentName::External => None,
        }
    }

    /// Whether the agent calls a model.
    pub fn calls_model(self) -> bool {
        self.task_prompt_kind().is_some()
    }
}
