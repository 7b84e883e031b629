//! Running a compiled formula: each [`Node`] computed from the state, the environment and the
//! frame's slots, with `None` for "give up" (the caller then asks the interpreter).

use std::borrow::Cow;

use tla_sema::hir::BuiltinOp;
use tla_values::{equals, functions, sets, Function, Value};

use super::{Base, ExceptStep, Node, Place, Program};
use crate::context::Ctx;
use crate::env::{Binding, Env};
use crate::evaluator::Evaluator;
use crate::native_calls::NativeOperator;

/// The boolean value of `program` in `env` and `ctx`; `None` when it gives up.
pub(super) fn holds(
    evaluator: &Evaluator,
    program: &Program,
    env: &Env,
    ctx: &Ctx,
) -> Option<bool> {
    Frame::new(evaluator, program, env, ctx).holds(&program.root)
}

/// The value of `program` in `env` and `ctx`; `None` when it gives up.
pub(super) fn value(
    evaluator: &Evaluator,
    program: &Program,
    env: &Env,
    ctx: &Ctx,
) -> Option<Value> {
    Frame::new(evaluator, program, env, ctx).value(&program.root)
}

struct Frame<'a> {
    evaluator: &'a Evaluator,
    program: &'a Program,
    env: &'a Env,
    ctx: &'a Ctx<'a>,
    slots: Vec<Value>,
    /// Per slot, whether the `LET` definition it holds was computed since its `LET` was
    /// entered (empty when the program has no such definitions).
    computed: Vec<bool>,
    /// How many compiled recursive calls this frame is inside.
    depth: u32,
}

/// The deepest compiled recursion; deeper, the formula gives up (and the interpreter, with its
/// own bound on the depth of calls, evaluates it).
const MAX_RECURSION: u32 = 48;

impl<'a> Frame<'a> {
    fn new(evaluator: &'a Evaluator, program: &'a Program, env: &'a Env, ctx: &'a Ctx<'a>) -> Self {
        let computed =
            if program.let_values.is_empty() { Vec::new() } else { vec![false; program.slots] };
        let slots = vec![Value::Bool(false); program.slots];
        Frame { evaluator, program, env, ctx, slots, computed, depth: 0 }
    }

    /// A recursive call of `def`: its program in a frame of its own, the arguments in its
    /// first slots.
    fn recurse(&mut self, def: tla_sema::hir::DefId, arguments: &[Node]) -> Option<Value> {
        if self.depth >= MAX_RECURSION {
            return None;
        }
        let program = self.evaluator.definition_program(def)?;
        let empty = Env::empty();
        let mut frame = Frame::new(self.evaluator, program, &empty, self.ctx);
        frame.depth = self.depth + 1;
        for (slot, argument) in arguments.iter().enumerate() {
            *frame.slots.get_mut(slot)? = self.value(argument)?;
        }
        let value = frame.value(&program.root);
        program.note_run(value.is_none());
        value
    }

    /// Enters a `LET`: its definitions computed at first use are not computed yet.
    fn enter_let(&mut self, lazy_slots: &[usize]) -> Option<()> {
        for slot in lazy_slots {
            *self.computed.get_mut(*slot)? = false;
        }
        Some(())
    }

    /// The value of a `LET` definition, computed into `slot` at its first use.
    fn let_value(&mut self, slot: usize, index: usize) -> Option<Value> {
        if !*self.computed.get(slot)? {
            let program = self.program;
            let value = self.value(program.let_values.get(index)?)?;
            *self.slots.get_mut(slot)? = value;
            self.computed[slot] = true;
        }
        self.slots.get(slot).cloned()
    }

    /// The value of a place, borrowed where it is stored.
    fn place<'f>(&'f self, place: &'f Place) -> Option<Cow<'f, Value>> {
        match place {
            Place::Value(value) => Some(Cow::Borrowed(value)),
            Place::Variable(var) => self.ctx.current.variable(*var).map(Cow::Borrowed),
            Place::PrimedVariable(var) => self.ctx.next.variable(*var).map(Cow::Borrowed),
            Place::EnvLocal(index) => match self.env.get(*index)? {
                Binding::Value(value) => Some(Cow::Borrowed(value)),
                Binding::Lazy(thunk) => {
                    self.evaluator.forced_argument(thunk, self.ctx).map(Cow::Borrowed)
                }
                Binding::Operator(_) => None,
            },
            Place::Slot(slot) => self.slots.get(*slot).map(Cow::Borrowed),
            Place::Definition(def) => match self.evaluator.shared.cache.get(*def as usize)?.get() {
                Some(value) => Some(Cow::Borrowed(value)),
                None => self.evaluator.eval_definition(*def, self.ctx).ok().map(Cow::Owned),
            },
            Place::Apply(function, argument) => {
                let argument = self.place(argument)?;
                match self.place(function)? {
                    Cow::Borrowed(function) => functions::apply_borrowed(function, &argument).ok(),
                    Cow::Owned(function) => {
                        functions::apply(&function, &argument).ok().map(Cow::Owned)
                    }
                }
            }
            Place::Field(record, name) => match self.place(record)? {
                Cow::Borrowed(record) => functions::record_field_borrowed(record, name).ok()?,
                Cow::Owned(record) => functions::record_field(&record, name).ok()?.map(Cow::Owned),
            },
        }
    }

