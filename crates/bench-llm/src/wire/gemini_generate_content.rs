//! Google Gemini `generateContent` (`POST /v1beta/models/{model}:generateContent`).
//!
//! Assistant turns use role `model`; system messages go to `systemInstruction`; reasoning effort becomes a
//! `thinkingBudget`. Thought parts are excluded from the text. Gemini reports thinking tokens separately from
//! `candidatesTokenCount`, so they are added to normalise `output_tokens`.

use serde_json::{json, Map, Value};

use super::{empty_reply_error, malformed, thinking_budget_tokens, token_count, ParsedCompletion};
use crate::error::{ProviderError, ProviderErrorKind};
use crate::request::{ChatRequest, ChatRole, TokenUsage};

pub(super) fn build_request_body(request: &ChatRequest) -> Value {
    let system_parts: Vec<Value> = request
        .messages
        .iter()
        .filter(|message| message.role == ChatRole::System)
        .map(|message| json!({"text": message.content}))
        .collect();
    let contents: Vec<Value> = request
        .messages
        .iter()
        .filter_map(|message| {
            let role = match message.role {
                ChatRole::System => return None,
                ChatRole::User => "user",
                ChatRole::Assistant => "model",
            };
            Some(json!({"role": role, "parts": [{"text": message.content}]}))
        })
        .collect();
    let settings = &request.settings;
    let mut generation_config = Map::new();
    if let Some(temperature) = settings.temperature {
        generation_config.insert("temperature".to_owned(), json!(temperature));
    }
    if let Some(top_p) = settings.top_p {
        generation_config.insert("topP".to_owned(), json!(top_p));
    }
    if let Some(max_output_tokens) = settings.max_output_tokens {
        generation_config.insert("maxOutputTokens".to_owned(), json!(max_output_tokens));
    }
    if let Some(seed) = settings.seed {
        generation_config.insert("seed".to_owned(), json!(seed));
    }
    if let Some(reasoning_effort) = settings.reasoning_effort {
        generation_config.insert(
            "thinkingConfig".to_owned(),
            json!({"thinkingBudget": thinking_budget_tokens(reasoning_effort)}),
        );
    }
    let mut body = Map::new();
    body.insert("contents".to_owned(), Value::Array(contents));
    if !system_parts.is_empty() {
        body.insert("systemInstruction".to_owned(), json!({"parts": system_parts}));
    }
    if !generation_config.is_empty() {
        body.insert("generationConfig".to_owned(), Value::Object(generation_config));
    }
    Value::Object(body)
}

pub(super) fn parse_success_body(body: &Value) -> Result<ParsedCompletion, ProviderError> {
    let usage = parse_usage(body.get("usageMetadata"))?;
    let provider_model_version =
        body.get("modelVersion").and_then(Value::as_str).map(str::to_owned);
    let block_reason = body
        .get("promptFeedback")
        .and_then(|feedback| feedback.get("blockReason"))
        .and_then(Value::as_str);
    let candidates = match body.get("candidates") {
        Some(Value::Array(candidates)) => candidates.as_slice(),
        None if block_reason.is_some() => &[],
        None => return Err(malformed("no `candidates` array")),
        Some(_) => return Err(malformed("`candidates` is not an array")),
    };
    let Some(first_candidate) = candidates.first() else {
        if let Some(block_reason) = block_reason {
            return Err(ProviderError::new(
                ProviderErrorKind::ContentBlocked,
                format!("provider blocked the prompt (block reason `{block_reason}`)"),
            ));
        }
        return Err(empty_reply_error(None));
    };
    let finish_reason =
        first_candidate.get("finishReason").and_then(Value::as_str).map(str::to_owned);
    let parts = match first_candidate.get("content").and_then(|content| content.get("parts")) {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(parts)) => parts.as_slice(),
        Some(_) => return Err(malformed("candidate `parts` is not an array")),
    };
    let text: String = parts
        .iter()
        .filter(|part| part.get("thought").and_then(Value::as_bool) != Some(true))
        .filter_map(|part| part.get("text").and_then(Value::as_str))
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
    let input_tokens = token_count(usage.get("promptTokenCount"))
        .ok_or_else(|| malformed("usage without `promptTokenCount`"))?;
    let candidate_tokens = token_count(usage.get("candidatesTokenCount")).unwrap_or(0);
    let reasoning_tokens = token_count(usage.get("thoughtsTokenCount"));
    Ok(Some(TokenUsage {
        input_tokens,
        output_tokens: candidate_tokens.saturating_add(reasoning_tokens.unwrap_or(0)),
        cached_input_tokens: token_count(usage.get("cachedContentTokenCount")),
        cache_write_tokens: None,
        reasoning_tokens,
    }))
}
