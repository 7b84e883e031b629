//! What an evaluation may read besides the expression: the current and next state, and the
//! per-worker facts TLC exposes to specs (`TLCGet("level")`, registers, a seeded generator).

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};

use tla_values::Value;

/// A state as the evaluator sees it.
#[derive(Clone, Copy)]
pub enum StateView<'a> {
    /// No state (constant evaluation, `ASSUME`).
    Absent,
    Full(&'a [Value]),
    /// A state being built (initial states, successors): unassigned variables are `None`.
    Partial(&'a [Option<Value>]),
}

impl<'a> StateView<'a> {
    pub fn variable(&self, index: usize) -> Option<&'a Value> {
        match self {
            StateView::Absent => None,
            StateView::Full(values) => values.get(index),
            StateView::Partial(values) => values.get(index).and_then(Option::as_ref),
        }
    }

    pub fn is_absent(&self) -> bool {
        matches!(self, StateView::Absent)
    }
}

/// The evaluation context of one expression.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    pub current: StateView<'a>,
    pub next: StateView<'a>,
    /// The old value `@` stands for inside an `EXCEPT` update.
    pub except_at: Option<&'a Value>,
    pub worker: &'a WorkerContext,
    /// Names the pair of states `current` and `next` hold: two contexts with the same number
    /// (never reused in a process) see the same states, so a `LET` definition computed in one
    /// can be reused in the other (see `env::LetInstance`). Zero under a prime, where TLC
    /// reuses nothing.
    pub states_id: u64,
}

/// The `states_id` of contexts under a prime (`e'`, `UNCHANGED`): `LET` values are neither
/// kept nor reused there, as in TLC, which evaluates a primed expression with no next state.
pub const PRIMED_STATES_ID: u64 = 0;

impl<'a> Ctx<'a> {
    pub fn constant(worker: &'a WorkerContext) -> Ctx<'a> {
        Ctx {
            current: StateView::Absent,
            next: StateView::Absent,
            except_at: None,
            worker,
            states_id: worker.fresh_states_id(),
        }
    }

    pub fn state(state: &'a [Value], worker: &'a WorkerContext) -> Ctx<'a> {
        Ctx {
            current: StateView::Full(state),
            next: StateView::Absent,
            except_at: None,
            worker,
            states_id: worker.fresh_states_id(),
        }
    }

    /// This context with `next` as its current state and no next state: the context of `e'`.
    pub fn primed(&self) -> Ctx<'a> {
        Ctx {
            current: self.next,
            next: StateView::Absent,
            except_at: self.except_at,
            worker: self.worker,
            states_id: PRIMED_STATES_ID,
        }
    }

    pub fn transition(
        current: &'a [Value],
        next: &'a [Value],
        worker: &'a WorkerContext,
    ) -> Ctx<'a> {
        Ctx {
            current: StateView::Full(current),
            next: StateView::Full(next),
            except_at: None,
            worker,
            states_id: worker.fresh_states_id(),
        }
    }
}

/// Counters TLC reports through `TLCGet("stats")` and friends, as the checker last published
/// them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Statistics {
    pub generated: u64,
    pub distinct: u64,
    pub queue: u64,
    pub diameter: u64,
    pub initial: u64,
    pub duration_seconds: u64,
}

/// Per-worker state of a run (one per thread; not shared).
pub struct WorkerContext {
    pub worker_id: u32,
    /// `TLCGet("level")`: the depth of the state being explored (initial states are level 1).
    pub level: Cell<u64>,
    /// `TLCSet(i, v)` registers.
    pub registers: RefCell<Vec<Option<Value>>>,
    pub statistics: Cell<Statistics>,
    /// Set by `TLCSet("exit", TRUE)`.
    pub exit_requested: Cell<bool>,
    /// Nesting of operator calls, to stop runaway recursion with an error instead of a crash.
    pub call_depth: Cell<u32>,
    /// Nesting of expression evaluation and action walks (to check the stack only now and then).
    pub eval_depth: Cell<u32>,
    /// Recursive functions being computed, by definition and the environment they were
    /// defined in: a recursive reference resolves to the function itself.
    pub recursive_functions: RefCell<Vec<(u32, crate::env::Env, Value)>>,
    random_state: Cell<u64>,
    /// A spare buffer for the state an action walk builds, so each walk need not allocate one.
    spare_partial_state: Cell<Vec<Option<Value>>>,
    /// Per-expression coverage counters, when coverage is on (`-coverage`).
    pub expression_coverage: Option<Box<crate::expression_coverage::ExpressionCoverage>>,
    /// The next `Ctx::states_id` this worker hands out, and the end of its current block.
    next_states_id: Cell<u64>,
    states_id_block_end: Cell<u64>,
    /// Where the checker's invariants held (`predicate_memo.rs`).
    pub predicate_memo: RefCell<crate::predicate_memo::PredicateMemo>,
    /// The sets of action binders kept for their bindings (`domain_memo.rs`).
    pub(crate) domain_memo: RefCell<crate::domain_memo::DomainMemo>,
    /// While set, `Print` output and warnings of this worker's evaluations are dropped: for an
    /// evaluation done again only to find a state or what TLC's replay of an error finds, whose
    /// output is printed elsewhere or not at all (`tla-check`'s replay of a failed invariant
    /// check and its rebuilding of a trace's states).
    pub output_muted: Cell<bool>,
}

