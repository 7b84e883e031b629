//! Level constraints of defined operators on their arguments, after SANY's `LevelNode`,
//! `OpApplNode.levelCheck` and `OpDefNode.levelCheck`.
//!
//! While a definition's body is analysed, every use of a parameter, constant or variable is
//! logged; an application records, for the names used inside each argument, the highest level the
//! applied operator allows there (a parameter under a prime may only receive arguments of level 1
//! or less). When the definition ends, the constraints on its own parameters become the
//! operator's [`ArgumentLevels`], checked at every application (SANY codes 4205, 4272, 4273) and
//! by instances (4244-4247). Symbols have unique ids, so the facts can live in one global table.

use crate::builtins::builtin_operator;
use crate::codes;
use crate::resolve::Analyzer;
use crate::scope::{SymbolId, SymbolKind};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use tla_diagnostics::Span;

/// The highest level, and the level no argument is constrained below.
const MAX_LEVEL: u8 = 3;

/// A logged use that no longer counts: it sat in an argument whose level does not reach the
/// result (weight 0, as under `ENABLED` or a prime), so enclosing operators do not constrain it.
const NEUTRALIZED: SymbolId = SymbolId::MAX;

/// What a defined operator requires of its arguments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgumentLevels {
    /// Per parameter: the highest level an argument may have (SANY's `maxLevels`).
    pub max_levels: Vec<u8>,
    /// Per operator parameter and per its argument: the lowest maximum level an operator
    /// passed there must accept (SANY's `minMaxLevel`).
    pub min_max_levels: Vec<Vec<u8>>,
    /// `(i, j, k)`: parameter `i` is applied with parameter `j` inside its argument `k`
    /// (SANY's `opLevelCond`).
    pub level_conditions: Vec<(usize, usize, usize)>,
    /// Per parameter: whether it is used only in Leibniz positions.
    pub leibniz: Vec<bool>,
}

impl ArgumentLevels {
    pub fn max_level(&self, position: usize) -> u8 {
        self.max_levels.get(position).copied().unwrap_or(MAX_LEVEL)
    }

    pub fn min_max_level(&self, position: usize, argument: usize) -> u8 {
        self.min_max_levels
            .get(position)
            .and_then(|levels| levels.get(argument))
            .copied()
            .unwrap_or(0)
    }

    pub fn is_leibniz(&self) -> bool {
        self.leibniz.iter().all(|&leibniz| leibniz)
    }
}

/// Facts gathered during analysis (SANY's level constraint sets, kept globally).
#[derive(Default)]
pub struct LevelFacts {
    /// Every use of a parameter, constant or variable, in analysis order.
    pub uses: Vec<SymbolId>,
    /// Highest level allowed for a symbol (SANY's `levelConstraints`).
    pub constraints: HashMap<SymbolId, u8>,
    /// Lowest maximum level an operator parameter must accept at an argument position.
    pub argument_constraints: HashMap<(SymbolId, usize), u8>,
    /// `(op, k, param)`: operator parameter `op` is applied with `param` inside argument `k`.
    pub argument_parameters: HashSet<(SymbolId, usize, SymbolId)>,
    /// Symbols used in a non-Leibniz position.
    pub non_leibniz: HashSet<SymbolId>,
}

impl LevelFacts {
    fn constrain(&mut self, uses: Range<usize>, max: u8) {
        for idx in uses {
            let symbol = self.uses[idx];
            if symbol == NEUTRALIZED {
                continue;
            }
            let entry = self.constraints.entry(symbol).or_insert(MAX_LEVEL);
            *entry = (*entry).min(max);
        }
    }

    fn mark_non_leibniz(&mut self, uses: Range<usize>) {
        for idx in uses {
            let symbol = self.uses[idx];
            if symbol != NEUTRALIZED {
                self.non_leibniz.insert(symbol);
            }
        }
    }

    fn neutralize(&mut self, uses: Range<usize>) {
        for idx in uses {
            self.uses[idx] = NEUTRALIZED;
        }
    }

    fn require_argument_level(&mut self, operator: SymbolId, position: usize, level: u8) {
        let entry = self.argument_constraints.entry((operator, position)).or_insert(0);
        *entry = (*entry).max(level);
    }

