// Package immutable is a small stand-in, written for the SysMoBench-rs trace harnesses, for the
// generic API of github.com/benbjohnson/immutable v0.4 that PGo's distsys runtime imports
// (Debian 12 ships only the pre-generics 0.2.0). It provides the types and methods distsys
// uses, with the same meaning: persistent maps keyed through a Hasher, persistent lists, their
// iterators and builders. Every update copies, which is fine for the handful of small values a
// harness run creates; iteration follows insertion order, so runs are reproducible.
package immutable

// Hasher compares and hashes keys of a Map.
type Hasher[K any] interface {
	Hash(key K) uint32
	Equal(a, b K) bool
}

type mapEntry[K any, V any] struct {
	key   K
	value V
}

// Map is a persistent map: Set and Delete return a new map and leave the receiver unchanged.
type Map[K any, V any] struct {
	hasher  Hasher[K]
	entries []mapEntry[K, V]
}

// NewMap returns an empty map whose keys are compared by hasher.
func NewMap[K any, V any](hasher Hasher[K]) *Map[K, V] {
	return &Map[K, V]{hasher: hasher}
}

// Len returns the number of entries.
func (m *Map[K, V]) Len() int {
	if m == nil {
		return 0
	}
	return len(m.entries)
}

func (m *Map[K, V]) index(key K) int {
	if m == nil {
		return -1
	}
	hash := m.hasher.Hash(key)
	for i := range m.entries {
		candidate := m.entries[i].key
		if m.hasher.Hash(candidate) == hash && m.hasher.Equal(candidate, key) {
			return i
		}
	}
	return -1
}

// Get returns the value of key and whether it is present.
func (m *Map[K, V]) Get(key K) (value V, ok bool) {
	if i := m.index(key); i >= 0 {
		return m.entries[i].value, true
	}
	return value, false
}

func (m *Map[K, V]) copied() *Map[K, V] {
	entries := make([]mapEntry[K, V], len(m.entries), len(m.entries)+1)
	copy(entries, m.entries)
	return &Map[K, V]{hasher: m.hasher, entries: entries}
}

// Set returns a map with key bound to value.
func (m *Map[K, V]) Set(key K, value V) *Map[K, V] {
	result := m.copied()
	if i := result.index(key); i >= 0 {
		result.entries[i].value = value
	} else {
		result.entries = append(result.entries, mapEntry[K, V]{key, value})
	}
	return result
}

// Delete returns a map without key.
func (m *Map[K, V]) Delete(key K) *Map[K, V] {
	i := m.index(key)
	if i < 0 {
		return m
	}
	result := m.copied()
	result.entries = append(result.entries[:i], result.entries[i+1:]...)
	return result
}

// Iterator returns an iterator over the entries, in insertion order.
func (m *Map[K, V]) Iterator() *MapIterator[K, V] {
	return &MapIterator[K, V]{m: m}
}

// MapIterator walks the entries of a Map.
type MapIterator[K any, V any] struct {
	m        *Map[K, V]
	position int
}

// Done reports whether every entry has been returned.
func (it *MapIterator[K, V]) Done() bool { return it.position >= it.m.Len() }

// First moves back to the first entry.
func (it *MapIterator[K, V]) First() { it.position = 0 }

// Next returns the next entry; ok is false when there is none.
func (it *MapIterator[K, V]) Next() (key K, value V, ok bool) {
	if it.Done() {
		return key, value, false
	}
	entry := it.m.entries[it.position]
	it.position++
	return entry.key, entry.value, true
}

// MapBuilder builds a Map in place; Map hands the result over and ends the builder.
type MapBuilder[K any, V any] struct {
	m *Map[K, V]
}

// NewMapBuilder returns a builder of an empty map whose keys are compared by hasher.
func NewMapBuilder[K any, V any](hasher Hasher[K]) *MapBuilder[K, V] {
	return &MapBuilder[K, V]{m: NewMap[K, V](hasher)}
}

// Get returns the value of key in the map built so far.
func (b *MapBuilder[K, V]) Get(key K) (V, bool) { return b.m.Get(key) }

// Len returns the number of entries so far.
func (b *MapBuilder[K, V]) Len() int { return b.m.Len() }

