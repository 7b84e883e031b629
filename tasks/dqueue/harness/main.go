// Trace harness of the dqueue task, written for SysMoBench-rs: runs PGo's generated distributed
// queue (systems/dqueue/dqueue.go, unmodified) on PGo's distsys runtime (unmodified), one
// producer (node 0) and --threads consumers (nodes 1..N) in one process, over the runtime's own
// TCP mailboxes on loopback, and prints one NDJSON event per committed critical section.
//
// Events come from the runtime's trace hook (distsys.SetTraceRecorder, through the collector of
// pgo_trace_hook.go, shared with the other PGo harnesses): every committed critical section is
// handed over with the archetype resources it read and wrote and its vector clock; the harness
// orders them by the constraints of the code (see linearise).
//
// Workload (--seed S --threads N --operations K): the producer's input channel is fed the items
// 1..N*K with seeded pauses of 0-2 ms; the run ends when the consumers have output every item.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"sort"
	"time"

	"github.com/DistCompiler/pgo/distsys"
	"github.com/DistCompiler/pgo/distsys/resources"
	"github.com/DistCompiler/pgo/distsys/tla"
	"github.com/DistCompiler/pgo/systems/dqueue"
)

// step is a committed critical section that is a step of the model: `request` (label c1),
// `consume` (c2), `take` (p1) or `send` (p2).
type step struct {
	kind           string
	thread         int   // the acting node: 0 for the producer, 1..N for the consumers
	consumer, item int32 // the consumer the step concerns and the item, where there is one
	position       int   // the node's own vector-clock entry: its steps' order on the node
	recorded       int   // the order in which the runtime handed the step over
}

// linearise orders the steps of a run into one trace and renders its NDJSON lines. The order
// respects every node's own order and the flow of messages: a consumer's n-th request comes
// before the producer's n-th take of that consumer's requests, the producer's mailbox is FIFO
// (requests reach it in the order they are taken), and an item is sent before it is consumed.
// Among the steps these constraints leave free, the one handed over first goes first.
func linearise(steps []*step, consumers int) []string {
	order := newStepOrder(steps, func(s *step) int { return s.recorded })
	edge := order.edge
	byNode := order.byNode(func(s *step) int { return s.thread }, func(s *step) int { return s.position })
	requests := map[int32][]*step{} // per consumer, in its own order
	sends := map[int32]*step{}
	for _, s := range byNode[0] {
		if s.kind == "send" {
			sends[s.item] = s
		}
	}
	for c := 1; c <= consumers; c++ {
		for _, s := range byNode[c] {
			switch s.kind {
			case "request":
				requests[int32(c)] = append(requests[int32(c)], s)
			case "consume":
				send, ok := sends[s.item]
				if !ok {
					panic(fmt.Sprintf("item %d consumed but never sent", s.item))
				}
				edge(send, s)
			}
		}
	}
	var mailbox []*step // the requests in the order they reached the producer's mailbox
	for _, take := range byNode[0] {
		if take.kind != "take" {
			continue
		}
		pending := requests[take.consumer]
		if len(pending) == 0 {
			panic(fmt.Sprintf("a request of consumer %d taken but never sent", take.consumer))
		}
		edge(pending[0], take)
		mailbox = append(mailbox, pending[0])
		requests[take.consumer] = pending[1:]
	}
	var untaken []*step
	for _, pending := range requests {
		untaken = append(untaken, pending...)
	}
	sort.Slice(untaken, func(a, b int) bool { return untaken[a].recorded < untaken[b].recorded })
	mailbox = append(mailbox, untaken...)
	order.chain(mailbox)

	var lines []string
	queued := 0 // requests in the producer's mailbox
	for next := order.next(); next != nil; next = order.next() {
		line := fmt.Sprintf(`{"seq":%d,"thread":%d,"event":%q,`, len(lines), next.thread, next.kind)
		switch next.kind {
		case "request":
			line += fmt.Sprintf(`"contention":%t,"queued":%d}`, queued > 0, queued+1)
			queued++
		case "take":
			queued--
			line += fmt.Sprintf(`"contention":%t,"consumer":%d,"queued":%d}`, queued > 0, next.consumer, queued)
		case "send":
			line += fmt.Sprintf(`"contention":false,"consumer":%d,"item":%d}`, next.consumer, next.item)
		case "consume":
			line += fmt.Sprintf(`"contention":false,"item":%d}`, next.item)
		}
		lines = append(lines, line+"\n")
	}
	return lines
}

