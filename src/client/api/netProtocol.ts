/** Messages between the page and the network worker (api/netWorker.ts, api/netFetch.ts). */
export type ToNet =
  | { type: 'fetch'; id: number; url: string; method: string; headers: Record<string, string>; body?: string }
  | { type: 'abort'; id: number }

export type FromNet =
  | { type: 'ready' }
  | { id: number; status: number; text: string }
  /** No reply came: the network failed, or the page aborted the request. */
  | { id: number; failed: 'network' | 'abort' }
