//! Extracts the TLA+ module and the TLC cfg from a model's reply, and records precisely what was
//! changed on the way.
//!
//! We ask for one ```` ```tla ```` block and one ```` ```cfg ```` block. Replies deviate: prose
//! around the blocks, no fences, untagged or mislabelled fences, several drafts, the cfg pasted after
//! the module's `====`, a cfg written as bare lines in prose, JSON objects, Windows line endings,
//! truncated replies with an unclosed fence, another module name. The sanitiser takes what a careful
//! person would take, never edits the TLA+ text itself (except the header's name when the caller asks
//! for it), and lists every decision as a [`SanitisationNote`]. A reply in exactly the requested
//! shape yields no notes.
//!
//! Choosing among several module candidates: a module with the expected name beats one without, a
//! module with its `====` end line beats a truncated one, and among equals the last one wins (models
//! put the final version last). For the cfg: a block tagged `cfg` beats an untagged block whose text
//! reads as a cfg, which beats cfg lines after the module's end line, which beat cfg lines inferred
//! from prose; a cfg naming `SPECIFICATION` or `INIT`/`NEXT` beats one that does not; then the last
//! wins.
//!
//! The sanitiser never panics, whatever the reply (see the robustness tests).

mod cfg_extraction;
mod markdown_blocks;
mod module_extraction;
mod reply_normalisation;

use std::collections::BTreeSet;

use self::cfg_extraction::{block_looks_like_cfg, infer_cfg_runs, names_a_behaviour_spec};
use self::markdown_blocks::{
    is_cfg_language_tag, is_module_language_tag, split_reply_into_segments, FencedBlock,
    NumberedLine, ReplySegment,
};
use self::module_extraction::{find_module_spans, module_header_name, rename_module_header};
use self::reply_normalisation::{json_candidates, normalise_reply_text, JsonCandidates};

/// What the caller expects of the module.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SanitiseOptions {
    /// The module name the task requires.
    pub expected_module_name: String,
    /// Rewrite the header to the expected name when the module has another one. Off by default:
    /// a wrong name is the model's mistake and is scored as such.
    #[serde(default)]
    pub rename_module_to_expected: bool,
}

/// The module and cfg found in a reply.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SanitisedReply {
    /// The name on the chosen module's header (after renaming, if asked).
    pub module_name: Option<String>,
    /// The chosen module, ending with one newline; `None` when the reply holds no module.
    pub module_text: Option<String>,
    /// The chosen cfg, ending with one newline; `None` when the reply holds none.
    pub cfg_text: Option<String>,
    /// What was changed or decided, in order.
    pub notes: Vec<SanitisationNote>,
}

