import { beforeEach, describe, expect, it } from 'vitest'
import type { UserInfo } from '../../shared/contract'
import { chatUrl } from '../app/SupportPanel'
import { realtimeHandlers } from './realtime'
import { store } from './store'

beforeEach(() => {
  store.user = { balance: 5, header: 0, email: 'a@b.co' } as UserInfo
  store.ui.overlay = null
  store.ui.bonusBoost = null
  store.ui.notice = null
})

describe('socket events into the store', () => {
  it('insBalance and updateUserInfo change the user live', () => {
    realtimeHandlers.insBalance({ balance: 42.5 })
    expect(store.user?.balance).toBe(42.5)
    realtimeHandlers.updateUserInfo({ header: 9, kyc: 1 })
    expect(store.user).toMatchObject({ balance: 42.5, header: 9, kyc: 1 })
  })

  it('a notice becomes the banner', () => {
    realtimeHandlers.notice({ id: 'n', text: 'Manutenção', time: 1 })
    expect(store.ui.notice).toEqual({ id: 'n', text: 'Manutenção' })
  })

  it('userBetAmount with bouns and amount offers the boost; freeBalance under 0.51 opens deposit', () => {
    realtimeHandlers.userBetAmount({ bouns: 0, amount: 10 })
    expect(store.ui.bonusBoost).toBeNull()
    realtimeHandlers.userBetAmount({ bouns: 1.5, amount: 10 })
    expect(store.ui.bonusBoost).toEqual({ bouns: 1.5, amount: 10 })
    realtimeHandlers.freeBalance({ balance: 0.51 })
    expect(store.ui.overlay).toBeNull()
    realtimeHandlers.freeBalance({ balance: 0.5 })
    expect(store.ui.overlay).toBe('deposit')
  })

  it('builds the chat address from its template', () => {
    expect(chatUrl('https://chat.example/{licence}?name={name}&email={email}', '123', 'Ana Silva', 'a+b@c.co')).toBe('https://chat.example/123?name=Ana%20Silva&email=a%2Bb%40c.co')
  })
})
