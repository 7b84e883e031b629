//! Where to send a model's requests and with which credentials: base URL and key per provider, from the models
//! file and the [`ProviderEnvironment`], following the usual variable names of each provider's own SDK.

use crate::environment::{ApiKey, ProviderEnvironment};
use crate::error::{ProviderError, ProviderErrorKind};
use crate::model_name::{ModelName, ProviderFamily};
use crate::model_settings::ModelSettings;
use crate::wire;

/// A resolved endpoint: full URL and headers (some holding the key). `Debug` shows header names only.
pub struct ResolvedEndpoint {
    /// The full request URL.
    pub url: String,
    /// Headers to send, including authentication.
    pub headers: Vec<(String, String)>,
    /// The key in use, if any, so it can be redacted from anything derived from the exchange.
    pub api_key: Option<ApiKey>,
}

/// How a provider family finds its key and base URL.
struct ProviderConventions {
    key_variables: Vec<String>,
    key_is_required: bool,
    base_url_variables: Vec<String>,
    default_base_url: Option<&'static str>,
}

/// Resolves the endpoint of `model_name`. Precedence for the base URL: models file `base_url`, then the provider's
/// environment variable, then the provider default. For the key: models file `api_key_env`, then the usual
/// variables in order (`GOOGLE_API_KEY` before `GEMINI_API_KEY`).
pub fn resolve_endpoint(
    model_name: &ModelName,
    model_settings: &ModelSettings,
    environment: &ProviderEnvironment,
) -> Result<ResolvedEndpoint, ProviderError> {
    let provider_family = model_name.provider_family();
    let mut conventions = provider_conventions(provider_family);
    if let Some(api_key_env) = &model_settings.api_key_env {
        conventions.key_variables = vec![api_key_env.clone()];
        conventions.key_is_required = true;
    }
    let base_url = match &model_settings.base_url {
        Some(base_url) => base_url.clone(),
        None => base_url_from_environment(provider_family, &conventions, environment)?,
    };
    let base_url_is_valid = base_url.starts_with("http://") || base_url.starts_with("https://");
    if !base_url_is_valid {
        return Err(ProviderError::new(
            ProviderErrorKind::InvalidConfiguration,
            format!("base URL `{base_url}` for `{model_name}` must start with http:// or https://"),
        ));
    }
    let key_variable_names: Vec<&str> =
        conventions.key_variables.iter().map(String::as_str).collect();
    let api_key =
        environment.first_of(&key_variable_names).map(|(_, value)| ApiKey::new(value.trim()));
    if api_key.is_none() && conventions.key_is_required {
        return Err(ProviderError::new(
            ProviderErrorKind::MissingApiKey,
            format!(
                "no API key for `{model_name}`: set {} in the environment or in .env",
                key_variable_names.join(" or ")
            ),
        ));
    }
    let mut headers = vec![("content-type".to_owned(), "application/json".to_owned())];
    match (provider_family, &api_key) {
        (ProviderFamily::Anthropic, Some(api_key)) => {
            headers.push(("x-api-key".to_owned(), api_key.expose_secret().to_owned()));
        }
        (ProviderFamily::Google, Some(api_key)) => {
            headers.push(("x-goog-api-key".to_owned(), api_key.expose_secret().to_owned()));
        }
        (_, Some(api_key)) => {
            headers
                .push(("authorization".to_owned(), format!("Bearer {}", api_key.expose_secret())));
        }
        (_, None) => {}
    }
    if *provider_family == ProviderFamily::Anthropic {
        headers.push(("anthropic-version".to_owned(), "2023-06-01".to_owned()));
    }
    if *provider_family == ProviderFamily::OpenAi {
        if let Some(organization) = environment.get("OPENAI_ORG_ID") {
            headers.push(("openai-organization".to_owned(), organization.to_owned()));
        }
        if let Some(project) = environment.get("OPENAI_PROJECT_ID") {
            headers.push(("openai-project".to_owned(), project.to_owned()));
        }
    }
    let url = wire::endpoint_url(
        provider_family.wire_format(),
        &base_url,
        model_name.provider_model_id(),
    );
    Ok(ResolvedEndpoint { url, headers, api_key })
}

