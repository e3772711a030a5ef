// Adds the top-level sections of a JSON file into one locale file, leaving every other
// section (e.g. "server") untouched: node scripts/locale-merge.mjs <locale> <file.json>
import fs from 'node:fs'
const [locale, file] = process.argv.slice(2)
const target = `locales/${locale}.json`
const current = JSON.parse(fs.readFileSync(target, 'utf8'))
const add = JSON.parse(fs.readFileSync(file, 'utf8'))
for (const [section, value] of Object.entries(add)) current[section] = value
fs.writeFileSync(target, JSON.stringify(current, null, 2) + '\n')
