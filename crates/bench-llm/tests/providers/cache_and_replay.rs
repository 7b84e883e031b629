//! The layers around the network: the on-disk response cache, call recording with key redaction, offline replay
//! from a recording, and settings from a models file reaching the wire.

use std::sync::Arc;

use bench_llm::{
    CallRecorder, ChatMessage, ChatRole, Client, ClientConfig, ModelSettingsFile,
    ModelSettingsTable, NetworkConfig, NetworkProvider, Provider, ProviderEnvironment,
    ProviderErrorKind, ReplayProvider, ResponseCache, ResponseSource, UreqTransport,
};

use crate::fake_server::{FakeServer, ScriptedReply};
use crate::support::{
    build_client, environment_for_server, fixed_clock, load_wire_case, test_price_table,
    test_retry_policy, ScratchDirectory, TestClientOptions, VirtualTime, TEST_KEYS,
};

#[test]
fn cache_serves_repeated_requests_without_the_network() {
    let scratch_directory = ScratchDirectory::new("cache");
    let wire_case = load_wire_case("anthropic_success");
    let server = FakeServer::start(vec![wire_case.scripted_reply(), wire_case.scripted_reply()]);
    let mut options = TestClientOptions::with_attempts(1);
    options.response_cache = Some(ResponseCache::new(scratch_directory.path.join("cache")));
    let client = build_client(&server.base_url, &VirtualTime::default(), options);

    let request = wire_case.request();
    let first = client.complete(&request).expect("first call");
    let second = client.complete(&request).expect("second call");
    let mut other_epoch_request = request.clone();
    other_epoch_request.cache_discriminator = Some("epoch-1".to_owned());
    let other_epoch = client.complete(&other_epoch_request).expect("other epoch");
    let captured_requests = server.finish();

    assert_eq!(captured_requests.len(), 2, "the repeated request is served from the cache");
    assert_eq!((first.source, first.attempts), (ResponseSource::Network, 1));
    assert_eq!((second.source, second.attempts), (ResponseSource::Cache, 0));
    assert_eq!(other_epoch.source, ResponseSource::Network);
    assert_eq!(second.text, first.text);
    assert_eq!(second.usage, first.usage);
    assert_eq!(second.cost_usd, first.cost_usd);
    assert_eq!(second.request_hash, first.request_hash);
    assert_ne!(other_epoch.request_hash, first.request_hash);

    // A corrupted entry is a miss, not an error.
    let entry_path =
        ResponseCache::new(scratch_directory.path.join("cache")).entry_path(&first.request_hash);
    std::fs::write(&entry_path, "{ not json").expect("corrupt the entry");
    assert!(ResponseCache::new(scratch_directory.path.join("cache"))
        .load(&first.request_hash)
        .is_none());
}

