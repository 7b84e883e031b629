//! Formulas compiled ahead: state predicates without effects (invariants, constraints, action
//! guards, the conditions of an action's walk) turned once into a tree of resolved operations
//! ([`Node`]) that runs without the interpreter's per-expression work.
//!
//! The interpreter (`evaluator.rs`) decides at every expression what it is: whether coverage is
//! counted, whether its value is known ahead, which definition a call reaches after the model's
//! overrides, whether the callee is native, how deep the stack is, and it wraps every error with
//! the expression's position. A compiled formula has all of that decided: calls of defined
//! operators are inlined, constants and literals are values, bound names are slots of a frame.
//!
//! A compiled formula only ever gives the interpreter's value or gives up:
//! - it is compiled only when it has no effects (the invariant memo's analysis,
//!   `predicate_memo.rs`: no `Print`, registers, random choices, primes other than of a
//!   variable, or `ENABLED`), so
//!   evaluating it, or part of it, twice changes nothing that can be seen;
//! - it evaluates what the interpreter evaluates in the same order, with the same functions on
//!   values (`tla_values`), and short-circuits where the interpreter does;
//! - whenever anything fails (an error, a binding that is not a value, a value of an unexpected
//!   kind), it gives up, and the caller evaluates the formula with the interpreter, which
//!   reports TLC's error with its positions. A compiled formula never produces an error itself.
//!
//! What is not worth compiling (a recursive function, a filter's membership test) stays a call of the
//! interpreter inside the compiled tree ([`Node::Interpret`]), with the bindings the interpreter
//! would see there. Nothing is compiled or run while per-expression coverage is counted, since
//! TLC counts every evaluation.

mod compile;
mod run;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

use tla_sema::hir::{BuiltinOp, DefId, Expr};
use tla_values::Value;

use crate::context::Ctx;
use crate::env::Env;
use crate::evaluator::Evaluator;
use crate::native_calls::NativeOperator;

/// How many runs of a compiled formula decide whether it is kept: one that gives up on more than
/// half of them is no longer tried (the interpreter then does the work once, not twice).
const TRIAL_RUNS: u32 = 512;

/// A value read from where it is stored, or from such values without binding anything
/// (`network[q][p].type`): borrowed, not copied.
#[derive(Clone)]
pub(crate) enum Place {
    /// A value fixed when compiling: a literal, a constant the model gives a value.
    Value(Value),
    /// A variable of the current state.
    Variable(usize),
    /// A variable of the next state (`x'`), once an action's walk has assigned it.
    PrimedVariable(usize),
    /// A binding of the environment the formula is evaluated in (0 innermost), when it is a
    /// value.
    EnvLocal(u32),
    /// A name bound inside the compiled formula, or an argument of an inlined call.
    Slot(usize),
    /// A zero-argument constant definition, computed once per run.
    Definition(DefId),
    Apply(Box<Place>, Box<Place>),
    Field(Box<Place>, Value),
}

