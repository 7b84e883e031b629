//! Splits a reply into prose and fenced code blocks, after CommonMark's fence rules but lenient
//! where models are sloppy: a fence may be indented by any amount (list items), may use backticks
//! or tildes, and an unclosed fence runs to the end of the reply (a truncated answer).

/// One line of the normalised reply, with its 0-based number in the reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NumberedLine {
    pub(crate) number: usize,
    pub(crate) text: String,
}

/// A fenced code block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FencedBlock {
    /// 0-based index among the reply's fenced blocks.
    pub(crate) block_index: usize,
    /// The first word of the info string, lowercased (`tla`, `cfg`, `` for none).
    pub(crate) language_tag: String,
    /// The line number of the opening fence.
    pub(crate) opening_line: usize,
    /// The line number of the closing fence, `None` when the block runs to the end of the reply.
    pub(crate) closing_line: Option<usize>,
    /// How many columns of indentation were removed from content lines (the fence's indentation).
    pub(crate) dedented_columns: usize,
    /// The content, dedented.
    pub(crate) lines: Vec<NumberedLine>,
}

/// A run of lines outside any fence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ProseRun {
    pub(crate) lines: Vec<NumberedLine>,
}

/// A piece of a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ReplySegment {
    Prose(ProseRun),
    Fenced(FencedBlock),
}

struct OpeningFence {
    fence_char: char,
    fence_length: usize,
    indentation: usize,
    language_tag: String,
}

fn leading_whitespace_columns(line: &str) -> usize {
    line.chars().take_while(|c| *c == ' ' || *c == '\t').count()
}

fn parse_opening_fence(line: &str) -> Option<OpeningFence> {
    let indentation = leading_whitespace_columns(line);
    let rest: String = line.chars().skip(indentation).collect();
    let fence_char = rest.chars().next()?;
    if fence_char != '`' && fence_char != '~' {
        return None;
    }
    let fence_length = rest.chars().take_while(|c| *c == fence_char).count();
    if fence_length < 3 {
        return None;
    }
    let info: String = rest.chars().skip(fence_length).collect();
    // CommonMark: the info string of a backtick fence contains no backtick. `` ```tla``` `` on one
    // line is an inline span, not a fence.
    if fence_char == '`' && info.contains('`') {
        return None;
    }
    let language_tag = info
        .split(|c: char| c.is_whitespace() || c == '{' || c == ',')
        .find(|word| !word.is_empty())
        .unwrap_or("")
        .to_lowercase();
    Some(OpeningFence { fence_char, fence_length, indentation, language_tag })
}

fn is_closing_fence(line: &str, opening: &OpeningFence) -> bool {
    let trimmed = line.trim();
    let run_length = trimmed.chars().take_while(|c| *c == opening.fence_char).count();
    run_length >= opening.fence_length && trimmed.chars().count() == run_length
}

/// Removes up to `columns` leading spaces or tabs, as CommonMark does for an indented fence.
fn dedent_line(line: &str, columns: usize) -> (String, bool) {
    let removable = leading_whitespace_columns(line).min(columns);
    (line.chars().skip(removable).collect(), removable > 0)
}

/// Splits normalised reply text (LF line endings) into segments.
pub(crate) fn split_reply_into_segments(text: &str) -> Vec<ReplySegment> {
    let mut segments = Vec::new();
    let mut prose_lines: Vec<NumberedLine> = Vec::new();
    let all_lines: Vec<&str> = text.split('\n').collect();
    let mut line_idx = 0;
    let mut block_count = 0;
    while line_idx < all_lines.len() {
        let line = all_lines[line_idx];
        let Some(opening) = parse_opening_fence(line) else {
            prose_lines.push(NumberedLine { number: line_idx, text: line.to_owned() });
            line_idx += 1;
            continue;
        };
        if !prose_lines.is_empty() {
            segments
                .push(ReplySegment::Prose(ProseRun { lines: std::mem::take(&mut prose_lines) }));
        }
        let opening_line = line_idx;
        let mut content = Vec::new();
        let mut closing_line = None;
        let mut any_dedented = false;
        line_idx += 1;
        while line_idx < all_lines.len() {
            let content_line = all_lines[line_idx];
            if is_closing_fence(content_line, &opening) {
                closing_line = Some(line_idx);
                line_idx += 1;
                break;
            }
            let (dedented, was_dedented) = dedent_line(content_line, opening.indentation);
            any_dedented |= was_dedented;
            content.push(NumberedLine { number: line_idx, text: dedented });
            line_idx += 1;
        }
        // A reply whose text ends with a newline has an empty last "line"; it is not content.
        if closing_line.is_none() {
            while content.last().is_some_and(|line| line.text.trim().is_empty()) {
                content.pop();
            }
        }
        segments.push(ReplySegment::Fenced(FencedBlock {
            block_index: block_count,
            language_tag: opening.language_tag,
            opening_line,
            closing_line,
            dedented_columns: if any_dedented { opening.indentation } else { 0 },
            lines: content,
        }));
        block_count += 1;
    }
    if !prose_lines.is_empty() {
        segments.push(ReplySegment::Prose(ProseRun { lines: prose_lines }));
    }
    segments
}

/// Whether a fence's language tag says TLA+.
pub(crate) fn is_module_language_tag(tag: &str) -> bool {
    matches!(tag, "tla" | "tla+" | "tlaplus" | "tla-plus" | "tla_plus" | "pluscal")
}

/// Whether a fence's language tag says TLC configuration.
pub(crate) fn is_cfg_language_tag(tag: &str) -> bool {
    matches!(
        tag,
        "cfg" | "tlc" | "config" | "conf" | "tla-cfg" | "tlacfg" | "tlc-cfg" | "ini" | "properties"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn describe(segments: &[ReplySegment]) -> String {
        let mut out = String::new();
        for segment in segments {
            match segment {
                ReplySegment::Prose(run) => {
                    out.push_str(&format!("prose {} lines\n", run.lines.len()))
                }
                ReplySegment::Fenced(block) => out.push_str(&format!(
                    "block #{} tag={:?} lines {}..{:?} dedent={} content={:?}\n",
                    block.block_index,
                    block.language_tag,
                    block.opening_line,
                    block.closing_line,
                    block.dedented_columns,
                    block.lines.iter().map(|line| line.text.as_str()).collect::<Vec<_>>(),
                )),
            }
        }
        out
    }

    #[test]
    fn fences_of_every_shape() {
        let text = "intro\n```TLA+ title\na\n```\n  ~~~~\n  b\n   c\n  ~~~~~\n````\nx\n```\n````\n```tla```\n```cfg\nz\n";
        expect_test::expect![[r#"
            prose 1 lines
            block #0 tag="tla+" lines 1..Some(3) dedent=0 content=["a"]
            block #1 tag="" lines 4..Some(7) dedent=2 content=["b", " c"]
            block #2 tag="" lines 8..Some(11) dedent=0 content=["x", "```"]
            prose 1 lines
            block #3 tag="cfg" lines 13..None dedent=0 content=["z"]
        "#]]
        .assert_eq(&describe(&split_reply_into_segments(text)));
    }
}
