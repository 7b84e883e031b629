//! Character-level clean-up of a reply before it is split into blocks (byte order mark, carriage
//! returns, non-breaking spaces), and the JSON reading of replies that answer with an object such as
//! `{"specification": "...", "configuration": "..."}`.

use super::cfg_extraction::{block_looks_like_cfg, names_a_behaviour_spec};
use super::markdown_blocks::{NumberedLine, ReplySegment};
use super::module_extraction::module_header_name;
use super::SanitisationNote;

/// Removes a byte order mark, turns CRLF and lone CR into LF and U+00A0 into a space; notes each.
pub(crate) fn normalise_reply_text(reply: &str) -> (String, Vec<SanitisationNote>) {
    let mut notes = Vec::new();
    let mut text = reply;
    if let Some(rest) = text.strip_prefix('\u{feff}') {
        notes.push(SanitisationNote::ByteOrderMarkRemoved);
        text = rest;
    }
    let carriage_returns = text.matches('\r').count();
    let mut normalised = if carriage_returns > 0 {
        notes.push(SanitisationNote::LineEndingsNormalised { carriage_returns });
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text.to_owned()
    };
    let non_breaking_spaces = normalised.matches('\u{a0}').count();
    if non_breaking_spaces > 0 {
        notes.push(SanitisationNote::NonBreakingSpacesReplaced { count: non_breaking_spaces });
        normalised = normalised.replace('\u{a0}', " ");
    }
    (normalised, notes)
}

/// Modules and cfgs found in a JSON reading of the reply.
#[derive(Debug, Default)]
pub(crate) struct JsonCandidates {
    /// `(field path, text)` of string fields holding a module header.
    pub(crate) modules: Vec<(String, String)>,
    /// `(field path, text)` of string fields that read as a cfg.
    pub(crate) cfgs: Vec<(String, String)>,
    /// The reply lines the JSON text occupies (fence lines included).
    pub(crate) source_lines: Vec<usize>,
    /// The fenced block holding the JSON, if it was in one.
    pub(crate) block_index: Option<usize>,
}

/// Depth to which nested objects are searched for string fields.
const MAX_JSON_FIELD_DEPTH: usize = 4;

fn collect_string_fields(
    value: &serde_json::Value,
    path: &str,
    depth: usize,
    found: &mut Vec<(String, String)>,
) {
    if depth > MAX_JSON_FIELD_DEPTH {
        return;
    }
    match value {
        serde_json::Value::String(text) => found.push((path.to_owned(), text.clone())),
        serde_json::Value::Object(map) => {
            for (key, field) in map {
                let child_path =
                    if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                collect_string_fields(field, &child_path, depth + 1, found);
            }
        }
        serde_json::Value::Array(items) => {
            for (item_idx, item) in items.iter().enumerate() {
                collect_string_fields(item, &format!("{path}[{item_idx}]"), depth + 1, found);
            }
        }
        _ => {}
    }
}

fn numbered_lines(text: &str) -> Vec<NumberedLine> {
    text.split('\n')
        .map(|line| NumberedLine { number: usize::MAX, text: line.to_owned() })
        .collect()
}

/// Reads the reply as JSON when it is one object, or when a block is tagged `json`; the first
/// reading that yields a module wins.
pub(crate) fn json_candidates(text: &str, segments: &[ReplySegment]) -> JsonCandidates {
    let mut readings: Vec<(String, Vec<usize>, Option<usize>)> = Vec::new();
    let trimmed = text.trim();
    if trimmed.starts_with('{') && trimmed.ends_with('}') {
        readings.push((trimmed.to_owned(), (0..text.split('\n').count()).collect(), None));
    }
    for segment in segments {
        if let ReplySegment::Fenced(block) = segment {
            if block.language_tag == "json" {
                let json_text = block
                    .lines
                    .iter()
                    .map(|line| line.text.as_str())
                    .collect::<Vec<_>>()
                    .join("\n");
                let mut source_lines: Vec<usize> =
                    block.lines.iter().map(|line| line.number).collect();
                source_lines.push(block.opening_line);
                source_lines.extend(block.closing_line);
                source_lines.sort_unstable();
                readings.push((json_text, source_lines, Some(block.block_index)));
            }
        }
    }
    for (json_text, source_lines, block_index) in readings {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&json_text) else {
            continue;
        };
        let mut fields = Vec::new();
        collect_string_fields(&value, "", 0, &mut fields);
        let mut candidates =
            JsonCandidates { source_lines, block_index, ..JsonCandidates::default() };
        for (path, field_text) in fields {
            let field_text = field_text.replace("\r\n", "\n");
            let lines = numbered_lines(&field_text);
            if lines.iter().any(|line| module_header_name(&line.text).is_some()) {
                candidates.modules.push((path, field_text));
            } else if block_looks_like_cfg(&lines) && names_a_behaviour_spec(&lines) {
                candidates.cfgs.push((path, field_text));
            }
        }
        if !candidates.modules.is_empty() {
            return candidates;
        }
    }
    JsonCandidates::default()
}
