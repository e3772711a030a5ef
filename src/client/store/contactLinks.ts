/**
 * The site's contacts, set at build time (like the chat's VITE_CHAT_*): each is shown only when set.
 * VITE_TELEGRAM and VITE_INSTAGRAM are addresses (https://t.me/..., https://instagram.com/...);
 * VITE_WHATSAPP a number in international form (5511999999999) or a wa.me address;
 * VITE_SUPPORT_EMAIL an address (the footer's and the terms' mailto).
 */
const env = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** Only web addresses: a setting like `javascript:` never becomes a link. */
const web = (value: string): string => (/^https:\/\//i.test(value) ? value : '')

/** A WhatsApp number (digits, an optional +) as its wa.me address; an https address as it is. */
export function whatsappHref(value: string): string {
  const digits = value.replace(/[\s()+-]/g, '')
  if (/^\d{8,15}$/.test(digits)) return `https://wa.me/${digits}`
  return web(value)
}

/** An e-mail address as typed in the setting, or '' when it is not one. */
export function emailAddress(value: string): string {
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value) ? value : ''
}

export const TELEGRAM_URL = web(env(import.meta.env.VITE_TELEGRAM))
export const INSTAGRAM_URL = web(env(import.meta.env.VITE_INSTAGRAM))
export const WHATSAPP_URL = whatsappHref(env(import.meta.env.VITE_WHATSAPP))
export const SUPPORT_EMAIL = emailAddress(env(import.meta.env.VITE_SUPPORT_EMAIL))
