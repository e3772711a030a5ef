import { afterEach, describe, expect, it, vi } from 'vitest'
import { restLogin, sendEmail } from '../../shared/contract/auth'
import { inPlay } from '../../shared/contract/game'
import { getBalance, userInfo } from '../../shared/contract/user'
import { createHttp, NetworkError } from './http'

interface Pending {
  url: string
  init: RequestInit
  resolve(res: Response): void
}

/** A fetch whose answers the test hands out one by one. */
function controlledFetch() {
  const pending: Pending[] = []
  const fetch = vi.fn((url: string, init: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      pending.push({ url, init, resolve })
    })
  })
  /** The i-th request fetch received; the test fails here when it never came. */
  const request = (i: number): Pending => {
    const found = pending[i]
    if (!found) throw new Error(`fetch has received no request #${i}`)
    return found
  }
  return { fetch: fetch as unknown as typeof globalThis.fetch, pending, request }
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const headers = () => ({ Authorization: 'tok', zone: 'America/Sao_Paulo', lang: 'pt_BR', curreny: 'BRL', deviceId: 'dev', devices: 'BWEBAPP' })

afterEach(() => vi.useRealTimers())

describe('http client', () => {
  it('runs one request at a time, in order', async () => {
    const { fetch, pending, request } = controlledFetch()
    const http = createHttp({ fetch, headers })
    const a = http.request(getBalance)
    const b = http.request(inPlay)
    await Promise.resolve()
    await new Promise((r) => setTimeout(r, 0))
    expect(pending).toHaveLength(1)
    expect(http.pending()).toBe(2)
    request(0).resolve(json({ status: 200, msg: '', data: { balance: 5, balanceVersion: 1 } }))
    expect(await a).toMatchObject({ status: 200, data: { balance: 5, balanceVersion: 1 }, http: 200 })
    await new Promise((r) => setTimeout(r, 0))
    expect(pending).toHaveLength(2)
    expect(request(1).url).toBe('/api/app/game/inPlay')
    request(1).resolve(json({ status: 200, msg: '', data: null }))
    expect((await b).data).toBeNull()
  })

  it('sends the six headers, JSON or form bodies, and the loading opt-out', async () => {
    const { fetch, request } = controlledFetch()
    const loading: boolean[] = []
    const http = createHttp({ fetch, headers, onLoading: (on) => loading.push(on) })
    const login = http.request(restLogin, { body: { username: 'a@b.co', pwd: 'x' } })
    await new Promise((r) => setTimeout(r, 0))
    expect(request(0).init.headers).toMatchObject({ ...headers(), 'content-type': 'application/json' })
    expect(JSON.parse(request(0).init.body as string)).toEqual({ username: 'a@b.co', pwd: 'x' })
    request(0).resolve(json({ status: 2002, msg: 'E-mail ou senha incorretos', data: null }, 400))
    expect(await login).toMatchObject({ status: 2002, msg: 'E-mail ou senha incorretos', http: 400 })

    const reset = http.request(sendEmail, { body: { email: 'a@b.co' }, form: true, loading: false })
    await new Promise((r) => setTimeout(r, 0))
    expect(request(1).init.headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded' })
    expect(request(1).init.body).toBe('email=a%40b.co&loading=false')
    request(1).resolve(json({ status: 200, msg: '', data: { wait: 180 } }))
    await reset
    const quiet = http.request(userInfo, { loading: false })
    await new Promise((r) => setTimeout(r, 0))
    expect(request(2).url).toBe('/api/app/user/userInfo?loading=false')
    request(2).resolve(json({ status: 40101, msg: '', data: null }, 401))
    await quiet
    expect(loading).toEqual([true, false])
  })

  it('times out after 30 seconds and lets the next request run', async () => {
    vi.useFakeTimers()
    const { fetch, pending, request } = controlledFetch()
    const http = createHttp({ fetch, headers })
    const slow = http.request(getBalance)
    const next = http.request(getBalance)
    await vi.advanceTimersByTimeAsync(29_999)
    expect(pending).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(slow).rejects.toEqual(new NetworkError('timeout'))
    await vi.advanceTimersByTimeAsync(0)
    expect(pending).toHaveLength(2)
    request(1).resolve(json({ status: 200, msg: '', data: { balance: 1, balanceVersion: 2 } }))
    expect((await next).status).toBe(200)
  })

  it('hands back a 500 without a body, and a reply the contract refuses, as unreadable', async () => {
    const { fetch, request } = controlledFetch()
    const http = createHttp({ fetch, headers })
    const a = http.request(getBalance)
    await new Promise((r) => setTimeout(r, 0))
    request(0).resolve(new Response('Internal Server Error', { status: 500 }))
    expect(await a).toMatchObject({ status: -1, http: 500 })
    const b = http.request(getBalance)
    await new Promise((r) => setTimeout(r, 0))
    request(1).resolve(json({ status: 200, msg: '', data: { balance: 'lots', balanceVersion: 3 } }))
    expect((await b).status).toBe(-1)
  })
})
