/* global document, localStorage, location, window, fetch, setInterval */
// The offline page (the service worker answers it when a page cannot be fetched, scripts/vitePwa.ts):
// its words in the player's language (the one the app saved, else Portuguese), and the page the
// player asked for comes back by itself as soon as the connection does, or on 'Tentar de novo'.
const texts = JSON.parse(document.getElementById('offline-texts').textContent)
let lang = 'pt_BR'
try {
  const saved = JSON.parse(localStorage.getItem('aposta:lang'))
  if (typeof saved === 'string' && texts[saved]) lang = saved
} catch {
  // No storage (private mode): Portuguese.
}
const t = texts[lang]
document.documentElement.lang = lang === 'nr_NR' ? 'en-NG' : lang.replace('_', '-')
document.getElementById('offline-title').textContent = t.title
document.getElementById('offline-body').textContent = t.body
document.getElementById('offline-retry').textContent = t.retry
document.getElementById('offline-retry').addEventListener('click', () => location.reload())
window.addEventListener('online', () => location.reload())
// A phone may never say it went back online (or never said it went off): every few seconds a tiny
// request to the server (an address no cache holds) tells; the first answer brings the page back.
const PROBE_EVERY_MS = 5000
setInterval(() => {
  fetch(`/favicon.svg?online=${Date.now()}`, { method: 'HEAD', cache: 'no-store' }).then(
    (res) => res.ok && location.reload(),
    () => undefined,
  )
}, PROBE_EVERY_MS)
