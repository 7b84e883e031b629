//! Which states the search keeps whole, and how a trace finds the others again.
//!
//! A state's values are needed while it waits in the queue and while its batch is expanded and
//! merged; after that only traces need them. Keeping every state whole made the checker's
//! memory grow with the distinct states (about 1 KB each on `MCLamportMutex`, most of its peak),
//! and memory is time here: every fresh page is zeroed by the kernel on first touch. So, as TLC
//! does, the search keeps per state only its number, predecessor, action and fingerprint once it
//! has been expanded, and a trace rebuilds the states it passes through as TLC's trace does:
//! from the predecessor's values it evaluates the actions again and takes the first successor
//! whose fingerprint is the recorded one. That is the successor the search numbered (the merge
//! numbers the first one met in generation order), except where TLC's own trace differs from
//! what it explored (a successor the constraints excluded with the fingerprint of a kept one, under
//! a `VIEW`): there TLC prints the one it finds again, and so do we.
//!
//! Kept whole: the initial states (every trace starts at one) and every state when the state
//! graph is asked for (liveness, `-dump dot`) or when an action reads or writes what the search
//! did before (`TLCGet("distinct")`, `TLCSet`): evaluated again, such an action need not give
//! what the search met, and TLC then fails to print the trace ("Failed to recover the initial
//! state from its fingerprint.", exit 1) where we print the stored states.

use std::sync::Arc;

use tla_values::Value;

use super::{Search, TraceStep};
use crate::checks::find_successor;

impl Search<'_> {
    /// Numbers a new state.
    pub(super) fn push_state(
        &mut self,
        values: Arc<[Value]>,
        fingerprint: u64,
        parent: (u32, u32),
        depth: u32,
        builder: u16,
    ) -> u32 {
        let index = self.states.len() as u32;
        self.states.push(Some(values));
        self.fingerprints.push(fingerprint);
        self.parents.push(parent);
        self.depths.push(depth);
        self.builders.push(builder);
        index
    }

    /// Lets go of the values of a batch's sources once the batch is merged (unless every state
    /// stays whole, see the module's documentation, or they are initial states).
    pub(super) fn release_expanded(&mut self, sources: &[u32]) {
        if self.keep_all_states {
            return;
        }
        for source in sources {
            let index = *source as usize;
            if self.parents.get(index).is_some_and(|(parent, _)| *parent != u32::MAX) {
                if let Some(values) = self.states.get_mut(index) {
                    *values = None;
                }
            }
        }
    }

    /// The values of state `index`, rebuilt when they were let go.
    pub(super) fn values_of(&self, index: u32) -> Arc<[Value]> {
        if let Some(Some(values)) = self.states.get(index as usize) {
            return values.clone();
        }
        self.trace_to(index).pop().map(|step| step.state).unwrap_or_else(super::merge::no_values)
    }

    /// The behaviour TLC prints for a violation found on the step from state `source` to
    /// `last`, a successor as the search met it (`TLCTrace.printTrace(s1, s2)`): the states up to
    /// `source` found again as [`Search::trace_to`] finds them, then `last` itself.
    pub(super) fn trace_through(&self, source: u32, last: TraceStep) -> Vec<TraceStep> {
        let mut trace = self.trace_to(source);
        trace.push(last);
        trace
    }

    /// [`Search::trace_through`] for a new state `index`: its predecessor's trace, then `index`
    /// as the search met it.
    pub(super) fn trace_through_new(&self, index: u32) -> Vec<TraceStep> {
        let (parent, action) = self.parents[index as usize];
        if parent == u32::MAX {
            return self.trace_to(index);
        }
        let last = TraceStep { state: self.values_of(index), action: Some(action as usize) };
        self.trace_through(parent, last)
    }

    /// The behaviour TLC prints up to state `index` (`TLCTrace.printTrace(s1, null)`): an initial
    /// state alone as it is; otherwise every state found again by its fingerprint, the initial
    /// one among the initial states and each later one among its printed predecessor's
    /// successors (so where TLC's trace differs from what the search kept, ours does too). A
    /// state that is not found again is taken as stored: that happens where an action reads
    /// what the search did before, and such models keep every state. Were one let go, the trace
    /// would end there.
    pub(super) fn trace_to(&self, index: u32) -> Vec<TraceStep> {
        let mut path = Vec::new();
        let mut current = index;
        loop {
            path.push(current);
            match self.parents.get(current as usize) {
                Some((parent, _)) if *parent != u32::MAX => current = *parent,
                _ => break,
            }
        }
        path.reverse();
        let stored = |state: u32| self.states.get(state as usize).cloned().flatten();
        if let [initial] = path[..] {
            return stored(initial)
                .map(|state| TraceStep { state, action: None })
                .into_iter()
                .collect();
        }
        let mut steps: Vec<TraceStep> = Vec::with_capacity(path.len());
        for state in path {
            let Some((parent, action)) = self.parents.get(state as usize).copied() else { break };
            let fingerprint = self.fingerprints[state as usize];
            let found = match steps.last() {
                None => self.first_initial_state(fingerprint).map(|values| (values, action)),
                Some(previous) => self.rebuild_successor(parent, &previous.state, fingerprint),
            };
            let Some((values, action)) = found.or_else(|| stored(state).map(|v| (v, action)))
            else {
                break;
            };
            let action = (parent != u32::MAX).then_some(action as usize);
            steps.push(TraceStep { state: values, action });
        }
        steps
    }

    /// The first initial state with `fingerprint` (`Tool.getState(fp)`: the constraints are not
    /// evaluated). Every initial state not seen before is stored, so this is the first stored.
    fn first_initial_state(&self, fingerprint: u64) -> Option<Arc<[Value]>> {
        let initial = self.parents.iter().take_while(|(parent, _)| *parent == u32::MAX);
        initial
            .zip(&self.fingerprints)
            .zip(&self.states)
            .find(|((_, found), _)| **found == fingerprint)
            .and_then(|(_, values)| values.clone())
    }

    /// The successor of state `source` (with values `source_values`) whose fingerprint is
    /// `fingerprint`, and the action that leads to it, found as TLC finds it
    /// ([`find_successor`]). The source's expansion is repeated as the search ran it, quietly:
    /// the same random stream (`RandomElement`) and level (`TLCGet("level")`); registers and a
    /// requested exit are as they were afterwards.
    fn rebuild_successor(
        &self,
        source: u32,
        source_values: &Arc<[Value]>,
        fingerprint: u64,
    ) -> Option<(Arc<[Value]>, u32)> {
        let (model, worker) = (self.model, &self.worker);
        let depth = u64::from(*self.depths.get(source as usize)?);
        let level_before = worker.level.get();
        let registers_before = worker.registers.borrow().clone();
        let exit_before = worker.exit_requested.get();
        let muted_before = worker.output_muted.replace(true);
        worker.reseed(self.options.seed, u64::from(source));
        let found = find_successor(
            model,
            &self.actions,
            source_values,
            Some(fingerprint),
            worker,
            Some(depth),
        )
        .map(|(mut values, action)| {
            values.iter_mut().for_each(Value::compact_owned_parts);
            (values.into(), action as u32)
        });
        worker.output_muted.set(muted_before);
        worker.exit_requested.set(exit_before);
        *worker.registers.borrow_mut() = registers_before;
        worker.level.set(level_before);
        found
    }
}