fn provider_conventions(provider_family: &ProviderFamily) -> ProviderConventions {
    let conventions = |keys: &[&str],
                       key_is_required: bool,
                       base_urls: &[&str],
                       default_base_url| ProviderConventions {
        key_variables: keys.iter().map(|name| (*name).to_owned()).collect(),
        key_is_required,
        base_url_variables: base_urls.iter().map(|name| (*name).to_owned()).collect(),
        default_base_url,
    };
    match provider_family {
        ProviderFamily::OpenAi => conventions(
            &["OPENAI_API_KEY"],
            true,
            &["OPENAI_BASE_URL"],
            Some("https://api.openai.com/v1"),
        ),
        ProviderFamily::Anthropic => conventions(
            &["ANTHROPIC_API_KEY"],
            true,
            &["ANTHROPIC_BASE_URL"],
            Some("https://api.anthropic.com"),
        ),
        ProviderFamily::Google => conventions(
            &["GOOGLE_API_KEY", "GEMINI_API_KEY"],
            true,
            &["GOOGLE_BASE_URL", "GEMINI_BASE_URL"],
            Some("https://generativelanguage.googleapis.com"),
        ),
        ProviderFamily::DeepSeek => conventions(
            &["DEEPSEEK_API_KEY"],
            true,
            &["DEEPSEEK_BASE_URL"],
            Some("https://api.deepseek.com"),
        ),
        ProviderFamily::Ollama => conventions(
            &["OLLAMA_API_KEY"],
            false,
            &["OLLAMA_BASE_URL"],
            Some("http://localhost:11434/v1"),
        ),
        ProviderFamily::Vllm => conventions(
            &["VLLM_API_KEY"],
            false,
            &["VLLM_BASE_URL"],
            Some("http://localhost:8000/v1"),
        ),
        ProviderFamily::OpenAiCompatible { server_name } => {
            let variable_prefix = server_name.to_ascii_uppercase().replace('-', "_");
            ProviderConventions {
                key_variables: vec![format!("{variable_prefix}_API_KEY")],
                key_is_required: false,
                base_url_variables: vec![format!("{variable_prefix}_BASE_URL")],
                default_base_url: None,
            }
        }
    }
}

fn base_url_from_environment(
    provider_family: &ProviderFamily,
    conventions: &ProviderConventions,
    environment: &ProviderEnvironment,
) -> Result<String, ProviderError> {
    let variable_names: Vec<&str> =
        conventions.base_url_variables.iter().map(String::as_str).collect();
    if let Some((_, base_url)) = environment.first_of(&variable_names) {
        return Ok(base_url.trim().to_owned());
    }
    if *provider_family == ProviderFamily::Ollama {
        // The Ollama CLI's `OLLAMA_HOST` is `host:port` or a URL without the `/v1` suffix.
        if let Some(ollama_host) = environment.get("OLLAMA_HOST") {
            let ollama_host = ollama_host.trim().trim_end_matches('/');
            let with_scheme = if ollama_host.contains("://") {
                ollama_host.to_owned()
            } else {
                format!("http://{ollama_host}")
            };
            return Ok(format!("{with_scheme}/v1"));
        }
    }
    conventions.default_base_url.map(str::to_owned).ok_or_else(|| {
        ProviderError::new(
            ProviderErrorKind::InvalidConfiguration,
            format!(
                "no base URL for `{}` models: set {} or `base_url` in the models file",
                provider_family.prefix(),
                variable_names.join(" or ")
            ),
        )
    })
}