// Set binds key to value.
func (b *MapBuilder[K, V]) Set(key K, value V) {
	if i := b.m.index(key); i >= 0 {
		b.m.entries[i].value = value
	} else {
		b.m.entries = append(b.m.entries, mapEntry[K, V]{key, value})
	}
}

// Delete removes key.
func (b *MapBuilder[K, V]) Delete(key K) {
	if i := b.m.index(key); i >= 0 {
		b.m.entries = append(b.m.entries[:i], b.m.entries[i+1:]...)
	}
}

// Iterator iterates over the entries so far.
func (b *MapBuilder[K, V]) Iterator() *MapIterator[K, V] { return b.m.Copy().Iterator() }

// Map returns the built map; the builder must not be used afterwards.
func (b *MapBuilder[K, V]) Map() *Map[K, V] {
	result := b.m
	b.m = nil
	return result
}

// Copy returns a map with the same entries that shares nothing with the receiver.
func (m *Map[K, V]) Copy() *Map[K, V] { return m.copied() }

// List is a persistent list: updates return a new list and leave the receiver unchanged.
type List[T any] struct {
	items []T
}

// NewList returns a list of values.
func NewList[T any](values ...T) *List[T] {
	items := make([]T, len(values))
	copy(items, values)
	return &List[T]{items: items}
}

// Len returns the number of elements.
func (l *List[T]) Len() int {
	if l == nil {
		return 0
	}
	return len(l.items)
}

// Get returns the element at index (from 0); it panics out of range.
func (l *List[T]) Get(index int) T { return l.items[index] }

// Set returns a list with the element at index replaced.
func (l *List[T]) Set(index int, value T) *List[T] {
	result := NewList(l.items...)
	result.items[index] = value
	return result
}

// Append returns a list with value added at the end.
func (l *List[T]) Append(value T) *List[T] {
	result := NewList(l.items...)
	result.items = append(result.items, value)
	return result
}

// Prepend returns a list with value added at the front.
func (l *List[T]) Prepend(value T) *List[T] {
	return &List[T]{items: append([]T{value}, l.items...)}
}

// Slice returns the elements from start up to (not including) end.
func (l *List[T]) Slice(start, end int) *List[T] { return NewList(l.items[start:end]...) }

// Iterator returns an iterator over the elements, from the first.
func (l *List[T]) Iterator() *ListIterator[T] { return &ListIterator[T]{l: l} }

// ListIterator walks the elements of a List.
type ListIterator[T any] struct {
	l        *List[T]
	position int
}

// Done reports whether every element has been returned.
func (it *ListIterator[T]) Done() bool { return it.position >= it.l.Len() }

// First moves back to the first element.
func (it *ListIterator[T]) First() { it.position = 0 }

// Seek moves to the element at index.
func (it *ListIterator[T]) Seek(index int) { it.position = index }

// Next returns the next element and its index.
func (it *ListIterator[T]) Next() (index int, value T) {
	if it.Done() {
		return -1, value
	}
	index = it.position
	it.position++
	return index, it.l.items[index]
}

// ListBuilder builds a List in place; List hands the result over and ends the builder.
type ListBuilder[T any] struct {
	l *List[T]
}

// NewListBuilder returns a builder of an empty list.
func NewListBuilder[T any]() *ListBuilder[T] { return &ListBuilder[T]{l: NewList[T]()} }

// Len returns the number of elements so far.
func (b *ListBuilder[T]) Len() int { return b.l.Len() }

// Get returns the element at index.
func (b *ListBuilder[T]) Get(index int) T { return b.l.items[index] }

// Set replaces the element at index.
func (b *ListBuilder[T]) Set(index int, value T) { b.l.items[index] = value }

// Append adds value at the end.
func (b *ListBuilder[T]) Append(value T) { b.l.items = append(b.l.items, value) }

// Prepend adds value at the front.
func (b *ListBuilder[T]) Prepend(value T) { b.l.items = append([]T{value}, b.l.items...) }

// List returns the built list; the builder must not be used afterwards.
func (b *ListBuilder[T]) List() *List[T] {
	result := b.l
	b.l = nil
	return result
}
