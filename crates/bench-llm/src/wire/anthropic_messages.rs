//! Anthropic messages API (`POST /v1/messages`).
//!
//! System messages go to the top-level `system` field; `max_tokens` is mandatory; reasoning effort becomes an
//! extended-thinking budget (temperature and top_p are then omitted, as the API requires). Anthropic reports
//! input tokens excluding cache reads and writes, so they are added back to normalise `input_tokens`.

use serde_json::{json, Map, Value};

use super::{
    empty_reply_error, malformed, thinking_budget_tokens, token_count, ParsedCompletion,
    FALLBACK_MAX_OUTPUT_TOKENS,
};
use crate::error::ProviderError;
use crate::request::{ChatRequest, ChatRole, TokenUsage};

/// The smallest thinking budget Anthropic accepts.
const MIN_THINKING_BUDGET_TOKENS: u32 = 1024;

pub(super) fn build_request_body(request: &ChatRequest) -> Value {
    let system_texts: Vec<&str> = request
        .messages
        .iter()
        .filter(|message| message.role == ChatRole::System)
        .map(|message| message.content.as_str())
        .collect();
    let messages: Vec<Value> = request
        .messages
        .iter()
        .filter_map(|message| {
            let role = match message.role {
                ChatRole::System => return None,
                ChatRole::User => "user",
                ChatRole::Assistant => "assistant",
            };
            Some(json!({"role": role, "content": message.content}))
        })
        .collect();
    let settings = &request.settings;
    let max_output_tokens = settings.max_output_tokens.unwrap_or(FALLBACK_MAX_OUTPUT_TOKENS);
    let mut body = Map::new();
    body.insert("model".to_owned(), json!(request.model.provider_model_id()));
    body.insert("max_tokens".to_owned(), json!(max_output_tokens));
    if !system_texts.is_empty() {
        body.insert("system".to_owned(), json!(system_texts.join("\n\n")));
    }
    body.insert("messages".to_owned(), Value::Array(messages));
    let thinking_budget = settings.reasoning_effort.map(|reasoning_effort| {
        thinking_budget_tokens(reasoning_effort)
            .min(max_output_tokens.saturating_sub(MIN_THINKING_BUDGET_TOKENS))
    });
    match thinking_budget {
        Some(budget_tokens) if budget_tokens >= MIN_THINKING_BUDGET_TOKENS => {
            body.insert(
                "thinking".to_owned(),
                json!({"type": "enabled", "budget_tokens": budget_tokens}),
            );
        }
        _ => {
            if let Some(temperature) = settings.temperature {
                body.insert("temperature".to_owned(), json!(temperature));
            }
            if let Some(top_p) = settings.top_p {
                body.insert("top_p".to_owned(), json!(top_p));
            }
        }
    }
    Value::Object(body)
}

pub(super) fn parse_success_body(body: &Value) -> Result<ParsedCompletion, ProviderError> {
    let content_blocks = body
        .get("content")
        .and_then(Value::as_array)
        .ok_or_else(|| malformed("no `content` array"))?;
    let usage = parse_usage(body.get("usage"))?;
    let finish_reason = body.get("stop_reason").and_then(Value::as_str).map(str::to_owned);
    let provider_model_version = body.get("model").and_then(Value::as_str).map(str::to_owned);
    let text: String = content_blocks
        .iter()
        .filter(|block| block.get("type").and_then(Value::as_str) == Some("text"))
        .filter_map(|block| block.get("text").and_then(Value::as_str))
        .collect();
    if text.trim().is_empty() {
        return Err(empty_reply_error(finish_reason.as_deref()));
    }
    Ok(ParsedCompletion { text, usage, finish_reason, provider_model_version })
}

fn parse_usage(usage: Option<&Value>) -> Result<Option<TokenUsage>, ProviderError> {
    let Some(usage) = usage.filter(|usage| !usage.is_null()) else {
        return Ok(None);
    };
    let uncached_input_tokens = token_count(usage.get("input_tokens"))
        .ok_or_else(|| malformed("usage without `input_tokens`"))?;
    let output_tokens = token_count(usage.get("output_tokens"))
        .ok_or_else(|| malformed("usage without `output_tokens`"))?;
    let cache_read_tokens = token_count(usage.get("cache_read_input_tokens"));
    let cache_write_tokens = token_count(usage.get("cache_creation_input_tokens"));
    Ok(Some(TokenUsage {
        input_tokens: uncached_input_tokens
            .saturating_add(cache_read_tokens.unwrap_or(0))
            .saturating_add(cache_write_tokens.unwrap_or(0)),
        output_tokens,
        cached_input_tokens: cache_read_tokens,
        cache_write_tokens,
        reasoning_tokens: None,
    }))
}