/// Where the next block of `Ctx::states_id` numbers starts (shared by all workers; a worker
/// takes a block at a time, so the counter is touched rarely).
static NEXT_STATES_ID_BLOCK: AtomicU64 = AtomicU64::new(PRIMED_STATES_ID + 1);
const STATES_ID_BLOCK_SIZE: u64 = 1 << 16;

impl WorkerContext {
    pub fn new(worker_id: u32, seed: u64) -> WorkerContext {
        WorkerContext {
            worker_id,
            level: Cell::new(0),
            registers: RefCell::new(Vec::new()),
            statistics: Cell::new(Statistics::default()),
            exit_requested: Cell::new(false),
            call_depth: Cell::new(0),
            eval_depth: Cell::new(0),
            recursive_functions: RefCell::new(Vec::new()),
            random_state: Cell::new(seed ^ 0x9E37_79B9_7F4A_7C15 ^ u64::from(worker_id)),
            spare_partial_state: Cell::new(Vec::new()),
            expression_coverage: None,
            next_states_id: Cell::new(0),
            states_id_block_end: Cell::new(0),
            predicate_memo: RefCell::new(Default::default()),
            domain_memo: RefCell::new(Default::default()),
            output_muted: Cell::new(false),
        }
    }

    /// A `Ctx::states_id` no context of this process has had yet.
    pub fn fresh_states_id(&self) -> u64 {
        let mut id = self.next_states_id.get();
        if id >= self.states_id_block_end.get() {
            id = NEXT_STATES_ID_BLOCK.fetch_add(STATES_ID_BLOCK_SIZE, Ordering::Relaxed);
            self.states_id_block_end.set(id + STATES_ID_BLOCK_SIZE);
        }
        self.next_states_id.set(id + 1);
        id
    }

    /// Runs `step` one level deeper in evaluation (an expression, or a formula of an action's
    /// walk). Deep expressions and recursion grow the stack on demand; asking how much stack is
    /// left costs, so only every few levels (a level is a small frame).
    #[inline(always)]
    pub(crate) fn one_level_deeper<R>(&self, step: impl FnOnce() -> R) -> R {
        let depth = self.eval_depth.get();
        self.eval_depth.set(depth.wrapping_add(1));
        let result = if depth.is_multiple_of(8) {
            stacker::maybe_grow(256 * 1024, 2 * 1024 * 1024, step)
        } else {
            step()
        };
        self.eval_depth.set(depth);
        result
    }

    /// A state of `variables` unassigned variables to build a successor in; give it back with
    /// [`WorkerContext::return_partial_state`]. A nested walk (`ENABLED` inside an action) finds
    /// the spare taken and gets a fresh one.
    pub(crate) fn take_partial_state(&self, variables: usize) -> Vec<Option<Value>> {
        let mut partial = self.spare_partial_state.take();
        partial.clear();
        partial.resize_with(variables, || None);
        partial
    }

    pub(crate) fn return_partial_state(&self, mut partial: Vec<Option<Value>>) {
        partial.clear();
        self.spare_partial_state.set(partial);
    }

    /// The same worker, counting per-expression coverage into `coverage`.
    pub fn with_expression_coverage(
        mut self,
        coverage: crate::expression_coverage::ExpressionCoverage,
    ) -> WorkerContext {
        self.expression_coverage = Some(Box::new(coverage));
        self
    }

    /// Restarts the random stream (`RandomElement`, ...) for one unit of work, the expansion of
    /// state number `stream`: a run's random choices then depend on the seed and the state, not
    /// on which worker expands it or what it evaluated before (see `docs/dev/checker.md`).
    pub fn reseed(&self, seed: u64, stream: u64) {
        let stream = stream.wrapping_add(1).wrapping_mul(0xD1B5_4A32_D192_ED03);
        self.random_state.set(seed ^ 0x9E37_79B9_7F4A_7C15 ^ stream);
    }

    /// A pseudo-random number below `bound` (splitmix64; reproducible for a seed).
    pub fn random_below(&self, bound: u64) -> u64 {
        let mut z = self.random_state.get().wrapping_add(0x9E37_79B9_7F4A_7C15);
        self.random_state.set(z);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        if bound == 0 {
            0
        } else {
            z % bound
        }
    }
}
