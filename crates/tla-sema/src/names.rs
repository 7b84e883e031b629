//! General names: `x`, `Op(a)`, `I!Op(a)`, and subexpression selectors `Op!label(a)`, `Op!1`,
//! also after a proof step name (`<1>2!1`, `<1>a!lab`).
//!
//! A name is resolved in the current context, through module instances (`I!J!Op`), and checked
//! for arity; a theorem or step name used as an expression must stand for an expression. The
//! selectors after a definition or theorem are checked in `labels.rs`.

use crate::codes;
use crate::resolve::{canonical, Analyzer};
use crate::resolve_expr::CONSTANT_LEVEL;
use crate::scope::{SymbolId, SymbolKind};
use tla_diagnostics::Span;
use tla_syntax::ast::{Expr, NameSegment, Selector};

impl Analyzer<'_> {
    /// A general name `Op`, `Op(args)`, `I!Op(args)`, `Op!label` used as an expression (or, with
    /// `fact`, as a fact of a BY, USE or HIDE); returns its level.
    pub(crate) fn general_name(&mut self, expr: &Expr, segments: &[NameSegment], fact: bool) -> u8 {
        let Some(first) = segments.first() else { return CONSTANT_LEVEL };
        let Selector::Name(first_name) = &first.selector else {
            self.all_arguments(segments);
            return CONSTANT_LEVEL;
        };
        if first_name == "@" && segments.len() == 1 && first.arguments.is_empty() {
            if self.except_depth == 0 {
                let message = "@ used where its meaning is not defined.".to_string();
                self.error(codes::FUNCTION_EXCEPT_AT_USED_WHERE_UNDEFINED, expr.span, message);
            }
            return CONSTANT_LEVEL;
        }
        let is_step_name = first_name.starts_with('<');
        let name = if is_step_name {
            self.normalized_step_name(first_name)
        } else {
            canonical(first_name).to_string()
        };
        let Some(mut symbol) = self.scopes.resolve(&name) else {
            if is_step_name {
                self.unknown_step_with_selectors(segments);
                return CONSTANT_LEVEL;
            }
            let name_span = Span::new(first.span.start, first.span.start + first_name.len() as u32);
            // An operator symbol written where an expression is expected (`@@[x]`, `... + y`)
            // is an unknown name to SANY, like an identifier.
            let message = format!("Unknown operator: `{}'.", selector_text(segments));
            self.error(codes::SYMBOL_UNDEFINED, name_span, message);
            // SANY does not analyse the arguments of an unknown operator (no errors from them).
            return CONSTANT_LEVEL;
        };
        let mut segment = first;
        // Walk `I!J!Op`: each step through a module instance.
        for (idx, next) in segments.iter().enumerate().skip(1) {
            let Some(module) = self.scopes.symbols[symbol].instance_of.clone() else {
                // Subexpression selectors: `Op!label`, `Op!1`, `Op!<<`.
                if !self.can_take_subexpression(symbol, segment.span) {
                    return CONSTANT_LEVEL;
                }
                let shown = if idx > 1 { selector_text(&segments[..idx]) } else { String::new() };
                if !self.check_arity(symbol, segment, expr, &shown) {
                    return CONSTANT_LEVEL;
                }
                let levels = self.arguments(symbol, &segment.arguments);
                if !self.follow_selectors(symbol, &segments[idx..], expr, fact) {
                    return CONSTANT_LEVEL;
                }
                return self.symbol_level(symbol, &levels);
            };
            if !self.check_arity(symbol, segment, expr, "") {
                return CONSTANT_LEVEL;
            }
            self.arguments(symbol, &segment.arguments);
            let Selector::Name(next_name) = &next.selector else { return CONSTANT_LEVEL };
            let next_name = canonical(next_name).to_string();
            let found = self
                .exports
                .get(&module)
                .and_then(|context| context.entries.get(&next_name).copied());
            let found = found.filter(|&id| {
                !matches!(self.scopes.symbols[id].kind, SymbolKind::Constant | SymbolKind::Variable)
            });
            let Some(found) = found else {
                let message =
                    format!("Unknown operator: `{}'.", selector_text(std::slice::from_ref(next)));
                self.error(codes::SYMBOL_UNDEFINED, next.span, message);
                return CONSTANT_LEVEL;
            };
            symbol = found;
            segment = next;
        }
        if self.scopes.symbols[symbol].kind == SymbolKind::ModuleInstance {
            if fact {
                self.check_arity(symbol, segment, expr, "");
                return CONSTANT_LEVEL;
            }
            let message = format!("Operator name {} is incomplete.", selector_text(segments));
            self.error(codes::OPERATOR_NAME_INCOMPLETE, segment.span, message);
            return CONSTANT_LEVEL;
        }
        let shown_name = if segments.len() > 1 { selector_text(segments) } else { String::new() };
        if !self.check_arity(symbol, segment, expr, &shown_name) {
            return CONSTANT_LEVEL;
        }
        if !fact && !self.check_statement_as_expression(symbol, expr.span) {
            return CONSTANT_LEVEL;
        }
        let facts = self.argument_facts(symbol, &segment.arguments);
        if !facts.is_empty() {
            match self.scopes.symbols[symbol].kind {
                SymbolKind::UserDefined => {
                    self.defined_operator_application(symbol, &facts, expr.span)
                }
                SymbolKind::FormalParameter | SymbolKind::Constant => {
                    self.declared_operator_application(symbol, &facts)
                }
                _ => {}
            }
        }
        let levels: Vec<u8> = facts.iter().map(|fact| fact.level).collect();
        self.symbol_level(symbol, &levels)
    }

    /// An unknown step name starting a general name (`<1>9!1`, `<1>9(x)`): SANY names the first
    /// selector after the step, or the step when it has none.
    fn unknown_step_with_selectors(&mut self, segments: &[NameSegment]) {
        let (shown, span) = match segments.get(1) {
            Some(selector) => {
                let text = match &selector.selector {
                    Selector::Number(number) => format!("argument selector {number}"),
                    Selector::Name(text) | Selector::Structural(text) => text.clone(),
                    Selector::Arguments => "!(...)".to_string(),
                };
                let span =
                    Span::new((selector.span.start + 1).min(selector.span.end), selector.span.end);
                (text, span)
            }
            None => {
                let first = &segments[0];
                let name_length = selector_text(&segments[..1]).len() as u32;
                (
                    selector_text(&segments[..1]),
                    Span::new(first.span.start, first.span.start + name_length),
                )
            }
        };
        let message = format!("Unknown operator: `{shown}'.");
        self.error(codes::SYMBOL_UNDEFINED, span, message);
        self.all_arguments(segments);
    }

    fn all_arguments(&mut self, segments: &[NameSegment]) {
        for segment in segments {
            self.expressions(&segment.arguments);
        }
    }

    /// The level of a use of `symbol` with arguments of the given levels.
    fn symbol_level(&mut self, symbol: SymbolId, levels: &[u8]) -> u8 {
        self.scopes.symbols[symbol].used = true;
        self.log_use(symbol);
        match self.scopes.symbols[symbol].kind {
            SymbolKind::Variable => 1,
            SymbolKind::UserDefined
            | SymbolKind::ModuleInstance
            | SymbolKind::TheoremOrAssumption => self.defined_operator_level(symbol, levels),
            _ => self.scopes.symbols[symbol].level.max(levels.iter().copied().max().unwrap_or(0)),
        }
    }

    /// Checks that `segment` gives `symbol` the number of arguments it requires.
    fn check_arity(
        &mut self,
        symbol: SymbolId,
        segment: &NameSegment,
        expr: &Expr,
        shown_name: &str,
    ) -> bool {
        let arity = self.scopes.symbols[symbol].arity;
        if arity < 0 || segment.arguments.len() as i32 == arity {
            return true;
        }
        let name = if shown_name.is_empty() {
            self.scopes.symbols[symbol].name.clone()
        } else {
            shown_name.to_string()
        };
        let message = format!("The operator {name} requires {arity} arguments.");
        let span = segment.arguments_span.unwrap_or(expr.span);
        self.error(codes::OPERATOR_GIVEN_INCORRECT_NUMBER_OF_ARGUMENTS, span, message);
        false
    }
}

pub(crate) fn is_operator_symbol(name: &str) -> bool {
    !name.bytes().any(|byte| byte.is_ascii_alphanumeric() || byte == b'_') || name.starts_with('\\')
}

/// The name as SANY prints it in "Unknown operator" messages: `A!B!C`.
pub(crate) fn selector_text(segments: &[NameSegment]) -> String {
    segments
        .iter()
        .map(|segment| match &segment.selector {
            Selector::Name(text) | Selector::Structural(text) => text.clone(),
            Selector::Number(number) => number.to_string(),
            Selector::Arguments => "(...)".to_string(),
        })
        .collect::<Vec<_>>()
        .join("!")
}