    /// The argument levels of an operator whose parameters are `parameters`.
    pub fn argument_levels(&self, parameters: &[SymbolId], arities: &[i32]) -> ArgumentLevels {
        let max_levels = parameters
            .iter()
            .map(|parameter| self.constraints.get(parameter).copied().unwrap_or(MAX_LEVEL))
            .collect();
        let min_max_levels = parameters
            .iter()
            .zip(arities)
            .map(|(&parameter, &arity)| {
                (0..arity.max(0) as usize)
                    .map(|k| self.argument_constraints.get(&(parameter, k)).copied().unwrap_or(0))
                    .collect()
            })
            .collect();
        let mut level_conditions = Vec::new();
        for (i, &operator) in parameters.iter().enumerate() {
            for (j, &parameter) in parameters.iter().enumerate() {
                for k in 0..arities.get(i).copied().unwrap_or(0).max(0) as usize {
                    if self.argument_parameters.contains(&(operator, k, parameter)) {
                        level_conditions.push((i, j, k));
                    }
                }
            }
        }
        let leibniz =
            parameters.iter().map(|parameter| !self.non_leibniz.contains(parameter)).collect();
        ArgumentLevels { max_levels, min_max_levels, level_conditions, leibniz }
    }
}

/// One argument of an application: its level, the uses logged while it was analysed, and the
/// operator it names when it is passed as an operator argument.
#[derive(Clone, Debug)]
pub(crate) struct ArgumentFacts {
    pub level: u8,
    pub uses: Range<usize>,
    pub operator: Option<SymbolId>,
}

