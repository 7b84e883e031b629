/*
 * The in-process cluster of the `redisraft` trace harness, written for SysMoBench-rs.
 *
 * Why it exists: the library under test (deps/raft of RedisRaft, compiled unmodified next to
 * this file by build.rs) does no IO; it is driven by calls (raft_periodic_internal,
 * raft_recv_entry, raft_recv_*) and answers through callbacks. This file is the application
 * side: three raft_server_t in one process, the callbacks that put every message the library
 * sends into one in-memory network, and a small flat API (plain int64 structs) through which
 * the Rust scheduler (main.rs) picks what happens next and reads what happened.
 *
 * Everything is single-threaded and deterministic: the library's only randomness is rand()
 * (randomized election timeouts, entry ids), seeded by cluster_init.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "raft.h"
#include "raft_private.h"

#define CLUSTER_MAX_NODES 3
#define CLUSTER_MAX_ENTRIES 64
#define CLUSTER_MAX_LOG 64
#define CLUSTER_MAX_MESSAGES 4096
#define CLUSTER_MAX_JOURNAL 4096

enum {
    MESSAGE_REQUEST_VOTE = 1,
    MESSAGE_REQUEST_VOTE_RESPONSE = 2,
    MESSAGE_APPEND_ENTRIES = 3,
    MESSAGE_APPEND_ENTRIES_RESPONSE = 4,
};

/* A message as the scheduler sees it (field meanings per type in the task README). */
typedef struct {
    int64_t type;
    int64_t from;
    int64_t to;
    int64_t term;
    int64_t prevote;
    int64_t request_term;
    int64_t index;
    int64_t log_term;
    int64_t commit;
    int64_t success;
    int64_t msg_id;
    int64_t n_entries;
    int64_t entry_terms[CLUSTER_MAX_ENTRIES];
} cluster_message_t;

/* A server's state as the scheduler sees it (node ids 1..3, 0 for none). */
typedef struct {
    int64_t term;
    int64_t state;
    int64_t voted_for;
    int64_t leader;
    int64_t commit;
    int64_t last_index;
    int64_t log_terms[CLUSTER_MAX_LOG];
} cluster_node_view_t;

typedef struct {
    cluster_message_t view;
    raft_entry_t **entries; /* our own references to copies of the entries of an AppendEntries */
} in_flight_t;

static raft_server_t *servers[CLUSTER_MAX_NODES];
static int server_ids[CLUSTER_MAX_NODES];
static int node_count;

static in_flight_t network[CLUSTER_MAX_MESSAGES];
static int network_length;

/* Every message put into the network, in order, for `send` events. */
static cluster_message_t journal[CLUSTER_MAX_JOURNAL];
static int journal_length;
static int overflowed;

static void enqueue(cluster_message_t *view, raft_entry_t **entries)
{
    if (network_length >= CLUSTER_MAX_MESSAGES || journal_length >= CLUSTER_MAX_JOURNAL) {
        overflowed = 1;
        if (entries != NULL) {
            raft_entry_release_list(entries, (size_t) view->n_entries);
        }
        return;
    }
    network[network_length].view = *view;
    network[network_length].entries = entries;
    network_length++;
    journal[journal_length++] = *view;
}

static int callback_send_requestvote(raft_server_t *raft, void *user_data, raft_node_t *node,
                                     raft_requestvote_req_t *msg)
{
    cluster_message_t view;
    memset(&view, 0, sizeof(view));
    view.type = MESSAGE_REQUEST_VOTE;
    view.from = (int64_t) (intptr_t) user_data;
    view.to = raft_node_get_id(node);
    view.term = msg->term;
    view.prevote = msg->prevote;
    view.index = msg->last_log_idx;
    view.log_term = msg->last_log_term;
    (void) raft;
    enqueue(&view, NULL);
    return 0;
}

