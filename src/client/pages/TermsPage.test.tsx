import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { Router } from 'wouter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ensureFullLocale, i18n } from '../i18n/i18n'
import { store } from '../store/store'
import TermsPage from './TermsPage'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLDivElement
let root: Root
beforeEach(async () => {
  await ensureFullLocale()
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
})
afterEach(() => {
  act(() => root.unmount())
  host.remove()
  store.app.termsVersion = null
})

const show = () =>
  act(async () =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <Router>
          <TermsPage />
        </Router>
      </I18nextProvider>,
    ),
  )

describe('/termos', () => {
  it('has its eleven sections in order, each a titled region, with the links into the app', async () => {
    await show()
    expect(host.querySelector('h1')?.textContent).toBe('Termos de Uso')
    const titles = [...host.querySelectorAll('section > h2')].map((h) => h.textContent)
    expect(titles).toHaveLength(11)
    expect(titles[0]).toBe('1. Quem somos')
    expect(titles[7]).toBe('8. Proteção de dados (LGPD)')
    expect(host.querySelector('a[href="/bonus"]')?.textContent).toBe('Ver meus bônus e as regras')
    expect(host.querySelector('a[href="/jogoResponsavel"]')?.textContent).toBe('Limites, pausa e autoexclusão')
    // Outside the BR profile the server names no version.
    expect(host.querySelector('[data-testid="terms-version"]')).toBeNull()
  })

  it('shows the version players accept (appInfo termsVersion, BR profile)', async () => {
    store.app.termsVersion = '2026-11-01'
    await show()
    expect(host.querySelector('[data-testid="terms-version"]')?.textContent).toBe('Versão 2026-11-01')
  })
})
