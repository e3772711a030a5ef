// Adds keys inside the "server" section of one locale file (deep merge, nothing removed):
// node scripts/locale-merge-server.mjs <locale> <file.json>
import fs from 'node:fs'
const [locale, file] = process.argv.slice(2)
const target = `locales/${locale}.json`
const current = JSON.parse(fs.readFileSync(target, 'utf8'))
const add = JSON.parse(fs.readFileSync(file, 'utf8'))
const merge = (into, from) => {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object') merge((into[k] ??= {}), v)
    else into[k] = v
  }
}
merge((current.server ??= {}), add)
fs.writeFileSync(target, JSON.stringify(current, null, 2) + '\n')
