// Deep-merges a JSON fragment into one locale file (new keys added, existing keys replaced, null keys removed,
// every other key untouched): node scripts/locale-add.mjs <locale> <fragment.json>
import fs from 'node:fs'
const [locale, file] = process.argv.slice(2)
const target = `locales/${locale}.json`
// Several writers at once (parallel work on one tree) take turns: a directory is the lock.
const lock = `${target}.lock`
for (let tries = 0; ; tries++) {
  try {
    fs.mkdirSync(lock)
    break
  } catch (error) {
    if (error.code !== 'EEXIST' || tries > 200) throw error
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
  }
}
process.on('exit', () => fs.rmSync(lock, { recursive: true, force: true }))
const current = JSON.parse(fs.readFileSync(target, 'utf8'))
const add = JSON.parse(fs.readFileSync(file, 'utf8'))
function merge(into, from) {
  for (const [key, value] of Object.entries(from)) {
    // null removes a key (a text replaced by its plural forms, key_one/key_other...).
    if (value === null) Reflect.deleteProperty(into, key)
    else if (value && typeof value === 'object' && into[key] && typeof into[key] === 'object') merge(into[key], value)
    else into[key] = value
  }
}
merge(current, add)
fs.writeFileSync(target, JSON.stringify(current, null, 2) + '\n')
