// `npx tsx scripts/schema-snapshot.ts`: migrates a fresh embedded database and writes its schema to
// src/server/db/schema.sql (tables, constraints, indexes, sequences, functions as the database
// holds them). Run it with a change of the migrations; tests/server/schemaSnapshot.test.ts fails
// while the committed file is not current.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openPglite } from '../src/server/db/connection'
import { migrate } from '../src/server/db/migrate'
import { schemaSnapshot } from '../src/server/db/schemaSnapshot'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-'))
const db = await openPglite(path.join(dir, 'pglite'))
try {
  await migrate(db)
  const file = path.resolve(import.meta.dirname, '../src/server/db/schema.sql')
  fs.writeFileSync(file, await schemaSnapshot(db))
  console.log(`wrote ${path.relative(process.cwd(), file)}`)
} finally {
  await db.close()
  fs.rmSync(dir, { recursive: true, force: true })
}
