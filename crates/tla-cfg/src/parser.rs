//! The cfg parser, following TLC's `ModelConfig.parse` decision by decision.
//!
//! TLC reads a cfg file as a stream of SANY tokens and dispatches on each section keyword:
//! single-name keywords take exactly the next token (whatever it is), list keywords take tokens
//! until the next keyword, `CONSTANT(S)` takes lines `lhs = value`, `lhs <- name`, with
//! `A!B!c` and `Op(v, ...)` left-hand sides and `[Mod]` qualifiers on the right. The first error
//! ends the parse. The quirks are kept on purpose, because they decide what TLC accepts:
//! - any token is a model value, so `N = -1` reads `N = -`, then a constant line starting `1`;
//! - a lexical error is an end-of-file token without text: where TLC only checks for end of
//!   file it ends the file silently, where TLC reads the text it fails with a
//!   `NullPointerException`;
//! - `CFG_GENERAL` (an unclosed argument list) names the line of the `CONSTANT` keyword.

use tla_diagnostics::Span;

use crate::error::{CfgError, CfgErrorKind, CfgWarning};
use crate::lexer::{tokenize, CfgToken, CfgTokenKind};
use crate::model::{
    CfgKeyword, CfgName, CfgValue, CfgValueKind, CheckDeadlockEntry, ConstantAssignment,
    ConstantEntry, ConstantSubstitution, ModelConfig, NamedEntry,
};

/// How deep sets may nest before we stop with [`CfgErrorKind::NestingTooDeep`].
pub const MAX_SET_NESTING: usize = 1000;

/// The outcome of reading a cfg text: everything read up to the first error, the error, and a
/// warning if a lexical error made TLC stop reading silently.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParsedConfig {
    pub config: ModelConfig,
    pub error: Option<CfgError>,
    pub warning: Option<CfgWarning>,
}

/// Reads a cfg text as TLC does. Never panics; time is linear in the text.
pub fn parse_config(text: &str) -> ParsedConfig {
    let tokens = tokenize(text).tokens;
    let mut parser = Parser { tokens: &tokens, position: 0, config: ModelConfig::default() };
    let error = parser.parse_sections().err();
    let mut warning = None;
    if error.is_none() {
        if let Some(last) = tokens.last().filter(|token| token.kind == CfgTokenKind::LexicalError) {
            warning = Some(CfgWarning {
                span: last.span,
                message: format!(
                    "TLC stops reading the configuration file at line {}: SANY cannot tokenize \
                     `{}`, and everything from here on is ignored without an error.",
                    last.line, last.image
                ),
            });
        }
    }
    ParsedConfig { config: parser.config, error, warning }
}

struct Parser<'t, 'a> {
    tokens: &'t [CfgToken<'a>],
    position: usize,
    config: ModelConfig,
}

/// TLC's `tt.image.equals(x)`: a lexical-error token has no image and makes TLC throw.
fn image_is(token: &CfgToken<'_>, text: &str) -> Result<bool, CfgError> {
    if token.kind == CfgTokenKind::LexicalError {
        return Err(CfgError::lexical_error_token(token.span));
    }
    Ok(token.image == text)
}

fn name_of(token: &CfgToken<'_>) -> CfgName {
    CfgName { name: token.image.to_string(), span: token.span }
}

