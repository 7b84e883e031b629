// Trace harness of the raftkvs task, written for SysMoBench-rs: runs PGo's generated Raft
// key-value store (systems/raftkvs/raftkvs.go with its timer.go and customch.go, unmodified) on
// PGo's distsys runtime (unmodified): --threads servers, each as the five archetypes of the code
// (AServer, AServerRequestVote, AServerAppendEntries, AServerAdvanceCommitIndex,
// AServerBecomeLeader) sharing the server's Raft state, and one client (AClient), in one process
// over the runtime's relaxed TCP mailboxes on loopback; it prints one NDJSON event per committed
// critical section that is a step of the reference model.
//
// Events come from the runtime's trace hook (distsys.SetTraceRecorder). The hook runs after a
// commit and the mailboxes carry no clocks, so the harness orders the steps itself: every
// resource it hands to the archetypes is wrapped so that a critical section draws a ticket from
// one global counter at its first network send (before the message leaves) or, without a send,
// at its pre-commit, while it still holds the locks of every shared Raft variable it touched.
// Ticket order therefore respects each archetype's own order, the order of the shared variables'
// locks and every message's send before its receipt; the events are printed in ticket order.
//
// Workload (--seed S --threads N --operations K): the client sends K requests one after the
// other, odd ones `put key1 value<n>` and even ones `get key1`, and gives up on a request after
// 2 s without an answer (the code's client timeout); the run ends 100 ms after the last answer.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/DistCompiler/pgo/distsys"
	"github.com/DistCompiler/pgo/distsys/resources"
	"github.com/DistCompiler/pgo/distsys/tla"
	"github.com/DistCompiler/pgo/distsys/trace"
	"github.com/DistCompiler/pgo/systems/raftkvs"
)

// tickets hands out the global order of critical sections (see the package comment).
type tickets struct {
	lock    sync.Mutex
	next    int
	pending map[int32]int // per archetype (its self id): the ticket of its current section
	events  []stampedEvent
	closed  bool
}

type stampedEvent struct {
	ticket int
	event  trace.Event
}

// stamp gives the current critical section of archetype `self` a ticket, once.
func (t *tickets) stamp(self tla.Value) {
	t.lock.Lock()
	defer t.lock.Unlock()
	id := self.AsNumber()
	if _, ok := t.pending[id]; !ok {
		t.pending[id] = t.next
		t.next++
	}
}

// RecordEvent is the runtime's trace hook: it keeps every committed section with its ticket.
func (t *tickets) RecordEvent(event trace.Event) {
	t.lock.Lock()
	defer t.lock.Unlock()
	id := event.Self.AsNumber()
	ticket, stamped := t.pending[id]
	delete(t.pending, id)
	if event.IsAbort || t.closed {
		return
	}
	if !stamped {
		ticket = -1 // a section touching only the archetype's own locals; never a model step
	}
	event.Elements = append([]trace.Element(nil), event.Elements...)
	t.events = append(t.events, stampedEvent{ticket, event})
}

func (t *tickets) close() []stampedEvent {
	t.lock.Lock()
	defer t.lock.Unlock()
	t.closed = true
	return t.events
}

// stamped wraps a resource handed to an archetype: its pre-commit draws the section's ticket
// first, and a write to one of its elements that is a remote mailbox (a send) draws it before
// the message leaves.
type stamped struct {
	inner   distsys.ArchetypeResource
	tickets *tickets
}

func (s stamped) Abort(iface distsys.ArchetypeInterface) chan struct{} { return s.inner.Abort(iface) }
func (s stamped) PreCommit(iface distsys.ArchetypeInterface) chan error {
	s.tickets.stamp(iface.Self())
	return s.inner.PreCommit(iface)
}
func (s stamped) Commit(iface distsys.ArchetypeInterface) chan struct{} {
	return s.inner.Commit(iface)
}
func (s stamped) ReadValue(iface distsys.ArchetypeInterface) (tla.Value, error) {
	return s.inner.ReadValue(iface)
}
func (s stamped) WriteValue(iface distsys.ArchetypeInterface, value tla.Value) error {
	return s.inner.WriteValue(iface, value)
}
func (s stamped) Index(iface distsys.ArchetypeInterface, index tla.Value) (distsys.ArchetypeResource, error) {
	element, err := s.inner.Index(iface, index)
	if err != nil {
		return nil, err
	}
	return sendStamped{element, s.tickets}, nil
}
func (s stamped) Close() error { return s.inner.Close() }

