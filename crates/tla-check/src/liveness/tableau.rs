//! The tableau of a temporal formula: a generalised Büchi automaton whose accepting runs are
//! exactly the behaviours satisfying the formula.
//!
//! The parts of a property that are not simple `[]<>`/`<>[]` conditions (for instance the
//! `<>(P /\ []~Q)` of a negated `P ~> Q`) need an automaton to be checked against the state
//! graph. This is the on-the-fly construction of Gerth, Peled, Vardi and Wolper ("Simple
//! on-the-fly automatic verification of linear temporal logic", 1995), for formulas in
//! negation normal form whose only temporal operators are `[]` (`false R f`) and `<>`
//! (`true U f`). Each automaton node carries the literals that must hold at its position; a
//! position is one step of the behaviour, so a literal is either a state predicate (of the
//! step's first state) or an action (of the step). Every `<>f` gives one acceptance set: the
//! nodes where `<>f` is not pending or `f` holds.

use std::collections::BTreeSet;

use super::formula::{AtomId, Formula};

/// One node of the automaton.
pub(crate) struct TableauNode {
    /// The literals that hold at this node's position: `(atom, positive)`.
    pub literals: Vec<(AtomId, bool)>,
    pub successors: Vec<usize>,
    /// Nothing is required of the later positions: a behaviour reaching this node (with its
    /// literals holding) satisfies the formula whatever follows.
    pub settled: bool,
}

pub(crate) struct Tableau {
    pub nodes: Vec<TableauNode>,
    pub initial: Vec<usize>,
    /// Per acceptance set (one per `<>f`): whether each node is in it.
    pub accepting: Vec<Vec<bool>>,
}

/// A node under construction.
#[derive(Clone)]
struct Pending {
    incoming: BTreeSet<usize>,
    new: Vec<Formula>,
    old: BTreeSet<Formula>,
    next: BTreeSet<Formula>,
}

/// The marker of the initial "node" in incoming sets.
const INIT: usize = usize::MAX;
/// A bound on the automaton's size, far beyond what properties written by hand need.
const MAX_NODES: usize = 20_000;

/// The automaton for the conjunction of `formulas`.
pub(crate) fn build(formulas: &[Formula]) -> Result<Tableau, String> {
    let mut done: Vec<(BTreeSet<usize>, BTreeSet<Formula>, BTreeSet<Formula>)> = Vec::new();
    let mut stack = vec![Pending {
        incoming: BTreeSet::from([INIT]),
        new: formulas.to_vec(),
        old: BTreeSet::new(),
        next: BTreeSet::new(),
    }];
    while let Some(mut node) = stack.pop() {
        let Some(formula) = node.new.pop() else {
            if let Some(existing) =
                done.iter_mut().find(|(_, old, next)| *old == node.old && *next == node.next)
            {
                existing.0.extend(node.incoming.iter().copied());
                continue;
            }
            if done.len() >= MAX_NODES {
                return Err("the tableau of the temporal properties is too large".to_string());
            }
            let id = done.len();
            let next: Vec<Formula> = node.next.iter().cloned().collect();
            done.push((node.incoming, node.old, node.next));
            stack.push(Pending {
                incoming: BTreeSet::from([id]),
                new: next,
                old: BTreeSet::new(),
                next: BTreeSet::new(),
            });
            continue;
        };
        if node.old.contains(&formula) {
            stack.push(node);
            continue;
        }
        match &formula {
            Formula::Bool(true) => stack.push(node),
            Formula::Bool(false) => {}
            Formula::Literal { atom, positive } => {
                if !node.old.contains(&Formula::Literal { atom: *atom, positive: !positive }) {
                    node.old.insert(formula);
                    stack.push(node);
                }
            }
            Formula::And(items) => {
                for item in items {
                    if !node.old.contains(item) {
                        node.new.push(item.clone());
                    }
                }
                node.old.insert(formula);
                stack.push(node);
            }
            Formula::Or(items) => {
                for item in items.iter().rev() {
                    let mut branch = node.clone();
                    if !branch.old.contains(item) {
                        branch.new.push(item.clone());
                    }
                    branch.old.insert(formula.clone());
                    stack.push(branch);
                }
            }
            Formula::Always(inner) => {
                if !node.old.contains(inner) {
                    node.new.push((**inner).clone());
                }
                node.next.insert(formula.clone());
                node.old.insert(formula);
                stack.push(node);
            }
            Formula::Eventually(inner) => {
                let mut later = node.clone();
                later.next.insert(formula.clone());
                later.old.insert(formula.clone());
                stack.push(later);
                if !node.old.contains(inner) {
                    node.new.push((**inner).clone());
                }
                node.old.insert(formula);
                stack.push(node);
            }
        }
    }
    let mut eventualities = BTreeSet::new();
    for formula in formulas {
        collect_eventualities(formula, &mut eventualities);
    }
    let mut nodes: Vec<TableauNode> = done
        .iter()
        .map(|(_, old, next)| TableauNode {
            literals: old
                .iter()
                .filter_map(|formula| match formula {
                    Formula::Literal { atom, positive } => Some((*atom, *positive)),
                    _ => None,
                })
                .collect(),
            successors: Vec::new(),
            settled: next.is_empty(),
        })
        .collect();
    let mut initial = Vec::new();
    for (id, (incoming, _, _)) in done.iter().enumerate() {
        for &from in incoming {
            if from == INIT {
                initial.push(id);
            } else if let Some(node) = nodes.get_mut(from) {
                node.successors.push(id);
            }
        }
    }
    let accepting = eventualities
        .iter()
        .map(|eventuality| {
            let Formula::Eventually(inner) = eventuality else { return vec![true; done.len()] };
            done.iter()
                .map(|(_, old, _)| !old.contains(eventuality) || old.contains(inner))
                .collect()
        })
        .collect();
    Ok(Tableau { nodes, initial, accepting })
}

