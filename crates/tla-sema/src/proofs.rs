//! Theorems, assumptions, USE/HIDE and hierarchical proofs, after SANY's `processTheorem`,
//! `generateAssumeProve`, `generateProof` and `generateUseOrHide`.
//!
//! Scoping follows SANY: the NEW symbols of a theorem's ASSUME are visible in its proof; each
//! proof opens a context where a numbered step's name (`<1>2`) is visible to the later steps and
//! their proofs (and to its own proof); the NEW symbols of an `ASSUME/PROVE` step are visible in
//! its proof, and those of a `SUFFICES ASSUME/PROVE` in the rest of the enclosing proof; TAKE
//! names are visible after the step, PICK names in the PICK's formula and after its proof.
//! Facts are names of theorems, assumptions, steps or module instances, or expressions; DEF
//! entries must name defined operators. A HIDE fact must name a theorem, assumption or step
//! (4357). Step names used as expressions must be expressions (4351, 4355). The level checks of
//! temporal goals (4352-4354) are level errors, reported only when there is no other error.

use crate::codes;
use crate::labels::Statement;
use crate::resolve::{canonical, Analyzer};
use crate::resolve_expr::{CONSTANT_LEVEL, TEMPORAL_LEVEL};
use crate::scope::{SymbolId, SymbolKind};
use tla_diagnostics::Span;
use tla_syntax::ast::{
    Assume, Expr, ExprKind, Name, Proof, ProofStep, ProofStepKind, Selector, Theorem, UseOrHide,
};

/// What the temporal-goal checks need to know of a proof step.
struct StepSummary {
    statement: Statement,
    level: u8,
    span: Span,
    proof: Vec<StepSummary>,
}

