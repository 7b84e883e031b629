//! Provider-neutral request and response types, and the canonical request hash that keys the response cache and
//! replay.
//!
//! Token counts are normalised across providers: `input_tokens` includes cached and cache-written input, and
//! `output_tokens` includes reasoning tokens, so `input_tokens + output_tokens` is what was processed.

use std::time::Duration;

use crate::model_name::ModelName;

/// One chat completion request, provider neutral.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChatRequest {
    /// Which model to ask, as `provider/model`.
    pub model: ModelName,
    /// The conversation so far. System messages may appear anywhere; providers that need them separately get them
    /// joined in order.
    pub messages: Vec<ChatMessage>,
    /// Sampling and length settings. Unset fields are filled from the models file by [`crate::Client`].
    pub settings: GenerationSettings,
    /// Distinguishes otherwise identical requests that must not share a cached or replayed response, e.g.
    /// `"epoch-3"`. Part of the request hash; never sent to the provider.
    pub cache_discriminator: Option<String>,
}

/// One message of a conversation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ChatMessage {
    /// Who speaks.
    pub role: ChatRole,
    /// Plain text content.
    pub content: String,
}

/// The speaker of a [`ChatMessage`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChatRole {
    /// Instructions for the model.
    System,
    /// The harness speaking to the model.
    User,
    /// A previous model answer.
    Assistant,
}

/// Generation settings; `None` means "provider default" (after filling from the models file).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GenerationSettings {
    /// Sampling temperature. Leave unset for reasoning models that reject it.
    pub temperature: Option<f64>,
    /// Nucleus sampling.
    pub top_p: Option<f64>,
    /// Maximum output tokens, reasoning included. Anthropic requires a value; 32000 is used if unset.
    pub max_output_tokens: Option<u32>,
    /// Reasoning effort for models that think before answering.
    pub reasoning_effort: Option<ReasoningEffort>,
    /// Sampling seed, where the provider supports one (most ignore or only loosely honour it).
    pub seed: Option<u64>,
}

/// Reasoning effort, mapped to each provider's knob (OpenAI `reasoning_effort`, Anthropic and Gemini thinking
/// budgets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReasoningEffort {
    /// The smallest effort (OpenAI `minimal`; a 1024-token thinking budget elsewhere).
    Minimal,
    /// Low effort.
    Low,
    /// Medium effort.
    Medium,
    /// High effort.
    High,
}

/// A successful completion.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ChatResponse {
    /// The answer text (reasoning/thinking content excluded).
    pub text: String,
    /// Token usage as reported by the provider; `None` when the provider reported none (some local servers).
    pub usage: Option<TokenUsage>,
    /// Cost in US dollars from the price table; `None` when the model has no price or usage is unknown, never a
    /// made-up 0.
    pub cost_usd: Option<f64>,
    /// Why generation stopped, in the provider's own words (`stop`, `end_turn`, `MAX_TOKENS`, ...).
    pub finish_reason: Option<String>,
    /// The model version the provider says it used, if reported.
    pub provider_model_version: Option<String>,
    /// The request hash (see [`request_hash`]) of the request this answers.
    pub request_hash: String,
    /// Where the response came from.
    pub source: ResponseSource,
    /// HTTP attempts made (1 when the first try succeeded; 0 for cache and replay hits).
    pub attempts: u32,
    /// Wall time of the call including retries and waiting for a concurrency slot.
    #[serde(with = "duration_as_milliseconds")]
    pub elapsed: Duration,
    /// The request body as sent and the response body as received, for the call record. Absent for fakes.
    pub wire_exchange: Option<WireExchange>,
}

/// Token counts for one call. Fields the provider did not report are `None`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TokenUsage {
    /// All input tokens, including cache reads and cache writes.
    pub input_tokens: u64,
    /// All output tokens, including reasoning tokens.
    pub output_tokens: u64,
    /// Input tokens served from the provider's prompt cache.
    pub cached_input_tokens: Option<u64>,
    /// Input tokens written to the provider's prompt cache (Anthropic).
    pub cache_write_tokens: Option<u64>,
    /// Output tokens spent on hidden reasoning.
    pub reasoning_tokens: Option<u64>,
}

/// Where a [`ChatResponse`] came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResponseSource {
    /// A live provider call.
    Network,
    /// The on-disk response cache.
    Cache,
    /// A call recording (offline replay).
    Replay,
}

