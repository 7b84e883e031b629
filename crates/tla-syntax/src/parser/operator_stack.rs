//! SANY's operator stack: precedence resolution with precedence *ranges*.
//!
//! Operands and operators are pushed as they are read; each pushed operator triggers a reduction
//! that compares the ranges of neighbouring operators (SANY's `OperatorStack.reduceStack`). Where
//! two ranges overlap, or a non-associative operator is chained, the result is SANY's
//! "Precedence conflict" error rather than a silent choice.

use super::{Abort, ParseResult, Parser};
use crate::ast::{Expr, ExprKind, Name};
use crate::diagnostics::{MALFORMED_EXPRESSION, PRECEDENCE_CONFLICT};
use crate::operators::{mixfix_form, Associativity, Fixity, OperatorInfo};
use tla_diagnostics::Span;

/// How many operators one expression (between parentheses) may chain. Each one can deepen the
/// tree by a level, so this bound, with [`super::MAX_NESTING_DEPTH`], bounds the tree's depth.
pub const MAX_OPERATORS_PER_EXPRESSION: u32 = 5_000;

pub(super) static VOID_OPERATOR: OperatorInfo = OperatorInfo {
    name: "$$_void",
    low: 0,
    high: 0,
    associativity: Associativity::None,
    fixity: Fixity::Infix,
};

pub(super) static FUNCTION_APPLICATION: OperatorInfo = OperatorInfo {
    name: "[",
    low: 160,
    high: 160,
    associativity: Associativity::Left,
    fixity: Fixity::Postfix,
};

pub(super) enum StackElement {
    Operand(Expr),
    Operator(StackOperator),
}

pub(super) struct StackOperator {
    pub(super) info: &'static OperatorInfo,
    pub(super) name: Name,
    /// The arguments of a function application `f[a, b]`, which SANY treats as a postfix `[`.
    pub(super) arguments: Option<Vec<Expr>>,
    pub(super) span: Span,
}

impl StackElement {
    pub(super) fn operator(&self) -> Option<&StackOperator> {
        match self {
            StackElement::Operator(op) => Some(op),
            StackElement::Operand(_) => None,
        }
    }

    pub(super) fn span(&self) -> Span {
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
    // ----- The operator stack -----

    /// SANY's `reduceStack`: called after an operator is pushed.
    pub(super) fn reduce_stack(&mut self, stack: &mut Vec<StackElement>) -> ParseResult<()> {
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

    pub(super) fn precedence_conflict(
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

    pub(super) fn adjacent_expressions(
        &mut self,
        first: &StackElement,
        second: &StackElement,
    ) -> Abort {
        let message = format!(
            "Expression at location {} and expression at location {} follow each other without any intervening operator.",
            self.location(first.span()),
            self.location(second.span())
        );
        self.error_at(MALFORMED_EXPRESSION, second.span(), message)
    }

    /// SANY's `finalReduce`: pushes the void operator and expects one expression to remain.
    pub(super) fn final_reduce(&mut self, stack: &mut Vec<StackElement>) -> ParseResult<Expr> {
        let span = stack.last().map_or(self.token().span, |element| element.span());
        let void_span = Span::new(span.end, span.end);
        stack.push(StackElement::Operator(StackOperator {
            info: &VOID_OPERATOR,
            name: Name { text: String::new(), span: void_span },
            arguments: None,
            span: void_span,
        }));
        self.reduce_stack(stack)?;
        if stack.len() == 2 {
            stack.pop();
            if let Some(StackElement::Operand(expr)) = stack.pop() {
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
    pub(super) fn reduce_record(
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
