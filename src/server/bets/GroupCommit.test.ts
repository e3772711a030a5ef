import { describe, expect, it } from 'vitest'
import { GroupCommit } from './GroupCommit'

/** A run that records each batch it was given; `fail` decides which items break their batch. */
function recorder(fail: (item: string) => Error | null = () => null) {
  const batches: string[][] = []
  const run = async (items: string[]) => {
    batches.push(items)
    await new Promise((r) => setTimeout(r, 1))
    for (const item of items) {
      const err = fail(item)
      if (err) throw err
    }
    return items.map((i) => `done ${i}`)
  }
  return { batches, run }
}

const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code })

describe('GroupCommit', () => {
  it('moves that arrive together go in one batch, in arrival order; each gets its own answer', async () => {
    const r = recorder()
    const gc = new GroupCommit(r.run, 1)
    const out = await Promise.all(['a', 'b', 'c', 'd'].map((x, i) => gc.submit(BigInt(i), x)))
    expect(out).toEqual(['done a', 'done b', 'done c', 'done d'])
    expect(r.batches).toEqual([['a', 'b', 'c', 'd']])
  })

  it('what arrives while a batch runs forms the next one', async () => {
    const r = recorder()
    const gc = new GroupCommit(r.run, 1)
    const first = gc.submit(1n, 'a')
    await new Promise((res) => setImmediate(res))
    await new Promise((res) => setImmediate(res))
    const later = [gc.submit(2n, 'b'), gc.submit(3n, 'c')]
    await Promise.all([first, ...later])
    expect(r.batches).toEqual([['a'], ['b', 'c']])
  })

  it("a key always uses the same lane, so a player's moves keep their order across lanes", async () => {
    const r = recorder()
    const gc = new GroupCommit(r.run, 4)
    await Promise.all([gc.submit(1n, '1a'), gc.submit(2n, '2a'), gc.submit(5n, '1b'), gc.submit(1n, '1c')])
    const lanes = r.batches.map((b) => b.join(','))
    expect(lanes).toContain('1a,1b,1c')
    expect(lanes).toContain('2a')
  })

  it('a batch that fails is run again one move at a time: only the move at fault fails', async () => {
    const r = recorder((item) => (item === 'bad' ? new Error('broken move') : null))
    const gc = new GroupCommit(r.run, 1)
    const settled = await Promise.allSettled(['a', 'bad', 'c'].map((x) => gc.submit(1n, x)))
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual(['done a', 'broken move', 'done c'])
    expect(r.batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']])
  })

  it('a serialization failure or a deadlock is retried; other errors are not', async () => {
    let conflicts = 2
    const r = recorder((item) => (item === 'race' && conflicts-- > 0 ? sqlError('40001') : item === 'unique' ? sqlError('23505') : null))
    const gc = new GroupCommit(r.run, 1)
    expect(await gc.submit(1n, 'race')).toBe('done race')
    expect(r.batches).toEqual([['race'], ['race'], ['race']])
    await expect(gc.submit(1n, 'unique')).rejects.toThrow('sqlstate 23505')
  })
})
