import { describe, expect, it } from 'vitest'
import { createNetFetch, type FetchInit } from './netFetch'
import type { FromNet, ToNet } from './netProtocol'

/**
 * The page's side of the network worker, with the worker's end played by the test: which fetch a
 * request takes before, during and after the worker, and what an abort and a broken worker do.
 * (The real worker is exercised end to end: tests/e2e/dice.spec.ts.)
 */
function harness() {
  const posted: ToNet[] = []
  const pageCalls: string[] = []
  const worker = {
    onmessage: null as ((e: MessageEvent<FromNet>) => void) | null,
    onerror: null as (() => void) | null,
    onmessageerror: null as (() => void) | null,
    terminated: false,
    postMessage: (m: ToNet) => posted.push(m),
    terminate() {
      this.terminated = true
    },
  }
  const net = createNetFetch(
    () => worker as unknown as Worker,
    async (url) => {
      pageCalls.push(url)
      return { status: 200, text: async () => 'page' }
    },
  )
  const reply = (m: FromNet) => worker.onmessage?.({ data: m } as MessageEvent<FromNet>)
  return { net, worker, posted, pageCalls, reply }
}

const init: FetchInit = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }

describe('the network worker, page side', () => {
  it("uses the page's fetch until the worker says it is ready, then the worker", async () => {
    const { net, posted, pageCalls, reply } = harness()
    expect(await (await net.fetch('/api/x', init)).text()).toBe('page')
    net.start()
    expect(net.via).toBe('page')
    expect(await (await net.fetch('/api/y', init)).text()).toBe('page')
    reply({ type: 'ready' })
    expect(net.via).toBe('worker')
    const answer = net.fetch('/api/z', init)
    expect(posted).toEqual([{ type: 'fetch', id: 0, url: new URL('/api/z', location.href).href, method: 'POST', headers: init.headers, body: init.body }])
    reply({ id: 0, status: 409, text: '{"status":1}' })
    const res = await answer
    expect(res.status).toBe(409)
    expect(await res.text()).toBe('{"status":1}')
    expect(pageCalls).toEqual(['/api/x', '/api/y'])
  })

  it('passes an abort to the worker and rejects as an abort; a failed fetch rejects as a network error', async () => {
    const { net, posted, reply } = harness()
    net.start()
    reply({ type: 'ready' })
    const controller = new AbortController()
    const aborted = net.fetch('/api/slow', { ...init, signal: controller.signal })
    controller.abort()
    expect(posted.at(-1)).toEqual({ type: 'abort', id: 0 })
    reply({ id: 0, failed: 'abort' })
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' })
    const failed = net.fetch('/api/down', init)
    reply({ id: 1, failed: 'network' })
    await expect(failed).rejects.toBeInstanceOf(TypeError)
    // Already aborted: nothing is posted.
    const before = posted.length
    await expect(net.fetch('/api/never', { ...init, signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' })
    expect(posted.length).toBe(before)
  })

  it("a broken worker fails what was in flight and leaves later requests to the page's fetch", async () => {
    const { net, worker, pageCalls, reply } = harness()
    net.start()
    reply({ type: 'ready' })
    const inFlight = net.fetch('/api/bet', init)
    worker.onerror?.()
    await expect(inFlight).rejects.toBeInstanceOf(TypeError)
    expect(worker.terminated).toBe(true)
    expect(net.via).toBe('page')
    expect(await (await net.fetch('/api/after', init)).text()).toBe('page')
    expect(pageCalls).toEqual(['/api/after'])
    // A late message of the dead worker changes nothing.
    reply({ type: 'ready' })
    expect(net.via).toBe('page')
  })
})