static int callback_send_appendentries(raft_server_t *raft, void *user_data, raft_node_t *node,
                                       raft_appendentries_req_t *msg)
{
    cluster_message_t view;
    memset(&view, 0, sizeof(view));
    view.type = MESSAGE_APPEND_ENTRIES;
    view.from = (int64_t) (intptr_t) user_data;
    view.to = raft_node_get_id(node);
    view.term = msg->term;
    view.index = msg->prev_log_idx;
    view.log_term = msg->prev_log_term;
    view.commit = msg->leader_commit;
    view.msg_id = (int64_t) msg->msg_id;
    view.n_entries = msg->n_entries;
    raft_entry_t **copies = NULL;
    if (msg->n_entries > 0) {
        if (msg->n_entries > CLUSTER_MAX_ENTRIES) {
            overflowed = 1;
            return 0;
        }
        copies = calloc((size_t) msg->n_entries, sizeof(*copies));
        for (raft_index_t i = 0; i < msg->n_entries; i++) {
            raft_entry_t *original = msg->entries[i];
            raft_entry_t *copy = raft_entry_new(original->data_len);
            copy->term = original->term;
            copy->id = original->id;
            copy->session = original->session;
            copy->type = original->type;
            memcpy(copy->data, original->data, original->data_len);
            copies[i] = copy;
            view.entry_terms[i] = original->term;
        }
    }
    (void) raft;
    enqueue(&view, copies);
    return 0;
}

static int callback_persist_metadata(raft_server_t *raft, void *user_data, raft_term_t term,
                                     raft_node_id_t vote)
{
    (void) raft;
    (void) user_data;
    (void) term;
    (void) vote;
    return 0;
}

static int callback_applylog(raft_server_t *raft, void *user_data, raft_entry_t *entry,
                             raft_index_t entry_idx)
{
    (void) raft;
    (void) user_data;
    (void) entry;
    (void) entry_idx;
    return 0;
}

static int index_of(int64_t id)
{
    for (int i = 0; i < node_count; i++) {
        if (server_ids[i] == id) {
            return i;
        }
    }
    return -1;
}

/* Creates `nodes` servers with ids 1..nodes, each knowing all of them as voters. */
int cluster_init(uint64_t seed, int nodes)
{
    if (nodes < 1 || nodes > CLUSTER_MAX_NODES) {
        return -1;
    }
    srand((unsigned int) seed);
    node_count = nodes;
    raft_cbs_t callbacks;
    memset(&callbacks, 0, sizeof(callbacks));
    callbacks.send_requestvote = callback_send_requestvote;
    callbacks.send_appendentries = callback_send_appendentries;
    callbacks.persist_metadata = callback_persist_metadata;
    callbacks.applylog = callback_applylog;
    for (int i = 0; i < nodes; i++) {
        server_ids[i] = i + 1;
        servers[i] = raft_new();
        if (servers[i] == NULL) {
            return -1;
        }
        raft_set_callbacks(servers[i], &callbacks, (void *) (intptr_t) (i + 1));
        for (int j = 0; j < nodes; j++) {
            if (raft_add_node(servers[i], NULL, j + 1, i == j) == NULL) {
                return -1;
            }
        }
    }
    return 0;
}

/* raft_periodic with `msec` milliseconds passed at node `id`. */
int cluster_periodic(int64_t id, int64_t msec)
{
    int i = index_of(id);
    if (i < 0) {
        return -1;
    }
    return raft_periodic_internal(servers[i], (raft_time_t) msec);
}

/* raft_recv_entry of one normal entry at node `id`; RAFT_ERR_NOT_LEADER at a non-leader. */
int cluster_client_entry(int64_t id)
{
    int i = index_of(id);
    if (i < 0) {
        return -1;
    }
    raft_entry_t *entry = raft_entry_new(0);
    entry->type = RAFT_LOGTYPE_NORMAL;
    raft_entry_resp_t response;
    int e = raft_recv_entry(servers[i], entry, &response);
    raft_entry_release(entry);
    return e;
}

int cluster_network_length(void)
{
    return network_length;
}

/* Copies the `position`-th message in flight. */
int cluster_network_get(int position, cluster_message_t *out)
{
    if (position < 0 || position >= network_length) {
        return -1;
    }
    *out = network[position].view;
    return 0;
}

static in_flight_t take(int position)
{
    in_flight_t message = network[position];
    memmove(&network[position], &network[position + 1],
            sizeof(*network) * (size_t) (network_length - position - 1));
    network_length--;
    return message;
}

/* The network loses the `position`-th message in flight. */
int cluster_drop(int position)
{
    if (position < 0 || position >= network_length) {
        return -1;
    }
    in_flight_t message = take(position);
    if (message.entries != NULL) {
        raft_entry_release_list(message.entries, (size_t) message.view.n_entries);
    }
    return 0;
}

/* Delivers the `position`-th message in flight to its receiver (raft_recv_*); a request's
 * response goes into the network. Returns the library's result. */