impl Analyzer<'_> {
    /// Logs a use of `symbol` when its level can matter to an enclosing definition.
    pub(crate) fn log_use(&mut self, symbol: SymbolId) {
        if matches!(
            self.scopes.symbols[symbol].kind,
            SymbolKind::FormalParameter | SymbolKind::Constant | SymbolKind::Variable
        ) {
            self.level_facts.uses.push(symbol);
        }
    }

    pub(crate) fn uses_mark(&self) -> usize {
        self.level_facts.uses.len()
    }

    /// The highest level `operator` allows at argument `position`.
    pub(crate) fn operator_max_level(&self, operator: SymbolId, position: usize) -> u8 {
        let symbol = &self.scopes.symbols[operator];
        match symbol.kind {
            SymbolKind::BuiltIn => builtin_operator(&symbol.name).map_or(MAX_LEVEL, |builtin| {
                let idx = if builtin.arity < 0 { 0 } else { position };
                builtin.argument_max_levels.get(idx).copied().unwrap_or(MAX_LEVEL)
            }),
            _ => symbol.argument_levels.max_level(position),
        }
    }

    fn operator_is_leibniz_at(&self, operator: SymbolId, position: usize) -> bool {
        let symbol = &self.scopes.symbols[operator];
        match symbol.kind {
            SymbolKind::BuiltIn => builtin_operator(&symbol.name).is_none_or(|builtin| {
                let idx = if builtin.arity < 0 { 0 } else { position };
                builtin.argument_weights.get(idx).copied().unwrap_or(1) > 0
            }),
            _ => symbol.argument_levels.leibniz.get(position).copied().unwrap_or(true),
        }
    }

    pub(crate) fn operator_is_leibniz(&self, operator: SymbolId) -> bool {
        let symbol = &self.scopes.symbols[operator];
        match symbol.kind {
            SymbolKind::BuiltIn => builtin_operator(&symbol.name)
                .is_none_or(|builtin| builtin.argument_weights.iter().all(|&weight| weight > 0)),
            SymbolKind::UserDefined => symbol.argument_levels.is_leibniz(),
            _ => true,
        }
    }

    /// Constraints of a built-in form on the names used in its arguments.
    pub(crate) fn constrain_builtin(&mut self, form: &str, uses: &[Range<usize>]) {
        let Some(builtin) = builtin_operator(form) else { return };
        for (idx, range) in uses.iter().enumerate() {
            let position = if builtin.arity < 0 { 0 } else { idx };
            let max = builtin.argument_max_levels.get(position).copied().unwrap_or(MAX_LEVEL);
            self.level_facts.constrain(range.clone(), max);
            if builtin.argument_weights.get(position).copied().unwrap_or(1) == 0 {
                self.level_facts.mark_non_leibniz(range.clone());
                self.level_facts.neutralize(range.clone());
            }
        }
    }

    /// An operator parameter (or constant operator) applied to arguments: it must accept their
    /// levels, and the names used inside them are recorded.
    pub(crate) fn declared_operator_application(
        &mut self,
        operator: SymbolId,
        arguments: &[ArgumentFacts],
    ) {
        for (k, argument) in arguments.iter().enumerate() {
            self.level_facts.require_argument_level(operator, k, argument.level);
            for idx in argument.uses.clone() {
                let parameter = self.level_facts.uses[idx];
                if parameter != NEUTRALIZED {
                    self.level_facts.argument_parameters.insert((operator, k, parameter));
                }
            }
        }
    }

    /// SANY's checks and propagation for applying a defined operator (`OpApplNode.levelCheck`).
    pub(crate) fn defined_operator_application(
        &mut self,
        operator: SymbolId,
        arguments: &[ArgumentFacts],
        span: Span,
    ) {
        let levels = self.scopes.symbols[operator].argument_levels.clone();
        let name = self.scopes.symbols[operator].name.clone();
        for (i, argument) in arguments.iter().enumerate() {
            if argument.level > levels.max_level(i) {
                let message = format!(
                    "Level error in applying operator {name}:\nThe level of argument {} exceeds the maximum level allowed by the operator.",
                    i + 1
                );
                self.level_error(codes::OPERATOR_LEVEL_CONSTRAINTS_EXCEEDED, span, message);
            }
            self.level_facts.constrain(argument.uses.clone(), levels.max_level(i));
            if !levels.leibniz.get(i).copied().unwrap_or(true) {
                self.level_facts.mark_non_leibniz(argument.uses.clone());
            }
            let Some(passed) = argument.operator else { continue };
            let arity = self.scopes.symbols[passed].arity.max(0) as usize;
            let passed_is_parameter =
                self.scopes.symbols[passed].kind == SymbolKind::FormalParameter;
            for k in 0..arity {
                let wanted = levels.min_max_level(i, k);
                if passed_is_parameter {
                    self.level_facts.require_argument_level(passed, k, wanted);
                } else if self.operator_max_level(passed, k) < wanted {
                    let message = format!(
                        "Level error in applying operator {name}:\nThe permitted level of argument {} of the operator argument {} \nmust be at least {wanted}.",
                        k + 1,
                        i + 1
                    );
                    self.level_error(
                        codes::HIGHER_ORDER_OPERATOR_PARAMETER_LEVEL_CONSTRAINT_NOT_MET,
                        span,
                        message,
                    );
                }
            }
            for &(cond_i, j, k) in &levels.level_conditions {
                if cond_i != i || k >= arity {
                    continue;
                }
                let Some(coargument) = arguments.get(j) else { continue };
                if passed_is_parameter {
                    self.level_facts.require_argument_level(passed, k, coargument.level);
                    for idx in coargument.uses.clone() {
                        let parameter = self.level_facts.uses[idx];
                        if parameter != NEUTRALIZED {
                            self.level_facts.argument_parameters.insert((passed, k, parameter));
                        }
                    }
                    continue;
                }
                let max = self.operator_max_level(passed, k);
                if coargument.level > max {
                    let message = format!(
                        "Level error in applying operator {name}:\nThe level of argument {} exceeds the maximum level allowed by the operator.",
                        j + 1
                    );
                    self.level_error(
                        codes::HIGHER_ORDER_OPERATOR_COPARAMETER_LEVEL_CONSTRAINTS_EXCEEDED,
                        span,
                        message,
                    );
                }
                self.level_facts.constrain(coargument.uses.clone(), max);
                if !self.operator_is_leibniz_at(passed, k) {
                    self.level_facts.mark_non_leibniz(coargument.uses.clone());
                }
            }
        }
        let weights = self.scopes.symbols[operator].parameter_weights.clone();
        for (argument, weight) in arguments.iter().zip(weights) {
            if !weight {
                self.level_facts.neutralize(argument.uses.clone());
            }
        }
    }

    /// SANY's 4290: a recursive operator may not prime (or otherwise limit) its parameters.
    pub(crate) fn check_recursive_primes(
        &mut self,
        levels: &ArgumentLevels,
        name: &str,
        span: Span,
    ) {
        for (idx, &max) in levels.max_levels.iter().enumerate() {
            if max < 2 {
                let message =
                    format!("Argument {} of recursive operator {name} is primed", idx + 1);
                self.level_error(codes::RECURSIVE_OPERATOR_PRIMES_PARAMETER, span, message);
            }
        }
    }
}
