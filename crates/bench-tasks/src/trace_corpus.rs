//! The manifest of a recorded trace corpus: how it was produced and what it contains.
//!
//! A corpus is a folder of newline-delimited JSON traces plus `manifest.toml`. The manifest records
//! everything needed to regenerate the corpus (source version, harness version, seeds, thread and
//! operation counts) and per-trace content statistics, so a regenerated corpus can be compared
//! with the committed one without byte equality (real threads interleave differently every run).
//!
//! ```toml
//! schema_version = 1
//! format = "ndjson"
//!
//! [generation]
//! command = "sysmobench traces --task spin"
//! source = "crate ostd 0.19.0"
//! harness_version = "1"
//! threads = 3
//! operations_per_thread = 12
//!
//! [[trace]]
//! file = "trace-01.ndjson"
//! seed = 1
//! events = 143
//! contention_events = 7
//! sha256 = "<64 lowercase hex digits>"
//! event_counts = { acquire = 10, release = 10 }
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::content_hashing::is_sha256_hex;

/// The parsed `traces/manifest.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceCorpusManifest {
    pub schema_version: u32,
    /// Always `ndjson`: one JSON object per line.
    pub format: String,
    pub generation: TraceGenerationRecord,
    #[serde(rename = "trace", default)]
    pub traces: Vec<TraceRecord>,
}

/// How the corpus was produced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceGenerationRecord {
    /// The command that regenerates the corpus.
    pub command: String,
    /// The pinned upstream source the harness compiled, as [`crate::SourceProvider::describe`].
    pub source: String,
    pub harness_version: String,
    /// Real OS threads contending on the object.
    pub threads: u32,
    pub operations_per_thread: u32,
}

/// One trace file and its content statistics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraceRecord {
    /// File name inside the corpus folder.
    pub file: String,
    /// The workload seed.
    pub seed: u64,
    /// Number of events (lines).
    pub events: u64,
    /// Events that show contention: spinning, blocking, failed try-operations, overlapping readers.
    pub contention_events: u64,
    pub sha256: String,
    /// Number of events per event kind.
    pub event_counts: BTreeMap<String, u64>,
}

/// The manifest schema version this crate reads and writes.
pub(crate) const TRACE_MANIFEST_SCHEMA_VERSION: u32 = 1;

/// Parses the text of a trace corpus manifest.
pub fn parse_trace_corpus_manifest(text: &str) -> Result<TraceCorpusManifest, String> {
    let manifest: TraceCorpusManifest = toml::from_str(text).map_err(|error| error.to_string())?;
    if manifest.schema_version != TRACE_MANIFEST_SCHEMA_VERSION {
        return Err(format!(
            "schema_version {} is not supported (expected {TRACE_MANIFEST_SCHEMA_VERSION})",
            manifest.schema_version
        ));
    }
    if manifest.format != "ndjson" {
        return Err(format!("format must be `ndjson`, found `{}`", manifest.format));
    }
    for (trace_idx, trace) in manifest.traces.iter().enumerate() {
        if trace.file.contains('/') || trace.file.contains('\\') || trace.file.starts_with('.') {
            return Err(format!(
                "trace[{trace_idx}]: file `{}` must be a plain file name",
                trace.file
            ));
        }
        if !is_sha256_hex(&trace.sha256) {
            return Err(format!(
                "trace[{trace_idx}] `{}`: sha256 must be 64 lowercase hex digits",
                trace.file
            ));
        }
    }
    Ok(manifest)
}

/// Renders a manifest as TOML, in the layout documented above.
pub(crate) fn render_trace_corpus_manifest(manifest: &TraceCorpusManifest) -> String {
    // `toml` renders `event_counts` as a sub-table per trace, which is valid but hard to read;
    // write the file by hand so each trace stays one compact block.
    let mut res = String::new();
    res.push_str(&format!("schema_version = {}\n", manifest.schema_version));
    res.push_str(&format!("format = {}\n\n", toml_string(&manifest.format)));
    let generation = &manifest.generation;
    res.push_str("[generation]\n");
    res.push_str(&format!("command = {}\n", toml_string(&generation.command)));
    res.push_str(&format!("source = {}\n", toml_string(&generation.source)));
    res.push_str(&format!("harness_version = {}\n", toml_string(&generation.harness_version)));
    res.push_str(&format!("threads = {}\n", generation.threads));
    res.push_str(&format!("operations_per_thread = {}\n", generation.operations_per_thread));
    for trace in &manifest.traces {
        res.push_str("\n[[trace]]\n");
        res.push_str(&format!("file = {}\n", toml_string(&trace.file)));
        res.push_str(&format!("seed = {}\n", trace.seed));
        res.push_str(&format!("events = {}\n", trace.events));
        res.push_str(&format!("contention_events = {}\n", trace.contention_events));
        res.push_str(&format!("sha256 = {}\n", toml_string(&trace.sha256)));
        let counts: Vec<String> = trace
            .event_counts
            .iter()
            .map(|(kind, count)| format!("{} = {count}", toml_key(kind)))
            .collect();
        res.push_str(&format!("event_counts = {{ {} }}\n", counts.join(", ")));
    }
    res
}

fn toml_string(text: &str) -> String {
    serde_json::to_string(text).expect("strings always serialise")
}

fn toml_key(text: &str) -> String {
    if !text.is_empty()
        && text.chars().all(|it| it.is_ascii_alphanumeric() || it == '_' || it == '-')
    {
        text.to_owned()
    } else {
        toml_string(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendered_manifest_parses_back() {
        let manifest = TraceCorpusManifest {
            schema_version: TRACE_MANIFEST_SCHEMA_VERSION,
            format: "ndjson".to_owned(),
            generation: TraceGenerationRecord {
                command: "sysmobench traces --task spin".to_owned(),
                source: "crate ostd 0.19.0".to_owned(),
                harness_version: "1".to_owned(),
                threads: 3,
                operations_per_thread: 8,
            },
            traces: vec![TraceRecord {
                file: "trace-01.ndjson".to_owned(),
                seed: 1,
                events: 10,
                contention_events: 2,
                sha256: crate::sha256_hex_of_bytes(b"x"),
                event_counts: BTreeMap::from([
                    ("acquire".to_owned(), 3),
                    ("try lock".to_owned(), 1),
                ]),
            }],
        };
        let text = render_trace_corpus_manifest(&manifest);
        assert_eq!(parse_trace_corpus_manifest(&text).unwrap(), manifest);
    }

    #[test]
    fn rejects_paths_and_bad_hashes() {
        let text = "schema_version = 1\nformat = \"ndjson\"\n[generation]\ncommand = \"c\"\nsource = \"s\"\nharness_version = \"1\"\nthreads = 1\noperations_per_thread = 1\n[[trace]]\nfile = \"../x\"\nseed = 1\nevents = 1\ncontention_events = 0\nsha256 = \"00\"\nevent_counts = {}\n";
        let error = parse_trace_corpus_manifest(text).unwrap_err();
        assert!(error.contains("plain file name"), "{error}");
    }
}
