package ratelimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis keeps each key's events in a sorted set scored by unix milliseconds,
// under prefix + bucket + ":" + key. A set expires one window after its
// newest event, so Redis needs no sweep.
type Redis struct {
	c      *redis.Client
	prefix string
}

// OpenRedis connects to url (redis://[user:pass@]host:port/db, rediss:// for
// TLS) and checks that it answers.
func OpenRedis(ctx context.Context, url string) (*Redis, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("EFIR_REDIS_URL: %w", err)
	}
	// A limit check is on the path of a sign-in: a Redis that hangs must
	// fail the request quickly rather than hold it.
	opt.DialTimeout, opt.ReadTimeout, opt.WriteTimeout = 2*time.Second, time.Second, time.Second
	c := redis.NewClient(opt)
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := c.Ping(pctx).Err(); err != nil {
		c.Close()
		return nil, fmt.Errorf("redis %s: %w", opt.Addr, err)
	}
	return NewRedis(c, "efir:rl:"), nil
}

// NewRedis makes limiters on client c whose keys start with prefix.
func NewRedis(c *redis.Client, prefix string) *Redis { return &Redis{c: c, prefix: prefix} }

// Close closes the client.
func (r *Redis) Close() error { return r.c.Close() }

// Limiter makes the limiter of one rule (a Factory).
func (r *Redis) Limiter(bucket string, max int, window time.Duration) Limiter {
	return &redisLimiter{r: r, rule: newRule(bucket, max, window)}
}

type redisLimiter struct {
	r *Redis
	rule
}

func (l *redisLimiter) key(key string) string { return l.r.prefix + l.bucket + ":" + key }

func (l *redisLimiter) Wait(ctx context.Context, key string, now time.Time) (time.Duration, error) {
	// As in the database: the max-th newest live event, if any.
	zs, err := l.r.c.ZRevRangeByScoreWithScores(ctx, l.key(key), &redis.ZRangeBy{
		Max: "+inf", Min: "(" + strconv.FormatInt(l.cutoff(now), 10), Offset: int64(l.max - 1), Count: 1,
	}).Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		return 0, fmt.Errorf("rate limit %s: %w", l.bucket, err)
	}
	if len(zs) == 0 {
		return 0, nil
	}
	return l.waitFor(int64(zs[0].Score), now), nil
}

func (l *redisLimiter) Add(ctx context.Context, key string, now time.Time) error {
	k := l.key(key)
	member := eventMember(now)
	_, err := l.r.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.ZRemRangeByScore(ctx, k, "-inf", strconv.FormatInt(l.cutoff(now), 10))
		p.ZAdd(ctx, k, redis.Z{Score: float64(now.UnixMilli()), Member: member})
		p.PExpire(ctx, k, l.window)
		return nil
	})
	if err != nil {
		return fmt.Errorf("rate limit %s: %w", l.bucket, err)
	}
	return nil
}

// takeScript is Take in one step on the server (a script runs alone): drop
// the key's old events; when max remain, answer the score of the max-th
// newest; otherwise add the event and answer -1.
// KEYS[1] the set; ARGV cutoff, now (ms), member, max, window (ms).
var takeScript = redis.NewScript(`
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local max = tonumber(ARGV[4])
local n = redis.call('ZCARD', KEYS[1])
if n >= max then
	local e = redis.call('ZRANGE', KEYS[1], n - max, n - max, 'WITHSCORES')
	return tonumber(e[2])
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return -1
`)

func (l *redisLimiter) Take(ctx context.Context, key string, now time.Time) (time.Duration, error) {
	at, err := takeScript.Run(ctx, l.r.c, []string{l.key(key)}, l.cutoff(now), now.UnixMilli(), eventMember(now),
		l.max, l.window.Milliseconds()).Int64()
	if err != nil {
		return 0, fmt.Errorf("rate limit %s: %w", l.bucket, err)
	}
	if at < 0 {
		return 0, nil
	}
	return max(l.waitFor(at, now), time.Millisecond), nil
}

// eventMember names one event in a set: members must differ for events of
// the same millisecond.
func eventMember(now time.Time) string {
	var nonce [8]byte
	_, _ = rand.Read(nonce[:])
	return strconv.FormatInt(now.UnixMilli(), 10) + "-" + hex.EncodeToString(nonce[:])
}

func (l *redisLimiter) Reset(ctx context.Context, key string) error {
	if err := l.r.c.Del(ctx, l.key(key)).Err(); err != nil {
		return fmt.Errorf("rate limit %s: %w", l.bucket, err)
	}
	return nil
}
