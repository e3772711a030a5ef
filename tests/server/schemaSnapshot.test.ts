import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { schemaSnapshot } from '../../src/server/db/schemaSnapshot'
import { startTestApp } from './testApp'

const SNAPSHOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/server/db/schema.sql')

/**
 * src/server/db/schema.sql is the schema every migration builds, as the catalog says it: a change
 * of a migration without `npx tsx scripts/schema-snapshot.ts` fails here (issue 30). On the
 * embedded database only: PostgreSQL's catalog prints some definitions otherwise across versions.
 */
describe.skipIf(Boolean(process.env.DATABASE_URL))('the committed schema snapshot', () => {
  it('is the schema the migrations build', async () => {
    const t = await startTestApp({}, {}, { listen: false })
    try {
      expect(await schemaSnapshot(t.db)).toBe(fs.readFileSync(SNAPSHOT, 'utf8'))
    } finally {
      await t.close()
    }
  })
})