/// One thing the sanitiser changed or decided. Line numbers are 1-based lines of the reply.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "note", rename_all = "kebab-case")]
pub enum SanitisationNote {
    /// A byte order mark at the start was removed.
    ByteOrderMarkRemoved,
    /// Carriage returns were removed or turned into line feeds.
    LineEndingsNormalised {
        /// How many carriage returns.
        carriage_returns: usize,
    },
    /// Non-breaking spaces (U+00A0) were turned into plain spaces.
    NonBreakingSpacesReplaced {
        /// How many.
        count: usize,
    },
    /// No TLA+ module header was found.
    ModuleNotFound,
    /// The module was found in prose, outside any fenced block.
    ModuleOutsideFence {
        /// The line of its header.
        header_line: usize,
    },
    /// The module was in a fenced block not tagged as TLA+.
    ModuleInBlockTagged {
        /// The block's tag (empty for none).
        tag: String,
    },
    /// The module was a string field of a JSON object.
    ModuleFromJsonField {
        /// The field's path, e.g. `specification`.
        field: String,
    },
    /// Several modules were found; one was chosen.
    SeveralModuleCandidates {
        /// How many.
        candidates: usize,
        /// Which one (1-based, in reply order).
        chosen: usize,
    },
    /// A fenced block was never closed (a truncated reply); it ran to the end.
    UnclosedFence {
        /// The line of its opening fence.
        opening_line: usize,
    },
    /// The block holding the module or cfg was indented; that indentation was removed.
    BlockDedented {
        /// Columns removed.
        columns: usize,
    },
    /// The module has no `====` end line; it was taken up to its last non-blank line.
    ModuleEndMissing,
    /// The module's name is not the expected one (kept as is).
    ModuleNameDiffers {
        /// The task's module name.
        expected: String,
        /// The name in the reply.
        found: String,
    },
    /// The module's header was rewritten to the expected name, as the caller asked.
    ModuleRenamed {
        /// The name in the reply.
        from: String,
        /// The new name.
        to: String,
    },
    /// No cfg was found.
    CfgNotFound,
    /// The cfg was a fenced block not tagged `cfg` (untagged or mislabelled) that reads as a cfg.
    CfgInBlockTagged {
        /// The block's tag (empty for none).
        tag: String,
    },
    /// The cfg was found after the module's end line, in the same block or text.
    CfgAfterModuleEnd,
    /// The cfg was inferred from keyword lines (`SPECIFICATION`, `INIT`, ...) in prose.
    CfgInferredFromProse {
        /// The first line taken.
        first_line: usize,
    },
    /// The cfg was a string field of a JSON object.
    CfgFromJsonField {
        /// The field's path.
        field: String,
    },
    /// Several cfgs were found; one was chosen.
    SeveralCfgCandidates {
        /// How many.
        candidates: usize,
        /// Which one (1-based, in reply order).
        chosen: usize,
    },
    /// Fenced blocks that contributed nothing were ignored.
    OtherBlocksIgnored {
        /// How many.
        blocks: usize,
    },
    /// Non-blank lines of the reply were not taken (prose, other blocks, text around the module).
    TextDropped {
        /// How many non-blank lines.
        non_blank_lines: usize,
    },
}

impl SanitisationNote {
    /// Whether the note is about the cfg (as opposed to the module or the whole reply).
    pub fn is_about_cfg(&self) -> bool {
        matches!(
            self,
            SanitisationNote::CfgNotFound
                | SanitisationNote::CfgInBlockTagged { .. }
                | SanitisationNote::CfgAfterModuleEnd
                | SanitisationNote::CfgInferredFromProse { .. }
                | SanitisationNote::CfgFromJsonField { .. }
                | SanitisationNote::SeveralCfgCandidates { .. }
        )
    }
}

/// The TLA+ fragment in a code translation reply: the text of every fenced block tagged as TLA+
/// or untagged, joined by blank lines; the whole reply, trimmed, when it has no such block.
/// Fragments are not checked on their own, so nothing is noted.
pub fn extract_fragment(reply: &str) -> String {
    let (text, _) = normalise_reply_text(reply);
    let blocks: Vec<String> = split_reply_into_segments(&text)
        .into_iter()
        .filter_map(|segment| match segment {
            ReplySegment::Fenced(block)
                if block.language_tag.is_empty() || is_module_language_tag(&block.language_tag) =>
            {
                Some(texts_of(trim_blank_edges(&block.lines)).join("\n"))
            }
            _ => None,
        })
        .filter(|block_text| !block_text.is_empty())
        .collect();
    if blocks.is_empty() {
        text.trim().to_owned()
    } else {
        blocks.join("\n\n")
    }
}

/// Where a candidate came from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum CandidateOrigin {
    Fence { block_index: usize, tag: String },
    Prose,
    AfterModuleEnd,
    JsonField { field: String },
}

/// What the notes need to know of the block a candidate came from (cheap to copy, unlike the
/// block's lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BlockSummary {
    block_index: usize,
    opening_line: usize,
    closing_line: Option<usize>,
    dedented_columns: usize,
}

impl BlockSummary {
    fn of(block: &FencedBlock) -> BlockSummary {
        BlockSummary {
            block_index: block.block_index,
            opening_line: block.opening_line,
            closing_line: block.closing_line,
            dedented_columns: block.dedented_columns,
        }
    }

