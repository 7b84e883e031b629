//! Expressions: SANY's `Expression`, `ExtendableExpr` and `PrimitiveExp` productions, and the
//! operator stack that resolves precedence.
//!
//! Operands and operators are pushed on a stack as they are read; each pushed operator triggers
//! a reduction that compares precedence *ranges* (SANY's `OperatorStack.reduceStack`). Where two
//! ranges overlap, or a non-associative operator is chained, the result is SANY's "Precedence
//! conflict" error rather than a silent choice.

use super::{Abort, Next, ParseResult, Parser};
use crate::ast::{
    BoundGroup, BoundPattern, ExceptPathItem, ExceptUpdate, Expr, ExprKind, Fairness, Name,
    NameSegment, Quantifier, Selector,
};
use crate::diagnostics::{
    INVALID_SYNTAX, MALFORMED_EXPRESSION, NESTING_TOO_DEEP, PRECEDENCE_CONFLICT,
};
use crate::operators::{
    self, mixfix_form, operator_info, Associativity, Fixity, OperatorInfo, SpellingClass,
};
use crate::token::{Keyword, TokenKind};
use tla_diagnostics::Span;

/// How many operators one expression (between parentheses) may chain. Each one can deepen the
/// tree by a level, so this bound, with [`super::MAX_NESTING_DEPTH`], bounds the tree's depth.
pub const MAX_OPERATORS_PER_EXPRESSION: u32 = 5_000;

static VOID_OPERATOR: OperatorInfo = OperatorInfo {
    name: "$$_void",
    low: 0,
    high: 0,
    associativity: Associativity::None,
    fixity: Fixity::Infix,
};

static FUNCTION_APPLICATION: OperatorInfo = OperatorInfo {
    name: "[",
    low: 160,
    high: 160,
    associativity: Associativity::Left,
    fixity: Fixity::Postfix,
};

enum StackElement {
    Operand(Expr),
    Operator(StackOperator),
}

struct StackOperator {
    info: &'static OperatorInfo,
    name: Name,
    /// The arguments of a function application `f[a, b]`, which SANY treats as a postfix `[`.
    arguments: Option<Vec<Expr>>,
    span: Span,
}

impl StackElement {
    fn operator(&self) -> Option<&StackOperator> {
        match self {
            StackElement::Operator(op) => Some(op),
            StackElement::Operand(_) => None,
        }
    }

    fn span(&self) -> Span {
        match self {
            StackElement::Operand(expr) => expr.span,
            StackElement::Operator(op) => op.span,
        }
    }
}

fn same_operator(left: &OperatorInfo, right: &OperatorInfo) -> bool {
    std::ptr::eq(left, right)
}

