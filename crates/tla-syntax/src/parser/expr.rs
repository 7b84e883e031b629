//! Expressions: SANY's `Expression`, `ExtendableExpr`, `PrimitiveExp` and `OpenExpression`
//! productions, operator arguments, junction lists and general names (`I!Op`, `Op!1`).
//!
//! Operands and operators are pushed on an operator stack (see `operator_stack.rs`) that
//! resolves precedence as SANY does.

use super::{Next, ParseResult, Parser};
use crate::ast::{
    BoundGroup, BoundPattern, Expr, ExprKind, Name, NameSegment, Quantifier, Selector,
};
use crate::diagnostics::{INVALID_SYNTAX, NESTING_TOO_DEEP};
use crate::operators::{self, operator_info, Fixity, OperatorInfo, SpellingClass};

use super::operator_stack::{
    StackElement, StackOperator, FUNCTION_APPLICATION, MAX_OPERATORS_PER_EXPRESSION, VOID_OPERATOR,
};
use crate::token::{Keyword, TokenKind};
use tla_diagnostics::Span;

impl Parser<'_> {
    /// SANY's `Expression`.
    pub(crate) fn expression(&mut self) -> ParseResult<Expr> {
        // Nesting is bounded by MAX_NESTING_DEPTH; the stack grows on demand so that the bound,
        // not the thread's stack size, decides when a deep input is refused.
        stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || self.expression_guarded())
    }

    pub(super) fn expression_guarded(&mut self) -> ParseResult<Expr> {
        self.enter()?;
        let outer_operators = std::mem::take(&mut self.operators_in_expression);
        // Operator stacks are reused: one allocation per nesting level, not per expression.
        let mut stack = self.stack_pool.pop().unwrap_or_default();
        let res = self.expression_into(&mut stack).and_then(|()| self.final_reduce(&mut stack));
        stack.clear();
        self.stack_pool.push(stack);
        self.operators_in_expression = outer_operators;
        self.leave();
        res
    }

    pub(super) fn expression_into(&mut self, stack: &mut Vec<StackElement>) -> ParseResult<()> {
        self.prefix_operators(stack)?;
        if self.at_open_start() && self.is_above_current() {
            let expr = self.open_expression()?;
            stack.push(StackElement::Operand(expr));
            return Ok(());
        }
        if self.is_above_current() {
            return self.extendable_expression(stack);
        }
        Err(self.unexpected("an expression"))
    }

    /// Prefix operators (and `-`) in front of an operand.
    pub(super) fn prefix_operators(&mut self, stack: &mut Vec<StackElement>) -> ParseResult<()> {
        loop {
            let class = self.operator_class();
            let is_minus = self.operator_canonical() == Some("-");
            if !(class == Some(SpellingClass::Prefix) || is_minus) || !self.is_above_current() {
                return Ok(());
            }
            let operator = self.push_operator_token()?;
            stack.push(StackElement::Operator(operator));
            if stack.len() != 1 {
                self.reduce_stack(stack)?;
            }
        }
    }

    pub(super) fn push_operator_token(&mut self) -> ParseResult<StackOperator> {
        self.operators_in_expression += 1;
        if self.operators_in_expression > MAX_OPERATORS_PER_EXPRESSION {
            let span = self.token().span;
            let message = format!(
                "Expression nested too deeply: more than {MAX_OPERATORS_PER_EXPRESSION} operators in one expression"
            );
            return Err(self.error_at(NESTING_TOO_DEEP, span, message));
        }
        let token = self.bump()?;
        let TokenKind::Operator(index) = token.kind else {
            return Err(self.unexpected("an operator"));
        };
        let info = operators::spelling_info(index).unwrap_or(&VOID_OPERATOR);
        Ok(StackOperator { info, name: self.name_of(token), arguments: None, span: token.span })
    }

    pub(super) fn at_open_start(&self) -> bool {
        matches!(
            self.next(),
            Next::Token(TokenKind::Keyword(
                Keyword::Case
                    | Keyword::Choose
                    | Keyword::Exists
                    | Keyword::Forall
                    | Keyword::If
                    | Keyword::Let
                    | Keyword::TemporalExists
                    | Keyword::TemporalForall
            ))
        )
    }

    /// SANY's `ExtendableExpr`: an operand, its postfix parts, then maybe an infix operator and
    /// the rest of the expression.
    pub(super) fn extendable_expression(
        &mut self,
        stack: &mut Vec<StackElement>,
    ) -> ParseResult<()> {
        // SANY's grammar recurses after each infix operator; a loop reads the same language
        // without nesting a chain like `a + b + c + ...` on the stack.
        while self.extendable_operand(stack)? {}
        Ok(())
    }

    /// One operand with its postfix parts and, maybe, the infix operator after it. Returns true
    /// when another operand must follow.
    pub(super) fn extendable_operand(
        &mut self,
        stack: &mut Vec<StackElement>,
    ) -> ParseResult<bool> {
        let pre_in_empty_top = match stack.last() {
            None => true,
            Some(StackElement::Operator(op)) => op.info.fixity != Fixity::Postfix,
            Some(StackElement::Operand(_)) => false,
        };
        let bullet = matches!(self.operator_canonical(), Some("\\land" | "\\lor"));
        let operand = if bullet && pre_in_empty_top {
            self.junction_list()?
        } else if let Some(expr) = self.parentheses_expression()? {
            expr
        } else {
            self.primitive_expression()?
        };
        stack.push(StackElement::Operand(operand));
        // Postfix operators, record fields and function application.
        loop {
            if !self.is_above_current() {
                break;
            }
            if self.operator_class() == Some(SpellingClass::Postfix) {
                let operator = self.push_operator_token()?;
                stack.push(StackElement::Operator(operator));
                if stack.len() != 1 {
                    self.reduce_stack(stack)?;
                }
            } else if self.at(TokenKind::Dot) {
                let dot = self.bump()?;
                if !self.is_above_current() {
                    return Err(self.unexpected("a field name"));
                }
                let field = self.field_name()?;
                self.reduce_record(stack, dot.span, field)?;
            } else if self.at(TokenKind::LeftBracket) {
                let start = self.token().span;
                let (expr, arguments) = self.bracket_cases()?;
                match arguments {
                    Some(arguments) => {
                        let span = self.span_from(start);
                        let name = Name { text: "[".to_string(), span: start };
                        stack.push(StackElement::Operator(StackOperator {
                            info: &FUNCTION_APPLICATION,
                            name,
                            arguments: Some(arguments),
                            span,
                        }));
                        if stack.len() != 1 {
                            self.reduce_stack(stack)?;
                        }
                    }
                    None => stack.push(StackElement::Operand(expr)),
                }
            } else {
                break;
            }
        }
        if self.operator_class() == Some(SpellingClass::Infix) && self.is_above_current() {
            let operator = self.push_operator_token()?;
            stack.push(StackElement::Operator(operator));
            if stack.len() != 1 {
                self.reduce_stack(stack)?;
            }
            self.prefix_operators(stack)?;
            if self.at_open_start() && self.is_above_current() {
                let expr = self.open_expression()?;
                stack.push(StackElement::Operand(expr));
            } else if self.is_above_current() {
                return Ok(true);
            } else {
                return Err(self.unexpected("an expression"));
            }
        } else if self.at(TokenKind::ColonColon) && self.is_above_current() {
            let colons = self.bump()?;
            let Some(StackElement::Operand(label)) = stack.pop() else {
                let message =
                    format!("`::' at {} does not follow a label.", self.location(colons.span));
                return Err(self.error_at(INVALID_SYNTAX, colons.span, message));
            };
            let Some((name, parameters)) = label_parts(&label) else {
                let message =
                    format!("`::' at {} does not follow a label.", self.location(colons.span));
                return Err(self.error_at(INVALID_SYNTAX, colons.span, message));
            };
            let body = self.expression()?;
            if matches!(body.kind, ExprKind::Infix { .. } | ExprKind::Postfix { .. }) {
                let body_operator = body_operator_info(&body);
                if let (Some(StackElement::Operator(top)), Some(label_op)) =
                    (stack.last(), body_operator)
                {
                    if !OperatorInfo::binds_looser(top.info, label_op) {
                        let message = format!(
                            "Removing label at {} would change expression parsing.",
                            self.location(label.span)
                        );
                        return Err(self.error_at(INVALID_SYNTAX, label.span, message));
                    }
                }
            }
            let span = label.span.cover(body.span);
            let kind = ExprKind::Label { name, parameters, body: Box::new(body) };
            stack.push(StackElement::Operand(Expr::new(kind, span)));
        }
        Ok(false)
    }

    /// A record field name after `.`: an identifier or one of the reserved words SANY allows.
    pub(super) fn field_name(&mut self) -> ParseResult<Name> {
        let token = self.token();
        let allowed = match token.kind {
            TokenKind::Identifier | TokenKind::Underscore => true,
            TokenKind::WeakFairness | TokenKind::StrongFairness => true,
            TokenKind::Keyword(keyword) => keyword.is_field_name(),
            TokenKind::Operator(index) => {
                operators::spelling(index).text.bytes().all(|b| b.is_ascii_uppercase())
            }
            _ => false,
        };
        if !allowed || self.at_definition_break() {
            return Err(self.unexpected("a field name"));
        }
        let token = self.bump()?;
        Ok(self.name_of(token))
    }

    /// `(e)`, `{...}`, `[...]`, `<<...>>`, `WF_`/`SF_`: SANY's `ParenthesesExpression`.
    pub(super) fn parentheses_expression(&mut self) -> ParseResult<Option<Expr>> {
        let expr = match self.next() {
            Next::Token(TokenKind::LeftParen) => self.parenthesized()?,
            Next::Token(TokenKind::LeftBrace) => self.brace_cases()?,
            Next::Token(TokenKind::LeftBracket) => self.bracket_cases()?.0,
            Next::Token(TokenKind::LeftAngle) => self.tuple_or_action()?,
            Next::Token(TokenKind::WeakFairness | TokenKind::StrongFairness) => self.fairness()?,
            _ => return Ok(None),
        };
        Ok(Some(expr))
    }

    pub(super) fn parenthesized(&mut self) -> ParseResult<Expr> {
        let open = self.expect(TokenKind::LeftParen, "(")?;
        let inner = self.expression()?;
        self.expect(TokenKind::RightParen, ")")?;
        Ok(Expr::new(ExprKind::Parenthesized(Box::new(inner)), self.span_from(open.span)))
    }

    /// SANY's `PrimitiveExp`: strings, numbers, and general names with arguments and `!` parts.
    pub(super) fn primitive_expression(&mut self) -> ParseResult<Expr> {
        let start = self.token();
        match self.next() {
            Next::Token(TokenKind::String) => {
                let token = self.bump()?;
                let text = self.text_of(token);
                let body = text.strip_prefix('"').unwrap_or(text);
                let value = unescape(body.strip_suffix('"').unwrap_or(body));
                return Ok(Expr::new(ExprKind::String(value), token.span));
            }
            Next::Token(TokenKind::Number) => return self.number(),
            _ => {}
        }
        let first = match self.next() {
            Next::Token(TokenKind::Identifier) => {
                let token = self.bump()?;
                Selector::Name(self.text_of(token).to_string())
            }
            Next::Token(TokenKind::ProofStep) => {
                let token = self.bump()?;
                if self.proof_levels.is_empty() {
                    let message =
                        format!("{}: Step number used outside proof.", self.location(token.span));
                    return Err(self.error_at(INVALID_SYNTAX, token.span, message));
                }
                if self.text_of(token).starts_with("<+>") {
                    let message = format!(
                        "{}: <+> step number used in an expression.",
                        self.location(token.span)
                    );
                    return Err(self.error_at(INVALID_SYNTAX, token.span, message));
                }
                // SANY's `GeneralId` may start with a step name: `<1>2!1`, `<1>a!lab`, `<1>2(x)`.
                let takes_arguments = self.at(TokenKind::LeftParen) && self.can_start_argument(1);
                if !takes_arguments && !self.at(TokenKind::Bang) {
                    return Ok(Expr::new(
                        ExprKind::StepName(self.text_of(token).to_string()),
                        token.span,
                    ));
                }
                Selector::Name(self.text_of(token).to_string())
            }
            Next::Token(TokenKind::Operator(index)) => {
                let class = operators::spelling(index).class;
                if class == SpellingClass::Prefix {
                    return Err(self.unexpected("an expression"));
                }
                let token = self.bump()?;
                Selector::Name(self.text_of(token).to_string())
            }
            _ => return Err(self.unexpected("an expression")),
        };
        let mut segments = Vec::new();
        let (arguments, arguments_span) = self.optional_arguments()?;
        segments.push(NameSegment {
            arguments_span,
            selector: first,
            arguments,
            span: self.span_from(start.span),
        });
        while self.at(TokenKind::Bang) {
            segments.push(self.bang_extension()?);
        }
        Ok(Expr::new(ExprKind::Name(segments), self.span_from(start.span)))
    }

    pub(super) fn number(&mut self) -> ParseResult<Expr> {
        let token = self.bump()?;
        let digits = self.text_of(token).to_string();
        if self.at(TokenKind::Dot) && self.kind_at(1) == TokenKind::Number {
            self.bump()?;
            let fraction = self.bump()?;
            let text = format!("{digits}.{}", self.text_of(fraction));
            return Ok(Expr::new(ExprKind::Decimal(text), self.span_from(token.span)));
        }
        Ok(Expr::new(ExprKind::Number(digits), token.span))
    }

    /// `(a, b)` after a name, if the next two tokens can start an argument list.
    pub(super) fn optional_arguments(&mut self) -> ParseResult<(Vec<Expr>, Option<Span>)> {
        if self.at(TokenKind::LeftParen) && self.can_start_argument(1) {
            let open = self.token().span;
            let arguments = self.operator_arguments()?;
            return Ok((arguments, Some(self.span_from(open))));
        }
        Ok((Vec::new(), None))
    }

    /// Whether token `offset` ahead can begin an operator argument (SANY's `LOOKAHEAD(2) OpArgs`).
    pub(super) fn can_start_argument(&self, offset: usize) -> bool {
        if self.definition_breaks[(self.pos + offset).min(self.tokens.len() - 1)] {
            return false;
        }
        !matches!(
            self.kind_at(offset),
            TokenKind::RightParen
                | TokenKind::Comma
                | TokenKind::RightBracket
                | TokenKind::RightBrace
                | TokenKind::RightAngle
                | TokenKind::Eof
                | TokenKind::EndModule
                | TokenKind::Separator
                | TokenKind::DefEq
                | TokenKind::Colon
                | TokenKind::Arrow
                | TokenKind::MapsTo
                | TokenKind::Keyword(
                    Keyword::Then | Keyword::Else | Keyword::In | Keyword::Other | Keyword::Except
                )
        )
    }

    /// SANY's `OpArgs`: `(` arguments `)`, where an argument may be an operator symbol or LAMBDA.
    pub(crate) fn operator_arguments(&mut self) -> ParseResult<Vec<Expr>> {
        self.expect(TokenKind::LeftParen, "(")?;
        let mut arguments = vec![self.operator_or_expression()?];
        while self.eat(TokenKind::Comma)? {
            arguments.push(self.operator_or_expression()?);
        }
        self.expect(TokenKind::RightParen, "`,' or `)'")?;
        Ok(arguments)
    }

    /// SANY's `OpOrExpr`.
    pub(crate) fn operator_or_expression(&mut self) -> ParseResult<Expr> {
        if let Next::Token(TokenKind::Operator(index)) = self.next() {
            let spelling = operators::spelling(index);
            let follower_ends_argument = self.definition_breaks
                [(self.pos + 1).min(self.tokens.len() - 1)]
                || matches!(
                    self.kind_at(1),
                    TokenKind::Comma
                        | TokenKind::RightParen
                        | TokenKind::EndModule
                        | TokenKind::Separator
                        | TokenKind::BeginModule
                        | TokenKind::Keyword(
                            Keyword::Local
                                | Keyword::Instance
                                | Keyword::Theorem
                                | Keyword::Assume
                                | Keyword::Assumption
                                | Keyword::Constant
                                | Keyword::Variable
                                | Keyword::Recursive
                        )
                );
            if follower_ends_argument && self.is_above_current() {
                let token = self.bump()?;
                if spelling.canonical == "\\times" {
                    let message = format!(
                        "{}: \\X may not be used as an infix operator.",
                        self.location(token.span)
                    );
                    return Err(self.error_at(INVALID_SYNTAX, token.span, message));
                }
                let segment = NameSegment {
                    arguments_span: None,
                    selector: Selector::Name(self.text_of(token).to_string()),
                    arguments: Vec::new(),
                    span: token.span,
                };
                return Ok(Expr::new(ExprKind::Name(vec![segment]), token.span));
            }
        }
        if self.at_keyword(Keyword::Lambda) && self.is_above_current() {
            return self.lambda();
        }
        self.expression()
    }

    pub(super) fn lambda(&mut self) -> ParseResult<Expr> {
        let start = self.expect_keyword(Keyword::Lambda, "LAMBDA")?;
        let mut parameters = vec![self.expect_identifier("an identifier")?];
        while self.eat(TokenKind::Comma)? {
            parameters.push(self.expect_identifier("an identifier")?);
        }
        self.expect(TokenKind::Colon, ":")?;
        let body = self.expression()?;
        Ok(Expr::new(
            ExprKind::Lambda { parameters, body: Box::new(body) },
            self.span_from(start.span),
        ))
    }

    /// SANY's `BangExt`: `!Name`, `!Name(args)`, `!(args)`, `!<<`, `!>>`, `!:`, `!@`, `!3`.
    pub(super) fn bang_extension(&mut self) -> ParseResult<NameSegment> {
        let bang = self.expect(TokenKind::Bang, "!")?;
        let token = self.token();
        let selector = match self.next() {
            Next::Token(TokenKind::Identifier) if self.text_of(token) != "@" => {
                self.bump()?;
                Selector::Name(self.text_of(token).to_string())
            }
            Next::Token(TokenKind::Operator(index))
                if operators::spelling(index).class != SpellingClass::Prefix
                    || operators::spelling(index).canonical != "-." =>
            {
                self.bump()?;
                Selector::Name(self.text_of(token).to_string())
            }
            Next::Token(TokenKind::LeftParen) => {
                let arguments = self.operator_arguments()?;
                return Ok(NameSegment {
                    arguments_span: None,
                    selector: Selector::Arguments,
                    arguments,
                    span: self.span_from(bang.span),
                });
            }
            Next::Token(
                TokenKind::LeftAngle
                | TokenKind::RightAngle
                | TokenKind::Colon
                | TokenKind::Identifier,
            ) => {
                self.bump()?;
                Selector::Structural(self.text_of(token).to_string())
            }
            Next::Token(TokenKind::Number) => {
                self.bump()?;
                if self.at(TokenKind::Dot) && self.kind_at(1) == TokenKind::Number {
                    let message =
                        format!("Illegal structural term at {}", self.location(token.span));
                    return Err(self.error_at(INVALID_SYNTAX, token.span, message));
                }
                Selector::Number(self.text_of(token).parse().unwrap_or(0))
            }
            _ => return Err(self.unexpected("`<<' , `>>' , `:' , `@' , or number")),
        };
        // Only a name selector takes arguments: SANY rejects `Op!1(x)` and `Op!<<(x)`.
        let (arguments, arguments_span) = if matches!(selector, Selector::Name(_)) {
            self.optional_arguments()?
        } else {
            (Vec::new(), None)
        };
        Ok(NameSegment { arguments_span, selector, arguments, span: self.span_from(bang.span) })
    }

    // ----- Junction lists -----

    pub(super) fn junction_list(&mut self) -> ParseResult<Expr> {
        let first = self.token();
        let conjunction = self.operator_canonical() == Some("\\land");
        self.junctions.push((first.column, conjunction));
        let res = self.junction_items(first.column, conjunction);
        self.junctions.pop();
        let items = res?;
        Ok(Expr::new(ExprKind::Junction { conjunction, items }, self.span_from(first.span)))
    }

    pub(super) fn junction_items(
        &mut self,
        column: u32,
        conjunction: bool,
    ) -> ParseResult<Vec<Expr>> {
        let mut items = Vec::new();
        loop {
            self.bump_bullet();
            items.push(self.expression()?);
            let is_new_bullet = !self.at_definition_break()
                && self.token().column == column
                && self.operator_canonical() == Some(if conjunction { "\\land" } else { "\\lor" });
            if !is_new_bullet {
                return Ok(items);
            }
        }
    }

    // ----- Open expressions -----

    /// SANY's `OpenExpression`: quantifiers, IF, CASE, LET, CHOOSE.
    pub(super) fn open_expression(&mut self) -> ParseResult<Expr> {
        let start = self.token().span;
        let keyword = match self.next() {
            Next::Token(TokenKind::Keyword(keyword)) => keyword,
            _ => return Err(self.unexpected("an expression")),
        };
        let kind = match keyword {
            Keyword::Exists | Keyword::Forall => {
                self.bump()?;
                let quantifier = if keyword == Keyword::Forall {
                    Quantifier::Forall
                } else {
                    Quantifier::Exists
                };
                let bounds = if self.is_unbounded_quantifier() {
                    let names = self.identifier_list()?;
                    let span = names.iter().fold(names[0].span, |acc, name| acc.cover(name.span));
                    vec![BoundGroup { pattern: BoundPattern::Names(names), set: None, span }]
                } else {
                    let mut bounds = vec![self.quantifier_bound()?];
                    while self.eat(TokenKind::Comma)? {
                        bounds.push(self.quantifier_bound()?);
                    }
                    bounds
                };
                self.expect(TokenKind::Colon, ":")?;
                let body = self.expression()?;
                ExprKind::Quantified { quantifier, bounds, body: Box::new(body) }
            }
            Keyword::TemporalExists | Keyword::TemporalForall => {
                self.bump()?;
                let quantifier = if keyword == Keyword::TemporalForall {
                    Quantifier::Forall
                } else {
                    Quantifier::Exists
                };
                let names = self.identifier_list()?;
                self.expect(TokenKind::Colon, ":")?;
                let body = self.expression()?;
                ExprKind::TemporalQuantified { quantifier, names, body: Box::new(body) }
            }
            Keyword::If => {
                self.bump()?;
                let condition = self.expression()?;
                self.expect_keyword(Keyword::Then, "THEN")?;
                let then_branch = self.expression()?;
                self.expect_keyword(Keyword::Else, "ELSE")?;
                let else_branch = self.expression()?;
                ExprKind::If {
                    condition: Box::new(condition),
                    then_branch: Box::new(then_branch),
                    else_branch: Box::new(else_branch),
                }
            }
            Keyword::Case => {
                self.bump()?;
                let mut arms = vec![self.case_arm()?];
                let mut other = None;
                while self.at_case_separator() {
                    if self.kind_at(1) == TokenKind::Keyword(Keyword::Other) {
                        self.bump()?;
                        self.bump()?;
                        self.expect(TokenKind::Arrow, "->")?;
                        other = Some(Box::new(self.expression()?));
                        break;
                    }
                    self.bump()?;
                    arms.push(self.case_arm()?);
                }
                ExprKind::Case { arms, other }
            }
            Keyword::Let => {
                self.bump()?;
                let mut definitions = Vec::new();
                loop {
                    if self.at_keyword(Keyword::Recursive) {
                        definitions.push(self.recursive()?);
                    } else if self.at_definition_start() {
                        definitions.push(crate::ast::Unit::Definition(self.definition()?));
                    } else {
                        break;
                    }
                }
                if definitions.is_empty() {
                    return Err(self.unexpected("a definition"));
                }
                self.expect_keyword(Keyword::In, "IN")?;
                let body = self.expression()?;
                ExprKind::Let { definitions, body: Box::new(body) }
            }
            Keyword::Choose => {
                self.bump()?;
                let pattern = self.bound_pattern(false)?;
                let set = if self.operator_canonical() == Some("\\in") {
                    self.bump()?;
                    Some(Box::new(self.expression()?))
                } else {
                    None
                };
                self.expect(TokenKind::Colon, ":")?;
                let body = self.expression()?;
                ExprKind::Choose { pattern, set, body: Box::new(body) }
            }
            _ => return Err(self.unexpected("an expression")),
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    pub(super) fn at_case_separator(&self) -> bool {
        self.operator_canonical() == Some("[]")
    }

    pub(super) fn case_arm(&mut self) -> ParseResult<(Expr, Expr)> {
        let guard = self.expression()?;
        self.expect(TokenKind::Arrow, "->")?;
        let value = self.expression()?;
        Ok((guard, value))
    }

    /// `\E x, y : P`: identifiers separated by commas, then a colon.
    pub(super) fn is_unbounded_quantifier(&self) -> bool {
        let mut idx = 0;
        loop {
            if self.kind_at(idx) != TokenKind::Identifier {
                return false;
            }
            match self.kind_at(idx + 1) {
                TokenKind::Colon => return true,
                TokenKind::Comma => idx += 2,
                _ => return false,
            }
        }
    }

    pub(crate) fn identifier_list(&mut self) -> ParseResult<Vec<Name>> {
        let mut names = vec![self.expect_identifier("an identifier")?];
        while self.eat(TokenKind::Comma)? {
            names.push(self.expect_identifier("an identifier")?);
        }
        Ok(names)
    }
}

/// The label name and parameters of `l` or `l(a, b)` before `::`, if it is a label.
fn label_parts(expr: &Expr) -> Option<(Name, Vec<Name>)> {
    let ExprKind::Name(segments) = &expr.kind else { return None };
    let [segment] = segments.as_slice() else { return None };
    let Selector::Name(text) = &segment.selector else { return None };
    let mut parameters = Vec::new();
    for argument in &segment.arguments {
        let ExprKind::Name(inner) = &argument.kind else { return None };
        let [inner] = inner.as_slice() else { return None };
        let Selector::Name(parameter) = &inner.selector else { return None };
        if !inner.arguments.is_empty() {
            return None;
        }
        parameters.push(Name { text: parameter.clone(), span: inner.span });
    }
    let name_span = Span::new(segment.span.start, segment.span.start + text.len() as u32);
    Some((Name { text: text.clone(), span: name_span }, parameters))
}

fn body_operator_info(expr: &Expr) -> Option<&'static OperatorInfo> {
    let operator = match &expr.kind {
        ExprKind::Infix { operator, .. } | ExprKind::Postfix { operator, .. } => operator,
        _ => return None,
    };
    operators::OPERATOR_SPELLINGS
        .iter()
        .find(|spelling| spelling.text == operator.text)
        .and_then(|spelling| operator_info(spelling.canonical))
}

/// The value of a string literal's body: SANY's escapes `\n \t \r \f \\ \"`.
pub fn unescape(body: &str) -> String {
    let mut res = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            res.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => res.push('\n'),
            Some('t') => res.push('\t'),
            Some('r') => res.push('\r'),
            Some('f') => res.push('\u{c}'),
            Some(other) => res.push(other),
            None => res.push('\\'),
        }
    }
    res
}
