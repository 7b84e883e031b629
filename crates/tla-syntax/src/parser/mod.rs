//! The parser: tokens to a [`Module`] tree, with SANY's verdicts.
//!
//! The grammar follows SANY's, production by production, because agreeing with SANY on what is
//! a syntax error is the point. Three mechanisms of SANY's are reproduced exactly:
//! - **Definition breaks.** Before parsing a definition's body SANY looks ahead for the next `==`
//!   and marks where that definition's left-hand side starts; an expression can never run into
//!   it (SANY's messages call this token "Beginning of definition"). See [`Parser::mark_next_definition`].
//! - **Junction lists.** A bulleted `/\` or `\/` list remembers its bullet's column; a token at or
//!   left of that column ends the current item, and a required token there is an indentation error.
//! - **Operator precedence** is resolved by an operator stack with precedence ranges (see
//!   `expr.rs`), which reports "Precedence conflict" where SANY does.
//!
//! Like SANY, the parser stops at the first syntax error; it still returns the units parsed
//! before it, so parsing never fails.

mod brackets;
mod expr;
mod module;
mod operator_stack;
mod proof;

pub use expr::unescape as unescape_string_literal;

use crate::ast::Module;
use crate::diagnostics::{JUNCTION_INDENTATION, NESTING_TOO_DEEP, UNEXPECTED_TOKEN};
use crate::operators::{self, SpellingClass};
use crate::token::{Keyword, Token, TokenKind};
use tla_diagnostics::{Diagnostic, DiagnosticCode, LineIndex, Span};

/// How deeply expressions and definitions may nest before the parser gives up cleanly.
pub const MAX_NESTING_DEPTH: u32 = 200;

/// The outcome of parsing one file: the module (if a header was found) and the diagnostics.
pub struct ParsedModule {
    pub module: Option<Module>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Raised to unwind the parser after the first syntax error has been recorded.
pub(crate) struct Abort;

pub(crate) type ParseResult<T> = Result<T, Abort>;

/// Parses the first module of `text` (text outside it is ignored, as SANY ignores it).
pub fn parse_module(text: &str) -> ParsedModule {
    let lexed = crate::lexer::lex(text);
    let mut parser = Parser::new(text, &lexed.tokens);
    let module = parser.compilation_unit();
    let mut diagnostics = parser.diagnostics;
    // A lexical error is reported only when the parser got that far, as in SANY, whose lexer runs
    // on demand: an earlier syntax error wins.
    if diagnostics.is_empty() || parser.reached_end {
        diagnostics.extend(lexed.diagnostics);
    }
    if diagnostics.len() > 1 {
        diagnostics.truncate(1);
    }
    ParsedModule { module, diagnostics }
}

/// The start of one definition found by [`definition_starts`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionStart {
    /// Byte offset of the first token of the left-hand side.
    pub offset: u32,
    /// The defined name (an identifier, or the operator symbol of an operator definition).
    pub name: String,
}

/// Where each definition of `text` starts: for every `==`, the first token of its left-hand side
/// and the defined name, found with SANY's rule for definition breaks. Works on text that does
/// not parse, which is what checking the definitions of a broken module one by one needs.
pub fn definition_starts(text: &str) -> Vec<DefinitionStart> {
    let lexed = crate::lexer::lex(text);
    let tokens = &lexed.tokens;
    let mut parser = Parser::new(text, tokens);
    let mut res = Vec::new();
    let mut previous_definition = 0usize;
    for idx in 0..tokens.len() {
        if tokens[idx].kind != TokenKind::DefEq {
            continue;
        }
        parser.pos = previous_definition + 1;
        if let Some(start) = parser.left_hand_side_start(idx) {
            let is_operator = |token: Token| matches!(token.kind, TokenKind::Operator(_));
            let name_token = if is_operator(tokens[start]) {
                tokens[start]
            } else if start + 1 < idx && is_operator(tokens[start + 1]) {
                tokens[start + 1]
            } else {
                tokens[start]
            };
            res.push(DefinitionStart {
                offset: tokens[start].span.start,
                name: parser.text_of(name_token).to_string(),
            });
        }
        previous_definition = idx;
    }
    res
}

pub(crate) struct Parser<'a> {
    text: &'a str,
    tokens: &'a [Token],
    pos: usize,
    /// `definition_breaks[i]`: a definition's left-hand side starts at token `i`.
    definition_breaks: Vec<bool>,
    /// Whether the break before the current token has been consumed.
    break_consumed: bool,
    /// Bullet columns and kinds of the open junction lists, innermost last.
    junctions: Vec<(u32, bool)>,
    depth: u32,
    /// Operators pushed so far in the innermost expression being parsed.
    operators_in_expression: u32,
    /// Emptied operator stacks kept for reuse.
    stack_pool: Vec<Vec<operator_stack::StackElement>>,
    /// Nesting of proofs and the level of each.
    /// The level of each open proof, innermost last; `None` until its first step sets it.
    proof_levels: Vec<Option<u32>>,
    module_name: String,
    /// Built on the first error message that needs a location.
    line_index: std::cell::OnceCell<LineIndex<'a>>,
    diagnostics: Vec<Diagnostic>,
    /// Set when the lexer's end of input was consumed (so a lexical error there is real).
    reached_end: bool,
}