impl Parser<'_> {
    /// SANY's `Expression`.
    pub(crate) fn expression(&mut self) -> ParseResult<Expr> {
        // Nesting is bounded by MAX_NESTING_DEPTH; the stack grows on demand so that the bound,
        // not the thread's stack size, decides when a deep input is refused.
        stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || self.expression_guarded())
    }

    fn expression_guarded(&mut self) -> ParseResult<Expr> {
        self.enter()?;
        let outer_operators = std::mem::take(&mut self.operators_in_expression);
        let mut stack = Vec::new();
        let res = self.expression_into(&mut stack).and_then(|()| self.final_reduce(stack));
        self.operators_in_expression = outer_operators;
        self.leave();
        res
    }

    fn expression_into(&mut self, stack: &mut Vec<StackElement>) -> ParseResult<()> {
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
    fn prefix_operators(&mut self, stack: &mut Vec<StackElement>) -> ParseResult<()> {
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

    fn push_operator_token(&mut self) -> ParseResult<StackOperator> {
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
        let spelling = operators::spelling(index);
        let info = operator_info(spelling.canonical).unwrap_or(&VOID_OPERATOR);
        Ok(StackOperator { info, name: self.name_of(token), arguments: None, span: token.span })
    }

    fn at_open_start(&self) -> bool {
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
    fn extendable_expression(&mut self, stack: &mut Vec<StackElement>) -> ParseResult<()> {
        // SANY's grammar recurses after each infix operator; a loop reads the same language
        // without nesting a chain like `a + b + c + ...` on the stack.
        while self.extendable_operand(stack)? {}
        Ok(())
    }

    /// One operand with its postfix parts and, maybe, the infix operator after it. Returns true
    /// when another operand must follow.
    fn extendable_operand(&mut self, stack: &mut Vec<StackElement>) -> ParseResult<bool> {
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
    fn field_name(&mut self) -> ParseResult<Name> {
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
    fn parentheses_expression(&mut self) -> ParseResult<Option<Expr>> {
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

    fn parenthesized(&mut self) -> ParseResult<Expr> {
        let open = self.expect(TokenKind::LeftParen, "(")?;
        let inner = self.expression()?;
        self.expect(TokenKind::RightParen, ")")?;
        Ok(Expr::new(ExprKind::Parenthesized(Box::new(inner)), self.span_from(open.span)))
    }

    /// SANY's `PrimitiveExp`: strings, numbers, and general names with arguments and `!` parts.
    fn primitive_expression(&mut self) -> ParseResult<Expr> {
        let start = self.token();
        match self.next() {
            Next::Token(TokenKind::String) => {
                let token = self.bump()?;
                let text = self.text_of(token);
                let value = unescape(&text[1..text.len().saturating_sub(1).max(1)]);
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
                return Ok(Expr::new(
                    ExprKind::StepName(self.text_of(token).to_string()),
                    token.span,
                ));
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
        let arguments = self.optional_arguments()?;
        segments.push(NameSegment { selector: first, arguments, span: self.span_from(start.span) });
        while self.at(TokenKind::Bang) {
            segments.push(self.bang_extension()?);
        }
        Ok(Expr::new(ExprKind::Name(segments), self.span_from(start.span)))
    }

    fn number(&mut self) -> ParseResult<Expr> {
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
    fn optional_arguments(&mut self) -> ParseResult<Vec<Expr>> {
        if self.at(TokenKind::LeftParen) && self.can_start_argument(1) {
            return self.operator_arguments();
        }
        Ok(Vec::new())
    }

    /// Whether token `offset` ahead can begin an operator argument (SANY's `LOOKAHEAD(2) OpArgs`).
    fn can_start_argument(&self, offset: usize) -> bool {
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

    fn lambda(&mut self) -> ParseResult<Expr> {
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
    fn bang_extension(&mut self) -> ParseResult<NameSegment> {
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
        let arguments = self.optional_arguments()?;
        Ok(NameSegment { selector, arguments, span: self.span_from(bang.span) })
    }

    // ----- The operator stack -----

    /// SANY's `reduceStack`: called after an operator is pushed.
    fn reduce_stack(&mut self, stack: &mut Vec<StackElement>) -> ParseResult<()> {
        loop {
            let len_before = stack.len();
            let n = stack.len() - 1;
            let Some(right) = stack[n].operator() else { return Ok(()) };
            let right_info = right.info;
            let right_span = right.span;
            match right_info.fixity {
                Fixity::Postfix => {
                    if n == 0 {
                        let message = format!(
                            "Encountered postfix op {} in block {} on empty stack",
                            right_info.name,
                            self.location(right_span)
                        );
                        return Err(self.error_at(MALFORMED_EXPRESSION, right_span, message));
                    }
                    match stack[n - 1].operator() {
                        Some(left) if left.info.fixity != Fixity::Postfix => {
                            let message = format!(
                                "Encountered postfix op {} in block {} following prefix or infix op {}.",
                                right_info.name,
                                self.location(right_span),
                                left.info.name
                            );
                            return Err(self.error_at(MALFORMED_EXPRESSION, right_span, message));
                        }
                        Some(_) => reduce_postfix(stack),
                        None => {
                            if n <= 1 {
                                return Ok(());
                            }
                            let Some(left) = stack[n - 2].operator() else {
                                return Err(self.adjacent_expressions(&stack[n - 2], &stack[n - 1]));
                            };
                            let left_info = left.info;
                            if OperatorInfo::binds_tighter(left_info, right_info) {
                                if left_info.is_infix() {
                                    reduce_infix(stack);
                                } else {
                                    reduce_prefix(stack);
                                }
                            } else if !OperatorInfo::binds_looser(left_info, right_info) {
                                return Err(
                                    self.precedence_conflict(left_info, right_span, right_info)
                                );
                            } else {
                                return Ok(());
                            }
                        }
                    }
                }
                Fixity::Prefix => {
                    if n == 0 {
                        return Ok(());
                    }
                    match stack[n - 1].operator() {
                        Some(left) if left.info.fixity == Fixity::Postfix => {
                            let message = format!(
                                "Encountered prefix op {} in block {} following postfix op {}.",
                                right_info.name,
                                self.location(right_span),
                                left.info.name
                            );
                            return Err(self.error_at(MALFORMED_EXPRESSION, right_span, message));
                        }
                        Some(_) => return Ok(()),
                        None => {
                            let message = format!(
                                "Encountered prefix op {} in block {} following an expression.",
                                right_info.name,
                                self.location(right_span)
                            );
                            return Err(self.error_at(MALFORMED_EXPRESSION, right_span, message));
                        }
                    }
                }
                Fixity::Infix | Fixity::Nfix => {
                    if n == 0 {
                        if mixfix_form(right_info).is_none() {
                            let message = format!(
                                "Encountered infix op {} in block {} on empty stack.",
                                right_info.name,
                                self.location(right_span)
                            );
                            return Err(self.error_at(MALFORMED_EXPRESSION, right_span, message));
                        }
                        return Ok(());
                    }
                    match stack[n - 1].operator() {
                        Some(left) if left.info.fixity != Fixity::Postfix => {
                            let left_info = left.info;
                            let left_span = left.span;
                            match mixfix_form(right_info) {
                                None => {
                                    let message = if same_operator(right_info, &VOID_OPERATOR) {
                                        format!(
                                            "Missing expression in block {} following prefix or infix op {}.",
                                            self.location(left_span),
                                            left_info.name
                                        )
                                    } else {
                                        format!(
                                            "Encountered infix op {} in block {} following prefix or infix op {}.",
                                            right_info.name,
                                            self.location(left_span),
                                            left_info.name
                                        )
                                    };
                                    return Err(self.error_at(
                                        MALFORMED_EXPRESSION,
                                        right_span,
                                        message,
                                    ));
                                }
                                Some(mixfix) => {
                                    if OperatorInfo::binds_tighter(left_info, mixfix)
                                        || (same_operator(left_info, mixfix)
                                            && left_info.associativity == Associativity::Left)
                                    {
                                        return Err(
                                            self.precedence_conflict(left_info, left_span, mixfix)
                                        );
                                    }
                                    return Ok(());
                                }
                            }
                        }
                        Some(_) => reduce_postfix(stack),
                        None => {
                            if n <= 1 {
                                return Ok(());
                            }
                            let Some(left) = stack[n - 2].operator() else {
                                return Err(self.adjacent_expressions(&stack[n - 2], &stack[n - 1]));
                            };
                            let mut left_info = left.info;
                            let left_span = left.span;
                            if let Some(mixfix) = mixfix_form(left_info) {
                                if n == 2 || stack[n - 3].operator().is_some() {
                                    left_info = mixfix;
                                }
                            }
                            if OperatorInfo::binds_tighter(left_info, right_info)
                                || (same_operator(left_info, right_info)
                                    && left_info.associativity == Associativity::Left)
                            {
                                if left_info.is_infix() {
                                    reduce_infix(stack);
                                } else if left_info.fixity == Fixity::Prefix {
                                    reduce_prefix(stack);
                                } else {
                                    let message = format!(
                                        "Illegal combination of operators {} in block {} and {}.",
                                        left_info.name,
                                        self.location(left_span),
                                        right_info.name
                                    );
                                    return Err(self.error_at(
                                        MALFORMED_EXPRESSION,
                                        right_span,
                                        message,
                                    ));
                                }
                            } else if !OperatorInfo::binds_looser(left_info, right_info) {
                                return Err(
                                    self.precedence_conflict(left_info, left_span, right_info)
                                );
                            } else {
                                return Ok(());
                            }
                        }
                    }
                }
            }
            if stack.len() == len_before {
                return Ok(());
            }
        }
    }

    fn precedence_conflict(
        &mut self,
        left: &OperatorInfo,
        block: Span,
        right: &OperatorInfo,
    ) -> Abort {
        let message = format!(
            "Precedence conflict between ops {} in block {} and {}.",
            left.name,
            self.location(block),
            right.name
        );
        self.error_at(PRECEDENCE_CONFLICT, block, message)
    }

    fn adjacent_expressions(&mut self, first: &StackElement, second: &StackElement) -> Abort {
        let message = format!(
            "Expression at location {} and expression at location {} follow each other without any intervening operator.",
            self.location(first.span()),
            self.location(second.span())
        );
        self.error_at(MALFORMED_EXPRESSION, second.span(), message)
    }

    /// SANY's `finalReduce`: pushes the void operator and expects one expression to remain.
    fn final_reduce(&mut self, mut stack: Vec<StackElement>) -> ParseResult<Expr> {
        let span = stack.last().map_or(self.token().span, |element| element.span());
        let void_span = Span::new(span.end, span.end);
        stack.push(StackElement::Operator(StackOperator {
            info: &VOID_OPERATOR,
            name: Name { text: String::new(), span: void_span },
            arguments: None,
            span: void_span,
        }));
        self.reduce_stack(&mut stack)?;
        if stack.len() == 2 {
            if let Some(StackElement::Operand(expr)) = stack.into_iter().next() {
                return Ok(expr);
            }
            return Err(self.error_at(
                MALFORMED_EXPRESSION,
                span,
                "Couldn't properly parse expression".into(),
            ));
        }
        let mut message = String::from("Couldn't properly parse expression");
        for element in &stack[..stack.len() - 1] {
            message.push_str(&format!(
                "-- incomplete expression at {}.\n",
                self.location(element.span())
            ));
        }
        Err(self.error_at(MALFORMED_EXPRESSION, span, message))
    }

    /// SANY's `reduceRecord`: `.field` binds to the expression on top of the stack.
    fn reduce_record(
        &mut self,
        stack: &mut Vec<StackElement>,
        dot: Span,
        field: Name,
    ) -> ParseResult<()> {
        if let Some(top) = stack.last().and_then(|element| element.operator()) {
            let below_is_operand = stack.len() >= 2 && stack[stack.len() - 2].operator().is_none();
            if top.info.fixity == Fixity::Postfix && below_is_operand {
                let n = stack.len();
                let operator = stack.pop();
                let operand = stack.pop();
                if let (Some(StackElement::Operator(op)), Some(StackElement::Operand(operand))) =
                    (operator, operand)
                {
                    stack.push(StackElement::Operand(apply_postfix(operand, op)));
                }
                debug_assert_eq!(stack.len(), n - 1);
            } else {
                let message = format!("``.'' follows operator {}.", self.location(top.span));
                return Err(self.error_at(MALFORMED_EXPRESSION, dot, message));
            }
        }
        match stack.pop() {
            Some(StackElement::Operand(record)) => {
                let span = record.span.cover(field.span);
                let kind = ExprKind::Field { record: Box::new(record), field };
                stack.push(StackElement::Operand(Expr::new(kind, span)));
                Ok(())
            }
            _ => {
                let message = format!("``.'' has no left hand side at {}.", self.location(dot));
                Err(self.error_at(MALFORMED_EXPRESSION, dot, message))
            }
        }
    }

    // ----- Bracketed forms -----

    /// SANY's `SBracketCases`. Returns the expression, and the arguments when it is a plain
    /// `[a, b]` (a function application when it follows an expression).
    pub(crate) fn bracket_cases(&mut self) -> ParseResult<(Expr, Option<Vec<Expr>>)> {
        let open = self.expect(TokenKind::LeftBracket, "[")?;
        if self.match_bound_start() {
            let mut bounds = vec![self.quantifier_bound()?];
            while self.eat(TokenKind::Comma)? {
                bounds.push(self.quantifier_bound()?);
            }
            self.expect(TokenKind::MapsTo, "|->")?;
            let body = self.expression()?;
            self.expect(TokenKind::RightBracket, "]")?;
            let kind = ExprKind::FunctionConstructor { bounds, body: Box::new(body) };
            return Ok((Expr::new(kind, self.span_from(open.span)), None));
        }
        if self.at_field_name_token() && self.kind_at(1) == TokenKind::MapsTo {
            let fields = self.field_list(TokenKind::MapsTo)?;
            return Ok((Expr::new(ExprKind::Record(fields), self.span_from(open.span)), None));
        }
        if self.at(TokenKind::Identifier) && self.kind_at(1) == TokenKind::Colon {
            let fields = self.field_list(TokenKind::Colon)?;
            return Ok((Expr::new(ExprKind::RecordSet(fields), self.span_from(open.span)), None));
        }
        let first = self.expression()?;
        match self.next() {
            Next::Token(TokenKind::Arrow) => {
                self.bump()?;
                let range = self.expression()?;
                self.expect(TokenKind::RightBracket, "]")?;
                let kind =
                    ExprKind::FunctionSet { domain: Box::new(first), range: Box::new(range) };
                Ok((Expr::new(kind, self.span_from(open.span)), None))
            }
            Next::Token(TokenKind::Keyword(Keyword::Except)) => {
                self.bump()?;
                let mut updates = vec![self.except_update()?];
                while self.eat(TokenKind::Comma)? {
                    updates.push(self.except_update()?);
                }
                self.expect(TokenKind::RightBracket, "]")?;
                let kind = ExprKind::Except { function: Box::new(first), updates };
                Ok((Expr::new(kind, self.span_from(open.span)), None))
            }
            Next::Token(TokenKind::RightBracketUnderscore) => {
                self.bump()?;
                let subscript = self.reduced_expression()?;
                let kind =
                    ExprKind::BoxAction { action: Box::new(first), subscript: Box::new(subscript) };
                Ok((Expr::new(kind, self.span_from(open.span)), None))
            }
            _ => {
                let mut arguments = vec![first];
                while self.eat(TokenKind::Comma)? {
                    arguments.push(self.expression()?);
                }
                self.expect(TokenKind::RightBracket, "]")?;
                let span = self.span_from(open.span);
                Ok((Expr::new(ExprKind::BracketList(arguments.clone()), span), Some(arguments)))
            }
        }
    }

    fn at_field_name_token(&self) -> bool {
        match self.next() {
            Next::Token(TokenKind::Identifier | TokenKind::Underscore) => true,
            Next::Token(TokenKind::WeakFairness | TokenKind::StrongFairness) => true,
            Next::Token(TokenKind::Keyword(keyword)) => keyword.is_field_name(),
            Next::Token(TokenKind::Operator(index)) => {
                operators::spelling(index).text.bytes().all(|b| b.is_ascii_uppercase())
            }
            _ => false,
        }
    }

    /// `a |-> e, b |-> f ]` or `a : S, b : T ]`.
    fn field_list(&mut self, separator: TokenKind) -> ParseResult<Vec<(Name, Expr)>> {
        let mut fields = Vec::new();
        loop {
            // SANY accepts a reserved word as the first field name of a record only.
            let name = if separator == TokenKind::MapsTo
                && fields.is_empty()
                && self.at_field_name_token()
            {
                self.field_name()?
            } else {
                self.expect_identifier("an identifier")?
            };
            self.expect(separator, if separator == TokenKind::MapsTo { "|->" } else { ":" })?;
            fields.push((name, self.expression()?));
            if !self.eat(TokenKind::Comma)? {
                break;
            }
        }
        self.expect(TokenKind::RightBracket, "]")?;
        Ok(fields)
    }

    fn except_update(&mut self) -> ParseResult<ExceptUpdate> {
        let bang = self.expect(TokenKind::Bang, "!")?;
        let mut path = Vec::new();
        loop {
            if self.at(TokenKind::Dot) {
                self.bump()?;
                let field = self.field_name()?;
                if field.text == "@" {
                    let message = "@ used in !.@".to_string();
                    return Err(self.error_at(INVALID_SYNTAX, field.span, message));
                }
                path.push(ExceptPathItem::Field(field));
            } else if self.at(TokenKind::LeftBracket) {
                self.bump()?;
                let mut indices = vec![self.expression()?];
                while self.eat(TokenKind::Comma)? {
                    indices.push(self.expression()?);
                }
                self.expect(TokenKind::RightBracket, "]")?;
                path.push(ExceptPathItem::Index(indices));
            } else if path.is_empty() {
                return Err(self.unexpected("`.' or `['"));
            } else {
                break;
            }
        }
        if self.operator_canonical() != Some("=") {
            return Err(self.unexpected("="));
        }
        self.bump()?;
        let value = self.expression()?;
        Ok(ExceptUpdate { path, value, span: self.span_from(bang.span) })
    }

    /// SANY's `matchFcnConst`: `x, y \in` or `<<a, b>> \in` follows.
    fn match_bound_start(&self) -> bool {
        if self.at_definition_break() {
            return false;
        }
        let mut idx = 0;
        if self.kind_at(0) == TokenKind::LeftAngle {
            let mut count = 1;
            while count != 0 {
                idx += 1;
                match self.kind_at(idx) {
                    TokenKind::LeftAngle => count += 1,
                    TokenKind::RightAngle => count -= 1,
                    TokenKind::Eof => return false,
                    _ => {}
                }
            }
            return self.is_in_operator(idx + 1);
        }
        if self.kind_at(0) != TokenKind::Identifier {
            return false;
        }
        idx = 1;
        while self.kind_at(idx) == TokenKind::Comma {
            if self.kind_at(idx + 1) != TokenKind::Identifier {
                return false;
            }
            idx += 2;
        }
        self.is_in_operator(idx)
    }

    fn is_in_operator(&self, offset: usize) -> bool {
        matches!(self.kind_at(offset), TokenKind::Operator(index) if operators::spelling(index).canonical == "\\in")
    }

    /// SANY's `QuantBound`: `x, y \in S` or `<<a, b>> \in S`.
    pub(crate) fn quantifier_bound(&mut self) -> ParseResult<BoundGroup> {
        let start = self.token().span;
        let pattern = self.bound_pattern(true)?;
        if self.operator_canonical() != Some("\\in") {
            return Err(self.unexpected("\\in"));
        }
        self.bump()?;
        let set = self.expression()?;
        Ok(BoundGroup { pattern, set: Some(set), span: self.span_from(start) })
    }

    /// `x`, `x, y, z` (when `several`) or `<<a, b>>`.
    fn bound_pattern(&mut self, several: bool) -> ParseResult<BoundPattern> {
        if self.at(TokenKind::LeftAngle) {
            return Ok(BoundPattern::Tuple(self.identifier_tuple()?));
        }
        let mut names = vec![self.expect_identifier("an identifier")?];
        while several && self.at(TokenKind::Comma) {
            self.bump()?;
            names.push(self.expect_identifier("an identifier")?);
        }
        Ok(BoundPattern::Names(names))
    }

    fn identifier_tuple(&mut self) -> ParseResult<Vec<Name>> {
        self.expect(TokenKind::LeftAngle, "<<")?;
        let mut names = Vec::new();
        if self.at(TokenKind::Identifier) {
            names.push(self.expect_identifier("an identifier")?);
            while self.eat(TokenKind::Comma)? {
                names.push(self.expect_identifier("an identifier")?);
            }
        }
        self.expect(TokenKind::RightAngle, ">>")?;
        Ok(names)
    }

    /// SANY's `BraceCases`: set enumeration, `{x \in S : P}` and `{e : x \in S}`.
    fn brace_cases(&mut self) -> ParseResult<Expr> {
        let open = self.expect(TokenKind::LeftBrace, "{")?;
        let kind = if self.at(TokenKind::RightBrace) {
            ExprKind::SetEnumeration(Vec::new())
        } else if self.match_bound_start() {
            let start = self.token().span;
            let pattern = self.bound_pattern(false)?;
            if self.operator_canonical() != Some("\\in") {
                return Err(self.unexpected("\\in"));
            }
            let in_token = self.bump()?;
            let set = self.expression()?;
            if self.at(TokenKind::Colon) {
                self.bump()?;
                let predicate = self.expression()?;
                let bound = BoundGroup { pattern, set: Some(set), span: self.span_from(start) };
                ExprKind::SetFilter { bound: Box::new(bound), predicate: Box::new(predicate) }
            } else {
                let first = membership_expression(pattern, set, self.name_of(in_token), start);
                let mut elements = vec![first];
                while self.eat(TokenKind::Comma)? {
                    elements.push(self.expression()?);
                }
                ExprKind::SetEnumeration(elements)
            }
        } else {
            let first = self.expression()?;
            if self.at(TokenKind::Colon) {
                let colon = self.bump()?;
                if let ExprKind::Infix { operator, .. } = &first.kind {
                    if operator.text == "\\in" || operator.text == "∈" {
                        let message = format!(
                            "Form {{a \\in b : c \\in d }}, at line {}, is not allowed",
                            colon.line
                        );
                        return Err(self.error_at(INVALID_SYNTAX, colon.span, message));
                    }
                }
                let mut bounds = vec![self.quantifier_bound()?];
                while self.eat(TokenKind::Comma)? {
                    bounds.push(self.quantifier_bound()?);
                }
                ExprKind::SetMap { element: Box::new(first), bounds }
            } else {
                let mut elements = vec![first];
                while self.eat(TokenKind::Comma)? {
                    elements.push(self.expression()?);
                }
                ExprKind::SetEnumeration(elements)
            }
        };
        self.expect(TokenKind::RightBrace, "}")?;
        Ok(Expr::new(kind, self.span_from(open.span)))
    }

    /// SANY's `TupleOrAction`: `<<a, b>>` or `<<A>>_v`.
    fn tuple_or_action(&mut self) -> ParseResult<Expr> {
        let open = self.expect(TokenKind::LeftAngle, "<<")?;
        let mut elements = Vec::new();
        if !self.at(TokenKind::RightAngle) && !self.at(TokenKind::RightAngleUnderscore) {
            elements.push(self.expression()?);
            while self.eat(TokenKind::Comma)? {
                elements.push(self.expression()?);
            }
        }
        if self.at(TokenKind::RightAngleUnderscore) {
            self.bump()?;
            let subscript = self.reduced_expression()?;
            let action = match elements.len() {
                1 => elements.pop().unwrap_or_else(|| Expr::error(open.span)),
                _ => Expr::new(ExprKind::Tuple(elements), open.span),
            };
            let kind =
                ExprKind::AngleAction { action: Box::new(action), subscript: Box::new(subscript) };
            return Ok(Expr::new(kind, self.span_from(open.span)));
        }
        self.expect(TokenKind::RightAngle, ">>")?;
        Ok(Expr::new(ExprKind::Tuple(elements), self.span_from(open.span)))
    }

    /// SANY's `ReducedExpression`: the subscript of `[A]_v`, `<<A>>_v`, `WF_v`.
    fn reduced_expression(&mut self) -> ParseResult<Expr> {
        match self.next() {
            Next::Token(TokenKind::Identifier) => self.no_operator_extension(),
            Next::Token(TokenKind::LeftParen) => self.parenthesized(),
            Next::Token(TokenKind::LeftBrace) => self.brace_cases(),
            Next::Token(TokenKind::LeftBracket) => Ok(self.bracket_cases()?.0),
            Next::Token(TokenKind::LeftAngle) => self.tuple_or_action(),
            _ => Err(self.unexpected("an identifier, (, {, [ or <<")),
        }
    }

    /// SANY's `NoOpExtension`: `Id`, `Id(args)`, `Id(args)!Id...`.
    fn no_operator_extension(&mut self) -> ParseResult<Expr> {
        let start = self.token().span;
        let mut segments = Vec::new();
        loop {
            let name = self.expect_identifier("an identifier")?;
            let arguments = self.optional_arguments()?;
            segments.push(NameSegment {
                selector: Selector::Name(name.text),
                arguments,
                span: self.span_from(name.span),
            });
            if !self.eat(TokenKind::Bang)? {
                break;
            }
        }
        Ok(Expr::new(ExprKind::Name(segments), self.span_from(start)))
    }

    /// SANY's `FairnessExpr`: `WF_v(A)`, `SF_<<x, y>>(A)`.
    fn fairness(&mut self) -> ParseResult<Expr> {
        let start = self.bump()?;
        let fairness =
            if start.kind == TokenKind::WeakFairness { Fairness::Weak } else { Fairness::Strong };
        let mut subscript = self.reduced_expression()?;
        let action = if self.at(TokenKind::LeftParen) && self.can_start_argument(1) {
            self.bump()?;
            let action = self.expression()?;
            self.expect(TokenKind::RightParen, ")")?;
            action
        } else {
            // `WF_vars(A)` reads `vars(A)` as one name; the arguments are the action.
            let hook = match &mut subscript.kind {
                ExprKind::Name(segments) => {
                    segments.last_mut().map(|segment| std::mem::take(&mut segment.arguments))
                }
                _ => None,
            };
            match hook {
                Some(mut arguments) if arguments.len() == 1 => {
                    if let ExprKind::Name(segments) = &subscript.kind {
                        if let Some(segment) = segments.last() {
                            subscript.span = Span::new(
                                subscript.span.start,
                                segment.span.start + segment_name_len(segment),
                            );
                        }
                    }
                    arguments.pop().unwrap_or_else(|| Expr::error(start.span))
                }
                Some(arguments) if !arguments.is_empty() => {
                    let message = format!(
                        "Error in fairness expression at {}: {}\n",
                        start.line, start.column
                    );
                    return Err(self.error_at(INVALID_SYNTAX, start.span, message));
                }
                _ => {
                    let message = format!(
                        "Ill-structured fairness expression at line {}, column {}",
                        start.line, start.column
                    );
                    return Err(self.error_at(INVALID_SYNTAX, start.span, message));
                }
            }
        };
        let kind = ExprKind::Fairness {
            fairness,
            subscript: Box::new(subscript),
            action: Box::new(action),
        };
        Ok(Expr::new(kind, self.span_from(start.span)))
    }

    // ----- Junction lists -----

    fn junction_list(&mut self) -> ParseResult<Expr> {
        let first = self.token();
        let conjunction = self.operator_canonical() == Some("\\land");
        self.junctions.push((first.column, conjunction));
        let res = self.junction_items(first.column, conjunction);
        self.junctions.pop();
        let items = res?;
        Ok(Expr::new(ExprKind::Junction { conjunction, items }, self.span_from(first.span)))
    }

    fn junction_items(&mut self, column: u32, conjunction: bool) -> ParseResult<Vec<Expr>> {
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
    fn open_expression(&mut self) -> ParseResult<Expr> {
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

    fn at_case_separator(&self) -> bool {
        self.operator_canonical() == Some("[]")
    }

    fn case_arm(&mut self) -> ParseResult<(Expr, Expr)> {
        let guard = self.expression()?;
        self.expect(TokenKind::Arrow, "->")?;
        let value = self.expression()?;
        Ok((guard, value))
    }

    /// `\E x, y : P`: identifiers separated by commas, then a colon.
    fn is_unbounded_quantifier(&self) -> bool {
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

fn reduce_infix(stack: &mut Vec<StackElement>) {
    let n = stack.len() - 1;
    if n < 3 {
        return;
    }
    let right = stack.remove(n - 1);
    let operator = stack.remove(n - 2);
    let left =
        std::mem::replace(&mut stack[n - 3], StackElement::Operand(Expr::error(Span::default())));
    let (StackElement::Operand(left), StackElement::Operator(op), StackElement::Operand(right)) =
        (left, operator, right)
    else {
        return;
    };
    let span = left.span.cover(right.span);
    let kind = if op.info.fixity == Fixity::Nfix {
        let mut left = left;
        let left_span = left.span;
        match std::mem::replace(&mut left.kind, ExprKind::Error) {
            ExprKind::Product(mut factors) => {
                factors.push(right);
                ExprKind::Product(factors)
            }
            other => ExprKind::Product(vec![Expr::new(other, left_span), right]),
        }
    } else {
        ExprKind::Infix { operator: op.name, left: Box::new(left), right: Box::new(right) }
    };
    stack[n - 3] = StackElement::Operand(Expr::new(kind, span));
}

fn reduce_prefix(stack: &mut Vec<StackElement>) {
    let n = stack.len() - 1;
    if n < 2 {
        return;
    }
    let operand = stack.remove(n - 1);
    let operator =
        std::mem::replace(&mut stack[n - 2], StackElement::Operand(Expr::error(Span::default())));
    let (StackElement::Operator(mut op), StackElement::Operand(operand)) = (operator, operand)
    else {
        return;
    };
    if op.name.text == "-" {
        op.name.text = "-.".to_string();
    }
    let span = op.span.cover(operand.span);
    let kind = ExprKind::Prefix { operator: op.name, operand: Box::new(operand) };
    stack[n - 2] = StackElement::Operand(Expr::new(kind, span));
}

fn reduce_postfix(stack: &mut Vec<StackElement>) {
    let n = stack.len() - 1;
    if n < 2 {
        return;
    }
    let operator = stack.remove(n - 1);
    let operand =
        std::mem::replace(&mut stack[n - 2], StackElement::Operand(Expr::error(Span::default())));
    let (StackElement::Operator(op), StackElement::Operand(operand)) = (operator, operand) else {
        return;
    };
    stack[n - 2] = StackElement::Operand(apply_postfix(operand, op));
}

fn apply_postfix(operand: Expr, op: StackOperator) -> Expr {
    let span = operand.span.cover(op.span);
    let kind = match op.arguments {
        Some(arguments) => ExprKind::Apply { function: Box::new(operand), arguments },
        None => ExprKind::Postfix { operator: op.name, operand: Box::new(operand) },
    };
    Expr::new(kind, span)
}

/// `x \in S` read as an element of a set enumeration `{x \in S, ...}`.
fn membership_expression(pattern: BoundPattern, set: Expr, in_name: Name, start: Span) -> Expr {
    let left = match pattern {
        BoundPattern::Names(mut names) => {
            let name = names.pop().unwrap_or(Name { text: String::new(), span: start });
            let segment = NameSegment {
                selector: Selector::Name(name.text),
                arguments: Vec::new(),
                span: name.span,
            };
            Expr::new(ExprKind::Name(vec![segment]), name.span)
        }
        BoundPattern::Tuple(names) => {
            let span = names.iter().fold(start, |acc, name| acc.cover(name.span));
            let elements = names
                .into_iter()
                .map(|name| {
                    let segment = NameSegment {
                        selector: Selector::Name(name.text),
                        arguments: Vec::new(),
                        span: name.span,
                    };
                    Expr::new(ExprKind::Name(vec![segment]), name.span)
                })
                .collect();
            Expr::new(ExprKind::Tuple(elements), span)
        }
    };
    let span = left.span.cover(set.span);
    Expr::new(
        ExprKind::Infix { operator: in_name, left: Box::new(left), right: Box::new(set) },
        span,
    )
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

fn segment_name_len(segment: &NameSegment) -> u32 {
    match &segment.selector {
        Selector::Name(text) | Selector::Structural(text) => text.len() as u32,
        _ => 0,
    }
}

/// The value of a string literal's body: SANY's escapes `\n \t \r \f \\ \"`.
fn unescape(body: &str) -> String {
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