impl std::fmt::Debug for ResolvedEndpoint {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let header_names: Vec<&str> = self.headers.iter().map(|(name, _)| name.as_str()).collect();
        formatter
            .debug_struct("ResolvedEndpoint")
            .field("url", &self.url)
            .field("header_names", &header_names)
            .field("has_api_key", &self.api_key.is_some())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn check(
        model_text: &str,
        variables: &[(&str, &str)],
        model_settings: ModelSettings,
        expected: &str,
    ) {
        let environment = ProviderEnvironment::from_variables(
            variables
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
                .collect::<BTreeMap<_, _>>(),
        );
        let model_name = ModelName::parse(model_text).unwrap();
        let actual = match resolve_endpoint(&model_name, &model_settings, &environment) {
            Ok(endpoint) => {
                let headers: Vec<String> = endpoint
                    .headers
                    .iter()
                    .map(|(name, value)| format!("{name}: {value}"))
                    .collect();
                format!("{}\n{}", endpoint.url, headers.join("\n"))
            }
            Err(error) => format!("error {:?}: {error}", error.kind),
        };
        assert_eq!(actual, expected);
    }

    #[test]
    fn resolves_keys_and_base_urls_per_provider() {
        check(
            "openai/gpt-5",
            &[("OPENAI_API_KEY", "sk-1"), ("OPENAI_PROJECT_ID", "proj")],
            ModelSettings::default(),
            "https://api.openai.com/v1/chat/completions\ncontent-type: application/json\n\
             authorization: Bearer sk-1\nopenai-project: proj",
        );
        check(
            "google/gemini-2.5-pro",
            &[("GEMINI_API_KEY", "gem"), ("GOOGLE_API_KEY", "goog")],
            ModelSettings::default(),
            "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent\n\
             content-type: application/json\nx-goog-api-key: goog",
        );
        check(
            "google/gemini-2.5-pro",
            &[("GEMINI_API_KEY", "gem")],
            ModelSettings::default(),
            "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent\n\
             content-type: application/json\nx-goog-api-key: gem",
        );
        check(
            "anthropic/claude-sonnet-4-5",
            &[("ANTHROPIC_API_KEY", "ant"), ("ANTHROPIC_BASE_URL", "http://proxy/")],
            ModelSettings::default(),
            "http://proxy/v1/messages\ncontent-type: application/json\nx-api-key: ant\n\
             anthropic-version: 2023-06-01",
        );
        check(
            "ollama/qwen3",
            &[("OLLAMA_HOST", "10.0.0.5:11434")],
            ModelSettings::default(),
            "http://10.0.0.5:11434/v1/chat/completions\ncontent-type: application/json",
        );
        check(
            "openai-api/llama-cpp/local",
            &[("LLAMA_CPP_BASE_URL", "http://127.0.0.1:8080/v1"), ("LLAMA_CPP_API_KEY", "k")],
            ModelSettings::default(),
            "http://127.0.0.1:8080/v1/chat/completions\ncontent-type: application/json\nauthorization: Bearer k",
        );
        check(
            "vllm/Qwen/Qwen3-8B",
            &[("VLLM_BASE_URL", "http://a:1/v1")],
            ModelSettings {
                base_url: Some("http://b:2/v1".to_owned()),
                ..ModelSettings::default()
            },
            "http://b:2/v1/chat/completions\ncontent-type: application/json",
        );
    }

    #[test]
    fn explains_missing_configuration() {
        check(
            "deepseek/deepseek-chat",
            &[],
            ModelSettings::default(),
            "error MissingApiKey: no API key for `deepseek/deepseek-chat`: set DEEPSEEK_API_KEY in the \
             environment or in .env",
        );
        check(
            "google/gemini-2.5-pro",
            &[],
            ModelSettings::default(),
            "error MissingApiKey: no API key for `google/gemini-2.5-pro`: set GOOGLE_API_KEY or GEMINI_API_KEY \
             in the environment or in .env",
        );
        check(
            "openai-api/together/x",
            &[],
            ModelSettings::default(),
            "error InvalidConfiguration: no base URL for `openai-api/together` models: set TOGETHER_BASE_URL or \
             `base_url` in the models file",
        );
        check(
            "vllm/x",
            &[("VLLM_BASE_URL", "localhost:8000")],
            ModelSettings::default(),
            "error InvalidConfiguration: base URL `localhost:8000` for `vllm/x` must start with http:// or https://",
        );
    }
}
