// Trace harness of the SysMoBench-rs `etcd` task, written for SysMoBench-rs.
//
// It runs three members of one Raft group of the real etcd raft library (go.etcd.io/raft/v3,
// compiled from the fetched, unmodified upstream files) in one process, as RawNodes joined by
// an in-memory network, and prints one JSON event per line on standard output.
//
// Nothing ticks: elections start only when the scheduler calls Campaign() (MsgHup), so there
// are no heartbeats and no randomised election timeouts. A seeded scheduler picks, step by
// step, one of: deliver an in-flight message (any one, so the network reorders), drop one (the
// network loses it), propose an entry at a member, or start an election at a member that is not
// leader. After every step the acting member's Ready is handled at once, synchronously: its
// hard state and entries go to its MemoryStorage, its messages into the network, and Advance is
// called. A run is a function of its seed.
//
// Usage: etcd-trace-harness --seed S --threads N --operations K
// (N members, K proposals per member).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand"
	"os"

	"go.etcd.io/raft/v3"
	pb "go.etcd.io/raft/v3/raftpb"
)

// member is one RawNode and its storage.
type member struct {
	id      uint64
	node    *raft.RawNode
	storage *raft.MemoryStorage
}

// bootstrapStorage is a MemoryStorage whose initial configuration names every member, so that
// the log starts empty at index 1 (Bootstrap would add configuration entries to the log).
type bootstrapStorage struct {
	*raft.MemoryStorage
	voters []uint64
}

func (s bootstrapStorage) InitialState() (pb.HardState, pb.ConfState, error) {
	hs, _, err := s.MemoryStorage.InitialState()
	return hs, pb.ConfState{Voters: s.voters}, err
}

// recorder prints events with consecutive sequence numbers.
type recorder struct {
	seq int
}

type field struct {
	key   string
	value interface{}
}

func (r *recorder) emit(m *member, event string, contention bool, fields ...field) {
	status := m.node.BasicStatus()
	last, err := m.storage.LastIndex()
	if err != nil {
		panic(err)
	}
	// Keys in a fixed order: an ordered list of pairs rendered by hand. The member's state is
	// read after its Ready was handled, so last_index counts the entries just appended.
	pairs := []field{
		{"seq", r.seq}, {"thread", m.id}, {"event", event}, {"contention", contention},
	}
	pairs = append(pairs, fields...)
	pairs = append(pairs,
		field{"term", status.Term},
		field{"state", stateName(status.RaftState)},
		field{"vote", status.Vote},
		field{"lead", status.Lead},
		field{"commit", status.Commit},
		field{"last_index", last},
	)
	line := []byte{'{'}
	for i, pair := range pairs {
		if i > 0 {
			line = append(line, ',')
		}
		key, _ := json.Marshal(pair.key)
		value, err := json.Marshal(pair.value)
		if err != nil {
			panic(err)
		}
		line = append(line, key...)
		line = append(line, ':')
		line = append(line, value...)
	}
	line = append(line, '}', '\n')
	if _, err := os.Stdout.Write(line); err != nil {
		panic(err)
	}
	r.seq++
}

func stateName(state raft.StateType) string {
	switch state {
	case raft.StateFollower:
		return "Follower"
	case raft.StateCandidate:
		return "Candidate"
	case raft.StateLeader:
		return "Leader"
	case raft.StatePreCandidate:
		return "PreCandidate"
	}
	return state.String()
}

// messageFields are the fields of a message as recorded in send, receive and drop events.
func messageFields(m pb.Message) []field {
	return []field{
		{"msg_type", m.Type.String()},
		{"from", m.From},
		{"to", m.To},
		{"msg_term", m.Term},
		{"msg_index", m.Index},
		{"msg_log_term", m.LogTerm},
		{"msg_entries", len(m.Entries)},
		{"msg_commit", m.Commit},
		{"msg_reject", m.Reject},
		{"msg_reject_hint", m.RejectHint},
	}
}

type cluster struct {
	members []*member
	network []pb.Message
	rec     *recorder
}

func (c *cluster) member(id uint64) *member { return c.members[id-1] }

// handleReady persists and sends what the member's last step produced, as a real server
// does, before the scheduler takes another step. It returns the messages sent, which are
// recorded after the step itself.
func (c *cluster) handleReady(m *member) []pb.Message {
	var sent []pb.Message
	for m.node.HasReady() {
		rd := m.node.Ready()
		if !raft.IsEmptyHardState(rd.HardState) {
			if err := m.storage.SetHardState(rd.HardState); err != nil {
				panic(err)
			}
		}
		if err := m.storage.Append(rd.Entries); err != nil {
			panic(err)
		}
		for _, msg := range rd.Messages {
			if msg.To == m.id {
				continue
			}
			c.network = append(c.network, msg)
			sent = append(sent, msg)
		}
		m.node.Advance(rd)
	}
	return sent
}

