//! Our prompts, stored as Markdown files under `crates/bench-agents/prompts/` and embedded in the
//! binary, and the small template function that fills their placeholders.
//!
//! A placeholder is `{{name}}` with `name` made of lowercase letters, digits and `_`. Filling is a
//! single pass, so a value that itself contains `{{...}}` (source code, a TLA+ module) is never
//! expanded again. Any other `{{` is literal text.

use std::fmt;

use crate::agent_inputs::SourceText;

/// The system message of every model call.
pub const SYSTEM_PROMPT: &str = include_str!("../prompts/system.md");
/// The answer format (`{{module_name}}`).
pub const OUTPUT_FORMAT_TEMPLATE: &str = include_str!("../prompts/output-format.md");
/// The basic agent's request.
pub const BASIC_TEMPLATE: &str = include_str!("../prompts/basic.md");
/// The trace learning agent's request.
pub const TRACE_LEARNING_TEMPLATE: &str = include_str!("../prompts/trace-learning.md");
/// One code translation request per source region.
pub const TRANSLATE_REGION_TEMPLATE: &str = include_str!("../prompts/translate-region.md");
/// The code translation agent's assembly request.
pub const ASSEMBLE_TEMPLATE: &str = include_str!("../prompts/assemble.md");
/// A repair round with a checker's output.
pub const REPAIR_TEMPLATE: &str = include_str!("../prompts/repair.md");
/// A repair round after a reply without a module.
pub const REPAIR_NO_MODULE_TEMPLATE: &str = include_str!("../prompts/repair-no-module.md");
/// A repair round after a reply without a cfg, when TLC was to run next.
pub const REPAIR_NO_CFG_TEMPLATE: &str = include_str!("../prompts/repair-no-cfg.md");

/// Every prompt file with its name, for documentation and tests.
pub const PROMPT_FILES: &[(&str, &str)] = &[
    ("system.md", SYSTEM_PROMPT),
    ("output-format.md", OUTPUT_FORMAT_TEMPLATE),
    ("basic.md", BASIC_TEMPLATE),
    ("trace-learning.md", TRACE_LEARNING_TEMPLATE),
    ("translate-region.md", TRANSLATE_REGION_TEMPLATE),
    ("assemble.md", ASSEMBLE_TEMPLATE),
    ("repair.md", REPAIR_TEMPLATE),
    ("repair-no-module.md", REPAIR_NO_MODULE_TEMPLATE),
    ("repair-no-cfg.md", REPAIR_NO_CFG_TEMPLATE),
];

/// A template that does not match the values given for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TemplateError {
    /// The template has a placeholder no value was given for.
    MissingValue {
        /// The placeholder's name.
        placeholder: String,
    },
    /// A value was given for a placeholder the template does not have.
    UnusedValue {
        /// The value's name.
        placeholder: String,
    },
}

impl fmt::Display for TemplateError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateError::MissingValue { placeholder } => {
                write!(formatter, "no value for placeholder `{{{{{placeholder}}}}}`")
            }
            TemplateError::UnusedValue { placeholder } => {
                write!(formatter, "the template has no placeholder `{{{{{placeholder}}}}}`")
            }
        }
    }
}

impl std::error::Error for TemplateError {}

fn is_placeholder_char(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'
}

/// The placeholder starting at `text` (which begins with `{{`), as `(name, length in bytes)`.
fn placeholder_at(text: &str) -> Option<(&str, usize)> {
    let after_open = text.strip_prefix("{{")?;
    let name_length = after_open.chars().take_while(|c| is_placeholder_char(*c)).count();
    if name_length == 0 || !after_open[name_length..].starts_with("}}") {
        return None;
    }
    Some((&after_open[..name_length], name_length + 4))
}

/// The names of the placeholders in `template`, in order of first appearance.
pub fn template_placeholders(template: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut rest = template;
    while let Some(open_at) = rest.find("{{") {
        match placeholder_at(&rest[open_at..]) {
            Some((name, length)) => {
                if !names.iter().any(|known| known == name) {
                    names.push(name.to_owned());
                }
                rest = &rest[open_at + length..];
            }
            None => rest = &rest[open_at + 1..],
        }
    }
    names
}

