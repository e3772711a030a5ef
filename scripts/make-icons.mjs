// Draws the installed app's icons from one geometry (the favicon's: a gold "A" on the navy of the
// app's background), as SVG and as PNG rasterised here with pngjs (4x4 samples a pixel):
//   icons/icon.svg, icon-192.png, icon-512.png           rounded square, for "any" use
//   icons/icon-maskable.svg, icon-maskable-512.png        full bleed, the mark inside the safe circle
//   icons/apple-touch-icon.png (180)                      full bleed (iOS rounds it itself)
// Run: node scripts/make-icons.mjs (writes assets/public/icons).
import fs from 'node:fs'
import path from 'node:path'
import { PNG } from 'pngjs'

const OUT = 'assets/public/icons'
const BG = '#0f1420'
const MARK = '#ffc94d'
/** The favicon's drawing, on a 64-unit square. */
const UNITS = 64
const CORNER = 14
const OUTLINE = [[32, 10], [52, 54], [42, 54], [38, 44], [26, 44], [22, 54], [12, 54]]
const COUNTER = [[29, 36], [35, 36], [32, 27]]
/** Maskable icons keep their mark inside the middle 80 % circle: drawn at 0.8 around the centre. */
const MASKABLE_SCALE = 0.8

const scaled = (points, s) => points.map(([x, y]) => [UNITS / 2 + (x - UNITS / 2) * s, UNITS / 2 + (y - UNITS / 2) * s])
const pathOf = (points) => `M${points.map(([x, y]) => `${+x.toFixed(2)} ${+y.toFixed(2)}`).join(' L')} Z`

function svg({ rounded, scale }) {
  const bg = rounded ? `<rect width="${UNITS}" height="${UNITS}" rx="${CORNER}" fill="${BG}"/>` : `<rect width="${UNITS}" height="${UNITS}" fill="${BG}"/>`
  const mark = `<path fill-rule="evenodd" d="${pathOf(scaled(OUTLINE, scale))} ${pathOf(scaled(COUNTER, scale))}" fill="${MARK}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${UNITS} ${UNITS}">${bg}${mark}</svg>\n`
}

/** Even-odd point in polygon. */
function inside(points, x, y) {
  let hit = false
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]
    const [xj, yj] = points[j]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit
  }
  return hit
}

function inRoundedSquare(x, y) {
  const cx = Math.min(Math.max(x, CORNER), UNITS - CORNER)
  const cy = Math.min(Math.max(y, CORNER), UNITS - CORNER)
  return (x - cx) ** 2 + (y - cy) ** 2 <= CORNER ** 2
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))

function png(size, { rounded, scale }) {
  const image = new PNG({ width: size, height: size })
  const outline = scaled(OUTLINE, scale)
  const counter = scaled(COUNTER, scale)
  const [bgR, bgG, bgB] = rgb(BG)
  const [mR, mG, mB] = rgb(MARK)
  const N = 4
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0
      let mark = 0
      for (let sy = 0; sy < N; sy++) {
        for (let sx = 0; sx < N; sx++) {
          const x = ((px + (sx + 0.5) / N) / size) * UNITS
          const y = ((py + (sy + 0.5) / N) / size) * UNITS
          if (rounded && !inRoundedSquare(x, y)) continue
          bg++
          if (inside(outline, x, y) && !inside(counter, x, y)) mark++
        }
      }
      const a = bg / (N * N)
      const m = bg ? mark / bg : 0
      const i = (py * size + px) * 4
      image.data[i] = Math.round(bgR + (mR - bgR) * m)
      image.data[i + 1] = Math.round(bgG + (mG - bgG) * m)
      image.data[i + 2] = Math.round(bgB + (mB - bgB) * m)
      image.data[i + 3] = Math.round(a * 255)
    }
  }
  return PNG.sync.write(image, { colorType: rounded ? 6 : 2, deflateLevel: 9 })
}

fs.mkdirSync(OUT, { recursive: true })
const any = { rounded: true, scale: 1 }
const full = { rounded: false, scale: MASKABLE_SCALE }
fs.writeFileSync(path.join(OUT, 'icon.svg'), svg(any))
fs.writeFileSync(path.join(OUT, 'icon-maskable.svg'), svg(full))
fs.writeFileSync(path.join(OUT, 'icon-192.png'), png(192, any))
fs.writeFileSync(path.join(OUT, 'icon-512.png'), png(512, any))
fs.writeFileSync(path.join(OUT, 'icon-maskable-512.png'), png(512, full))
fs.writeFileSync(path.join(OUT, 'apple-touch-icon.png'), png(180, { rounded: false, scale: 1 }))
console.log(`icons written to ${OUT}`)
