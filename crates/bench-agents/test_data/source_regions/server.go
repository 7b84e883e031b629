package raft

import "fmt"

// state of a node
type raft struct {
	term uint64
}

// becomeLeader makes r the leader.
func (r *raft) becomeLeader() {
	s := `raw { string`
	c := '}'
	fmt.Println(s, c)
}

var hook = func() { fmt.Println("{") }

/* comment { */
func stepFollower(r *raft, m string) error {
	if m == "}" {
		return nil
	}
	return nil
}