    fn delimiter_lines(self) -> impl Iterator<Item = usize> {
        std::iter::once(self.opening_line).chain(self.closing_line)
    }
}

#[derive(Clone, Debug)]
struct ModuleCandidate {
    origin: CandidateOrigin,
    module_name: String,
    has_end_line: bool,
    header_line: usize,
    lines: Vec<String>,
    /// Reply lines this candidate accounts for.
    consumed_lines: Vec<usize>,
    /// Lines after the end line in the same block or prose run, where a cfg may hide.
    trailing_lines: Vec<NumberedLine>,
    block: Option<BlockSummary>,
    position: usize,
}

#[derive(Clone, Debug)]
struct CfgCandidate {
    origin: CandidateOrigin,
    /// Higher is preferred: 3 tagged block, 2 untagged block or JSON, 1 after the module, 0 prose.
    origin_rank: u8,
    names_behaviour: bool,
    lines: Vec<String>,
    consumed_lines: Vec<usize>,
    block: Option<BlockSummary>,
    position: usize,
}

fn joined_text(lines: &[String]) -> String {
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

fn texts_of(lines: &[NumberedLine]) -> Vec<String> {
    lines.iter().map(|line| line.text.clone()).collect()
}

fn numbers_of(lines: &[NumberedLine]) -> Vec<usize> {
    lines.iter().map(|line| line.number).collect()
}

fn trim_blank_edges(lines: &[NumberedLine]) -> &[NumberedLine] {
    let first = lines.iter().position(|line| !line.text.trim().is_empty());
    let last = lines.iter().rposition(|line| !line.text.trim().is_empty());
    match (first, last) {
        (Some(first), Some(last)) => &lines[first..=last],
        _ => &[],
    }
}

fn module_candidates_in(
    lines: &[NumberedLine],
    origin: &CandidateOrigin,
    block: Option<BlockSummary>,
    next_position: &mut usize,
) -> Vec<ModuleCandidate> {
    let spans = find_module_spans(lines);
    let mut candidates = Vec::new();
    for (span_idx, span) in spans.iter().enumerate() {
        let module_lines = &lines[span.header_idx..=span.last_idx];
        // Trailing text runs to the next module of the same run, if any.
        let trailing_end =
            spans.get(span_idx + 1).map_or(lines.len(), |next_span| next_span.header_idx);
        let trailing_lines = lines[(span.last_idx + 1).min(trailing_end)..trailing_end].to_vec();
        let mut consumed_lines = numbers_of(module_lines);
        if let Some(block) = block {
            consumed_lines.extend(block.delimiter_lines());
        }
        candidates.push(ModuleCandidate {
            origin: origin.clone(),
            module_name: span.module_name.clone(),
            has_end_line: span.has_end_line,
            header_line: lines[span.header_idx].number,
            lines: texts_of(module_lines),
            consumed_lines,
            trailing_lines,
            block,
            position: *next_position,
        });
        *next_position += 1;
    }
    candidates
}

/// Extracts the module and cfg from a model's reply. Never panics.
pub fn sanitise_reply(reply: &str, options: &SanitiseOptions) -> SanitisedReply {
    let (text, mut notes) = normalise_reply_text(reply);
    let segments = split_reply_into_segments(&text);
    let total_lines = text.split('\n').count();

    let mut module_candidates = Vec::new();
    let mut position = 0;
    let mut lines_inside_modules = BTreeSet::new();
    for segment in &segments {
        match segment {
            ReplySegment::Fenced(block) => {
                let origin = CandidateOrigin::Fence {
                    block_index: block.block_index,
                    tag: block.language_tag.clone(),
                };
                module_candidates.extend(module_candidates_in(
                    &block.lines,
                    &origin,
                    Some(BlockSummary::of(block)),
                    &mut position,
                ));
            }
            ReplySegment::Prose(run) => {
                module_candidates.extend(module_candidates_in(
                    &run.lines,
                    &CandidateOrigin::Prose,
                    None,
                    &mut position,
                ));
            }
        }
    }
    let JsonCandidates {
        modules: json_modules,
        cfgs: json_cfgs,
        source_lines: json_lines,
        block_index: json_block_index,
    } = json_candidates(&text, &segments);
    for (field, module_text) in json_modules {
        let numbered: Vec<NumberedLine> = module_text
            .split('\n')
            .map(|line| NumberedLine { number: usize::MAX, text: line.to_owned() })
            .collect();
        for mut candidate in module_candidates_in(
            &numbered,
            &CandidateOrigin::JsonField { field: field.clone() },
            None,
            &mut position,
        ) {
            candidate.header_line = json_lines.first().copied().unwrap_or(0);
            candidate.consumed_lines = json_lines.clone();
            candidate.trailing_lines.clear();
            module_candidates.push(candidate);
        }
    }
    for candidate in &module_candidates {
        lines_inside_modules.extend(candidate.consumed_lines.iter().copied());
    }

    let chosen_module = module_candidates
        .iter()
        .max_by_key(|candidate| {
            (
                candidate.module_name == options.expected_module_name,
                candidate.has_end_line,
                candidate.position,
            )
        })
        .cloned();

    let mut result = SanitisedReply::default();
    let mut consumed_lines: BTreeSet<usize> = BTreeSet::new();
    let mut contributing_blocks: BTreeSet<usize> = BTreeSet::new();
    match &chosen_module {
        None => notes.push(SanitisationNote::ModuleNotFound),
        Some(candidate) => {
            if module_candidates.len() > 1 {
                notes.push(SanitisationNote::SeveralModuleCandidates {
                    candidates: module_candidates.len(),
                    chosen: candidate.position + 1,
                });
            }
            push_origin_notes(&mut notes, &candidate.origin, candidate.header_line, true);
            push_block_notes(&mut notes, candidate.block);
            if !candidate.has_end_line {
                notes.push(SanitisationNote::ModuleEndMissing);
            }
            let mut lines = candidate.lines.clone();
            let mut module_name = candidate.module_name.clone();
            if module_name != options.expected_module_name {
                if options.rename_module_to_expected {
                    if let Some(header) = lines.first_mut() {
                        *header = rename_module_header(header, &options.expected_module_name);
                    }
                    notes.push(SanitisationNote::ModuleRenamed {
                        from: module_name.clone(),
                        to: options.expected_module_name.clone(),
                    });
                    module_name = options.expected_module_name.clone();
                } else {
                    notes.push(SanitisationNote::ModuleNameDiffers {
                        expected: options.expected_module_name.clone(),
                        found: module_name.clone(),
                    });
                }
            }
            result.module_name = Some(module_name);
            result.module_text = Some(joined_text(&lines));
            consumed_lines.extend(candidate.consumed_lines.iter().copied());
            if let Some(block) = &candidate.block {
                contributing_blocks.insert(block.block_index);
            }
            if matches!(candidate.origin, CandidateOrigin::JsonField { .. }) {
                contributing_blocks.extend(json_block_index);
            }
        }
    }

    let cfg_candidates = collect_cfg_candidates(
        &segments,
        chosen_module.as_ref(),
        &lines_inside_modules,
        json_cfgs,
        &json_lines,
    );
    let chosen_cfg = cfg_candidates
        .iter()
        .max_by_key(|candidate| {
            (candidate.origin_rank, candidate.names_behaviour, candidate.position)
        })
        .cloned();
    match &chosen_cfg {
        None => notes.push(SanitisationNote::CfgNotFound),
        Some(candidate) => {
            if cfg_candidates.len() > 1 {
                let chosen = cfg_candidates
                    .iter()
                    .filter(|other| other.position <= candidate.position)
                    .count();
                notes.push(SanitisationNote::SeveralCfgCandidates {
                    candidates: cfg_candidates.len(),
                    chosen,
                });
            }
            let first_line = candidate.consumed_lines.first().copied().unwrap_or(0);
            push_origin_notes(&mut notes, &candidate.origin, first_line, false);
            let module_block = chosen_module.as_ref().and_then(|module| module.block);
            let same_block_as_module = module_block.is_some() && module_block == candidate.block;
            if !same_block_as_module {
                push_block_notes(&mut notes, candidate.block);
            }
            result.cfg_text = Some(joined_text(&candidate.lines));
            consumed_lines.extend(candidate.consumed_lines.iter().copied());
            if let Some(block) = &candidate.block {
                contributing_blocks.insert(block.block_index);
            }
            if matches!(candidate.origin, CandidateOrigin::JsonField { .. }) {
                contributing_blocks.extend(json_block_index);
            }
        }
    }

    let block_count =
        segments.iter().filter(|segment| matches!(segment, ReplySegment::Fenced(_))).count();
    let ignored_blocks = block_count.saturating_sub(contributing_blocks.len());
    if ignored_blocks > 0 {
        notes.push(SanitisationNote::OtherBlocksIgnored { blocks: ignored_blocks });
    }
    let all_lines: Vec<&str> = text.split('\n').collect();
    let dropped_lines = (0..total_lines)
        .filter(|line_no| !consumed_lines.contains(line_no))
        .filter(|line_no| all_lines.get(*line_no).is_some_and(|line| !line.trim().is_empty()))
        .count();
    if dropped_lines > 0 && result.module_text.is_some() {
        notes.push(SanitisationNote::TextDropped { non_blank_lines: dropped_lines });
    }
    result.notes = notes;
    result
}

fn push_origin_notes(
    notes: &mut Vec<SanitisationNote>,
    origin: &CandidateOrigin,
    first_line: usize,
    is_module: bool,
) {
    match (origin, is_module) {
        (CandidateOrigin::Fence { tag, .. }, true) if !is_module_language_tag(tag) => {
            notes.push(SanitisationNote::ModuleInBlockTagged { tag: tag.clone() })
        }
        (CandidateOrigin::Fence { tag, .. }, false) if !is_cfg_language_tag(tag) => {
            notes.push(SanitisationNote::CfgInBlockTagged { tag: tag.clone() })
        }
        (CandidateOrigin::Fence { .. }, _) => {}
        (CandidateOrigin::Prose, true) => {
            notes.push(SanitisationNote::ModuleOutsideFence { header_line: first_line + 1 })
        }
        (CandidateOrigin::Prose, false) => {
            notes.push(SanitisationNote::CfgInferredFromProse { first_line: first_line + 1 })
        }
        (CandidateOrigin::AfterModuleEnd, _) => notes.push(SanitisationNote::CfgAfterModuleEnd),
        (CandidateOrigin::JsonField { field }, true) => {
            notes.push(SanitisationNote::ModuleFromJsonField { field: field.clone() })
        }
        (CandidateOrigin::JsonField { field }, false) => {
            notes.push(SanitisationNote::CfgFromJsonField { field: field.clone() })
        }
    }
}

fn push_block_notes(notes: &mut Vec<SanitisationNote>, block: Option<BlockSummary>) {
    let Some(block) = block else { return };
    if block.closing_line.is_none() {
        notes.push(SanitisationNote::UnclosedFence { opening_line: block.opening_line + 1 });
    }
    if block.dedented_columns > 0 {
        notes.push(SanitisationNote::BlockDedented { columns: block.dedented_columns });
    }
}

fn collect_cfg_candidates(
    segments: &[ReplySegment],
    chosen_module: Option<&ModuleCandidate>,
    lines_inside_modules: &BTreeSet<usize>,
    json_cfgs: Vec<(String, String)>,
    json_lines: &[usize],
) -> Vec<CfgCandidate> {
    let mut candidates = Vec::new();
    let mut position = 0;
    let after_module_lines: BTreeSet<usize> = chosen_module
        .map(|module| numbers_of(&module.trailing_lines).into_iter().collect())
        .unwrap_or_default();
    for segment in segments {
        match segment {
            ReplySegment::Fenced(block) => {
                let holds_module =
                    block.lines.iter().any(|line| module_header_name(&line.text).is_some());
                if chosen_module.is_some_and(|module| {
                    module
                        .block
                        .is_some_and(|module_block| module_block.block_index == block.block_index)
                }) {
                    push_after_module_candidate(chosen_module, &mut candidates, &mut position);
                }
                if holds_module || json_lines.contains(&block.opening_line) {
                    continue;
                }
                let content = trim_blank_edges(&block.lines);
                if content.is_empty() {
                    continue;
                }
                let tagged = is_cfg_language_tag(&block.language_tag);
                let names_behaviour = names_a_behaviour_spec(content);
                let reads_as_cfg = tagged || (block_looks_like_cfg(content) && names_behaviour);
                if !reads_as_cfg {
                    continue;
                }
                let mut consumed_lines = numbers_of(content);
                consumed_lines.extend(BlockSummary::of(block).delimiter_lines());
                candidates.push(CfgCandidate {
                    origin: CandidateOrigin::Fence {
                        block_index: block.block_index,
                        tag: block.language_tag.clone(),
                    },
                    origin_rank: if tagged { 3 } else { 2 },
                    names_behaviour,
                    lines: texts_of(content),
                    consumed_lines,
                    block: Some(BlockSummary::of(block)),
                    position,
                });
                position += 1;
            }
            ReplySegment::Prose(run) => {
                if chosen_module.is_some_and(|module| {
                    module.origin == CandidateOrigin::Prose
                        && run.lines.iter().any(|line| line.number == module.header_line)
                }) {
                    push_after_module_candidate(chosen_module, &mut candidates, &mut position);
                }
                let outside_modules: Vec<NumberedLine> = run
                    .lines
                    .iter()
                    .filter(|line| !lines_inside_modules.contains(&line.number))
                    .cloned()
                    .collect();
                for inferred_run in infer_cfg_runs(&outside_modules) {
                    if inferred_run.iter().any(|line| after_module_lines.contains(&line.number)) {
                        continue;
                    }
                    candidates.push(CfgCandidate {
                        origin: CandidateOrigin::Prose,
                        origin_rank: 0,
                        names_behaviour: true,
                        lines: texts_of(&inferred_run),
                        consumed_lines: numbers_of(&inferred_run),
                        block: None,
                        position,
                    });
                    position += 1;
                }
            }
        }
    }
    for (field, cfg_text) in json_cfgs {
        let numbered: Vec<NumberedLine> = cfg_text
            .split('\n')
            .map(|line| NumberedLine { number: usize::MAX, text: line.to_owned() })
            .collect();
        let content = trim_blank_edges(&numbered);
        if content.is_empty() {
            continue;
        }
        candidates.push(CfgCandidate {
            origin: CandidateOrigin::JsonField { field },
            origin_rank: 2,
            names_behaviour: names_a_behaviour_spec(content),
            lines: texts_of(content),
            consumed_lines: json_lines.to_vec(),
            block: None,
            position,
        });
        position += 1;
    }
    candidates
}

fn push_after_module_candidate(
    chosen_module: Option<&ModuleCandidate>,
    candidates: &mut Vec<CfgCandidate>,
    position: &mut usize,
) {
    let Some(module) = chosen_module else { return };
    let Some(run) = infer_cfg_runs(&module.trailing_lines).pop() else { return };
    candidates.push(CfgCandidate {
        origin: CandidateOrigin::AfterModuleEnd,
        origin_rank: 1,
        names_behaviour: true,
        lines: texts_of(&run),
        consumed_lines: numbers_of(&run),
        block: module.block,
        position: *position,
    });
    *position += 1;
}
