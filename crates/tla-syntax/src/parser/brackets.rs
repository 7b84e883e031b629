//! Bracketed expression forms: `[...]` (functions, records, EXCEPT, `[A]_v`), `{...}` (sets),
//! `<<...>>` (tuples, `<<A>>_v`) and the fairness forms `WF_v(A)`, `SF_v(A)`.

use super::{Next, ParseResult, Parser};
use crate::ast::{
    BoundGroup, BoundPattern, ExceptPathItem, ExceptUpdate, Expr, ExprKind, Fairness, Name,
    NameSegment, Selector,
};
use crate::diagnostics::INVALID_SYNTAX;
use crate::operators::{self};
use crate::token::{Keyword, TokenKind};
use tla_diagnostics::Span;

impl Parser<'_> {
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

    pub(super) fn at_field_name_token(&self) -> bool {
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
    pub(super) fn field_list(&mut self, separator: TokenKind) -> ParseResult<Vec<(Name, Expr)>> {
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

    pub(super) fn except_update(&mut self) -> ParseResult<ExceptUpdate> {
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
    pub(super) fn match_bound_start(&self) -> bool {
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

    pub(super) fn is_in_operator(&self, offset: usize) -> bool {
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
    pub(super) fn bound_pattern(&mut self, several: bool) -> ParseResult<BoundPattern> {
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

    pub(super) fn identifier_tuple(&mut self) -> ParseResult<Vec<Name>> {
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
    pub(super) fn brace_cases(&mut self) -> ParseResult<Expr> {
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
    pub(super) fn tuple_or_action(&mut self) -> ParseResult<Expr> {
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
    pub(super) fn reduced_expression(&mut self) -> ParseResult<Expr> {
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
    pub(super) fn no_operator_extension(&mut self) -> ParseResult<Expr> {
        let start = self.token().span;
        let mut segments = Vec::new();
        loop {
            let name = self.expect_identifier("an identifier")?;
            let (arguments, arguments_span) = self.optional_arguments()?;
            segments.push(NameSegment {
                arguments_span,
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
    pub(super) fn fairness(&mut self) -> ParseResult<Expr> {
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
}

/// `x \in S` read as an element of a set enumeration `{x \in S, ...}`.
fn membership_expression(pattern: BoundPattern, set: Expr, in_name: Name, start: Span) -> Expr {
    let left = match pattern {
        BoundPattern::Names(mut names) => {
            let name = names.pop().unwrap_or(Name { text: String::new(), span: start });
            let segment = NameSegment {
                arguments_span: None,
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
                        arguments_span: None,
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

fn segment_name_len(segment: &NameSegment) -> u32 {
    match &segment.selector {
        Selector::Name(text) | Selector::Structural(text) => text.len() as u32,
        _ => 0,
    }
}
