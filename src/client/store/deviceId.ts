/**
 * The device id from a browser fingerprint: the same browser on the same device gives the same
 * id, so a login from it replaces that device's earlier session on the server.
 */
export function fingerprint(nav: Pick<Navigator, 'userAgent' | 'language' | 'hardwareConcurrency'>, screenInfo: { width: number; height: number; colorDepth: number }, timeZone: string): string {
  const text = [nav.userAgent, nav.language, nav.hardwareConcurrency, screenInfo.width, screenInfo.height, screenInfo.colorDepth, timeZone].join('|')
  return fnv1a(text, 0x811c9dc5) + fnv1a(text, 0x01000193) + fnv1a(text.split('').reverse().join(''), 0x9e3779b9)
}

function fnv1a(text: string, seed: number): string {
  let h = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(16).padStart(8, '0')
}
