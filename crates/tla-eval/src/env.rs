//! The evaluation environment: the bindings of bound names and parameters, as a persistent
//! linked list so closures (lazy arguments, `LAMBDA`s, lazy functions) can keep it cheaply, and
//! the `LET`s being evaluated, each with the values of its zero-argument definitions computed
//! so far.
//!
//! Indices follow the contract of [`tla_sema::hir`]: [`Env::get`]`(0)` is the innermost binding.
//! A `LET` pushes no binding there; its instances form a second list beside the bindings (see
//! [`LetInstance`]).

use std::sync::{Arc, OnceLock};

use tla_sema::hir::{BuiltinOp, DefId, Expr};
use tla_values::Value;

use crate::context::{Ctx, PRIMED_STATES_ID};

/// A stack of bindings, and the `LET` instances around them; cloning shares both.
#[derive(Clone, Default)]
pub struct Env {
    node: Option<Arc<Node>>,
    lets: Option<Arc<LetInstance>>,
}

struct Node {
    binding: Binding,
    parent: Option<Arc<Node>>,
}

/// What a bound name or parameter stands for.
#[derive(Clone)]
pub enum Binding {
    Value(Value),
    /// An argument not evaluated yet (TLC passes arguments lazily).
    Lazy(Arc<Thunk>),
    /// An operator given to an operator parameter.
    Operator(Arc<OperatorClosure>),
}

/// An argument expression with the environment it was written in.
pub struct Thunk {
    pub expr: &'static Expr,
    pub env: Env,
    /// The value, once computed; only kept for arguments below action level, whose value cannot
    /// depend on which primed variables a branch of an action has assigned.
    pub cached: OnceLock<Value>,
    /// What `@` stood for where the argument was written (inside an `EXCEPT` update), since the
    /// argument may be evaluated later, elsewhere (in a function the called operator defines).
    pub except_at: Option<Value>,
}

/// An operator as a value: a definition with the environment it sees, or a built-in operator.
pub enum OperatorClosure {
    Definition { def: DefId, env: Env },
    Builtin(BuiltinOp),
}

/// One evaluation of a `LET ... IN` expression (TLC's `LazyValue`s for its zero-argument
/// definitions): each such definition is computed at most once per instance, on first use, in
/// the states the `LET` was evaluated in. A use in other states (under a prime, in `ENABLED`'s
/// walk) computes the definition again and keeps nothing, as TLC's lazy value refuses its
/// cached value for states that differ from the ones it was computed in.
pub struct LetInstance {
    /// The `LET`'s definitions (the instance is found by the definitions it holds).
    definitions: &'static [DefId],
    /// One cell per definition (used for the zero-argument ones); empty when nothing is kept.
    values: Box<[OnceLock<Value>]>,
    /// The `Ctx::states_id` of the `LET`'s evaluation.
    states_id: u64,
    /// What `@` stood for at the `LET` (its definitions' bodies see that one, wherever used).
    except_at: Option<Value>,
    /// The instance of the enclosing `LET`, if any.
    parent: Option<Arc<LetInstance>>,
}

impl LetInstance {
    /// The definition's value computed in this instance, if the context of the use may reuse
    /// it and it is known.
    pub(crate) fn known_value(&self, position: usize, ctx: &Ctx) -> Option<&Value> {
        self.value_cell(position, ctx)?.get()
    }

    /// Keeps the definition's value, if the context of the use allows it.
    pub(crate) fn remember_value(&self, position: usize, ctx: &Ctx, value: &Value) {
        if let Some(cell) = self.value_cell(position, ctx) {
            let _ = cell.set(value.clone());
        }
    }

    fn value_cell(&self, position: usize, ctx: &Ctx) -> Option<&OnceLock<Value>> {
        if self.states_id == PRIMED_STATES_ID || self.states_id != ctx.states_id {
            return None;
        }
        self.values.get(position)
    }

    /// What `@` stood for at the `LET`.
    pub(crate) fn except_at(&self) -> Option<&Value> {
        self.except_at.as_ref()
    }
}

impl Env {
    pub fn empty() -> Env {
        Env::default()
    }

    /// This environment with `binding` innermost.
    pub fn push(&self, binding: Binding) -> Env {
        Env {
            node: Some(Arc::new(Node { binding, parent: self.node.clone() })),
            lets: self.lets.clone(),
        }
    }

    pub fn push_value(&self, value: Value) -> Env {
        self.push(Binding::Value(value))
    }

    /// Makes this environment `parent` with `value` innermost, reusing this one's innermost node
    /// when nothing else holds it (a quantifier moving on to its next element).
    pub fn rebind_innermost(&mut self, parent: &Env, value: Value) {
        if same_lets(&self.lets, &parent.lets) {
            if let Some(node) = self.node.as_mut().and_then(Arc::get_mut) {
                if same_nodes(&node.parent, &parent.node) {
                    node.binding = Binding::Value(value);
                    return;
                }
            }
        }
        *self = parent.push_value(value);
    }