impl Analyzer<'_> {
    /// SANY's `processAssumption`.
    pub(crate) fn assumption(&mut self, assume: &Assume) {
        if assume.name.is_some() {
            self.push_labels();
        }
        let level = self.expression(&assume.body);
        if level > 0 {
            let message = format!(
                "Level error: assumptions must be level 0 (Constant), \nbut this one has level {level}."
            );
            self.level_error(codes::ASSUMPTION_IS_NOT_CONSTANT, assume.span, message);
        }
        if let Some(name) = &assume.name {
            let labels = self.pop_labels();
            let id = self.make_symbol(name, SymbolKind::TheoremOrAssumption, 0, false);
            self.scopes.symbols[id].labels = labels;
            self.scopes.symbols[id].statement = Some(Statement::Expression);
            // SANY locates an assumption by its whole statement.
            self.set_origin_span(id, assume.span);
            self.declare(id, assume.span);
        }
    }

    /// SANY's `processTheorem`.
    pub(crate) fn theorem(&mut self, theorem: &Theorem) {
        if theorem.name.is_some() {
            self.push_labels();
        }
        let assume_prove = matches!(theorem.body.kind, ExprKind::AssumeProve { .. });
        // The context of the ASSUME's NEW symbols, kept for the proof.
        self.scopes.push();
        self.label_state.in_goal = assume_prove && theorem.name.is_some();
        let level = self.expression(&theorem.body);
        self.label_state.in_goal = false;
        if let Some(name) = &theorem.name {
            let labels = self.pop_labels();
            let statement =
                if assume_prove { Statement::AssumeProve } else { Statement::Expression };
            let assume_context = self.scopes.pop();
            // SANY locates a theorem by its whole statement, proof included.
            let id = self.step_symbol(name, statement, level, labels, theorem.span);
            self.scopes.stack.push(assume_context);
            self.proof_goals.push(id);
        }
        let steps = theorem.proof.as_ref().map(|proof| self.proof(proof)).unwrap_or_default();
        if theorem.name.is_some() {
            self.proof_goals.pop();
        }
        self.scopes.pop();
        if level == TEMPORAL_LEVEL {
            self.check_temporal_proof(&steps);
        }
    }

    /// A theorem's or step's name: a symbol of the current context.
    fn step_symbol(
        &mut self,
        name: &Name,
        statement: Statement,
        level: u8,
        labels: crate::labels::LabelSet,
        origin_span: Span,
    ) -> SymbolId {
        let id = self.make_symbol(name, SymbolKind::TheoremOrAssumption, 0, false);
        self.set_origin_span(id, origin_span);
        self.scopes.symbols[id].labels = labels;
        self.scopes.symbols[id].statement = Some(statement);
        self.scopes.symbols[id].level = level;
        self.declare(id, origin_span);
        id
    }

    /// SANY's `generateAssumeProve`: the context for NEW symbols is pushed here except for the
    /// outermost ASSUME/PROVE, whose caller keeps it for the proof.
    pub(crate) fn assume_prove(&mut self, assumptions: &[Expr], conclusion: &Expr) -> u8 {
        let state = &mut self.label_state;
        state.assume_prove_depth += 1;
        let depth = state.assume_prove_depth;
        if state.in_scope_of_declaration.len() <= depth {
            state.in_scope_of_declaration.resize(depth + 1, false);
        }
        state.in_scope_of_declaration[depth] = false;
        if depth != 1 {
            self.scopes.push();
        }
        let mut level = CONSTANT_LEVEL;
        for assumption in assumptions {
            level = level.max(self.expression(assumption));
            if matches!(assumption.kind, ExprKind::NewSymbol { .. }) {
                self.label_state.in_scope_of_declaration[depth] = true;
            }
        }
        level = level.max(self.expression(conclusion));
        if depth != 1 {
            self.scopes.pop();
        }
        self.label_state.assume_prove_depth -= 1;
        level
    }

    /// A step name used in an expression (or, with `fact`, as a fact).
    pub(crate) fn step_name(&mut self, expr: &Expr, written: &str, fact: bool) -> u8 {
        let name = self.normalized_step_name(written);
        let Some(symbol) = self.scopes.resolve(&name) else {
            let message = format!("Unknown operator: `{name}'.");
            self.error(codes::SYMBOL_UNDEFINED, expr.span, message);
            return CONSTANT_LEVEL;
        };
        if matches!(
            self.scopes.symbols[symbol].statement,
            Some(Statement::NonTheoremStep | Statement::DefineStep)
        ) {
            let message = if fact {
                "Step number of non-fact used as a fact"
            } else {
                "Step number of non-expression step used as an expression."
            };
            self.error(codes::SUSPECTED_UNREACHABLE_CHECK, expr.span, message.to_string());
            return CONSTANT_LEVEL;
        }
        if !fact && !self.check_statement_as_expression(symbol, expr.span) {
            return CONSTANT_LEVEL;
        }
        self.scopes.symbols[symbol].used = true;
        self.scopes.symbols[symbol].level
    }

    /// `<*>2` names the step `<n>2` of the current level n.
    pub(crate) fn normalized_step_name(&self, written: &str) -> String {
        match written.strip_prefix("<*>") {
            Some(rest) => format!("<{}>{rest}", self.proof_levels.last().copied().unwrap_or(1)),
            None => written.to_string(),
        }
    }

    /// SANY's `generateUseOrHide` (also for BY) and, for HIDE, `factCheck`.
    pub(crate) fn use_or_hide(&mut self, use_or_hide: &UseOrHide) {
        for fact in &use_or_hide.facts {
            self.fact(fact);
        }
        for definition in &use_or_hide.definitions {
            self.def_entry(definition);
        }
        if use_or_hide.hide {
            for fact in &use_or_hide.facts {
                if self.is_operator_application(fact) {
                    let message = "The only expression allowed as a fact in a HIDE is \nthe name of a theorem, assumption, or step.".to_string();
                    self.error(codes::USE_OR_HIDE_FACT_NOT_VALID, fact.span, message);
                }
            }
        }
    }

    /// Whether the fact is `MODULE M` (the parser keeps it as a name starting at `MODULE`).
    fn is_module_fact(&self, expr: &Expr) -> bool {
        let text = &self.spec.files[self.file].source.text;
        text.get(expr.span.start as usize..).is_some_and(|rest| {
            rest.strip_prefix("MODULE").is_some_and(|after| {
                !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            })
        })
    }

    /// `MODULE M` as a fact or DEF entry: M must be a module the current one can see (we take
    /// the modules analysed so far, which are those it extends or instantiates, and its inner
    /// modules), or the current module.
    fn module_fact(&mut self, expr: &Expr) {
        let ExprKind::Name(segments) = &expr.kind else { return };
        let Some(Selector::Name(module)) = segments.first().map(|segment| &segment.selector) else {
            return;
        };
        if self.exports.contains_key(module) || module == &self.module_name {
            return;
        }
        let message = format!("Module `{module}' used without being extended or instantiated.");
        self.error(codes::UNSUPPORTED_LANGUAGE_FEATURE, segments[0].span, message);
    }

    fn fact(&mut self, fact: &Expr) {
        match &fact.kind {
            ExprKind::Name(_) if self.is_module_fact(fact) => self.module_fact(fact),
            ExprKind::Name(segments) => {
                self.general_name(fact, segments, true);
            }
            ExprKind::StepName(name) => {
                self.step_name(fact, name, true);
            }
            _ => {
                self.expression(fact);
            }
        }
    }

    /// A DEF entry: the name of a defined operator, module instance or theorem (not a step).
    fn def_entry(&mut self, entry: &Expr) {
        if let ExprKind::StepName(written) = &entry.kind {
            let name = self.normalized_step_name(written);
            match self.scopes.resolve(&name) {
                Some(symbol) => self.check_def_symbol(symbol, entry.span),
                None => {
                    let message = format!("Unknown operator: `{name}'.");
                    self.error(codes::SYMBOL_UNDEFINED, entry.span, message);
                }
            }
            return;
        }
        let ExprKind::Name(segments) = &entry.kind else {
            self.not_a_definition(entry.span);
            return;
        };
        if self.is_module_fact(entry) {
            self.module_fact(entry);
            return;
        }
        let mut symbol: Option<SymbolId> = None;
        for segment in segments {
            let Selector::Name(text) = &segment.selector else {
                if symbol.is_some() {
                    // A positional subexpression (`T!1`, `<1>2!1`): not a defined operator.
                    self.not_a_definition(entry.span);
                }
                return;
            };
            let name = canonical(text);
            let found = match symbol {
                None if text.starts_with('<') => {
                    self.scopes.resolve(&self.normalized_step_name(text))
                }
                None => self.scopes.resolve(name),
                Some(current) => {
                    let Some(module) = self.scopes.symbols[current].instance_of.clone() else {
                        // A label or subexpression of a definition: not a defined operator.
                        self.not_a_definition(entry.span);
                        return;
                    };
                    self.exports.get(&module).and_then(|context| context.entries.get(name).copied())
                }
            };
            let Some(found) = found else {
                let message = format!("Unknown operator: `{text}'.");
                self.error(codes::SYMBOL_UNDEFINED, segment.span, message);
                return;
            };
            symbol = Some(found);
        }
        if let Some(symbol) = symbol {
            self.check_def_symbol(symbol, entry.span);
        }
    }

    /// A DEF entry must be a defined operator, module instance, theorem or DEFINE step.
    fn check_def_symbol(&mut self, symbol: SymbolId, span: Span) {
        self.scopes.symbols[symbol].used = true;
        let symbol = &self.scopes.symbols[symbol];
        let is_definition = match symbol.kind {
            SymbolKind::UserDefined | SymbolKind::ModuleInstance => true,
            SymbolKind::TheoremOrAssumption => {
                !symbol.name.starts_with('<')
                    || matches!(
                        symbol.statement,
                        Some(Statement::NonTheoremStep | Statement::DefineStep)
                    )
            }
            _ => false,
        };
        let non_definition_step = symbol.statement == Some(Statement::NonTheoremStep);
        if !is_definition {
            self.not_a_definition(span);
        } else if non_definition_step {
            let message = "DEF clause entry refers to a non-definition step.".to_string();
            self.error(codes::SUSPECTED_UNREACHABLE_CHECK, span, message);
        }
    }

    fn not_a_definition(&mut self, span: Span) {
        let message = "DEF clause entry should describe a defined operator.".to_string();
        self.error(codes::SYMBOL_UNDEFINED, span, message);
    }

    /// Whether SANY represents the fact as an application of an operator that is not a theorem,
    /// assumption or step (which a HIDE may not hide).
    fn is_operator_application(&self, fact: &Expr) -> bool {
        match &fact.kind {
            ExprKind::Name(_) if self.is_module_fact(fact) => false,
            ExprKind::Name(segments) => {
                let Some(Selector::Name(name)) = segments.first().map(|first| &first.selector)
                else {
                    return false;
                };
                let name = if name.starts_with('<') {
                    self.normalized_step_name(name)
                } else {
                    canonical(name).to_string()
                };
                if segments.len() > 1 {
                    // A subexpression of a theorem or step (`T!1`, `<1>2!lab`) is an expression.
                    return self.scopes.resolve(&name).is_some_and(|id| {
                        self.scopes.symbols[id].kind == SymbolKind::TheoremOrAssumption
                    });
                }
                match self.scopes.resolve(&name) {
                    Some(id) => !matches!(
                        self.scopes.symbols[id].kind,
                        SymbolKind::TheoremOrAssumption | SymbolKind::ModuleInstance
                    ),
                    None => false,
                }
            }
            ExprKind::Parenthesized(inner) => self.is_operator_application(inner),
            ExprKind::Number(_)
            | ExprKind::Decimal(_)
            | ExprKind::String(_)
            | ExprKind::StepName(_)
            | ExprKind::AssumeProve { .. }
            | ExprKind::Label { .. }
            | ExprKind::Let { .. }
            | ExprKind::Error => false,
            _ => true,
        }
    }

    /// SANY's `generateProof`; returns the steps (for the temporal-goal checks). Stack-safe for
    /// deeply nested proofs.
    fn proof(&mut self, proof: &Proof) -> Vec<StepSummary> {
        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.proof_inner(proof))
    }

    fn proof_inner(&mut self, proof: &Proof) -> Vec<StepSummary> {
        match proof {
            Proof::Obvious(_) | Proof::Omitted(_) => Vec::new(),
            Proof::By(by) => {
                self.use_or_hide(by);
                Vec::new()
            }
            Proof::Steps(steps) => self.proof_steps(steps),
        }
    }

    fn proof_steps(&mut self, steps: &[ProofStep]) -> Vec<StepSummary> {
        let parent_level = self.proof_levels.last().copied().unwrap_or(0);
        let level = steps
            .iter()
            .filter_map(|step| step.label.as_ref())
            .find_map(|label| step_level(&label.text))
            .unwrap_or(parent_level + 1);
        self.proof_levels.push(level);
        self.scopes.push();
        let mut number_of_pops = 0;
        let mut previous_is_infix = false;
        let mut summaries = Vec::new();
        for step in steps {
            let is_infix_step = matches!(
                &step.kind,
                ProofStepKind::Assert(expr) if matches!(expr.kind, ExprKind::Infix { .. })
            );
            let (summary, pops) = self.proof_step(step, level, previous_is_infix);
            number_of_pops += pops;
            previous_is_infix = is_infix_step;
            summaries.extend(summary);
        }
        for _ in 0..number_of_pops {
            self.scopes.pop();
        }
        self.scopes.pop();
        self.proof_levels.pop();
        summaries
    }

    /// One step; returns its summary (for theorem-like steps) and how many contexts it leaves
    /// pushed for the rest of the proof.
    fn proof_step(
        &mut self,
        step: &ProofStep,
        level: u32,
        previous_is_infix: bool,
    ) -> (Option<StepSummary>, usize) {
        let step_name = step.label.as_ref().and_then(|label| self.step_name_of(label, level));
        if step_name.is_some() {
            self.push_labels();
        }
        let body_start = step.label.as_ref().map_or(step.span.start, |label| label.span.end);
        let mut assume_context = None;
        let mut pick_context = None;
        let (statement, step_level, body_end) = match &step.kind {
            ProofStepKind::Define(definitions) => {
                for definition in definitions {
                    self.definition(definition);
                }
                return (None, self.non_theorem_step(step_name, step, Statement::DefineStep));
            }
            ProofStepKind::UseOrHide(use_or_hide) => {
                self.use_or_hide(use_or_hide);
                return (None, self.non_theorem_step(step_name, step, Statement::NonTheoremStep));
            }
            ProofStepKind::Instance(instance) => {
                self.unnamed_instance(instance);
                return (None, self.non_theorem_step(step_name, step, Statement::NonTheoremStep));
            }
            ProofStepKind::Assert(expr) | ProofStepKind::Suffices(expr) => {
                let suffices = matches!(step.kind, ProofStepKind::Suffices(_));
                let level = if matches!(expr.kind, ExprKind::AssumeProve { .. }) {
                    self.scopes.push();
                    self.label_state.in_goal = step_name.is_some();
                    let level = self.expression(expr);
                    self.label_state.in_goal = false;
                    assume_context = Some((self.scopes.pop(), suffices));
                    level
                } else {
                    self.asserted_expression(expr, previous_is_infix && !suffices)
                };
                let statement = match (&expr.kind, suffices) {
                    (ExprKind::AssumeProve { .. }, _) => Statement::AssumeProve,
                    (_, true) => Statement::Suffices,
                    _ => Statement::Expression,
                };
                (statement, level, expr.span.end)
            }
            ProofStepKind::Case(expr) => (Statement::Case, self.expression(expr), expr.span.end),
            ProofStepKind::Have(expr) => (Statement::Have, self.expression(expr), expr.span.end),
            ProofStepKind::Take(bounds) => {
                let (levels, _) = self.bound_groups_with_ids(bounds);
                let level = levels.into_iter().max().unwrap_or(CONSTANT_LEVEL);
                let end = bounds.last().map_or(body_start, |bound| bound.span.end);
                (Statement::Take, level, end)
            }
            ProofStepKind::Pick { bounds, body } => {
                self.scopes.push();
                let (levels, ids) = self.bound_groups_with_ids(bounds);
                let body_level = self.bound_body(ids, body);
                pick_context = Some(self.scopes.pop());
                let level = levels.iter().copied().chain([body_level]).max().unwrap_or(0);
                if level == TEMPORAL_LEVEL {
                    self.check_pick_bounds(bounds, &levels);
                }
                (Statement::Pick, level, body.span.end)
            }
            ProofStepKind::Witness(expressions) => {
                let level = expressions.iter().map(|expr| self.expression(expr)).max().unwrap_or(0);
                let end = expressions.last().map_or(body_start, |expr| expr.span.end);
                (Statement::Witness, level, end)
            }
            ProofStepKind::Qed => (Statement::Qed, CONSTANT_LEVEL, body_start),
        };
        if let (Some(name), Some(label)) = (&step_name, &step.label) {
            let labels = self.pop_labels();
            let name = Name { text: name.clone(), span: label.span };
            self.step_symbol(&name, statement, step_level, labels, name.span);
        }
        let own_context = matches!(assume_context, Some((_, false)));
        if let Some((context, false)) = &assume_context {
            self.scopes.stack.push(context.clone());
        }
        let steps = step.proof.as_ref().map(|proof| self.proof(proof)).unwrap_or_default();
        if own_context {
            self.scopes.pop();
        }
        if step_level == TEMPORAL_LEVEL {
            self.check_temporal_proof(&steps);
        }
        let mut pops = 0;
        if let Some((context, true)) = assume_context {
            self.scopes.stack.push(context);
            pops = 1;
        }
        if let Some(context) = pick_context {
            for name in &context.order {
                let id = context.entries[name];
                self.scopes.add_symbol(name, id);
            }
        }
        let span = Span::new(skip_spaces(self, body_start), body_end.max(body_start));
        let summary = StepSummary { statement, level: step_level, span, proof: steps };
        (Some(summary), pops)
    }

    /// A numbered USE, HIDE, DEFINE or INSTANCE step: its name is a symbol of the proof.
    fn non_theorem_step(
        &mut self,
        step_name: Option<String>,
        step: &ProofStep,
        statement: Statement,
    ) -> usize {
        if let Some(name) = step_name {
            let labels = self.pop_labels();
            let span = step.label.as_ref().map_or(step.span, |label| label.span);
            let name = Name { text: name, span };
            self.step_symbol(&name, statement, CONSTANT_LEVEL, labels, name.span);
        }
        0
    }

    /// The name a step label gives (`<1>2.` names `<1>2`; `<1>` and `<*>` name nothing).
    fn step_name_of(&mut self, label: &Name, level: u32) -> Option<String> {
        let text = label.text.trim_end_matches('.');
        let close = text.find('>')?;
        let (head, name) = (&text[..close + 1], &text[close + 1..]);
        if name.is_empty() {
            return None;
        }
        if head == "<*>" || head == "<+>" {
            let message = "<*> and <+> cannot be used for a named step.".to_string();
            self.error(codes::PROOF_STEP_WITH_IMPLICIT_LEVEL_CANNOT_HAVE_NAME, label.span, message);
            return Some(format!("<{level}>{name}"));
        }
        Some(text.to_string())
    }

    /// An asserted expression; after a step whose formula is an infix expression, `@ op e`
    /// continues it (SANY's "@-steps"), with `@` for the previous right-hand side.
    fn asserted_expression(&mut self, expr: &Expr, previous_is_infix: bool) -> u8 {
        if previous_is_infix {
            if let ExprKind::Infix { operator, left, right } = &expr.kind {
                let is_at = matches!(&left.kind, ExprKind::Name(segments)
                    if segments.len() == 1
                        && segments[0].arguments.is_empty()
                        && segments[0].selector == Selector::Name("@".to_string()));
                if is_at {
                    if self.scopes.resolve(canonical(&operator.text)).is_none() {
                        let message =
                            format!("Couldn't resolve infix operator symbol `{}'.", operator.text);
                        self.error(codes::SUSPECTED_UNREACHABLE_CHECK, expr.span, message);
                        return CONSTANT_LEVEL;
                    }
                    return self.expression(right);
                }
            }
        }
        self.expression(expr)
    }

    /// SANY's check of a temporal PICK: its bounds must be constant (4354).
    fn check_pick_bounds(&mut self, bounds: &[tla_syntax::ast::BoundGroup], levels: &[u8]) {
        let sets = bounds.iter().filter_map(|bound| bound.set.as_ref());
        for (set, &level) in sets.zip(levels) {
            if level != CONSTANT_LEVEL {
                let message = "Non-constant bound of temporal PICK.".to_string();
                self.level_error(
                    codes::QUANTIFIED_TEMPORAL_PICK_FORMULA_WITH_NON_CONSTANT_BOUND,
                    set.span,
                    message,
                );
            }
        }
    }

    /// SANY's `LevelCheckTemporal`: in the proof of a temporal goal, TAKE, WITNESS, HAVE and
    /// CASE steps must be constant (4352, 4353); CASE and QED proofs are checked in turn.
    fn check_temporal_proof(&mut self, steps: &[StepSummary]) {
        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.check_temporal_steps(steps));
    }

    fn check_temporal_steps(&mut self, steps: &[StepSummary]) {
        for step in steps {
            match step.statement {
                Statement::Take | Statement::Witness | Statement::Have
                    if step.level != CONSTANT_LEVEL =>
                {
                    let message = "Non-constant TAKE, WITNESS, or HAVE for temporal goal.";
                    self.level_error(
                        codes::TEMPORAL_PROOF_GOAL_WITH_NON_CONSTANT_TAKE_WITNESS_HAVE,
                        step.span,
                        message.to_string(),
                    );
                }
                Statement::Case => {
                    if step.level != CONSTANT_LEVEL {
                        let message = "Non-constant CASE for temporal goal.".to_string();
                        self.level_error(
                            codes::TEMPORAL_PROOF_GOAL_WITH_NON_CONSTANT_CASE,
                            step.span,
                            message,
                        );
                    }
                    self.check_temporal_proof(&step.proof);
                }
                Statement::Qed => self.check_temporal_proof(&step.proof),
                _ => {}
            }
        }
    }
}

/// The level a step label gives explicitly (`<2>` in `<2>1.`), if it is a number.
fn step_level(label: &str) -> Option<u32> {
    let inner = label.strip_prefix('<')?;
    let close = inner.find('>')?;
    inner[..close].parse().ok()
}

/// The offset of the first non-blank character at or after `offset`.
fn skip_spaces(analyzer: &Analyzer<'_>, offset: u32) -> u32 {
    let text = &analyzer.spec.files[analyzer.file].source.text;
    let rest = text.get(offset as usize..).unwrap_or("");
    offset + (rest.len() - rest.trim_start().len()) as u32
}
