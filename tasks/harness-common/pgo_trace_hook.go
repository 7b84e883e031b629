// Plumbing shared by the trace harnesses of the PGo tasks (dqueue, locksvc, raftkvs), written for
// SysMoBench-rs and copied next to each harness's main.go (`shared_files`): the collector that
// PGo's distsys runtime hands every committed critical section to (its trace hook,
// distsys.SetTraceRecorder), helpers reading an event's writes and reads, the switch that makes
// the runtime keep vector clocks, loopback mailbox addresses, and the ordering of a run's steps
// under the causal constraints each harness derives from its code.
package main

import (
	"fmt"
	"io"
	"log"
	"os"
	"sort"
	"sync"

	"github.com/DistCompiler/pgo/distsys/resources"
	"github.com/DistCompiler/pgo/distsys/tla"
	"github.com/DistCompiler/pgo/distsys/trace"
)

// collector keeps the committed critical sections in the order the runtime hands them over.
type collector struct {
	lock   sync.Mutex
	events []trace.Event
	closed bool
}

func (c *collector) RecordEvent(event trace.Event) {
	c.lock.Lock()
	defer c.lock.Unlock()
	if event.IsAbort || c.closed {
		return
	}
	// The runtime reuses the element slice for its next critical section.
	event.Elements = append([]trace.Element(nil), event.Elements...)
	c.events = append(c.events, event)
}

func (c *collector) close() []trace.Event {
	c.lock.Lock()
	defer c.lock.Unlock()
	c.closed = true
	return c.events
}

// written returns the last value the event wrote to the resource `name` and its indices.
func written(event trace.Event, name string) (value tla.Value, indices []tla.Value, ok bool) {
	for _, element := range event.Elements {
		if write, isWrite := element.(trace.WriteElement); isWrite && write.Name == name {
			value, indices, ok = write.Value, write.Indices, true
		}
	}
	return
}

// read returns the first value the event read from the resource `name`.
func read(event trace.Event, name string) (tla.Value, bool) {
	for _, element := range event.Elements {
		if r, isRead := element.(trace.ReadElement); isRead && r.Name == name {
			return r.Value, true
		}
	}
	return tla.Value{}, false
}

// keepVectorClocks makes the runtime keep vector clocks, which it does only when PGO_TRACE_DIR
// is set; it then also opens one log file per node there, which the harness's recorder replaces
// (the files stay empty). It silences the standard logger (the mailboxes log their connection
// attempts) and returns the function that removes the scratch folder.
func keepVectorClocks(task string) func() {
	traceDir, err := os.MkdirTemp("", task+"-trace-harness-")
	if err != nil {
		panic(err)
	}
	os.Setenv("PGO_TRACE_DIR", traceDir)
	log.SetOutput(io.Discard)
	return func() { os.RemoveAll(traceDir) }
}

// loopbackMailboxes maps node `index` to the mailbox at 127.0.0.1:basePort+index, local for
// `self` and remote for every other node.
func loopbackMailboxes(basePort int, self tla.Value) resources.MailboxesAddressMappingFn {
	return func(index tla.Value) (resources.MailboxKind, string) {
		kind := resources.MailboxesRemote
		if index.Equal(self) {
			kind = resources.MailboxesLocal
		}
		return kind, fmt.Sprintf("127.0.0.1:%d", basePort+int(index.AsNumber()))
	}
}

// stepOrder linearises the steps of a run: each harness adds the constraints of its code
// (before) and then takes the steps in an order that respects all of them; among the steps the
// constraints leave free, the one handed over first (the lowest `recorded`) goes first.
type stepOrder[S any] struct {
	steps    []*S
	recorded func(*S) int
	after    map[*S][]*S
	before   map[*S]int
	done     map[*S]bool
}

func newStepOrder[S any](steps []*S, recorded func(*S) int) *stepOrder[S] {
	return &stepOrder[S]{steps, recorded, map[*S][]*S{}, map[*S]int{}, map[*S]bool{}}
}

// edge puts `from` before `to`.
func (o *stepOrder[S]) edge(from, to *S) {
	o.after[from] = append(o.after[from], to)
	o.before[to]++
}

// chain puts every step of `list` before the next one.
func (o *stepOrder[S]) chain(list []*S) {
	for i := 1; i < len(list); i++ {
		o.edge(list[i-1], list[i])
	}
}

// byNode groups the steps by node, each group in its node's own order (`position`, the node's
// own vector-clock entry), and chains every group.
func (o *stepOrder[S]) byNode(node func(*S) int, position func(*S) int) map[int][]*S {
	groups := map[int][]*S{}
	for _, s := range o.steps {
		groups[node(s)] = append(groups[node(s)], s)
	}
	for _, group := range groups {
		sort.SliceStable(group, func(a, b int) bool { return position(group[a]) < position(group[b]) })
		o.chain(group)
	}
	return groups
}

// next returns the next step of the order, or nil once every step was taken; it panics when
// the constraints form a cycle.
func (o *stepOrder[S]) next() *S {
	if len(o.done) == len(o.steps) {
		return nil
	}
	var next *S
	for _, s := range o.steps {
		if !o.done[s] && o.before[s] == 0 && (next == nil || o.recorded(s) < o.recorded(next)) {
			next = s
		}
	}
	if next == nil {
		panic("the ordering constraints of the run form a cycle")
	}
	o.done[next] = true
	for _, s := range o.after[next] {
		o.before[s]--
	}
	return next
}
