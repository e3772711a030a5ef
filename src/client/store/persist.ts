/** Session data kept in the browser (the spec's list); logout clears it all. */
export type PersistKey = 'token' | 'userInfo' | 'lang' | 'isapp' | 'deviceId' | 'hotGames' | 'invitation' | 'testAccount' | 'muted' | 'apiKey' | 'slip' | 'signinMask'

const PREFIX = 'aposta:'

export function load(key: PersistKey): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(PREFIX + key)
    return raw === null || raw === undefined ? null : JSON.parse(raw)
  } catch {
    return null
  }
}

export function save(key: PersistKey, value: unknown): void {
  try {
    if (value === null || value === undefined) globalThis.localStorage?.removeItem(PREFIX + key)
    else globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify(value))
  } catch {
    // Private mode or a full quota: the session still works for this page's life.
  }
}

/** Clears every key of ours; `keep` survives (the language, the device id). */
export function clearAll(keep: PersistKey[] = []): void {
  const ls = globalThis.localStorage
  if (!ls) return
  for (const key of Object.keys(ls)) {
    if (key.startsWith(PREFIX) && !keep.includes(key.slice(PREFIX.length) as PersistKey)) ls.removeItem(key)
  }
}
