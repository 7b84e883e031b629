//! Robustness: the sanitiser, the fragment extractor, the source scanner and every agent are fed
//! many odd inputs generated from a fixed seed (so failures reproduce) and must never panic; the
//! sanitiser's results and the agents' protocol must keep their invariants.

use std::time::Duration;

use bench_agents::{
    extract_fragment, file_outline, fill_template, find_functions, sanitise_reply, Agent,
    AgentCommand, AgentEvent, AgentFailureKind, BasicAgent, CheckerKind, CheckerReport,
    CheckerVerdict, CodeTranslationAgent, ExternalAgent, ModelCallSettings, ReferenceAgent,
    RepairSettings, SanitisationNote, SanitiseOptions, SourceText, TaskBrief, TraceLearningAgent,
    TraceLearningSettings, TraceText, TranslationSettings,
};
use bench_llm::{ChatResponse, ModelName, ProviderError, ProviderErrorKind, ResponseSource};

/// SplitMix64, as in the crate's trace sampling; fixed seeds make every case reproducible.
struct TestRandom(u64);

impl TestRandom {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut mixed = self.0;
        mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        mixed ^ (mixed >> 31)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const REPLY_PIECES: &[&str] = &[
    "```",
    "```tla",
    "```TLA+",
    "```cfg",
    "```json",
    "~~~",
    "````",
    "   ```tla",
    "``` tla {.x}",
    "---- MODULE spin ----",
    "---- MODULE Other ----",
    "--- MODULE",
    "------ MODULE x",
    "====",
    "=====",
    "==",
    "EXTENDS Naturals",
    "VARIABLE x",
    "Init == x = 0",
    "Next == x' = x + 1",
    "Spec == Init /\\ [][Next]_x",
    "SPECIFICATION Spec",
    "INIT Init",
    "NEXT Next",
    "CONSTANTS N = 3",
    "INVARIANT TypeOK",
    "INVARIANT is",
    "CHECK_DEADLOCK FALSE",
    "\\* comment",
    "(* comment *)",
    "Here is the model:",
    "",
    " ",
    "\t",
    "\r",
    "\r\n",
    "\u{feff}",
    "\u{a0}",
    "é",
    "🎉",
    "{",
    "}",
    "{\"specification\": \"---- MODULE spin ----\\n====\"}",
    "\"",
    "\\",
    "{{x}}",
    "MODULE",
    "----",
    "`",
    "'",
    "```tla```",
];

fn random_reply(random: &mut TestRandom) -> String {
    let piece_count = random.below(40);
    let mut reply = String::new();
    for _ in 0..piece_count {
        reply.push_str(random.pick(REPLY_PIECES));
        reply.push_str(random.pick(&["\n", "\n", "\n", " ", "", "\r\n", "\n\n"]));
    }
    reply
}

fn check_sanitiser_invariants(reply: &str, options: &SanitiseOptions) {
    let sanitised = sanitise_reply(reply, options);
    assert_eq!(sanitised, sanitise_reply(reply, options), "not deterministic on {reply:?}");
    let has_note = |wanted: &SanitisationNote| sanitised.notes.contains(wanted);
    assert_eq!(
        sanitised.module_text.is_none(),
        has_note(&SanitisationNote::ModuleNotFound),
        "{reply:?}"
    );
    assert_eq!(sanitised.cfg_text.is_none(), has_note(&SanitisationNote::CfgNotFound), "{reply:?}");
    assert_eq!(sanitised.module_text.is_some(), sanitised.module_name.is_some(), "{reply:?}");
    if let Some(module_text) = &sanitised.module_text {
        let header = module_text.lines().next().unwrap_or("");
        assert!(header.trim_start().starts_with("---") && header.contains("MODULE"), "{reply:?}");
        assert!(module_text.ends_with('\n') && !module_text.contains('\r'), "{reply:?}");
        if options.rename_module_to_expected {
            assert_eq!(
                sanitised.module_name.as_deref(),
                Some(options.expected_module_name.as_str())
            );
        }
    }
    if let Some(cfg_text) = &sanitised.cfg_text {
        assert!(cfg_text.ends_with('\n') && !cfg_text.trim().is_empty(), "{reply:?}");
    }
    let _ = extract_fragment(reply);
}

#[test]
fn sanitiser_survives_random_replies() {
    let mut random = TestRandom(2024);
    for case_idx in 0..20_000 {
        let reply = random_reply(&mut random);
        let options = SanitiseOptions {
            expected_module_name: "spin".to_owned(),
            rename_module_to_expected: case_idx % 2 == 0,
        };
        check_sanitiser_invariants(&reply, &options);
    }
}

#[test]
fn sanitiser_survives_pathological_shapes() {
    let options = SanitiseOptions {
        expected_module_name: "spin".to_owned(),
        rename_module_to_expected: true,
    };
    let deep_json = "[".repeat(10_000) + &"]".repeat(10_000);
    let many_fences = "```\n".repeat(5_000);
    let many_headers = "---- MODULE spin ----\n".repeat(2_000);
    let long_line = "x".repeat(200_000);
    let many_modules_in_one_block =
        format!("```tla\n{}```\n", "---- MODULE m ----\nSPECIFICATION Spec\n====\n".repeat(5_000));
    let many_cfg_runs = "SPECIFICATION Spec\n\nprose line here\n".repeat(5_000);
    let nested_json = format!(
        "{{\"a\": {}}}",
        "{\"b\": ".repeat(200) + "\"---- MODULE spin ----\"" + &"}".repeat(200)
    );
    for reply in [
        deep_json,
        many_fences,
        many_headers,
        long_line,
        nested_json,
        "\r".repeat(1000),
        many_modules_in_one_block,
        many_cfg_runs,
    ] {
        check_sanitiser_invariants(&reply, &options);
    }
}

const SOURCE_PIECES: &[&str] = &[
    "fn",
    "func",
    "impl",
    "trait",
    "mod",
    "#[cfg(test)]",
    "{",
    "}",
    "(",
    ")",
    ";",
    "'a",
    "'x'",
    "'\\''",
    "'\\u{1F600}'",
    "\"",
    "\\\"",
    "r#\"",
    "\"#",
    "r\"",
    "b\"",
    "//",
    "/*",
    "*/",
    "\n",
    " ",
    "name",
    "é",
    "`",
    "where",
    "for",
    "<",
    ">",
    "::",
];

#[test]
fn source_scanner_survives_random_text() {
    let mut random = TestRandom(7);
    for case_idx in 0..5_000 {
        let text: String =
            (0..random.below(60)).map(|_| random.pick(SOURCE_PIECES)).collect::<Vec<_>>().join(" ");
        let path = if case_idx % 2 == 0 { "a.rs" } else { "a.go" };
        for function in find_functions(path, &text) {
            assert!(
                function.start <= function.body.0 && function.body.0 < function.body.1,
                "{text:?}"
            );
            assert!(
                function.end <= text.len() && text.is_char_boundary(function.start),
                "{text:?}"
            );
        }
        let _ = file_outline(path, &text);
        let _ = fill_template(&text, &[]);
    }
}

fn reply_event(text: &str) -> AgentEvent {
    AgentEvent::ModelReplied {
        reply: Ok(ChatResponse {
            text: text.to_owned(),
            usage: None,
            cost_usd: None,
            finish_reason: None,
            provider_model_version: None,
            request_hash: "h".to_owned(),
            source: ResponseSource::Replay,
            attempts: 0,
            elapsed: Duration::ZERO,
            wire_exchange: None,
        }),
    }
}

fn random_event(random: &mut TestRandom) -> AgentEvent {
    const GOOD: &str = "```tla\n---- MODULE spin ----\nVARIABLE x\nInit == x = 0\nNext == x' = x\n====\n```\n```cfg\nINIT Init\nNEXT Next\n```";
    const NO_CFG: &str = "---- MODULE spin ----\n====";
    match random.below(7) {
        0 => AgentEvent::Started,
        1 => reply_event(GOOD),
        2 => reply_event(NO_CFG),
        3 => reply_event("no module here"),
        4 => AgentEvent::ModelReplied {
            reply: Err(ProviderError::new(ProviderErrorKind::ServerError, "boom")),
        },
        _ => {
            let what =
                [CheckerKind::Sany, CheckerKind::Tlc, CheckerKind::Simulate][random.below(3)];
            let verdict =
                [CheckerVerdict::Passed, CheckerVerdict::Failed, CheckerVerdict::Unavailable]
                    [random.below(3)];
            AgentEvent::ToolFinished {
                report: CheckerReport { what, verdict, output: "out".to_owned() },
            }
        }
    }
}

fn make_agent(kind: usize, repair_rounds: u32) -> Box<dyn Agent> {
    let brief = TaskBrief {
        task_id: "spin".to_owned(),
        module_name: "spin".to_owned(),
        task_prompt: "Model it.".to_owned(),
    };
    let sources = vec![SourceText {
        path: "a.rs".to_owned(),
        role: "code".to_owned(),
        text: "fn a() { x(); }\nfn b() { y(); }\n".to_owned(),
    }];
    let model = ModelCallSettings::with_defaults(ModelName::parse("openai/gpt-5").unwrap());
    let repair = RepairSettings::with_rounds(repair_rounds);
    let options = SanitiseOptions {
        expected_module_name: "spin".to_owned(),
        rename_module_to_expected: false,
    };
    match kind {
        0 => Box::new(BasicAgent::new(brief, sources, model, repair)),
        1 => Box::new(CodeTranslationAgent::new(
            brief,
            sources,
            TranslationSettings { max_region_chars: 0 },
            model,
            repair,
        )),
        2 => Box::new(TraceLearningAgent::new(
            brief,
            vec![TraceText { name: "t".to_owned(), text: "{}\n".to_owned() }],
            TraceLearningSettings { corpus_size: 1, max_events_per_trace: 10 },
            model,
            repair,
        )),
        3 => Box::new(ReferenceAgent::new(
            "spin".to_owned(),
            "---- MODULE spin ----\n====\n".to_owned(),
            String::new(),
        )),
        4 => {
            Box::new(ExternalAgent::new(options, "---- MODULE spin ----\n====\n".to_owned(), None))
        }
        _ => Box::new(BasicAgent::new(brief, Vec::new(), model, repair)),
    }
}

/// Random event sequences: no panic; once an agent finishes or fails, every later event is refused
/// as a protocol violation; model calls never exceed what the agent's budget allows.
#[test]
fn agents_survive_random_event_sequences() {
    let mut random = TestRandom(99);
    for case_idx in 0..6_000 {
        let kind = case_idx % 6;
        let repair_rounds = (case_idx / 6 % 3) as u32;
        let mut agent = make_agent(kind, repair_rounds);
        let mut terminated = false;
        let mut model_calls = 0;
        let first_event_is_start = random.below(8) != 0;
        for event_idx in 0..14 {
            let event = if event_idx == 0 && first_event_is_start {
                AgentEvent::Started
            } else {
                random_event(&mut random)
            };
            let command = agent.step(event);
            if terminated {
                assert!(
                    matches!(&command, AgentCommand::Fail { failure } if matches!(failure.kind, AgentFailureKind::ProtocolViolation { .. })),
                    "agent {kind} answered after terminating: {command:?}"
                );
                continue;
            }
            match command {
                AgentCommand::CallModel { .. } => model_calls += 1,
                AgentCommand::Finish { .. } | AgentCommand::Fail { .. } => terminated = true,
                AgentCommand::RunChecker { .. } => {}
            }
        }
        let translation_calls = if kind == 1 { 2 } else { 0 };
        assert!(
            model_calls <= translation_calls + 1 + repair_rounds as usize,
            "agent {kind}: {model_calls} calls"
        );
    }
}
