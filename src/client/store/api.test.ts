import { afterEach, describe, expect, it } from 'vitest'
import { requestHeaders } from './api'
import { store } from './store'

afterEach(() => {
  store.session.lang = 'pt_BR'
  store.session.token = null
})

describe("the spec's request headers", () => {
  it('curreny follows the pay currency of the player language entry; the token goes as Authorization', async () => {
    expect(await requestHeaders()).toMatchObject({ curreny: 'BRL', lang: 'pt_BR', devices: 'BWEBAPP' })
    store.session.lang = 'nr_NR'
    store.session.token = 'abc'
    expect(await requestHeaders()).toMatchObject({ curreny: 'NGN', lang: 'nr_NR', Authorization: 'abc' })
    store.session.lang = 'en_US'
    expect((await requestHeaders()).curreny).toBe('USD')
    // A locale with no entry of its own (de_DE) pays as the first entry, Portuguese.
    store.session.lang = 'de_DE'
    expect((await requestHeaders()).curreny).toBe('BRL')
  })
})
