//! Model providers for the SysMoBench-rs harness, and the only crate in the workspace that talks to the network.
//!
//! A run builds a [`ProviderEnvironment`] once at the edge ([`ProviderEnvironment::from_process_and_dotenv`]),
//! a [`NetworkProvider`] (or a [`ReplayProvider`] to work offline from a recording), and a [`Client`] that adds
//! settings from the models file, the response cache, cost, and call recording:
//!
//! ```no_run
//! use std::sync::Arc;
//! use std::time::Duration;
//! use bench_llm::*;
//!
//! # fn main() -> Result<(), ProviderError> {
//! let environment = ProviderEnvironment::from_process_and_dotenv(
//!     find_dotenv_file(std::path::Path::new(".")).as_deref(),
//! )?;
//! let model_settings = ModelSettingsTable::builtin();
//! let network = NetworkProvider::new(NetworkConfig {
//!     environment: environment.clone(),
//!     model_settings: model_settings.clone(),
//!     retry_policy: RetryPolicy::standard(),
//!     default_request_timeout: Duration::from_secs(600),
//!     max_in_flight_per_provider: 8,
//!     transport: Arc::new(UreqTransport::new(environment.get("HTTPS_PROXY"))?),
//!     sleeper: thread_sleeper(),
//!     clock: system_clock(),
//! });
//! let client = Client::new(
//!     ClientConfig {
//!         model_settings,
//!         price_table: PriceTable::builtin(),
//!         response_cache: Some(ResponseCache::new("runs/cache")),
//!         call_recorder: Some(Arc::new(CallRecorder::append_to("runs/r1/calls.jsonl", environment.secret_values())?)),
//!         clock: system_clock(),
//!     },
//!     Arc::new(network),
//! );
//! let response = client.complete(&ChatRequest {
//!     model: ModelName::parse("anthropic/claude-sonnet-4-5")?,
//!     messages: vec![ChatMessage { role: ChatRole::User, content: "Write a TLA+ spec of a mutex".to_owned() }],
//!     settings: GenerationSettings { temperature: None, top_p: None, max_output_tokens: None, reasoning_effort: None, seed: None },
//!     cache_discriminator: Some("epoch-0".to_owned()),
//! })?;
//! println!("{} ({:?} USD)", response.text, response.cost_usd);
//! # Ok(())
//! # }
//! ```

mod cache;
mod client;
mod concurrency;
mod endpoint;
mod environment;
mod error;
mod model_name;
mod model_settings;
mod network;
mod pricing;
mod recording;
mod request;
mod retry;
mod transport;
mod wire;

pub use crate::cache::{ResponseCache, CACHE_FORMAT_VERSION};
pub use crate::client::{Client, ClientConfig, Provider};
pub use crate::concurrency::{ConcurrencyLimiter, ConcurrencyPermit};
pub use crate::endpoint::{resolve_endpoint, ResolvedEndpoint};
pub use crate::environment::{
    find_dotenv_file, parse_dotenv, redact_secrets, ApiKey, DotenvParseError, ProviderEnvironment,
};
pub use crate::error::{ProviderError, ProviderErrorKind};
pub use crate::model_name::{ModelName, ProviderFamily, WireFormat};
pub use crate::model_settings::{
    ModelSettings, ModelSettingsFile, ModelSettingsTable, BUILTIN_MODELS_TOML,
};
pub use crate::network::{NetworkConfig, NetworkProvider};
pub use crate::pricing::{ModelPrice, PriceFile, PriceTable, BUILTIN_PRICES_TOML};
pub use crate::recording::{
    CallOutcome, CallRecord, CallRecorder, ReplayProvider, CALL_RECORD_FORMAT_VERSION,
};
pub use crate::request::{
    request_hash, write_canonical_json, ChatMessage, ChatRequest, ChatResponse, ChatRole,
    GenerationSettings, ReasoningEffort, ResponseSource, TokenUsage, WireExchange,
    REQUEST_HASH_VERSION,
};
pub use crate::retry::{
    parse_http_date, parse_retry_after, system_clock, thread_sleeper, Clock, RetryPolicy, Sleeper,
};
pub use crate::transport::{
    HttpPost, HttpReply, HttpTransport, TransportFailure, UreqTransport, MAX_RESPONSE_BODY_BYTES,
};
