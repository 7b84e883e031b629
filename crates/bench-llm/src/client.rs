//! The front door: [`Client`] fills settings from the models file, serves the response cache, calls a backend
//! [`Provider`] (live network or replay), prices the usage, and records the call.

use std::sync::Arc;
use std::time::{Instant, UNIX_EPOCH};

use crate::cache::ResponseCache;
use crate::error::ProviderError;
use crate::model_settings::ModelSettingsTable;
use crate::pricing::PriceTable;
use crate::recording::{CallOutcome, CallRecord, CallRecorder, CALL_RECORD_FORMAT_VERSION};
use crate::request::{request_hash, ChatRequest, ChatResponse, ResponseSource};
use crate::retry::Clock;

/// Anything that answers chat requests: [`crate::NetworkProvider`], [`crate::ReplayProvider`], a test fake, or a
/// [`Client`] itself.
pub trait Provider: Send + Sync {
    /// Answers one request. Implementations never panic on provider data.
    fn complete(&self, request: &ChatRequest) -> Result<ChatResponse, ProviderError>;
}

/// How the [`Client`] treats requests and responses around the backend.
pub struct ClientConfig {
    /// Fills unset generation settings.
    pub model_settings: ModelSettingsTable,
    /// Prices usage.
    pub price_table: PriceTable,
    /// Serves and stores responses by request hash, if set.
    pub response_cache: Option<ResponseCache>,
    /// Records every call, if set.
    pub call_recorder: Option<Arc<CallRecorder>>,
    /// Timestamps call records.
    pub clock: Clock,
}

/// Cache, pricing and recording around a backend provider. Shareable between threads.
///
/// A failure to write the call record or the cache entry is returned as
/// [`crate::ProviderErrorKind::StorageFailed`] even when the provider call itself succeeded, because the run could
/// then no longer be reproduced; the record is written before the cache entry, so a successful response is never
/// lost from the recording because of a cache problem.
pub struct Client {
    config: ClientConfig,
    backend: Arc<dyn Provider>,
}

impl Client {
    /// A client over `backend`.
    pub fn new(config: ClientConfig, backend: Arc<dyn Provider>) -> Client {
        Client { config, backend }
    }

    /// The request as it will be sent and hashed: unset settings filled from the models file.
    pub fn prepare_request(&self, request: &ChatRequest) -> ChatRequest {
        self.config.model_settings.fill_request(request)
    }

    /// The price table in use (for recording its hash with results).
    pub fn price_table(&self) -> &PriceTable {
        &self.config.price_table
    }
}

impl Provider for Client {
    fn complete(&self, request: &ChatRequest) -> Result<ChatResponse, ProviderError> {
        let started_at_unix_ms = u64::try_from(
            (self.config.clock)()
                .duration_since(UNIX_EPOCH)
                .map(|since_epoch| since_epoch.as_millis())
                .unwrap_or(0),
        )
        .unwrap_or(u64::MAX);
        let started_at = Instant::now();
        let prepared_request = self.prepare_request(request);
        let hash = request_hash(&prepared_request);

        let cached_response = self
            .config
            .response_cache
            .as_ref()
            .and_then(|response_cache| response_cache.load(&hash));
        let result = match cached_response {
            Some(mut response) => {
                response.source = ResponseSource::Cache;
                response.attempts = 0;
                response.elapsed = started_at.elapsed();
                Ok(response)
            }
            None => self.backend.complete(&prepared_request),
        };
        let result = result.map(|mut response| {
            response.request_hash = hash.clone();
            response.cost_usd = response.usage.and_then(|usage| {
                self.config.price_table.cost_usd(&prepared_request.model, &usage)
            });
            response
        });

        if let Some(call_recorder) = &self.config.call_recorder {
            let outcome = match &result {
                Ok(response) => CallOutcome::Response(Box::new(response.clone())),
                Err(error) => CallOutcome::Error(error.clone()),
            };
            call_recorder.record(&CallRecord {
                format_version: CALL_RECORD_FORMAT_VERSION,
                request_hash: hash.clone(),
                request: prepared_request.clone(),
                outcome,
                started_at_unix_ms,
                elapsed_ms: u64::try_from(started_at.elapsed().as_millis()).unwrap_or(u64::MAX),
            })?;
        }
        let response = result?;
        if let Some(response_cache) = &self.config.response_cache {
            if response.source != ResponseSource::Cache {
                response_cache.store(&prepared_request, &response)?;
            }
        }
        Ok(response)
    }
}
