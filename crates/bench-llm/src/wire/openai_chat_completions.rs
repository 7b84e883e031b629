//! OpenAI chat completions (`POST /chat/completions`), also spoken by DeepSeek, vLLM, Ollama, llama.cpp and other
//! OpenAI-compatible servers.
//!
//! Differences handled here: OpenAI itself takes `max_completion_tokens` (other servers `max_tokens`); DeepSeek
//! reports cache hits as `prompt_cache_hit_tokens` rather than `prompt_tokens_details.cached_tokens`; some servers
//! return message content as an array of text parts.

use serde_json::{json, Map, Value};

use super::{empty_reply_error, is_openai_family, malformed, token_count, ParsedCompletion};
use crate::error::ProviderError;
use crate::model_name::ProviderFamily;
use crate::request::{ChatRequest, ChatRole, ReasoningEffort, TokenUsage};

pub(super) fn build_request_body(request: &ChatRequest, provider_family: &ProviderFamily) -> Value {
    let messages: Vec<Value> = request
        .messages
        .iter()
        .map(|message| {
            let role = match message.role {
                ChatRole::System => "system",
                ChatRole::User => "user",
                ChatRole::Assistant => "assistant",
            };
            json!({"role": role, "content": message.content})
        })
        .collect();
    let mut body = Map::new();
    body.insert("model".to_owned(), json!(request.model.provider_model_id()));
    body.insert("messages".to_owned(), Value::Array(messages));
    let settings = &request.settings;
    if let Some(max_output_tokens) = settings.max_output_tokens {
        let field_name =
            if is_openai_family(provider_family) { "max_completion_tokens" } else { "max_tokens" };
        body.insert(field_name.to_owned(), json!(max_output_tokens));
    }
    if let Some(temperature) = settings.temperature {
        body.insert("temperature".to_owned(), json!(temperature));
    }
    if let Some(top_p) = settings.top_p {
        body.insert("top_p".to_owned(), json!(top_p));
    }
    if let Some(seed) = settings.seed {
        body.insert("seed".to_owned(), json!(seed));
    }
    if let Some(reasoning_effort) = settings.reasoning_effort {
        let effort_name = match reasoning_effort {
            ReasoningEffort::Minimal => "minimal",
            ReasoningEffort::Low => "low",
            ReasoningEffort::Medium => "medium",
            ReasoningEffort::High => "high",
        };
        body.insert("reasoning_effort".to_owned(), json!(effort_name));
    }
    Value::Object(body)
}

pub(super) fn parse_success_body(body: &Value) -> Result<ParsedCompletion, ProviderError> {
    let choices = body
        .get("choices")
        .and_then(Value::as_array)
        .ok_or_else(|| malformed("no `choices` array"))?;
    let usage = parse_usage(body.get("usage"))?;
    let provider_model_version = body.get("model").and_then(Value::as_str).map(str::to_owned);
    let Some(first_choice) = choices.first() else {
        return Err(empty_reply_error(None));
    };
    let finish_reason =
        first_choice.get("finish_reason").and_then(Value::as_str).map(str::to_owned);
    let message =
        first_choice.get("message").ok_or_else(|| malformed("choice without `message`"))?;
    let text = match message.get("content") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(text)) => text.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter(|part| {
                part.get("type").and_then(Value::as_str).is_none_or(|part_type| part_type == "text")
            })
            .filter_map(|part| part.get("text").and_then(Value::as_str))
            .collect(),
        Some(_) => return Err(malformed("message `content` is neither a string nor an array")),
    };
    if text.trim().is_empty() {
        if message.get("refusal").and_then(Value::as_str).is_some_and(|refusal| !refusal.is_empty())
        {
            return Err(empty_reply_error(Some("refusal")));
        }
        return Err(empty_reply_error(finish_reason.as_deref()));
    }
    Ok(ParsedCompletion { text, usage, finish_reason, provider_model_version })
}

fn parse_usage(usage: Option<&Value>) -> Result<Option<TokenUsage>, ProviderError> {
    let Some(usage) = usage.filter(|usage| !usage.is_null()) else {
        return Ok(None);
    };
    let input_tokens = token_count(usage.get("prompt_tokens"))
        .ok_or_else(|| malformed("usage without `prompt_tokens`"))?;
    let output_tokens = token_count(usage.get("completion_tokens"))
        .ok_or_else(|| malformed("usage without `completion_tokens`"))?;
    let openai_cached_tokens = token_count(
        usage.get("prompt_tokens_details").and_then(|details| details.get("cached_tokens")),
    );
    let deepseek_cached_tokens = token_count(usage.get("prompt_cache_hit_tokens"));
    let reasoning_tokens = token_count(
        usage.get("completion_tokens_details").and_then(|details| details.get("reasoning_tokens")),
    );
    Ok(Some(TokenUsage {
        input_tokens,
        output_tokens,
        cached_input_tokens: deepseek_cached_tokens.or(openai_cached_tokens),
        cache_write_tokens: None,
        reasoning_tokens,
    }))
}