    /// The value of `node`, borrowed when it is a place.
    fn operand(&mut self, node: &Node) -> Option<Operand> {
        match node {
            Node::Place(_) => Some(Operand::Place),
            other => self.value(other).map(Operand::Owned),
        }
    }

    /// Calls `use_values` on the values of `left` and `right` (evaluated in that order),
    /// borrowing the places.
    fn with_pair<R>(
        &mut self,
        left: &Node,
        right: &Node,
        use_values: impl FnOnce(&Value, &Value) -> Option<R>,
    ) -> Option<R> {
        let left_operand = self.operand(left)?;
        let right_operand = self.operand(right)?;
        let left = left_operand.get(self, left)?;
        let right = right_operand.get(self, right)?;
        use_values(&left, &right)
    }

    fn values(&mut self, nodes: &[Node]) -> Option<Vec<Value>> {
        let mut values = Vec::with_capacity(nodes.len());
        for node in nodes {
            values.push(self.value(node)?);
        }
        Some(values)
    }

    fn native(&mut self, native: NativeOperator, arguments: &[Node]) -> Option<Value> {
        let ctx = self.ctx;
        match arguments {
            [only] => {
                let operand = self.operand(only)?;
                let value = operand.get(self, only)?;
                self.evaluator.call_native_on(native, std::slice::from_ref(&*value), ctx).ok()
            }
            [left, right] => self.with_pair(left, right, |left, right| {
                if let Some(result) = native.on_pair(left, right) {
                    return Some(result);
                }
                let values = [left.clone(), right.clone()];
                self.evaluator.call_native_generally(native, &values, ctx).ok()
            }),
            _ => {
                let values = self.values(arguments)?;
                self.evaluator.call_native_on(native, &values, ctx).ok()
            }
        }
    }

    fn holds(&mut self, node: &Node) -> Option<bool> {
        match node {
            Node::Junction { conjunction, items } => {
                for item in items {
                    if self.holds(item)? != *conjunction {
                        return Some(!conjunction);
                    }
                }
                Some(*conjunction)
            }
            Node::Not(only) => Some(!self.holds(only)?),
            Node::Implies(premise, conclusion) => {
                if self.holds(premise)? {
                    self.holds(conclusion)
                } else {
                    Some(true)
                }
            }
            Node::Equivalent(left, right) => Some(self.holds(left)? == self.holds(right)?),
            Node::Compare { op, left, right } => {
                let op = *op;
                self.with_pair(left, right, |left, right| {
                    let holds = match op {
                        BuiltinOp::Equal | BuiltinOp::NotEqual => equals(left, right).ok()?,
                        _ => sets::member(right, left).ok()?,
                    };
                    Some(holds == matches!(op, BuiltinOp::Equal | BuiltinOp::In))
                })
            }
            Node::If { condition, then_branch, else_branch } => {
                if self.holds(condition)? {
                    self.holds(then_branch)
                } else {
                    self.holds(else_branch)
                }
            }
            Node::Quantified { exists, slots, domains, body } => {
                self.quantified(*exists, slots, domains, body)
            }
            Node::Let { slot, value, body } => {
                let value = self.value(value)?;
                *self.slots.get_mut(*slot)? = value;
                self.holds(body)
            }
            Node::LetIn { lazy_slots, body } => {
                self.enter_let(lazy_slots)?;
                self.holds(body)
            }
            Node::Place(place) => match self.place(place)?.as_ref() {
                Value::Bool(b) => Some(*b),
                _ => None,
            },
            _ => match self.value(node)? {
                Value::Bool(b) => Some(b),
                _ => None,
            },
        }
    }

