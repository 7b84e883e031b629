//! The helper threads of a breadth-first search with several workers, and the hand-over of
//! their expansions to the merge, which takes them in queue order.
//!
//! The helpers live as long as the search (no thread is started per batch, and each keeps its
//! own allocator heap and evaluation context). For each batch the search publishes a [`Batch`];
//! the helpers and the search's own thread take its positions one at a time and deliver each
//! expansion to its slot. The search's thread merges the slots in order as soon as they are
//! ready, and expands a position itself whenever the next slot in order is not ready yet, so
//! the merge overlaps with the expansion of the rest of the batch and the only serial part left
//! is the merge of the batch's last few sources.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};

use tla_eval::{Action, Failure, WorkerContext};
use tla_values::fast_hash::IntegerMap;
use tla_values::{EvalErrorKind, Value};

use crate::bfs::ErrorPhase;
use crate::expansion::{BatchClaims, Expander, Expansion};
use crate::model::Model;

/// The fingerprint tables the expansions read and the merge writes.
pub(crate) struct FingerprintTables {
    /// Every state numbered so far, by fingerprint: written between batches only, so the
    /// expansions of a batch read it without waiting.
    pub(crate) seen: RwLock<IntegerMap<u64, u32>>,
    /// The current batch's successors not in `seen` (see [`BatchClaims`]).
    pub(crate) claims: BatchClaims,
}

impl FingerprintTables {
    pub(crate) fn new() -> FingerprintTables {
        FingerprintTables { seen: RwLock::new(IntegerMap::default()), claims: BatchClaims::new() }
    }

    pub(crate) fn read_seen(&self) -> std::sync::RwLockReadGuard<'_, IntegerMap<u64, u32>> {
        self.seen.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(crate) fn write_seen(&self) -> std::sync::RwLockWriteGuard<'_, IntegerMap<u64, u32>> {
        self.seen.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The longest run of neighbouring positions a worker takes at once (see
/// [`Batch::take_position`]).
const LONGEST_RUN: usize = 32;

/// The positions of a batch a worker took and has not expanded yet, in order: indices into
/// one lane's positions.
#[derive(Default)]
pub(crate) struct HeldPositions {
    lane: usize,
    indices: std::ops::Range<usize>,
}

/// The positions of a batch whose source states one worker's thread built, in queue order,
/// and the first of them not handed out yet. Each sits on cache lines of its own, since its
/// owner takes from it all the time and the others only once their own lanes are empty.
#[repr(align(128))]
struct Lane {
    positions: Vec<u32>,
    next: AtomicUsize,
}

/// One batch of source states (part of one level), as the workers expand it.
pub(crate) struct Batch {
    pub(crate) sources: Vec<Arc<[Value]>>,
    pub(crate) source_indices: Vec<u32>,
    pub(crate) depth: u32,
    /// The counters `TLCGet` shows while the batch is expanded (those after the last batch).
    pub(crate) statistics: tla_eval::Statistics,
    /// How many workers expand the batch (the search's thread counts).
    workers: usize,
    /// Whether every source is known to satisfy the invariants (not so under `-continue`,
    /// where a violating state is explored too).
    pub(crate) sources_satisfy_invariants: bool,
    /// Per worker, the positions whose sources its thread built (see [`Batch::take_position`]).
    lanes: Vec<Lane>,
    stopped: AtomicBool,
    delivery: Mutex<Delivery>,
    delivered: Condvar,
}

struct Delivery {
    slots: Vec<Option<Expansion>>,
    /// The position the merge waits for (`usize::MAX` when it does not wait).
    awaited: usize,
    /// Slots before this one were taken by the merge.
    taken: usize,
}

impl Batch {
    /// A batch of `sources`, numbered `source_indices`; `builders` says per source which
    /// worker's thread built its values.
    pub(crate) fn new(
        sources: Vec<Arc<[Value]>>,
        source_indices: Vec<u32>,
        builders: &[u16],
        depth: u32,
        statistics: tla_eval::Statistics,
        workers: usize,
        sources_satisfy_invariants: bool,
    ) -> Batch {
        let slots = (0..sources.len()).map(|_| None).collect();
        let workers = workers.max(1);
        let mut lanes: Vec<Lane> = (0..workers)
            .map(|_| Lane { positions: Vec::new(), next: AtomicUsize::new(0) })
            .collect();
        for position in 0..sources.len() {
            let builder = builders.get(position).map_or(0, |builder| usize::from(*builder));
            lanes[builder % workers].positions.push(position as u32);
        }
        Batch {
            sources,
            source_indices,
            depth,
            statistics,
            workers,
            sources_satisfy_invariants,
            lanes,
            stopped: AtomicBool::new(false),
            delivery: Mutex::new(Delivery { slots, awaited: usize::MAX, taken: 0 }),
            delivered: Condvar::new(),
        }
    }

    /// An expander over this batch.
    pub(crate) fn expander<'a>(
        &'a self,
        model: &'a Model,
        actions: &'a [Action],
        seen: &'a IntegerMap<u64, u32>,
        tables: &'a FingerprintTables,
        share_verdicts: bool,
        seed: u64,
    ) -> Expander<'a> {
        Expander {
            model,
            actions,
            sources: &self.sources,
            source_indices: &self.source_indices,
            depth: self.depth,
            seen,
            claims: &tables.claims,
            share_verdicts,
            seed,
            sources_satisfy_invariants: self.sources_satisfy_invariants,
        }
    }

