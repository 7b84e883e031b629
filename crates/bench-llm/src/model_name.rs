//! Model names of the form `provider/model`, the one way users and configs name a model.
//!
//! The provider prefix decides the wire format, the default endpoint and which environment variables hold the key;
//! the rest is passed to the provider verbatim (it may itself contain `/`, as Hugging Face ids do).

use std::fmt;

use crate::error::{ProviderError, ProviderErrorKind};

/// A parsed `provider/model` name such as `openai/gpt-5` or `openai-api/together/meta-llama/Llama-3-70b`.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ModelName {
    provider_family: ProviderFamily,
    provider_model_id: String,
}

/// Which service a model belongs to; decides wire format, endpoint and credentials.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ProviderFamily {
    /// `openai/<model>`: OpenAI chat completions.
    OpenAi,
    /// `anthropic/<model>`: Anthropic messages API.
    Anthropic,
    /// `google/<model>` (or `gemini/<model>`): Gemini `generateContent`.
    Google,
    /// `deepseek/<model>`: DeepSeek's OpenAI-compatible API.
    DeepSeek,
    /// `ollama/<tag>`: a local Ollama server's OpenAI-compatible endpoint.
    Ollama,
    /// `vllm/<hf-id>`: a vLLM server's OpenAI-compatible endpoint.
    Vllm,
    /// `openai-api/<server>/<model>`: any OpenAI-compatible server configured with `<SERVER>_BASE_URL`.
    OpenAiCompatible {
        /// The server name as written in the model name, e.g. `together` or `llama-cpp`.
        server_name: String,
    },
}

/// The request and response shape a provider speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireFormat {
    /// `POST {base}/chat/completions`.
    OpenAiChatCompletions,
    /// `POST {base}/v1/messages`.
    AnthropicMessages,
    /// `POST {base}/v1beta/models/{model}:generateContent`.
    GeminiGenerateContent,
}

impl ModelName {
    /// Parses `provider/model`; the error names the accepted prefixes.
    pub fn parse(text: &str) -> Result<ModelName, ProviderError> {
        let text = text.trim();
        let invalid = |why: &str| {
            ProviderError::new(
                ProviderErrorKind::InvalidModelName,
                format!(
                    "invalid model name `{text}`: {why}; expected `provider/model` with provider one of \
                     openai, anthropic, google, deepseek, ollama, vllm, openai-api/<server>"
                ),
            )
        };
        let Some((provider_prefix, rest)) = text.split_once('/') else {
            return Err(invalid("missing `/`"));
        };
        let (provider_family, provider_model_id) = match provider_prefix {
            "openai" => (ProviderFamily::OpenAi, rest),
            "anthropic" => (ProviderFamily::Anthropic, rest),
            "google" | "gemini" => (ProviderFamily::Google, rest),
            "deepseek" => (ProviderFamily::DeepSeek, rest),
            "ollama" => (ProviderFamily::Ollama, rest),
            "vllm" => (ProviderFamily::Vllm, rest),
            "openai-api" => {
                let Some((server_name, model_id)) = rest.split_once('/') else {
                    return Err(invalid("`openai-api` needs `openai-api/<server>/<model>`"));
                };
                let server_is_valid = !server_name.is_empty()
                    && server_name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
                if !server_is_valid {
                    return Err(invalid("server name must be ASCII letters, digits, `-` or `_`"));
                }
                (ProviderFamily::OpenAiCompatible { server_name: server_name.to_owned() }, model_id)
            }
            _ => return Err(invalid(&format!("unknown provider `{provider_prefix}`"))),
        };
        if provider_model_id.is_empty() {
            return Err(invalid("empty model id"));
        }
        Ok(ModelName { provider_family, provider_model_id: provider_model_id.to_owned() })
    }

    /// The provider this model belongs to.
    pub fn provider_family(&self) -> &ProviderFamily {
        &self.provider_family
    }

    /// The model id sent to the provider, e.g. `gpt-5` for `openai/gpt-5`.
    pub fn provider_model_id(&self) -> &str {
        &self.provider_model_id
    }
}