/// What the parser sees next: a token, or SANY's fictitious "Beginning of definition".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Next {
    DefinitionBreak,
    Token(TokenKind),
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, tokens: &'a [Token]) -> Parser<'a> {
        Parser {
            text,
            tokens,
            pos: 0,
            definition_breaks: vec![false; tokens.len()],
            break_consumed: false,
            junctions: Vec::new(),
            depth: 0,
            operators_in_expression: 0,
            stack_pool: Vec::new(),
            proof_levels: Vec::new(),
            module_name: String::new(),
            line_index: std::cell::OnceCell::new(),
            diagnostics: Vec::new(),
            reached_end: false,
        }
    }

    // ----- Looking at tokens -----

    fn token(&self) -> Token {
        self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn token_at(&self, offset: usize) -> Token {
        self.tokens[(self.pos + offset).min(self.tokens.len() - 1)]
    }

    fn at_definition_break(&self) -> bool {
        self.definition_breaks[self.pos.min(self.tokens.len() - 1)] && !self.break_consumed
    }

    /// The next thing in the stream, definition breaks included.
    pub(crate) fn next(&self) -> Next {
        if self.at_definition_break() {
            Next::DefinitionBreak
        } else {
            Next::Token(self.token().kind)
        }
    }

    /// The kind of the `n`-th token ahead (0 = next), skipping definition breaks.
    fn kind_at(&self, offset: usize) -> TokenKind {
        self.token_at(offset).kind
    }

    fn at(&self, kind: TokenKind) -> bool {
        self.next() == Next::Token(kind)
    }

    fn at_keyword(&self, keyword: Keyword) -> bool {
        self.at(TokenKind::Keyword(keyword))
    }

    fn text_of(&self, token: Token) -> &'a str {
        &self.text[token.span.start as usize..token.span.end as usize]
    }

    /// Whether the next token is right of the innermost junction bullet (SANY's `isAboveCurrent`).
    fn is_above_current(&self) -> bool {
        if self.at_definition_break() {
            return true;
        }
        match self.junctions.last() {
            None => true,
            Some(&(column, _)) => column < self.token().column,
        }
    }

    /// The operator spelling class of the next token, if it is an operator.
    fn operator_class(&self) -> Option<SpellingClass> {
        match self.next() {
            Next::Token(TokenKind::Operator(index)) => Some(operators::spelling(index).class),
            _ => None,
        }
    }

    fn operator_canonical(&self) -> Option<&'static str> {
        match self.next() {
            Next::Token(TokenKind::Operator(index)) => Some(operators::spelling(index).canonical),
            _ => None,
        }
    }

    // ----- Consuming tokens -----

    /// Consumes the next token (or the definition break in front of it).
    fn bump(&mut self) -> ParseResult<Token> {
        if self.at_definition_break() {
            return Err(self.unexpected(""));
        }
        let token = self.token();
        if token.kind == TokenKind::Eof {
            self.reached_end = true;
        }
        if let Some(&(column, _)) = self.junctions.last() {
            if token.column <= column && token.kind != TokenKind::Eof {
                let message = format!(
                    "Item at {} is not properly indented inside conjunction or  disjunction list item",
                    self.location(token.span)
                );
                return Err(self.error_at(JUNCTION_INDENTATION, token.span, message));
            }
        }
        if self.pos < self.tokens.len() - 1 {
            self.pos += 1;
        }
        self.break_consumed = false;
        Ok(token)
    }

    /// Consumes the definition break in front of the next token, if there is one.
    fn eat_definition_break(&mut self) -> bool {
        if self.at_definition_break() {
            self.break_consumed = true;
            return true;
        }
        false
    }

    /// Consumes the next token as a junction bullet (exempt from the indentation rule).
    fn bump_bullet(&mut self) -> Token {
        let token = self.token();
        self.pos += 1;
        self.break_consumed = false;
        token
    }

    fn expect(&mut self, kind: TokenKind, what: &str) -> ParseResult<Token> {
        if self.at(kind) {
            return self.bump();
        }
        Err(self.unexpected(what))
    }

    fn expect_keyword(&mut self, keyword: Keyword, what: &str) -> ParseResult<Token> {
        self.expect(TokenKind::Keyword(keyword), what)
    }

    fn eat(&mut self, kind: TokenKind) -> ParseResult<bool> {
        if self.at(kind) {
            self.bump()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn expect_identifier(&mut self, what: &str) -> ParseResult<crate::ast::Name> {
        let token = self.expect(TokenKind::Identifier, what)?;
        Ok(self.name_of(token))
    }

    fn name_of(&self, token: Token) -> crate::ast::Name {
        crate::ast::Name { text: self.text_of(token).to_string(), span: token.span }
    }

    // ----- Definition breaks -----

    /// SANY's `belchDEF`: finds the next `==` (before any `THEOREM`, `ASSUMPTION` or `====`) and
    /// marks the start of its left-hand side as the beginning of a definition.
    fn mark_next_definition(&mut self) {
        let stops = |kind: TokenKind| {
            matches!(
                kind,
                TokenKind::Eof
                    | TokenKind::EndModule
                    | TokenKind::Keyword(
                        Keyword::Theorem | Keyword::Proposition | Keyword::Assumption
                    )
            )
        };
        let mut idx = self.pos;
        while idx + 1 < self.tokens.len() && !stops(self.tokens[idx + 1].kind) {
            if self.tokens[idx].kind == TokenKind::DefEq {
                if let Some(start) = self.left_hand_side_start(idx) {
                    if !(start == self.pos && self.break_consumed) {
                        self.definition_breaks[start] = true;
                    }
                }
                return;
            }
            idx += 1;
        }
    }

    /// The token where the left-hand side of the definition whose `==` is token `def_idx` starts.
    fn left_hand_side_start(&self, def_idx: usize) -> Option<usize> {
        let kind = |idx: usize| self.tokens[idx].kind;
        let class = |idx: usize| match self.tokens[idx].kind {
            TokenKind::Operator(index) => Some(operators::spelling(index).class),
            _ => None,
        };
        let mut t = def_idx.checked_sub(1)?;
        // Tokens before the scan's start are still visible to SANY: it walks back through the
        // chain of tokens it previewed, which begins where the scan began.
        let first = self.pos.saturating_sub(1);
        if t < first {
            return None;
        }
        match kind(t) {
            TokenKind::RightParen | TokenKind::RightBracket => {
                let mut depth = 1;
                loop {
                    if t == first {
                        return None;
                    }
                    t -= 1;
                    match kind(t) {
                        TokenKind::LeftParen | TokenKind::LeftBracket if depth == 1 => break,
                        TokenKind::LeftParen | TokenKind::LeftBracket => depth -= 1,
                        TokenKind::RightParen | TokenKind::RightBracket => depth += 1,
                        _ => {}
                    }
                }
                if t == first {
                    return None;
                }
                if kind(t - 1) == TokenKind::Identifier {
                    t -= 1;
                }
            }
            TokenKind::Identifier => {
                let identifier = t;
                if t > first {
                    if let Some(op_class) = class(t - 1) {
                        let infix = op_class == SpellingClass::Infix;
                        let before_is_identifier =
                            t >= first + 2 && kind(t - 2) == TokenKind::Identifier;
                        if op_class != SpellingClass::Postfix && (!infix || before_is_identifier) {
                            t -= 1;
                            if t > first && kind(t - 1) == TokenKind::LeftArrow {
                                t = identifier;
                            } else if infix {
                                t -= 1;
                            }
                        }
                    }
                }
            }
            _ => {
                if class(t).is_some() && t > first {
                    t -= 1;
                }
            }
        }
        Some(t)
    }

    // ----- Errors -----

    /// SANY's location format: `line L, col C to line L2, col C2 of module M`.
    pub(crate) fn location(&self, span: Span) -> String {
        let line_index = self.line_index.get_or_init(|| LineIndex::new(self.text));
        let start = line_index.line_column(span.start);
        let end = line_index.last_char(span);
        format!(
            "line {}, col {} to line {}, col {} of module {}",
            start.line, start.column, end.line, end.column, self.module_name
        )
    }

    fn error_at(&mut self, code: DiagnosticCode, span: Span, message: String) -> Abort {
        if self.diagnostics.is_empty() {
            self.diagnostics.push(Diagnostic::error(code, span, message));
        }
        Abort
    }

    /// SANY's `Encountered "X" at line L, column C` error for the next token.
    fn unexpected(&mut self, expecting: &str) -> Abort {
        let token = self.token();
        let image = if self.at_definition_break() {
            "Beginning of definition".to_string()
        } else if token.kind == TokenKind::Eof {
            "<EOF>".to_string()
        } else {
            self.text_of(token).to_string()
        };
        // SANY names the last token read before the unexpected one.
        let previous = self
            .pos
            .checked_sub(1)
            .map(|idx| self.text_of(self.tokens[idx]).to_string())
            .unwrap_or_default();
        let message = format!(
            "Encountered \"{image}\" at line {}, column {} and token \"{previous}\"",
            token.line, token.column
        );
        let span = if token.span.is_empty() {
            Span::new(token.span.start, token.span.start)
        } else {
            token.span
        };
        let abort = self.error_at(UNEXPECTED_TOKEN, span, message);
        if let Some(last) = self.diagnostics.last_mut() {
            if last.notes.is_empty() && !expecting.is_empty() {
                last.notes.push(format!("Was expecting {expecting}"));
            }
        }
        abort
    }

    fn enter(&mut self) -> ParseResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING_DEPTH {
            let span = self.token().span;
            let message = format!("Expression nested more than {MAX_NESTING_DEPTH} levels deep");
            return Err(self.error_at(NESTING_TOO_DEEP, span, message));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn span_from(&self, start: Span) -> Span {
        let end = if self.pos == 0 { start.end } else { self.tokens[self.pos - 1].span.end };
        Span::new(start.start, end.max(start.start))
    }
}
