//! The behaviour graph the liveness checker searches: the explored state graph with implicit
//! stuttering, the values of the formulas' atoms on its states and steps, and its product with
//! a tableau.
//!
//! A behaviour may stutter forever in any state, so every state gets a self-loop step besides
//! its successors (TLC prints a counter-example ending in such a loop as "Stuttering"). State
//! atoms are evaluated once per state and actions once per distinct step, as bit vectors, so
//! the searches that follow only test bits.

use std::collections::HashMap;

use tla_eval::{Ctx, Evaluator, WorkerContext};

use super::formula::{AtomId, Atoms};
use super::tableau::Tableau;
use crate::bfs::StateGraph;

/// An atom that could not be evaluated, and the state (or the first state of the step) where.
pub(crate) struct AtomFailure {
    pub failure: Box<tla_eval::Failure>,
    pub state: u32,
}

/// The steps of the state graph, with stuttering, and the atoms' values.
pub(crate) struct StepGraph {
    /// Per state, the range of its steps in `targets`/`actions`.
    pub offsets: Vec<usize>,
    pub targets: Vec<u32>,
    /// The action that makes each step (index into the run's actions); `None` for stuttering.
    pub actions: Vec<Option<u32>>,
    /// Per atom: whether it is an action (evaluated on steps, not states).
    pub step_atoms: Vec<bool>,
    words: usize,
    state_bits: Vec<u64>,
    step_bits: Vec<u64>,
}

impl StepGraph {
    /// Builds the steps of `graph` and evaluates `atoms` on them.
    pub(crate) fn build(
        graph: &StateGraph,
        atoms: &Atoms,
        evaluator: &Evaluator,
    ) -> Result<StepGraph, AtomFailure> {
        let count = graph.states.len();
        let mut offsets = Vec::with_capacity(count + 1);
        let mut targets = Vec::new();
        let mut actions = Vec::new();
        for state in 0..count {
            offsets.push(targets.len());
            let start = targets.len();
            let mut has_self = false;
            for &(target, action) in graph.successors.get(state).map(Vec::as_slice).unwrap_or(&[]) {
                if targets[start..].contains(&target) {
                    continue;
                }
                has_self |= target as usize == state;
                targets.push(target);
                actions.push(Some(action));
            }
            if !has_self {
                targets.push(state as u32);
                actions.push(None);
            }
        }
        offsets.push(targets.len());
        let words = atoms.list.len().div_ceil(64).max(1);
        let mut state_bits = vec![0u64; count * words];
        let mut step_bits = vec![0u64; targets.len() * words];
        let worker = WorkerContext::new(0, 0);
        // Actions first: a state atom may fall back on one (see `Atom::enabled_of`).
        let mut order: Vec<usize> = (0..atoms.list.len()).collect();
        order.sort_by_key(|&id| !atoms.list[id].on_step);
        for id in order {
            let atom = &atoms.list[id];
            let (word, bit) = (id / 64, 1u64 << (id % 64));
            if atom.on_step {
                // Steps are distinct `(state, target)` pairs, so each is evaluated once.
                for state in 0..count {
                    for step in offsets[state]..offsets[state + 1] {
                        let target = targets[step] as usize;
                        let ctx =
                            Ctx::transition(&graph.states[state], &graph.states[target], &worker);
                        if evaluator
                            .eval_bool(atom.expr, &atom.env, &ctx)
                            .map_err(|failure| AtomFailure { failure, state: state as u32 })?
                        {
                            step_bits[step * words + word] |= bit;
                        }
                    }
                }
            } else {
                for state in 0..count {
                    let ctx = Ctx::state(&graph.states[state], &worker);
                    let value =
                        match (evaluator.eval_bool(atom.expr, &atom.env, &ctx), atom.enabled_of) {
                            (Ok(value), _) => value,
                            (Err(_), Some(angle)) => {
                                let (angle_word, angle_bit) = (angle / 64, 1u64 << (angle % 64));
                                (offsets[state]..offsets[state + 1]).any(|step| {
                                    step_bits[step * words + angle_word] & angle_bit != 0
                                })
                            }
                            (Err(failure), None) => {
                                return Err(AtomFailure { failure, state: state as u32 })
                            }
                        };
                    if value {
                        state_bits[state * words + word] |= bit;
                    }
                }
            }
        }
        let step_atoms = atoms.list.iter().map(|atom| atom.on_step).collect();
        Ok(StepGraph { offsets, targets, actions, step_atoms, words, state_bits, step_bits })
    }

    pub(crate) fn steps_of(&self, state: u32) -> std::ops::Range<usize> {
        let state = state as usize;
        self.offsets[state]..self.offsets[state + 1]
    }

