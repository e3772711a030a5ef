/**
 * Group commit: moves that arrive while the database is busy wait in their lane and then go
 * together, in arrival order, into one statement and one commit (`run`), so a hundred bets cost
 * one round trip and one WAL flush instead of a hundred. Nothing waits on a timer: a lane that is
 * idle sends at the end of the event loop's turn; what arrives while a batch runs forms the next.
 *
 * Lanes: a key (the player) always maps to the same lane, so one player's moves are sent in the
 * order they came and never run in two batches at once. PGlite runs one transaction at a time:
 * one lane. PostgreSQL: several lanes run side by side on their own connections.
 *
 * A batch that fails as a whole (a deadlock, a serialization failure, a bug in one item) is run
 * again one item at a time, so only the item at fault fails; each item's promise settles only
 * after the commit that holds it.
 */
interface Waiting<I, O> {
  item: I
  resolve(out: O): void
  reject(err: unknown): void
}

/** SQLSTATEs after which running the same work again may succeed. */
const RETRYABLE = new Set(['40001', '40P01'])
const MAX_ATTEMPTS = 5

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

function retryable(err: unknown): boolean {
  return typeof err === 'object' && err !== null && RETRYABLE.has(String((err as { code?: unknown }).code))
}

export class GroupCommit<I, O> {
  private readonly queues: Waiting<I, O>[][]
  private readonly busy: boolean[]

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    lanes: number,
    /** Told each batch's size as it leaves (the metrics' histogram). */
    private readonly onBatch: (size: number) => void = () => undefined,
    private readonly maxBatch = 128,
  ) {
    this.queues = Array.from({ length: Math.max(1, lanes) }, () => [])
    this.busy = this.queues.map(() => false)
  }

  submit(key: bigint, item: I): Promise<O> {
    const lane = Number(key % BigInt(this.queues.length))
    return new Promise<O>((resolve, reject) => {
      this.lane(lane).push({ item, resolve, reject })
      if (!this.busy[lane]) void this.drain(lane)
    })
  }

  private lane(n: number): Waiting<I, O>[] {
    const queue = this.queues[n]
    if (!queue) throw new Error(`no lane ${n}`)
    return queue
  }

  private async drain(n: number): Promise<void> {
    this.busy[n] = true
    try {
      const queue = this.lane(n)
      // Each batch leaves once the event loop has read what arrived meanwhile: PGlite runs its
      // queries on this thread, so the requests that came in while a batch ran are read in the
      // next poll phase; waiting for it (two check phases) lets them join the batch instead of
      // each going alone. On PostgreSQL it costs one loop turn.
      while ((await nextTurn(), await nextTurn(), queue.length)) {
        const batch = queue.splice(0, this.maxBatch)
        this.onBatch(batch.length)
        await this.send(batch)
      }
    } finally {
      this.busy[n] = false
    }
  }

  private async send(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const out = await this.attempt(batch.map((w) => w.item))
      batch.forEach((w, i) => w.resolve(out[i] as O))
      return
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err)
        return
      }
    }
    // One at a time, in order: the item at fault fails alone.
    for (const w of batch) {
      try {
        const out = await this.attempt([w.item])
        w.resolve(out[0] as O)
      } catch (err) {
        w.reject(err)
      }
    }
  }

  private async attempt(items: I[]): Promise<O[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        const out = await this.run(items)
        if (out.length !== items.length) throw new Error(`a batch of ${items.length} answered ${out.length}`)
        return out
      } catch (err) {
        if (!retryable(err) || attempt >= MAX_ATTEMPTS) throw err
      }
    }
  }
}
