//! Finds TLA+ modules in a run of lines: a header line `---- MODULE Name ----` (detected leniently:
//! three or more dashes, trailing dashes optional) up to the matching end line `====`, counting
//! nested modules so an inner `====` does not end the outer module.

use super::markdown_blocks::NumberedLine;

/// One module found in a run of lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ModuleSpan {
    /// Index (into the run) of the header line.
    pub(crate) header_idx: usize,
    /// Index (into the run) of the end line, or of the last non-blank line when the module has no
    /// end line.
    pub(crate) last_idx: usize,
    /// Whether an end line `====` closed the module.
    pub(crate) has_end_line: bool,
    /// The name on the header line.
    pub(crate) module_name: String,
}

/// The module name on a header line, if the line is one.
pub(crate) fn module_header_name(line: &str) -> Option<String> {
    let trimmed = line.trim_start();
    let dash_count = trimmed.chars().take_while(|c| *c == '-').count();
    if dash_count < 3 {
        return None;
    }
    let rest = trimmed[dash_count..].trim_start();
    let rest = rest.strip_prefix("MODULE")?;
    if !rest.starts_with(|c: char| c.is_whitespace()) {
        return None;
    }
    let name: String =
        rest.trim_start().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    if name.is_empty() {
        return None;
    }
    Some(name)
}

/// Whether a line ends a module (`====` or longer at the start of the trimmed line).
pub(crate) fn is_module_end_line(line: &str) -> bool {
    line.trim_start().starts_with("====")
}

/// Every top-level module in `lines`, in order.
pub(crate) fn find_module_spans(lines: &[NumberedLine]) -> Vec<ModuleSpan> {
    let mut spans = Vec::new();
    let mut line_idx = 0;
    while line_idx < lines.len() {
        let Some(module_name) = module_header_name(&lines[line_idx].text) else {
            line_idx += 1;
            continue;
        };
        let header_idx = line_idx;
        let mut nesting_depth = 1usize;
        let mut end_idx = None;
        let mut scan_idx = header_idx + 1;
        while scan_idx < lines.len() {
            let text = &lines[scan_idx].text;
            if module_header_name(text).is_some() {
                nesting_depth += 1;
            } else if is_module_end_line(text) {
                nesting_depth -= 1;
                if nesting_depth == 0 {
                    end_idx = Some(scan_idx);
                    break;
                }
            }
            scan_idx += 1;
        }
        match end_idx {
            Some(end_idx) => {
                spans.push(ModuleSpan {
                    header_idx,
                    last_idx: end_idx,
                    has_end_line: true,
                    module_name,
                });
                line_idx = end_idx + 1;
            }
            None => {
                // No end line: the module runs to the last non-blank line. If the run contains
                // an end line for a nested module only, the outer one is still unterminated.
                let last_idx = (header_idx..lines.len())
                    .rev()
                    .find(|idx| !lines[*idx].text.trim().is_empty())
                    .unwrap_or(header_idx);
                spans.push(ModuleSpan { header_idx, last_idx, has_end_line: false, module_name });
                line_idx = lines.len();
            }
        }
    }
    spans
}

/// Replaces the module name on a header line, keeping everything else byte for byte.
pub(crate) fn rename_module_header(header_line: &str, new_name: &str) -> String {
    let Some(old_name) = module_header_name(header_line) else {
        return header_line.to_owned();
    };
    let Some(module_keyword_at) = header_line.find("MODULE") else {
        return header_line.to_owned();
    };
    let after_keyword = &header_line[module_keyword_at + "MODULE".len()..];
    let Some(name_offset) = after_keyword.find(old_name.as_str()) else {
        return header_line.to_owned();
    };
    let name_start = module_keyword_at + "MODULE".len() + name_offset;
    let name_end = name_start + old_name.len();
    format!("{}{}{}", &header_line[..name_start], new_name, &header_line[name_end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(text: &str) -> Vec<NumberedLine> {
        text.split('\n')
            .enumerate()
            .map(|(number, line)| NumberedLine { number, text: line.to_owned() })
            .collect()
    }

    #[test]
    fn header_detection() {
        assert_eq!(module_header_name("---- MODULE spin ----").as_deref(), Some("spin"));
        assert_eq!(module_header_name("  ------------- MODULE A_1 ---").as_deref(), Some("A_1"));
        assert_eq!(module_header_name("--- MODULE x").as_deref(), Some("x"));
        assert_eq!(module_header_name("---- MODULES x ----"), None);
        assert_eq!(module_header_name("-- MODULE x --"), None);
        assert_eq!(module_header_name("---- MODULE ----"), None);
        assert_eq!(module_header_name("----MODULE ünï ----"), None);
    }

    #[test]
    fn nested_modules_and_missing_end() {
        let lines = numbered(
            "x\n---- MODULE A ----\n---- MODULE B ----\n====\n====\n---- MODULE C ----\nfoo\n\n",
        );
        let spans = find_module_spans(&lines);
        expect_test::expect![[r#"
            [
                ModuleSpan {
                    header_idx: 1,
                    last_idx: 4,
                    has_end_line: true,
                    module_name: "A",
                },
                ModuleSpan {
                    header_idx: 5,
                    last_idx: 6,
                    has_end_line: false,
                    module_name: "C",
                },
            ]
        "#]]
        .assert_debug_eq(&spans);
    }

    #[test]
    fn renaming_keeps_the_rest_of_the_line() {
        assert_eq!(rename_module_header("---- MODULE Spin ----", "spin"), "---- MODULE spin ----");
        assert_eq!(
            rename_module_header("  -------- MODULE  SpinLock -------- \\* c", "spin"),
            "  -------- MODULE  spin -------- \\* c"
        );
    }
}