/// The JSON exchanged with the provider, for auditing. Keys travel in headers and are never stored here.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WireExchange {
    /// The endpoint URL (without credentials).
    pub url: String,
    /// The JSON body sent.
    pub request_body: serde_json::Value,
    /// The JSON body of the successful response.
    pub response_body: serde_json::Value,
}

/// The version tag mixed into every request hash; bump it when the canonical form changes.
pub const REQUEST_HASH_VERSION: &str = "bench-llm-request-v1";

/// A stable hex hash of the full request (model, messages, settings, discriminator).
///
/// The request is serialised to canonical JSON (object keys sorted, no whitespace) so the hash does not depend on
/// serde feature flags such as `preserve_order`. Base URLs and keys are not part of it, so a recording made against
/// one server replays against another.
pub fn request_hash(request: &ChatRequest) -> String {
    let request_json = serde_json::to_value(request).unwrap_or(serde_json::Value::Null);
    let mut canonical_text = String::from(REQUEST_HASH_VERSION);
    canonical_text.push('\n');
    write_canonical_json(&request_json, &mut canonical_text);
    blake3::hash(canonical_text.as_bytes()).to_hex().to_string()
}

/// Writes `value` as compact JSON with object keys in sorted order.
pub fn write_canonical_json(value: &serde_json::Value, output: &mut String) {
    match value {
        serde_json::Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by(|left, right| left.0.cmp(right.0));
            output.push('{');
            for (entry_idx, (key, entry_value)) in entries.into_iter().enumerate() {
                if entry_idx > 0 {
                    output.push(',');
                }
                output.push_str(&serde_json::Value::String(key.clone()).to_string());
                output.push(':');
                write_canonical_json(entry_value, output);
            }
            output.push('}');
        }
        serde_json::Value::Array(items) => {
            output.push('[');
            for (item_idx, item) in items.iter().enumerate() {
                if item_idx > 0 {
                    output.push(',');
                }
                write_canonical_json(item, output);
            }
            output.push(']');
        }
        scalar => output.push_str(&scalar.to_string()),
    }
}

pub(crate) mod duration_as_milliseconds {
    //! Serialises a `Duration` as integer milliseconds, the unit call records use.

    use std::time::Duration;

    pub(crate) fn serialize<S: serde::Serializer>(
        duration: &Duration,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(u64::try_from(duration.as_millis()).unwrap_or(u64::MAX))
    }

    pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Duration, D::Error> {
        let milliseconds = <u64 as serde::Deserialize>::deserialize(deserializer)?;
        Ok(Duration::from_millis(milliseconds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_request() -> ChatRequest {
        ChatRequest {
            model: ModelName::parse("openai/gpt-5").unwrap(),
            messages: vec![ChatMessage {
                role: ChatRole::User,
                content: "Write a spec".to_owned(),
            }],
            settings: GenerationSettings {
                temperature: Some(0.5),
                top_p: None,
                max_output_tokens: Some(1000),
                reasoning_effort: None,
                seed: None,
            },
            cache_discriminator: None,
        }
    }

    #[test]
    fn hash_is_stable_and_sensitive_to_every_field() {
        let request = sample_request();
        let base_hash = request_hash(&request);
        assert_eq!(base_hash, request_hash(&request.clone()));
        assert_eq!(base_hash.len(), 64);

        let mut changed = Vec::new();
        let mut variant = request.clone();
        variant.model = ModelName::parse("openai/gpt-5-mini").unwrap();
        changed.push(variant);
        let mut variant = request.clone();
        variant.messages[0].content.push('!');
        changed.push(variant);
        let mut variant = request.clone();
        variant.settings.temperature = Some(0.6);
        changed.push(variant);
        let mut variant = request.clone();
        variant.cache_discriminator = Some("epoch-1".to_owned());
        changed.push(variant);
        for variant in changed {
            assert_ne!(request_hash(&variant), base_hash, "{variant:?}");
        }
    }

    #[test]
    fn canonical_json_sorts_keys() {
        let value = serde_json::json!({"b": [1, {"z": null, "a": "x"}], "a": 1.5});
        let mut output = String::new();
        write_canonical_json(&value, &mut output);
        assert_eq!(output, r#"{"a":1.5,"b":[1,{"a":"x","z":null}]}"#);
    }
}