/// One operation of a compiled formula.
#[derive(Clone)]
pub(crate) enum Node {
    Place(Place),
    /// An expression left to the interpreter, in the environment it would see: the formula's
    /// environment (or none, inside an inlined call) with `bindings` pushed, outermost first.
    Interpret {
        expr: &'static Expr,
        base: Base,
        bindings: Vec<Node>,
    },
    Apply(Box<Node>, Box<Node>),
    Field(Box<Node>, Value),
    /// `/\` (`conjunction`) or `\/` of the items, left to right until decided.
    Junction {
        conjunction: bool,
        items: Vec<Node>,
    },
    Not(Box<Node>),
    Implies(Box<Node>, Box<Node>),
    Equivalent(Box<Node>, Box<Node>),
    /// `=`, `#`, `\in`, `\notin`.
    Compare {
        op: BuiltinOp,
        left: Box<Node>,
        right: Box<Node>,
    },
    /// Another built-in operator on values (`\cup`, `DOMAIN`, `\subseteq`, ...).
    Builtin {
        op: BuiltinOp,
        arguments: Vec<Node>,
    },
    /// A native operator (`+`, `<`, `Len`, `Head`, `Cardinality`, ...).
    Native {
        native: NativeOperator,
        arguments: Vec<Node>,
    },
    If {
        condition: Box<Node>,
        then_branch: Box<Node>,
        else_branch: Box<Node>,
    },
    /// `CASE`: the first arm whose guard holds, else `other`.
    Case {
        arms: Vec<(Node, Node)>,
        other: Option<Box<Node>>,
    },
    /// `\A` or `\E` over one slot per name, each with the index of its bound's domain:
    /// `domains` evaluated first, in order; the first slot varies fastest (TLC's order).
    Quantified {
        exists: bool,
        slots: Vec<(usize, usize)>,
        domains: Vec<Node>,
        body: Box<Node>,
    },
    /// A `LET` inside the formula whose definitions have no parameters, around its body: the
    /// definitions that are places are read where they are used; each other one is computed
    /// at its first use ([`Node::LetValue`]) into its slot, so on entry those slots are marked
    /// not computed.
    LetIn {
        lazy_slots: Vec<usize>,
        body: Box<Node>,
    },
    /// A use of a `LET` definition: its value, computed by [`Program::let_values`]`[index]`
    /// into `slot` at the first use since its `LET` was entered (the interpreter computes a
    /// `LET` definition once per evaluation of the `LET`, on first use).
    LetValue {
        slot: usize,
        index: usize,
    },
    /// A call of a definition being inlined around it (a recursive call): the arguments
    /// evaluated, then the definition's own program ([`Evaluator::definition_program`]) run
    /// in a frame of its own with them in its first slots.
    Recurse {
        def: DefId,
        arguments: Vec<Node>,
    },
    /// An argument of an inlined call evaluated into a slot before the body.
    Let {
        slot: usize,
        value: Box<Node>,
        body: Box<Node>,
    },
    Tuple(Vec<Node>),
    SetEnumeration(Vec<Node>),
    Record(Vec<(tla_values::Atom, Node)>),
    /// `[f EXCEPT ![a][b] = e, !.x = e2]`: the function, then each update in turn.
    Except {
        function: Box<Node>,
        updates: Vec<ExceptStep>,
    },
    /// `[x \in S |-> e]` over one name (slot `slot`), built at once as the interpreter builds
    /// it; an entry that gives up gives up the whole (the interpreter then keeps it lazy).
    Function {
        slot: usize,
        domain: Box<Node>,
        body: Box<Node>,
    },
    /// `{x \in S : P}` over one name (slot `slot`) of an enumerable set, built at once as the
    /// interpreter builds it; anything else gives up (the interpreter then keeps it lazy).
    SetFilter {
        slot: usize,
        set: Box<Node>,
        predicate: Box<Node>,
    },
}

/// One update of an `EXCEPT`: the keys of its path (a field name as a string, an index, or the
/// tuple of several indices), its new value, and the slot `@` reads in it, if it uses `@`.
#[derive(Clone)]
pub(crate) struct ExceptStep {
    path: Vec<Node>,
    value: Node,
    at: Option<usize>,
}

/// The environment an [`Node::Interpret`] builds on.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Base {
    /// The environment the compiled formula is evaluated in.
    Outer,
    /// No bindings: the body of an inlined definition, which the interpreter evaluates from an
    /// empty environment too.
    Empty,
}

/// A compiled formula, with how often it gave up during its trial.
pub(crate) struct Program {
    root: Node,
    slots: usize,
    /// The bodies of the `LET` definitions [`Node::LetValue`] computes.
    let_values: Vec<Node>,
    /// Whether part of the formula is left to the interpreter in the formula's environment:
    /// it then runs only where every binding of that environment is a value, since the
    /// interpreter would force an argument not evaluated yet, which may have effects, and a
    /// compiled run that gives up afterwards would have it forced twice.
    interprets_in_outer: bool,
    runs: AtomicU32,
    gave_up: AtomicU32,
    retired: std::sync::atomic::AtomicBool,
}

/// Per expression slot: the program of the formula, once compiled (`None` when it cannot be);
/// per definition: the program of its body as a compiled call runs it ([`Node::Recurse`]).
#[derive(Default)]
pub(crate) struct ProgramTable {
    entries: Vec<OnceLock<Option<Program>>>,
    definitions: Vec<OnceLock<Option<Program>>>,
    /// Per expression slot: whether evaluating it has no effects (for arguments, see
    /// [`Evaluator::forced_argument`]).
    without_effects: Vec<OnceLock<bool>>,
}

impl ProgramTable {
    pub(crate) fn with_entries(expressions: usize, definitions: usize) -> ProgramTable {
        ProgramTable {
            entries: (0..expressions).map(|_| OnceLock::new()).collect(),
            definitions: (0..definitions).map(|_| OnceLock::new()).collect(),
            without_effects: (0..expressions).map(|_| OnceLock::new()).collect(),
        }
    }
}

impl Evaluator {
    /// The value of formula `expr` in `env` and `ctx` by its compiled program: `None` when it
    /// has none (it has effects, or nothing to gain), when the program gives up, or while
    /// coverage is counted. The caller then evaluates `expr` with the interpreter.
    pub fn compiled_holds(&self, expr: &'static Expr, env: &Env, ctx: &Ctx) -> Option<bool> {
        let program = self.runnable_program(expr, env, ctx)?;
        let holds = run::holds(self, program, env, ctx);
        program.note_run(holds.is_none());
        holds
    }