    fn value(&mut self, node: &Node) -> Option<Value> {
        match node {
            Node::Place(place) => self.place(place).map(Cow::into_owned),
            Node::Apply(function, argument) => {
                self.with_pair(function, argument, |function, argument| {
                    functions::apply(function, argument).ok()
                })
            }
            Node::Field(record, name) => {
                functions::record_field(&self.value(record)?, name).ok()?
            }
            Node::Junction { .. }
            | Node::Not(_)
            | Node::Implies(..)
            | Node::Equivalent(..)
            | Node::Compare { .. }
            | Node::Quantified { .. } => self.holds(node).map(Value::Bool),
            Node::Interpret { expr, base, bindings } => self.interpret(expr, *base, bindings),
            Node::Builtin { op, arguments } => {
                let values = self.values(arguments)?;
                self.evaluator.apply_builtin_values(*op, &values).ok()
            }
            Node::Native { native, arguments } => self.native(*native, arguments),
            Node::If { condition, then_branch, else_branch } => {
                if self.holds(condition)? {
                    self.value(then_branch)
                } else {
                    self.value(else_branch)
                }
            }
            Node::Case { arms, other } => {
                for (guard, value) in arms {
                    if self.holds(guard)? {
                        return self.value(value);
                    }
                }
                self.value(other.as_deref()?)
            }
            Node::Let { slot, value, body } => {
                let value = self.value(value)?;
                *self.slots.get_mut(*slot)? = value;
                self.value(body)
            }
            Node::LetIn { lazy_slots, body } => {
                self.enter_let(lazy_slots)?;
                self.value(body)
            }
            Node::LetValue { slot, index } => self.let_value(*slot, *index),
            Node::Recurse { def, arguments } => self.recurse(*def, arguments),
            Node::Tuple(items) => Some(Value::tuple(self.values(items)?)),
            Node::SetEnumeration(items) => Some(Value::set_from_unnormalized(self.values(items)?)),
            Node::Record(fields) => {
                let mut values = Vec::with_capacity(fields.len());
                for (name, value) in fields {
                    values.push((*name, self.value(value)?));
                }
                Value::record(values).ok()
            }
            Node::Except { function, updates } => self.except(function, updates),
            Node::Function { slot, domain, body } => self.function(*slot, domain, body),
            Node::SetFilter { slot, set, predicate } => self.set_filter(*slot, set, predicate),
        }
    }

    /// `[f EXCEPT ...]` as the interpreter computes it: each update's path, the old value there
    /// (read by `@`), its new value, then the function with that one change.
    fn except(&mut self, function: &Node, updates: &[ExceptStep]) -> Option<Value> {
        let mut value = self.value(function)?;
        for update in updates {
            let path = self.values(&update.path)?;
            // A path outside the domain is the interpreter's to warn about.
            let old = functions::select_path_borrowed(&value, &path).ok()??;
            if let Some(slot) = update.at {
                *self.slots.get_mut(slot)? = old.into_owned();
            }
            let new_value = self.value(&update.value)?;
            value = functions::except(&value, &path, new_value).ok()?;
        }
        Some(value)
    }

    /// `[x \in S |-> e]` built entry by entry, as the interpreter builds it.
    fn function(&mut self, slot: usize, domain: &Node, body: &Node) -> Option<Value> {
        let domain = self.value(domain)?;
        if let Value::Interval(interval) = &domain {
            let size = interval.size().ok()?;
            tla_values::check_set_size(size).ok()?;
            let mut values = Vec::with_capacity(size);
            for n in interval.low..=interval.high {
                *self.slots.get_mut(slot)? = Value::Int(i64::from(n));
                values.push(self.value(body)?);
            }
            return Some(Value::Function(std::sync::Arc::new(
                Function::from_interval(interval.low, values).built_by_constructor(),
            )));
        }
        if !sets::is_enumerable(&domain) {
            return None;
        }
        let elements = sets::shared_domain(&sets::enumerated(&domain).ok()?).ok()?;
        let mut values = Vec::with_capacity(elements.len());
        for element in elements.iter() {
            *self.slots.get_mut(slot)? = element.clone();
            values.push(self.value(body)?);
        }
        Some(Value::Function(std::sync::Arc::new(
            Function::on_shared_domain(elements, values).built_by_constructor(),
        )))
    }

