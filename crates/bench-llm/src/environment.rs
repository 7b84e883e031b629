//! Environment variables as data: API keys and base URLs come from a map the caller builds, so library code never
//! reads the process environment and tests stay hermetic.
//!
//! [`ProviderEnvironment::from_process_and_dotenv`] is the single edge helper that reads the real process
//! environment plus a `.env` file (variables already set in the process win). Everything else takes a
//! [`ProviderEnvironment`]. Its `Debug` output lists variable names only, never values.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::error::{ProviderError, ProviderErrorKind};

/// An API key. `Debug` and `Display` are redacted; call [`ApiKey::expose_secret`] only to build a request header.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// Wraps a key value.
    pub fn new(value: impl Into<String>) -> ApiKey {
        ApiKey(value.into())
    }

    /// The key itself, for an HTTP header.
    pub fn expose_secret(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("ApiKey([REDACTED])")
    }
}

/// Environment variables relevant to providers, passed around as data.
#[derive(Clone, PartialEq, Eq)]
pub struct ProviderEnvironment {
    variables: BTreeMap<String, String>,
}

impl ProviderEnvironment {
    /// An environment from explicit variables (tests, or a caller that assembled its own).
    pub fn from_variables(variables: BTreeMap<String, String>) -> ProviderEnvironment {
        ProviderEnvironment { variables }
    }

    /// The process environment layered over the given `.env` file, if it exists. Process variables win.
    ///
    /// This is the only function in the crate that reads the process environment.
    pub fn from_process_and_dotenv(
        dotenv_path: Option<&Path>,
    ) -> Result<ProviderEnvironment, ProviderError> {
        let dotenv_text = match dotenv_path.map(std::fs::read_to_string) {
            None => None,
            Some(Ok(dotenv_text)) => Some(dotenv_text),
            Some(Err(io_error)) if io_error.kind() == std::io::ErrorKind::NotFound => None,
            Some(Err(io_error)) => {
                return Err(ProviderError::new(
                    ProviderErrorKind::InvalidConfiguration,
                    format!(
                        "cannot read {}: {io_error}",
                        dotenv_path.unwrap_or(Path::new(".env")).display()
                    ),
                ));
            }
        };
        // Non-UTF-8 variables cannot hold keys or URLs we could use, so they are skipped.
        let process_variables = std::env::vars_os()
            .filter_map(|(name, value)| Some((name.into_string().ok()?, value.into_string().ok()?)))
            .collect();
        ProviderEnvironment::from_process_variables_and_dotenv_text(
            process_variables,
            dotenv_text.as_deref(),
        )
        .map_err(|parse_error| {
            ProviderError::new(
                ProviderErrorKind::InvalidConfiguration,
                format!("{}: {parse_error}", dotenv_path.unwrap_or(Path::new(".env")).display()),
            )
        })
    }

    /// `process_variables` layered over the assignments of `dotenv_text`; process variables win.
    pub fn from_process_variables_and_dotenv_text(
        process_variables: BTreeMap<String, String>,
        dotenv_text: Option<&str>,
    ) -> Result<ProviderEnvironment, DotenvParseError> {
        let mut variables: BTreeMap<String, String> = match dotenv_text {
            Some(dotenv_text) => parse_dotenv(dotenv_text)?.into_iter().collect(),
            None => BTreeMap::new(),
        };
        variables.extend(process_variables);
        Ok(ProviderEnvironment { variables })
    }

    /// A variable's value; empty values count as unset.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.variables.get(name).map(String::as_str).filter(|value| !value.trim().is_empty())
    }

    /// The first of `names` that is set, with the name that supplied it.
    pub fn first_of<'a>(&self, names: &[&'a str]) -> Option<(&'a str, &str)> {
        names.iter().find_map(|name| Some((*name, self.get(name)?)))
    }

    /// Values of every variable that looks like a credential (`*_KEY`, `*_TOKEN`, `*_SECRET`), for redaction.
    pub fn secret_values(&self) -> Vec<String> {
        self.variables
            .iter()
            .filter(|(name, value)| {
                let upper = name.to_ascii_uppercase();
                let looks_secret = upper.ends_with("_KEY")
                    || upper.ends_with("_TOKEN")
                    || upper.ends_with("_SECRET")
                    || upper.contains("API_KEY");
                looks_secret && value.trim().len() >= 4
            })
            .map(|(_, value)| value.trim().to_owned())
            .collect()
    }
}

impl fmt::Debug for ProviderEnvironment {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("ProviderEnvironment")
            .field("variable_names", &self.variables.keys())
            .finish()
    }
}

/// Replaces every occurrence of each secret (at least 4 characters long) in `text` with `[REDACTED]`.
pub fn redact_secrets<S: AsRef<str>>(text: &str, secrets: &[S]) -> String {
    let mut redacted = text.to_owned();
    for secret in secrets {
        let secret = secret.as_ref();
        if secret.len() >= 4 && redacted.contains(secret) {
            redacted = redacted.replace(secret, "[REDACTED]");
        }
    }
    redacted
}

/// Finds the nearest `.env` file in `start_directory` or one of its parents.
pub fn find_dotenv_file(start_directory: &Path) -> Option<PathBuf> {
    start_directory
        .ancestors()
        .map(|directory| directory.join(".env"))
        .find(|candidate| candidate.is_file())
}

/// A syntax error in a `.env` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotenvParseError {
    /// 1-based line number.
    pub line_number: usize,
    /// What is wrong with the line.
    pub message: String,
}

impl fmt::Display for DotenvParseError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "line {}: {}", self.line_number, self.message)
    }
}

impl std::error::Error for DotenvParseError {}