int cluster_deliver(int position)
{
    if (position < 0 || position >= network_length) {
        return -1;
    }
    in_flight_t message = take(position);
    cluster_message_t *view = &message.view;
    int receiver = index_of(view->to);
    if (receiver < 0) {
        return -1;
    }
    raft_server_t *me = servers[receiver];
    raft_node_t *sender = raft_get_node(me, (raft_node_id_t) view->from);
    int e = 0;
    cluster_message_t reply;
    memset(&reply, 0, sizeof(reply));
    reply.from = view->to;
    reply.to = view->from;
    switch (view->type) {
    case MESSAGE_REQUEST_VOTE: {
        raft_requestvote_req_t request = {
            .prevote = (int) view->prevote,
            .term = view->term,
            .candidate_id = (raft_node_id_t) view->from,
            .last_log_idx = view->index,
            .last_log_term = view->log_term,
        };
        raft_requestvote_resp_t response;
        memset(&response, 0, sizeof(response));
        e = raft_recv_requestvote(me, sender, &request, &response);
        reply.type = MESSAGE_REQUEST_VOTE_RESPONSE;
        reply.term = response.term;
        reply.prevote = response.prevote;
        reply.request_term = response.request_term;
        reply.success = response.vote_granted;
        enqueue(&reply, NULL);
        break;
    }
    case MESSAGE_REQUEST_VOTE_RESPONSE: {
        raft_requestvote_resp_t response = {
            .prevote = (int) view->prevote,
            .request_term = view->request_term,
            .term = view->term,
            .vote_granted = (int) view->success,
        };
        e = raft_recv_requestvote_response(me, sender, &response);
        break;
    }
    case MESSAGE_APPEND_ENTRIES: {
        raft_appendentries_req_t request = {
            .leader_id = (raft_node_id_t) view->from,
            .msg_id = (raft_msg_id_t) view->msg_id,
            .term = view->term,
            .prev_log_idx = view->index,
            .prev_log_term = view->log_term,
            .leader_commit = view->commit,
            .n_entries = view->n_entries,
            .entries = message.entries,
        };
        raft_appendentries_resp_t response;
        memset(&response, 0, sizeof(response));
        e = raft_recv_appendentries(me, sender, &request, &response);
        reply.type = MESSAGE_APPEND_ENTRIES_RESPONSE;
        reply.term = response.term;
        reply.success = response.success;
        reply.index = response.current_idx;
        reply.msg_id = (int64_t) response.msg_id;
        enqueue(&reply, NULL);
        break;
    }
    case MESSAGE_APPEND_ENTRIES_RESPONSE: {
        raft_appendentries_resp_t response = {
            .msg_id = (raft_msg_id_t) view->msg_id,
            .term = view->term,
            .success = (int) view->success,
            .current_idx = view->index,
        };
        e = raft_recv_appendentries_response(me, sender, &response);
        break;
    }
    default:
        e = -1;
    }
    if (message.entries != NULL) {
        raft_entry_release_list(message.entries, (size_t) view->n_entries);
    }
    return e;
}

/* How many messages were ever put into the network (the journal's length). */
int cluster_journal_length(void)
{
    return journal_length;
}

int cluster_journal_get(int position, cluster_message_t *out)
{
    if (position < 0 || position >= journal_length) {
        return -1;
    }
    *out = journal[position];
    return 0;
}

/* Whether a fixed capacity (network, journal, entries per message) was ever exceeded. */
int cluster_overflowed(void)
{
    return overflowed;
}

static int64_t node_id_or_zero(raft_node_id_t id)
{
    return id == RAFT_NODE_ID_NONE ? 0 : (int64_t) id;
}

int cluster_node_view(int64_t id, cluster_node_view_t *out)
{
    int i = index_of(id);
    if (i < 0) {
        return -1;
    }
    raft_server_t *me = servers[i];
    memset(out, 0, sizeof(*out));
    out->term = raft_get_current_term(me);
    out->state = raft_get_state(me);
    out->voted_for = node_id_or_zero(raft_get_voted_for(me));
    out->leader = node_id_or_zero(raft_get_leader_id(me));
    out->commit = raft_get_commit_idx(me);
    out->last_index = raft_get_current_idx(me);
    if (out->last_index > CLUSTER_MAX_LOG) {
        overflowed = 1;
        return -1;
    }
    for (raft_index_t idx = 1; idx <= out->last_index; idx++) {
        raft_entry_t *entry = raft_get_entry_from_idx(me, idx);
        if (entry != NULL) {
            out->log_terms[idx - 1] = entry->term;
            raft_entry_release(entry);
        }
    }
    return 0;
}