    /// The value of expression `expr` (the right side of an assignment) by its compiled
    /// program, under the same conditions as [`Evaluator::compiled_holds`].
    pub fn compiled_value(&self, expr: &'static Expr, env: &Env, ctx: &Ctx) -> Option<Value> {
        let program = self.runnable_program(expr, env, ctx)?;
        let value = run::value(self, program, env, ctx);
        program.note_run(value.is_none());
        value
    }

    /// The value of `expr`: by its compiled program when that gives one, else by the
    /// interpreter (which reports TLC's errors).
    #[inline]
    pub(crate) fn eval_compiled_first(
        &self,
        expr: &'static Expr,
        env: &Env,
        ctx: &Ctx,
    ) -> crate::failure::EvalOutcome<Value> {
        match self.compiled_value(expr, env, ctx) {
            Some(value) => Ok(value),
            None => self.eval(expr, env, ctx),
        }
    }

    /// The program of `expr` when it exists, is not retired, and may run in `env`.
    fn runnable_program(&self, expr: &'static Expr, env: &Env, ctx: &Ctx) -> Option<&Program> {
        if ctx.worker.expression_coverage.is_some() || !self.shared.settings.compile_formulas {
            return None;
        }
        let entry = self.shared.programs.entries.get(expr.slot.get() as usize)?;
        let program = entry.get_or_init(|| compile::program(self, expr)).as_ref()?;
        if program.retired.load(Ordering::Relaxed) {
            return None;
        }
        if program.interprets_in_outer && !env.holds_only_values() {
            return None;
        }
        Some(program)
    }

    /// The value of an argument not evaluated yet that a compiled formula reads: computed now
    /// (and kept in the argument, as the interpreter keeps it) when that cannot be seen, that
    /// is when the argument has no effects, is below action level, and sees only values. An
    /// argument whose evaluation fails stays as it was (the formula gives up, and the
    /// interpreter evaluates it where TLC does, if at all).
    fn forced_argument<'t>(&self, thunk: &'t crate::env::Thunk, ctx: &Ctx) -> Option<&'t Value> {
        if let Some(value) = thunk.cached.get() {
            return Some(value);
        }
        let cacheable = thunk.expr.level < tla_sema::hir::ACTION_LEVEL && thunk.except_at.is_none();
        if !cacheable || !thunk.env.holds_only_values() {
            return None;
        }
        let entry = self.shared.programs.without_effects.get(thunk.expr.slot.get() as usize)?;
        let without_effects = *entry
            .get_or_init(|| crate::predicate_memo::expression_reads(self, thunk.expr).is_some());
        if !without_effects {
            return None;
        }
        self.force(thunk, ctx).ok()?;
        thunk.cached.get()
    }

    /// The program of definition `def`'s body with its parameters in slots `0..n`, for
    /// compiled calls of it; `None` when it cannot be compiled or gave up too often.
    fn definition_program(&self, def: DefId) -> Option<&Program> {
        let entry = self.shared.programs.definitions.get(def as usize)?;
        let program = entry.get_or_init(|| compile::definition_program(self, def)).as_ref()?;
        (!program.retired.load(Ordering::Relaxed)).then_some(program)
    }

    /// [`Evaluator::compiled_holds`] for the body of zero-argument definition `def` (an
    /// invariant, a constraint), when evaluating `def` means evaluating its body.
    pub fn compiled_definition_holds(&self, def: DefId, ctx: &Ctx) -> Option<bool> {
        let def = self.resolve_definition(def);
        if self.fixed_value(def).is_some() || self.is_precomputed(def) {
            return None;
        }
        let definition = self.definition(def).ok()?;
        match &definition.body {
            tla_sema::hir::Body::Expression(body) if definition.parameters.is_empty() => {
                self.compiled_holds(body, &Env::empty(), ctx)
            }
            _ => None,
        }
    }
}

impl Program {
    /// Counts a run during the trial; retires a program that gave up on most of its runs.
    fn note_run(&self, gave_up: bool) {
        let runs = self.runs.load(Ordering::Relaxed);
        if runs >= TRIAL_RUNS {
            return;
        }
        self.runs.store(runs + 1, Ordering::Relaxed);
        if gave_up {
            let count = self.gave_up.fetch_add(1, Ordering::Relaxed) + 1;
            if count > TRIAL_RUNS / 2 {
                self.retired.store(true, Ordering::Relaxed);
            }
        }
    }
}