impl<'a> Parser<'_, 'a> {
    /// The next token; the final end-of-file (or lexical-error) token repeats forever.
    fn next(&mut self) -> CfgToken<'a> {
        let token = self.tokens[self.position.min(self.tokens.len() - 1)];
        if self.position < self.tokens.len() - 1 {
            self.position += 1;
        }
        token
    }

    fn is_section_keyword(token: &CfgToken<'_>) -> bool {
        token.kind != CfgTokenKind::LexicalError && CfgKeyword::from_text(token.image).is_some()
    }

    fn parse_sections(&mut self) -> Result<(), CfgError> {
        let mut token = self.next();
        while !token.is_end() {
            let keyword_line = token.line;
            let keyword_span = token.span;
            let Some(keyword) = CfgKeyword::from_text(token.image) else {
                return Err(CfgError::expected(
                    CfgErrorKind::UnknownKeyword,
                    token.line,
                    token.span,
                    "a keyword",
                ));
            };
            token = match keyword {
                CfgKeyword::Constant | CfgKeyword::Constants => {
                    self.parse_constants(keyword_line)?
                }
                CfgKeyword::Invariant
                | CfgKeyword::Invariants
                | CfgKeyword::Property
                | CfgKeyword::Properties
                | CfgKeyword::Constraint
                | CfgKeyword::Constraints
                | CfgKeyword::ActionConstraint
                | CfgKeyword::ActionConstraints => self.parse_name_list(keyword, keyword_span),
                CfgKeyword::CheckDeadlock => {
                    self.parse_check_deadlock(keyword_line, keyword_span)?
                }
                _ => self.parse_single_name(keyword, keyword_line, keyword_span)?,
            };
        }
        Ok(())
    }

    /// `INIT`, `NEXT`, `SPECIFICATION`, `VIEW`, `SYMMETRY`, `ALIAS`, `POSTCONDITION`,
    /// `_PERIODIC`, `_RL_REWARD`: exactly one token, whatever it is.
    fn parse_single_name(
        &mut self,
        keyword: CfgKeyword,
        keyword_line: u32,
        keyword_span: Span,
    ) -> Result<CfgToken<'a>, CfgError> {
        let token = self.next();
        if token.is_end() {
            return Err(CfgError::missing_identifier(keyword_line, keyword_span, keyword.text()));
        }
        let entry = NamedEntry { name: name_of(&token), keyword, keyword_span };
        let slot = match keyword {
            CfgKeyword::Init => &mut self.config.init,
            CfgKeyword::Next => &mut self.config.next,
            CfgKeyword::Specification => &mut self.config.specification,
            CfgKeyword::View => &mut self.config.view,
            CfgKeyword::Symmetry => &mut self.config.symmetry,
            CfgKeyword::Alias => &mut self.config.alias,
            CfgKeyword::PostCondition => &mut self.config.postcondition,
            CfgKeyword::Periodic => &mut self.config.periodic,
            _ => &mut self.config.rl_reward,
        };
        if slot.is_some() {
            return Err(CfgError::keyword_twice(keyword_line, keyword_span, keyword.text()));
        }
        *slot = Some(entry);
        Ok(self.next())
    }

    /// `INVARIANT(S)`, `PROPERTY`/`PROPERTIES`, `CONSTRAINT(S)`, `ACTION_CONSTRAINT(S)`: every
    /// token up to the next keyword or the end of the file.
    fn parse_name_list(&mut self, keyword: CfgKeyword, keyword_span: Span) -> CfgToken<'a> {
        loop {
            let token = self.next();
            if token.is_end() || Parser::is_section_keyword(&token) {
                return token;
            }
            let entry = NamedEntry { name: name_of(&token), keyword, keyword_span };
            let list = match keyword {
                CfgKeyword::Invariant | CfgKeyword::Invariants => &mut self.config.invariants,
                CfgKeyword::Property | CfgKeyword::Properties => &mut self.config.properties,
                CfgKeyword::Constraint | CfgKeyword::Constraints => &mut self.config.constraints,
                _ => &mut self.config.action_constraints,
            };
            list.push(entry);
        }
    }

    fn parse_check_deadlock(
        &mut self,
        keyword_line: u32,
        keyword_span: Span,
    ) -> Result<CfgToken<'a>, CfgError> {
        let token = self.next();
        if token.is_end() {
            return Err(CfgError::missing_identifier(keyword_line, keyword_span, "CHECK_DEADLOCK"));
        }
        let value = match token.image {
            "TRUE" => true,
            "FALSE" => false,
            _ => {
                return Err(CfgError::expected(
                    CfgErrorKind::ExpectedBoolean,
                    token.line,
                    token.span,
                    "TRUE or FALSE",
                ))
            }
        };
        if self.config.check_deadlock.is_some() {
            return Err(CfgError::keyword_twice(keyword_line, keyword_span, "CHECK_DEADLOCK"));
        }
        self.config.check_deadlock =
            Some(CheckDeadlockEntry { value, span: token.span, keyword_span });
        Ok(self.next())
    }

    /// The lines of a `CONSTANT(S)` section, up to the next keyword or the end of the file.
    fn parse_constants(&mut self, keyword_line: u32) -> Result<CfgToken<'a>, CfgError> {
        loop {
            let first = self.next();
            if first.is_end() || Parser::is_section_keyword(&first) {
                return Ok(first);
            }
            let entry = self.parse_constant_line(first, keyword_line)?;
            self.config.constants.push(entry);
        }
    }

    fn parse_constant_line(
        &mut self,
        first: CfgToken<'a>,
        keyword_line: u32,
    ) -> Result<ConstantEntry, CfgError> {
        // Left-hand side: `A`, or `A!B!c` (TLC joins the parts with `!`).
        let mut lhs = first.image.to_string();
        let mut lhs_span = first.span;
        let mut token = self.next();
        while image_is(&token, "!")? {
            let part = self.next();
            lhs.push('!');
            // A lexical error here is Java's `null` concatenated into the name.
            lhs.push_str(if part.kind == CfgTokenKind::LexicalError { "null" } else { part.image });
            lhs_span = lhs_span.cover(part.span);
            token = self.next();
        }
        let name = CfgName { name: lhs, span: lhs_span };

        if image_is(&token, "<-")? {
            return self.parse_substitution(name);
        }

        let mut arguments = Vec::new();
        let has_argument_list = image_is(&token, "(")?;
        if has_argument_list {
            loop {
                let value_start = self.next();
                arguments.push(self.parse_value(value_start, 0)?);
                token = self.next();
                if !image_is(&token, ",")? {
                    break;
                }
            }
            if !image_is(&token, ")")? {
                return Err(CfgError::at_line(
                    CfgErrorKind::MalformedArguments,
                    keyword_line,
                    token.span,
                    "",
                ));
            }
            token = self.next();
        }
        if !image_is(&token, "=")? {
            return Err(CfgError::expected(
                CfgErrorKind::ExpectedAssignment,
                token.line,
                token.span,
                "= or <-",
            ));
        }
        let mut token = self.next();
        let mut module = None;
        if image_is(&token, "[")? {
            module = Some(self.parse_module_name_after_bracket("=[")?);
            token = self.next();
        }
        let value = self.parse_value(token, 0)?;
        let span = name.span.cover(value.span);
        Ok(ConstantEntry::Assignment(ConstantAssignment {
            name,
            arguments,
            has_argument_list,
            module,
            value,
            span,
        }))
    }

    /// After a `[` in `=[Mod]` or `<-[Mod]`: the module name and the closing `]`; `context` is
    /// what TLC names as the text the missing name should follow.
    fn parse_module_name_after_bracket(&mut self, context: &str) -> Result<CfgName, CfgError> {
        let module_token = self.next();
        if module_token.is_end() {
            return Err(CfgError::expected_identifier(
                module_token.line,
                module_token.span,
                context,
            ));
        }
        let close = self.next();
        if !image_is(&close, "]")? {
            return Err(CfgError::expected(
                CfgErrorKind::UnclosedModuleName,
                close.line,
                close.span,
                "]",
            ));
        }
        Ok(name_of(&module_token))
    }

    /// After `lhs <-`: `Def` or `[Mod] Def`.
    fn parse_substitution(&mut self, name: CfgName) -> Result<ConstantEntry, CfgError> {
        let token = self.next();
        let mut module = None;
        let definition = if image_is(&token, "[")? {
            let module_name = self.parse_module_name_after_bracket("<-[")?;
            let definition = self.next();
            if definition.is_end() {
                return Err(CfgError::expected_identifier(
                    definition.line,
                    definition.span,
                    "<-[mod]",
                ));
            }
            module = Some(module_name);
            definition
        } else {
            if token.is_end() {
                return Err(CfgError::expected_identifier(token.line, token.span, "<-"));
            }
            token
        };
        let span = name.span.cover(definition.span);
        Ok(ConstantEntry::Substitution(ConstantSubstitution {
            name,
            module,
            definition: name_of(&definition),
            span,
        }))
    }

    /// TLC's `parseValue`: number, string, `TRUE`, `FALSE`, `{...}`, or any token as a model
    /// value.
    fn parse_value(&mut self, token: CfgToken<'a>, depth: usize) -> Result<CfgValue, CfgError> {
        let kind = match token.kind {
            CfgTokenKind::Number => match parse_java_int(token.image) {
                Some(number) => CfgValueKind::Integer(number),
                None => return Err(CfgError::number_format(token.span, token.image)),
            },
            CfgTokenKind::String => {
                let image = token.image;
                CfgValueKind::String(image[1..image.len() - 1].to_string())
            }
            CfgTokenKind::LexicalError => return Err(CfgError::lexical_error_token(token.span)),
            CfgTokenKind::Other if token.image == "TRUE" => CfgValueKind::Boolean(true),
            CfgTokenKind::Other if token.image == "FALSE" => CfgValueKind::Boolean(false),
            CfgTokenKind::Other if token.image == "{" => {
                return self.parse_set(token, depth);
            }
            CfgTokenKind::Other => CfgValueKind::ModelValue(token.image.to_string()),
            CfgTokenKind::EndOfFile => {
                return Err(CfgError::expected(
                    CfgErrorKind::MissingValue,
                    token.line,
                    token.span,
                    "a value",
                ))
            }
        };
        Ok(CfgValue { kind, span: token.span })
    }

    fn parse_set(&mut self, open: CfgToken<'a>, depth: usize) -> Result<CfgValue, CfgError> {
        if depth >= MAX_SET_NESTING {
            return Err(CfgError::nesting_too_deep(open.span));
        }
        let mut elements = Vec::new();
        let mut token = self.next();
        if !image_is(&token, "}")? {
            loop {
                elements.push(self.parse_value(token, depth + 1)?);
                token = self.next();
                if !image_is(&token, ",")? {
                    break;
                }
                token = self.next();
            }
        }
        if !image_is(&token, "}")? {
            return Err(CfgError::expected(CfgErrorKind::UnclosedSet, token.line, token.span, "}"));
        }
        Ok(CfgValue { kind: CfgValueKind::Set(elements), span: open.span.cover(token.span) })
    }
}

/// Java's `Integer.parseInt` on a token image: decimal digits only, at most 2^31-1.
fn parse_java_int(image: &str) -> Option<i32> {
    if image.is_empty() || !image.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let digits = image.trim_start_matches('0');
    if digits.len() > 10 {
        return None;
    }
    if digits.is_empty() {
        return Some(0);
    }
    digits.parse::<i64>().ok().and_then(|value| i32::try_from(value).ok())
}
