import type { Queryable } from './connection'

/**
 * The database's schema as text, read from the catalog: the composite types, every table of the
 * public schema with its columns, constraints, indexes and triggers, every sequence, and every
 * function's definition, each in name order. `src/server/db/schema.sql` holds it for the database the migrations build
 * (`npx tsx scripts/schema-snapshot.ts` writes it; a test keeps it current), so a reviewer sees
 * every change of the database in one diff.
 */
export async function schemaSnapshot(q: Queryable): Promise<string> {
  const out: string[] = ['-- The schema the migrations build (src/server/db/schemaSnapshot.ts; `npx tsx scripts/schema-snapshot.ts` writes it).', '']
  // Composite types (the bet paths' reply rows), their attributes in order.
  const types = (
    await q.query<{ name: string; attrs: string }>(
      `SELECT t.typname AS name, string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum) AS attrs
         FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_class c ON c.oid = t.typrelid AND c.relkind = 'c'
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = 'public' GROUP BY t.typname ORDER BY t.typname`,
    )
  ).rows
  for (const t of types) out.push(`CREATE TYPE ${t.name} AS (${t.attrs});`)
  if (types.length) out.push('')
  const tables = (await q.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name")).rows
  for (const { table_name: table } of tables) {
    const columns = (
      await q.query<{ column_name: string; type: string; not_null: boolean; default_value: string | null }>(
        `SELECT a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default_value
           FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE a.attrelid = ('public.' || quote_ident($1))::regclass AND a.attnum > 0 AND NOT a.attisdropped
          ORDER BY a.attnum`,
        [table],
      )
    ).rows
    out.push(`CREATE TABLE ${table} (`)
    out.push(columns.map((c) => `  ${c.column_name} ${c.type}${c.not_null ? ' NOT NULL' : ''}${c.default_value !== null ? ` DEFAULT ${c.default_value}` : ''}`).join(',\n'))
    out.push(');')
    const constraints = (
      await q.query<{ conname: string; def: string }>(
        // NOT NULL is the column's (PostgreSQL 17, PGlite's, also lists it as a constraint; 15 does not).
        "SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = ('public.' || quote_ident($1))::regclass AND contype <> 'n' ORDER BY conname",
        [table],
      )
    ).rows
    for (const c of constraints) out.push(`ALTER TABLE ${table} ADD CONSTRAINT ${c.conname} ${c.def};`)
    // The indexes no constraint above makes (a primary key's or a unique constraint's is said by it).
    const indexes = (
      await q.query<{ indexdef: string }>(
        `SELECT i.indexdef FROM pg_indexes i
          WHERE i.schemaname = 'public' AND i.tablename = $1
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ('public.' || quote_ident(i.indexname))::regclass)
          ORDER BY i.indexname`,
        [table],
      )
    ).rows
    for (const i of indexes) out.push(`${i.indexdef};`)
    const triggers = (await q.query<{ def: string }>("SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgrelid = ('public.' || quote_ident($1))::regclass AND NOT tgisinternal ORDER BY tgname", [table])).rows
    for (const tr of triggers) out.push(`${tr.def};`)
    out.push('')
  }
  const sequences = (await q.query<{ sequence_name: string }>("SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY sequence_name")).rows
  for (const s of sequences) out.push(`CREATE SEQUENCE ${s.sequence_name};`)
  out.push('')
  const functions = (
    await q.query<{ def: string }>(
      `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p') ORDER BY p.proname, pg_get_function_identity_arguments(p.oid)`,
    )
  ).rows
  for (const f of functions) out.push(`${f.def.trimEnd()};`, '')
  return `${out.join('\n').trimEnd()}\n`
}
