// Trace harness of the locksvc task, written for SysMoBench-rs: runs PGo's generated lock
// service (systems/locksvc/locksvc.go, unmodified) on PGo's distsys runtime (unmodified), one
// server (node 0) and --threads clients (nodes 1..N) in one process, over the runtime's own
// relaxed TCP mailboxes on loopback, and prints one NDJSON event per committed critical section.
//
// Events come from the runtime's trace hook (distsys.SetTraceRecorder, through the collector of
// pgo_trace_hook.go, shared with the other PGo harnesses), which hands over every
// committed critical section with the resources it read and wrote; the harness orders them by
// the constraints of the code (see linearise). Workload (--seed S --threads N --operations K):
// each client starts after a seeded pause of 0-3 ms and, as the code does, locks and unlocks
// once; K must be 1.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/DistCompiler/pgo/distsys"
	"github.com/DistCompiler/pgo/distsys/resources"
	"github.com/DistCompiler/pgo/distsys/tla"
	"github.com/DistCompiler/pgo/systems/locksvc"
)

// lockMsg is the code's LockMsg (1): the type of a lock request; UnlockMsg is 2.
const lockMsg = 1

// field returns the number in field `name` of a message record.
func field(msg tla.Value, name string) int32 {
	return msg.ApplyFunction(tla.MakeString(name)).AsNumber()
}

// step is a committed critical section that is a step of the model: `request` (acquireLock),
// `acquire` (criticalSection), `release` (unlock), `receive` (serverReceive) or `respond`
// (serverRespond).
type step struct {
	kind     string
	thread   int   // the acting node: 0 for the server, 1..N for the clients
	from     int32 // the client a server step is about
	lock     bool  // whether the server's message is a lock request (else an unlock)
	queue    []int32
	granted  int32 // the client granted by a respond, 0 when none
	position int   // the node's own vector-clock entry: its steps' order on the node
	recorded int   // the order in which the runtime handed the step over
}

// linearise orders the steps of a run into one trace and renders its NDJSON lines. The order
// respects every node's own order and the flow of messages: a client's lock request (unlock)
// comes before the server receives it, the server's mailbox is FIFO (messages reach it in the
// order they are received; unreceived ones last), and a grant is sent (respond) before the client
// acquires. Among the steps these constraints leave free, the one handed over first goes first.
func linearise(steps []*step) []string {
	order := newStepOrder(steps, func(s *step) int { return s.recorded })
	edge := order.edge
	byNode := order.byNode(func(s *step) int { return s.thread }, func(s *step) int { return s.position })
	type message struct {
		from int32
		lock bool
	}
	sent := map[message]*step{}
	grants := map[int32]*step{}
	for node, nodeSteps := range byNode {
		for _, s := range nodeSteps {
			switch s.kind {
			case "request":
				sent[message{int32(node), true}] = s
			case "release":
				sent[message{int32(node), false}] = s
			case "respond":
				if s.granted != 0 {
					grants[s.granted] = s
				}
			}
		}
	}
	var mailbox []*step // the clients' sends in the order they reached the server's mailbox
	for _, receive := range byNode[0] {
		if receive.kind != "receive" {
			continue
		}
		key := message{receive.from, receive.lock}
		send, ok := sent[key]
		if !ok {
			panic(fmt.Sprintf("the server received %+v, which was never sent", key))
		}
		edge(send, receive)
		mailbox = append(mailbox, send)
		delete(sent, key)
	}
	var unreceived []*step
	for _, send := range sent {
		unreceived = append(unreceived, send)
	}
	sort.Slice(unreceived, func(a, b int) bool { return unreceived[a].recorded < unreceived[b].recorded })
	mailbox = append(mailbox, unreceived...)
	order.chain(mailbox)
	for _, s := range steps {
		if s.kind == "acquire" {
			grant, ok := grants[int32(s.thread)]
			if !ok {
				panic(fmt.Sprintf("client %d acquired without a grant", s.thread))
			}
			edge(grant, s)
		}
	}

	var lines []string
	for next := order.next(); next != nil; next = order.next() {
		line := fmt.Sprintf(`{"seq":%d,"thread":%d,"event":%q,`, len(lines), next.thread, next.kind)
		messageType := "unlock"
		if next.lock {
			messageType = "lock"
		}
		switch next.kind {
		case "request", "acquire", "release":
			line += `"contention":false}`
		case "receive":
			line += fmt.Sprintf(`"contention":false,"from":%d,"type":%q}`, next.from, messageType)
		case "respond":
			queue := make([]string, len(next.queue))
			for i, client := range next.queue {
				queue[i] = fmt.Sprint(client)
			}
			granted := "null"
			if next.granted != 0 {
				granted = fmt.Sprint(next.granted)
			}
			// Contention: a lock request that has to wait behind the holder.
			waits := next.lock && next.granted == 0
			line += fmt.Sprintf(`"contention":%t,"from":%d,"type":%q,"queue":[%s],"granted":%s}`,
				waits, next.from, messageType, strings.Join(queue, ","), granted)
		}
		lines = append(lines, line+"\n")
	}
	return lines
}