    /// For a binder moving on to its next combination: this environment is `parent` with
    /// `count` values pushed, of which those at depths `0..=changed_through` (0 the deepest)
    /// now stand for `value_of(depth)`. They are replaced in place when nothing else holds
    /// the nodes; otherwise the environment is rebuilt with every value.
    pub fn rebind_pushed(
        &mut self,
        parent: &Env,
        count: usize,
        changed_through: usize,
        value_of: &dyn Fn(usize) -> Value,
    ) {
        fn replaced_in_place(
            mut node: &mut Option<Arc<Node>>,
            parent: &Option<Arc<Node>>,
            count: usize,
            changed_through: usize,
            value_of: &dyn Fn(usize) -> Value,
        ) -> bool {
            for depth in (0..count).rev() {
                let Some(current) = node.as_mut().and_then(Arc::get_mut) else {
                    return false;
                };
                if depth <= changed_through {
                    current.binding = Binding::Value(value_of(depth));
                }
                node = &mut current.parent;
            }
            same_nodes(node, parent)
        }
        // (Nodes changed before a shared one was met are this environment's alone, and are
        // dropped with it when it is rebuilt.)
        if same_lets(&self.lets, &parent.lets)
            && replaced_in_place(&mut self.node, &parent.node, count, changed_through, value_of)
        {
            return;
        }
        let mut rebuilt = parent.clone();
        for depth in 0..count {
            rebuilt = rebuilt.push_value(value_of(depth));
        }
        *self = rebuilt;
    }

    /// The binding `index` places from the innermost, if there is one.
    pub fn get(&self, index: u32) -> Option<&Binding> {
        let mut node = self.node.as_deref()?;
        for _ in 0..index {
            node = node.parent.as_deref()?;
        }
        Some(&node.binding)
    }

    /// Appends every binding, innermost first, to `values` when each is a scalar value (a
    /// boolean, integer, string or model value); `false` (and `values` left partly filled)
    /// otherwise.
    pub(crate) fn scalar_bindings(&self, values: &mut Vec<Value>) -> bool {
        let mut node = self.node.as_deref();
        while let Some(current) = node {
            match &current.binding {
                Binding::Value(
                    value @ (Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::ModelValue(_)),
                ) => values.push(value.clone()),
                _ => return false,
            }
            node = current.parent.as_deref();
        }
        true
    }

    /// Whether every binding is a value (none an argument not evaluated yet).
    pub(crate) fn holds_only_values(&self) -> bool {
        let mut node = self.node.as_deref();
        while let Some(current) = node {
            if !matches!(current.binding, Binding::Value(_)) {
                return false;
            }
            node = current.parent.as_deref();
        }
        true
    }

    /// Whether both hold the very same bindings (not merely equal ones). The `LET` instances
    /// are not compared: they only keep values the bindings determine.
    pub fn same_as(&self, other: &Env) -> bool {
        same_nodes(&self.node, &other.node)
    }

    /// This environment without its `count` innermost bindings.
    pub fn drop_innermost(&self, count: u32) -> Env {
        let mut node = &self.node;
        for _ in 0..count {
            match node.as_deref() {
                Some(inner) => node = &inner.parent,
                None => return Env { node: None, lets: self.lets.clone() },
            }
        }
        Env { node: node.clone(), lets: self.lets.clone() }
    }

    /// This environment inside a new instance of the `LET` with `definitions`, evaluated in
    /// `ctx`.
    pub(crate) fn enter_let(&self, definitions: &'static [DefId], ctx: &Ctx) -> Env {
        let keeps_values = ctx.states_id != PRIMED_STATES_ID;
        let values = if keeps_values {
            definitions.iter().map(|_| OnceLock::new()).collect()
        } else {
            Box::default()
        };
        let instance = LetInstance {
            definitions,
            values,
            states_id: ctx.states_id,
            except_at: ctx.except_at.cloned(),
            parent: self.lets.clone(),
        };
        Env { node: self.node.clone(), lets: Some(Arc::new(instance)) }
    }

    /// The environment the body of `LET` definition `def` sees when called from here, where
    /// `up` bindings were pushed since the `LET`; with the definition's position in the
    /// instance of its `LET`, when that `LET` is being evaluated (not walked as an action).
    pub(crate) fn let_definition_base(&self, up: u32, def: DefId) -> (Env, Option<usize>) {
        let mut base = self.drop_innermost(up);
        let mut instance = self.lets.as_ref();
        while let Some(found) = instance {
            if let Some(position) = found.definitions.iter().position(|&d| d == def) {
                base.lets = Some(found.clone());
                return (base, Some(position));
            }
            instance = found.parent.as_ref();
        }
        // A `LET` that an initial-state or successor walk went through binds nothing (TLC's
        // walk does not bind its definitions); its definitions' bodies see no `LET` instance.
        base.lets = None;
        (base, None)
    }

    /// The innermost `LET` instance.
    pub(crate) fn innermost_let(&self) -> Option<&LetInstance> {
        self.lets.as_deref()
    }
}

fn same_nodes(a: &Option<Arc<Node>>, b: &Option<Arc<Node>>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        _ => false,
    }
}

fn same_lets(a: &Option<Arc<LetInstance>>, b: &Option<Arc<LetInstance>>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        _ => false,
    }
}

/// Long environments are dropped iteratively (a deep recursion builds one node per call).
impl Drop for Env {
    fn drop(&mut self) {
        let mut next = self.node.take();
        while let Some(node) = next {
            match Arc::try_unwrap(node) {
                Ok(mut node) => next = node.parent.take(),
                Err(_) => break,
            }
        }
        let mut next = self.lets.take();
        while let Some(instance) = next {
            match Arc::try_unwrap(instance) {
                Ok(mut instance) => next = instance.parent.take(),
                Err(_) => break,
            }
        }
    }
}
