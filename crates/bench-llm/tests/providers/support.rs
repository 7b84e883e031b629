//! Shared test plumbing: an environment pointing every provider at the fake server, virtual sleep and a fixed
//! clock, a client builder, fixture loading, and a stable text rendering of call outcomes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bench_llm::{
    CallRecorder, ChatMessage, ChatRequest, ChatResponse, ChatRole, Client, ClientConfig, Clock,
    GenerationSettings, ModelName, ModelSettingsTable, NetworkConfig, NetworkProvider, PriceFile,
    PriceTable, ProviderEnvironment, ProviderError, ResponseCache, RetryPolicy, Sleeper,
    UreqTransport,
};

use crate::fake_server::ScriptedReply;

/// Fake keys the tests send; they must never show up in records or error messages.
pub const TEST_KEYS: [(&str, &str); 5] = [
    ("OPENAI_API_KEY", "sk-test-openai-0123456789"),
    ("ANTHROPIC_API_KEY", "sk-ant-test-0123456789"),
    ("GOOGLE_API_KEY", "AIza-test-google-0123456789"),
    ("DEEPSEEK_API_KEY", "sk-test-deepseek-0123456789"),
    ("LOCAL_API_KEY", "local-test-key-0123456789"),
];

/// "Now" for every test: Sun, 06 Nov 1994 08:49:37 GMT.
pub const FIXED_NOW_UNIX_SECONDS: u64 = 784_111_777;

/// Records virtual sleeps instead of sleeping.
#[derive(Clone, Default)]
pub struct VirtualTime {
    pub sleeps: Arc<Mutex<Vec<Duration>>>,
}

impl VirtualTime {
    pub fn sleeper(&self) -> Sleeper {
        let sleeps = Arc::clone(&self.sleeps);
        Arc::new(move |duration| sleeps.lock().expect("sleeps lock").push(duration))
    }

    pub fn recorded_sleeps(&self) -> Vec<Duration> {
        self.sleeps.lock().expect("sleeps lock").clone()
    }
}

pub fn fixed_clock() -> Clock {
    Arc::new(|| UNIX_EPOCH + Duration::from_secs(FIXED_NOW_UNIX_SECONDS))
}

/// Every provider's base URL pointing at `server_base_url`, with the test keys.
pub fn environment_for_server(server_base_url: &str) -> ProviderEnvironment {
    let mut variables: BTreeMap<String, String> =
        TEST_KEYS.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect();
    let with_v1 = format!("{server_base_url}/v1");
    for (name, value) in [
        ("OPENAI_BASE_URL", with_v1.as_str()),
        ("ANTHROPIC_BASE_URL", server_base_url),
        ("GOOGLE_BASE_URL", server_base_url),
        ("DEEPSEEK_BASE_URL", server_base_url),
        ("OLLAMA_BASE_URL", with_v1.as_str()),
        ("VLLM_BASE_URL", with_v1.as_str()),
        ("LOCAL_BASE_URL", with_v1.as_str()),
    ] {
        variables.insert(name.to_owned(), value.to_owned());
    }
    ProviderEnvironment::from_variables(variables)
}

/// A retry policy with small, recognisable numbers.
pub fn test_retry_policy(max_attempts: u32) -> RetryPolicy {
    RetryPolicy {
        max_attempts,
        initial_backoff: Duration::from_secs(2),
        max_backoff: Duration::from_secs(60),
        max_total_wait: Duration::from_secs(120),
        jitter_seed: 1,
    }
}

/// Knobs for [`build_client`] that vary between tests.
pub struct TestClientOptions {
    pub retry_policy: RetryPolicy,
    pub request_timeout: Duration,
    pub response_cache: Option<ResponseCache>,
    pub call_recorder: Option<Arc<CallRecorder>>,
}

impl TestClientOptions {
    pub fn with_attempts(max_attempts: u32) -> TestClientOptions {
        TestClientOptions {
            retry_policy: test_retry_policy(max_attempts),
            request_timeout: Duration::from_secs(5),
            response_cache: None,
            call_recorder: None,
        }
    }
}

