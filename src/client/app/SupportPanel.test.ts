import { describe, expect, it } from 'vitest'
import { chatUrl } from './SupportPanel'

describe('the live chat', () => {
  it('builds the chat address from its template', () => {
    expect(chatUrl('https://chat.example/{licence}?name={name}&email={email}', '123', 'Ana Silva', 'a+b@c.co')).toBe('https://chat.example/123?name=Ana%20Silva&email=a%2Bb%40c.co')
  })
})
