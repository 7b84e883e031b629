//! Scripted transcripts: every folder of `test_data/transcripts` holds `script.json` (an agent
//! configuration and the events the driver feeds it, with replies inline or in files of the folder)
//! and `expected.json`, the commands the agent answered with (`UPDATE_EXPECT=1 cargo test`
//! refreshes them). Multi-line strings are shown as arrays of lines, and the system prompt as
//! `<prompts/system.md>`, so the snapshots stay readable.
//!
//! All cases share one small task (`test_data/transcripts/task/`): module `spin`, a short task
//! prompt, a short Rust source and three short traces.

use std::path::{Path, PathBuf};
use std::time::Duration;

use bench_agents::{
    Agent, AgentCommand, AgentEvent, BasicAgent, CheckerKind, CheckerReport, CheckerVerdict,
    CodeTranslationAgent, ExternalAgent, ModelCallSettings, ReferenceAgent, RepairSettings,
    SanitiseOptions, SourceText, TaskBrief, TraceLearningAgent, TraceLearningSettings, TraceText,
    TranslationSettings, PROMPT_FILES,
};
use bench_llm::{
    request_hash, ChatRequest, ChatResponse, GenerationSettings, ModelName, ProviderError,
    ResponseSource, TokenUsage,
};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Script {
    agent: AgentConfig,
    events: Vec<ScriptedEvent>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentConfig {
    kind: String,
    #[serde(default)]
    repair_rounds: u32,
    checks: Option<Vec<CheckerKind>>,
    max_diagnostics_chars: Option<usize>,
    #[serde(default)]
    rename: bool,
    max_region_chars: Option<usize>,
    max_events_per_trace: Option<usize>,
    spec_file: Option<String>,
    cfg_file: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
enum ScriptedEvent {
    Started,
    Reply(String),
    ReplyFile(String),
    ProviderError(Value),
    Checker { what: CheckerKind, verdict: CheckerVerdict, output: String },
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/transcripts")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn task_brief() -> TaskBrief {
    TaskBrief {
        task_id: "spin".to_owned(),
        module_name: "spin".to_owned(),
        task_prompt: read(&data_dir().join("task/prompt.md")),
    }
}

fn model() -> ModelCallSettings {
    ModelCallSettings {
        model: ModelName::parse("openai/gpt-5").unwrap(),
        generation: GenerationSettings {
            temperature: Some(0.0),
            top_p: None,
            max_output_tokens: Some(8000),
            reasoning_effort: None,
            seed: Some(7),
        },
        cache_discriminator: Some("sample-0".to_owned()),
    }
}

fn build_agent(config: &AgentConfig, case: &Path) -> Box<dyn Agent> {
    let mut repair = RepairSettings::with_rounds(config.repair_rounds);
    if let Some(checks) = &config.checks {
        repair.checks = checks.clone();
    }
    if let Some(max_chars) = config.max_diagnostics_chars {
        repair.max_diagnostics_chars = max_chars;
    }
    repair.rename_module_to_expected = config.rename;
    let sources = vec![SourceText {
        path: "src/sync/spin.rs".to_owned(),
        role: "The spin lock under study.".to_owned(),
        text: read(&data_dir().join("task/spin.rs")),
    }];
    match config.kind.as_str() {
        "basic" => Box::new(BasicAgent::new(task_brief(), sources, model(), repair)),
        "code-translation" => Box::new(CodeTranslationAgent::new(
            task_brief(),
            sources,
            TranslationSettings { max_region_chars: config.max_region_chars.unwrap_or(0) },
            model(),
            repair,
        )),
        "trace-learning" => {
            let traces = ["trace-01.ndjson", "trace-02.ndjson"]
                .iter()
                .map(|name| TraceText {
                    name: (*name).to_owned(),
                    text: read(&data_dir().join("task").join(name)),
                })
                .collect();
            Box::new(TraceLearningAgent::new(
                task_brief(),
                traces,
                TraceLearningSettings {
                    corpus_size: 20,
                    max_events_per_trace: config.max_events_per_trace.unwrap_or(100),
                },
                model(),
                repair,
            ))
        }
        "reference" => Box::new(ReferenceAgent::new(
            "spin".to_owned(),
            read(&data_dir().join("task/reference.tla")),
            "SPECIFICATION Spec\n".to_owned(),
        )),
        "external" => Box::new(ExternalAgent::new(
            SanitiseOptions {
                expected_module_name: "spin".to_owned(),
                rename_module_to_expected: config.rename,
            },
            read(&case.join(config.spec_file.as_deref().unwrap_or("spec.md"))),
            config.cfg_file.as_ref().map(|name| read(&case.join(name))),
        )),
        other => panic!("unknown agent kind {other}"),
    }
}

fn response(text: String, last_request: Option<&ChatRequest>) -> ChatResponse {
    ChatResponse {
        text,
        usage: Some(TokenUsage {
            input_tokens: 1000,
            output_tokens: 200,
            cached_input_tokens: None,
            cache_write_tokens: None,
            reasoning_tokens: None,
        }),
        cost_usd: Some(0.01),
        finish_reason: Some("stop".to_owned()),
        provider_model_version: None,
        request_hash: last_request.map_or_else(|| "no-request".to_owned(), request_hash),
        source: ResponseSource::Replay,
        attempts: 0,
        elapsed: Duration::ZERO,
        wire_exchange: None,
    }
}

/// Multi-line strings become arrays of lines; the system prompt becomes a marker.
fn readable(value: Value) -> Value {
    let system_prompt = PROMPT_FILES.iter().find(|(name, _)| *name == "system.md").unwrap().1;
    match value {
        Value::String(text) if text == system_prompt => {
            Value::String("<prompts/system.md>".to_owned())
        }
        Value::String(text) if text.contains('\n') => {
            Value::Array(text.split('\n').map(|line| Value::String(line.to_owned())).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(readable).collect()),
        Value::Object(map) => {
            Value::Object(map.into_iter().map(|(key, item)| (key, readable(item))).collect())
        }
        other => other,
    }
}

fn run_case(case: &Path) {
    let script: Script = serde_json::from_str(&read(&case.join("script.json")))
        .unwrap_or_else(|error| panic!("{}: {error}", case.display()));
    let mut agent = build_agent(&script.agent, case);
    let mut last_request: Option<ChatRequest> = None;
    let mut steps = Vec::new();
    for scripted in script.events {
        let (label, event) = match scripted {
            ScriptedEvent::Started => ("started".to_owned(), AgentEvent::Started),
            ScriptedEvent::Reply(text) => (
                "model replied".to_owned(),
                AgentEvent::ModelReplied { reply: Ok(response(text, last_request.as_ref())) },
            ),
            ScriptedEvent::ReplyFile(name) => (
                format!("model replied with {name}"),
                AgentEvent::ModelReplied {
                    reply: Ok(response(read(&case.join(&name)), last_request.as_ref())),
                },
            ),
            ScriptedEvent::ProviderError(error) => {
                let error: ProviderError = serde_json::from_value(error).unwrap();
                (
                    format!("provider error {:?}", error.kind),
                    AgentEvent::ModelReplied { reply: Err(error) },
                )
            }
            ScriptedEvent::Checker { what, verdict, output } => (
                format!("{} {verdict:?}", what.display_name()),
                AgentEvent::ToolFinished { report: CheckerReport { what, verdict, output } },
            ),
        };
        let command = agent.step(event);
        if let AgentCommand::CallModel { request } = &command {
            last_request = Some(request.clone());
        }
        steps.push(serde_json::json!({
            "event": label,
            "command": readable(serde_json::to_value(&command).unwrap()),
        }));
    }
    let rendered = serde_json::to_string_pretty(&Value::Array(steps)).unwrap() + "\n";
    expect_test::expect_file![case.join("expected.json")].assert_eq(&rendered);
}

#[test]
fn scripted_transcripts() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("script.json").exists())
        .collect();
    cases.sort();
    assert!(cases.len() >= 15, "only {} transcript cases", cases.len());
    for case in cases {
        run_case(&case);
    }
}
