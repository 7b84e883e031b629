//! The search for a fair accepting cycle in the behaviour graph, and the lasso (prefix and
//! cycle) that shows it.
//!
//! A behaviour violates the properties when it ends in a cycle of the product graph that
//! - stays within the steps satisfying every `<>[]X` condition,
//! - contains a step satisfying each `[]<>Y` condition and a node of each acceptance set of
//!   the tableau,
//! - and, for each strong-fairness pair "`[]<>P` implies `[]<>Q`", contains no `P` step or
//!   some `Q` step.
//!
//! The strongly connected components are computed with an iterative version of Tarjan's
//! algorithm (no recursion, whatever the graph's depth). A component that meets the `[]<>`
//! conditions but has `P` steps and no `Q` step of some pair loses its `P` steps and is
//! decomposed again, as in the usual emptiness check for Streett automata; this terminates
//! because every round removes steps.

use std::collections::VecDeque;

use super::formula::Formula;
use super::graph::{Product, StepGraph};
use super::tableau::Tableau;

/// The fairness and property conditions on a cycle (the tableau's acceptance aside).
pub(crate) struct Conditions {
    /// `<>[]X`: every step of the cycle satisfies each.
    pub persistent: Vec<Formula>,
    /// `[]<>Y`: some step of the cycle satisfies each.
    pub recurrent: Vec<Formula>,
    /// `[]<>P => []<>Q`.
    pub strong: Vec<(Formula, Formula)>,
}

/// A violating behaviour as product edges: a prefix from an initial node to `start`, then a
/// cycle from `start` back to it.
pub(crate) struct Lasso {
    pub first: u32,
    pub prefix: Vec<u32>,
    pub cycle: Vec<u32>,
}

struct Searcher<'g> {
    product: &'g Product,
    steps: &'g StepGraph,
    tableau: &'g Tableau,
    sources: Vec<u32>,
    alive: Vec<bool>,
    /// Per node: the token of the set or component it belongs to right now.
    member: Vec<u32>,
    token: u32,
    /// Tarjan's per-node numbers, kept between decompositions (reset only for the nodes of
    /// the set being decomposed, so repeated decompositions of small sets stay cheap).
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
}

/// Finds a cycle meeting `conditions` and the tableau's acceptance, and a lasso reaching it.
pub(crate) fn find_violation(
    product: &Product,
    steps: &StepGraph,
    tableau: &Tableau,
    conditions: &Conditions,
) -> Option<Lasso> {
    let mut sources = vec![0u32; product.edge_targets.len()];
    for node in 0..product.node_count() as u32 {
        for edge in product.edges_of(node) {
            sources[edge] = node;
        }
    }
    let mut searcher = Searcher {
        product,
        steps,
        tableau,
        alive: Vec::new(),
        sources,
        member: vec![0; product.node_count()],
        token: 0,
        index: vec![u32::MAX; product.node_count()],
        low: vec![0; product.node_count()],
        on_stack: vec![false; product.node_count()],
    };
    searcher.alive = (0..product.edge_targets.len())
        .map(|edge| {
            conditions.persistent.iter().all(|formula| searcher.edge_satisfies(edge, formula))
        })
        .collect();
    let mut worklist: Vec<Vec<u32>> = vec![(0..product.node_count() as u32).collect()];
    while let Some(set) = worklist.pop() {
        for mut component in searcher.components(&set) {
            component.sort_unstable();
            let token = searcher.mark(&component);
            let internal: Vec<usize> = component
                .iter()
                .flat_map(|&node| product.edges_of(node))
                .filter(|&edge| {
                    searcher.alive[edge]
                        && searcher.member[product.edge_targets[edge] as usize] == token
                })
                .collect();
            if internal.is_empty() {
                continue;
            }
            let accepting = tableau.accepting.iter().all(|set| {
                component.iter().any(|&node| {
                    set.get(product.tableau_nodes[node as usize] as usize).copied().unwrap_or(false)
                })
            });
            let recurrent = conditions
                .recurrent
                .iter()
                .all(|formula| internal.iter().any(|&edge| searcher.edge_satisfies(edge, formula)));
            if !accepting || !recurrent {
                continue;
            }
            let mut pruned = false;
            for (premise, conclusion) in &conditions.strong {
                let premise_edges: Vec<usize> = internal
                    .iter()
                    .copied()
                    .filter(|&edge| searcher.edge_satisfies(edge, premise))
                    .collect();
                if premise_edges.is_empty()
                    || internal.iter().any(|&edge| searcher.edge_satisfies(edge, conclusion))
                {
                    continue;
                }
                for edge in premise_edges {
                    searcher.alive[edge] = false;
                }
                pruned = true;
            }
            if pruned {
                worklist.push(component);
                continue;
            }
            return Some(searcher.lasso(&component, &internal, conditions));
        }
    }
    None
}