func main() {
	seed := flag.Int64("seed", 1, "seed of the workload")
	threads := flag.Int("threads", 3, "consumers")
	operations := flag.Int("operations", 4, "items per consumer")
	flag.Parse()
	consumers, items := *threads, *threads**operations
	random := rand.New(rand.NewSource(*seed))
	basePort := 21000 + int(*seed%400)*10

	defer keepVectorClocks("dqueue")()

	producerSelf := tla.MakeNumber(0)
	address := func(self tla.Value) resources.MailboxesAddressMappingFn {
		return loopbackMailboxes(basePort, self)
	}
	events := &collector{}
	constants := []distsys.MPCalContextConfigFn{
		distsys.DefineConstantValue("PRODUCER", producerSelf),
		distsys.DefineConstantValue("NUM_CONSUMERS", tla.MakeNumber(int32(consumers))),
		distsys.SetTraceRecorder(events),
	}
	run := func(ctx *distsys.MPCalContext) {
		go func() {
			if err := ctx.Run(); err != nil {
				panic(err)
			}
		}()
	}

	input := make(chan tla.Value, items)
	producer := distsys.NewMPCalContext(producerSelf, dqueue.AProducer, append(constants,
		distsys.EnsureArchetypeRefParam("net", resources.NewTCPMailboxes(address(producerSelf))),
		distsys.EnsureArchetypeRefParam("s", resources.NewInputChan(input)))...)
	run(producer)
	outputs := make(chan tla.Value, items+consumers)
	var contexts []*distsys.MPCalContext
	for i := 1; i <= consumers; i++ {
		self := tla.MakeNumber(int32(i))
		ctx := distsys.NewMPCalContext(self, dqueue.AConsumer, append(constants,
			distsys.EnsureArchetypeRefParam("net", resources.NewTCPMailboxes(address(self))),
			distsys.EnsureArchetypeRefParam("proc", resources.NewOutputChan(outputs)))...)
		contexts = append(contexts, ctx)
		run(ctx)
	}

	go func() {
		for item := 1; item <= items; item++ {
			time.Sleep(time.Duration(random.Intn(2000)) * time.Microsecond)
			input <- tla.MakeNumber(int32(item))
		}
	}()
	seen := map[int32]bool{}
	for len(seen) < items {
		select {
		case value := <-outputs:
			if seen[value.AsNumber()] {
				panic(fmt.Sprintf("item %v consumed twice", value))
			}
			seen[value.AsNumber()] = true
		case <-time.After(20 * time.Second):
			panic("the consumers stopped before every item was output")
		}
	}
	// Let the consumers' next requests settle, then stop every node.
	time.Sleep(100 * time.Millisecond)
	recorded := events.close()
	for _, ctx := range contexts {
		ctx.Stop()
	}
	producer.Stop()

	// The committed critical sections that are steps of the model (the jump-only loop heads
	// `c` and `p` are left out), each with its node's own clock entry (its position on its
	// node) and the order in which it was handed over.
	var steps []*step
	for index, event := range recorded {
		self := event.Self.AsNumber()
		position := event.Clock.Get(event.ArchetypeName, event.Self)
		add := func(kind string, consumer, item int32) {
			steps = append(steps, &step{kind, int(self), consumer, item, position, index})
		}
		switch event.ArchetypeName {
		case "AConsumer":
			if _, _, ok := written(event, "net"); ok {
				add("request", self, 0)
			} else if item, _, ok := written(event, "proc"); ok {
				add("consume", self, item.AsNumber())
			}
		case "AProducer":
			if requester, _, ok := written(event, "requester"); ok {
				add("take", requester.AsNumber(), 0)
			} else if item, indices, ok := written(event, "net"); ok {
				add("send", indices[0].AsNumber(), item.AsNumber())
			}
		}
	}
	for _, line := range linearise(steps, consumers) {
		fmt.Print(line)
	}
}
