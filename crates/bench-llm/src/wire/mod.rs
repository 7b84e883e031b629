//! Provider wire formats: building the JSON body for a [`ChatRequest`] and reading the provider's JSON reply back
//! into provider-neutral text and usage.
//!
//! Parsing never panics and never trusts the shape of a body: anything unexpected becomes a
//! [`ProviderErrorKind::MalformedResponse`] error, and well-formed replies without text become
//! [`ProviderErrorKind::EmptyReply`] (or a more specific kind when the provider says why).

mod anthropic_messages;
mod gemini_generate_content;
mod openai_chat_completions;

use serde_json::Value;

use crate::error::{ProviderError, ProviderErrorKind};
use crate::model_name::{ProviderFamily, WireFormat};
use crate::request::{ChatRequest, ReasoningEffort, TokenUsage};

/// What a successful reply contained.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ParsedCompletion {
    pub(crate) text: String,
    pub(crate) usage: Option<TokenUsage>,
    pub(crate) finish_reason: Option<String>,
    pub(crate) provider_model_version: Option<String>,
}

/// The endpoint path appended to the base URL.
pub(crate) fn endpoint_url(
    wire_format: WireFormat,
    base_url: &str,
    provider_model_id: &str,
) -> String {
    let base_url = base_url.trim_end_matches('/');
    match wire_format {
        WireFormat::OpenAiChatCompletions => format!("{base_url}/chat/completions"),
        WireFormat::AnthropicMessages => format!("{base_url}/v1/messages"),
        WireFormat::GeminiGenerateContent => {
            format!("{base_url}/v1beta/models/{provider_model_id}:generateContent")
        }
    }
}

/// The JSON body to send.
pub(crate) fn build_request_body(request: &ChatRequest) -> Value {
    let provider_family = request.model.provider_family();
    match provider_family.wire_format() {
        WireFormat::OpenAiChatCompletions => {
            openai_chat_completions::build_request_body(request, provider_family)
        }
        WireFormat::AnthropicMessages => anthropic_messages::build_request_body(request),
        WireFormat::GeminiGenerateContent => gemini_generate_content::build_request_body(request),
    }
}

/// Reads a 2xx reply body.
pub(crate) fn parse_success_body(
    wire_format: WireFormat,
    body: &[u8],
) -> Result<ParsedCompletion, ProviderError> {
    let body_json = parse_json_object(body)?;
    match wire_format {
        WireFormat::OpenAiChatCompletions => {
            openai_chat_completions::parse_success_body(&body_json)
        }
        WireFormat::AnthropicMessages => anthropic_messages::parse_success_body(&body_json),
        WireFormat::GeminiGenerateContent => {
            gemini_generate_content::parse_success_body(&body_json)
        }
    }
}

/// The provider's own error message from an error reply, if the body has the usual `{"error": ...}` shape.
pub(crate) fn error_message_from_body(body: &[u8]) -> Option<String> {
    let body_json: Value = serde_json::from_slice(body).ok()?;
    let error = body_json.get("error")?;
    let message = match error {
        Value::String(message) => message.clone(),
        Value::Object(_) => {
            let message = error.get("message").and_then(Value::as_str).unwrap_or("");
            let error_type =
                error.get("type").or_else(|| error.get("status")).and_then(Value::as_str);
            match error_type {
                Some(error_type) if !message.is_empty() => format!("{error_type}: {message}"),
                Some(error_type) => error_type.to_owned(),
                None => message.to_owned(),
            }
        }
        _ => return None,
    };
    (!message.is_empty()).then_some(message)
}

/// The thinking-token budget for providers that take a budget instead of an effort level.
pub(crate) fn thinking_budget_tokens(reasoning_effort: ReasoningEffort) -> u32 {
    match reasoning_effort {
        ReasoningEffort::Minimal => 1024,
        ReasoningEffort::Low => 4096,
        ReasoningEffort::Medium => 16384,
        ReasoningEffort::High => 32768,
    }
}

/// The output limit sent when none is configured; Anthropic requires one.
pub(crate) const FALLBACK_MAX_OUTPUT_TOKENS: u32 = 32000;

fn parse_json_object(body: &[u8]) -> Result<Value, ProviderError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(ProviderError::new(
            ProviderErrorKind::EmptyReply,
            "provider returned an empty body",
        ));
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(body_json @ Value::Object(_)) => Ok(body_json),
        Ok(_) => Err(malformed("reply body is JSON but not an object")),
        Err(json_error) => Err(malformed(&format!("reply body is not valid JSON ({json_error})"))),
    }
}

