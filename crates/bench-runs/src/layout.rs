//! Where a run's artifacts live: `<runs>/<run id>/<task>/<agent>/<model>/sample-<n>/`.
//!
//! Every attempt folder holds what happened in it (prompts, replies, the extracted module and
//! cfg, checker outputs, the score card), so a run can be inspected and re-scored from files.

use std::path::{Path, PathBuf};

/// A path component made safe: model names like `openai/gpt-5` become `openai_gpt-5`.
pub fn sanitize_component(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') { c } else { '_' })
        .collect();
    let trimmed = cleaned.trim_matches('.');
    if trimmed.is_empty() {
        "_".to_string()
    } else {
        trimmed.to_string()
    }
}

/// The folder of one attempt.
pub fn attempt_folder(
    runs_root: &Path,
    run_id: &str,
    task: &str,
    agent: &str,
    model: &str,
    sample: u32,
) -> PathBuf {
    runs_root
        .join(sanitize_component(run_id))
        .join(sanitize_component(task))
        .join(sanitize_component(agent))
        .join(sanitize_component(model))
        .join(format!("sample-{sample}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_names_become_path_components() {
        assert_eq!(sanitize_component("openai/gpt-5"), "openai_gpt-5");
        assert_eq!(sanitize_component("../.."), "_");
        let folder =
            attempt_folder(Path::new("runs"), "r1", "spin", "basic", "openai-api/local/qwen", 2);
        assert_eq!(folder, Path::new("runs/r1/spin/basic/openai-api_local_qwen/sample-2"));
    }
}