// record records a step of member m, then the messages it sent.
func (c *cluster) record(m *member, sent []pb.Message, event string, contention bool, fields ...field) {
	c.rec.emit(m, event, contention, fields...)
	for _, msg := range sent {
		c.rec.emit(m, "send", false, messageFields(msg)...)
	}
}

func (c *cluster) leader() *member {
	for _, m := range c.members {
		if m.node.BasicStatus().RaftState == raft.StateLeader {
			return m
		}
	}
	return nil
}

func main() {
	seed := flag.Int64("seed", 1, "seed of the scheduler")
	threads := flag.Int("threads", 3, "members of the group")
	operations := flag.Int("operations", 4, "proposals per member")
	flag.Parse()
	if *threads < 1 || *operations < 0 {
		fmt.Fprintln(os.Stderr, "--threads must be at least 1 and --operations at least 0")
		os.Exit(2)
	}

	logger := &raft.DefaultLogger{Logger: log.New(io.Discard, "", 0)}
	voters := make([]uint64, *threads)
	for i := range voters {
		voters[i] = uint64(i + 1)
	}
	c := &cluster{rec: &recorder{}}
	for _, id := range voters {
		storage := raft.NewMemoryStorage()
		node, err := raft.NewRawNode(&raft.Config{
			ID:                        id,
			ElectionTick:              10,
			HeartbeatTick:             1,
			Storage:                   bootstrapStorage{storage, voters},
			MaxSizePerMsg:             1, // one entry per MsgApp
			MaxInflightMsgs:           256,
			DisableProposalForwarding: true,
			Logger:                    logger,
		})
		if err != nil {
			panic(err)
		}
		c.members = append(c.members, &member{id: id, node: node, storage: storage})
	}

	rng := rand.New(rand.NewSource(*seed))
	proposalsLeft := make([]int, *threads)
	for i := range proposalsLeft {
		proposalsLeft[i] = *operations
	}
	remaining := func() int {
		sum := 0
		for _, n := range proposalsLeft {
			sum += n
		}
		return sum
	}
	campaignsLeft := *threads + 1
	const maxSteps = 5000
	for step := 0; step < maxSteps; step++ {
		leader := c.leader()
		if len(c.network) == 0 && remaining() == 0 {
			break
		}
		if len(c.network) == 0 && leader == nil && campaignsLeft == 0 {
			campaignsLeft = 1 // nothing else can happen: one more election
		}
		weightDeliver, weightDrop, weightPropose, weightCampaign := 0, 0, 0, 0
		if len(c.network) > 0 {
			weightDeliver, weightDrop = 20, 2
		}
		if remaining() > 0 {
			weightPropose = 4
		}
		if campaignsLeft > 0 {
			if leader == nil {
				weightCampaign = 3
			} else {
				weightCampaign = 1
			}
		}
		total := weightDeliver + weightDrop + weightPropose + weightCampaign
		if total == 0 {
			break
		}
		pick := rng.Intn(total)
		switch {
		case pick < weightDeliver:
			idx := rng.Intn(len(c.network))
			msg := c.network[idx]
			c.network = append(c.network[:idx], c.network[idx+1:]...)
			to := c.member(msg.To)
			stale := msg.Term < to.node.BasicStatus().Term
			if err := to.node.Step(msg); err != nil {
				panic(err)
			}
			outcome := "handled"
			if stale {
				outcome = "stale"
			}
			fields := append(messageFields(msg), field{"outcome", outcome})
			c.record(to, c.handleReady(to), "receive", stale || msg.Reject, fields...)
		case pick < weightDeliver+weightDrop:
			idx := rng.Intn(len(c.network))
			msg := c.network[idx]
			c.network = append(c.network[:idx], c.network[idx+1:]...)
			c.rec.emit(c.member(msg.To), "drop", true, messageFields(msg)...)
		case pick < weightDeliver+weightDrop+weightPropose:
			// Mostly at the leader; sometimes at a member that is not (the proposal is dropped).
			var candidates []*member
			for _, m := range c.members {
				if proposalsLeft[m.id-1] > 0 {
					candidates = append(candidates, m)
				}
			}
			m := candidates[rng.Intn(len(candidates))]
			if leader != nil && proposalsLeft[leader.id-1] > 0 && rng.Intn(4) != 0 {
				m = leader
			}
			proposalsLeft[m.id-1]--
			data := []byte(fmt.Sprintf("v%d-%d", m.id, proposalsLeft[m.id-1]))
			err := m.node.Propose(data)
			outcome := "accepted"
			if err == raft.ErrProposalDropped {
				outcome = "dropped"
			} else if err != nil {
				panic(err)
			}
			c.record(m, c.handleReady(m), "propose", outcome == "dropped", field{"outcome", outcome})
		default:
			var candidates []*member
			for _, m := range c.members {
				if m.node.BasicStatus().RaftState != raft.StateLeader {
					candidates = append(candidates, m)
				}
			}
			m := candidates[rng.Intn(len(candidates))]
			campaignsLeft--
			if err := m.node.Campaign(); err != nil {
				panic(err)
			}
			c.record(m, c.handleReady(m), "campaign", false)
		}
	}
}
