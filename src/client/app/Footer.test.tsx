import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emailAddress, whatsappHref } from '../store/contactLinks'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLDivElement
let root: Root
beforeEach(() => {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
})
afterEach(() => {
  act(() => root.unmount())
  host.remove()
  vi.unstubAllEnvs()
  vi.resetModules()
})

/** The footer as a build with these VITE_ settings draws it (the settings are read when the module loads). */
async function footer(env: Record<string, string>) {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v)
  vi.resetModules()
  const { Footer } = await import('./StatusBits')
  const { i18n } = await import('../i18n/i18n')
  await act(async () =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <Footer />
      </I18nextProvider>,
    ),
  )
  return host
}

describe('the footer', () => {
  it('draws the four payment marks as pictures named in text, none a link', async () => {
    const el = await footer({})
    const payments = el.querySelector('ul[aria-label="Formas de pagamento"]')
    if (!payments) throw new Error('no payment marks')
    expect([...payments.querySelectorAll('li > img')].map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['PIX', '/marks/pix.svg'],
      ['Visa', '/marks/visa.svg'],
      ['Mastercard', '/marks/mastercard.svg'],
      ['USDT', '/marks/usdt.svg'],
    ])
    expect(payments.querySelectorAll('a')).toHaveLength(0)
  })

  it('shows no contact the build did not set', async () => {
    const el = await footer({})
    expect(el.querySelector('ul[aria-label="Fale conosco"]')).toBeNull()
    expect(el.querySelector('a[href="/termos"]')?.textContent).toBe('Termos de Uso')
  })

  it('links each contact the build set, named for screen readers', async () => {
    const el = await footer({ VITE_TELEGRAM: 'https://t.me/aposta', VITE_INSTAGRAM: 'https://instagram.com/aposta', VITE_WHATSAPP: '+55 11 99999-0000', VITE_SUPPORT_EMAIL: 'ajuda@aposta.example' })
    const links = [...el.querySelectorAll('ul[aria-label="Fale conosco"] a')].map((a) => [a.querySelector('img')?.getAttribute('alt'), a.getAttribute('href')])
    expect(links).toEqual([
      ['Telegram', 'https://t.me/aposta'],
      ['Instagram', 'https://instagram.com/aposta'],
      ['WhatsApp', 'https://wa.me/5511999990000'],
      ['E-mail', 'mailto:ajuda@aposta.example'],
    ])
  })

  it('never links a setting that is not a web address', async () => {
    const el = await footer({ VITE_TELEGRAM: 'javascript:alert(1)', VITE_INSTAGRAM: 'http://instagram.com/x' })
    expect(el.querySelector('ul[aria-label="Fale conosco"]')).toBeNull()
  })
})

describe('contact settings', () => {
  it('turn a WhatsApp number into its wa.me address', () => {
    expect(whatsappHref('5511999990000')).toBe('https://wa.me/5511999990000')
    expect(whatsappHref('(11) 9999')).toBe('')
    expect(whatsappHref('https://wa.me/5511')).toBe('https://wa.me/5511')
  })
  it('take only an e-mail address as one', () => {
    expect(emailAddress('a@b.co')).toBe('a@b.co')
    expect(emailAddress('a@b')).toBe('')
    expect(emailAddress('a b@c.de')).toBe('')
  })
})
