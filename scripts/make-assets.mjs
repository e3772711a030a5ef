// Draws the app's small images as SVG: the nine language flags and the 36 avatars.
// Run: node scripts/make-assets.mjs (writes assets/public/flags and assets/public/avatars).
import fs from 'node:fs'
import path from 'node:path'

const out = (dir, name, svg) => {
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, name), svg.trim() + '\n')
}
const svg = (w, h, body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`
const star = (cx, cy, r, fill) => {
  const pts = []
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5
    const rr = i % 2 ? r * 0.4 : r
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`)
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`
}
const stripesH = (colors) => colors.map((c, i) => `<rect y="${(i * 40) / colors.length}" width="60" height="${40 / colors.length}" fill="${c}"/>`).join('')

const flags = {
  br: `<rect width="60" height="40" fill="#009b3a"/><polygon points="30,5 55,20 30,35 5,20" fill="#fedf00"/><circle cx="30" cy="20" r="8" fill="#002776"/><path d="M22.5 18.5 q7.5 -2 15 2" stroke="#fff" stroke-width="1.2" fill="none"/>`,
  us: `${Array.from({ length: 13 }, (_, i) => `<rect y="${(i * 40) / 13}" width="60" height="${40 / 13 + 0.05}" fill="${i % 2 ? '#fff' : '#b22234'}"/>`).join('')}<rect width="26" height="21.5" fill="#3c3b6e"/>${Array.from({ length: 12 }, (_, i) => `<circle cx="${3 + (i % 4) * 6.5}" cy="${3.5 + Math.floor(i / 4) * 7}" r="1" fill="#fff"/>`).join('')}`,
  id: stripesH(['#ce1126', '#fff']),
  vn: `<rect width="60" height="40" fill="#da251d"/>${star(30, 20, 10, '#ff0')}`,
  ng: `<rect width="60" height="40" fill="#fff"/><rect width="20" height="40" fill="#008751"/><rect x="40" width="20" height="40" fill="#008751"/>`,
  jp: `<rect width="60" height="40" fill="#fff"/><circle cx="30" cy="20" r="12" fill="#bc002d"/>`,
  kr: `<rect width="60" height="40" fill="#fff"/><path d="M20 20 a10 10 0 0 1 20 0 z" fill="#cd2e3a"/><path d="M20 20 a10 10 0 0 0 20 0 z" fill="#0047a0"/><g stroke="#000" stroke-width="2">${[[8, 8], [52, 8], [8, 32], [52, 32]].map(([x, y]) => `<path d="M${x - 4} ${y - 2}h8M${x - 4} ${y + 1}h8M${x - 4} ${y + 4}h8"/>`).join('')}</g>`,
  cn: `<rect width="60" height="40" fill="#de2910"/>${star(11, 11, 7, '#ffde00')}${[[21, 4], [25, 8], [25, 14], [21, 18]].map(([x, y]) => star(x, y, 2.2, '#ffde00')).join('')}`,
  ru: stripesH(['#fff', '#0039a6', '#d52b1e']),
}
for (const [code, body] of Object.entries(flags)) out('assets/public/flags', `${code}.svg`, svg(60, 40, `<clipPath id="c"><rect width="60" height="40" rx="4"/></clipPath><g clip-path="url(#c)">${body}</g>`))

// Avatars: a face on a coloured disc; hue, face shape, eyes and mouth vary with the index.
for (let i = 0; i < 36; i++) {
  const hue = (i * 47) % 360
  const bg = `hsl(${hue} 70% 55%)`
  const skin = ['#f5d0a9', '#e0ac69', '#c68642', '#8d5524'][i % 4]
  const hair = ['#2b1d0e', '#5a3825', '#d4a017', '#b5451b', '#111', '#777'][Math.floor(i / 4) % 6]
  const eyes = i % 3 === 0 ? `<circle cx="39" cy="46" r="3.5" fill="#222"/><circle cx="61" cy="46" r="3.5" fill="#222"/>` : i % 3 === 1 ? `<path d="M34 46h10M56 46h10" stroke="#222" stroke-width="3" stroke-linecap="round"/>` : `<circle cx="39" cy="46" r="4.5" fill="#fff"/><circle cx="61" cy="46" r="4.5" fill="#fff"/><circle cx="40" cy="47" r="2.2" fill="#222"/><circle cx="62" cy="47" r="2.2" fill="#222"/>`
  const mouth = i % 2 ? `<path d="M40 62 q10 9 20 0" stroke="#7a2e2e" stroke-width="3" fill="none" stroke-linecap="round"/>` : `<ellipse cx="50" cy="63" rx="6" ry="4" fill="#7a2e2e"/>`
  const hairShape = Math.floor(i / 6) % 3 === 0 ? `<path d="M24 44 q26 -34 52 0 q-6 -20 -26 -20 q-20 0 -26 20z" fill="${hair}"/>` : Math.floor(i / 6) % 3 === 1 ? `<path d="M22 50 q0 -32 28 -32 q28 0 28 32 l-6 -14 q-22 -8 -44 0z" fill="${hair}"/>` : `<rect x="30" y="16" width="40" height="12" rx="6" fill="${hair}"/>`
  out('assets/public/avatars', `${i}.svg`, svg(100, 100, `<circle cx="50" cy="50" r="50" fill="${bg}"/><ellipse cx="50" cy="52" rx="26" ry="30" fill="${skin}"/>${hairShape}${eyes}${mouth}`))
}
console.log('flags and avatars written to assets/public')