impl ProviderFamily {
    /// The prefix used in model names; for OpenAI-compatible servers `openai-api/<server>`.
    pub fn prefix(&self) -> String {
        match self {
            ProviderFamily::OpenAi => "openai".to_owned(),
            ProviderFamily::Anthropic => "anthropic".to_owned(),
            ProviderFamily::Google => "google".to_owned(),
            ProviderFamily::DeepSeek => "deepseek".to_owned(),
            ProviderFamily::Ollama => "ollama".to_owned(),
            ProviderFamily::Vllm => "vllm".to_owned(),
            ProviderFamily::OpenAiCompatible { server_name } => format!("openai-api/{server_name}"),
        }
    }

    /// The wire format this provider speaks.
    pub fn wire_format(&self) -> WireFormat {
        match self {
            ProviderFamily::Anthropic => WireFormat::AnthropicMessages,
            ProviderFamily::Google => WireFormat::GeminiGenerateContent,
            ProviderFamily::OpenAi
            | ProviderFamily::DeepSeek
            | ProviderFamily::Ollama
            | ProviderFamily::Vllm
            | ProviderFamily::OpenAiCompatible { .. } => WireFormat::OpenAiChatCompletions,
        }
    }
}

impl fmt::Display for ModelName {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}/{}", self.provider_family.prefix(), self.provider_model_id)
    }
}

impl fmt::Debug for ModelName {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "ModelName({self})")
    }
}

impl serde::Serialize for ModelName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for ModelName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        ModelName::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: &str) {
        let actual = match ModelName::parse(text) {
            Ok(model_name) => format!(
                "{model_name} family={:?} id={} wire={:?}",
                model_name.provider_family(),
                model_name.provider_model_id(),
                model_name.provider_family().wire_format()
            ),
            Err(error) => format!("error: {error}"),
        };
        assert_eq!(actual, expected, "input: {text}");
    }

    #[test]
    fn parses_every_provider_prefix() {
        check("openai/gpt-5", "openai/gpt-5 family=OpenAi id=gpt-5 wire=OpenAiChatCompletions");
        check(
            "anthropic/claude-sonnet-4-5",
            "anthropic/claude-sonnet-4-5 family=Anthropic id=claude-sonnet-4-5 wire=AnthropicMessages",
        );
        check(
            "gemini/gemini-2.5-pro",
            "google/gemini-2.5-pro family=Google id=gemini-2.5-pro wire=GeminiGenerateContent",
        );
        check(
            "deepseek/deepseek-chat",
            "deepseek/deepseek-chat family=DeepSeek id=deepseek-chat wire=OpenAiChatCompletions",
        );
        check(
            "ollama/qwen3:8b",
            "ollama/qwen3:8b family=Ollama id=qwen3:8b wire=OpenAiChatCompletions",
        );
        check(
            "vllm/Qwen/Qwen3-8B",
            "vllm/Qwen/Qwen3-8B family=Vllm id=Qwen/Qwen3-8B wire=OpenAiChatCompletions",
        );
        check(
            "openai-api/llama-cpp/my/model",
            "openai-api/llama-cpp/my/model family=OpenAiCompatible { server_name: \"llama-cpp\" } \
             id=my/model wire=OpenAiChatCompletions",
        );
    }

    #[test]
    fn rejects_malformed_names() {
        let expected_tail =
            "expected `provider/model` with provider one of openai, anthropic, google, \
                             deepseek, ollama, vllm, openai-api/<server>";
        check("gpt-5", &format!("error: invalid model name `gpt-5`: missing `/`; {expected_tail}"));
        check(
            "acme/x",
            &format!(
                "error: invalid model name `acme/x`: unknown provider `acme`; {expected_tail}"
            ),
        );
        check(
            "openai/",
            &format!("error: invalid model name `openai/`: empty model id; {expected_tail}"),
        );
        check(
            "openai-api/x",
            &format!(
                "error: invalid model name `openai-api/x`: `openai-api` needs `openai-api/<server>/<model>`; \
                 {expected_tail}"
            ),
        );
    }
}
