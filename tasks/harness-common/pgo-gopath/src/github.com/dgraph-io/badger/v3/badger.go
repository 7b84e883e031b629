// Package badger is a stand-in, written for the SysMoBench-rs trace harnesses, for the part of
// github.com/dgraph-io/badger/v3 that PGo's distsys runtime names (distsys/resources/persistent.go,
// which declares the Persistable interface the harnesses' shared resources implement). Debian 12
// ships badger 2 only, at another import path. The harnesses never persist anything: no DB is
// ever opened, and every method reports that this stand-in stores nothing.
package badger

import "errors"

// ErrKeyNotFound is returned by Txn.Get when a key is absent, which is always the case here.
var ErrKeyNotFound = errors.New("badger stand-in: key not found")

// errNoStorage is what every write reports: the stand-in has no storage.
var errNoStorage = errors.New("badger stand-in: no storage in the trace harnesses")

// DB is a database handle; the harnesses never create one.
type DB struct{}

// Txn is a transaction.
type Txn struct{}

// Item is a key-value pair read in a transaction.
type Item struct{}

// View runs fn in a read-only transaction.
func (db *DB) View(fn func(txn *Txn) error) error { return fn(&Txn{}) }

// Update runs fn in a read-write transaction.
func (db *DB) Update(fn func(txn *Txn) error) error { return fn(&Txn{}) }

// Close releases the database.
func (db *DB) Close() error { return nil }

// Get looks a key up; nothing is ever stored.
func (txn *Txn) Get(key []byte) (*Item, error) { return nil, ErrKeyNotFound }

// Set stores a value; the stand-in cannot.
func (txn *Txn) Set(key, value []byte) error { return errNoStorage }

// Value hands the item's value to fn; there is none.
func (item *Item) Value(fn func(val []byte) error) error { return ErrKeyNotFound }
