//! The HTTP boundary: one blocking JSON POST with a hard timeout. [`UreqTransport`] is the real implementation
//! (ureq with rustls); everything above it works on status codes, headers and bytes.

use std::fmt;
use std::time::Duration;

use crate::error::{ProviderError, ProviderErrorKind};

/// One POST to send.
pub struct HttpPost {
    /// Full URL.
    pub url: String,
    /// Header names and values; values may hold keys, so `Debug` prints names only.
    pub headers: Vec<(String, String)>,
    /// The JSON body.
    pub body: Vec<u8>,
    /// The deadline for the whole exchange: connect, send, and read the full response.
    pub timeout: Duration,
}

/// A response of any status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpReply {
    /// HTTP status code.
    pub status: u16,
    /// Header names in lowercase, with values.
    pub headers: Vec<(String, String)>,
    /// The full body.
    pub body: Vec<u8>,
}

/// Why no response arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportFailure {
    /// The deadline passed.
    Timeout(String),
    /// Connecting failed, or the connection broke or closed before a full response.
    Connection(String),
    /// The request could not be sent as given (bad URL, response too large, ...). Not retryable.
    Invalid(String),
}

/// Sends one HTTP POST and waits for the complete response.
pub trait HttpTransport: Send + Sync {
    /// Sends `post`; any status code is a successful exchange.
    fn post(&self, post: &HttpPost) -> Result<HttpReply, TransportFailure>;
}

/// The largest response body accepted, far above any real completion.
pub const MAX_RESPONSE_BODY_BYTES: u64 = 64 * 1024 * 1024;

/// The real transport, built on a ureq agent (connection pooling, rustls with webpki roots).
pub struct UreqTransport {
    agent: ureq::Agent,
}

impl UreqTransport {
    /// A transport that connects directly, or through `proxy_url` (e.g. the caller's `HTTPS_PROXY`) when given.
    pub fn new(proxy_url: Option<&str>) -> Result<UreqTransport, ProviderError> {
        let proxy = match proxy_url {
            Some(proxy_url) => Some(ureq::Proxy::new(proxy_url).map_err(|proxy_error| {
                ProviderError::new(
                    ProviderErrorKind::InvalidConfiguration,
                    format!("invalid proxy URL: {proxy_error}"),
                )
            })?),
            None => None,
        };
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .proxy(proxy)
            .timeout_connect(Some(Duration::from_secs(30)))
            .user_agent(concat!("sysmobench-rs/bench-llm ", env!("CARGO_PKG_VERSION")))
            .build();
        Ok(UreqTransport { agent: config.into() })
    }
}

impl HttpTransport for UreqTransport {
    fn post(&self, post: &HttpPost) -> Result<HttpReply, TransportFailure> {
        let mut request_builder =
            self.agent.post(&post.url).config().timeout_global(Some(post.timeout)).build();
        for (header_name, header_value) in &post.headers {
            request_builder = request_builder.header(header_name, header_value);
        }
        let response = request_builder.send(&post.body[..]).map_err(classify_ureq_error)?;
        let status = response.status().as_u16();
        let headers = response
            .headers()
            .iter()
            .filter_map(|(name, value)| {
                Some((name.as_str().to_ascii_lowercase(), value.to_str().ok()?.to_owned()))
            })
            .collect();
        let body = response
            .into_body()
            .with_config()
            .limit(MAX_RESPONSE_BODY_BYTES)
            .read_to_vec()
            .map_err(classify_ureq_error)?;
        Ok(HttpReply { status, headers, body })
    }
}

fn classify_ureq_error(ureq_error: ureq::Error) -> TransportFailure {
    let description = ureq_error.to_string();
    match ureq_error {
        ureq::Error::Timeout(_) => TransportFailure::Timeout(description),
        ureq::Error::Io(io_error)
            if matches!(
                io_error.kind(),
                std::io::ErrorKind::TimedOut | std::io::ErrorKind::WouldBlock
            ) =>
        {
            TransportFailure::Timeout(description)
        }
        ureq::Error::BadUri(_)
        | ureq::Error::Http(_)
        | ureq::Error::InvalidProxyUrl
        | ureq::Error::BodyExceedsLimit(_)
        | ureq::Error::RequireHttpsOnly(_) => TransportFailure::Invalid(description),
        _ => TransportFailure::Connection(description),
    }
}

impl fmt::Debug for HttpPost {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let header_names: Vec<&str> = self.headers.iter().map(|(name, _)| name.as_str()).collect();
        formatter
            .debug_struct("HttpPost")
            .field("url", &self.url)
            .field("header_names", &header_names)
            .field("body_bytes", &self.body.len())
            .field("timeout", &self.timeout)
            .finish()
    }
}

impl HttpReply {
    /// The first value of a header, by lowercase name.
    pub fn header(&self, lowercase_name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(name, _)| name == lowercase_name)
            .map(|(_, value)| value.as_str())
    }
}
