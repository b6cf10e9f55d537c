package server

import (
	"sync"
	"time"
)

// Limit is a client's allowance of form posts: Burst at once, then one more
// every Every (a token bucket).
type Limit struct {
	Burst int
	Every time.Duration
}

// DefaultLimit lets a person send a few messages and stops a script
// flooding the store.
var DefaultLimit = Limit{Burst: 5, Every: time.Minute}

// Unlimited turns the limit off (load tests).
var Unlimited = Limit{Burst: -1}

type bucket struct {
	tokens float64
	last   time.Time
}

type limiter struct {
	limit   Limit
	mu      sync.Mutex
	buckets map[string]*bucket
	calls   int
}

func newLimiter(l Limit) *limiter { return &limiter{limit: l, buckets: map[string]*bucket{}} }

// allow takes one token from client's bucket; when there is none, it says
// how long until the next.
func (l *limiter) allow(client string, now time.Time) (bool, time.Duration) {
	return l.use(client, now, 1)
}

// check says whether client has a token left, and if not how long until
// the next, without taking one: with spend, a limit on some of a client's
// requests only (private.go: the wrong secrets, decision 0080).
func (l *limiter) check(client string, now time.Time) (bool, time.Duration) {
	return l.use(client, now, 0)
}

// spend takes one token from client's bucket, if there is one.
func (l *limiter) spend(client string, now time.Time) { l.use(client, now, 1) }

// use refills client's bucket to now and takes n tokens (0 or 1) when it
// has one; when it has none, it says how long until the next.
func (l *limiter) use(client string, now time.Time, n float64) (bool, time.Duration) {
	if l.limit.Burst < 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.calls++
	if l.calls%1024 == 0 {
		l.forget(now)
	}
	b := l.buckets[client]
	if b == nil {
		b = &bucket{tokens: float64(l.limit.Burst), last: now}
		l.buckets[client] = b
	}
	b.tokens = min(float64(l.limit.Burst), b.tokens+float64(now.Sub(b.last))/float64(l.limit.Every))
	b.last = now
	if b.tokens >= 1 {
		b.tokens -= n
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) * float64(l.limit.Every))
}

// forget drops clients whose buckets are full again, so the map stays small.
func (l *limiter) forget(now time.Time) {
	full := time.Duration(l.limit.Burst) * l.limit.Every
	for client, b := range l.buckets {
		if now.Sub(b.last) >= full {
			delete(l.buckets, client)
		}
	}
}
