//! The live provider: resolves the endpoint, sends the request over HTTP with a timeout, classifies the outcome,
//! and retries transient failures under the [`RetryPolicy`], holding a per-provider concurrency slot only while a
//! request is actually in flight.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::client::Provider;
use crate::concurrency::ConcurrencyLimiter;
use crate::endpoint::{resolve_endpoint, ResolvedEndpoint};
use crate::environment::{redact_secrets, ProviderEnvironment};
use crate::error::{ProviderError, ProviderErrorKind};
use crate::model_name::WireFormat;
use crate::model_settings::ModelSettingsTable;
use crate::request::{request_hash, ChatRequest, ChatResponse, ResponseSource, WireExchange};
use crate::retry::{parse_retry_after, Clock, RetryPolicy, Sleeper};
use crate::transport::{HttpPost, HttpReply, HttpTransport, TransportFailure};
use crate::wire;

/// Everything the live provider needs; no defaults, so every run states its choices.
#[derive(Clone)]
pub struct NetworkConfig {
    /// Keys and base URLs.
    pub environment: ProviderEnvironment,
    /// Per-model base URL, key variable and timeout overrides.
    pub model_settings: ModelSettingsTable,
    /// Retry behaviour.
    pub retry_policy: RetryPolicy,
    /// Per-attempt timeout for models without `request_timeout_seconds`.
    pub default_request_timeout: Duration,
    /// In-flight requests allowed per provider (`openai`, `anthropic`, `openai-api/<server>`, ...).
    pub max_in_flight_per_provider: usize,
    /// The HTTP implementation, normally [`crate::UreqTransport`].
    pub transport: Arc<dyn HttpTransport>,
    /// How to wait between attempts.
    pub sleeper: Sleeper,
    /// The wall clock, for `Retry-After` dates.
    pub clock: Clock,
}

/// Calls real provider APIs.
pub struct NetworkProvider {
    config: NetworkConfig,
    limiters: Mutex<BTreeMap<String, Arc<ConcurrencyLimiter>>>,
}

/// The outcome of one HTTP attempt that did not succeed.
struct AttemptFailure {
    error: ProviderError,
    retry_after: Option<Duration>,
}

impl NetworkProvider {
    /// A provider with the given configuration.
    pub fn new(config: NetworkConfig) -> NetworkProvider {
        NetworkProvider { config, limiters: Mutex::new(BTreeMap::new()) }
    }

    /// The concurrency limiter shared by all models of one provider, by prefix (`openai`, `openai-api/<server>`).
    pub fn limiter_for_provider(&self, provider_prefix: &str) -> Arc<ConcurrencyLimiter> {
        let mut limiters = self.limiters.lock().unwrap_or_else(PoisonError::into_inner);
        let limiter = limiters.entry(provider_prefix.to_owned()).or_insert_with(|| {
            Arc::new(ConcurrencyLimiter::new(self.config.max_in_flight_per_provider))
        });
        Arc::clone(limiter)
    }

    fn attempt_once(
        &self,
        endpoint: &ResolvedEndpoint,
        wire_format: WireFormat,
        body_bytes: &[u8],
        timeout: Duration,
        limiter: &ConcurrencyLimiter,
    ) -> Result<(wire::ParsedCompletion, serde_json::Value), AttemptFailure> {
        let post = HttpPost {
            url: endpoint.url.clone(),
            headers: endpoint.headers.clone(),
            body: body_bytes.to_vec(),
            timeout,
        };
        let transport_result = {
            let _permit = limiter.acquire();
            self.config.transport.post(&post)
        };
        let reply = transport_result.map_err(|transport_failure| {
            let (kind, description) = match transport_failure {
                TransportFailure::Timeout(description) => (ProviderErrorKind::Timeout, description),
                TransportFailure::Connection(description) => {
                    (ProviderErrorKind::Connection, description)
                }
                TransportFailure::Invalid(description) => {
                    (ProviderErrorKind::InvalidConfiguration, description)
                }
            };
            let message = match kind {
                ProviderErrorKind::Timeout => {
                    format!("no complete reply within {timeout:?} ({description})")
                }
                _ => description,
            };
            AttemptFailure { error: ProviderError::new(kind, message), retry_after: None }
        })?;
        if (200..300).contains(&reply.status) {
            return match wire::parse_success_body(wire_format, &reply.body) {
                Ok(parsed) => {
                    let response_body =
                        serde_json::from_slice(&reply.body).unwrap_or(serde_json::Value::Null);
                    Ok((parsed, response_body))
                }
                Err(mut error) => {
                    error.http_status = Some(reply.status);
                    Err(AttemptFailure { error, retry_after: None })
                }
            };
        }
        Err(self.classify_error_reply(&reply))
    }

