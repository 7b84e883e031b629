//! A content-addressed response cache on disk: one JSON file per request hash, in a directory the caller chooses,
//! so re-running a command does not pay twice and cache directories can be copied between machines.
//!
//! Layout: `<directory>/<first two hex digits>/<request hash>.json`. Files are written to a temporary name and
//! renamed, so concurrent writers and crashes never leave half-written entries. Unreadable or mismatching entries
//! count as misses. There is no expiry; delete the directory (or single files) to invalidate.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{ProviderError, ProviderErrorKind};
use crate::request::{ChatRequest, ChatResponse};

/// The cache entry format version; entries with another version are misses.
pub const CACHE_FORMAT_VERSION: u32 = 1;

/// A response cache rooted at a directory.
#[derive(Debug)]
pub struct ResponseCache {
    directory: PathBuf,
    temporary_file_counter: AtomicU64,
}

#[derive(serde::Serialize, serde::Deserialize)]
struct CacheEntry {
    format_version: u32,
    request: ChatRequest,
    response: ChatResponse,
}

impl ResponseCache {
    /// A cache in `directory` (created on first store).
    pub fn new(directory: impl Into<PathBuf>) -> ResponseCache {
        ResponseCache { directory: directory.into(), temporary_file_counter: AtomicU64::new(0) }
    }

    /// The cache directory.
    pub fn directory(&self) -> &Path {
        &self.directory
    }

    /// Where the entry for `request_hash` lives.
    pub fn entry_path(&self, request_hash: &str) -> PathBuf {
        let shard = request_hash.get(..2).unwrap_or("xx");
        self.directory.join(shard).join(format!("{request_hash}.json"))
    }

    /// The cached response for `request_hash`, if a valid entry exists.
    pub fn load(&self, request_hash: &str) -> Option<ChatResponse> {
        let entry_text = std::fs::read_to_string(self.entry_path(request_hash)).ok()?;
        let entry: CacheEntry = serde_json::from_str(&entry_text).ok()?;
        let entry_is_valid = entry.format_version == CACHE_FORMAT_VERSION
            && entry.response.request_hash == request_hash
            && crate::request::request_hash(&entry.request) == request_hash;
        entry_is_valid.then_some(entry.response)
    }

    /// Stores `response` for `request` (whose hash must be `response.request_hash`).
    pub fn store(
        &self,
        request: &ChatRequest,
        response: &ChatResponse,
    ) -> Result<(), ProviderError> {
        let entry_path = self.entry_path(&response.request_hash);
        let storage_error = |what: &str, io_error: std::io::Error| {
            ProviderError::new(
                ProviderErrorKind::StorageFailed,
                format!("cannot {what} response cache entry {}: {io_error}", entry_path.display()),
            )
        };
        let entry = CacheEntry {
            format_version: CACHE_FORMAT_VERSION,
            request: request.clone(),
            response: response.clone(),
        };
        let entry_text = serde_json::to_string_pretty(&entry)
            .map_err(|json_error| storage_error("encode", std::io::Error::other(json_error)))?;
        if let Some(parent_directory) = entry_path.parent() {
            std::fs::create_dir_all(parent_directory)
                .map_err(|io_error| storage_error("create directory for", io_error))?;
        }
        let temporary_path = entry_path.with_extension(format!(
            "tmp-{}-{}",
            std::process::id(),
            self.temporary_file_counter.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&temporary_path, entry_text)
            .map_err(|io_error| storage_error("write", io_error))?;
        std::fs::rename(&temporary_path, &entry_path).map_err(|io_error| {
            let _ = std::fs::remove_file(&temporary_path);
            storage_error("rename", io_error)
        })
    }
}