fn collect_eventualities(formula: &Formula, out: &mut BTreeSet<Formula>) {
    match formula {
        Formula::Bool(_) | Formula::Literal { .. } => {}
        Formula::And(items) | Formula::Or(items) => {
            items.iter().for_each(|item| collect_eventualities(item, out))
        }
        Formula::Always(inner) => collect_eventualities(inner, out),
        Formula::Eventually(inner) => {
            out.insert(formula.clone());
            collect_eventualities(inner, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atom(id: usize) -> Formula {
        Formula::Literal { atom: id, positive: true }
    }
    fn not(formula: Formula) -> Formula {
        formula.negated()
    }
    fn always(formula: Formula) -> Formula {
        Formula::Always(Box::new(formula))
    }
    fn eventually(formula: Formula) -> Formula {
        Formula::Eventually(Box::new(formula))
    }

    /// Whether the automaton accepts the lasso word `prefix (cycle)^ω` (letters are bit sets of
    /// the true atoms), by brute force over the product's strongly connected parts.
    fn accepts(tableau: &Tableau, prefix: &[u32], cycle: &[u32]) -> bool {
        let letters: Vec<u32> = prefix.iter().chain(cycle).copied().collect();
        let next = |position: usize| {
            if position + 1 < letters.len() {
                position + 1
            } else {
                prefix.len()
            }
        };
        let fits = |position: usize, node: usize| {
            tableau.nodes[node]
                .literals
                .iter()
                .all(|&(atom, positive)| (letters[position] >> atom & 1 == 1) == positive)
        };
        let count = letters.len() * tableau.nodes.len();
        let id = |position: usize, node: usize| position * tableau.nodes.len() + node;
        let mut reach = vec![vec![false; count]; count];
        for position in 0..letters.len() {
            for node in 0..tableau.nodes.len() {
                if !fits(position, node) {
                    continue;
                }
                for &successor in &tableau.nodes[node].successors {
                    if fits(next(position), successor) {
                        reach[id(position, node)][id(next(position), successor)] = true;
                    }
                }
            }
        }
        for middle in 0..count {
            let via = reach[middle].clone();
            for row in reach.iter_mut() {
                if row[middle] {
                    for (target, reachable) in row.iter_mut().zip(&via) {
                        *target |= *reachable;
                    }
                }
            }
        }
        let initial: Vec<usize> = tableau
            .initial
            .iter()
            .copied()
            .filter(|&node| fits(0, node))
            .map(|node| id(0, node))
            .collect();
        (0..count).any(|looped| {
            let reachable = initial.iter().any(|&start| start == looped || reach[start][looped]);
            reachable
                && reach[looped][looped]
                && tableau.accepting.iter().all(|set| {
                    (0..count).any(|other| {
                        (other == looped || (reach[looped][other] && reach[other][looped]))
                            && set[other % tableau.nodes.len()]
                    })
                })
        })
    }

    #[test]
    fn tableaux_accept_exactly_the_satisfying_lassos() {
        let (p, q) = (atom(0), atom(1));
        // (formula, prefix, cycle, accepted); bit 0 is p, bit 1 is q.
        let cases: Vec<(Formula, Vec<u32>, Vec<u32>, bool)> = vec![
            (eventually(p.clone()), vec![0], vec![0], false),
            (eventually(p.clone()), vec![0], vec![1], true),
            (eventually(p.clone()), vec![1], vec![0], true),
            (always(p.clone()), vec![1], vec![1], true),
            (always(p.clone()), vec![1], vec![1, 0], false),
            (always(eventually(p.clone())), vec![], vec![0, 1], true),
            (always(eventually(p.clone())), vec![1], vec![0], false),
            (eventually(always(p.clone())), vec![0], vec![1], true),
            (eventually(always(p.clone())), vec![], vec![0, 1], false),
            (
                eventually(Formula::And(vec![p.clone(), always(not(q.clone()))])),
                vec![1],
                vec![0],
                true,
            ),
            (
                eventually(Formula::And(vec![p.clone(), always(not(q.clone()))])),
                vec![1],
                vec![2],
                false,
            ),
            (
                always(Formula::Or(vec![not(p.clone()), eventually(q.clone())])),
                vec![],
                vec![1, 2],
                true,
            ),
            (
                always(Formula::Or(vec![not(p.clone()), eventually(q.clone())])),
                vec![],
                vec![1],
                false,
            ),
            (
                always(Formula::Or(vec![not(p.clone()), eventually(q.clone())])),
                vec![],
                vec![0],
                true,
            ),
            (
                Formula::And(vec![always(eventually(p.clone())), always(eventually(q.clone()))]),
                vec![],
                vec![1, 2],
                true,
            ),
            (
                Formula::And(vec![always(eventually(p.clone())), always(eventually(q.clone()))]),
                vec![2],
                vec![1],
                false,
            ),
            (Formula::Bool(true), vec![], vec![0], true),
            (Formula::Bool(false), vec![], vec![0], false),
        ];
        for (formula, prefix, cycle, expected) in cases {
            let tableau = build(std::slice::from_ref(&formula)).expect("tableau");
            assert_eq!(
                accepts(&tableau, &prefix, &cycle),
                expected,
                "{formula:?} on {prefix:?} ({cycle:?})"
            );
        }
    }
}