    fn classify_error_reply(&self, reply: &HttpReply) -> AttemptFailure {
        let kind = match reply.status {
            429 => ProviderErrorKind::RateLimited,
            408 => ProviderErrorKind::Timeout,
            401 | 403 => ProviderErrorKind::AuthenticationFailed,
            400..=499 => ProviderErrorKind::RequestRejected,
            500..=599 => ProviderErrorKind::ServerError,
            _ => ProviderErrorKind::MalformedResponse,
        };
        let provider_message = wire::error_message_from_body(&reply.body).unwrap_or_else(|| {
            let body_text = String::from_utf8_lossy(&reply.body);
            let snippet: String = body_text.trim().chars().take(300).collect();
            if snippet.is_empty() {
                "empty body".to_owned()
            } else {
                snippet
            }
        });
        let retry_after = reply
            .header("retry-after-ms")
            .and_then(|milliseconds| milliseconds.trim().parse::<f64>().ok())
            .filter(|milliseconds| milliseconds.is_finite() && *milliseconds >= 0.0)
            .map(|milliseconds| Duration::from_secs_f64(milliseconds.min(86_400_000.0) / 1000.0))
            .or_else(|| {
                let now = (self.config.clock)();
                reply
                    .header("retry-after")
                    .and_then(|header_value| parse_retry_after(header_value, now))
            });
        // Gemini answers an invalid key with 400 rather than 401.
        let kind = if reply.status == 400 && provider_message.contains("API key not valid") {
            ProviderErrorKind::AuthenticationFailed
        } else {
            kind
        };
        let mut error =
            ProviderError::new(kind, format!("HTTP {}: {provider_message}", reply.status));
        error.http_status = Some(reply.status);
        AttemptFailure { error, retry_after }
    }
}

impl Provider for NetworkProvider {
    fn complete(&self, request: &ChatRequest) -> Result<ChatResponse, ProviderError> {
        let started_at = Instant::now();
        let model_settings = self.config.model_settings.resolve(&request.model);
        let endpoint = resolve_endpoint(&request.model, &model_settings, &self.config.environment)?;
        let secrets: Vec<String> = endpoint
            .api_key
            .iter()
            .map(|api_key| api_key.expose_secret().to_owned())
            .chain(self.config.environment.secret_values())
            .collect();
        let timeout =
            model_settings.request_timeout().unwrap_or(self.config.default_request_timeout);
        let wire_format = request.model.provider_family().wire_format();
        let request_body = wire::build_request_body(request);
        let body_bytes = serde_json::to_vec(&request_body).map_err(|json_error| {
            ProviderError::new(
                ProviderErrorKind::InvalidConfiguration,
                format!("cannot encode request: {json_error}"),
            )
        })?;
        let hash = request_hash(request);
        let limiter = self.limiter_for_provider(&request.model.provider_family().prefix());
        let policy = &self.config.retry_policy;
        let mut total_wait = Duration::ZERO;
        let mut attempt: u32 = 0;
        loop {
            attempt += 1;
            let failure =
                match self.attempt_once(&endpoint, wire_format, &body_bytes, timeout, &limiter) {
                    Ok((parsed, response_body)) => {
                        return Ok(ChatResponse {
                            text: parsed.text,
                            usage: parsed.usage,
                            cost_usd: None,
                            finish_reason: parsed.finish_reason,
                            provider_model_version: parsed.provider_model_version,
                            request_hash: hash,
                            source: ResponseSource::Network,
                            attempts: attempt,
                            elapsed: started_at.elapsed(),
                            wire_exchange: Some(WireExchange {
                                url: redact_secrets(&endpoint.url, &secrets),
                                request_body,
                                response_body,
                            }),
                        });
                    }
                    Err(failure) => failure,
                };
            let mut error = failure.error;
            error.message =
                redact_secrets(&format!("{}: {}", request.model, error.message), &secrets);
            error.attempts = attempt;
            if !error.is_retryable() {
                return Err(error);
            }
            if attempt >= policy.max_attempts.max(1) {
                error.retries_exhausted = true;
                return Err(error);
            }
            let wait = policy.wait_before_retry(attempt, failure.retry_after, &hash);
            if total_wait + wait > policy.max_total_wait {
                error.retries_exhausted = true;
                error.message.push_str(&format!(
                    "; next wait of {:.1}s would exceed the retry wait budget of {:.1}s",
                    wait.as_secs_f64(),
                    policy.max_total_wait.as_secs_f64()
                ));
                return Err(error);
            }
            (self.config.sleeper)(wait);
            total_wait += wait;
        }
    }
}
