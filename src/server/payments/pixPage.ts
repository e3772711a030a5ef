import QRCode from 'qrcode'
import type { Locale } from '../../shared/locales'
import { bcp47, formatReais } from '../i18n/formatMoney'
import { translate } from '../i18n/messages'
import { BRAZIL_TZ } from '../wallet/days'

/** What the pay page shows: the charge, and whether this is the emulator's bank (with its 'Pagar' button). */
export interface PayView {
  /** The line under the title: the charge's note to the payer ("Pedido D100007"). */
  note: string
  amount: bigint
  state: 'open' | 'paid' | 'expired' | 'cancelled'
  createdAt: Date
  expiresAt: Date
  /** The charge's "copia e cola" code (its QR code is drawn from it). */
  brCode: string
  /** The emulator's bank: the form action of its 'Pagar' button, and its test-environment banner; null on our own page. */
  payAction: string | null
  /** The emulator's bank: the payer's CPF the form starts with (the player's own), so a test or a demo can pay from another person's account. */
  payerCpf?: string
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

/** The page's only style; the page's policy allows it by its hash (securityHeaders.framedPage). */
export const PAGE_STYLE = `
  body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: #0f1a2b; color: #f4f6fa; }
  main { max-width: 420px; margin: 0 auto; padding: 20px; text-align: center; }
  .banner { background: #f5b301; color: #222; padding: 6px 10px; border-radius: 6px; font-size: 13px; }
  .amount { font-size: 32px; font-weight: 700; margin: 12px 0 0; }
  .qr { background: #fff; padding: 10px; border-radius: 8px; width: 240px; margin: 16px auto; }
  .qr svg { display: block; width: 100%; height: auto; }
  textarea { width: 100%; box-sizing: border-box; font: 12px monospace; word-break: break-all; }
  form label { display: block; margin-top: 16px; text-align: left; font-size: 13px; }
  form input { width: 100%; box-sizing: border-box; font: inherit; padding: 8px; border-radius: 6px; border: 0; }
  button { font: inherit; padding: 10px 16px; border-radius: 8px; border: 0; margin-top: 8px; cursor: pointer; }
  .pay { background: #18a957; color: #fff; width: 100%; font-weight: 700; margin-top: 16px; }
  .state { font-size: 20px; margin-top: 32px; }
  .paid { color: #4cd98a; }
`

/** The page's only script: copy the code, count down to the expiry. Allowed by its hash, like the style. */
export const PAGE_SCRIPT = `
  (function () {
    var copy = document.getElementById('copy');
    if (copy) copy.onclick = function () {
      var code = document.getElementById('code');
      code.select();
      (navigator.clipboard ? navigator.clipboard.writeText(code.value) : Promise.resolve(document.execCommand('copy')))
        .then(function () { copy.textContent = copy.dataset.done; });
    };
    var left = document.getElementById('left');
    if (!left) return;
    var end = Date.now() + Number(left.dataset.ms);
    function tick() {
      var s = Math.max(0, Math.round((end - Date.now()) / 1000));
      left.textContent = String(Math.floor(s / 60)).padStart(2, '0') + ':' + String(s % 60).padStart(2, '0');
      if (s > 0) setTimeout(tick, 1000); else location.reload();
    }
    tick();
  })();
`

/**
 * The pay page (self-contained: inline style and script, the SVG QR code drawn here), in the
 * player's language: while the charge waits, its amount, the "copia e cola" code and its QR image,
 * the time left; then its end. The emulator's bank page adds the banner and the 'Pagar' button.
 */
export async function renderPayPage(view: PayView, locale: Locale, now: number): Promise<string> {
  const t = (key: string, params: Record<string, unknown> = {}) => escape(translate(locale, `sandbox.${key}`, params))
  const amount = `R$ ${formatReais(view.amount, locale)}`
  let main: string
  if (view.state === 'open') {
    const qr = await QRCode.toString(view.brCode, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
    const time = new Intl.DateTimeFormat(bcp47(locale), { timeZone: BRAZIL_TZ, hour: '2-digit', minute: '2-digit' }).format(view.expiresAt)
    const left = Math.max(0, view.expiresAt.getTime() - now)
    const minutes = Math.round((view.expiresAt.getTime() - view.createdAt.getTime()) / 60_000)
    main = `
    <div class="qr" role="img" aria-label="${t('scan')}">${qr}</div>
    <p>${t('scan')}</p>
    <label for="code">${t('copyPaste')}</label>
    <textarea id="code" readonly rows="4">${escape(view.brCode)}</textarea>
    <button type="button" id="copy" data-done="${t('copied')}">${t('copy')}</button>
    <p class="expiry">${t('expiresAt', { minutes, time })}<br><span>${t('remaining')}</span> <b id="left" data-ms="${left}"></b></p>${
      view.payAction === null
        ? ''
        : `
    <form method="post" action="${escape(view.payAction)}">
      <label for="payer">${t('payerCpf')}</label>
      <input id="payer" name="pagadorCpf" inputmode="numeric" autocomplete="off" maxlength="14" value="${escape(view.payerCpf ?? '')}">
      <button type="submit" class="pay">${t('pay')}</button>
    </form>`
    }`
  } else {
    main = `<p class="state ${view.state}" role="status">${t(view.state)}</p>`
  }
  return `<!doctype html>
<html lang="${bcp47(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title')}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
  ${view.payAction === null ? '' : `<p class="banner">${t('banner')}</p>`}
  <h1>${t('title')}</h1>
  <p>${escape(view.note)}</p>
  <p class="amount">${escape(amount)}</p>
  ${main}
</main>
<script>${PAGE_SCRIPT}</script>
</body>
</html>`
}