// sendStamped is an element of a stamped resource: a write to it draws the ticket first.
type sendStamped struct {
	distsys.ArchetypeResource
	tickets *tickets
}

func (s sendStamped) WriteValue(iface distsys.ArchetypeInterface, value tla.Value) error {
	s.tickets.stamp(iface.Self())
	return s.ArchetypeResource.WriteValue(iface, value)
}

// Timing of the run, as the code's sample configurations (configs/test-3-1.yaml): an election
// timeout of 1-2 s, AppendEntries every 50 ms; the client starts once a leader had time to be
// elected, as the code's own test waits before sending requests.
const (
	electionTimeout       = time.Second
	electionTimeoutOffset = time.Second
	appendEntriesInterval = 50 * time.Millisecond
	clientStartDelay      = 2500 * time.Millisecond
	sharedResourceTimeout = 2 * time.Millisecond
	inputChanReadTimeout  = 2 * time.Millisecond
	clientRequestTimeout  = 2 * time.Second
)

func main() {
	seed := flag.Int64("seed", 1, "seed of the workload")
	threads := flag.Int("threads", 3, "servers")
	operations := flag.Int("operations", 4, "client requests")
	flag.Parse()
	servers, requests := *threads, *operations
	if servers < 1 || servers > 3 || requests < 1 || requests > 4 {
		panic("the harness runs 1-3 servers and 1-4 requests (the reference model's workload)")
	}
	rand.Seed(*seed) // the code's election timer draws from math/rand
	basePort := 25000 + int(*seed%200)*20
	log.SetOutput(io.Discard) // the mailboxes log their connection attempts

	order := &tickets{pending: map[int32]int{}}
	wrap := func(res distsys.ArchetypeResource) distsys.ArchetypeResource { return stamped{res, order} }
	constants := []distsys.MPCalContextConfigFn{
		distsys.DefineConstantValue("NumServers", tla.MakeNumber(int32(servers))),
		distsys.DefineConstantValue("NumClients", tla.MakeNumber(1)),
		distsys.DefineConstantValue("ExploreFail", tla.ModuleFALSE),
		distsys.DefineConstantValue("Debug", tla.ModuleFALSE),
		distsys.DefineConstantValue("MaxNodeFail", tla.MakeNumber(0)),
		distsys.DefineConstantValue("AllStrings", tla.MakeSet()),
		// The persistent log's commands (systems/raftkvs/persistentlog.go, not built: the run
		// keeps no state on disk, so plog is a dummy resource as in the driver's persist=false).
		distsys.DefineConstantValue("LogConcat", tla.MakeString("log_concat")),
		distsys.DefineConstantValue("LogPop", tla.MakeString("log_pop")),
		raftkvs.LeaderTimeoutConstantDefs,
		distsys.SetTraceRecorder(order),
	}
	iface := distsys.NewMPCalContextWithoutArchetype(constants...).IFace()
	// No server fails in these runs: every failure detector entry reads "alive" (FALSE).
	alive := func() distsys.ArchetypeResource {
		return resources.NewIncMap(func(tla.Value) distsys.ArchetypeResource {
			return distsys.NewLocalArchetypeResource(tla.ModuleFALSE)
		})
	}

	var contexts []*distsys.MPCalContext
	for id := 1; id <= servers; id++ {
		srvId := tla.MakeNumber(int32(id))
		shared := func(value tla.Value) *resources.LocalSharedManager {
			return resources.NewLocalSharedManager(value, resources.WithLocalSharedResourceTimeout(sharedResourceTimeout))
		}
		serverSet := func(value tla.Value) tla.Value {
			return tla.MakeFunction([]tla.Value{raftkvs.ServerSet(iface)}, func([]tla.Value) tla.Value { return value })
		}
		state := shared(raftkvs.Follower(iface))
		currentTerm := shared(tla.MakeNumber(1))
		raftLog := shared(tla.MakeTuple())
		commitIndex := shared(tla.MakeNumber(0))
		nextIndex := shared(serverSet(tla.MakeNumber(1)))
		matchIndex := shared(serverSet(tla.MakeNumber(0)))
		votedFor := shared(raftkvs.Nil(iface))
		votesResponded := shared(tla.MakeSet())
		votesGranted := shared(tla.MakeSet())
		leader := shared(raftkvs.Nil(iface))
		sm := shared(tla.MakeFunction([]tla.Value{raftkvs.KeySet(iface)}, func([]tla.Value) tla.Value { return raftkvs.Nil(iface) }))
		smDomain := shared(raftkvs.KeySet(iface))
		leaderTimeout := raftkvs.NewTimerResource(electionTimeout, electionTimeoutOffset)
		appendEntriesCh := make(chan tla.Value, 100)
		becomeLeaderCh := make(chan tla.Value, 100)
		if servers == 1 {
			becomeLeaderCh <- tla.ModuleTRUE
		}
		// The server's own variables, indexed by its id (the code writes state[srvId]).
		own := func(res distsys.ArchetypeResource) distsys.ArchetypeResource {
			return wrap(resources.NewIncMap(func(index tla.Value) distsys.ArchetypeResource {
				if !index.Equal(srvId) {
					panic(fmt.Sprintf("server %v indexed its own variables at %v", srvId, index))
				}
				return res
			}))
		}
		archetype := func(offset int, archetype distsys.MPCalArchetype, appendEntries, becomeLeader distsys.ArchetypeResource) {
			self := tla.MakeNumber(int32(id + offset*servers))
			ctx := distsys.NewMPCalContext(self, archetype, append(constants,
				distsys.EnsureArchetypeValueParam("srvId", srvId),
				distsys.EnsureArchetypeRefParam("net", wrap(resources.NewRelaxedMailboxes(loopbackMailboxes(basePort, self)))),
				distsys.EnsureArchetypeRefParam("netLen", own(distsys.NewLocalArchetypeResource(tla.MakeNumber(0)))),
				distsys.EnsureArchetypeRefParam("netEnabled", resources.NewPlaceHolder()),
				distsys.EnsureArchetypeRefParam("fd", alive()),
				distsys.EnsureArchetypeRefParam("state", own(state.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("currentTerm", own(currentTerm.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("log", own(raftLog.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("plog", own(resources.NewDummy())),
				distsys.EnsureArchetypeRefParam("commitIndex", own(commitIndex.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("nextIndex", own(nextIndex.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("matchIndex", own(matchIndex.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("votedFor", own(votedFor.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("votesResponded", own(votesResponded.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("votesGranted", own(votesGranted.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("leader", own(leader.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("sm", own(sm.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("smDomain", own(smDomain.MakeLocalShared())),
				distsys.EnsureArchetypeRefParam("leaderTimeout", leaderTimeout),
				distsys.EnsureArchetypeRefParam("appendEntriesCh", appendEntries),
				distsys.EnsureArchetypeRefParam("becomeLeaderCh", becomeLeader))...)
			contexts = append(contexts, ctx)
		}
		// Wired as the code's driver (bootstrap/server.go) wires them, nodes srvId + k*N.
		archetype(0, raftkvs.AServer, own(resources.NewDummy()), own(resources.NewOutputChan(becomeLeaderCh)))
		archetype(1, raftkvs.AServerRequestVote, resources.NewPlaceHolder(), resources.NewPlaceHolder())
		archetype(2, raftkvs.AServerAppendEntries,
			own(raftkvs.NewCustomInChan(appendEntriesCh, appendEntriesInterval)), resources.NewPlaceHolder())
		archetype(3, raftkvs.AServerAdvanceCommitIndex, resources.NewPlaceHolder(), resources.NewPlaceHolder())
		archetype(4, raftkvs.AServerBecomeLeader, own(resources.NewOutputChan(appendEntriesCh)),
			own(resources.NewInputChan(becomeLeaderCh, resources.WithInputChanReadTimeout(inputChanReadTimeout))))
	}

	clientSelf := tla.MakeNumber(int32(6*servers + 1))
	reqCh := make(chan tla.Value)
	respCh := make(chan tla.Value)
	timeoutCh := make(chan tla.Value)
	clientNet := resources.NewRelaxedMailboxes(loopbackMailboxes(basePort, clientSelf))
	client := distsys.NewMPCalContext(clientSelf, raftkvs.AClient, append(constants,
		distsys.EnsureArchetypeRefParam("net", wrap(clientNet)),
		distsys.EnsureArchetypeRefParam("netLen", wrap(resources.NewMailboxesLength(clientNet))),
		distsys.EnsureArchetypeRefParam("fd", alive()),
		distsys.EnsureArchetypeRefParam("reqCh", wrap(resources.NewInputChan(reqCh, resources.WithInputChanReadTimeout(inputChanReadTimeout)))),
		distsys.EnsureArchetypeRefParam("respCh", wrap(resources.NewOutputChan(respCh))),
		distsys.EnsureArchetypeRefParam("timeout", wrap(resources.NewInputChan(timeoutCh, resources.WithInputChanReadTimeout(inputChanReadTimeout)))))...)
	contexts = append(contexts, client)

	for _, ctx := range contexts {
		ctx := ctx
		go func() {
			if err := ctx.Run(); err != nil {
				panic(err)
			}
		}()
	}

	time.Sleep(clientStartDelay)
	deadline := time.After(30 * time.Second)
	for n := 1; n <= requests; n++ {
		req := []tla.RecordField{{Key: tla.MakeString("type"), Value: raftkvs.Get(iface)},
			{Key: tla.MakeString("key"), Value: tla.MakeString("key1")}}
		if n%2 == 1 {
			req = []tla.RecordField{{Key: tla.MakeString("type"), Value: raftkvs.Put(iface)},
				{Key: tla.MakeString("key"), Value: tla.MakeString("key1")},
				{Key: tla.MakeString("value"), Value: tla.MakeString(fmt.Sprintf("value%d", (n+1)/2))}}
		}
		select {
		case reqCh <- tla.MakeRecord(req):
		case <-deadline:
			panic("the client did not take its requests")
		}
	answered:
		for {
			select {
			case <-respCh:
				break answered
			case <-time.After(clientRequestTimeout):
				select {
				case timeoutCh <- tla.ModuleTRUE:
				case <-time.After(clientRequestTimeout):
				}
			case <-deadline:
				panic("the client's requests were not all answered")
			}
		}
	}
	time.Sleep(100 * time.Millisecond)
	recorded := order.close()
	for _, ctx := range contexts {
		ctx.Stop()
	}

	sort.SliceStable(recorded, func(a, b int) bool { return recorded[a].ticket < recorded[b].ticket })
	seq := 0
	for _, stampedEvent := range recorded {
		line, ok := render(stampedEvent.event, servers, iface)
		if !ok {
			continue
		}
		if stampedEvent.ticket < 0 {
			panic(fmt.Sprintf("a model step without a ticket: %s", line))
		}
		fmt.Printf(`{"seq":%d,%s}`+"\n", seq, line)
		seq++
	}
}

// field reads field `name` of a record.
func field(record tla.Value, name string) tla.Value {
	return record.ApplyFunction(tla.MakeString(name))
}

func number(record tla.Value, name string) int32 { return field(record, name).AsNumber() }

// requestType is "put" or "get" for a client message's command.
func requestType(cmd tla.Value) string { return field(cmd, "type").AsString() }

// render turns a committed critical section into the fields of its event after `seq` (false when
// the section is not a step of the model: the loop heads serverLoop and serverAppendEntriesLoop,
// a loop iteration that sends nothing, a commit-index step that finds nothing new).
func render(event trace.Event, servers int, iface distsys.ArchetypeInterface) (string, bool) {
	pc, ok := read(event, ".pc")
	if !ok {
		return "", false
	}
	label := pc.AsString()
	self := int(event.Self.AsNumber())
	thread := (self-1)%servers + 1
	if strings.HasPrefix(label, "AClient.") {
		thread = 0
	}
	head := func(kind string, contention bool) string {
		return fmt.Sprintf(`"thread":%d,"event":%q,"contention":%t`, thread, kind, contention)
	}
	sent, sentIndices, sends := written(event, "net")
	switch label {
	case "AServerRequestVote.serverRequestVoteLoop":
		if term, _, ok := written(event, "currentTerm"); ok {
			return head("timeout", false) + fmt.Sprintf(`,"term":%d`, term.AsNumber()), true
		}
	case "AServerRequestVote.requestVoteLoop":
		if sends {
			return head("requestVote", false) + fmt.Sprintf(`,"to":%d,"term":%d,"lastLogIndex":%d,"lastLogTerm":%d`,
				sentIndices[0].AsNumber(), number(sent, "mterm"), number(sent, "mlastLogIndex"), number(sent, "mlastLogTerm")), true
		}
	case "AServerBecomeLeader.serverBecomeLeaderLoop":
		if _, _, ok := written(event, "state"); ok {
			return head("becomeLeader", false), true
		}
	case "AServerAppendEntries.appendEntriesLoop":
		if sends {
			return head("appendEntries", false) + fmt.Sprintf(`,"to":%d,"term":%d,"prevLogIndex":%d,"prevLogTerm":%d,"entries":%d,"commitIndex":%d`,
				sentIndices[0].AsNumber(), number(sent, "mterm"), number(sent, "mprevLogIndex"), number(sent, "mprevLogTerm"),
				tla.ModuleLen(field(sent, "mentries")).AsNumber(), number(sent, "mcommitIndex")), true
		}
	case "AServerAdvanceCommitIndex.serverAdvanceCommitIndexLoop":
		target, _, ok := written(event, "newCommitIndex")
		commit, _ := read(event, "commitIndex")
		if ok && target.AsNumber() > commit.AsNumber() {
			return head("advanceCommitIndex", false) + fmt.Sprintf(`,"commitIndex":%d,"newCommitIndex":%d`,
				commit.AsNumber(), target.AsNumber()), true
		}
	case "AServerAdvanceCommitIndex.applyLoop":
		if index, _, ok := written(event, "commitIndex"); ok && sends {
			response := field(sent, "mresponse")
			return head("applyEntry", false) + fmt.Sprintf(`,"index":%d,"client":%d,"idx":%d,"type":%q`,
				index.AsNumber(), sentIndices[0].AsNumber(), number(response, "idx"), responseType(sent)), true
		}
	case "AServer.handleMsg":
		m, ok := read(event, "m")
		if !ok {
			return "", false
		}
		from := number(m, "msource")
		switch field(m, "mtype").AsString() {
		case "rvq":
			granted := sends && field(sent, "mvoteGranted").AsBool()
			return head("handleRequestVoteRequest", !granted) + fmt.Sprintf(`,"from":%d,"term":%d,"granted":%t`,
				from, number(m, "mterm"), granted), true
		case "rvp":
			granted := field(m, "mvoteGranted").AsBool()
			return head("handleRequestVoteResponse", !granted) + fmt.Sprintf(`,"from":%d,"term":%d,"granted":%t`,
				from, number(m, "mterm"), granted), true
		case "apq":
			success := sends && field(sent, "msuccess").AsBool()
			match := int32(0)
			if sends {
				match = number(sent, "mmatchIndex")
			}
			return head("handleAppendEntriesRequest", !success) + fmt.Sprintf(`,"from":%d,"term":%d,"success":%t,"matchIndex":%d`,
				from, number(m, "mterm"), success, match), true
		case "app":
			success := field(m, "msuccess").AsBool()
			return head("handleAppendEntriesResponse", !success) + fmt.Sprintf(`,"from":%d,"term":%d,"success":%t,"matchIndex":%d`,
				from, number(m, "mterm"), success, number(m, "mmatchIndex")), true
		case "cpq", "cgq":
			_, _, appended := written(event, "log")
			cmd := field(m, "mcmd")
			return head("handleClientRequest", !appended) + fmt.Sprintf(`,"from":%d,"idx":%d,"type":%q,"accepted":%t`,
				from, number(cmd, "idx"), requestType(cmd), appended), true
		}
	case "AClient.clientLoop":
		if idx, _, ok := written(event, "reqIdx"); ok {
			req, _, _ := written(event, "req")
			return head("clientRequest", false) + fmt.Sprintf(`,"idx":%d,"type":%q`, idx.AsNumber(), requestType(req)), true
		}
	case "AClient.sndReq":
		if sends {
			cmd := field(sent, "mcmd")
			return head("clientSend", false) + fmt.Sprintf(`,"to":%d,"idx":%d,"type":%q`,
				sentIndices[0].AsNumber(), number(cmd, "idx"), requestType(cmd)), true
		}
	case "AClient.rcvResp":
		if resp, _, ok := written(event, "resp"); ok {
			success := field(resp, "msuccess").AsBool()
			response := field(resp, "mresponse")
			value := "null" // a failure, or a get of an unset key (the code's Nil)
			if success {
				if v := field(response, "value"); !v.Equal(raftkvs.Nil(iface)) {
					value = fmt.Sprintf("%q", v.AsString())
				}
			}
			return head("clientReceive", !success) + fmt.Sprintf(`,"from":%d,"idx":%d,"success":%t,"value":%s`,
				number(resp, "msource"), number(response, "idx"), success, value), true
		}
		if _, _, ok := written(event, "leader"); ok {
			return head("clientTimeout", true), true
		}
	}
	return "", false
}

// responseType is "put" or "get" for a client response message.
func responseType(message tla.Value) string {
	if field(message, "mtype").AsString() == "cpp" {
		return "put"
	}
	return "get"
}
