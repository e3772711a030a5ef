import { describe, expect, it } from 'vitest'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../AppError'
import { idempotencyKey, requestHash } from './idempotency'

const req = (value: unknown) => ({ headers: { 'idempotency-key': value } }) as unknown as FastifyRequest

describe('idempotency', () => {
  it('takes a key of 1 to 100 visible characters', () => {
    expect(idempotencyKey(req('a'))).toBe('a')
    expect(idempotencyKey(req('k'.repeat(100)))).toBe('k'.repeat(100))
    for (const bad of [undefined, '', 'k'.repeat(101), 'a b', 'ção', 'tab\t']) {
      expect(() => idempotencyKey(req(bad)), JSON.stringify(bad)).toThrow(AppError)
    }
  })

  it('hashes the parsed request: key order, bigints and the loading flag do not matter; values do', () => {
    const h = requestHash('/x', { id: 1 }, { amount: 1000n, toUser: 'a@b.c', loading: false })
    expect(requestHash('/x', { id: 1 }, { toUser: 'a@b.c', amount: 1000n })).toBe(h)
    expect(requestHash('/x', { id: 1 }, { toUser: 'a@b.c', amount: 1001n })).not.toBe(h)
    expect(requestHash('/y', { id: 1 }, { toUser: 'a@b.c', amount: 1000n })).not.toBe(h)
    expect(requestHash('/x', { id: 2 }, { toUser: 'a@b.c', amount: 1000n })).not.toBe(h)
    expect(requestHash('/x', { id: 1 }, { toUser: 'a@b.c', amount: '1000' })).not.toBe(h)
  })
})