/// A live client aimed at the fake server, with an empty models table so fixture settings are sent as written.
pub fn build_client(
    server_base_url: &str,
    virtual_time: &VirtualTime,
    options: TestClientOptions,
) -> Client {
    let network = NetworkProvider::new(NetworkConfig {
        environment: environment_for_server(server_base_url),
        model_settings: ModelSettingsTable::empty(),
        retry_policy: options.retry_policy,
        default_request_timeout: options.request_timeout,
        max_in_flight_per_provider: 4,
        transport: Arc::new(UreqTransport::new(None).expect("transport")),
        sleeper: virtual_time.sleeper(),
        clock: fixed_clock(),
    });
    Client::new(
        ClientConfig {
            model_settings: ModelSettingsTable::empty(),
            price_table: test_price_table(),
            response_cache: options.response_cache,
            call_recorder: options.call_recorder,
            clock: fixed_clock(),
        },
        Arc::new(network),
    )
}

pub fn test_data_directory() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data")
}

pub fn test_price_table() -> PriceTable {
    let price_text = std::fs::read_to_string(test_data_directory().join("prices.toml"))
        .expect("read prices.toml");
    PriceTable::empty().with_layer(PriceFile::parse(&price_text).expect("parse prices.toml"))
}

/// One `test_data/wire/<case>/case.json`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireCase {
    pub model: String,
    #[serde(default)]
    pub settings: Option<GenerationSettings>,
    #[serde(default)]
    pub messages: Option<Vec<ChatMessage>>,
    pub reply: WireCaseReply,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireCaseReply {
    pub status: u16,
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    #[serde(default)]
    pub body: Option<serde_json::Value>,
    #[serde(default)]
    pub body_text: Option<String>,
}

pub fn load_wire_case(case_name: &str) -> WireCase {
    let case_path = test_data_directory().join("wire").join(case_name).join("case.json");
    let case_text = std::fs::read_to_string(&case_path)
        .unwrap_or_else(|error| panic!("{}: {error}", case_path.display()));
    serde_json::from_str(&case_text)
        .unwrap_or_else(|error| panic!("{}: {error}", case_path.display()))
}

impl WireCase {
    pub fn request(&self) -> ChatRequest {
        ChatRequest {
            model: ModelName::parse(&self.model).expect("fixture model name"),
            messages: self.messages.clone().unwrap_or_else(|| {
                vec![
                    ChatMessage { role: ChatRole::System, content: "You write TLA+.".to_owned() },
                    ChatMessage { role: ChatRole::User, content: "Model a mutex.".to_owned() },
                ]
            }),
            settings: self.settings.clone().unwrap_or_else(empty_settings),
            cache_discriminator: None,
        }
    }

    pub fn scripted_reply(&self) -> ScriptedReply {
        let body_text = match (&self.reply.body, &self.reply.body_text) {
            (Some(body), _) => body.to_string(),
            (None, Some(body_text)) => body_text.clone(),
            (None, None) => String::new(),
        };
        let mut scripted_reply = ScriptedReply::text(self.reply.status, &body_text);
        for (name, value) in &self.reply.headers {
            scripted_reply = scripted_reply.with_header(name, value);
        }
        scripted_reply
    }
}

pub fn empty_settings() -> GenerationSettings {
    GenerationSettings {
        temperature: None,
        top_p: None,
        max_output_tokens: None,
        reasoning_effort: None,
        seed: None,
    }
}

/// A stable multi-line rendering of a call outcome for expected-output files.
pub fn render_outcome(result: &Result<ChatResponse, ProviderError>) -> String {
    match result {
        Ok(response) => {
            let cost = match response.cost_usd {
                Some(cost_usd) => format!("{cost_usd:.6}"),
                None => "none".to_owned(),
            };
            format!(
                "ok source={:?} attempts={}\ntext: {:?}\nusage: {:?}\ncost_usd: {cost}\nfinish_reason: {:?}\n\
                 provider_model_version: {:?}\n",
                response.source,
                response.attempts,
                response.text,
                response.usage,
                response.finish_reason,
                response.provider_model_version
            )
        }
        Err(error) => format!(
            "error kind={:?} retryable={} status={:?} attempts={} exhausted={}\nmessage: {error}\n",
            error.kind,
            error.is_retryable(),
            error.http_status,
            error.attempts,
            error.retries_exhausted
        ),
    }
}

/// A fresh scratch directory under the system temp dir; removed by [`ScratchDirectory`]'s drop.
pub struct ScratchDirectory {
    pub path: PathBuf,
}

impl ScratchDirectory {
    pub fn new(label: &str) -> ScratchDirectory {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos =
            SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
        let path = std::env::temp_dir()
            .join(format!("bench-llm-{label}-{}-{unique}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).expect("create scratch directory");
        ScratchDirectory { path }
    }
}

impl Drop for ScratchDirectory {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}
