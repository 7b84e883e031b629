//! Per-model settings (temperature, output limit, reasoning effort, base URL, timeout) from a TOML models file
//! layered over built-in defaults for current flagship models.
//!
//! Layers apply in order built-in then user file; within a layer `[default]`, then `[models."provider/*"]`, then
//! `[models."provider/model"]`. Each later layer overrides earlier ones field by field. Settings given explicitly
//! in a [`crate::ChatRequest`] win over all layers.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::error::{ProviderError, ProviderErrorKind};
use crate::model_name::ModelName;
use crate::request::{ChatRequest, GenerationSettings, ReasoningEffort};

/// The built-in models file, compiled into the crate.
pub const BUILTIN_MODELS_TOML: &str = include_str!("builtin_models.toml");

/// Settings for one model (or a default); every field optional so layers can override field by field.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSettings {
    /// Sampling temperature.
    pub temperature: Option<f64>,
    /// Nucleus sampling.
    pub top_p: Option<f64>,
    /// Maximum output tokens, reasoning included.
    pub max_output_tokens: Option<u32>,
    /// Reasoning effort: `minimal`, `low`, `medium` or `high`.
    pub reasoning_effort: Option<ReasoningEffort>,
    /// Sampling seed.
    pub seed: Option<u64>,
    /// Endpoint base URL, overriding the provider's environment variable and default.
    pub base_url: Option<String>,
    /// Name of the environment variable holding the key, overriding the provider's usual one.
    pub api_key_env: Option<String>,
    /// Timeout for one HTTP attempt.
    pub request_timeout_seconds: Option<u64>,
}

/// The contents of one models file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSettingsFile {
    /// Settings for every model.
    #[serde(default)]
    pub default: ModelSettings,
    /// Settings per `provider/model` or `provider/*`.
    #[serde(default)]
    pub models: BTreeMap<String, ModelSettings>,
}

/// Built-in settings plus any user files, in precedence order.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelSettingsTable {
    layers: Vec<ModelSettingsFile>,
}

impl ModelSettingsTable {
    /// The built-in settings only.
    pub fn builtin() -> ModelSettingsTable {
        // The built-in file is tested to parse, so falling back to an empty layer is unreachable in practice.
        let builtin_layer = ModelSettingsFile::parse(BUILTIN_MODELS_TOML).unwrap_or_default();
        ModelSettingsTable { layers: vec![builtin_layer] }
    }

    /// An empty table: no defaults at all (useful in tests).
    pub fn empty() -> ModelSettingsTable {
        ModelSettingsTable { layers: Vec::new() }
    }

    /// Adds a user layer that overrides everything added before it.
    pub fn with_layer(mut self, layer: ModelSettingsFile) -> ModelSettingsTable {
        self.layers.push(layer);
        self
    }

    /// The merged settings for `model_name`.
    pub fn resolve(&self, model_name: &ModelName) -> ModelSettings {
        let exact_key = model_name.to_string();
        let wildcard_key = format!("{}/*", model_name.provider_family().prefix());
        let mut resolved = ModelSettings::default();
        for layer in &self.layers {
            resolved.overlay(&layer.default);
            if let Some(wildcard_settings) = layer.models.get(&wildcard_key) {
                resolved.overlay(wildcard_settings);
            }
            if let Some(exact_settings) = layer.models.get(&exact_key) {
                resolved.overlay(exact_settings);
            }
        }
        resolved
    }

    /// A copy of `request` whose unset generation settings are filled from this table.
    pub fn fill_request(&self, request: &ChatRequest) -> ChatRequest {
        let model_settings = self.resolve(&request.model);
        let explicit = &request.settings;
        let mut filled = request.clone();
        filled.settings = GenerationSettings {
            temperature: explicit.temperature.or(model_settings.temperature),
            top_p: explicit.top_p.or(model_settings.top_p),
            max_output_tokens: explicit.max_output_tokens.or(model_settings.max_output_tokens),
            reasoning_effort: explicit.reasoning_effort.or(model_settings.reasoning_effort),
            seed: explicit.seed.or(model_settings.seed),
        };
        filled
    }
}

