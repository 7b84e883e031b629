//! The explored state graph as a GraphViz file, in the shape TLC's `-dump dot` writes: initial
//! states filled, one edge per kept transition, each state listed after the transition that
//! found it, and the states of each level ranked together.
//!
//! Node names are the states' fingerprints, which differ from TLC's (TLC picks a random
//! polynomial per run); the graph, labels and order are TLC's.

use std::fmt::Write;

use tla_eval::Action;
use tla_values::{fingerprint::Fingerprint, Value};

use crate::bfs::StateGraph;

/// The DOT text of `graph`. `state_text` prints a state as TLC prints it in traces;
/// `action_labels` puts each action's name on its edges (`-dump dot actionlabels`).
pub fn graph_to_dot(
    graph: &StateGraph,
    actions: &[Action],
    state_text: &dyn Fn(&[Value]) -> String,
    action_labels: bool,
) -> String {
    let node = |index: u32| -> i64 {
        let mut fp = Fingerprint::new();
        for value in graph.states[index as usize].iter() {
            fp = fp.value(value).unwrap_or(fp);
        }
        fp.0 as i64
    };
    let label = |index: u32| escape(state_text(&graph.states[index as usize]).trim_end());
    let mut out = String::from(
        "strict digraph DiskGraph {\nnode [shape=box,style=rounded]\nnodesep=0.35;\nsubgraph cluster_graph {\ncolor=\"white\";\n",
    );
    for initial in &graph.initial {
        let _ = writeln!(out, "{} [label=\"{}\",style = filled]", node(*initial), label(*initial));
    }
    let mut levels: Vec<Vec<u32>> = Vec::new();
    let mut depth = vec![0usize; graph.states.len()];
    for initial in &graph.initial {
        depth[*initial as usize] = 1;
    }
    for (source, successors) in graph.successors.iter().enumerate() {
        let source = source as u32;
        if depth[source as usize] > 0 {
            let level = depth[source as usize];
            if levels.len() < level {
                levels.resize(level, Vec::new());
            }
            levels[level - 1].push(source);
        }
        for (target, action) in successors {
            let name = if action_labels {
                actions.get(*action as usize).map(|action| action.name.as_str()).unwrap_or("")
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "{} -> {} [label=\"{}\",color=\"black\",fontcolor=\"black\"];",
                node(source),
                node(*target),
                escape(name)
            );
            let discovered_here =
                graph.parents.get(*target as usize).is_some_and(|(parent, _)| *parent == source)
                    && depth[*target as usize] == 0;
            if discovered_here {
                depth[*target as usize] = depth[source as usize] + 1;
                let text = label(*target);
                let _ = writeln!(out, "{} [label=\"{text}\",tooltip=\"{text}\"];", node(*target));
            }
        }
    }
    // TLC ranks every level but the deepest.
    let ranked = levels.len().saturating_sub(1);
    for level in levels.iter().take(ranked) {
        let names: Vec<String> = level.iter().map(|index| format!("{};", node(*index))).collect();
        let _ = writeln!(out, "{{rank = same; {}}}", names.join(" "));
    }
    out.push_str("}\n}");
    out
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}