/// Fills every `{{name}}` of `template` with its value. Every placeholder needs a value and every
/// value a placeholder, so a renamed placeholder cannot silently drop text from a prompt.
pub fn fill_template(template: &str, values: &[(&str, &str)]) -> Result<String, TemplateError> {
    let placeholders = template_placeholders(template);
    for placeholder in &placeholders {
        if !values.iter().any(|(name, _)| name == placeholder) {
            return Err(TemplateError::MissingValue { placeholder: placeholder.clone() });
        }
    }
    for (name, _) in values {
        if !placeholders.iter().any(|placeholder| placeholder == name) {
            return Err(TemplateError::UnusedValue { placeholder: (*name).to_owned() });
        }
    }
    let mut filled = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open_at) = rest.find("{{") {
        filled.push_str(&rest[..open_at]);
        match placeholder_at(&rest[open_at..]) {
            Some((name, length)) => {
                let value = values.iter().find(|(known, _)| *known == name).map_or("", |it| it.1);
                filled.push_str(value);
                rest = &rest[open_at + length..];
            }
            None => {
                filled.push('{');
                rest = &rest[open_at + 1..];
            }
        }
    }
    filled.push_str(rest);
    Ok(filled)
}

/// The Markdown fence language for a source path (`rust` for `.rs`, ...), empty when unknown.
pub fn fence_language_for_path(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map_or("", |(_, extension)| extension);
    match extension {
        "rs" => "rust",
        "go" => "go",
        "c" | "h" => "c",
        "cc" | "cpp" | "hpp" => "cpp",
        "java" => "java",
        "py" => "python",
        "tla" => "tla",
        "ndjson" | "jsonl" => "json",
        _ => "",
    }
}

/// Wraps `text` in a fence longer than any run of backticks inside it, so code that itself contains
/// Markdown fences cannot end the block early.
pub fn fenced_block(text: &str, language: &str) -> String {
    let mut longest_run = 0;
    let mut current_run = 0;
    for c in text.chars() {
        if c == '`' {
            current_run += 1;
            longest_run = longest_run.max(current_run);
        } else {
            current_run = 0;
        }
    }
    let fence = "`".repeat(longest_run.max(2) + 1);
    let newline_before_fence = if text.ends_with('\n') { "" } else { "\n" };
    format!("{fence}{language}\n{text}{newline_before_fence}{fence}")
}

/// The sources as shown to the model: per file a heading with its path, its role, and the text
/// in a fence.
pub fn render_source_files(sources: &[SourceText]) -> String {
    let rendered: Vec<String> = sources
        .iter()
        .map(|source| {
            format!(
                "### `{}`\n\n{}\n\n{}",
                source.path,
                source.role.trim(),
                fenced_block(&source.text, fence_language_for_path(&source.path))
            )
        })
        .collect();
    rendered.join("\n\n")
}

/// The answer format for `module_name`.
pub fn output_format(module_name: &str) -> String {
    fill_template(OUTPUT_FORMAT_TEMPLATE, &[("module_name", module_name)])
        .unwrap_or_else(|_| OUTPUT_FORMAT_TEMPLATE.to_owned())
        .trim_end()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_once_and_keeps_other_braces() {
        let filled = fill_template("a {{x}} b {{ y }} {{x}} {{}} {", &[("x", "{{x}}")]).unwrap();
        assert_eq!(filled, "a {{x}} b {{ y }} {{x}} {{}} {");
        assert_eq!(
            fill_template("{{a}}", &[]),
            Err(TemplateError::MissingValue { placeholder: "a".to_owned() })
        );
        assert_eq!(
            fill_template("x", &[("a", "1")]),
            Err(TemplateError::UnusedValue { placeholder: "a".to_owned() })
        );
    }

    #[test]
    fn prompt_file_placeholders() {
        let listing: Vec<String> = PROMPT_FILES
            .iter()
            .map(|(name, text)| format!("{name}: {}", template_placeholders(text).join(", ")))
            .collect();
        expect_test::expect![[r#"
            system.md: 
            output-format.md: module_name
            basic.md: task_prompt, sources, output_format
            trace-learning.md: task_prompt, trace_count, corpus_size, traces, output_format
            translate-region.md: task_prompt, file_path, file_role, file_outline_block, region_number, region_count, region_label, region_block
            assemble.md: task_prompt, fragments, output_format
            repair.md: round, max_rounds, checker_name, truncation_remark, diagnostics_block, module_name, output_format
            repair-no-module.md: round, max_rounds, module_name, output_format
            repair-no-cfg.md: round, max_rounds, checker_name, output_format
        "#]]
        .assert_eq(&(listing.join("\n") + "\n"));
    }

    #[test]
    fn fences_outgrow_backtick_runs() {
        assert_eq!(fenced_block("a", "rust"), "```rust\na\n```");
        assert_eq!(fenced_block("x ```` y\n", ""), "`````\nx ```` y\n`````");
    }
}