impl Searcher<'_> {
    fn edge_satisfies(&self, edge: usize, formula: &Formula) -> bool {
        let state = self.product.states[self.sources[edge] as usize];
        let step = self.product.edge_steps[edge] as usize;
        formula.holds(&|atom| self.steps.atom(state, step, atom))
    }

    fn mark(&mut self, nodes: &[u32]) -> u32 {
        self.token += 1;
        for &node in nodes {
            self.member[node as usize] = self.token;
        }
        self.token
    }

    /// The strongly connected components of the subgraph induced by `set` and the live edges.
    fn components(&mut self, set: &[u32]) -> Vec<Vec<u32>> {
        let token = self.mark(set);
        const UNSEEN: u32 = u32::MAX;
        for &node in set {
            self.index[node as usize] = UNSEEN;
            self.on_stack[node as usize] = false;
        }
        let (mut index, mut low, mut on_stack) = (
            std::mem::take(&mut self.index),
            std::mem::take(&mut self.low),
            std::mem::take(&mut self.on_stack),
        );
        let mut stack: Vec<u32> = Vec::new();
        let mut components = Vec::new();
        let mut next_index = 0u32;
        // (node, next edge to look at)
        let mut calls: Vec<(u32, usize)> = Vec::new();
        for &root in set {
            if index[root as usize] != UNSEEN {
                continue;
            }
            calls.push((root, self.product.offsets[root as usize]));
            index[root as usize] = next_index;
            low[root as usize] = next_index;
            next_index += 1;
            stack.push(root);
            on_stack[root as usize] = true;
            while let Some(&(node, cursor)) = calls.last() {
                let end = self.product.offsets[node as usize + 1];
                let mut position = cursor;
                let mut child = None;
                while position < end {
                    let edge = position;
                    position += 1;
                    if !self.alive[edge] {
                        continue;
                    }
                    let target = self.product.edge_targets[edge];
                    if self.member[target as usize] != token {
                        continue;
                    }
                    if index[target as usize] == UNSEEN {
                        child = Some(target);
                        break;
                    } else if on_stack[target as usize] {
                        low[node as usize] = low[node as usize].min(index[target as usize]);
                    }
                }
                if let Some(last) = calls.last_mut() {
                    last.1 = position;
                }
                if let Some(target) = child {
                    index[target as usize] = next_index;
                    low[target as usize] = next_index;
                    next_index += 1;
                    stack.push(target);
                    on_stack[target as usize] = true;
                    calls.push((target, self.product.offsets[target as usize]));
                    continue;
                }
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    low[parent as usize] = low[parent as usize].min(low[node as usize]);
                }
                if low[node as usize] == index[node as usize] {
                    let mut component = Vec::new();
                    while let Some(member) = stack.pop() {
                        on_stack[member as usize] = false;
                        component.push(member);
                        if member == node {
                            break;
                        }
                    }
                    components.push(component);
                }
            }
        }
        (self.index, self.low, self.on_stack) = (index, low, on_stack);
        components
    }

    /// A lasso through `component`: the shortest prefix to its first-discovered node, then a
    /// cycle through one witness of every condition.
    fn lasso(&mut self, component: &[u32], internal: &[usize], conditions: &Conditions) -> Lasso {
        let token = self.mark(component);
        let start = component.iter().copied().min().unwrap_or(0);
        let mut prefix = Vec::new();
        let mut node = start;
        while let Some(Some((parent, edge))) = self.product.parents.get(node as usize) {
            prefix.push(*edge);
            node = *parent;
        }
        prefix.reverse();
        let first = node;
        // What the cycle must visit: a node of each acceptance set, a step satisfying each
        // `[]<>` condition, and a conclusion step of each strong pair whose premise occurs.
        let mut goals: Vec<Witness> =
            self.tableau.accepting.iter().map(|set| Witness::Node(set)).collect();
        goals.extend(conditions.recurrent.iter().map(Witness::Edge));
        for (premise, conclusion) in &conditions.strong {
            if internal.iter().any(|&edge| self.edge_satisfies(edge, premise)) {
                goals.push(Witness::Edge(conclusion));
            }
        }
        // Greedily: drop the goals the cycle so far meets, walk to the nearest witness of the
        // first one left, and repeat; then close the cycle by the shortest way back.
        let mut cycle: Vec<u32> = Vec::new();
        let mut current = start;
        loop {
            goals.retain(|goal| {
                let met_by_node = |node: u32| match goal {
                    Witness::Node(set) => set
                        .get(self.product.tableau_nodes[node as usize] as usize)
                        .copied()
                        .unwrap_or(false),
                    Witness::Edge(_) => false,
                };
                let met_by_edge = |edge: u32| match goal {
                    Witness::Edge(formula) => self.edge_satisfies(edge as usize, formula),
                    Witness::Node(_) => false,
                };
                !(met_by_node(start)
                    || cycle.iter().any(|&edge| {
                        met_by_edge(edge) || met_by_node(self.product.edge_targets[edge as usize])
                    }))
            });
            let Some(goal) = goals.first() else { break };
            match self.nearest(current, goal, token) {
                Some(path) if !path.is_empty() => {
                    current = path
                        .last()
                        .map(|&edge| self.product.edge_targets[edge as usize])
                        .unwrap_or(current);
                    cycle.extend(path);
                }
                _ => {
                    goals.remove(0);
                }
            }
        }
        if cycle.is_empty() {
            let self_loop = internal.iter().copied().find(|&edge| {
                self.sources[edge] == start && self.product.edge_targets[edge] == start
            });
            let edge = self_loop
                .or_else(|| internal.iter().copied().find(|&edge| self.sources[edge] == start))
                .unwrap_or(0);
            cycle.push(edge as u32);
            current = self.product.edge_targets.get(edge).copied().unwrap_or(start);
        }
        cycle.extend(self.path(current, start, token));
        Lasso { first, prefix, cycle }
    }

    /// The shortest path (of live edges within component `token`) from `from` that ends with
    /// a witness of `goal`: at a node of the acceptance set, or with a step satisfying the
    /// formula. Steps from a node are tried in order, so stuttering comes after real steps.
    fn nearest(&self, from: u32, goal: &Witness, token: u32) -> Option<Vec<u32>> {
        let mut previous: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
        let mut queue = VecDeque::from([from]);
        previous.insert(from, u32::MAX);
        let path_to = |previous: &std::collections::HashMap<u32, u32>, node: u32| {
            let mut path = Vec::new();
            let mut at = node;
            while let Some(&edge) = previous.get(&at) {
                if edge == u32::MAX {
                    break;
                }
                path.push(edge);
                at = self.sources[edge as usize];
            }
            path.reverse();
            path
        };
        while let Some(node) = queue.pop_front() {
            for edge in self.product.edges_of(node) {
                let target = self.product.edge_targets[edge];
                if !self.alive[edge] || self.member[target as usize] != token {
                    continue;
                }
                let hit = match goal {
                    Witness::Edge(formula) => self.edge_satisfies(edge, formula),
                    Witness::Node(set) => set
                        .get(self.product.tableau_nodes[target as usize] as usize)
                        .copied()
                        .unwrap_or(false),
                };
                if hit {
                    let mut path = path_to(&previous, node);
                    path.push(edge as u32);
                    return Some(path);
                }
                if let std::collections::hash_map::Entry::Vacant(entry) = previous.entry(target) {
                    entry.insert(edge as u32);
                    queue.push_back(target);
                }
            }
        }
        None
    }

    /// The shortest path of live edges within the component `token` from `from` to `to`.
    fn path(&self, from: u32, to: u32, token: u32) -> Vec<u32> {
        if from == to {
            return Vec::new();
        }
        let mut previous: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
        let mut queue = VecDeque::from([from]);
        previous.insert(from, u32::MAX);
        while let Some(node) = queue.pop_front() {
            for edge in self.product.edges_of(node) {
                let target = self.product.edge_targets[edge];
                if !self.alive[edge]
                    || self.member[target as usize] != token
                    || previous.contains_key(&target)
                {
                    continue;
                }
                previous.insert(target, edge as u32);
                if target == to {
                    let mut path = Vec::new();
                    let mut at = to;
                    while let Some(&edge) = previous.get(&at) {
                        if edge == u32::MAX {
                            break;
                        }
                        path.push(edge);
                        at = self.sources[edge as usize];
                    }
                    path.reverse();
                    return path;
                }
                queue.push_back(target);
            }
        }
        Vec::new()
    }
}

/// A goal of the cycle: a node of an acceptance set, or a step satisfying a formula.
enum Witness<'c> {
    Node(&'c [bool]),
    Edge(&'c Formula),
}