fn malformed(why: &str) -> ProviderError {
    ProviderError::new(
        ProviderErrorKind::MalformedResponse,
        format!("malformed provider reply: {why}"),
    )
}

/// The error for a well-formed reply without text, classified by why the provider stopped.
fn empty_reply_error(finish_reason: Option<&str>) -> ProviderError {
    let finish_reason_text = finish_reason.unwrap_or("none");
    match finish_reason {
        Some("length" | "max_tokens" | "MAX_TOKENS") => ProviderError::new(
            ProviderErrorKind::EmptyReplyAtTokenLimit,
            format!(
                "provider returned no text before the output token limit (finish reason `{finish_reason_text}`); \
                 raise max_output_tokens or lower reasoning_effort"
            ),
        ),
        Some("content_filter" | "refusal" | "SAFETY" | "RECITATION" | "PROHIBITED_CONTENT" | "BLOCKLIST" | "SPII") => {
            ProviderError::new(
                ProviderErrorKind::ContentBlocked,
                format!("provider blocked the reply (finish reason `{finish_reason_text}`)"),
            )
        }
        _ => ProviderError::new(
            ProviderErrorKind::EmptyReply,
            format!("provider returned no text (finish reason `{finish_reason_text}`)"),
        ),
    }
}

fn token_count(value: Option<&Value>) -> Option<u64> {
    value.and_then(Value::as_u64)
}

fn is_openai_family(provider_family: &ProviderFamily) -> bool {
    matches!(provider_family, ProviderFamily::OpenAi)
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIRE_FORMATS: [WireFormat; 3] = [
        WireFormat::OpenAiChatCompletions,
        WireFormat::AnthropicMessages,
        WireFormat::GeminiGenerateContent,
    ];

    /// Keys the parsers look for, so random bodies often have almost the right shape.
    const VOCABULARY: [&str; 24] = [
        "choices",
        "message",
        "content",
        "usage",
        "prompt_tokens",
        "completion_tokens",
        "finish_reason",
        "text",
        "type",
        "candidates",
        "parts",
        "thought",
        "usageMetadata",
        "promptTokenCount",
        "candidatesTokenCount",
        "input_tokens",
        "output_tokens",
        "stop_reason",
        "promptFeedback",
        "blockReason",
        "error",
        "model",
        "prompt_tokens_details",
        "cached_tokens",
    ];

    /// A deterministic pseudo-random JSON value (SplitMix64), nested up to `depth_left` levels.
    fn random_json(state: &mut u64, depth_left: u32) -> Value {
        let mut next = || {
            *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut mixed = *state;
            mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            mixed ^ (mixed >> 31)
        };
        let choice = next() % if depth_left == 0 { 6 } else { 8 };
        let n_items = next() % 4;
        let numeric_value = next();
        let key_choice = next();
        match choice {
            0 => Value::Null,
            1 => Value::Bool(numeric_value % 2 == 0),
            2 => Value::from(numeric_value % 5000),
            3 => Value::from(-(numeric_value as i64 % 100) - 1),
            4 => Value::from(1e300 * (numeric_value % 3) as f64),
            5 => Value::String(VOCABULARY[key_choice as usize % VOCABULARY.len()].to_owned()),
            6 => Value::Array((0..n_items).map(|_| random_json(state, depth_left - 1)).collect()),
            _ => Value::Object(
                (0..n_items + 1)
                    .map(|item_idx| {
                        let key = VOCABULARY
                            [(key_choice as usize + item_idx as usize * 7) % VOCABULARY.len()];
                        (key.to_owned(), random_json(state, depth_left - 1))
                    })
                    .collect(),
            ),
        }
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_json() {
        let mut state = 7;
        for _ in 0..3000 {
            let body = random_json(&mut state, 5).to_string();
            for wire_format in WIRE_FORMATS {
                let _ = parse_success_body(wire_format, body.as_bytes());
            }
            let _ = error_message_from_body(body.as_bytes());
        }
        for raw_body in [
            &b""[..],
            b"   ",
            b"\xff\xfe",
            b"null",
            b"[]",
            b"{\"choices\":[null]}",
            b"{\"content\":[1]}",
        ] {
            for wire_format in WIRE_FORMATS {
                assert!(parse_success_body(wire_format, raw_body).is_err());
            }
        }
    }
}
