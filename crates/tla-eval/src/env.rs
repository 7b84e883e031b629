//! The evaluation environment: the bindings of bound names and parameters, as a persistent
//! linked list so closures (lazy arguments, `LAMBDA`s, lazy functions) can keep it cheaply.
//!
//! Indices follow the contract of [`tla_sema::hir`]: [`Env::get`]`(0)` is the innermost binding.

use std::sync::{Arc, OnceLock};

use tla_sema::hir::{BuiltinOp, DefId, Expr};
use tla_values::Value;

/// A stack of bindings; cloning shares it.
#[derive(Clone, Default)]
pub struct Env(Option<Arc<Node>>);

struct Node {
    binding: Binding,
    parent: Env,
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

impl Env {
    pub fn empty() -> Env {
        Env(None)
    }

    /// This environment with `binding` innermost.
    pub fn push(&self, binding: Binding) -> Env {
        Env(Some(Arc::new(Node { binding, parent: self.clone() })))
    }

    pub fn push_value(&self, value: Value) -> Env {
        self.push(Binding::Value(value))
    }

    /// Makes this environment `parent` with `value` innermost, reusing this one's innermost node
    /// when nothing else holds it (a quantifier moving on to its next element).
    pub fn rebind_innermost(&mut self, parent: &Env, value: Value) {
        if let Some(node) = self.0.as_mut().and_then(Arc::get_mut) {
            if node.parent.same_as(parent) {
                node.binding = Binding::Value(value);
                return;
            }
        }
        *self = parent.push_value(value);
    }

    /// The binding `index` places from the innermost, if there is one.
    pub fn get(&self, index: u32) -> Option<&Binding> {
        let mut node = self.0.as_deref()?;
        for _ in 0..index {
            node = node.parent.0.as_deref()?;
        }
        Some(&node.binding)
    }

    /// Whether both are the very same environment (not merely equal bindings).
    pub fn same_as(&self, other: &Env) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// This environment without its `count` innermost bindings.
    pub fn drop_innermost(&self, count: u32) -> Env {
        let mut env = self;
        for _ in 0..count {
            match env.0.as_deref() {
                Some(node) => env = &node.parent,
                None => return Env(None),
            }
        }
        env.clone()
    }
}

/// Long environments are dropped iteratively (a deep recursion builds one node per call).
impl Drop for Env {
    fn drop(&mut self) {
        let mut next = self.0.take();
        while let Some(node) = next {
            match Arc::try_unwrap(node) {
                Ok(mut node) => next = node.parent.0.take(),
                Err(_) => break,
            }
        }
    }
}