func main() {
	seed := flag.Int64("seed", 1, "seed of the workload")
	threads := flag.Int("threads", 4, "clients")
	operations := flag.Int("operations", 1, "lock rounds per client (the code's clients lock once)")
	flag.Parse()
	if *operations != 1 {
		panic("the clients of locksvc lock exactly once: --operations must be 1")
	}
	clients := *threads
	random := rand.New(rand.NewSource(*seed))
	basePort := 23000 + int(*seed%400)*10

	defer keepVectorClocks("locksvc")()

	address := func(self tla.Value) resources.MailboxesAddressMappingFn {
		return loopbackMailboxes(basePort, self)
	}
	events := &collector{}
	constants := []distsys.MPCalContextConfigFn{
		distsys.DefineConstantValue("NumClients", tla.MakeNumber(int32(clients))),
		distsys.SetTraceRecorder(events),
	}

	serverSelf := tla.MakeNumber(0)
	server := distsys.NewMPCalContext(serverSelf, locksvc.AServer, append(constants,
		distsys.EnsureArchetypeRefParam("network", resources.NewRelaxedMailboxes(address(serverSelf))))...)
	go func() {
		if err := server.Run(); err != nil {
			panic(err)
		}
	}()
	var finished sync.WaitGroup
	for i := 1; i <= clients; i++ {
		self := tla.MakeNumber(int32(i))
		pause := time.Duration(random.Intn(3000)) * time.Microsecond
		flag := distsys.NewLocalArchetypeResource(tla.ModuleFALSE)
		ctx := distsys.NewMPCalContext(self, locksvc.AClient, append(constants,
			distsys.EnsureArchetypeRefParam("network", resources.NewRelaxedMailboxes(address(self))),
			distsys.EnsureArchetypeRefParam("hasLock", resources.NewIncMap(func(index tla.Value) distsys.ArchetypeResource {
				if !index.Equal(self) {
					panic(fmt.Sprintf("client %v indexed hasLock at %v", self, index))
				}
				return flag
			})))...)
		finished.Add(1)
		go func() {
			defer finished.Done()
			time.Sleep(pause)
			if err := ctx.Run(); err != nil {
				panic(err)
			}
		}()
	}
	allDone := make(chan struct{})
	go func() { finished.Wait(); close(allDone) }()
	select {
	case <-allDone:
	case <-time.After(30 * time.Second):
		panic("the clients did not all finish")
	}
	// Let the server handle the last unlock, then stop it.
	time.Sleep(100 * time.Millisecond)
	recorded := events.close()
	server.Stop()

	var steps []*step
	for index, event := range recorded {
		self := event.Self.AsNumber()
		add := func(s *step) {
			s.thread, s.position, s.recorded = int(self), event.Clock.Get(event.ArchetypeName, event.Self), index
			steps = append(steps, s)
		}
		switch event.ArchetypeName {
		case "AClient":
			if value, _, ok := written(event, "hasLock"); ok {
				if value.AsBool() {
					add(&step{kind: "acquire"})
				} else {
					add(&step{kind: "release"})
				}
			} else if _, _, ok := written(event, "network"); ok {
				add(&step{kind: "request"})
			}
		case "AServer":
			if msg, _, ok := written(event, "msg"); ok {
				add(&step{kind: "receive", from: field(msg, "from"), lock: field(msg, "type") == lockMsg})
			} else if queue, _, ok := written(event, "q"); ok {
				msg, _ := read(event, "msg")
				s := &step{kind: "respond", from: field(msg, "from"), lock: field(msg, "type") == lockMsg}
				for it := queue.AsTuple().Iterator(); !it.Done(); {
					_, client := it.Next()
					s.queue = append(s.queue, client.AsNumber())
				}
				if _, indices, ok := written(event, "network"); ok {
					s.granted = indices[0].AsNumber()
				}
				add(s)
			}
		}
	}
	for _, line := range linearise(steps) {
		fmt.Print(line)
	}
}