    /// `{x \in S : P}` with `S` enumerated, as the interpreter builds it: the elements, in
    /// TLC's order, for which `P` holds. A set that cannot be enumerated (`Nat`), or only with
    /// the interpreter's help (a `SUBSET` too large for its enumeration), gives up.
    fn set_filter(&mut self, slot: usize, set: &Node, predicate: &Node) -> Option<Value> {
        let set = self.value(set)?;
        let mut kept = Vec::new();
        self.bind_each(&set, slot, |frame| {
            if frame.holds(predicate)? {
                kept.push(frame.slots.get(slot)?.clone());
            }
            Some(true)
        })?;
        tla_values::check_set_size(kept.len()).ok()?;
        Value::set_normalized(kept).ok()
    }

    /// Binds slot `slot` to each element of `set` in TLC's order (an interval's integers without
    /// building the set) and calls `visit`, until it answers `false`: `Some(true)` when every
    /// element was visited, `Some(false)` when `visit` stopped, `None` when something gave up.
    fn bind_each(
        &mut self,
        set: &Value,
        slot: usize,
        mut visit: impl FnMut(&mut Self) -> Option<bool>,
    ) -> Option<bool> {
        if let Value::Interval(interval) = set {
            for n in interval.low..=interval.high {
                *self.slots.get_mut(slot)? = Value::Int(i64::from(n));
                if !visit(self)? {
                    return Some(false);
                }
            }
            return Some(true);
        }
        let elements = sets::enumerated(set).ok()?;
        for element in elements.normalized().ok()? {
            *self.slots.get_mut(slot)? = element.clone();
            if !visit(self)? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// An expression left to the interpreter, in the environment it would see there.
    fn interpret(
        &mut self,
        expr: &'static tla_sema::hir::Expr,
        base: Base,
        bindings: &[Node],
    ) -> Option<Value> {
        let evaluator = self.evaluator;
        if bindings.is_empty() {
            return match base {
                Base::Outer => evaluator.eval(expr, self.env, self.ctx).ok(),
                Base::Empty => match evaluator.known_value(expr) {
                    Some(value) => Some(value.clone()),
                    None => evaluator.eval(expr, &Env::empty(), self.ctx).ok(),
                },
            };
        }
        let mut env = match base {
            Base::Outer => self.env.clone(),
            Base::Empty => Env::empty(),
        };
        for binding in bindings {
            env = env.push_value(self.value(binding)?);
        }
        evaluator.eval(expr, &env, self.ctx).ok()
    }

    /// `\A` (or `\E`) over every combination of the domains' elements, in TLC's order (the
    /// first slot varies fastest); stops where the interpreter stops.
    fn quantified(
        &mut self,
        exists: bool,
        slots: &[(usize, usize)],
        domains: &[Node],
        body: &Node,
    ) -> Option<bool> {
        if let ([(slot, _)], [domain]) = (slots, domains) {
            let set = self.value(domain)?;
            let finished =
                self.bind_each(&set, *slot, |frame| Some(frame.holds(body)? != exists))?;
            return Some(finished != exists);
        }
        let mut enumerated = Vec::with_capacity(domains.len());
        for domain in domains {
            let set = sets::enumerated(&self.value(domain)?).ok()?;
            set.normalized().ok()?;
            enumerated.push(set);
        }
        let mut per_slot = Vec::with_capacity(slots.len());
        for (_, domain) in slots {
            per_slot.push(enumerated.get(*domain)?.normalized().ok()?);
        }
        if per_slot.iter().any(|elements| elements.is_empty()) {
            return Some(!exists);
        }
        for ((slot, _), elements) in slots.iter().zip(&per_slot) {
            *self.slots.get_mut(*slot)? = elements[0].clone();
        }
        let mut positions = vec![0usize; slots.len()];
        loop {
            if self.holds(body)? == exists {
                return Some(exists);
            }
            // The next combination: the first name moves on, and carries over to the next.
            let mut name = 0;
            loop {
                let ((slot, _), elements) = (slots.get(name)?, per_slot[name]);
                positions[name] += 1;
                if positions[name] < elements.len() {
                    *self.slots.get_mut(*slot)? = elements[positions[name]].clone();
                    break;
                }
                positions[name] = 0;
                *self.slots.get_mut(*slot)? = elements[0].clone();
                name += 1;
                if name == slots.len() {
                    return Some(!exists);
                }
            }
        }
    }
}

/// An operand computed ahead of its use: owned, or a place read when used.
enum Operand {
    Owned(Value),
    Place,
}

impl Operand {
    fn get<'f>(&'f self, frame: &'f Frame, node: &'f Node) -> Option<Cow<'f, Value>> {
        match (self, node) {
            (Operand::Owned(value), _) => Some(Cow::Borrowed(value)),
            (Operand::Place, Node::Place(place)) => frame.place(place),
            (Operand::Place, _) => None,
        }
    }
}
