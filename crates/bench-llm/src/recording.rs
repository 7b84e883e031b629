//! Record and replay: every call is appended to a JSONL file (request, response or error, usage, cost, timing,
//! keys redacted), and [`ReplayProvider`] serves responses from such a file by request hash, so a run can be
//! re-scored or reproduced offline without a single provider call.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use crate::client::Provider;
use crate::environment::redact_secrets;
use crate::error::{ProviderError, ProviderErrorKind};
use crate::request::{request_hash, ChatRequest, ChatResponse, ResponseSource};

/// The call record format version.
pub const CALL_RECORD_FORMAT_VERSION: u32 = 1;

/// One line of a call recording.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CallRecord {
    /// [`CALL_RECORD_FORMAT_VERSION`].
    pub format_version: u32,
    /// The request hash, the replay key.
    pub request_hash: String,
    /// The request after filling settings from the models file.
    pub request: ChatRequest,
    /// What came back.
    pub outcome: CallOutcome,
    /// When the call started, in milliseconds since the Unix epoch.
    pub started_at_unix_ms: u64,
    /// How long the call took, in milliseconds, retries and queueing included.
    pub elapsed_ms: u64,
}

/// The result of a recorded call.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallOutcome {
    /// The call succeeded; includes usage, cost and the raw wire exchange.
    Response(Box<ChatResponse>),
    /// The call failed.
    Error(ProviderError),
}

/// Appends [`CallRecord`]s to a JSONL file, one flushed line per call, safe to share between threads.
#[derive(Debug)]
pub struct CallRecorder {
    path: PathBuf,
    file: Mutex<File>,
    secrets: Vec<String>,
}

impl CallRecorder {
    /// Opens `path` for appending (creating it and its directory). Every occurrence of any of `secrets` (normally
    /// [`crate::ProviderEnvironment::secret_values`]) is replaced with `[REDACTED]` before a line is written.
    pub fn append_to(
        path: impl Into<PathBuf>,
        secrets: Vec<String>,
    ) -> Result<CallRecorder, ProviderError> {
        let path = path.into();
        if let Some(parent_directory) =
            path.parent().filter(|parent| !parent.as_os_str().is_empty())
        {
            std::fs::create_dir_all(parent_directory)
                .map_err(|io_error| recording_error(&path, &io_error))?;
        }
        let file = File::options()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|io_error| recording_error(&path, &io_error))?;
        Ok(CallRecorder { path, file: Mutex::new(file), secrets })
    }

    /// Appends one record as a line and flushes it.
    pub fn record(&self, call_record: &CallRecord) -> Result<(), ProviderError> {
        let line = serde_json::to_string(call_record).map_err(|json_error| {
            ProviderError::new(
                ProviderErrorKind::StorageFailed,
                format!("cannot encode call record: {json_error}"),
            )
        })?;
        let mut line = redact_secrets(&line, &self.secrets);
        line.push('\n');
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        file.write_all(line.as_bytes())
            .and_then(|()| file.flush())
            .map_err(|io_error| recording_error(&self.path, &io_error))
    }

    /// The recording file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

fn recording_error(path: &Path, io_error: &std::io::Error) -> ProviderError {
    ProviderError::new(
        ProviderErrorKind::StorageFailed,
        format!("cannot write call recording {}: {io_error}", path.display()),
    )
}

/// Serves recorded responses by request hash; a request that was not recorded is a [`ProviderErrorKind::ReplayMiss`].
#[derive(Debug)]
pub struct ReplayProvider {
    responses_by_hash: BTreeMap<String, ChatResponse>,
}

impl ReplayProvider {
    /// Loads a recording; for a hash recorded several times the last successful response wins. Recorded errors
    /// are skipped, so failed calls are misses.
    pub fn from_jsonl_text(recording_text: &str) -> Result<ReplayProvider, ProviderError> {
        let mut responses_by_hash = BTreeMap::new();
        for (line_idx, line) in recording_text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let call_record: CallRecord = serde_json::from_str(line).map_err(|json_error| {
                ProviderError::new(
                    ProviderErrorKind::InvalidConfiguration,
                    format!("invalid call recording, line {}: {json_error}", line_idx + 1),
                )
            })?;
            if let CallOutcome::Response(response) = call_record.outcome {
                responses_by_hash.insert(call_record.request_hash, *response);
            }
        }
        Ok(ReplayProvider { responses_by_hash })
    }

    /// Loads a recording file.
    pub fn from_jsonl_file(path: &Path) -> Result<ReplayProvider, ProviderError> {
        let recording_text = std::fs::read_to_string(path).map_err(|io_error| {
            ProviderError::new(
                ProviderErrorKind::InvalidConfiguration,
                format!("cannot read call recording {}: {io_error}", path.display()),
            )
        })?;
        ReplayProvider::from_jsonl_text(&recording_text)
    }

    /// How many distinct requests can be replayed.
    pub fn recorded_request_count(&self) -> usize {
        self.responses_by_hash.len()
    }
}

impl Provider for ReplayProvider {
    fn complete(&self, request: &ChatRequest) -> Result<ChatResponse, ProviderError> {
        let hash = request_hash(request);
        let Some(recorded) = self.responses_by_hash.get(&hash) else {
            return Err(ProviderError::new(
                ProviderErrorKind::ReplayMiss,
                format!(
                    "no recorded response for request {hash} to `{}`; the prompt, settings or models file differ \
                     from the recorded run, or the call failed when it was recorded",
                    request.model
                ),
            ));
        };
        let mut response = recorded.clone();
        response.source = ResponseSource::Replay;
        response.attempts = 0;
        Ok(response)
    }
}