    /// The value of `atom` on step `step` from `state` (state atoms: on `state`).
    pub(crate) fn atom(&self, state: u32, step: usize, atom: AtomId) -> bool {
        let (word, bit) = (atom / 64, 1u64 << (atom % 64));
        let in_state =
            self.state_bits.get(state as usize * self.words + word).is_some_and(|w| w & bit != 0);
        let in_step = self.step_bits.get(step * self.words + word).is_some_and(|w| w & bit != 0);
        in_state || in_step
    }

    /// The value of `atom` on `state` alone (false for actions).
    pub(crate) fn state_atom(&self, state: u32, atom: AtomId) -> bool {
        let (word, bit) = (atom / 64, 1u64 << (atom % 64));
        self.state_bits.get(state as usize * self.words + word).is_some_and(|w| w & bit != 0)
    }
}

/// The product of the step graph with a tableau: nodes `(state, tableau node)` reachable from
/// the initial states, with edges in breadth-first discovery order.
pub(crate) struct Product {
    /// Per node: its state.
    pub states: Vec<u32>,
    /// Per node: the edges' range in `edge_targets`/`edge_steps`.
    pub offsets: Vec<usize>,
    pub edge_targets: Vec<u32>,
    /// Per edge: the step of the state graph it follows.
    pub edge_steps: Vec<u32>,
    /// Per node: its tableau node.
    pub tableau_nodes: Vec<u32>,
    /// Per node: the node and edge it was discovered from (`None` for initial nodes).
    pub parents: Vec<Option<(u32, u32)>>,
}

const MAX_PRODUCT_NODES: usize = 50_000_000;

impl Product {
    pub(crate) fn build(
        graph: &StateGraph,
        steps: &StepGraph,
        tableau: &Tableau,
    ) -> Result<Product, String> {
        let state_literals_hold = |state: u32, node: usize| {
            tableau.nodes[node].literals.iter().all(|&(atom, positive)| {
                steps.state_atom(state, atom) == positive || is_step_atom(steps, atom)
            })
        };
        let mut index: HashMap<(u32, u32), u32> = HashMap::new();
        let mut product = Product {
            states: Vec::new(),
            offsets: Vec::new(),
            edge_targets: Vec::new(),
            edge_steps: Vec::new(),
            tableau_nodes: Vec::new(),
            parents: Vec::new(),
        };
        for &state in &graph.initial {
            for &node in &tableau.initial {
                if state_literals_hold(state, node) && !index.contains_key(&(state, node as u32)) {
                    index.insert((state, node as u32), product.states.len() as u32);
                    product.states.push(state);
                    product.tableau_nodes.push(node as u32);
                    product.parents.push(None);
                }
            }
        }
        let mut current = 0usize;
        while current < product.states.len() {
            let (state, node) = (product.states[current], product.tableau_nodes[current] as usize);
            product.offsets.push(product.edge_targets.len());
            for step in steps.steps_of(state) {
                let literals_hold = tableau.nodes[node]
                    .literals
                    .iter()
                    .all(|&(atom, positive)| steps.atom(state, step, atom) == positive);
                if !literals_hold {
                    continue;
                }
                let target = steps.targets[step];
                for &successor in &tableau.nodes[node].successors {
                    if !state_literals_hold(target, successor) {
                        continue;
                    }
                    let id = match index.get(&(target, successor as u32)) {
                        Some(&id) => id,
                        None => {
                            if product.states.len() >= MAX_PRODUCT_NODES {
                                return Err("the behaviour graph is too large".to_string());
                            }
                            let id = product.states.len() as u32;
                            index.insert((target, successor as u32), id);
                            product.states.push(target);
                            product.tableau_nodes.push(successor as u32);
                            product
                                .parents
                                .push(Some((current as u32, product.edge_targets.len() as u32)));
                            id
                        }
                    };
                    product.edge_targets.push(id);
                    product.edge_steps.push(step as u32);
                }
            }
            current += 1;
        }
        product.offsets.push(product.edge_targets.len());
        Ok(product)
    }

    pub(crate) fn node_count(&self) -> usize {
        self.states.len()
    }

    pub(crate) fn edges_of(&self, node: u32) -> std::ops::Range<usize> {
        let node = node as usize;
        self.offsets[node]..self.offsets[node + 1]
    }
}

/// Whether `atom` is an action (its state bits are never set, so state checks skip it).
fn is_step_atom(steps: &StepGraph, atom: AtomId) -> bool {
    steps.step_atoms.get(atom).copied().unwrap_or(false)
}