impl ModelSettingsFile {
    /// Parses a models file; errors name the offending key.
    pub fn parse(toml_text: &str) -> Result<ModelSettingsFile, ProviderError> {
        let file: ModelSettingsFile = toml::from_str(toml_text).map_err(|toml_error| {
            ProviderError::new(
                ProviderErrorKind::InvalidConfiguration,
                format!("invalid models file: {toml_error}"),
            )
        })?;
        for model_key in file.models.keys() {
            let name_to_check = model_key.strip_suffix("/*").map(|prefix| format!("{prefix}/x"));
            ModelName::parse(name_to_check.as_deref().unwrap_or(model_key)).map_err(
                |name_error| {
                    ProviderError::new(
                        ProviderErrorKind::InvalidConfiguration,
                        format!("invalid models file: {}", name_error.message),
                    )
                },
            )?;
        }
        Ok(file)
    }
}

impl ModelSettings {
    /// The per-attempt timeout, if configured.
    pub fn request_timeout(&self) -> Option<Duration> {
        self.request_timeout_seconds.map(Duration::from_secs)
    }

    fn overlay(&mut self, other: &ModelSettings) {
        let ModelSettings {
            temperature,
            top_p,
            max_output_tokens,
            reasoning_effort,
            seed,
            base_url,
            api_key_env,
            request_timeout_seconds,
        } = other;
        overlay_field(&mut self.temperature, temperature);
        overlay_field(&mut self.top_p, top_p);
        overlay_field(&mut self.max_output_tokens, max_output_tokens);
        overlay_field(&mut self.reasoning_effort, reasoning_effort);
        overlay_field(&mut self.seed, seed);
        overlay_field(&mut self.base_url, base_url);
        overlay_field(&mut self.api_key_env, api_key_env);
        overlay_field(&mut self.request_timeout_seconds, request_timeout_seconds);

        fn overlay_field<T: Clone>(target: &mut Option<T>, source: &Option<T>) {
            if let Some(value) = source {
                *target = Some(value.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_file_parses() {
        let builtin = ModelSettingsFile::parse(BUILTIN_MODELS_TOML).unwrap();
        assert!(builtin.models.contains_key("openai/gpt-5"));
    }

    #[test]
    fn user_layer_overrides_field_by_field() {
        let user_layer = ModelSettingsFile::parse(
            r#"
            [models."openai/gpt-5"]
            reasoning_effort = "high"

            [models."ollama/*"]
            base_url = "http://gpu-box:11434/v1"
            temperature = 0.7

            [models."ollama/qwen3:8b"]
            temperature = 0.2
            "#,
        )
        .unwrap();
        let table = ModelSettingsTable::builtin().with_layer(user_layer);

        let gpt5 = table.resolve(&ModelName::parse("openai/gpt-5").unwrap());
        assert_eq!(gpt5.reasoning_effort, Some(ReasoningEffort::High));
        assert_eq!(gpt5.max_output_tokens, Some(64000), "built-in value kept");

        let qwen = table.resolve(&ModelName::parse("ollama/qwen3:8b").unwrap());
        assert_eq!(qwen.temperature, Some(0.2));
        assert_eq!(qwen.base_url.as_deref(), Some("http://gpu-box:11434/v1"));
        assert_eq!(qwen.max_output_tokens, Some(32000), "built-in default applies");
    }

    #[test]
    fn rejects_unknown_fields_and_bad_model_keys() {
        let error =
            ModelSettingsFile::parse("[models.\"openai/gpt-5\"]\ntemprature = 1\n").unwrap_err();
        assert_eq!(error.kind, ProviderErrorKind::InvalidConfiguration);
        assert!(error.message.contains("unknown field `temprature`"), "{}", error.message);
        let error = ModelSettingsFile::parse("[models.\"acme/x\"]\n").unwrap_err();
        assert!(error.message.contains("unknown provider `acme`"), "{}", error.message);
    }
}