    /// The next position for worker `worker`, which holds `held`: the next of the positions it
    /// took before, else the first of a new run of positions from its own lane, else (its lane
    /// empty) from another worker's.
    ///
    /// A worker expands first the sources its own thread built: their values are in its core's
    /// caches, where the other core would have to fetch them. The successors it builds are its
    /// own again (their new parts; the parts shared with the source stay where they were), so
    /// a state and its descendants stay on one core as long as the lanes keep balanced. Positions are handed
    /// out in runs of neighbours, so that the sources a worker takes from another lane are
    /// mostly neighbours in the queue: siblings, which share most of their values (the
    /// reference counts of shared values are written at every successor built or dropped, so
    /// two workers expanding siblings at the same moment move those cache lines between their
    /// cores). A run is a quarter of the lane's positions left per worker (so a lane's last
    /// positions go out one by one and no worker is left with a long tail), at most
    /// [`LONGEST_RUN`].
    pub(crate) fn take_position(&self, held: &mut HeldPositions, worker: u32) -> Option<usize> {
        if self.stopped.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(index) = held.indices.next() {
            return Some(self.lanes[held.lane].positions[index] as usize);
        }
        let own = worker as usize % self.lanes.len();
        for offset in 0..self.lanes.len() {
            let lane_index = (own + offset) % self.lanes.len();
            let lane = &self.lanes[lane_index];
            let length = lane.positions.len();
            let left = length.saturating_sub(lane.next.load(Ordering::Relaxed));
            if left == 0 {
                continue;
            }
            let run = (left / (4 * self.workers)).clamp(1, LONGEST_RUN);
            let first = lane.next.fetch_add(run, Ordering::Relaxed);
            if first >= length {
                continue;
            }
            *held =
                HeldPositions { lane: lane_index, indices: first + 1..(first + run).min(length) };
            return Some(lane.positions[first] as usize);
        }
        None
    }

