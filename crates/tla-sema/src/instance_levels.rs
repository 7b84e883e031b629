//! SANY's level checks of an instance's substitutions (`InstanceNode.levelCheck`): codes 4243
//! (an operator constant needs an operator of its arity), 4244 (non-Leibniz operator), 4245
//! (level of a substitute above the substituted symbol's), 4246 and 4247 (what the instantiated
//! module's operator constants must accept).

use crate::codes;
use crate::resolve::Analyzer;
use crate::scope::{SymbolId, SymbolKind};
use tla_diagnostics::Span;
use tla_syntax::ast::{ExprKind, Selector, Substitution};

impl Analyzer<'_> {
    pub(crate) fn check_substitution_levels(
        &mut self,
        module: &str,
        parameters: &[SymbolId],
        substitutions: &[(SymbolId, u8, &Substitution)],
        span: Span,
    ) {
        // SANY's `ModuleNode.isConstant`: no variables, and every definition of constant level.
        let module_is_constant =
            parameters.iter().all(|&id| self.scopes.symbols[id].kind != SymbolKind::Variable)
                && self.exports.get(module).is_none_or(|context| {
                    context.entries.values().all(|&id| {
                        self.scopes.symbols[id].kind != SymbolKind::UserDefined
                            || self.scopes.symbols[id].level == 0
                    })
                });
        let mut operators = Vec::new();
        for &(target, level, substitution) in substitutions {
            let target_name = self.scopes.symbols[target].name.clone();
            let target_arity = self.scopes.symbols[target].arity;
            let operator = self.substituted_operator(&substitution.value);
            operators.push(operator);
            if target_arity > 0
                && operator.is_some_and(|op| self.scopes.symbols[op].arity != target_arity)
            {
                let message = format!(
                    "An operator must be substituted for symbol '{target_name}', and it must have arity {target_arity}."
                );
                self.error(
                    codes::INSTANCE_SUBSTITUTION_OPERATOR_CONSTANT_INCORRECT_ARITY,
                    substitution.value.span,
                    message,
                );
            }
            let target_level = self.scopes.symbols[target].level;
            if !module_is_constant && level > target_level {
                let message = format!(
                    "Level error in instantiating module '{module}':\nThe level of the expression or operator substituted for '{target_name}' \nmust be at most {target_level}."
                );
                self.level_error(
                    codes::INSTANCE_SUBSTITUTION_LEVEL_CONSTRAINTS_EXCEEDED,
                    span,
                    message,
                );
            }
            if target_arity > 0 {
                if let Some(op) = operator {
                    if !self.operator_is_leibniz(op) {
                        let message = format!(
                            "Error in instantiating module '{module}':\n A non-Leibniz operator substituted for '{target_name}'."
                        );
                        self.level_error(
                            codes::INSTANCE_SUBSTITUTION_NON_LEIBNIZ_OPERATOR,
                            span,
                            message,
                        );
                    }
                }
            }
        }
        for (idx, &(target, level, _)) in substitutions.iter().enumerate() {
            let target_name = self.scopes.symbols[target].name.clone();
            if let Some(&max) = self.level_facts.constraints.get(&target) {
                if level > max {
                    let message = format!(
                        "Level error in instantiating module '{module}':\nThe level of the expression or operator substituted for '{target_name}' \nmust be at most {max}."
                    );
                    self.level_error(
                        codes::INSTANCE_SUBSTITUTION_LEVEL_CONSTRAINTS_EXCEEDED,
                        span,
                        message,
                    );
                }
            }
            let Some(op) = operators[idx] else { continue };
            if self.scopes.symbols[op].kind == SymbolKind::FormalParameter {
                continue;
            }
            let arity = self.scopes.symbols[target].arity.max(0) as usize;
            for k in 0..arity {
                let Some(&wanted) = self.level_facts.argument_constraints.get(&(target, k)) else {
                    continue;
                };
                if self.operator_max_level(op, k) < wanted {
                    let shown = self.level_facts.constraints.get(&target).copied().unwrap_or(0);
                    let message = format!(
                        "Level error in instantiating module '{module}':\nThe level of the argument {k} of the operator {} \nmust be at least {shown}.",
                        self.scopes.symbols[op].name
                    );
                    self.level_error(
                        codes::INSTANCE_SUBSTITUTION_LEVEL_CONSTRAINT_NOT_MET,
                        span,
                        message,
                    );
                }
            }
        }
        for (i, &(operator_target, _, _)) in substitutions.iter().enumerate() {
            let Some(op) = operators[i] else { continue };
            if self.scopes.symbols[op].kind == SymbolKind::FormalParameter {
                continue;
            }
            for &(parameter_target, level, _) in substitutions {
                let arity = self.scopes.symbols[operator_target].arity.max(0) as usize;
                for k in 0..arity {
                    let key = (operator_target, k, parameter_target);
                    if !self.level_facts.argument_parameters.contains(&key) {
                        continue;
                    }
                    let max = self.operator_max_level(op, k);
                    if level > max {
                        let message = format!(
                            "Level error when instantiating module '{module}':\nThe level of the argument {k} of the operator {}' \nmust be at most {max}.",
                            self.scopes.symbols[operator_target].name
                        );
                        self.level_error(
                            codes::INSTANCE_SUBSTITUTION_COPARAMETER_LEVEL_CONSTRAINTS_EXCEEDED,
                            span,
                            message,
                        );
                    }
                }
            }
        }
    }

    /// The operator a substitution's value names, when it is a bare name.
    fn substituted_operator(&self, value: &tla_syntax::ast::Expr) -> Option<SymbolId> {
        let ExprKind::Name(segments) = &value.kind else { return None };
        let [segment] = segments.as_slice() else { return None };
        if !segment.arguments.is_empty() {
            return None;
        }
        let Selector::Name(name) = &segment.selector else { return None };
        self.scopes.resolve(crate::resolve::canonical(name))
    }
}