#[test]
fn recording_redacts_keys_and_replays_offline() {
    let scratch_directory = ScratchDirectory::new("record");
    let recording_path = scratch_directory.path.join("calls.jsonl");
    let wire_case = load_wire_case("openai_success");
    let key_echo = ScriptedReply::json(
        401,
        &serde_json::json!({"error": {
            "message": format!("Incorrect API key provided: {}", TEST_KEYS[0].1),
            "type": "invalid_request_error"
        }}),
    );
    let server = FakeServer::start(vec![wire_case.scripted_reply(), key_echo]);
    let environment = environment_for_server(&server.base_url);
    let mut options = TestClientOptions::with_attempts(1);
    options.call_recorder = Some(Arc::new(
        CallRecorder::append_to(&recording_path, environment.secret_values())
            .expect("open recording"),
    ));
    let client = build_client(&server.base_url, &VirtualTime::default(), options);

    let recorded_request = wire_case.request();
    let live_response = client.complete(&recorded_request).expect("live call");
    let mut failing_request = recorded_request.clone();
    failing_request
        .messages
        .push(ChatMessage { role: ChatRole::User, content: "Again.".to_owned() });
    let live_error = client.complete(&failing_request).expect_err("401");
    server.finish();

    assert_eq!(live_error.kind, ProviderErrorKind::AuthenticationFailed);
    assert!(live_error.message.contains("[REDACTED]"), "{}", live_error.message);
    let recording_text = std::fs::read_to_string(&recording_path).expect("read recording");
    assert_eq!(recording_text.lines().count(), 2);
    for (_, test_key) in TEST_KEYS {
        assert!(!recording_text.contains(test_key), "key leaked into the recording");
    }
    let first_record: serde_json::Value =
        serde_json::from_str(recording_text.lines().next().unwrap_or("")).expect("record is JSON");
    let response_record = &first_record["outcome"]["response"];
    assert_eq!(response_record["usage"]["input_tokens"], 1200);
    assert_eq!(response_record["wire_exchange"]["request_body"]["model"], "gpt-5");
    assert!(first_record["elapsed_ms"].is_u64());
    assert_eq!(first_record["started_at_unix_ms"], 784_111_777_000u64);

    // Replay: no server at all, same answers for recorded requests, a clear miss otherwise.
    let replay = ReplayProvider::from_jsonl_file(&recording_path).expect("load recording");
    assert_eq!(replay.recorded_request_count(), 1);
    let replay_client = Client::new(
        ClientConfig {
            model_settings: ModelSettingsTable::empty(),
            price_table: test_price_table(),
            response_cache: None,
            call_recorder: None,
            clock: fixed_clock(),
        },
        Arc::new(replay),
    );
    let replayed = replay_client.complete(&recorded_request).expect("replayed");
    assert_eq!(replayed.source, ResponseSource::Replay);
    assert_eq!(replayed.text, live_response.text);
    assert_eq!(replayed.usage, live_response.usage);
    assert_eq!(replayed.cost_usd, live_response.cost_usd);
    let miss =
        replay_client.complete(&failing_request).expect_err("failed calls are not replayable");
    assert_eq!(miss.kind, ProviderErrorKind::ReplayMiss);
    assert!(miss.message.starts_with("no recorded response for request "), "{}", miss.message);
}

#[test]
fn replay_rejects_a_corrupt_recording_with_the_line_number() {
    let error =
        ReplayProvider::from_jsonl_text("\n{\"format_version\": 1}\n").expect_err("corrupt");
    assert_eq!(error.kind, ProviderErrorKind::InvalidConfiguration);
    assert!(
        error.message.starts_with("invalid call recording, line 2: missing field"),
        "{}",
        error.message
    );
}

#[test]
fn models_file_settings_reach_the_wire() {
    let wire_case = load_wire_case("ollama_success");
    let server = FakeServer::start(vec![wire_case.scripted_reply()]);
    let models_file = ModelSettingsFile::parse(&format!(
        r#"
        [default]
        max_output_tokens = 1000

        [models."ollama/*"]
        base_url = "{}/v1"
        temperature = 0.25
        "#,
        server.base_url
    ))
    .expect("models file");
    let model_settings = ModelSettingsTable::builtin().with_layer(models_file);
    let virtual_time = VirtualTime::default();
    let network = NetworkProvider::new(NetworkConfig {
        environment: ProviderEnvironment::from_variables(Default::default()),
        model_settings: model_settings.clone(),
        retry_policy: test_retry_policy(1),
        default_request_timeout: std::time::Duration::from_secs(5),
        max_in_flight_per_provider: 1,
        transport: Arc::new(UreqTransport::new(None).expect("transport")),
        sleeper: virtual_time.sleeper(),
        clock: fixed_clock(),
    });
    let client = Client::new(
        ClientConfig {
            model_settings,
            price_table: test_price_table(),
            response_cache: None,
            call_recorder: None,
            clock: fixed_clock(),
        },
        Arc::new(network),
    );
    let mut request = wire_case.request();
    request.settings.temperature = Some(0.5);
    let prepared = client.prepare_request(&request);
    let response = client.complete(&request).expect("call");
    let captured_requests = server.finish();

    assert_eq!(prepared.settings.temperature, Some(0.5), "explicit request settings win");
    assert_eq!(
        prepared.settings.max_output_tokens,
        Some(1000),
        "user default overrides the built-in default"
    );
    assert_eq!(response.request_hash, bench_llm::request_hash(&prepared));
    let sent_body: serde_json::Value =
        serde_json::from_slice(&captured_requests[0].body).expect("JSON body");
    assert_eq!(sent_body["temperature"], 0.5);
    assert_eq!(sent_body["max_tokens"], 1000);
    assert_eq!(captured_requests[0].path, "/v1/chat/completions");
}