    /// No position is handed out any more (the merge stopped the run).
    pub(crate) fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    fn lock(&self) -> MutexGuard<'_, Delivery> {
        self.delivery.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Puts `expansion` in its slot, waking the merge if it waits for it (after the lock is
    /// released, so the merge does not wake only to wait for the lock).
    pub(crate) fn deliver(&self, position: usize, expansion: Expansion) {
        let awaited = {
            let mut delivery = self.lock();
            if let Some(slot) = delivery.slots.get_mut(position) {
                *slot = Some(expansion);
            }
            delivery.awaited == position
        };
        if awaited {
            self.delivered.notify_one();
        }
    }

    /// The expansion at `position` if it was delivered.
    pub(crate) fn try_take(&self, position: usize) -> Option<Expansion> {
        let mut delivery = self.lock();
        let expansion = delivery.slots.get_mut(position).and_then(Option::take)?;
        delivery.taken = delivery.taken.max(position + 1);
        Some(expansion)
    }

    /// Waits until the expansion at `position` (handed out already) is delivered, leaving it in
    /// its slot; returns at once for a position the merge has taken.
    pub(crate) fn wait_delivered(&self, position: usize) {
        let mut delivery = self.lock();
        while position >= delivery.taken
            && delivery.slots.get(position).is_some_and(Option::is_none)
        {
            delivery.awaited = position;
            delivery =
                self.delivered.wait(delivery).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        delivery.awaited = usize::MAX;
    }

    /// The expansion at `position`, waiting for it (it was handed out already).
    pub(crate) fn wait_take(&self, position: usize) -> Expansion {
        let mut delivery = self.lock();
        loop {
            match delivery.slots.get_mut(position) {
                None => return stopped_unexpectedly(),
                Some(slot) => {
                    if let Some(expansion) = slot.take() {
                        delivery.awaited = usize::MAX;
                        delivery.taken = delivery.taken.max(position + 1);
                        return expansion;
                    }
                }
            }
            delivery.awaited = position;
            delivery =
                self.delivered.wait(delivery).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }
}

/// The helpers' shared mailbox: the batch to work on.
pub(crate) struct WorkerPool {
    state: Mutex<PoolState>,
    wake: Condvar,
}

struct PoolState {
    batch: Option<Arc<Batch>>,
    generation: u64,
    shut_down: bool,
}

impl WorkerPool {
    pub(crate) fn new() -> WorkerPool {
        WorkerPool {
            state: Mutex::new(PoolState { batch: None, generation: 0, shut_down: false }),
            wake: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, PoolState> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Hands `batch` to the helpers (woken after the lock is released, so that they do not
    /// wake only to wait for it).
    pub(crate) fn publish(&self, batch: Arc<Batch>) {
        let previous = {
            let mut state = self.lock();
            state.generation += 1;
            state.batch.replace(batch)
        };
        self.wake.notify_all();
        drop(previous);
    }

    /// Tells the helpers to return.
    pub(crate) fn shut_down(&self) {
        let mut state = self.lock();
        state.shut_down = true;
        state.batch = None;
        self.wake.notify_all();
    }

    /// A helper's life: expand positions of each published batch until shut down.
    pub(crate) fn serve(
        &self,
        worker_id: u32,
        model: &Model,
        actions: &[Action],
        tables: &FingerprintTables,
        seed: u64,
    ) {
        let worker = WorkerContext::new(worker_id, seed);
        let mut generation = 0;
        loop {
            let batch = {
                let mut state = self.lock();
                loop {
                    if state.shut_down {
                        return;
                    }
                    if state.generation != generation {
                        generation = state.generation;
                        break state.batch.clone();
                    }
                    state = self.wake.wait(state).unwrap_or_else(|poisoned| poisoned.into_inner());
                }
            };
            let Some(batch) = batch else { continue };
            worker.statistics.set(batch.statistics);
            let seen = tables.read_seen();
            let expander = batch.expander(model, actions, &seen, tables, true, seed);
            let mut held = HeldPositions::default();
            while let Some(position) = batch.take_position(&mut held, worker_id) {
                let expansion =
                    catch_unwind(AssertUnwindSafe(|| expander.expand(position, &worker)))
                        .unwrap_or_else(|_| stopped_unexpectedly());
                batch.deliver(position, expansion);
            }
        }
    }
}

/// What a position's expansion becomes when its worker died.
fn stopped_unexpectedly() -> Expansion {
    Expansion {
        successors: Vec::new(),
        error: Some((
            ErrorPhase::NextState,
            Failure::message(EvalErrorKind::Unsupported, "A worker thread stopped unexpectedly."),
            None,
        )),
        failed_successor: None,
        stop_requested: false,
        built_by: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::{Batch, Expansion, HeldPositions, LONGEST_RUN};

    fn empty_expansion(successors_stop: bool) -> Expansion {
        Expansion {
            successors: Vec::new(),
            error: None,
            failed_successor: None,
            stop_requested: successors_stop,
            built_by: 0,
        }
    }

    fn batch_built_by(builders: &[u16]) -> Batch {
        let sources = vec![Vec::new().into(); builders.len()];
        let indices = (0..builders.len() as u32).collect();
        Batch::new(sources, indices, builders, 1, Default::default(), 2, true)
    }

    /// The positions `worker` takes at once: the one handed out and the rest of its run.
    fn take_run(batch: &Batch, held: &mut HeldPositions, worker: u32) -> Option<Vec<usize>> {
        let first = batch.take_position(held, worker)?;
        let lane = &batch.lanes[held.lane].positions;
        let rest = held.indices.clone().map(|index| lane[index] as usize);
        held.indices = 0..0;
        Some(std::iter::once(first).chain(rest).collect())
    }

    #[test]
    fn positions_are_handed_out_once_and_delivered_expansions_wait_in_their_slots() {
        let batch = batch_built_by(&[0, 0, 0]);
        let (mut first, mut second) = (HeldPositions::default(), HeldPositions::default());
        assert_eq!(batch.take_position(&mut first, 0), Some(0));
        assert_eq!(batch.take_position(&mut second, 1), Some(1));
        assert!(batch.try_take(1).is_none());
        batch.deliver(1, empty_expansion(true));
        assert!(batch.try_take(0).is_none());
        assert!(batch.try_take(1).is_some_and(|expansion| expansion.stop_requested));
        batch.stop();
        assert_eq!(batch.take_position(&mut first, 0), None);
        // Waiting for a delivered slot, or for one the merge took, returns at once.
        batch.deliver(2, empty_expansion(false));
        batch.wait_delivered(2);
        batch.wait_delivered(1);
        assert!(batch.try_take(2).is_some());
    }

    #[test]
    fn workers_take_runs_of_neighbours_that_shorten_towards_the_end_of_the_batch() {
        // One worker's thread built every source: both take from its lane.
        let batch = batch_built_by(&[0; 1024]);
        let mut workers = [HeldPositions::default(), HeldPositions::default()];
        let mut taken = Vec::new();
        let mut runs = Vec::new();
        'hand_out: loop {
            for (worker, held) in workers.iter_mut().enumerate() {
                let Some(run) = take_run(&batch, held, worker as u32) else { break 'hand_out };
                assert!(run.windows(2).all(|pair| pair[1] == pair[0] + 1), "{run:?}");
                runs.push(run.len());
                taken.extend(run);
            }
        }
        // Every position exactly once, the first runs the longest, the last ones single.
        taken.sort_unstable();
        assert_eq!(taken, (0..1024).collect::<Vec<_>>());
        assert_eq!(runs[0], LONGEST_RUN);
        assert!(runs.windows(2).all(|pair| pair[0] >= pair[1]));
        assert_eq!(runs.last(), Some(&1));
    }

    #[test]
    fn workers_expand_the_sources_their_threads_built_before_the_others() {
        // Worker 1 built the first 96 sources and every fourth of the rest; worker 0 the others.
        let builders: Vec<u16> =
            (0..256).map(|position| u16::from(position < 96 || position % 4 == 0)).collect();
        let batch = batch_built_by(&builders);
        let mut taken = [Vec::new(), Vec::new()];
        let (mut first, mut second) = (HeldPositions::default(), HeldPositions::default());
        // Worker 0 alone until its own lane is empty, then worker 1's lane.
        while let Some(run) = take_run(&batch, &mut first, 0) {
            taken[0].extend(run);
            if taken[0].len() == 120 {
                break;
            }
        }
        assert!(taken[0].iter().all(|position| builders[*position] == 0));
        let stolen = take_run(&batch, &mut first, 0).expect("worker 1's lane is not empty");
        assert!(stolen.iter().all(|position| builders[*position] == 1));
        assert_eq!(stolen[0], 0);
        taken[0].extend(stolen);
        while let Some(run) = take_run(&batch, &mut second, 1) {
            taken[1].extend(run);
        }
        let mut all: Vec<usize> = taken.concat();
        all.sort_unstable();
        assert_eq!(all, (0..256).collect::<Vec<_>>());
    }

    #[test]
    fn the_merge_waits_for_an_expansion_another_thread_delivers() {
        let batch = batch_built_by(&[0; 64]);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                // Delivered out of order, the last ones first.
                for position in (0..64).rev() {
                    std::thread::yield_now();
                    batch.deliver(position, empty_expansion(position % 2 == 0));
                }
            });
            for position in 0..64 {
                let expansion = batch.wait_take(position);
                assert_eq!(expansion.stop_requested, position % 2 == 0);
            }
        });
    }
}
