//! Adding one worker's per-expression counts into another tree: the simulator counts on every
//! worker, and its report (and each periodic snapshot) is the sum over the traces it keeps.
//!
//! A worker's tree grows lazily in the order that worker met the expressions, so its node
//! numbers mean nothing to another tree. [`ExpressionCoverage::take_counts`] hands out what a
//! worker counted since the previous call together with the nodes it made since then (each by
//! its parent and its expression); [`ExpressionCoverage::absorb`] makes the same nodes in the
//! aggregate tree, through a per-worker map of node numbers, and adds the counts. The counts of
//! a trace that must not count after all (a simulation stops at the first trace that fails,
//! and traces after it may already have run on other workers) are taken back with
//! [`ExpressionCoverage::take_back`].

use super::{Child, ExpressionCoverage, Node, RootKind};

/// A node made by a worker, described so that another tree can make the same node.
#[derive(Clone, Debug)]
enum NewNode {
    Root { kind: RootKind, formulas: Vec<&'static tla_sema::hir::Expr> },
    Child { parent: u32, child: Child },
}

/// What a worker counted since the previous [`ExpressionCoverage::take_counts`].
#[derive(Clone, Debug, Default)]
pub struct CountsDelta {
    /// The nodes made since then, in the order they were made (numbered from `first_new`).
    new_nodes: Vec<NewNode>,
    first_new: u32,
    /// Node, first number, second number (only nodes with counts).
    counts: Vec<(u32, u64, u64)>,
}

/// Counts added to an aggregate tree, in its own node numbers (to take them back).
#[derive(Clone, Debug, Default)]
pub struct AbsorbedCounts(Vec<(u32, u64, u64)>);

/// How one worker's node numbers map to the aggregate tree's.
#[derive(Clone, Debug, Default)]
pub struct NodeMap(Vec<u32>);

impl ExpressionCoverage {
    /// What was counted since the previous call (the counters are zero afterwards).
    pub fn take_counts(&self) -> CountsDelta {
        let mut state = self.state.borrow_mut();
        let first_new = state.shipped_nodes.max(1);
        let mut new_nodes = Vec::new();
        for id in first_new as usize..state.nodes.len() {
            let node: &Node = &state.nodes[id];
            new_nodes.push(match node.root {
                Some(kind) => NewNode::Root {
                    kind,
                    formulas: state
                        .root_formulas
                        .get(&(id as u32))
                        .cloned()
                        .unwrap_or_else(|| vec![node.expr]),
                },
                None => NewNode::Child {
                    parent: node.parent,
                    child: match node.pair {
                        Some(kind) => Child::Pair(kind, node.expr),
                        None => Child::Expr(node.expr),
                    },
                },
            });
        }
        state.shipped_nodes = state.nodes.len() as u32;
        let mut counts = Vec::new();
        for (id, node) in state.nodes.iter_mut().enumerate().skip(1) {
            if node.primary != 0 || node.secondary != 0 {
                counts.push((id as u32, node.primary, node.secondary));
                node.primary = 0;
                node.secondary = 0;
            }
        }
        CountsDelta { new_nodes, first_new, counts }
    }

    /// Adds a worker's `delta` to this tree; `map` is that worker's map of node numbers (kept
    /// by the caller from one delta of the worker to the next).
    pub fn absorb(&self, map: &mut NodeMap, delta: &CountsDelta) -> AbsorbedCounts {
        let map = &mut map.0;
        if map.is_empty() {
            map.push(0);
        }
        map.resize(delta.first_new as usize, 0);
        for node in &delta.new_nodes {
            let id = match node {
                NewNode::Root { kind, formulas } => {
                    let saved = self.enter_root(*kind, formulas);
                    let id = self.state.borrow().cursor;
                    self.leave(saved);
                    id
                }
                NewNode::Child { parent, child } => {
                    match map.get(*parent as usize).copied().filter(|id| *id != 0) {
                        Some(parent) => self.child_node(parent, *child),
                        None => 0,
                    }
                }
            };
            map.push(id);
        }
        let mut state = self.state.borrow_mut();
        let mut absorbed = Vec::with_capacity(delta.counts.len());
        for &(id, primary, secondary) in &delta.counts {
            let Some(own) = map.get(id as usize).copied().filter(|own| *own != 0) else {
                continue;
            };
            let node = &mut state.nodes[own as usize];
            node.primary += primary;
            node.secondary += secondary;
            absorbed.push((own, primary, secondary));
        }
        AbsorbedCounts(absorbed)
    }

    /// Takes counts added by [`Self::absorb`] back out.
    pub fn take_back(&self, counts: &AbsorbedCounts) {
        let mut state = self.state.borrow_mut();
        for &(id, primary, secondary) in &counts.0 {
            let node = &mut state.nodes[id as usize];
            node.primary = node.primary.saturating_sub(primary);
            node.secondary = node.secondary.saturating_sub(secondary);
        }
    }
}