/// Parses `.env` text: `KEY=value` lines, optional `export ` prefix, `#` comments, blank lines, single-quoted
/// (literal) and double-quoted (with `\n`, `\t`, `\"`, `\\` escapes) values, and ` #` comments after unquoted
/// values. Later assignments of the same key win. Multi-line values and `${VAR}` expansion are not supported.
pub fn parse_dotenv(text: &str) -> Result<Vec<(String, String)>, DotenvParseError> {
    let mut assignments = Vec::new();
    for (line_idx, line) in text.lines().enumerate() {
        let line_number = line_idx + 1;
        let error = |message: &str| DotenvParseError { line_number, message: message.to_owned() };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line = line.strip_prefix("export ").map(str::trim_start).unwrap_or(line);
        let Some((name, raw_value)) = line.split_once('=') else {
            return Err(error("expected `NAME=value`"));
        };
        let name = name.trim();
        let name_is_valid =
            name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
        if !name_is_valid {
            return Err(error(&format!("invalid variable name `{name}`")));
        }
        let raw_value = raw_value.trim();
        let value = if let Some(quoted) = raw_value.strip_prefix('\'') {
            let Some(end_idx) = quoted.find('\'') else {
                return Err(error("unterminated single-quoted value"));
            };
            check_only_comment_follows(&quoted[end_idx + 1..]).map_err(&error)?;
            quoted[..end_idx].to_owned()
        } else if let Some(quoted) = raw_value.strip_prefix('"') {
            let (value, rest) = unescape_double_quoted(quoted)
                .ok_or_else(|| error("unterminated double-quoted value"))?;
            check_only_comment_follows(rest).map_err(&error)?;
            value
        } else {
            let without_comment = match raw_value.find(" #") {
                Some(comment_idx) => &raw_value[..comment_idx],
                None => raw_value,
            };
            without_comment.trim_end().to_owned()
        };
        assignments.push((name.to_owned(), value));
    }
    return Ok(assignments);

    fn check_only_comment_follows(rest: &str) -> Result<(), &'static str> {
        let rest = rest.trim();
        if rest.is_empty() || rest.starts_with('#') {
            Ok(())
        } else {
            Err("unexpected text after closing quote")
        }
    }

    /// Returns the unescaped value and the text after the closing quote.
    fn unescape_double_quoted(quoted: &str) -> Option<(String, &str)> {
        let mut value = String::new();
        let mut chars = quoted.char_indices();
        while let Some((char_idx, c)) = chars.next() {
            match c {
                '"' => return Some((value, &quoted[char_idx + 1..])),
                '\\' => match chars.next()?.1 {
                    'n' => value.push('\n'),
                    't' => value.push('\t'),
                    'r' => value.push('\r'),
                    other => value.push(other),
                },
                other => value.push(other),
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: &str) {
        let actual = match parse_dotenv(text) {
            Ok(assignments) => assignments
                .iter()
                .map(|(name, value)| format!("{name}={value:?}"))
                .collect::<Vec<_>>()
                .join("\n"),
            Err(error) => format!("error: {error}"),
        };
        assert_eq!(actual, expected);
    }

    #[test]
    fn parses_common_dotenv_forms() {
        check(
            "# comment\n\nOPENAI_API_KEY=sk-abc\nexport ANTHROPIC_API_KEY = 'lit#eral' # trailing\n\
             GEMINI_API_KEY=\"a\\\"b\\nc\"\nDEEPSEEK_API_KEY=plain # comment\nEMPTY=\nURL=http://x/#frag\n",
            "OPENAI_API_KEY=\"sk-abc\"\nANTHROPIC_API_KEY=\"lit#eral\"\nGEMINI_API_KEY=\"a\\\"b\\nc\"\n\
             DEEPSEEK_API_KEY=\"plain\"\nEMPTY=\"\"\nURL=\"http://x/#frag\"",
        );
    }

    #[test]
    fn reports_line_numbers_for_errors() {
        check("A=1\nnot a pair\n", "error: line 2: expected `NAME=value`");
        check("1A=x", "error: line 1: invalid variable name `1A`");
        check("A='x", "error: line 1: unterminated single-quoted value");
        check("A=\"x", "error: line 1: unterminated double-quoted value");
        check("A=\"x\" y", "error: line 1: unexpected text after closing quote");
    }

    #[test]
    fn process_variables_win_over_dotenv() {
        let process_variables =
            BTreeMap::from([("OPENAI_API_KEY".to_owned(), "from-process".to_owned())]);
        let environment = ProviderEnvironment::from_process_variables_and_dotenv_text(
            process_variables,
            Some("OPENAI_API_KEY=from-dotenv\nANTHROPIC_API_KEY=from-dotenv\nEMPTY=\n"),
        )
        .unwrap();
        assert_eq!(environment.get("OPENAI_API_KEY"), Some("from-process"));
        assert_eq!(environment.get("ANTHROPIC_API_KEY"), Some("from-dotenv"));
        assert_eq!(environment.get("EMPTY"), None, "empty values count as unset");
        assert_eq!(
            environment.first_of(&["MISSING", "ANTHROPIC_API_KEY"]),
            Some(("ANTHROPIC_API_KEY", "from-dotenv"))
        );
    }

    #[test]
    fn debug_output_hides_values() {
        let environment = ProviderEnvironment::from_variables(BTreeMap::from([(
            "OPENAI_API_KEY".to_owned(),
            "sk-secret-value".to_owned(),
        )]));
        let debug_text = format!("{environment:?} {:?}", ApiKey::new("sk-secret-value"));
        assert_eq!(
            debug_text,
            "ProviderEnvironment { variable_names: [\"OPENAI_API_KEY\"] } ApiKey([REDACTED])"
        );
        assert_eq!(environment.secret_values(), vec!["sk-secret-value".to_owned()]);
    }
}
