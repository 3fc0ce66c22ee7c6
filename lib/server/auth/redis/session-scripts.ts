// Lua run inside Redis, so each session operation is one atomic step across every replica (no
// read-modify-write between them). Key names are built from a prefix passed in ARGV[1]: an entry is
// <P>e:<browser digest>:<cluster>, a hash with c (cluster), u (user JSON), t (sealed token), cr/ls/ex
// (created, last use, absolute expiry, ms) and ui (its per-user index); <P>b:<browser digest> is the set of
// the browser's clusters; the per-user index is a sorted set of entry keys by creation. Every key has a
// TTL. Scripts touch keys they derive (a single Redis or a primary with replicas; not Redis Cluster).

const COMMON = `
local P = ARGV[1]
local function ekey(b, c) return P .. 'e:' .. b .. ':' .. c end
local function bkey(b) return P .. 'b:' .. b end
local function drop(k, ui) redis.call('DEL', k); if ui then redis.call('ZREM', ui, k) end end
`;

/**
 * ARGV: P, old browser ('' = none), new browser, cluster, user index, c, u, t, now, ttl, idle, max, then per entry
 * carried over from the old browser (cluster key, its sealed token as read, the token sealed anew for the new
 * browser) → entries ended by the cap. An old entry moves only if its token is still the one the client opened
 * (sealed tokens are bound to the browser, so moving one means sealing it again); every other is dropped.
 */
export const SIGN_IN = `${COMMON}
local old, new, ce, ui = ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local now, ttl, idle, max = tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11]), tonumber(ARGV[12])
local carry = {}
for i = 13, #ARGV, 3 do carry[ARGV[i]] = { ARGV[i + 1], ARGV[i + 2] } end
if old ~= '' then
  for _, c in ipairs(redis.call('SMEMBERS', bkey(old))) do
    local k = ekey(old, c)
    local h = redis.call('HMGET', k, 'ui', 't')
    local oui, move = h[1], carry[c]
    if oui then
      if c ~= ce and move and move[1] == h[2] then
        local nk = ekey(new, c)
        local score = redis.call('ZSCORE', oui, k)
        redis.call('RENAME', k, nk)
        redis.call('HSET', nk, 't', move[2])
        redis.call('ZREM', oui, k)
        if score then redis.call('ZADD', oui, score, nk) end
        redis.call('SADD', bkey(new), c)
      else
        drop(k, oui)
      end
    end
  end
  redis.call('DEL', bkey(old))
end
local k = ekey(new, ce)
redis.call('HSET', k, 'c', ARGV[6], 'u', ARGV[7], 't', ARGV[8], 'cr', now, 'ls', now, 'ex', now + ttl, 'ui', ui)
redis.call('PEXPIRE', k, math.min(ttl, idle))
redis.call('SADD', bkey(new), ce)
redis.call('PEXPIRE', bkey(new), ttl)
redis.call('ZADD', ui, now, k)
for _, m in ipairs(redis.call('ZRANGE', ui, 0, -1)) do
  if redis.call('EXISTS', m) == 0 then redis.call('ZREM', ui, m) end
end
local n, ended = redis.call('ZCARD', ui), 0
if n > max then
  for _, m in ipairs(redis.call('ZRANGE', ui, 0, n - max - 1)) do
    drop(m, ui)
    ended = ended + 1
  end
end
redis.call('PEXPIRE', ui, ttl)
return ended
`;

// One entry as returned to the client: {cluster-key, c, u, t, cr, ls, ex}, or dropped when no longer alive.
const ENTRY = `
local function alive(k, ce, now, idle, use)
  local h = redis.call('HMGET', k, 'c', 'u', 't', 'cr', 'ls', 'ex', 'ui')
  if not h[1] then return nil end
  local ls, ex = tonumber(h[5]), tonumber(h[6])
  if not ls or not ex or now >= ex or now - ls >= idle then drop(k, h[7]); return nil end
  if use then
    redis.call('HSET', k, 'ls', now)
    redis.call('PEXPIRE', k, math.min(ex - now, idle))
    h[5] = tostring(now)
  end
  return {ce, h[1], h[2], h[3], h[4], h[5], h[6]}
end
`;

/** ARGV: P, browser, cluster, now, idle, use ('1') → entry or nil */
export const GET = `${COMMON}${ENTRY}
return alive(ekey(ARGV[2], ARGV[3]), ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), ARGV[6] == '1')
`;

/** ARGV: P, browser, now, idle, use ('1') → every live entry of the browser (dead ones are cleaned up) */
export const LIST = `${COMMON}${ENTRY}
local out = {}
for _, c in ipairs(redis.call('SMEMBERS', bkey(ARGV[2]))) do
  local e = alive(ekey(ARGV[2], c), c, tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5] == '1')
  if e then table.insert(out, e) else redis.call('SREM', bkey(ARGV[2]), c) end
end
return out
`;

/** ARGV: P, browser, cluster ('' = all of the browser's) */
export const END = `${COMMON}
for _, c in ipairs(redis.call('SMEMBERS', bkey(ARGV[2]))) do
  if ARGV[3] == '' or ARGV[3] == c then
    local k = ekey(ARGV[2], c)
    drop(k, redis.call('HGET', k, 'ui'))
    redis.call('SREM', bkey(ARGV[2]), c)
  end
end
`;

/** ARGV: P, browser, cluster, created: ends that entry only if it is still the same sign-in */
export const END_SESSION = `${COMMON}
local k = ekey(ARGV[2], ARGV[3])
local h = redis.call('HMGET', k, 'cr', 'ui')
if h[1] == ARGV[4] then drop(k, h[2]); redis.call('SREM', bkey(ARGV[2]), ARGV[3]) end
`;

/** ARGV: P, browser, cluster, sealed token: drops an entry whose token did not open, if it still holds that token */
export const DROP_SEALED = `${COMMON}
local k = ekey(ARGV[2], ARGV[3])
local h = redis.call('HMGET', k, 't', 'ui')
if h[1] == ARGV[4] then drop(k, h[2]); redis.call('SREM', bkey(ARGV[2]), ARGV[3]) end
`;
