//! Cost per call from a price table: built-in list prices, extended or overridden by a user TOML file.
//!
//! A model without a price gets cost `None`, never 0, so unknown costs stay visible on leaderboards. The table
//! has a content hash for provenance: a run records which prices produced its cost column.

use std::collections::BTreeMap;

use crate::error::{ProviderError, ProviderErrorKind};
use crate::model_name::ModelName;
use crate::request::TokenUsage;

/// The built-in price file, compiled into the crate.
pub const BUILTIN_PRICES_TOML: &str = include_str!("builtin_prices.toml");

/// Prices for one model in US dollars per million tokens.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelPrice {
    /// Uncached input.
    pub input: f64,
    /// Output, reasoning included.
    pub output: f64,
    /// Input read from the prompt cache; the input price if unset.
    pub cached_input: Option<f64>,
    /// Input written to the prompt cache; the input price if unset.
    pub cache_write: Option<f64>,
}

/// The contents of one price file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PriceFile {
    /// A free-form version label, e.g. the date the prices were checked.
    pub version: Option<String>,
    /// Prices per `provider/model` or `provider/*`.
    #[serde(default)]
    pub prices: BTreeMap<String, ModelPrice>,
}

/// Built-in prices plus user overrides.
#[derive(Clone, Debug, PartialEq)]
pub struct PriceTable {
    layers: Vec<PriceFile>,
}

impl PriceTable {
    /// The built-in prices only.
    pub fn builtin() -> PriceTable {
        // The built-in file is tested to parse, so falling back to an empty layer is unreachable in practice.
        PriceTable { layers: vec![PriceFile::parse(BUILTIN_PRICES_TOML).unwrap_or_default()] }
    }

    /// No prices at all: every cost is `None`.
    pub fn empty() -> PriceTable {
        PriceTable { layers: Vec::new() }
    }

    /// Adds a user layer whose entries replace earlier entries for the same key.
    pub fn with_layer(mut self, layer: PriceFile) -> PriceTable {
        self.layers.push(layer);
        self
    }

    /// The price of `model_name`: the latest layer with an exact entry, else with a `provider/*` entry.
    pub fn price_of(&self, model_name: &ModelName) -> Option<&ModelPrice> {
        let exact_key = model_name.to_string();
        let wildcard_key = format!("{}/*", model_name.provider_family().prefix());
        let exact = self.layers.iter().rev().find_map(|layer| layer.prices.get(&exact_key));
        exact.or_else(|| self.layers.iter().rev().find_map(|layer| layer.prices.get(&wildcard_key)))
    }

    /// The cost of one call in US dollars, or `None` when the model has no price.
    pub fn cost_usd(&self, model_name: &ModelName, usage: &TokenUsage) -> Option<f64> {
        let price = self.price_of(model_name)?;
        let cached_input_tokens = usage.cached_input_tokens.unwrap_or(0);
        let cache_write_tokens = usage.cache_write_tokens.unwrap_or(0);
        let uncached_input_tokens = usage
            .input_tokens
            .saturating_sub(cached_input_tokens)
            .saturating_sub(cache_write_tokens);
        let per_million = uncached_input_tokens as f64 * price.input
            + cached_input_tokens as f64 * price.cached_input.unwrap_or(price.input)
            + cache_write_tokens as f64 * price.cache_write.unwrap_or(price.input)
            + usage.output_tokens as f64 * price.output;
        Some(per_million / 1_000_000.0)
    }

    /// A hex hash of the effective table, to record with results.
    pub fn content_hash(&self) -> String {
        let layers_json = serde_json::to_value(&self.layers).unwrap_or(serde_json::Value::Null);
        let mut canonical_text = String::new();
        crate::request::write_canonical_json(&layers_json, &mut canonical_text);
        blake3::hash(canonical_text.as_bytes()).to_hex().to_string()
    }
}

impl PriceFile {
    /// Parses a price file; errors name the offending key.
    pub fn parse(toml_text: &str) -> Result<PriceFile, ProviderError> {
        let file: PriceFile = toml::from_str(toml_text).map_err(|toml_error| {
            ProviderError::new(
                ProviderErrorKind::InvalidConfiguration,
                format!("invalid price file: {toml_error}"),
            )
        })?;
        for (model_key, price) in &file.prices {
            let rates =
                [Some(price.input), Some(price.output), price.cached_input, price.cache_write];
            if rates.into_iter().flatten().any(|rate| !rate.is_finite() || rate < 0.0) {
                return Err(ProviderError::new(
                    ProviderErrorKind::InvalidConfiguration,
                    format!("invalid price file: prices for `{model_key}` must be finite and not negative"),
                ));
            }
        }
        Ok(file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(text: &str) -> ModelName {
        ModelName::parse(text).unwrap()
    }

    #[test]
    fn builtin_prices_parse() {
        let builtin = PriceFile::parse(BUILTIN_PRICES_TOML).unwrap();
        assert!(builtin.prices.contains_key("anthropic/claude-sonnet-4-5"));
    }

    #[test]
    fn cost_splits_cached_and_cache_write_input() {
        let table = PriceTable::empty().with_layer(
            PriceFile::parse(
                r#"
                [prices."anthropic/x"]
                input = 3.0
                output = 15.0
                cached_input = 0.3
                cache_write = 3.75
                "#,
            )
            .unwrap(),
        );
        let usage = TokenUsage {
            input_tokens: 1_000_000,
            output_tokens: 100_000,
            cached_input_tokens: Some(200_000),
            cache_write_tokens: Some(100_000),
            reasoning_tokens: None,
        };
        let cost = table.cost_usd(&model("anthropic/x"), &usage).unwrap();
        // 700k * 3 + 200k * 0.3 + 100k * 3.75 + 100k * 15, per million.
        assert!((cost - (2.1 + 0.06 + 0.375 + 1.5)).abs() < 1e-9, "{cost}");
    }

    #[test]
    fn unknown_model_costs_none_and_user_layer_overrides() {
        let usage = TokenUsage { input_tokens: 10, output_tokens: 10, ..TokenUsage::default() };
        let builtin = PriceTable::builtin();
        assert_eq!(builtin.cost_usd(&model("ollama/qwen3"), &usage), None);

        let user_layer = PriceFile::parse(
            "[prices.\"ollama/*\"]\ninput = 0.0\noutput = 0.0\n[prices.\"openai/gpt-5\"]\ninput = 1.0\noutput = 1.0\n",
        )
        .unwrap();
        let table = PriceTable::builtin().with_layer(user_layer);
        assert_eq!(table.cost_usd(&model("ollama/qwen3"), &usage), Some(0.0));
        assert_eq!(table.cost_usd(&model("openai/gpt-5"), &usage), Some(20.0 / 1_000_000.0));
        assert_ne!(table.content_hash(), builtin.content_hash());
    }

    #[test]
    fn rejects_negative_prices() {
        let error =
            PriceFile::parse("[prices.\"openai/x\"]\ninput = -1.0\noutput = 1.0\n").unwrap_err();
        assert_eq!(
            error.message,
            "invalid price file: prices for `openai/x` must be finite and not negative"
        );
    }
}
