//! The one error type every provider call returns, classified so callers can tell transient infrastructure
//! trouble (retry later) from configuration mistakes (fix and rerun) without parsing messages.

use std::fmt;

/// A failed provider call or a failed setup step (keys, configuration, cache, recording).
///
/// Messages never contain API keys: everything that could echo one is passed through redaction first.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProviderError {
    /// What went wrong, for programmatic handling.
    pub kind: ProviderErrorKind,
    /// A lowercase message without trailing period that suggests the fix where there is one.
    pub message: String,
    /// The HTTP status of the last attempt, if a response arrived.
    pub http_status: Option<u16>,
    /// How many HTTP attempts were made (0 when the call never reached the network).
    pub attempts: u32,
    /// True when the call failed with a retryable error but the retry policy gave up.
    pub retries_exhausted: bool,
}

/// The classes of provider failure.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProviderErrorKind {
    /// The model name is not `provider/model` with a known provider.
    InvalidModelName,
    /// A required API key is not set in the environment or `.env`.
    MissingApiKey,
    /// A models file, price file, `.env` file or base URL is invalid.
    InvalidConfiguration,
    /// HTTP 429: the provider throttled us. Retryable.
    RateLimited,
    /// HTTP 5xx (and Anthropic's 529 "overloaded"). Retryable.
    ServerError,
    /// The request did not complete within its timeout. Retryable.
    Timeout,
    /// The connection failed or closed without a reply. Retryable.
    Connection,
    /// HTTP 401 or 403: the key is wrong or lacks access to the model.
    AuthenticationFailed,
    /// Any other HTTP 4xx: the request was rejected (unknown model, bad parameter, context too long).
    RequestRejected,
    /// The response body was not the JSON shape this provider documents.
    MalformedResponse,
    /// The response was well formed but contained no text. Retryable, since providers do this transiently.
    EmptyReply,
    /// The response contained no text because the output token limit was used up (e.g. by reasoning); raise
    /// `max_output_tokens`. Not retryable: the same request would fail the same way.
    EmptyReplyAtTokenLimit,
    /// The provider refused to answer for safety reasons.
    ContentBlocked,
    /// Replay mode found no recorded response for this request.
    ReplayMiss,
    /// Reading or writing the response cache or the call recording failed.
    StorageFailed,
}

impl ProviderError {
    /// An error that happened before any HTTP attempt.
    pub fn new(kind: ProviderErrorKind, message: impl Into<String>) -> ProviderError {
        ProviderError {
            kind,
            message: message.into(),
            http_status: None,
            attempts: 0,
            retries_exhausted: false,
        }
    }

    /// Whether trying the same request again later may succeed.
    pub fn is_retryable(&self) -> bool {
        self.kind.is_retryable()
    }
}

impl ProviderErrorKind {
    /// Whether errors of this kind are transient.
    pub fn is_retryable(self) -> bool {
        match self {
            ProviderErrorKind::RateLimited
            | ProviderErrorKind::ServerError
            | ProviderErrorKind::Timeout
            | ProviderErrorKind::Connection
            | ProviderErrorKind::EmptyReply => true,
            ProviderErrorKind::InvalidModelName
            | ProviderErrorKind::MissingApiKey
            | ProviderErrorKind::InvalidConfiguration
            | ProviderErrorKind::AuthenticationFailed
            | ProviderErrorKind::RequestRejected
            | ProviderErrorKind::MalformedResponse
            | ProviderErrorKind::EmptyReplyAtTokenLimit
            | ProviderErrorKind::ContentBlocked
            | ProviderErrorKind::ReplayMiss
            | ProviderErrorKind::StorageFailed => false,
        }
    }
}

impl fmt::Display for ProviderError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.message)?;
        if self.retries_exhausted {
            let plural_suffix = if self.attempts == 1 { "" } else { "s" };
            write!(formatter, " (gave up after {} attempt{plural_suffix})", self.attempts)?;
        }
        Ok(())
    }
}

impl std::error::Error for ProviderError {}
