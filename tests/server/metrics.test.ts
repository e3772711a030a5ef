/**
 * GET /metrics (issue 34): off without METRICS_TOKEN; with it, only for the bearer of the token;
 * Prometheus's text with the process's own metrics and every answer by route pattern and status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../src/shared/contract'
import { call, startTestApp, type TestApp } from './testApp'
import { listen, newPlayer, socketFor, waitFor } from './walletHelpers'

const TOKEN = 'metrics-token-for-tests-0123456789abcdef'
let t: TestApp
beforeAll(async () => {
  t = await startTestApp({}, { METRICS_TOKEN: TOKEN })
})
afterAll(() => t.close())

const scrape = (app: TestApp, authorization?: string) => app.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

describe('metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await scrape(t)).statusCode).toBe(401)
    expect((await scrape(t, `Bearer ${TOKEN}x`)).statusCode).toBe(401)
    expect((await scrape(t, TOKEN)).statusCode).toBe(401)
    const ok = await scrape(t, `Bearer ${TOKEN}`)
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(ok.body).toMatch(/^nodejs_eventloop_lag_seconds /m)
    expect(ok.body).toMatch(/^process_resident_memory_bytes /m)
  })

  it('counts every answer by method, route pattern and status; a URL of its own is not a label', async () => {
    // A guest's two calls of main: 401 each.
    await call(t, calls.main, {})
    await call(t, calls.main, {})
    await t.app.inject({ method: 'GET', url: '/api/no/such/route-with-a-secret-0123' })
    const body = (await scrape(t, `Bearer ${TOKEN}`)).body
    const count = (labels: string) => Number(new RegExp(`^http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, 'm').exec(body)?.[1] ?? 0)
    expect(count(`method="GET",route="${calls.main.path}",status="401"`)).toBe(2)
    expect(body).not.toContain('route-with-a-secret')
    expect(body).toMatch(/route="unmatched",status="404"/)
  })

  it("counts this process's open sockets", async () => {
    const base = await listen(t)
    const gauge = async () => Number(/^socket_connections (\d+)$/m.exec((await scrape(t, `Bearer ${TOKEN}`)).body)?.[1] ?? -1)
    expect(await gauge()).toBe(0)
    const s = await socketFor(base, (await newPlayer(t)).token)
    await waitFor(async () => (await gauge()) === 1)
    s.close()
    await waitFor(async () => (await gauge()) === 0)
  })

  it('is off (404) without METRICS_TOKEN', async () => {
    const off = await startTestApp({}, {})
    try {
      expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404)
    } finally {
      await off.close()
    }
  })
})
